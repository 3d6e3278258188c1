"""The ``binlog`` data source fails a query whose file its store cannot read, as ``extract`` does.

A store that is unreachable, times out or refuses a read says nothing of the file's bytes: turning it into
error rows would make a query over a store that went away an "empty" success, or one with fewer rows. A file
that is not a binlog, damaged or truncated (its own problem), and a local disk's read error, stay error rows.

* Without Spark (spark_jobs/records.py): a file object whose reads fail part-way, named as a remote file
  (the query fails: a StorageError naming the object) or as a local one (an error row after the rows read).
* With Spark, in a child process whose environment points at the test S3 server through the proxy
  (tests/s3_proxy.py) from the start (the data source plans in Python workers started with Spark's JVM):
  the listing and the opening pass, and every object read loses its connection (``cut_reads``): the
  query fails naming the object; a damaged local file read in the same session is an error row.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.errors import StorageError
from binlog_ksy.spark_jobs import records, typed
from binlog_ksy.spark_jobs.records import ReadOptions, iter_rows
from fixture_index import ROOT
from s3_proxy import TcpProxy

SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001"
REMOTE = "s3://ds-store/binlogs/binlog.000001"
#: What pyarrow says when the connection of an object read is reset (the store named as it names it).
RESET = ("When reading from key 'binlogs/binlog.000001' in bucket 'ds-store': AWS Error NETWORK_CONNECTION during "
         "GetObject operation: curlCode: 56, Failure when receiving data from the peer")


class _FailingRaw(io.RawIOBase):
    """The bytes of a file, whose reads fail (``OSError``) from byte ``limit`` on."""

    def __init__(self, data: bytes, limit: int, error: OSError) -> None:
        self._data, self._limit, self._error, self._pos = data, limit, error, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._pos >= self._limit:
            raise self._error
        chunk = self._data[self._pos:min(self._limit, self._pos + len(b))]
        b[:len(chunk)] = chunk
        self._pos += len(chunk)
        return len(chunk)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: len(self._data)}[whence]
        self._pos = base + offset
        return self._pos

    def tell(self) -> int:
        return self._pos


@pytest.fixture
def reads_fail_halfway(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every file the rows are read from fails its reads half-way (the sample's bytes, whatever the name)."""
    data = SAMPLE.read_bytes()

    def failing(uri: str) -> Any:
        return io.BufferedReader(_FailingRaw(data, len(data) // 2, OSError(RESET)), buffer_size=4096)

    monkeypatch.setattr(records, "open_binlog", failing)
    monkeypatch.setattr(typed, "open_binlog", failing)  # kind=typed's own reader
    yield


@pytest.mark.parametrize("kind", ["events", "changes", "errors"])
def test_a_store_failing_a_read_fails_the_read(kind: str, reads_fail_halfway: None) -> None:
    with pytest.raises(StorageError) as raised:
        list(iter_rows(REMOTE, SAMPLE.stat().st_size, ReadOptions(kind=kind)))
    text = str(raised.value)
    assert text.startswith(f"{REMOTE}: the store failed a read") and "s3://ds-store/binlogs/binlog.000001" in text


@pytest.mark.parametrize("kind", ["events", "changes", "errors"])
def test_a_local_disk_failing_a_read_is_an_error_row(kind: str, reads_fail_halfway: None) -> None:
    rows = list(iter_rows(str(SAMPLE), SAMPLE.stat().st_size, ReadOptions(kind=kind)))
    error_at = {"errors": 4}.get(kind, -1)  # the error struct (events, changes), or the flat kind column
    kinds = [row[error_at]["kind"] if kind != "errors" else row[error_at] for row in rows
             if (row[error_at] if kind != "errors" else True)]
    assert kinds and kinds[-1] in ("io_error", "unreadable_file"), kinds
    if kind == "events":
        assert sum(1 for row in rows if row[-1] is None) > 1  # the events before the failure are kept


def test_opening_a_remote_file_the_store_fails_fails_and_a_gone_object_is_a_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(uri: str) -> Any:
        raise OSError(RESET.replace("GetObject", "HeadObject"))

    monkeypatch.setattr(records, "open_binlog", unreachable)
    with pytest.raises(StorageError, match="s3://ds-store/binlogs/binlog.000001"):
        list(iter_rows(REMOTE, 100, ReadOptions(kind="changes")))

    def gone(uri: str) -> Any:
        raise FileNotFoundError(f"{uri}: no such object")

    monkeypatch.setattr(records, "open_binlog", gone)
    rows = list(iter_rows(REMOTE, 100, ReadOptions(kind="events")))
    assert len(rows) == 1 and rows[0][-1]["kind"] == "io_error"


_QUERIES = textwrap.dedent("""
    import json, sys
    from pyspark.sql import SparkSession
    from binlog_ksy.spark_jobs.datasource import register
    from binlog_ksy.spark_jobs.job.extract import default_spark_conf

    remote, damaged = sys.argv[1], sys.argv[2]
    # a local extract run's JVM: the C1 JIT alone, the serial collector, Spark's classes from the class-data archive
    java_options = default_spark_conf()["spark.driver.extraJavaOptions"]
    spark = (SparkSession.builder.master("local[1]").appName("binlog-ksy-store-test")
             .config("spark.ui.enabled", "false")
             .config("spark.driver.extraJavaOptions", java_options).getOrCreate())
    spark.sparkContext.setLogLevel("OFF")
    register(spark)

    def changes(path):
        return spark.read.format("binlog").option("kind", "changes").load(path).where("error IS NULL").count()

    print(json.dumps({"before": changes(remote)}), flush=True)
    sys.stdin.readline()  # the test makes the store fail its reads
    try:
        outcome = {"rows": changes(remote)}
    except Exception as exc:
        outcome = {"error": str(exc)}
    errors = spark.read.format("binlog").option("kind", "errors").load(damaged).collect()
    outcome["damaged"] = [row.asDict() for row in errors]
    print(json.dumps(outcome), flush=True)
    spark.stop()
""")


def test_a_query_over_a_store_that_fails_its_reads_fails(s3_server: Any, tmp_path: Path) -> None:
    bucket = s3_server.bucket("ds-store")
    env = dict(os.environ, **s3_server.env)
    from pyarrow import fs as pafs

    store = pafs.S3FileSystem(endpoint_override=s3_server.endpoint, scheme="http", region="us-east-1",
                              access_key=env["AWS_ACCESS_KEY_ID"], secret_key=env["AWS_SECRET_ACCESS_KEY"])
    with store.open_output_stream(f"{bucket[len('s3://'):]}/binlogs/binlog.000001") as fh:
        fh.write(SAMPLE.read_bytes())
    damaged = tmp_path / "binlog.000002"
    damaged.write_bytes(SAMPLE.read_bytes()[:len(SAMPLE.read_bytes()) // 2])  # cut inside an event

    proxy = TcpProxy("127.0.0.1", s3_server.port)
    proxy.start()
    env.update(AWS_ENDPOINT_URL=proxy.endpoint, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable,
               SPARK_LOCAL_IP="127.0.0.1", BINLOG_KSY_STORE_TIMEOUT="10")
    child = subprocess.Popen([sys.executable, "-c", _QUERIES, REMOTE, str(damaged)], env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert child.stdout is not None and child.stdin is not None
        before = json.loads(child.stdout.readline())
        assert before["before"] > 0  # the query reads through the proxy while the store answers
        proxy.cut_reads = True
        child.stdin.write("go\n")
        child.stdin.flush()
        outcome = json.loads(child.stdout.readline())
        child.wait(timeout=120)
    finally:
        child.kill()
        proxy.stop()
    assert "rows" not in outcome, f"the query succeeded with {outcome.get('rows')} rows over a failing store"
    assert f"{REMOTE}: the store failed a read" in outcome["error"], outcome["error"][-2000:]
    assert [row["kind"] for row in outcome["damaged"]] == ["truncated"], outcome["damaged"]


@pytest.mark.parametrize("remote", [True, False])
def test_kind_typed_fails_on_the_store_and_keeps_a_local_disks_rows(remote: bool, reads_fail_halfway: None) -> None:
    """``kind=typed`` (its own reader, spark_jobs/typed.py): the store failing a read fails the read, naming the
    object; a local disk's read error keeps the rows before it (``kind=errors`` reports the error)."""
    import binlog_ksy
    from binlog_ksy.runtime.filters import ChangeFilter

    flt = ChangeFilter.from_options({"tables": "shop.products"})
    plan = typed.plan_typed([str(SAMPLE)], flt, history=None)
    whole = sum(1 for _ in binlog_ksy.read_changes([str(SAMPLE)], tables="shop.products"))
    if remote:
        with pytest.raises(StorageError, match=r"s3://ds-store/binlogs/binlog\.000001: the store failed a read"):
            list(typed.iter_typed_batches(REMOTE, plan, flt, history=None, schema_file=None))
    else:
        rows = sum(b.num_rows for b in typed.iter_typed_batches(str(SAMPLE), plan, flt, history=None,
                                                                schema_file=None))
        assert 0 < rows < whole
