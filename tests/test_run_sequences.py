"""Any sequence of runs over a growing binlog folder leaves what one run over its last state leaves.

A real MariaDB server writes a workload once per module: transactions of several
statements over several binlogs (rotated), an ALTER TABLE in the middle. The
final files are the folder's last state; hypothesis draws earlier states of it
(snapshots: every file before the cut complete, the file the cut falls in cut
there, the later ones absent; cuts between transactions, inside a transaction,
inside an event, or at any byte) and a sequence of ``extract`` runs, one per
snapshot, in growing order: plain runs, ``--incremental`` runs, reruns over the
same snapshot, runs killed with SIGKILL at a random moment (a separate
process) then started again, and runs during which the folder grows to the next
snapshot, after the run listed it or after its driver planned what to read (the
race a server writing the folder makes; tests/test_live_folder.py has the real
server write during the runs). The table format is drawn too (Parquet, Delta,
Iceberg). Afterwards the output must equal what one plain run over the last
snapshot writes into a fresh output: ``changes/`` with ``(file, pos, row_index)``
unique and the same rows, the typed tables, ``transactions/``, ``events/`` and
``errors/``; with ``--state`` (drawn too), ``state/`` and ``history/``.

The CI budget is ``EXAMPLES`` drawn cases (10); ``BINLOG_KSY_LONG=N`` draws 15 x N
(``BINLOG_KSY_LONG=20 .venv/bin/python -m pytest -q tests/test_run_sequences.py``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, note, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.runtime.storage import Files, filesystem_of
from binlog_ksy.runtime.transactions import TransactionTracker
from run_outputs import dataset_rows, output_of, parquet_rows, run_in_process, run_killed
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = [pytest.mark.spark, pytest.mark.server]

LONG = int(os.environ.get("BINLOG_KSY_LONG", "0") or 0)
EXAMPLES = 15 * LONG if LONG else 10  # CI: 10 (a killed run is a JVM of its own); the long mode as it was
TABLES = ("seq.t", "seq.u")
KINDS = ("plain", "incremental", "rerun", "killed", "grows-listed", "grows-planned")
FORMATS = ("parquet", "delta", "iceberg")


@dataclass(frozen=True)
class Workload:
    """The final binlogs (name, bytes) and where cuts fall, as offsets into their concatenation."""

    files: tuple[tuple[str, bytes], ...]
    between: tuple[int, ...]  # ends of complete transactions (and of other top-level events outside one)
    inside_tx: tuple[int, ...]  # event boundaries inside a transaction
    events: tuple[tuple[int, int], ...]  # (start, end) of every event, for cuts inside one
    tables: tuple[str, ...] = TABLES  # the tables its typed outputs hold

    @property
    def total(self) -> int:
        return sum(len(data) for _, data in self.files)

    def write_snapshot(self, folder: Path, cut: int) -> None:
        """Make ``folder`` the state of the binlog folder at ``cut`` (files only grow or appear)."""
        offset = 0
        for name, data in self.files:
            if cut > offset:
                part = data[:cut - offset]
                path = folder / name
                if not path.exists() or path.stat().st_size != len(part):
                    path.write_bytes(part)
            offset += len(data)


def _workload(srv: Any, final: Path) -> Workload:
    srv.sql(["CREATE DATABASE seq", "CREATE TABLE seq.t (id INT PRIMARY KEY, v VARCHAR(40), n BIGINT)",
             "CREATE TABLE seq.u (k INT PRIMARY KEY, d DECIMAL(10,2), s VARCHAR(10))"])
    srv.sql("INSERT INTO seq.t VALUES " + ", ".join(f"({i}, 'v{i}', {i * 10})" for i in range(1, 9)))
    srv.sql("BEGIN; INSERT INTO seq.u VALUES (1, 1.50, 'a'), (2, 2.25, 'b'); UPDATE seq.t SET n = n + 1 "
            "WHERE id <= 3; DELETE FROM seq.t WHERE id = 8; COMMIT")
    srv.flush_logs()
    srv.sql("BEGIN; UPDATE seq.u SET d = d * 2; INSERT INTO seq.t VALUES (20, 'twenty', 200); COMMIT")
    srv.sql("ALTER TABLE seq.t ADD COLUMN w INT DEFAULT 7")
    srv.sql("BEGIN; INSERT INTO seq.t (id, v, n) VALUES (21, 'x', 1), (22, 'y', 2); UPDATE seq.t SET w = 9 "
            "WHERE id = 21; COMMIT")
    srv.flush_logs()
    srv.sql("BEGIN; DELETE FROM seq.u WHERE k = 1; UPDATE seq.t SET v = CONCAT(v, '+') WHERE id < 4; COMMIT")
    srv.sql("INSERT INTO seq.u VALUES (3, 3.75, 'c')")
    return workload_of(srv.copy_binlogs(final))


def workload_of(copies: list[Path], tables: tuple[str, ...] = TABLES) -> Workload:
    """The final binlogs ``copies`` as a :class:`Workload`: their bytes and where cuts may fall."""
    files: list[tuple[str, bytes]] = []
    between: list[int] = []
    inside_tx: list[int] = []
    events: list[tuple[int, int]] = []
    offset = 0
    for path in copies:
        data = path.read_bytes()
        tracker = TransactionTracker()
        for event in BinlogReader(str(path)):
            if event.in_payload is not None:
                continue
            end = event.pos + event.length
            events.append((offset + event.pos, offset + end))
            tracker.update(event)
            (inside_tx if tracker.in_transaction else between).append(offset + end)
        files.append((path.name, data))
        offset += len(data)
    return Workload(tuple(files), tuple(between), tuple(inside_tx), tuple(events), tables)


@pytest.fixture(scope="module")
def workload(mariadb_server_factory, tmp_path_factory) -> Workload:
    srv = mariadb_server_factory({"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"})
    return _workload(srv, tmp_path_factory.mktemp("final"))


@st.composite
def cut_points(draw: Any, w: Workload) -> int:
    where = draw(st.sampled_from(("between", "inside_tx", "inside_event", "byte", "end")))
    if where == "between":
        return draw(st.sampled_from(w.between))
    if where == "inside_tx":
        return draw(st.sampled_from(w.inside_tx))
    if where == "inside_event":
        start, end = draw(st.sampled_from(w.events))
        return draw(st.integers(start + 1, end - 1)) if end - start > 1 else start
    if where == "byte":
        return draw(st.integers(0, w.total))
    return w.total


@st.composite
def run_sequences(draw: Any, w: Workload, kinds: tuple[str, ...] = KINDS
                  ) -> tuple[str, list[tuple[int, str, bool, float]]]:
    """The table format and the runs: ``(cut, kind, incremental, kill after seconds)``, cuts growing; a
    split size for the in-process runs (None: the default, one task per file) is drawn by the tests."""
    table_format = draw(st.sampled_from(FORMATS))
    count = draw(st.integers(1, 4))
    cuts = sorted(draw(st.lists(cut_points(w), min_size=count, max_size=count)))
    steps = []
    for cut in cuts:
        kind = draw(st.sampled_from(kinds))
        incremental = draw(st.booleans()) if kind != "incremental" else True
        if kind == "plain":
            incremental = False
        after = draw(st.floats(0.0, 3.0)) if kind == "killed" else 0.0
        steps.append((cut, kind, incremental, round(after, 2)))
    return table_format, steps


def check_sequence(spark_session: Any, w: Workload, table_format: str, steps: list[tuple[int, str, bool, float]],
                   bucket: str | None = None, split_size: int | None = None, state: bool = False) -> None:
    """Run ``steps`` into one output, one plain run over the last snapshot into another; compare them.

    ``state``: every run with ``--state``; ``state/`` and ``history/`` are compared too.

    ``split_size``: the runs of ``steps`` split files into tasks of that many bytes (the one compared with
    reads each file in one task).

    With ``bucket`` (an ``s3://`` bucket of the test S3 server) the snapshots are uploaded there and both
    outputs are written there (Iceberg: each with its own SQLite catalog file)."""
    root = Path(tempfile.mkdtemp(prefix="runseq-"))
    try:
        folder = root / "binlogs"
        folder.mkdir()
        base = f"{bucket}/{root.name}" if bucket else str(root)
        inputs, out, oracle = f"{base}/binlogs/" if bucket else str(folder), f"{base}/out", f"{base}/oracle"
        lakes: dict[str, dict[str, str]] = {o: {} for o in (out, oracle)}
        if bucket and table_format == "iceberg":
            lakes = {o: {"iceberg_catalog": f"sqlite:///{root}/{o.rsplit('/', 1)[1]}.db"} for o in (out, oracle)}
        for number, (cut, kind, incremental, after) in enumerate(steps):
            w.write_snapshot(folder, cut)
            if bucket:
                _upload(folder, inputs)
                if not any(folder.iterdir()):  # no object under the prefix yet: the input names nothing
                    with pytest.raises(FileNotFoundError):
                        run_in_process(spark_session, inputs, out, table_format, incremental, lakes[out], state=state)
                    continue
            if kind == "killed":
                killed = run_killed(inputs, out, table_format, incremental, after, lakes[out], state)
                note(f"cut {cut}: killed after {after} s: {'killed' if killed else 'had finished'}")
            if kind.startswith("grows-"):  # the folder grows to the next snapshot during the run
                upto = steps[number + 1][0] if number + 1 < len(steps) else w.total
                with grows_during_the_run(w, folder, upto, kind, inputs if bucket else None):
                    run_in_process(spark_session, inputs, out, table_format, incremental, lakes[out], split_size, state)
            else:
                run_in_process(spark_session, inputs, out, table_format, incremental, lakes[out], split_size, state)
            if kind == "rerun":
                run_in_process(spark_session, inputs, out, table_format, incremental, lakes[out], split_size, state)
        grew = steps and steps[-1][1].startswith("grows-") and (not bucket or any(folder.iterdir()))
        if grew:  # the folder grew to its last state during the last run: one more run reads it
            run_in_process(spark_session, inputs, out, table_format, True, lakes[out], split_size, state)
        if bucket and not any(folder.iterdir()):
            assert not Files(out).exists(out)
            return
        run_in_process(spark_session, inputs, oracle, table_format, False, lakes[oracle], state=state)
        got = output_of(out, table_format, lakes[out], w.tables, state=state)
        want = output_of(oracle, table_format, lakes[oracle], w.tables, state=state)
        # every change is in exactly one typed table: the typed tables were found and read
        assert sum(len(want[f"tables/{name}"]) for name in w.tables) == len(want["changes"])
        if state and want["changes"]:  # a table's history holds a version per change at least
            assert sum(len(want[f"history/{name}"]) for name in w.tables) >= len(want["changes"])
        for name in want:
            assert got[name] == want[name], name
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def grows_during_the_run(w: Workload, folder: Path, upto: int, when: str, uri: str | None) -> Iterator[None]:
    """The folder grows to the snapshot at ``upto`` in the middle of the run: after it listed the files and
    before its driver's pass read them (``grows-listed``), or after that pass and before its tasks read them
    (``grows-planned``), as a server writing the folder makes it grow. With ``uri``, the objects there too."""
    from binlog_ksy.spark_jobs.incremental import plan_ranges

    def grow() -> None:
        w.write_snapshot(folder, upto)
        if uri is not None:
            _upload(folder, uri)

    def growing(*args: Any, **kwargs: Any) -> Any:
        if when == "grows-listed":
            grow()
        plan = plan_ranges(*args, **kwargs)
        if when == "grows-planned":
            grow()
        return plan

    with mock.patch("binlog_ksy.spark_jobs.job.extract.plan_ranges", growing):
        yield


def _upload(folder: Path, uri: str) -> None:
    """Make the objects under ``uri`` the files of ``folder`` (only grown or new ones are written)."""
    filesystem, inner = filesystem_of(uri)
    for path in sorted(folder.iterdir()):
        target = f"{inner.rstrip('/')}/{path.name}"
        info = filesystem.get_file_info(target)
        if info.size != path.stat().st_size:
            with filesystem.open_output_stream(target) as stream:
                stream.write(path.read_bytes())


def test_one_full_run_equals_the_workload(spark, workload: Workload) -> None:  # noqa: F811
    """The oracle itself: one run over the final files holds every change the server made, once."""
    root = Path(tempfile.mkdtemp(prefix="runseq-"))
    try:
        (root / "in").mkdir()
        workload.write_snapshot(root / "in", workload.total)
        summary = run_in_process(spark, str(root / "in"), str(root / "out"), "parquet", False)
        changes = parquet_rows(root / "out" / "changes")
        # 8 + (2 + 3 + 1) + (2 + 1) + (2 + 1) + (1 + 3) + 1 row changes
        assert summary.total_changes == len(changes) == 25
        assert summary.unfinished == {} and summary.errors == 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG,
                     suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                            HealthCheck.data_too_large])


def test_any_run_sequence_equals_one_full_run(spark, workload: Workload) -> None:  # noqa: F811
    @_SETTINGS
    @given(run_sequences(workload), st.sampled_from((None, None, 400, 1500)), st.booleans())
    @example(("delta", [(workload.inside_tx[-1], "killed", True, 1.5), (workload.total, "incremental", True, 0.0)]),
             None, True)
    def check(case: tuple[str, list[tuple[int, str, bool, float]]], split_size: int | None, state: bool) -> None:
        table_format, steps = case
        note(f"{table_format}, split size {split_size}, state {state}: {steps}")
        check_sequence(spark, workload, table_format, steps, split_size=split_size, state=state)

    check()


def test_plain_run_then_incremental_writes_nothing_twice(spark, workload: Workload) -> None:  # noqa: F811
    """The reported case: a plain run over a folder whose last binlog ends inside a transaction, then an
    incremental run after it grew and a new binlog arrived, in each table format."""
    inside = [c for c in workload.inside_tx if c > len(workload.files[0][1])]
    for table_format in FORMATS:
        check_sequence(spark, workload, table_format, [(inside[0], "plain", False, 0.0),
                                                       (workload.total, "incremental", True, 0.0)])



@pytest.mark.parametrize("when", ["grows-listed", "grows-planned"])
def test_a_file_that_grows_during_a_run_is_read_once(spark, workload: Workload, when: str) -> None:  # noqa: F811
    """The reported case, with snapshots: the active binlog grows (and the next one appears) after the run
    listed the folder or after it planned what to read; the next incremental run reads the rest, once."""
    first = len(workload.files[0][1])
    inside = [c for c in workload.inside_tx if c > first]
    between = [c for c in workload.between if c > first]
    for table_format in FORMATS:
        check_sequence(spark, workload, table_format, [(between[0], when, True, 0.0), (inside[-1], when, True, 0.0),
                                                       (workload.total, "incremental", True, 0.0)])


@pytest.mark.parametrize("head", [2, 4, 60])
def test_a_new_binlog_seen_by_its_first_bytes_only(spark, workload: Workload, head: int) -> None:  # noqa: F811
    """A snapshot taken while the server had written only the first bytes of a new binlog (inside the magic
    number, the magic alone, inside the format description): the next run reads the whole file once."""
    first = len(workload.files[0][1])
    check_sequence(spark, workload, "parquet", [(first + head, "plain", False, 0.0),
                                                (workload.total, "incremental", True, 0.0)])


def test_any_run_sequence_on_s3_equals_one_full_run(spark, s3_env, workload: Workload) -> None:  # noqa: F811
    """The same property with the binlogs and both outputs in a real S3 server (fewer cases)."""
    bucket = s3_env.bucket("run-sequences")

    @settings(_SETTINGS, max_examples=max(5, EXAMPLES // 3))
    @given(run_sequences(workload))
    @example(("parquet", [(0, "plain", False, 0.0)]))  # found: no object yet (locally: an empty folder)
    def check(case: tuple[str, list[tuple[int, str, bool, float]]]) -> None:
        table_format, steps = case
        note(f"s3, {table_format}: {steps}")
        check_sequence(spark, workload, table_format, steps, bucket)

    check()


def test_rows_and_extract_agree_on_a_file_ending_inside_a_transaction(spark, workload: Workload,  # noqa: F811
                                                                       tmp_path: Path, capsys) -> None:
    """Between two events of an unfinished transaction: both exit 0; inside one of its events: both exit 1.
    Either way extract writes nothing of that transaction and names where it begins in the summary."""
    import json

    from binlog_ksy.cli import main

    first = len(workload.files[0][1])
    second = len(workload.files[1][1])
    boundary = max(c for c in workload.inside_tx if first < c < first + second)  # in its last transaction
    start, end = next((a, b) for a, b in workload.events if a >= boundary)
    for cut, status in ((boundary, 0), ((start + end) // 2, 1)):
        folder = tmp_path / f"cut-{cut}"
        folder.mkdir()
        workload.write_snapshot(folder, cut)
        active = folder / workload.files[1][0]
        assert main(["rows", "--format", "jsonl", str(active)]) == status
        capsys.readouterr()
        assert main(["extract", str(folder), "--output", str(tmp_path / f"out-{cut}"), "--quiet",
                     "--format", "json"]) == status
        summary = json.loads(capsys.readouterr().out)
        begins = summary["unfinished"][str(active)]
        assert begins < boundary and list(summary["cut"]) == ([str(active)] if status else [])
        tx = parquet_rows(tmp_path / f"out-{cut}" / "transactions")
        assert max((r["end_pos"] for r in tx if r["file"] == str(active)), default=0) <= begins
        changes = [r for r in parquet_rows(tmp_path / f"out-{cut}" / "changes") if r["file"] == str(active)]
        assert changes and all(r["pos"] < begins for r in changes)  # the transactions before it are there


def test_split_runs_over_a_growing_folder(spark, workload: Workload) -> None:  # noqa: F811
    """Files read in 400-byte splits, the last one cut inside a transaction, then grown: the same as one
    run reading each whole final file in one task."""
    last = len(workload.files[0][1]) + len(workload.files[1][1])
    inside = [c for c in workload.inside_tx if c > last]
    check_sequence(spark, workload, "parquet", [(inside[-1], "plain", False, 0.0),
                                                (workload.total, "incremental", True, 0.0)], split_size=400)


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_a_run_killed_after_its_summary_is_kept(spark, workload: Workload, tmp_path: Path,  # noqa: F811
                                                table_format: str) -> None:
    """Killed between writing its summary and removing its pending file (the last step of a Delta or Iceberg
    run): its commits are complete and the summary records them, so the next run keeps them."""
    import json

    from binlog_ksy.spark_jobs.job.output import MARKER_FILE, PENDING_FILE

    folder, out = tmp_path / "binlogs", tmp_path / "out"
    folder.mkdir()
    workload.write_snapshot(folder, workload.total)
    first = run_in_process(spark, str(folder), str(out), table_format, False)
    run_id = json.loads((out / MARKER_FILE).read_text())["run_id"]
    (out / PENDING_FILE).write_text(json.dumps({"run_id": run_id, "table_format": table_format}))
    second = run_in_process(spark, str(folder), str(out), table_format, True)
    assert second.total_changes == 0 and not (out / PENDING_FILE).exists()
    assert len(dataset_rows(str(out), table_format, "changes", {})) == first.total_changes > 0


def test_incremental_over_an_output_without_state_rebuilds_it(spark, workload: Workload,  # noqa: F811
                                                              tmp_path: Path) -> None:
    """An output whose summary has no state (written before plain runs recorded one) is rebuilt by
    --incremental, not appended to: every change once."""
    import json

    from binlog_ksy.spark_jobs.incremental import STATE_KEY
    from binlog_ksy.spark_jobs.job.output import MARKER_FILE

    folder, out = tmp_path / "binlogs", tmp_path / "out"
    folder.mkdir()
    workload.write_snapshot(folder, workload.total)
    first = run_in_process(spark, str(folder), str(out), "parquet", False)
    marker = json.loads((out / MARKER_FILE).read_text())
    del marker[STATE_KEY]
    (out / MARKER_FILE).write_text(json.dumps(marker))
    again = run_in_process(spark, str(folder), str(out), "parquet", True)
    changes = parquet_rows(out / "changes")
    assert again.total_changes == first.total_changes == len(changes)
    assert len({(r["file"], r["pos"], r["row_index"]) for r in changes}) == len(changes)
    assert STATE_KEY in json.loads((out / MARKER_FILE).read_text())


@pytest.mark.parametrize("table_format", ["parquet", "delta"])
def test_an_older_file_that_grows_after_a_newer_one_was_read(spark, workload: Workload, tmp_path: Path,  # noqa: F811
                                                             table_format: str) -> None:
    """A sync job that uploads several files at once can leave a binlog short while the next one, holding an
    ALTER TABLE, is already whole. The run reads the newer file, and the older one, short with a newer binlog of
    its sequence there, is damage (``truncated`` rows: it should never grow); the next run reads the older one's
    tail all the same, with the tables as they stood there (before the ALTER), not as the newer file left them:
    the same rows, names and no schema_history error as one plain run over the final folder, the truncated
    rows aside."""
    first, data = workload.files[0]
    folder = tmp_path / "binlogs"
    folder.mkdir()
    workload.write_snapshot(folder, workload.total)
    inside = [c for c in workload.inside_tx if c < len(data)]  # a cut in the first file, inside its last transaction
    (folder / first).write_bytes(data[:inside[-1]])
    out, oracle = str(tmp_path / "out"), str(tmp_path / "oracle")
    summary = run_in_process(spark, str(folder), out, table_format, True)
    assert str(folder / first) not in summary.unfinished and summary.error_kinds == {"truncated": 1}
    (folder / first).write_bytes(data)
    run_in_process(spark, str(folder), out, table_format, True)
    run_in_process(spark, str(folder), oracle, table_format, False)
    got, want = output_of(out, table_format, {}, workload.tables), output_of(oracle, table_format, {}, workload.tables)
    assert want["errors"] == [] and want["changes"]
    assert [(r["file"], r["kind"]) for r in got.pop("errors")] == [(str(folder / first), "truncated")]
    want.pop("errors")
    for name in want:
        assert got[name] == want[name], name
