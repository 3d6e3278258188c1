"""The explorer on a big binlog: its overview against one ``stats`` pass, and its pages' answer times.

    python benchmarks/bench_explore.py [FILE] [--pages 20]

FILE defaults to narrow_workload.py's ``huge`` set (one ~1 GB binlog; built on first use). In the same run:
``binlog-ksy stats FILE`` timed as a process; then ``binlog-ksy explore FILE --no-browser --no-cache``
started, its overview asked for once (computed) and again (from the cache), the position index waited
for, then ``--pages`` events pages at positions spread over the file and one event's detail (tree, hex,
rows) for the first event of each page, each timed from request to the last byte of the answer. Prints a
table and the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
CLI = [sys.executable, "-m", "binlog_ksy.cli"]


def _get(url: str, timeout: float = 3600) -> tuple[float, Any]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=timeout) as answer:  # 127.0.0.1 only
        body = answer.read()
    return time.perf_counter() - started, json.loads(body)


def _default_file() -> Path:
    import narrow_workload

    narrow_workload.build(narrow_workload.DEFAULT_DATA, "huge", log=print)
    return max(narrow_workload.files(narrow_workload.DEFAULT_DATA, "huge"), key=lambda p: p.stat().st_size)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path)
    parser.add_argument("--pages", type=int, default=20)
    args = parser.parse_args()
    path = args.file or _default_file()
    size = path.stat().st_size
    started = time.perf_counter()
    subprocess.run([*CLI, "stats", "--format", "json", str(path)], check=True, stdout=subprocess.DEVNULL)
    stats_s = time.perf_counter() - started
    server = subprocess.Popen([*CLI, "explore", "--no-browser", "--no-cache", str(path)], stderr=subprocess.PIPE,
                              text=True)
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        url = line.split("serving ", 1)[1].split(" ", 1)[0].rstrip("/")
        overview_s, _ = _get(f"{url}/api/overview")
        cached_s, _ = _get(f"{url}/api/overview")
        index_started = time.perf_counter()
        while not _get(f"{url}/api/files")[1].get("indexed"):
            time.sleep(0.5)
        index_s = time.perf_counter() - index_started
        pages, events = [], []
        for k in range(args.pages):
            pos = 4 + (size - 4) * k // args.pages
            seconds, page = _get(f"{url}/api/events?pos={pos}&limit=100")
            pages.append(seconds)
            listed = page.get("events") or []
            if listed:
                first = listed[0]
                seconds, _ = _get(f"{url}/api/event?pos={first['pos']}")
                events.append(seconds)
    finally:
        server.terminate()
        server.wait()
    print(f"machine: {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"file: {path} ({size / 1e6:.0f} MB)")
    print("| measure | seconds | note |\n|---|---|---|")
    print(f"| stats pass | {stats_s:.1f} | `binlog-ksy stats --format json FILE` |")
    print(f"| overview, computed | {overview_s:.1f} | {overview_s / stats_s:.2f}x the stats pass |")
    print(f"| overview, cached | {cached_s:.3f} | |")
    print(f"| position index, after the overview | {index_s:.1f} | |")
    print(f"| events page (100), median / max | {statistics.median(pages):.3f} / {max(pages):.3f} | "
          f"{len(pages)} pages spread over the file |")
    if events:
        print(f"| one event's detail, median / max | {statistics.median(events):.3f} / {max(events):.3f} | "
              f"{len(events)} events |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
