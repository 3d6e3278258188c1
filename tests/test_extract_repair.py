"""``binlog-ksy extract --repair OUTPUT``: the recovery a run starts with, alone (spark_jobs/job/output.py).

What runs leave beside an output is built here by hand, object by object, as a run cut at a given moment
leaves it (its run file ``.<name>.run-<id>.json``, its ``.<name>.tmp-<id>`` and ``.<name>.old-<id>``), in the
test S3 server and in local folders, and ``--repair`` is run on it through the command line:

* a swap cut short is undone (the complete previous output put back, or the cut run's partial copy removed
  when there was none) and every leftover of a run that is over is removed: a dead process on this host,
  a run file not rewritten for longer than its lease (by the store's clock), a run the output's summary
  names, leftovers no run claims, an older version's ``_owner.json`` long abandoned;
* what a run that may be alive on another host has is left alone, and named;
* nothing is touched (not even written and deleted) when there is nothing to repair;
* a Delta run that died between its tables' commits is undone; one that is committing now is refused; a first
  Delta or Iceberg run cut before its tables' first commits leaves nothing that makes the next run refuse the
  output;
* usage errors exit 2, a store that does not answer exits 3 within its bound, naming it;
* a killed run's local progress folder is removed by the next run.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from binlog_ksy.cli import main
from binlog_ksy.runtime.storage import Files
from binlog_ksy.spark_jobs.job.output import ABANDONED_SECONDS, LEASE_SECONDS, MARKER_FILE, OWNER_FILE, PENDING_FILE

HOST = socket.gethostname()


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def _put(store: Files, path: str, text: str = "x") -> None:
    store.write_text(path, text)


def _summary(run_id: str) -> str:
    return json.dumps({"run_id": run_id, "table_format": "parquet"})


def _tree(store: Files, root: str) -> dict[str, str]:
    """Every file under ``root`` and beside it (``.<name>.*``), with its content."""
    parent, _, name = root.rpartition("/")
    found: dict[str, str] = {}
    for entry in store.list_names(parent):
        if entry == name or entry.startswith(f".{name}."):
            full = f"{parent}/{entry}"
            if store.is_dir(full):
                for rel in store.files_under(full):
                    found[f"{entry}/{rel}"] = store.read_text(f"{full}/{rel}")
            else:
                found[entry] = store.read_text(full)
    return found


def _repair(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(["extract", "--repair", *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_a_cut_swap_is_undone_and_its_leftovers_removed(s3_env: Any, capsys: pytest.CaptureFixture[str]) -> None:
    out = f"{s3_env.bucket('repair')}/cut"
    store = Files(out)
    # a run (AAA, its process gone) was cut in the middle of its swap: the previous output set aside whole,
    # the output half replaced, its datasets still staged
    _put(store, f"{out}/events/part-new-1.parquet")  # the new output's first objects, no summary
    _put(store, "s3://repair/.cut.old-aaaaaaaaaaaa/events/part-old.parquet", "old rows")
    _put(store, f"s3://repair/.cut.old-aaaaaaaaaaaa/{MARKER_FILE}", _summary("20240101T000000-999999999999"))
    _put(store, "s3://repair/.cut.tmp-aaaaaaaaaaaa/events/part-new-1.parquet")
    _put(store, "s3://repair/.cut.tmp-aaaaaaaaaaaa/events/part-new-2.parquet")
    _put(store, "s3://repair/.cut.run-aaaaaaaaaaaa.json",
         json.dumps({"host": HOST, "pid": _dead_pid(), "token": "aaaaaaaaaaaa", "phase": "swap", "had_old": True}))
    # a run on another host, renewing its claim: alive as far as anyone here can tell
    live = {"host": "elsewhere.example", "pid": 4242, "token": "bbbbbbbbbbbb", "phase": "run"}
    _put(store, "s3://repair/.cut.run-bbbbbbbbbbbb.json", json.dumps(live))
    _put(store, "s3://repair/.cut.tmp-bbbbbbbbbbbb/events/part-0.parquet", "its rows")

    status, lines, err = _repair(capsys, out)
    assert status == 0, err
    assert any(line.startswith("restored the previous output from s3://repair/.cut.old-aaaaaaaaaaaa") for line in lines)
    assert any("removed s3://repair/.cut.tmp-aaaaaaaaaaaa" in line for line in lines), lines
    assert any("left s3://repair/.cut.run-bbbbbbbbbbbb.json, s3://repair/.cut.tmp-bbbbbbbbbbbb alone: a run on "
               "elsewhere.example (pid 4242)" in line for line in lines), lines
    assert _tree(store, out) == {
        "cut/events/part-old.parquet": "old rows", f"cut/{MARKER_FILE}": _summary("20240101T000000-999999999999"),
        ".cut.run-bbbbbbbbbbbb.json": json.dumps(live), ".cut.tmp-bbbbbbbbbbbb/events/part-0.parquet": "its rows"}

    # again: only the live run is named, nothing else changes
    before = _tree(store, out)
    status, lines, _ = _repair(capsys, out)
    assert status == 0 and len(lines) == 1 and lines[0].startswith("left ")
    assert _tree(store, out) == before


def test_nothing_is_touched_when_there_is_nothing_to_repair(s3_env: Any, capsys: pytest.CaptureFixture[str]) -> None:
    out = f"{s3_env.bucket('repair')}/whole"
    store = Files(out)
    _put(store, f"{out}/events/part-0.parquet")
    _put(store, f"{out}/{MARKER_FILE}", _summary("20240101T000000-cccccccccccc"))
    before = {rel: store.mtime(f"{out}/{rel}") for rel in store.files_under(out)}
    time.sleep(1.1)  # a rewrite would show in the objects' times (whole seconds on S3)
    status, lines, _ = _repair(capsys, out)
    assert (status, lines) == (0, [f"nothing to repair in {out}"])
    assert {rel: store.mtime(f"{out}/{rel}") for rel in store.files_under(out)} == before
    assert [n for n in store.list_names("s3://repair") if n.startswith(".whole.")] == []
    # no output at all: nothing to repair either
    assert _repair(capsys, f"{s3_env.bucket('repair')}/none")[:2] == (0, ["nothing to repair in s3://repair/none"])


def test_a_committed_run_and_unclaimed_leftovers_are_over(s3_env: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A run the summary names committed (its cleanup was cut, whatever its run file says); leftovers no run
    file claims belong to a run that is over (a run writes its run file first and deletes it last)."""
    out = f"{s3_env.bucket('repair')}/done"
    store = Files(out)
    _put(store, f"{out}/events/part-0.parquet")
    _put(store, f"{out}/{MARKER_FILE}", _summary("20240101T000000-dddddddddddd"))
    _put(store, "s3://repair/.done.run-dddddddddddd.json",
         json.dumps({"host": "elsewhere.example", "pid": 7, "phase": "swap"}))
    _put(store, "s3://repair/.done.old-dddddddddddd/events/part-old.parquet")
    _put(store, "s3://repair/.done.tmp-eeeeeeeeeeee/events/part-0.parquet")  # no run file, no owner file
    status, lines, _ = _repair(capsys, out)
    assert status == 0 and len(lines) == 3, lines
    assert sorted(_tree(store, out)) == sorted(["done/events/part-0.parquet", f"done/{MARKER_FILE}"])


def test_leases_are_judged_by_the_stores_clock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A local output: run files and an older version's owner file, their times set back."""
    out = tmp_path / "lake"
    (out / "events").mkdir(parents=True)
    (out / MARKER_FILE).write_text(_summary("20240101T000000-ffffffffffff"))
    stale = tmp_path / ".lake.run-111111111111.json"
    stale.write_text(json.dumps({"host": "elsewhere.example", "pid": 1, "phase": "run"}))
    (tmp_path / ".lake.tmp-111111111111" / "events").mkdir(parents=True)
    back = time.time() - LEASE_SECONDS - 60
    os.utime(stale, (back, back))
    fresh = tmp_path / ".lake.run-222222222222.json"
    fresh.write_text(json.dumps({"host": "elsewhere.example", "pid": 2, "phase": "run"}))
    old_owner = tmp_path / ".lake.tmp-333333333333" / OWNER_FILE
    old_owner.parent.mkdir()
    old_owner.write_text(json.dumps({"host": "elsewhere.example", "pid": 3}))
    back = time.time() - ABANDONED_SECONDS - 60
    os.utime(old_owner, (back, back))
    young_owner = tmp_path / ".lake.tmp-444444444444" / OWNER_FILE
    young_owner.parent.mkdir()
    young_owner.write_text(json.dumps({"host": "elsewhere.example", "pid": 4}))
    status, lines, _ = _repair(capsys, str(out))
    assert status == 0, lines
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lake.run-222222222222.json", ".lake.tmp-444444444444",
                                                          "lake"]
    assert any("longer than its lease" in line for line in lines), lines
    assert any("older binlog-ksy run" in line for line in lines), lines


def test_a_first_swap_cut_short_leaves_no_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run with no previous output, cut while copying its datasets in: the partial copy goes."""
    out = tmp_path / "first"
    (out / "events").mkdir(parents=True)
    (out / "events" / "part-0.parquet").write_text("x")
    (tmp_path / ".first.tmp-555555555555" / "events").mkdir(parents=True)
    (tmp_path / ".first.run-555555555555.json").write_text(
        json.dumps({"host": HOST, "pid": _dead_pid(), "phase": "swap", "had_old": False}))
    status, lines, _ = _repair(capsys, str(out))
    assert status == 0 and any("removed the incomplete output" in line for line in lines), lines
    assert list(tmp_path.iterdir()) == []


def test_a_delta_run_that_died_between_its_commits_is_undone(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from deltalake import CommitProperties, DeltaTable, write_deltalake

    from binlog_ksy.runtime.outputs.lake import RUN_PROPERTY

    out = tmp_path / "tables"
    table = str(out / "events")
    first, dead = "20240101T000000-666666666666", "20240102T000000-777777777777"
    write_deltalake(table, pa.table({"pos": [4]}), commit_properties=CommitProperties(custom_metadata={
        RUN_PROPERTY: first}))
    (out / MARKER_FILE).write_text(json.dumps({"run_id": first, "table_format": "delta"}))
    write_deltalake(table, pa.table({"pos": [5]}), mode="append", commit_properties=CommitProperties(
        custom_metadata={RUN_PROPERTY: dead}))
    pending = json.dumps({"run_id": dead, "table_format": "delta"})
    (out / PENDING_FILE).write_text(pending)

    # while its run may be alive (its run file fresh, on another host), it is not undone
    claim = tmp_path / ".tables.run-777777777777.json"
    claim.write_text(json.dumps({"host": "elsewhere.example", "pid": 8, "phase": "run"}))
    status, _, err = _repair(capsys, str(out))
    assert status == 2 and "is committing its tables" in err, err
    assert DeltaTable(table).to_pyarrow_table().num_rows == 2

    # its process gone: undone
    claim.write_text(json.dumps({"host": HOST, "pid": _dead_pid(), "phase": "run"}))
    status, lines, err = _repair(capsys, str(out))
    assert status == 0, err
    assert any("undid the unfinished run 20240102T000000-777777777777 in events" in line for line in lines), lines
    assert DeltaTable(table).to_pyarrow_table().to_pylist() == [{"pos": 4}]
    assert not (out / PENDING_FILE).exists() and sorted(p.name for p in tmp_path.iterdir()) == ["tables"]


def test_a_first_delta_run_cut_in_its_first_commits_leaves_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A first run that died while it created its tables: one committed, one with data files but no commit yet
    (the store went away between them), one whose log holds only a commit being written. ``--repair`` removes
    all three: nothing is left that would make the next run refuse the output as not its own."""
    from deltalake import CommitProperties, write_deltalake

    from binlog_ksy.runtime.outputs.lake import RUN_PROPERTY

    out = tmp_path / "tables"
    dead = "20240102T000000-777777777777"
    write_deltalake(str(out / "events"), pa.table({"pos": [4]}),
                    commit_properties=CommitProperties(custom_metadata={RUN_PROPERTY: dead}))
    uncommitted = out / "changes" / "schema=shop" / "table=orders"
    uncommitted.mkdir(parents=True)
    (uncommitted / "part-00001-0.parquet").write_bytes(b"PAR1")
    (out / "tables" / "shop.orders" / "_delta_log").mkdir(parents=True)
    (out / "tables" / "shop.orders" / "_delta_log" / "_commit_0.json.tmp").write_text("{}")
    (out / "tables" / "shop.orders" / "part-00001-1.parquet").write_bytes(b"PAR1")
    (out / PENDING_FILE).write_text(json.dumps({"run_id": dead, "table_format": "delta"}))

    status, lines, err = _repair(capsys, str(out))
    assert status == 0, err
    for name in ("events", "changes", "tables/shop.orders"):
        assert any(line.endswith(f"in {name}") for line in lines), (name, lines)
    assert [p for p in out.rglob("*") if p.is_file()] == []
    status, lines, err = _repair(capsys, str(out))  # the output is this job's: nothing left to do
    assert status == 0 and lines == [f"nothing to repair in {out}"], (lines, err)


@pytest.mark.parametrize("catalog_beside", [False, True], ids=["catalog-in-output", "catalog-beside"])
def test_a_first_iceberg_run_cut_in_its_first_commits_leaves_nothing(tmp_path: Path, catalog_beside: bool,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The same with Iceberg: one table committed, one created that the store failed to fill. ``--repair``
    drops both and removes their files (a catalog's drop leaves them), and the next run may use the output."""
    from binlog_ksy.runtime.outputs.lake import RUN_PROPERTY, _catalog

    out = tmp_path / "tables"
    out.mkdir()
    uri = f"sqlite:///{tmp_path}/catalog.db" if catalog_beside else None
    catalog = _catalog(str(out), uri)
    catalog.create_namespace_if_not_exists("binlog")
    dead = "20240102T000000-777777777777"
    events = catalog.create_table_if_not_exists("binlog.events", schema=pa.schema([("pos", pa.int64())]))
    events.append(pa.table({"pos": [4]}), snapshot_properties={RUN_PROPERTY: dead})
    catalog.create_table_if_not_exists("binlog.changes", schema=pa.schema([("pos", pa.int64())]))
    (out / PENDING_FILE).write_text(json.dumps({"run_id": dead, "table_format": "iceberg"}))
    argv = [str(out), *(["--iceberg-catalog", uri] if uri else [])]

    status, lines, err = _repair(capsys, *argv)
    assert status == 0, err
    for name in ("binlog.events", "binlog.changes"):
        assert any(line.endswith(f"in {name}") for line in lines), (name, lines)
    assert catalog.list_tables("binlog") == []
    assert [p.name for p in out.rglob("*")] == ([] if catalog_beside else ["_iceberg_catalog.db"])
    status, lines, err = _repair(capsys, *argv)  # the output is this job's: nothing left to do
    assert status == 0 and lines == [f"nothing to repair in {out}"], (lines, err)


def test_usage_errors_and_a_store_that_does_not_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert _repair(capsys, str(tmp_path / "out"), "binlog.000001")[0] == 2  # no input with --repair
    assert main(["extract", "--repair"]) == 2  # no output
    assert "give the output" in capsys.readouterr().err
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("not an output")
    status, _, err = _repair(capsys, str(tmp_path / "mine"))
    assert status == 2 and "did not write" in err
    assert (tmp_path / "mine" / "notes.txt").exists()

    with socket.socket() as closed:  # a port nothing listens on: every connection refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    for key, value in {"AWS_ENDPOINT_URL": f"http://127.0.0.1:{port}", "AWS_ACCESS_KEY_ID": "repair-key",
                       "AWS_SECRET_ACCESS_KEY": "repair-secret", "AWS_REGION": "us-east-1", "AWS_ALLOW_HTTP": "true",
                       "AWS_EC2_METADATA_DISABLED": "true", "BINLOG_KSY_STORE_TIMEOUT": "10"}.items():
        monkeypatch.setenv(key, value)
    started = time.monotonic()
    status, _, err = _repair(capsys, "s3://gone/out")
    assert status == 3 and time.monotonic() - started < 20, err
    assert f"127.0.0.1:{port}" in err and "s3://gone" in err and "repair-secret" not in err
    monkeypatch.setenv("BINLOG_KSY_STORE_TIMEOUT", "forever")
    status, _, err = _repair(capsys, "s3://gone/out")
    assert status == 2 and "BINLOG_KSY_STORE_TIMEOUT" in err


def test_a_run_that_lost_its_claim_does_not_touch_the_output(tmp_path: Path) -> None:
    """Another run judged it over (its run file removed): it fails before its swap, the output unchanged."""
    from binlog_ksy.runtime.errors import StorageError
    from binlog_ksy.spark_jobs.job.output import OutputDirectory

    out = OutputDirectory(None, str(tmp_path / "out"))
    out.claim()
    try:
        assert sorted(p.name for p in tmp_path.iterdir()) == [f".out.run-{out.token}.json", f".out.tmp-{out.token}"]
        claim = json.loads(Path(out.run_file).read_text())
        assert (claim["host"], claim["pid"], claim["phase"]) == (HOST, os.getpid(), "run")
        # a second run over the same output, here and now, leaves this live run alone
        other = OutputDirectory(None, str(tmp_path / "out"))
        assert other.recover() == [f"left {out.run_file}, {out.tmp} alone: a run on {HOST} (pid {os.getpid()}) "
                                   "rewrote its run file 0 s ago, and may still be going"]
        os.unlink(out.run_file)
        with pytest.raises(StorageError, match="lost its claim"):
            out.commit(_summary("20240101T000000-" + out.token))
        assert not (tmp_path / "out").exists()
    finally:
        out.abort()
    assert list(tmp_path.iterdir()) == []



class _NotEmpty:
    """A local filesystem whose ``delete_dir`` finds the directory not empty ``times`` times (something writes
    into it), then deletes it."""

    def __init__(self, times: int) -> None:
        import pyarrow.fs as pafs

        self.local, self.times, self.calls = pafs.LocalFileSystem(), times, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.local, name)

    def delete_dir(self, path: str) -> None:
        self.calls += 1
        if self.calls <= self.times:
            raise OSError(errno.ENOTEMPTY, f"Cannot delete directory '{path}': Directory not empty")
        self.local.delete_dir(path)


def test_a_directory_written_into_while_it_is_deleted_is_tried_again(tmp_path: Path) -> None:
    (tmp_path / "d" / "e").mkdir(parents=True)
    store = Files(str(tmp_path))
    store.fs = _NotEmpty(times=3)
    store.delete(str(tmp_path / "d"))
    assert not (tmp_path / "d").exists()
    (tmp_path / "d").mkdir()
    store.fs = _NotEmpty(times=100)
    with pytest.raises(OSError) as raised:
        store.delete(str(tmp_path / "d"))
    assert raised.value.errno == errno.ENOTEMPTY and store.fs.calls == 6


def test_a_leftover_still_written_into_is_left_for_the_next_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A run killed with its driver leaves task processes that write on into its temporary directory for a
    while: the repair (a run's start) cannot empty it then, says so and goes on; the next one removes it."""
    out = tmp_path / "busy"
    (out / "events").mkdir(parents=True)
    (out / MARKER_FILE).write_text(_summary("20240101T000000-aaaaaaaaaaaa"))
    tmp = tmp_path / ".busy.tmp-666666666666"
    (tmp / "tables" / "t1").mkdir(parents=True)
    (tmp_path / ".busy.run-666666666666.json").write_text(
        json.dumps({"host": HOST, "pid": _dead_pid(), "phase": "run"}))
    made = Files.__init__

    def written_into(self: Files, root: str) -> None:
        made(self, root)
        self.fs = _NotEmpty(times=100)

    monkeypatch.setattr(Files, "__init__", written_into)
    status, lines, _ = _repair(capsys, str(out))
    assert status == 0, lines
    assert any(line.startswith(f"left {tmp} for the next run: something still writes into it") for line in lines), \
        lines
    assert tmp.exists() and not (tmp_path / ".busy.run-666666666666.json").exists()
    monkeypatch.undo()
    status, lines, _ = _repair(capsys, str(out))
    assert status == 0 and any(line.startswith(f"removed {tmp}") for line in lines), lines
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]


def test_a_killed_runs_progress_folder_is_removed_by_the_next_run(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A local run's tasks write their progress into a folder of the temporary folder, named after the run's
    process; a run killed leaves it, and the next run removes it (not one whose process still runs)."""
    from binlog_ksy.spark_jobs.job.progress import PROGRESS_PREFIX, progress_dir

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    killed = tmp_path / f"{PROGRESS_PREFIX}{_dead_pid()}-abcd1234"
    (killed / "extract").mkdir(parents=True)
    (killed / "extract" / "0123.json").write_text("{}")
    running = tmp_path / f"{PROGRESS_PREFIX}1-efgh5678"  # pid 1 runs as long as the machine does
    running.mkdir()
    other = tmp_path / "not-ours"
    other.mkdir()
    made = Path(progress_dir())
    assert made.parent == tmp_path and made.name.startswith(f"{PROGRESS_PREFIX}{os.getpid()}-")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([made.name, running.name, other.name])
