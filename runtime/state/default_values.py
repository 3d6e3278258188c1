"""The value a column's default clause (:mod:`.defaults`) gives a row, typed as the row decoder types it.

* no clause: NULL for a nullable column; else the type's implicit default (sql/field.cc ``Field::reset``
  and MariaDB 10.11's ``explicit_defaults_for_timestamp=ON``): 0, ``''``, the first ENUM label, the empty
  SET, the zero date/datetime/TIMESTAMP, ``00:00:00``;
* a literal, converted to the column's type as the server converts it (:mod:`.text_values`); ``b'..'`` and
  ``X'..'``/``0x..`` literals by their bits and bytes;
* ``CURRENT_TIMESTAMP[(n)]``: the time the statement started: the QUERY event's timestamp and MariaDB's
  Q_HRNOW microseconds, cut to the column's digits (a DATETIME takes it in UTC, as a TIMESTAMP's text is
  read; the session's time zone is not in the binlog when it is the server's);
* an expression, ``AUTO_INCREMENT`` and generated columns: unknown (the caller never guesses them).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from ..column import Column
from ..constants import MYSQL_TYPE
from ..types.arrow import is_text_column
from ..types.temporal import ZERO_DATE, ZERO_DATETIME
from .defaults import DefaultClause
from .text_values import value_of_text

__all__ = ["UNKNOWN", "default_value"]

T = MYSQL_TYPE
#: What :func:`default_value` returns for a default it cannot know.
UNKNOWN = object()
_NUMBERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.YEAR, T.BIT))
_DATETIMES = frozenset((T.DATETIME, T.DATETIME2, T.TIMESTAMP, T.TIMESTAMP2))


def _implicit(column: Column) -> Any:
    """The value a NOT NULL column without a DEFAULT clause takes."""
    t = column.real_type
    if t in _NUMBERS:
        return 0
    if t in (T.FLOAT, T.DOUBLE):
        return 0.0
    if t == T.NEWDECIMAL:
        return Decimal(0).scaleb(-(column.scale or 0))  # (exact: scaleb of 0 keeps every digit)
    if t == T.ENUM:
        return column.enum_values[0] if column.enum_values else UNKNOWN
    if t == T.SET:
        return () if column.set_values is not None else 0
    if t in (T.DATE, T.NEWDATE):
        return ZERO_DATE
    if t in _DATETIMES:
        return ZERO_DATETIME
    if t in (T.TIME, T.TIME2):
        return timedelta(0)
    if t in (T.GEOMETRY, T.VECTOR):
        return UNKNOWN
    return "" if is_text_column(column) or column.charset is None else b""


def _now(column: Column, clause: DefaultClause, timestamp: int, micros: int | None) -> Any:
    t = column.real_type
    if t not in _DATETIMES:
        return UNKNOWN
    fsp = min(column.fsp, clause.fsp)
    if fsp and micros is None:
        return UNKNOWN
    usec = (micros or 0) // 10 ** (6 - fsp) * 10 ** (6 - fsp) if fsp else 0
    value = datetime.fromtimestamp(timestamp, UTC) + timedelta(microseconds=usec)
    return value if t in (T.TIMESTAMP, T.TIMESTAMP2) else value.replace(tzinfo=None)


def _literal(column: Column, clause: DefaultClause) -> Any:
    t = column.real_type
    if clause.kind in ("hex", "bit"):
        number = int(clause.text or "0", 16 if clause.kind == "hex" else 2)
        if t in _NUMBERS:
            return number
        raw = number.to_bytes(max(1, (len(clause.text) + 1) // 2) if clause.kind == "hex" else
                              max(1, (number.bit_length() + 7) // 8), "big")
        return value_of_text(column, raw)
    text = clause.text
    if clause.kind == "bool":
        text = clause.text
    if t == T.BIT:
        return int(Decimal(text))
    return value_of_text(column, text)


def default_value(clause: DefaultClause | None, column: Column, *, timestamp: int = 0,
                  micros: int | None = None) -> Any:
    """The value ``clause`` gives ``column`` (:data:`UNKNOWN` when it cannot be known without the server).

    ``clause`` None: the column's definition is not known (nor its default). ``timestamp``/``micros``: when the
    statement that evaluates it started (``CURRENT_TIMESTAMP``).
    """
    if clause is None:
        return UNKNOWN
    kind = clause.kind
    if kind == "none":
        return None if clause.nullable else _implicit(column)
    if kind == "null":
        return None
    if kind == "now":
        return _now(column, clause, timestamp, micros)
    if kind in ("number", "string", "hex", "bit", "bool"):
        try:
            return _literal(column, clause)
        except (ValueError, OverflowError):
            return UNKNOWN
    return UNKNOWN
