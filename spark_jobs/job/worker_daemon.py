"""PySpark's Python worker daemon, with the extraction task's modules imported before it forks.

Spark starts one daemon per executor (``python -m`` the module named by
``spark.python.daemon.module``) and forks a worker from it for each Python
worker it needs. PySpark's own daemon (``pyspark/daemon.py``) imports the
worker code after the fork, so each worker pays the imports of a task
(pyarrow, numpy, the runtime: about 0.35 s of CPU) itself: with two cores,
twice per run. This daemon imports :mod:`.task` once, before the fork, and the
workers inherit it; they then run PySpark's worker unchanged.

PySpark imports after the fork because a library may start threads on import;
those imported here (numpy's OpenBLAS pool, Arrow's jemalloc background thread)
reset themselves in a forked child (``pthread_atfork``). :func:`.extract.default_spark_conf`
names this module for local masters, and ``extract --env`` for executors running binlog-ksy's shipped
environment.

A reused worker runs ``gc.collect()`` after each task (``pyspark/daemon.py``), which walked every object
of those imports again: a third of a worker's CPU on small files. The daemon freezes what it holds before it
forks (``gc.freeze()``): the collections of its workers then walk only what their tasks made (0.93 -> 0.65
CPU-s of the workers per extract of samples/mariadb-10.11, with a warm session).

Spark puts ``pyspark.zip`` and py4j's zip first on the daemon's ``PYTHONPATH``. When they are the
copies a pip-installed pyspark carries inside itself (``<site-packages>/pyspark/python/lib/``), the
same code is installed beside them as files: :func:`without_bundled_zips` takes the zips off the path,
so that PySpark is imported from the files (0.33 s of CPU instead of 0.88 s per daemon), and a worker's
first task does not read the zips' directories again (``importlib.invalidate_caches``, 0.07 s). Zips of
a Spark installation of its own (a cluster's ``SPARK_HOME``) stay: that PySpark is the JVM's.
"""

import gc
import os
import sys


def without_bundled_zips(path: list[str]) -> list[str]:
    """``path`` without the zips of PySpark and py4j that lie inside a pyspark package installed in an entry of
    ``path`` (``<entry>/pyspark/python/lib/*.zip``, with ``<entry>/pyspark`` and ``<entry>/py4j`` installed)."""
    entries = {os.path.realpath(p) for p in path if p}
    kept = []
    for entry in path:
        lib, name = os.path.split(entry)
        package = os.path.dirname(os.path.dirname(lib))  # <site-packages>/pyspark
        site = os.path.dirname(package)
        bundled = (name == "pyspark.zip" or (name.startswith("py4j-") and name.endswith(".zip")))
        installed = os.path.join(site, "pyspark" if name == "pyspark.zip" else "py4j", "__init__.py")
        if (bundled and lib.endswith(os.path.join("pyspark", "python", "lib")) and os.path.realpath(site) in entries
                and os.path.isfile(installed)):
            continue
        kept.append(entry)
    return kept


if __name__ == "__main__":
    sys.path[:] = without_bundled_zips(sys.path)

from pyspark.daemon import manager  # noqa: E402 - after the path is set

from binlog_ksy.spark_jobs.job import task  # noqa: E402,F401 - imported for the workers forked from here

__all__ = ["manager", "without_bundled_zips"]

if __name__ == "__main__":
    gc.freeze()  # what is imported now stays for the daemon's life: its workers' collections skip it
    manager()
