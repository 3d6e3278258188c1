"""Rows of two Arrow tables compared by the values of some of their columns, nulls equal to nulls.

Through Arrow's hash group by over both tables' rows at once (a join would not match nulls, and Python sets of
tuples cost seconds per million rows): :func:`present_in` says which rows of one table the other has,
:func:`same_multiset` whether two tables hold the same rows as many times each. A struct column counts as whether
it is there and its fields. Columns of a type Arrow cannot group (lists, maps...) make them answer None: the
caller then takes every row as changed.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyarrow as pa
import pyarrow.compute as pc

__all__ = ["flat_columns", "present_in", "same_multiset"]


def flat_columns(table: pa.Table, columns: Sequence[str]) -> list[pa.Array]:
    """The values of ``columns`` as flat arrays (a struct: whether it is there, then each field, flat too)."""
    arrays: list[pa.Array] = []
    for column in columns:
        arrays += _flat(table[column].combine_chunks())
    return arrays


def _flat(values: pa.Array) -> list[pa.Array]:
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    if pa.types.is_dictionary(values.type):
        values = values.dictionary_decode()
    if not pa.types.is_struct(values.type):
        return [values]
    arrays = [values.is_valid()]
    for k in range(values.type.num_fields):
        arrays += _flat(pc.struct_field(values, [k]))
    return arrays


def _together(left: pa.Table, right: pa.Table, columns: Sequence[str]) -> pa.Table | None:
    """The rows of both tables in one: the flat key columns ``k0``..., ``side`` (0 left, 1 right) and ``row``
    (the row's number, the left table's first). None when the types do not go together."""
    arrays = []
    for a, b in zip(flat_columns(left, columns), flat_columns(right, columns), strict=True):
        if a.type != b.type:
            try:
                b = b.cast(a.type)
            except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
                return None
        arrays.append(pa.concat_arrays([a, b]))
    n = left.num_rows + right.num_rows
    side = pa.concat_arrays([pa.repeat(pa.scalar(0, pa.int8()), left.num_rows),
                             pa.repeat(pa.scalar(1, pa.int8()), right.num_rows)])
    names = [f"k{k}" for k in range(len(arrays))]
    return pa.table([*arrays, side, pa.array(range(n), pa.int64())], names=[*names, "side", "row"])


def _grouped(rows: pa.Table, aggregates: list[tuple[str, str]]) -> pa.Table | None:
    keys = [name for name in rows.column_names if name not in ("side", "row")]
    try:
        return rows.group_by(keys, use_threads=False).aggregate(aggregates)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
        return None


def present_in(left: pa.Table, right: pa.Table, columns: Sequence[str]) -> pa.BooleanArray | None:
    """For each row of ``left``, whether ``right`` has a row with the same values of ``columns``."""
    rows = _together(left, right, columns)
    groups = None if rows is None else _grouped(rows, [("side", "max"), ("row", "list")])
    if groups is None:
        return None
    both = groups.filter(pc.equal(groups["side_max"], 1))
    found = pc.list_flatten(both["row_list"].combine_chunks())
    found = found.filter(pc.less(found, left.num_rows))
    mask: pa.BooleanArray = pc.is_in(pa.array(range(left.num_rows), pa.int64()), value_set=found)
    return mask


def same_multiset(left: pa.Table, right: pa.Table, columns: Sequence[str]) -> bool | None:
    """Whether both tables hold the same rows (of ``columns``), each as many times."""
    if left.num_rows != right.num_rows:
        return False
    rows = _together(left, right, columns)
    groups = None if rows is None else _grouped(rows, [("side", "sum"), ("row", "count")])
    if groups is None:
        return None
    equal = pc.equal(pc.multiply(groups["side_sum"], 2), groups["row_count"])
    return not pc.sum(pc.invert(equal)).as_py()  # (no group of unequal counts; none at all: no rows)
