"""Column values as JSON: the mapping used by ``--format jsonl`` and by Spark.

Per column (the contract of the JSON output):

* integers, YEAR (``0`` for YEAR 0000) and BIT -> JSON numbers;
* FLOAT -> the shortest decimal that reads back as the same 32-bit float
  (``1.1``, not ``1.100000023841858``); DOUBLE -> its shortest round-trip
  decimal; NaN/infinity (which MySQL does not store) -> ``null``;
* DECIMAL -> a string with every digit (``"-0.01"``, ``"1.50"``);
* DATE -> ``"YYYY-MM-DD"``; DATETIME -> ``"YYYY-MM-DD HH:MM:SS[.f...]"`` and
  TIME -> ``"[-]HH:MM:SS[.f...]"`` (hours may have 3 digits) with as many
  fraction digits as the column declares; TIMESTAMP -> the DATETIME text in
  UTC. Zero values keep MySQL's text: ``"0000-00-00"``, ``"0000-00-00
  00:00:00"`` (plus ``.000`` etc. for a column with fractions, as MySQL shows
  them);
* text -> string; binary strings, BLOB and GEOMETRY (SRID + WKB) -> lowercase
  hex string; without charset metadata VARCHAR/VARBINARY and TEXT/BLOB cannot
  be told apart, so their values are text when valid UTF-8 and hex otherwise
  (as the row decoder already returns them);
* ENUM -> its label (``""`` for the index 0 error value), or its index when
  the labels are unknown; SET -> list of labels, or the bitmask when unknown;
* VECTOR -> list of numbers (float32 shortest text each);
* JSON -> the document itself. Inside documents, values follow MySQL's own
  JSON text (sql-common/json_dom.cc ``wrapper_to_string``): opaque DECIMAL as
  a number with all its digits, opaque DATE as ``"YYYY-MM-DD"`` and
  DATETIME/TIMESTAMP/TIME with 6 fraction digits, other opaque values as
  ``"base64:type<N>:<base64>"``. An unapplied partial update is
  ``{"json_diff": [{"op": ..., "path": ..., "value": ...}]}``;
* SQL NULL -> ``null``.

Decimal numbers inside JSON documents are kept as :class:`decimal.Decimal` by
:func:`json_value`; :func:`dumps` writes them as JSON numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..bounded_cache import BoundedCache
from ..column import Column
from ..constants import MYSQL_TYPE
from ..errors import RowDecodeError
from ..types.charsets import BINARY, charset_of_collation, codec_of_collation, decode_mysql_latin1
from ..types.floats import float32_shortest
from ..types.json_text import _finite, json_document
from ..types.temporal import format_date, format_datetime, format_time

if TYPE_CHECKING:
    from ..changes import RowChange
    from ..table_map import TableMap

__all__ = ["change_json", "column_mappers", "image_json", "json_formatter",
           "json_value", "mapped_image"]

T = MYSQL_TYPE
_INTEGERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.YEAR, T.BIT))
_DATES = frozenset((T.DATE, T.NEWDATE))
_DATETIMES = frozenset((T.DATETIME, T.DATETIME2, T.TIMESTAMP, T.TIMESTAMP2))
_TIMES = frozenset((T.TIME, T.TIME2))
_STRINGS = frozenset(
    (
        T.STRING,
        T.VARCHAR,
        T.VAR_STRING,
        T.BLOB,
        T.TINY_BLOB,
        T.MEDIUM_BLOB,
        T.LONG_BLOB,
        T.BLOB_COMPRESSED,
        T.VARCHAR_COMPRESSED,
    )
)


def _text_or_hex(column: Column, value: str | bytes, errors: str) -> str:
    """A string column's JSON string: text as is, bytes decoded when the charset is text."""
    if isinstance(value, str):
        return value
    raw = bytes(value)
    codec = codec_of_collation(column.charset, column.flavor)
    if column.charset is None:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.hex()
    if codec is None or codec == BINARY:
        return raw.hex()
    if codec == "mysql_latin1":
        return decode_mysql_latin1(raw)
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as exc:
        if errors == "keep":
            return raw.hex()
        if errors == "replace":
            return raw.decode(codec, "replace")
        charset = charset_of_collation(column.charset, column.flavor)
        raise RowDecodeError(
            f"value is not valid {charset} (byte {exc.start} of {len(raw)})",
            column=column.name,
            column_index=column.index,
        ) from exc


def json_value(column: Column, value: Any, *, errors: str = "strict") -> Any:
    """The JSON-ready value of one column (see the module docstring).

    Parameters
    ----------
    column
        The column the value belongs to.
    value
        The Python value from the row decoder (``None`` for SQL NULL).
    errors
        For string values still in bytes whose column has a text charset:
        ``"strict"`` raises :class:`~.row_image.RowDecodeError` naming the
        column, ``"keep"`` writes them as hex, ``"replace"`` uses U+FFFD.
    """
    if value is None:
        return None
    t = column.real_type
    if t in _INTEGERS:
        return int(value)
    if t in _STRINGS:
        if isinstance(value, (dict, list)):  # MariaDB JSON (a LONGTEXT) decoded by the caller
            return json_document(value)
        return _text_or_hex(column, value, errors)
    if t == T.FLOAT:
        return _finite(float32_shortest(value))
    if t == T.DOUBLE:
        return _finite(value)
    if t == T.NEWDECIMAL:
        return format(value, "f")
    if t in _DATETIMES:
        return format_datetime(value, column.fsp)
    if t in _DATES:
        return format_date(value)
    if t in _TIMES:
        return format_time(value, column.fsp)
    return _other_json_value(t, value)


def _other_json_value(t: int, value: Any) -> Any:
    """:func:`json_value` of the types neither numbers, temporal nor strings."""
    if t == T.ENUM:
        return value
    if t == T.SET:
        return list(value) if isinstance(value, tuple) else value
    if t == T.JSON:
        return json_document(value)
    if t == T.GEOMETRY:
        return bytes(value).hex()
    if t == T.VECTOR:
        return [_finite(float32_shortest(v)) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    return value


def json_formatter(column: Column, errors: str = "strict") -> Callable[[Any], Any]:
    """``json_value`` for one column with the type dispatch done once (cached per column).

    Used on the per-row path: ``json_formatter(column)(value) == json_value(column, value)``.
    """
    key = (column, errors)
    fmt = _FORMATTERS.get(key)
    if fmt is None:
        fmt = _FORMATTERS.put(key, _make_formatter(column, errors))
    return fmt


#: Formatters by column, for every column of a binlog of thousands of tables (about 1 KB each).
_FORMATTERS: BoundedCache[Callable[[Any], Any]] = BoundedCache(1 << 17)


def _make_formatter(column: Column, errors: str) -> Callable[[Any], Any]:
    t = column.real_type
    if t in _INTEGERS:
        return lambda v: None if v is None else int(v)
    if t == T.NEWDECIMAL:
        return lambda v: None if v is None else format(v, "f")
    if t in _DATETIMES:
        fsp = column.fsp
        width = 19 if fsp <= 0 else 20 + fsp

        def datetime_text(v: Any) -> Any:
            if v is None:
                return None
            if type(v) is datetime:
                if v.tzinfo is not None:
                    v = v.astimezone(UTC).replace(tzinfo=None)
                return v.isoformat(" ", "microseconds")[:width]
            return format_datetime(v, fsp)

        return datetime_text
    if t in _DATES:
        return lambda v: None if v is None else format_date(v)
    if t in _STRINGS:
        return lambda v: v if type(v) is str else json_value(column, v, errors=errors)
    if t in _TIMES:
        fsp = column.fsp
        return lambda v: None if v is None else format_time(v, fsp)
    if t == T.ENUM:
        return lambda v: v
    return lambda v: json_value(column, v, errors=errors)


def column_mappers(table_map: TableMap, make: Callable[[Column], Callable[[Any], Any]]
                   ) -> dict[str, Callable[[Any], Any]]:
    """Column name -> ``make(column)``, prepared once per table map and ``make`` (kept in its ``memo``)."""
    mappers = table_map.memo.get(make)
    if mappers is None:
        mappers = table_map.memo[make] = {c.name: make(c) for c in table_map.columns}
    return mappers


def mapped_image(change: RowChange, which: str, make: Callable[[Column], Callable[[Any], Any]]
                 ) -> dict[str, Any] | None:
    """The ``before`` or ``after`` image of a change with each value mapped by ``make(its column)``."""
    image = change.before if which == "before" else change.after
    if image is None:
        return None
    mappers = column_mappers(change.table_map, make)
    return {name: mappers[name](value) if name in mappers else value for name, value in image.items()}


def _strict_formatter(column: Column) -> Callable[[Any], Any]:
    return json_formatter(column)


def _keep_formatter(column: Column) -> Callable[[Any], Any]:
    return json_formatter(column, "keep")


def _replace_formatter(column: Column) -> Callable[[Any], Any]:
    return json_formatter(column, "replace")


#: One function per mode: column_mappers caches by the function.
_FORMATTER_OF_MODE = {"strict": _strict_formatter, "keep": _keep_formatter, "replace": _replace_formatter}


def image_json(change: RowChange, which: str, errors: str = "strict") -> dict[str, Any] | None:
    """The ``before`` or ``after`` image of a change with values mapped to JSON (this module's contract).

    ``errors``: the reader's ``undecodable`` mode (text it kept as bytes is written as hex with ``keep``).
    """
    return mapped_image(change, which, _FORMATTER_OF_MODE[errors])


def change_json(change: RowChange, errors: str = "strict") -> dict[str, Any]:
    """The object ``binlog-ksy rows --format jsonl`` prints for one change."""
    return {
        "file": change.file,
        "pos": change.pos,
        "timestamp": change.timestamp,
        "gtid": change.gtid,
        "schema": change.schema,
        "table": change.table,
        "op": change.op,
        "before": image_json(change, "before", errors),
        "after": image_json(change, "after", errors),
    }
