"""Progress of the extraction job on stderr: files (or parts) and bytes done while the tasks run."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from typing import Any, TextIO

from pyspark.sql import SparkSession

from binlog_ksy.runtime.atomic import pid_alive
from binlog_ksy.runtime.storage import InputFile

__all__ = ["PROGRESS_PREFIX", "JobProgress", "progress_dir"]

_PROG = "binlog-ksy extract"
#: The name of a run's local progress folder (in the system's temporary folder) begins with this and the run's pid.
PROGRESS_PREFIX = "binlog-ksy-progress-"


def progress_dir() -> str:
    """A new local folder for this run's progress files, named after this process. The folders of runs whose
    process is gone are removed first: a run killed (SIGKILL) leaves its folder, and nothing else removes it."""
    tmp = tempfile.gettempdir()
    for name in os.listdir(tmp):
        pid = name[len(PROGRESS_PREFIX):].split("-", 1)[0] if name.startswith(PROGRESS_PREFIX) else ""
        if pid.isdigit() and not pid_alive(int(pid)):
            shutil.rmtree(os.path.join(tmp, name), ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{PROGRESS_PREFIX}{os.getpid()}-")


class JobProgress:
    """Reports files and bytes done on stderr while the read passes run.

    Local masters: the tasks write one small JSON per file under a local
    directory (``records.ProgressWriter``: bytes read, every 8 MiB and at
    the end of each file) and a driver thread sums them per pass every
    ``interval`` seconds. Other masters: the thread reports finished tasks
    of the running stages from Spark's status tracker, with the byte total of
    the inputs.
    """

    def __init__(self, spark: SparkSession, files: list[InputFile], stream: TextIO | None,
                 interval: float = 2.0) -> None:
        self.stream = stream
        self.files = files
        #: How many tasks read them (more than files when big files are split).
        self.tasks = len(files)
        self.total_bytes = sum(f.size or 0 for f in files)
        self.interval = interval
        self.local = str(spark.sparkContext.master).startswith("local")
        self.dir = progress_dir() if self.local else None
        self._tracker = spark.sparkContext.statusTracker()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._kinds: tuple[str, ...] = ()
        self._started = 0.0
        self._last: Any = None

    def start(self, *kinds: str) -> None:
        """Start reporting the passes of these kinds (they run at the same time)."""
        self._kinds, self._started, self._last = kinds, time.perf_counter(), None
        if self.stream is None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="binlog-ksy-progress", daemon=True)
        self._thread.start()

    def stop(self, completed: bool = True) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
            self._report(final=completed)
            self._last = None

    def close(self) -> None:
        self.stop(completed=False)
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self._report()

    def _read_local(self, kind: str) -> tuple[int, int]:
        done_files, done_bytes = 0, 0
        folder = os.path.join(self.dir or "", kind)
        try:
            names = os.listdir(folder)
        except OSError:
            return 0, 0
        for name in names:
            if not name.endswith(".json"):
                continue
            try:
                with open(os.path.join(folder, name)) as f:
                    data = json.load(f)
            except (OSError, ValueError):
                continue
            done_bytes += int(data.get("bytes") or 0)
            done_files += bool(data.get("done"))
        return done_files, done_bytes

    def _report(self, final: bool = False) -> None:
        if self.stream is None:
            return
        n = self.tasks
        if self.local:
            parts, state = [], []
            for kind in self._kinds:
                done_files, done_bytes = (n, self.total_bytes) if final else self._read_local(kind)
                state.append((done_files, done_bytes))
                parts.append(f"{kind} {done_files}/{n} {'files' if n == len(self.files) else 'parts'}, "
                             f"{done_bytes / 1e6:.1f}/{self.total_bytes / 1e6:.1f} MB")
            text = " | ".join(parts)
        else:
            done = total = 0
            for stage_id in self._tracker.getActiveStageIds():
                info = self._tracker.getStageInfo(stage_id)
                if info is not None:
                    done += info.numCompletedTasks
                    total += info.numTasks
            if final:
                done = total = n * len(self._kinds)
            state = [(done, total)]
            text = (f"{'+'.join(self._kinds)}: {done}/{total} tasks done "
                    f"({n} files, {self.total_bytes / 1e6:.1f} MB per pass)")
        if state != self._last:
            self._last = state
            elapsed = time.perf_counter() - self._started
            print(f"{_PROG}: {text} [{elapsed:.0f} s]", file=self.stream, flush=True)

    def option(self) -> dict[str, str]:
        return {"progress_dir": self.dir} if self.dir else {}
