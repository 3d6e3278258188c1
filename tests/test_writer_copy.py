"""An unchanged event is copied with its header's next position and its CRC32 made right, without parsing.

``BinlogWriter.write(event)`` (the fast copy) must write the bytes the read-write classes write back
(``write_rw(editable(event))``, the path it replaces): every event of every fixture and sample, both ways.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.runtime.writer.binlog import BinlogWriter, editable
from fixture_index import FIXTURES, ROOT

FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix not in (".tsv", ".md")) + sorted(
    (ROOT / "samples").rglob("binlog.0*"))


def _both_ways(path: Path) -> tuple[bytes, bytes, int]:
    reader = BinlogReader(path, on_error="skip")
    copied = rewritten = None
    events = 0
    copy_out, rw_out = io.BytesIO(), io.BytesIO()
    for event in reader:
        if event.in_payload is not None:
            continue
        fmt = reader.format
        if fmt is None:
            continue
        if copied is None:
            copied, rewritten = BinlogWriter(copy_out, fmt), BinlogWriter(rw_out, fmt)
        try:
            rw = editable(event, fmt)
        except BinlogError:
            continue  # a body the read-write classes do not parse: nothing to compare it with
        assert rewritten is not None
        copied.write(event)
        rewritten.write_rw(rw, rw.len_body)
        events += 1
    return copy_out.getvalue(), rw_out.getvalue(), events


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_copy_writes_what_the_read_write_classes_write(path: Path) -> None:
    try:
        copied, rewritten, _ = _both_ways(path)
    except BinlogError:
        return  # not a binlog (or encrypted): nothing to write
    assert copied == rewritten


def test_the_comparison_covers_many_event_types() -> None:
    seen: set[int] = set()
    total = 0
    for path in FILES:
        try:
            for event in BinlogReader(path, on_error="skip"):
                seen.add(event.type_code)
        except BinlogError:
            continue
        total += 1
    assert {et.FORMAT_DESCRIPTION_EVENT, et.TABLE_MAP_EVENT, et.XID_EVENT, et.ROTATE_EVENT} <= seen
    assert len(seen) >= 20 and total >= 50
