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
    ``_op`` and ``_current`` (:mod:`binlog_ksy.runtime.state.scd_tables`); a part file per
    layout (read them together with ``mergeSchema`` after an ALTER TABLE). A table dropped on the way has
    its history here too, and no state.

Both are computed whole by every run, an ``--incremental`` one included, and replace the previous ones when the
output is swapped (Delta, Iceberg: are merged into the tables, :mod:`binlog_ksy.runtime.outputs.lake_merge`): they
always equal what one plain run over the same files writes. The task runs beside the file tasks, in the same Spark
job. The versions that end are written as they are gathered, into part files in a local temporary folder (one per
table, table layout and time the table was created), which go to their table's folder once reading ends (a table
renamed on the way: its new name): the task's memory holds the tables' rows, not their history. Imports nothing
from pyspark.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from ...runtime.column import Column
from ...runtime.filters import ChangeFilter
from ...runtime.outputs.typed import table_dir_name
from ...runtime.schema.file import SchemaFile
from ...runtime.state.keyed_rows import StateTable
from ...runtime.state.parquet_output import state_arrow_table
from ...runtime.state.read import State, build_state
from ...runtime.state.scd_tables import current_versions, ended_versions, state_table
from ...runtime.state.summary import position_text, summary_json
from ...runtime.state.versions import HistoryPart, VersionLog
from ...runtime.storage import open_binlog, write_target

__all__ = ["StateResult", "StateSpec", "layout_known", "run_state_task", "state_table_lines",
           "written_summary"]


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
    """What the state task wrote: rows per ``schema.table`` in ``state/`` and in ``history/``, what it could
    not read (files that are not binlogs, left out; the error that ended reading early, if one did; tables
    whose columns are not known by name) and the state's summary of the tables of ``state/``
    (:func:`~binlog_ksy.runtime.state.summary.summary_json`: per table its rows, whether complete, its
    unknown-row changes and the position reached)."""

    state: dict[str, int] = field(default_factory=dict)
    history: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)


def run_state_task(spec: StateSpec) -> StateResult:
    """Read the files, write ``state/`` and ``history/`` (see the module docstring)."""
    os.environ.update(dict(spec.store_environment))
    result = StateResult()
    with tempfile.TemporaryDirectory(prefix="binlog-ksy-state-") as folder:
        spool = _HistorySpool(os.path.join(folder, "history"))
        binlogs = [uri for uri in spec.uris if _is_binlog(uri)]
        result.notes += [f"{uri}: not a binlog, left out" for uri in spec.uris if uri not in binlogs]
        state = _read(spec, binlogs, folder, spool)
        spool.close()
        if state.error is not None:
            result.notes.append(f"reading stopped early, the tables are as they were before: {state.error}")
        live = {(t.schema, t.table): t for t in state.tables if layout_known(t.columns)}
        result.notes += [f"{t.schema}.{t.table}: its columns are not known by name (@1, @2...), left out"
                         for t in state.tables if (t.schema, t.table) not in live]
        result.summary = written_summary(state, set(live))
        position = position_text(state)
        for key in sorted(set(live) | set(state.history_logs)):
            parts = [path for log in state.history_logs.get(key, []) for path in spool.files(log)]
            _write_table(spec.out_root, key, live.get(key), parts, result, position)
    return result


def _write_table(root: str, key: tuple[str, str], table: StateTable | None, parts: list[str],
                 result: StateResult, position: str | None) -> None:
    """One table's ``state/`` (when it exists at the end: in its footer, what ``state --format parquet`` writes
    there, where the state stands and whether the table is complete) and ``history/`` (its spooled ``parts``,
    then its current versions)."""
    name = f"{key[0]}.{key[1]}"
    if table is not None:
        rows = state_table(table).replace_schema_metadata(state_arrow_table(table, position).schema.metadata)
        _write(rows, root, "state", key, "part-state.parquet")
        result.state[name] = rows.num_rows
    versions = sum(pq.read_metadata(path).num_rows for path in parts)
    for number, path in enumerate(parts):
        _put(path, root, key, f"part-history-{number:04d}.parquet")
    if table is not None:
        current = current_versions(table)
        _write(current, root, "history", key, f"part-history-{len(parts):04d}.parquet")
        versions += current.num_rows
    if parts or table is not None:
        result.history[name] = versions


def written_summary(state: State, written: set[tuple[str, str]]) -> dict[str, Any]:
    """The state's summary (as ``_state.json``) of the tables ``state/`` holds."""
    summary = summary_json(state)
    summary["tables"] = {f"{t.schema}.{t.table}": summary["tables"][f"{t.schema}.{t.table}"]
                         for t in state.tables if (t.schema, t.table) in written}
    return summary


def state_table_lines(summary: dict[str, Any]) -> list[str]:
    """The extract summary's lines of :func:`written_summary`: where the state stands, then per table its rows,
    complete or partial, and its unknown-row changes."""
    if not summary:
        return []
    where = summary.get("position") or "no transaction read"
    gtid = f", gtid {summary['gtid']}" if summary.get("gtid") else ""
    lines = [f"  position reached: {where}{gtid}"]
    for name, facts in summary.get("tables", {}).items():
        lines.append(f"  {name}: {facts['rows']} rows, {'complete' if facts['complete'] else 'partial'}, "
                     f"{facts['unknown_row_changes']} unknown-row changes")
    return lines


def layout_known(columns: tuple[Column, ...]) -> bool:
    """Whether a table's columns are known by name (not ``@1``, ``@2``...: a binlog without its metadata, with no
    DDL nor schema file naming them)."""
    return bool(columns) and not any(_UNNAMED.fullmatch(c.name) for c in columns)


_UNNAMED = re.compile(r"@\d+")
#: The first bytes of every binlog.
BINLOG_MAGIC = b"\xfebin"


class _HistorySpool:
    """The ended versions of every table's log, written as they are gathered: part files per log and layout (at
    most :data:`OPEN_WRITERS` open at once: a log and layout whose writer was closed goes on in a new file)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.writers: OrderedDict[tuple[int, pa.Schema], pq.ParquetWriter] = OrderedDict()
        #: Each log met (held, so that its number stays its own) and its number.
        self.logs: dict[int, tuple[VersionLog, int]] = {}
        self.paths: dict[int, list[str]] = {}

    def __call__(self, log: VersionLog, part: HistoryPart) -> None:
        if not part.rows or not layout_known(part.columns):
            return
        table = ended_versions(part)
        number = self.logs.setdefault(id(log), (log, len(self.logs)))[1]
        key = (number, table.schema)
        writer = self.writers.get(key)
        if writer is None:
            if len(self.writers) >= OPEN_WRITERS:
                self.writers.popitem(last=False)[1].close()
            os.makedirs(self.folder, exist_ok=True)
            paths = self.paths.setdefault(number, [])
            paths.append(os.path.join(self.folder, f"{number:05d}-{len(paths):04d}.parquet"))
            writer = self.writers[key] = pq.ParquetWriter(paths[-1], table.schema, compression="snappy")
        self.writers.move_to_end(key)
        writer.write_table(table)

    def close(self) -> None:
        while self.writers:
            self.writers.popitem()[1].close()

    def files(self, log: VersionLog) -> list[str]:
        """The part files of a log's ended versions, in the order they were begun."""
        found = self.logs.get(id(log))
        return [] if found is None else self.paths.get(found[1], [])


#: Part files the spool keeps open at once (a file descriptor and a row group's buffers each).
OPEN_WRITERS = 64


def _is_binlog(uri: str) -> bool:
    """Whether a file starts as a binlog does (else the state's reading would end there)."""
    try:
        with open_binlog(uri) as fh:
            return bytes(fh.read(len(BINLOG_MAGIC))) == BINLOG_MAGIC
    except OSError:
        return False


def _read(spec: StateSpec, uris: list[str], folder: str, spool: _HistorySpool) -> State:
    """The state of the files with the versions of their rows (the ended ones into ``spool``)."""
    schema = None
    if spec.schema_yaml:
        import yaml

        schema = SchemaFile.from_dict(yaml.safe_load(spec.schema_yaml), source="schema")
    filters = ChangeFilter.create(databases=list(spec.databases), tables=list(spec.tables))
    paths = []
    for k, text in enumerate(spec.schema_sql):
        path = os.path.join(folder, f"schema-{k}.sql")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        paths.append(path)
    return build_state(uris, filters=filters, schema=schema, schema_sql=paths, on_error=spec.on_error,
                       verify_checksums=spec.verify_checksums, undecodable=spec.undecodable, versions=True,
                       stops=dict(spec.read_to), history_sink=spool)


def _target(root: str, dataset: str, key: tuple[str, str], name: str) -> str:
    return "/".join([root.rstrip("/"), dataset, table_dir_name(*key), name])


def _put(local: str, root: str, key: tuple[str, str], name: str) -> None:
    """Move a spooled part file of ``history/`` to its table's folder."""
    filesystem, target = write_target(_target(root, "history", key, name))
    if filesystem is None:
        shutil.move(local, target)
    else:
        pafs.copy_files(local, target, source_filesystem=pafs.LocalFileSystem(), destination_filesystem=filesystem)


def _write(table: pa.Table, root: str, dataset: str, key: tuple[str, str], name: str) -> None:
    filesystem, target = write_target(_target(root, dataset, key, name))
    pq.write_table(table, target, filesystem=filesystem, compression="snappy")
