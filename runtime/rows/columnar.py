"""Row changes decoded column by column into Arrow arrays.

The row images of a rows event all share one layout per image kind (fixed
by the table map and the event's column bitmaps; :mod:`.image`), and
consecutive rows events of one statement share it too. So a *run* of such
events is decoded at once:

1. :func:`.scan.scan_images` (compiled) finds where every value lies;
2. each present column's values are turned into one Arrow array with
   whole-array operations: integers and floats are views of the gathered
   bytes, strings are gathered into Arrow's offsets + data layout, temporal
   and DECIMAL values go through the vectorized decoders of
   :mod:`.types.temporal_columns` / :mod:`.types.decimal_columns`, ENUM/SET
   labels are taken from their label list;
3. what has no vectorized decoder (JSON, GEOMETRY, VECTOR, compressed
   columns, charsets other than UTF-8, zero dates) is decoded value by value
   with the row decoder's own codecs (:mod:`.image`), so every type keeps
   one definition.

Anything unusual in a run (a partial JSON update, a layout the row decoder
rejects, a value that does not decode, images that do not end where an
event ends) sends the run to the row decoder, event by event: it is the
reference, and its errors name the column and byte offset. Arrow types:
:mod:`.arrow_types`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from operator import attrgetter
from typing import Any, NamedTuple

import numpy as np
import pyarrow as pa

from ..bounded_cache import BoundedCache, LayoutCache
from ..column import Column
from ..constants import MYSQL_TYPE
from ..errors import BinlogError
from ..table_map import TableMap
from ..types.arrow import arrow_type, is_text_column, value_converter
from ..types.charsets import codec_of_collation
from ..types.column_loops import date_column, datetime2_column, decimal_column, timestamp2_column
from ..types.decimal_columns import decimal128_array
from ..types.temporal_columns import datetime_column, hires_column, time2_column, time_column, timestamp_column
from ..types.text_columns import single_byte_table, to_utf8
from .encoded_texts import take_strings
from .event_facts import EventFacts
from .events import Op, RowsEvent, RowsEventSource
from .image import _checked_reader, _Codec, decode_rows, get_decoder
from .image_bounds import FEW_ROWS, fewer_changes
from .layouts import _sides, _Slow, image_layouts
from .scan import gather_fixed, gather_values, scan_images

__all__ = ["ChangeColumns", "ImageColumns", "TableLayout", "FEW_CHANGES", "columns_of_rows", "decode_changes",
           "decode_run", "image_layouts", "iter_change_columns", "iter_change_groups", "iter_change_runs", "run_key",
           "table_layout", "take_strings", "window_runs", "WINDOW_BYTES"]

T = MYSQL_TYPE

#: Bytes of row images :func:`iter_change_columns` reads ahead, its runs of one layout decoded together
#: (bounds its memory; more runs of a layout per decode where many tables are written in turn).
WINDOW_BYTES = 2 << 20
#: A window of this many run keys or more (many tables, or ops, written in turn: each key's share of it is
#: small) may hold twice its bytes before it is decoded, so that each key's decode, whose fixed cost is a few
#: hundred microseconds, covers more rows (ddl x20, 90 keys a window: ``rows --format jsonl`` 2.14 -> 1.99 s,
#: peak RSS 117 -> 167 MB). A window of few keys (one big table) stays at WINDOW_BYTES.
MANY_KEYS = 32


_INT_DTYPES = {1: "i1", 2: "<i2", 4: "<i4", 8: "<i8"}
_VECTOR_TYPES = frozenset((T.TINY, T.SHORT, T.LONG, T.LONGLONG, T.INT24, T.YEAR, T.FLOAT, T.DOUBLE, T.BIT,
                           T.ENUM, T.SET, T.NULL))
_TEMPORAL_TYPES = frozenset((T.DATE, T.NEWDATE, T.TIME, T.TIME2, T.DATETIME, T.DATETIME2, T.TIMESTAMP,
                             T.TIMESTAMP2))
_STRING_TYPES = frozenset((T.STRING, T.VARCHAR, T.VAR_STRING, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB))


class ImageColumns:
    """The before or after images of a run of row changes, one Arrow array per present column.

    ``exact`` is False when some value had no representation in its Arrow
    type and became null (a zero date, say): output that must keep every
    value (JSON) then takes it from the row decoder.
    """

    __slots__ = ("columns", "exact", "_arrays", "_whole", "_start", "_length")

    def __init__(self, columns: tuple[Column, ...], arrays: list[pa.Array], exact: bool) -> None:
        self.columns = columns
        self.exact = exact
        self._arrays: list[pa.Array] | None = arrays
        self._whole: ImageColumns | None = None
        self._start = self._length = 0

    @classmethod
    def rows_of(cls, whole: ImageColumns, start: int, length: int) -> ImageColumns:
        """Rows ``start`` to ``start + length`` of ``whole``, sliced when first asked for (many runs never are)."""
        image = cls(whole.columns, [], whole.exact)
        image._arrays, image._whole, image._start, image._length = None, whole, start, length
        return image

    @property
    def arrays(self) -> list[pa.Array]:
        if self._arrays is None:
            assert self._whole is not None
            self._arrays = [a.slice(self._start, self._length) for a in self._whole.arrays]
            self._whole = None
        return self._arrays


class ChangeColumns:
    """The row changes of a run of rows events of one table, as columns.

    Row ``i`` is row ``row_index[i]`` of ``events[event_of_row[i]]``;
    ``before``/``after`` are ``None`` where the op has no such image.

    A run handed out as a slice of runs decoded together (:meth:`slice_events`) names that
    :attr:`group` and its first row there (:attr:`group_start`); its index arrays and images are
    sliced from the group's when first asked for (the outputs mostly use the group's).
    """

    __slots__ = ("table_map", "op", "events", "count", "memo", "group", "group_start", "facts", "facts_at",
                 "_event_of_row", "_row_index", "_before", "_after", "_sliced", "_event_bounds", "_first_event")

    def __init__(self, table_map: TableMap, op: Op, events: list[RowsEvent], event_of_row: np.ndarray,
                 row_index: np.ndarray, before: ImageColumns | None, after: ImageColumns | None,
                 memo: dict[str, Any] | None = None, group: ChangeColumns | None = None,
                 group_start: int = 0) -> None:
        self.table_map = table_map
        self.op = op
        self.events = events
        self.count = len(event_of_row)
        #: What outputs derive from the run once and share (the meta columns, say).
        self.memo: dict[str, Any] = {} if memo is None else memo
        #: The columns this run is a slice of (runs of one layout decoded together), its rows from
        #: row ``group_start`` of the group on; ``None``: the run was decoded alone.
        self.group = group
        self.group_start = group_start
        #: The facts of the window the run's events were read in, and where each of its events is there
        #: (None: the outputs read them from the events).
        self.facts: EventFacts | None = None
        self.facts_at: np.ndarray | None = None
        self._event_of_row: np.ndarray | None = event_of_row
        self._row_index: np.ndarray | None = row_index
        self._before = before
        self._after = after
        self._sliced = True
        self._event_bounds: list[int] | None = None
        self._first_event = 0  # a slice: the index in the group of its first event

    @property
    def event_of_row(self) -> np.ndarray:
        if self._event_of_row is None:
            assert self.group is not None
            start = self.group_start
            self._event_of_row = self.group.event_of_row[start: start + self.count] - self._first_event
        return self._event_of_row

    @property
    def row_index(self) -> np.ndarray:
        if self._row_index is None:
            assert self.group is not None
            self._row_index = self.group.row_index[self.group_start: self.group_start + self.count]
        return self._row_index

    @property
    def before(self) -> ImageColumns | None:
        if not self._sliced:
            self._slice_images()
        return self._before

    @property
    def after(self) -> ImageColumns | None:
        if not self._sliced:
            self._slice_images()
        return self._after

    def _slice_images(self) -> None:
        assert self.group is not None
        self._before = _slice_image(self.group.before, self.group_start, self.count)
        self._after = _slice_image(self.group.after, self.group_start, self.count)
        self._sliced = True

    def per_row_texts(self, texts: Sequence[str | None]) -> pa.Array:
        """One text per event (in :attr:`events` order) spread over the rows, as a string array."""
        if len(texts) == 1 or len(set(texts)) == 1:
            return pa.repeat(pa.scalar(texts[0], pa.string()), self.count)
        spread = self._spread()
        return pa.array(texts, type=pa.string()) if spread is None else take_strings(texts, spread)

    def _spread(self) -> np.ndarray | None:
        """:attr:`event_of_row`, or None when each event has one row, in order (a value per event is one per
        row as it is)."""
        if "spread" not in self.memo:
            n = len(self.events)
            eor = self.event_of_row
            self.memo["spread"] = None if self.count == n and np.array_equal(eor, np.arange(n)) else eor
        spread: np.ndarray | None = self.memo["spread"]
        return spread

    @property
    def exact(self) -> bool:
        return all(side is None or side.exact for side in (self.before, self.after))

    def slice_events(self, first: int, stop: int, table_map: TableMap) -> ChangeColumns:
        """The rows of ``events[first:stop]`` as a run of their own (named by ``table_map``, its first event's)."""
        bounds = self._event_bounds
        if bounds is None:  # where each event's rows start, found once for all the slices
            bounds = self._event_bounds = np.searchsorted(
                self.event_of_row, np.arange(len(self.events) + 1)).tolist()
        start = bounds[first]
        part = ChangeColumns.__new__(ChangeColumns)
        part.table_map, part.op, part.events, part.count = table_map, self.op, self.events[first:stop], \
            bounds[stop] - start
        part.memo, part.group, part.group_start, part._first_event = {}, self, start, first
        part.facts, part.facts_at = self.facts, None if self.facts_at is None else self.facts_at[first:stop]
        part._event_of_row = part._row_index = part._before = part._after = part._event_bounds = None
        part._sliced = False
        return part


def _slice_image(image: ImageColumns | None, start: int, n: int) -> ImageColumns | None:
    return None if image is None else ImageColumns.rows_of(image, start, n)


# -- values of one column ------------------------------------------------------------------


def _validity(offsets: np.ndarray) -> tuple[pa.Buffer | None, int]:
    valid = offsets >= 0
    nulls = len(valid) - int(np.count_nonzero(valid))
    if not nulls:
        return None, 0
    return pa.py_buffer(np.packbits(valid, bitorder="little")), nulls


def _from_numpy(values: np.ndarray, offsets: np.ndarray, typ: pa.DataType) -> pa.Array:
    """A fixed-width Arrow array over ``values`` (NULL where ``offsets`` says so)."""
    validity, nulls = _validity(offsets)
    values = np.ascontiguousarray(values)
    return pa.Array.from_buffers(typ, len(values), [validity, pa.py_buffer(values)], null_count=nulls)


def _temporal(column: Column, raw: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Vectorized ``(values, ok)`` of a DATE/TIME/DATETIME/TIMESTAMP column, ``None`` for other types."""
    t = column.real_type
    if t in (T.DATE, T.NEWDATE):
        return date_column(raw)
    if column.mariadb_hires:
        return hires_column(raw, t, column.fsp)
    if t == T.DATETIME2:
        return datetime2_column(raw, column.meta)
    if t == T.TIMESTAMP2:
        return timestamp2_column(raw, column.meta)
    if t == T.TIME2:
        return time2_column(raw, column.meta)
    if t == T.DATETIME:
        return datetime_column(raw)
    if t == T.TIMESTAMP:
        return timestamp_column(raw)
    if t == T.TIME:
        return time_column(raw)
    return None


def _column_array(column: Column, codec: _Codec, typ: pa.DataType, data: np.ndarray, buf: bytes,
                  offsets: np.ndarray, lengths: np.ndarray) -> tuple[pa.Array, bool]:
    """One present column of a run: ``(array, exact)``."""
    t = column.real_type
    done: tuple[pa.Array, bool] | None = None
    if codec.error is None:
        if t in _VECTOR_TYPES and codec.fmt is not None:
            done = _fixed_array(column, codec, typ, data, offsets)
        elif t in _TEMPORAL_TYPES and codec.fmt is not None:
            done = _temporal_array(column, codec, typ, data, offsets)
        elif t == T.NEWDECIMAL and pa.types.is_decimal128(typ):
            done = _decimal_array(codec, typ, data, offsets)
        elif t in _STRING_TYPES and codec.prefix:
            done = _string_array(column, data, offsets, lengths)
    return done if done is not None else _value_by_value(column, codec, typ, buf, offsets)


def _fixed_array(column: Column, codec: _Codec, typ: pa.DataType, data: np.ndarray,
                 offsets: np.ndarray) -> tuple[pa.Array, bool] | None:
    """Integers, floats, YEAR, BIT, NULL, ENUM and SET (None: value by value)."""
    t = column.real_type
    n = len(offsets)
    size = codec.size
    raw = gather_fixed(data, offsets, size)
    if t in (T.TINY, T.SHORT, T.LONG, T.LONGLONG):
        values = raw.view(_INT_DTYPES[size]).reshape(n)
        if column.unsigned:
            values = values.view(values.dtype.str.replace("i", "u"))
        return _from_numpy(values, offsets, typ), True
    if t == T.INT24:
        v = raw[:, 0].astype(np.int32) | raw[:, 1].astype(np.int32) << 8 | raw[:, 2].astype(np.int32) << 16
        if not column.unsigned:
            v = (v ^ 0x800000) - 0x800000
        return _from_numpy(v, offsets, typ), True
    if t == T.YEAR:
        y = raw[:, 0].astype(np.int16)
        return _from_numpy(np.where(y != 0, y + 1900, 0).astype(np.int16), offsets, typ), True
    if t in (T.FLOAT, T.DOUBLE):
        return _from_numpy(raw.view("<f4" if t == T.FLOAT else "<f8").reshape(n), offsets, typ), True
    if t == T.BIT:
        v = np.zeros(n, dtype=np.uint64)
        for i in range(size):
            v = v << np.uint64(8) | raw[:, i].astype(np.uint64)
        return _from_numpy(v, offsets, typ), True
    if t == T.NULL:
        return pa.nulls(n, typ), True  # MYSQL_TYPE_NULL: no bytes, always NULL
    if t == T.ENUM:
        return _enum_array(column, typ, raw, size, offsets)
    if t == T.SET and size in (1, 2, 4, 8):
        return _set_array(column, typ, raw, size, offsets)
    return None


def _enum_array(column: Column, typ: pa.DataType, raw: np.ndarray, size: int,
                offsets: np.ndarray) -> tuple[pa.Array, bool]:
    n = len(offsets)
    index = raw.view("<u2" if size == 2 else "u1").reshape(n)
    if column.enum_values is None:
        return _from_numpy(index.astype(np.uint16), offsets, typ), True
    labels = ("", *column.enum_values)
    ok = index < len(labels)
    arr = take_strings(labels, np.where(ok, index, 0), (offsets < 0) | ~ok)
    return arr, bool(ok[offsets >= 0].all())


def _set_array(column: Column, typ: pa.DataType, raw: np.ndarray, size: int,
               offsets: np.ndarray) -> tuple[pa.Array, bool]:
    n = len(offsets)
    mask = raw.view({1: "u1", 2: "<u2", 4: "<u4", 8: "<u8"}[size]).reshape(n).astype(np.uint64)
    if column.set_values is None:
        return _from_numpy(mask, offsets, typ), True
    labels = column.set_values
    ok = (mask >> np.uint64(len(labels))) == 0 if len(labels) < 64 else np.ones(n, bool)
    valid = (offsets >= 0) & ok
    bits = ((mask[:, None] >> np.arange(len(labels), dtype=np.uint64)) & np.uint64(1)).astype(bool)
    bits &= valid[:, None]
    counts = bits.sum(axis=1)
    bounds = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(counts, out=bounds[1:])
    members = take_strings(labels, np.nonzero(bits)[1])
    validity, nulls = _validity(np.where(valid, 0, -1))
    arr = pa.Array.from_buffers(typ, n, [validity, pa.py_buffer(bounds)], null_count=nulls, children=[members])
    return arr, bool(ok[offsets >= 0].all())


def _temporal_array(column: Column, codec: _Codec, typ: pa.DataType, data: np.ndarray,
                    offsets: np.ndarray) -> tuple[pa.Array, bool] | None:
    """Dates and times (None: a type without a vectorized decoder, or zero dates or bad values: value by value)."""
    decoded = _temporal(column, gather_fixed(data, offsets, codec.size))
    if decoded is not None:
        values, ok = decoded
        if ok[offsets >= 0].all():
            return _from_numpy(values, offsets, typ), True
    return None


def _decimal_array(codec: _Codec, typ: pa.DataType, data: np.ndarray,
                   offsets: np.ndarray) -> tuple[pa.Array, bool] | None:
    unscaled, ok = decimal_column(gather_fixed(data, offsets, codec.size), typ.precision, typ.scale)
    valid = offsets >= 0
    if ok[valid].all():
        return decimal128_array(unscaled, valid, typ.precision, typ.scale), True
    return None


def _string_array(column: Column, data: np.ndarray, offsets: np.ndarray,
                  lengths: np.ndarray) -> tuple[pa.Array, bool] | None:
    """Bytes, and text in UTF-8 or a single-byte charset (None: text in another charset, value by value)."""
    text = is_text_column(column)
    table = None
    if text:
        codec = codec_of_collation(column.charset, column.flavor)
        if codec != "utf-8":
            table = single_byte_table(codec) if codec is not None else None
            if table is None:
                return None
    bounds, values = gather_values(data, offsets, lengths)
    if table is not None:
        bounds, values = to_utf8(bounds, values, table)
    validity, nulls = _validity(offsets)
    arr = pa.Array.from_buffers(pa.string() if text else pa.binary(), len(offsets),
                                [validity, pa.py_buffer(bounds), pa.py_buffer(values)], null_count=nulls)
    if text:
        try:
            arr.validate(full=True)  # every value UTF-8 (a cast to string checks the same, at a higher fixed cost)
        except pa.ArrowInvalid:
            raise _Slow from None  # not UTF-8: the row decoder reports or keeps it
    return arr, True


def _value_by_value(column: Column, codec: _Codec, typ: pa.DataType, buf: bytes,
                    offsets: np.ndarray) -> tuple[pa.Array, bool]:
    """Values decoded one by one with the row decoder's codec (types without a vectorized decoder)."""
    read = _checked_reader(codec)
    convert = value_converter(column)
    end = len(buf)
    prefix = codec.prefix if codec.fmt is None else 0
    values: list[Any] = []
    append = values.append
    exact = True
    for off in offsets.tolist():
        if off < 0:
            append(None)
            continue
        try:
            value, _ = read(buf, off - prefix, end)
        except Exception:  # noqa: BLE001 - any failure goes to the row decoder, which names it
            raise _Slow from None
        arrow_value, ok = convert(value)
        exact &= ok
        append(arrow_value)
    return pa.array(values, type=typ), exact


# -- a run of rows events ------------------------------------------------------------------


class TableLayout:
    """A table's name and columns, interned: equal layouts are one object, compared and hashed by identity
    (a run key is compared per rows event; a tuple of columns would hash every column each time)."""

    __slots__ = ("schema", "table", "columns")

    def __init__(self, schema: str, table: str, columns: tuple[Column, ...]) -> None:
        self.schema = schema
        self.table = table
        self.columns = columns


_LAYOUTS: BoundedCache[TableLayout] = BoundedCache(1 << 16)


def table_layout(table_map: TableMap) -> TableLayout:
    """The interned layout of a table map (memoized on it)."""
    layout = table_map.memo.get("layout")
    if layout is None:
        value = (table_map.schema, table_map.table, table_map.columns)
        layout = _LAYOUTS.get(value)
        if layout is None:  # a layout let go: later maps get a new object, their runs apart, still decoded right
            layout = _LAYOUTS.put(value, TableLayout(*value))
        table_map.memo["layout"] = layout
    return layout


def run_key(rows_event: RowsEvent) -> tuple[Any, ...]:
    """Rows events with equal keys decode as one run: same table layout, op and column bitmaps.

    By value, not by table map: every statement logs its own TABLE_MAP, and
    consecutive statements on a table share one layout (:func:`table_layout`).
    """
    return (table_layout(rows_event.table_map), rows_event.op, rows_event.present_before,
            rows_event.present_after, rows_event.partial_json)


_DATA = attrgetter("data")


def decode_run(run: Sequence[RowsEvent], *, errors: str = "strict") -> ChangeColumns | None:
    """The row changes of a run of rows events with one layout, as columns; ``None`` = use the row decoder.

    The events must share table map, op and column bitmaps (see
    :func:`iter_change_columns`).
    """
    first = run[0]
    if first.partial_json:
        return None
    table_map = first.table_map
    op = first.op
    layouts = image_layouts(table_map, op, first.present_before, first.present_after, errors)
    if layouts is None:
        return None
    try:
        sides = _sides(table_map, op, first.present_before, first.present_after, errors)
        datas = list(map(_DATA, run))
        buf = b"".join(datas) if len(run) > 1 else first.data
        data = np.frombuffer(buf, dtype=np.uint8)
        scan = scan_images(data, layouts)
        if scan.truncated_at is not None or scan.count % len(sides):
            return None
        # every event must start where an image (pair) starts
        event_starts = np.zeros(len(run), dtype=np.int64)
        np.cumsum(np.fromiter(map(len, datas), np.int64, len(run) - 1), out=event_starts[1:])
        row_starts = scan.starts[:: len(sides)]
        event_of_row = np.searchsorted(event_starts, row_starts, side="right") - 1
        first_rows = np.searchsorted(row_starts, event_starts)
        if len(run) > 1 and not np.array_equal(row_starts[np.minimum(first_rows, len(row_starts) - 1)],
                                               event_starts):
            return None
        row_index = np.arange(len(row_starts), dtype=np.int32) - first_rows[event_of_row].astype(np.int32)
        images: dict[str, ImageColumns] = {}
        for s, (name, columns, codecs) in enumerate(sides):
            offsets = scan.offsets[s :: len(sides)]
            lengths = scan.lengths[s :: len(sides)]
            arrays = []
            exact = True
            for k, (column, codec) in enumerate(zip(columns, codecs, strict=True)):
                arr, ok = _column_array(column, codec, arrow_type(column), data, buf,
                                        np.ascontiguousarray(offsets[:, k]), np.ascontiguousarray(lengths[:, k]))
                arrays.append(arr)
                exact &= ok
            images[name] = ImageColumns(columns, arrays, exact)
    except _Slow:
        return None
    return ChangeColumns(table_map, op, list(run), event_of_row, row_index, images.get("before"),
                         images.get("after"))


def columns_of_rows(rows_event: RowsEvent, pairs: Sequence[tuple[dict[str, Any] | None, dict[str, Any] | None]],
                    *, errors: str = "strict") -> ChangeColumns:
    """The row changes of one event decoded by the row decoder (:func:`.row_image.decode_rows`), as columns."""
    return _columns_of_pairs([rows_event], [pairs], errors)


def decode_changes(run: Sequence[RowsEvent], *, errors: str = "strict") -> ChangeColumns | None:
    """The row changes of a run of one layout as columns, as :func:`decode_run` gives them: through the row
    decoder when the run holds fewer than :data:`.image_bounds.FEW_ROWS` changes (a decode into columns costs
    100-200 microseconds a column, a few changes' values from Python a few microseconds a column), else
    :func:`decode_run`. None: decode the run event by event (one of its events does not decode)."""
    if not fewer_changes(run, FEW_ROWS):
        return decode_run(run, errors=errors)
    pairs_of = []
    for rows_event in run:
        try:
            pairs_of.append(decode_rows(rows_event.table_map.columns, rows_event.op, rows_event.present_before,
                                        rows_event.present_after, rows_event.data,
                                        partial_json=rows_event.partial_json, errors=errors,
                                        memo=rows_event.table_map.memo))
        except Exception:  # noqa: BLE001 - the caller decodes the run event by event, and reports this one
            return None
    return _columns_of_pairs(list(run), pairs_of, errors)


#: Per layout: each column's name, value converter and Arrow type (:func:`_converters`).
_CONVERTERS: LayoutCache[list[tuple[str, Callable[[Any], tuple[Any, bool]], pa.DataType]]] = LayoutCache(32 << 20)


def _converters(columns: tuple[Column, ...]) -> list[tuple[str, Callable[[Any], tuple[Any, bool]], pa.DataType]]:
    """Each column's name, :func:`value_converter` and :func:`arrow_type`, made once per layout (the runs of one
    table map share its decoder's columns tuple), not looked up column by column in every run."""
    return _CONVERTERS.get(columns, lambda cols: [(c.name, value_converter(c), arrow_type(c)) for c in cols])


def _columns_of_pairs(events: list[RowsEvent],
                      pairs_of: Sequence[Sequence[tuple[dict[str, Any] | None, dict[str, Any] | None]]],
                      errors: str) -> ChangeColumns:
    """The row decoder's changes of rows events of one layout (``pairs_of[i]``: event ``i``'s), as columns."""
    first = events[0]
    table_map = first.table_map
    memo = table_map.memo
    pairs = [pair for event_pairs in pairs_of for pair in event_pairs]
    images: dict[str, ImageColumns] = {}
    for name, present, position in (("before", first.present_before, 0), ("after", first.present_after, 1)):
        if (name == "before" and first.op == "insert") or (name == "after" and first.op == "delete"):
            continue
        columns = get_decoder(table_map.columns, present, errors=errors, memo=memo).present_columns
        arrays = []
        exact = True
        for column_name, convert, typ in _converters(columns):
            values = []
            for pair in pairs:
                image = pair[position]
                arrow_value, ok = convert(image.get(column_name) if image is not None else None)
                exact &= ok
                values.append(arrow_value)
            arrays.append(pa.array(values, type=typ))
        images[name] = ImageColumns(columns, arrays, exact)
    counts = [len(event_pairs) for event_pairs in pairs_of]
    event_of_row = np.repeat(np.arange(len(events), dtype=np.int64), counts)
    row_index = (np.concatenate([np.arange(n, dtype=np.int32) for n in counts]) if counts
                 else np.zeros(0, dtype=np.int32))
    return ChangeColumns(table_map, first.op, events, event_of_row, row_index, images.get("before"),
                         images.get("after"))


def iter_change_columns(reader: RowsEventSource, *, max_run_bytes: int = WINDOW_BYTES) -> Iterator[ChangeColumns]:
    """The row changes a :class:`~.changes.ChangeReader` reads, as runs of columns (file order).

    A run is a stretch of consecutive rows events with one :func:`run_key`.
    The events are read in windows of about ``max_run_bytes`` of row images;
    in a window, the runs of one key (one table written in turn with others,
    say) are decoded at once and each run is handed out as a slice of that
    decode (:attr:`ChangeColumns.group`), in file order. A window also ends
    where the reader reports a problem, so the changes before it come first.

    Problems are handled as the reader's ``on_error`` says: in ``stop`` mode
    every change before the bad event is yielded before the error is raised.
    A window of :data:`MANY_KEYS` keys or more reads twice as far.
    """
    for window in _windows(reader, max_run_bytes):
        yield from _window_columns(reader, window.events, window.runs())


def iter_change_runs(reader: RowsEventSource, *, max_run_bytes: int = WINDOW_BYTES
                     ) -> Iterator[ChangeColumns | list[RowsEvent]]:
    """:func:`iter_change_columns`, but a run whose key has few changes in its window (:data:`FEW_ROWS`) comes as
    its rows events, not decoded, for the row decoder (file order kept)."""
    for window in _windows(reader, max_run_bytes):
        errors = reader.undecodable
        for run, columns in _decoded_runs(window.events, window.runs(), errors, few=True):
            if columns is FEW_CHANGES:
                yield run
            elif columns is None:
                yield from _run_columns(reader, run, errors)
            else:
                assert isinstance(columns, ChangeColumns)
                yield columns


def _few(events: list[RowsEvent]) -> bool:
    """Whether a key's events in a window are few enough for the row decoder (:data:`.image_bounds.FEW_ROWS`)."""
    return fewer_changes(events, FEW_ROWS)


#: What :func:`iter_change_runs`' and :func:`window_runs`' windows give, asked for ``few``, for a run of a key
#: with few changes: no decode (for the row decoder).
FEW_CHANGES = object()


def iter_change_groups(reader: RowsEventSource, *, max_run_bytes: int = WINDOW_BYTES
                       ) -> Iterator[tuple[ChangeColumns, np.ndarray]]:
    """The row changes :func:`iter_change_columns` hands out, a window's runs of one key at once, for outputs
    that keep each table apart (the typed Parquet datasets): each with the ordinal in the stream of each of its
    events (``ordinals[columns.event_of_row]`` puts a table's rows back in file order).

    A table's changes of one layout all come before those of the next (an ALTER TABLE between them): the
    groups are handed out in the order of their first runs. A window whose runs of a key need the row decoder,
    or where a table's layouts take turns, is handed out run by run, as :func:`iter_change_columns` does.
    """
    base = 0
    for window in _windows(reader, max_run_bytes):
        yield from _window_groups(reader, window, base)
        base += len(window.events)


class _Window(NamedTuple):
    """Rows events read together: each key's events (in the order of their first events) and each event's key
    there."""

    events: list[RowsEvent]
    keys: list[list[RowsEvent]]
    key_of_event: list[int]

    def runs(self) -> list[tuple[int, list[RowsEvent]]]:
        """The runs in file order: each run's first event and its key's events (a run is consecutive events of
        such a list)."""
        of = self.key_of_event
        return [(start, self.keys[of[start]]) for start in range(len(of)) if start == 0 or of[start] != of[start - 1]]


def _windows(reader: RowsEventSource, max_run_bytes: int) -> Iterator[_Window]:
    """The rows events read in windows. See :func:`iter_change_columns`."""
    window: list[RowsEvent] = []
    numbers: dict[tuple[Any, ...], int] = {}  # each run_key's number in the window
    keys: list[list[RowsEvent]] = []
    key_of_event: list[int] = []
    size = 0
    errors = reader.errors
    reported = len(errors)
    try:
        for rows_event in reader.rows_events():
            if window and ((size >= max_run_bytes and (len(keys) < MANY_KEYS or size >= 2 * max_run_bytes))
                           or len(errors) != reported):
                yield _Window(window, keys, key_of_event)
                window, numbers, keys, key_of_event, size = [], {}, [], [], 0
                reported = len(errors)
            key = run_key(rows_event)
            number = numbers.get(key)
            if number is None:
                number = numbers[key] = len(keys)
                keys.append([])
            keys[number].append(rows_event)
            key_of_event.append(number)
            window.append(rows_event)
            size += len(rows_event.data)
    except BinlogError:
        if window:
            yield _Window(window, keys, key_of_event)
        raise
    if window:
        yield _Window(window, keys, key_of_event)


def _window_columns(reader: RowsEventSource, window: list[RowsEvent], runs: list[tuple[int, list[RowsEvent]]]
                    ) -> Iterator[ChangeColumns]:
    """The runs of a window in file order (each given by its first event and its key's events), each key
    decoded once over the whole window."""
    errors = reader.undecodable
    for run, columns in _decoded_runs(window, runs, errors):
        if columns is None:
            yield from _run_columns(reader, run, errors)
        else:
            yield columns


def _window_groups(reader: RowsEventSource, window: _Window, base: int
                   ) -> Iterator[tuple[ChangeColumns, np.ndarray]]:
    """A window's runs of each key decoded at once and handed out whole (see :func:`iter_change_groups`)."""
    if not window.events:
        return
    # each key's events' places in the window, in order: the window's places sorted by key, stably
    key_of_event = np.array(window.key_of_event, dtype=np.int64)
    ends = np.cumsum(np.bincount(key_of_event, minlength=len(window.keys)))
    places = np.split(np.argsort(key_of_event, kind="stable"), ends[:-1])
    decoded = None if _layouts_in_turn(window.keys, places) else _decoded_keys(window, places, base,
                                                                                 reader.undecodable)
    if decoded is not None:
        yield from decoded
        return
    at = 0  # the runs come in file order, each of consecutive events (an event the row decoder rejects: none)
    events = window.events
    for columns in _window_columns(reader, events, window.runs()):
        while events[at] is not columns.events[0]:
            at += 1
        yield columns, np.arange(base + at, base + at + len(columns.events), dtype=np.int64)
        at += len(columns.events)


def _decoded_keys(window: _Window, places: list[np.ndarray], base: int, errors: str
                  ) -> list[tuple[ChangeColumns, np.ndarray]] | None:
    """Each key's runs decoded at once, with the ordinals of their events (and the window's facts); None when
    a key's runs need the row decoder (whose errors are then reported in file order, run by run)."""
    decoded = []
    facts = EventFacts(window.events)
    for events, at in zip(window.keys, places, strict=True):
        columns = decode_changes(events, errors=errors)
        if columns is None:
            return None
        columns.facts, columns.facts_at = facts, at
        decoded.append((columns, at + base))
    return decoded


def _layouts_in_turn(keys: list[list[RowsEvent]], places: list[np.ndarray]) -> bool:
    """Whether a table's runs of one layout are followed by runs of another and then of the first again."""
    tables: dict[tuple[str, str], dict[TableLayout, tuple[int, int]]] = {}
    for events, at in zip(keys, places, strict=True):
        layout = table_layout(events[0].table_map)
        first, stop = int(at[0]), int(at[-1]) + 1
        layouts = tables.setdefault((layout.schema, layout.table), {})
        seen = layouts.get(layout)
        layouts[layout] = (first, stop) if seen is None else (min(seen[0], first), max(seen[1], stop))
    for layouts in tables.values():
        if len(layouts) > 1:
            bounds = sorted(layouts.values())
            if any(after[0] < before[1] for before, after in pairwise(bounds)):
                return True
    return False


def window_runs(window: list[RowsEvent], *, errors: str = "strict", few: bool = False
                ) -> Iterator[tuple[list[RowsEvent], Any]]:
    """The runs of a window of rows events in file order (a run: consecutive events of one :func:`run_key`),
    each with its columns: a slice of its key's runs decoded at once (:attr:`ChangeColumns.group`), or None
    when the run is to be decoded on its own (:func:`decode_changes`, then the row decoder for what that does
    not take); with ``few``, :data:`FEW_CHANGES` for a run whose key has fewer than
    :data:`.image_bounds.FEW_ROWS` changes in the window (for the row decoder, event by event)."""
    groups: dict[tuple[Any, ...], list[RowsEvent]] = {}
    runs: list[tuple[int, list[RowsEvent]]] = []
    last: list[RowsEvent] | None = None
    for i, rows_event in enumerate(window):
        events = groups.setdefault(run_key(rows_event), [])
        if events is not last:
            runs.append((i, events))
            last = events
        events.append(rows_event)
    return _decoded_runs(window, runs, errors, few=few)


def _decoded_runs(window: list[RowsEvent], runs: list[tuple[int, list[RowsEvent]]], errors: str, *,
                  few: bool = False) -> Iterator[tuple[list[RowsEvent], Any]]:
    """Each run with its columns (None: decode it alone; with ``few``, :data:`FEW_CHANGES` for a key of few changes)."""
    if not runs:
        return
    decoded: dict[int, ChangeColumns | None] = {}  # by id of the key's list of events
    taken: dict[int, int] = {}  # events of the key handed out so far
    ends = [start for start, _ in runs[1:]]
    ends.append(len(window))
    for (start, group_events), stop in zip(runs, ends, strict=True):
        run = window[start:stop]
        if few and _few(group_events):
            yield run, FEW_CHANGES
            continue
        if len(group_events) == stop - start:  # the key's only run: decoded alone, as it is
            yield run, None
            continue
        key = id(group_events)
        first = taken.get(key, 0)
        if first:
            group = decoded[key]
        else:
            group = decoded[key] = decode_changes(group_events, errors=errors)
        taken[key] = first + stop - start
        # None: something in the key's runs needs the row decoder: each run on its own
        yield run, None if group is None else group.slice_events(first, first + stop - start, run[0].table_map)


def _run_columns(reader: RowsEventSource, run: list[RowsEvent], errors: str) -> Iterator[ChangeColumns]:
    """One run decoded at once, or event by event through the row decoder (errors reported in file order)."""
    columns = decode_changes(run, errors=errors)
    if columns is not None:
        yield columns
        return
    for rows_event in run:
        try:
            pairs = decode_rows(rows_event.table_map.columns, rows_event.op, rows_event.present_before,
                                rows_event.present_after, rows_event.data,
                                partial_json=rows_event.partial_json, errors=errors,
                                memo=rows_event.table_map.memo)
        except Exception as exc:  # noqa: BLE001 - decode_error names the event and column of any decoder failure
            reader.report(reader.decode_error(rows_event, exc))
            continue
        yield columns_of_rows(rows_event, pairs, errors=errors)
