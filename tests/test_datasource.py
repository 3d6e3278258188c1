"""The ``binlog`` PySpark data source (spark_jobs/datasource.py) over the shared fixtures.

Spark tests share one local[2] session (tests/spark_session.py) and read a
handful of small fixtures chosen for variety: GTIDs and rows v2, a zstd
TRANSACTION_PAYLOAD, MariaDB, FULL row metadata, a 3.23 (v1) file, the
truncated file, and a gzip file that is not a binlog.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pytest

from fixture_index import FIXTURES
from spark_session import spark  # noqa: F401 - the session fixture

from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.spark_jobs import records
from binlog_ksy.spark_jobs.paths import expand_inputs

pytestmark = pytest.mark.spark

SMALL = [
    "EasyPost__rust-mysql-binlog/test_data__bin-log.000001",
    "blackbeam__rust_mysql_common/test-data__binlogs__transaction_compression.000001",
    "blackbeam__rust_mysql_common/test-data__binlogs__mariadb-bin.000001",
    "Percona-Lab__percona-binlog-server/mtr__binlog_streaming__std_data__data_80045_gtid.zip__data_80045_gtid__binlog.000001",
    "pieter__mysql-server/mysql-test__std_data__master-bin.001",
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog_truncated_prev_gtid_event.000001",
]
TRUNCATED = SMALL[-1]
NOT_A_BINLOG = "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.sakila.gz"


def _changes_available() -> bool:
    try:
        from binlog_ksy.runtime.changes import ChangeReader  # noqa: F401
    except Exception:
        return False
    return True


needs_changes = pytest.mark.skipif(not _changes_available(), reason="runtime.changes does not import yet")


def fixture_paths(names: list[str] = SMALL) -> list[str]:
    return [str(FIXTURES / n) for n in names]


@pytest.fixture(scope="module")
def binlog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small fixtures in one directory (symlinks), plus files the source must skip."""
    root = tmp_path_factory.mktemp("binlogs")
    (root / "sub").mkdir()
    for i, name in enumerate(SMALL):
        target = root / ("sub" if i % 2 else ".") / Path(name).name
        target.symlink_to(FIXTURES / name)
    (root / "binlog.index").write_text("./binlog.000001\n")
    (root / ".hidden").write_bytes(b"\xfebin")
    (root / "_SUCCESS").write_bytes(b"")
    return root


def runtime_event_counts(paths: list[str]) -> dict[str, int]:
    """Events per file as the single-process runtime reads them (skip mode)."""
    out = {}
    for p in paths:
        out[p] = sum(1 for _ in BinlogReader(p, on_error="skip"))
    return out


# -- without Spark ---------------------------------------------------------------------------


def test_schemas_match_the_row_tuples() -> None:
    from binlog_ksy.spark_jobs.datasource import CHANGES_SCHEMA, COLUMN_INFO, ERRORS_SCHEMA, EVENTS_SCHEMA

    assert tuple(EVENTS_SCHEMA.fieldNames()) == records.EVENT_COLUMNS
    assert tuple(CHANGES_SCHEMA.fieldNames()) == records.CHANGE_COLUMNS
    assert tuple(ERRORS_SCHEMA.fieldNames()) == records.ERROR_COLUMNS
    assert tuple(COLUMN_INFO.fieldNames()) == records.COLUMN_INFO_FIELDS


def test_directory_expansion_is_recursive_and_skips_index_files(binlog_dir: Path) -> None:
    files = expand_inputs(str(binlog_dir))
    names = sorted(Path(f.uri).name for f in files)
    assert names == sorted(Path(n).name for n in SMALL)
    assert all(os.path.isabs(f.uri) and f.size for f in files)
    # an index file named explicitly is read as given
    assert [Path(f.uri).name for f in expand_inputs(str(binlog_dir / "binlog.index"))] == ["binlog.index"]
    # globs: ** spans directories; the same skip rules apply
    assert len(expand_inputs(str(binlog_dir / "**" / "*"))) == len(SMALL)
    with pytest.raises(FileNotFoundError):
        expand_inputs(str(binlog_dir / "nothing*"))


def test_remote_style_uri_listing(binlog_dir: Path) -> None:
    local = expand_inputs(str(binlog_dir))
    remote = expand_inputs(f"file://{binlog_dir}")
    assert [f.uri for f in remote] == [f"file://{f.uri}" for f in local]
    assert [f.size for f in remote] == [f.size for f in local]
    assert len(expand_inputs(f"file://{binlog_dir}/sub/*")) == len(SMALL) // 2


def test_batches_are_bounded_and_typed() -> None:
    from pyspark.sql.pandas.types import to_arrow_schema

    from binlog_ksy.spark_jobs.datasource import EVENTS_SCHEMA

    path = fixture_paths()[0]
    schema = to_arrow_schema(EVENTS_SCHEMA, timezone="UTC")
    opts = records.ReadOptions(kind="events", batch_size=4)
    batches = list(records.iter_batches(path, os.path.getsize(path), opts, schema))
    assert len(batches) > 1
    assert all(b.num_rows <= 4 and b.schema.equals(schema) for b in batches)
    total = pa.Table.from_batches(batches)
    data = total.filter(pc.is_null(total["error"]))
    assert data.num_rows == runtime_event_counts([path])[path]


def test_time_and_table_filters_without_spark() -> None:
    assert records.parse_datetime("1970-01-01 00:01:00") == 60
    assert records.parse_datetime("1970-01-01T01:00:00+01:00") == 0
    f = records.TableFilter.parse("shop,crm_*", "orders,crm_1.t?")
    assert f.keeps("shop", "orders") and not f.keeps("shop", "items")
    assert f.keeps("crm_1", "t1") and not f.keeps("crm_2", "t1") and not f.keeps("other", "orders")


# -- with Spark ------------------------------------------------------------------------------


def test_one_partition_per_file(spark, binlog_dir: Path) -> None:  # noqa: F811
    from pyspark.sql import functions as F

    df = spark.read.format("binlog").load(str(binlog_dir))
    assert df.rdd.getNumPartitions() == len(SMALL)
    per_partition = df.groupBy(F.spark_partition_id().alias("p")).agg(F.countDistinct("file").alias("n")).collect()
    assert len(per_partition) == len(SMALL)
    assert all(r["n"] == 1 for r in per_partition)


def test_event_counts_equal_the_runtime(spark) -> None:  # noqa: F811
    paths = fixture_paths()
    df = spark.read.format("binlog").load(paths)
    got = {r["file"]: r["count"] for r in df.where("error IS NULL").groupBy("file").count().collect()}
    assert got == runtime_event_counts(paths)
    # positions and types agree event by event for one file
    first = paths[0]
    rows = df.where(f"error IS NULL AND file = '{first}'").orderBy("pos", "in_payload").collect()
    expected = [(e.pos, e.type_name, e.length) for e in BinlogReader(first)]
    assert [(r["pos"], r["type"], r["length"]) for r in rows] == expected
    ts = next(iter(BinlogReader(first))).timestamp
    assert rows[0]["timestamp"] == dt.datetime.fromtimestamp(ts, dt.timezone.utc).replace(tzinfo=None)


def test_truncated_file_keeps_good_events_and_reports_the_tail(spark) -> None:  # noqa: F811
    from pyspark.sql import Row
    from pyspark.testing import assertDataFrameEqual

    path = str(FIXTURES / TRUNCATED)
    df = spark.read.format("binlog").load(path)
    good = df.where("error IS NULL").select("pos", "type")
    assertDataFrameEqual(good, [Row(pos=4, type="FORMAT_DESCRIPTION_EVENT")])
    errors = df.where("error IS NOT NULL").select("file", "pos", "error.offset", "error.length", "error.kind")
    assertDataFrameEqual(errors, [Row(file=path, pos=120, offset=120, length=9, kind="truncated")])


def test_a_file_that_is_not_a_binlog_is_an_error_row(spark) -> None:  # noqa: F811
    paths = fixture_paths([SMALL[0], NOT_A_BINLOG])
    df = spark.read.format("binlog").load(paths)
    bad = df.where(f"file = '{paths[1]}'").collect()
    assert len(bad) == 1 and bad[0]["error"]["kind"] == "not_a_binlog" and bad[0]["error"]["offset"] == 0
    assert bad[0]["error"]["length"] == os.path.getsize(paths[1])
    assert df.where(f"file = '{paths[0]}' AND error IS NULL").count() == runtime_event_counts(paths[:1])[paths[0]]


def test_remote_uri_reads_through_pyarrow(spark, binlog_dir: Path) -> None:  # noqa: F811
    local = spark.read.format("binlog").load(str(binlog_dir)).where("error IS NULL")
    remote = spark.read.format("binlog").load(f"file://{binlog_dir}").where("error IS NULL")
    assert remote.rdd.getNumPartitions() == len(SMALL)
    assert remote.count() == local.count()
    assert remote.where("file NOT LIKE 'file://%'").count() == 0


def test_time_filter_and_options(spark) -> None:  # noqa: F811
    path = fixture_paths()[0]
    times = sorted({e.timestamp for e in BinlogReader(path)})
    start = dt.datetime.fromtimestamp(times[1], dt.timezone.utc).isoformat()
    df = (spark.read.format("binlog").option("start_datetime", start).option("with_body", "false").load(path)
          .where("error IS NULL"))
    expected = sum(1 for e in BinlogReader(path) if e.timestamp >= times[1])
    assert df.count() == expected
    assert df.where("body IS NOT NULL").count() == 0
    with pytest.raises(Exception, match="kind"):
        spark.read.format("binlog").option("kind", "nope").load(path).count()


def test_table_filter_drops_other_tables_events(spark) -> None:  # noqa: F811
    path = fixture_paths()[3]  # MySQL 8.0.45, several tables
    df = spark.read.format("binlog").load(path).where("error IS NULL")
    maps = df.where("type = 'TABLE_MAP_EVENT'").selectExpr("get_json_object(body, '$.table') AS t").collect()
    tables = Counter(r["t"] for r in maps)
    if len(tables) < 1 or None in tables:
        pytest.skip("TABLE_MAP bodies do not decode in this tree yet")
    keep = sorted(tables)[0]
    filtered = spark.read.format("binlog").option("tables", keep).load(path).where("error IS NULL")
    kept = filtered.where("type = 'TABLE_MAP_EVENT'").selectExpr("get_json_object(body, '$.table') AS t").collect()
    assert Counter(r["t"] for r in kept) == Counter({keep: tables[keep]})
    # framing events stay
    assert filtered.where("type = 'FORMAT_DESCRIPTION_EVENT'").count() == 1


@needs_changes
def test_change_counts_equal_the_runtime(spark) -> None:  # noqa: F811
    from binlog_ksy.runtime.changes import iter_changes

    paths = fixture_paths()
    df = spark.read.format("binlog").option("kind", "changes").load(paths)
    assert df.rdd.getNumPartitions() == len(paths)
    got = {r["file"]: r["count"] for r in df.where("error IS NULL").groupBy("file").count().collect()}
    expected = {}
    for p in paths:
        n = sum(1 for _ in iter_changes(p, on_error="skip", errors=[]))
        if n:
            expected[p] = n
    assert got == expected
    # (file, pos, row_index) identifies a change
    assert df.where("error IS NULL").select("file", "pos", "row_index").distinct().count() == sum(expected.values())


@needs_changes
def test_errors_kind(spark) -> None:  # noqa: F811
    paths = fixture_paths([TRUNCATED, NOT_A_BINLOG])
    rows = spark.read.format("binlog").option("kind", "errors").load(paths).collect()
    kinds = {(r["file"], r["kind"]) for r in rows}
    assert (paths[0], "truncated") in kinds and (paths[1], "not_a_binlog") in kinds
