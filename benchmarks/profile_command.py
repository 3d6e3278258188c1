"""Profile one binlog-ksy command with cProfile: where its time goes, in percent of the run.

    .venv/bin/python benchmarks/profile_command.py [--top 15] [--save FILE.prof] -- rows --format jsonl FILE

The command runs in this process (binlog_ksy's CLI main, stdout to /dev/null,
output folders as given), under cProfile. Two lists are printed: functions by
their own time (tottime) and by time including callees (cumtime), each with
its share of the total. cProfile slows pure-Python code more than C code:
read the shares, not the seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def where(func: tuple[str, int, str]) -> str:
    path, line, name = func
    if path == "~":
        return name
    p = Path(path)
    try:
        p = p.relative_to(ROOT)
    except ValueError:
        p = Path(*p.parts[-2:])
    return f"{name} ({p}:{line})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--top", type=int, default=15, help="functions listed per ordering (default 15)")
    p.add_argument("--save", type=Path, help="also write the raw profile (pstats format)")
    p.add_argument("command", nargs=argparse.REMAINDER, help="binlog-ksy arguments (after --)")
    a = p.parse_args(argv)
    args = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not args:
        p.error("give the binlog-ksy arguments after --")
    from binlog_ksy.cli import main as cli_main

    prof = cProfile.Profile()
    code: object = 0
    sys.stdout.flush()
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # the command's output, whether written through sys.stdout or to fd 1
    try:
        prof.enable()
        try:
            code = cli_main(args)
        except SystemExit as exc:
            code = exc.code
        finally:
            prof.disable()
            with contextlib.suppress(Exception):
                sys.stdout.flush()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(null)
    if a.save:
        prof.dump_stats(str(a.save))
    st = pstats.Stats(prof)
    raw = st.stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in raw.values()) or 1.0
    print(f"binlog-ksy {' '.join(args)}: exit {code}; {total:.2f} s under cProfile")
    for title, key in (("own time (tottime)", 2), ("including callees (cumtime)", 3)):
        print(f"\n{title}:")
        ranked = sorted(raw.items(), key=lambda kv: kv[1][key], reverse=True)[:a.top]
        for func, row in ranked:
            print(f"  {100 * row[key] / total:5.1f} %  {row[key]:7.2f} s  {row[1]:>9,} calls  {where(func)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
