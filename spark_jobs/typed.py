"""One table's row changes with the table's own column types: the data source's ``typed`` kind and ``tables/``.

Both the extraction job (``job/task.py``, ``tables/<schema>.<table>/``) and
``spark.read.format("binlog").option("kind", "typed")`` build their rows here:
a window of rows events is gathered (:class:`RowsWindow`), the runs of each
layout in it decoded column by column at once (:func:`columns_of_window`; the row
decoder where the columnar one cannot go) and turned into Arrow batches by
:func:`runtime.outputs.typed.typed_batch` with the types of
:mod:`runtime.types.arrow`. The data source then casts them to the Arrow form
of the Spark schema that Spark reads back from ``tables/`` (uint32 -> bigint,
uint64 -> decimal(20,0), TIME -> interval day to second...):
:func:`runtime.outputs.typed.spark_schema_json` is that schema.

A typed read has one schema, so it is planned on the driver by
:func:`plan_typed`: a pass over the files' QUERY and TABLE_MAP events (row
images are not decoded) follows the schema history across the files, as
``extract`` does, and finds the one table and layout the ``tables`` option
selects.

Imports nothing from pyspark.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from ..runtime import constants as et
from ..runtime.changes import ChangeReader
from ..runtime.errors import BinlogError, UsageError
from ..runtime.filters import ChangeFilter
from ..runtime.outputs.typed import typed_batch, typed_schema
from ..runtime.reader import BinlogReader
from ..runtime.rows.columnar import (
    FEW_CHANGES,
    WINDOW_BYTES,
    ChangeColumns,
    columns_of_rows,
    decode_changes,
    window_runs,
)
from ..runtime.rows.events import RowsEvent
from ..runtime.schema.file import SchemaFile
from ..runtime.schema.history import DdlStatement, SchemaHistory
from ..runtime.storage import open_binlog, raise_store_failure
from ..runtime.table_map import TableMap

__all__ = ["RowsWindow", "TypedPlan", "columns_of_run", "columns_of_window", "follow_ddl", "iter_typed_batches",
           "layout_text", "plan_typed", "typed_rows", "typed_rows_of"]


# -- what the job and the data source share -------------------------------------------------------


class RowsWindow:
    """A window of rows events (about :data:`WINDOW_BYTES` of row images), gathered to be decoded together: the
    runs of each layout (table, op, column bitmaps) at once (:func:`columns_of_window`)."""

    def __init__(self) -> None:
        self.events: list[RowsEvent] = []
        self.size = 0

    def __bool__(self) -> bool:
        return bool(self.events)

    def is_full(self) -> bool:
        """Whether the window must be decoded before another rows event joins it."""
        return self.size >= WINDOW_BYTES

    def add(self, rows_event: RowsEvent) -> None:
        self.events.append(rows_event)
        self.size += len(rows_event.data)

    def take(self) -> list[RowsEvent]:
        """The rows events gathered so far; the window is empty after."""
        events, self.events, self.size = self.events, [], 0
        return events


def columns_of_window(changes: ChangeReader, window: list[RowsEvent]
                      ) -> Iterator[tuple[ChangeColumns, list[RowsEvent], RowsEvent | None, list[Any] | None]]:
    """The row changes of a window, run by run in file order (:func:`~.columnar.window_runs`):
    ``(columns, run, None, None)`` for a run the columnar decoder took (a slice of its layout's runs decoded
    together, or the run decoded alone), else :func:`columns_of_run`'s ``(columns, run, rows_event,
    row_changes)`` per rows event."""
    for run, columns in window_runs(window, errors=changes.undecodable, few=True):
        if columns is FEW_CHANGES:  # a few changes: each event's through the row decoder (their JSON too)
            for one, rows_event, decoded in _columns_by_row(changes, run):
                yield one, run, rows_event, decoded
        elif columns is not None:
            yield columns, run, None, None
        else:
            for one, rows_event, decoded in columns_of_run(changes, run):
                yield one, run, rows_event, decoded


def columns_of_run(changes: ChangeReader, run: Sequence[RowsEvent]
                   ) -> Iterator[tuple[ChangeColumns, RowsEvent | None, list[Any] | None]]:
    """The row changes of a run as columns: ``(columns, None, None)`` once when
    :func:`~.columnar.decode_changes` takes the whole run, else ``(columns, rows_event, row_changes)`` per
    rows event through the row decoder.

    A rows event that does not decode is reported in ``changes.errors`` and yields nothing.
    """
    if not run:
        return
    columns = decode_changes(run, errors=changes.undecodable)
    if columns is not None:
        yield columns, None, None
        return
    yield from _columns_by_row(changes, run)


def _columns_by_row(changes: ChangeReader, run: Sequence[RowsEvent]
                    ) -> Iterator[tuple[ChangeColumns, RowsEvent | None, list[Any] | None]]:
    """Each rows event of a run through the row decoder: ``(columns, rows_event, row_changes)``; an event that
    does not decode is reported in ``changes.errors``."""
    for rows_event in run:
        try:
            decoded = changes.decode(rows_event)
        except BinlogError as err:
            changes.errors.append(err)
            continue
        pairs = [(c.before, c.after) for c in decoded]
        yield columns_of_rows(rows_event, pairs, errors=changes.undecodable), rows_event, decoded


def typed_rows(columns: ChangeColumns) -> tuple[pa.Schema, pa.RecordBatch]:
    """The ``tables/<schema>.<table>/`` rows of decoded columns, with their table layout's schema (a slice of
    runs decoded together: the rows of the batch made once for all of them)."""
    schema, batch, start = typed_rows_of(columns)
    return schema, batch if start == 0 and columns.count == batch.num_rows else batch.slice(start, columns.count)


def typed_rows_of(columns: ChangeColumns) -> tuple[pa.Schema, pa.RecordBatch, int]:
    """:func:`typed_rows` as ``(schema, batch, first row)``: the columns' rows are ``columns.count`` rows of
    ``batch`` from its first row on (a slice of runs decoded together: the batch is made once for all of
    them, and not sliced)."""
    group = columns.group
    if group is None:
        schema = typed_schema(columns.table_map)
        return schema, typed_batch(columns, schema), 0
    made = group.memo.get("typed_rows")
    if made is None:
        schema = typed_schema(group.table_map)
        made = group.memo["typed_rows"] = (schema, typed_batch(group, schema))
    return made[0], made[1], columns.group_start


def layout_text(schema: pa.Schema) -> str:
    """A table layout as its column names and Arrow types (what tells two layouts apart)."""
    image = schema.field("after").type
    return ", ".join(f"{f.name} {f.type}" for f in image)


# -- planning on the driver --------------------------------------------------------------------------


@dataclass(frozen=True)
class TypedPlan:
    """The one table a typed read returns (picklable: sent to every task).

    ``schema`` is the Arrow schema of its ``tables/`` rows; ``ddl`` the
    statements of the inputs that each task replays up to its own file.
    """

    schema_name: str
    table: str
    schema: pa.Schema
    ddl: tuple[DdlStatement, ...] = ()


def follow_ddl(history: SchemaHistory | None, uris: Sequence[str], flt: ChangeFilter | None = None,
               schema_file: SchemaFile | None = None, seen: set[str] | None = None
               ) -> dict[tuple[str, str], dict[str, pa.Schema]]:
    """Follow the DDL of the files in order (recorded in ``history.statements``, each CREATE TABLE parsed when its
    table is asked for: the readers that meet the statements report their problems; None: no history); with
    ``flt``, also the typed layouts of the wanted tables their TABLE_MAP events give, per table (by
    :func:`layout_text`), and in ``seen`` the ``db.table`` names of every TABLE_MAP.

    Only QUERY and TABLE_MAP events are decoded. A file that cannot be read is skipped (its readers report it).
    """
    layouts: dict[tuple[str, str], dict[str, pa.Schema]] = {}
    if history is not None:
        history.defer_creates = True  # no warning is read here: the CREATE TABLEs of no wanted table stay unparsed
    for index, uri in enumerate(uris):
        if history is not None:
            history.record(index)
        try:
            with open_binlog(uri) as f:
                reader = BinlogReader(f, name=uri, on_error="skip", verify_checksums=False)
                changes = ChangeReader(f, reader=reader, schema=schema_file, history=history, on_error="skip")
                for event in reader:
                    code = event.type_code
                    if code in et.QUERY_EVENTS:
                        changes.accept(event)
                    elif code == et.TABLE_MAP_EVENT and flt is not None and flt.wants_event(event):
                        changes.accept(event)
                        table_map = changes.tables.get(event.body.table_id)
                        if table_map is None:
                            continue
                        if seen is not None:
                            seen.add(table_map.qualified_name)
                        if flt.wants_table(table_map.schema, table_map.table):
                            _add_layout(layouts, table_map)
        except (OSError, BinlogError):
            continue
    return layouts


def _add_layout(layouts: dict[tuple[str, str], dict[str, pa.Schema]], table_map: TableMap) -> None:
    schema = typed_schema(table_map)
    layouts.setdefault((table_map.schema, table_map.table), {}).setdefault(layout_text(schema), schema)


def plan_typed(uris: Sequence[str], flt: ChangeFilter, history: SchemaHistory | None,
               schema_file: SchemaFile | None = None) -> TypedPlan:
    """The one table and layout ``flt`` (the ``tables``/``databases`` options) selects in these files.

    Raises :class:`UsageError` when no table, several tables or several layouts of one table match.
    """
    if not flt.selects_tables:
        raise UsageError("kind=typed reads one table: give it with the option tables (schema.table)")
    recorder = history.copy() if history is not None else None
    seen: set[str] = set()
    layouts = follow_ddl(recorder, uris, flt, schema_file, seen)
    if not layouts:
        raise UsageError(f"kind=typed: no table of the {len(uris)} input file(s) matches the option tables "
                         f"({_selection(flt)}); their tables: {', '.join(sorted(seen)) or 'none'}")
    if len(layouts) > 1:
        names = ", ".join(sorted(f"{s}.{t}" for s, t in layouts))
        raise UsageError(f"kind=typed reads one table, but the option tables ({_selection(flt)}) matches "
                         f"{len(layouts)}: {names}")
    (schema_name, table), found = next(iter(layouts.items()))
    if len(found) > 1:
        shown = "; ".join(f"({text})" for text in found)
        raise UsageError(f"kind=typed: {schema_name}.{table} has {len(found)} layouts in these files (DDL changed "
                         f"it): {shown}; read a range with one layout (start_position/stop_position, "
                         "start_datetime/stop_datetime) or use extract, whose tables/ keep one part per layout")
    return TypedPlan(schema_name, table, next(iter(found.values())),
                     tuple(recorder.statements) if recorder is not None else ())


def _selection(flt: ChangeFilter) -> str:
    options = flt.to_options()
    return ", ".join(f"{k}={v}" for k, v in options.items() if k in ("databases", "tables")) or "none"


# -- one file in a task -------------------------------------------------------------------------------


def iter_typed_batches(uri: str, plan: TypedPlan, flt: ChangeFilter, *, history: SchemaHistory | None,
                       schema_file: SchemaFile | None, verify_checksums: bool = True,
                       start: int | None = None) -> Iterator[pa.RecordBatch]:
    """The typed rows of the planned table in one file, as :func:`typed_rows` builds them for ``tables/``.

    ``history``: the tables as the files before this one left them (it follows this file's DDL). ``start``: the
    offset of the first transaction to read (a range's; ``flt``'s ``stop_position`` ends it).
    Problems end nothing: damaged events are skipped (``kind=errors`` reports them), a file that is
    not a binlog gives no rows. Rows of another layout than the planned one are left out. But the store of a
    remote file failing to open or read it raises :class:`StorageError`, as the other kinds do: the query fails.
    """
    if history is not None:
        history = history.copy()
    wanted = layout_text(plan.schema)
    try:
        f = open_binlog(uri)
    except OSError as exc:
        raise_store_failure(uri, exc)
        return
    with f:
        reader = BinlogReader(f, name=uri, verify_checksums=verify_checksums, on_error="skip", start=start)
        changes = ChangeReader(f, reader=reader, schema=schema_file, filters=flt, history=history, on_error="skip")
        window = RowsWindow()
        try:
            for event in reader:
                if flt.past_stop(event.pos) and event.in_payload is None:
                    break
                rows_event = changes.accept(event)
                if rows_event is None:
                    continue
                table_map = rows_event.table_map
                if (table_map.schema, table_map.table) != (plan.schema_name, plan.table):
                    continue
                if window.is_full():
                    yield from _batches(changes, window.take(), wanted)
                window.add(rows_event)
        except BinlogError as err:  # not a binlog, encrypted (raised even in skip mode), or a read failed
            raise_store_failure(uri, err.__context__)
        yield from _batches(changes, window.take(), wanted)


def _batches(changes: ChangeReader, window: list[RowsEvent], wanted: str) -> Iterator[pa.RecordBatch]:
    for columns, _, _, _ in columns_of_window(changes, window):
        schema, batch = typed_rows(columns)
        if layout_text(schema) == wanted:
            yield batch
