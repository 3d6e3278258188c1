"""VECTOR column values (MySQL 9.0+).

Row image: like a BLOB with a 4-byte little-endian length (metadata 4), then
the elements as IEEE 754 binary32 little endian (binary_log_funcs.cpp
``calc_field_size`` groups VECTOR with the BLOB types; sql/field.h
``Field_vector``). The Python value is a ``list`` of ``float``.
"""

from __future__ import annotations

import struct

__all__ = ["decode_vector"]


def decode_vector(raw: bytes) -> list[float]:
    """Decode a VECTOR value (without its length prefix) to a list of floats."""
    if len(raw) % 4:
        raise ValueError(f"VECTOR value of {len(raw)} bytes is not a whole number of float32")
    return list(struct.unpack(f"<{len(raw) // 4}f", raw))
