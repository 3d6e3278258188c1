"""Fuzz the reader, event_to_dict, iter_changes and every command for a long time (tests/test_fuzz.py, unbounded).

    .venv/bin/python benchmarks/fuzz_long.py --minutes 10 [--seed N] [--save-dir tests/fuzz/corpus]
        [--commands-every 10] [--seed-bytes N] [--jobs N]

Each case takes a fixture seed (cut to 24 KiB), applies one to four random
mutations (the classes of tests/fuzz/harness.py: flips, insertions,
deletions, truncations, splices, length, type and body edits) and runs
``harness.exercise`` under ``harness.guarded`` (2 s of CPU, 64 MiB peak). A
failure is printed with its recipe and the input is saved as
``found-<kind>-<sha1>.bin`` (one per distinct exception site); the run goes on.
Cases that reach a bug already reported (``harness.OPEN_BUGS``) are counted,
not saved. Every ``--commands-every``-th case also goes through ``harness.exercise_commands``
(events, rows in every format, sql and sql --flashback, stats, schema, filter and filter
--flashback, the data source's rows: no traceback, every damaged range reported), which costs
about a hundred times a reader case. The last line is the case count to record in
tests/fuzz/README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzz.harness import (  # noqa: E402
    MEMORY_LIMIT,
    SEED_BYTES,
    SPECIAL_BYTES,
    SPECIAL_LENGTHS,
    TYPE_CODES,
    Delete,
    EditBody,
    Flip,
    Hang,
    Insert,
    Mutation,
    SetLength,
    SetType,
    Splice,
    Truncate,
    exercise,
    exercise_commands,
    guarded,
    mutate,
    seeds,
    window_seeds,
)


def random_mutation(rng: random.Random) -> Mutation:
    i = lambda: rng.randrange(1 << 16)  # noqa: E731
    kind = rng.randrange(8)
    if kind == 0:
        return Flip(i(), rng.randrange(1, 256))
    if kind == 1:
        return Insert(i(), rng.randbytes(rng.randint(1, 80)))
    if kind == 2:
        return Delete(i(), rng.randint(1, 80))
    if kind == 3:
        return Truncate(i())
    if kind == 4:
        return Splice(i(), i(), i(), rng.random() < 0.5)
    if kind == 5:
        value = rng.choice(SPECIAL_LENGTHS) if rng.random() < 0.5 else rng.randrange(1 << 32)
        return SetLength(i(), value, rng.random() < 0.5)
    if kind == 6:
        return SetType(i(), rng.choice(TYPE_CODES), rng.random() < 0.8)
    blob = bytes([rng.choice(SPECIAL_BYTES)]) if rng.random() < 0.5 else rng.randbytes(rng.randint(1, 64))
    return EditBody(i(), i(), blob, rng.random() < 0.8)


def fuzz(seed: int, minutes: float, seed_bytes: int, commands_every: int, memory_every: int, save_dir: Path,
         label: str = "") -> dict[str, Any]:
    """Fuzz for ``minutes`` from one random seed; returns the counts and the failures found."""
    rng = random.Random(seed)
    pool = seeds() if seed_bytes >= SEED_BYTES else window_seeds(seed_bytes)
    deadline = time.monotonic() + minutes * 60
    counts = {"cases": 0, "events": 0, "changes": 0, "open_bugs": 0, "command_cases": 0}
    failures: dict[tuple[Any, ...], str] = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.bin"
        while time.monotonic() < deadline:
            base = rng.choice(pool)
            mutations = [random_mutation(rng) for _ in range(rng.randint(1, 4))]
            data = mutate(base, mutations)
            counts["cases"] += 1
            try:
                with guarded(memory=MEMORY_LIMIT if counts["cases"] % memory_every == 0 else None):
                    found = exercise(data, path)
                for key in ("events", "changes", "open_bugs"):
                    counts[key] += found[key]
                if commands_every and counts["cases"] % commands_every == 0:
                    work = Path(tempfile.mkdtemp(dir=tmp))
                    with guarded(cpu_seconds=30.0, memory=None):
                        exercise_commands(path, work)
                    shutil.rmtree(work, ignore_errors=True)
                    counts["command_cases"] += 1
            except (Exception, Hang) as exc:  # noqa: BLE001 - the fuzzer records every crash site, whatever its type
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                site = (type(exc).__name__, Path(frame.filename).name, frame.lineno)
                if site in failures:
                    continue
                digest = hashlib.sha1(data).hexdigest()[:12]
                name = f"found-{type(exc).__name__.lower()}-{digest}.bin"
                save_dir.mkdir(parents=True, exist_ok=True)
                (save_dir / name).write_bytes(data)
                failures[site] = name
                print(f"{label}FAIL {site}: {exc!s:.300}\n  seed {base.name}\n  mutations {mutations}\n"
                      f"  saved {name}", flush=True)
            if counts["cases"] % 20000 == 0:
                print(f"{label}{counts['cases']} cases, {time.monotonic() - started:.0f} s, "
                      f"{len(failures)} distinct failures", flush=True)
    return {**counts, "failures": failures, "seconds": time.monotonic() - started}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--save-dir", type=Path, default=ROOT / "tests" / "fuzz" / "corpus")
    parser.add_argument("--commands-every", type=int, default=10, metavar="N",
                        help="run every command on every N-th case (0: never)")
    parser.add_argument("--seed-bytes", type=int, default=SEED_BYTES, metavar="N",
                        help=f"seed size: {SEED_BYTES} (the default) takes each fixture's start; less takes "
                             "windows of N bytes from all over each fixture (harness.window_seeds)")
    parser.add_argument("--memory-every", type=int, default=1, metavar="N",
                        help="bound the peak memory (tracemalloc, about five times slower) of every N-th case; "
                             "the CPU time of every case is bounded")
    parser.add_argument("--jobs", type=int, default=1, help="processes fuzzing side by side (seeds SEED, SEED+1, ...)")
    args = parser.parse_args(argv)

    jobs = [(args.seed + k, args.minutes, args.seed_bytes, args.commands_every, max(1, args.memory_every),
             args.save_dir,
             f"[{k}] " if args.jobs > 1 else "") for k in range(args.jobs)]
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.starmap(fuzz, jobs)
    else:
        results = [fuzz(*jobs[0])]
    total = {key: sum(r[key] for r in results) for key in ("cases", "events", "changes", "open_bugs",
                                                            "command_cases")}
    failures = {site: name for r in results for site, name in r["failures"].items()}
    elapsed = max(r["seconds"] for r in results)
    print(f"seed {args.seed} x {args.jobs} jobs, seeds of {args.seed_bytes} bytes: {total['cases']} cases in "
          f"{elapsed:.0f} s ({total['cases'] / elapsed:.1f}/s), {total['events']} events, "
          f"{total['changes']} row changes, {total['command_cases']} through every command, "
          f"{len(failures)} distinct failures, "
          f"{total['open_bugs']} cases reaching a known open bug (harness.OPEN_BUGS)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
