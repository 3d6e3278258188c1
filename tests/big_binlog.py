"""A large binlog made from a small one: its transactions repeated, positions and checksums rewritten."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from binlog_ksy import read_events
from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.constants import GTID_EVENTS

MAGIC = b"\xfebin"


def grow_binlog(src: Path, dst: Path, target_bytes: int) -> int:
    """Write ``dst``: ``src``'s events before its first GTID event, then its transactions (first GTID event up to
    the closing ROTATE or STOP) again and again until ``target_bytes``; each copy's next-position field and CRC32
    match where it lands. Returns how many times the transactions were written."""
    reader = read_events(src)
    events = [e for e in reader if e.in_payload is None]
    fmt = reader.format
    assert fmt is not None and fmt.binlog_version == 4
    crc = fmt.has_crc32
    first = next(i for i, e in enumerate(events) if e.type_code in GTID_EVENTS)
    last = len(events)
    while events[last - 1].type_code in (et.ROTATE_EVENT, et.STOP_EVENT):
        last -= 1
    body = events[first:last]
    copies = 0
    with open(dst, "wb") as out:
        out.write(MAGIC)
        for e in events[:first]:
            out.write(e.raw)
        pos = out.tell()
        while pos < target_bytes:
            for e in body:
                raw = bytearray(e.raw)
                struct.pack_into("<I", raw, 13, pos + len(raw))
                if crc:
                    struct.pack_into("<I", raw, len(raw) - 4, zlib.crc32(raw[:-4]))
                out.write(raw)
                pos += len(raw)
            copies += 1
    return copies
