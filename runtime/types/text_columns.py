"""Text of single-byte character sets turned into UTF-8 a whole column at a time.

A single-byte character set (MySQL's latin1, which is Windows-1252 with five
pass-through bytes: strings/ctype-latin1.cc ``cs_to_uni``; cp1251, koi8r,
latin2 and the other ``strings/ctype-extra.cc`` tables) gives every byte one
character, whatever its neighbours. So a column's values, gathered end to end
(:func:`..rows.scan.gather_values`), become UTF-8 through a 256-entry table:
each byte's UTF-8 bytes, 1 to 3 of them. The table is built from the row
decoder's own decoding of each byte (:func:`.strings.text_decoder`), so both
paths give the same text. A charset where some byte has no character, or
where a byte is not a character on its own (multi-byte sets, UTF-16), has no
table: its values are decoded one by one.
"""

from __future__ import annotations

import codecs
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from .charsets import decode_mysql_latin1

__all__ = ["SingleByteTable", "single_byte_table", "to_utf8"]

#: ``(utf8, sizes)``: the UTF-8 bytes of each byte's character (``(256, 3)``, zero padded) and their counts.
SingleByteTable = tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]


@lru_cache(maxsize=64)
def single_byte_table(codec: str) -> SingleByteTable | None:
    """The table of a Python codec (or ``mysql_latin1``) that decodes every byte on its own; else ``None``."""
    if codec == "mysql_latin1":
        decode = decode_mysql_latin1
    else:
        try:
            codecs.lookup(codec)
        except LookupError:
            return None

        def decode(raw: bytes) -> str:
            return raw.decode(codec)
    utf8 = np.zeros((256, 3), dtype=np.uint8)
    sizes = np.zeros(256, dtype=np.int64)
    chars = []
    for b in range(256):
        try:
            char = decode(bytes([b]))
        except UnicodeDecodeError:
            return None
        if len(char) != 1:
            return None
        chars.append(char)
        encoded = char.encode("utf-8")
        if len(encoded) > 3:
            return None
        utf8[b, : len(encoded)] = np.frombuffer(encoded, dtype=np.uint8)
        sizes[b] = len(encoded)
    if decode(bytes(range(256))) != "".join(chars):  # not stateless byte by byte
        return None
    return utf8, sizes


def to_utf8(bounds: npt.NDArray[np.int32], values: npt.NDArray[np.uint8], table: SingleByteTable
            ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """Values in a single-byte charset (Arrow's offsets + data layout) as UTF-8, in the same layout."""
    utf8, sizes = table
    size = sizes[values]
    ends = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(size, out=ends[1:])
    out = utf8[values][np.arange(3) < size[:, None]]
    return ends[bounds].astype(np.int32), np.ascontiguousarray(out)
