"""``binlog-ksy sql``: SQL that redoes the row changes of binlog files, or undoes them (``--flashback``).

The rows events come in runs of one table map, op and column bitmaps. A run of 16 KiB to 8 MiB of
row images gets its statements from its Arrow columns (:mod:`..present.sql_columns`, decoded by
:mod:`..rows.columnar`); smaller runs, bigger ones and runs the columns cannot write exactly get
them change by change (:func:`..present.sql.change_sql`, the reference: the tests hold both equal).
NumPy and Arrow are imported only when a run needs them.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from array import array
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING, Any, cast

from ..changes import ChangeReader, RowChange, RowsEvent
from ..errors import BinlogError, SqlRefusal, UsageError
from ..present.sql import change_sql, script_header
from .common import (
    EXIT_DAMAGED,
    EXIT_OK,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_reading_arguments,
    add_schema_argument,
    add_undecodable_argument,
    exit_status_for,
    filter_from_args,
    history_from_args,
    report_error,
    report_usage_error,
    schema_from_args,
)

if TYPE_CHECKING:  # NumPy and Arrow are imported only when a run is big enough to be written from columns
    import numpy as np
    import pyarrow as pa

    from ..rows.columnar import ChangeColumns

_DESCRIPTION = """\
Print SQL that redoes the row changes of each FILE, or with --flashback SQL that
undoes them, to pipe into mariadb/mysql. Every transaction stays one unit,
BEGIN; ... COMMIT;, after a comment with its file, position, GTID and time; the
script starts with the session settings that make it replay exactly
(utf8mb4, time_zone '+00:00' for TIMESTAMP values, a sql_mode that keeps zero
dates). Flashback undoes in reverse at every level: rows, events, transactions
(give the files in binlog order). WHERE clauses use the primary key when the
binlog, --schema or the schema history knows it, else every column with
LIMIT 1. Changes that cannot be written exactly are refused with the table and
the reason, before anything is printed for flashback: MINIMAL or NOBLOB row
images, partial JSON updates without their before value, tables without
column names."""


def add_sql_parser(sub: Any) -> None:
    """Add the ``sql`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("sql", help="SQL that redoes the row changes, or undoes them (--flashback)",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    p.add_argument("--flashback", action="store_true",
                   help="undo: DELETE what was inserted, INSERT what was deleted, UPDATE back, all in reverse")
    add_reading_arguments(p, formats=())
    add_filter_arguments(p)
    add_schema_argument(p)
    add_undecodable_argument(p)
    p.set_defaults(run=run_sql)


def _transaction_key(change: RowChange) -> tuple[str, int]:
    """Which transaction a change belongs to (a rows event outside any is a transaction of its own)."""
    return change.file, change.transaction if change.transaction is not None else -change.pos - 1


def _event_transaction_key(rows_event: RowsEvent) -> tuple[str, int]:
    """:func:`_transaction_key` of the changes of a rows event."""
    event = rows_event.event
    return event.file, rows_event.transaction if rows_event.transaction is not None else -event.pos - 1


def _head(file: str, pos: int, transaction: int | None, gtid: str | None, timestamp: int, undo: bool) -> str:
    when = datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    start = transaction if transaction is not None else pos
    return f"-- {'undo ' if undo else ''}transaction at {file}:{start}" + (
        f" gtid {gtid}" if gtid else "") + f" time {when} UTC\nBEGIN;\n"


def transaction_head(change: RowChange, undo: bool) -> str:
    """The comment naming a transaction (file, start, GTID, time) and its BEGIN, from its first change."""
    return _head(change.file, change.pos, change.transaction, change.gtid, change.timestamp, undo)


def transaction_block(changes: list[RowChange], undo: bool) -> str:
    """One transaction's block as ``sql`` (``undo``: ``sql --flashback``) prints it, from its changes in file order."""
    ordered = reversed(changes) if undo else changes
    body = "".join(change_sql(c, undo=undo) + "\n" for c in ordered)
    return transaction_head(changes[0], undo) + body + "COMMIT;\n\n"


#: Runs with fewer bytes of row images are written change by change (a run from columns costs some ms: a
#: few rows).
COLUMNS_MIN_BYTES = 16384
#: Runs with more bytes of row images (one big event) are written change by change too: a run's statements
#: from columns take several times its bytes at once, one change's statement only its own.
COLUMNS_MAX_BYTES = 8 << 20
#: Bytes of row images in a run at most (:data:`.columnar.MAX_RUN_BYTES`, which bounds a run's memory).
MAX_RUN_BYTES = 1 << 20
#: Bytes of statements read back from the spool at a time (``--flashback``).
_SPOOL_CHUNK = 1 << 20


class _Script:
    """The SQL script, one ``BEGIN ... COMMIT`` block per transaction, written as the changes are read.

    The statements come a change at a time (:meth:`add`) or a run of rows events at a time
    (:meth:`add_statements`, built from the run's Arrow columns). Redo streams them out as they are
    made: memory does not grow with a transaction. Undo (``--flashback``) must come out last
    transaction first, last statement first: each statement is spooled to a temporary file as it is
    made and only its position is kept (12 bytes a change), then the blocks are read back in reverse.
    Everything is written as UTF-8 bytes.
    """

    def __init__(self, out: Callable[[bytes | memoryview], Any], spool: IO[bytes] | None) -> None:
        self.out = out
        self.spool = spool
        self.undo = spool is not None
        self.key: tuple[str, int] | None = None
        self.offsets = array("q")  # undo: where each statement starts in the spool, and its length
        self.lengths = array("i")
        self.heads: list[tuple[int, int, int]] = []  # undo: (head offset, head length, first statement index)
        self.spooled = 0  # undo: bytes written to the spool
        #: The change a refusal was raised for.
        self.refused: RowChange | None = None

    def add(self, change: RowChange) -> None:
        key = _transaction_key(change)
        new = key != self.key
        if new:
            self._end()  # the transaction before is whole: its COMMIT
        try:
            text = change_sql(change, undo=self.undo)  # a refusal here leaves no trace of this one
        except SqlRefusal:
            self.refused = change
            raise
        if new:
            self.key = key
            self._write(transaction_head(change, self.undo).encode("utf-8"), head=True)
        self._write((text + "\n").encode("utf-8"))

    def add_statements(self, columns: ChangeColumns, statements: pa.Array) -> None:
        """A run's statements (:func:`.sql_columns.run_statements`), each row in its transaction."""
        import numpy as np
        n = columns.count
        if not n:
            return
        _, offsets_buf, data_buf = statements.buffers()
        bounds = np.frombuffer(offsets_buf, dtype=np.int32)[statements.offset: statements.offset + n + 1]
        data = memoryview(data_buf) if data_buf is not None else memoryview(b"")
        if self.spool is not None and n <= 4 * len(columns.events):  # small transactions: positions in Python
            bounds = bounds.tolist()
        event_of_row = columns.event_of_row
        cuts = (np.flatnonzero(np.diff(event_of_row)) + 1).tolist()
        first = 0
        for start in [0, *cuts]:
            rows_event = columns.events[int(event_of_row[start])]
            key = _event_transaction_key(rows_event)
            if key != self.key:
                self._write_rows(data, bounds, first, start)
                first = start
                self._end()
                self.key = key
                event = rows_event.event
                head = _head(event.file, event.pos, rows_event.transaction, rows_event.gtid, event.timestamp,
                             self.undo)
                self._write(head.encode("utf-8"), head=True)
        self._write_rows(data, bounds, first, n)

    def _write_rows(self, data: memoryview, bounds: np.ndarray | list[int], start: int, end: int) -> None:
        """Statements ``start`` to ``end`` of a run, end to end in ``data`` (``bounds``: where each starts)."""
        if end <= start:
            return
        lo, hi = int(bounds[start]), int(bounds[end])
        if self.spool is None:
            self.out(data[lo:hi])
            return
        shift = self.spooled - lo
        if isinstance(bounds, list):
            for k in range(start, end):
                self.offsets.append(bounds[k] + shift)
                self.lengths.append(bounds[k + 1] - bounds[k])
        else:
            import numpy as np

            self.offsets.frombytes((bounds[start:end].astype(np.int64) + shift).tobytes())
            self.lengths.frombytes(np.diff(bounds[start: end + 1]).astype(np.int32).tobytes())
        self.spool.write(data[lo:hi])
        self.spooled += hi - lo

    def _write(self, data: bytes, head: bool = False) -> None:
        if self.spool is None:
            self.out(data)
            return
        if head:
            self.heads.append((self.spooled, len(data), len(self.offsets)))
        else:
            self.offsets.append(self.spooled)
            self.lengths.append(len(data))
        self.spool.write(data)
        self.spooled += len(data)

    def _end(self) -> None:
        if self.key is not None and self.spool is None:
            self.out(b"COMMIT;\n\n")
        self.key = None

    def abandon(self) -> None:
        """A change refused in the middle of a redo transaction: what was printed of it is rolled back."""
        if self.key is not None and self.spool is None:
            self.out(b"ROLLBACK;\n\n")
        self.key = None

    def finish(self) -> None:
        """Redo: close the last block. Undo: write every block, last first, its statements last first."""
        self._end()
        spool = self.spool
        if spool is None:
            return
        if not self.heads:
            return  # no change at all: the header alone
        ends = [first for _, _, first in self.heads[1:]] + [len(self.offsets)]
        for (offset, length, first), end in zip(reversed(self.heads), reversed(ends), strict=True):
            spool.seek(offset)
            self.out(spool.read(length))
            self._reversed(first, end)
            self.out(b"COMMIT;\n\n")

    def _reversed(self, first: int, end: int) -> None:
        """Statements ``first`` to ``end`` (one transaction's), last first, read back a chunk at a time."""
        assert self.spool is not None
        offsets, lengths = self.offsets, self.lengths
        hi = end
        while hi > first:
            stop = offsets[hi - 1] + lengths[hi - 1]
            lo = hi - 1  # the statements lo..hi-1: at most _SPOOL_CHUNK bytes, and at least one
            while lo > first and stop - offsets[lo - 1] <= _SPOOL_CHUNK:
                lo -= 1
            begin = offsets[lo]
            self.spool.seek(begin)
            chunk = self.spool.read(stop - begin)
            if hi - lo < 64 or not self._out_backwards(chunk, begin, lo, hi):
                view = memoryview(chunk)
                self.out(b"".join([view[offsets[k] - begin: offsets[k] - begin + lengths[k]]
                                   for k in range(hi - 1, lo - 1, -1)]))
            hi = lo

    def _out_backwards(self, chunk: bytes, begin: int, lo: int, hi: int) -> bool:
        """Statements ``lo`` to ``hi`` (end to end in ``chunk``, read from ``begin``), last first, by one Arrow
        take; False when they are not end to end."""
        import numpy as np
        import pyarrow as pa

        starts = np.array(self.offsets[lo:hi], dtype=np.int64) - begin
        lengths = np.array(self.lengths[lo:hi], dtype=np.int64)
        if starts[0] != 0 or not np.array_equal(starts[1:], (starts + lengths)[:-1]):
            return False
        bounds = np.append(starts, starts[-1] + lengths[-1]).astype(np.int32)
        texts = pa.Array.from_buffers(pa.binary(), hi - lo, [None, pa.py_buffer(bounds), pa.py_buffer(chunk)])
        backwards = texts.take(pa.array(np.arange(hi - lo - 1, -1, -1, dtype=np.int32)))
        self.out(memoryview(backwards.buffers()[2])[: len(chunk)])
        return True


def run_sql(args: argparse.Namespace) -> int:
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "sql")
    readers = [ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                            verify_checksums=args.verify_checksums, undecodable=args.undecodable, history=history)
               for name in args.files]
    with contextlib.ExitStack() as stack:
        # flashback: every transaction's block waits in a temporary file (UTF-8), then all come out in reverse
        spool = stack.enter_context(tempfile.TemporaryFile()) if args.flashback else None
        return _write(args, readers, spool)


def _runs(reader: ChangeReader) -> Iterator[list[RowsEvent]]:
    """The reader's rows events in runs that decode as one, in file order: one table map, op and columns
    bitmaps (:func:`.columnar.run_key` holds for them), at most ``MAX_RUN_BYTES`` of row images but for the
    last event. In stop mode every run before a bad event comes out before the error is raised."""
    run: list[RowsEvent] = []
    size = 0
    key = None
    try:
        for rows_event in reader.rows_events():
            k = (id(rows_event.table_map), rows_event.op, rows_event.present_before, rows_event.present_after,
                 rows_event.partial_json)  # the run holds its table map: its id is not reused meanwhile
            if run and (k != key or size >= MAX_RUN_BYTES):
                yield run
                run, size = [], 0
            key = k
            run.append(rows_event)
            size += len(rows_event.data)
    except BinlogError:
        if run:
            yield run
        raise
    if run:
        yield run


def statements_from_columns(columns: ChangeColumns, *, undo: bool) -> pa.Array | None:
    """:func:`.sql_columns.run_statements` (imported when first needed: it needs NumPy and Arrow)."""
    from ..present.sql_columns import run_statements

    return run_statements(columns, undo=undo)


def _add_run(script: _Script, reader: ChangeReader, run: list[RowsEvent]) -> None:
    """A run's statements, built from its columns, or change by change (small runs, and runs that need it)."""
    if COLUMNS_MIN_BYTES <= sum(len(e.data) for e in run) <= COLUMNS_MAX_BYTES:
        from ..rows.columnar import decode_run

        columns = decode_run(run, errors=reader.undecodable)
        if columns is not None:
            statements = statements_from_columns(columns, undo=script.undo)
            if statements is not None:
                script.add_statements(columns, statements)
                return
    for rows_event in run:  # as iterating the reader does
        try:
            changes = reader.decode(rows_event)
        except BinlogError as err:
            reader.report(err)
            continue
        for change in changes:
            script.add(change)


def _stdout_bytes() -> Callable[[bytes | memoryview], Any]:
    """Where the script's bytes go: standard output's binary buffer (or its text, for a stream without one)."""
    binary = getattr(sys.stdout, "buffer", None)
    if binary is not None:
        sys.stdout.flush()
        return cast("Callable[[bytes | memoryview], Any]", binary.write)
    return lambda data: sys.stdout.write(bytes(data).decode("utf-8"))


def _write(args: argparse.Namespace, readers: list[ChangeReader], spool: IO[bytes] | None) -> int:
    out = _stdout_bytes()
    status = EXIT_OK
    stop: BinlogError | None = None
    script = _Script(out, spool)
    header = ("\n".join(script_header()) + "\n\n").encode("utf-8")
    current = 0
    try:
        if spool is None:
            out(header)
        for index, reader in enumerate(readers):
            current = index
            for run in _runs(reader):
                _add_run(script, reader, run)
    except SqlRefusal as err:
        script.abandon()
        # what was met before the refusal is reported too (the runs read ahead of it are not)
        refused = script.refused
        _report_damage(args, readers[: current + 1], None,
                       until=refused.pos if refused is not None else None)
        _flush()
        print(f"binlog-ksy sql: error: {err}" + ("; nothing was printed" if spool is not None else ""),
              file=sys.stderr)
        return EXIT_DAMAGED
    except BinlogError as err:
        stop = err
        report_error(err, args.debug)
        status = exit_status_for(err)
        if spool is not None:
            print("binlog-ksy sql: error: --flashback prints nothing when a file cannot be read to its end",
                  file=sys.stderr)
            return status
    status = max(status, _report_damage(args, readers, stop))
    if spool is not None:
        out(header)
    script.finish()
    _flush()
    return status


def _flush() -> None:
    binary = getattr(sys.stdout, "buffer", None)
    if binary is not None:
        binary.flush()
    sys.stdout.flush()


def _report_damage(args: argparse.Namespace, readers: list[ChangeReader], stop: BinlogError | None,
                   until: int | None = None) -> int:
    """Report every problem the readers met (but ``stop``, already reported); the exit status they make.

    ``until``: in the last reader, only the problems before that offset (those met before a refused change).
    """
    status = EXIT_OK
    for index, reader in enumerate(readers):
        for problem in reader.errors:
            if problem is stop:
                continue
            if (until is not None and index == len(readers) - 1 and problem.offset is not None
                    and problem.offset >= until):
                continue
            report_error(problem, args.debug)
            status = max(status, exit_status_for(problem))
    return status
