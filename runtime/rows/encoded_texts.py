"""Texts spread over rows as Arrow string arrays, from buffers.

Each text is encoded once and its bytes gathered for the rows by the compiled
loop (:func:`.scan.gather_values`): ``pa.Array.take`` does the same at a higher
fixed cost, and imports ``pyarrow.compute`` (25 ms) the first time.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa

from .scan import VALUE_NULL, gather_values

__all__ = ["EncodedTexts", "take_strings"]


class EncodedTexts:
    """Texts encoded once, to be taken as string arrays (:meth:`take`) many times."""

    __slots__ = ("_data", "_starts", "_sizes", "_missing")

    def __init__(self, texts: Sequence[str | None]) -> None:
        n = len(texts)
        encoded = pa.array(texts, pa.large_string())  # encoded by Arrow, in one call
        validity, offsets, data = encoded.buffers()
        bounds = np.frombuffer(offsets, dtype=np.int64, count=n + 1)
        self._starts = bounds[:-1]
        self._sizes = np.diff(bounds)
        self._missing = (np.zeros(n, dtype=np.bool_) if validity is None else
                         np.unpackbits(np.frombuffer(validity, dtype=np.uint8), count=n, bitorder="little") == 0)
        # gather_values reads from a buffer that is never empty
        self._data = np.frombuffer(data, dtype=np.uint8) if data is not None and data.size else np.zeros(1, np.uint8)

    def take(self, index: np.ndarray, null: np.ndarray | None = None) -> pa.Array:
        """Text ``index[i]`` for each ``i``, NULL where it is ``None`` or ``null[i]``."""
        missing = self._missing[index]
        if null is not None:
            missing |= null
        offsets = np.where(missing, VALUE_NULL, self._starts[index])
        bounds, values = gather_values(self._data, offsets, self._sizes[index])
        nulls = int(np.count_nonzero(missing))
        validity = pa.py_buffer(np.packbits(~missing, bitorder="little")) if nulls else None
        return pa.Array.from_buffers(pa.string(), len(offsets),
                                     [validity, pa.py_buffer(bounds), pa.py_buffer(values)], null_count=nulls)


def take_strings(texts: Sequence[str | None], index: np.ndarray, null: np.ndarray | None = None) -> pa.Array:
    """``texts[index[i]]`` for each ``i`` as a string array, NULL where the text is ``None`` or ``null[i]``."""
    return EncodedTexts(texts).take(index, null)
