"""``binlog-ksy extract`` prints only its own lines: the JVM's and Spark's go to a log file per run.

The README's main command (``binlog-ksy extract samples/mariadb-10.11 --output out``) is run as a user runs
it, in a child process from the checkout, with a cache folder of its own (``XDG_CACHE_HOME``: the class-data
archive and the logs are there):

* the first run, with no class-data archive (its JVM dumps one as it exits, after the summary), and the next
  one, which maps it, print only binlog-ksy's lines (:func:`_assert_only_own_lines`: on stderr every line
  starts with ``binlog-ksy extract: ``, on stdout every line is one of the summary's), none with ``WARN``,
  ``WARNING: Using incubator``, ``log4j`` or ``NativeCodeLoader``;
* the JVM's lines are in the run's log file, ``<cache>/binlog-ksy/logs/extract-*.log``, which ``--verbose``
  names on its first line;
* a JVM that cannot start (an invalid ``--conf``) and a task that fails (its worker raises) still name their
  first real cause, and the log, in the one error line; the worker's own stderr goes to the log.

Each run starts a JVM (about 10 s); the first one's JVM also dumps the archive (about 20 s of CPU after it).
"""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from binlog_ksy.spark_jobs.job import class_archive, jvm_log

pytestmark = [pytest.mark.spark, pytest.mark.slow,
              pytest.mark.skipif(class_archive._java() is None, reason="no java")]

ROOT = Path(__file__).resolve().parent.parent
BINLOG_KSY = Path(sys.executable).parent / "binlog-ksy"
#: The README's main command, less its output folder.
COMMAND = [str(BINLOG_KSY), "extract", "samples/mariadb-10.11"]
#: The lines of the summary (:meth:`ExtractSummary.to_text`): a field, or an indented ``name: count`` under one.
SUMMARY_LINE = re.compile(r"^(output|files|events|transactions|changes|errors|unfinished|tables/|elapsed): +\S"
                          r"|^  \S.*: \d+")
#: What only the JVM or Spark prints.
FOREIGN = ("WARN", "WARNING: Using incubator", "log4j", "NativeCodeLoader")
#: How long the JVM of the first run may take to finish its archive after the run (seconds).
DUMP_LIMIT = 300


def _run(cache: Path, out: Path, *flags: str, python: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYSPARK_")}
    env.update({"XDG_CACHE_HOME": str(cache), "PYSPARK_PYTHON": python or sys.executable})
    return subprocess.run([*COMMAND, "--output", str(out), *flags], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


def _assert_only_own_lines(done: subprocess.CompletedProcess[str]) -> None:
    """stderr: binlog-ksy's progress, warnings, notes and errors; stdout: the summary; nothing of the JVM's."""
    for line in done.stderr.splitlines():
        assert line.startswith("binlog-ksy extract: "), f"not binlog-ksy's line on stderr: {line!r}\n{done.stderr}"
    for line in done.stdout.splitlines():
        assert SUMMARY_LINE.match(line), f"not a summary line on stdout: {line!r}\n{done.stdout}"
    for word in FOREIGN:
        assert word not in done.stderr + done.stdout, word


def _logs(cache: Path) -> list[str]:
    return sorted(glob.glob(str(cache / "binlog-ksy" / "logs" / "extract-*.log")))


def _error_line(done: subprocess.CompletedProcess[str]) -> str:
    return next(line for line in done.stderr.splitlines() if line.startswith("binlog-ksy extract: error:"))


def _log_named(line: str) -> str:
    path = line.split("Spark's log: ", 1)[1].split(";", 1)[0]
    assert os.path.isfile(path), line
    return path


def _wait_for_archive(cache: Path) -> None:
    """Until the first run's JVM has finished writing its class-data archive (it outlives the run)."""
    deadline = time.monotonic() + DUMP_LIMIT
    pattern = str(cache / "binlog-ksy" / "spark-driver-*.jsa*")
    while time.monotonic() < deadline:
        if any(class_archive._finished(path) for path in glob.glob(pattern)):
            return
        time.sleep(0.5)
    pytest.fail(f"no finished class-data archive in {cache} after {DUMP_LIMIT} s")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def first_run(cache: Path, tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """The README's command with no class-data archive yet: the run's JVM dumps one when it exits."""
    assert not glob.glob(str(cache / "binlog-ksy" / "spark-driver-*"))
    return _run(cache, tmp_path_factory.mktemp("first") / "out")


def test_the_first_run_prints_only_its_own_lines(first_run: subprocess.CompletedProcess[str], cache: Path) -> None:
    assert first_run.returncode == 0, first_run.stderr
    _assert_only_own_lines(first_run)
    assert re.search(r"^events: +2285$", first_run.stdout, re.M)
    [log] = _logs(cache)  # without --verbose the log is written all the same
    text = Path(log).read_text()
    assert "WARNING: Using incubator modules" in text and "log4j" in text
    _wait_for_archive(cache)  # the JVM dumped it after the summary, into the log rather than our stderr


def test_with_the_archive_verbose_names_the_log(first_run: subprocess.CompletedProcess[str], cache: Path,
                                               tmp_path: Path) -> None:
    _wait_for_archive(cache)
    done = _run(cache, tmp_path / "out", "--verbose")
    assert done.returncode == 0, done.stderr
    assert glob.glob(str(cache / "binlog-ksy" / "spark-driver-*.jsa"))  # the dump was taken into use
    _assert_only_own_lines(done)
    first = done.stderr.splitlines()[0]
    assert first.startswith("binlog-ksy extract: Spark's log: "), done.stderr
    log = first.split("Spark's log: ", 1)[1]
    assert log in _logs(cache) and len(_logs(cache)) >= 2
    text = Path(log).read_text()
    assert "WARNING: Using incubator modules" in text and "log4j" in text


def test_a_jvm_that_cannot_start_names_its_cause(first_run: subprocess.CompletedProcess[str], cache: Path,
                                                 tmp_path: Path) -> None:
    done = _run(cache, tmp_path / "out", "--conf", "spark.driver.memory=abc")
    assert done.returncode == 3, done.stderr
    _assert_only_own_lines(done)
    line = _error_line(done)
    assert line.startswith("binlog-ksy extract: error: Spark could not start"), line
    assert "Invalid maximum heap size: -Xmxabc" in line and "JAVA_GATEWAY" not in line
    assert "Invalid maximum heap size" in Path(_log_named(line)).read_text()
    assert not (tmp_path / "out").exists()


def test_a_failing_task_names_its_python_error(first_run: subprocess.CompletedProcess[str], cache: Path,
                                               tmp_path: Path) -> None:
    """The workers' Python runs a ``sitecustomize`` that makes every task raise and prints on stderr."""
    inject = tmp_path / "inject"
    inject.mkdir()
    (inject / "sitecustomize.py").write_text(
        "import sys\n"
        "print('a line of the worker on its stderr', file=sys.stderr, flush=True)\n"
        "from binlog_ksy.spark_jobs.job import task\n"
        "def _fail(spec, opts):\n"
        "    raise RuntimeError('the task failed on purpose')\n"
        "task.run_task = _fail\n")
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\nPYTHONPATH="{inject}${{PYTHONPATH:+:$PYTHONPATH}}" exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    done = _run(cache, tmp_path / "out", python=str(python))
    assert done.returncode == 3, done.stderr
    _assert_only_own_lines(done)
    line = _error_line(done)
    assert line.startswith("binlog-ksy extract: error: the job failed"), line
    assert "RuntimeError: the task failed on purpose" in line and "Py4J" not in line
    text = Path(_log_named(line)).read_text()
    assert "a line of the worker on its stderr" in text and "RuntimeError: the task failed on purpose" in text
    assert not (tmp_path / "out").exists()


def test_logs_are_bounded(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for i in range(jvm_log.KEPT + 5):
        (logs / f"extract-old-{i:03d}.log").write_text("x\n")
        os.utime(logs / f"extract-old-{i:03d}.log", (1000 + i, 1000 + i))
    log = jvm_log.JvmLog.create(str(logs))
    assert log is not None and log.path in _logs_in(logs)
    assert len(_logs_in(logs)) == jvm_log.KEPT
    assert f"extract-old-{jvm_log.KEPT + 4:03d}.log" in {os.path.basename(p) for p in _logs_in(logs)}
    assert not (logs / "extract-old-000.log").exists()
    from binlog_ksy.spark_jobs.job.cli import _EPILOG

    assert f"the {jvm_log.KEPT} newest kept" in " ".join(_EPILOG.split())  # as --help says


def _logs_in(folder: Path) -> list[str]:
    return glob.glob(str(folder / "extract-*.log"))


@pytest.mark.parametrize(("log", "cause"), [
    ("Invalid maximum heap size: -Xmxabc\nError: Could not create the Java Virtual Machine.\n"
     "Error: A fatal exception has occurred. Program will exit.\n", "Invalid maximum heap size: -Xmxabc"),
    ("WARNING: Using incubator modules: jdk.incubator.vector\n"
     "26/12/06 19:44:11 WARN Utils: Your hostname, vm, resolves to a loopback address\n"
     'Exception in thread "main" org.apache.spark.SparkException: Master must either be yarn or start with spark\n'
     "\tat org.apache.spark.deploy.SparkSubmit.error(SparkSubmit.scala:1068)\n",
     "org.apache.spark.SparkException: Master must either be yarn or start with spark"),
    ("26/12/06 19:47:16 WARN StandaloneAppClient$ClientEndpoint: Failed to connect to master 127.0.0.1:1\n"
     "org.apache.spark.SparkException: Exception thrown in awaitResult: \n"
     "Caused by: java.io.IOException: Failed to connect to /127.0.0.1:1\n"
     "26/12/06 19:48:16 ERROR StandaloneSchedulerBackend: Application has been killed. Reason: All masters are "
     "unresponsive! Giving up.\n", "Application has been killed. Reason: All masters are unresponsive! Giving up."),
    ("26/12/06 19:44:30 ERROR SparkContext: Error initializing SparkContext.\n"
     "org.apache.spark.SparkException: Could not start\n\tat org.apache.spark.SparkContext.<init>(x.scala:1)\n"
     "Caused by: java.net.BindException: Address already in use\n",
     "org.apache.spark.SparkException: Could not start (caused by java.net.BindException: Address already in use)"),
    ("/opt/spark/bin/spark-class: line 71: /nowhere/bin/java: No such file or directory\n",
     "/opt/spark/bin/spark-class: line 71: /nowhere/bin/java: No such file or directory"),
    ("# header\nUsing Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties\n", None),
])
def test_the_first_error_of_a_log(log: str, cause: str | None) -> None:
    assert jvm_log.first_error(log) == cause


def test_the_archive_and_the_logs_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache folder (archives, logs: they name the user's paths and tables) is made 0700, one left 0755 by
    an older version is tightened, and each run's log is 0600."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "binlog-ksy"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    assert class_archive.cache_dir() == str(folder)
    assert folder.stat().st_mode & 0o777 == 0o700
    log = jvm_log.JvmLog.create()
    assert log is not None and Path(log.path).parent == folder / "logs"
    assert Path(log.path).stat().st_mode & 0o777 == 0o600
    assert (folder / "logs").stat().st_mode & 0o077 == 0
