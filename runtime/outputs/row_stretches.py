"""Stretches of rows of record batches, in order, as one table to write.

A dataset's part gathers the rows of many runs: each run a stretch of
consecutive rows of a batch made once for several runs (the runs of one
layout decoded together, :attr:`~..rows.columnar.ChangeColumns.group`). Long
stretches are written as slices of their batches (no copy); short ones (a
table written in turn with others: runs of a few rows) are taken into one
chunk at once, since the Parquet writer's cost per chunk, and Arrow's to
put chunks together one by one, outweigh the copy.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

__all__ = ["SMALL_STRETCH_ROWS", "Stretches", "rows_in_order"]

#: Stretches of fewer rows than this on average are taken into one chunk.
SMALL_STRETCH_ROWS = 1024


class Stretches:
    """Rows of batches in the order they are added: ``(batch, first row, rows)``; the next rows of the same
    batch lengthen the last stretch."""

    __slots__ = ("items", "rows")

    def __init__(self) -> None:
        self.items: list[tuple[pa.RecordBatch, int, int]] = []
        self.rows = 0

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, batch: pa.RecordBatch, start: int = 0, rows: int | None = None) -> int:
        """Rows ``start`` to ``start + rows`` of ``batch`` (to its end when ``rows`` is None); returns how many."""
        rows = batch.num_rows - start if rows is None else rows
        self.rows += rows
        if self.items:
            last, last_start, last_rows = self.items[-1]
            if last is batch and last_start + last_rows == start:
                self.items[-1] = (batch, last_start, last_rows + rows)
                return rows
        self.items.append((batch, start, rows))
        return rows

    def take_table(self, schema: pa.Schema) -> pa.Table:
        """The rows as one table (:func:`rows_in_order`; the stretches are forgotten)."""
        items, self.items, self.rows = self.items, [], 0
        return rows_in_order(*_end_to_end(items), schema)


def rows_in_order(batches: list[pa.RecordBatch], order: np.ndarray, schema: pa.Schema) -> pa.Table:
    """The rows of ``batches`` end to end, in the order ``order`` gives (their indexes end to end), as one
    table: one ``take`` when the stretches of consecutive rows of a batch it makes are short, slices of the
    batches when long; the stretches are found with numpy."""
    firsts = np.cumsum([0] + [batch.num_rows for batch in batches])
    # a stretch starts where a row is not the next one end to end, or is a batch's first
    breaks = np.diff(order, prepend=-2) != 1
    breaks[np.isin(order, firsts[1:-1])] = True
    starts = np.flatnonzero(breaks)
    if _short(len(order), len(starts)):
        return pa.Table.from_batches([_taken(batches, order)], schema=schema)
    lengths = np.diff(np.append(starts, len(order)))
    which = np.searchsorted(firsts, order[starts], side="right") - 1
    return _sliced([(batches[k], first, rows) for k, first, rows in
                    zip(which.tolist(), (order[starts] - firsts[which]).tolist(), lengths.tolist(), strict=True)],
                   schema)


def _short(rows: int, stretches: int) -> bool:
    """Whether ``stretches`` stretches of ``rows`` rows in all are taken into one chunk."""
    return stretches > 1 and rows < SMALL_STRETCH_ROWS * stretches


def _sliced(items: list[tuple[pa.RecordBatch, int, int]], schema: pa.Schema) -> pa.Table:
    return pa.Table.from_batches([batch if start == 0 and rows == batch.num_rows else batch.slice(start, rows)
                                  for batch, start, rows in items], schema=schema)


def _end_to_end(items: list[tuple[pa.RecordBatch, int, int]]) -> tuple[list[pa.RecordBatch], np.ndarray]:
    """The batches of ``items`` (each once) and the index, among their rows end to end, of each row of the
    stretches in order."""
    firsts: dict[int, int] = {}  # id of a batch -> its first row end to end
    batches = []
    total = 0
    for batch, _, _ in items:
        if id(batch) not in firsts:
            firsts[id(batch)] = total
            batches.append(batch)
            total += batch.num_rows
    starts = np.array([firsts[id(batch)] + start for batch, start, _ in items], dtype=np.int64)
    lengths = np.array([rows for _, _, rows in items], dtype=np.int64)
    # row j of stretch k is row starts[k] + j end to end: its place among the stretches' rows plus a shift
    shifts = starts - (np.cumsum(lengths) - lengths)
    return batches, np.arange(int(lengths.sum()), dtype=np.int64) + np.repeat(shifts, lengths)


def _taken(batches: list[pa.RecordBatch], index: np.ndarray) -> pa.RecordBatch:
    """Rows ``index`` of ``batches`` end to end."""
    whole = batches[0] if len(batches) == 1 else pa.concat_batches(batches)
    index = np.ascontiguousarray(index, dtype=np.int64)
    try:  # Arrow's kernel without pyarrow.compute, which builds a wrapper for each kernel (25 ms to import)
        from pyarrow._compute import call_function
    except ImportError:  # pragma: no cover - a pyarrow that moved it
        from pyarrow.compute import call_function
    # an int64 array over the index's buffer (``pa.array`` of numpy imports ``numpy.ma``, 20-70 ms)
    result: pa.RecordBatch = call_function("take", [whole, pa.Array.from_buffers(pa.int64(), len(index),
                                                                                 [None, pa.py_buffer(index)])])
    return result
