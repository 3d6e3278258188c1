"""``binlog-ksy rows``: the row changes of binlog files, readable, as JSON lines or as typed Parquet."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TextIO

from ..changes import ChangeReader, RowChange, Undecodable
from ..errors import BinlogError, UsageError
from ..filters import ChangeFilter
from ..present.value_json import change_json, image_json
from ..schema.file import SchemaFile
from ..schema.history import SchemaHistory
from ..storage import is_uri
from ..types.json_text import dumps
from .common import (
    EXIT_OK,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_reading_arguments,
    add_schema_argument,
    add_undecodable_argument,
    exit_status_for,
    filter_from_args,
    for_each_file,
    history_from_args,
    report_error,
    report_usage_error,
    schema_from_args,
    stdout_bytes,
)

if TYPE_CHECKING:
    from ..rows.columnar import ChangeColumns
    from ..rows.events import RowsEvent

#: A local file smaller than this is written change by change (the row decoder, the reference the column path
#: is held equal to): loading numpy and pyarrow would cost more than its columns save. In a larger file, a
#: table's few changes in a window are written change by change too (:func:`.columnar.iter_change_runs`).
#: 0: every change from columns (what the in-process tests hold against the oracles).
SMALL_FILE = 256 << 10

_DESCRIPTION = """\
Print every row change of each FILE. --format text shows one change per line;
jsonl prints objects with file, pos, timestamp, gtid, schema, table, op, before,
after; parquet writes typed tables instead, one dataset per table at
DIR/<schema>.<table>/ (--output DIR): the meta columns file, pos, row_index,
timestamp, server_id, gtid, transaction, op and the images as two structs,
before and after, with the columns' own types. Without column names in the
binlog (binlog_row_metadata=FULL) the schema history names them: it follows
the CREATE/ALTER/RENAME/DROP TABLE statements of the binlogs (read them in
order), starting from --schema-sql; --schema names them too (it wins over the
history); columns stay @1, @2, ... where nothing knows them.

--format debezium prints each change as the value of a Debezium MySQL connector
change event (schemas disabled): before, after, source (version, connector
"mysql", name = --topic-prefix, ts_ms, db, table, server_id, gtid, file, pos =
the rows event's offset, row = the row's index in it, thread = the BEGIN's
thread id...), op c/u/d and ts_ms (now); an update of the primary key is a
delete then a create, as the connector writes it; the connector's default
value encodings:
DATE as days and TIME as microseconds, DATETIME as epoch milliseconds (fsp 0-3)
or microseconds (4-6), TIMESTAMP as UTC ISO-8601 text, DECIMAL as a string,
binary strings and BIT(n>1) as base64, BIT(1) as a boolean, SET as one
comma-joined string, JSON as JSON text (runtime/present/debezium.py has the table).
Zero dates are null, or the epoch in a NOT NULL column. The columns are named as
in jsonl: without FULL metadata, a schema history or --schema they are @1, @2...
--output FILE writes the events to FILE instead of standard output."""


def add_rows_parser(sub: Any) -> None:
    """Add the ``rows`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("rows", help="print the row changes (insert/update/delete) with typed values",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    add_reading_arguments(p, formats=("text", "jsonl", "parquet", "debezium"),
                          format_help="text (default): one readable line per change; jsonl: one JSON object "
                                      "per change; parquet: typed Parquet datasets under --output DIR; debezium: "
                                      "one Debezium MySQL connector change event (JSON value) per change")
    p.add_argument("--output", "-o", metavar="DIR|FILE",
                   help="with --format parquet: the directory of the datasets (written beside it and swapped in "
                        "when complete; an existing DIR is replaced only if a previous run wrote it); with "
                        "--format debezium: write the events to FILE instead of standard output")
    add_filter_arguments(p)
    add_schema_argument(p)
    add_undecodable_argument(p)
    p.add_argument("--table-format", choices=("parquet", "delta", "iceberg"), default="parquet",
                   help="with --format parquet: parquet (default) writes DIR/<schema>.<table>/ datasets; delta and "
                        "iceberg publish each table as a Delta Lake table at DIR/tables/<schema>.<table> or an "
                        "Iceberg table <namespace>.<schema>__<table> (one commit each, replacing what a previous "
                        "run wrote); DIR may then be a URI such as s3://bucket/prefix")
    p.add_argument("--iceberg-catalog", metavar="URI",
                   help="with --table-format iceberg: the SQL catalog (default sqlite:///DIR/_iceberg_catalog.db "
                        "for a local DIR; required for a remote one)")
    p.add_argument("--iceberg-namespace", default="binlog", metavar="NAME",
                   help="with --table-format iceberg: the tables' namespace (default binlog)")
    p.add_argument("--topic-prefix", default="binlog-ksy", metavar="NAME",
                   help="with --format debezium: source.name of the events (the connector's topic.prefix)")
    p.set_defaults(run=run_rows)


def _text_line(change: RowChange, errors: str = "strict") -> str:
    when = datetime.fromtimestamp(change.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    head = f"# {change.file} @{change.pos} {when}" + (f" gtid {change.gtid}" if change.gtid else "")

    def image(values: dict[str, Any] | None) -> str:
        if values is None:
            return ""
        return ", ".join(f"{k}={dumps(v)}" for k, v in values.items())

    target = f"`{change.schema}`.`{change.table}`"
    if change.op == "insert":
        body = f"INSERT INTO {target} SET {image(image_json(change, 'after', errors))}"
    elif change.op == "delete":
        body = f"DELETE FROM {target} WHERE {image(image_json(change, 'before', errors))}"
    else:
        body = (f"UPDATE {target} WHERE {image(image_json(change, 'before', errors))} "
                f"SET {image(image_json(change, 'after', errors))}")
    return f"{head}\n{body}"



def _write_json_lines(reader: ChangeReader, columns: ChangeColumns,
                      write: Callable[[bytes | memoryview], object]) -> None:
    """The JSON lines of a run of changes: built from its columns, or per change where they lost a value."""
    # a slice of runs decoded together: their lines are made once, for the group, and each run writes its part
    source = columns.group if columns.group is not None else columns
    text: tuple[memoryview, memoryview] | bool | None = source.memo.get("json_text")
    if text is None:
        from ..present.json_lines import json_lines  # here: pyarrow.compute, which it needs, takes a while to import

        lines = json_lines(source)
        text = source.memo["json_text"] = _line_bytes(lines) if lines is not None else False
    if isinstance(text, tuple):
        if columns.count:
            data, bounds = text
            first = columns.group_start if source is not columns else 0
            write(data[bounds[first]:bounds[first + columns.count]])
        return
    for rows_event in columns.events:  # the row decoder gives zero dates their MySQL text
        for change in reader.decode(rows_event):
            write(dumps(change_json(change, reader.undecodable)).encode("utf-8") + b"\n")


def _write_rows_json(reader: ChangeReader, run: list[RowsEvent], write: Callable[[bytes | memoryview], object]
                     ) -> None:
    """The JSON lines of a run of rows events through the row decoder (as ``ChangeReader.__iter__``: an event
    that does not decode is reported, and the next one follows)."""
    for rows_event in run:
        for change in reader.decode_or_report(rows_event):
            write(dumps(change_json(change, reader.undecodable)).encode("utf-8") + b"\n")


def _line_bytes(lines: Any) -> tuple[memoryview, memoryview]:
    """A string array of lines as its data buffer and the bounds of each line in it (line ``i``:
    ``data[bounds[i]:bounds[i + 1]]``), lines end to end."""
    if not len(lines):
        return memoryview(b""), memoryview(b"\0\0\0\0").cast("i")
    _, offsets, data = lines.buffers()
    return memoryview(data), memoryview(offsets).cast("i")[lines.offset:lines.offset + len(lines) + 1]


def run_rows(args: argparse.Namespace) -> int:
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "rows")
    undecodable: Undecodable = args.undecodable
    if args.table_format != "parquet" and args.format != "parquet":
        return report_usage_error(UsageError("--table-format is for --format parquet"), "rows")
    if args.format == "parquet":
        return _run_parquet(args, flt, schema, history, undecodable)
    debezium = args.format == "debezium"
    if args.output and not debezium:
        return report_usage_error(UsageError("--output is for --format parquet and debezium; text and jsonl go "
                                             "to standard output"), "rows")
    if debezium and args.output:
        try:
            events_file = open(args.output, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            return report_usage_error(UsageError(f"--output {args.output}: {exc.strerror or exc}"), "rows")
        try:
            return _run_text(args, flt, schema, history, undecodable, events_file)
        finally:
            events_file.close()
    return _run_text(args, flt, schema, history, undecodable, sys.stdout)


def _run_text(args: argparse.Namespace, flt: ChangeFilter, schema: SchemaFile | None,
              history: SchemaHistory | None, undecodable: Undecodable, out: TextIO) -> int:
    """``rows --format text|jsonl|debezium``: the changes of every file, one after the other, to ``out``."""
    now_ms = int(time.time() * 1000)

    def handle(name: str) -> int:
        reader = ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                              verify_checksums=args.verify_checksums, undecodable=undecodable, history=history)
        warnings = _Warnings(reader, args.debug)
        try:
            _write_changes(args, reader, out, warnings, now_ms)
        except BinlogError as stop:
            for err in reader.errors[warnings.reported:]:
                if err is not stop:
                    report_error(err, args.debug)
            raise
        warnings.flush()
        status = EXIT_OK
        for err in reader.errors:
            status = max(status, exit_status_for(err))
        return status

    return for_each_file(args, handle)


class _Warnings:
    """Reports a reader's errors as they come: warnings that did not stop the read."""

    def __init__(self, reader: ChangeReader, debug: bool) -> None:
        self.reader = reader
        self.debug = debug
        #: How many of the reader's errors are reported.
        self.reported = 0

    def flush(self) -> None:
        errors = self.reader.errors
        while self.reported < len(errors):
            report_error(errors[self.reported], self.debug)
            self.reported += 1


def _write_changes(args: argparse.Namespace, reader: ChangeReader, out: TextIO, warnings: _Warnings,
                   now_ms: int) -> None:
    """The changes of one file in ``args.format`` (text, jsonl or debezium), each followed by its warnings."""
    errors = reader.errors
    name = reader.reader.name
    if args.format == "jsonl" and not is_uri(name) and os.path.getsize(name) < SMALL_FILE:
        write = stdout_bytes()
        for change in reader:
            write(dumps(change_json(change, reader.undecodable)).encode("utf-8") + b"\n")
            if warnings.reported < len(errors):
                warnings.flush()
    elif args.format == "jsonl":
        from ..rows.columnar import iter_change_columns, iter_change_runs

        write = stdout_bytes()
        for columns in (iter_change_runs(reader) if SMALL_FILE else iter_change_columns(reader)):
            if isinstance(columns, list):  # a few changes of a table: the row decoder
                _write_rows_json(reader, columns, write)
            else:
                _write_json_lines(reader, columns, write)
            if warnings.reported < len(errors):
                warnings.flush()
    elif args.format == "debezium":  # follows every event (the transaction's thread and commit time), row by row
        from ..present.debezium import iter_messages

        for _change, _op, _key, value in iter_messages(reader, name=args.topic_prefix, ts_ms=now_ms):
            out.write(value)
            out.write("\n")
            if warnings.reported < len(errors):
                warnings.flush()
    else:
        for change in reader:
            out.write(_text_line(change, reader.undecodable))
            out.write("\n")
            if warnings.reported < len(errors):
                warnings.flush()


def _run_parquet(args: argparse.Namespace, flt: ChangeFilter, schema: SchemaFile | None,
                 history: SchemaHistory | None, undecodable: Undecodable) -> int:
    """``rows --format parquet``: every file's changes into typed datasets, committed once at the end."""
    from ..outputs.parquet import TypedParquetOutput  # pyarrow.parquet: imported only for this format

    if not args.output:
        return report_usage_error(UsageError("--format parquet writes one dataset per table: give --output DIR"),
                                  "rows")
    staging = None
    try:
        if args.table_format == "parquet":
            output = TypedParquetOutput(args.output)
        else:  # typed Parquet staged locally, then published as tables
            import tempfile

            staging = tempfile.mkdtemp(prefix=".binlog-ksy-rows-")
            output = TypedParquetOutput(os.path.join(staging, "tables"))
    except UsageError as err:
        return report_usage_error(err, "rows")
    errors = 0

    def handle(name: str) -> int:
        nonlocal errors
        reader = ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                              verify_checksums=args.verify_checksums, undecodable=undecodable, history=history)
        reported = 0
        try:
            from ..rows.columnar import iter_change_groups

            for columns, ordinals in iter_change_groups(reader):  # each table's rows put in file order
                output.write(columns, ordinals)
                while reported < len(reader.errors):
                    report_error(reader.errors[reported], args.debug)
                    reported += 1
        except BinlogError as stop:
            for err in reader.errors[reported:]:
                if err is not stop:
                    report_error(err, args.debug)
            errors += len(reader.errors)
            raise
        for err in reader.errors[reported:]:
            report_error(err, args.debug)
        errors += len(reader.errors)
        status = EXIT_OK
        for err in reader.errors:
            status = max(status, exit_status_for(err))
        return status

    try:
        status = for_each_file(args, handle)
        summary = output.commit({"files": list(args.files), "errors": errors})
        where = output.output
        if staging is not None:
            from ..outputs.lake import publish

            run_id = time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + "-rows"
            publish(staging, args.output, args.table_format, mode="overwrite", run_id=run_id,
                    iceberg_catalog=args.iceberg_catalog, iceberg_namespace=args.iceberg_namespace)
            where = f"{args.table_format} tables at {args.output}"
    except BaseException:
        output.abort()
        raise
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    rows = sum(t["rows"] for t in summary["tables"].values())
    print(f"binlog-ksy rows: {rows} row changes of {len(summary['tables'])} tables written to {where}",
          file=sys.stderr)
    return status
