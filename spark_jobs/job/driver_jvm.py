"""The driver JVM that ``binlog-ksy extract`` starts, in a session of its own.

pyspark starts the driver JVM as a child process (``launch_gateway`` in
``pyspark/java_gateway.py``) in this process's process group. A signal sent to
the group (Ctrl-C in a terminal, ``kill -TERM -PGID``, a supervisor stopping
the group) would then reach the JVM as well as this process: pyspark makes the
JVM ignore SIGINT, but SIGTERM ends it at once, and ``extract --follow``, which
stops *after the batch in flight* on SIGTERM, would lose its JVM in the middle
of that batch (``ConnectionRefusedError`` from py4j, exit 3).

:func:`start_driver_jvm` starts the same JVM, with the same settings, as the
leader of a new session (``setsid``): signals to our group reach only this
process, which decides when to stop. The JVM still ends with this process,
however it ends: pyspark gives it a pipe as its standard input and the JVM
exits when that pipe closes (``PythonGatewayServer``).
"""

from __future__ import annotations

import os

__all__ = ["start_driver_jvm"]


def start_driver_jvm(conf: dict[str, str]) -> bool:
    """Start the driver JVM with ``conf`` (what the session builder is given, ``spark.master`` and
    ``spark.app.name`` included) in a new session, unless a JVM is there already (a SparkContext made
    before, or ``spark-submit``'s). The session is then built on it by ``SparkSession.builder``.
    Whether a JVM was started."""
    if os.environ.get("PYSPARK_GATEWAY_PORT"):  # under spark-submit: its JVM
        return False
    from pyspark import SparkConf, SparkContext
    from pyspark.java_gateway import launch_gateway

    with SparkContext._lock:
        if SparkContext._gateway is not None:
            return False
        spark_conf = SparkConf(loadDefaults=False)
        for key, value in conf.items():
            spark_conf.set(key, value)
        gateway = launch_gateway(spark_conf, popen_kwargs={"start_new_session": True})
        SparkContext._gateway = gateway
        SparkContext._jvm = gateway.jvm
    return True
