"""``filter --flashback``'s two fast paths write what the event by event pass and the Python path write.

* Plain transactions planned whole (``runtime/plain_transactions.py``, ``_FileFilter._plan_plain`` in
  ``runtime/commands/filter.py``) instead of event by event (``FlashbackTransaction.add``);
* the undo laid out by the compiled loop (``runtime/writer/_undo.pyx``) instead of the Python path
  (``_UndoWriter._read``, ``_lay_out``, ``undo_rows_event`` in ``runtime/writer/flashback.py``).

Each case runs ``filter --flashback`` with both fast paths and with neither
(``differential.paths.filter_flashback_both_ways``): the exit status, the messages and every undo binlog must
be the same, byte for byte. The inputs: every sample and fixture, the samples cut short and damaged, binlogs
drawn from a sample's events (plain transactions and the odd ones a plain one must not be taken for), binlogs
built from drawn rows (MySQL and MariaDB, with and without CRC32, rows events of both versions), and small
windows and buffers that send transactions back to the Python path. The drawn server workloads of
tests/test_differential.py make the same comparison (``differential/replay.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_flashback_bytes import drawn_binlog
from test_plain_transactions import _SCENARIOS, damaged_copies, drawn_transactions, scenario_binlog

from binlog_ksy.runtime import plain_transactions
from binlog_ksy.runtime.commands import filter as filter_command
from binlog_ksy.runtime.writer import flashback, reread
from differential.paths import filter_flashback_both_ways
from fixture_index import ROOT, load_index

SAMPLES = sorted((ROOT / "samples").glob("*/*/binlog.0*"))


def _both_ways(tmp_path: Path, *argv: str | Path) -> tuple[int, str]:
    out = tmp_path / "undo"
    for folder in (out, tmp_path / "undo-event-by-event"):
        if folder.is_dir():
            for written in folder.iterdir():
                written.unlink()
    return filter_flashback_both_ways(list(argv), out)


def _count_fast(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many transactions each fast path takes (planned whole; laid out by the compiled loop)."""
    seen = {"planned whole": 0, "compiled": 0}
    plan = filter_command._FileFilter._plan_plain
    compiled = flashback._undo_transactions
    assert compiled is not None, "the compiled undo loop is not built"

    def counted_plan(self: Any, *args: Any) -> None:
        seen["planned whole"] += 1
        plan(self, *args)

    def counted_compiled(transactions: list[Any], upto: int, *args: Any) -> int:
        left = compiled(transactions, upto, *args)
        seen["compiled"] += upto - left
        return left

    monkeypatch.setattr(filter_command._FileFilter, "_plan_plain", counted_plan)
    monkeypatch.setattr(flashback, "_undo_transactions", counted_compiled)
    return seen


def test_the_samples_take_both_fast_paths(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The MariaDB samples' row transactions are planned whole and laid out by the compiled loop (so the
    comparisons below compare something)."""
    seen = _count_fast(monkeypatch)
    files = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))
    status, _ = _both_ways(tmp_path, *files)
    assert status == 0
    assert seen["planned whole"] >= 10 and seen["compiled"] >= 10, seen


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: "/".join(p.parts[-3:]))
def test_samples_the_same_both_ways(tmp_path: Path, path: Path) -> None:
    status, err = _both_ways(tmp_path, path)
    assert status == 0 or "row image lacks columns" in err, err  # MINIMAL images are refused, both ways


@pytest.mark.parametrize("plain, compiled", [(True, False), (False, True)])
def test_each_fast_path_alone_the_same(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, plain: bool,
                                       compiled: bool) -> None:
    """One fast path on and the other off: the same undo binlogs as both or neither."""
    files = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))
    status, _ = _both_ways(tmp_path / "both", *files)
    monkeypatch.setattr(plain_transactions, "PREFER_PLAIN", plain)
    monkeypatch.setattr(flashback, "PREFER_COMPILED", compiled)
    from differential.paths import run_cli

    alone = tmp_path / "alone"
    assert run_cli(["filter", "--flashback", "--output", alone, *files])[0] == status == 0
    for path in files:
        assert (alone / path.name).read_bytes() == (tmp_path / "both" / "undo" / path.name).read_bytes()


def test_every_fixture_the_same_both_ways(tmp_path: Path) -> None:
    for fixture in load_index():
        _both_ways(tmp_path, "--on-error", "skip", fixture.readable_path(tmp_path))


def test_a_file_set_the_same_both_ways(tmp_path: Path) -> None:
    for folder in sorted((ROOT / "samples" / "mariadb-10.11").iterdir()):
        files = sorted(folder.glob("binlog.0*"))
        if files:
            _both_ways(tmp_path, "--on-error", "skip", *files)


@pytest.mark.parametrize("window, flush", [(600, 1 << 19), (1 << 22, 300), (2500, 900)])
def test_small_windows_and_buffers_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      window: int, flush: int) -> None:
    """Transactions longer than the window read again (left to the Python path between compiled runs) and
    undo buffers written every few events."""
    monkeypatch.setattr(reread, "WINDOW", window)
    monkeypatch.setattr(flashback, "FLUSH_BYTES", flush)
    seen = _count_fast(monkeypatch)
    for folder in ("shop-full", "shop-compressed"):
        files = sorted((ROOT / "samples" / "mariadb-10.11" / folder).glob("binlog.0*"))
        _both_ways(tmp_path, *files)
    assert seen["compiled"] > 0


@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_cut_short_anywhere_the_same_both_ways(tmp_path: Path, on_error: str) -> None:
    """Reading fails inside a plain transaction, between two, inside an event: the same undo of what was read."""
    data = (ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002").read_bytes()
    cut = tmp_path / "in" / "binlog.000002"
    cut.parent.mkdir()
    statuses = set()
    for size in range(300, len(data), max(1, len(data) // 37)):
        cut.write_bytes(data[:size])
        status, _ = _both_ways(tmp_path, "--on-error", on_error, cut)
        statuses.add(status)
    assert statuses - {0}, "no cut was reported"


def test_a_damaged_byte_the_same_both_ways(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    source = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002"
    for bad in damaged_copies(source, tmp_path / "in" / "binlog.000002", 7):
        for on_error in ("stop", "skip"):
            _both_ways(tmp_path, "--on-error", on_error, bad)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=drawn_transactions(), on_error=st.sampled_from(["stop", "skip"]))
def test_drawn_transactions_the_same_both_ways(tmp_path: Path, data: bytes, on_error: str) -> None:
    path = tmp_path / "in" / "binlog.000001"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    _both_ways(tmp_path, "--on-error", on_error, path)


@pytest.mark.parametrize("scenario", list(_SCENARIOS), ids=list(_SCENARIOS))
def test_table_maps_of_plain_transactions_as_event_by_event(tmp_path: Path, scenario: str) -> None:
    """After plain transactions, the TABLE_MAP events a rows event's undo repeats are the ones the event by
    event pass finds."""
    path = tmp_path / "in" / "binlog.000001"
    path.parent.mkdir()
    scenario_binlog(scenario).save(path)
    for on_error in ("stop", "skip"):
        _both_ways(tmp_path, "--on-error", on_error, path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=drawn_binlog())
def test_drawn_binlogs_the_same_both_ways(tmp_path: Path, data: bytes) -> None:
    """MySQL and MariaDB binlogs, with and without CRC32, rows events of both versions and partition info."""
    path = tmp_path / "in" / "drawn.000001"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    status, err = _both_ways(tmp_path, "--no-verify-checksums", path)
    assert status == 0, err


if __name__ == "__main__":
    pytest.main([__file__])
