"""Measure the speed and memory targets side by side with the C++ reference, write RESULTS.md.

    .venv/bin/python benchmarks/run_targets.py [--targets 1,2,3,4] [--repeat 3] [--spark-repeat N]
        [--data /tmp/binlog-ksy-bench] [--out benchmarks/RESULTS.md] [--memory] [--with-pymysqlreplication]

The binlogs come from narrow_workload.py (one narrow table, MariaDB 10.11, ROW,
FULL metadata, CRC32): made with a throw-away local server on the first run,
cached in --data and reused. The reference is ``mariadb-binlog -vv
--base64-output=decode-rows FILES > /dev/null``. Every command runs as its own
process (output to /dev/null or a temporary folder); wall time is measured
with time.perf_counter around the process, peak RSS with os.wait4 (the largest
of the process and its waited-for descendants).

Targets:

* T1  ``binlog-ksy rows --format jsonl one/FILE`` vs the reference on the same
  file (at most 2.0x); rows/s of both. With --with-pymysqlreplication also
  python-mysql-replication 1.0.17 (installed into a temporary venv) streaming
  the same binlog from a local server.
* T2  ``binlog-ksy rows one/FILE --format parquet --output DIR`` vs the
  reference (at most 1.0x: columnar output should beat a C++ text printer).
* T3  ``binlog-ksy extract eight/ --output DIR --quiet`` (Spark local mode) vs
  the reference over the 8 files (at most 2.5x, issue 20's bound; it was 3x),
  and the marginal cost: (job on 8 files - job on the 1st file) / (reference on
  8 - reference on the 1st) (at most 0.7x; it was 1.0x).
* T4  ``binlog-ksy extract big/`` (one 110 MB file, 2,300 transactions: split
  across cores) vs the T3 job on eight/ (at most 1.2x; it was 1.3x), and vs the
  reference on big/ (reported).
* T5  (--memory) peak RSS of ``rows --format jsonl`` and ``rows --format
  parquet`` on a 1 GB binlog (jsonl under 200 MB), and of the Spark Python
  workers (sampled from /proc every 0.2 s during the extract runs).

Timing is paired: within each repetition the reference and ours run one after
the other (the order alternates between repetitions); tables give the median,
min and max of each and the ratio of the medians. The machine may be shared:
the load average before and after the run is recorded.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import narrow_workload  # noqa: E402

PYMYSQLREPLICATION = "mysql-replication==1.0.17"

# What python-mysql-replication runs (in its own venv): stream every row event of the server's binlogs.
PMR_SCRIPT = r"""
import sys, time
from pymysqlreplication import BinLogStreamReader
from pymysqlreplication.row_event import DeleteRowsEvent, UpdateRowsEvent, WriteRowsEvent
stream = BinLogStreamReader(
    connection_settings={"unix_socket": sys.argv[1], "user": "root", "passwd": ""},
    server_id=100, only_events=[WriteRowsEvent, UpdateRowsEvent, DeleteRowsEvent], blocking=False,
    log_file=sys.argv[2], log_pos=4, resume_stream=True, is_mariadb=True)
rows = 0
for event in stream:
    for _ in event.rows:
        rows += 1
stream.close()
print(rows)
"""


# -- running one command ------------------------------------------------------------------------------

@dataclass
class Run:
    seconds: float
    maxrss_kib: int
    returncode: int
    error: str = ""
    stdout: str = ""


class Sampler:
    """Peak RSS of the Spark Python workers and of the Spark JVM: /proc scanned every ``interval`` s while
    running (the JVM outlives the driver Python, which does not wait for it, so os.wait4 never counts it)."""

    MARKS = (b"pyspark.daemon", b"pyspark/worker", b"pyspark.worker")
    JVM = b"org.apache.spark.deploy.SparkSubmit"

    def __init__(self, interval: float = 0.2) -> None:
        self.interval = interval
        self.max_one_kib = 0  # the largest single worker process
        self.max_sum_kib = 0  # all worker processes at one instant
        self.max_jvm_kib = 0  # the Spark JVM (java ... SparkSubmit)
        self.samples = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Sampler:
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _loop(self) -> None:
        while not self._stop.is_set():
            total = 0
            for name in os.listdir("/proc"):
                if not name.isdigit():
                    continue
                try:
                    cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
                    jvm = self.JVM in cmdline
                    if not jvm and not any(m in cmdline for m in self.MARKS):
                        continue
                    status = Path(f"/proc/{name}/status").read_text()
                except OSError:
                    continue
                for line in status.splitlines():
                    if line.startswith("VmRSS:"):
                        kib = int(line.split()[1])
                        if jvm:
                            self.max_jvm_kib = max(self.max_jvm_kib, kib)
                        else:
                            total += kib
                            self.max_one_kib = max(self.max_one_kib, kib)
            self.max_sum_kib = max(self.max_sum_kib, total)
            self.samples += 1
            self._stop.wait(self.interval)


class Runner:
    """Runs commands, one process each; remembers every distinct command for the report."""

    def __init__(self) -> None:
        self.commands: list[str] = []

    def run(self, cmd: Sequence[str], *, env: dict[str, str] | None = None, capture: bool = False,
            shown: str | None = None) -> Run:
        text = shown or (shlex.join(cmd) + ("" if capture else " > /dev/null"))
        if text not in self.commands:
            self.commands.append(text)
        with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
            start = time.perf_counter()
            proc = subprocess.Popen(list(cmd), stdin=subprocess.DEVNULL,
                                    stdout=out if capture else subprocess.DEVNULL, stderr=err, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            seconds = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            lines = [ln.strip() for ln in err.read().decode("utf-8", "replace").splitlines() if ln.strip()]
            out.seek(0)
            stdout = out.read().decode("utf-8", "replace")
        error = ""
        if proc.returncode != 0:
            # the first line that names the error (argparse's "prog: error: ..." follows its usage lines)
            marked = [ln for ln in lines if "error:" in ln.lower()] or [ln for ln in lines if "error" in ln.lower()]
            error = (marked or lines or [f"exit status {proc.returncode}"])[0][:200]
        return Run(seconds, usage.ru_maxrss, proc.returncode, error, stdout)


# -- results ------------------------------------------------------------------------------------------

@dataclass
class Series:
    """Repeated runs of one command."""

    label: str
    runs: list[Run] = field(default_factory=list)

    @property
    def failed(self) -> Run | None:
        return next((r for r in self.runs if r.returncode != 0), None)

    @property
    def times(self) -> list[float]:
        return [r.seconds for r in self.runs if r.returncode == 0]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    def cell(self) -> str:
        bad = self.failed
        if bad is not None:
            return f"failed: {bad.error}".replace("|", "\\|")
        t = self.times
        if not t:
            return "not measured"
        return f"{statistics.median(t):.2f} ({min(t):.2f}–{max(t):.2f})"

    @property
    def ok(self) -> bool:
        return bool(self.runs) and self.failed is None


@dataclass
class Row:
    target: str
    ours: str
    ours_cell: str
    ref: str
    ref_cell: str
    ratio: float | None
    bound: float | None
    note: str = ""
    verdict: str | None = None  # given for rows whose target is not a ratio

    def result(self) -> str:
        if self.verdict is not None:
            return self.verdict
        if self.ratio is None:
            return "n/a"
        if self.bound is None:
            return "(no target)"
        return "pass" if self.ratio <= self.bound else "FAIL"


def pair_row(target: str, ours: Series, ref: Series, bound: float | None, note: str = "") -> Row:
    ratio = ours.median / ref.median if ours.ok and ref.ok else None
    return Row(target, ours.label, ours.cell(), ref.label, ref.cell(), ratio, bound, note)


TABLE_HEAD = ("| target | ours | ours median s (min–max) | reference | reference median s (min–max) "
              "| ratio ours/ref | result | note |\n|---|---|---|---|---|---|---|---|")


def table(rows: list[Row]) -> str:
    out = [TABLE_HEAD]
    for r in rows:
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "—"
        out.append(f"| {r.target} | {r.ours} | {r.ours_cell} | {r.ref} | {r.ref_cell} | {ratio} | {r.result()} "
                   f"| {r.note} |")
    return "\n".join(out)


# -- the benchmark ------------------------------------------------------------------------------------

#: The folders of the binlog_ksy package (pyproject.toml's package-dir) in this checkout.
PACKAGE_FOLDERS = ("binlog_ksy", "runtime", "generated", "spark_jobs")


def compile_package(log: Any) -> None:
    """Byte-compile the package's modules, as installing it does (an editable install leaves that to the first
    run, which a PYTHONDONTWRITEBYTECODE=1 environment never does: each run would compile ~70 modules again)."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(str(ROOT / d) for d in PACKAGE_FOLDERS)],
                   check=True, stdout=subprocess.DEVNULL)
    log(f"byte-compiled the package in {time.perf_counter() - t0:.1f} s (as an install does)")


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.runner = Runner()
        self.exe = str(Path(sys.executable).with_name("binlog-ksy"))
        if not os.access(self.exe, os.X_OK):
            self.exe = shutil.which("binlog-ksy") or "binlog-ksy"
        self.mariadb_binlog = shutil.which("mariadb-binlog") or "mariadb-binlog"
        self.env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
        self.work = Path(tempfile.mkdtemp(prefix="run-targets-"))
        self.sections: list[tuple[str, list[Row], list[str]]] = []
        self.sampler = Sampler()
        self.job_eight: Series | None = None
        self.job_rss: list[int] = []
        compile_package(self.log)

    def log(self, text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    def ref_cmd(self, files: Sequence[Path]) -> list[str]:
        return [self.mariadb_binlog, "-vv", "--base64-output=decode-rows", *map(str, files)]

    def warm(self, files: Sequence[Path]) -> None:
        """Read the files once so that every timed run finds them in the page cache."""
        for f in files:
            with open(f, "rb") as fh:
                while fh.read(1 << 22):
                    pass

    def paired(self, repeat: int, commands: list[tuple[Series, list[str], dict[str, str] | None, Path | None]]
               ) -> None:
        """Run each command once per repetition, in turn; the order is reversed every other repetition.
        A command that fails is not run again. ``Path`` entries are output folders removed after each run."""
        for i in range(repeat):
            order = commands if i % 2 == 0 else commands[::-1]
            for series, cmd, env, outdir in order:
                if series.failed is not None:
                    continue
                run = self.runner.run(cmd, env=env)
                series.runs.append(run)
                if outdir is not None:
                    shutil.rmtree(outdir, ignore_errors=True)
                state = f"{run.seconds:.2f} s" if run.returncode == 0 else f"failed ({run.error})"
                self.log(f"  [{i + 1}/{repeat}] {series.label}: {state}")

    def extract_cmd(self, inputs: Path, out: Path) -> list[str]:
        return [self.exe, "extract", str(inputs), "--output", str(out), "--quiet"]

    # T1 ---------------------------------------------------------------------------------------------
    def t1(self) -> None:
        one = narrow_workload.files(self.args.data, "one")
        changes = narrow_workload.manifest(self.args.data, "one")["changes"]
        self.warm(one)
        ours = Series("`rows --format jsonl` one/")
        ref = Series("mariadb-binlog -vv one/")
        self.log("T1: rows --format jsonl vs mariadb-binlog -vv on one/")
        self.paired(self.args.repeat, [(ref, self.ref_cmd(one), None, None),
                                       (ours, [self.exe, "rows", "--format", "jsonl", *map(str, one)], None, None)])
        rate = f"{changes:,} changes; ours {changes / ours.median:,.0f} rows/s" if ours.ok else f"{changes:,} changes"
        if ref.ok:
            rate += f", mariadb-binlog {changes / ref.median:,.0f} rows/s"
        rows = [pair_row("T1: rows --format jsonl, at most 2.0x mariadb-binlog -vv", ours, ref, 2.0, rate)]
        notes: list[str] = []
        pmr = Series("python-mysql-replication 1.0.17 streaming one/ from a local server")
        if self.args.with_pymysqlreplication:
            note = self.pymysqlreplication(one, changes, pmr)
        else:
            note = "not measured (run with --with-pymysqlreplication)"
        ratio = pmr.median / ref.median if pmr.ok and ref.ok else None
        verdict = "n/a"
        if pmr.ok and ours.ok:  # the same rows: the ratio of rows/s is the inverse ratio of the times
            speedup = pmr.median / ours.median
            verdict = "pass" if speedup >= 10 else "FAIL"
            note += f"; `rows --format jsonl` reads {speedup:.1f}x its rows/s (target: at least 10x)"
        rows.append(Row("T1: python-mysql-replication, BinLogStreamReader over `event.rows` (ours at least 10x "
                        "its rows/s)", pmr.label, pmr.cell(), ref.label, ref.cell(), ratio, None, note, verdict))
        self.sections.append(("T1: rows --format jsonl", rows, notes))

    def pymysqlreplication(self, files: list[Path], changes: int, series: Series) -> str:
        """python-mysql-replication in a temporary venv, streaming ``files`` from a server that serves them."""
        from tests.mariadb.server import MariaDBServer

        venv = self.work / "venv-pymysqlreplication"
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
            subprocess.run([str(venv / "bin/pip"), "install", "-q", PYMYSQLREPLICATION], check=True,
                           capture_output=True)
        except subprocess.CalledProcessError as exc:
            return f"not measured: installing {PYMYSQLREPLICATION} failed: {exc.stderr.decode()[-200:]!r}"
        if len(files) != 1:
            return "not measured: one file expected"
        # A fresh server whose first binlog is replaced by the benchmark file: the server serves it as
        # binlog.000001 (and starts binlog.000002 for itself on restart).
        srv = MariaDBServer(narrow_workload.SERVER_OPTIONS, basedir=self.args.data)
        try:
            srv.start()
            srv.stop()
            shutil.copyfile(files[0], srv.datadir / "binlog.000001")
            srv.start()
            cmd = [str(venv / "bin/python"), "-c", PMR_SCRIPT, str(srv.socket), "binlog.000001"]
            shown = f"{venv}/bin/python -c '<BinLogStreamReader loop, see run_targets.py>' SOCKET binlog.000001"
            self.log("T1: python-mysql-replication")
            for i in range(self.args.repeat):
                run = self.runner.run(cmd, capture=True, shown=shown)
                series.runs.append(run)
                self.log(f"  [{i + 1}/{self.args.repeat}] python-mysql-replication: "
                         + (f"{run.seconds:.2f} s, {run.stdout.strip()} rows" if run.returncode == 0
                            else f"failed ({run.error})"))
                if run.returncode != 0:
                    break
                if run.stdout.strip() != str(changes):
                    return f"not measured: it read {run.stdout.strip()} rows, {changes} expected"
        finally:
            srv.cleanup()
        if not series.ok:
            return ""
        return f"{changes / series.median:,.0f} rows/s (wall time includes the server sending the binlog)"

    # T2 ---------------------------------------------------------------------------------------------
    def t2(self) -> None:
        one = narrow_workload.files(self.args.data, "one")
        changes = narrow_workload.manifest(self.args.data, "one")["changes"]
        self.warm(one)
        out = self.work / "t2-parquet"
        ours = Series("`rows --format parquet` one/")
        ref = Series("mariadb-binlog -vv one/")
        self.log("T2: rows --format parquet vs mariadb-binlog -vv on one/")
        cmd = [self.exe, "rows", *map(str, one), "--format", "parquet", "--output", str(out)]
        self.paired(self.args.repeat, [(ref, self.ref_cmd(one), None, None), (ours, cmd, None, out)])
        note = f"ours {changes / ours.median:,.0f} rows/s" if ours.ok else ""
        rows = [pair_row("T2: rows --format parquet, at most 1.0x mariadb-binlog -vv", ours, ref, 1.0, note)]
        self.sections.append(("T2: rows --format parquet", rows, []))

    # T3 ---------------------------------------------------------------------------------------------
    def t3(self) -> None:
        eight = narrow_workload.files(self.args.data, "eight")
        self.warm(eight)
        out8, out1 = self.work / "t3-out8", self.work / "t3-out1"
        first = self.work / "t3-first"
        first.mkdir(exist_ok=True)
        if not (first / eight[0].name).exists():
            os.symlink(eight[0], first / eight[0].name)
        job8, ref8 = Series("`extract` eight/ (8 files)"), Series("mariadb-binlog -vv 8 files")
        job1, ref1 = Series("`extract` on the 1st file"), Series("mariadb-binlog -vv 1st file")
        self.log("T3: extract eight/ vs mariadb-binlog -vv f1 ... f8; and the first file alone")
        with self.sampler:
            self.paired(self.args.spark_repeat, [
                (ref8, self.ref_cmd(eight), None, None),
                (job8, self.extract_cmd(self.args.data / "eight", out8), self.env, out8),
                (ref1, self.ref_cmd(eight[:1]), None, None),
                (job1, self.extract_cmd(first, out1), self.env, out1),
            ])
        self.job_eight = job8
        self.job_rss += [r.maxrss_kib for r in job8.runs + job1.runs]
        rows = [pair_row("T3: extract of 8 files, at most 2.5x mariadb-binlog -vv over the 8 files", job8, ref8, 2.5),
                pair_row("T3 (for the marginal): extract of the 1st file only", job1, ref1, None)]
        if job8.ok and job1.ok and ref8.ok and ref1.ok:
            jm, rm = job8.median - job1.median, ref8.median - ref1.median
            pairs = [(a.seconds - b.seconds) / (c.seconds - d.seconds)
                     for a, b, c, d in zip(job8.runs, job1.runs, ref8.runs, ref1.runs, strict=False)
                     if c.seconds > d.seconds]
            spread = f"per repetition {min(pairs):.2f}x–{max(pairs):.2f}x" if pairs else ""
            rows.append(Row("T3: marginal cost of 7 more files, at most 0.7x the reference's",
                            "job 8 files − job 1 file", f"{jm:.2f}", "ref 8 files − ref 1 file", f"{rm:.2f}",
                            jm / rm if rm > 0 else None, 0.7, spread))
        else:
            rows.append(Row("T3: marginal cost of 7 more files, at most 0.7x the reference's",
                            "job 8 files − job 1 file", "n/a", "ref 8 files − ref 1 file", "n/a", None, 0.7))
        notes = [f"{len(eight)} files, {sum(f.stat().st_size for f in eight) / 1e6:.1f} MB, "
                 f"{narrow_workload.manifest(self.args.data, 'eight')['changes']:,} changes; "
                 f"{self.args.spark_repeat} repetition(s)."]
        self.sections.append(("T3: extract over 8 files", rows, notes))

    # T4 ---------------------------------------------------------------------------------------------
    def t4(self) -> None:
        big = narrow_workload.files(self.args.data, "big")
        self.warm(big)
        out = self.work / "t4-out"
        job = Series("`extract` big/ (1 file, 2,300 transactions)")
        ref = Series("mariadb-binlog -vv big/")
        commands: list[tuple[Series, list[str], dict[str, str] | None, Path | None]] = [
            (ref, self.ref_cmd(big), None, None), (job, self.extract_cmd(self.args.data / "big", out), self.env, out)]
        eight = self.job_eight
        if eight is None:  # T3 not run: measure the job on eight/ here, paired with the one on big/
            eight = Series("`extract` eight/ (8 files)")
            out8 = self.work / "t4-out8"
            self.warm(narrow_workload.files(self.args.data, "eight"))
            commands.append((eight, self.extract_cmd(self.args.data / "eight", out8), self.env, out8))
        self.log("T4: extract big/ vs extract eight/ and mariadb-binlog -vv big/")
        with self.sampler:
            self.paired(self.args.spark_repeat, commands)
        self.job_rss += [r.maxrss_kib for r in job.runs]
        info = narrow_workload.manifest(self.args.data, "big")
        rows = [pair_row("T4: extract of one 110 MB file, at most 1.2x the job on eight/ (same size, 8 files)",
                         job, eight, 1.2),
                pair_row("T4 (for scale): extract of big/ vs mariadb-binlog -vv big/", job, ref, None)]
        notes = [f"big/: {info['bytes'] / 1e6:.1f} MB in one file, {info['changes']:,} changes in 2,300 "
                 f"transactions; eight/: {narrow_workload.manifest(self.args.data, 'eight')['bytes'] / 1e6:.1f} MB; "
                 f"{self.args.spark_repeat} repetition(s)."]
        self.sections.append(("T4: extract of one big file (split across cores)", rows, notes))

    # T5 ---------------------------------------------------------------------------------------------
    def t5(self) -> None:
        info = narrow_workload.build(self.args.data, "huge", log=self.log)
        huge = narrow_workload.files(self.args.data, "huge")
        self.warm(huge)
        out = self.work / "t5-parquet"
        self.log("T5: peak RSS on huge/")
        jsonl = self.runner.run([self.exe, "rows", "--format", "jsonl", *map(str, huge)])
        parquet = self.runner.run([self.exe, "rows", *map(str, huge), "--format", "parquet", "--output", str(out)])
        shutil.rmtree(out, ignore_errors=True)
        ref = self.runner.run(self.ref_cmd(huge))
        if self.sampler.samples == 0:  # no extract run yet: one job on eight/ for the worker sample
            out8 = self.work / "t5-out8"
            with self.sampler:
                run = self.runner.run(self.extract_cmd(self.args.data / "eight", out8), env=self.env)
            shutil.rmtree(out8, ignore_errors=True)
            self.job_rss.append(run.maxrss_kib)

        def mem(run: Run) -> str:
            if run.returncode != 0:
                return f"failed: {run.error}".replace("|", "\\|")
            return f"{run.maxrss_kib / 1024:.0f} MiB ({run.seconds:.1f} s)"

        size = f"{info['bytes'] / 1e9:.2f} GB, {info['changes']:,} changes"
        rate = f"; {info['changes'] / jsonl.seconds:,.0f} rows/s" if jsonl.returncode == 0 else ""
        verdict = "pass" if jsonl.returncode == 0 and jsonl.maxrss_kib * 1024 < 200e6 else "FAIL"
        rows = [
            Row("T5: peak RSS of rows --format jsonl on a 1 GB binlog, under 200 MB", "`rows --format jsonl` huge/",
                mem(jsonl), "mariadb-binlog -vv huge/", mem(ref), None, None, size + rate, verdict),
            Row("T5: peak RSS of rows --format parquet on the 1 GB binlog", "`rows --format parquet` huge/",
                mem(parquet), "mariadb-binlog -vv huge/", mem(ref), None, None, "", "(no target)"),
        ]
        s = self.sampler
        if s.samples and s.max_one_kib:
            worker = (f"largest worker {s.max_one_kib / 1024:.0f} MiB; all workers at one instant "
                      f"{s.max_sum_kib / 1024:.0f} MiB")
        else:
            worker = "not measured (no pyspark.daemon / pyspark worker process seen)"
        driver = f"{max(self.job_rss) / 1024:.0f} MiB" if self.job_rss else "not measured"
        jvm = f"{s.max_jvm_kib / 1024:.0f} MiB" if s.max_jvm_kib else "not measured"
        worker_verdict = ("pass" if s.max_one_kib * 1024 < 300e6 else "FAIL") if s.samples and s.max_one_kib else "n/a"
        rows.append(Row("T5: each Spark Python worker during the extract runs (eight/, big/), under 300 MB",
                        "pyspark.daemon and workers", worker, "Spark JVM (SparkSubmit)", jvm, None, None,
                        f"{s.samples} samples; the extract command itself (driver Python): {driver}",
                        worker_verdict))
        self.sections.append(("T5: memory", rows, [
            "RSS of the commands from os.wait4 (ru_maxrss: the process and the children it waited for); Spark "
            "workers and JVM sampled from /proc/PID/status (VmRSS) every 0.2 s. Python workers are forked from "
            "pyspark.daemon and share pages with it, so the sum over workers counts shared pages more than once."]))

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)


# -- machine and report -------------------------------------------------------------------------------

def first_line(cmd: list[str]) -> str:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return ((r.stdout + r.stderr).strip().splitlines() or ["?"])[0]
    except OSError:
        return "?"


def machine() -> dict[str, str]:
    cpu = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem = "?"
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    return {"platform": platform.platform(), "cpu": cpu, "cores": str(os.cpu_count()), "memory": mem,
            "python": platform.python_version()}


def versions(bench: Bench) -> dict[str, str]:
    import pyarrow
    import pyspark

    import binlog_ksy

    head = first_line(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"])
    return {"mariadb-binlog": first_line([bench.mariadb_binlog, "--version"]),
            "binlog-ksy": f"{binlog_ksy.__version__} (commit {head}; working tree as it was)",
            "pyarrow": pyarrow.__version__, "pyspark": pyspark.__version__,
            "java": first_line(["java", "-version"])}


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(bench: Bench, started: datetime.datetime, load_before: str, load_after: str, elapsed: float,
           sets: dict[str, dict[str, Any]]) -> str:
    m = machine()
    v = versions(bench)
    a = bench.args
    lines = [
        "# Speed targets: binlog-ksy vs mariadb-binlog",
        "",
        f"Generated by `benchmarks/run_targets.py` on {started:%Y-%m-%d %H:%M} UTC in {elapsed / 60:.0f} min: "
        f"`{' '.join(['python', 'benchmarks/run_targets.py', *sys.argv[1:]])}`.",
        "",
        "The machine is shared with other sessions and noisy: wall times can vary by tens of percent between "
        "runs; the load average is given so that the figures can be weighed.",
        "",
        "## Machine",
        "",
        f"- platform: {m['platform']}",
        f"- CPU: {m['cpu']}, {m['cores']} CPUs (os.cpu_count)",
        f"- memory: {m['memory']}",
        f"- Python {m['python']}",
        f"- load average (1, 5, 15 min) before: {load_before}; after: {load_after}",
        "",
        "## Versions",
        "",
        *[f"- {k}: {val}" for k, val in v.items()],
        "",
        "## Data (narrow_workload.py; not committed, cached in --data)",
        "",
        "| set | files | MB | changes (ins/upd/del) | built in s | server |",
        "|---|---|---|---|---|---|",
    ]
    for name, info in sets.items():
        lines.append(f"| {name}/ | {len(info['files'])} | {info['bytes'] / 1e6:.1f} | {info['changes']:,} "
                     f"({info['inserts']:,}/{info['updates']:,}/{info['deletes']:,}) | {info['build_seconds']:.0f} "
                     f"| {info['server']} |")
    lines += ["", "Table `bench.narrow (id BIGINT PRIMARY KEY, qty INT UNSIGNED NOT NULL, name VARCHAR(32), "
              "code SMALLINT, price DECIMAL(10,2), created DATETIME(3), state ENUM(...), note VARCHAR(64) NULL)`; "
              "ROW format, binlog_row_metadata=FULL, CRC32, FULL row image.", "",
              f"Repetitions: {a.repeat} for T1/T2, {a.spark_repeat} for the Spark targets T3/T4 (paired, order "
              "alternating). Times are wall-clock seconds: median (min–max); ratio = median ours / median "
              "reference.", ""]
    for title, rows, notes in bench.sections:
        lines += [f"## {title}", "", table(rows), ""]
        for n in notes:
            lines += [n, ""]
    lines += ["## Commands run", "", "```"]
    lines += bench.runner.commands
    lines += ["```", "", f"Extract runs with PYSPARK_PYTHON={sys.executable}; DATA = {a.data}; temporary "
              "output folders under the system temp dir.", ""]
    return "\n".join(lines)


#: The heading of the report written with --section.
SECTION_HEADING = "## Speed targets with issue 20's bounds (extract: T3, T4) — `run_targets.py --section`"

#: RESULTS.md keeps what follows this line when it is written anew (other benchmarks' measurements).
KEPT_MARKER = "<!-- measured by other benchmarks: kept when this file is written anew -->"


def write_section(out: Path, text: str, heading: str) -> None:
    """Put ``text`` below the kept marker of ``out``: replace the section under ``heading``, keep the rest."""
    current = out.read_text() if out.exists() else ""
    if KEPT_MARKER not in current:
        current = current.rstrip() + "\n\n" + KEPT_MARKER + "\n"
    top, kept = current.split(KEPT_MARKER, 1)
    lines = kept.split("\n")
    try:
        start = lines.index(heading)
    except ValueError:
        new = kept.rstrip("\n") + "\n\n" + text.rstrip("\n") + "\n"
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        rest = "\n".join(lines[end:])
        new = "\n".join(lines[:start]) + "\n" + text.rstrip("\n") + "\n" + ("\n" + rest if rest else "")
    out.write_text(top + KEPT_MARKER + new)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--targets", default="1,2,3,4", help="comma list of 1..5 (default 1,2,3,4; 5 needs --memory)")
    p.add_argument("--repeat", type=int, default=3, help="paired repetitions per target (default 3)")
    p.add_argument("--spark-repeat", type=int, default=None,
                   help="repetitions for the Spark targets T3 and T4 (default: --repeat)")
    p.add_argument("--data", type=Path, default=narrow_workload.DEFAULT_DATA,
                   help="folder of the generated binlogs, reused when present "
                        f"(default {narrow_workload.DEFAULT_DATA})")
    p.add_argument("--out", type=Path, default=HERE / "RESULTS.md", help="the report (default benchmarks/RESULTS.md)")
    p.add_argument("--memory", action="store_true",
                   help="build the 1 GB binlog (huge/) and run T5 (peak RSS); T5 is added to --targets")
    p.add_argument("--section", action="store_true",
                   help="write the report as one section of --out, below the measurements it keeps (replacing "
                        "the section of an earlier --section run), not as the head of the file")
    p.add_argument("--with-pymysqlreplication", action="store_true",
                   help=f"T1: also time {PYMYSQLREPLICATION} (pip-installed into a temporary venv) streaming "
                        "one/ from a local MariaDB server")
    args = p.parse_args(argv)
    try:
        targets = sorted({int(t) for t in args.targets.split(",") if t.strip()})
    except ValueError:
        p.error("--targets takes numbers 1..5, e.g. 1,3")
    if any(t not in range(1, 6) for t in targets):
        p.error("--targets takes numbers 1..5")
    if args.memory and 5 not in targets:
        targets.append(5)
    if 5 in targets and not args.memory:
        p.error("target 5 builds a 1 GB binlog: give --memory")
    if args.spark_repeat is None:
        args.spark_repeat = args.repeat

    started = datetime.datetime.now(datetime.UTC)
    t0 = time.perf_counter()
    load_before = loadavg()
    needs = {1: ["one"], 2: ["one"], 3: ["eight"], 4: ["eight", "big"], 5: ["eight", "huge"]}
    names = [n for n in narrow_workload.SETS if any(n in needs[t] for t in targets)]
    bench = Bench(args)
    try:
        sets = {n: narrow_workload.build(args.data, n, log=bench.log) for n in names}
        for t in targets:
            getattr(bench, f"t{t}")()
            print(f"\n## {bench.sections[-1][0]}\n\n{table(bench.sections[-1][1])}\n", flush=True)
        text = report(bench, started, load_before, loadavg(), time.perf_counter() - t0, sets)
    finally:
        bench.close()
    if args.section:  # one section among the kept ones: its headings one level down
        body = "\n".join("#" + line if line.startswith("## ") else line for line in text.splitlines()[1:])
        write_section(args.out, SECTION_HEADING + "\n" + body, SECTION_HEADING)
        bench.log(f"wrote {args.out} ({SECTION_HEADING[3:]})")
        return 0
    # measurements made by other benchmarks live below the marker and are kept
    if args.out.exists() and KEPT_MARKER in args.out.read_text():
        text = text.rstrip() + "\n\n" + KEPT_MARKER + args.out.read_text().split(KEPT_MARKER, 1)[1]
    args.out.write_text(text)
    bench.log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
