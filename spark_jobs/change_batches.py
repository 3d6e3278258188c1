"""``changes/`` rows built from the columns of a run of row changes, a record batch at a time.

The same rows the per-change path writes (``job/task.py``), with the JSON of
each image and the text of each value taken from the Arrow columns in bulk
(:mod:`binlog_ksy.runtime.present.json_lines`). Runs whose columns lost a value
(zero dates) return ``None`` and take the per-change path.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa

from ..runtime.outputs.typed import meta_arrays
from ..runtime.present.column_json import ColumnTexts
from ..runtime.present.json_lines import has_json_texts, image_texts, image_value_texts
from ..runtime.rows.columnar import ChangeColumns, ImageColumns
from . import arrow_schemas as schemas

__all__ = ["changes_batch"]

_VALUES = pa.map_(pa.string(), pa.string())


def _value_map(side: ImageColumns | None, texts: list[ColumnTexts] | None, n: int) -> pa.Array:
    """``{column: value text}`` per row (strings as they are, other values as JSON), null without an image."""
    if side is None or texts is None:
        return pa.nulls(n, _VALUES)
    k = len(side.columns)
    order = (np.arange(n)[:, None] + np.arange(k)[None, :] * n).ravel()  # row by row, column by column
    items = pa.concat_arrays([text.plain for text in texts]).take(pa.array(order)) if n else pa.array([], pa.string())
    offsets = pa.array(np.arange(n + 1, dtype=np.int32) * k)
    return pa.MapArray.from_arrays(offsets, _repeated_names([c.name for c in side.columns], n), items)


def _repeated_names(names: list[str], n: int) -> pa.Array:
    """The column names ``n`` times over as one string array (the map keys), built from its buffers: a
    ``take`` of the names costs five times as much. Past 2 GiB of keys the cast raises, as that take did."""
    encoded = [name.encode() for name in names]
    ends = np.cumsum([len(e) for e in encoded], dtype=np.int64)
    offsets = np.zeros(n * len(encoded) + 1, dtype=np.int64)
    if n and encoded:
        offsets[1:] = (np.arange(n, dtype=np.int64)[:, None] * int(ends[-1]) + ends[None, :]).ravel()
    data = pa.py_buffer(b"".join(encoded) * n)
    if offsets[-1] < 2**31:
        return pa.StringArray.from_buffers(len(offsets) - 1, pa.py_buffer(offsets.astype(np.int32)), data)
    return pa.LargeStringArray.from_buffers(len(offsets) - 1, pa.py_buffer(offsets), data).cast(pa.string())


def changes_batch(columns: ChangeColumns, column_info: list[dict[str, Any]] | None) -> pa.RecordBatch | None:
    """The ``changes/`` rows of a run; ``column_info`` goes on its first row (a new table layout)."""
    if not has_json_texts(columns):
        return None
    n = columns.count
    before = None if columns.before is None else image_value_texts(columns.before)
    after = None if columns.after is None else image_value_texts(columns.after)
    info_type = schemas.CHANGES.field("columns").type
    info = [column_info] + [None] * (n - 1) if n else []
    key = list(columns.table_map.primary_key)
    arrays = [
        *meta_arrays(columns),  # the same first eight columns as the typed tables
        image_texts(columns.before, n, before),
        image_texts(columns.after, n, after),
        _value_map(columns.before, before, n),
        _value_map(columns.after, after, n),
        pa.ListArray.from_arrays(pa.array(np.arange(n + 1, dtype=np.int32) * len(key)),
                                 pa.array(key, pa.string()).take(pa.array(np.tile(np.arange(len(key)), n)))),
        pa.array(info, info_type),
    ]
    return pa.RecordBatch.from_arrays(arrays, schema=schemas.CHANGES)
