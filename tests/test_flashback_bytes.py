"""``filter --flashback`` patches bytes: the same bytes the read-write classes write from the changed fields.

An undo rows event is its event's bytes with the type code, flags, column
bitmaps and images patched (``writer.flashback.undo_rows_event``), a GTID
renumbered is its bytes with the number patched, and the events are read again
by position (``writer.reread``). Each is compared here with what the specs'
read-write classes make of the same change (the field set, the event
serialized by ``BinlogWriter.write_rw``) and with what the reader frames: on
every fixture and sample, and on binlogs drawn by hypothesis (MySQL and
MariaDB framings, with and without CRC32, v1 and v2 rows events, several rows
per event, flags, extra row info, GTIDs). The images' bounds come from the
compiled scan over plain buffers (``rows.image_bounds``, no numpy): compared
with :func:`~binlog_ksy.runtime.rows.scan.scan_images` on the same images,
whole and cut short.
"""

from __future__ import annotations

import contextlib
import io
import uuid
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.cli import main
from binlog_ksy.generated.rw.binlog_event import BinlogEvent as RwEvent
from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.errors import BinlogError, FlashbackRefusal
from binlog_ksy.runtime.event import Event
from binlog_ksy.runtime.filters import ChangeFilter
from binlog_ksy.runtime.reader import BinlogFormat, BinlogReader
from binlog_ksy.runtime.rows import image_bounds
from binlog_ksy.runtime.rows.events import rows_data
from binlog_ksy.runtime.rows.layouts import image_layouts
from binlog_ksy.runtime.table_map import TableMap
from binlog_ksy.runtime.writer import binlog as binlog_writer
from binlog_ksy.runtime.writer import flashback
from binlog_ksy.runtime.writer.binlog import BinlogWriter, editable
from binlog_ksy.runtime.writer.reread import BackwardWindow, event_at
from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, row_image
from fixture_index import load_index

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").rglob("binlog.0*"))


def _rw_undo(event: Event, table_map: TableMap, fmt: BinlogFormat) -> Any:
    """The undo of a rows event made through its fields: (read-write event, body size)."""
    rw = editable(event, fmt)
    body = rw.body.data
    size = int(rw.len_body)
    code = flashback._PLAIN.get(event.type_code, event.type_code)
    images = rows_data(event, event.body)
    if code != event.type_code:  # compressed: the plain type, the images inflated
        size += len(images) - len(body._raw_compressed_rows)
        body.type_code = code
        for name in dir(body):  # the instances computed from the old type code
            if name.startswith("_invalidate_"):
                with contextlib.suppress(AttributeError):
                    getattr(body, name)()
        body.compressed_rows, body._raw_compressed_rows = None, None
        rw.header.type_code = rw.body.type_code = RwEvent.EventType(code)
    update = code in flashback._UPDATES
    before = bytes(body.columns_before_image)
    after = bytes(body.columns_after_image) if update else before
    body.rows = flashback._reversed_rows(table_map, images, update, before, after, f"{event.file}:{event.pos}")
    if update:
        body.columns_before_image, body.columns_after_image = after, before
    else:
        rw.header.type_code = RwEvent.EventType(flashback._SWAP[code])
    body.flags = body.flags | et.STMT_END_F
    return rw, size


def _patched(fmt: BinlogFormat, raw: bytearray, checksum: bool) -> bytes:
    out = io.BytesIO()
    BinlogWriter(out, fmt).write_bytes(raw, checksum=checksum)
    return out.getvalue()


def _serialized(fmt: BinlogFormat, rw: Any, size: int) -> bytes:
    out = io.BytesIO()
    BinlogWriter(out, fmt).write_rw(rw, size)
    return out.getvalue()


def _rows_events(path: Path) -> Iterator[tuple[Event, Event, TableMap, BinlogFormat]]:
    """Every top-level rows event with its TABLE_MAP event and map, as ``filter`` notes them."""
    reader = ChangeReader(str(path), filters=ChangeFilter(), on_error="skip", verify_checksums=False, history=None)
    maps: dict[int, Event] = {}
    for event in reader.reader:
        found = None
        try:
            if event.in_payload is None and event.type_code == et.TABLE_MAP_EVENT:
                maps[event.body.table_id] = event
            elif event.in_payload is None and event.type_code in et.ROWS_EVENTS:
                table_map = reader.tables.get(event.body.table_id)
                if table_map is not None and table_map.table_id in maps:
                    found = (maps[table_map.table_id], event, table_map)
        except BinlogError:
            pass
        reader.accept(event)
        fmt = reader.reader.format
        if found is not None and fmt is not None:
            yield (*found, fmt)


def _image_starts_agree(event: Event, table_map: TableMap) -> None:
    """The compiled loop over plain buffers finds the images :func:`scan_images` (numpy) finds."""
    body = event.body
    update = bool(body.is_update) and bool(body.has_after_image_bitmap)
    before = bytes(body.columns_before_image)
    layouts = image_layouts(table_map, "update" if update else "delete", before,
                            bytes(body.columns_after_image) if update else before)
    if layouts is None:
        return
    data = rows_data(event, body)
    compiled = image_bounds.image_starts(data, layouts)
    image_bounds.PREFER_COMPILED = False
    try:
        assert compiled == image_bounds.image_starts(data, layouts), f"{event.file}@{event.pos}"
    finally:
        image_bounds.PREFER_COMPILED = True
    for cut in (1, len(data) // 2):  # images cut short: both see where the whole ones end
        if cut < len(data):
            short = image_bounds.image_starts(data[:-cut], layouts)
            image_bounds.PREFER_COMPILED = False
            try:
                assert short == image_bounds.image_starts(data[:-cut], layouts)
            finally:
                image_bounds.PREFER_COMPILED = True


def _check_file(path: Path) -> int:
    """Compare the patched and the serialized undo of every rows event, and the framing of every event read
    again; returns how many rows events were compared."""
    compared = 0
    for map_event, event, table_map, fmt in _rows_events(path):
        try:
            _image_starts_agree(event, table_map)
        except BinlogError:  # images that do not inflate
            pass
        rows = flashback.UndoRows.of(map_event, event, 0)
        again = event_at(event.raw, event.pos, fmt, event.file)
        assert [getattr(again, name) for name in Event.__slots__[:-1]] == [
            getattr(event, name) for name in Event.__slots__[:-1]]
        patched = bytearray(b"before")
        try:
            flashback.undo_rows_event(patched, event.raw, rows, table_map, fmt, event.file)
        except (FlashbackRefusal, BinlogError):  # refused, or images that do not inflate: nothing written
            assert patched == b"before"
            continue
        assert patched.startswith(b"before")
        patched = patched[len(b"before"):]
        rw, size = _rw_undo(event, table_map, fmt)
        assert _patched(fmt, patched, bool(event.checksum_len)) == _serialized(fmt, rw, size), f"{path}@{event.pos}"
        compared += 1
    return compared


def _gtid_check(path: Path) -> int:
    """A GTID renumbered in its bytes is the GTID serialized with the new number; returns how many."""
    checked = 0
    reader = BinlogReader(str(path), on_error="skip", verify_checksums=False)
    for event in reader:
        fmt = reader.format
        if event.in_payload is not None or fmt is None:
            continue
        try:
            number = flashback.gtid_number(event)
        except BinlogError:
            continue
        if number is None or not isinstance(number[3], int):
            continue
        pos, offset, _, value, unsigned = number
        new = (value + 12345) % (1 << 63)
        raw = bytearray(event.raw)
        raw[offset:offset + 8] = new.to_bytes(8, "little", signed=not unsigned)
        rw = editable(event, fmt)
        setattr(rw.body.data, "seq_no" if unsigned else "gno", new)
        assert _patched(fmt, raw, bool(event.checksum_len)) == _serialized(fmt, rw, rw.len_body), f"{path}@{pos}"
        checked += 1
    return checked


def _inputs(tmp: Path) -> list[Path]:
    paths = []
    for fx in load_index():
        try:
            paths.append(fx.readable_path(tmp))
        except (OSError, ValueError):
            continue
    return paths + SAMPLES


def test_patched_undo_events_are_what_the_read_write_classes_write(tmp_path: Path) -> None:
    paths = _inputs(tmp_path)
    assert sum(_check_file(p) for p in paths) > 1000
    assert sum(_gtid_check(p) for p in paths) > 100


def test_the_backward_window_reads_every_event_as_the_reader(tmp_path: Path) -> None:
    """Events read again by position, latest first, in windows smaller and larger than transactions."""
    path = SAMPLES[0]
    events = [e for e in BinlogReader(str(path)) if e.in_payload is None]
    for size in (64, 1000, 1 << 22):
        with BackwardWindow(str(path), size) as window:
            for event in reversed(events):
                window.cover(max(4, event.pos - 300), event.pos + event.length)
                assert window.raw(event.pos) == event.raw


def test_images_scanned_together_are_the_images_scanned_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """The undo binlog of every fixture is the same whether the writer scans the images of alike rows events
    together (``_scan_together``) or each event's alone, in batches of any size (rows events or bytes)."""
    paths = _inputs(tmp_path)

    def undo_all(label: str) -> list[tuple[int, bytes]]:
        found = []
        for i, path in enumerate(paths):
            out = tmp_path / label / str(i)
            code = main(["filter", "--flashback", "--on-error", "skip", "--output", str(out), str(path)])
            written = out / path.name
            found.append((code, written.read_bytes() if written.exists() else b""))
        return found

    together = undo_all("together")
    monkeypatch.setattr(flashback, "SCAN_BATCH", 7)
    assert undo_all("small batches") == together
    monkeypatch.setattr(flashback, "READ_BYTES", 3000)
    assert undo_all("small reads") == together
    monkeypatch.setattr(flashback, "_scan_together", lambda images, layouts: None)
    assert undo_all("alone") == together
    assert sum(len(data) for _, data in together) > 100_000


def test_scanned_together_an_event_cut_short_is_found() -> None:
    """``_scan_together`` gives each event's starts as a scan of it alone, and None when an event's images do
    not end where its data does (an event cut short, whichever its place)."""
    checked = 0
    for path in SAMPLES[:8]:
        for _, event, table_map, _ in _rows_events(path):
            body = event.body
            if body.is_compressed or body.is_partial:
                continue
            update = bool(body.is_update) and bool(body.has_after_image_bitmap)
            before = bytes(body.columns_before_image)
            layouts = image_layouts(table_map, "update" if update else "delete", before,
                                    bytes(body.columns_after_image) if update else before)
            data = rows_data(event, body)
            if layouts is None or not data:
                continue
            alone, whole = image_bounds.image_starts(data, layouts)
            if not whole or len(alone) % len(layouts):
                continue
            assert flashback._scan_together([data, data, data], layouts) == [alone, alone, alone]
            for place in range(3):
                pieces = [data, data, data]
                pieces[place] = data[:-1]
                assert flashback._scan_together(pieces, layouts) is None
            checked += 1
    assert checked > 50


def test_the_compiled_seal_is_its_python_twin() -> None:
    """``BinlogWriter.write_joined``'s loop (``_seal.pyx``) writes the next positions and CRC32 its Python
    twin writes, on the events of every sample laid back to back, and refuses the same cut buffers."""
    from binlog_ksy.runtime.writer import _seal

    for path in SAMPLES[:20]:
        reader = BinlogReader(str(path), on_error="skip", verify_checksums=False)
        events = [e for e in reader if e.in_payload is None and e.type_code != et.FORMAT_DESCRIPTION_EVENT]
        fmt = reader.format
        if not events or fmt is None:
            continue
        checksum = fmt.has_crc32
        joined = bytearray().join(e.raw for e in events)
        for next_position in (True, False):
            compiled, twin = bytearray(joined), bytearray(joined)
            assert _seal.seal_events(compiled, 4, next_position, checksum) == \
                binlog_writer._seal_events_python(twin, 4, next_position, checksum)
            assert compiled == twin, path
        for cut in (1, 5, len(joined) // 2 + 3):
            for seal in (_seal.seal_events, binlog_writer._seal_events_python):
                with pytest.raises(ValueError):
                    seal(bytearray(joined[:-cut]), 4, True, checksum)


def test_an_event_that_cannot_be_turned_stops_the_undo_after_what_precedes_it(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A compressed rows event whose images do not inflate (its CRC32 made right): the undo binlog is the
    undo of the undamaged file up to that event's TABLE_MAP, the events written in batches included."""
    monkeypatch.setattr(flashback, "FLUSH_BYTES", 2000)  # many batches
    source = ROOT / "samples" / "mariadb-10.11" / "shop-compressed" / "binlog.000002"
    data = bytearray(source.read_bytes())
    compressed = [e for e in BinlogReader(str(source)) if e.type_code in flashback._PLAIN]
    event = compressed[1]  # early in the file: late in its undo
    end = event.pos + event.length - 4
    data[end - 3:end - 1] = bytes(b ^ 0xFF for b in data[end - 3:end - 1])  # the zlib stream's check
    data[end:end + 4] = zlib.crc32(bytes(data[event.pos:end])).to_bytes(4, "little")
    damaged = tmp_path / "in" / source.name
    damaged.parent.mkdir()
    damaged.write_bytes(bytes(data))
    assert main(["filter", "--flashback", "--output", str(tmp_path / "whole"), str(source)]) == 0
    assert main(["filter", "--flashback", "--on-error", "skip", "--output", str(tmp_path / "cut"),
                 str(damaged)]) == 1
    whole = (tmp_path / "whole" / source.name).read_bytes()
    cut = (tmp_path / "cut" / source.name).read_bytes()
    assert len(cut) < len(whole) and whole.startswith(cut)
    written = list(BinlogReader(str(tmp_path / "cut" / source.name)))
    assert written[-1].type_code == et.TABLE_MAP_EVENT and len(cut) > 10 * flashback.FLUSH_BYTES


# -- drawn binlogs -----------------------------------------------------------------------------------

_TYPES = [3, 15, 252, 8]  # INT, VARCHAR(80 bytes), BLOB, BIGINT
_METAS = [0, 80, 2, 0]
_VALUES = {3: st.integers(-(1 << 31), (1 << 31) - 1), 15: st.text(max_size=20).filter(lambda s: len(s.encode()) <= 80),
           252: st.binary(max_size=40), 8: st.integers(-(1 << 63), (1 << 63) - 1)}


@st.composite
def _row(draw: Any) -> list[Any]:
    return [draw(st.none() | _VALUES[t]) if i else draw(_VALUES[t]) for i, t in enumerate(_TYPES)]


@st.composite
def drawn_binlog(draw: Any) -> bytes:
    mariadb = draw(st.booleans())
    builder = BinlogBuilder.new("10.11.6" if mariadb else "8.4.3", checksum=draw(st.booleans()))
    everything = bitmap([1] * len(_TYPES))
    source = uuid.UUID(int=draw(st.integers(1, 5))).bytes
    for tx in range(draw(st.integers(1, 4))):
        if not mariadb and draw(st.booleans()):
            builder.gtid(source, draw(st.integers(1, 1 << 40)))
        builder.query("BEGIN", schema="d")
        for _ in range(draw(st.integers(1, 3))):
            builder.table_map(70 + tx, "d", "t", _TYPES, column_metadata(_TYPES, _METAS), bitmap([0, 1, 1, 1]))
            kind = draw(st.sampled_from((23, 24, 25) if mariadb else (30, 31, 32)))  # the servers' post-headers
            images = [row_image(_TYPES, draw(_row()), metadata=_METAS)
                      for _ in range(draw(st.integers(1, 4)) * (2 if kind in (24, 31) else 1))]
            fields: dict[str, Any] = {"flags": draw(st.sampled_from((0, 1, 2, 4, 0x11)))}
            if kind >= 30 and draw(st.booleans()):  # a partition chunk: type 1, the partition id(s)
                fields["extra_row_info"] = bytes([1, 3, 0]) + (bytes([5, 0]) if kind == 31 else b"")
            if kind in (24, 31):  # every column, the bits past them set or not: an undo swaps the two bitmaps
                fields["columns_after"] = draw(st.sampled_from((everything, bytes([everything[0] | 0xF0]))))
            builder.rows(kind, 70 + tx, len(_TYPES), everything, images, **fields)
        builder.xid(tx + 1)
    return builder.to_bytes()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=drawn_binlog())
def test_drawn_binlogs_undo_alike(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "drawn.000001"
    path.write_bytes(data)
    assert _check_file(path) > 0
    _gtid_check(path)
    out = tmp_path / "undo"
    # (a builder's format description without CRC32 stores 0 where the reader expects one: not checked)
    assert main(["filter", "--flashback", "--no-verify-checksums", "--output", str(out), str(path)]) == 0
    again = list(BinlogReader(str(out / path.name), verify_checksums=False))
    assert sum(e.type_code in et.ROWS_EVENTS for e in again) == sum(
        e.type_code in et.ROWS_EVENTS for e in BinlogReader(str(path), verify_checksums=False))


if __name__ == "__main__":
    pytest.main([__file__])
