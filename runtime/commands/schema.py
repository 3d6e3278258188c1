"""``binlog-ksy schema``: the tables as the binlogs' DDL left them, as CREATE TABLE statements."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import constants as et
from ..errors import UsageError
from ..filters import ChangeFilter
from ..reader import BinlogReader
from ..schema.history import SchemaHistory
from .common import (
    EXIT_OK,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    exit_status_for,
    for_each_file,
    report_error,
    report_usage_error,
    whole_number_arg,
)

_DESCRIPTION = """\
Follow the DDL of each FILE, in order (CREATE/ALTER/RENAME/DROP TABLE, CREATE/DROP
DATABASE, USE), starting from the tables of --schema-sql, and print every table
the history knows as a CREATE TABLE statement: the column names and types that
binlog-ksy rows gives tables logged without names. --at N stops at byte offset N
of the last FILE (what the tables were at that position)."""


def add_schema_parser(sub: Any) -> None:
    """Add the ``schema`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("schema", help="print the tables as the binlogs' DDL left them (CREATE TABLE statements)",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    p.add_argument("--schema-sql", dest="schema_sql", action="append", metavar="FILE.sql", default=[],
                   help="CREATE TABLE statements of the tables when the first FILE starts (repeatable)")
    p.add_argument("--at", type=whole_number_arg("byte offset"), metavar="N",
                   help="stop at byte offset N of the last FILE")
    g = p.add_argument_group("filters")
    g.add_argument("--database", "-d", dest="databases", action="append", metavar="DB[,DB...]",
                   help="only tables of these databases (repeatable; comma lists; fnmatch patterns)")
    g.add_argument("--table", "-t", dest="tables", action="append", metavar="[DB.]TABLE[,...]",
                   help="only these tables (repeatable; comma lists; fnmatch patterns)")
    p.add_argument("--on-error", choices=("stop", "skip"), default="stop",
                   help="stop (default) at the first damaged event, or skip it and go on")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    p.set_defaults(run=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    try:
        flt = ChangeFilter.create(databases=args.databases, tables=args.tables)
        history = SchemaHistory.from_sql_files(args.schema_sql)
    except UsageError as err:
        return report_usage_error(err, "schema")
    for problem in history.problems:
        print(f"binlog-ksy: warning: --schema-sql {problem}", file=sys.stderr)
    last = args.files[-1]

    def handle(name: str) -> int:
        reader = BinlogReader(name, on_error=args.on_error)
        status = EXIT_OK
        for event in reader:
            if args.at is not None and name == last and event.pos >= args.at:
                break
            if event.type_code in et.QUERY_EVENTS:
                warning = history.follow(event)
                if warning is not None:
                    report_error(warning, args.debug)
        for err in reader.errors:
            report_error(err, args.debug)
            status = max(status, exit_status_for(err))
        return status

    status = for_each_file(args, handle)
    tables = [t for (db, name), t in sorted(history.state.tables.items()) if flt.wants_table(db, name)]
    for table in tables:
        sys.stdout.write(f"-- {table.schema}.{table.table}\n{table.create_sql()};\n\n")
    return status
