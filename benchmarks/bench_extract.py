"""Benchmark the Spark extraction job against the single-process runtime.

    python benchmarks/bench_extract.py [--size-mb 8] [--copies 1,2,4,8] [--master local[2]] [--typed]

Makes one binlog of ``--size-mb`` with make_big_binlog.py (real MySQL 8.0
transactions repeated, FULL row metadata), links it ``N`` times into a
directory per ``--copies`` value, then measures:

* ``runtime``: one Python process doing what the job's two passes do, with the
  plain runtime API: ``BinlogReader`` + ``event_to_dict`` +
  ``TransactionTracker`` for every event, then ``iter_changes`` +
  ``RowChange.to_json`` for every change. Measured on one file; for N files
  it is N times that (files are independent), marked ``x N``.
* ``rows``: the same in one process through ``spark_jobs.records`` (what a
  Spark task runs, Arrow batches excluded): the data source's own overhead.
* ``job``: ``run_extract`` (events, changes, errors, transactions; ``--typed``
  adds tables/) on a warm local SparkSession, wall clock including the
  Parquet writes and the summary.

Besides wall-clock times it reports CPU seconds (the runtime: this process;
the job: the driver, the JVM and the Python workers, summed from /proc), which
other processes on a shared machine do not change: ``ideal s`` is the job's
CPU time spread over the cores, what the job would take on an idle machine
were it perfectly parallel.

Prints one table and the machine (CPU, cores, memory, load average).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    try:
        java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    except (OSError, IndexError):
        java = "?"
    import pyarrow
    import pyspark

    return (f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cores, {mem}; "
            f"Python {platform.python_version()}, pyspark {pyspark.__version__}, pyarrow {pyarrow.__version__}, {java}")


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def tree_cpu(root: int | None = None) -> float:
    """CPU seconds (user + system, with reaped children) of a process and all its descendants (Linux)."""
    root = root or os.getpid()
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            text = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        pid = int(name)
        parent[pid] = int(fields[1])
        cpu[pid] = sum(int(x) for x in fields[11:15]) / tick
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo.extend(child for child, ppid in parent.items() if ppid == pid)
    return total


def bench_runtime(path: str) -> tuple[float, int, int]:
    """Seconds for the plain runtime's events + changes over one file; events; changes."""
    from binlog_ksy.runtime.changes import iter_changes
    from binlog_ksy.runtime.present.describe import event_to_dict
    from binlog_ksy.runtime.present.value_json import change_json
    from binlog_ksy.runtime.reader import BinlogReader
    from binlog_ksy.runtime.transactions import TransactionTracker

    start = time.perf_counter()
    events = 0
    tracker = TransactionTracker()
    for event in BinlogReader(path):
        tracker.update(event)
        event_to_dict(event)
        events += 1
    changes = 0
    for change in iter_changes(path):
        change_json(change)
        changes += 1
    return time.perf_counter() - start, events, changes


def bench_rows(path: str) -> float:
    """Seconds for the data source's row building (events + changes kinds) over one file, no Spark."""
    from binlog_ksy.spark_jobs.records import ReadOptions, iter_rows

    size = os.path.getsize(path)
    start = time.perf_counter()
    for kind in ("events", "changes"):
        for _ in iter_rows(path, size, ReadOptions(kind=kind)):
            pass
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size-mb", type=float, default=8, help="size of each binlog file (default 8)")
    parser.add_argument("--copies", default="1,2,4,8", help="numbers of files to run the job on")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--typed", action="store_true", help="run the job with --typed")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args()
    copies = [int(c) for c in args.copies.split(",")]

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    work = Path(tempfile.mkdtemp(prefix="bench-extract-"))
    try:
        base = _inputs(work, args.size_mb, copies)
        size = base.stat().st_size
        load_before = load()
        cpu0 = time.process_time()
        rt, events, changes = bench_runtime(str(base))
        rt_cpu = time.process_time() - cpu0
        rows = bench_rows(str(base))
        print(f"runtime, 1 file: {rt:.1f} s, {rt_cpu:.1f} s CPU ({events} events, {changes} changes); "
              f"data source rows without Spark: {rows:.1f} s", flush=True)
        results = _jobs(args, work, base, copies, events, changes)
        _print_table(results, size, rt, rt_cpu)
        print(f"machine: {machine()}")
        print(f"load average before/after: {load_before} / {load()}  (other processes share these cores)")
        print(f"command: python benchmarks/bench_extract.py --size-mb {args.size_mb:g} --copies {args.copies} "
              f"--master {args.master}{' --typed' if args.typed else ''}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")
    return 0


def _inputs(work: Path, size_mb: float, copies: list[int]) -> Path:
    """The base binlog, and a folder of ``n`` hard links to it for each ``n`` in ``copies``."""
    from make_big_binlog import make

    base = work / "base.bin"
    n_events = make(base, int(size_mb * (1 << 20)))
    size = base.stat().st_size
    print(f"input: {base.name} {size / 1e6:.1f} MB, {n_events} events (copies are hard links)", flush=True)
    for n in copies:
        d = work / f"in{n}"
        d.mkdir()
        for i in range(n):
            os.link(base, d / f"binlog.{i + 1:06d}")
    return base


def _jobs(args: argparse.Namespace, work: Path, base: Path, copies: list[int], events: int,
          changes: int) -> list[tuple[int, float, float, str]]:
    """The job on each number of files, after a warm-up job: (files, seconds, CPU seconds, load)."""
    from pyspark.sql import SparkSession

    from binlog_ksy.spark_jobs.job.extract import default_spark_conf, run_extract

    t = time.perf_counter()
    builder = SparkSession.builder.master(args.master).appName("bench-extract")
    for key, value in default_spark_conf(cores=os.cpu_count()).items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    session_s = time.perf_counter() - t
    t = time.perf_counter()
    warm = work / "warm"
    warm.mkdir()
    os.link(base, warm / "binlog.000001")
    run_extract([str(warm)], str(work / "out-warm"), spark=spark, progress=None, typed=args.typed)
    warm_s = time.perf_counter() - t
    print(f"Spark session start {session_s:.1f} s; first (warm-up) job on 1 file {warm_s:.1f} s", flush=True)

    results = []
    for n in copies:
        cpu0 = tree_cpu()
        t = time.perf_counter()
        summary = run_extract([str(work / f"in{n}")], str(work / f"out{n}"), spark=spark, progress=None,
                              typed=args.typed)
        job_s = time.perf_counter() - t
        job_cpu = tree_cpu() - cpu0
        assert summary.events == n * events and summary.total_changes == n * changes, summary
        results.append((n, job_s, job_cpu, load()))
        print(f"  {n} files: job {job_s:.1f} s, {job_cpu:.1f} s CPU, load {load()}", flush=True)
    spark.stop()
    return results


def _print_table(results: list[tuple[int, float, float, str]], size: int, rt: float, rt_cpu: float) -> None:
    cores = os.cpu_count() or 1
    print()
    print(f"{'files':>5} {'MB':>6} {'runtime s':>10} {'runtime CPU s':>14} {'job s':>7} {'job CPU s':>10} "
          f"{'job MB/s':>9} {'speed-up':>9} {'ideal s':>8} {'ideal speed-up':>15}")
    for n, job_s, job_cpu, _ in results:
        mb = n * size / 1e6
        single, single_cpu = n * rt, n * rt_cpu
        ideal = job_cpu / cores
        print(f"{n:>5} {mb:>6.1f} {single:>6.1f} x{n:<2} {single_cpu:>10.1f} x{n:<2} {job_s:>7.1f} "
              f"{job_cpu:>10.1f} {mb / job_s:>9.2f} {single / job_s:>8.2f}x {ideal:>8.1f} "
              f"{single_cpu / ideal:>14.2f}x")
    print()


if __name__ == "__main__":
    sys.exit(main())
