"""The log of the JVM that ``binlog-ksy extract`` starts: one file per run, never the console.

pyspark starts the driver JVM as a child process (``spark-submit``'s script,
its launcher, then ``java``: ``launch_gateway`` in ``pyspark/java_gateway.py``)
that inherits this process's standard output and error. Everything it says
would land among our own lines: what the JVM prints before any logging exists
(``WARNING: Using incubator modules``), Spark's log4j lines (its profile,
``WARN Utils`` on the hostname, ``WARN NativeCodeLoader``), the Python workers'
stderr (a local executor's workers are the JVM's children: Spark copies their
stderr to the JVM's) and, after the summary, whatever the JVM prints while it
dumps the class-data archive (:mod:`.class_archive`) on exit, once this process
has ended.

:meth:`JvmLog.inherited` points this process's file descriptors 1 and 2 at the
run's log file while the session is built, so the JVM is started with the file
as its stdout and stderr and keeps it for its whole life; ours are put back as
soon as it runs. A log4j configuration could route Spark's own lines, but not
the JVM's, the launcher's or the workers', and would have to be merged into the
user's ``spark.driver.extraJavaOptions``: the file descriptors take all of them.

The files are ``extract-<local time>-<pid>.log`` in ``<cache>/logs``
(:func:`.class_archive.cache_dir`: ``$XDG_CACHE_HOME/binlog-ksy``, else
``~/.cache/binlog-ksy``), the :data:`KEPT` newest kept; a cache that cannot be
written gives a file in the temporary directory. :func:`first_error` reads a
log for the first real cause of a failure (a JVM that did not start, a
SparkContext that could not be made).
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator

from binlog_ksy.spark_jobs.job.class_archive import cache_dir

__all__ = ["KEPT", "JvmLog", "first_error", "java_cause", "launches_jvm", "logs_dir"]

#: How many run logs are kept in :func:`logs_dir` (the newest).
KEPT = 20


def logs_dir() -> str:
    """Where the run logs are kept: ``<cache>/logs`` (see :func:`.class_archive.cache_dir`)."""
    return os.path.join(cache_dir(), "logs")


def launches_jvm() -> bool:
    """Whether building a session here starts a JVM: not under ``spark-submit`` (its JVM, its log) and no
    SparkContext in this process yet (a session that is there already is used as it is)."""
    if os.environ.get("PYSPARK_GATEWAY_PORT"):
        return False
    from pyspark import SparkContext

    return getattr(SparkContext, "_active_spark_context", None) is None


class JvmLog:
    """One run's log file, given to the JVM as its stdout and stderr."""

    def __init__(self, path: str) -> None:
        self.path = path

    @classmethod
    def create(cls, directory: str | None = None) -> JvmLog | None:
        """A new log file in ``directory`` (default :func:`logs_dir`), else in the temporary directory; the
        older ones beyond :data:`KEPT` are removed. None when no file can be made."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        header = (f"# binlog-ksy extract, pid {os.getpid()}, {time.strftime('%Y-%m-%d %H:%M:%S %z')}: the output "
                  "of the JVM that runs Spark (the JVM's own lines, Spark's log, the Python workers' stderr)\n")
        directory = directory or logs_dir()
        try:
            os.makedirs(directory, mode=0o700, exist_ok=True)
            path = os.path.join(directory, f"extract-{stamp}-{os.getpid()}.log")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # names the user's paths and tables
        except OSError:
            try:
                fd, path = tempfile.mkstemp(prefix=f"binlog-ksy-extract-{stamp}-", suffix=".log")
            except OSError:
                return None
        else:
            _keep_newest(directory, path)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(header)
        return cls(path)

    @contextlib.contextmanager
    def inherited(self) -> Iterator[None]:
        """Within: file descriptors 1 and 2 are the log file (appended to), so a process started here writes
        its stdout and stderr there; ours are back after, the process keeps the file."""
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        saved: dict[int, int | None] = {}
        try:
            for target in (1, 2):
                try:
                    saved[target] = os.dup(target)
                except OSError:  # closed (2>&-): it is closed again after
                    saved[target] = None
                os.dup2(fd, target)
            yield
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            for target, copy in saved.items():
                if copy is None:
                    os.close(target)
                else:
                    os.dup2(copy, target)
                    os.close(copy)
            os.close(fd)

    def text(self) -> str:
        """What the log holds so far ("" when it cannot be read)."""
        try:
            with open(self.path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def first_error(self) -> str | None:
        """:func:`first_error` of this log."""
        return first_error(self.text())


def _keep_newest(directory: str, new: str) -> None:
    """Remove all but the :data:`KEPT` newest logs (``new`` among them)."""
    logs = [p for p in glob.glob(os.path.join(glob.escape(directory), "extract-*.log")) if p != new]

    def age(path: str) -> float:
        try:
            return os.stat(path).st_mtime
        except OSError:
            return 0.0

    for path in sorted(logs, key=age, reverse=True)[KEPT - 1:]:
        with contextlib.suppress(OSError):  # another run's pruning took it first
            os.remove(path)


# -- the first real cause in a log ----------------------------------------------------------------

#: A log4j line of Spark's default pattern: ``26/12/06 19:41:34 WARN Utils: message``.
_LOG_LINE = re.compile(r"^\d\d/\d\d/\d\d \d\d:\d\d:\d\d (TRACE|DEBUG|INFO|WARN|ERROR|FATAL) ([^:\s]+): ?(.*)$")
#: Lines that never name a cause: the JVM's and Spark's start-up notes, our header, stack frames.
_NOISE = re.compile(r"^(#|WARNING: Using incubator modules|Using Spark's default log4j profile|Setting default log "
                    r"level|To adjust logging level|\s+at |\s+\.\.\. \d+ more|Error: A fatal exception has occurred)")
#: A Java exception's first line (after Py4J's ``": "``): ``org.apache.spark.SparkException: message``.
_EXCEPTION = re.compile(r"^(?::\s*)?((?:[A-Za-z_$][\w$]*\.)+[\w$]*(?:Exception|Error|Throwable)(?::.*)?)$")
_CAUSED_BY = re.compile(r"^Caused by: (.*)$")
_THREAD = re.compile(r'^Exception in thread "[^"]*" (.*)$')
_NO_JVM = "Error: Could not create the Java Virtual Machine"


def java_cause(lines: list[str]) -> str | None:
    """The Java exception in ``lines`` (a log record's, or a Py4J error's text): its first line, with its
    root cause (the last ``Caused by``) when there is one; None when no line is a Java exception's."""
    first = next((m.group(1).strip() for line in lines if (m := _EXCEPTION.match(line))), None)
    if first is None:
        return None
    root = [m.group(1).strip() for line in lines if (m := _CAUSED_BY.match(line))]
    return f"{first} (caused by {root[-1]})" if root and root[-1] != first else first


def first_error(text: str) -> str | None:
    """The first real cause of a failure in a JVM log: the first ``ERROR`` (or ``FATAL``) record's exception
    (else its message), an uncaught exception (``Exception in thread "main" ...``), the reason a JVM did not
    start (the line before ``Error: Could not create the Java Virtual Machine``), or an ``Error:`` of
    ``spark-submit``; else the first line that is none of Spark's log (a script's error); None for none.
    Warnings are no cause: a failing start logs many."""
    records: list[tuple[str, str, list[str]]] = []  # (level, first line, the lines after it)
    for line in text.splitlines():
        if not line.strip() or _NOISE.match(line):
            continue
        if m := _LOG_LINE.match(line):
            records.append((m.group(1), m.group(3).strip(), []))
        elif m := _THREAD.match(line):
            records.append(("THREAD", m.group(1).strip(), []))
        elif records and records[-1][0] != "OTHER":
            records[-1][2].append(line)  # an exception and its causes, under the record they belong to
        else:
            records.append(("OTHER", line.strip(), []))
    for at, (level, first, rest) in enumerate(records):
        if level in ("ERROR", "FATAL"):
            return java_cause(rest) or first
        if level == "THREAD":
            return java_cause([first, *rest]) or first
        if level == "OTHER" and first.startswith(_NO_JVM):  # the JVM says why just before
            return records[at - 1][1] if at and records[at - 1][0] == "OTHER" else first
        if level == "OTHER" and first.startswith("Error: "):
            return first[len("Error: "):]
    return next((first for level, first, _ in records if level == "OTHER"), None)
