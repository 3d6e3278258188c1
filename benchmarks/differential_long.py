"""Run the differential test (tests/test_differential.py) for a long time and print what it compared.

    .venv/bin/python benchmarks/differential_long.py --minutes 60 [--rounds-of 1000] [-k every_path]

Runs ``pytest tests/test_differential.py`` again and again with ``BINLOG_KSY_LONG`` set (random
cases, a new hypothesis seed each round, ``--rounds-of`` cases per round) until the time is up, each
round reporting its figures (cases, changes and values compared with mariadb-binlog, replays checked
on the replica, by setting) in JSON. A failing round prints pytest's output, with hypothesis'
shrunk case and its seed, and the run goes on. The last lines are the totals to record in
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_round(seed: int, cases: int, select: str, report: Path) -> tuple[int, Counter[str], str]:
    """One pytest run of ``cases`` random cases; (exit status, figures, output tail)."""
    env = dict(os.environ, BINLOG_KSY_LONG="1", BINLOG_KSY_DIFFERENTIAL_EXAMPLES=str(cases),
               BINLOG_KSY_DIFFERENTIAL_REPORT=str(report), PYSPARK_PYTHON=sys.executable)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_differential.py",
               "-k", select, f"--hypothesis-seed={seed}"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    figures = Counter(json.loads(report.read_text())) if report.exists() else Counter()
    return done.returncode, figures, (done.stdout + done.stderr)[-6000:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--rounds-of", type=int, default=1000, metavar="N", help="cases per pytest run")
    parser.add_argument("-k", dest="select", default="every_path", help="which tests (pytest -k)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args(argv)

    print(f"{platform.node()}: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, Python "
          f"{platform.python_version()}", flush=True)
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.minutes * 60
    started = time.monotonic()
    totals: Counter[str] = Counter()
    failed = rounds = 0
    with tempfile.TemporaryDirectory() as tmp:
        while time.monotonic() < deadline:
            seed = rng.randrange(1 << 32)
            report = Path(tmp) / f"round-{rounds}.json"
            status, figures, tail = one_round(seed, args.rounds_of, args.select, report)
            rounds += 1
            totals += figures
            print(f"round {rounds} (seed {seed}): exit {status}, {figures['cases']} cases, {figures['changes']} "
                  f"changes, {figures['values']} values; {time.monotonic() - started:.0f} s", flush=True)
            if status != 0:
                failed += 1
                print(tail, flush=True)
    elapsed = time.monotonic() - started
    print(f"{rounds} rounds in {elapsed / 60:.1f} min, {failed} failed; load {os.getloadavg()[0]:.2f}")
    print(json.dumps(dict(sorted(totals.items())), indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
