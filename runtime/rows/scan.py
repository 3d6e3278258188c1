"""Where every value of a run of row images lies: the one compiled loop of the columnar decoder.

A row image is a null bitmap followed by the values of its present columns
that are not NULL (layout: :mod:`.image`; sql/log_event.cc
``Rows_log_event::print_verbose_one_row``). A value's size is fixed by its
column (integers, temporal types, DECIMAL, ENUM/SET, BIT) or given by a 1-4
byte little-endian length prefix (strings, BLOB, JSON, GEOMETRY). So one pass
over the bytes, which only has to know each present column's *width*, finds
where every value starts and how long it is; everything else (turning those
bytes into typed Arrow columns) is done column by column with whole-array
operations in :mod:`.columnar`.

The loop is compiled: ``_scan.pyx``, built by Cython when the package is
installed (chosen over numba for its memory: importing numba and loading its
compiled code costs about 100 MB per process, this module about 1 MB; both
scan equally fast). UPDATE events alternate two layouts (before image,
after image): :func:`scan_images` takes one or two layouts and uses them in
turn.

Where the compiled module cannot load (the package shipped as a zip with
Spark's ``--py-files``, an install without a compiler) or when the
environment sets ``BINLOG_KSY_PURE_PYTHON_SCAN=1``, the same loops run in
plain Python (:mod:`.scan_fallback`) after one ``RuntimeWarning``: same
results, slower. :data:`COMPILED` says which is in use.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass

import numpy as np

try:
    if os.environ.get("BINLOG_KSY_PURE_PYTHON_SCAN", "") not in ("", "0"):
        raise ImportError("BINLOG_KSY_PURE_PYTHON_SCAN is set")
    from ._scan import gather, gather_sized, scan

    #: Whether the compiled loops are in use (False: :mod:`.scan_fallback`).
    COMPILED = True
except ImportError as _exc:
    from .scan_fallback import gather, gather_sized, scan

    COMPILED = False
    warnings.warn(f"binlog-ksy: the compiled row scanner is not in use ({_exc}): row images are scanned in "
                  f"pure Python (same results, slower)", RuntimeWarning, stacklevel=2)

__all__ = ["COMPILED", "ImageScan", "VALUE_NULL", "gather_fixed", "gather_values", "scan_images"]

#: ``ImageScan.offsets`` of a NULL value.
VALUE_NULL = -1

_OK = 0
_TRUNCATED = 1
_FULL = 2


@dataclass(slots=True)
class ImageScan:
    """Where the images and values of a run of row images lie.

    ``starts[i]`` is the offset of image ``i``'s null bitmap;
    ``offsets[i, k]`` the offset of the value of the ``k``-th present column of
    that image's layout (after its length prefix), :data:`VALUE_NULL` for SQL
    NULL; ``lengths[i, k]`` its size in bytes. ``count`` images were read
    whole; ``truncated_at`` is the offset of an image that runs past the end
    of the data (``None`` when every byte was used).
    """

    starts: np.ndarray
    offsets: np.ndarray
    lengths: np.ndarray
    count: int
    truncated_at: int | None


def scan_images(data: np.ndarray, layouts: list[list[int]], *, capacity: int = 0) -> ImageScan:
    """Find the values of every row image in ``data`` (a ``uint8`` array).

    ``layouts`` gives, per layout, the width of each present column in image
    order: a size in bytes (``>= 0``) or ``-p`` for a value behind a ``p``-byte
    length prefix. Images use the layouts in turn (one layout for WRITE and
    DELETE rows, two for UPDATE: before, after). Every layout must have a
    present column (an image of 0 bytes would never end).
    """
    nalt = len(layouts)
    if nalt == 0 or any(not layout for layout in layouts):
        raise ValueError("every layout needs at least one present column")
    width = max(len(layout) for layout in layouts)
    widths = np.zeros((nalt, width), dtype=np.int64)
    for a, layout in enumerate(layouts):
        widths[a, : len(layout)] = layout
    ncols = np.array([len(layout) for layout in layouts], dtype=np.int64)
    end = len(data)
    # room for as many images as fit when none has a NULL and each length-prefixed value holds 8 bytes; when
    # there are more (NULLs, shorter values), it grows to as many as the bytes scanned so far promise
    typical = min((len(layout) + 7) // 8 + sum(abs(w) + 8 * (w < 0) for w in layout) for layout in layouts)
    cap = max(capacity, 16, end // typical)
    starts = np.empty(cap, dtype=np.int64)
    offsets = np.empty((cap, width), dtype=np.int64)
    lengths = np.empty((cap, width), dtype=np.int64)
    img, pos = 0, 0
    while True:
        img, pos, status = scan(data, end, widths, ncols, nalt, pos, img, starts, offsets, lengths)
        if status != _FULL:
            break
        cap = max(cap + cap // 4, img * end // max(pos, 1) + 16)
        starts, offsets, lengths = (_grown(a, cap) for a in (starts, offsets, lengths))
    return ImageScan(starts[:img], offsets[:img], lengths[:img], img, pos if status == _TRUNCATED else None)


def _grown(array: np.ndarray, rows: int) -> np.ndarray:
    """``array`` with room for ``rows`` rows, its rows first."""
    grown = np.empty((rows, *array.shape[1:]), dtype=array.dtype)
    grown[: len(array)] = array
    return grown


def gather_values(data: np.ndarray, offsets: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The variable-length values at ``offsets`` (NULL: :data:`VALUE_NULL`) packed end to end.

    Returns ``(value_offsets, values)``: Arrow's layout of a binary column,
    ``n + 1`` ``int32`` offsets (a NULL value is empty) and the bytes.
    """
    sizes = np.where(offsets >= 0, lengths, 0)
    bounds = np.zeros(len(offsets) + 1, dtype=np.int64)
    np.cumsum(sizes, out=bounds[1:])
    out = np.empty(int(bounds[-1]), dtype=np.uint8)
    gather(data, np.ascontiguousarray(offsets), np.ascontiguousarray(sizes), bounds, out)
    return bounds.astype(np.int32), out


def gather_fixed(data: np.ndarray, offsets: np.ndarray, size: int) -> np.ndarray:
    """The ``size`` bytes of each value at ``offsets`` as an ``(n, size)`` array (zeros for a NULL value).

    One copy per value by the compiled loop (a numpy fancy index builds an index of ``n * size`` int64 first).
    """
    n = len(offsets)
    out = np.zeros(n * size, dtype=np.uint8)
    if size and n:
        gather_sized(data, np.ascontiguousarray(offsets, dtype=np.int64), size, out)
    return out.reshape(n, size)
