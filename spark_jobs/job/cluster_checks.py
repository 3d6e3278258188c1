"""What the extraction job checks and says when it runs beyond one machine.

* :func:`check_shared_output`: before anything is written, one small task per
  core writes a probe file into the run's temporary directory and the driver
  looks for each. A worker whose "same" path is its own local disk would
  otherwise leave the real parts there and the driver would commit an output
  of empty datasets; this refuses instead, telling to use a shared filesystem
  or an object store.
* :func:`worker_cause`: the first real cause of a failed Spark job, taken from
  the Java exception text that Py4J wraps (the Python exception raised in a
  worker, or the program a worker could not start), with a hint for the usual
  ones (a worker Python without binlog-ksy: ``pack-env``/``--env``).
* :func:`worker_python`: which Python the executors will run, with the user's
  own ``spark.pyspark.python``/``PYSPARK_PYTHON`` first.
* :func:`quiet_task_failures`: no log lines for a failed task (the job's one
  error line says why it failed).

Imports nothing from pyspark at module level: the probe task imports this
module on the workers.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import uuid
from typing import Any

from binlog_ksy.runtime.errors import ConfigError

__all__ = ["ENV_PYTHON", "PROBE_DIR", "SharedOutputError", "check_shared_output", "env_archive",
           "worker_cause", "worker_python", "write_probe"]

#: Where the tasks write their probe files, under the run's temporary directory.
PROBE_DIR = "_probe"
#: The executors' Python inside the archive ``extract --env`` ships (unpacked as ``./environment``).
ENV_PYTHON = "./environment/bin/python"

_SHARED_HINT = ("the Spark workers must write where the driver reads: give --output on a filesystem shared by "
                "the driver and every worker (NFS, HDFS) or an object store (s3://bucket/prefix, gs://, abfs://)")


class SharedOutputError(ConfigError):
    """The driver cannot see what the tasks write (the output is on the workers' own disks)."""


def env_archive(path: str) -> str:
    """The ``spark.archives`` entry of an environment archive: ``<absolute path>#environment``."""
    if "#" in path:
        path = path.split("#", 1)[0]
    if "://" not in path:
        path = os.path.abspath(os.path.expanduser(path))
        if not os.path.isfile(path):
            raise ConfigError(f"env: no such file: {path} (make it with binlog-ksy pack-env --output FILE.tar.gz)")
    return f"{path}#environment"


def worker_python(spark_conf: dict[str, str], env: str | None) -> tuple[str, str]:
    """The executors' Python and where it comes from.

    The user's ``spark.pyspark.python`` setting first, then ``PYSPARK_PYTHON``
    of this process (spark-submit sets it from ``--conf spark.pyspark.python``),
    then the shipped environment's (``env``), else this interpreter (right for
    local masters and for clusters whose machines have binlog-ksy where this
    one has it).
    """
    given = spark_conf.get("spark.pyspark.python")
    if given:
        return given, "spark.pyspark.python"
    if os.environ.get("PYSPARK_PYTHON"):
        return os.environ["PYSPARK_PYTHON"], "PYSPARK_PYTHON"
    if env:
        return ENV_PYTHON, "env"
    return sys.executable, "default"


def write_probe(root: str, name: str, store_environment: tuple[tuple[str, str], ...] = ()) -> tuple[str, str]:
    """In a task: write ``<root>/_probe/<name>``; returns (this host, the path written)."""
    from binlog_ksy.runtime.storage import Files

    os.environ.update(dict(store_environment))
    path = f"{root.rstrip('/')}/{PROBE_DIR}/{name}"
    Files(root).write_text(path, f"written by a task on {socket.gethostname()} pid {os.getpid()}\n")
    return socket.gethostname(), path


def check_shared_output(spark: Any, out: Any, store_environment: tuple[tuple[str, str], ...] = ()) -> None:
    """Refuse (:class:`SharedOutputError`) unless the driver sees the files the tasks write to ``out.staging``.

    Local masters run the tasks in this machine's processes: nothing to check.
    Otherwise one task per core (at least 2) writes a probe; a failed task
    fails the check with its own cause (:func:`worker_cause`).
    """
    from binlog_ksy.runtime.storage import Files

    sc = spark.sparkContext
    if str(sc.master).startswith("local"):
        return
    root = out.staging
    count = max(2, int(sc.defaultParallelism or 2))
    token = uuid.uuid4().hex[:12]
    names = [f"{token}-{i}" for i in range(count)]
    env = store_environment
    sc.setJobDescription("binlog-ksy extract: check that the driver sees what the tasks write")
    written = sc.parallelize(names, count).map(lambda name: write_probe(root, name, env)).collect()
    files = Files(root)
    try:
        missing = [(host, path) for host, path in written if not files.exists(path)]
    finally:
        try:
            files.delete(f"{root.rstrip('/')}/{PROBE_DIR}")
        except Exception:  # noqa: BLE001 - a leftover probe is harmless; the run's directory goes too
            pass
    if missing:
        host, path = missing[0]
        raise SharedOutputError(
            f"output {out.output}: the driver on {socket.gethostname()} cannot see what the tasks write "
            f"({len(missing)} of {len(written)} probe files missing, e.g. {path} written on {host}): "
            f"{_SHARED_HINT}. Nothing was written.")


# -- the cause of a failed job ---------------------------------------------------------------------

_PROGRAM = re.compile(r'Cannot run program "([^"]*)"[^\n]*')
#: A Python worker that died before it could report (its interpreter could not import the daemon module):
#: Spark quotes what it printed, indented, after this line (PythonWorkerFactory).
_WORKER_SAID = re.compile(r"Error from python worker:\n\s*([^\n]+)")
_PY_ERROR = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)(?::[^\n]*)?)$", re.M)


def worker_cause(exc: BaseException) -> str | None:
    """The first real cause in a failed Spark job's exception text, with a hint; None when none is found.

    Spark reports a task's failure as a Java exception (a
    ``Py4JJavaError`` around ``SparkException: Job aborted due to stage
    failure``) whose text holds the worker's Python traceback
    (``PythonException``) or the ``IOException`` of a Python that could not
    start. The first of these is the cause; the wrapper says nothing.
    """
    text = str(exc)
    java = getattr(exc, "java_exception", None)
    if java is not None:
        try:
            text = f"{text}\n{java.toString()}"
        except Exception:  # noqa: BLE001 - the JVM may be gone
            pass
    found: list[tuple[int, str]] = []
    program = _PROGRAM.search(text)
    if program:
        found.append((program.start(), program.group(0).strip()))
    said = _WORKER_SAID.search(text)
    if said:
        found.append((said.start(), said.group(1).strip()))
    start = text.find("Traceback (most recent call last):")
    if start >= 0:
        tail = text[start:]
        end = tail.find("\n\tat ")
        block = tail if end < 0 else tail[:end]
        errors = _PY_ERROR.findall(block)
        if errors:
            found.append((start, errors[-1].strip()))
    if not found:
        stage = re.search(r"Job aborted due to stage failure: ([^\n]*)", text)
        if not stage:
            return None
        return stage.group(1).strip()
    cause = min(found)[1]
    return cause + _hint(cause)


def _hint(cause: str) -> str:
    if re.search(r"No module named '?\"?binlog_ksy\.", cause):
        return (" (the workers' binlog-ksy is not the driver's version: pack the environment again with "
                "binlog-ksy pack-env, or install this version on every worker)")
    if "No module named 'binlog_ksy" in cause or 'No module named "binlog_ksy' in cause:
        return (" (the workers' Python lacks binlog-ksy: pack it with binlog-ksy pack-env --output env.tar.gz and "
                "run with --env env.tar.gz, or install binlog-ksy on every worker)")
    if cause.startswith("Cannot run program"):
        return (" (the workers have no such Python: ship one with binlog-ksy pack-env and --env, or set "
                "--conf spark.pyspark.python to the workers' Python)")
    return ""


# -- stderr under spark-submit ---------------------------------------------------------------------


class _JvmStderr:
    """A text stream onto the JVM's ``System.err`` (whole lines; what spark-submit's own stderr shows)."""

    def __init__(self, jvm: Any) -> None:
        self._err = jvm.System.err
        self._buffer = ""

    def write(self, text: str) -> int:
        self._buffer += text
        if "\n" in self._buffer:
            done, _, self._buffer = self._buffer.rpartition("\n")
            self._err.print(done + "\n")
        return len(text)

    def flush(self) -> None:
        if self._buffer:
            self._err.print(self._buffer)
            self._buffer = ""
        self._err.flush()


def _same_pipe(a: int, b: int) -> bool:
    try:
        sa, sb = os.fstat(a), os.fstat(b)
    except OSError:
        return False
    import stat

    return stat.S_ISFIFO(sa.st_mode) and (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def console_stream(spark: Any) -> Any:
    """Where progress and error lines go: ``sys.stderr``, except under spark-submit, whose Python
    driver's stderr is merged into its stdout (``--format json`` would not be JSON): there the JVM's
    ``System.err``, which is spark-submit's own stderr."""
    if spark is None or not os.environ.get("PYSPARK_GATEWAY_PORT") or not _same_pipe(1, 2):
        return sys.stderr
    try:
        return _JvmStderr(spark.sparkContext._jvm)
    except Exception:  # noqa: BLE001 - no JVM: the merged stream is all there is
        return sys.stderr


#: The Spark loggers that print a failed task's whole Python traceback (local executors and the driver's
#: scheduler), before the job's own one-line error that :func:`worker_cause` takes from the same text.
TASK_FAILURE_LOGGERS = ("org.apache.spark.executor.Executor", "org.apache.spark.scheduler.TaskSetManager")


def quiet_task_failures(spark: Any) -> None:
    """Turn off :data:`TASK_FAILURE_LOGGERS`: a store gone in the middle of a run fails a task, and its
    traceback (dozens of lines of Python and Java frames) buried the one line naming the store and the
    object; ``--debug`` keeps them."""
    try:
        jvm = spark.sparkContext._jvm
        off = jvm.org.apache.logging.log4j.Level.OFF
        for name in TASK_FAILURE_LOGGERS:
            jvm.org.apache.logging.log4j.core.config.Configurator.setLevel(name, off)
    except Exception:  # noqa: BLE001 - another logging backend: its lines stay
        pass
