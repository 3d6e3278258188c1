"""The figures of ``binlog-ksy stats`` and of the extraction job's ``transactions/``: one implementation.

Row counts and bytes per table and op, and each transaction's rows, bytes, seconds and commit.

What is counted, and how:

* **Rows** per table and op (insert, update, delete): the row changes of
  every rows event of a wanted table, as ``mariadb-binlog -vv`` prints them.
  Row images are not decoded: the compiled scanner
  (:func:`.rows.image_bounds.count_changes`) walks an event's images with the widths
  of its present columns (the layouts :mod:`.rows.layouts` builds), so a row
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

Speed: when every event is wanted (no filter), the small GTID ... XID
transactions of a MariaDB binlog whose every piece the reader has met before
are counted whole (:mod:`.plain_transactions`), not event by event; the
figures are the same (tests/test_plain_transactions.py).

Filters: only events inside the position and time windows count; with
``--database``/``--table``, only the rows of wanted tables count, and only
the transactions that changed rows of a wanted table (their ``bytes`` are
still all of their events).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TextIO

from . import constants as et
from .changes import ChangeReader
from .errors import BinlogError
from .event import Event
from .event_fields import query_text
from .filters import ChangeFilter
from .plain_transactions import Change, PlainTransactions
from .rows.events import Op, RowsEvent
from .rows.image_bounds import count_changes
from .table_map import TableMap
from .transactions import StatementRole, statement_role, transaction_gtid

__all__ = ["DEFAULT_BIG_BYTES", "DEFAULT_BIG_ROWS", "DEFAULT_LONG_SECONDS", "OPS", "BinlogStats",
           "TransactionStats", "count_rows", "counts",
           "counts_event"]

OPS: tuple[Op, ...] = ("insert", "update", "delete")
_PAYLOAD = et.TRANSACTION_PAYLOAD_EVENT

DEFAULT_BIG_ROWS = 10_000
DEFAULT_BIG_BYTES = 100 * 1024 * 1024
DEFAULT_LONG_SECONDS = 60.0


@dataclass(slots=True)
class TransactionStats:
    """One transaction's figures, as ``stats`` reports them and the job's ``transactions/`` writes them.

    See the module docstring for each field. :meth:`add_event` and :meth:`add_rows` are the one rule
    both follow.
    """

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
    #: Its events counted, the offset of the last one, and the commit: the timestamp of its last event in
    #: file order (an event inside a TRANSACTION_PAYLOAD after the payload itself).
    events: int = 0
    last_pos: int = -1
    commit_time: int | None = None
    #: Where the commit is in file order: the offset of its event and its index in a TRANSACTION_PAYLOAD (-1:
    #: not in one).
    commit_pos: int = field(default=-1, repr=False)
    commit_inner: int = field(default=-1, repr=False)
    #: ``db.table`` of its row changes, and the row changes per op.
    tables: set[str] = field(default_factory=set, repr=False)
    ops: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OPS, 0), repr=False)

    @classmethod
    def starting_at(cls, event: Event, gtid: str | None, file: str) -> TransactionStats:
        """A transaction of ``file`` whose first counted event is ``event``."""
        return cls(gtid, file, event.pos, event.pos, event.timestamp, event.timestamp)

    @property
    def seconds(self) -> int:
        """How long it took: its latest event timestamp minus its earliest."""
        return self.latest - self.earliest

    def add_event(self, event: Event, payload: Event | None) -> None:
        """Count one of its events; ``payload``: the last TRANSACTION_PAYLOAD read (its inner events follow it).

        ``bytes`` adds whole event sizes: a top-level event's own, and a compressed payload's once for
        its inner events.
        """
        timestamp = event.timestamp
        if timestamp < self.earliest:
            self.earliest = timestamp
        elif timestamp > self.latest:
            self.latest = timestamp
        self.events += 1
        pos = event.pos
        if pos > self.last_pos:
            self.last_pos = pos
        inner = event.in_payload
        if inner is None:  # (pos, -1) at or after (commit_pos, commit_inner)
            if pos > self.commit_pos or (pos == self.commit_pos and self.commit_inner == -1):
                self.commit_pos, self.commit_inner, self.commit_time = pos, -1, timestamp
            length = event.length
            self.bytes += length
            self.end_pos = pos + length
            return
        if pos > self.commit_pos or (pos == self.commit_pos and inner >= self.commit_inner):
            self.commit_pos, self.commit_inner, self.commit_time = pos, inner, timestamp
        if payload is not None and payload.pos == event.pos:
            if self.payload_pos != payload.pos:  # the payload's size, once, for its inner events
                self.payload_pos = payload.pos
                self.bytes += payload.length
            self.end_pos = payload.pos + payload.length

    def add_rows(self, table: str, op: str, count: int) -> None:
        """``count`` row changes of ``table`` (``db.table``) by ``op`` (a rows event of a wanted table)."""
        self.rows += count
        self.ops[op] += count
        self.tables.add(table)
        self.wanted = True

    def to_json(self) -> dict[str, Any]:
        return {"gtid": self.gtid, "file": self.file, "start_pos": self.start_pos, "end_pos": self.end_pos,
                "rows": self.rows, "bytes": self.bytes, "seconds": self.seconds}


def _table_key(table_map: TableMap) -> str:
    """A table's key in the figures: ``db.table``."""
    return f"{table_map.schema}.{table_map.table}"


def counts_event(flt: ChangeFilter, event: Event) -> bool:
    """Whether an event of a transaction counts in its figures: it is inside the position and time windows."""
    return flt.wants_event(event)


def counts(transaction: TransactionStats, flt: ChangeFilter) -> bool:
    """Whether a transaction is counted: inside the GTID sets, and with a table selection, only one that
    changed rows of a wanted table."""
    return (transaction.wanted or not flt.selects_tables) and flt.wants_gtid(transaction.gtid)


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
    if code in et.GTID_EVENTS:
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

    #: Count plain transactions whole (:mod:`.plain_transactions`): they go through neither :meth:`_add_rows`
    #: nor :meth:`_close`, so a subclass that watches those sets it False.
    COUNTS_PLAIN_WHOLE: ClassVar[bool] = True

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
        self._filter = ChangeFilter()
        self._file = ""  # the file being read

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
        self._filter = flt
        name = self._file = reader.reader.name
        errors = reader.errors
        seen_errors = len(errors)
        current: TransactionStats | None = None
        current_seq: int | None = None
        payload: Event | None = None  # the last TRANSACTION_PAYLOAD: its inner events follow it
        pending, self._pending = self._pending, None  # the previous file's unfinished transaction
        read_to_end = False
        stops = flt.stop_position is not None
        windows = flt.selects_windows
        accept = reader.accept
        try:
            for event in self._events(reader):
                if event is None:  # plain transactions are counted next: a GTID event ends those before
                    self._close_all(current, pending)
                    current = current_seq = pending = None
                    continue
                if stops and flt.past_stop(event.pos) and event.in_payload is None:
                    break
                rows_event = accept(event)
                if len(errors) > seen_errors:
                    seen_errors = len(errors)
                    if on_problem is not None:
                        on_problem()
                if event.type_code == _PAYLOAD and event.in_payload is None:
                    payload = event
                state = reader.state
                seq = state.seq
                if seq is None or windows and not counts_event(flt, event):
                    continue  # framing events (FORMAT_DESCRIPTION, ROTATE, ...) and events out of the windows
                if seq != current_seq or current is None:
                    current, pending = self._next_transaction(event, state.gtid, name, current, pending)
                    current_seq = seq
                elif current.gtid is None:
                    current.gtid = state.gtid
                current.add_event(event, payload)
                if rows_event is not None:
                    self._add_rows(reader, rows_event, current)
            else:
                read_to_end = True
        finally:
            self._close_all(pending)
            if current is not None:
                if read_to_end and reader.transactions.in_transaction:  # it may go on in the next file (relay logs)
                    self._pending = current
                else:
                    self._close(current)

    def _events(self, reader: ChangeReader) -> Iterable[Event | None]:
        """The events :meth:`read` counts one by one (see :meth:`.PlainTransactions.feed`)."""
        if self.COUNTS_PLAIN_WHOLE and PlainTransactions.applies(reader):
            return PlainTransactions(reader, self._count_plain).feed(reader.reader.blocks())
        return reader.reader

    def _close_all(self, *transactions: TransactionStats | None) -> None:
        for transaction in transactions:
            if transaction is not None:
                self._close(transaction)

    def _next_transaction(self, event: Event, gtid: str | None, name: str, current: TransactionStats | None,
                          pending: TransactionStats | None) -> tuple[TransactionStats, None]:
        """The transaction ``event`` starts (the current one is closed); the previous file's unfinished one
        when this file's first transaction goes on with it."""
        if current is not None:
            self._close(current)
        if pending is not None:  # the first transaction of this file: does it go on with it?
            if _continues(event):
                return pending, None
            self._close(pending)
        return TransactionStats.starting_at(event, gtid, name), None

    def finish(self) -> None:
        """Count the last file's last transaction when it did not end in it (called by the outputs)."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self._close(pending)

    def _add_rows(self, reader: ChangeReader, rows_event: RowsEvent, transaction: TransactionStats) -> None:
        n = count_rows(reader, rows_event)
        transaction.add_rows(self._tally(rows_event.table_map, rows_event.op, n, rows_event.event.length),
                             rows_event.op, n)

    def _tally(self, table_map: TableMap, op: Op, n: int, length: int) -> str:
        """Count ``n`` row changes by ``op`` of a rows event of ``length`` bytes in its table's figures; its key."""
        key = _table_key(table_map)
        rows = self.rows.get(key)
        if rows is None:
            rows = self.rows[key] = dict.fromkeys(OPS, 0)
            self.table_bytes[key] = dict.fromkeys(OPS, 0)
        rows[op] += n
        self.table_bytes[key][op] += length
        return key

    def _count_plain(self, events: list[Event], changes: list[Change], size: int,
                     seconds: int) -> None:
        """Count a plain transaction (:mod:`.plain_transactions`): what :meth:`read` would have counted event by
        event. Every event of the file is wanted, so it counts; a big or long one is listed as it is there."""
        rows = 0
        for table_map, op, n, length, *_ in changes:
            self._tally(table_map, op, n, length)
            rows += n
        self.transactions += 1
        if rows >= self.big_rows or size >= self.big_bytes or seconds >= self.long_seconds:
            first = events[0]
            transaction = TransactionStats.starting_at(first, transaction_gtid(first), self._file)
            for event in events:
                transaction.add_event(event, None)
            for table_map, op, n, *_ in changes:
                transaction.add_rows(_table_key(table_map), op, n)
            self._list(transaction)

    def _close(self, transaction: TransactionStats) -> None:
        if not counts(transaction, self._filter):
            return
        self.transactions += 1
        self._list(transaction)

    def _list(self, transaction: TransactionStats) -> None:
        """List a counted transaction among the big and the long ones when it is one."""
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
