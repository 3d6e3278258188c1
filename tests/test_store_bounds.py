"""Every call to an object store has a bounded time: a store that never answers fails it, naming the store.

A "black hole" (a server that accepts connections and never answers: a store whose network path is gone,
or one that hangs) is the worst case of every client: pyarrow's own S3 settings wait about 100 s per call
on it, delta-rs minutes per request. With ``BINLOG_KSY_STORE_TIMEOUT`` (runtime/storage.py) every client the
project uses gets a share of it: pyarrow's S3 filesystem (inputs, the job's output, the data source),
delta-rs' storage options and pyiceberg's S3 FileIO. Each call here must fail within the bound (plus a
little slack for a loaded machine) with a message naming the store.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from binlog_ksy.runtime.errors import ConfigError
from binlog_ksy.runtime.storage import (
    DEFAULT_STORE_TIMEOUT,
    STORE_TIMEOUT_VARIABLE,
    Files,
    StoreBounds,
    open_binlog,
    s3_object_names,
    store_bounds,
    store_environment,
)

#: The bound the calls below get (seconds), and what a loaded machine may add to it.
BOUND = 10.0
SLACK = 5.0


class BlackHole:
    """A TCP server on 127.0.0.1 that accepts every connection and never sends a byte."""

    def __init__(self) -> None:
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port = self._listener.getsockname()[1]
        self._held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True, name="black-hole").start()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            self._held.append(conn)

    def close(self) -> None:
        self._listener.close()
        for conn in self._held:
            conn.close()


@pytest.fixture
def black_hole(monkeypatch: pytest.MonkeyPatch) -> Iterator[BlackHole]:
    """The AWS environment pointing at a black hole, with the bound set to :data:`BOUND`."""
    hole = BlackHole()
    for key, value in {"AWS_ENDPOINT_URL": hole.endpoint, "AWS_ACCESS_KEY_ID": "bounds-test-key",
                       "AWS_SECRET_ACCESS_KEY": "bounds-test-secret", "AWS_REGION": "us-east-1",
                       "AWS_ALLOW_HTTP": "true", "AWS_EC2_METADATA_DISABLED": "true",
                       STORE_TIMEOUT_VARIABLE: str(BOUND)}.items():
        monkeypatch.setenv(key, value)
    try:
        yield hole
    finally:
        hole.close()


def _fails_in_time(call: object, *names: str) -> str:
    """Run ``call``; it must raise an ``OSError`` within the bound whose text names one of ``names``."""
    started = time.monotonic()
    with pytest.raises(OSError) as raised:
        call()  # type: ignore[operator]
    took = time.monotonic() - started
    text = s3_object_names(str(raised.value))  # as extract's error line spells pyarrow's "key K in bucket B"
    assert took <= BOUND + SLACK, f"{took:.1f} s: {text}"
    assert any(name in text for name in names), text
    assert "bounds-test-secret" not in text and "bounds-test-key" not in text
    return text


@pytest.mark.parametrize("seconds", [10.0, 20.0, DEFAULT_STORE_TIMEOUT, 600.0, 3600.0])
def test_each_client_spends_at_most_the_bound(seconds: float) -> None:
    bounds = StoreBounds(seconds)
    # pyarrow: every try connects and waits for bytes, the AWS standard strategy pauses at most 1 s, then 2 s
    assert bounds.attempts * (bounds.connect + bounds.request) + 3 <= seconds + 0.01
    assert bounds.request >= 1 and bounds.connect > 0
    delta = bounds.delta_options()
    ms = {key: int(value[:-2]) / 1000 for key, value in delta.items() if value.endswith("ms")}
    assert ms["retry_timeout"] + ms["backoff_config.max_backoff"] + ms["timeout"] <= seconds + 0.01
    iceberg = bounds.iceberg_properties()
    assert float(iceberg["s3.connect-timeout"]) == bounds.connect
    assert float(iceberg["s3.request-timeout"]) == bounds.request


def test_the_bound_comes_from_the_environment_and_reaches_the_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STORE_TIMEOUT_VARIABLE, raising=False)
    assert store_bounds().call == DEFAULT_STORE_TIMEOUT
    monkeypatch.setenv(STORE_TIMEOUT_VARIABLE, "42")
    assert store_bounds().call == 42.0
    assert (STORE_TIMEOUT_VARIABLE, "42") in store_environment()
    for bad in ("soon", "0", "-3", "nan", "inf", "9"):
        monkeypatch.setenv(STORE_TIMEOUT_VARIABLE, bad)
        with pytest.raises(ConfigError, match=STORE_TIMEOUT_VARIABLE):
            store_bounds()


def test_pyarrow_calls_end_within_the_bound(black_hole: BlackHole) -> None:
    """The job's output (Files) and every reader's input (open_binlog): S3 through pyarrow."""
    store = Files("s3://bounds/out")
    _fails_in_time(lambda: store.exists("s3://bounds/out/_binlog_ksy_extract.json"), "s3://bounds/out")
    _fails_in_time(lambda: open_binlog("s3://bounds/binlogs/binlog.000001").read(4), "s3://bounds/binlogs")


def test_delta_lake_calls_end_within_the_bound(black_hole: BlackHole, tmp_path: Path) -> None:
    """delta-rs, which would try a request for minutes: a StorageError naming the table and the endpoint."""
    from binlog_ksy.runtime.outputs import lake

    staging = tmp_path / "staging"
    (staging / "events").mkdir(parents=True)
    pq.write_table(pa.table({"file": ["a"], "pos": [4]}), staging / "events" / "part-0.parquet")
    text = _fails_in_time(lambda: lake.publish(str(staging), "s3://bounds/lake", "delta", mode="overwrite",
                                               run_id="t-0"), black_hole.endpoint, "s3://bounds/lake")
    assert "\x1b[" not in text and "\n" not in text  # delta-rs' coloured, indented chain: one plain line


def test_iceberg_calls_end_within_the_bound(black_hole: BlackHole, tmp_path: Path) -> None:
    """pyiceberg's pyarrow FileIO, on a table's metadata in the store (the catalog is a local SQLite file)."""
    from binlog_ksy.runtime.outputs import lake

    staging = tmp_path / "staging"
    (staging / "events").mkdir(parents=True)
    pq.write_table(pa.table({"file": ["a"], "pos": [4]}), staging / "events" / "part-0.parquet")
    catalog = f"sqlite:///{tmp_path / 'catalog.db'}"
    _fails_in_time(lambda: lake.publish(str(staging), "s3://bounds/ice", "iceberg", mode="overwrite", run_id="t-0",
                                        iceberg_catalog=catalog), "s3://bounds/ice", black_hole.endpoint)
    assert not os.environ.get("AWS_PROFILE")  # the settings came from the environment above only
