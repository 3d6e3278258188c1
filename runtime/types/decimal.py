"""NEWDECIMAL column values: MySQL's exact binary decimal to :class:`decimal.Decimal`.

Layout (strings/decimal.cc ``decimal2bin``/``bin2decimal``;
libs/mysql/binlog/event/binary_log_funcs.cpp ``decimal_binary_size``):

* the ``intg = precision - scale`` integer digits and the ``scale`` fraction
  digits are cut into groups of 9 decimal digits stored as 4-byte big-endian
  integers; the integer part starts with a leading partial group of
  ``intg % 9`` digits and the fraction ends with a trailing partial group of
  ``scale % 9`` digits, each stored in ``dig2bytes[n]`` =
  ``{0, 1, 1, 2, 2, 3, 3, 4, 4, 4}`` bytes, big endian;
* the sign is the top bit of the first byte, inverted (set = positive);
* a negative number has every byte complemented (``^ 0xFF``).

Every digit is kept: ``Decimal('1.50')`` keeps its scale of 2, ``-0.01`` is
``Decimal('-0.01')``.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache

__all__ = ["DIG2BYTES", "decimal_binary_size", "decode_decimal", "decimal_decoder"]

#: Bytes needed for 0..9 leftover decimal digits (strings/decimal.cc ``dig2bytes``).
DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)
_DIG_PER_DEC1 = 9


def decimal_binary_size(precision: int, scale: int) -> int:
    """Size in bytes of a DECIMAL(precision, scale) value.

    Source: binary_log_funcs.cpp ``decimal_binary_size``.
    """
    if not (0 <= scale <= precision and precision > 0):
        raise ValueError(f"bad DECIMAL({precision},{scale})")
    intg = precision - scale
    intg0, intg0x = divmod(intg, _DIG_PER_DEC1)
    frac0, frac0x = divmod(scale, _DIG_PER_DEC1)
    return intg0 * 4 + DIG2BYTES[intg0x] + frac0 * 4 + DIG2BYTES[frac0x]


def _groups(precision: int, scale: int) -> list[tuple[int, int]]:
    """(bytes, digits) of each group, most significant first."""
    intg = precision - scale
    intg0, intg0x = divmod(intg, _DIG_PER_DEC1)
    frac0, frac0x = divmod(scale, _DIG_PER_DEC1)
    groups: list[tuple[int, int]] = []
    if intg0x:
        groups.append((DIG2BYTES[intg0x], intg0x))
    groups.extend([(4, 9)] * (intg0 + frac0))
    if frac0x:
        groups.append((DIG2BYTES[frac0x], frac0x))
    return groups


@lru_cache(maxsize=512)
def decimal_decoder(precision: int, scale: int) -> Callable[[bytes], Decimal]:
    """A function decoding one DECIMAL(precision, scale) value of exact size.

    The layout is computed once per (precision, scale); the returned function
    takes exactly :func:`decimal_binary_size` bytes.

    Source: strings/decimal.cc ``bin2decimal``.
    """
    size = decimal_binary_size(precision, scale)
    bits = size * 8
    top = 1 << (bits - 1)
    flip_negative = ((1 << bits) - 1) ^ top
    # (shift, mask, limit, multiplier) for each group, from the most significant.
    plan = []
    shift = bits
    for nbytes, digits in _groups(precision, scale):
        shift -= nbytes * 8
        plan.append((shift, (1 << (nbytes * 8)) - 1, 10**digits))
    exponent = f"E-{scale}" if scale else ""

    def decode(raw: bytes) -> Decimal:
        if len(raw) != size:
            raise ValueError(f"DECIMAL({precision},{scale}) needs {size} bytes, got {len(raw)}")
        x = int.from_bytes(raw, "big")
        if x & top:
            negative = False
            x ^= top
        else:
            negative = True
            x ^= flip_negative
        number = 0
        for sh, mask, limit in plan:
            group = (x >> sh) & mask
            if group >= limit:
                raise ValueError(
                    f"corrupt DECIMAL({precision},{scale}) group {group} has more than "
                    f"{len(str(limit)) - 1} digits"
                )
            number = number * limit + group
        if negative and number:
            return Decimal(f"-{number}{exponent}")
        return Decimal(f"{number}{exponent}")

    return decode


def decode_decimal(raw: bytes, precision: int, scale: int) -> Decimal:
    """Decode a MYSQL_TYPE_NEWDECIMAL value of ``decimal_binary_size(p, s)`` bytes.

    Layout: strings/decimal.cc ``bin2decimal``; MariaDB strings/decimal.c.

    Examples
    --------
    >>> decode_decimal(bytes.fromhex("7ffffffe f5"), 10, 2)
    Decimal('-1.10')
    """
    return decimal_decoder(precision, scale)(raw)
