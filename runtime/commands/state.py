"""``binlog-ksy state``: tables as they were at a moment, from the binlogs alone (:mod:`..state`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from ..errors import BinlogError, SqlRefusal, UsageError
from ..filters import ChangeFilter
from .common import (
    EXIT_DAMAGED,
    EXIT_OK,
    EXIT_USAGE,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_reading_arguments,
    add_undecodable_argument,
    exit_status_for,
    reading_starts,
    report_error,
    report_usage_error,
    schema_from_args,
    stdout_bytes,
)

_DESCRIPTION = """\
Print the rows the selected tables held at a moment, from binlog files alone
(no server): --at TIME (after every transaction committed before TIME),
--at-gtid GTID (after that transaction), --at-position FILE:POS (after every
transaction that ends at or before POS in FILE, and every transaction of the
files before it); by default after the last complete transaction.

Give the files in binlog order. Rows are kept by primary key (from FULL
metadata, --schema or the schema history), as a multiset of whole rows
without one. The DDL in the files is followed as the server follows it:
CREATE, DROP, TRUNCATE and RENAME TABLE, ALTER TABLE ADD/DROP/MODIFY/CHANGE/
RENAME COLUMN (rows that exist get an added column's default).

Without --base a table is complete when the binlogs create (or truncate) it,
else partial: the output holds the rows the binlogs touched. --base PATH with
--base-position FILE:POS|GTID starts from the rows the tables had there: a
previous `state --format parquet` folder (it records its position), a
Parquet, CSV or JSON lines file of one --table, or a `mariadb-dump --tab`
folder. A change to a row that is not known (a MINIMAL image of a row the
binlogs never showed) is counted and named in the summary, never guessed.

--format text (default): a line per row; jsonl: one object per row; sql: the
CREATE TABLE the schema history knows and INSERTs that recreate the rows (a
point-in-time restore: `mariadb scratch_db < table.sql`); parquet: typed
Parquet under --output DIR (usable as a later --base). The summary (rows,
complete or partial, unknown-row changes, the position reached) goes to
standard error, or to standard output with --format parquet."""


def _nonempty(what: str) -> Any:
    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"empty {what}")
        return text
    return parse


def add_state_parser(sub: Any) -> None:
    """Add the ``state`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("state", help="the rows of tables as they were at a moment (a point-in-time restore)",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    add_reading_arguments(p, formats=("text", "jsonl", "parquet", "sql"),
                          format_help="text (default): a line per row; jsonl: one JSON object per row; sql: CREATE "
                                      "TABLE and INSERTs; parquet: typed Parquet under --output DIR")
    p.add_argument("--output", "-o", metavar="DIR", help="with --format parquet: the folder to write (replaced "
                   "only if a previous state wrote it)")
    g = p.add_argument_group("tables")
    g.add_argument("--database", "-d", dest="databases", action="append", metavar="DB[,DB...]",
                   help="only these databases (repeatable; comma lists; fnmatch patterns)")
    g.add_argument("--table", "-t", dest="tables", action="append", metavar="[DB.]TABLE[,...]",
                   help="only these tables: db.table, or a table in any database (repeatable; comma lists; "
                        "fnmatch patterns)")
    m = p.add_argument_group("the moment (one of them; default: after the last complete transaction)")
    m.add_argument("--at", type=_nonempty("time"), metavar="TIME",
                   help="after every transaction committed before TIME (ISO; UTC unless it has an offset)")
    m.add_argument("--at-gtid", type=_nonempty("GTID"), metavar="GTID", help="after the transaction with this GTID")
    m.add_argument("--at-position", type=_nonempty("position"), metavar="FILE:POS",
                   help="after every transaction that ends at or before byte offset POS of FILE")
    b = p.add_argument_group("a base")
    b.add_argument("--base", metavar="PATH", help="the rows the tables had before the first binlog: a state's "
                   "Parquet folder, a Parquet/CSV/JSON lines file of one --table, or a mariadb-dump --tab folder")
    b.add_argument("--base-position", metavar="FILE:POS|GTID",
                   help="where the base stands: the binlogs' transactions up to it are in the base")
    p.add_argument("--schema", "--schema-file", dest="schema", metavar="FILE.yaml",
                   help="column names (and unsigned/charset, the primary key) per database and table, for binlogs "
                        "logged without them")
    p.add_argument("--schema-sql", dest="schema_sql", action="append", metavar="FILE.sql", default=[],
                   help="CREATE TABLE statements of the tables as they were when the first binlog starts (e.g. "
                        "mariadb-dump --no-data; repeatable): the schema history and the column defaults start "
                        "from them")
    add_undecodable_argument(p)
    p.set_defaults(run=run_state)


def run_state(args: argparse.Namespace) -> int:
    from ..state.moment import Moment
    from ..state.read import build_state

    try:
        if args.format == "parquet" and not args.output:
            raise UsageError("--format parquet writes a folder: give --output DIR")
        if args.output and args.format != "parquet":
            raise UsageError("--output is for --format parquet; text, jsonl and sql go to standard output")
        moment = Moment.create(args.at, args.at_gtid, args.at_position)
        filters = ChangeFilter.create(databases=args.databases, tables=args.tables)
        schema = schema_from_args(args)
        reading_starts()
        state = build_state(args.files, filters=filters, moment=moment, base=args.base,
                            base_position=args.base_position, schema=schema, schema_sql=args.schema_sql,
                            on_error=args.on_error, verify_checksums=args.verify_checksums,
                            undecodable=args.undecodable)
    except UsageError as err:
        return report_usage_error(err, "state")
    except BinlogError as err:
        report_error(err, args.debug)
        return max(EXIT_DAMAGED, exit_status_for(err))
    except (OSError, KeyboardInterrupt):
        raise
    except Exception as exc:  # never a bare traceback for a user
        if args.debug:
            raise
        print(f"binlog-ksy state: error: internal error: {type(exc).__name__}: {exc} (run with --debug and report "
              "it)", file=sys.stderr)
        return EXIT_DAMAGED
    status = EXIT_OK
    problems = list(state.errors)
    if state.error is not None and all(p is not state.error for p in problems):
        problems.append(state.error)
    for problem in problems:
        report_error(problem, args.debug)
        status = max(status, exit_status_for(problem))
    try:
        _write(args, state)
    except SqlRefusal as err:
        print(f"binlog-ksy state: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except UsageError as err:
        return report_usage_error(err, "state")
    return status


def _write(args: argparse.Namespace, state: Any) -> None:
    """The tables in ``args.format``, then the summary (standard error; standard output for parquet)."""
    from ..state.summary import summary_lines

    if args.format == "parquet":
        from ..state.parquet_output import write_parquet

        write_parquet(state, args.output)
        _say(summary_lines(state), sys.stdout)
        return
    from ..state import render

    write = stdout_bytes()
    if args.format == "sql":
        _check_sql_names(state.tables)
        for text in render.sql_script(state.tables):
            write(text.encode("utf-8"))
    else:
        for table in state.tables:
            if args.format == "jsonl":
                from ..present.arrow_text import value_bytes

                for part in render.slices(table):
                    write(value_bytes(render.json_lines(part, args.undecodable)))
            else:
                for line in render.text_lines(table, args.undecodable):
                    write(line.encode("utf-8"))
    sys.stdout.flush()
    _say(summary_lines(state), sys.stderr)


def _check_sql_names(tables: Iterable[Any]) -> None:
    seen: dict[str, str] = {}
    for table in tables:
        other = seen.setdefault(table.table, table.schema)
        if other != table.schema:
            raise UsageError(f"--format sql writes unqualified table names: {other}.{table.table} and "
                             f"{table.schema}.{table.table} would be one table; select one with --table")


def _say(lines: list[str], stream: Any) -> None:
    for line in lines:
        print(f"binlog-ksy state: {line}" if stream is sys.stderr else line, file=stream)

