"""binlog-ksy on a real Spark cluster whose workers' Python lacks binlog-ksy.

One standalone cluster for the module (``tests/spark_cluster.py``: a Master and a Worker of 2 cores,
started with pyspark's own ``spark-class``, its Python a bare virtual environment) and one environment
packed with ``binlog-ksy pack-env`` for it (its C compiled without optimisation, as tests/test_wheel.py does:
the tests need the modules to work, not to be fast). The workers run in a mount
namespace where one folder (``private``) is their own empty tmpfs: an output there is not
shared with the driver.

* the cluster recipe of docs/cluster.md (pack-env, then extract --env), run as written with the cluster's
  URL, gives the same datasets as a local-mode run of the same inputs;
* a job file's ``env:`` ships the archive too, here for ``follow: true`` into an ``s3://`` output on a real S3
  server whose settings only the driver has: the follow keeps the output current as binlogs arrive (each batch
  an ``--incremental`` run's tasks, reading only the new files) and, stopped, leaves what one local run leaves;
* ``spark-submit`` with docs/cluster.md's flags prints only JSON on stdout;
* an output the workers do not share with the driver is refused (exit 2, shared filesystem or
  object store), with nothing written and no summary;
* workers without binlog-ksy (the user's ``spark.pyspark.python`` is respected) fail with exit 3
  and the workers' own cause, not a Py4J wrapper;
* the ``binlog`` data source on the cluster reads local and ``s3://`` inputs as local mode does,
  and fails (does not return 0 rows) when the workers cannot open the files.

The tests share one cluster (the suite is bound by CPU: a second cluster, for a second parallel worker, cost
more than it saved) and one packed environment, made once per test run: in a folder the parallel workers
share, under a lock, so that a module run on its own and a parallel run make it the same way.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.dataset as ds
import pyarrow.fs as pafs
import pytest
from s3_server import S3Server, s3_server  # noqa: F401 - the session fixture
from spark_cluster import Cluster, can_unshare, start_cluster

from run_outputs import run_in_process
from spark_session import get_spark

pytestmark = [pytest.mark.spark, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "mariadb-10.11"
VENV_BIN = Path(sys.executable).parent
DATASETS = ("events", "changes", "transactions", "errors")
#: The page whose commands the tests run as written (it moved there from the README).
CLUSTER_PAGE = ROOT / "docs" / "cluster.md"
#: Spark's console progress bar ("[Stage 0:>   (0 + 2) / 2]").
STAGE_BAR = re.compile(r"\[Stage \d+:")


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK_", "AWS_"))}
    env.update({"SPARK_LOCAL_IP": "127.0.0.1", "PATH": f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"})
    env.update(extra or {})
    return env


def _cli(*args: str, cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(VENV_BIN / "binlog-ksy"), *args], cwd=cwd, env=env or _env(), capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cluster")


@pytest.fixture(scope="module")
def cluster(work: Path) -> Iterator[Cluster]:
    private = work / "private"
    private.mkdir()
    started = start_cluster(str(work / "spark"), private=str(private) if can_unshare() else None)
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="module")
def recipe() -> list[str]:
    """docs/cluster.md's recipe: the commands of the bash block after the cluster-recipe marker."""
    text = CLUSTER_PAGE.read_text()
    block = text.split("<!-- cluster-recipe", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.replace("\\\n", " ").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def packed(work: Path, recipe: list[str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The recipe's first command, run as written: the archive (in ``work``) and what the command printed.

    Run once per test run: in a parallel one, in a folder the workers share, under a lock."""
    assert recipe[0].startswith("binlog-ksy pack-env ")
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "cluster-pack"
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        printed = shared / "printed.json"
        if not printed.exists():
            done = subprocess.run(recipe[0], shell=True, cwd=shared, env=_env({"CFLAGS": "-O0"}),
                                  capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, done.stderr
            printed.write_text(json.dumps(done.stdout))
    archive = work / "binlog-ksy-env.tar.gz"
    shutil.copyfile(shared / archive.name, archive)
    return archive, json.loads(printed.read_text())


@pytest.fixture(scope="module")
def local_output(work: Path) -> Path:
    """The same inputs read in local mode: ``extract`` on the tests' local Spark session (2 cores; workers: this
    interpreter, which has binlog-ksy), in this process: the reference, not the command under test."""
    out = work / "local_out"
    run_in_process(get_spark(), str(SAMPLES), str(out), "parquet", False)
    return out


def _rows(path: str, filesystem: pafs.FileSystem | None = None) -> list[str]:
    dataset = ds.dataset(path, format="parquet", partitioning="hive", filesystem=filesystem)
    return sorted(json.dumps(row, sort_keys=True, default=str) for row in dataset.to_table().to_pylist())


def _datasets(out: str, filesystem: pafs.FileSystem | None = None) -> dict[str, list[str]]:
    fs = filesystem or pafs.LocalFileSystem()
    names = [*DATASETS]
    tables = fs.get_file_info(pafs.FileSelector(f"{out}/tables"))
    names += sorted(f"tables/{info.base_name}" for info in tables if info.type == pafs.FileType.Directory)
    return {name: _rows(f"{out}/{name}", filesystem) for name in names}


def _assert_same_datasets(got: dict[str, list[str]], want: dict[str, list[str]]) -> None:
    assert sorted(got) == sorted(want)
    assert len(want["events"]) > 1000 and len(want["changes"]) > 1000
    assert any(name.startswith("tables/") for name in want)
    for name in want:
        assert got[name] == want[name], name


def test_pack_env_packs_real_code_and_names_the_workers_python(packed: tuple[Path, str]) -> None:
    archive, message = packed
    assert re.search(r"the workers need Python \d+\.\d+\.\d+ at /\S+", message), message
    base = os.path.realpath(getattr(sys, "_base_executable", sys.executable))
    assert base in message
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        python = tar.getmember("bin/python") if "bin/python" in names else None
    assert any(re.search(r"site-packages/binlog_ksy/runtime/rows/_scan\.cpython-[^/]*\.so$", n) for n in names)
    assert any(n.endswith("site-packages/binlog_ksy/spark_jobs/job/task.py") for n in names)
    assert any("site-packages/pyarrow/" in n for n in names) and any("site-packages/numpy/" in n for n in names)
    assert not any("__editable__" in n or n.endswith(".egg-link") for n in names)  # real code, not a link back
    assert python is not None


def test_documented_recipe_on_bare_workers_equals_local_mode(cluster: Cluster, packed: tuple[Path, str],
                                                             recipe: list[str], local_output: Path,
                                                             work: Path) -> None:
    out = work / "cluster_out"
    command = (recipe[1].replace("spark://master-host:7077", cluster.url)
               .replace("/shared/binlogs_parquet", str(out)).replace("/shared/binlogs", str(SAMPLES)))
    assert "--env binlog-ksy-env.tar.gz" in command
    done = subprocess.run(command, shell=True, cwd=work, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "events:" in done.stdout
    assert not STAGE_BAR.search(done.stderr)
    _assert_same_datasets(_datasets(str(out)), _datasets(str(local_output)))


def test_job_file_env_follow_into_s3_equals_local_mode(cluster: Cluster, packed: tuple[Path, str], local_output: Path,
                                                      work: Path, s3_server: S3Server) -> None:  # noqa: F811
    """A job file's ``env:`` (relative: from the job file's folder) ships the archive for ``follow: true`` on the
    cluster, into an ``s3://`` output whose store settings only the driver has: a batch over the files there, then
    one over a folder of binlogs copied in while it runs (only the new files read); stopped by SIGTERM (exit 0), its
    output is what one local run over all leaves. Each batch is an ``--incremental`` run's tasks on the executors."""
    inputs = work / "follow-inputs"
    shutil.copytree(SAMPLES, inputs, ignore=shutil.ignore_patterns("shop-minimal-nocrc"))
    bucket = s3_server.bucket("cluster-out")
    job = work / "job.yaml"
    job.write_text(f"inputs: [{inputs}]\noutput: {bucket}/binlogs\nmaster: {cluster.url}\nfollow: true\n"
                   f"interval: 1s\nenv: {packed[0].name}\n")
    proc = subprocess.Popen([str(VENV_BIN / "binlog-ksy"), "extract", "--config", str(job), "--format", "json"],
                            cwd=ROOT,
                            env=_env(s3_server.env), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # only the driver has the store's settings
    try:
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline() or "null")
        assert first is not None, proc.communicate(timeout=60)[1][-3000:]
        assert first["files"] == 6 and first["changes"] > 0 and first["errors"] == 0, first
        copied = time.time()
        staged = work / "follow-staged"  # whole files at once: a binlog copied in part would be one being written
        shutil.copytree(SAMPLES / "shop-minimal-nocrc", staged)
        staged.rename(inputs / "shop-minimal-nocrc")
        new_events = 0
        while True:  # until a batch that listed the folder after the copy has nothing left behind
            line = proc.stdout.readline()
            assert line, proc.communicate(timeout=60)[1][-3000:]
            batch = json.loads(line)
            new_events += batch["events"]
            listed = dt.datetime.fromisoformat(batch["as_of"]).timestamp()
            if listed > copied and batch["behind_bytes"] == 0:
                break
        assert 0 < new_events < first["events"]  # the later batches read only the new files
        os.killpg(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err[-3000:]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    s3 = pafs.S3FileSystem(endpoint_override=s3_server.endpoint, access_key=s3_server.env["AWS_ACCESS_KEY_ID"],
                           secret_key=s3_server.env["AWS_SECRET_ACCESS_KEY"], scheme="http", region="us-east-1")
    got = {name: sorted(row.replace(str(inputs), str(SAMPLES)) for row in rows)
           for name, rows in _datasets("cluster-out/binlogs", s3).items()}
    _assert_same_datasets(got, _datasets(str(local_output)))


def test_spark_submit_prints_only_json(cluster: Cluster, packed: tuple[Path, str], local_output: Path,
                                       work: Path) -> None:
    text = CLUSTER_PAGE.read_text()
    block = next(b for b in text.split("```bash\n")[1:] if b.startswith("spark-submit"))
    command = block.split("```", 1)[0].replace("\\\n", " ").strip()
    out = work / "submit_out"
    command = (command.replace("spark://master-host:7077", cluster.url).replace("/shared/binlogs_parquet", str(out))
               .replace("/shared/binlogs", str(SAMPLES)))
    done = subprocess.run(command, shell=True, cwd=work, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads((work / "summary.json").read_text())  # the whole of stdout is one JSON object
    local = json.loads((local_output / "_binlog_ksy_extract.json").read_text())
    assert (summary["events"], summary["changes"]) == (local["events"], local["changes"])
    assert "binlog-ksy extract:" in done.stderr  # the progress went to stderr
    assert not STAGE_BAR.search(done.stderr)


def test_output_not_shared_with_the_workers_is_refused(cluster: Cluster, work: Path) -> None:
    if not can_unshare():
        pytest.skip("needs mount namespaces (unshare -m) to give the workers a private folder")
    out = work / "private" / "out"
    # Workers whose Python has binlog-ksy (this one, on the same machine): no archive to ship.
    done = _cli("extract", str(SAMPLES), "--output", str(out), "--master", cluster.url,
                "--conf", f"spark.pyspark.python={sys.executable}", cwd=work)
    assert done.returncode == 2, done.stderr[-3000:]
    last = next(line for line in done.stderr.splitlines() if line.startswith("binlog-ksy extract: error:"))
    assert "shared" in last and "object store" in last and "cannot see what the tasks write" in last
    assert "events:" not in done.stdout
    assert not out.exists()
    assert not [p for p in (work / "private").iterdir() if p.name.startswith(".out.tmp")]


def test_workers_without_binlog_ksy_fail_with_their_cause(cluster: Cluster, work: Path) -> None:
    out = work / "bare_out"
    done = _cli("extract", str(SAMPLES), "--output", str(out), "--master", cluster.url,
                "--conf", f"spark.pyspark.python={cluster.worker_python}", "--conf", "spark.task.maxFailures=1",
                "--conf", "spark.cores.max=1",
                cwd=work)
    assert done.returncode == 3, done.stderr[-3000:]
    last = next(line for line in done.stderr.splitlines() if line.startswith("binlog-ksy extract: error:"))
    assert last.startswith("binlog-ksy extract: error: the job failed")
    assert "No module named 'binlog_ksy'" in last and "pack-env" in last
    assert "Py4J" not in last and "collectAndServe" not in last
    assert "events:" not in done.stdout and not out.exists()


_READ = """
import json, sys
from pyspark.sql import SparkSession
master, env_archive, out = sys.argv[1], sys.argv[2], sys.argv[3]
reads = json.loads(sys.argv[4])  # [[path, kind], ...]
builder = (SparkSession.builder.master(master).config("spark.ui.showConsoleProgress", "false")
           .config("spark.task.maxFailures", "1"))
if env_archive:
    builder = builder.config("spark.archives", env_archive + "#environment")
# the driver JVM of a local extract run (the C1 JIT, the class-data archive): it only plans, on either master
from binlog_ksy.spark_jobs.job.extract import default_spark_conf
builder = builder.config("spark.driver.extraJavaOptions", default_spark_conf()["spark.driver.extraJavaOptions"])
spark = builder.getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
from binlog_ksy.spark_jobs.datasource import register
register(spark)
columns = {"events": ["file", "pos", "type", "gtid", "body", "error"],
           "changes": ["file", "pos", "row_index", "op", "after", "error"]}
result = []
for path, kind in reads:
    try:
        frame = spark.read.format("binlog").option("kind", kind).load(path).selectExpr(*columns[kind])
        result.append(sorted(json.dumps(r.asDict(recursive=True), default=str, sort_keys=True)
                             for r in frame.collect()))
    except Exception as exc:
        result.append({"failed": str(exc)})
with open(out, "w") as f:
    json.dump(result, f)
spark.stop()
"""


def test_data_source_on_the_cluster_reads_as_local_mode(cluster: Cluster, packed: tuple[Path, str], work: Path,
                                                       s3_server: S3Server) -> None:  # noqa: F811
    bucket = s3_server.bucket("cluster-in")
    s3 = pafs.S3FileSystem(endpoint_override=s3_server.endpoint, access_key=s3_server.env["AWS_ACCESS_KEY_ID"],
                           secret_key=s3_server.env["AWS_SECRET_ACCESS_KEY"], scheme="http", region="us-east-1")
    source = SAMPLES / "shop-full"
    for name in sorted(os.listdir(source)):
        pafs.copy_files(str(source / name), f"cluster-in/shop/{name}", destination_filesystem=s3)
    reads = [[str(source), "events"], [f"{bucket}/shop/", "changes"]]
    if can_unshare():  # files only the driver sees: the workers' view of the folder is an empty tmpfs
        hidden = work / "private" / "binlogs"
        shutil.copytree(source, hidden)
        reads.append([str(hidden), "events"])
    # The data source is planned in a Python the driver starts with the same (relative) path as the
    # executors': docs/cluster.md says to unpack the archive beside the driver too.
    environment = work / "environment"
    if not environment.exists():
        environment.mkdir()
        with tarfile.open(packed[0]) as tar:
            tar.extractall(environment, filter="tar")
    script = work / "read.py"
    script.write_text(_READ)
    results = {}
    for name, master, archive, python in [("local", "local[2]", "", sys.executable),
                                          ("cluster", cluster.url, str(packed[0]), "./environment/bin/python")]:
        out = work / f"read-{name}.json"
        done = subprocess.run([sys.executable, str(script), master, archive, str(out), json.dumps(reads)], cwd=work,
                              env=_env({**s3_server.env, "PYSPARK_PYTHON": python}), capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        results[name] = json.loads(out.read_text())
    local, remote = results["local"], results["cluster"]
    for i in range(2):
        assert isinstance(remote[i], list), remote[i]
        assert len(local[i]) > 100
        assert all('"error": null' in row for row in local[i])
        assert remote[i] == local[i], reads[i]
    assert all(f'"file": "{bucket}/shop/binlog.' in row for row in local[1])
    if len(reads) > 2:
        assert isinstance(local[2], list) and len(local[2]) == len(local[0])  # the driver's machine reads them
        failure = remote[2].get("failed", "") if isinstance(remote[2], dict) else ""
        assert "cannot open" in failure and "which the driver listed" in failure, remote[2]
