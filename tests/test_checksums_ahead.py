"""The CRC32 checks that run ahead of the framing (``runtime/_checksums_ahead.pyx``) vouch for exactly the events
whose CRC32 matches, and reading a file with them gives the same events and errors as checking every CRC32 in
the framing loops.

The reference for the checks is a plain Python walk from event to event with ``zlib.crc32``; for the reader, the
same reader with the checks switched off. The checks run in a thread of their own, so how far they got when the
framing asks is a matter of timing: they are tested finished before the framing starts, not started, and as they
run.
"""

from __future__ import annotations

import itertools
import os
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime import reader as reader_module
from binlog_ksy.runtime._checksums_ahead import ChecksumsAhead
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.reader import CRC32_RESIDUE, MAX_EVENT_LENGTH, BinlogReader
from fixture_index import FIXTURES, ROOT

FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix not in (".tsv", ".md")) + sorted(
    (ROOT / "samples").rglob("binlog.0*"))


def _has_crc32(path: Path) -> bool:
    reader = BinlogReader(str(path), on_error="skip")
    try:
        next(iter(reader))
    except (BinlogError, StopIteration):
        return False
    return reader.format is not None and reader.format.has_crc32


_CRC_FILES = [p for p in FILES if _has_crc32(p)]


def _good_until(data: bytes, start: int) -> int:
    """The end of the events from ``start`` on whose CRC32 matches, going from event to event by their lengths."""
    pos = start
    while pos + 19 <= len(data):
        length = int.from_bytes(data[pos + 9:pos + 13], "little")
        if length < 23 or length > MAX_EVENT_LENGTH or pos + length > len(data):
            break
        if zlib.crc32(data[pos:pos + length]) != CRC32_RESIDUE:
            break
        pos += length
    return pos


def _checked(path: Path, start: int) -> int:
    ahead = ChecksumsAhead(os.open(path, os.O_RDONLY), start, MAX_EVENT_LENGTH)
    ahead.run()  # here, not in a thread: it returns when it stops
    return ahead.verified_end


def _event(body: bytes, type_code: int = 30) -> bytes:
    """An event of ``body`` with a v4 header and its CRC32."""
    head = (0).to_bytes(4, "little") + bytes([type_code]) + (1).to_bytes(4, "little") \
        + (19 + len(body) + 4).to_bytes(4, "little") + (0).to_bytes(4, "little") + (0).to_bytes(2, "little")
    raw = head + body
    return raw + zlib.crc32(raw).to_bytes(4, "little")


@pytest.mark.parametrize("path", _CRC_FILES, ids=[p.name[-60:] for p in _CRC_FILES])
def test_every_checksummed_fixture_is_vouched_for_as_far_as_its_crc32s_match(path: Path) -> None:
    data = path.read_bytes()
    first = int.from_bytes(data[4 + 9:4 + 13], "little")  # after the format description
    assert _checked(path, 4 + first) == _good_until(data, 4 + first)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sizes=st.lists(st.sampled_from([0, 1, 100, 5000, (1 << 20) - 23, (1 << 20) - 22, 1 << 20, (3 << 20) + 7]),
                      min_size=1, max_size=8),
       damage=st.one_of(st.none(), st.tuples(st.integers(0, 7), st.floats(0, 0.999), st.integers(1, 255))),
       cut=st.integers(0, 30))
def test_drawn_events_of_every_size_are_vouched_for_up_to_the_first_bad_one(
        tmp_path: Path, sizes: list[int], damage: tuple[int, float, int] | None, cut: int) -> None:
    """Events smaller and larger than the 1 MiB the checks read at a time, ending on and across its ends, a byte
    changed in one, the file cut short."""
    data = bytearray(b"\xfebin" + b"".join(_event(os.urandom(n)) for n in sizes))
    if damage is not None:
        data[4 + int(damage[1] * (len(data) - 4))] ^= damage[2]
    del data[len(data) - cut:]
    path = tmp_path / "drawn.bin"
    path.write_bytes(bytes(data))
    assert _checked(path, 4) == _good_until(bytes(data), 4)


class _AtOnce:
    """``threading.Thread`` whose ``start`` runs the target to its end first: the checks are done before the
    framing asks."""

    def __init__(self, target: Any, **_: Any) -> None:
        self._target = target

    def start(self) -> None:
        self._target()


class _ClaimsEverything:
    """A planted mistake: checks that vouch for every byte of the file."""

    def __init__(self, fd: int, start: int, max_length: int) -> None:
        os.close(fd)
        self.verified_end = 1 << 62

    def run(self) -> None:
        pass

    def stop(self) -> None:
        pass


def _read(path: Path, **options: Any) -> tuple[Any, ...]:
    reader = BinlogReader(str(path), name="f", **options)
    events, ended = [], None
    try:
        for e in itertools.chain.from_iterable(reader.blocks()):
            events.append((e.pos, e.type_code, e.length, e.raw, e.in_payload))
    except BinlogError as err:
        ended = (type(err).__name__, str(err), err.offset, err.length)
    return events, [(type(e).__name__, str(e), e.offset, e.length) for e in reader.errors], ended, reader.position


_DAMAGEABLE = [p for p in _CRC_FILES if 20_000 < p.stat().st_size < 400_000]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_reading_with_the_checks_ahead_gives_what_checking_in_the_framing_gives(
        data: st.DataObject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn damage (bytes changed, cut, inserted) in a checksummed file, read in blocks small and large, in
    stop and skip modes: the same events, errors and end with the checks finished first, running alongside,
    and switched off."""
    source = data.draw(st.sampled_from(_DAMAGEABLE), label="file")
    raw = bytearray(source.read_bytes())
    damages = data.draw(st.integers(1, 3), label="damages")
    for _ in range(damages):
        kind = data.draw(st.sampled_from(["flip", "cut", "insert"]), label="kind")
        at = data.draw(st.integers(200, len(raw) - 1), label="at")
        if kind == "flip":
            raw[at] ^= data.draw(st.integers(1, 255), label="xor")
        elif kind == "cut":
            del raw[at:at + data.draw(st.integers(1, 64), label="n")]
        else:
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=64), label="bytes")
    path = tmp_path / "damaged.bin"
    path.write_bytes(bytes(raw))
    monkeypatch.setattr(reader_module, "FRAME_BLOCK", data.draw(st.sampled_from([4096, 65536, 1 << 20]),
                                                                label="block"))
    monkeypatch.setattr(reader_module, "CHECKSUMS_AHEAD_MIN_BYTES", 0)
    options = {"on_error": data.draw(st.sampled_from(["stop", "skip"]), label="on_error")}

    monkeypatch.setattr(reader_module, "ChecksumsAhead", None)
    reference = _read(path, **options)
    monkeypatch.setattr(reader_module, "ChecksumsAhead", ChecksumsAhead)
    assert _read(path, **options) == reference  # the checks in their thread, as far as they got
    monkeypatch.setattr(threading, "Thread", _AtOnce)
    assert _read(path, **options) == reference  # the checks done before the framing asks


def test_checks_that_vouch_for_a_damaged_event_would_hide_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted mistake the test above must catch: a byte changed in the middle of a checksummed file is found by
    the checks ahead, and missed when they vouch for everything."""
    source = _DAMAGEABLE[0]
    raw = bytearray(source.read_bytes())
    raw[len(raw) // 2] ^= 0x55
    path = tmp_path / "damaged.bin"
    path.write_bytes(bytes(raw))
    monkeypatch.setattr(reader_module, "CHECKSUMS_AHEAD_MIN_BYTES", 0)
    monkeypatch.setattr(threading, "Thread", _AtOnce)
    found = _read(path, on_error="skip")
    assert "ChecksumMismatchError" in {kind for kind, *_ in found[1]}
    monkeypatch.setattr(reader_module, "ChecksumsAhead", _ClaimsEverything)
    assert _read(path, on_error="skip") != found


def test_a_big_local_file_is_checked_ahead_and_a_stream_is_not(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks start for a local file with more than CHECKSUMS_AHEAD_MIN_BYTES to go, once, and stop with the
    read; a file object handed in, and a small file, are checked in the framing."""
    started: list[Any] = []

    class Recorded(ChecksumsAhead):
        def __init__(self, fd: int, start: int, max_length: int) -> None:
            started.append(self)

    monkeypatch.setattr(reader_module, "ChecksumsAhead", Recorded)
    path = next(p for p in _CRC_FILES if p.stat().st_size > 100_000)
    monkeypatch.setattr(reader_module, "CHECKSUMS_AHEAD_MIN_BYTES", path.stat().st_size // 2)
    events = sum(1 for _ in BinlogReader(str(path)))
    assert len(started) == 1
    with path.open("rb") as f:
        assert sum(1 for _ in BinlogReader(f)) == events
    monkeypatch.setattr(reader_module, "CHECKSUMS_AHEAD_MIN_BYTES", path.stat().st_size)
    assert sum(1 for _ in BinlogReader(str(path))) == events
    assert len(started) == 1
