"""Nothing is lost downstream: a Spark job over a folder with damaged files writes every good
row, lists every damaged spot in errors/, and the books balance for every file: the byte ranges
of the events written plus the ranges reported in errors/ cover the file, with no gap and no
overlap."""

from __future__ import annotations

import os
import shutil
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import fixture
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = pytest.mark.spark


def _damaged_folder(root: Path) -> dict[str, str]:
    """Copies of real binlogs, some damaged; name -> what was done."""
    root.mkdir()
    made = {}
    crc = fixture("osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.checksum-crc32").path
    data = crc.read_bytes()
    events = [e for e in BinlogReader(crc)]
    shutil.copy(crc, root / "intact.bin")
    made["intact.bin"] = "intact"
    flipped = bytearray(data)
    rows_events = [e for e in events if e.type_name.endswith("ROWS_EVENT")]
    victim = rows_events[len(rows_events) // 2]
    flipped[victim.pos + victim.length // 2] ^= 0xFF
    (root / "flipped.bin").write_bytes(bytes(flipped))
    made["flipped.bin"] = f"one byte flipped in the rows event at {victim.pos}"
    cut = events[-3].pos + 7
    (root / "truncated.bin").write_bytes(data[:cut])
    made["truncated.bin"] = f"cut at {cut}"
    other = events[len(events) // 3]
    (root / "garbage.bin").write_bytes(data[:other.pos] + b"\x00garbage\xff" * 13 + data[other.pos:])
    made["garbage.bin"] = f"130 bytes of garbage before the event at {other.pos}"
    no_crc = fixture("corrupt-relay-bin.000624").path
    shutil.copy(no_crc, root / "corrupt-relay.bin")
    made["corrupt-relay.bin"] = "a corrupt QUERY event (no checksums)"
    (root / "notes.bin").write_bytes(b"not a binlog at all\n")
    made["notes.bin"] = "not a binlog"
    return made


@pytest.fixture(scope="module")
def extracted(spark, tmp_path_factory):  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    base = tmp_path_factory.mktemp("damaged")
    folder = base / "in"
    made = _damaged_folder(folder)
    out = base / "out"
    summary = run_extract([str(folder)], str(out), spark=spark, progress=None)
    return folder, made, out, summary


def test_books_balance_for_every_file(spark, extracted) -> None:  # noqa: F811
    folder, made, out, summary = extracted
    events = spark.read.parquet(str(out / "events")).where("in_payload IS NULL").select("file", "pos", "length")
    errors = spark.read.parquet(str(out / "errors")).select("file", "offset", "length")
    ranges: dict[str, set[tuple[int, int]]] = {}
    for r in events.collect():
        ranges.setdefault(r["file"], set()).add((r["pos"], r["pos"] + r["length"]))
    for r in errors.collect():
        assert r["length"] is not None, r
        ranges.setdefault(r["file"], set()).add((r["offset"], r["offset"] + r["length"]))
    for uri, start in summary.unfinished.items():  # a tail inside a transaction: left for the next run
        ranges.setdefault(uri, set()).add((start, os.path.getsize(uri)))
    for name in made:
        path = folder / name
        spans = sorted(ranges[str(path)])
        start = 0 if name == "notes.bin" else 4  # a non-binlog is one error from byte 0
        for (_, a_end), (b_start, _) in pairwise(spans):
            assert a_end == b_start, f"{name}: gap or overlap between {a_end} and {b_start}"
        assert spans[0][0] == start and spans[-1][1] == path.stat().st_size, name


def test_every_good_row_is_written(spark, extracted) -> None:  # noqa: F811
    folder, made, out, _ = extracted
    changes = spark.read.parquet(str(out / "changes"))
    got = {(r["file"], r["pos"], r["row_index"]) for r in changes.select("file", "pos", "row_index").collect()}
    for name in made:
        path = str(folder / name)
        errors: list[Any] = []
        want = []
        try:
            for change in iter_changes(path, on_error="skip", errors=errors):
                want.append(change)
        except BinlogError:  # a file that is not a binlog raises even in skip mode
            assert name == "notes.bin"
        mine = {g for g in got if g[0] == path}
        assert len(mine) == len(want), name
        assert {c.pos for c in want} == {g[1] for g in mine}, name
    intact = len([g for g in got if g[0].endswith("intact.bin")])
    flipped = len([g for g in got if g[0].endswith("flipped.bin")])
    assert 0 < intact - flipped <= 10  # only the damaged event's rows are missing


def test_every_damaged_spot_is_listed(spark, extracted) -> None:  # noqa: F811
    folder, made, out, summary = extracted
    errors = spark.read.parquet(str(out / "errors")).collect()
    kinds: dict[str, set[str]] = {}
    for r in errors:
        kinds.setdefault(Path(r["file"]).name, set()).add(r["kind"])
    assert "intact.bin" not in kinds
    assert kinds["flipped.bin"] == {"checksum_mismatch"}
    # truncated.bin ends inside an event of its last transaction: that transaction is left unread (a file
    # still being written looks the same), named in the summary, not in errors/
    assert "truncated.bin" not in kinds
    truncated = str(folder / "truncated.bin")
    assert list(summary.unfinished) == list(summary.cut) == [truncated]
    events = list(BinlogReader(truncated, on_error="skip"))
    last_gtid = max(e.pos for e in events if e.type_name.endswith("GTID_LOG_EVENT"))
    assert summary.unfinished[truncated] == last_gtid < summary.cut[truncated] == events[-1].end_pos
    assert kinds["garbage.bin"] == {"malformed_event"}
    assert "malformed_event" in kinds["corrupt-relay.bin"]
    assert kinds["notes.bin"] == {"not_a_binlog"}
    assert summary.files_with_errors == 4
