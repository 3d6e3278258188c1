"""FLOAT and DOUBLE column values, and the shortest text of a 32-bit float.

Row image: IEEE 754 little endian, 4 bytes for FLOAT and 8 for DOUBLE (the
TABLE_MAP metadata byte is the pack length; binary_log_funcs.cpp
``calc_field_size``; sql/log_event.cc ``log_event_print_value``
``float4get``/``float8get``). :mod:`binlog_ksy.runtime.rows.image` decodes them
with ``struct``; this module gives a FLOAT the text MySQL shows for it.
"""

from __future__ import annotations

import math
import struct

__all__ = ["float32_shortest"]

_F32 = struct.Struct("<f")


def _as_float32(value: float) -> float:
    try:
        return _F32.unpack(_F32.pack(value))[0]
    except OverflowError:  # a candidate rounded past FLT_MAX
        return math.inf if value > 0 else -math.inf


def float32_shortest(value: float) -> float:
    """The double with the fewest decimal digits that reads back as the same float32.

    ``float32_shortest(struct.unpack('<f', b'\\xcd\\xcc\\x8c\\x3f')[0])`` is ``1.1``, not
    ``1.100000023841858``: tries 1 to 9 significant digits (9 always round-trip
    a binary32). ``repr()`` of the result is that shortest text. NaN and
    infinities are returned unchanged.
    """
    if value == 0.0 or math.isnan(value) or math.isinf(value):
        return value
    for digits in range(1, 10):
        candidate = float(f"{value:.{digits}g}")
        if _as_float32(candidate) == value:
            return candidate
    return value
