"""The extraction job (spark_jobs/job/extract.py) and ``binlog-ksy extract`` (spark_jobs/job/cli.py).

One job run over a small mixed input is shared by most tests (module
fixture): the MariaDB 10.11 sample set with FULL row metadata (3 files, 413
row changes), two MySQL fixtures (GTIDs; a zstd TRANSACTION_PAYLOAD), the
truncated fixture and a gzip file that is not a binlog. The other runs use a
single small file to keep the Spark time low. The last test writes fresh
binlogs with a real MariaDB server (marker ``server``) and compares the
replayed ``tables/`` dataset with the server's table.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.spark_jobs.job.config import ConfigError, ExtractConfig, load_job_file
from fixture_index import FIXTURES
from spark_session import spark  # noqa: F401 - the session fixture

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full"
TRUNCATED = FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__binlog_truncated_prev_gtid_event.000001"
NOT_A_BINLOG = FIXTURES / "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.sakila.gz"
MYSQL_GTID = FIXTURES / "EasyPost__rust-mysql-binlog/test_data__bin-log.000001"
MYSQL_ZSTD = FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__transaction_compression.000001"


pytestmark = pytest.mark.spark


def inputs() -> list[str]:
    return [str(SAMPLE), str(MYSQL_GTID), str(MYSQL_ZSTD), str(TRUNCATED), str(NOT_A_BINLOG)]


def input_files() -> list[str]:
    return sorted([str(p) for p in SAMPLE.iterdir()] + inputs()[1:])


@pytest.fixture(scope="module")
def job(spark, tmp_path_factory: pytest.TempPathFactory):  # noqa: F811
    """One job run with --typed; yields (output dir, summary)."""
    from binlog_ksy.spark_jobs.job.extract import run_extract

    out = tmp_path_factory.mktemp("extract") / "out"
    summary = run_extract(inputs(), str(out), spark=spark, progress=None)  # typed tables are the default
    return out, summary


def _rows(spark, path: Path, order: list[str] | None = None) -> list[Any]:  # noqa: F811
    df = spark.read.parquet(str(path))
    return sorted(tuple(r) for r in df.select(*(order or df.columns)).collect())


def test_datasets_exist_with_the_documented_schemas(spark, job) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.datasource import CHANGES_SCHEMA, ERRORS_SCHEMA, EVENTS_SCHEMA
    from binlog_ksy.spark_jobs.job.extract import MARKER_FILE, TRANSACTIONS_COLUMNS

    out, _ = job
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["events", "changes", "transactions", "errors", "tables", MARKER_FILE])
    events = spark.read.parquet(str(out / "events"))
    assert events.schema.fieldNames() == [f for f in EVENTS_SCHEMA.fieldNames() if f != "error"]
    assert [f.dataType for f in events.schema] == [f.dataType for f in EVENTS_SCHEMA if f.name != "error"]
    changes = spark.read.parquet(str(out / "changes"))
    expected = [f for f in CHANGES_SCHEMA.fieldNames() if f not in ("error", "schema", "table")] + ["schema", "table"]
    assert changes.schema.fieldNames() == expected  # partition columns come last
    partitions = {p.name for p in (out / "changes").iterdir() if p.is_dir()}
    assert "schema=shop" in partitions and all(p.startswith("schema=") for p in partitions)
    assert (out / "changes" / "schema=shop" / "table=orders").is_dir()
    assert spark.read.parquet(str(out / "errors")).schema == ERRORS_SCHEMA
    assert tuple(spark.read.parquet(str(out / "transactions")).schema.fieldNames()) == TRANSACTIONS_COLUMNS
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".out.")]  # no temp dirs left


def test_event_counts_equal_the_runtime(spark, job) -> None:  # noqa: F811
    out, summary = job
    events = spark.read.parquet(str(out / "events"))
    got = {r["file"]: r["count"] for r in events.groupBy("file").count().collect()}
    expected = {}
    for path in input_files():
        n = sum(1 for _ in BinlogReader(path, on_error="skip")) if path != str(NOT_A_BINLOG) else 0
        if n:
            expected[path] = n
    assert got == expected
    assert summary.events == sum(expected.values())
    assert summary.files == len(input_files())


def test_changes_match_the_sample_manifest(spark, job) -> None:  # noqa: F811
    out, summary = job
    manifest = json.loads((SAMPLE.parent / "manifest.json").read_text())
    files = manifest["sets"]["shop-full"]["files"]
    changes = spark.read.parquet(str(out / "changes")).where(f"file LIKE '{SAMPLE}%'")
    got = {(Path(r["file"]).name, r["op"]): r["count"] for r in changes.groupBy("file", "op").count().collect()}
    want = {(f["name"], op.lower()): n for f in files for op, n in f["row_changes"].items()}
    assert got == want
    assert sum(n for (schema_table, n) in summary.changes.items() if schema_table.startswith("shop.")) == 413
    # values as text and JSON agree
    row = changes.where("table = 'orders' AND op = 'insert'").orderBy("file", "pos").first()
    after = json.loads(row["after"])
    assert row["after_values"]["status"] == after["status"]
    assert row["primary_key"] == ["id"]


def test_truncated_and_unreadable_files_are_in_errors(spark, job) -> None:  # noqa: F811
    out, summary = job
    errors = spark.read.parquet(str(out / "errors"))
    rows = {(r["file"], r["kind"]): r for r in errors.collect()}
    # A file that ends inside an event may be one the server is still writing: its tail (the cut event
    # at byte 120, 9 bytes to the end) is not read but named in the summary, and the exit status is 1.
    assert (str(TRUNCATED), "truncated") not in rows
    assert summary.unfinished[str(TRUNCATED)] == summary.cut[str(TRUNCATED)] == 120
    assert os.path.getsize(TRUNCATED) == 120 + 9
    bad = rows[(str(NOT_A_BINLOG), "not_a_binlog")]
    assert (bad["offset"], bad["length"]) == (0, os.path.getsize(NOT_A_BINLOG))
    # the truncated file's good event is kept
    events = spark.read.parquet(str(out / "events")).where(f"file = '{TRUNCATED}'").collect()
    assert [(r["pos"], r["type"]) for r in events] == [(4, "FORMAT_DESCRIPTION_EVENT")]
    # each problem once
    assert errors.count() == errors.distinct().count() == summary.errors
    assert summary.files_with_errors >= 1


def test_transactions_aggregate(spark, job) -> None:  # noqa: F811
    from binlog_ksy.runtime.transactions import TransactionTracker

    out, _ = job
    tx = spark.read.parquet(str(out / "transactions"))
    path = str(SAMPLE / "binlog.000002")
    tracker = TransactionTracker()
    seqs = {tracker.update(e).seq for e in BinlogReader(path)} - {None}
    mine = tx.where(f"file = '{path}'")
    assert mine.count() == len(seqs)
    assert mine.where("first_pos > last_pos OR commit_time < start_time").count() == 0
    totals = mine.selectExpr("sum(inserts) AS i", "sum(updates) AS u", "sum(deletes) AS d").first()
    manifest = json.loads((SAMPLE.parent / "manifest.json").read_text())
    counts = next(f for f in manifest["sets"]["shop-full"]["files"] if f["name"] == "binlog.000002")["row_changes"]
    assert (totals["i"], totals["u"], totals["d"]) == (counts.get("INSERT", 0), counts.get("UPDATE", 0),
                                                      counts.get("DELETE", 0))
    multi = mine.where("size(tables) > 1").first()
    assert multi is not None and multi["tables"] == sorted(multi["tables"])
    assert multi["gtid"].startswith("0-1-")


def test_typed_tables(spark, job) -> None:  # noqa: F811
    import datetime as dt
    from decimal import Decimal

    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    out, summary = job
    assert "shop.orders" in summary.typed_tables
    orders = spark.read.parquet(str(out / "tables" / "shop.orders"))
    types = {f.name: f.dataType for f in orders.schema}
    assert types["op"] == T.StringType() and types["timestamp"] == T.TimestampType()
    assert [f.name for f in orders.schema][:8] == ["file", "pos", "row_index", "timestamp", "server_id", "gtid",
                                                  "transaction", "op"]
    after = {f.name: f.dataType for f in types["after"].fields}
    assert types["before"] == types["after"]
    assert after["total"] == T.DecimalType(12, 2)
    assert after["placed_at"] == T.TimestampNTZType()
    assert after["uuid"] == T.BinaryType()
    assert after["delivery_window"] == T.DayTimeIntervalType()
    changes = spark.read.parquet(str(out / "changes")).where("schema = 'shop' AND table = 'orders'")
    assert orders.count() == changes.count()
    # every row change once, with its images where the op has them
    ops = {r["op"]: (r["b"], r["a"], r["n"]) for r in orders.groupBy("op").agg(
        F.count(F.col("before")).alias("b"), F.count(F.col("after")).alias("a"), F.count("*").alias("n")).collect()}
    assert ops["insert"][0] == 0 and ops["insert"][1] == ops["insert"][2]
    assert ops["delete"][0] == ops["delete"][2] and ops["delete"][1] == 0
    assert ops["update"][0] == ops["update"][1] == ops["update"][2] > 0
    first = orders.orderBy("file", "pos", "row_index").first()
    assert first["op"] == "insert" and isinstance(first["after"]["total"], Decimal)
    assert isinstance(first["after"]["placed_at"], dt.datetime)
    text = changes.orderBy("file", "pos", "row_index").first()["after_values"]
    assert str(first["after"]["total"]) == text["total"]
    # the same rows as the changes, key for key
    keys = {(r["file"], r["pos"], r["row_index"]) for r in orders.select("file", "pos", "row_index").collect()}
    assert keys == {(r["file"], r["pos"], r["row_index"])
                    for r in changes.select("file", "pos", "row_index").collect()}


def test_rerun_gives_the_same_rows(spark, job, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    out, first = job
    before = {name: _rows(spark, out / name) for name in ("events", "transactions", "errors")}
    changes_before = _rows(spark, out / "changes")
    again = run_extract(inputs(), str(out), spark=spark, typed=False, progress=None)
    assert again.events == first.events and again.changes == first.changes and again.errors == first.errors
    for name, rows in before.items():
        assert _rows(spark, out / name) == rows, name
    assert _rows(spark, out / "changes") == changes_before
    assert not (out / "tables").exists()  # replaced as a whole


def test_failed_run_leaves_no_dataset(spark, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import socket
    import subprocess

    from binlog_ksy.spark_jobs.job import extract as extract_job
    from binlog_ksy.spark_jobs.job.extract import MARKER_FILE, run_extract_config
    from binlog_ksy.spark_jobs.job.output import OutputDirectory

    out = tmp_path / "out"
    cfg = ExtractConfig(inputs=[str(TRUNCATED)], output=str(out))

    # a failure half-way (the tasks wrote their parts, the summary is not made)
    def broken(*args: object) -> None:
        assert (Path(list(tmp_path.glob(".out.tmp-*"))[0]) / "events").is_dir()
        raise RuntimeError("executor lost")

    with monkeypatch.context() as m:
        m.setattr(extract_job, "_summarize", broken)
        with pytest.raises(RuntimeError, match="executor lost"):
            run_extract_config(cfg, spark=spark, progress=None)
    assert list(tmp_path.iterdir()) == []

    # a run killed outright left its temporary directory: the next run removes it
    dead = subprocess.Popen(["true"])
    dead.wait()  # a pid that is gone
    stale = tmp_path / ".out.tmp-0123456789ab"
    (stale / "events").mkdir(parents=True)
    (stale / "_owner.json").write_text(json.dumps({"host": socket.gethostname(), "pid": dead.pid}))
    run_extract_config(cfg, spark=spark, progress=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    marker = (out / MARKER_FILE).read_text()

    # a failure at the very end, with a previous output: it stays as it was
    def boom(tmp: str) -> None:
        assert (Path(tmp) / "events").is_dir() and (Path(tmp) / MARKER_FILE).is_file()
        raise RuntimeError("disk full")

    cfg2 = ExtractConfig(inputs=[str(MYSQL_GTID)], output=str(out))
    with pytest.raises(RuntimeError, match="disk full"):
        run_extract_config(cfg2, spark=spark, progress=None, _before_commit=boom)
    assert (out / MARKER_FILE).read_text() == marker
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert {r["file"] for r in spark.read.parquet(str(out / "events")).collect()} == {str(TRUNCATED)}

    # killed between moving the old output aside and renaming the new one: the old one comes back
    out.rename(tmp_path / ".out.old-0123456789ab")
    assert OutputDirectory(spark, str(out)).recover() != []
    assert (out / MARKER_FILE).read_text() == marker


def test_refuses_to_replace_a_foreign_directory(spark, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(ConfigError, match="did not write"):
        run_extract([str(TRUNCATED)], str(tmp_path), spark=spark, progress=None)
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_output_inside_an_input_directory_is_not_read(spark, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import MARKER_FILE, run_extract

    (tmp_path / "binlog.000001").symlink_to(MYSQL_GTID)
    previous = tmp_path / "out"  # as a previous run left it
    (previous / "events").mkdir(parents=True)
    (previous / "events" / "part-00000.parquet").write_bytes(b"PAR1")
    (previous / MARKER_FILE).write_text("{}")
    summary = run_extract([str(tmp_path)], str(previous), spark=spark, progress=None)
    assert summary.files == 1 and summary.errors == 0


def test_cli_with_job_file_and_filters(spark, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    from binlog_ksy.runtime.commands.common import EXIT_DAMAGED, EXIT_USAGE
    from binlog_ksy.spark_jobs.job.cli import add_extract_parser

    parser = argparse.ArgumentParser(prog="binlog-ksy")
    add_extract_parser(parser.add_subparsers(dest="command"))
    job_file = tmp_path / "job.yaml"
    job_file.write_text(
        f"inputs: [{SAMPLE / 'binlog.000002'}, {TRUNCATED}]\n"
        "output: out\n"
        "tables: [shop.orders]\n"
        "start_datetime: '2025-01-01 01:00:00'\n"
        "spark_conf: {spark.sql.shuffle.partitions: 2}\n")
    cfg = load_job_file(str(job_file))
    assert cfg.output == str(tmp_path / "out") and cfg.tables == ["shop.orders"]
    assert cfg.spark_conf == {"spark.sql.shuffle.partitions": "2"}

    args = parser.parse_args(["extract", "--config", str(job_file), "--quiet", "--json"])
    assert args.run(args) == EXIT_DAMAGED  # the truncated file
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["changes"]) == {"shop.orders"}
    changes = spark.read.parquet(str(tmp_path / "out" / "changes"))
    assert changes.where("timestamp < '2025-01-01 01:00:00'").count() == 0
    assert changes.count() == summary["total_changes"] > 0

    args = parser.parse_args(["extract", str(tmp_path / "missing*"), "--output", str(tmp_path / "o2")])
    assert args.run(args) == EXIT_USAGE
    args = parser.parse_args(["extract", str(TRUNCATED)])
    assert args.run(args) == EXIT_USAGE  # no --output
    with pytest.raises(ConfigError, match="unknown settings"):
        ExtractConfig.from_mapping({"inputz": []})


# -- against a fresh MariaDB server ---------------------------------------------------------------

_ITEMS_DDL = """
CREATE DATABASE shop2;
CREATE TABLE shop2.items (
  id BIGINT PRIMARY KEY,
  u INT UNSIGNED,
  price DECIMAL(10,2),
  label VARCHAR(30) CHARACTER SET utf8mb4,
  raw VARBINARY(16),
  made DATETIME(3),
  seen TIMESTAMP(6) NULL DEFAULT NULL,
  day DATE,
  dur TIME,
  ratio DOUBLE,
  note TEXT CHARACTER SET latin1
) ENGINE=InnoDB;
"""


def _item(i: int) -> str:
    """One row of shop2.items as SQL values (some NULLs, non-ASCII text, negative TIME)."""
    label = "NULL" if i % 7 == 0 else f"'é-{i}-☃'"
    raw = "NULL" if i % 5 == 0 else f"0x{(i * 2654435761 % 2**64):016x}"
    seen = "NULL" if i % 4 == 0 else f"'2025-01-0{1 + i % 9} 12:34:56.{i:06d}'"
    return (f"({i}, {4294967295 - i}, {i * 1.25 - 10:.2f}, {label}, {raw}, "
            f"'2024-12-31 23:59:{i % 60:02d}.{i % 1000:03d}', {seen}, '2025-02-{1 + i % 28:02d}', "
            f"'{'-' if i % 3 == 0 else ''}{i}:05:07', {i / 8 - 1.1!r}, "
            f"'note {i} ü')")


@pytest.mark.server
def test_job_on_fresh_mariadb_binlogs(spark, mariadb_server_factory, tmp_path: Path) -> None:  # noqa: F811
    """Write a MariaDB binlog, extract it, replay tables/ and compare with SELECT."""
    from binlog_ksy.spark_jobs.job.extract import run_extract

    srv = mariadb_server_factory({"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"})
    srv.sql(_ITEMS_DDL)
    srv.sql("INSERT INTO shop2.items VALUES " + ", ".join(_item(i) for i in range(1, 31)))
    srv.flush_logs()
    srv.sql("BEGIN; UPDATE shop2.items SET price = price + 1, note = CONCAT(note, ' +') WHERE id % 3 = 0; "
            "DELETE FROM shop2.items WHERE id > 25; COMMIT")
    srv.sql("INSERT INTO shop2.items VALUES " + ", ".join(_item(i) for i in range(40, 45)))
    srv.sql("UPDATE shop2.items SET label = NULL, seen = '2030-06-30 01:02:03.5' WHERE id = 2")
    srv.flush_logs()
    binlogs = srv.copy_binlogs(tmp_path / "binlogs")
    gtid_pos = srv.gtid_binlog_pos()

    out = tmp_path / "out"
    summary = run_extract([str(tmp_path / "binlogs")], str(out), spark=spark, progress=None)
    assert summary.errors == 0
    # events: as the runtime reads them
    assert summary.events == sum(sum(1 for _ in BinlogReader(str(p))) for p in binlogs)
    # changes: 30 + 5 inserts, 10 + 1 updates, 5 deletes
    ops = {r["op"]: r["count"] for r in spark.read.parquet(str(out / "changes"))
           .where("schema = 'shop2'").groupBy("op").count().collect()}
    assert ops == {"insert": 35, "update": 11, "delete": 5}
    # transactions: the last GTID is the server's
    tx = spark.read.parquet(str(out / "transactions")).where("rows > 0")
    assert tx.count() == 4
    assert tx.orderBy("file", "last_pos").collect()[-1]["gtid"] == gtid_pos
    mixed = tx.where("updates > 0 AND deletes > 0").first()
    assert (mixed["updates"], mixed["deletes"], mixed["tables"]) == (10, 5, ["shop2.items"])

    # tables/shop2.items replayed by primary key == the server's table
    typed = spark.read.parquet(str(out / "tables" / "shop2.items"))
    rows = typed.selectExpr("op", "before.id AS old_id", "after.*", "unix_micros(after.seen) AS seen_us") \
        .orderBy("file", "pos", "row_index").collect()
    table: dict[int, tuple[Any, ...]] = {}
    for r in rows:
        if r["op"] == "delete":
            del table[r["old_id"]]
            continue
        if r["op"] == "update" and r["old_id"] != r["id"]:
            del table[r["old_id"]]
        table[r["id"]] = (
            r["id"], r["u"], None if r["price"] is None else str(r["price"]), r["label"],
            None if r["raw"] is None else bytes(r["raw"]).hex().upper(),
            None if r["made"] is None else r["made"].strftime("%Y-%m-%d %H:%M:%S.%f"),
            r["seen_us"], None if r["day"] is None else r["day"].isoformat(),
            None if r["dur"] is None else int(r["dur"].total_seconds()), r["ratio"], r["note"],
        )
    server = srv.query(
        "SELECT id, u, price, label, HEX(raw), DATE_FORMAT(made, '%Y-%m-%d %H:%i:%s.%f'), "
        "CAST(UNIX_TIMESTAMP(seen) * 1000000 AS INTEGER), day, TIME_TO_SEC(dur), ratio, note "
        "FROM shop2.items ORDER BY id")
    expected = [(int(i), int(u), p, lab, raw, made, None if seen is None else int(seen), day,
                 None if dur is None else int(dur), None if ratio is None else float(ratio), note)
                for i, u, p, lab, raw, made, seen, day, dur, ratio, note in server]
    assert len(expected) == 30  # ids 1-25 and 40-44
    assert [table[k] for k in sorted(table)] == expected


@pytest.mark.server
def test_a_table_altered_mid_stream_loses_no_row(spark, mariadb_server_factory, tmp_path: Path) -> None:  # noqa: F811
    """ALTER TABLE between inserts: one typed part per layout, read together with mergeSchema, every row kept."""
    import pyarrow.parquet as pq

    from binlog_ksy.cli import main
    from binlog_ksy.spark_jobs.job.extract import run_extract

    srv = mariadb_server_factory({"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"})
    srv.sql(["CREATE DATABASE alt", "CREATE TABLE alt.t (id INT PRIMARY KEY, v VARCHAR(10))",
             "INSERT INTO alt.t VALUES (1, 'a'), (2, 'b'), (3, 'c')",
             "ALTER TABLE alt.t ADD COLUMN w BIGINT",
             "INSERT INTO alt.t VALUES (4, 'd', 40), (5, 'e', 50)",
             "UPDATE alt.t SET w = 10 WHERE id = 1",
             "ALTER TABLE alt.t DROP COLUMN v",
             "INSERT INTO alt.t VALUES (6, 60)",
             "DELETE FROM alt.t WHERE id = 2"])
    srv.flush_logs()
    srv.copy_binlogs(tmp_path / "binlogs")

    out = tmp_path / "out"
    summary = run_extract([str(tmp_path / "binlogs")], str(out), spark=spark, progress=None)
    assert summary.typed_layouts["alt.t"] == 3
    assert "alt.t: 3 layouts" in summary.to_text()
    typed = spark.read.option("mergeSchema", True).parquet(str(out / "tables" / "alt.t"))
    assert sorted(f.name for f in typed.schema["after"].dataType.fields) == ["id", "v", "w"]
    rows = [(r["op"], r["after_id"], r["v"], r["w"], r["before_id"]) for r in typed.selectExpr(
        "op", "after.id AS after_id", "after.v", "after.w", "before.id AS before_id")
        .orderBy("file", "pos", "row_index")
        .collect()]
    assert rows == [("insert", 1, "a", None, None), ("insert", 2, "b", None, None), ("insert", 3, "c", None, None),
                    ("insert", 4, "d", 40, None), ("insert", 5, "e", 50, None), ("update", 1, "a", 10, 1),
                    ("insert", 6, None, 60, None), ("delete", None, None, None, 2)]

    # the same from the command line, without Spark
    cli_out = tmp_path / "cli"
    assert main(["rows", "--format", "parquet", "--output", str(cli_out),
                 *map(str, sorted((tmp_path / "binlogs").iterdir()))]) == 0
    marker = json.loads((cli_out / "_binlog_ksy_rows.json").read_text())
    assert marker["tables"]["alt.t"]["rows"] == 8 and marker["tables"]["alt.t"]["layouts"] == 3
    assert len(list((cli_out / "alt.t").glob("*.parquet"))) == 3
    parts = sorted((cli_out / "alt.t").glob("*.parquet"))
    assert [pq.read_metadata(p).num_rows for p in parts] == [3, 3, 2]
    assert [sorted(f.name for f in pq.read_schema(p).field("after").type) for p in parts] == [
        ["id", "v"], ["id", "v", "w"], ["id", "w"]]


@pytest.mark.parametrize("names", [["id", "naïve", "ccc"], ["x"], [""], []])
@pytest.mark.parametrize("n", [0, 1, 5])
def test_map_keys_equal_a_take_of_the_names(names: list[str], n: int) -> None:
    """changes/ value maps: the keys built from their buffers are the names repeated row by row."""
    import numpy as np
    import pyarrow as pa

    from binlog_ksy.spark_jobs.change_batches import _repeated_names

    keys = _repeated_names(names, n)
    keys.validate(full=True)
    assert keys.equals(pa.array(names, pa.string()).take(pa.array(np.tile(np.arange(len(names)), n))))
