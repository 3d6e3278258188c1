"""The JSON text of every value of one Arrow column, a whole column at a time.

Byte for byte what :func:`.json_text.dumps` of :func:`.value_json.json_formatter`
gives for each value (that per-value path is the reference; the tests hold the
two equal), built with Arrow compute functions and numpy over the column's
buffers (the Arrow type of each MySQL type: :mod:`..types.arrow`):

* integers (also YEAR, BIT, SET/ENUM codes) and DECIMAL cast to text;
* DATE/DATETIME/TIMESTAMP cast to text and cut to the column's fraction
  digits; TIME (``duration[us]``) assembled from its hours, minutes, seconds
  and fraction (sql-common/my_time.cc ``my_time_to_str``) in a byte matrix;
* DOUBLE as Python's ``repr`` (what :func:`json.dumps` writes) and FLOAT as
  ``repr`` of :func:`..types.floats.float32_shortest`: Arrow's shortest text
  has the same digits, and is ``repr``'s text when it has a point, no
  exponent and is not below 1e-4 (a whole number below 1e16 gets ``.0``);
  other values, and FLOAT's powers of two (where Arrow may pick another text
  as short), take ``repr`` value by value; NaN and infinities as ``null``;
* text escaped as a JSON string (``\\"``, ``\\\\`` and the control characters
  as :func:`json.dumps` writes them); binary strings, BLOB and GEOMETRY as
  lowercase hex from a byte -> two digits table; strings of unknown charset as
  text when every value is valid UTF-8 (else value by value: text or hex);
* SET labels as a JSON list of the labels' JSON texts; JSON documents as
  the canonical text the column holds.

Each value also gets its plain text (for ``changes/`` value maps): a JSON
string without its quotes and escapes, any other value as its JSON text, null
for SQL NULL and for a float that is not finite.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..column import Column
from ..constants import MYSQL_TYPE
from ..types.floats import float32_shortest
from ..types.json_text import dumps
from .arrow_text import join, text_scalar, value_bytes
from .value_json import json_formatter

__all__ = ["ColumnTexts", "column_texts", "value_by_value", "value_texts"]

T = MYSQL_TYPE
_SPECIAL_BYTE = re.compile(rb'[\x00-\x1f"\\]')  # what a JSON string literal escapes
_CONTROL_BYTE = re.compile(rb"[\x00-\x1f]")
_EXPONENT_BYTE = re.compile(rb"E")
#: How json.dumps writes each control character (json.encoder ESCAPE_DCT).
_CONTROL_ESCAPES = [(chr(i), json.dumps(chr(i))[1:-1]) for i in range(0x20)]
#: Byte -> its two lowercase hex digits, as the bytes of one uint16 (one gather per byte).
_HEX_DIGITS = np.frombuffer(b"".join(b"%02x" % i for i in range(256)), np.uint16)
_TEXT_TYPES = frozenset((T.STRING, T.VARCHAR, T.VAR_STRING, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB,
                         T.BLOB_COMPRESSED, T.VARCHAR_COMPRESSED))
_FLOAT32_MANTISSA = np.uint32(0x7FFFFF)  # zero for a power of two


def _quoted(text: pa.Array) -> pa.Array:
    return join('"', text, '"')


def _escaped(text: pa.Array) -> pa.Array:
    """UTF-8 text escaped as in a JSON string literal (``json.dumps(..., ensure_ascii=False)``), without quotes."""
    data = value_bytes(text)  # UTF-8 sequences of other characters have no byte below 0x80
    if _SPECIAL_BYTE.search(data) is None:
        return text  # the common case: nothing to escape
    control = _CONTROL_BYTE.search(data) is not None
    text = pc.replace_substring(text, "\\", "\\\\")
    text = pc.replace_substring(text, '"', '\\"')
    if control:
        for char, escape in _CONTROL_ESCAPES:
            text = pc.replace_substring(text, char, escape)
    return text


def _string_array(offsets: np.ndarray, data: np.ndarray, nulls_like: pa.Array) -> pa.Array:
    """A string array from offsets and UTF-8 bytes, null where ``nulls_like`` is."""
    n = len(nulls_like)
    validity = None
    if nulls_like.null_count:
        validity = pa.py_buffer(np.packbits(np.asarray(nulls_like.is_valid()), bitorder="little"))
    return pa.StringArray.from_buffers(n, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(data), validity,
                                       nulls_like.null_count)


def _hex(arr: pa.Array) -> pa.Array:
    """Lowercase hex of each value of a binary array (null for NULL)."""
    n = len(arr)
    offsets = np.frombuffer(arr.buffers()[1], np.int32, n + 1, arr.offset * 4) if n else np.zeros(1, np.int32)
    digits = np.take(_HEX_DIGITS, np.frombuffer(value_bytes(arr), np.uint8)).view(np.uint8)
    return _string_array((offsets - offsets[0]) * 2, digits, arr)


def _reprs(values: pa.Array) -> tuple[pa.Array, pa.Array]:
    """``repr`` of each double, as :func:`json.dumps` writes it; NaN and infinities: JSON ``null``, no plain text."""
    doubles = values.fill_null(0.0).to_numpy(zero_copy_only=False)
    return _repr_texts(values.cast(pa.string()), doubles, np.zeros(len(values), bool), float)


def _float32_texts(arr: pa.Array) -> tuple[pa.Array, pa.Array]:
    """FLOAT values as ``repr`` of :func:`float32_shortest` writes them, from Arrow's shortest float32 text.

    The two pick the same digits but on some powers of two (Arrow may pick another text as short);
    those, and any text that would not read back as the same float32, go value by value.
    """
    singles = arr.fill_null(0.0).to_numpy(zero_copy_only=False)
    shortest = arr.cast(pa.string())
    read_back = shortest.cast(pa.float64()).fill_null(0.0).to_numpy(zero_copy_only=False)
    with np.errstate(invalid="ignore", over="ignore"):
        unequal = read_back.astype(np.float32) != singles
    power_of_two = ((singles.view(np.uint32) & _FLOAT32_MANTISSA) == 0) & (singles != 0)
    return _repr_texts(shortest, singles.astype(np.float64), power_of_two | unequal, float32_shortest)


#: Arrow texts ``repr`` writes otherwise: an exponent, ``nan``/``inf``, or below 1e-4 (repr: ``1e-05``).
_NOT_REPR = r"[en]|^-?0\.0000"


def _repr_texts(shortest: pa.Array, values: np.ndarray, redo: np.ndarray, exact: Callable[[float], float]
                ) -> tuple[pa.Array, pa.Array]:
    """``repr(exact(v))`` of each value, given Arrow's text of it with the same (shortest) digits.

    ``repr`` writes those digits as Arrow does when Arrow writes a point and no exponent, unless
    the value is below 1e-4 (``repr`` then uses an exponent); it adds ``.0`` to a whole number
    below 1e16. Other values (exponents, tiny and huge ones) and the ``redo`` rows take ``repr``
    value by value. NaN and infinities: JSON ``null`` and no plain text.
    """
    finite = np.isfinite(values)
    nulls = np.asarray(shortest.is_null()) if shortest.null_count else np.zeros(len(values), bool)
    other = np.asarray(pc.match_substring_regex(shortest, _NOT_REPR).fill_null(True))
    point = np.asarray(pc.match_substring(shortest, ".").fill_null(False))
    with np.errstate(invalid="ignore"):
        whole = ~point & ~other & (np.abs(values) < 1e16)
    same = point & ~other
    texts = shortest
    if whole.any():
        texts = pc.if_else(pa.array(whole), join(shortest, ".0"), texts)
    redo = (redo | ~(same | whole)) & finite & ~nulls
    if redo.any():
        fixed = [repr(exact(float(v))) for v in values[redo]]
        texts = pc.replace_with_mask(texts, pa.array(redo), pa.array(fixed, pa.string()))
    if finite.all():
        return texts, texts
    plain = pc.if_else(pa.array(finite), texts, pa.scalar(None, pa.string()))
    return pc.if_else(pa.array(finite | nulls), texts, text_scalar("null")), plain


def _duration_texts(arr: pa.Array, fsp: int) -> pa.Array:
    """TIME as ``[-]HH:MM:SS[.f]`` (:func:`..types.temporal.format_time`), laid out in a byte matrix.

    Row by row: the sign, the hours right-aligned (at least two digits), ``:MM:SS`` and the
    first ``fsp`` digits of the microseconds; the unused leading columns are dropped.
    """
    n = len(arr)
    micros = np.frombuffer(arr.buffers()[1], np.int64, n, arr.offset * 8) if n else np.zeros(0, np.int64)
    if arr.null_count:
        micros = np.where(np.asarray(arr.is_valid()), micros, 0)
    seconds, usec = np.divmod(np.abs(micros), 1_000_000)
    hours, rest = np.divmod(seconds, 3600)
    minutes, secs = np.divmod(rest, 60)
    hour_digits = max(2, len(str(int(hours.max())))) if n else 2
    hour_width = 2 + sum((hours >= 10**k).astype(np.int64) for k in range(2, hour_digits))
    width = 1 + hour_digits + 6 + (1 + fsp if fsp > 0 else 0)
    text = np.empty((n, width), np.uint8)
    keep = np.ones((n, width), bool)
    text[:, 0] = ord("-")
    keep[:, 0] = micros < 0
    for j in range(hour_digits):
        text[:, 1 + j] = 48 + (hours // 10 ** (hour_digits - 1 - j)) % 10
        keep[:, 1 + j] = hour_width >= hour_digits - j
    col = 1 + hour_digits
    for part in (minutes, secs):
        text[:, col] = ord(":")
        text[:, col + 1] = 48 + part // 10
        text[:, col + 2] = 48 + part % 10
        col += 3
    if fsp > 0:
        text[:, col] = ord(".")
        for j in range(fsp):
            text[:, col + 1 + j] = 48 + (usec // 10 ** (5 - j)) % 10
    offsets = np.zeros(n + 1, np.int64)
    np.cumsum(keep.sum(axis=1), out=offsets[1:])
    return _string_array(offsets, text[keep], arr)


def _set_texts(column: Column, arr: pa.ListArray) -> pa.Array | None:
    """SET labels as JSON lists (``["a","c"]``); ``None`` for a label outside the column's."""
    if column.set_values is None:
        return None
    labels = pa.array(column.set_values, pa.string())
    positions = pc.index_in(arr.values, value_set=labels)
    if positions.null_count != arr.values.null_count:
        return None
    label_texts = pa.array([dumps(label) for label in column.set_values], pa.string()).take(positions)
    offsets = arr.offsets.to_numpy()  # into the whole child array, as arr.values is
    start = int(offsets[0]) if len(offsets) else 0
    lists = pa.ListArray.from_arrays(pa.array(offsets - start, pa.int32()),
                                     label_texts.slice(start, int(offsets[-1]) - start if len(offsets) else 0),
                                     mask=arr.is_null() if arr.null_count else None)
    return join("[", pc.binary_join(lists, text_scalar(",")), "]")


class ColumnTexts(NamedTuple):
    """The JSON texts of a column's values, and their plain texts (null for SQL NULL)."""

    #: Each value's JSON text, or when :attr:`quoted` what goes between its quotes (null for SQL NULL).
    text: pa.Array
    #: A JSON string's string, any other value's JSON text (null for NULL and for a float not finite).
    plain: pa.Array
    #: Whether the JSON text is ``"`` + :attr:`text` + ``"``.
    quoted: bool

    def json(self) -> pa.Array:
        """Each value's JSON text (null for SQL NULL)."""
        return _quoted(self.text) if self.quoted else self.text


def value_texts(column: Column, arr: pa.Array) -> tuple[pa.Array, pa.Array]:
    """Each value's JSON text, and its plain text (both null for SQL NULL; see the module docstring)."""
    texts = column_texts(column, arr)
    return texts.json(), texts.plain


def column_texts(column: Column, arr: pa.Array) -> ColumnTexts:
    """:func:`value_texts` with the quotes of JSON strings left to the caller (one concatenation less)."""
    for family in (_number_texts, _temporal_texts, _string_texts):
        texts = family(column, arr)
        if texts is not None:
            return texts
    json_texts, plain = value_by_value(column, arr)
    return ColumnTexts(json_texts, plain, False)


def _number_texts(column: Column, arr: pa.Array) -> ColumnTexts | None:
    """Integers (also BIT, YEAR, ENUM/SET codes), DECIMAL, DOUBLE and FLOAT; None: another type or value."""
    typ = arr.type
    t = column.real_type
    if pa.types.is_integer(typ):
        return ColumnTexts(texts := arr.cast(pa.string()), texts, False)
    if pa.types.is_decimal(typ):
        digits = arr.cast(pa.string())
        if _EXPONENT_BYTE.search(value_bytes(digits)) is not None:  # Arrow writes 1.2E-8 for tiny values
            return None
        return ColumnTexts(digits, digits, True)
    if t == T.NEWDECIMAL and pa.types.is_string(typ):  # over 38 digits: the decimal text already
        return ColumnTexts(arr, arr, True)
    if t == T.DOUBLE and pa.types.is_float64(typ):
        return ColumnTexts(*_reprs(arr), False)
    if t == T.FLOAT and pa.types.is_float32(typ):
        return ColumnTexts(*_float32_texts(arr), False)
    return None


def _temporal_texts(column: Column, arr: pa.Array) -> ColumnTexts | None:
    """DATE, DATETIME, TIMESTAMP and TIME; None: another type."""
    typ = arr.type
    if pa.types.is_date(typ):
        plain = arr.cast(pa.string())
    elif pa.types.is_timestamp(typ):
        fsp = column.fsp
        if typ.tz is not None:  # TIMESTAMP: UTC, as wall-clock time (much faster to format)
            arr = arr.cast(pa.timestamp(typ.unit))
        formatted = arr.cast(pa.string())  # YYYY-MM-DD HH:MM:SS.ffffff
        plain = pc.utf8_slice_codeunits(formatted, 0, 19 if fsp <= 0 else 20 + fsp)
    elif pa.types.is_duration(typ):
        plain = _duration_texts(arr, column.fsp)
    else:
        return None
    return ColumnTexts(plain, plain, True)


def _string_texts(column: Column, arr: pa.Array) -> ColumnTexts | None:
    """JSON documents, SET labels, text and binary strings; None: another type or value."""
    typ = arr.type
    t = column.real_type
    if t == T.JSON and pa.types.is_string(typ):
        return ColumnTexts(arr, _json_plain(arr), False)  # the canonical text of the document, embedded as is
    if t == T.SET and pa.types.is_list(typ):
        texts = _set_texts(column, arr)
        return None if texts is None else ColumnTexts(texts, texts, False)
    if pa.types.is_string(typ):
        return ColumnTexts(_escaped(arr), arr, True)
    if not pa.types.is_binary(typ) or (t not in _TEXT_TYPES and t != T.GEOMETRY):
        return None
    if column.charset is not None or t == T.GEOMETRY:
        plain = _hex(arr)
        return ColumnTexts(plain, plain, True)
    try:  # unknown charset: text when valid UTF-8 (every value here), else hex (value by value)
        text = arr.cast(pa.string())
    except pa.ArrowInvalid:
        return None
    return ColumnTexts(_escaped(text), text, True)


def _json_plain(arr: pa.Array) -> pa.Array:
    """The plain text of JSON documents: a string document's string, any other its text."""
    strings = pc.starts_with(arr, '"')
    if not pc.any(strings).as_py():
        return arr
    texts = arr.to_pylist()
    for i in np.flatnonzero(np.asarray(strings.fill_null(False))):
        texts[i] = json.loads(texts[i])
    return pa.array(texts, pa.string())


def value_by_value(column: Column, arr: pa.Array) -> tuple[pa.Array, pa.Array]:
    """:func:`value_texts` one value at a time with the per-row path's formatter (the reference)."""
    fmt = json_formatter(column)
    json_texts: list[str | None] = []
    plain_texts: list[str | None] = []
    for v in arr.to_pylist():
        if v is None:
            json_texts.append(None)
            plain_texts.append(None)
            continue
        v = fmt(v)  # None for NaN
        text = dumps(v)
        json_texts.append(text)
        plain_texts.append(v if type(v) is str else None if v is None else text)
    return pa.array(json_texts, pa.string()), pa.array(plain_texts, pa.string())
