"""A standalone Spark cluster on 127.0.0.1 for the tests: one Master and its Workers (by default one of 2 cores:
an application gets one executor, a JVM and an unpacked environment fewer than with two Workers of 1 core).

Started with pyspark's own ``bin/spark-class`` (``org.apache.spark.deploy.master.Master`` and
``...worker.Worker``), everything they write in a temporary folder. The workers' Python is a
bare virtual environment made from the base interpreter, without binlog-ksy (their
``PYSPARK_PYTHON``), so what runs on them must be shipped (``extract --env``), and their
environment has no ``AWS_*`` settings (object-store settings must come from the driver).

``private`` (optional) is a folder the workers see as their own empty disk: they run in a mount
namespace (``unshare -m``) where a tmpfs covers it, so what a task writes there never reaches the
driver, as on machines that share no filesystem.

Run by hand: ``python tests/spark_cluster.py`` starts one and prints its URL until Ctrl-C.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field

__all__ = ["Cluster", "start_cluster", "bare_python", "can_unshare"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bare_python(folder: str) -> str:
    """A virtual environment of the base interpreter with nothing installed; its python."""
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", folder], check=True)
    return os.path.join(folder, "bin", "python")


def can_unshare() -> bool:
    """Whether this process may make a mount namespace with its own tmpfs (root on Linux)."""
    if not shutil.which("unshare"):
        return False
    probe = tempfile.mkdtemp(prefix="binlog-ksy-unshare-")
    try:
        done = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c",
                               f"mount -t tmpfs none {probe} && touch {probe}/x"], capture_output=True)
        return done.returncode == 0 and not os.path.exists(os.path.join(probe, "x"))
    finally:
        shutil.rmtree(probe, ignore_errors=True)


@dataclass
class Cluster:
    url: str
    root: str
    worker_python: str
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    logs: list[str] = field(default_factory=list)

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, 15)
                except ProcessLookupError:
                    pass
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait()

    def log_tail(self, lines: int = 40) -> str:
        out = []
        for path in self.logs:
            try:
                with open(path, errors="replace") as f:
                    out.append(f"== {path}\n" + "".join(f.readlines()[-lines:]))
            except OSError:
                pass
        return "\n".join(out)


#: The quick-starting C1 compiler and the serial collector, for JVMs that run little Java.
QUICK_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"

def _spark_home() -> str:
    import pyspark

    return os.path.dirname(pyspark.__file__)


def start_cluster(root: str, *, workers: int = 1, cores: int = 2, private: str | None = None,
                  timeout: float = 120) -> Cluster:
    """Start a Master and ``workers`` Workers (``cores`` cores, 1 GB each) with their files under ``root``."""
    home = _spark_home()
    spark_class = os.path.join(home, "bin", "spark-class")
    python = bare_python(os.path.join(root, "bare-python"))
    port, ui = _free_port(), _free_port()
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK_", "SPARK_", "PYTHONPATH", "AWS_"))}
    base_env.update({"SPARK_HOME": home, "SPARK_LOCAL_IP": "127.0.0.1", "SPARK_DAEMON_MEMORY": "256m",
                     "SPARK_LOG_DIR": os.path.join(root, "logs"), "SPARK_NO_DAEMONIZE": "1",
                     # the Master and Workers only schedule
                     "SPARK_DAEMON_JAVA_OPTS": QUICK_JVM})
    cluster = Cluster(url=f"spark://127.0.0.1:{port}", root=root, worker_python=python)

    def launch(name: str, args: list[str], env: dict[str, str], wrap: list[str]) -> None:
        log = os.path.join(root, f"{name}.log")
        cluster.logs.append(log)
        with open(log, "wb") as f:
            cluster.procs.append(subprocess.Popen([*wrap, spark_class, *args], env=env, stdout=f,
                                                  stderr=subprocess.STDOUT, start_new_session=True))

    try:
        launch("master", ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", str(port),
                          "--webui-port", str(ui)], base_env, [])
        _wait_for(lambda: _answers(f"http://127.0.0.1:{ui}/json/"), timeout, "the master", cluster)
        for i in range(workers):
            work = os.path.join(root, f"worker-{i}")
            os.makedirs(work)
            env = {**base_env, "SPARK_WORKER_DIR": work, "SPARK_LOCAL_DIRS": os.path.join(work, "local"),
                   "PYSPARK_PYTHON": python,
                   # inherited by the executors it starts: the tasks read and write in Python, and on a test's
                   # few kilobytes of binlogs C2 and G1 cost the executor JVM more CPU than they save
                   "JAVA_TOOL_OPTIONS": QUICK_JVM}
            wrap: list[str] = []
            if private is not None:
                wrap = ["unshare", "-m", "--propagation", "private", "sh", "-c",
                        f'mount -t tmpfs binlog-ksy-private "{private}" && exec "$0" "$@"']
            launch(f"worker-{i}", ["org.apache.spark.deploy.worker.Worker", cluster.url, "--host", "127.0.0.1",
                                   "--cores", str(cores), "--memory", "1g", "--work-dir", work,
                                   "--webui-port", str(_free_port())], env, wrap)
        _wait_for(lambda: _alive_workers(ui) >= workers, timeout, f"{workers} workers", cluster)
    except BaseException:
        cluster.stop()
        raise
    return cluster


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except OSError:
        return False


def _alive_workers(ui: int) -> int:
    import json

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{ui}/json/", timeout=2) as r:
            state = json.load(r)
    except (OSError, ValueError):
        return 0
    return sum(1 for w in state.get("workers", []) if w.get("state") == "ALIVE")


def _wait_for(ready, timeout: float, what: str, cluster: Cluster) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        if any(p.poll() is not None for p in cluster.procs):
            break
        time.sleep(0.5)
    raise RuntimeError(f"the test cluster did not start ({what}):\n{cluster.log_tail()}")


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop the cluster on kill, not only Ctrl-C
    signal.signal(signal.SIGINT, signal.default_int_handler)
    folder = tempfile.mkdtemp(prefix="binlog-ksy-cluster-")
    private_dir = sys.argv[1] if len(sys.argv) > 1 else None
    started = start_cluster(folder, private=private_dir)
    print(started.url, folder, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        started.stop()
