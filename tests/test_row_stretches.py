"""Stretches of rows of record batches, written in order as one table (runtime/outputs/row_stretches.py)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.outputs import row_stretches
from binlog_ksy.runtime.outputs.row_stretches import Stretches

_SCHEMA = pa.schema([("n", pa.int64()), ("s", pa.string()),
                     ("img", pa.struct([("a", pa.int32()), ("b", pa.string())]))])


def _batch(first: int, rows: int) -> pa.RecordBatch:
    values = list(range(first, first + rows))
    return pa.RecordBatch.from_arrays(
        [pa.array(values, pa.int64()), pa.array([None if v % 5 == 0 else f"v{v}" for v in values]),
         pa.array([None if v % 7 == 0 else {"a": v, "b": str(v)} for v in values], _SCHEMA.field("img").type)],
        schema=_SCHEMA)


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(0, 40), min_size=1, max_size=4),
       picks=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=30),
       small=st.sampled_from([1, 4, 1024]))
def test_the_table_holds_the_stretches_rows_in_order(sizes: list[int], picks: list[tuple[int, int, int]],
                                                      small: int) -> None:
    """Whether its stretches are gathered into one chunk or sliced, the table is their rows in the order added,
    consecutive rows of one batch merged into one stretch."""
    batches = [_batch(100 * k, n) for k, n in enumerate(sizes)]
    stretches = Stretches()
    want: list[dict[str, object]] = []
    for which, start, length in picks:
        batch = batches[which % len(batches)]
        start = min(start, batch.num_rows)
        length = min(length, batch.num_rows - start)
        stretches.add(batch, start, length)
        want += batch.slice(start, length).to_pylist()
    assert stretches.rows == len(want)
    row_stretches_small = row_stretches.SMALL_STRETCH_ROWS
    try:
        row_stretches.SMALL_STRETCH_ROWS = small
        table = stretches.take_table(_SCHEMA)
    finally:
        row_stretches.SMALL_STRETCH_ROWS = row_stretches_small
    assert table.schema.equals(_SCHEMA)
    assert table.to_pylist() == want
    assert not stretches and stretches.rows == 0


def test_next_rows_of_a_batch_lengthen_the_last_stretch_and_short_ones_become_one_chunk() -> None:
    one, two = _batch(0, 10), _batch(100, 10)
    stretches = Stretches()
    for start in range(0, 10, 2):  # a batch's rows in turn with another's
        stretches.add(one, start, 1)
        stretches.add(one, start + 1, 1)  # the next row of the same batch: the same stretch
        stretches.add(two, start, 2)
    assert len(stretches.items) == 10
    table = stretches.take_table(_SCHEMA)
    assert table.num_rows == 20 and table.column("n").num_chunks == 1
    assert table.column("n").to_pylist() == [n for start in range(0, 10, 2)
                                             for n in (start, start + 1, 100 + start, 101 + start)]


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(0, 30), min_size=1, max_size=4), data=st.data(),
       small=st.sampled_from([1, 4, 1024]))
def test_rows_in_order_are_the_batches_rows_in_the_order_given(sizes: list[int], data: st.DataObject,
                                                               small: int) -> None:
    """Taken at once or sliced, the table is the rows end to end in the order given: runs of consecutive rows
    (across a batch's end too, which must start a new stretch) and rows out of order."""
    batches = [_batch(100 * k, n) for k, n in enumerate(sizes)]
    everything = [row for batch in batches for row in batch.to_pylist()]
    total = len(everything)
    if total == 0:
        return
    pieces = data.draw(st.lists(st.tuples(st.integers(0, total - 1), st.integers(1, 12)), min_size=1, max_size=12))
    order = [i for first, length in pieces for i in range(first, min(first + length, total))]
    row_stretches_small = row_stretches.SMALL_STRETCH_ROWS
    try:
        row_stretches.SMALL_STRETCH_ROWS = small
        table = row_stretches.rows_in_order(batches, np.array(order, dtype=np.int64), _SCHEMA)
    finally:
        row_stretches.SMALL_STRETCH_ROWS = row_stretches_small
    assert table.schema.equals(_SCHEMA)
    assert table.to_pylist() == [everything[i] for i in order]
    if small == 1 and len(batches) == 1 and order == list(range(len(order))):
        assert table.column("n").num_chunks == 1  # one stretch: a slice, not a copy
