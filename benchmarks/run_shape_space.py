"""Every command on drawn shapes of binlog, side by side with mariadb-binlog: the worst ratio per command.

    .venv/bin/python benchmarks/run_shape_space.py [--draw 30] [--seed 1] [--named many_tables,large_values]
        [--repeat 2] [--commands 'sql,stats'] [--no-kept] [--no-update] [--data /tmp/binlog-ksy-bench/space]
        [--section] [--out benchmarks/RESULTS.md]
    .venv/bin/python benchmarks/run_shape_space.py --quick        # the tooling end to end, in a few minutes

The shapes (shape_space.py): ``--draw N`` points drawn from ``--seed``, the
named shapes given by ``--named``, and the cases kept by earlier runs in
benchmarks/worst_shapes.json (each the worst shape of some command; left out
with ``--no-kept``). Each binlog is built by a throw-away MariaDB server on
first use and cached in ``--data``, keyed by the shape and its seed.

On each shape every command is timed paired with its reference, as
run_shapes.py does it (its command table and its pairing: the two run one after
the other, ``--repeat`` times, the order alternating), with issue 20's bounds:
``rows --format jsonl`` 1.0x, ``rows --format parquet`` 0.5x, ``sql`` and
``sql --flashback`` 1.5x, ``stats`` 0.5x (each vs ``mariadb-binlog -vv``),
``filter --flashback`` 1.0x (vs ``mariadb-binlog --flashback``), ``events``
1.0x and ``events --format jsonl`` 2.0x (vs plain ``mariadb-binlog``), plain
``filter`` (vs plain ``mariadb-binlog``; no bound in the issue: 1.0x, that of
``filter --flashback``) and ``extract`` (the Spark job in local mode, vs
``mariadb-binlog -vv``: 2.5x). Peak RSS of every run from os.wait4 (at most
300 MB each); for ``extract`` also the Spark Python workers and the JVM,
sampled from /proc (run_targets.Sampler: it sees every pyspark process on the
machine, other sessions' too), and the part files it wrote: at most one per
table dataset (``changes/schema=../table=../``, ``tables/<db>.<table>/``)
per task. The flashback commands are not run on shapes of MINIMAL or NOBLOB
images: they refuse them (an undo needs every column of the before image, and
MariaDB's flashback needs FULL images too).

It prints a table per shape, then per command the worst ratio against its
bound, the shape that caused it and the largest peak RSS; the machine and the
load average before and after. Unless ``--no-update`` (or ``--quick``), each
command's worst shape of the run (the kept cases were run too) replaces its
entry in worst_shapes.json, so that the next runs time it again. ``--section``
puts the report into RESULTS.md below the kept marker, under its own heading.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import shape_space  # noqa: E402
from run_shapes import COMMANDS, MORE_COMMANDS, REF_LABEL, ShapeBench, peak  # noqa: E402
from run_targets import (  # noqa: E402
    Row,
    Run,
    Runner,
    Sampler,
    Series,
    first_line,
    loadavg,
    machine,
    pair_row,
    table,
    write_section,
)
from shape_space import Shape  # noqa: E402

HEADING = "## Every command on drawn shapes (issue 20's space of shapes) — `run_shape_space.py`"
WORST_FILE = HERE / "worst_shapes.json"
RSS_BOUND_MB = 300
MB = 1e6

#: Every command of the issue: run_shapes.py's table and the two it times only when named.
ALL_COMMANDS = COMMANDS + MORE_COMMANDS

#: --quick: tiny shapes (a few hundred KB), one repetition.
QUICK_BOUNDS: dict[str, Any] = {"size_mb": (0.2, 0.6), "max_tables": 40, "max_columns": 30,
                                "max_value_bytes": 4096, "max_rows": 2000}


# -- extract's part files -------------------------------------------------------------------------------

def task_of(name: str) -> str:
    """The task that wrote a part file: ``part-[RUN-]FFFFF-SSSS[-LLL].parquet`` -> ``FFFFF-SSSS`` (the file
    and split indexes; LLL numbers the table layouts of a typed table within one task)."""
    parts = name.removeprefix("part-").removesuffix(".parquet").split("-")
    if len(parts) >= 3 and len(parts[-1]) == 3 and parts[-1].isdigit():
        parts = parts[:-1]
    return "-".join(parts[-2:])


def count_parts(out: Path) -> dict[str, Any]:
    """Part files per table dataset and task in an extract's output: ``changes/schema=S/table=T/`` and
    ``tables/S.T/`` (and ``cdc/`` if written)."""
    per: Counter[tuple[str, str]] = Counter()
    for p in out.rglob("part-*.parquet"):
        rel = p.parent.relative_to(out).parts
        if len(rel) >= 2 and rel[0] in ("changes", "tables", "cdc"):
            per["/".join(rel), task_of(p.name)] += 1
    if not per:
        return {"table_dirs": 0, "tasks": 0, "files": 0, "most": 0, "where": ""}
    (where, task), most = per.most_common(1)[0]
    return {"table_dirs": len({d for d, _ in per}), "tasks": len({t for _, t in per}), "files": sum(per.values()),
            "most": most, "where": f"{where} (task {task})",
            "over": sum(1 for n in per.values() if n > 1)}


class ExtractRunner(Runner):
    """run_targets.Runner that, around an ``extract`` run, samples the Spark processes and then counts the part
    files of its output (before the benchmark removes the folder)."""

    def __init__(self) -> None:
        super().__init__()
        self.extracts: list[dict[str, Any]] = []

    def run(self, cmd: Sequence[str], *, env: dict[str, str] | None = None, capture: bool = False,
            shown: str | None = None) -> Run:
        if len(cmd) < 2 or cmd[1] != "extract":
            return super().run(cmd, env=env, capture=capture, shown=shown)
        with Sampler() as sampler:
            run = super().run(cmd, env=env, capture=capture, shown=shown)
        out = Path(cmd[list(cmd).index("--output") + 1])
        self.extracts.append({"parts": count_parts(out) if run.returncode == 0 else None,
                              "worker_kib": sampler.max_one_kib, "jvm_kib": sampler.max_jvm_kib})
        return run


# -- results --------------------------------------------------------------------------------------------

@dataclass
class Case:
    """One shape to time: where it comes from and its built binlog."""

    shape: Shape
    seed: int
    origin: str
    folder: Path | None = None
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def ident(self) -> str:
        return f"{self.shape.name}/{self.seed}"


@dataclass
class Result:
    case: Case
    command: str
    bound: float
    ours: Series
    ref: Series
    extract: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        return self.ours.median / self.ref.median if self.ours.ok and self.ref.ok else None

    @property
    def broken(self) -> bool:
        """Ours failed where the reference did not."""
        return self.ours.failed is not None and self.ref.ok

    @property
    def badness(self) -> float:
        """How far from its bound (ratio / bound); a failure of ours is the worst."""
        if self.broken:
            return math.inf
        return (self.ratio or 0.0) / self.bound

    @property
    def rss_mb(self) -> float:
        """The peak RSS of our runs (for extract: the driver or its largest Python worker)."""
        kib = peak(self.ours)
        if self.extract:
            kib = max(kib, self.extract.get("worker_kib", 0))
        return kib * 1024 / MB


def verdict(r: Result) -> str:
    if r.broken:
        return "FAIL (error)"
    if r.ratio is None:
        return "n/a"
    return "pass" if r.ratio <= r.bound else "FAIL"


# -- the benchmark --------------------------------------------------------------------------------------

class SpaceBench(ShapeBench):
    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__(args)
        self.runner: ExtractRunner = ExtractRunner()
        self.results: list[Result] = []

    def time_case(self, case: Case) -> None:
        a = self.args
        assert case.folder is not None
        files = shape_space.files(case.folder)
        self.warm(files)
        names = [str(f) for f in files]
        rows: list[Row] = []
        print(f"\n### {case.shape.name} (seed {case.seed}; {case.origin})\n\n{case.shape.describe()}; "
              f"{case.info['bytes'] / MB:.1f} MB, {case.info['changes']:,} changes\n", flush=True)
        for label, before, after, has_out, kind, bound in ALL_COMMANDS:
            if a.commands and label not in a.commands:
                continue
            if "--flashback" in label and case.shape.row_image != "FULL":
                print(f"| {label} | not run: flashback needs FULL row images (as MariaDB's does) |", flush=True)
                continue
            out = self.work / "out"
            cmd = [self.exe, *before, *names, *after] + ([str(out)] if has_out else [])
            ours, ref = Series(f"`{label}`"), Series(REF_LABEL[kind])
            env = self.env if label == "extract" else None
            self.log(f"{case.shape.name}: {label} vs {ref.label}")
            seen = len(self.runner.extracts)
            self.paired(a.repeat, [(ref, self.ref(kind, files), None, None),
                                   (ours, cmd, env, out if has_out else None)])
            result = Result(case, label, bound, ours, ref)
            if label == "extract" and len(self.runner.extracts) > seen:
                runs = self.runner.extracts[seen:]
                result.extract = {"worker_kib": max(r["worker_kib"] for r in runs),
                                  "jvm_kib": max(r["jvm_kib"] for r in runs),
                                  "parts": next((r["parts"] for r in reversed(runs) if r["parts"]), None)}
            self.results.append(result)
            rows.append(pair_row(f"{label} (≤ {bound:g}x)", ours, ref, bound, note(result)))
            rows[-1].verdict = verdict(result)
            print(table(rows[-1:]).splitlines()[-1], flush=True)


def note(r: Result) -> str:
    text = f"peak RSS {peak(r.ours) * 1024 / MB:.0f} / {peak(r.ref) * 1024 / MB:.0f} MB"
    if peak(r.ours) * 1024 / MB > RSS_BOUND_MB:
        text += f" (over {RSS_BOUND_MB} MB)"
    if r.extract:
        worker = r.extract["worker_kib"] * 1024 / MB
        over = f" (over {RSS_BOUND_MB} MB)" if worker > RSS_BOUND_MB else ""
        text += f"; largest Python worker {worker:.0f} MB{over}, JVM {r.extract['jvm_kib'] * 1024 / MB:.0f} MB"
        parts = r.extract.get("parts")
        if parts:
            text += (f"; {parts['files']} part files in {parts['table_dirs']} table folders, {parts['tasks']} "
                     f"task(s), at most {parts['most']} per table per task")
    return text


# -- the cases ------------------------------------------------------------------------------------------

def load_kept(path: Path) -> list[Case]:
    """The cases of worst_shapes.json (each once, whatever the number of commands it was worst for)."""
    if not path.exists():
        return []
    cases = []
    for entry in json.loads(path.read_text()).get("cases", []):
        shape = shape_space.from_json(entry["shape"])
        worst = ", ".join(f"{w['command']} {w['ratio']:.2f}x" if w.get("ratio") is not None else
                          f"{w['command']} (failed)" for w in entry.get("worst_for", []))
        cases.append(Case(shape, int(entry["seed"]), f"kept: worst for {worst}" if worst else "kept"))
    return cases


def update_kept(path: Path, results: list[Result], stamp: dict[str, str]) -> list[str]:
    """Each command measured now: its worst case of this run replaces its entry. Returns what changed."""
    old = json.loads(path.read_text()) if path.exists() else {}
    entries: dict[str, dict[str, Any]] = {}  # case key -> entry
    worst_of: dict[str, str] = {}  # command -> case key
    for entry in old.get("cases", []):
        key = f"{shape_space.from_json(entry['shape']).key(int(entry['seed']))}"
        entries[key] = {**entry, "worst_for": []}
        for w in entry.get("worst_for", []):
            worst_of[w["command"]] = key
            entries[key]["worst_for"].append(w)
    changes = []
    for command in dict.fromkeys(r.command for r in results):
        mine = [r for r in results if r.command == command and (r.ratio is not None or r.broken)]
        if not mine:
            continue
        w = max(mine, key=lambda r: r.badness)
        key = w.case.shape.key(w.case.seed)
        if key not in entries:
            entries[key] = {"name": w.case.shape.name, "seed": w.case.seed, "shape": shape_space.to_json(w.case.shape),
                            "worst_for": []}
        before = worst_of.get(command)
        if before is not None:
            entries[before]["worst_for"] = [x for x in entries[before]["worst_for"] if x["command"] != command]
        entries[key]["worst_for"].append({
            "command": command, "ratio": None if w.ratio is None else round(w.ratio, 3), "bound": w.bound,
            "error": w.ours.failed.error if w.broken and w.ours.failed else "",
            "ours_s": round(w.ours.median, 3) if w.ours.ok else None,
            "reference_s": round(w.ref.median, 3) if w.ref.ok else None, **stamp})
        worst_of[command] = key
        if before != key:
            changes.append(f"{command}: {w.case.shape.name}")
    kept = [e for e in entries.values() if e["worst_for"]]
    path.write_text(json.dumps({
        "about": "The worst shape found for each command by benchmarks/run_shape_space.py (shape_space.Shape "
                 "fields and the workload's seed), timed again by every run; each run replaces a command's entry "
                 "with its worst case of that run.",
        "cases": kept}, indent=2, ensure_ascii=False) + "\n")
    return changes


def cases_of(args: argparse.Namespace) -> list[Case]:
    bounds = QUICK_BOUNDS if args.quick else {}
    cases = [Case(shape, seed, f"drawn (seed {args.seed})") for shape, seed in
             shape_space.drawn(args.draw, args.seed, **bounds)]
    for name in args.named:
        cases.append(Case(shape_space.NAMED[name], 1, "named"))
    if not args.no_kept:
        cases += load_kept(args.worst)
    unique: dict[str, Case] = {}
    for c in cases:
        unique.setdefault(c.shape.key(c.seed), c)
    return list(unique.values())


# -- the report -----------------------------------------------------------------------------------------

def short(text: str) -> str:
    return text.replace("--format ", "").replace("--", "")


def report(bench: SpaceBench, cases: list[Case], started: datetime.datetime, elapsed: float, load_before: str,
           load_after: str, kept: list[str]) -> str:
    m = machine()
    a = bench.args
    head = first_line(["git", "-C", str(ROOT), "log", "-1", "--format=%h"])
    lines = [
        HEADING, "",
        f"Generated on {started:%Y-%m-%d %H:%M} UTC in {elapsed / 60:.0f} min: "
        f"`{' '.join(['python', 'benchmarks/run_shape_space.py', *sys.argv[1:]])}`; {m['cpu']}, {m['cores']} CPUs, "
        f"{m['memory']}, Python {m['python']}, {first_line([bench.mariadb_binlog, '--version'])}; "
        f"binlog-ksy at commit {head}.", "",
        f"**Load average (1, 5, 15 min) before: {load_before}; after: {load_after}** (absolute seconds are inflated "
        "on a shared machine; each ratio compares runs made next to each other).", "",
        *(["**--quick: tiny shapes, whose times are mostly start-up: the ratios check the tooling and say nothing "
            "about speed.**", ""] if a.quick else []),
        "Shapes (shape_space.py; built by MariaDB 10.11, cached in --data):", "",
        "| # | shape | origin | MB | changes | transactions | built in s | what |", "|---|---|---|---|---|---|---|---|",
    ]
    for i, c in enumerate(cases, 1):
        lines.append(f"| S{i} | `{c.shape.name}` | {c.origin} | {c.info['bytes'] / MB:.1f} | {c.info['changes']:,} | "
                     f"{c.info['transactions']:,} | {c.info['build_seconds']} | {c.shape.describe()} |")
    commands = list(dict.fromkeys(r.command for r in bench.results))
    index = {c.ident: i for i, c in enumerate(cases, 1)}
    lines += ["", f"Ratio ours / reference per shape (median of {a.repeat} paired run(s), order alternating; "
              "bold: over the bound; ✗: ours failed where the reference did not; empty: not run, flashback on a "
              "shape of MINIMAL or NOBLOB images, which it refuses, as MariaDB's flashback needs FULL images):", "",
              "| shape | " + " | ".join(f"{short(c)} (≤ {bound_of(c):g}x)" for c in commands) + " | peak RSS MB |",
              "|---" * (len(commands) + 2) + "|"]
    for c in cases:
        mine = {r.command: r for r in bench.results if r.case is c}
        if not mine:
            continue
        cells = [cell(mine.get(cmd)) for cmd in commands]
        rss = max(r.rss_mb for r in mine.values())
        lines.append(f"| S{index[c.ident]} | " + " | ".join(cells) + f" | {rss:.0f} |")
    lines += ["", "Worst per command:", "",
              "| command | bound | worst ratio | result | shape | ours / reference s | ratios over the shapes "
              f"(min–median–max) | largest peak RSS (≤ {RSS_BOUND_MB} MB) |", "|---|---|---|---|---|---|---|---|"]
    for cmd in commands:
        lines.append(worst_row(cmd, [r for r in bench.results if r.command == cmd], index))
    extracts = [r for r in bench.results if r.command == "extract" and r.extract.get("parts")]
    if extracts:
        w = max(extracts, key=lambda r: r.extract["parts"]["most"])
        p = w.extract["parts"]
        lines += ["", f"`extract` part files: at most {p['most']} per table dataset per task (bound 1), on "
                  f"S{index[w.case.ident]} `{w.case.shape.name}` in {p['where']}; "
                  + "; ".join(f"S{index[r.case.ident]}: {r.extract['parts']['files']} files in "
                              f"{r.extract['parts']['table_dirs']} table folders, {r.extract['parts']['tasks']} "
                              f"task(s), max {r.extract['parts']['most']}" for r in extracts) + "."]
    if kept:
        lines += ["", "worst_shapes.json now keeps, for " + "; ".join(kept) + "."]
    return "\n".join(lines) + "\n"


def bound_of(command: str) -> float:
    return next(c[5] for c in ALL_COMMANDS if c[0] == command)


def cell(r: Result | None) -> str:
    if r is None:
        return ""
    if r.broken:
        return "✗"
    if r.ratio is None:
        return "n/a"
    return f"**{r.ratio:.2f}**" if r.ratio > r.bound else f"{r.ratio:.2f}"


def worst_row(cmd: str, mine: list[Result], index: dict[str, int]) -> str:
    bound = bound_of(cmd)
    ratios = sorted(r.ratio for r in mine if r.ratio is not None)
    spread = f"{ratios[0]:.2f}–{statistics.median(ratios):.2f}–{ratios[-1]:.2f}" if ratios else "—"
    rss = max(mine, key=lambda r: r.rss_mb)
    rss_cell = (f"{rss.rss_mb:.0f} MB on S{index[rss.case.ident]} "
                f"({'pass' if rss.rss_mb <= RSS_BOUND_MB else 'FAIL'})")
    candidates = [r for r in mine if r.ratio is not None or r.broken]
    if not candidates:
        return f"| `{cmd}` | {bound:g}x | — | n/a | — | — | {spread} | {rss_cell} |"
    w = max(candidates, key=lambda r: r.badness)
    ratio = "failed: " + (w.ours.failed.error if w.ours.failed else "") if w.broken else f"{w.ratio:.2f}x"
    secs = f"{w.ours.median:.2f} / {w.ref.median:.2f}" if w.ours.ok and w.ref.ok else "—"
    return (f"| `{cmd}` | {bound:g}x | {ratio.replace('|', '/')} | {verdict(w)} | S{index[w.case.ident]} "
            f"`{w.case.shape.name}` | {secs} | {spread} | {rss_cell} |")


# -- main -----------------------------------------------------------------------------------------------

def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--draw", type=int, default=None, help="shapes to draw (default 30; --quick: 2)")
    p.add_argument("--seed", type=int, default=1, help="the draw's seed (default 1)")
    p.add_argument("--named", default="", help="comma list of named shapes to add: " + ",".join(shape_space.NAMED))
    p.add_argument("--repeat", type=int, default=None, help="paired repetitions per command (default 2; --quick: 1)")
    p.add_argument("--commands", default="", help="comma list of the commands to time, by label (default all: "
                   + ", ".join(c[0] for c in ALL_COMMANDS) + ")")
    p.add_argument("--quick", action="store_true",
                   help="check the tooling: 2 tiny drawn shapes, 1 repetition, no kept cases, worst_shapes.json "
                        "left alone")
    p.add_argument("--no-kept", action="store_true", help="leave out the cases kept in --worst")
    p.add_argument("--no-update", action="store_true", help="do not write this run's worst shapes into --worst")
    p.add_argument("--worst", type=Path, default=WORST_FILE,
                   help="the kept cases (default benchmarks/worst_shapes.json)")
    p.add_argument("--data", type=Path, default=shape_space.DEFAULT_DATA,
                   help=f"cache folder of the built binlogs (default {shape_space.DEFAULT_DATA})")
    p.add_argument("--build-only", action="store_true", help="build (or find) the shapes' binlogs, time nothing")
    p.add_argument("--section", action="store_true", help="put the report into --out, below the kept marker")
    p.add_argument("--out", type=Path, default=HERE / "RESULTS.md", help="default benchmarks/RESULTS.md")
    a = p.parse_args(argv)
    if a.draw is None:
        a.draw = 2 if a.quick else 30
    if a.repeat is None:
        a.repeat = 1 if a.quick else 2
    if a.quick:
        a.no_kept = a.no_update = True
    a.named = [n for n in a.named.split(",") if n]
    for n in a.named:
        if n not in shape_space.NAMED:
            p.error(f"unknown named shape {n!r}: one of {', '.join(shape_space.NAMED)}")
    labels = [c[0] for c in ALL_COMMANDS]
    a.commands = [c.strip() for c in a.commands.split(",") if c.strip()]
    for c in a.commands:
        if c not in labels:
            p.error(f"unknown command {c!r}: one of {', '.join(labels)}")
    return a


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    started = datetime.datetime.now(datetime.UTC)
    t0 = time.perf_counter()
    load_before = loadavg()
    cases = cases_of(args)
    log = print if args.build_only else (lambda text: print(text, file=sys.stderr, flush=True))
    for c in cases:  # every binlog first: no server runs while commands are timed
        c.folder, c.info = shape_space.ensure(args.data, c.shape, c.seed, log=log)
    if args.build_only:
        return 0
    bench = SpaceBench(args)
    try:
        for c in cases:
            bench.time_case(c)
    finally:
        bench.close()
    kept: list[str] = []
    if not args.no_update:
        stamp = {"measured": f"{started:%Y-%m-%d %H:%M} UTC",
                 "commit": first_line(["git", "-C", str(ROOT), "log", "-1", "--format=%h"]),
                 "load": load_before}
        kept = update_kept(args.worst, bench.results, stamp)
        bench.log(f"updated {args.worst}")
    text = report(bench, cases, started, time.perf_counter() - t0, load_before, loadavg(), kept)
    print("\n" + text)
    if args.section:
        write_section(args.out, text, HEADING)
        bench.log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
