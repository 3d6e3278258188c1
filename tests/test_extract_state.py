"""``extract --state``: ``state/`` and ``history/`` against ``binlog-ksy state`` on a MariaDB server's binlogs.

A server (FULL metadata) runs one workload (``tests/test_state_harness.py``'s tables: with a primary key, without
one, MyISAM) in phases with FULL and MINIMAL row images, a key update, ``ALTER TABLE ADD``/``CHANGE COLUMN``,
``TRUNCATE``, ``DROP`` + ``CREATE`` and ``RENAME TABLE``, rotating its binlog between phases. Then:

* the versions the applier logs (no Spark): the state read with them equals the state read without, the
  live versions equal it, and every version that ended is followed by one made by the change that ended it,
  from the same moment (``_valid_to`` = ``_valid_from``, ``_to_pos`` = ``_from_pos``);
* one ``extract --state`` run: each ``state/<db>.<table>`` equals ``read_state`` of that table (values and
  column names), each row's ``_file``/``_pos``/``_gtid``/``_commit_time`` is that of the change that left
  it so, and the ``history/`` rows with ``_current`` equal the state;
* ``extract --state --incremental`` over a folder with the first half of the files, the last one cut inside a
  transaction, then, the files whole, a run that fails just before its commit (the output stays as it was),
  an incremental run and a plain rerun: ``state/`` and ``history/`` equal the one full run's;
* over drawn workloads (tables, row images, DDL, statements), ``state/`` equals ``read_state`` too;
* ``--state`` takes Delta and Iceberg too (``tests/test_extract_state_lake.py``), not ``--follow``;
* the data source's ``kind=state`` gives ``read_state``'s rows with ``state/``'s origins, in one partition;
* on a partial table changed with MINIMAL images (one change hits a row the files never showed), the extract
  summary says per table what ``read_state`` says.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from test_state_harness import DDL_KINDS, TABLE_NAMES, Workload, run_script, session

from binlog_ksy import read_state
from binlog_ksy.runtime.filters import ChangeFilter
from binlog_ksy.runtime.outputs.typed import table_dir_name
from binlog_ksy.runtime.state.keyed_rows import StateTable
from binlog_ksy.runtime.state.read import State, build_state
from binlog_ksy.runtime.state.scd_tables import (
    HISTORY_COLUMNS,
    STATE_COLUMNS,
    current_versions,
    ended_versions,
    state_table,
)
from binlog_ksy.runtime.state.versions import HistoryPart
from spark_session import spark  # noqa: F401 - the session fixture
from tests.mariadb.server import MariaDBServer

pytestmark = [pytest.mark.server, pytest.mark.spark]

TABLES = ("t_int", "t_str", "t_nopk", "t_myisam")
SEED = 40
EXAMPLES = int(os.environ.get("BINLOG_KSY_EXTRACT_STATE_EXAMPLES", "0") or 0) or 3


@pytest.fixture(scope="module")
def server(mariadb_server_factory: Any) -> MariaDBServer:
    return mariadb_server_factory({"binlog_row_metadata": "FULL"})


@pytest.fixture(scope="module")
def binlogs(server: MariaDBServer) -> tuple[Workload, list[str]]:
    """The workload's database and the binlog files it was written to (all of them whole)."""
    load = Workload.create("xs1", TABLES, SEED)
    server.flush_logs()
    first = server.binlog_files()[-1].name
    when = 1_700_000_000
    run_script(server, session("FULL", when) + load.schema_sql())
    phases: list[tuple[str, list[str]]] = [
        ("FULL", load.dml(1, 40)),
        ("MINIMAL", load.dml(2, 30) + _key_update(load, "t_int") + load.ddl("add")),
        ("MINIMAL", load.dml(3, 30) + load.ddl("change") + load.ddl("truncate")),
        ("FULL", load.dml(4, 30) + load.ddl("recreate") + load.ddl("rename_table")),
        ("MINIMAL", load.dml(5, 30) + _key_update(load, "t_str")),
    ]
    for k, (image, statements) in enumerate(phases, start=1):
        run_script(server, session(image, when + 10 * k) + statements)
        server.flush_logs()
    names = [p.name for p in server.binlog_files()]
    files = [str(p) for p in server.binlog_files()][names.index(first):]
    return load, files


def _key_update(load: Workload, name: str) -> list[str]:
    """An UPDATE of a row's primary key (the workload's own draws make few)."""
    table = next(t for t in load.tables if t.name.split("__")[0] == name)
    ids = load.state.ids[table.name]
    if not ids:
        return []
    old, new = ids[0], load.state.new_id(table.name)
    ids[0] = new
    return [f"UPDATE {table.qname} SET `{table.key}` = {new}, `ver` = `ver` + 1 WHERE `{table.key}` = {old}"]


def _versions(load: Workload, files: list[str]) -> State:
    return build_state(files, filters=ChangeFilter.create(databases=[load.db]), versions=True)


def _values(table: pa.Table, drop: tuple[str, ...]) -> list[str]:
    """A table's rows as sorted texts, without the columns ``drop``."""
    kept = table.drop_columns([n for n in drop if n in table.column_names])
    return sorted(repr(sorted(row.items())) for row in kept.to_pylist())


def test_versions_follow_the_state(binlogs: tuple[Workload, list[str]]) -> None:
    load, files = binlogs
    state = _versions(load, files)
    plain = build_state(files, filters=ChangeFilter.create(databases=[load.db]))
    assert [t.table for t in state.tables] == [t.table for t in plain.tables]
    ops: Counter[str] = Counter()
    moved = 0
    for table, same in zip(state.tables, plain.tables, strict=True):
        assert table.complete and not table.unknown and not table.notes, (table.table, table.unknown_examples)
        assert table.arrow().equals(same.arrow()), table.table
        history = _history(state.history.get((load.db, table.table), []), table)
        assert _current(history) == _values(state_table(table), STATE_COLUMNS), table.table
    for key, parts in state.history.items():
        live_table = next((t for t in state.tables if (t.schema, t.table) == key), None)
        rows = [r for history in _history(parts, live_table) for r in history.to_pylist()]  # all layouts
        ops.update(r["_op"] for r in rows)
        made = {_place(r["_from_pos"]): r for r in rows}
        for row in rows:
            if row["_to_pos"] is None:
                assert row["_current"] or row["_op"] in ("delete", "truncate", "drop"), row
                continue
            after = made.get(_place(row["_to_pos"]))
            assert after is not None, f"{key}: nothing follows {row}"
            assert after["_valid_from"] == row["_valid_to"], (row, after)
            moved += after["_op"] == "update" and "id" in row and after["id"] != row["id"]
    assert {"insert", "update", "delete", "truncate", "drop", "alter"} <= set(ops), ops
    assert moved, "a key update moves the row: its next version has the new key"


def _history(parts: list[HistoryPart], live: StateTable | None) -> list[pa.Table]:
    """A table's history as the state task writes it: the ended versions, then the current ones."""
    return [ended_versions(p) for p in parts if p.rows] + ([current_versions(live)] if live is not None else [])


def _current(history: list[pa.Table]) -> list[str]:
    """The values of the versions with ``_current`` (all in one layout: the table's now)."""
    live = [h.filter(h["_current"]) for h in history]
    live = [h for h in live if h.num_rows]
    assert len(live) <= 1
    return _values(live[0], HISTORY_COLUMNS) if live else []


def _place(position: dict[str, Any]) -> tuple[Any, ...]:
    return position["file"], position["pos"], position["row_index"]


def _extract(inputs: list[str], out: Path, spark: Any, **settings: Any) -> Any:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    return run_extract(inputs, str(out), spark=spark, progress=None, state=True, typed=False, with_body=False,
                       **settings)


def _dataset(out: Path, dataset: str, schema: str, table: str) -> list[pa.Table]:
    """The part files of one table's dataset, one Arrow table each (a layout each in ``history/``)."""
    folder = out / dataset / table_dir_name(schema, table)
    return [pq.read_table(folder / name) for name in sorted(os.listdir(folder))] if folder.exists() else []


def _everything(out: Path, dataset: str, inputs: str = "") -> dict[str, list[str]]:
    """Every table's rows of a dataset as sorted texts (the folder ``inputs`` left out of the file names)."""
    folder = out / dataset
    return {name: sorted(r.replace(inputs, "") if inputs else r for part in sorted(os.listdir(folder / name))
                         for r in _values(pq.read_table(folder / name / part), ()))
            for name in sorted(os.listdir(folder))}


@pytest.fixture(scope="module")
def full_run(binlogs: tuple[Workload, list[str]], spark: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:  # noqa: F811
    load, files = binlogs
    out = tmp_path_factory.mktemp("state") / "full"
    summary = _extract(files, out, spark, databases=[load.db])
    assert summary.state_tables and summary.history_tables, summary
    return out


def test_state_equals_the_cli_state(binlogs: tuple[Workload, list[str]], full_run: Path, tmp_path: Path) -> None:
    load, files = binlogs
    _check_output(load.db, files, full_run, tmp_path / "cli")
    table = next(t for t in load.tables if t.name == "t_int")  # (never renamed: read_state --table sees it whole)
    [written] = _dataset(full_run, "state", load.db, table.name)
    want = read_state(files, table=f"{load.db}.{table.name}")
    assert written.drop_columns(list(STATE_COLUMNS)).to_pylist() == want.to_pylist()


def _check_output(db: str, files: list[str], out: Path, cli: Path) -> None:
    """Each ``state/<db>.<table>`` is what ``binlog-ksy state FILES --database DB --format parquet`` writes of
    the table, with the origins of the versions read, and the current versions of ``history/`` are the same
    rows."""
    from binlog_ksy.cli import main

    assert main(["state", *files, "--database", db, "--format", "parquet", "--output", str(cli)]) == 0
    state = build_state(files, filters=ChangeFilter.create(databases=[db]), versions=True)
    assert state.tables
    for table in state.tables:
        name = f"{db}.{table.table}"
        [written] = _dataset(out, "state", db, table.table)
        want = pq.read_table(cli / table_dir_name(db, table.table) / "part-00000.parquet")
        assert written.column_names == [*want.column_names, *STATE_COLUMNS], name
        assert written.schema.metadata == want.schema.metadata, name  # (position, complete, columns...)
        assert written.drop_columns(list(STATE_COLUMNS)).to_pylist() == want.to_pylist(), name
        origins = state_table(table)
        assert written.select(list(STATE_COLUMNS)).to_pylist() == origins.select(list(STATE_COLUMNS)).to_pylist()
        assert set(written["_file"].to_pylist()) <= set(files)
        history = _dataset(out, "history", db, table.table)
        assert _current(history) == _values(written, STATE_COLUMNS), name


@dataclass(frozen=True)
class Drawn:
    """A drawn case: the tables, then phases of (row image, DDL kinds, DML statements)."""

    seed: int
    tables: tuple[str, ...]
    phases: tuple[tuple[str, tuple[str, ...], int], ...]


def drawn_cases() -> st.SearchStrategy[Drawn]:
    phase = st.tuples(st.sampled_from(["FULL", "MINIMAL"]), st.lists(st.sampled_from(DDL_KINDS), max_size=2)
                      .map(tuple), st.integers(5, 30))
    return st.builds(Drawn, st.integers(0, 2**31), st.lists(st.sampled_from(TABLE_NAMES), min_size=2, max_size=4,
                                                           unique=True).map(tuple),
                     st.lists(phase, min_size=2, max_size=4).map(tuple))


def test_drawn_cases_equal_read_state(server: MariaDBServer, spark: Any, tmp_path: Path) -> None:  # noqa: F811
    """``extract --state`` over drawn workloads equals ``read_state`` (``BINLOG_KSY_EXTRACT_STATE_EXAMPLES``
    cases, 3 by default: each costs a workload and an extract run)."""
    numbers = itertools.count(1)

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              phases=[Phase.explicit, Phase.generate],  # no shrinking: each example costs a Spark run
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(drawn_cases())
    def check(case: Drawn) -> None:
        note(repr(case))
        n = next(numbers)
        load = Workload.create(f"xd{n}", case.tables, case.seed)
        server.flush_logs()
        first = server.binlog_files()[-1].name
        run_script(server, session("FULL", 1_700_000_000) + load.schema_sql())
        for k, (image, kinds, dml) in enumerate(case.phases, start=1):
            ddl = [statement for kind in kinds for statement in load.ddl(kind)]  # (the DML names the new columns)
            run_script(server, session(image, 1_700_000_000 + 10 * k) + ddl + load.dml(case.seed + k, dml))
            server.flush_logs()
        names = [p.name for p in server.binlog_files()]
        files = [str(p) for p in server.binlog_files()][names.index(first):]
        out = tmp_path / f"case{n}"
        _extract(files, out, spark, databases=[load.db])
        _check_output(load.db, files, out, tmp_path / f"cli{n}")

    check()


def test_incremental_runs_equal_one_run(binlogs: tuple[Workload, list[str]], full_run: Path, spark: Any,  # noqa: F811
                                        tmp_path: Path) -> None:
    """A folder holding the first half of the files, the last one cut inside a transaction (a binlog being
    written); then the whole files, and a run over them that fails just before its commit, an incremental run
    and a plain rerun: after each of the last two, ``state/`` and ``history/`` are the full run's."""
    from binlog_ksy.spark_jobs.job.config import ExtractConfig
    from binlog_ksy.spark_jobs.job.extract import run_extract_config

    load, files = binlogs
    folder, out = half_folder(files, tmp_path / "binlogs"), tmp_path / "out"
    summary = _extract([str(folder)], out, spark, databases=[load.db], incremental=True)
    assert summary.unfinished, "the cut file's last transaction waits for the next run"
    before = {dataset: _everything(out, dataset) for dataset in ("state", "history")}
    rest_of_folder(files, folder)

    def fail(_tmp: str) -> None:
        raise RuntimeError("killed before its commit")

    cfg = ExtractConfig(inputs=[str(folder)], output=str(out)).merged(state=True, typed=False, with_body=False,
                                                                      databases=[load.db], incremental=True)
    with pytest.raises(RuntimeError, match="killed"):
        run_extract_config(cfg, spark=spark, progress=None, _before_commit=fail)
    assert {dataset: _everything(out, dataset) for dataset in ("state", "history")} == before
    server_folder = str(Path(files[0]).parent)
    for more in ({"incremental": True}, {}):
        _extract([str(folder)], out, spark, databases=[load.db], **more)
        for dataset in ("state", "history"):
            got = _everything(out, dataset, str(folder))
            assert got == _everything(full_run, dataset, server_folder), (more, dataset)


def half_folder(files: list[str], folder: Path) -> Path:
    """``folder`` holding the first half of ``files``, the last of them cut inside a transaction (a binlog being
    written)."""
    folder.mkdir()
    half = len(files) // 2
    for path in files[:half]:
        (folder / Path(path).name).write_bytes(Path(path).read_bytes())
    (folder / Path(files[half]).name).write_bytes(Path(files[half]).read_bytes()[: _inside_a_transaction(files[half])])
    return folder


def rest_of_folder(files: list[str], folder: Path) -> None:
    """Every one of ``files`` whole in ``folder`` (after :func:`half_folder`: the cut one grown, the others come)."""
    for path in files[len(files) // 2:]:
        (folder / Path(path).name).write_bytes(Path(path).read_bytes())


def _inside_a_transaction(path: str) -> int:
    """An offset inside the transaction after the middle one of a binlog (a few bytes into its first event)."""
    from binlog_ksy.runtime.reader import BinlogReader

    ends = [event.pos + event.length for event in BinlogReader(path) if event.type_name == "XID_EVENT"]
    assert len(ends) > 2, path
    return ends[len(ends) // 2] + 10


def test_tables_without_column_names_are_left_out() -> None:
    from binlog_ksy.runtime.column import Column
    from binlog_ksy.spark_jobs.job.state_task import layout_known

    assert layout_known((Column(0, "id"), Column(1, "@name")))
    assert not layout_known((Column(0, "@1"), Column(1, "@2")))  # (a TABLE_MAP without names, nothing naming them)
    assert not layout_known(())


def test_files_that_are_not_binlogs_are_left_out(tmp_path: Path) -> None:
    """A file that is not a binlog, first among the inputs, does not end the state's reading: it is named."""
    from binlog_ksy.spark_jobs.job.state_task import StateSpec, run_state_task
    from fixture_index import FIXTURES

    sample = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
    files = sorted(str(p) for p in sample.iterdir())
    not_a_binlog = str(FIXTURES / "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.sakila.gz")
    result = run_state_task(StateSpec((not_a_binlog, *files), (), str(tmp_path)))
    assert result.notes == [f"{not_a_binlog}: not a binlog, left out"]
    want = build_state(files)
    assert result.state == {f"{t.schema}.{t.table}": t.rows for t in want.tables}
    for table in want.tables:
        [written] = _dataset(tmp_path, "state", table.schema, table.table)
        assert written.drop_columns(list(STATE_COLUMNS)).equals(table.arrow())


def test_state_task_writes_to_an_object_store(s3_env: Any, tmp_path: Path) -> None:
    """The state task writes ``state/`` and ``history/`` into an ``s3://`` output as into a local one."""
    from binlog_ksy.runtime.storage import filesystem_of
    from binlog_ksy.spark_jobs.job.state_task import StateSpec, run_state_task

    sample = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
    files = tuple(sorted(str(p) for p in sample.iterdir()))
    root = s3_env.bucket("state-task") + "/out"
    remote, local = run_state_task(StateSpec(files, (), root)), run_state_task(StateSpec(files, (), str(tmp_path)))
    assert remote == local and remote.history
    filesystem, inner = filesystem_of(root)
    for dataset in ("state", "history"):
        for name in sorted(os.listdir(tmp_path / dataset)):
            for part in sorted(os.listdir(tmp_path / dataset / name)):
                got = pq.read_table(f"{inner}/{dataset}/{name}/{part}", filesystem=filesystem)
                assert got.equals(pq.read_table(tmp_path / dataset / name / part)), (dataset, name, part)


def test_history_spool_with_few_open_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Versions gathered 7 at a time, then with one part file open at a time: the spooled history is the same
    rows, in more files."""
    import binlog_ksy.spark_jobs.job.state_task as state_task

    sample = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
    files = tuple(sorted(str(p) for p in sample.iterdir()))
    whole = state_task.run_state_task(state_task.StateSpec(files, (), str(tmp_path / "whole")))
    monkeypatch.setattr("binlog_ksy.runtime.state.keyed_rows.FLUSH_VERSIONS", 7)  # many parts per table
    wide = state_task.run_state_task(state_task.StateSpec(files, (), str(tmp_path / "wide")))
    assert wide == whole
    assert _everything(tmp_path / "wide", "history") == _everything(tmp_path / "whole", "history")
    monkeypatch.setattr(state_task, "OPEN_WRITERS", 1)
    narrow = state_task.run_state_task(state_task.StateSpec(files, (), str(tmp_path / "narrow")))
    assert narrow == wide
    assert _everything(tmp_path / "narrow", "history") == _everything(tmp_path / "wide", "history")
    counts = [len(os.listdir(tmp_path / name / "history" / "shop.products")) for name in ("wide", "narrow")]
    assert counts[1] > counts[0], counts


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_state_needs_parquet(table_format: str, tmp_path: Path) -> None:
    """``--state`` takes Delta and Iceberg tables too (``tests/test_extract_state_lake.py``), still not
    ``--follow``."""
    from binlog_ksy.runtime.errors import ConfigError
    from binlog_ksy.spark_jobs.job.config import ExtractConfig

    cfg = ExtractConfig(inputs=[str(tmp_path)], output=str(tmp_path / "out"), state=True, table_format=table_format)
    assert cfg.validate().state
    with pytest.raises(ConfigError, match="state: not with follow"):
        cfg.merged(follow=True).validate()


def test_data_source_kind_state_equals_read_state(binlogs: tuple[Workload, list[str]], full_run: Path,
                                                  spark: Any) -> None:  # noqa: F811
    """``spark.read.format("binlog").option("kind", "state")`` gives ``read_state``'s rows, with the origins
    ``extract --state`` writes in ``state/``; a selection of several tables is an error naming the option."""
    load, files = binlogs
    name = f"{load.db}.t_int"  # (never renamed: read_state sees it whole)
    frame = spark.read.format("binlog").option("kind", "state").option("table", name).load(files)
    assert frame.rdd.getNumPartitions() == 1  # (the state is a whole-files computation)
    got = frame.toArrow()
    want = read_state(files, table=name)
    assert got.column_names == [*want.column_names, *STATE_COLUMNS]
    values = got.drop_columns(list(STATE_COLUMNS))
    assert values.to_pylist() == want.cast(values.schema).to_pylist()
    [written] = _dataset(full_run, "state", load.db, "t_int")
    assert got.to_pylist() == written.cast(got.schema).to_pylist()
    several = spark.read.format("binlog").option("kind", "state").option("table", f"{load.db}.*")
    with pytest.raises(Exception, match="kind=state reads one table, but the option table="):
        several.load(files).schema  # noqa: B018 - the driver plans the schema


@pytest.fixture(scope="module")
def unknown_rows(server: MariaDBServer) -> tuple[Workload, list[str]]:
    """A table created before the files (partial) whose rows the files change with MINIMAL images, one of them
    an UPDATE of a row the files never showed (an unknown-row change)."""
    load = Workload.create("xs_unknown", ("t_int", "t_str"), SEED + 1)
    when = 1_700_100_000
    run_script(server, session("FULL", when) + load.schema_sql() + load.dml(1, 20))
    server.flush_logs()
    first = server.binlog_files()[-1].name
    table = next(t for t in load.tables if t.name == "t_int")
    untouched = load.state.ids[table.name][0]
    run_script(server, session("MINIMAL", when + 10) + load.dml(2, 15)
               + [f"UPDATE {table.qname} SET `ver` = `ver` + 1 WHERE `{table.key}` = {untouched}"])
    server.flush_logs()
    names = [p.name for p in server.binlog_files()]
    return load, [str(p) for p in server.binlog_files()][names.index(first):]


def test_summary_says_what_read_state_says(unknown_rows: tuple[Workload, list[str]], spark: Any,  # noqa: F811
                                           tmp_path: Path) -> None:
    """The extract summary (the object, its text, ``--format json``'s dict and the output's summary file) says per
    table what ``read_state`` says: rows, complete or partial, unknown-row changes, the position reached."""
    import json

    from binlog_ksy.runtime.state.base import STATE_METADATA

    load, files = unknown_rows
    out = tmp_path / "out"
    summary = _extract(files, out, spark, databases=[load.db])
    written = json.loads((out / "_binlog_ksy_extract.json").read_text())["state_summary"]
    assert written == summary.to_dict()["state_summary"] == summary.state_summary
    tables = summary.state_summary["tables"]
    assert sorted(tables) == sorted(f"{load.db}.{t.name}" for t in load.tables)
    text = summary.to_text()
    assert f"position reached: {summary.state_summary['position']}" in text
    for name, facts in tables.items():
        want = read_state(files, table=name)
        meta = json.loads(want.schema.metadata[STATE_METADATA])
        assert (facts["rows"], facts["complete"], facts["unknown_row_changes"], facts["position"]) == \
            (want.num_rows, meta["complete"], meta["unknown_row_changes"], meta["position"]), name
        assert summary.state_tables[name] == want.num_rows
        state = "complete" if facts["complete"] else "partial"
        assert f"{name}: {want.num_rows} rows, {state}, {facts['unknown_row_changes']} unknown-row changes" in text
    facts = tables[f"{load.db}.t_int"]
    assert not facts["complete"] and facts["unknown_row_changes"] >= 1, facts  # (the case is what it says)


def test_data_source_kind_state_options() -> None:
    """The schema ``kind=state`` plans (no Spark job: the driver's part), and the options it refuses."""
    from binlog_ksy.runtime.errors import ConfigError
    from binlog_ksy.spark_jobs.datasource import BinlogDataSource

    sample = str(Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full")
    want = read_state(sorted(str(p) for p in Path(sample).iterdir()), table="shop.orders")
    planned = BinlogDataSource({"path": sample, "kind": "state", "table": "shop.orders"}).schema()
    assert planned.names == [*want.column_names, *STATE_COLUMNS]
    assert BinlogDataSource({"path": sample, "kind": "state", "tables": "orders"}).schema() == planned
    with pytest.raises(ConfigError, match="not with the option.s. start_datetime"):
        BinlogDataSource({"path": sample, "kind": "state", "table": "shop.orders",
                          "start_datetime": "2024-01-01"}).schema()
    with pytest.raises(ConfigError, match="give one"):
        BinlogDataSource({"path": sample, "kind": "state", "table": "shop.orders", "tables": "shop.orders"}).schema()
    with pytest.raises(ConfigError, match="option table names the table of kind=state"):
        BinlogDataSource({"path": sample, "kind": "changes", "table": "shop.orders"}).reader(planned)
    with pytest.raises(Exception, match="option table"):
        BinlogDataSource({"path": sample, "kind": "state"}).schema()
