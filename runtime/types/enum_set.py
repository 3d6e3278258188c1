"""ENUM and SET column values.

Row image (sql/log_event.cc ``log_event_print_value``; binary_log_funcs.cpp
``calc_field_size``): both are logged as ``MYSQL_TYPE_STRING`` whose metadata
high byte is the real type (ENUM 247, SET 248) and whose low byte is the
pack length. ENUM: the 1-based index of the label, 1 or 2 bytes little
endian (0 = the empty "error" value). SET: a little-endian bitmap of 1-8
bytes, bit ``i`` = member ``i`` in definition order. The labels come only from
optional metadata ENUM_STR_VALUE / SET_STR_VALUE (or a schema file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["decode_set", "enum_decoder", "set_decoder"]


def decode_set(mask: int, labels: Sequence[str] | None) -> tuple[str, ...] | int:
    """SET value: the tuple of member labels in definition order, or the bitmask.

    The bitmask is returned when the labels are unknown or when a bit is set
    beyond the last known label (schema out of date).
    """
    if labels is None or mask >> len(labels):
        return mask
    return tuple(label for i, label in enumerate(labels) if mask >> i & 1)


def enum_decoder(labels: Sequence[str] | None) -> Callable[[int], str | int]:
    """A fast ``index -> value`` function for one ENUM column."""
    if labels is None:
        return int
    table = ("", *labels)
    n = len(table)

    def decode(index: int) -> str | int:
        return table[index] if index < n else index

    return decode


def set_decoder(labels: Sequence[str] | None) -> Callable[[int], tuple[str, ...] | int]:
    """A fast ``bitmask -> value`` function for one SET column (cached per mask)."""
    if labels is None:
        return int
    labels = tuple(labels)
    cache: dict[int, tuple[str, ...] | int] = {}

    def decode(mask: int) -> tuple[str, ...] | int:
        value = cache.get(mask)
        if value is None:
            value = decode_set(mask, labels)
            if len(cache) < 4096:
                cache[mask] = value
        return value

    return decode
