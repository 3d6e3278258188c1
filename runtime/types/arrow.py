"""The Arrow type of each MySQL column, and how a decoded value becomes one.

One mapping for every columnar output (``rows --format parquet``, the typed
tables of the Spark job):

* integers by width and signedness (MEDIUMINT -> ``int32``/``uint32``; a
  column whose signedness is unknown is signed, as the row decoder reads it);
  YEAR -> ``int16`` (0 for YEAR 0000); BIT -> ``uint64``;
* FLOAT -> ``float32``, DOUBLE -> ``float64``;
* DECIMAL(p,s) -> ``decimal128(p,s)``; above 38 digits (also Spark's limit)
  ``string``, the decimal text with every digit;
* DATE -> ``date32``; DATETIME -> ``timestamp[us]`` (wall-clock time);
  TIMESTAMP -> ``timestamp[us, UTC]``; TIME -> ``duration[us]`` (negative and
  over 24 h allowed). Zero dates (``0000-00-00``) have no Arrow value: null;
* text -> ``string``; binary strings, BLOB, GEOMETRY (SRID + WKB) and strings
  whose character set is unknown -> ``binary``;
* ENUM -> ``string`` label (``uint16`` index without labels); SET ->
  ``list<string>`` (``uint64`` bitmask without labels); JSON -> ``string``
  (MySQL's JSON text); VECTOR -> ``list<float32>``.

A value with no representation in its type (a zero date, an ENUM index past
the known labels, text kept as bytes) becomes null; :func:`value_converter`
reports it so callers that must not lose it (JSON output) can tell.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from typing import Any

import pyarrow as pa

from ..column import Column
from ..constants import MYSQL_TYPE
from .charsets import BINARY, codec_of_collation

__all__ = ["arrow_type", "value_converter", "is_text_column"]

T = MYSQL_TYPE

_SIGNED: dict[int, pa.DataType] = {
    T.TINY: pa.int8(), T.SHORT: pa.int16(), T.INT24: pa.int32(), T.LONG: pa.int32(), T.LONGLONG: pa.int64(),
}
_UNSIGNED: dict[int, pa.DataType] = {
    T.TINY: pa.uint8(), T.SHORT: pa.uint16(), T.INT24: pa.uint32(), T.LONG: pa.uint32(), T.LONGLONG: pa.uint64(),
}
_TEXT_TYPES = frozenset((T.STRING, T.VARCHAR, T.VAR_STRING, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB,
                         T.BLOB_COMPRESSED, T.VARCHAR_COMPRESSED))
TIMESTAMP_UTC = pa.timestamp("us", tz="UTC")


def is_text_column(column: Column) -> bool:
    """True for a CHAR/VARCHAR/TEXT column whose character set is known and not ``binary``."""
    if column.real_type not in _TEXT_TYPES or column.charset is None:
        return False
    codec = codec_of_collation(column.charset, column.flavor)
    return codec is not None and codec != BINARY


#: The Arrow type of the column types that have one whatever their metadata.
_ARROW_OF_TYPE: dict[int, pa.DataType] = {
    T.YEAR: pa.int16(),
    T.BIT: pa.uint64(),
    T.FLOAT: pa.float32(),
    T.DOUBLE: pa.float64(),
    T.NULL: pa.string(),  # always NULL
    T.DATE: pa.date32(),
    T.NEWDATE: pa.date32(),
    T.DATETIME: pa.timestamp("us"),
    T.DATETIME2: pa.timestamp("us"),
    T.TIMESTAMP: TIMESTAMP_UTC,
    T.TIMESTAMP2: TIMESTAMP_UTC,
    T.TIME: pa.duration("us"),
    T.TIME2: pa.duration("us"),
    T.JSON: pa.string(),
    T.VECTOR: pa.list_(pa.float32()),
    T.GEOMETRY: pa.binary(),
}


@lru_cache(maxsize=8192)
def arrow_type(column: Column) -> pa.DataType:
    """The Arrow type of a column's values (see the module docstring; cached per column)."""
    t = column.real_type
    if t in _SIGNED:
        return _UNSIGNED[t] if column.unsigned else _SIGNED[t]
    fixed = _ARROW_OF_TYPE.get(t)
    if fixed is not None:
        return fixed
    if t == T.NEWDECIMAL:
        precision, scale = column.meta >> 8, column.meta & 0xFF
        if 0 < precision <= 38 and scale <= precision:
            return pa.decimal128(precision, scale)
        return pa.string()  # over 38 digits (Spark's limit too): the decimal text
    if t == T.ENUM:
        return pa.string() if column.enum_values is not None else pa.uint16()
    if t == T.SET:
        return pa.list_(pa.string()) if column.set_values is not None else pa.uint64()
    if t in _TEXT_TYPES:
        return pa.string() if is_text_column(column) else pa.binary()
    return pa.string()


def _integer(v: Any) -> int | None:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    return None


def value_converter(column: Column) -> Callable[[Any], tuple[Any, bool]]:
    """``value -> (arrow_value, exact)`` for values the row decoder returns for this column.

    ``exact`` is False when the value has no representation in
    :func:`arrow_type` and became ``None`` (a zero date, say).
    """
    typ = arrow_type(column)
    for family in (_number_converter, _temporal_converter, _list_or_binary_converter):
        convert = family(typ)
        if convert is not None:
            return convert
    if column.real_type == T.JSON:
        return _json_converter()
    return _text


def _number_converter(typ: pa.DataType) -> Callable[[Any], tuple[Any, bool]] | None:
    """Integers (within the type's range), floats and decimals (within its digits); None: another type."""
    if pa.types.is_integer(typ):
        bits = typ.bit_width
        lo, hi = (0, 1 << bits) if pa.types.is_unsigned_integer(typ) else (-(1 << (bits - 1)), 1 << (bits - 1))

        def integer(v: Any) -> tuple[Any, bool]:
            i = _integer(v)
            if i is not None and lo <= i < hi:
                return i, True
            return None, v is None
        return integer
    if pa.types.is_floating(typ):
        return lambda v: (float(v), True) if isinstance(v, (int, float)) and not isinstance(v, bool) else (None,
                                                                                                         v is None)
    if pa.types.is_decimal(typ):
        limit = Decimal(10) ** (typ.precision - typ.scale)

        def decimal(v: Any) -> tuple[Any, bool]:
            if isinstance(v, Decimal) and v.is_finite() and v.copy_abs() < limit:
                return v, True
            return None, v is None
        return decimal
    return None


def _temporal_converter(typ: pa.DataType) -> Callable[[Any], tuple[Any, bool]] | None:
    """Dates, timestamps (wall clock or UTC) and durations; None: another type."""
    if pa.types.is_date(typ):
        return lambda v: (v, True) if isinstance(v, dt.date) and not isinstance(v, dt.datetime) else (None,
                                                                                                     v is None)
    if pa.types.is_timestamp(typ):
        utc = typ.tz is not None

        def timestamp(v: Any) -> tuple[Any, bool]:
            if not isinstance(v, dt.datetime):
                return None, v is None
            if utc:
                return (v if v.tzinfo is not None else v.replace(tzinfo=dt.UTC)), True
            return (v if v.tzinfo is None else v.astimezone(dt.UTC).replace(tzinfo=None)), True
        return timestamp
    if pa.types.is_duration(typ):
        return lambda v: (v, True) if isinstance(v, dt.timedelta) else (None, v is None)
    return None


def _list_or_binary_converter(typ: pa.DataType) -> Callable[[Any], tuple[Any, bool]] | None:
    """SET labels, VECTORs and bytes; None: another type."""
    if pa.types.is_list(typ) and pa.types.is_string(typ.value_type):  # SET labels
        return lambda v: (list(v), True) if isinstance(v, tuple) else (None, v is None)
    if pa.types.is_list(typ):  # VECTOR
        return lambda v: ([float(x) for x in v], True) if isinstance(v, list) else (None, v is None)
    if pa.types.is_binary(typ):
        return _binary
    return None


def _binary(v: Any) -> tuple[Any, bool]:
    if isinstance(v, (bytes, bytearray, memoryview)):
        return bytes(v), True
    if isinstance(v, str):  # unknown charset: the row decoder gave valid UTF-8 as text
        return v.encode("utf-8"), True
    return None, v is None


def _json_converter() -> Callable[[Any], tuple[Any, bool]]:
    from .json_text import dumps, json_document  # JSON documents only

    def json_text(v: Any) -> tuple[Any, bool]:
        if v is None:
            return None, True
        try:
            return dumps(json_document(v)), True
        except Exception:  # noqa: BLE001 - a value json_document cannot write (any error) has no Arrow value: null, not exact
            return None, False
    return json_text


def _text(v: Any) -> tuple[Any, bool]:
    if v is None or isinstance(v, str):
        return v, True
    if isinstance(v, Decimal):
        return f"{v:f}", True
    return None, False
