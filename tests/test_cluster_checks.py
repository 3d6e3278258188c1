"""The pieces of running on a cluster that need no cluster: the cause of a failed job, the workers'
Python, the ``env`` setting and the archive entry, the probe, stderr under spark-submit.

The texts below are the shapes Spark 4 gives (a ``Py4JJavaError`` around ``SparkException: Job
aborted due to stage failure`` holding a ``PythonException`` traceback or the ``IOException`` of a
Python that could not start); tests/test_cluster.py sees the real ones on a real cluster.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from binlog_ksy.spark_jobs.job import cluster_checks
from binlog_ksy.spark_jobs.job.cluster_checks import (
    ENV_PYTHON,
    SharedOutputError,
    check_shared_output,
    env_archive,
    worker_cause,
    worker_python,
)
from binlog_ksy.spark_jobs.job.config import ConfigError, ExtractConfig, load_job_file

_PYTHON_FAILURE = """An error occurred while calling z:org.apache.spark.api.python.PythonRDD.collectAndServe.
: org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 0.0 failed 1 times, \
most recent failure: Lost task 0.0 in stage 0.0 (TID 0) (127.0.0.1 executor 0): \
org.apache.spark.api.python.PythonException: [PYTHON_EXCEPTION] An exception was thrown from the Python worker: \
Traceback (most recent call last):
  File "/x/pyspark.zip/pyspark/serializers.py", line 483, in loads
    return cloudpickle.loads(obj, encoding=encoding)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
ModuleNotFoundError: No module named 'binlog_ksy'
 SQLSTATE: 38000
\tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:1097)
\tat org.apache.spark.scheduler.ResultTask.runTask(ResultTask.scala:93)

Driver stacktrace:
\tat org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:2935)
"""

_PROGRAM_FAILURE = """An error occurred while calling z:org.apache.spark.api.python.PythonRDD.collectAndServe.
: org.apache.spark.SparkException: Job aborted due to stage failure: Task 1 in stage 0.0 failed 4 times, \
most recent failure: Lost task 1.3 in stage 0.0 (TID 7) (127.0.0.1 executor 1): java.io.IOException: \
Cannot run program "/home/me/.venv/bin/python": error=2, No such file or directory
\tat java.base/java.lang.ProcessBuilder.start(ProcessBuilder.java:1143)
Caused by: java.io.IOException: error=2, No such file or directory
"""


class _Py4JLike(Exception):
    """What Py4J raises: its text is the Java exception's."""


def test_the_cause_is_the_workers_python_exception_with_the_pack_env_hint() -> None:
    cause = worker_cause(_Py4JLike(_PYTHON_FAILURE))
    assert cause is not None
    assert cause.startswith("ModuleNotFoundError: No module named 'binlog_ksy'")
    assert "pack-env" in cause and "--env" in cause
    assert "collectAndServe" not in cause and "SparkException" not in cause


def test_a_missing_submodule_means_another_version_on_the_workers() -> None:
    text = _PYTHON_FAILURE.replace("'binlog_ksy'", "'binlog_ksy.spark_jobs.job.cluster_checks'")
    cause = worker_cause(_Py4JLike(text))
    assert cause is not None and "not the driver's version" in cause and "pack the environment again" in cause


def test_the_cause_is_the_program_a_worker_could_not_start() -> None:
    cause = worker_cause(_Py4JLike(_PROGRAM_FAILURE))
    assert cause is not None
    assert cause.startswith('Cannot run program "/home/me/.venv/bin/python": error=2, No such file or directory')
    assert "spark.pyspark.python" in cause


def test_an_application_error_in_a_task_is_named_without_a_hint() -> None:
    text = _PYTHON_FAILURE.replace("ModuleNotFoundError: No module named 'binlog_ksy'",
                                   "ValueError: bad row image\n\nThe above exception ...\nKeyError: 'x'")
    assert worker_cause(_Py4JLike(text)) == "KeyError: 'x'"


def test_other_failures_give_the_stage_failure_line_or_nothing() -> None:
    text = ": org.apache.spark.SparkException: Job aborted due to stage failure: Total size of results too big\n"
    assert worker_cause(_Py4JLike(text)) == "Total size of results too big"
    assert worker_cause(ValueError("plain")) is None


def test_the_users_python_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYSPARK_PYTHON", raising=False)
    assert worker_python({}, None) == (sys.executable, "default")
    assert worker_python({}, "env.tar.gz") == (ENV_PYTHON, "env")
    monkeypatch.setenv("PYSPARK_PYTHON", "/opt/py/bin/python")
    assert worker_python({}, "env.tar.gz") == ("/opt/py/bin/python", "PYSPARK_PYTHON")
    conf = {"spark.pyspark.python": "/usr/bin/python3.11"}
    assert worker_python(conf, "env.tar.gz") == ("/usr/bin/python3.11", "spark.pyspark.python")


def test_env_in_a_job_file_is_taken_from_its_folder(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "env.tar.gz").write_bytes(b"x")
    job = tmp_path / "sub" / "job.yaml"
    job.write_text("inputs: [a]\noutput: out\nenv: env.tar.gz\n")
    cfg = load_job_file(str(job))
    assert cfg.env == str(tmp_path / "sub" / "env.tar.gz")
    assert env_archive(cfg.env) == f"{tmp_path / 'sub' / 'env.tar.gz'}#environment"
    assert cfg.merged(env=None).env == cfg.env  # a flag not given keeps the file's value
    with pytest.raises(ConfigError, match="pack-env"):
        ExtractConfig(inputs=["a"], output="out", env=str(tmp_path / "missing.tar.gz")).validate()
    with pytest.raises(ConfigError, match="no such file"):
        env_archive(str(tmp_path / "missing.tar.gz"))


def test_extract_env_flag_reaches_the_config(tmp_path: Path) -> None:
    import argparse

    from binlog_ksy.spark_jobs.job.cli import add_extract_arguments, config_from_args

    archive = tmp_path / "e.tar.gz"
    archive.write_bytes(b"x")
    parser = argparse.ArgumentParser()
    add_extract_arguments(parser)
    args = parser.parse_args([str(tmp_path), "--output", str(tmp_path / "o"), "--env", str(archive)])
    assert config_from_args(args).env == str(archive)


class _Context:
    """The little of a SparkContext that :func:`check_shared_output` uses; tasks run here, writing to ``root``."""

    def __init__(self, master: str) -> None:
        self.master, self.defaultParallelism, self.jobs = master, 2, 0

    def setJobDescription(self, text: str) -> None:
        pass

    def parallelize(self, items: list[str], n: int) -> _Context:
        self.items = items
        return self

    def map(self, f):
        self.f = f
        return self

    def collect(self) -> list[Any]:
        self.jobs += 1
        return [self.f(item) for item in self.items]


def test_the_probe_passes_when_the_driver_sees_the_task_files(tmp_path: Path) -> None:
    out = SimpleNamespace(staging=str(tmp_path / "tmp"), output=str(tmp_path / "out"))
    sc = _Context("spark://h:7077")
    check_shared_output(SimpleNamespace(sparkContext=sc), out)
    assert sc.jobs == 1
    assert not (tmp_path / "tmp" / cluster_checks.PROBE_DIR).exists()  # the probe files are gone


def test_the_probe_refuses_when_the_task_files_are_elsewhere(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    workers_disk = tmp_path / "worker-disk"
    real_write = cluster_checks.write_probe

    def write_elsewhere(root: str, name: str, env: tuple[Any, ...] = ()) -> tuple[str, str]:
        host, _ = real_write(str(workers_disk), name, env)  # what a worker's own disk gets
        return host, f"{root}/{cluster_checks.PROBE_DIR}/{name}"

    monkeypatch.setattr(cluster_checks, "write_probe", write_elsewhere)
    out = SimpleNamespace(staging=str(tmp_path / "tmp"), output=str(tmp_path / "out"))
    with pytest.raises(SharedOutputError, match="shared by the driver and every worker.*object store"):
        check_shared_output(SimpleNamespace(sparkContext=_Context("spark://h:7077")), out)
    assert len(os.listdir(workers_disk / cluster_checks.PROBE_DIR)) == 2


def test_local_masters_need_no_probe(tmp_path: Path) -> None:
    sc = _Context("local[2]")
    check_shared_output(SimpleNamespace(sparkContext=sc), SimpleNamespace(staging=str(tmp_path), output="o"))
    assert sc.jobs == 0


def test_console_stream_is_stderr_outside_spark_submit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYSPARK_GATEWAY_PORT", raising=False)
    assert cluster_checks.console_stream(object()) is sys.stderr


def test_jvm_stderr_writes_whole_lines() -> None:
    printed: list[str] = []
    err = SimpleNamespace(print=printed.append, flush=lambda: printed.append("<flush>"))
    stream = cluster_checks._JvmStderr(SimpleNamespace(System=SimpleNamespace(err=err)))
    stream.write("a")
    stream.write("b\nc")
    assert printed == ["ab\n"]
    stream.flush()
    assert printed == ["ab\n", "c", "<flush>"]


class _Builder:
    """Records what :func:`build_session` asks of ``SparkSession.builder``."""

    def __init__(self) -> None:
        self.conf: dict[str, str] = {}
        self.master_url: str | None = None

    def appName(self, name: str) -> _Builder:
        return self

    def master(self, url: str) -> _Builder:
        self.master_url = url
        return self

    def config(self, key: str, value: str) -> _Builder:
        self.conf[key] = value
        return self

    def getOrCreate(self) -> _Builder:
        self.python = os.environ.get("PYSPARK_PYTHON")
        return self


@pytest.mark.parametrize("case", ["cluster", "local", "user python", "user archives"])
def test_build_session_ships_the_env_and_respects_the_users_python(case: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from binlog_ksy.spark_jobs.job import extract as extract_job

    builder = _Builder()
    monkeypatch.setattr(extract_job, "SparkSession", SimpleNamespace(builder=builder))
    jvm_conf: list[dict[str, str]] = []
    monkeypatch.setattr(extract_job, "start_driver_jvm", jvm_conf.append)
    monkeypatch.delenv("PYSPARK_PYTHON", raising=False)
    archive = tmp_path / "env.tar.gz"
    archive.write_bytes(b"x")
    conf = {"spark.pyspark.python": "/opt/py/bin/python"} if case == "user python" else {}
    if case == "user archives":
        conf = {"spark.archives": "/data/other.zip#other"}
    master = "local[2]" if case == "local" else "spark://h:7077"
    cfg = ExtractConfig(inputs=["a"], output="o", master=master, env=str(archive), spark_conf=conf)
    session: object = extract_job.build_session(cfg)
    assert session is builder and builder.master_url == master
    assert builder.conf["spark.ui.showConsoleProgress"] == "false"
    # The JVM started in its own session gets what the builder is given
    assert jvm_conf == [{"spark.app.name": "binlog-ksy extract", "spark.master": master, **builder.conf}]
    # The driver plans and commits on every master: the quick-starting JVM
    assert builder.conf["spark.driver.extraJavaOptions"] == extract_job.driver_java_options()
    assert "-XX:TieredStopAtLevel=1" in builder.conf["spark.driver.extraJavaOptions"]
    # Workers forked from the daemon that imports the task's modules: locally and from binlog-ksy's own
    # environment, not from a Python the user chose (it may not have binlog-ksy: its own error must show)
    daemon = builder.conf.get("spark.python.daemon.module")
    assert daemon == (None if case == "user python" else extract_job.WORKER_DAEMON), daemon
    if case == "local":
        assert "spark.archives" not in builder.conf and builder.python == sys.executable
        return
    expected = f"{archive}#environment"
    if case == "user archives":
        expected = f"/data/other.zip#other,{expected}"
    assert builder.conf["spark.archives"] == expected
    assert builder.python == ("/opt/py/bin/python" if case == "user python" else "./environment/bin/python")


def test_a_shipped_env_that_the_users_python_overrides_is_noted(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from binlog_ksy.spark_jobs.job.cli import _note_env_not_used

    cfg = SimpleNamespace(env="env.tar.gz")
    cluster = SimpleNamespace(sparkContext=SimpleNamespace(master="spark://h:7077"))
    notes = []
    for python in ("/opt/py/bin/python", ENV_PYTHON):
        monkeypatch.setenv("PYSPARK_PYTHON", python)
        err = io.StringIO()
        _note_env_not_used(cfg, cluster, err)
        notes.append(err.getvalue())
    assert "the workers run /opt/py/bin/python" in notes[0] and "--env env.tar.gz" in notes[0]
    assert notes[1] == ""  # the archive's Python runs the tasks: nothing to say


#: A local worker whose Python lacks binlog-ksy (PYSPARK_PYTHON=/usr/bin/python3): it dies before it can say
#: anything but what Spark quotes after "Error from python worker:" (from a run's log).
_DAEMON_FAILURE = (
    "An error occurred while calling z:org.apache.spark.api.python.PythonRDD.collectAndServe.\n"
    ": org.apache.spark.SparkException: Job aborted due to stage failure: Task 1 in stage 0.0 failed 1 times, most "
    "recent failure: Lost task 1.0 in stage 0.0 (TID 1) (192.0.2.2 executor driver): "
    "org.apache.spark.SparkException: \n"
    "Error from python worker:\n"
    "  /usr/bin/python3: Error while finding module specification for 'binlog_ksy.spark_jobs.job.worker_daemon' "
    "(ModuleNotFoundError: No module named 'binlog_ksy')\n"
    "PYTHONPATH was:\n  /x/pyspark.zip\n"
    "org.apache.spark.SparkException: EOFException occurred while reading the port number from "
    "binlog_ksy.spark_jobs.job.worker_daemon's stdout.\n\tat org.apache.spark.errors.SparkCoreErrors$.x(y.scala:55)\n")


def test_a_worker_that_died_before_it_could_report_is_named_by_what_it_printed() -> None:
    cause = worker_cause(_Py4JLike(_DAEMON_FAILURE))
    assert cause is not None
    assert cause.startswith("/usr/bin/python3: Error while finding module specification")
    assert "No module named 'binlog_ksy'" in cause and "lacks binlog-ksy" in cause
