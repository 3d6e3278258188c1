"""``extract --incremental``: only what is new, appended, never twice (spark_jobs/incremental.py).

A real MariaDB server writes binlogs; the archive directory gets copies of
them as they are at two moments (the active binlog grows, new ones appear; the
first copy of the active binlog also ends inside a transaction). Two
incremental runs must give exactly what one full run over the final files
gives, with ``(file, pos, row_index)`` unique; a file that changes under its
name afterwards is an ``errors/`` row, not a reread.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.dataset as ds
import pytest

from binlog_ksy.runtime.reader import BinlogReader
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = [pytest.mark.spark, pytest.mark.server]


def _dataset(path: Path) -> list[dict[str, Any]]:
    """Every row of a Parquet dataset whose parts may have different layouts (a table altered mid-stream)."""
    dataset = ds.dataset(str(path), format="parquet", partitioning="hive")
    schema = pa.unify_schemas([f.physical_schema for f in dataset.get_fragments()] + [dataset.schema])
    return ds.dataset(str(path), format="parquet", partitioning="hive", schema=schema).to_table().to_pylist()


def _keys(rows: list[dict[str, Any]], *columns: str) -> list[tuple[Any, ...]]:
    return sorted(tuple(r[c] for c in columns) for r in rows)


def _archive(srv, archive: Path) -> list[Path]:
    archive.mkdir(exist_ok=True)
    copied = []
    for path in srv.binlog_files():
        shutil.copyfile(path, archive / path.name)
        copied.append(archive / path.name)
    return copied


def _last_transaction_start(path: Path) -> int:
    """The position of the last GTID event of a binlog (where its last transaction begins)."""
    return max(e.pos for e in BinlogReader(str(path)) if e.type_name == "GTID_EVENT")


def test_incremental_runs_equal_one_full_run(spark, mariadb_server_factory, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    srv = mariadb_server_factory({"binlog_row_metadata": "MINIMAL", "binlog_row_image": "FULL"})
    srv.sql(["CREATE DATABASE inc", "CREATE TABLE inc.t (id INT PRIMARY KEY, v VARCHAR(20), n BIGINT)"])
    srv.sql("INSERT INTO inc.t VALUES " + ", ".join(f"({i}, 'v{i}', {i * 10})" for i in range(1, 21)))
    srv.flush_logs()
    srv.sql("UPDATE inc.t SET v = CONCAT(v, '+') WHERE id <= 5")
    srv.sql("BEGIN; DELETE FROM inc.t WHERE id > 18; INSERT INTO inc.t VALUES (100, 'x', 1); COMMIT")
    archive = tmp_path / "archive"
    first = _archive(srv, archive)
    active = first[-1]
    # The copy of the active binlog ends inside its last transaction (the server was writing it).
    cut = _last_transaction_start(active) + 100
    with open(active, "r+b") as fh:
        fh.truncate(cut)

    out = tmp_path / "out"
    one = run_extract([str(archive)], str(out), spark=spark, progress=None, incremental=True)
    rows_one = _dataset(out / "changes")
    assert one.errors == 0  # the unfinished transaction is left for the next run, not reported
    assert one.total_changes == len(rows_one) == 20 + 5  # the insert of 20 and the update of 5
    assert all(r["pos"] < cut for r in rows_one if r["file"] == str(active))

    # More work: the active binlog grows, then a new one starts; DDL between (the history follows it).
    srv.sql("ALTER TABLE inc.t ADD COLUMN w INT DEFAULT 7")
    srv.sql("INSERT INTO inc.t (id, v, n) VALUES (200, 'y', 2)")
    srv.flush_logs()
    srv.sql("UPDATE inc.t SET w = 8 WHERE id = 200")
    final = _archive(srv, archive)
    assert len(final) == len(first) + 1

    two = run_extract([str(archive)], str(out), spark=spark, progress=None, incremental=True)
    assert two.errors == 0
    assert two.total_changes == 2 + 1 + 1 + 1  # the finished transaction (2 deletes, 1 insert), 1 insert, 1 update

    full_out = tmp_path / "full"
    full = run_extract([str(archive)], str(full_out), spark=spark, progress=None)
    inc_changes, full_changes = _dataset(out / "changes"), _dataset(full_out / "changes")
    columns = ("file", "pos", "row_index", "op", "before", "after")
    assert _keys(inc_changes, *columns) == _keys(full_changes, *columns)
    assert len({(r["file"], r["pos"], r["row_index"]) for r in inc_changes}) == len(inc_changes) == full.total_changes
    for dataset, key in (("events", ("file", "pos", "type", "transaction")),
                         ("transactions", ("file", "transaction", "gtid", "rows")),
                         ("errors", ("file", "offset", "kind"))):
        assert _keys(_dataset(out / dataset), *key) == _keys(_dataset(full_out / dataset), *key), dataset
    # the typed table, with the column added mid-stream named by the history the state carried over
    typed = _dataset(out / "tables" / "inc.t")
    assert _keys(typed, "file", "pos", "row_index") == _keys(_dataset(full_out / "tables" / "inc.t"),
                                                              "file", "pos", "row_index")
    last = max(typed, key=lambda r: (r["file"], r["pos"]))
    assert last["after"]["w"] == 8 and last["before"]["w"] == 7

    # Nothing new: a third run appends nothing.
    three = run_extract([str(archive)], str(out), spark=spark, progress=None, incremental=True)
    assert three.total_changes == 0 and len(_dataset(out / "changes")) == len(inc_changes)

    # A file replaced under its name is reported, not reread.
    shutil.copyfile(final[-1], final[0])
    four = run_extract([str(archive)], str(out), spark=spark, progress=None, incremental=True)
    assert four.error_kinds == {"file_changed": 1}
    changed = [r for r in _dataset(out / "errors") if r["kind"] == "file_changed"]
    assert [r["file"] for r in changed] == [str(final[0])] and "not reread" in changed[0]["message"]
    assert len(_dataset(out / "changes")) == len(inc_changes)
