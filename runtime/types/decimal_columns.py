"""Vectorized (numpy) decoder of NEWDECIMAL row-image values, one column at a time, to Arrow decimal128.

:func:`decimal_column` takes ``raw``, a C-contiguous ``(n, size)`` ``uint8``
array whose row ``i`` holds the ``decimal_binary_size(precision, scale)`` bytes
of the column's value in row ``i`` (rows whose value is SQL NULL hold arbitrary
bytes), and returns ``(unscaled, ok)``:

* ``unscaled``: ``(n, 2)`` ``uint64``, ``[low 64 bits, high 64 bits]`` of the
  two's-complement 128-bit integer ``value * 10**scale`` - exactly the 16
  little-endian bytes Arrow's ``decimal128(precision, scale)`` stores per value;
* ``ok[i]`` False where the value cannot be given that way: a digit group out of
  range (the scalar decoder raises ``ValueError``), or a precision above 38
  (Arrow's decimal128 limit; ``ok`` is then all False). The caller decodes those
  rows with the scalar decoder; ``unscaled[i]`` is 0 there.

The reference is :func:`binlog_ksy.runtime.types.decimal.decimal_decoder`: where
``ok`` is True, ``unscaled / 10**scale`` equals its ``Decimal`` (a negative zero
``-0.00`` becomes 0, which Arrow cannot tell apart). Layout: strings/decimal.cc
``decimal2bin``/``bin2decimal``; libs/mysql/binlog/event/binary_log_funcs.cpp
``decimal_binary_size``. Precision up to 18 is computed in int64, 19-38 in
exact 128-bit arithmetic on pairs of uint64.

:func:`decimal128_array` wraps the result in a ``pyarrow`` array without
Python objects per value.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from .decimal import decimal_binary_size, decimal_groups

__all__ = ["DECIMAL128_MAX_PRECISION", "decimal128_array", "decimal_column"]

#: The largest precision Arrow's decimal128 holds.
DECIMAL128_MAX_PRECISION = 38

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Bool = npt.NDArray[np.bool_]
Raw = npt.NDArray[np.uint8]

_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


def _groups(raw: Raw, precision: int, scale: int) -> tuple[list[tuple[I64, int]], Bool, Bool]:
    """The digit groups (value, digits), most significant first, where all are in range, and the sign.

    Source: strings/decimal.cc ``bin2decimal``: the top bit of the first byte,
    inverted, is the sign; a negative number has every byte complemented.
    Out-of-range groups are set to 0.
    """
    negative = (raw[:, 0] & 0x80) == 0
    mag = np.where(negative[:, None], raw ^ np.uint8(0xFF), raw)
    mag[:, 0] &= np.uint8(0x7F)
    ok = np.ones(raw.shape[0], dtype=np.bool_)
    groups: list[tuple[I64, int]] = []
    pos = 0
    for nbytes, digits in decimal_groups(precision, scale):
        value = np.zeros(raw.shape[0], dtype=np.int64)
        for j in range(pos, pos + nbytes):
            value = (value << 8) | mag[:, j].astype(np.int64)
        pos += nbytes
        ok &= value < 10**digits
        groups.append((value, digits))
    return [(np.where(ok, g, 0), d) for g, d in groups], ok, negative


def decimal_column(raw: Raw, precision: int, scale: int) -> tuple[U64, Bool]:
    """The 128-bit unscaled integers of DECIMAL(precision, scale) values and where they are valid.

    Same values as ``decimal_decoder(precision, scale)`` (strings/decimal.cc
    ``bin2decimal``); ``ok`` all False for precision > 38.
    """
    size = decimal_binary_size(precision, scale)
    arr = np.asarray(raw)
    if arr.dtype != np.uint8 or arr.ndim != 2 or arr.shape[1] != size:
        raise ValueError(f"DECIMAL({precision},{scale}) needs an (n, {size}) uint8 array, got {arr.dtype} {arr.shape}")
    n = arr.shape[0]
    out = np.zeros((n, 2), dtype=np.uint64)
    if precision > DECIMAL128_MAX_PRECISION:
        return out, np.zeros(n, dtype=np.bool_)
    groups, ok, negative = _groups(arr, precision, scale)
    if precision <= 18:
        # Horner's rule in int64: the magnitude is below 10**18.
        total = np.zeros(n, dtype=np.int64)
        for value, digits in groups:
            total = total * 10**digits + value
        signed = np.where(negative, -total, total)
        out[:, 0] = signed.view(np.uint64)
        out[:, 1] = np.where(signed < 0, np.uint64(0xFFFFFFFFFFFFFFFF), np.uint64(0))
        return out, ok
    # Horner's rule on (hi, lo) uint64 pairs; each step multiplies by m <= 10**9 < 2**30 and adds a
    # group < 2**30, splitting lo into 32-bit halves so no partial product reaches 2**64. The magnitude
    # is below 10**38 < 2**127, so hi never wraps.
    hi = np.zeros(n, dtype=np.uint64)
    lo = np.zeros(n, dtype=np.uint64)
    for value, digits in groups:
        m = np.uint64(10**digits)
        p0 = (lo & _LOW32) * m + value.astype(np.uint64)
        p1 = (lo >> _SHIFT32) * m + (p0 >> _SHIFT32)
        lo = (p1 << _SHIFT32) | (p0 & _LOW32)
        hi = hi * m + (p1 >> _SHIFT32)
    # Two's complement of the negatives: ~x + 1 over 128 bits.
    neg_lo = ~lo + np.uint64(1)
    neg_hi = ~hi + (lo == 0).astype(np.uint64)
    out[:, 0] = np.where(negative, neg_lo, lo)
    out[:, 1] = np.where(negative, neg_hi, hi)
    return out, ok


def decimal128_array(unscaled: U64, valid: Bool, precision: int, scale: int) -> pa.Array:
    """A ``pa.decimal128(precision, scale)`` array of ``unscaled`` (from :func:`decimal_column`).

    ``valid`` is the boolean validity mask (rows False become nulls, e.g. the
    ``ok`` mask, or ``ok`` and not SQL NULL). Built with ``pa.Array.from_buffers``
    from the two numpy buffers; no Python object per value.
    """
    mask = np.asarray(valid, dtype=np.bool_)
    data = np.ascontiguousarray(unscaled, dtype="<u8")
    n = mask.shape[0]
    if mask.ndim != 1 or data.shape != (n, 2):
        raise ValueError(f"need unscaled (n, 2) and a mask (n,), got {data.shape} and {mask.shape}")
    null_count = n - int(np.count_nonzero(mask))
    bitmap = pa.py_buffer(np.packbits(mask, bitorder="little")) if null_count else None
    buffers = [bitmap, pa.py_buffer(data)]
    return pa.Array.from_buffers(pa.decimal128(precision, scale), n, buffers, null_count=null_count)
