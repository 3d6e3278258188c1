"""Text built from Arrow string columns and constants, element by element: what the column paths of
``rows --format jsonl`` (:mod:`.column_json`, :mod:`.json_lines`) and ``sql`` (:mod:`.sql_columns`) assemble
their lines and statements with."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

_CopyPieces = Callable[[np.ndarray, np.ndarray, np.ndarray, list[tuple[Any, Any]]], None]
copy_pieces: _CopyPieces | None
try:
    from ._text_join import copy_pieces
except ImportError:  # without the compiled modules: Arrow's own join
    copy_pieces = None

__all__ = ["concatenate", "join", "text_scalar", "value_bytes"]


@lru_cache(maxsize=4096)
def text_scalar(constant: str) -> pa.Scalar:
    """A typed string scalar (a bare ``str`` argument costs Arrow a type inference per call)."""
    return pa.scalar(constant, pa.string())


def join(*pieces: pa.Array | str) -> pa.Array:
    """Element-wise concatenation of arrays and constant strings (null where an array piece is null): Arrow's
    ``binary_join_element_wise``, the bytes copied by a compiled loop (:mod:`._text_join`) when the arrays are
    plain strings."""
    arrays = [p for p in pieces if not isinstance(p, str)]
    copy = copy_pieces
    if copy is None or not arrays or any(a.type != pa.string() for a in arrays):
        return _arrow_join(pieces)
    return _joined(pieces, len(arrays[0]), copy)


def _arrow_join(pieces: tuple[pa.Array | str, ...]) -> pa.Array:
    return pc.binary_join_element_wise(*[text_scalar(p) if isinstance(p, str) else p for p in pieces],
                                       text_scalar(""))


def _joined(pieces: tuple[pa.Array | str, ...], n: int, copy: _CopyPieces) -> pa.Array:
    """:func:`join`: each row's length and start worked out with numpy, its bytes copied by ``copy_pieces``."""
    spec: list[tuple[Any, Any]] = []
    lengths = np.zeros(n, dtype=np.int64)
    valid: np.ndarray | None = None
    for piece in pieces:
        if isinstance(piece, str):
            text = piece.encode("utf-8")
            lengths += len(text)
            spec.append((text, None))
            continue
        if len(piece) != n:
            raise ValueError(f"join: arrays of {n} and {len(piece)} rows")
        _, offsets_buf, data_buf = piece.buffers()
        offsets = np.frombuffer(offsets_buf, np.int32, n + 1, piece.offset * 4) if n else np.zeros(1, np.int32)
        lengths += np.diff(offsets)
        if piece.null_count:
            ok = piece.is_valid().to_numpy(zero_copy_only=False)
            valid = ok if valid is None else valid & ok
        spec.append((np.frombuffer(data_buf, np.uint8) if data_buf is not None else _NO_BYTES, offsets))
    if valid is not None:
        lengths[~valid] = 0
    ends = np.cumsum(lengths)
    total = int(ends[-1]) if n else 0
    if total >= 2**31:  # more than a string array holds: Arrow says so
        return _arrow_join(pieces)
    out = np.empty(total, dtype=np.uint8)
    starts = ends - lengths
    copy(out, starts, _ALL_VALID if valid is None else valid.view(np.uint8), spec)
    bounds = np.zeros(n + 1, dtype=np.int32)
    bounds[1:] = ends
    if valid is None:
        return pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(bounds), pa.py_buffer(out)])
    nulls = n - int(np.count_nonzero(valid))
    bits = pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.Array.from_buffers(pa.string(), n, [bits, pa.py_buffer(bounds), pa.py_buffer(out)], null_count=nulls)


_NO_BYTES = np.zeros(1, dtype=np.uint8)
_ALL_VALID = np.zeros(0, dtype=np.uint8)


def concatenate(pieces: list[Any], n: int) -> pa.Array:
    """:func:`join` of ``pieces`` for ``n`` rows, adjacent constants merged first (all constants: repeated)."""
    merged: list[Any] = []
    for p in pieces:
        if isinstance(p, str) and merged and isinstance(merged[-1], str):
            merged[-1] += p
        else:
            merged.append(p)
    if not any(isinstance(p, pa.Array) for p in merged):
        return pa.repeat(text_scalar("".join(merged)), n)
    return join(*merged)


def value_bytes(text: pa.Array) -> memoryview:
    """The bytes of a string (or binary) array's values, end to end (null values' bytes included)."""
    n = len(text)
    _, offsets_buf, data_buf = text.buffers()
    if n == 0 or data_buf is None:
        return memoryview(b"")
    offsets = np.frombuffer(offsets_buf, np.int32, n + 1, text.offset * 4)
    return memoryview(data_buf)[int(offsets[0]): int(offsets[-1])]
