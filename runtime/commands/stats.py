"""``binlog-ksy stats``: row counts and bytes per table and op, and the big and long transactions.

What is counted, and how:

* **Rows** per table and op (insert, update, delete): the row changes of
  every rows event of a wanted table, as ``mariadb-binlog -vv`` prints them.
  Row images are not decoded: the compiled scanner
  (:func:`.row_scan.scan_images`) walks an event's images with the widths
  of its present columns (the layouts :mod:`.columnar` builds), so a row
  costs a few byte reads; an UPDATE event holds two images per row. Events
  the scanner cannot walk (partial JSON updates, images that do not end
  where the event ends) are decoded by the row decoder and counted.
* **Bytes** per table and op: the sum of the whole sizes (header, body,
  checksum: ``event.length``) of those rows events.
* **Transactions**: the events that :class:`~.transactions.TransactionTracker`
  puts in one transaction (GTID or BEGIN up to XID or COMMIT; a DDL
  statement alone), in the file it starts in (one that goes on in the next
  FILE, as relay logs allow, counts once: ``file`` and ``start_pos`` are
  where it starts, ``end_pos`` is in the file where it ends). ``start_pos``
  is the offset of its first event, ``end_pos`` where its last event ends,
  ``bytes`` the sum of the sizes of all its events (a compressed
  TRANSACTION_PAYLOAD counts once, with its own size), ``rows`` its row
  changes of wanted tables, ``seconds`` its latest event timestamp minus its
  earliest: the time from its first statement to its commit (the GTID event
  that opens it is written at commit and carries the commit time, so it is
  not the earliest). A transaction is *big* with at least ``--big-rows`` rows
  or ``--big-bytes`` bytes, *long* when it took at least ``--long-seconds``.

Filters: only events inside the position and time windows count; with
``--database``/``--table``, only the rows of wanted tables count, and only
the transactions that changed rows of a wanted table (their ``bytes`` are
still all of their events).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .. import constants as et
from ..changes import ChangeReader
from ..constants import GTID_EVENTS
from ..errors import BinlogError, UsageError
from ..event import Event
from ..event_fields import query_text
from ..rows.columnar import count_changes
from ..rows.events import Op, RowsEvent
from ..transactions import StatementRole, statement_role
from .common import (
    EXIT_OK,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_reading_arguments,
    add_schema_argument,
    exit_status_for,
    filter_from_args,
    for_each_file,
    history_from_args,
    report_error,
    report_usage_error,
    schema_from_args,
    whole_number_arg,
)

__all__ = ["BinlogStats", "TransactionStats", "add_stats_parser", "count_rows", "parse_size", "run_stats"]

OPS: tuple[Op, ...] = ("insert", "update", "delete")

DEFAULT_BIG_ROWS = 10_000
DEFAULT_BIG_BYTES = 100 * 1024 * 1024
DEFAULT_LONG_SECONDS = 60.0

_DESCRIPTION = f"""\
Summarize FILEs (read together, in order): per table and op (insert, update,
delete) the number of row changes and the bytes of their rows events; the
number of transactions; the big transactions (at least --big-rows row
changes or at least --big-bytes bytes) and the long ones (at least
--long-seconds from their first statement to their commit).

Rows are counted as mariadb-binlog -vv prints them (one per inserted or
deleted row, one per updated row: an UPDATE event holds a before and an
after image per row), without decoding values. Bytes of a table and op are
the whole sizes of its rows events (header, body, checksum). A transaction
runs from its GTID (or BEGIN) event to its XID (or COMMIT) event, or is one
DDL statement; it belongs to the file it starts in (one that goes on in the
next FILE counts once; its end_pos is then in that file). Its start_pos is the
offset of its first event, end_pos where its last event ends, bytes the sum
of the sizes of all its events, rows its row changes of wanted tables,
seconds its latest event timestamp minus its earliest (whole seconds, as the
binlog stores them): from its first statement to its commit, since the GTID
event that opens it is written at commit and carries the commit time.

Filters: only events inside the position and time windows count. With
--database/--table only rows of wanted tables count, and only transactions
that changed rows of a wanted table (their bytes stay all of their events).

--format json prints one object:
  {{"tables": {{"db.table": {{"insert": n, "update": n, "delete": n}}}},
   "table_bytes": {{"db.table": {{"insert": n, "update": n, "delete": n}}}},
   "transactions": n,
   "big_transactions": [{{"gtid", "file", "start_pos", "end_pos", "rows", "bytes", "seconds"}}, ...],
   "long_transactions": [...]}}
(tables sorted by name; gtid is null in files without GTIDs).

A damaged file: the damage is reported on standard error with the file and
byte offset, everything read before it is still counted and printed, and
the exit status is 1. Defaults: --big-rows {DEFAULT_BIG_ROWS}, --big-bytes 100M
({DEFAULT_BIG_BYTES}), --long-seconds {DEFAULT_LONG_SECONDS:g}."""

_SIZE = re.compile(r"\s*(\d+)\s*([kmg]?)(?:i?b)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def parse_size(text: str) -> int:
    """A byte count: digits with an optional K, M or G suffix (powers of 1024; ``100M``, ``64KB``)."""
    m = _SIZE.fullmatch(text)
    if m is None:
        raise argparse.ArgumentTypeError(f"not a byte count: {text!r} (digits, optionally followed by K, M or G)")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


_count_arg = whole_number_arg("row count")


def _seconds_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0:  # also NaN
        raise argparse.ArgumentTypeError(f"seconds are >= 0, not {text}")
    return value


def add_stats_parser(sub: Any) -> None:
    """Add the ``stats`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("stats", help="row counts and bytes per table and op; big and long transactions",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    add_reading_arguments(p, formats=("text", "json"),
                          format_help="text (default): readable tables; json: one JSON object (see above)")
    g = p.add_argument_group("thresholds (inclusive)")
    g.add_argument("--big-rows", type=_count_arg, default=DEFAULT_BIG_ROWS, metavar="N",
                   help=f"a transaction with at least N row changes is big (default {DEFAULT_BIG_ROWS})")
    g.add_argument("--big-bytes", type=parse_size, default=DEFAULT_BIG_BYTES, metavar="N[K|M|G]",
                   help="a transaction of at least N bytes (all its events) is big; K, M, G are powers of "
                        f"1024 (default 100M = {DEFAULT_BIG_BYTES})")
    g.add_argument("--long-seconds", type=_seconds_arg, default=DEFAULT_LONG_SECONDS, metavar="S",
                   help="a transaction whose event timestamps span at least S seconds (first statement to "
                        f"commit) is long (default {DEFAULT_LONG_SECONDS:g})")
    add_filter_arguments(p)
    add_schema_argument(p)
    p.set_defaults(run=run_stats)


# -- counting --------------------------------------------------------------------------------


@dataclass(slots=True)
class TransactionStats:
    """One transaction as ``stats`` reports it (see the module docstring for each field)."""

    gtid: str | None
    file: str
    start_pos: int
    end_pos: int
    earliest: int  # the smallest and largest event timestamps
    latest: int
    rows: int = 0
    bytes: int = 0
    wanted: bool = False  # it changed rows of a wanted table
    payload_pos: int | None = field(default=None, repr=False)  # the TRANSACTION_PAYLOAD counted in bytes

    @property
    def seconds(self) -> int:
        """How long it took: its latest event timestamp minus its earliest."""
        return self.latest - self.earliest

    def to_json(self) -> dict[str, Any]:
        return {"gtid": self.gtid, "file": self.file, "start_pos": self.start_pos, "end_pos": self.end_pos,
                "rows": self.rows, "bytes": self.bytes, "seconds": self.seconds}


def count_rows(reader: ChangeReader, rows_event: RowsEvent) -> int:
    """The row changes of one rows event, counted by scanning its images (or decoding them when that fails).

    A decoding error is reported through ``reader`` (raised in stop mode); the event then counts 0 rows.
    """
    count = count_changes(rows_event)
    if count is not None:
        return count
    try:
        return len(reader.decode(rows_event))
    except BinlogError as err:
        reader.report(err)
        return 0


def _continues(event: Event) -> bool:
    """Whether the first transactional event of a file goes on with a transaction (rather than begin one)."""
    code = event.type_code
    if code in GTID_EVENTS:
        return False
    if code in et.QUERY_EVENTS:
        return statement_role(query_text(event.body)) in (StatementRole.END, StatementRole.MARK)
    return True


class BinlogStats:
    """The counts of ``binlog-ksy stats`` over files read one after another with :meth:`read`.

    Attributes
    ----------
    rows, table_bytes
        ``"db.table"`` -> op -> row changes / bytes of rows events.
    transactions
        How many transactions were counted.
    big, long
        The big and long transactions, in file order.
    """

    def __init__(self, *, big_rows: int = DEFAULT_BIG_ROWS, big_bytes: int = DEFAULT_BIG_BYTES,
                 long_seconds: float = DEFAULT_LONG_SECONDS) -> None:
        self.big_rows = big_rows
        self.big_bytes = big_bytes
        self.long_seconds = long_seconds
        self.rows: dict[str, dict[str, int]] = {}
        self.table_bytes: dict[str, dict[str, int]] = {}
        self.transactions = 0
        self.big: list[TransactionStats] = []
        self.long: list[TransactionStats] = []
        self._pending: TransactionStats | None = None
        self._selects_tables = False

    def read(self, reader: ChangeReader, on_problem: Callable[[], None] | None = None) -> None:
        """Count the events of one file (its filters are the reader's).

        ``on_problem`` is called after an event that added to ``reader.errors``
        (skip mode). In stop mode the first error is raised after everything
        before it was counted (a transaction cut by it counts with what it had).
        A transaction still open at the end of the file is kept for the next
        file: when that file starts inside a transaction (no GTID or BEGIN
        first: a relay log rotated in the middle of one), its events count in
        it; :meth:`finish` counts it when no file follows.
        """
        flt = reader.filters
        self._selects_tables = flt.selects_tables
        name = reader.reader.name
        errors = reader.errors
        seen_errors = len(errors)
        current: TransactionStats | None = None
        current_seq: int | None = None
        payload: Event | None = None  # the last TRANSACTION_PAYLOAD: its inner events follow it
        pending, self._pending = self._pending, None  # the previous file's last transaction, unfinished
        read_to_end = False
        try:
            for event in reader.reader:
                if flt.past_stop(event.pos) and event.in_payload is None:
                    break
                rows_event = reader.accept(event)
                if len(errors) > seen_errors:
                    seen_errors = len(errors)
                    if on_problem is not None:
                        on_problem()
                inner = event.in_payload is not None
                if not inner and event.type_code == et.TRANSACTION_PAYLOAD_EVENT:
                    payload = event
                seq = reader.state.seq
                if seq is None or not flt.wants_event(event):
                    continue  # framing events (FORMAT_DESCRIPTION, ROTATE, ...) and events out of the windows
                if current is None or seq != current_seq:
                    if current is not None:
                        self._close(current)
                        current = None
                    if pending is not None:  # the first transaction of this file: does it go on with it?
                        if _continues(event):
                            current = pending
                        else:
                            self._close(pending)
                        pending = None
                    if current is None:
                        current = TransactionStats(reader.state.gtid, name, event.pos, event.pos, event.timestamp,
                                                   event.timestamp)
                    current_seq = seq
                elif current.gtid is None:
                    current.gtid = reader.state.gtid
                timestamp = event.timestamp
                if timestamp < current.earliest:
                    current.earliest = timestamp
                elif timestamp > current.latest:
                    current.latest = timestamp
                if not inner:
                    current.bytes += event.length
                    current.end_pos = event.pos + event.length
                elif payload is not None and payload.pos == event.pos:
                    if current.payload_pos != payload.pos:  # the payload's size, once, for its inner events
                        current.payload_pos = payload.pos
                        current.bytes += payload.length
                    current.end_pos = payload.pos + payload.length
                if rows_event is not None:
                    self._add_rows(reader, rows_event, current)
            else:
                read_to_end = True
        finally:
            if pending is not None:
                self._close(pending)
            if current is not None:
                if read_to_end and reader.transactions.in_transaction:  # it may go on in the next file (relay logs)
                    self._pending = current
                else:
                    self._close(current)

    def finish(self) -> None:
        """Count the last file's last transaction when it did not end in it (called by the outputs)."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self._close(pending)

    def _add_rows(self, reader: ChangeReader, rows_event: RowsEvent, transaction: TransactionStats) -> None:
        n = count_rows(reader, rows_event)
        table_map = rows_event.table_map
        key = f"{table_map.schema}.{table_map.table}"
        rows = self.rows.get(key)
        if rows is None:
            rows = self.rows[key] = dict.fromkeys(OPS, 0)
            self.table_bytes[key] = dict.fromkeys(OPS, 0)
        rows[rows_event.op] += n
        self.table_bytes[key][rows_event.op] += rows_event.event.length
        transaction.rows += n
        transaction.wanted = True

    def _close(self, transaction: TransactionStats) -> None:
        if self._selects_tables and not transaction.wanted:
            return
        self.transactions += 1
        if transaction.rows >= self.big_rows or transaction.bytes >= self.big_bytes:
            self.big.append(transaction)
        if transaction.seconds >= self.long_seconds:
            self.long.append(transaction)

    # -- output ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``--format json`` (after :meth:`finish`)."""
        self.finish()
        names = sorted(self.rows)
        return {
            "tables": {name: dict(self.rows[name]) for name in names},
            "table_bytes": {name: dict(self.table_bytes[name]) for name in names},
            "transactions": self.transactions,
            "big_transactions": [t.to_json() for t in self.big],
            "long_transactions": [t.to_json() for t in self.long],
        }

    def write_text(self, out: TextIO) -> None:
        """The readable report of ``--format text`` (after :meth:`finish`)."""
        self.finish()
        names = sorted(self.rows)
        width = max([len("TABLE"), *(len(n) for n in names)])
        out.write(f"{'TABLE':<{width}}  {'OP':<6}  {'ROWS':>12}  {'BYTES':>14}\n")
        total_rows = total_bytes = 0
        for name in names:
            for op in OPS:
                rows, size = self.rows[name][op], self.table_bytes[name][op]
                if rows or size:
                    out.write(f"{name:<{width}}  {op:<6}  {rows:>12}  {size:>14}\n")
                    total_rows += rows
                    total_bytes += size
        if not names:
            out.write("(no row changes)\n")
        out.write(f"{'total':<{width}}  {'':<6}  {total_rows:>12}  {total_bytes:>14}\n")
        out.write(f"\ntransactions: {self.transactions}\n")
        self._write_list(out, f"big transactions (>= {self.big_rows} rows or >= {self.big_bytes} bytes)", self.big)
        self._write_list(out, f"long transactions (>= {self.long_seconds:g} s)", self.long)

    @staticmethod
    def _write_list(out: TextIO, title: str, transactions: list[TransactionStats]) -> None:
        out.write(f"\n{title}: {len(transactions)}\n")
        for t in transactions:
            out.write(f"  gtid {t.gtid or '-'}  {t.file} {t.start_pos}-{t.end_pos}  rows {t.rows}  "
                      f"bytes {t.bytes}  seconds {t.seconds}\n")


def run_stats(args: argparse.Namespace) -> int:
    """Run ``binlog-ksy stats``: count every FILE, then print the report; returns the exit status."""
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "stats")
    stats = BinlogStats(big_rows=args.big_rows, big_bytes=args.big_bytes, long_seconds=args.long_seconds)

    def handle(name: str) -> int:
        # undecodable text does not change how many rows there are: keep it
        reader = ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                              verify_checksums=args.verify_checksums, undecodable="keep", history=history)
        reported = 0

        def flush() -> None:
            nonlocal reported
            while reported < len(reader.errors):  # warnings and skipped damage that did not stop the read
                report_error(reader.errors[reported], args.debug)
                reported += 1

        try:
            stats.read(reader, on_problem=flush)
        except BinlogError as stop:
            for err in reader.errors[reported:]:
                if err is not stop:
                    report_error(err, args.debug)
            raise
        flush()
        status = EXIT_OK
        for err in reader.errors:
            status = max(status, exit_status_for(err))
        return status

    status = for_each_file(args, handle)
    out = sys.stdout
    if args.format == "json":
        out.write(json.dumps(stats.to_json(), ensure_ascii=False))
        out.write("\n")
    else:
        stats.write_text(out)
    out.flush()
    return status
