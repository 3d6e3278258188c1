"""``binlog-ksy sql``: SQL that redoes the row changes of binlog files, or undoes them (``--flashback``)."""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import IO, Any

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


def _transactions(readers: list[ChangeReader]) -> Iterator[list[RowChange]]:
    """The row changes of every FILE grouped by transaction, in file order."""
    group: list[RowChange] = []
    key: tuple[str, int | None] | None = None
    for reader in readers:
        for change in reader:
            k = (change.file, change.transaction if change.transaction is not None else -change.pos - 1)
            if group and k != key:
                yield group
                group = []
            key = k
            group.append(change)
    if group:
        yield group


def _block(changes: list[RowChange], undo: bool) -> str:
    first = changes[0]
    when = datetime.fromtimestamp(first.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    start = first.transaction if first.transaction is not None else first.pos
    head = f"-- {'undo ' if undo else ''}transaction at {first.file}:{start}" + (
        f" gtid {first.gtid}" if first.gtid else "") + f" time {when} UTC"
    ordered = reversed(changes) if undo else changes
    lines = [head, "BEGIN;", *(change_sql(c, undo=undo) for c in ordered), "COMMIT;", ""]
    return "\n".join(lines) + "\n"


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
    blocks: list[tuple[int, int]] = []
    try:
        if spool is None:
            out.write("\n".join(script_header()) + "\n\n")
        for changes in _transactions(readers):
            block = _block(changes, args.flashback)
            if spool is None:
                out.write(block)
            else:
                data = block.encode("utf-8")
                blocks.append((spool.tell(), len(data)))
                spool.write(data)
    except SqlRefusal as err:
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
        for start, length in reversed(blocks):
            spool.seek(start)
            out.write(spool.read(length).decode("utf-8"))
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
