"""Runs over a folder a MariaDB server writes *during* them leave what one run over its final state leaves.

The live mode of the run-sequence property (tests/test_run_sequences.py draws snapshots that never change
while a run reads them). Here a real MariaDB server writes a drawn workload (:mod:`live_folder`) into its own
binlog folder: files grow during a run, rotate (a small ``max_binlog_size``, ``FLUSH BINARY LOGS``), get
their ROTATE event and have their format description's in-use flag cleared after a run listed them. While it
writes, a drawn sequence of ``extract`` runs reads the folder, back to back or with pauses: ``--incremental``
runs, plain runs (which rebuild the output), reruns, and runs killed with SIGKILL at a drawn moment (a
separate process) followed by the next. The table format is drawn (Parquet, Delta, Iceberg), and so is the
store: the server's own folder, or an S3 prefix that a sync job fills while it grows, uploading each file in
chunks that end at any byte (:class:`live_folder.ChunkedSync`).

After the server stops (its last binlog gets its STOP event) and one last ``--incremental`` run, the output
must equal one plain run over the final folder: every change once (``(file, pos, row_index)`` unique), the
same transactions, events, typed tables and errors. The format descriptions' in-use flag is the one thing
compared loosely: the server clears it in place when it closes a binlog, and ``events/`` keeps the flags a
run read (``run_outputs.output_of``'s ``closed_files``).

The world moves on its own clock, so a failing case is not replayed exactly; its notes name the draw (seed,
runs, table format, store) and how many runs read the folder while the server wrote. CI runs a slice: the
named case of the issue (ten back-to-back runs over a rotating folder) and ``EXAMPLES`` drawn cases. The long
mode keeps drawing cases for ``BINLOG_KSY_LIVE_MINUTES`` minutes::

    BINLOG_KSY_LIVE_MINUTES=60 .venv/bin/python -m pytest -q tests/test_live_folder.py -k drawn
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, note, settings
from hypothesis import strategies as st

from live_folder import TABLES, ChunkedSync, LiveWorkload, LiveWriter
from run_outputs import output_of, run_in_process, run_killed
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = [pytest.mark.spark, pytest.mark.server]

MINUTES = float(os.environ.get("BINLOG_KSY_LIVE_MINUTES", "0") or 0)
EXAMPLES = 2
FORMATS = ("parquet", "delta", "iceberg")
KINDS = ("incremental", "incremental", "incremental", "plain", "rerun", "killed")
#: The ``max_binlog_size`` drawn: every run reads every file, so CI keeps to folders of tens of files; the long
#: mode draws binlogs as small as the server allows (hundreds of files).
BINLOG_SIZES = (4096, 8192, 16384, 49152) if MINUTES else (16384, 49152)


@dataclass(frozen=True)
class LiveRun:
    """One run of a sequence: what it is, and how long the test waits before starting it."""

    kind: str  # incremental, plain (rebuilds the output), rerun (two incremental runs), killed (then incremental)
    pause: float = 0.0
    kill_after: float = 0.0  # seconds after the killed run's temporary directory appeared
    split_size: int | None = None


@dataclass(frozen=True)
class LiveCase:
    workload: LiveWorkload
    table_format: str
    store: str  # "local": the server's own folder; "s3": a prefix a sync job fills in chunks
    runs: tuple[LiveRun, ...]


@dataclass
class Record:
    """What happened: for the notes, and for the checks that the world did move."""

    runs: int = 0
    while_writing: int = 0
    #: Runs during which the folder grew (or got a new binlog): they read a folder that moved under them.
    moved_during: int = 0
    unfinished_seen: int = 0
    killed: int = 0
    log: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return (f"{self.runs} runs, {self.while_writing} begun while the server wrote, {self.moved_during} read a "
                f"folder that grew during the run, {self.unfinished_seen} "
                f"saw an unfinished file, {self.killed} killed: {'; '.join(self.log)}")


def _difference(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> str:
    """The first row that differs, and how many rows each side has beyond the other's."""
    extra = [r for r in got if r not in want]
    missing = [r for r in want if r not in got]
    first = extra[:1] or missing[:1]
    return (f"{len(got)} rows written, {len(want)} by one plain run; {len(extra)} not in it, {len(missing)} "
            f"missing; e.g. {first}")


@st.composite
def live_cases(draw: Any) -> LiveCase:
    workload = LiveWorkload(seed=draw(st.integers(0, 2**32 - 1)), transactions=draw(st.integers(100, 500)),
                            max_binlog_size=draw(st.sampled_from(BINLOG_SIZES)),
                            flush_every=draw(st.sampled_from((0.0, 0.02, 0.06))),
                            alter_every=draw(st.sampled_from((0.0, 0.01, 0.03))),
                            pause=draw(st.sampled_from((0.02, 0.05, 0.1))))
    runs = tuple(LiveRun(kind=draw(st.sampled_from(KINDS)), pause=round(draw(st.floats(0.0, 1.5)), 2),
                         kill_after=round(draw(st.floats(0.0, 3.0)), 2),
                         split_size=draw(st.sampled_from((None, None, 3000, 20000))))
                 for _ in range(draw(st.integers(2, 6))))
    return LiveCase(workload, draw(st.sampled_from(FORMATS)), draw(st.sampled_from(("local", "local", "s3"))), runs)


def _lakes(root: Path, outputs: tuple[str, str], table_format: str, on_s3: bool) -> dict[str, dict[str, str]]:
    if on_s3 and table_format == "iceberg":  # a catalog file of its own per output
        return {o: {"iceberg_catalog": f"sqlite:///{root}/{o.rsplit('/', 1)[1]}.db"} for o in outputs}
    return {o: {} for o in outputs}


def _folder_bytes(folder: Path) -> int:
    """The size of the binlogs (the server's other files come and go: its purge index while it rotates)."""
    return sum(p.stat().st_size for p in folder.glob("binlog.[0-9]*"))


def _one_run(spark_session: Any, run: LiveRun, inputs: str, out: str, case: LiveCase, lake: dict[str, str],
             record: Record, folder: Path) -> None:
    if run.kind == "killed":
        killed = run_killed(inputs, out, case.table_format, True, run.kill_after, lake)
        record.killed += killed
        record.log.append(f"killed after {run.kill_after} s: {'killed' if killed else 'had finished'}")
    incremental = run.kind != "plain"
    for _ in range(2 if run.kind == "rerun" else 1):
        before, began = _folder_bytes(folder), time.monotonic()
        summary = run_in_process(spark_session, inputs, out, case.table_format, incremental, lake, run.split_size)
        record.moved_during += _folder_bytes(folder) != before
        record.runs += 1
        record.unfinished_seen += bool(summary.unfinished)
        if os.environ.get("BINLOG_KSY_LIVE_TRACE"):
            print(f"live run: {run.kind}: {summary.files} files, {time.monotonic() - began:.1f} s", flush=True)
        record.log.append(f"{run.kind}: {summary.files} files, {summary.total_changes} changes, "
                          f"{len(summary.unfinished)} unfinished, {time.monotonic() - began:.1f} s")


def check_live(spark_session: Any, case: LiveCase, bucket: str | None = None) -> Record:
    """Run ``case`` against a live server; compare the output with one plain run over the final folder."""
    root = Path(tempfile.mkdtemp(prefix="live-"))
    record = Record()
    writer = LiveWriter(case.workload)
    sync: ChunkedSync | None = None
    try:
        writer.start()
        base = f"{bucket}/{root.name}" if bucket else str(root)
        inputs = f"{base}/binlogs/" if bucket else str(writer.folder)
        out, oracle = f"{base}/out", f"{base}/oracle"
        lakes = _lakes(root, (out, oracle), case.table_format, bucket is not None)
        if bucket:
            sync = ChunkedSync(writer.folder, inputs, case.workload.seed).start()
            while not sync.uploaded:  # a prefix naming no object yet is a usage error, not a moving folder
                time.sleep(0.05)
        for run in case.runs:
            time.sleep(run.pause)
            record.while_writing += writer.writing
            _one_run(spark_session, run, inputs, out, case, lakes[out], record, writer.folder)
        writer.stop()
        if sync is not None:
            sync.finish()
        _one_run(spark_session, LiveRun("incremental"), inputs, out, case, lakes[out], record, writer.folder)
        run_in_process(spark_session, inputs, oracle, case.table_format, False, lakes[oracle])
        got = output_of(out, case.table_format, lakes[out], TABLES, closed_files=True)
        want = output_of(oracle, case.table_format, lakes[oracle], TABLES, closed_files=True)
        assert want["changes"], "the workload wrote no change"
        assert sum(len(want[f"tables/{name}"]) for name in TABLES) == len(want["changes"])
        for name in want:
            assert got[name] == want[name], f"{name}: {_difference(got[name], want[name])}\n{record.describe()}"
        return record
    finally:
        if sync is not None and sync.thread.is_alive():
            sync.finish()
        writer.cleanup()
        shutil.rmtree(root, ignore_errors=True)


_SETTINGS = settings(max_examples=EXAMPLES if not MINUTES else 10**5, deadline=None, database=None,
                     derandomize=not MINUTES, phases=[Phase.explicit, Phase.generate],  # a live case never
                     # replays exactly: shrinking one would chase another world
                     suppress_health_check=list(HealthCheck))


def test_ten_back_to_back_incremental_runs_over_a_rotating_folder(spark) -> None:  # noqa: F811
    """The reported case: ``extract --incremental --table-format delta`` run back to back over the folder a
    server writes (binlogs rotating at 48 KB, FLUSH BINARY LOGS now and then), nothing killed."""
    case = LiveCase(LiveWorkload(seed=37, transactions=100_000, max_binlog_size=49152, flush_every=0.02,
                                 alter_every=0.0, pause=0.02), "delta", "local",
                    tuple(LiveRun("incremental") for _ in range(10)))
    record = check_live(spark, case)
    assert record.while_writing == 10 and record.moved_during >= 9, record.describe()


def test_drawn_run_sequences_over_a_live_folder(spark, s3_env) -> None:  # noqa: F811
    deadline = time.monotonic() + MINUTES * 60
    done: list[tuple[Record, LiveCase]] = []

    @_SETTINGS
    @given(live_cases())
    @example(LiveCase(LiveWorkload(seed=41, transactions=300, max_binlog_size=16384, alter_every=0.03, pause=0.05),
                      "iceberg", "s3",
                      (LiveRun("killed", 0.5, kill_after=1.5), LiveRun("incremental", split_size=3000))))
    def check(case: LiveCase) -> None:
        if MINUTES and time.monotonic() > deadline:
            return  # the long mode's time is spent: the remaining draws pass untried
        note(f"{case}")
        done.append((check_live(spark, case, s3_env.bucket("live-folder") if case.store == "s3" else None), case))

    check()
    assert done and any(r.moved_during for r, _ in done), "no run read a folder that moved under it"
    print(f"\n{len(done)} live cases, {sum(r.runs for r, _ in done)} runs, "
          f"{sum(r.moved_during for r, _ in done)} read a folder that grew during the run, "
          f"{sum(r.unfinished_seen for r, _ in done)} saw an unfinished file, {sum(r.killed for r, _ in done)} killed")
