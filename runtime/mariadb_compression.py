"""Inflate the zlib-compressed parts of MariaDB's compressed events (types 165-171).

Layout (``event_mariadb::compressed_data``): a header byte (0x80 set, algorithm in
bits 4-6, 0 = zlib; length-of-length in bits 0-2), the uncompressed length in
big-endian, then a zlib stream. MariaDB sql/log_event.cc ``binlog_buf_uncompress``.
"""

from __future__ import annotations

import zlib
from typing import Any

from .errors import CompressionError

#: Refuse to inflate more than this (MariaDB's own limit is max_allowed_packet, 1 GiB at most).
MAX_UNCOMPRESSED = 1 << 30


def inflate(compressed: Any) -> bytes:
    """The uncompressed bytes of a parsed ``compressed_data`` object."""
    algorithm = int(getattr(compressed, "algorithm", 0))
    if algorithm != 0:
        raise CompressionError(f"unknown compression algorithm {algorithm} (only zlib, 0, exists)")
    expected = int(compressed.len_uncompressed)
    if expected > MAX_UNCOMPRESSED:
        raise CompressionError(f"announced uncompressed length {expected} is impossible")
    try:
        d = zlib.decompressobj()
        data = d.decompress(bytes(compressed.data), expected + 1)
    except zlib.error as exc:
        raise CompressionError(f"zlib data does not inflate: {exc}") from None
    if len(data) != expected:
        raise CompressionError(f"inflates to {len(data)} bytes, header says {expected}")
    return data
