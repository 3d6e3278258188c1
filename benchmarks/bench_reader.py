"""Benchmark the event reader: events/s, MB/s and peak RSS on a large binlog.

    python benchmarks/bench_reader.py [--size-mb 1024] [--file BIG.bin] [--keep]

Makes the file with make_big_binlog.py unless --file is given, then reads it in
a child process per mode (so each peak RSS is its own) and prints a table and
the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

MODES = {
    "frame+crc": "events framed, CRC32 verified, bodies not parsed",
    "frame+crc+body": "as above, every body parsed by the generated Kaitai parser",
    "cli-jsonl": "binlog-ksy events --format jsonl > /dev/null",
}


def run_mode(mode: str, path: str) -> dict[str, Any]:
    from binlog_ksy.runtime.reader import BinlogReader

    start = time.perf_counter()
    n = 0
    if mode == "frame+crc":
        for _ in BinlogReader(path):
            n += 1
    elif mode == "frame+crc+body":
        for e in BinlogReader(path):
            e.body  # noqa: B018
            n += 1
    elif mode == "cli-jsonl":
        from binlog_ksy.cli import main

        with open(os.devnull, "w") as devnull:
            saved, sys.stdout = sys.stdout, devnull
            try:
                main(["events", "--format", "jsonl", path])
            finally:
                sys.stdout = saved
        from binlog_ksy.runtime.reader import BinlogReader as R

        n = sum(1 for _ in R(path))  # count only (not timed below)
    elapsed = time.perf_counter() - start
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"mode": mode, "events": n, "seconds": elapsed, "peak_rss_mb": rss_mb}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size-mb", type=int, default=1024)
    p.add_argument("--file")
    p.add_argument("--modes", default=",".join(MODES))
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        print(json.dumps(run_mode(*a.child)))
        return
    path = a.file
    tmp = False
    if not path:
        from make_big_binlog import make

        fd, path = tempfile.mkstemp(suffix=".bin")
        os.close(fd)
        tmp = True
        t = time.perf_counter()
        make(Path(path), a.size_mb << 20)
        print(f"made {path} ({os.path.getsize(path) / 2**20:.0f} MiB) in {time.perf_counter() - t:.0f} s")
    size_mb = os.path.getsize(path) / 2**20
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"file: {path}, {size_mb:.0f} MiB")
    print(f"{'mode':<16} {'events':>10} {'seconds':>8} {'events/s':>10} {'MB/s':>7} {'peak RSS MB':>12}")
    try:
        for mode in a.modes.split(","):
            out = subprocess.run([sys.executable, __file__, "--child", mode, path], capture_output=True, text=True)
            if out.returncode:
                print(mode, "failed:", out.stderr[-500:])
                continue
            r = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{mode:<16} {r['events']:>10} {r['seconds']:>8.1f} {r['events'] / r['seconds']:>10.0f} "
                  f"{size_mb / r['seconds']:>7.1f} {r['peak_rss_mb']:>12.0f}")
    finally:
        if tmp:
            os.unlink(path)


if __name__ == "__main__":
    main()
