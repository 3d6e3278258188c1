"""The SQL statements of a run of row changes, built from Arrow columns a whole run at a time.

Byte for byte what :func:`.sql.change_sql` gives for each change of the run
(that per-change path is the reference; the tests hold the two equal), but
assembled with Arrow compute functions over whole columns: integers
(ENUM/SET numbers, YEAR) and DECIMAL are cast to text, DATE/DATETIME/TIMESTAMP
are formatted by Arrow and cut to the column's fraction digits, TIME is
formatted from its microseconds, text (ENUM and SET labels, JSON objects and
arrays) is escaped and quoted, binary strings are written in hex, NULL stays
null until a statement says how to write it (``NULL``, ``IS NULL``). FLOAT and
DOUBLE take Arrow's shortest text where it is Python's ``repr`` (fixed
notation), ``repr`` elsewhere; BIT values are written value by value as
:func:`.sql.sql_literal` writes them, and DECIMAL values Arrow writes with an
exponent go through it (their Arrow values are the row decoder's values). Column names are quoted
once per run.

A run that the per-change path would refuse or that the columns cannot hold
exactly (a zero date, JSON scalars, VECTOR, text whose charset is unknown, no
column names, an image without every column where undo needs them all) gives
``None``: its statements come from the per-change path, which also raises the
refusal at the right change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..column import FLAVOR_MARIADB, Column
from ..constants import BINARY_COLLATION, MYSQL_TYPE
from ..rows.columnar import ChangeColumns, ImageColumns
from ..types.arrow import arrow_type
from .arrow_text import concatenate, join, text_scalar, value_bytes
from .sql import quote_name, sql_literal

__all__ = ["literal_texts", "run_statements"]

T = MYSQL_TYPE
#: What :func:`.sql._text` escapes (``_ESCAPES``), in the order the replacements must run (backslash first).
_ESCAPES = (("\\", "\\\\"), ("'", "\\'"), ("\0", "\\0"), ("\n", "\\n"), ("\r", "\\r"), ("\x1a", "\\Z"))
_SPECIAL = re.compile(rb"[\\'\x00\n\r\x1a]")
_EXPONENT = re.compile(rb"E")
_VALUE_BY_VALUE = frozenset((T.FLOAT, T.DOUBLE, T.BIT))
#: ``HEX[b]`` is the two upper-case hex digits of byte ``b`` (as one 2-byte item).
_HEX = np.frombuffer(b"".join(b"%02X" % b for b in range(256)), dtype=np.uint16)


@dataclass(frozen=True, slots=True)
class _Literals:
    """A column's SQL literals: ``inner`` (null for SQL NULL), in quotes when ``quoted``.

    The quotes stay apart so that a statement adds them in its one concatenation.
    """

    inner: pa.Array
    quoted: bool = False

    def pieces(self) -> list[Any]:
        """The literals as pieces of a concatenation (for a column without NULL)."""
        return ["'", self.inner, "'"] if self.quoted else [self.inner]

    def whole(self) -> pa.Array:
        return join("'", self.inner, "'") if self.quoted else self.inner


def _quoted_text(text: pa.Array) -> _Literals:
    """SQL string literals of UTF-8 text, escaped as :func:`.sql._text` escapes them."""
    if _SPECIAL.search(value_bytes(text)) is not None:  # (or in a NULL's bytes: then escaped for nothing)
        for plain, escaped in _ESCAPES:
            text = pc.replace_substring(text, plain, escaped)
    return _Literals(text, quoted=True)


def _hex_literals(arr: pa.Array, width: int) -> pa.Array | None:
    """``X'...'`` of binary values (``''`` when empty), each first padded with 0x00 to ``width`` bytes."""
    if not pa.types.is_binary(arr.type):
        return None
    if arr.offset:  # a slice of a longer run (rows/columnar hands runs out as slices): its own buffers
        arr = pa.concat_arrays([arr])
    validity, offsets_buf, data_buf = arr.buffers()
    offsets = np.frombuffer(offsets_buf, dtype=np.int32)[: len(arr) + 1]
    data = np.frombuffer(data_buf, dtype=np.uint8) if data_buf is not None else np.zeros(0, np.uint8)
    start = int(offsets[0]) if len(offsets) else 0
    hexed = _HEX[data[start: int(offsets[-1]) if len(offsets) else 0]]
    bounds = ((offsets - start) * 2).astype(np.int32)
    digits = pa.Array.from_buffers(pa.string(), len(arr), [validity, pa.py_buffer(bounds),
                                                           pa.py_buffer(hexed.tobytes())], null_count=arr.null_count)
    if width:
        digits = pc.utf8_rpad(digits, width=2 * width, padding="0")
    return pc.if_else(pc.equal(pc.binary_length(digits), 0), text_scalar("''"), join("X'", digits, "'"))


def _by_value(column: Column, arr: pa.Array) -> pa.Array:
    """The literals of :func:`.sql.sql_literal`, value by value (the Arrow value is the row decoder's)."""
    t = column.real_type
    if t in (T.FLOAT, T.DOUBLE) and pa.types.is_floating(arr.type):
        return _float_literals(arr)
    if t == T.BIT and pa.types.is_integer(arr.type):  # sql_literal's case for a BIT value, without its type tests
        texts = pa.array([f"b'{v:b}'" for v in pc.fill_null(arr, pa.scalar(0, arr.type)).to_numpy().tolist()],
                         pa.string())
        return pc.if_else(arr.is_null(), pa.scalar(None, pa.string()), texts) if arr.null_count else texts
    return pa.array([None if v is None else sql_literal(column, v) for v in arr.to_pylist()], pa.string())


def _float_literals(arr: pa.Array) -> pa.Array:
    """``repr`` of each value (:func:`.sql.sql_literal`'s case for a float): Arrow's shortest text where it is
    Python's too (fixed notation from 1e-4 to 1e16, ``.0`` added to whole numbers), ``repr`` for the rest."""
    doubles = arr.cast(pa.float64())  # FLOAT: its 32-bit value as a double, as the row decoder gives it
    text = doubles.cast(pa.string())
    size = pc.abs(doubles)
    fixed = pc.or_(pc.and_(pc.greater_equal(size, 1e-4), pc.less(size, 1e16)), pc.equal(size, 0))
    plain = pc.fill_null(pc.and_(fixed, pc.invert(pc.match_substring(text, "e"))), True)
    texts = pc.if_else(pc.match_substring(text, "."), text, join(text, ".0"))
    if pc.all(plain).as_py():
        return texts
    others = pc.invert(plain)
    written = [repr(v) for v in doubles.filter(others).to_pylist()]
    return pc.replace_with_mask(texts, others, pa.array(written, pa.string()))


def _digits(values: np.ndarray, width: int) -> pa.Array:
    """Non-negative integers as text, at least ``width`` digits (zeros in front)."""
    return pc.utf8_lpad(pa.array(values).cast(pa.string()), width=width, padding="0")


def _time_literals(arr: pa.Array, fsp: int) -> _Literals:
    """``'[-]HH:MM:SS[.f]'`` of TIME values (``duration[us]``), as :func:`.types.temporal.format_time` writes them:
    hours of two digits or more, the fraction cut to ``fsp`` digits."""
    total = pc.fill_null(arr, pa.scalar(0, arr.type)).cast(pa.int64()).to_numpy()
    seconds, usec = np.divmod(np.abs(total), 1_000_000)
    hours, rest = np.divmod(seconds, 3600)
    minutes, secs = np.divmod(rest, 60)
    pieces: list[Any] = [pc.if_else(pa.array(total < 0), text_scalar("-"), text_scalar("")), _digits(hours, 2), ":",
                         _digits(minutes, 2), ":", _digits(secs, 2)]
    if fsp > 0:
        pieces += [".", _digits(usec // 10 ** (6 - fsp), fsp)]
    texts = join(*pieces)
    return _Literals(pc.if_else(arr.is_null(), pa.scalar(None, pa.string()), texts) if arr.null_count else texts,
                     quoted=True)


def literal_texts(column: Column, arr: pa.Array) -> pa.Array | None:
    """Each value's SQL literal as :func:`.sql.sql_literal` writes it (null for SQL NULL).

    ``arr`` holds the column's values in their :func:`.types.arrow.arrow_type`,
    every one exact. ``None`` when the literals cannot be made from the
    column: the per-change path writes them.
    """
    literals = _literals(column, arr)
    return None if literals is None else literals.whole()


def _literals(column: Column, arr: pa.Array) -> _Literals | None:
    typ = arr.type
    t = column.real_type
    if t in _VALUE_BY_VALUE:
        return _Literals(_by_value(column, arr))
    if pa.types.is_integer(typ):
        return _Literals(arr.cast(pa.string()))
    if pa.types.is_decimal(typ):
        digits = arr.cast(pa.string())
        if _EXPONENT.search(value_bytes(digits)) is not None:  # Arrow writes 0E-32 and 1.2E-8
            return _Literals(_by_value(column, arr))
        return _Literals(digits)
    if t == T.NEWDECIMAL:  # over 38 digits: the decimal text with every digit, as format(value, "f")
        return _Literals(arr) if pa.types.is_string(typ) else None
    if pa.types.is_date(typ):
        return _Literals(arr.cast(pa.string()), quoted=True)
    if pa.types.is_duration(typ):
        return _time_literals(arr, column.fsp)
    if pa.types.is_timestamp(typ):
        fsp = column.fsp
        width = 19 if fsp <= 0 else 20 + fsp
        wall = arr.view(pa.timestamp(typ.unit)) if typ.tz is not None else arr  # TIMESTAMP: its UTC wall time
        return _Literals(pc.utf8_slice_codeunits(wall.cast(pa.string()), 0, width), quoted=True)
    if t == T.JSON:  # objects and arrays only: the row decoder's scalars have literals of their own
        if pa.types.is_string(typ) and pc.all(pc.or_(pc.starts_with(arr, "{"), pc.starts_with(arr, "["))
                                              ).as_py() in (True, None):
            return _quoted_text(arr)
        return None
    if pa.types.is_string(typ):
        return _quoted_text(arr)
    if pa.types.is_list(typ) and pa.types.is_string(typ.value_type):  # SET labels
        return _quoted_text(pc.binary_join(arr, ","))
    if pa.types.is_binary(typ) and (t == T.GEOMETRY or column.charset is not None):
        # bytes in the row decoder too: binary strings, charsets without a codec (not UTF-8-or-bytes: no charset)
        pad = t == T.STRING and column.charset == BINARY_COLLATION and column.max_length
        # BINARY(n) (and MariaDB's INET6/UUID) are logged without their trailing 0x00 bytes
        hexed = _hex_literals(arr, (column.max_length or 0) if pad else 0)
        return None if hexed is None else _Literals(hexed)
    return None


def _image_literals(side: ImageColumns, indexes: Sequence[int] | None = None) -> list[_Literals] | None:
    """The literals of an image's columns (``indexes``: of those only, as a statement's WHERE uses only the
    primary key; the per-change path writes no literal of the others either)."""
    out = []
    columns, arrays = side.columns, side.arrays
    for k in range(len(columns)) if indexes is None else indexes:
        column, arr = columns[k], arrays[k]
        if arr.type != arrow_type(column):
            return None
        literals = _literals(column, arr)
        if literals is None:
            return None
        out.append(literals)
    return out


def _or_null(literals: _Literals) -> list[Any]:
    """The literals as pieces, ``NULL`` for SQL NULL."""
    if not literals.inner.null_count:
        return literals.pieces()
    return [pc.fill_null(literals.whole(), text_scalar("NULL"))]


def _values(side: ImageColumns) -> list[Any] | None:
    """``(names) VALUES (values)`` as pieces."""
    texts = _image_literals(side)
    if texts is None:
        return None
    names = ", ".join(quote_name(c.name) for c in side.columns)
    pieces: list[Any] = [f"({names}) VALUES ("]
    for k, text in enumerate(texts):
        if k:
            pieces.append(", ")
        pieces += _or_null(text)
    pieces.append(")")
    return pieces


def _assignments(side: ImageColumns) -> list[Any] | None:
    texts = _image_literals(side)
    if texts is None:
        return None
    pieces: list[Any] = []
    for k, (column, text) in enumerate(zip(side.columns, texts, strict=True)):
        pieces.append((", " if k else "") + quote_name(column.name) + " = ")
        pieces += _or_null(text)
    return pieces


def _where(columns: ChangeColumns, side: ImageColumns) -> list[Any] | None:
    """The WHERE condition: the primary key when the image has it, else every column (NULL: ``IS NULL``)."""
    index = {c.name: k for k, c in enumerate(side.columns)}
    key = columns.table_map.primary_key
    names = list(key) if key and all(k in index for k in key) else list(index)
    texts = _image_literals(side, [index[name] for name in names])
    if texts is None:
        return None
    pieces: list[Any] = []
    for k, (name, text) in enumerate(zip(names, texts, strict=True)):
        column = side.columns[index[name]]
        head = (" AND " if k else "") + quote_name(name)
        cast = column.real_type == T.JSON and column.flavor != FLAVOR_MARIADB
        condition = [" = CAST(", *text.pieces(), " AS JSON)"] if cast else [" = ", *text.pieces()]
        if text.inner.null_count:
            pieces += [head, pc.fill_null(join(*condition), text_scalar(" IS NULL"))]
        else:
            pieces += [head, *condition]
    return pieces or ["1"]


def _whole(columns: ChangeColumns, side: ImageColumns) -> bool:
    """Whether an image holds every column of the table (undo writes it back whole)."""
    return len(side.columns) == len(columns.table_map.columns)


def run_statements(columns: ChangeColumns, *, undo: bool = False) -> pa.Array | None:
    """Each change's statement and a newline, as :func:`.sql.change_sql` (``undo``) writes it; ``None``:
    the run's statements come from the per-change path (see the module docstring)."""
    table_map = columns.table_map
    if not table_map.has_names or not columns.exact:
        return None
    before, after = columns.before, columns.after
    op: str = columns.op
    if undo:
        if op != "insert" and (before is None or not _whole(columns, before)):
            return None
        before, after = after, before
        op = {"insert": "delete", "delete": "insert"}.get(op, op)
    if any(side is not None and not side.columns for side in (before, after)):
        return None
    target = f"{quote_name(table_map.schema)}.{quote_name(table_map.table)}"
    # literals only of the columns the statement writes (a WHERE: the primary key's)
    if op == "insert":
        assert after is not None
        values = _values(after)
        if values is None:
            return None
        pieces = [f"INSERT INTO {target} ", *values, ";\n"]
    elif op == "delete":
        assert before is not None
        where = _where(columns, before)
        if where is None:
            return None
        pieces = [f"DELETE FROM {target} WHERE ", *where, " LIMIT 1;\n"]
    else:
        assert before is not None and after is not None
        assignments = _assignments(after)
        where = None if assignments is None else _where(columns, before)
        if assignments is None or where is None:
            return None
        pieces = [f"UPDATE {target} SET ", *assignments, " WHERE ", *where, " LIMIT 1;\n"]
    return concatenate(pieces, columns.count)
