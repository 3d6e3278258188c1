"""``extract --state``: the task that writes ``state/`` and ``history/``, the tables as they were.

One task reads every input file the output holds so far, in file order, each to where the run's state says it
was read (the end of its last complete transaction), through the runtime's state (:func:`binlog_ksy.runtime.
state.read.build_state` with the versions of rows: the rules of ``binlog-ksy state``, in one place) and writes,
for every table whose layout is known (its columns are named):

``state/<schema>.<table>/``
    SCD type 1: one row per row of the table after the last complete transaction read, with ``_file``,
    ``_pos``, ``_gtid`` and ``_commit_time`` of the change that left it so
    (:func:`binlog_ksy.runtime.state.scd_tables.state_table`);
``history/<schema>.<table>/``
    SCD type 2: every version of every row, with ``_valid_from``, ``_valid_to``, ``_from_pos``, ``_to_pos``,
    ``_op`` and ``_current`` (:func:`binlog_ksy.runtime.state.scd_tables.history_tables`); a part file per
    layout (read them together with ``mergeSchema`` after an ALTER TABLE). A table dropped on the way has
    its history here too, and no state.

Both are computed whole by every run, an ``--incremental`` one included, and replace the previous ones when the
output is swapped: they always equal what one plain run over the same files writes. The task runs beside the
file tasks, in the same Spark job. Imports nothing from pyspark.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field

import pyarrow as pa
import pyarrow.parquet as pq

from ...runtime.filters import ChangeFilter
from ...runtime.outputs.typed import table_dir_name
from ...runtime.schema.file import SchemaFile
from ...runtime.state.read import State, build_state
from ...runtime.state.scd_tables import history_tables, state_table
from ...runtime.storage import filesystem_of, is_uri

__all__ = ["StateResult", "StateSpec", "run_state_task"]


@dataclass(frozen=True)
class StateSpec:
    """What the state task reads (picklable): the files in order, where each is read to, the tables wanted."""

    uris: tuple[str, ...]
    read_to: tuple[tuple[str, int], ...]
    out_root: str
    tables: tuple[str, ...] = ()
    databases: tuple[str, ...] = ()
    #: The texts of the SQL files the schema history starts from (``schema_sql``).
    schema_sql: tuple[str, ...] = ()
    schema_yaml: str | None = None
    on_error: str = "skip"
    verify_checksums: bool = True
    undecodable: str = "strict"
    store_environment: tuple[tuple[str, str], ...] = ()


@dataclass
class StateResult:
    """What the state task wrote: rows per ``schema.table`` in ``state/`` and in ``history/``."""

    state: dict[str, int] = field(default_factory=dict)
    history: dict[str, int] = field(default_factory=dict)


def run_state_task(spec: StateSpec) -> StateResult:
    """Read the files, write ``state/`` and ``history/`` (see the module docstring)."""
    os.environ.update(dict(spec.store_environment))
    state = _read(spec)
    result = StateResult()
    live = {(t.schema, t.table): t for t in state.tables if t.columns}
    for key in sorted(set(live) | set(state.history)):
        name = f"{key[0]}.{key[1]}"
        table = live.get(key)
        if table is not None:
            rows = state_table(table)
            _write(rows, spec.out_root, "state", key, "part-state.parquet")
            result.state[name] = rows.num_rows
        layouts = history_tables(state.history.get(key, []), table)
        for number, history in enumerate(layouts):
            _write(history, spec.out_root, "history", key, f"part-history-{number:03d}.parquet")
        if layouts:
            result.history[name] = sum(h.num_rows for h in layouts)
    return result


def _read(spec: StateSpec) -> State:
    """The state of the files with the versions of their rows."""
    schema = None
    if spec.schema_yaml:
        import yaml

        schema = SchemaFile.from_dict(yaml.safe_load(spec.schema_yaml), source="schema")
    filters = ChangeFilter.create(databases=list(spec.databases), tables=list(spec.tables))
    with tempfile.TemporaryDirectory(prefix="binlog-ksy-state-") as folder:
        paths = []
        for k, text in enumerate(spec.schema_sql):
            path = os.path.join(folder, f"schema-{k}.sql")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            paths.append(path)
        return build_state(list(spec.uris), filters=filters, schema=schema, schema_sql=paths,
                           on_error=spec.on_error, verify_checksums=spec.verify_checksums,
                           undecodable=spec.undecodable, versions=True, stops=dict(spec.read_to))


def _write(table: pa.Table, root: str, dataset: str, key: tuple[str, str], name: str) -> None:
    path = "/".join([root.rstrip("/"), dataset, table_dir_name(*key), name])
    if is_uri(path):
        filesystem, inner = filesystem_of(path)
        filesystem.create_dir(inner.rsplit("/", 1)[0], recursive=True)
        pq.write_table(table, inner, filesystem=filesystem, compression="snappy")
    else:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        pq.write_table(table, path, compression="snappy")
