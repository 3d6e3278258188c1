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
from decimal import Context, Decimal
from functools import lru_cache
from typing import Any

__all__ = ["DIG2BYTES", "decimal_binary_size", "decimal_groups", "decimal_source", "decode_decimal", "decimal_decoder"]

#: Bytes needed for 0..9 leftover decimal digits (strings/decimal.cc ``dig2bytes``).
DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)
_DIG_PER_DEC1 = 9

#: A context wide enough that ``Decimal(n).scaleb(-scale, EXACT_CONTEXT)`` never
#: rounds: DECIMAL has at most 65 digits (MySQL) / 65 (MariaDB).
EXACT_CONTEXT = Context(prec=100)


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


def decimal_groups(precision: int, scale: int) -> list[tuple[int, int]]:
    """(bytes, digits) of each stored group, most significant first (``bin2decimal`` order)."""
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


def decimal_source(precision: int, scale: int, src: str, dst: str) -> list[str]:
    """Python statements setting ``dst`` to the Decimal of the bytes in ``src``.

    Used to generate :func:`decimal_decoder` and the row decoders' inline
    code; temporaries are named ``<dst>_x``, ``<dst>_s``, ``<dst>_g<i>``. The
    statements need ``_ifb`` (``int.from_bytes``), ``_D`` (``Decimal``) and
    ``_CTX`` (:data:`EXACT_CONTEXT`) in scope.

    Source: strings/decimal.cc ``bin2decimal``.
    """
    size = decimal_binary_size(precision, scale)
    bits = size * 8
    top = 1 << (bits - 1)
    x, sign = f"{dst}_x", f"{dst}_s"
    lines = [
        f"{x} = _ifb({src}, 'big')",
        f"if {x} & {top}:",
        f"    {x} ^= {top}",
        f"    {sign} = 1",
        "else:",
        f"    {x} ^= {((1 << bits) - 1) ^ top}",
        f"    {sign} = -1",
    ]
    terms = []
    checks = []
    shift = bits
    digits_after = precision
    for i, (nbytes, digits) in enumerate(decimal_groups(precision, scale)):
        shift -= nbytes * 8
        digits_after -= digits
        group = f"{dst}_g{i}"
        mask = (1 << (nbytes * 8)) - 1
        lines.append(f"{group} = ({x} >> {shift}) & {mask}" if shift else f"{group} = {x} & {mask}")
        checks.append(f"{group} >= {10 ** digits}")
        terms.append(f"{group} * {10 ** digits_after}" if digits_after else group)
    if checks:
        lines.append(f"if {' or '.join(checks)}:")
        lines.append(f"    raise ValueError('corrupt DECIMAL({precision},{scale}): a digit group is out of range')")
    number = " + ".join(terms) or "0"
    if scale:
        lines.append(f"{dst} = _D({sign} * ({number})).scaleb({-scale}, _CTX)")
    else:
        lines.append(f"{dst} = _D({sign} * ({number}))")
    return lines


#: Names :func:`decimal_source` statements need.
DECIMAL_SOURCE_NAMES: dict[str, Any] = {"_ifb": int.from_bytes, "_D": Decimal, "_CTX": EXACT_CONTEXT}


@lru_cache(maxsize=512)
def decimal_decoder(precision: int, scale: int) -> Callable[[bytes], Decimal]:
    """A function decoding one DECIMAL(precision, scale) value of exact size.

    Generated once per (precision, scale) with the digit groups unrolled
    (:func:`decimal_source`); it takes exactly :func:`decimal_binary_size`
    bytes and raises ``ValueError`` for a digit group out of range (a corrupt
    value).

    Source: strings/decimal.cc ``bin2decimal``.
    """
    size = decimal_binary_size(precision, scale)
    lines = [
        "def decode(raw):",
        f"    if len(raw) != {size}:",
        f"        raise ValueError('DECIMAL({precision},{scale}) needs {size} bytes, got %d' % len(raw))",
    ]
    lines += ["    " + line for line in decimal_source(precision, scale, "raw", "v")]
    lines.append("    return v")
    namespace = dict(DECIMAL_SOURCE_NAMES)
    exec("\n".join(lines), namespace)
    decode: Callable[[bytes], Decimal] = namespace["decode"]
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
