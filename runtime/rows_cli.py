"""``binlog-ksy rows``: the row changes of binlog files, readable or as JSON lines."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone
from typing import Any, Callable

from .errors import BinlogError
from .value_json import dumps


def _datetime(text: str) -> datetime:
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date and time: {text!r} (use 'YYYY-MM-DD HH:MM:SS')") from None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def add_rows_parser(sub: Any, add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "rows", help="print the row changes (insert/update/delete) with typed values",
        description="Print every row change of each FILE. Text shows one change per line; --format jsonl "
                    "prints objects with file, pos, timestamp, gtid, schema, table, op, before, after. "
                    "Filters work like mysqlbinlog's. Without column names in the binlog "
                    "(binlog_row_metadata=FULL), columns are @1, @2, ... unless --schema names them.")
    add_common(p)
    p.add_argument("--database", "-d", action="append", metavar="DB", help="only this database (repeatable)")
    p.add_argument("--table", "-t", action="append", metavar="[DB.]TABLE", help="only this table (repeatable)")
    p.add_argument("--start-position", type=int, metavar="N", help="only rows events at byte offset >= N")
    p.add_argument("--stop-position", type=int, metavar="N", help="only rows events at byte offset < N")
    p.add_argument("--start-datetime", type=_datetime, metavar="DT",
                   help="only events at or after DT (UTC unless DT has an offset)")
    p.add_argument("--stop-datetime", type=_datetime, metavar="DT", help="only events before DT")
    p.add_argument("--schema", metavar="FILE.yaml",
                   help="column names (and unsigned/charset) per database and table, for binlogs without them")
    p.add_argument("--undecodable", choices=("error", "keep"), default="error",
                   help="text that does not decode in its column's charset: error (default: report the column "
                        "and byte offset) or keep (print the bytes as hex)")
    p.set_defaults(run=run_rows)


def _text_line(change: Any) -> str:
    when = datetime.fromtimestamp(change.timestamp, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    head = f"# {change.file} @{change.pos} {when}" + (f" gtid {change.gtid}" if change.gtid else "")

    def image(values: dict[str, Any] | None) -> str:
        if values is None:
            return ""
        return ", ".join(f"{k}={dumps(v)}" for k, v in values.items())

    target = f"`{change.schema}`.`{change.table}`"
    if change.op == "insert":
        body = f"INSERT INTO {target} SET {image(change.json_values('after'))}"
    elif change.op == "delete":
        body = f"DELETE FROM {target} WHERE {image(change.json_values('before'))}"
    else:
        body = f"UPDATE {target} WHERE {image(change.json_values('before'))} SET {image(change.json_values('after'))}"
    return f"{head}\n{body}"


def run_rows(args: argparse.Namespace) -> int:
    from .changes import ChangeFilter, ChangeReader
    from .cli import EXIT_OK, EXIT_USAGE, exit_status_for, for_each_file, report_error
    from .schema_file import SchemaFile, SchemaFileError

    schema = None
    if args.schema:
        try:
            schema = SchemaFile.load(args.schema)
        except SchemaFileError as exc:
            print(f"binlog-ksy: error: {exc}", file=sys.stderr)
            return EXIT_USAGE
    filters = ChangeFilter(
        databases=frozenset(args.database) if args.database else None,
        tables=frozenset(args.table) if args.table else None,
        start_position=args.start_position,
        stop_position=args.stop_position,
        start_datetime=args.start_datetime,
        stop_datetime=args.stop_datetime,
    )
    out = sys.stdout
    jsonl = args.format == "jsonl"

    def handle(name: str) -> int:
        reader = ChangeReader(name, schema=schema, filters=filters, on_error=args.on_error,
                              verify_checksums=args.verify_checksums,
                              undecodable="keep" if args.undecodable == "keep" else "strict")
        reported = 0

        def flush() -> None:
            nonlocal reported
            while reported < len(reader.errors):  # warnings that did not stop the read
                report_error(reader.errors[reported], args.debug)
                reported += 1

        try:
            for change in reader:
                if jsonl:
                    out.write(dumps(change.to_json()))
                else:
                    out.write(_text_line(change))
                out.write("\n")
                flush()
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

    return for_each_file(args, handle)
