"""``kind=state`` of the data source: one table's rows after the last complete transaction of the files, the rows
``binlog_ksy.read_state`` gives, with ``_file``, ``_pos``, ``_gtid`` and ``_commit_time`` of the change that left
each row so (``extract --state``'s ``state/``, :func:`binlog_ksy.runtime.state.scd_tables.state_table`).

The state is a whole-files computation (a row's value depends on every change before it, in every file): it is
read in one task over all the files in order (:func:`iter_state_batches`), through the runtime's state
(:func:`binlog_ksy.runtime.state.read.build_state`, the rules of ``binlog-ksy state``). The driver plans the
schema (:func:`state_schema`) by reading the state once without the origins: the selected table's columns at the
end. The selection (the option ``table``, read_state's keyword, or ``tables``, with ``databases``) must hold
exactly one table at the end of the files, else a :class:`~binlog_ksy.runtime.errors.UsageError` names the
option and the tables. Imports nothing from pyspark.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

import pyarrow as pa

from ..runtime.errors import UsageError
from ..runtime.filters import ChangeFilter
from ..runtime.schema.file import SchemaFile
from ..runtime.state.keyed_rows import StateTable
from ..runtime.state.read import build_state
from ..runtime.state.scd_tables import state_schema as table_state_schema
from ..runtime.state.scd_tables import state_table
from ..runtime.state.versions import HistoryPart, VersionLog

__all__ = ["StateSource", "iter_state_batches", "state_schema"]


@dataclass(frozen=True)
class StateSource:
    """What ``kind=state`` reads (picklable: it goes to the task): the files in binlog order, the selection and
    how to read them."""

    uris: tuple[str, ...]
    #: The value of the option that selects the table, and that option's name (for the messages).
    table: str | None
    option: str = "table"
    databases: str | None = None
    #: The text of each SQL file the schema history starts from (the option ``schema_sql``).
    schema_sql: tuple[str, ...] = ()
    schema_yaml: str | None = None
    on_error: str = "skip"
    verify_checksums: bool = True
    undecodable: str = "strict"


def state_schema(source: StateSource) -> pa.Schema:
    """The Arrow schema of the rows (the driver's plan): the table's columns at the end, then the origins."""
    return table_state_schema(_one_table(source, versions=False))


def iter_state_batches(source: StateSource, schema: pa.Schema, batch_size: int = 8192) -> Iterator[pa.RecordBatch]:
    """The table's rows with their origins, cast to ``schema`` (the Arrow form of the Spark schema planned), in
    batches of at most ``batch_size`` rows."""
    table = state_table(_one_table(source, versions=True))
    if table.column_names != schema.names:
        raise UsageError(f"kind=state: {source.option}={source.table!r} has the columns {table.column_names} in "
                         f"the files now, not the {schema.names} planned")
    yield from table.cast(schema).to_batches(max_chunksize=max(1, batch_size))


def _one_table(source: StateSource, *, versions: bool) -> StateTable:
    """The state's one selected table (see the module docstring)."""
    if not source.table and not source.databases:
        raise UsageError("kind=state reads one table: give it with the option table (schema.table)")
    filters = ChangeFilter.create(databases=source.databases or None, tables=source.table or None)
    schema = None
    if source.schema_yaml:
        import yaml

        schema = SchemaFile.from_dict(yaml.safe_load(source.schema_yaml), source="schema")
    with tempfile.TemporaryDirectory(prefix="binlog-ksy-state-source-") as folder:
        paths = []
        for k, text in enumerate(source.schema_sql):
            paths.append(os.path.join(folder, f"schema-{k}.sql"))
            with open(paths[-1], "w", encoding="utf-8") as fh:
                fh.write(text)
        state = build_state(list(source.uris), filters=filters, schema=schema, schema_sql=paths,
                            on_error=source.on_error, verify_checksums=source.verify_checksums,
                            undecodable=source.undecodable, versions=versions,
                            history_sink=_forget if versions else None)
    if state.error is not None:
        raise state.error
    if len(state.tables) != 1:
        names = ", ".join(f"{t.schema}.{t.table}" for t in state.tables) or "none"
        selection = ", ".join(f"{name}={value!r}" for name, value in
                              ((source.option, source.table), ("databases", source.databases)) if value)
        raise UsageError(f"kind=state reads one table, but the option {selection} selects {len(state.tables)} "
                         f"at the end of the {len(source.uris)} file(s) ({names}): name one with the option "
                         f"{source.option}")
    return state.tables[0]


def _forget(log: VersionLog, part: HistoryPart) -> None:
    """The ended versions' sink: the state's rows need only the live versions' origins."""
