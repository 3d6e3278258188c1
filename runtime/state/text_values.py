"""Values written as text (a DEFAULT literal, a dump's field) read back as the row decoder's Python values.

The row decoder (:mod:`..rows.image`) gives each column family one Python type; a state keeps values in
those types whatever their source, so a value from a text base or a column default compares equal to the
same value from a row image and is written the same way by every output:

* integers (also YEAR and BIT) -> ``int``; FLOAT -> the ``float`` of its 32-bit value; DOUBLE -> ``float``;
  DECIMAL -> ``Decimal`` with the column's scale (rounded half away from zero, as the server stores it:
  strings/decimal.c ``decimal_round``);
* DATE, DATETIME -> ``date``/``datetime`` (:class:`..types.temporal.MySQLDate`/``MySQLDateTime`` for zero
  and invalid dates), TIMESTAMP -> an aware ``datetime`` in UTC (text is read in UTC), TIME -> ``timedelta``;
  fractions beyond the column's digits are cut, as MariaDB does without ``TIME_ROUND_FRACTIONAL``;
* ENUM -> its label (``""`` for a value that is no label), SET -> the tuple of its labels in definition order;
* text -> ``str`` (bytes are read in the column's character set; CHAR without its trailing spaces, as the
  server logs it: sql/field.cc ``Field_string::pack``), binary strings and BLOBs -> ``bytes`` (BINARY(n)
  without trailing 0x00 bytes);
  ``hex_binary=True`` reads binary values (and GEOMETRY) as hex digits, as the JSON output writes them.

A text that is no value of the column raises ``ValueError``.
"""

from __future__ import annotations

import re
import struct
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from typing import Any

from ..column import Column
from ..constants import BINARY_COLLATION, MYSQL_TYPE
from ..types.arrow import is_text_column
from ..types.charsets import BINARY, codec_of_collation, decode_mysql_latin1
from ..types.temporal import MySQLDate, MySQLDateTime

__all__ = ["value_of_text"]

T = MYSQL_TYPE
_INTEGERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG))
_BITS: dict[int, int] = {T.TINY: 8, T.SHORT: 16, T.INT24: 24, T.LONG: 32, T.LONGLONG: 64}
_DATE = re.compile(r"^(\d{1,4})-(\d{1,2})-(\d{1,2})$")
_DATETIME = re.compile(r"^(\d{1,4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,6})\d*)?$")
_TIME = re.compile(r"^(-)?(\d{1,3}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,6})\d*)?$")
#: DECIMAL has up to 65 digits (Python's default context: 28).
_WIDE = Context(prec=100)
_STRINGS = frozenset((T.STRING, T.VARCHAR, T.VAR_STRING, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB,
                      T.BLOB_COMPRESSED, T.VARCHAR_COMPRESSED, T.GEOMETRY))


def _micros(text: str | None, fsp: int) -> int:
    digits = (text or "")[:fsp].ljust(6, "0")
    return int(digits)


def _number(text: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ValueError(f"not a number: {text!r}") from None
    if not value.is_finite():
        raise ValueError(f"not a number: {text!r}")
    return value


def _integer(column: Column, text: str) -> int:
    value = int(_number(text).to_integral_value(ROUND_HALF_UP))
    bits = _BITS[column.real_type]
    lo, hi = (0, 1 << bits) if column.unsigned else (-(1 << (bits - 1)), 1 << (bits - 1))
    if not lo <= value < hi:
        raise ValueError(f"{value} is out of the range of {column.type_name}")
    return value


def _temporal(column: Column, text: str) -> Any:
    t = column.real_type
    fsp = column.fsp
    if t in (T.DATE, T.NEWDATE):
        m = _DATE.match(text.strip())
        if m is None:
            raise ValueError(f"not a date: {text!r}")
        y, mo, d = (int(g) for g in m.groups())
        return _date(y, mo, d)
    if t in (T.TIME, T.TIME2):
        m = _TIME.match(text.strip())
        if m is None:
            raise ValueError(f"not a time: {text!r}")
        sign, h, mi, s, frac = m.groups()
        span = timedelta(hours=int(h), minutes=int(mi), seconds=int(s), microseconds=_micros(frac, fsp))
        return -span if sign else span
    m = _DATETIME.match(text.strip())
    if m is None:
        raise ValueError(f"not a date and time: {text!r}")
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    usec = _micros(m.group(7), fsp)
    try:
        value = datetime(y, mo, d, h, mi, s, usec)
    except ValueError:
        if not (y or mo or d or h or mi or s or usec):
            return MySQLDateTime(0, 0, 0)
        return MySQLDateTime(y, mo, d, h, mi, s, usec)
    return value.replace(tzinfo=UTC) if t in (T.TIMESTAMP, T.TIMESTAMP2) else value


def _date(y: int, mo: int, d: int) -> date | MySQLDate:
    try:
        return date(y, mo, d)
    except ValueError:
        return MySQLDate(y, mo, d)


def _labels(column: Column, text: str) -> Any:
    if column.real_type == T.ENUM:
        labels = column.enum_values
        if labels is None:
            return int(text)
        for label in labels:
            if label.lower() == text.lower():
                return label
        if text.isdigit() and 0 < int(text) <= len(labels):
            return labels[int(text) - 1]
        return ""
    labels = column.set_values
    if labels is None:
        return int(text)
    wanted = {part.lower() for part in text.split(",") if part}
    return tuple(label for label in labels if label.lower() in wanted)


def _string(column: Column, text: str | bytes, hex_binary: bool) -> Any:
    t = column.real_type
    binary = not is_text_column(column) and (column.charset is not None or t == T.GEOMETRY)
    if binary or (isinstance(text, bytes) and column.charset is None):
        raw = bytes.fromhex(text) if hex_binary and isinstance(text, str) else (
            text.encode("utf-8") if isinstance(text, str) else text)
        if t == T.STRING and column.charset == BINARY_COLLATION:
            raw = raw.rstrip(b"\0")
        if column.charset is None:
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                return raw
        return raw
    value = _decoded(column, text) if isinstance(text, bytes) else text
    return value.rstrip(" ") if t == T.STRING else value


def _decoded(column: Column, raw: bytes) -> str:
    """Bytes in the column's character set (a dump's text is; UTF-8 when the charset is not known)."""
    codec = codec_of_collation(column.charset, column.flavor) if column.charset is not None else None
    if codec == "mysql_latin1":
        return decode_mysql_latin1(raw)
    if codec is None or codec == BINARY:
        return raw.decode("utf-8")
    return raw.decode(codec)


def value_of_text(column: Column, text: str | bytes, *, hex_binary: bool = False) -> Any:
    """The row decoder's value of ``column`` written as ``text`` (see the module docstring)."""
    t = column.real_type
    if t in _STRINGS or t == T.JSON:
        return _string(column, text, hex_binary) if t != T.JSON else (
            text.decode("utf-8") if isinstance(text, bytes) else text)
    word = _decoded(column, text) if isinstance(text, bytes) else text
    if t in _INTEGERS:
        return _integer(column, word)
    if t == T.YEAR:
        value = int(_number(word))
        if value != 0 and not 1901 <= value <= 2155:
            raise ValueError(f"not a YEAR: {word!r}")
        return value
    if t == T.FLOAT:
        return struct.unpack("<f", struct.pack("<f", float(_number(word))))[0]
    if t == T.DOUBLE:
        return float(word)
    if t == T.NEWDECIMAL:
        scale = column.scale or 0
        return _number(word).quantize(Decimal(1).scaleb(-scale), ROUND_HALF_UP, _WIDE)
    if t == T.BIT:
        return int(_number(word))
    if t in (T.ENUM, T.SET):
        return _labels(column, word)
    return _temporal(column, word)
