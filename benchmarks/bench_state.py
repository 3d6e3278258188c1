"""The tables as they were, timed side by side with their references (issue 40's bounds).

    .venv/bin/python benchmarks/bench_state.py [--repeat 3] [--shapes bulk,oltp] [--scale 1|issue]
        [--extract] [--data /tmp/binlog-ksy-bench] [--write]

For each shape of shape_workloads.py (``bulk``: 345,000 changes of one narrow table in big statements;
``oltp``: 10,000 rows then 20,000 single-row UPDATE transactions; ``--scale issue`` makes them the issue's
1 M changes and 100 k transactions), every table's state after the last transaction:

==========================================================  ============================================  =====
ours                                                        reference                                     bound
==========================================================  ============================================  =====
``state FILES --format parquet --output DIR``               ``mariadb-binlog --disable-log-bin FILES |     1.0x
                                                            mariadb`` into an empty server (what a DBA
                                                            runs after restoring a backup)
same                                                        ``rows FILES --format parquet --output DIR``  2.0x
peak RSS of ``state``                                       2 x the state's Arrow size + 200 MB           (MB)
==========================================================  ============================================  =====

and, with ``--extract``, ``extract eight/ --state`` against ``extract eight/`` on narrow_workload.py's eight
files (bound 1.5x). Each command is its own process, paired with its reference and run ``--repeat`` times, the
order alternating (the machine may be shared); the server's databases are dropped between replays (not timed).
Wall time by time.perf_counter, peak RSS by os.wait4 (which counts this harness's own peak when it is the
larger: the memory row's note gives it). Prints one table and the machine; ``--write`` puts it into
RESULTS.md as its own section.
"""

from __future__ import annotations

import argparse
import datetime
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import narrow_workload  # noqa: E402
import shape_workloads  # noqa: E402
from run_shapes import parse_scales  # noqa: E402
from run_targets import Bench, Row, Series, loadavg, machine, pair_row, table, write_section  # noqa: E402

SHAPES = ("bulk", "oltp")
#: The table each shape writes: after a replay, its rows are counted (the reference did the work).
TABLES = {"bulk": "bench.narrow", "oltp": "bench.oltp"}
HEADING = "## Tables as they were: `state` and `extract --state` side by side (bench_state.py)"


def arrow_bytes(folder: Path) -> int:
    """The size in memory of every table ``state --format parquet`` wrote under ``folder``, as Arrow tables.

    Read in a process of its own: os.wait4's peak RSS of a child started later counts this process's own peak
    RSS when it is the larger (the child is forked from it before it execs), so this one stays small."""
    script = ("import pathlib, sys, pyarrow.parquet as pq; print(sum(pq.read_table(p).nbytes for p in "
              "sorted(pathlib.Path(sys.argv[1]).rglob('*.parquet'))))")
    return int(subprocess.run([sys.executable, "-c", script, str(folder)], check=True, capture_output=True,
                              text=True).stdout)


def harness_rss_mb() -> float:
    """This process's peak RSS so far (a child's wait4 figure at or under it may be this one's)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class StateBench(Bench):
    """The harness of run_targets.py (paired runs, the command list), with a replay server."""

    def replay_command(self, files: Sequence[Path], socket: str, client: str) -> list[str]:
        script = (f"{shlex.quote(self.mariadb_binlog)} --disable-log-bin {' '.join(shlex.quote(str(f)) for f in files)}"
                  f" | {shlex.quote(client)} --no-defaults -uroot --socket={shlex.quote(str(socket))}")
        return ["sh", "-c", script]

    def shape(self, name: str, scale: float, server: object) -> None:
        files = shape_workloads.files(self.args.data, name, scale)
        info = shape_workloads.manifest(self.args.data, name, scale)
        self.warm(files)
        out = self.work / "state-out"
        rows_out = self.work / "rows-out"
        state = Series(f"`state --format parquet` {shape_workloads.folder_name(name, scale)}/")
        rows = Series("`rows --format parquet`")
        replay = Series("`mariadb-binlog \\| mariadb`")
        state_cmd = [self.exe, "state", *map(str, files), "--format", "parquet", "--output", str(out)]
        rows_cmd = [self.exe, "rows", *map(str, files), "--format", "parquet", "--output", str(rows_out)]
        replay_cmd = self.replay_command(files, server.socket, server.client)  # type: ignore[attr-defined]
        self.log(f"{name} x{scale:g}: state vs mariadb-binlog | mariadb vs rows --format parquet")
        arrow: int | None = None  # the Arrow size of the state's tables, from the first run that wrote them
        replayed = "0"  # the rows the last replay left
        for i in range(self.args.repeat):
            order = [(replay, replay_cmd, None), (state, state_cmd, out), (rows, rows_cmd, rows_out)]
            for series, cmd, folder in order if i % 2 == 0 else order[::-1]:
                if series is replay:
                    server.sql("DROP DATABASE IF EXISTS bench;\n")  # type: ignore[attr-defined]
                run = self.runner.run(cmd)
                series.runs.append(run)
                if series is replay and run.returncode == 0:
                    replayed = server.scalar(f"SELECT COUNT(*) FROM {TABLES[name]}")  # type: ignore[attr-defined]
                if series is state and run.returncode == 0 and arrow is None:
                    arrow = arrow_bytes(out)
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)
                done = f"{run.seconds:.2f} s" if run.returncode == 0 else f"failed ({run.error})"
                self.log(f"  [{i + 1}/{self.args.repeat}] {series.label}: {done}")
        changes = (f"{info['changes']:,} changes, {info['bytes'] / 1e6:.1f} MB; the replay left "
                   f"{int(replayed):,} rows in {TABLES[name]}")
        result = [pair_row("state vs replay into a server", state, replay, 1.0, changes),
                  pair_row("state vs rows --format parquet", state, rows, 2.0)]
        if state.ok and arrow is not None:
            peak = max(r.maxrss_kib for r in state.runs) / 1024
            bound = 2 * arrow / 2**20 + 200
            result.append(Row("state peak RSS", state.label, f"{peak:.0f} MB", "2 x Arrow size + 200 MB",
                              f"{bound:.0f} MB (Arrow {arrow / 2**20:.0f} MB)", None, None,
                              note=f"this harness's own peak RSS: {harness_rss_mb():.0f} MB",
                              verdict="pass" if peak <= bound else "FAIL"))
        self.sections.append((f"{name} x{scale:g}", result, []))

    def extract_state(self) -> None:
        files = narrow_workload.files(self.args.data, "eight")
        folder = files[0].parent
        self.warm(files)
        plain, with_state = Series("`extract` eight/"), Series("`extract --state` eight/")
        out = self.work / "extract-out"
        self.log("eight/: extract --state vs extract")
        self.paired(self.args.repeat, [(plain, self.extract_cmd(folder, out), self.env, out),
                                       (with_state, [*self.extract_cmd(folder, out), "--state"], self.env, out)])
        self.sections.append(("eight/ (narrow_workload.py)", [pair_row("extract --state vs extract", with_state,
                                                                        plain, 1.5)], []))


def report(bench: StateBench, started: datetime.datetime, load_before: str, elapsed: float) -> str:
    m = machine()
    lines = [HEADING, "",
             f"Measured on {started:%Y-%m-%d %H:%M} UTC in {elapsed / 60:.0f} min: "
             f"`{' '.join(['python', 'benchmarks/bench_state.py', *sys.argv[1:]])}`; {m['cpu']}, {m['cores']} CPUs, "
             f"{m['memory']}; load average before {load_before}, after {loadavg()}. Wall seconds: median (min–max) "
             f"of {bench.args.repeat} paired runs.", ""]
    for title, rows, _ in bench.sections:
        lines += [f"### {title}", "", table(rows), ""]
    lines += ["Commands:", "", "```", *bench.runner.commands, "```", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=3, help="paired repetitions (default 3)")
    p.add_argument("--shapes", default=",".join(SHAPES), help=f"comma list of {', '.join(SHAPES)}")
    p.add_argument("--scale", default="1", help="a factor for every shape, NAME=F,..., or 'issue' (1 M changes "
                                                "of bulk, 100 k transactions of oltp)")
    p.add_argument("--extract", action="store_true", help="also extract --state vs extract on eight/")
    p.add_argument("--data", type=Path, default=narrow_workload.DEFAULT_DATA,
                   help=f"folder of the generated binlogs, reused when present "
                        f"(default {narrow_workload.DEFAULT_DATA})")
    p.add_argument("--write", action="store_true", help="put the table into benchmarks/RESULTS.md, its own section")
    args = p.parse_args(argv)
    shapes = [s.strip() for s in args.shapes.split(",") if s.strip()]
    if any(s not in SHAPES for s in shapes):
        p.error(f"--shapes takes {', '.join(SHAPES)}")
    scales = parse_scales(args.scale, shapes)
    from tests.mariadb.server import MariaDBServer

    started, t0, load_before = datetime.datetime.now(datetime.UTC), time.perf_counter(), loadavg()
    bench = StateBench(args)
    try:
        for name in shapes:
            shape_workloads.build(args.data, name, scales[name], log=bench.log)
        if args.extract:
            narrow_workload.build(args.data, "eight", log=bench.log)
        with MariaDBServer(None) as server:  # mariadb-binlog --disable-log-bin: the replay writes no binlog
            for name in shapes:
                bench.shape(name, scales[name], server)
        if args.extract:
            bench.extract_state()
        text = report(bench, started, load_before, time.perf_counter() - t0)
    finally:
        bench.close()
    print(text)
    if args.write:
        write_section(HERE / "RESULTS.md", text, HEADING)
        bench.log("wrote benchmarks/RESULTS.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
