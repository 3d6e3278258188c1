"""Big files split into byte ranges: every split reads whole transactions, and the splits of a file
give exactly what one read of the whole file gives (events, changes, transactions, errors), with the
books balanced (events and error ranges tile the file), also when the file is damaged mid-split.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pyarrow.dataset as ds
import pytest

from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.spark_jobs.job.task import TaskOptions, TaskSpec, plan_tasks, run_task
from fixture_index import load_index
from spark_session import spark  # noqa: F401 - the session fixture

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002"


def _read(root: Path) -> dict[str, list[Any]]:
    """Every dataset's rows, sorted (``columns`` aside: each part states a table's columns once)."""
    out: dict[str, list[Any]] = {}
    for name in ("events", "transactions", "errors", "changes"):
        path = root / name
        if not path.exists():
            out[name] = []
            continue
        table = ds.dataset(str(path), partitioning="hive" if name == "changes" else None).to_table()
        rows = [{k: v for k, v in r.items() if k != "columns"} for r in table.to_pylist()]
        out[name] = sorted(rows, key=repr)
    return out


def _extract(path: Path, split_size: int, out: Path) -> tuple[list[TaskSpec], dict[str, list[Any]]]:
    shutil.rmtree(out, ignore_errors=True)
    specs = plan_tasks([(str(path), path.stat().st_size)], split_size)
    for spec in specs:
        run_task(spec, TaskOptions(str(out)))
    return specs, _read(out)


def _tiles(path: Path, data: dict[str, list[Any]]) -> bool:
    ranges = sorted([(e["pos"], e["length"]) for e in data["events"] if e["in_payload"] is None]
                    + [(e["offset"], e["length"]) for e in data["errors"]])
    end = 4
    for start, length in ranges:
        if start != end:
            return False
        end = start + length
    return end == path.stat().st_size


def test_plan_tasks() -> None:
    specs = plan_tasks([("a", 10), ("b", 25), ("c", None)], 10)
    assert [(s.uri, s.split_index, s.start, s.end) for s in specs] == [
        ("a", 0, None, None), ("b", 0, None, 8), ("b", 1, 8, 16), ("b", 2, 16, None), ("c", 0, None, None)]
    assert len({s.name for s in specs}) == len(specs)


@pytest.mark.parametrize("split_size", [3000, 7000, 20000])
def test_splits_read_what_the_whole_file_reads(tmp_path: Path, split_size: int) -> None:
    _, whole = _extract(SAMPLE, SAMPLE.stat().st_size + 1, tmp_path / "whole")
    specs, split = _extract(SAMPLE, split_size, tmp_path / "split")
    assert len(specs) > 3
    assert split == whole
    assert len(whole["transactions"]) > len(specs) and len(whole["changes"]) > 100
    assert _tiles(SAMPLE, split)
    # each part holds whole transactions: no transaction id in two parts
    owners: dict[int, set[str]] = {}
    for part in (tmp_path / "split" / "transactions").iterdir():
        for row in ds.dataset(str(part)).to_table().to_pylist():
            owners.setdefault(row["transaction"], set()).add(part.name)
    assert all(len(parts) == 1 for parts in owners.values())


def test_damage_in_the_middle_of_a_split(tmp_path: Path) -> None:
    data = bytearray(SAMPLE.read_bytes())
    events = [e for e in BinlogReader(SAMPLE) if e.in_payload is None]
    split_size = 7000
    victim = next(e for e in events if 2 * split_size + 1000 < e.pos < 3 * split_size - 1000)
    data[victim.pos + 2: victim.pos + 40] = bytes(38)  # the header and body start of one event
    damaged = tmp_path / "binlog.000002"
    damaged.write_bytes(bytes(data))
    _, whole = _extract(damaged, len(data) + 1, tmp_path / "whole")
    specs, split = _extract(damaged, split_size, tmp_path / "split")
    assert whole["errors"], "the damage must be reported"
    assert all(e["offset"] <= victim.pos + 40 for e in whole["errors"])
    assert split == whole
    assert _tiles(damaged, split) and _tiles(damaged, whole)


def test_files_without_gtid_in_every_transaction_are_read_whole(tmp_path: Path) -> None:
    old = next(f for f in load_index() if f.server_version.startswith("5.1") and f.size > 20000
               and not f.is_gzip and f.binlog_version == "4" and not f.trailing_bytes)
    _, whole = _extract(old.path, old.size + 1, tmp_path / "whole")
    specs, split = _extract(old.path, 4096, tmp_path / "split")
    assert len(specs) > 2
    assert split == whole and whole["events"]
    assert {r["file"] for r in split["events"]} == {str(old.path)}
    parts = os.listdir(tmp_path / "split" / "events")
    assert parts == ["part-00000-0000.parquet"]  # the first task read it all, the others nothing


@pytest.mark.spark
def test_the_job_splits_a_big_file(spark, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    whole = run_extract([str(SAMPLE)], str(tmp_path / "whole"), spark=spark, progress=None)
    split = run_extract([str(SAMPLE)], str(tmp_path / "split"), spark=spark, progress=None, split_size=5000)
    assert (split.events, split.transactions, split.changes, split.errors) == \
        (whole.events, whole.transactions, whole.changes, whole.errors)
    assert _read(tmp_path / "split") == _read(tmp_path / "whole")
    assert len(list((tmp_path / "split" / "events").iterdir())) > 5


def test_splits_start_on_their_first_gtid_event(tmp_path: Path) -> None:
    """The driver's pass gives each split after the first the first GTID event at or after its split point:
    the same transactions per split (so the same parts), without a search for an event start."""
    from binlog_ksy.runtime.constants import GTID_EVENTS
    from binlog_ksy.runtime.storage import expand_inputs
    from binlog_ksy.spark_jobs.incremental import PreviousState, plan_ranges, split_points

    split_size = 3000
    (r,) = plan_ranges(expand_inputs([str(SAMPLE)]), PreviousState(), None, True, split_size).ranges
    points = split_points(SAMPLE.stat().st_size, split_size)
    gtids = [e.pos for e in BinlogReader(SAMPLE) if e.in_payload is None and e.type_code in GTID_EVENTS]
    assert len(points) > 3
    assert r.split_starts == tuple(min([g for g in gtids if g >= p], default=p) for p in points)
    assert all(start in gtids for start in r.split_starts)
    specs = plan_tasks([(r.uri, r.size)], split_size, {r.uri: r.split_starts})
    assert [s.start for s in specs[1:]] == list(r.split_starts)
    _, by_points = _extract(SAMPLE, split_size, tmp_path / "points")
    for spec in specs:
        run_task(spec, TaskOptions(str(tmp_path / "starts")))
    assert _read(tmp_path / "starts") == by_points
    for name in ("events", "transactions"):  # each split owns the same transactions
        assert sorted(os.listdir(tmp_path / "starts" / name)) == sorted(os.listdir(tmp_path / "points" / name))
        for part in os.listdir(tmp_path / "starts" / name):
            assert (ds.dataset(str(tmp_path / "starts" / name / part)).to_table().to_pylist()
                    == ds.dataset(str(tmp_path / "points" / name / part)).to_table().to_pylist())
