"""Parse event bodies with the read-only classes (generated/) and the read-write ones (generated/rw/).

    python benchmarks/bench_generated_copy.py [--repeat 7] [--rounds 40] [FILE...]

Both copies are compiled from the same ksy/ specs; the reader uses the read-only one. This measures
what reading through the read-write copy would cost: every event body of the given binlogs (default:
samples/mariadb-10.11 and every fixture in tests/fixtures, MySQL 3.23 to 9.x) parsed ``--rounds`` times by each
copy, the two interleaved ``--repeat`` times, CPU time of this process (``time.process_time``), and
prints the best and the median of each and their ratio, with the machine. Run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from kaitaistruct import KaitaiStream

from binlog_ksy import read_events
from binlog_ksy.generated.binlog_event import BinlogEvent as ReadOnly
from binlog_ksy.generated.rw.binlog_event import BinlogEvent as ReadWrite
from binlog_ksy.runtime.errors import BinlogError

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INPUTS = [ROOT / "samples" / "mariadb-10.11"]


def _bodies(paths: list[Path]) -> list[tuple[int, int, bytes]]:
    files: list[Path] = []
    for p in paths:
        files += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix not in (".tsv", ".md", ".json",
                                                                                     ".sql")) if p.is_dir() else [p]
    out = []
    for f in files:
        try:
            for event in read_events(str(f), on_error="skip"):
                if event.in_payload is None:
                    out.append((event.type_code, event.post_header_len, event.body_bytes))
        except BinlogError:
            continue  # not a binlog, encrypted: nothing to parse
    usable = []
    for item in out:  # only bodies both copies parse (damaged fixtures are for other tests)
        try:
            ReadOnly.EventBody(item[0], item[1], KaitaiStream(io.BytesIO(item[2]))).data  # noqa: B018
        except Exception:  # noqa: BLE001 - whatever the generated parser raises, the body is left out
            continue
        usable.append(item)
    return usable


def _read_only(bodies: list[tuple[int, int, bytes]], rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for code, post, raw in bodies:
            ReadOnly.EventBody(code, post, KaitaiStream(io.BytesIO(raw))).data  # noqa: B018 - parse only
    return time.process_time() - start


def _read_write(bodies: list[tuple[int, int, bytes]], rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for code, post, raw in bodies:
            body = ReadWrite.EventBody(code, post, KaitaiStream(io.BytesIO(raw)))
            body._read()
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    inputs = args.inputs or DEFAULT_INPUTS
    fixture = ROOT / "tests" / "fixtures"
    if not args.inputs and fixture.is_dir():
        inputs = [*inputs, fixture]
    bodies = _bodies(inputs)
    size = sum(len(b) for _, _, b in bodies)
    ro: list[float] = []
    rw: list[float] = []
    for _ in range(args.repeat):
        ro.append(_read_only(bodies, args.rounds))
        rw.append(_read_write(bodies, args.rounds))
    print(f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpus, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    print(f"bodies: {len(bodies)} events, {size / 1e6:.2f} MB, x{args.rounds} rounds, {args.repeat} repeats")
    print(f"{'copy':<12} {'best s':>8} {'median s':>9}")
    print(f"{'read-only':<12} {min(ro):8.3f} {statistics.median(ro):9.3f}")
    print(f"{'read-write':<12} {min(rw):8.3f} {statistics.median(rw):9.3f}")
    print(f"ratio read-write/read-only: best {min(rw) / min(ro):.3f}, median "
          f"{statistics.median(rw) / statistics.median(ro):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
