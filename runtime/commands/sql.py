"""``binlog-ksy sql``: SQL that redoes the row changes of binlog files, or undoes them (``--flashback``)."""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from array import array
from datetime import UTC, datetime
from typing import IO, Any, TextIO

from ..changes import ChangeReader, RowChange
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


def transaction_head(change: RowChange, undo: bool) -> str:
    """The comment naming a transaction (file, start, GTID, time) and its BEGIN, from its first change."""
    when = datetime.fromtimestamp(change.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    start = change.transaction if change.transaction is not None else change.pos
    return f"-- {'undo ' if undo else ''}transaction at {change.file}:{start}" + (
        f" gtid {change.gtid}" if change.gtid else "") + f" time {when} UTC\nBEGIN;\n"


def transaction_block(changes: list[RowChange], undo: bool) -> str:
    """One transaction's block as ``sql`` (``undo``: ``sql --flashback``) prints it, from its changes in file order."""
    ordered = reversed(changes) if undo else changes
    body = "".join(change_sql(c, undo=undo) + "\n" for c in ordered)
    return transaction_head(changes[0], undo) + body + "COMMIT;\n\n"


class _Script:
    """The SQL script, one ``BEGIN ... COMMIT`` block per transaction, written as the changes are read.

    Redo streams each statement out as soon as its change is decoded: memory does not grow with a
    transaction. Undo (``--flashback``) must come out last transaction first, last statement first:
    each statement is spooled to a temporary file as it is made and only its position is kept (12
    bytes a change), then the blocks are read back in reverse.
    """

    def __init__(self, out: TextIO, spool: IO[bytes] | None) -> None:
        self.out = out
        self.spool = spool
        self.key: tuple[str, int] | None = None
        self.offsets = array("q")  # undo: where each statement starts in the spool, and its length
        self.lengths = array("i")
        self.heads: list[tuple[int, int, int]] = []  # undo: (head offset, head length, first statement index)

    def add(self, change: RowChange) -> None:
        key = _transaction_key(change)
        if key != self.key:
            self._end()  # the transaction before is whole: its COMMIT
            text = change_sql(change, undo=self.spool is not None)  # a refusal here leaves no trace of this one
            self.key = key
            self._write(transaction_head(change, self.spool is not None), head=True)
        else:
            text = change_sql(change, undo=self.spool is not None)
        self._write(text + "\n")

    def _write(self, text: str, head: bool = False) -> None:
        if self.spool is None:
            self.out.write(text)
            return
        data = text.encode("utf-8")
        if head:
            self.heads.append((self.spool.tell(), len(data), len(self.offsets)))
        else:
            self.offsets.append(self.spool.tell())
            self.lengths.append(len(data))
        self.spool.write(data)

    def _end(self) -> None:
        if self.key is not None and self.spool is None:
            self.out.write("COMMIT;\n\n")
        self.key = None

    def abandon(self) -> None:
        """A change refused in the middle of a redo transaction: what was printed of it is rolled back."""
        if self.key is not None and self.spool is None:
            self.out.write("ROLLBACK;\n\n")
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
            self.out.write(spool.read(length).decode("utf-8"))
            for k in range(end - 1, first - 1, -1):
                spool.seek(self.offsets[k])
                self.out.write(spool.read(self.lengths[k]).decode("utf-8"))
            self.out.write("COMMIT;\n\n")


def run_sql(args: argparse.Namespace) -> int:
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "sql")
    readers = [ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                            verify_checksums=args.verify_checksums, history=history) for name in args.files]
    with contextlib.ExitStack() as stack:
        # flashback: every transaction's block waits in a temporary file (UTF-8), then all come out in reverse
        spool = stack.enter_context(tempfile.TemporaryFile()) if args.flashback else None
        return _write(args, readers, spool)


def _write(args: argparse.Namespace, readers: list[ChangeReader], spool: IO[bytes] | None) -> int:
    out = sys.stdout
    status = EXIT_OK
    stop: BinlogError | None = None
    script = _Script(out, spool)
    try:
        if spool is None:
            out.write("\n".join(script_header()) + "\n\n")
        for reader in readers:
            for change in reader:
                script.add(change)
    except SqlRefusal as err:
        script.abandon()
        _report_damage(args, readers, None)  # what was met before the refusal is reported too
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
        out.write("\n".join(script_header()) + "\n\n")
    script.finish()
    out.flush()
    return status


def _report_damage(args: argparse.Namespace, readers: list[ChangeReader], stop: BinlogError | None) -> int:
    """Report every problem the readers met (but ``stop``, already reported); the exit status they make."""
    status = EXIT_OK
    for reader in readers:
        for problem in reader.errors:
            if problem is stop:
                continue
            report_error(problem, args.debug)
            status = max(status, exit_status_for(problem))
    return status
