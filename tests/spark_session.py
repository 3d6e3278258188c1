"""One small local SparkSession for the whole test session (2 cores, no UI).

Usage in a test module::

    from spark_session import spark  # noqa: F401  (the pytest fixture)

    def test_x(spark): ...

The session is created on first use and stopped at exit. Workers run the same
Python as pytest (``PYSPARK_PYTHON`` = ``sys.executable``), which has
binlog-ksy installed, so the ``binlog`` data source imports on the workers.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

_SESSION: SparkSession | None = None


def get_spark() -> SparkSession:
    """The shared SparkSession, created on first call (with the ``binlog`` source registered)."""
    global _SESSION
    if _SESSION is not None:
        return _SESSION
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    from binlog_ksy.spark_jobs.datasource import register
    from binlog_ksy.spark_jobs.job.extract import default_spark_conf

    builder = SparkSession.builder.master("local[2]").appName("binlog-ksy-tests")
    # As a local extract run: among them the driver JVM's options, the C1 JIT alone (test data are tiny: it warms
    # up much faster, about 20 s less per session), the serial collector and Spark's classes from the class-data
    # archive (about 4 s of CPU less per session).
    for key, value in default_spark_conf(cores=2).items():
        builder = builder.config(key, value)
    _SESSION = builder.getOrCreate()
    _SESSION.sparkContext.setLogLevel("ERROR")
    register(_SESSION)
    atexit.register(_stop)
    return _SESSION


def _stop() -> None:
    global _SESSION
    if _SESSION is not None:
        _SESSION.stop()
        _SESSION = None


@pytest.fixture(scope="session")
def spark():
    """The shared local SparkSession (marks the test as needing Spark)."""
    pytest.importorskip("pyspark")
    return get_spark()
