"""Bad input never crashes the reader and never loses data (every fixture, cut and damaged).

- Truncated copies: every complete event before the cut comes back exactly as
  in the whole file, then TruncatedEventError at the start of the partial
  event (nothing at all when the cut falls on a boundary); iter_changes gives
  the prefix of the whole file's changes.
- One damaged byte in a CRC32 file (type, length, next-position, body or CRC
  byte of a sample of events): stop mode raises at that event's offset; skip
  mode reports exactly that event and returns every other one.
- Files without checksums: the same damage raises only BinlogError, never
  hangs, and in skip mode the books balance: the yielded events and the
  error ranges cover ``[4, size)`` with no gap and no overlap.
- Garbage inserted between events is one error covering exactly the garbage.
- Files that are not binlogs (empty, 3 bytes, text, MySQL-encrypted) raise
  their own error class, and the CLI exits 2 with file and offset, no traceback.

Big fixtures are worked on through their first WORK_BYTES (cut at an event
boundary) so the module stays well under a minute; their real ends are cut too.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import itertools
import random
import tracemalloc
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy import cli
from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.errors import (
    BinlogError,
    EncryptedBinlogError,
    MalformedEventError,
    NotABinlogError,
    TruncatedEventError,
    UnreadableFileError,
)
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import Fixture, load_index
from fuzz.harness import CORPUS, Reading, books_problem, guarded, read

FIXTURES = load_index()
IDS = [f.name for f in FIXTURES]
CRC_FIXTURES = [f for f in FIXTURES if f.checksum == "CRC32"]
PLAIN_FIXTURES = [f for f in FIXTURES if f.checksum != "CRC32"]
#: Fixtures larger than this are tested through a prefix cut at an event boundary.
WORK_BYTES = 48 << 10


@cache
def fixture_bytes(name: str) -> bytes:
    fx = next(f for f in FIXTURES if f.name == name)
    if fx.is_gzip:
        with gzip.open(fx.path, "rb") as f:
            return f.read()
    return fx.path.read_bytes()


@cache
def work_copy(name: str) -> tuple[bytes, Reading]:
    """The fixture (or its prefix up to WORK_BYTES, cut at an event boundary) and its clean read."""
    data = fixture_bytes(name)
    if len(data) > WORK_BYTES:
        whole = read(data[:WORK_BYTES + (1 << 16)])
        cut = max(e.pos + e.length for e in whole.top if e.pos + e.length <= WORK_BYTES)
        data = data[:cut]
    reading = read(data)
    assert reading.top, name
    return data, reading


def ends(reading: Reading) -> dict[int, int]:
    """End offset of each top-level event (inner payload events share their payload's pos)."""
    return {e.pos: e.pos + e.length for e in reading.top}


def key(events) -> list[tuple[int, bytes, int | None]]:
    return [(e.pos, e.raw, e.in_payload) for e in events]


# -- truncation ------------------------------------------------------------------------------


def cut_points(data: bytes, reading: Reading) -> list[int]:
    """Boundaries +-1 at both ends, and cuts inside the FDE, a header, a body and the last event."""
    top = reading.top
    bounds = [4] + [e.pos + e.length for e in top]
    picked = set(bounds[:4] + bounds[-3:] + [bounds[len(bounds) // 2]])
    cuts = {b + d for b in picked for d in (-1, 0, 1)}
    first, last = top[0], top[-1]
    cuts |= {first.pos + 10, first.pos + 19 + 5, first.pos + first.length - 2}
    if len(top) > 1:
        second = top[1]
        cuts |= {second.pos + 7, second.pos + second.length // 2}
    cuts |= {last.pos + 3, last.pos + last.length // 2, last.pos + last.length - 1}
    return sorted(c for c in cuts if 4 <= c <= len(data))


def check_cut(data: bytes, full: Reading, cut: int, mode: str) -> None:
    end_of = ends(full)
    complete = [e for e in full.events if end_of[e.pos] <= cut]
    boundary = max([end_of[e.pos] for e in complete], default=4)
    got = read(data[:cut], mode)
    assert key(got.events) == key(complete), f"cut at {cut} ({mode})"
    if cut == boundary:
        assert got.error is None and not got.errors, f"cut at boundary {cut}: {got.errors}"
        return
    err = got.error if mode == "stop" else (got.errors[0] if len(got.errors) == 1 else None)
    assert isinstance(err, TruncatedEventError), f"cut at {cut} ({mode}): {got.error!r} {got.errors!r}"
    assert (err.offset, err.length) == (boundary, cut - boundary)
    assert err.file == "case.bin" and f"at byte {boundary}" in str(err)
    if mode == "skip":
        assert got.error is None and books_problem(cut, got.events, got.errors) is None


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_truncated_copies_keep_every_complete_event(fx: Fixture) -> None:
    data, full = work_copy(fx.name)
    if fx.trailing_bytes:  # the fixture itself ends in a partial event: cut before it
        data = data[:fx.size - fx.trailing_bytes]
        full = read(data)
    for cut in cut_points(data, full):
        check_cut(data, full, cut, "stop")
        check_cut(data, full, cut, "skip")


@pytest.mark.parametrize("fx", [f for f in FIXTURES if f.size > WORK_BYTES],
                         ids=[f.name for f in FIXTURES if f.size > WORK_BYTES])
def test_truncated_big_files_at_their_real_end(fx: Fixture) -> None:
    data = fixture_bytes(fx.name)
    full = read(data)
    last = full.top[-1]
    for cut in (last.pos + 5, last.pos + last.length - 1):
        got = read(data[:cut])
        assert len(got.top) == len(full.top) - 1
        assert isinstance(got.error, TruncatedEventError) and got.error.offset == last.pos


def _changes(data: bytes, tmp: Path) -> tuple[list[Any], list[BinlogError]]:
    path = tmp / "changes.bin"
    path.write_bytes(data)
    errors: list[BinlogError] = []
    out = [(c.pos, c.row_index, c.op, c.schema, c.table, c.before, c.after)
           for c in iter_changes(path, on_error="skip", errors=errors)]
    return out, errors


def _has_rows_in_work_copy(fx: Fixture) -> bool:
    return any("ROWS_EVENT" in e.type_name and "QUERY" not in e.type_name for e in work_copy(fx.name)[1].top)


# Fixtures whose work copy (a prefix of the large ones) holds rows events.
ROWS_FIXTURES = [f for f in FIXTURES if any("ROWS" in name for name in f.histogram) and _has_rows_in_work_copy(f)]


@pytest.mark.parametrize("fx", ROWS_FIXTURES, ids=[f.name for f in ROWS_FIXTURES])
def test_truncated_copies_keep_every_row_change_before_the_cut(fx: Fixture, tmp_path: Path) -> None:
    data, full = work_copy(fx.name)
    if fx.trailing_bytes:
        data = data[:fx.size - fx.trailing_bytes]
        full = read(data)
    all_changes, _ = _changes(data, tmp_path)
    end_of = ends(full)
    rows = [e for e in full.top if "ROWS_EVENT" in e.type_name and "QUERY" not in e.type_name]
    assert rows
    middle = rows[len(rows) // 2]
    for cut in (middle.pos + middle.length // 2, middle.pos + middle.length, rows[-1].pos + rows[-1].length - 1):
        got, errors = _changes(data[:cut], tmp_path)
        assert got == [c for c in all_changes if end_of[c[0]] <= cut], f"cut at {cut}"
        truncated = [e for e in errors if isinstance(e, TruncatedEventError)]
        boundary = max(end for end in end_of.values() if end <= cut)
        assert [(e.offset, e.length) for e in truncated] == ([] if boundary == cut else [(boundary, cut - boundary)])


# -- one damaged byte ------------------------------------------------------------------------------


def sample_events(reading: Reading) -> list[Any]:
    """The first three, the last three and two in the middle."""
    top = reading.top
    n = len(top)
    picks = {0, 1, 2, n // 3, 2 * n // 3, n - 3, n - 2, n - 1}
    return [top[i] for i in sorted(p for p in picks if 0 <= p < n)]


def damage_offsets(length: int, header_len: int) -> list[int]:
    """Type, length (low and high byte), next-position, a body byte, the last (CRC) byte."""
    offs = [4, 9, 12, 13, header_len + (length - header_len) // 2, length - 1]
    return sorted({o for o in offs if o < length})


def flipped(data: bytes, at: int, xor: int) -> bytes:
    d = bytearray(data)
    d[at] ^= xor
    return bytes(d)


def expected_errors(full: Reading, event) -> list[tuple[int, int]]:
    """The damaged event's range, then the file's own errors (a truncated tail right after it merges)."""
    out = [(event.pos, event.length)] + [(e.offset, e.length) for e in full.errors]
    if len(out) > 1 and out[1][0] == event.pos + event.length:
        out[:2] = [(event.pos, event.length + out[1][1])]  # nothing valid follows the damage
    return out


@pytest.mark.parametrize("fx", CRC_FIXTURES, ids=[f.name for f in CRC_FIXTURES])
def test_one_damaged_byte_costs_exactly_its_event(fx: Fixture) -> None:
    data, full = work_copy(fx.name)
    assert full.reader.format is not None
    header_len = full.reader.format.header_len
    for event in sample_events(full):
        for k, (off, xor) in enumerate(itertools.product(damage_offsets(event.length, header_len), (0xFF, 0x01))):
            damaged = flipped(data, event.pos + off, xor)
            what = f"{event.type_name} at {event.pos}, byte {off} ^ {xor:#x}"
            # FDE flag bit 0 (LOG_EVENT_BINLOG_IN_USE_F) is outside its CRC by design.
            if event.type_code == 15 and off == 17 and xor == 1:
                continue
            skip = read(damaged, "skip")
            assert skip.error is None, what
            assert key(skip.events) == key(e for e in full.events if e.pos != event.pos), what
            assert [(e.offset, e.length) for e in skip.errors] == expected_errors(full, event), what
            assert all(e.file == "case.bin" and e.message for e in skip.errors)
            if k % 4 == 0:
                stop = read(damaged, "stop")
                assert stop.error is not None and stop.error.offset == event.pos, what
                assert key(stop.events) == key(e for e in full.events if e.pos < event.pos), what


@pytest.mark.parametrize("fx", PLAIN_FIXTURES, ids=[f.name for f in PLAIN_FIXTURES])
def test_damage_without_checksums_keeps_the_books_balanced(fx: Fixture) -> None:
    data, full = work_copy(fx.name)
    assert full.reader.format is not None
    header_len = full.reader.format.header_len
    for event in sample_events(full):
        for off, xor in itertools.product(damage_offsets(event.length, header_len), (0xFF, 0x01)):
            damaged = flipped(data, event.pos + off, xor)
            with guarded(memory=None):
                stop = read(damaged, "stop")
                skip = read(damaged, "skip")
            what = f"{event.type_name} at {event.pos}, byte {off}"
            assert skip.error is None, what
            assert books_problem(len(damaged), skip.events, skip.errors) is None, what
            # Everything before the damaged event is intact in both modes.
            before = key(e for e in full.events if e.pos < event.pos)
            assert key(stop.events)[:len(before)] == before and key(skip.events)[:len(before)] == before, what


# -- garbage regions ----------------------------------------------------------------------------


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_garbage_between_events_is_one_error_covering_it(fx: Fixture) -> None:
    data, full = work_copy(fx.name)
    rng = random.Random(fx.name)
    top = full.top
    for event in {top[min(1, len(top) - 1)].pos: None, top[len(top) // 2].pos: None, top[-1].pos: None}:
        garbage = bytes(rng.randrange(256) for _ in range(rng.randint(1, 200)))
        damaged = data[:event] + garbage + data[event:]
        skip = read(damaged, "skip")
        assert skip.error is None
        moved = [(e.pos + (len(garbage) if e.pos >= event else 0), e.raw, e.in_payload) for e in full.events]
        assert key(skip.events) == moved, f"{len(garbage)} bytes at {event}"
        shifted = [(e.offset + len(garbage), e.length) for e in full.errors if e.offset is not None]
        assert len(shifted) == len(full.errors)
        expected: list[tuple[int, int | None]] = [(event, len(garbage)), *shifted]
        assert [(e.offset, e.length) for e in skip.errors] == expected


OVERWRITE_FIXTURES = [f for f in CRC_FIXTURES[::4] if len(work_copy(f.name)[1].top) >= 4]


@pytest.mark.parametrize("fx", OVERWRITE_FIXTURES, ids=[f.name for f in OVERWRITE_FIXTURES])
def test_overwritten_events_are_one_error_covering_them(fx: Fixture) -> None:
    data, full = work_copy(fx.name)
    top = full.top
    first, last = top[1], top[3]  # two whole events and a half one overwritten
    start, end = first.pos + 5, last.pos + last.length // 2
    damaged = data[:start] + bytes((i * 7) & 0xFF for i in range(end - start)) + data[end:]
    skip = read(damaged, "skip")
    assert [(e.offset, e.length) for e in skip.errors] == [(first.pos, last.pos + last.length - first.pos)]
    assert key(skip.events) == key(e for e in full.events if not first.pos <= e.pos <= last.pos)


def test_a_stream_reports_its_damaged_rest_as_one_range() -> None:
    data, full = work_copy(CRC_FIXTURES[0].name)
    event = full.top[2]
    damaged = flipped(data, event.pos + 20, 0xFF)

    class Stream(io.RawIOBase):
        def __init__(self, payload: bytes) -> None:
            self._f = io.BytesIO(payload)

        def readable(self) -> bool:
            return True

        def readinto(self, b) -> int:
            chunk = self._f.read(len(b))
            b[:len(chunk)] = chunk
            return len(chunk)

    reader = BinlogReader(io.BufferedReader(Stream(damaged)), name="pipe", on_error="skip")
    events = list(reader)
    assert key(events) == key(e for e in full.events if e.pos < event.pos)
    assert [(e.offset, e.length) for e in reader.errors] == [(event.pos, len(damaged) - event.pos)]


def test_an_io_error_while_reading_is_a_binlog_error() -> None:
    data, full = work_copy(CRC_FIXTURES[0].name)
    fail_at = full.top[2].pos + 3

    class Failing(io.BytesIO):
        def read(self, n=-1):
            if self.tell() + (n if n >= 0 else 1) > fail_at:
                raise OSError(5, "Input/output error")
            return super().read(n)

    got = read(Failing(data))  # type: ignore[arg-type]
    assert isinstance(got.error, UnreadableFileError) and got.error.kind == "io_error"
    assert got.error.offset == full.top[2].pos and "Input/output error" in str(got.error)
    assert key(got.events) == key(e for e in full.events if e.pos < full.top[2].pos)


def test_a_huge_announced_length_allocates_nothing() -> None:
    data, full = work_copy(CRC_FIXTURES[0].name)
    event = full.top[1]
    d = bytearray(data)
    d[event.pos + 9:event.pos + 13] = (0x3FFF0000).to_bytes(4, "little")  # just under MAX_EVENT_LENGTH
    tracemalloc.start()
    try:
        skip = read(bytes(d), "skip")
        stop = read(bytes(d), "stop")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20
    assert [(e.offset, e.length) for e in skip.errors] == [(event.pos, event.length)]
    assert isinstance(stop.error, MalformedEventError) and stop.error.offset == event.pos


# -- files that are not binlogs --------------------------------------------------------------------

NOT_BINLOGS = {
    "seed-empty.bin": (NotABinlogError, "the file is empty"),
    "seed-three-bytes.bin": (NotABinlogError, "only 3 bytes"),
    "seed-not-a-binlog.bin": (NotABinlogError, "not the binlog magic"),
    "seed-mysql-encrypted.bin": (EncryptedBinlogError, "encrypted"),
}


@pytest.mark.parametrize("name", sorted(NOT_BINLOGS))
def test_files_that_are_not_binlogs(name: str) -> None:
    path = CORPUS / name
    cls, words = NOT_BINLOGS[name]
    for mode in ("stop", "skip"):
        got = read(path, mode)
        assert type(got.error) is cls and not got.events
        assert got.error.offset == 0 and got.error.file == str(path) and words in got.error.message
        assert str(got.error).startswith(f"{path}, at byte 0: ")
    for command in ("events", "rows"):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main([command, "--format", "jsonl", "--on-error", "skip", str(path)])
        assert status == 2, err.getvalue()
        assert f"{path}, at byte 0" in err.getvalue() and words in err.getvalue()
        assert "Traceback" not in err.getvalue() and out.getvalue() == ""


def test_a_missing_file_is_not_a_binlog(tmp_path: Path) -> None:
    got = read(tmp_path / "nope.000001")
    assert isinstance(got.error, NotABinlogError) and "cannot open" in got.error.message
