"""Rows kept as Arrow arrays: the batches a table's rows live in, and rows gathered from them.

A table's rows are not copied out of the runs that wrote them: a run's after image (its Arrow columns, as
:mod:`..rows.columnar` decoded them, often a whole window's decode of one table shared by several runs) is
kept as one :class:`Batch` and a row is a *reference* into it, ``batch << 32 | row``. Rows an update or a
delete replaced stay in their batch until :meth:`BatchStore.gather` copies the live ones out
(:mod:`.keyed_rows` compacts when most rows are dead, and before a DDL reshapes them).

A value Arrow cannot hold (a zero date, an ENUM index past the labels, text kept as bytes) is null in its
array; its exact Python value is kept beside it, in :attr:`Batch.exceptions`, so the JSON and SQL outputs
write it as the row decoder gave it and Parquet writes null, as ``rows`` does.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa

__all__ = ["ROW_BITS", "Batch", "BatchStore", "Exceptions", "python_values"]

#: The bits of a reference that number the row in its batch.
ROW_BITS = 32
_ROW_MASK = (1 << ROW_BITS) - 1
#: Column index -> row -> the exact value of a cell Arrow holds as null.
Exceptions = dict[int, dict[int, Any]]


class Batch:
    """Rows of one table as one Arrow array per column (the table's columns, in order), with their exceptions."""

    __slots__ = ("arrays", "exceptions", "size")

    def __init__(self, arrays: list[pa.Array], exceptions: Exceptions | None = None) -> None:
        self.arrays = arrays
        self.exceptions: Exceptions = exceptions if exceptions is not None else {}
        self.size = len(arrays[0]) if arrays else 0


def python_values(arr: pa.Array, exceptions: dict[int, Any] | None = None, rows: Sequence[int] | None = None
                  ) -> list[Any]:
    """The Python values of an array (``rows`` of it), exceptions put back, lists as tuples (hashable keys)."""
    if rows is not None:
        arr = arr.take(pa.array(rows, pa.int64())) if len(rows) else arr.slice(0, 0)
    if pa.types.is_integer(arr.type) and arr.null_count == 0:
        values: list[Any] = arr.to_numpy().tolist()
    else:
        values = arr.to_pylist()
        if pa.types.is_list(arr.type):
            values = [tuple(v) if v is not None else None for v in values]
    if exceptions:
        if rows is None:
            for row, value in exceptions.items():
                values[row] = value
        else:
            for i, row in enumerate(rows):
                if row in exceptions:
                    values[i] = exceptions[row]
    return values


_TOKENS = itertools.count(1)


class BatchStore:
    """The batches of one table's rows (see the module docstring).

    :attr:`token` names the batches as they are: a new one whenever they are dropped, so what names a batch by
    its number (a decode's memo, :mod:`.keyed_rows`) is only read back under the same token.
    """

    def __init__(self) -> None:
        self.batches: list[Batch | None] = []
        #: Rows held in all batches, live or not.
        self.stored = 0
        self.token = next(_TOKENS)

    def add(self, batch: Batch) -> int:
        """Keep a batch; its number (references are ``number << 32 | row``)."""
        self.batches.append(batch)
        self.stored += batch.size
        return len(self.batches) - 1

    def clear(self) -> None:
        self.batches = []
        self.stored = 0
        self.token = next(_TOKENS)

    def gather(self, refs: Sequence[int], types: Sequence[pa.DataType], columns: Sequence[int] | None = None
               ) -> tuple[list[pa.Array], Exceptions]:
        """The rows ``refs`` name, in that order: one array per column (``columns``: those only, by index; ``types``:
        the Arrow type of every column), and their exceptions numbered by their place in ``refs``. A reference of
        -1 is a row of nulls."""
        wanted = list(range(len(types))) if columns is None else list(columns)
        if not len(refs):
            return [pa.array([], types[k]) for k in wanted], {}
        refs_np = np.asarray(refs, dtype=np.int64)
        valid = refs_np >= 0
        numbers = np.where(valid, refs_np >> ROW_BITS, -1)
        rows = refs_np & _ROW_MASK
        order = np.argsort(numbers, kind="stable")
        bounds = np.flatnonzero(np.diff(numbers[order])) + 1
        pieces: list[list[pa.Array]] = [[] for _ in wanted]
        exceptions: Exceptions = {}
        for part in np.split(order, bounds):
            number = int(numbers[part[0]])
            if number < 0:
                for out, k in enumerate(wanted):
                    pieces[out].append(pa.nulls(len(part), types[k]))
                continue
            self._gather_part(number, rows[part], part, wanted, pieces, exceptions)
        inverse = np.empty(len(order), np.int64)
        inverse[order] = np.arange(len(order))
        take = pa.array(inverse)
        arrays = [(pa.concat_arrays(p) if len(p) > 1 else p[0]).take(take) for p in pieces]
        return arrays, exceptions

    def _gather_part(self, number: int, rows: np.ndarray, places: np.ndarray, wanted: list[int],
                     pieces: list[list[pa.Array]], exceptions: Exceptions) -> None:
        """The rows of one batch into ``pieces``; their exceptions by place."""
        batch = self.batches[number]
        assert batch is not None
        indices = pa.array(rows)
        for out, k in enumerate(wanted):
            pieces[out].append(batch.arrays[k].take(indices))
            cells = batch.exceptions.get(k)
            if cells:
                for place, row in zip(places.tolist(), rows.tolist(), strict=True):
                    if row in cells:
                        exceptions.setdefault(out, {})[place] = cells[row]
