"""Runs killed at random moments (SIGKILL) leave the previous complete output or the new one, never a mix.

``rows --format parquet --output DIR`` and ``filter --output DIR`` run in a child process over the
sample binlogs and are killed after a drawn delay (from before the first byte is written to after
the last). Afterwards the output is checked against the two complete states a clean run makes:
the previous run's (one table) and the new run's (every table). The next run then completes it, and
no half-written file or staging directory is left beside or inside the output.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixture_index import ROOT

SAMPLE = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))
EXAMPLES = int(os.environ.get("BINLOG_KSY_CRASH_EXAMPLES", "12"))


def _cli(*argv: str) -> list[str]:
    return [sys.executable, "-m", "binlog_ksy.cli", *argv]


def _run(*argv: str) -> None:
    subprocess.run(_cli(*argv), check=True, capture_output=True)


def _killed(argv: list[str], delay: float) -> int:
    """Start the command, SIGKILL it after ``delay`` seconds (if still running); its exit status."""
    child = subprocess.Popen(_cli(*argv), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
    return child.wait()


def _tables_state(out: Path) -> dict[str, int] | None:
    """Rows per table folder of a Parquet output (None: no output)."""
    if not out.exists():
        return None
    return {d.name: ds.dataset(str(d), format="parquet").count_rows()
            for d in sorted(out.iterdir()) if d.is_dir()}


def _staging_beside(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


@pytest.fixture(scope="module")
def parquet_states(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, int], dict[str, int], float, Path]:
    """The two complete states (one table, every table), how long the second run took, and the first output."""
    base = tmp_path_factory.mktemp("reference")
    _run("rows", "--format", "parquet", "--table", "shop.customers", "--output", str(base / "one"), *map(str, SAMPLE))
    started = time.monotonic()
    _run("rows", "--format", "parquet", "--output", str(base / "all"), *map(str, SAMPLE))
    took = time.monotonic() - started
    one, every = _tables_state(base / "one"), _tables_state(base / "all")
    assert one and every and one != every
    return one, every, took, base / "one"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fraction=st.floats(min_value=0.0, max_value=1.3))
def test_rows_parquet_killed_leaves_the_old_or_the_new_output(parquet_states, tmp_path_factory, fraction: float
                                                              ) -> None:
    one, every, took, previous = parquet_states
    work = tmp_path_factory.mktemp("killed")
    out = work / "tables"
    shutil.copytree(previous, out)  # what the previous run (one table) left
    assert _tables_state(out) == one
    _killed(["rows", "--format", "parquet", "--output", str(out), *map(str, SAMPLE)], fraction * took)
    assert _tables_state(out) in (one, every)
    # the next run completes it and leaves nothing beside it
    _run("rows", "--format", "parquet", "--output", str(out), *map(str, SAMPLE))
    assert _tables_state(out) == every
    assert _staging_beside(out) == []


def test_a_run_killed_between_the_two_renames_is_repaired(parquet_states, tmp_path: Path) -> None:
    """Where the atomic exchange is not available: the fallback's two renames, cut between them."""
    from binlog_ksy.runtime.atomic import repair

    one, every, _, _ = parquet_states
    out = tmp_path / "tables"
    _run("rows", "--format", "parquet", "--table", "shop.customers", "--output", str(out), *map(str, SAMPLE))
    staged = tmp_path / ".tables.tmp-999999999-abc"
    _run("rows", "--format", "parquet", "--output", str(staged), *map(str, SAMPLE))
    os.rename(out, tmp_path / ".tables.old-999999999-abc")  # killed here: no output at all
    assert _tables_state(out) is None
    repair(str(out), lambda p: os.path.exists(os.path.join(p, "_binlog_ksy_rows.json")))
    assert _tables_state(out) == every  # the finished new output wins over the old one
    _run("rows", "--format", "parquet", "--output", str(out), *map(str, SAMPLE))
    assert _staging_beside(out) == []


@pytest.fixture(scope="module")
def filtered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a clean ``filter`` run writes (the same every run)."""
    reference = tmp_path_factory.mktemp("filtered") / "reference"
    _run("filter", "--table", "shop.orders", "--output", str(reference), *map(str, SAMPLE))
    return reference


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(delay=st.floats(min_value=0.0, max_value=1.5))
def test_filter_killed_leaves_whole_binlogs(filtered: Path, tmp_path_factory, delay: float) -> None:
    work = tmp_path_factory.mktemp("filter")
    reference, out = filtered, work / "out"
    _killed(["filter", "--table", "shop.orders", "--output", str(out), *map(str, SAMPLE)], delay)
    if out.exists():
        for path in out.iterdir():  # each file is absent or whole, never half written
            if not path.name.startswith("."):
                assert path.read_bytes() == (reference / path.name).read_bytes()
    _run("filter", "--table", "shop.orders", "--output", str(out), *map(str, SAMPLE))
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in reference.iterdir())
    for path in out.iterdir():
        assert path.read_bytes() == (reference / path.name).read_bytes()
    shutil.rmtree(work)
