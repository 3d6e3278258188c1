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
names this module for local masters only.
"""

from pyspark.daemon import manager

from binlog_ksy.spark_jobs.job import task  # noqa: F401 - imported for the workers forked from here

__all__ = ["manager"]

if __name__ == "__main__":
    manager()
