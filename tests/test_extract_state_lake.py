"""``extract --state --table-format delta|iceberg``: ``state/`` and ``history/`` merged into lake tables.

Over ``tests/test_extract_state.py``'s workload (a MariaDB server's binlogs: tables with and without a primary key,
FULL and MINIMAL images, key updates, ``ALTER TABLE``, ``TRUNCATE``, ``DROP`` + ``CREATE``, ``RENAME``), for Delta
and for Iceberg:

* one run: every ``state/`` and ``history/`` table holds the rows of the Parquet ``--state`` output (in the lake's
  types), and ``state/`` those of ``read_state``;
* an ``--incremental`` run over half of the files (the last one cut inside a transaction), then one over all of
  them: the tables equal the Parquet output of one run over all the files; each run committed once per table
  (time travel to the first run's commit gives the first run's rows), a table with a primary key by a merge; a
  plain rerun (the state computed again) commits nothing to them and changes nothing;
* a table altered between runs (a column added, then one dropped): merged, and equal to the Parquet output;
* a run whose store fails between its merges: its commits undone, the next run does the work;
* without Spark, on the state task's own output: a run undone puts every table back (its schema too); an
  ``s3://`` output; a composite key; Arrow's row comparisons.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from test_extract_state import (  # noqa: F401 - the fixtures
    _extract,
    binlogs,
    full_run,
    half_folder,
    rest_of_folder,
    server,
)
from test_state_harness import Workload, run_script, session

from binlog_ksy import read_state
from binlog_ksy.runtime.outputs import lake
from binlog_ksy.runtime.outputs.lake_merge import merge_state_tables
from binlog_ksy.runtime.state.scd_tables import STATE_COLUMNS
from spark_session import spark  # noqa: F401 - the session fixture
from tests.mariadb.server import MariaDBServer

pytestmark = [pytest.mark.server, pytest.mark.spark]

FORMATS = ("delta", "iceberg")
SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
#: The sample's tables the tests without Spark merge (a commit per table each: Iceberg's cost a second on S3).
SAMPLE_TABLES = ("shop.orders", "shop.customers")


def _texts(table: pa.Table, inputs: str = "") -> list[str]:
    """A table's rows as sorted texts, columns in name order (the folder ``inputs`` left out of file names)."""
    rows = (repr(sorted(row.items())) for row in table.to_pylist())
    return sorted(r.replace(inputs, "") if inputs else r for r in rows)


def _parquet(out: Path | str, name: str) -> pa.Table:
    """A dataset of a Parquet ``--state`` output (``state/db.t``...), its parts together, in the lake's types."""
    dataset = lake._dataset(str(out), name)
    return dataset.to_table().cast(lake.lake_schema(dataset.schema))


def _names(out: Path) -> list[str]:
    return [f"{folder}/{name}" for folder in ("state", "history") for name in sorted(os.listdir(out / folder))]


def _commits(out: Path, table_format: str, name: str) -> list[tuple[str, Any]]:
    """Each commit of a table, oldest first: its run and what reads the table as it left it (a Delta version, an
    Iceberg snapshot id)."""
    if table_format == "delta":
        from deltalake import DeltaTable

        history = DeltaTable(lake._delta_uri(str(out), name)).history()
        return [(h[lake.RUN_PROPERTY], h["version"]) for h in reversed(history)]
    table = lake._catalog(str(out), None).load_table(lake.iceberg_name(name, "binlog"))
    return [(s.summary.additional_properties[lake.RUN_PROPERTY], s.snapshot_id) for s in table.snapshots()]


def _as_of(out: Path, table_format: str, name: str, commit: Any) -> pa.Table:
    """A table as a commit left it (time travel)."""
    if table_format == "delta":
        from deltalake import DeltaTable

        return DeltaTable(lake._delta_uri(str(out), name), version=commit).to_pyarrow_table()
    table = lake._catalog(str(out), None).load_table(lake.iceberg_name(name, "binlog"))
    return table.scan(snapshot_id=commit).to_arrow()


def _last_runs(out: Path, table_format: str, name: str) -> list[str]:
    """The runs of a table's commits, one entry per run (an Iceberg transaction may hold several snapshots)."""
    runs: list[str] = []
    for run, _ in _commits(out, table_format, name):
        if not runs or runs[-1] != run:
            runs.append(run)
    return runs


@pytest.mark.parametrize("table_format", FORMATS)
def test_one_run_equals_parquet(table_format: str, binlogs: tuple[Workload, list[str]],  # noqa: F811
                                full_run: Path, spark: Any, tmp_path: Path) -> None:  # noqa: F811
    load, files = binlogs
    out = tmp_path / "out"
    summary = _extract(files, out, spark, databases=[load.db], table_format=table_format)
    names = _names(full_run)
    assert len(names) >= 8, names
    for name in names:
        got = lake.read_table(str(out), table_format, name)
        assert _texts(got) == _texts(_parquet(full_run, name)), name
    assert summary.state_tables == {n.partition("/")[2]: _parquet(full_run, n).num_rows
                                    for n in names if n.startswith("state/")}
    name = f"{load.db}.t_int"  # (never renamed: read_state sees it whole)
    got = lake.read_table(str(out), table_format, f"state/{name}").drop_columns(list(STATE_COLUMNS))
    want = read_state(files, table=name)
    assert _texts(got) == _texts(want.cast(lake.lake_schema(want.schema)))


@pytest.mark.parametrize("table_format", FORMATS)
def test_incremental_runs_merge(table_format: str, binlogs: tuple[Workload, list[str]],  # noqa: F811
                                full_run: Path, spark: Any, tmp_path: Path) -> None:  # noqa: F811
    """Half of the files (the last cut inside a transaction), then all of them, then a plain rerun (it computes
    the state again and merges it): one run over all the files' rows, one commit per run and table, time travel
    to the first run's, no commit by the rerun."""
    load, files = binlogs
    folder, out = half_folder(files, tmp_path / "binlogs"), tmp_path / "out"
    settings = {"databases": [load.db], "table_format": table_format, "incremental": True}
    _extract([str(folder)], out, spark, **settings)
    first = {name: lake.read_table(str(out), table_format, name) for name in _names(full_run)
             if _exists(out, table_format, name)}
    assert any(t.num_rows for t in first.values())
    rest_of_folder(files, folder)
    _extract([str(folder)], out, spark, **settings)
    server_folder = str(Path(files[0]).parent)
    runs = {}
    for name in _names(full_run):
        got = lake.read_table(str(out), table_format, name)
        assert _texts(got, str(folder)) == _texts(_parquet(full_run, name), server_folder), name
        runs[name] = _last_runs(out, table_format, name)
        assert len(runs[name]) <= 2 and len(set(runs[name])) == len(runs[name]), (name, runs[name])
        if name in first and len(runs[name]) == 2:  # the second run changed it: the first run's commit is there
            before = [c for run, c in _commits(out, table_format, name) if run == runs[name][0]][-1]
            assert _texts(_as_of(out, table_format, name, before)) == _texts(first[name]), name
    assert sum(len(r) == 2 for r in runs.values()) >= 4, runs  # (the second run changed tables the first made)
    if table_format == "delta":
        _check_delta_operations(out, load)
    _extract([str(folder)], out, spark, **{**settings, "incremental": False})  # a plain rerun: the same state
    for name in _names(full_run):
        assert _last_runs(out, table_format, name) == runs[name], name
        got = lake.read_table(str(out), table_format, name)
        assert _texts(got, str(folder)) == _texts(_parquet(full_run, name), server_folder), name


def _exists(out: Path, table_format: str, name: str) -> bool:
    if table_format == "delta":
        return (out / name / "_delta_log").is_dir()
    return bool(lake._catalog(str(out), None).table_exists(lake.iceberg_name(name, "binlog")))


def _check_delta_operations(out: Path, load: Workload) -> None:
    """A table with a primary key is merged (its state and its history: no version lost, the ones that had ended
    left as they were); one without is replaced."""
    from deltalake import DeltaTable

    def last(name: str) -> str:
        return str(DeltaTable(str(out / name)).history(1)[0]["operation"])

    assert last(f"state/{load.db}.t_int") == "MERGE"
    assert last(f"history/{load.db}.t_int") == "MERGE"
    metrics = DeltaTable(str(out / f"history/{load.db}.t_int")).history(1)[0]["operationMetrics"]
    assert metrics["num_target_rows_deleted"] == 0 and metrics["num_target_rows_copied"] > 0, metrics
    assert 0 < metrics["num_target_rows_updated"] < metrics["num_target_rows_copied"], metrics
    nopk = next(t.name for t in load.tables if t.name.startswith("t_nopk"))
    assert last(f"state/{load.db}.{nopk}") == "WRITE"


@pytest.fixture(scope="module")
def altered(server: MariaDBServer) -> tuple[str, list[list[str]]]:  # noqa: F811
    """A table written in three steps, a binlog each: rows; a column added (rows updated, inserted, deleted); a
    column dropped. The database and the files after each step."""
    db = "xs_alter"
    server.flush_logs()
    first = server.binlog_files()[-1].name
    when = 1_700_200_000
    steps = [
        [f"CREATE DATABASE {db}", f"CREATE TABLE {db}.t (id INT PRIMARY KEY, v VARCHAR(10), n INT)",
         f"INSERT INTO {db}.t VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3)", f"UPDATE {db}.t SET n = 30 WHERE id = 3"],
        [f"ALTER TABLE {db}.t ADD COLUMN w INT DEFAULT 7", f"UPDATE {db}.t SET w = 1 WHERE id = 1",
         f"INSERT INTO {db}.t VALUES (4, 'd', 4, 4)", f"DELETE FROM {db}.t WHERE id = 2"],
        [f"ALTER TABLE {db}.t DROP COLUMN v", f"UPDATE {db}.t SET n = 40 WHERE id = 4"],
    ]
    files: list[list[str]] = []
    for k, statements in enumerate(steps):
        run_script(server, session("FULL", when + 10 * k) + statements)
        names = [p.name for p in server.binlog_files()]
        files.append([str(p) for p in server.binlog_files()][names.index(first):])
        server.flush_logs()  # (the step's last file gets its ROTATE: the next run reads its grown tail)
    return db, files


@pytest.mark.parametrize("table_format", FORMATS)
def test_alter_table_between_runs(table_format: str, altered: tuple[str, list[list[str]]], spark: Any,  # noqa: F811
                                  tmp_path: Path) -> None:
    """A column added between two runs joins the tables by a merge; one dropped leaves ``state/`` (Delta: the
    table replaced) and stays in ``history/``: after each run, the Parquet output's rows."""
    db, files = altered
    out = tmp_path / "out"
    for k, step in enumerate(files):
        _extract(step, out, spark, databases=[db], table_format=table_format, incremental=True)
        parquet = tmp_path / f"parquet{k}"
        _extract(step, parquet, spark, databases=[db])
        for name in (f"state/{db}.t", f"history/{db}.t"):
            got = lake.read_table(str(out), table_format, name)
            assert _texts(got) == _texts(_parquet(parquet, name)), (k, name)
        state = lake.read_table(str(out), table_format, f"state/{db}.t")
        assert ("w" in state.column_names, "v" in state.column_names) == (k >= 1, k < 2)
        assert len(_last_runs(out, table_format, f"state/{db}.t")) == k + 1
    if table_format == "delta":
        from deltalake import DeltaTable

        operations = [h["operation"] for h in reversed(DeltaTable(str(out / f"state/{db}.t")).history())]
        assert operations == ["WRITE", "MERGE", "WRITE"], operations  # (added: merged; dropped: replaced)
        operations = [h["operation"] for h in reversed(DeltaTable(str(out / f"history/{db}.t")).history())]
        assert operations == ["WRITE", "MERGE", "MERGE"], operations


def _stage(files: tuple[str, ...], folder: Path) -> str:
    """The state task's output over ``files`` (what a run stages), of two of the sample's tables."""
    from binlog_ksy.spark_jobs.job.state_task import StateSpec, run_state_task

    run_state_task(StateSpec(files, (), str(folder), tables=SAMPLE_TABLES))
    return str(folder)


@pytest.mark.parametrize("table_format", FORMATS)
def test_a_run_undone(table_format: str, tmp_path: Path) -> None:
    """``undo_run`` of a run's merges puts every ``state/`` and ``history/`` table back as the run before left it
    (no Spark: the state task's output, merged as a run commits it)."""
    files = tuple(sorted(str(p) for p in SAMPLE.iterdir()))
    target = str(tmp_path / "out")
    merge_state_tables(_stage(files[:1], tmp_path / "one"), target, table_format, run_id="run-1")
    names = _names(tmp_path / "one")
    first = {name: _texts(lake.read_table(target, table_format, name)) for name in names}
    merge_state_tables(_stage(files, tmp_path / "all"), target, table_format, run_id="run-2")
    assert any(_texts(lake.read_table(target, table_format, name)) != first[name] for name in names)
    undone = lake.undo_run(target, table_format, "run-2")
    assert undone and all(n.startswith(("state", "history", "binlog.state", "binlog.history")) for n in undone)
    for name in names:
        assert _texts(lake.read_table(target, table_format, name)) == first[name], name


@pytest.mark.parametrize("table_format", FORMATS)
def test_merge_into_an_object_store(table_format: str, s3_env: Any, tmp_path: Path) -> None:
    """Into an ``s3://`` output (Iceberg: a catalog given) as into a local one, a second run merged."""
    files = tuple(sorted(str(p) for p in SAMPLE.iterdir()))
    target = s3_env.bucket(f"state-{table_format}") + "/out"
    catalog = f"sqlite:///{tmp_path / 'catalog.db'}" if table_format == "iceberg" else None
    one, every = _stage(files[:2], tmp_path / "one"), _stage(files, tmp_path / "all")
    for run, staged in (("run-1", one), ("run-2", every)):
        merge_state_tables(staged, target, table_format, run_id=run, iceberg_catalog=catalog)
    assert len(_names(tmp_path / "all")) == 4
    for name in _names(tmp_path / "all"):
        got = lake.read_table(target, table_format, name, iceberg_catalog=catalog)
        assert _texts(got) == _texts(_parquet(every, name)), name
    assert lake.run_ids(target, table_format, "state/shop.orders", iceberg_catalog=catalog) == ["run-1", "run-2"]


def _stage_state(folder: Path, rows: list[dict[str, Any]], key: tuple[str, ...] = ("a", "b")) -> str:
    """A staged ``state/db.t`` of ``rows`` (columns ``a``, ``b``, ``v``, ``w``: the ones the first row has) whose
    footer records the primary key ``key``."""
    import json

    import pyarrow.parquet as pq

    columns = [("a", pa.int32()), ("b", pa.string()), ("v", pa.int16()), ("w", pa.string())]  # (v: Iceberg int32)
    table = pa.Table.from_pylist(rows, schema=pa.schema([c for c in columns if c[0] in rows[0]]))
    table = table.replace_schema_metadata({b"binlog_ksy.state": json.dumps({"primary_key": list(key)})})
    (folder / "state" / "db.t").mkdir(parents=True)
    pq.write_table(table, folder / "state" / "db.t" / "part-state.parquet")
    return str(folder)


@pytest.mark.parametrize("table_format", FORMATS)
def test_merge_on_a_composite_key(table_format: str, tmp_path: Path) -> None:
    """A state keyed by two columns: a second run's row changed, one gone and one new; the rows that stayed the
    same are not rewritten (Delta: the merge's metrics), a third run the same as the second commits nothing."""
    target = str(tmp_path / "out")
    one = [{"a": 1, "b": "x", "v": 1}, {"a": 1, "b": "y", "v": 2}, {"a": 2, "b": "x", "v": 3}]
    two = [{"a": 1, "b": "x", "v": 1}, {"a": 1, "b": "y", "v": 20}, {"a": 3, "b": "x", "v": 4}]
    merge_state_tables(_stage_state(tmp_path / "one", one), target, table_format, run_id="run-1")
    for run in ("run-2", "run-3"):
        merge_state_tables(_stage_state(tmp_path / run, two), target, table_format, run_id=run)
        assert _texts(lake.read_table(target, table_format, "state/db.t")) == _texts(pa.Table.from_pylist(two))
    assert lake.run_ids(target, table_format, "state/db.t") == ["run-1", "run-2"]
    if table_format == "delta":
        from deltalake import DeltaTable

        metrics = DeltaTable(lake._delta_uri(target, "state/db.t")).history(1)[0]["operationMetrics"]
        assert (metrics["num_target_rows_updated"], metrics["num_target_rows_inserted"],
                metrics["num_target_rows_deleted"]) == (1, 1, 1), metrics


@pytest.mark.parametrize("table_format", FORMATS)
def test_undo_of_a_layout_change(table_format: str, tmp_path: Path) -> None:
    """A run that dropped a column, then one that added one, each undone: the table is back, its columns too."""
    target = str(tmp_path / "out")
    first = [{"a": 1, "b": "x", "v": 1}, {"a": 2, "b": "y", "v": 2}]
    merge_state_tables(_stage_state(tmp_path / "one", first, ("a",)), target, table_format, run_id="run-1")
    for run, rows in (("run-2", [{"a": 1, "v": 1}, {"a": 3, "v": 3}]),
                      ("run-3", [{"a": 1, "b": "x", "v": 1, "w": "new"}, {"a": 2, "b": "y", "v": 2, "w": "new"}])):
        merge_state_tables(_stage_state(tmp_path / run, rows, ("a",)), target, table_format, run_id=run)
        assert _texts(lake.read_table(target, table_format, "state/db.t")) == _texts(pa.Table.from_pylist(rows))
        assert lake.undo_run(target, table_format, run)
        back = lake.read_table(target, table_format, "state/db.t")
        assert back.column_names == ["a", "b", "v"], run
        assert _texts(back) == _texts(pa.Table.from_pylist(first)), run


def test_row_sets_compare_rows_with_nulls() -> None:
    """``present_in`` and ``same_multiset`` (Arrow's group by, no join): nulls equal nulls, a null struct is not a
    struct of nulls, duplicates count, a type Arrow cannot group answers None; ``same_rows`` compares in the
    staged types (a table read back wider)."""
    from binlog_ksy.runtime.outputs.lake_merge import same_rows
    from binlog_ksy.runtime.outputs.row_sets import present_in, same_multiset

    position = pa.struct([("file", pa.string()), ("pos", pa.int64()), ("row_index", pa.int32())])
    made = [{"file": "f", "pos": 1, "row_index": None}, None, {"file": None, "pos": None, "row_index": None}]
    left = pa.table({"p": pa.array(made, position), "v": pa.array([1, None, 3], pa.int16())})
    right = pa.table({"p": pa.array([None, made[0]], position), "v": pa.array([None, 1], pa.int32())})
    found, back = present_in(left, right, ["p", "v"]), present_in(right, left, ["p"])
    assert found is not None and found.to_pylist() == [True, True, False]
    assert back is not None and back.to_pylist() == [True, True]
    assert same_multiset(left.slice(0, 2), right, ["p", "v"])
    twice = pa.table({"v": [1, 1, 2]})
    assert same_multiset(twice, twice, ["v"]) and not same_multiset(twice, pa.table({"v": [1, 2, 2]}), ["v"])
    lists = pa.table({"v": [[1], [2]]})
    assert present_in(lists, lists, ["v"]) is None and same_multiset(lists, lists, ["v"]) is None
    assert same_rows(right.cast(pa.schema([("p", position), ("v", pa.int64())])), right)
    assert not same_rows(right, right.slice(1))


@pytest.mark.parametrize("table_format", FORMATS)
def test_a_run_failing_between_merges_is_undone(table_format: str, altered: tuple[str, list[list[str]]],
                                                spark: Any, tmp_path: Path,  # noqa: F811
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose store fails after its first merges (the ``state/`` table merged, ``history/`` not): the run
    fails and its commits are undone, every table as the run before left it; the next run does the work."""
    import binlog_ksy.runtime.outputs.lake_merge as lake_merge

    db, files = altered
    out = tmp_path / "out"
    _extract(files[0], out, spark, databases=[db], table_format=table_format, incremental=True)
    names = (f"state/{db}.t", f"history/{db}.t")
    before = {name: _texts(lake.read_table(str(out), table_format, name)) for name in names}
    merge = lake_merge._merge_delta if table_format == "delta" else lake_merge._merge_iceberg

    merged: list[str] = []

    def failing(*args: Any) -> Any:
        name = next(str(a) for a in args[:3] if str(a).startswith(("state/", "history/")))  # (Delta, Iceberg)
        if name.startswith("history/"):
            raise OSError("the store went away")
        merged.append(name)
        return merge(*args)

    monkeypatch.setattr(lake_merge, f"_merge_{table_format}", failing)
    with pytest.raises(Exception, match="the store went away"):
        _extract(files[1], out, spark, databases=[db], table_format=table_format, incremental=True)
    assert merged == [f"state/{db}.t"]  # (committed, then undone)
    assert {name: _texts(lake.read_table(str(out), table_format, name)) for name in names} == before
    monkeypatch.setattr(lake_merge, f"_merge_{table_format}", merge)
    _extract(files[1], out, spark, databases=[db], table_format=table_format, incremental=True)
    parquet = tmp_path / "parquet"
    _extract(files[1], parquet, spark, databases=[db])
    for name in names:
        after = _texts(lake.read_table(str(out), table_format, name))
        assert after == _texts(_parquet(parquet, name)) and after != before[name], name
