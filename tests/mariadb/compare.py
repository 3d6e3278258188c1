r"""Decoded row values checked against mariadb-binlog's text and the server's SELECT.

Used by ``tests/test_mariadb_rows_oracle.py``. Three parts:

The table definitions (``load_schema``)
    ``information_schema.COLUMNS`` of the workload database, one
    :class:`SqlColumn` per column (type, signedness, character set, fsp,
    length, primary key, generated), plus the ENUM/SET labels from the
    workload's own DDL (``information_schema`` turns 4-byte characters such as
    an emoji label into ``?``). Everything the checks know about a column
    comes from here, never from the decoder's :class:`Column`: a wrong
    charset, signedness or label list in the decoder therefore shows up.

mariadb-binlog's text (``render_like_mysqlbinlog``, ``compare_with_oracle``)
    One of our Python values, printed the way MariaDB 10.11's
    ``log_event_print_value`` (sql/log_event_client.cc) prints that column
    type with ``-vv``; the result must equal the bytes mariadb-binlog printed.
    ``compare_with_oracle`` aligns our changes with the oracle's (same
    order, kind, table, rows-event position) and checks the columns present
    in each image, each column's metadata and nullability, and each value.

The server's SELECT (``Replica``, ``select_snapshot``, ``compare_replica``)
    Our changes replayed in order into in-memory tables keyed by primary key,
    then rendered the way the SELECT expressions of :func:`select_expr`
    print them, and compared with the server's rows.

Every check returns :class:`Mismatch` records instead of stopping at the
first difference, so one run lists every wrong column.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from binlog_ksy.runtime.types.geometry import Geometry
from binlog_ksy.runtime.types.temporal import MySQLDate, MySQLDateTime

from . import workload

__all__ = [
    "Level",
    "Mismatch",
    "SqlColumn",
    "Replica",
    "aligned_pairs",
    "compare_change",
    "compare_with_oracle",
    "compare_replica",
    "encode_text",
    "load_schema",
    "mariadb_compress",
    "quote_like_mysqlbinlog",
    "render_like_mysqlbinlog",
    "render_like_select",
    "select_defaults",
    "select_expr",
    "select_snapshot",
    "summarize",
    "value_problem",
]

_UTC = UTC
_EPOCH = datetime(1970, 1, 1, tzinfo=_UTC)


# --- what the binlog carries ----------------------------------------------------

@dataclass(frozen=True)
class Level:
    """What the TABLE_MAP optional metadata carries under one ``binlog_row_metadata``.

    MariaDB 10.11: ``NO_LOG`` nothing; ``MINIMAL`` signedness, character sets
    and geometry types; ``FULL`` adds column names, ENUM/SET labels and the
    primary key.
    """

    names: bool
    signedness: bool
    charsets: bool
    labels: bool

    @classmethod
    def of(cls, binlog_row_metadata: str) -> Level:
        m = binlog_row_metadata.upper()
        if m == "FULL":
            return cls(True, True, True, True)
        if m == "MINIMAL":
            return cls(False, True, True, False)
        return cls(False, False, False, False)


# --- the table definitions ---------------------------------------------------------

_INT_BITS = {"tinyint": 8, "smallint": 16, "mediumint": 24, "int": 32, "bigint": 64}
_TEXT_TYPES = {"char", "varchar", "tinytext", "text", "mediumtext", "longtext"}
_BINARY_TYPES = {"binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob"}
_GEOMETRY_TYPES = {"geometry", "point", "linestring", "polygon", "multipoint",
                   "multilinestring", "multipolygon", "geometrycollection"}

#: MariaDB character set name -> Python codec (latin1 handled by ``encode_text``).
_CODECS = {"utf8mb4": "utf-8", "utf8mb3": "utf-8", "utf8": "utf-8", "ascii": "ascii",
           "ucs2": "utf-16-be", "utf16": "utf-16-be", "utf32": "utf-32-be"}


@dataclass(frozen=True)
class SqlColumn:
    """One column as the server defines it (``information_schema.COLUMNS``)."""

    table: str
    name: str
    position: int            # 1-based, as mariadb-binlog's @N
    data_type: str           # DATA_TYPE, lower case: int, varchar, inet6, point...
    column_type: str         # COLUMN_TYPE: "int(10) unsigned", "bit(17)", "time /* mariadb-5.3 */"
    charset: str | None      # CHARACTER_SET_NAME (None for numbers, binary strings, temporal)
    nullable: bool
    primary: bool
    generated: str           # "", "VIRTUAL" or "STORED"
    fsp: int                 # DATETIME_PRECISION (0 when not temporal)
    scale: int               # NUMERIC_SCALE (DECIMAL)
    labels: tuple[str, ...] | None = None  # ENUM/SET members

    @property
    def family(self) -> str:
        """int, year, float, double, decimal, bit, enum, set, date, time, datetime,
        timestamp, text, binary, geometry, inet6, inet4 or uuid."""
        t = self.data_type
        if t in _INT_BITS:
            return "int"
        if t in _TEXT_TYPES:
            return "text"
        if t in _BINARY_TYPES:
            return "binary"
        if t in _GEOMETRY_TYPES:
            return "geometry"
        if t in ("json",):
            return "text"
        return t

    @property
    def unsigned(self) -> bool:
        return "unsigned" in self.column_type

    @property
    def int_bits(self) -> int:
        return _INT_BITS[self.data_type]

    @property
    def bit_width(self) -> int:
        m = re.search(r"bit\((\d+)\)", self.column_type)
        if m is None:
            raise ValueError(f"{self.name}: not a BIT column ({self.column_type})")
        return int(m.group(1))

    @property
    def length(self) -> int | None:
        """The declared length of CHAR/BINARY/VARCHAR/VARBINARY (characters or bytes)."""
        m = re.match(r"\w+\((\d+)\)", self.column_type)
        return int(m.group(1)) if m else None

    @property
    def compressed(self) -> bool:
        return "COMPRESSED" in self.column_type.upper()

    @property
    def set_bytes(self) -> int:
        """SET pack length (sql/field.cc ``get_set_pack_length``)."""
        n = (len(self.labels or ()) + 7) // 8
        return 8 if n > 4 else n

    def describe(self) -> str:
        return f"{self.column_type}" + (f" CHARACTER SET {self.charset}" if self.charset else "")


def _labels_from_ddl(ddl: str) -> tuple[str, ...] | None:
    m = re.match(r"\s*(ENUM|SET)\s*\((.*)\)", ddl, re.S | re.I)
    if not m:
        return None
    return tuple(s.replace("''", "'") for s in re.findall(r"'((?:[^']|'')*)'", m.group(2)))


def load_schema(server, db: str = workload.DB) -> dict[str, tuple[SqlColumn, ...]]:
    """The columns of every table of ``db``, in table order."""
    rows = server.query(
        "SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_TYPE, "
        "CHARACTER_SET_NAME, IS_NULLABLE, COLUMN_KEY, EXTRA, "
        "IFNULL(DATETIME_PRECISION, 0), IFNULL(NUMERIC_SCALE, 0) "
        f"FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '{db}' "
        "ORDER BY TABLE_NAME, ORDINAL_POSITION")
    ddl = {(t.name, c.name): c.ddl for t in workload.TABLES for c in t.columns}
    out: dict[str, list[SqlColumn]] = {}
    for (table, name, pos, dtype, ctype, cs, nullable, key, extra, fsp, scale) in rows:
        gen = "VIRTUAL" if "VIRTUAL" in extra.upper() else "STORED" if "STORED" in extra.upper() else ""
        labels = _labels_from_ddl(ddl.get((table, name), "")) if dtype in ("enum", "set") else None
        out.setdefault(table, []).append(SqlColumn(
            table=table, name=name, position=int(pos), data_type=dtype.lower(), column_type=ctype,
            charset=cs, nullable=nullable == "YES", primary=key == "PRI", generated=gen,
            fsp=int(fsp), scale=int(scale), labels=labels))
    return {t: tuple(cols) for t, cols in out.items()}


def key_columns(schema: dict[str, tuple[SqlColumn, ...]], table: str) -> tuple[str, ...]:
    """Primary-key column names; for the workload's table without one, its key column."""
    pk = tuple(c.name for c in schema[table] if c.primary)
    if pk:
        return pk
    return (next(t.key for t in workload.TABLES if t.name == table),)


# --- text ---------------------------------------------------------------------------

# MariaDB latin1 is cp1252 whose 5 holes (0x81 0x8D 0x8F 0x90 0x9D) map to U+0081...
_LATIN1_HOLES = {chr(b): bytes([b]) for b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}


def encode_text(value: str, charset: str) -> bytes:
    """``value`` in the server's character set ``charset``."""
    if charset == "latin1":
        return b"".join(_LATIN1_HOLES.get(ch) or ch.encode("cp1252") for ch in value)
    codec = _CODECS.get(charset)
    if codec is None:
        raise ValueError(f"no codec for character set {charset}")
    return value.encode(codec)


def value_bytes(col: SqlColumn, value: str | bytes, level: Level) -> bytes:
    """The stored bytes of a string value.

    With charsets in the binlog a text value is encoded in the column's
    character set; without them the decoder returned text only for valid
    UTF-8, so text is UTF-8 encoded back.
    """
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if level.charsets and col.charset:
        return encode_text(value, col.charset)
    return value.encode("utf-8")


def quote_like_mysqlbinlog(raw: bytes) -> bytes:
    """``my_b_write_quoted``: between single quotes, bytes <= 0x1F as ``\\xNN``."""
    return b"'" + b"".join(b"\\x%02x" % c if c <= 0x1F else bytes([c]) for c in raw) + b"'"


def mariadb_compress(raw: bytes, threshold: int = 100, level: int = 6) -> bytes:
    """The stored bytes of a ``COMPRESSED`` column value (MariaDB sql/field_comp.cc).

    Defaults of ``column_compression_threshold`` (100),
    ``column_compression_zlib_level`` (6), ``..._zlib_wrap`` (OFF: raw
    deflate, header bit 0x08) and ``..._strategy`` (default). A value
    shorter than the threshold, or that deflate does not shrink, is stored
    as a 0x00 byte + the value; the empty value as nothing.
    """
    if not raw:
        return b""
    if len(raw) >= threshold and level > 0:
        nlen = (len(raw).bit_length() + 7) // 8
        c = zlib.compressobj(level, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY)
        body = c.compress(raw) + c.flush()
        if len(body) + nlen < len(raw):
            return bytes([0x80 | 0x08 | nlen]) + len(raw).to_bytes(nlen, "big") + body
    return b"\x00" + raw


def mariadb_uncompress(stored: bytes) -> bytes:
    """Inverse of :func:`mariadb_compress` (also for a wrapped zlib stream)."""
    if not stored:
        return b""
    if stored[0] == 0:
        return stored[1:]
    nlen = stored[0] & 0x07
    wbits = -15 if stored[0] & 0x08 else 15
    return zlib.decompress(stored[1 + nlen:], wbits)


# --- Python value contract ----------------------------------------------------------

def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def value_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    """Why ``value`` is not what the decoder promises for this column, or None.

    The Python types of runtime/types/*: ints in the column's range (signed
    when the binlog has no signedness), Decimal, float, date/datetime/
    timedelta or the MySQLDate/MySQLDateTime stand-ins, TIMESTAMP in UTC,
    ENUM label / SET tuple with FULL metadata (index / bitmask otherwise),
    str for text and bytes for binary columns when charsets are known (else
    str exactly when the bytes are valid UTF-8), Geometry for spatial types.
    """
    if value is None:
        return None if col.nullable or col.generated else "NULL in a NOT NULL column"
    check = _VALUE_CHECKS.get(col.family)
    if check is None:
        return f"no rule for {col.data_type}"
    return check(col, value, level)


def _int_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    if type(value) is not int:
        return f"expected int, got {type(value).__name__}"
    bits = col.int_bits
    if col.unsigned and level.signedness:
        lo, hi = 0, 2 ** bits - 1
    else:                                  # no signedness in the binlog: read as signed
        lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    if not lo <= value <= hi:
        return f"{value} outside [{lo}, {hi}]"
    return None


def _year_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    return None if type(value) is int and (value == 0 or 1901 <= value <= 2155) else f"bad YEAR {value!r}"


def _float_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    return None if type(value) is float else f"expected float, got {type(value).__name__}"


def _decimal_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    if not isinstance(value, Decimal):
        return f"expected Decimal, got {type(value).__name__}"
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):
        return f"not a finite number: {value}"
    if -exponent != col.scale:
        return f"scale {-exponent} instead of {col.scale}"
    return None


def _bit_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    return None if type(value) is int and 0 <= value < 2 ** col.bit_width else f"bad BIT value {value!r}"


def _enum_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    want: type = str if level.labels else int
    return None if type(value) is want else f"expected {want.__name__}, got {type(value).__name__}"


def _set_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    if level.labels:
        ok = isinstance(value, tuple) and all(type(v) is str for v in value)
        return None if ok else f"expected tuple of labels, got {value!r}"
    return None if type(value) is int else f"expected int bitmask, got {type(value).__name__}"


def _date_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    ok = (type(value) is date) or isinstance(value, MySQLDate)
    return None if ok else f"expected date, got {type(value).__name__}"


def _datetime_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    ok = (type(value) is datetime and value.tzinfo is None) or isinstance(value, MySQLDateTime)
    return None if ok else f"expected naive datetime, got {value!r}"


def _timestamp_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    if isinstance(value, MySQLDateTime):
        return None if value == MySQLDateTime(0, 0, 0) else f"non-zero MySQLDateTime {value!r}"
    ok = type(value) is datetime and value.utcoffset() == timedelta(0)
    return None if ok else f"expected UTC datetime, got {value!r}"


def _time_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    return None if type(value) is timedelta else f"expected timedelta, got {type(value).__name__}"


def _geometry_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    return None if isinstance(value, Geometry) else f"expected Geometry, got {type(value).__name__}"


def _string_problem(col: SqlColumn, value: Any, level: Level) -> str | None:
    if not isinstance(value, (str, bytes)):
        return f"expected str or bytes, got {type(value).__name__}"
    if level.charsets:
        want = str if (col.family == "text" and col.charset) else bytes
        return None if type(value) is want else f"expected {want.__name__}, got {type(value).__name__}"
    if isinstance(value, bytes) and _is_utf8(value):
        return "bytes although valid UTF-8 (charset unknown: text expected)"
    return None


#: The check of each column family's values (:func:`value_problem`).
_VALUE_CHECKS: dict[str, Callable[[SqlColumn, Any, Level], str | None]] = {
    "int": _int_problem,
    "year": _year_problem,
    "float": _float_problem,
    "double": _float_problem,
    "decimal": _decimal_problem,
    "bit": _bit_problem,
    "enum": _enum_problem,
    "set": _set_problem,
    "date": _date_problem,
    "datetime": _datetime_problem,
    "timestamp": _timestamp_problem,
    "time": _time_problem,
    "geometry": _geometry_problem,
    **{family: _string_problem for family in ("text", "binary", "inet6", "inet4", "uuid")},
}


# --- rendering like mariadb-binlog -vv ----------------------------------------------

def _int_readings(value: int, bits: int) -> tuple[int, int]:
    u = value % (1 << bits)
    s = u - (1 << bits) if u >> (bits - 1) else u
    return s, u


def _epoch(value: datetime | MySQLDateTime) -> tuple[int, int]:
    if isinstance(value, MySQLDateTime):
        return 0, 0
    d = value - _EPOCH
    return d.days * 86400 + d.seconds, d.microseconds


def _frac(usec: int, fsp: int) -> str:
    return "." + f"{usec:06d}"[:fsp] if fsp else ""


def _time_text(value: timedelta, fsp: int) -> str:
    total = (value.days * 86400 + value.seconds) * 1000000 + value.microseconds
    sign = "-" if total < 0 else ""
    secs, usec = divmod(abs(total), 1000000)
    h, rest = divmod(secs, 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h:02d}:{m:02d}:{s:02d}{_frac(usec, fsp)}"


def _datetime_text(value: Any, fsp: int) -> str:
    return (f"{value.year:04d}-{value.month:02d}-{value.day:02d} "
            f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}{_frac(value.microsecond, fsp)}")


def _enum_index(col: SqlColumn, value: str | int) -> int:
    if isinstance(value, int):
        return value
    if value == "":
        return 0
    return (col.labels or ()).index(value) + 1


def _set_mask(col: SqlColumn, value: tuple[str, ...] | int) -> int:
    if isinstance(value, int):
        return value
    labels = col.labels or ()
    return sum(1 << labels.index(v) for v in value)


def render_like_mysqlbinlog(col: SqlColumn, value: Any, level: Level) -> bytes:
    """``value`` printed as ``mariadb-binlog -vv`` prints this column type.

    MariaDB 10.11 sql/log_event_client.cc ``log_event_print_value``:
    integers signed, then ``(unsigned)`` when negative, whatever the
    column's signedness; FLOAT ``%-20g``; DOUBLE ``%.20g``; DECIMAL with
    exactly ``scale`` decimals; BIT ``b'...'`` of n digits (the big-endian
    value); SET ``b'...'`` of 8 * bytes digits written from the stored
    *little-endian* bytes in storage order, each byte MSB first (all of
    ``m0..m9`` in a 2-byte SET prints ``b'1111111100000011'``); ENUM the
    index; DATE ``'YYYY:MM:DD'``; TIME/DATETIME quoted with fsp decimals;
    TIMESTAMP epoch seconds with fsp decimals; YEAR ``%04d`` of stored +
    1900 (so 0000 prints 1900); strings quoted (CHAR/BINARY with trailing
    pad bytes already stripped by the server's ``pack``); COMPRESSED
    columns as their stored (compressed) bytes, which
    :func:`mariadb_compress` reproduces. NULL is ``NULL``.

    Limits of the printed text: FLOAT shows 6 significant digits only (the
    replay check compares FLOAT exactly); DOUBLE's 20 digits identify the
    double.
    """
    if value is None:
        return b"NULL"
    f = col.family
    if f == "int":
        s, u = _int_readings(value, col.int_bits)
        return (f"{s} ({u})" if s < 0 else str(s)).encode()
    if f == "year":
        return b"1900" if value == 0 else b"%04d" % value
    if f == "float":
        return b"%-20g" % value
    if f == "double":
        return b"%.20g" % value
    if f == "decimal":
        return format(value, "f").encode()
    if f == "bit":
        return b"b'" + format(value, f"0{col.bit_width}b").encode() + b"'"
    if f == "enum":
        return str(_enum_index(col, value)).encode()
    if f == "set":
        # my_b_write_bit over the stored little-endian bytes: first byte first, each MSB first
        stored = _set_mask(col, value).to_bytes(col.set_bytes, "little")
        return b"b'" + "".join(f"{b:08b}" for b in stored).encode() + b"'"
    if f in ("date", "time", "datetime", "timestamp"):
        return _render_temporal(col, value)
    if f in ("text", "binary", "geometry", "inet6", "inet4", "uuid"):
        raw = value_bytes(col, value, level)
        if col.compressed:
            raw = mariadb_compress(raw)
        return quote_like_mysqlbinlog(raw)
    raise ValueError(f"no rendering for {col.data_type}")


def _render_temporal(col: SqlColumn, value: Any) -> bytes:
    """A DATE, TIME, DATETIME or TIMESTAMP value as ``mariadb-binlog -vv`` prints it."""
    f = col.family
    if f == "date":
        return b"'%04d:%02d:%02d'" % (value.year, value.month, value.day)
    if f == "time":
        return ("'" + _time_text(value, col.fsp) + "'").encode()
    if f == "datetime":
        return ("'" + _datetime_text(value, col.fsp) + "'").encode()
    secs, usec = _epoch(value)
    return (str(secs) + _frac(usec, col.fsp)).encode()


# --- comparing with mariadb-binlog ----------------------------------------------------

@dataclass
class Mismatch:
    """One difference. ``what`` says which check: structure, column-set, meta,
    nullable, value, type, decode-error, replay..."""

    what: str
    file: str
    pos: int | None
    table: str
    column: str | None
    expected: Any
    got: Any
    detail: str = ""
    column_type: str = ""

    def __str__(self) -> str:
        where = f"{self.file}@{self.pos} {self.table}" + (f".{self.column} [{self.column_type}]" if self.column else "")
        exp = self.expected if not isinstance(self.expected, (bytes, str)) else self.expected[:160]
        got = self.got if not isinstance(self.got, (bytes, str)) else self.got[:160]
        return f"{self.what}: {where}: expected {exp!r}, got {got!r}" + (f" ({self.detail})" if self.detail else "")


def summarize(mismatches: Sequence[Mismatch], limit: int = 40) -> str:
    """Counts per (check, table, column) with the first example of each."""
    groups: dict[tuple[Any, ...], list[Mismatch]] = {}
    for m in mismatches:
        groups.setdefault((m.what, m.table, m.column), []).append(m)
    lines = [f"{len(mismatches)} mismatches in {len(groups)} groups:"]
    for _, ms in list(groups.items())[:limit]:
        lines.append(f"  [{len(ms)}x] {ms[0]}")
    if len(groups) > limit:
        lines.append(f"  ... {len(groups) - limit} more groups")
    return "\n".join(lines)


_KIND = {"insert": "INSERT", "update": "UPDATE", "delete": "DELETE"}


def _oracle_key(oc) -> Any:
    return oc.pos if oc.pos is not None else oc.candidates


def change_keys(ours: Sequence[Any], theirs: Sequence[Any]) -> list[Any]:
    """Our changes' rows-event keys: the position, or for a statement whose rows
    mariadb-binlog printed together over several events, the tuple of those
    events' positions (its ``candidates``)."""
    split = {}
    for oc in theirs:
        if oc.pos is None:
            for p in oc.candidates:
                split[p] = oc.candidates
    return [split.get(c.pos, c.pos) for c in ours]


def _groups(items: Iterable[Any], keys: Iterable[Any]) -> list[tuple[Any, list[Any]]]:
    out: list[tuple[Any, list[Any]]] = []
    for item, key in zip(items, keys, strict=True):
        if out and out[-1][0] == key:
            out[-1][1].append(item)
        else:
            out.append((key, [item]))
    return out


def aligned_pairs(ours: Sequence[Any], theirs: Sequence[Any]) -> list[tuple[Any, Any]]:
    """(our change, mariadb-binlog's change) for every rows event both sides have
    with the same number of changes."""
    mine = dict(_groups(ours, change_keys(ours, theirs)))
    out = []
    for key, olist in _groups(theirs, (_oracle_key(o) for o in theirs)):
        if len(mine.get(key, ())) == len(olist):
            out += list(zip(mine[key], olist, strict=True))
    return out


def compare_change(file: str, c: Any, oc: Any, schema: dict[str, tuple[SqlColumn, ...]],
                   level: Level) -> list[Mismatch]:
    """One of our changes against the mariadb-binlog change printed for it."""
    return _compare_change(file, c, oc, schema, level, Counter())


def compare_with_oracle(file: str, ours: Sequence[Any], theirs: Sequence[Any],
                        schema: dict[str, tuple[SqlColumn, ...]], level: Level,
                        failed_positions: Iterable[int] = ()) -> tuple[list[Mismatch], Counter[str]]:
    """Our changes of one file against mariadb-binlog's, change by change.

    ``failed_positions``: rows events our decoder reported an error for
    (their changes are missing on our side; mariadb-binlog's rows for them
    are reported once as ``decode-error`` and not compared further).

    Returns the mismatches and a Counter of what was compared (``changes``,
    ``values``, and ``values:<family>``).
    """
    out: list[Mismatch] = []
    seen: Counter[str] = Counter()
    failed = set(failed_positions)
    our_groups = _groups(ours, change_keys(ours, theirs))
    their_groups = _groups(theirs, (_oracle_key(o) for o in theirs))
    by_key = {k: v for k, v in our_groups}
    their_keys = [k for k, _ in their_groups]
    their_set = set(their_keys)
    for key, _ in our_groups:
        if key not in their_set:
            out.append(Mismatch("structure", file, key if isinstance(key, int) else None, "?", None,
                                "no such rows event in mariadb-binlog", key))
    our_order = [k for k, _ in our_groups]
    if [k for k in their_keys if k in by_key] != our_order:
        out.append(Mismatch("structure", file, None, "?", None, "rows events in mariadb-binlog's order",
                            "a different order"))
    for key, olist in their_groups:
        pos = key if isinstance(key, int) else None
        ev_positions = {key} if isinstance(key, int) else set(key)
        if key not in by_key:
            if ev_positions & failed:
                what, detail = "decode-error", "our decoder reported an error for this rows event"
            else:
                what, detail = "structure", "rows event missing from our changes"
            out.append(Mismatch(what, file, pos if pos is not None else min(ev_positions), olist[0].table, None,
                                f"{len(olist)} changes", "none", detail))
            continue
        mine = by_key[key]
        if not isinstance(key, int):
            seen["split-statement-changes"] += len(olist)
        if len(mine) != len(olist):
            out.append(Mismatch("structure", file, pos, olist[0].table, None, f"{len(olist)} changes",
                                f"{len(mine)} changes"))
        for c, oc in zip(mine, olist, strict=False):  # a count mismatch is reported above
            seen["changes"] += 1
            out += _compare_change(file, c, oc, schema, level, seen)
    return out, seen


def _compare_change(file: str, c: Any, oc: Any, schema, level: Level, seen: Counter[str]) -> list[Mismatch]:
    return _ChangeCheck(file, c, oc, schema, level, seen).run()


class _ChangeCheck:
    """One of our changes against mariadb-binlog's: its head, column names and key, then image by image."""

    def __init__(self, file: str, c: Any, oc: Any, schema, level: Level, seen: Counter[str]) -> None:
        self.file = file
        self.c = c
        self.oc = oc
        self.schema = schema
        self.level = level
        self.seen = seen
        self.out: list[Mismatch] = []

    def mm(self, what, column, expected, got, detail="", ctype="") -> None:
        self.out.append(Mismatch(what, self.file, self.c.pos, self.oc.table, column, expected, got, detail, ctype))

    def run(self) -> list[Mismatch]:
        cols = self._head()
        if cols is not None:
            self._names(cols)
            for img in ("before", "after"):
                self._image(img, cols)
        return self.out

    def _head(self) -> tuple[SqlColumn, ...] | None:
        """The workload table's columns, when the change's kind, table and column count are right."""
        c, oc, mm = self.c, self.oc, self.mm
        got_head = (_KIND.get(c.op), c.schema, c.table)
        want_head = (oc.kind, oc.db, oc.table)
        if got_head != want_head:
            mm("structure", None, want_head, got_head)
            return None
        cols = self.schema.get(c.table)
        if cols is None:
            mm("structure", None, "a workload table", c.table)
            return None
        if len(c.columns) != len(cols):
            mm("structure", None, f"{len(cols)} columns", f"{len(c.columns)} columns")
            return None
        return cols

    def _names(self, cols: tuple[SqlColumn, ...]) -> None:
        c, level, mm = self.c, self.level, self.mm
        names = tuple(col.name for col in c.columns)
        if level.names:
            want = tuple(s.name for s in cols)
            if names != want:
                mm("names", None, want, names)
        else:
            want = tuple(f"@{i + 1}" for i in range(len(cols)))
            if names != want:
                mm("names", None, want, names, "no names in the binlog: @N expected")
        want_pk = tuple(s.name for s in cols if s.primary) if level.names else ()
        if tuple(c.primary_key) != want_pk:
            mm("primary-key", None, want_pk, tuple(c.primary_key),
               "RowChange.primary_key (FULL metadata carries it; MINIMAL/NO_LOG do not)")

    def _image(self, img: str, cols: tuple[SqlColumn, ...]) -> None:
        c, mm = self.c, self.mm
        ovals = getattr(self.oc, img)
        mine = getattr(c, img)
        if (ovals is None) != (mine is None):
            mm("structure", None, f"{img} image {'absent' if ovals is None else 'present'}",
               f"{img} image {'absent' if mine is None else 'present'}")
            return
        if ovals is None:
            return
        index_of = {col.name: col.index + 1 for col in c.columns}
        got_set = sorted(index_of.get(n, -1) for n in mine)
        want_set = sorted(v.index for v in ovals)
        if got_set != want_set:
            mm("column-set", None, f"{img} @{want_set}", f"{img} @{got_set}")
        for v in ovals:
            sql = cols[v.index - 1]
            column = c.columns[v.index - 1]
            ctype = f"{sql.describe()} / {v.type}"
            if column.meta != v.meta:
                mm("meta", sql.name, v.meta, column.meta, f"{img}: TABLE_MAP metadata", ctype)
            if column.nullable != v.nullable:
                mm("nullable", sql.name, v.nullable, column.nullable, "TABLE_MAP null bit", ctype)
            if column.name in mine:
                self._value(img, sql, v, mine[column.name], ctype)

    def _value(self, img: str, sql: SqlColumn, v: Any, value: Any, ctype: str) -> None:
        """One value of ours against mariadb-binlog's printed one."""
        level, mm, seen = self.level, self.mm, self.seen
        seen["values"] += 1
        seen[f"values:{sql.family}"] += 1
        problem = value_problem(sql, value, level)
        if problem:
            mm("type", sql.name, "the documented Python value", repr(value)[:200], f"{img}: {problem}", ctype)
        if v.is_null:
            if value is not None:
                mm("value", sql.name, b"NULL", repr(value)[:200], img, ctype)
            return
        try:
            rendered = render_like_mysqlbinlog(sql, value, level)
        except Exception as exc:  # noqa: BLE001 - a wrong Python type cannot be rendered: a mismatch, whatever the error
            mm("value", sql.name, v.raw, repr(value)[:200], f"{img}: cannot render: {exc}", ctype)
            return
        if rendered != v.raw and sql.compressed and not problem:
            # zlib output is not unique: check the value inside mariadb-binlog's stored bytes
            try:
                if mariadb_uncompress(v.string_bytes()) == value_bytes(sql, value, level):
                    seen["compressed-bytes-differ"] += 1
                    return
            except Exception:  # noqa: BLE001 - bytes that do not uncompress are compared as rendered below
                pass
        if rendered != v.raw:
            mm("value", sql.name, v.raw, rendered, img, ctype)


# --- the server's SELECT -------------------------------------------------------------

def select_expr(col: SqlColumn) -> str:
    """A SELECT expression whose text is unambiguous for the column's type.

    HEX() for strings (the stored bytes in the column's charset), spatial
    (SRID + WKB), INET6/INET4/UUID (the 16/4 bytes); CAST(FLOAT AS DOUBLE)
    for the float's exact value; UNIX_TIMESTAMP for TIMESTAMP (time-zone
    free); CAST AS UNSIGNED for ENUM/SET index/bitmask and BIT; CAST AS CHAR for the
    rest (DECIMAL keeps its scale, temporal types their fsp).
    """
    q = f"`{col.name}`"
    f = col.family
    if f in ("text", "binary", "geometry", "inet6", "inet4", "uuid"):
        return f"HEX({q})"
    if f == "float":
        return f"CAST({q} AS DOUBLE)"
    if f == "timestamp":
        return f"UNIX_TIMESTAMP({q})"
    if f in ("enum", "set", "bit"):
        return f"CAST({q} AS UNSIGNED)"      # (``s + 0`` is signed: a 64-member SET goes negative)
    return f"CAST({q} AS CHAR)"


def render_like_select(col: SqlColumn, value: Any, level: Level) -> str | None:
    """``value`` as :func:`select_expr` prints it (None for NULL).

    FLOAT and DOUBLE render as ``repr`` of the float: they are compared by
    value (see :func:`select_matches`), the server's shortest text and
    Python's differ in exponent style.
    """
    if value is None:
        return None
    f = col.family
    if f == "int":
        if not level.signedness and col.unsigned:
            value %= 1 << col.int_bits          # decoded as signed: no signedness in the binlog
        return str(value)
    if f == "year":
        return f"{value:04d}"
    if f in ("float", "double"):
        return repr(value)
    if f == "decimal":
        return format(value, "f")
    if f == "bit":
        return str(value)
    if f == "enum":
        return str(_enum_index(col, value))
    if f == "set":
        return str(_set_mask(col, value))
    if f in ("date", "time", "datetime", "timestamp"):
        return _select_temporal(col, value)
    if f in ("text", "binary", "geometry", "inet6", "inet4", "uuid"):
        return _select_hex(col, value, level)
    raise ValueError(f"no rendering for {col.data_type}")


def _select_temporal(col: SqlColumn, value: Any) -> str:
    """A DATE, TIME, DATETIME or TIMESTAMP value as :func:`select_expr` prints it."""
    f = col.family
    if f == "date":
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if f == "time":
        return _time_text(value, col.fsp)
    if f == "datetime":
        return _datetime_text(value, col.fsp)
    secs, usec = _epoch(value)
    return str(secs) + _frac(usec, col.fsp)


def _select_hex(col: SqlColumn, value: Any, level: Level) -> str:
    """A string, spatial, INET or UUID value as ``HEX()`` prints it."""
    f = col.family
    raw = value_bytes(col, value, level)
    if col.data_type == "binary" or f in ("inet6", "inet4", "uuid"):
        size = 4 if f == "inet4" else 16 if f in ("inet6", "uuid") else col.length
        if size is None:
            raise ValueError(f"{col.name}: no length in {col.column_type}")
        raw = raw.ljust(size, b"\0")     # the server strips trailing 0x00 before logging
    return raw.hex().upper()


def select_matches(col: SqlColumn, text: str | None, value: Any, level: Level) -> bool:
    """Whether the server's text for a column equals our value."""
    if text is None or value is None:
        return text is None and value is None
    if col.family in ("float", "double"):
        # both sides are the exact binary value: the FLOAT cast to DOUBLE, printed
        # shortest-round-trip by the server, read back into the same double
        return isinstance(value, float) and struct.pack("<d", float(text)) == struct.pack("<d", value)
    return render_like_select(col, value, level) == text


def select_snapshot(server, schema: dict[str, tuple[SqlColumn, ...]], db: str = workload.DB,
                    source_db: str | None = None) -> dict[str, dict[tuple[Any, ...], tuple[str | None, ...]]]:
    """``{table: {key: texts}}`` of every row, texts in table column order."""
    src = source_db or db
    out: dict[str, dict[tuple[Any, ...], tuple[str | None, ...]]] = {}
    for table, cols in schema.items():
        keys = key_columns(schema, table)
        key_idx = [next(i for i, c in enumerate(cols) if c.name == k) for k in keys]
        exprs = ", ".join(select_expr(c) for c in cols)
        rows = server.query(f"SELECT {exprs} FROM `{src}`.`{table}` ORDER BY "
                            + ", ".join(f"`{k}`" for k in keys))
        out[table] = {tuple(int(r[i]) for i in key_idx): r for r in rows}
    return out


def select_defaults(server, schema: dict[str, tuple[SqlColumn, ...]],
                    db: str = workload.DB) -> dict[str, tuple[str | None, ...]]:
    """Per table, the SELECT texts of a row inserted with only its key given.

    Needed to replay MINIMAL/NOBLOB inserts, whose after image leaves out
    the columns the INSERT did not name. Done in a scratch database with
    ``sql_log_bin=0`` (nothing reaches the binlog).
    """
    scratch = "bk_wl_defaults"
    script = ["SET SESSION sql_log_bin=0", "SET SESSION sql_mode='NO_ENGINE_SUBSTITUTION'",
              f"DROP DATABASE IF EXISTS `{scratch}`", f"CREATE DATABASE `{scratch}`"]
    for table in schema:
        keys = key_columns(schema, table)
        script.append(f"CREATE TABLE `{scratch}`.`{table}` LIKE `{db}`.`{table}`")
        script.append(f"INSERT INTO `{scratch}`.`{table}` (" + ", ".join(f"`{k}`" for k in keys)
                      + ") VALUES (" + ", ".join("0" for _ in keys) + ")")
    server.sql(script)
    snap = select_snapshot(server, schema, source_db=scratch)
    server.sql(["SET SESSION sql_log_bin=0", f"DROP DATABASE `{scratch}`"])
    return {t: next(iter(rows.values())) for t, rows in snap.items()}


#: A column value not in any image since the row was inserted: the column's default.
DEFAULT = object()


@dataclass
class Replica:
    """In-memory tables rebuilt from our changes, keyed by primary key.

    ``rows[table][key]`` maps SQL column names to Python values (or
    :data:`DEFAULT`). Changes are matched to rows by the key columns of the
    before image (MINIMAL images hold only the primary key there).
    """

    schema: dict[str, tuple[SqlColumn, ...]]
    rows: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = field(default_factory=dict)
    problems: list[Mismatch] = field(default_factory=list)

    def _image(self, c: Any, image: dict[str, Any]) -> dict[str, Any]:
        cols = self.schema[c.table]
        return {cols[col.index].name: image[col.name] for col in c.columns if col.name in image}

    def _key(self, table: str, image: dict[str, Any]) -> tuple[Any, ...] | None:
        try:
            return tuple(image[k] for k in key_columns(self.schema, table))
        except KeyError:
            return None

    def apply(self, c: Any) -> None:
        table = self.rows.setdefault(c.table, {})
        where = f"{c.file}@{c.pos}"

        def problem(expected, got, detail=""):
            self.problems.append(Mismatch("replay", c.file, c.pos, c.table, None, expected, got, detail))

        if c.op == "insert":
            after = self._image(c, c.after)
            key = self._key(c.table, after)
            if key is None:
                return problem("key columns in the after image", sorted(after))
            if key in table:
                problem(f"no row {key}", "row exists", f"insert at {where}")
            inserted: dict[str, Any] = {col.name: DEFAULT for col in self.schema[c.table]}
            inserted.update(after)
            table[key] = inserted
            return
        before = self._image(c, c.before)
        key = self._key(c.table, before)
        if key is None:
            return problem("key columns in the before image", sorted(before))
        row = table.get(key)
        if row is None:
            return problem(f"row {key}", "no such row", f"{c.op} at {where}")
        for name, v in before.items():     # the before image must be the row we hold
            if row[name] is not DEFAULT and not _same(row[name], v):
                self.problems.append(Mismatch("replay", c.file, c.pos, c.table, name, row[name], v,
                                              "before image differs from the replayed row"))
        if c.op == "delete":
            del table[key]
            return
        row.update(self._image(c, c.after))
        new_key = self._key(c.table, row)
        if new_key is None:  # the row holds every column, so its key columns too
            return problem("key columns in the row", sorted(row))
        if new_key != key:
            del table[key]
            if new_key in table:
                problem(f"no row {new_key}", "row exists", f"key change at {where}")
            table[new_key] = row


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return struct.pack("<d", a) == struct.pack("<d", b)
    return type(a) is type(b) and a == b


def compare_replica(replica: Replica, snapshot: dict[str, dict[tuple[Any, ...], tuple[str | None, ...]]],
                    defaults: dict[str, tuple[Any, ...]], level: Level) -> tuple[list[Mismatch], Counter[str]]:
    """The replayed tables against the server's rows, column by column."""
    out = list(replica.problems)
    seen: Counter[str] = Counter()
    for table, server_rows in snapshot.items():
        cols = replica.schema[table]
        mine = replica.rows.get(table, {})
        for key in sorted(set(server_rows) | set(mine)):
            if key not in mine:
                out.append(Mismatch("replay", "-", None, table, None, f"row {key}", "missing"))
                continue
            if key not in server_rows:
                out.append(Mismatch("replay", "-", None, table, None, "no row", f"row {key}"))
                continue
            seen["rows"] += 1
            texts = server_rows[key]
            row = mine[key]
            for i, col in enumerate(cols):
                value = row[col.name]
                seen["values"] += 1
                if value is DEFAULT:
                    if col.generated == "VIRTUAL":
                        seen["virtual-not-logged"] += 1
                        continue          # virtual columns are not in MINIMAL images: not in the binlog
                    if texts[i] != defaults[table][i]:
                        out.append(Mismatch("replay", "-", None, table, col.name, texts[i],
                                            f"never logged; default is {defaults[table][i]!r}",
                                            f"row {key}", col.describe()))
                    continue
                try:
                    ok = select_matches(col, texts[i], value, level)
                    rendered = render_like_select(col, value, level)
                except Exception as exc:  # noqa: BLE001 - a value that cannot be rendered is a mismatch, whatever the error
                    ok, rendered = False, f"cannot render {value!r}: {exc}"
                if not ok:
                    out.append(Mismatch("replay", "-", None, table, col.name, texts[i], rendered,
                                        f"row {key}: {value!r}"[:200], col.describe()))
    return out, seen
