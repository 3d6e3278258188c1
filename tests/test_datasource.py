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
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pytest

from binlog_ksy.runtime.filters import ChangeFilter
from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.runtime.storage import expand_inputs
from binlog_ksy.spark_jobs import records
from fixture_index import FIXTURES
from spark_session import spark  # noqa: F401 - the session fixture

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
    (root / "binlog.~rec~").write_text("")  # the purge index a server keeps while it rotates
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


def test_job_datasets_have_the_data_source_schemas() -> None:
    from pyspark.sql.pandas.types import to_arrow_schema
    from pyspark.sql.types import StructType

    from binlog_ksy.spark_jobs import arrow_schemas
    from binlog_ksy.spark_jobs.datasource import CHANGES_SCHEMA, ERRORS_SCHEMA, EVENTS_SCHEMA
    from binlog_ksy.spark_jobs.job.extract import TRANSACTIONS_COLUMNS

    def arrow(schema: StructType, drop: tuple[str, ...] = ("error",)) -> object:
        return to_arrow_schema(StructType([f for f in schema.fields if f.name not in drop]), timezone="UTC")

    assert arrow_schemas.EVENTS == arrow(EVENTS_SCHEMA)
    assert arrow_schemas.CHANGES == arrow(CHANGES_SCHEMA, ("error", "schema", "table"))
    assert arrow_schemas.ERRORS == arrow(ERRORS_SCHEMA)
    assert tuple(arrow_schemas.TRANSACTIONS.names) == TRANSACTIONS_COLUMNS


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
    f = ChangeFilter.from_options({"databases": "shop,crm_*", "tables": "orders,crm_1.t?",
                                   "start_datetime": "1970-01-01 00:01:00",
                                   "stop_datetime": "1970-01-01T02:00:00+01:00"})
    assert f.wants_time(60) and not f.wants_time(59) and f.wants_time(3599) and not f.wants_time(3600)
    assert f.wants_table("shop", "orders") and not f.wants_table("shop", "items")
    assert f.wants_table("crm_1", "t1") and not f.wants_table("crm_2", "t1") and not f.wants_table("other", "orders")
    assert ChangeFilter.from_options(f.to_options()) == f


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
    assert df.where(f"file = '{first}'").selectExpr("min(unix_seconds(timestamp))").first()[0] == ts


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
    start = dt.datetime.fromtimestamp(times[1], dt.UTC).isoformat()
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
    assert tables and None not in tables
    keep = sorted(tables)[0]
    filtered = spark.read.format("binlog").option("tables", keep).load(path).where("error IS NULL")
    kept = filtered.where("type = 'TABLE_MAP_EVENT'").selectExpr("get_json_object(body, '$.table') AS t").collect()
    assert Counter(r["t"] for r in kept) == Counter({keep: tables[keep]})
    # framing events stay
    assert filtered.where("type = 'FORMAT_DESCRIPTION_EVENT'").count() == 1


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


def test_errors_kind(spark) -> None:  # noqa: F811
    paths = fixture_paths([TRUNCATED, NOT_A_BINLOG])
    rows = spark.read.format("binlog").option("kind", "errors").load(paths).collect()
    kinds = {(r["file"], r["kind"]) for r in rows}
    assert (paths[0], "truncated") in kinds and (paths[1], "not_a_binlog") in kinds


# kind=typed used to have its own type mapping (records.typed_spark_type/_converter: INT UNSIGNED bigint,
# TINYINT int, SET a comma-joined string...). It now takes the Arrow types of runtime/types/arrow.py, as
# extract's tables/ do, and the Spark type Spark itself gives each Arrow type when it reads those Parquet
# files (its ParquetToSparkSchemaConverter: unsigned ints widen, UINT_64 is decimal(20,0)).
@pytest.mark.parametrize(("arrow", "spark_type"), [
    (pa.int8(), "tinyint"),                  # TINYINT
    (pa.uint8(), "smallint"),                # TINYINT UNSIGNED
    (pa.uint16(), "int"),                    # SMALLINT UNSIGNED
    (pa.uint32(), "bigint"),                 # INT UNSIGNED
    (pa.uint64(), "decimal(20,0)"),          # BIGINT UNSIGNED, BIT
    (pa.int16(), "smallint"),                # YEAR
    (pa.decimal128(12, 4), "decimal(12,4)"),
    (pa.timestamp("us"), "timestamp_ntz"),   # DATETIME: wall-clock time
    (pa.timestamp("us", tz="UTC"), "timestamp"),
    (pa.duration("us"), "interval day to second"),  # TIME
    (pa.list_(pa.string()), "array<string>"),  # SET labels
    (pa.binary(), "binary"),
])
def test_typed_spark_types_are_what_spark_reads_back(arrow: pa.DataType, spark_type: str) -> None:
    from pyspark.sql.pandas.types import to_arrow_schema

    from binlog_ksy.spark_jobs.datasource import spark_schema

    schema = spark_schema(pa.schema([("c", arrow)]))
    assert schema["c"].dataType.simpleString() == spark_type
    target = to_arrow_schema(schema, timezone="UTC")  # what the typed batches are cast to
    assert pa.types.is_duration(target.field("c").type) == pa.types.is_duration(arrow)


def test_unsigned_extremes_survive_the_cast_to_spark_types() -> None:
    from pyspark.sql.pandas.types import to_arrow_schema

    from binlog_ksy.spark_jobs.datasource import spark_schema

    arrow = pa.schema([("u8", pa.uint8()), ("u32", pa.uint32()), ("u64", pa.uint64())])
    batch = pa.record_batch([pa.array([255], pa.uint8()), pa.array([2**32 - 1], pa.uint32()),
                             pa.array([2**64 - 1], pa.uint64())], schema=arrow)
    cast = batch.cast(to_arrow_schema(spark_schema(arrow), timezone="UTC"))
    assert cast.to_pylist() == [{"u8": 255, "u32": 2**32 - 1, "u64": Decimal(2**64 - 1)}]


ROWS_CLI_FILES = [
    *(f"samples/mariadb-10.11/{s}/binlog.00000{i}" for s in ("shop-full", "shop-compressed", "shop-minimal-nocrc")
      for i in (1, 2, 3)),
    str(FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001"),
    str(FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__mysql-enum-string-set.000001"),
    str(FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__vector.binlog"),
    str(FIXTURES / "blackbeam__rust_mysql_common/test-data__binlogs__transaction_compression.000001"),
    str(FIXTURES / "Percona-Lab__percona-binlog-server/mtr__binlog_streaming__std_data__data_80045_gtid.zip__"
                   "data_80045_gtid__binlog.000002"),
]


def test_changes_equal_binlog_ksy_rows(spark, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """Every change the data source returns is what ``binlog-ksy rows --format jsonl`` prints, in order."""
    import json

    from binlog_ksy.cli import main

    root = Path(__file__).resolve().parent.parent
    paths = [str(root / p) if not os.path.isabs(p) else p for p in ROWS_CLI_FILES]
    # The data source follows the DDL across its files in its (sorted) file order, as extract does and as
    # rows does with several files (it used to read each file with its own DDL only).
    paths = [f.uri for f in expand_inputs(paths)]
    main(["rows", "--format", "jsonl", "--on-error", "skip", *paths])
    expected = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]
    assert len(expected) > 1000
    df = (spark.read.format("binlog").option("kind", "changes").load(paths).where("error IS NULL")
          .selectExpr("file", "pos", "row_index", "unix_seconds(timestamp) AS timestamp", "gtid", "schema",
                      "table", "op", "before", "after"))
    order = {p: i for i, p in enumerate(paths)}
    got = sorted(df.collect(), key=lambda r: (order[r["file"]], r["pos"], r["row_index"]))
    assert len(got) == len(expected)
    for row, want in zip(got, expected, strict=True):
        mine = {k: row[k] for k in ("file", "pos", "timestamp", "gtid", "schema", "table", "op")}
        mine["before"] = None if row["before"] is None else json.loads(row["before"])
        mine["after"] = None if row["after"] is None else json.loads(row["after"])
        assert mine == want


def test_rows_body_text_from_a_known_head_equals_the_parsed_body(tmp_path: Path) -> None:
    """events ``body`` of rows events: the text kept per known head equals the one made from the parsed body,
    in every fixture (each event read twice: its head known the second time)."""
    from binlog_ksy.runtime.constants import ROWS_EVENTS
    from binlog_ksy.runtime.errors import BinlogError
    from fixture_index import load_index

    checked = 0
    for fx in load_index():
        path = fx.readable_path(tmp_path)
        for _ in range(2):
            with open(path, "rb") as f:
                for event in BinlogReader(f, name=str(path), on_error="skip", verify_checksums=False):
                    if event.type_code not in ROWS_EVENTS:
                        continue
                    try:
                        text = records.event_body(event)
                        body = event.body
                    except BinlogError:
                        continue
                    expected = records._json_text({"table_id": getattr(body, "table_id", None),
                                                    "flags": getattr(body, "flags", None)})
                    assert text == expected, (fx.name, event.pos)
                    checked += 1
    assert checked > 1000


def test_gtid_and_xid_body_text_from_a_template_equals_the_parsed_body(tmp_path: Path) -> None:
    """events ``body`` of MariaDB GTID and XID events: the text made from an earlier body with the same bytes
    but its number equals the one made from the event's own parsed body, in every fixture and sample (each
    file read twice, from no template: the second time every body finds one)."""
    from binlog_ksy.runtime.constants import MARIADB_GTID_EVENT, XID_EVENT
    from binlog_ksy.runtime.present.describe import event_to_dict
    from fixture_index import load_index

    paths = [fx.readable_path(tmp_path) for fx in load_index()]
    paths += sorted(Path(__file__).parent.parent.joinpath("samples").glob("**/*binlog.0*"))
    checked = {MARIADB_GTID_EVENT: 0, XID_EVENT: 0}
    templated = {MARIADB_GTID_EVENT: 0, XID_EVENT: 0}
    for path in paths:
        records._NUMBER_FIRST_BODIES.clear()
        for _ in range(2):
            with open(path, "rb") as f:
                for event in BinlogReader(f, name=str(path), on_error="skip", verify_checksums=False):
                    if event.type_code not in checked:
                        continue
                    kept = len(records._NUMBER_FIRST_BODIES)
                    key = (event.type_code, event.post_header_len, event.body_bytes[8:])
                    templated[event.type_code] += key in records._NUMBER_FIRST_BODIES
                    text = records.event_body(event)
                    assert text == records._json_text(event_to_dict(event)["body"]), (path, event.pos)
                    assert len(records._NUMBER_FIRST_BODIES) >= kept
                    checked[event.type_code] += 1
    assert checked[MARIADB_GTID_EVENT] > 100 and checked[XID_EVENT] > 100, checked
    assert all(templated[code] > checked[code] // 3 for code in checked), (templated, checked)
