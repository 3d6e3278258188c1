"""Peak memory of the commands that could hold a transaction, on a 1 GB binlog with a 10 M-row transaction.

    .venv/bin/python benchmarks/bench_memory.py [--data /tmp/binlog-ksy-bench] [--write] [--out benchmarks/RESULTS.md]

The binlog is narrow_workload.py's ``whale`` set (built by a throw-away local
MariaDB server on first use, cached in --data): one file of about 1 GB whose
first transaction inserts 10,000,000 rows, then small transactions. Each
command runs once, as its own process, next to its reference (the order
alternating), output to /dev/null or a temporary folder; peak RSS from
os.wait4 (the process and the children it waited for). Issue 20's bounds:

=====================================  =================================  ==========
ours                                   reference                          peak RSS
=====================================  =================================  ==========
``rows --format jsonl``                ``mariadb-binlog -vv``             200 MB
``sql``                                ``mariadb-binlog -vv``             200 MB
``sql --flashback``                    ``mariadb-binlog -vv``             500 MB
``filter --flashback --output DIR``    ``mariadb-binlog --flashback``     500 MB
=====================================  =================================  ==========

(``mariadb-binlog --flashback`` itself holds a whole transaction's events in
memory to reverse them: its peak is printed for comparison.) --write puts the
table into RESULTS.md below the kept marker, under its own heading.
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import narrow_workload  # noqa: E402
from run_targets import Bench, Run, first_line, loadavg, machine, write_section  # noqa: E402

HEADING = "## Memory on a 1 GB binlog with a 10 M-row transaction (issue 20) — `bench_memory.py`"
MB = 1e6

#: (label, our arguments before the file, after it, output folder?, reference kind, bound in MB)
COMMANDS: list[tuple[str, list[str], list[str], bool, str, float]] = [
    ("rows --format jsonl", ["rows", "--format", "jsonl"], [], False, "vv", 200),
    ("sql", ["sql"], [], False, "vv", 200),
    ("sql --flashback", ["sql", "--flashback"], [], False, "vv", 500),
    ("filter --flashback", ["filter", "--flashback"], ["--output"], True, "flashback", 500),
]


def cell(run: Run) -> str:
    if run.returncode != 0:
        return f"failed: {run.error}".replace("|", "\\|")
    return f"{run.maxrss_kib * 1024 / MB:.0f} MB ({run.seconds:.1f} s)"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=narrow_workload.DEFAULT_DATA,
                   help=f"folder of the generated binlogs (default {narrow_workload.DEFAULT_DATA})")
    p.add_argument("--commands", default="", help="comma list of the commands to run, by label (default all)")
    p.add_argument("--write", action="store_true", help="put the table into --out, below the kept marker")
    p.add_argument("--out", type=Path, default=HERE / "RESULTS.md", help="default benchmarks/RESULTS.md")
    args = p.parse_args(argv)
    args.repeat = 1
    wanted = [c.strip() for c in args.commands.split(",") if c.strip()]
    started = datetime.datetime.now(datetime.UTC)
    t0 = time.perf_counter()
    load_before = loadavg()
    bench = Bench(args)
    rows: list[str] = []
    try:
        info = narrow_workload.build(args.data, "whale", log=bench.log)
        files = narrow_workload.files(args.data, "whale")
        names = [str(f) for f in files]
        bench.warm(files)
        for i, (label, before, after, has_out, kind, bound) in enumerate(COMMANDS):
            if wanted and label not in wanted:
                continue
            out = bench.work / "out"
            ours_cmd = [bench.exe, *before, *names, *after] + ([str(out)] if has_out else [])
            ref_cmd = bench.ref_cmd(files) if kind == "vv" else [bench.mariadb_binlog, "--flashback", *names]
            bench.log(f"{label} vs {kind}")
            pair = [(ours_cmd, out if has_out else None), (ref_cmd, None)]
            runs: list[Run] = []
            for cmd, folder in (pair if i % 2 == 0 else pair[::-1]):
                runs.append(bench.runner.run(cmd))
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)
            ours, ref = (runs[0], runs[1]) if i % 2 == 0 else (runs[1], runs[0])
            peak = ours.maxrss_kib * 1024 / MB
            verdict = ("pass" if peak <= bound else "FAIL") if ours.returncode == 0 else "FAIL"
            reference = "`mariadb-binlog -vv`" if kind == "vv" else "`mariadb-binlog --flashback`"
            rows.append(f"| `{label}` (≤ {bound:g} MB) | {cell(ours)} | {reference} | {cell(ref)} | {verdict} |")
            print(rows[-1], flush=True)
    finally:
        bench.close()
    m = machine()
    text = "\n".join([
        HEADING, "",
        f"Generated on {started:%Y-%m-%d %H:%M} UTC in {(time.perf_counter() - t0) / 60:.0f} min: "
        f"`{' '.join(['python', 'benchmarks/bench_memory.py', *sys.argv[1:]])}`; {m['cpu']}, {m['cores']} CPUs, "
        f"{m['memory']}, Python {m['python']}; binlog-ksy at commit "
        f"{first_line(['git', '-C', str(ROOT), 'log', '-1', '--format=%h'])}; load average before "
        f"{load_before}, after {loadavg()}.", "",
        f"whale/: {info['bytes'] / 1e9:.2f} GB in one file, {info['changes']:,} changes; its first transaction "
        "inserts 10,000,000 rows. One run each, next to its reference; peak RSS from os.wait4.", "",
        "| command (bound) | ours: peak RSS (wall s) | reference | reference: peak RSS (wall s) | result |",
        "|---|---|---|---|---|",
        *rows, "",
    ])
    print("\n" + text)
    if args.write:
        write_section(args.out, text, HEADING)
        bench.log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
