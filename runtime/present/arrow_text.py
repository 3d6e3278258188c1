"""Text built from Arrow string columns and constants, element by element: what the column paths of
``rows --format jsonl`` (:mod:`.column_json`, :mod:`.json_lines`) and ``sql`` (:mod:`.sql_columns`) assemble
their lines and statements with."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

__all__ = ["concatenate", "join", "text_scalar", "value_bytes"]


@lru_cache(maxsize=4096)
def text_scalar(constant: str) -> pa.Scalar:
    """A typed string scalar (a bare ``str`` argument costs Arrow a type inference per call)."""
    return pa.scalar(constant, pa.string())


def join(*pieces: pa.Array | str) -> pa.Array:
    """Element-wise concatenation of arrays and constant strings (null where an array piece is null)."""
    return pc.binary_join_element_wise(*[text_scalar(p) if isinstance(p, str) else p for p in pieces],
                                       text_scalar(""))


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
