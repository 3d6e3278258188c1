"""``binlog-ksy sql``: SQL that redoes the row changes of binlog files, or undoes them (``--flashback``).

The rows events are read in windows of about 2 MiB of row images. In a window, the events of one table
map, op and column bitmaps (a table written in turn with others, say) are decoded at once and get their
statements from their Arrow columns (:mod:`..present.sql_columns`, decoded by :mod:`..rows.columnar`);
each event's statements are a slice of them, written in file order. Small windows and groups, big
events and runs the columns cannot write exactly get them change by change
(:func:`..present.sql.change_sql`, the reference: the tests hold both equal). NumPy and Arrow are
imported only when a window needs them.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING, Any

from ..changes import ChangeReader, RowChange, RowsEvent
from ..errors import BinlogError, SqlRefusal, UsageError
from ..present.sql import change_sql, script_header
from ..rows.image_bounds import FEW_ROWS, fewer_changes
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
    reading_starts,
    report_error,
    report_usage_error,
    schema_from_args,
    stdout_bytes,
)

if TYPE_CHECKING:  # NumPy and Arrow are imported only when a run is big enough to be written from columns
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


def _head_text(file: str, start: int, gtid: str | None, when: str, undo: bool) -> str:
    """The comment naming a transaction (``start``: its id, or its rows event's offset outside any) and its BEGIN."""
    return f"-- {'undo ' if undo else ''}transaction at {file}:{start}" + (
        f" gtid {gtid}" if gtid else "") + f" time {when} UTC\nBEGIN;\n"


def transaction_head(change: RowChange, undo: bool) -> str:
    """The comment naming a transaction (file, start, GTID, time) and its BEGIN, from its first change."""
    when = datetime.fromtimestamp(change.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    start = change.transaction if change.transaction is not None else change.pos
    return _head_text(change.file, start, change.gtid, when, undo)


def transaction_block(changes: list[RowChange], undo: bool) -> str:
    """One transaction's block as ``sql`` (``undo``: ``sql --flashback``) prints it, from its changes in file order."""
    ordered = reversed(changes) if undo else changes
    body = "".join(change_sql(c, undo=undo) + "\n" for c in ordered)
    return transaction_head(changes[0], undo) + body + "COMMIT;\n\n"


#: The runs of one table map in a window with fewer changes than this are written change by change: a decode
#: into columns costs 100-200 microseconds a column, which a few changes do not repay, whatever the width
#: (:data:`.image_bounds.FEW_ROWS`; a drawn shape of 8 tables of 199 columns, 4.5 changes a run:
#: 746 decodes, ``sql`` 38.3 -> 7.1 s of CPU).
COLUMNS_MIN_CHANGES = FEW_ROWS
#: A window with fewer bytes of row images (a small file) is written change by change: loading NumPy and
#: Arrow would cost more than its columns save.
COLUMNS_MIN_WINDOW_BYTES = 64 << 10
#: Runs with more bytes of row images (one big event) are written change by change too: a run's statements
#: from columns take several times its bytes at once, one change's statement only its own.
COLUMNS_MAX_BYTES = 8 << 20
#: Bytes of row images in a window at most, but for its last event (:data:`.columnar.WINDOW_BYTES`, as
#: ``rows`` reads): the runs of one layout in a window are decoded together.
WINDOW_BYTES = 2 << 20
#: Bytes of statements gathered before they are written out (to the output, or to the spool last first).
_STRETCH_BYTES = 1 << 20
_COMMIT = b"COMMIT;\n\n"


class _Script:
    """The SQL script, one ``BEGIN ... COMMIT`` block per transaction, written as the changes are read.

    The statements come a change at a time (:meth:`add`) or as pieces of a window's statements built from
    Arrow columns (:meth:`begin` and :meth:`add_piece`). They are gathered in a stretch of pieces, in file
    order, and written out a stretch at a time (:meth:`flush`). Redo streams each stretch out: memory does
    not grow with a transaction.

    Undo (``--flashback``) must come out last transaction first, last statement first. Its pieces are, per
    transaction, ``COMMIT``, the statements (a piece of several holds them last first) and then the head
    (comment and ``BEGIN``): the whole sequence of pieces read backwards is the undo script. So each
    stretch is spooled to a temporary file with its pieces last first, and at the end the stretches are
    read back last first. Everything is written as UTF-8 bytes.
    """

    def __init__(self, out: Callable[[bytes | memoryview], Any], spool: IO[bytes] | None) -> None:
        self.out = out
        self.spool = spool
        self.undo = spool is not None
        self.key: tuple[str, int] | None = None
        self.head = b""  # undo: the head of the transaction being written (it comes after its statements)
        self.pieces: list[bytes | memoryview] = []
        self.size = 0  # bytes of statements in pieces (heads and COMMITs not counted)
        self.stretches: list[tuple[int, int]] = []  # undo: (offset, length) of each stretch in the spool
        self.spooled = 0
        self._when = (-1, "")  # the last timestamp and its text (a run of transactions share their seconds)
        #: The change a refusal was raised for.
        self.refused: RowChange | None = None

    def begin(self, key: tuple[str, int], file: str, start: int, gtid: str | None, timestamp: int) -> None:
        """A new transaction (``start``: its id, or its rows event's offset outside any): the one before is whole."""
        when = self._when[1] if self._when[0] == timestamp else self._timestamp_text(timestamp)
        head = _head_text(file, start, gtid, when, self.undo).encode("utf-8")
        if self.undo:  # the head comes after the statements, COMMIT before them
            if self.key is not None:
                self.pieces += (self.head, _COMMIT)
            else:
                self.pieces.append(_COMMIT)
            self.head = head
        elif self.key is not None:
            self.pieces += (_COMMIT, head)
        else:
            self.pieces.append(head)
        self.key = key

    def _end(self) -> None:
        """The transaction being written is whole: its COMMIT (undo: its head, which comes last)."""
        if self.key is not None:
            self.pieces.append(self.head if self.undo else _COMMIT)
            self.key = None

    def _timestamp_text(self, timestamp: int) -> str:
        when = datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
        self._when = (timestamp, when)
        return when

    def add(self, change: RowChange) -> None:
        """One change's statement, from the per-change path (:func:`..present.sql.change_sql`)."""
        key = _transaction_key(change)
        if key != self.key:
            self._end()
        try:
            text = change_sql(change, undo=self.undo)  # a refusal here leaves no trace of this one
        except SqlRefusal:
            self.refused = change
            raise
        if self.key is None:
            self.begin(key, change.file, change.transaction if change.transaction is not None else change.pos,
                       change.gtid, change.timestamp)
        self.add_piece((text + "\n").encode("utf-8"))

    def add_piece(self, data: bytes | memoryview) -> None:
        """Statements of the current transaction (undo: last first)."""
        self.pieces.append(data)
        self.size += len(data)
        if self.size >= _STRETCH_BYTES:
            self.flush()

    def flush(self) -> None:
        """Write the stretch gathered so far: redo to the output, undo to the spool, its pieces last first."""
        pieces = self.pieces
        if not pieces:
            return
        if self.spool is None:
            self.out(b"".join(pieces))
        else:
            pieces.reverse()
            data = b"".join(pieces)
            self.spool.write(data)
            self.stretches.append((self.spooled, len(data)))
            self.spooled += len(data)
        self.pieces = []
        self.size = 0

    def abandon(self) -> None:
        """A change refused in the middle of a redo transaction: what was printed of it is rolled back."""
        if self.spool is None:
            self.flush()
            if self.key is not None:
                self.out(b"ROLLBACK;\n\n")
        self.key = None

    def finish(self) -> None:
        """Redo: close the last block. Undo: write every stretch, last first (its pieces are last first)."""
        self._end()
        self.flush()
        spool = self.spool
        if spool is None:
            return
        for offset, length in reversed(self.stretches):
            spool.seek(offset)
            self.out(spool.read(length))


def run_sql(args: argparse.Namespace) -> int:
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "sql")
    reading_starts()
    readers = [ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                            verify_checksums=args.verify_checksums, undecodable=args.undecodable, history=history)
               for name in args.files]
    with contextlib.ExitStack() as stack:
        # flashback: every transaction's block waits in a temporary file (UTF-8), then all come out in reverse
        spool = stack.enter_context(tempfile.TemporaryFile()) if args.flashback else None
        return _write(args, readers, spool)


#: A window: its rows events, and the indexes of the events of each table map, op and column bitmaps.
_Window = tuple[list[RowsEvent], dict[tuple[Any, ...], list[int]]]


def _windows(reader: ChangeReader) -> Iterator[_Window]:
    """The reader's rows events in windows of at most ``WINDOW_BYTES`` of row images (but for the last
    event), in file order. A window also ends where the reader reports a problem, so the changes before it
    come first (as :func:`.columnar.iter_change_columns` reads); in stop mode every window before a bad event
    comes out before the error is raised."""
    window: list[RowsEvent] = []
    groups: dict[tuple[Any, ...], list[int]] = {}
    size = 0
    errors = reader.errors
    reported = len(errors)
    try:
        for rows_event in reader.rows_events():
            if window and (size >= WINDOW_BYTES or len(errors) != reported):
                yield window, groups
                window, groups, size = [], {}, 0
                reported = len(errors)
            # the window holds its table maps: their ids are not reused meanwhile
            key = (id(rows_event.table_map), rows_event.op, rows_event.present_before, rows_event.present_after,
                   rows_event.partial_json)
            found = groups.get(key)
            if found is None:
                groups[key] = [len(window)]
            else:
                found.append(len(window))
            window.append(rows_event)
            size += len(rows_event.data)
    except BinlogError:
        if window:
            yield window, groups
        raise
    if window:
        yield window, groups


def statements_from_columns(columns: ChangeColumns, *, undo: bool) -> pa.Array | None:
    """:func:`.sql_columns.run_statements` (imported when first needed: it needs NumPy and Arrow)."""
    from ..present.sql_columns import run_statements

    return run_statements(columns, undo=undo)


def _group_pieces(events: list[RowsEvent], reader: ChangeReader, undo: bool
                  ) -> list[memoryview] | None:
    """The statements of each of ``events`` (runs of one table map, op and column bitmaps: decoded as one
    run), built from their columns; undo: each event's statements last first. ``None``: change by change."""
    from ..rows.columnar import decode_run

    columns = decode_run(events, errors=reader.undecodable)
    if columns is None:
        return None
    statements = statements_from_columns(columns, undo=undo)
    if statements is None:
        return None
    import numpy as np
    import pyarrow as pa

    n = columns.count
    if undo:  # every statement last first: an event's statements are then last first, end to end
        statements = statements.take(pa.array(np.arange(n - 1, -1, -1, dtype=np.int64)))
    _, offsets_buf, data_buf = statements.buffers()
    bounds = np.frombuffer(offsets_buf, dtype=np.int32)[statements.offset: statements.offset + n + 1]
    data = memoryview(data_buf) if data_buf is not None else memoryview(b"")
    # where each event's statements start and end (an event without rows has none)
    firsts = np.searchsorted(columns.event_of_row, np.arange(len(events) + 1)).astype(np.int64)
    if undo:
        firsts = n - firsts
        ends, starts = bounds[firsts[:-1]].tolist(), bounds[firsts[1:]].tolist()
    else:
        starts, ends = bounds[firsts[:-1]].tolist(), bounds[firsts[1:]].tolist()
    return [data[lo:hi] for lo, hi in zip(starts, ends, strict=True)]


def _window_pieces(window: _Window, reader: ChangeReader, undo: bool) -> list[memoryview | None]:
    """Each event's statements from columns (``None``: change by change): the events of one table map, op and
    column bitmaps in the window are decoded at once when they hold ``COLUMNS_MIN_CHANGES`` changes or more
    and ``COLUMNS_MAX_BYTES`` of row images or less (and the window ``COLUMNS_MIN_WINDOW_BYTES``)."""
    events, groups = window
    pieces: list[memoryview | None] = [None] * len(events)
    if sum(len(e.data) for e in events) < COLUMNS_MIN_WINDOW_BYTES:
        return pieces
    for indices in groups.values():
        group = [events[i] for i in indices]
        if sum(len(e.data) for e in group) > COLUMNS_MAX_BYTES or fewer_changes(group, COLUMNS_MIN_CHANGES):
            continue
        made = _group_pieces(group, reader, undo)
        if made is not None:
            for i, piece in zip(indices, made, strict=True):
                pieces[i] = piece
    return pieces


def _add_window(script: _Script, reader: ChangeReader, window: _Window) -> None:
    """A window's statements in file order: from columns where they can be, else change by change."""
    for rows_event, piece in zip(window[0], _window_pieces(window, reader, script.undo), strict=True):
        if piece is None:
            for change in reader.decode_or_report(rows_event):
                script.add(change)
        elif piece:
            event = rows_event.event
            seq = rows_event.transaction
            key = (event.file, seq if seq is not None else -event.pos - 1)
            if key != script.key:
                script.begin(key, event.file, seq if seq is not None else event.pos, rows_event.gtid,
                             event.timestamp)
            script.add_piece(piece)
    script.flush()



def _write(args: argparse.Namespace, readers: list[ChangeReader], spool: IO[bytes] | None) -> int:
    out = stdout_bytes()
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
            for window in _windows(reader):
                _add_window(script, reader, window)
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
