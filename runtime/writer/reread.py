"""Events read again by position, back to front: what an undo binlog needs instead of holding a file's events.

``filter --flashback`` writes a file's transactions last first, so it keeps
each one's event positions on the first read and reads the events again when
it writes them (as ``mysqlbinlog --flashback`` keeps the events of its current
transaction only). :class:`BackwardWindow` reads the file in windows that end
where a transaction ends and reach back up to ``WINDOW`` bytes, so going
through the transactions last first reads each byte about once
(:meth:`BackwardWindow.span` gives the bytes of events whose bounds the first
read kept, :meth:`BackwardWindow.raw` those of an event by its position);
:func:`event_at` frames one event from its bytes as
:class:`~..reader.BinlogReader` does (the common header of
libs/mysql/binlog/event/binlog_event.h ``Log_event_header``).
"""

from __future__ import annotations

import struct
from typing import BinaryIO

from ..constants import FORMAT_DESCRIPTION_EVENT
from ..errors import UnreadableFileError
from ..event import Event
from ..reader import BinlogFormat
from ..storage import open_binlog

__all__ = ["WINDOW", "BackwardWindow", "event_at"]

#: Bytes read at once (a transaction that spans more is read event by event).
WINDOW = 4 << 20
#: The common header: timestamp, type code, server id, event length (v1, v3 and v4), then (v4) the next
#: position and flags (binlog_event.h ``Log_event_header``; ksy/binlog_event.ksy ``event_header``).
_HEADER_V1 = struct.Struct("<IBII")
_HEADER_V4 = struct.Struct("<IBIIIH")
_LENGTH_START, _LENGTH_END = 9, 13
_U4 = struct.Struct("<I")
_CHECKSUM_LEN = 4


def event_at(raw: bytes, pos: int, fmt: BinlogFormat, name: str) -> Event:
    """The event whose bytes are ``raw`` (read at ``pos`` of file ``name``, framed by ``fmt``)."""
    header_len = fmt.header_len
    if header_len >= _HEADER_V4.size:
        timestamp, raw_type, server_id, length, next_pos, flags = _HEADER_V4.unpack_from(raw)
    else:
        timestamp, raw_type, server_id, length = _HEADER_V1.unpack_from(raw)
        next_pos, flags = pos + length, 0
    type_code = fmt.canonical_type(raw_type)
    with_crc = fmt.has_crc32 and type_code != FORMAT_DESCRIPTION_EVENT
    return Event(file=name, pos=pos, type_code=type_code, timestamp=timestamp, server_id=server_id,
                 length=length, end_pos=next_pos, flags=flags, raw=raw, header_len=header_len,
                 checksum_len=_CHECKSUM_LEN if with_crc else 0, post_header_len=fmt.post_header_len(raw_type),
                 in_payload=None)


class BackwardWindow:
    """One binlog file open again for reading events by position, the latest transactions first."""

    def __init__(self, name: str, size: int = WINDOW) -> None:
        self.name = name
        self.size = size
        self.file: BinaryIO = open_binlog(name)
        self.start = self.end = 0
        self.data = b""

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> BackwardWindow:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cover(self, start: int, end: int) -> None:
        """Hold the bytes ``start:end`` (a transaction) and as many before them as fit, unless too many."""
        if (self.start <= start and end <= self.end) or end - start > self.size:
            return
        first = max(0, end - self.size)
        self.data = self._read(first, end - first)
        self.start, self.end = first, end

    def raw(self, pos: int) -> bytes:
        """The whole event that starts at ``pos``."""
        start = pos - self.start
        if 0 <= start and pos + _LENGTH_END <= self.end:
            length = _U4.unpack_from(self.data, start + _LENGTH_START)[0]
        else:
            length = _U4.unpack_from(self._bytes(pos, _LENGTH_END), _LENGTH_START)[0]
        return self._bytes(pos, length)

    def span(self, pos: int, length: int) -> bytes:
        """The ``length`` bytes at ``pos`` (events whose bounds the first read kept)."""
        start = pos - self.start
        if 0 <= start and pos + length <= self.end:
            return self.data[start:start + length]
        return self._bytes(pos, length)

    def _bytes(self, pos: int, length: int) -> bytes:
        if not (self.start <= pos and pos + length <= self.end):
            if length > self.size:
                return self._read(pos, length)
            # inside a transaction too long to hold, whose rows events are read last first
            self.start = max(0, pos + length - self.size)
            self.end = pos + length
            self.data = self._read(self.start, self.end - self.start)
        return self.data[pos - self.start:pos - self.start + length]

    def _read(self, pos: int, length: int) -> bytes:
        self.file.seek(pos)
        data = self.file.read(length)
        if len(data) != length:
            raise UnreadableFileError(f"read again for the undo binlog, {length} bytes at {pos} are not all there "
                                      f"({len(data)}): the file changed", file=self.name, offset=pos)
        return data
