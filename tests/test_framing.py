"""The compiled framing loop makes exactly the events the reader's own framing makes, and the same errors.

``BinlogReader`` frames the plain events of each 1 MiB block with ``_framing.frame_events`` and leaves
everything it is not sure of (format descriptions, START_ENCRYPTION, bad lengths, events that cross the
block's end, CRC32 mismatches) to ``BinlogReader._next_event``, which frames every event when the compiled
module is not there. The reference here is the reader with the compiled loop switched off: on every fixture
and sample, with checksums verified or not, in stop and skip modes, from a file or a stream that cannot seek,
and on drawn damage (bytes changed, cut, inserted) read through blocks small enough that events cross them.
The events taken in blocks (``BinlogReader.blocks``) are the same, with the same errors and end position.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import itertools
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime import reader as reader_module
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import FIXTURES, ROOT

FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix not in (".tsv", ".md")) + sorted(
    (ROOT / "samples").rglob("binlog.0*"))
COMPILED = reader_module.frame_events


class _Stream(io.RawIOBase):
    """The bytes of a file as a stream that cannot seek, handing out at most ``piece`` bytes a read."""

    def __init__(self, data: bytes, piece: int) -> None:
        self._data, self._at, self._piece = data, 0, piece

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def read(self, n: int = -1) -> bytes:
        end = len(self._data) if n < 0 else self._at + min(n, self._piece)
        out = self._data[self._at:end]
        self._at += len(out)
        return out


def _read(source: Any, compiled: bool, monkeypatch: pytest.MonkeyPatch, blocks: bool = False,
          **options: Any) -> tuple[Any, ...]:
    """Every event (all fields and bytes) and every error of one read, and how it ended (``blocks``: the events
    taken in blocks, ``BinlogReader.blocks``)."""
    monkeypatch.setattr(reader_module, "frame_events", COMPILED if compiled else None)
    if isinstance(source, tuple):
        source = _Stream(*source)
    reader = BinlogReader(source, name="f", **options)
    events = []
    ended = None
    try:
        for e in itertools.chain.from_iterable(reader.blocks()) if blocks else reader:
            events.append((e.file, e.pos, e.type_code, e.timestamp, e.server_id, e.length, e.end_pos, e.flags,
                           e.raw, e.header_len, e.checksum_len, e.post_header_len, e.in_payload))
    except BinlogError as err:
        ended = (type(err).__name__, str(err), err.offset, err.length)
    errors = [(type(err).__name__, str(err), err.offset, err.length) for err in reader.errors]
    return events, errors, ended, reader.position


def _same(source: Any, monkeypatch: pytest.MonkeyPatch, **options: Any) -> int:
    fast = _read(source, True, monkeypatch, **options)
    reference = _read(source, False, monkeypatch, **options)
    assert fast == reference
    assert _read(source, True, monkeypatch, blocks=True, **options) == reference  # in blocks: the same
    return len(fast[0])


def test_the_compiled_loop_is_built() -> None:
    """``./setup.sh`` (pip install) compiles it: the reader is not silently on the slow path."""
    assert COMPILED is not None


def test_the_event_is_compiled_and_behaves_as_its_plain_python_source() -> None:
    """``runtime/event.py`` compiled (``Event`` an extension type, ``event.pxd``) and run as plain Python: the same
    fields, body bytes, parsed bodies and text for every event of a sample; compiled events pickle and copy."""
    from binlog_ksy.runtime import event as compiled

    assert Path(compiled.__file__).suffix == ".so", compiled.__file__
    spec = importlib.util.spec_from_file_location("binlog_ksy.runtime._event_as_python", ROOT / "runtime" / "event.py")
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    assert plain.Event is not compiled.Event
    names = ("file", "pos", "type_code", "timestamp", "server_id", "length", "end_pos", "flags", "raw",
             "header_len", "checksum_len", "post_header_len", "in_payload")
    events = list(BinlogReader(str(ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001")))
    assert len(events) > 50 and all(type(e) is compiled.Event for e in events)
    for event in events:
        twin = plain.Event(**{name: getattr(event, name) for name in names})
        assert (twin.body_bytes, twin.type_name, repr(twin)) == (event.body_bytes, event.type_name, repr(event))
        fields = [{k: v for k, v in vars(e.body).items() if not k.startswith("_") and isinstance(v, (int, bytes, str))}
                  for e in (twin, event)]
        assert type(twin.body) is type(event.body) and fields[0] == fields[1]
        for again in (pickle.loads(pickle.dumps(event)), copy.copy(event)):
            assert [getattr(again, name) for name in names] == [getattr(event, name) for name in names]


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_every_fixture_frames_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = path.read_bytes()
    for on_error in ("stop", "skip"):
        for verify in (True, False):
            _same(path, monkeypatch, on_error=on_error, verify_checksums=verify)
    _same((data, 4096), monkeypatch, on_error="skip")
    monkeypatch.setattr(reader_module, "FRAME_BLOCK", 97)  # events cross the blocks' ends everywhere
    _same(path, monkeypatch, on_error="skip")
    _same((data, 50), monkeypatch, on_error="stop")


_SMALL = [p for p in FILES if p.stat().st_size < 200_000]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_drawn_damage_frames_the_same(data: st.DataObject, monkeypatch: pytest.MonkeyPatch) -> None:
    path = data.draw(st.sampled_from(_SMALL), label="file")
    raw = bytearray(path.read_bytes())
    for _ in range(data.draw(st.integers(1, 4), label="damages")):
        kind = data.draw(st.sampled_from(["flip", "cut", "insert", "truncate"]), label="kind")
        at = data.draw(st.integers(0, max(0, len(raw) - 1)), label="at")
        if kind == "flip" and raw:
            raw[at] ^= data.draw(st.integers(1, 255), label="xor")
        elif kind == "cut":
            del raw[at:at + data.draw(st.integers(1, 64), label="n")]
        elif kind == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=64), label="bytes")
        else:
            del raw[at:]
    block = data.draw(st.sampled_from([19, 64, 500, 4096, 1 << 20]), label="block")
    monkeypatch.setattr(reader_module, "FRAME_BLOCK", block)
    source: Any = io.BytesIO(bytes(raw))
    if data.draw(st.booleans(), label="stream"):
        source = (bytes(raw), data.draw(st.integers(1, 5000), label="piece"))
    options: dict[str, Any] = {"on_error": data.draw(st.sampled_from(["stop", "skip"]), label="on_error"),
                               "verify_checksums": data.draw(st.booleans(), label="verify")}
    if isinstance(source, io.BytesIO):
        fast = _read(io.BytesIO(bytes(raw)), True, monkeypatch, **options)
        reference = _read(io.BytesIO(bytes(raw)), False, monkeypatch, **options)
        assert fast == reference
        assert _read(io.BytesIO(bytes(raw)), True, monkeypatch, blocks=True, **options) == reference
    else:
        _same(source, monkeypatch, **options)
