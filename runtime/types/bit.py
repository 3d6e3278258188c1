"""BIT(n) column values.

Row image: ``(n + 7) // 8`` bytes (metadata high byte = whole bytes, low byte
= n % 8; binary_log_funcs.cpp ``calc_field_size``), the value as a big-endian
unsigned integer (sql/log_event.cc ``my_b_write_bit`` reads bit ``n-1`` first
from the first byte). The Python value is an ``int``.
"""

from __future__ import annotations

__all__ = ["bit_size"]


def bit_size(meta: int) -> int:
    """Bytes of a BIT value from its packed metadata ``bytes << 8 | bits``."""
    return (meta >> 8) + (1 if meta & 0xFF else 0)
