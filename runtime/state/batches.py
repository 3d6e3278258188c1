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
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

__all__ = ["ROW_BITS", "Batch", "BatchStore", "Exceptions", "GatherPlan", "python_values"]

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

    def gather(self, refs: Sequence[int] | np.ndarray, types: Sequence[pa.DataType],
               columns: Sequence[int] | None = None) -> tuple[list[pa.Array], Exceptions]:
        """The rows ``refs`` name, in that order: one array per column (``columns``: those only, by index; ``types``:
        the Arrow type of every column), and their exceptions numbered by their place in ``refs``. A reference of
        -1 is a row of nulls."""
        plan = self.plan(refs)
        arrays: list[pa.Array] = []
        exceptions: Exceptions = {}
        for out, k in enumerate(range(len(types)) if columns is None else columns):
            array, cells = self.take(plan, k, types[k])
            arrays.append(array)
            if cells:
                exceptions[out] = cells
        return arrays, exceptions

    def plan(self, refs: Sequence[int] | np.ndarray) -> GatherPlan:
        """How to gather the rows ``refs`` name (:meth:`take`, column by column)."""
        if not len(refs):
            return GatherPlan([], None, 0)
        refs_np = np.asarray(refs, dtype=np.int64)
        numbers = np.where(refs_np >= 0, refs_np >> ROW_BITS, -1)
        rows = refs_np & _ROW_MASK
        order = np.argsort(numbers, kind="stable")
        bounds = np.flatnonzero(np.diff(numbers[order])) + 1
        parts = []
        for part in np.split(order, bounds):
            number = int(numbers[part[0]])
            batch = self.batches[number] if number >= 0 else None
            picked = rows[part]
            whole = batch is not None and len(picked) == batch.size and bool(
                np.array_equal(picked, np.arange(batch.size)))
            parts.append((number, None if whole else pa.array(picked), picked, part))
        if np.array_equal(order, np.arange(len(order))):
            return GatherPlan(parts, None, len(order))
        inverse = np.empty(len(order), np.int64)
        inverse[order] = np.arange(len(order))
        return GatherPlan(parts, pa.array(inverse), len(order))

    def take(self, plan: GatherPlan, k: int, typ: pa.DataType, *, release: bool = False
             ) -> tuple[pa.Array, dict[int, Any]]:
        """Column ``k`` of the rows a :meth:`plan` names, and its exceptions by place; ``release`` drops the
        batches' column ``k`` once taken (a snapshot that ends the batches' use: the memory goes back)."""
        pieces: list[pa.Array] = []
        cells: dict[int, Any] = {}
        for number, indices, rows, places in plan.parts:
            if number < 0:
                pieces.append(pa.nulls(len(rows), typ))
                continue
            batch = self.batches[number]
            assert batch is not None
            pieces.append(batch.arrays[k] if indices is None else batch.arrays[k].take(indices))
            known = batch.exceptions.get(k)
            if known:
                for place, row in zip(places.tolist(), rows.tolist(), strict=True):
                    if row in known:
                        cells[place] = known[row]
        if release:
            for number, _, _, _ in plan.parts:
                batch = self.batches[number] if number >= 0 else None
                if batch is not None:
                    batch.arrays[k] = pa.nulls(0, typ)
        if not pieces:
            return pa.array([], typ), cells
        array = pa.concat_arrays(pieces) if len(pieces) > 1 else pieces[0]
        return (array if plan.inverse is None else array.take(plan.inverse)), cells


@dataclass(slots=True)
class GatherPlan:
    """Rows to gather from a :class:`BatchStore`: per batch (-1: rows of nulls), the rows taken (None: the whole
    batch, as it is), their numbers and their places in the result; and the order that puts them back."""

    parts: list[tuple[int, pa.Array | None, np.ndarray, np.ndarray]]
    inverse: pa.Array | None
    size: int
