"""The worker daemon imports the installed PySpark, not the zips a pip-installed pyspark carries inside itself.

Spark puts ``pyspark.zip`` and py4j's zip first on the daemon's path; when they lie inside an installed
pyspark (``<site-packages>/pyspark/python/lib/``), :func:`without_bundled_zips` takes them off, and keeps the
zips of a Spark installation of its own (a cluster's ``SPARK_HOME``), whose PySpark is the JVM's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyspark
import pytest

from binlog_ksy.spark_jobs.job.worker_daemon import without_bundled_zips
from spark_session import spark  # noqa: F401 - the session fixture

SITE = Path(pyspark.__file__).resolve().parent.parent
LIB = SITE / "pyspark" / "python" / "lib"


def _spark_path(lib: Path) -> list[str]:
    """The daemon's path as Spark starts it: the zips first, then the interpreter's own entries."""
    return [str(lib / "pyspark.zip"), *map(str, sorted(lib.glob("py4j-*.zip"))), *sys.path]


def test_the_zips_of_the_installed_pyspark_leave_the_path() -> None:
    path = _spark_path(LIB)
    assert str(LIB / "pyspark.zip") in path and any(p.endswith(".zip") and "py4j-" in p for p in path)
    kept = without_bundled_zips(path)
    assert not [p for p in kept if p.startswith(str(LIB))]
    assert kept == [p for p in path if not p.startswith(str(LIB))]


def test_the_zips_of_a_spark_installation_stay(tmp_path: Path) -> None:
    lib = tmp_path / "spark-4" / "python" / "lib"  # a SPARK_HOME: no installed pyspark beside its zips
    lib.mkdir(parents=True)
    for name in ("pyspark.zip", "py4j-0.10.9.9-src.zip"):
        (lib / name).write_bytes(b"")
    assert without_bundled_zips(_spark_path(lib)) == _spark_path(lib)


def test_a_pyspark_not_on_the_path_keeps_its_zips(tmp_path: Path) -> None:
    site = tmp_path / "elsewhere"  # a pyspark installed in a folder that is not on the path
    lib = site / "pyspark" / "python" / "lib"
    lib.mkdir(parents=True)
    (site / "pyspark" / "__init__.py").write_text("")
    (lib / "pyspark.zip").write_bytes(b"")
    path = [str(lib / "pyspark.zip"), *sys.path]
    assert without_bundled_zips(path) == path


def test_the_daemon_imports_pyspark_from_the_installed_files(tmp_path: Path) -> None:
    """Run as Spark runs it (``python -m`` with the zips first on ``PYTHONPATH``), the daemon imports PySpark and
    py4j from the installed files (``python -v`` says where each module comes from); stdin closed, it ends."""
    zips = os.pathsep.join([str(LIB / "pyspark.zip"), *map(str, sorted(LIB.glob("py4j-*.zip")))])
    done = subprocess.run([sys.executable, "-v", "-m", "binlog_ksy.spark_jobs.job.worker_daemon"], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": zips}, stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=120)
    imports = [line for line in done.stderr.decode(errors="replace").splitlines() if line.startswith("import '")]
    assert any(line.startswith("import 'pyspark.daemon' # <") and "SourceFileLoader" in line for line in imports)
    assert any(line.startswith("import 'py4j' # <") and "SourceFileLoader" in line for line in imports)
    assert not [line for line in imports if "pyspark.zip" in line or "py4j-" in line]


@pytest.mark.spark
def test_a_task_runs_in_a_worker_whose_imports_are_frozen(spark) -> None:  # noqa: F811
    """The daemon froze what it imported before it forked the worker: the ``gc.collect()`` PySpark runs after
    each task does not walk those objects again (the task module's imports alone are tens of thousands)."""
    import gc

    frozen = spark.sparkContext.parallelize([0], 1).map(lambda _: gc.get_freeze_count()).collect()
    assert frozen[0] > 20_000, frozen
