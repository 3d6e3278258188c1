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


def bench_runtime(path: str) -> tuple[float, int, int]:
    """Seconds for the plain runtime's events + changes over one file; events; changes."""
    from binlog_ksy.runtime.changes import iter_changes
    from binlog_ksy.runtime.describe import event_to_dict
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
        change.to_json()
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
    from make_big_binlog import make

    work = Path(tempfile.mkdtemp(prefix="bench-extract-"))
    try:
        base = work / "base.bin"
        n_events = make(base, int(args.size_mb * (1 << 20)))
        size = base.stat().st_size
        print(f"input: {base.name} {size / 1e6:.1f} MB, {n_events} events (copies are hard links)", flush=True)
        for n in copies:
            d = work / f"in{n}"
            d.mkdir()
            for i in range(n):
                os.link(base, d / f"binlog.{i + 1:06d}")

        load_before = load()
        rt, events, changes = bench_runtime(str(base))
        rows = bench_rows(str(base))
        print(f"runtime, 1 file: {rt:.1f} s ({events} events, {changes} changes); "
              f"data source rows without Spark: {rows:.1f} s", flush=True)

        from pyspark.sql import SparkSession

        from binlog_ksy.spark_jobs.extract_job import default_spark_conf, run_extract

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
            t = time.perf_counter()
            summary = run_extract([str(work / f"in{n}")], str(work / f"out{n}"), spark=spark, progress=None,
                                  typed=args.typed)
            job_s = time.perf_counter() - t
            assert summary.events == n * events and summary.total_changes == n * changes, summary
            results.append((n, job_s))
            print(f"  {n} files: job {job_s:.1f} s", flush=True)
        spark.stop()

        print()
        print(f"{'files':>5} {'MB':>7} {'runtime s':>11} {'runtime MB/s':>13} {'job s':>7} {'job MB/s':>9} "
              f"{'speed-up':>9}")
        for n, job_s in results:
            mb = n * size / 1e6
            single = n * rt
            print(f"{n:>5} {mb:>7.1f} {single:>7.1f} x{n:<3} {mb / single:>13.2f} {job_s:>7.1f} {mb / job_s:>9.2f} "
                  f"{single / job_s:>8.2f}x")
        print()
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


if __name__ == "__main__":
    sys.exit(main())
