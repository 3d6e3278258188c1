"""Write binlog files event by event, through the read-write classes generated from the specs.

Every event is parsed with ``generated/rw`` (Kaitai ``--read-write`` from the
same ``ksy/``), may be changed there (a rows event's flags, say), and is
serialized again; :class:`BinlogWriter` then does what Kaitai leaves to its
user (Kaitai Struct's read-write mode): the header's
``event_length`` and ``next_position`` (the offset where the next event
starts) and the CRC32 of files whose format description announces it
(libs/mysql/binlog/event/binlog_event.h ``Log_event_header``; sql/log_event.cc
``Log_event::write_footer``). The format description is written as the input
had it. An event changed in its bytes instead (``filter --flashback``) gets the
same: :meth:`BinlogWriter.write_bytes`, :meth:`BinlogWriter.write_many`, and for
events already laid back to back :meth:`BinlogWriter.write_joined` (the
compiled loop of ``_seal.pyx``, or its Python twin :func:`_seal_events_python`).
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from typing import Any, BinaryIO

from kaitaistruct import KaitaiStream

from .. import constants as et
from ..errors import MalformedEventError
from ..event import Event
from ..reader import BinlogFormat

__all__ = ["TYPE_CODE_OFFSET", "BinlogWriter", "editable", "rename_database", "seal_events"]

#: Where the common header keeps the event type, the event's length and (v4) the next event's position
#: (libs/mysql/binlog/event/binlog_event.h ``EVENT_TYPE_OFFSET``, ``EVENT_LEN_OFFSET``, ``LOG_POS_OFFSET``;
#: ksy/binlog_event.ksy ``event_header``).
TYPE_CODE_OFFSET = 4
_LENGTH_START = 9
_NEXT_POSITION_START, _NEXT_POSITION_END = 13, 17
_U4 = struct.Struct("<I")
_CHECKSUM_LEN = 4


def _seal_events_python(buf: bytearray, position: int, next_position: bool, checksum: bool) -> tuple[int, int]:
    """The events laid back to back in ``buf`` (each with its right event length), the first to be written at
    file offset ``position``: each one's next position and CRC32 written in place. Returns the offset after the
    last one and how many events there are (``_seal.pyx``'s ``seal_events``, in Python)."""
    least = (_NEXT_POSITION_END if next_position else _LENGTH_START + 4) + (_CHECKSUM_LEN if checksum else 0)
    pack, unpack, crc32 = _U4.pack_into, _U4.unpack_from, zlib.crc32
    n, i, count = len(buf), 0, 0
    with memoryview(buf) as view:
        while i < n:
            if n - i < least:
                raise ValueError(f"{n - i} bytes at {i} are not a whole event")
            length = unpack(buf, i + _LENGTH_START)[0]
            if length < least or length > n - i:
                raise ValueError(f"event at {i} of length {length} does not fit in {n - i} bytes")
            position += length
            if position > 0xFFFFFFFF:
                raise ValueError(f"next position {position} past 4 GiB")
            if next_position:
                pack(buf, i + _NEXT_POSITION_START, position)
            if checksum:
                pack(buf, i + length - _CHECKSUM_LEN, crc32(view[i:i + length - _CHECKSUM_LEN]))
            i += length
            count += 1
    return position, count


seal_events: Callable[[bytearray, int, bool, bool], tuple[int, int]]
try:
    from ._seal import seal_events
except ImportError:  # pragma: no cover - an install without the compiled module
    seal_events = _seal_events_python

#: Instances that re-read bytes a field holds: switched off before writing, or they would overwrite it.
_VIEWS = {"FORMAT_DESCRIPTION_EVENT": ("version",)}


def editable(event: Event, fmt: BinlogFormat) -> Any:
    """The event parsed by the read-write classes (header, body, checksum), ready to change and write."""
    # imported when first needed: a writer that only copies and patches bytes (filter --flashback) never does
    from ...generated.rw.binlog_event import BinlogEvent as RwEvent

    rw = RwEvent(fmt.header_len, fmt.post_header_lengths, fmt.has_crc32, fmt.uses_pre_ga_numbering,
                 KaitaiStream(io.BytesIO(event.raw)))
    try:
        rw._read()
        rw._fetch_instances()
    except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors
        raise MalformedEventError(f"body does not parse: {type(exc).__name__}: {exc}", file=event.file,
                                  offset=event.pos, event_type=event.type_name, length=event.length) from None
    for name in _VIEWS.get(event.type_name, ()):
        setattr(rw.body.data, f"{name}__enabled", False)
    return rw


class BinlogWriter:
    """A binlog being written: the magic, then events with their lengths, positions and CRC32 made right."""

    def __init__(self, out: BinaryIO, fmt: BinlogFormat) -> None:
        self.out = out
        self.fmt = fmt
        out.write(et.BINLOG_MAGIC)
        self.position = len(et.BINLOG_MAGIC)
        self.events = 0

    def write(self, event: Event, rw: Any | None = None, body_size: int | None = None) -> int:
        """Write one event (``rw``: its read-write object when it was changed); returns where it starts.

        ``body_size`` is the body's new size when a change resized it (a renamed
        database); by default the body keeps the size it had.
        """
        if rw is None and body_size is None:
            return self._copy(event)
        if rw is None:
            rw = editable(event, self.fmt)
        return self.write_rw(rw, rw.len_body if body_size is None else body_size)

    def _copy(self, event: Event) -> int:
        """An unchanged event: its bytes, with the header's next position and the CRC32 made right.

        The same bytes the read-write classes would write back (the body and every other header field
        are as read; the CRC32 covers the header and body as written, log_event.cc
        ``Log_event::write_footer``), without parsing the body.
        """
        return self.write_bytes(bytearray(event.raw), checksum=bool(event.checksum_len))

    def write_bytes(self, raw: bytearray, *, checksum: bool) -> int:
        """An event given as its bytes (``checksum``: its last 4 bytes are the CRC32's place), changed in place:
        the header's event length and next position and the CRC32 made right; returns where it starts.

        What :meth:`write_rw` does after serializing, for events changed without the read-write classes
        (an undo rows event: a type code, flags, bitmaps and images patched in its bytes).
        """
        start = self.position
        self.write_many([raw], checksum=checksum)
        return start

    def write_many(self, raws: list[bytearray], *, checksum: bool) -> None:
        """Events given as their bytes, one after the other: :meth:`write_bytes` of each, in one write."""
        pack = _U4.pack_into
        for raw in raws:
            pack(raw, _LENGTH_START, len(raw))
        self.write_joined(bytearray().join(raws), checksum=checksum)

    def write_joined(self, buf: bytearray, *, checksum: bool) -> None:
        """Events laid back to back in ``buf``, each with its right event length (``checksum``: each ends with
        the CRC32's place): their next positions and CRC32 made right in place, then written at once."""
        if not buf:
            return
        self.position, count = seal_events(buf, self.position, self.fmt.header_len >= _NEXT_POSITION_END,
                                           checksum)
        self.out.write(buf)
        self.events += count

    def write_rw(self, rw: Any, size: int, *, crc_in_body: bool = False) -> int:
        """Write an event given as its read-write object whose body serializes to ``size`` bytes.

        ``crc_in_body``: the body ends with the event's CRC32 (a format description
        built from fields, whose checksum field is computed here as the server does).
        """
        if hasattr(rw.body.data, "_check"):
            rw.body.data._check()
        rw.body._check()
        stream = KaitaiStream(io.BytesIO(bytearray(size)))
        rw.body._write(stream)
        body_bytes = bytes(stream.to_byte_array())
        has_crc = rw.has_checksum
        length = self.fmt.header_len + len(body_bytes) + (4 if has_crc else 0)
        header = rw.header
        header.event_length = length
        if self.fmt.header_len >= _NEXT_POSITION_END:
            header.next_position = self.position + length
        header._check()
        head = KaitaiStream(io.BytesIO(bytearray(self.fmt.header_len)))
        header._write(head)
        raw = bytes(head.to_byte_array()) + body_bytes
        if has_crc:
            raw += zlib.crc32(raw).to_bytes(4, "little")
        elif crc_in_body:  # computed with et.LOG_EVENT_BINLOG_IN_USE_F clear, as the server does
            unflagged = bytearray(raw[:-4])
            unflagged[17] &= ~et.LOG_EVENT_BINLOG_IN_USE_F & 0xFF
            raw = raw[:-4] + zlib.crc32(unflagged).to_bytes(4, "little")
        self.out.write(raw)
        start = self.position
        self.position += len(raw)
        self.events += 1
        return start


def rename_database(event: Event, rw: Any, renames: dict[str, str]) -> int | None:
    """Rename the database of a TABLE_MAP, or the default database of a QUERY, in place.

    Returns the body's new size, or ``None`` when nothing was renamed (as
    ``mysqlbinlog --rewrite-db``: statements' own qualified names are left alone).
    """
    body = rw.body.data
    code = event.type_code
    if code == et.TABLE_MAP_EVENT:
        old = body.schema.encode("utf-8")
    elif code in et.QUERY_EVENTS and hasattr(body, "schema") and not getattr(body, "is_malformed", False):
        old = bytes(body.schema)
    else:
        return None
    name = renames.get(old.decode("utf-8", "replace"))
    if name is None:
        return None
    new = name.encode("utf-8")
    if len(new) > 255:
        raise ValueError(f"database name {name!r} is too long for a binlog event")
    body.schema = name if code == et.TABLE_MAP_EVENT else new
    body.len_schema = len(new)
    body._check()
    return int(rw.len_body) + len(new) - len(old)
