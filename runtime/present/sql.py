"""Row changes as SQL statements that redo them or undo them (flashback), exactly.

Values are written as the server stored them (the row decoder's values,
:mod:`..rows.image`): DECIMAL with every digit; DATE/DATETIME/TIME with the
column's fraction digits and zero dates as MySQL's text; TIMESTAMP in UTC (the
script sets ``time_zone='+00:00'``); FLOAT/DOUBLE as the shortest decimal that
reads back as the same double (a FLOAT's value is its 32-bit value, so it
stores back to the same bits); text as a string literal in the script's
``utf8mb4`` with every byte that needs it escaped; binary strings, BLOB,
GEOMETRY (SRID + WKB, the server's own format) and text kept as bytes as
``X'...'``; BIT as ``b'...'``; ENUM and SET by label (by number when the
labels are unknown); JSON as its text.

A change becomes one statement: an insert ``INSERT INTO t (cols) VALUES
(...)``, a delete ``DELETE FROM t WHERE ... LIMIT 1``, an update ``UPDATE t SET
... WHERE ... LIMIT 1``. The WHERE clause uses the primary key when it is known
(FULL metadata, the schema file or the schema history) and present in the
image, else every column of the image; NULL as ``IS NULL``. Undoing swaps the
roles: an insert is undone by deleting its after image, a delete by inserting
its before image, an update by setting the before image where the after image
is. What cannot be written exactly raises :class:`SqlRefusal` naming the table
and the reason.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..changes import RowChange
from ..column import FLAVOR_MARIADB, Column
from ..constants import BINARY_COLLATION, MYSQL_TYPE
from ..errors import SqlRefusal
from ..types.json_diff import JsonPartialUpdate
from ..types.json_text import dumps, json_document
from ..types.temporal import MySQLDate, MySQLDateTime, format_date, format_datetime, format_time

if TYPE_CHECKING:
    from ..table_map import TableMap

__all__ = ["change_sql", "script_header", "sql_literal"]

T = MYSQL_TYPE
_ESCAPES = {"\\": "\\\\", "'": "\\'", "\0": "\\0", "\n": "\\n", "\r": "\\r", "\x1a": "\\Z"}


def script_header() -> list[str]:
    """What makes a script replay the same way whatever the client's defaults."""
    return [
        "SET NAMES utf8mb4;",
        "SET SESSION time_zone = '+00:00';  -- TIMESTAMP values are UTC",
        # exact values back: no strict-mode rejections of zero dates, 0 kept in AUTO_INCREMENT columns
        "SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO,NO_ENGINE_SUBSTITUTION';",
    ]


@lru_cache(maxsize=4096)
def quote_name(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _text(value: str) -> str:
    # One str.replace per character that needs escaping (each a C scan of the text; _ESCAPES has the
    # backslash first), not str.translate (a table lookup per character: 1.4 s of 2 s for 27 MB of TEXT).
    for char, escaped in _ESCAPES.items():
        if char in value:
            value = value.replace(char, escaped)
    return "'" + value + "'"


def sql_literal(column: Column, value: Any) -> str:
    """The SQL literal of one decoded value (see the module docstring)."""
    if value is None:
        return "NULL"
    t = column.real_type
    if isinstance(value, JsonPartialUpdate):
        raise SqlRefusal(f"column {column.name}: a partial JSON update without its before value")
    if t == T.BIT:
        return "b'" + format(int(value), "b") + "'"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, float):
        return repr(value)  # the double nearest the stored value; a FLOAT stores back to the same bits
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, (bytes, bytearray, memoryview)):
        raw = bytes(value)
        if t == T.STRING and column.charset == BINARY_COLLATION and column.max_length:
            # BINARY(n) (and MariaDB's INET6/UUID) are logged without their trailing 0x00 bytes
            raw = raw.ljust(column.max_length, b"\0")
        return "X'" + raw.hex().upper() + "'" if raw else "''"
    if isinstance(value, _TEMPORAL_VALUES):
        return _temporal_literal(column, value)
    return _document_literal(column, t, value)


_INTEGERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.YEAR))
_TEXTS = frozenset((T.VARCHAR, T.VAR_STRING, T.STRING, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB,
                    T.ENUM, T.VARCHAR_COMPRESSED, T.BLOB_COMPRESSED))
_DATETIMES = frozenset((T.DATETIME, T.DATETIME2, T.TIMESTAMP, T.TIMESTAMP2))


def _typed_writer(column: Column, kind: type, write: Callable[[Any], str]) -> Callable[[Any], str]:
    """``write`` for values of exactly the class ``kind`` (and NULL); anything else goes to :func:`sql_literal`."""
    def writer(value: Any) -> str:
        if value is None:
            return "NULL"
        return write(value) if type(value) is kind else sql_literal(column, value)
    return writer


def _datetime_writer(column: Column) -> Callable[[Any], str]:
    """DATETIME/TIMESTAMP values as :func:`.format_datetime` writes them (ISO text cut to the fraction digits);
    a TIMESTAMP's value is in UTC already."""
    width = 19 if column.fsp <= 0 else 20 + column.fsp

    def write(value: Any) -> str:
        if value.tzinfo is not None and value.tzinfo is not dt.UTC:
            return sql_literal(column, value)
        return "'" + value.isoformat(" ", "microseconds")[:width] + "'"
    return write


def literal_writer(column: Column) -> Callable[[Any], str]:
    """:func:`sql_literal` for one column, with the common values (integers of integer columns, text of
    text columns, DECIMAL, dates and times, floats, NULL) written directly; anything else goes to
    :func:`sql_literal`, so the text is the same."""
    t = column.real_type
    if t in _INTEGERS:
        return _typed_writer(column, int, str)
    if t in _TEXTS:
        return _typed_writer(column, str, _text)
    if t == T.NEWDECIMAL:
        return _typed_writer(column, Decimal, lambda value: format(value, "f"))
    if t in _DATETIMES:
        return _typed_writer(column, dt.datetime, _datetime_writer(column))
    if t in (T.DATE, T.NEWDATE):
        return _typed_writer(column, dt.date, lambda value: "'" + value.isoformat() + "'")
    if t in (T.FLOAT, T.DOUBLE):
        return _typed_writer(column, float, repr)

    def general(value: Any) -> str:
        return sql_literal(column, value)
    return general


def _writers(table_map: TableMap) -> dict[str, tuple[Column, Callable[[Any], str]]]:
    """Each column's writer by name, made once per table map (its ``memo`` lives as long as the map)."""
    writers: dict[str, tuple[Column, Callable[[Any], str]]] | None = table_map.memo.get("sql_writers")
    if writers is None:
        writers = table_map.memo["sql_writers"] = {c.name: (c, literal_writer(c)) for c in table_map.columns}
    return writers


#: The classes of the values :func:`_temporal_literal` writes (``dt.datetime`` is a ``dt.date``).
_TEMPORAL_VALUES = (MySQLDate, MySQLDateTime, dt.date, dt.timedelta)


def _temporal_literal(column: Column, value: MySQLDate | MySQLDateTime | dt.date | dt.timedelta) -> str:
    if isinstance(value, (MySQLDate, MySQLDateTime)):
        return "'" + str(value) + "'"
    if isinstance(value, dt.datetime):
        return "'" + format_datetime(value, column.fsp) + "'"
    if isinstance(value, dt.date):
        return "'" + format_date(value) + "'"
    return "'" + format_time(value, column.fsp) + "'"


def _document_literal(column: Column, t: int, value: Any) -> str:
    """SET labels and JSON documents (a refusal for anything else)."""
    if isinstance(value, tuple):  # SET labels
        return _text(",".join(value))
    if isinstance(value, (dict, list)) or t == T.JSON:
        if t == T.VECTOR:
            raise SqlRefusal(f"column {column.name}: VECTOR values are not written as SQL")
        return _text(dumps(json_document(value)))
    raise SqlRefusal(f"column {column.name}: no SQL literal for a {type(value).__name__} value")


class _ImageLayout:
    """What writing an image with one set of columns needs, made once per table map and set of columns."""

    __slots__ = ("assigned", "names", "writes")

    def __init__(self, table_map: TableMap, names: tuple[str, ...]) -> None:
        writers = _writers(table_map)
        self.names = ", ".join([quote_name(n) for n in names])
        self.writes = [writers[n][1] for n in names]
        self.assigned = [quote_name(n) + " = " for n in names]


def _layout(change: RowChange, image: dict[str, Any]) -> _ImageLayout:
    layouts: dict[tuple[str, ...], _ImageLayout] = change.table_map.memo.setdefault("sql_images", {})
    names = tuple(image)
    layout = layouts.get(names)
    if layout is None:
        layout = layouts[names] = _ImageLayout(change.table_map, names)
    return layout


def _where(change: RowChange, image: dict[str, Any]) -> str:
    writers = _writers(change.table_map)
    key = change.primary_key
    names = key if key and all(k in image for k in key) else tuple(image)
    parts = []
    for name in names:
        column, write = writers[name]
        value = image[name]
        if value is None:
            parts.append(f"{quote_name(name)} IS NULL")
        elif column.real_type == T.JSON and column.flavor != FLAVOR_MARIADB:
            parts.append(f"{quote_name(name)} = CAST({write(value)} AS JSON)")
        else:
            parts.append(f"{quote_name(name)} = {write(value)}")
    return " AND ".join(parts) if parts else "1"


def _values(change: RowChange, image: dict[str, Any]) -> tuple[str, str]:
    layout = _layout(change, image)
    return layout.names, ", ".join([write(v) for write, v in zip(layout.writes, image.values(), strict=True)])


def _assignments(change: RowChange, image: dict[str, Any]) -> str:
    layout = _layout(change, image)
    return ", ".join([name + write(v) for name, write, v in zip(layout.assigned, layout.writes, image.values(),
                                                                 strict=True)])


def _check_names(change: RowChange) -> None:
    if not change.table_map.has_names:
        raise SqlRefusal(f"{change.schema}.{change.table}: no column names (the binlog was written without "
                         "binlog_row_metadata=FULL and neither --schema, --schema-sql nor the binlogs' DDL "
                         "names them)")


def _complete(change: RowChange, image: dict[str, Any] | None, which: str) -> dict[str, Any]:
    """The image, refused when a MINIMAL/NOBLOB row image left columns out."""
    assert image is not None
    missing = [c.name for c in change.columns if c.name not in image]
    if missing:
        raise SqlRefusal(f"{change.schema}.{change.table}: the {which} image lacks {', '.join(missing)} (a MINIMAL "
                         "or NOBLOB row image): the change cannot be undone exactly")
    return image


def change_sql(change: RowChange, *, undo: bool = False) -> str:
    """The statement that redoes (or, ``undo``, undoes) one row change."""
    try:
        return _statement(change, undo)
    except SqlRefusal as err:
        raise SqlRefusal(f"{change.schema}.{change.table} (rows event at {change.file}:{change.pos}): "
                         f"{str(err).removeprefix(f'{change.schema}.{change.table}: ')}") from None


def _statement(change: RowChange, undo: bool) -> str:
    _check_names(change)
    target = change.table_map.memo.get("sql_target")
    if target is None:
        target = change.table_map.memo["sql_target"] = f"{quote_name(change.schema)}.{quote_name(change.table)}"
    op = change.op
    if undo:
        if op == "insert":
            op, before, after = "delete", change.after, None
        elif op == "delete":
            op, before, after = "insert", None, _complete(change, change.before, "before")
        else:
            before, after = change.after, _complete(change, change.before, "before")
    else:
        before, after = change.before, change.after
    if op == "insert":
        assert after is not None
        names, values = _values(change, after)
        return f"INSERT INTO {target} ({names}) VALUES ({values});"
    if op == "delete":
        assert before is not None
        return f"DELETE FROM {target} WHERE {_where(change, before)} LIMIT 1;"
    assert before is not None and after is not None
    return f"UPDATE {target} SET {_assignments(change, after)} WHERE {_where(change, before)} LIMIT 1;"
