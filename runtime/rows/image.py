"""Row images of rows events, decoded by per-table compiled decoders.

A rows event (WRITE/UPDATE/DELETE_ROWS v1/v2, PARTIAL_UPDATE_ROWS) carries,
after its header and column bitmaps, a sequence of row images
(libs/mysql/binlog/event/rows_event.h, "Row images"; sql/log_event.cc
``Rows_log_event::print_verbose_one_row``; go-mysql replication/row_event.go
``decodeImage``)::

    row image  ::= null-bitmap value*
    null-bitmap ::= ceil(popcount(present) / 8) bytes, one bit per *present*
                   column, LSB first (bit k of byte k >> 3 = k-th present column)
    value      ::= the encoding of the column's type (runtime/types/*),
                   only for present columns whose null bit is 0

The layout is fixed by the table's columns and the present-columns bitmap,
so :class:`RowImageDecoder` compiles it once: the present columns become one
Python function per null-bitmap value (built with ``exec``), in which runs of
fixed-size columns are read with a single precompiled ``struct.Struct``, then
cached and reused for every row with that table, bitmap and null pattern.
Any failure on that fast path falls back to a checked, column-by-column
decoder that raises :class:`RowDecodeError` naming the column and the offset.

Which bitmap describes which image (sql/log_event.cc
``Rows_log_event::print_verbose``):

* WRITE_ROWS: the one bitmap in the event (MySQL names the field ``m_cols``,
  rows_event.h ``columns_before_image``) describes the *after* image; each
  row is one image.
* DELETE_ROWS: the one bitmap describes the *before* image.
* UPDATE_ROWS / PARTIAL_UPDATE_ROWS: ``columns_before_image`` (``m_cols``)
  describes the before image and ``columns_after_image`` (``m_cols_ai``) the
  after image; rows come as (before, after) pairs.
* PARTIAL_UPDATE_ROWS: each after image is preceded by ``value_options``
  (packed integer; bit 0 = PARTIAL_JSON_UPDATES) and, when that bit is set,
  ``(number of JSON columns in the table + 7) / 8`` bytes with one bit per
  JSON column of the table, present or not (sql/log_event.cc
  ``print_verbose_one_row``: "the partial_bits bitmap has a bit for every
  JSON column regardless of whether it is included in the bitmap"). A JSON
  column whose bit is set holds a JSON diff vector (sql/json_diff.cc).
"""

from __future__ import annotations

import functools
import json
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bounded_cache import BoundedCache
from ..column import FLAVOR_MARIADB, Column
from ..constants import MYSQL_TYPE
from ..errors import RowDecodeError
from ..types.bit import bit_size
from ..types.charsets import codec_of_collation
from ..types.decimal import DECIMAL_SOURCE_NAMES, decimal_binary_size, decimal_decoder, decimal_source
from ..types.enum_set import enum_decoder, set_decoder
from ..types.geometry import Geometry
from ..types.integers import STRUCT_CODES
from ..types.json_binary import decode_json_binary
from ..types.json_diff import JsonDiffError, JsonPartialUpdate, apply_json_diffs, decode_json_diff
from ..types.strings import ERRORS_MODES, text_decoder, uncompress_mariadb
from ..types.temporal import (
    TEMPORAL_SOURCE_NAMES,
    date_source,
    datetime2_decoder,
    datetime2_size,
    datetime2_source,
    decode_date,
    decode_datetime,
    decode_time,
    decode_timestamp,
    hires_decoder,
    hires_size,
    time2_decoder,
    time2_size,
    timestamp2_decoder,
    timestamp2_size,
    timestamp2_source,
)
from ..types.vector import decode_vector

__all__ = [
    "JsonPartialUpdate",
    "RowDecodeError",
    "RowImageDecoder",
    "decode_rows",
    "get_decoder",
]

T = MYSQL_TYPE


# -- per-column codecs ------------------------------------------------------------------


@dataclass(slots=True)
class _Codec:
    """How one column's value is read.

    Fixed-size values have a ``fmt`` (little-endian ``struct`` codes, possibly
    empty) and an ``expr`` template over the unpacked items ``{0}``, ``{1}``
    and the bound function ``{f}``. Length-prefixed values have ``prefix``
    (1-4 bytes) and an optional ``func`` applied to the bytes; ``inline``
    names an equivalent the fast path may write inline (``utf8`` or
    ``utf8_or_bytes``). ``error`` marks a type this decoder cannot read.
    ``source(items, dst)`` gives statements the fast path inlines instead of
    ``expr`` (they may raise for values only ``func`` handles, such as zero
    dates: the row is then re-read on the checked path).
    """

    column: Column
    fmt: str | None = None
    expr: str = "{0}"
    func: Callable[..., Any] | None = None
    prefix: int = 0
    inline: str | None = None
    error: str | None = None
    source: Callable[[list[str], str], list[str]] | None = None

    @property
    def size(self) -> int:
        return struct.calcsize("<" + (self.fmt or ""))

    @property
    def nitems(self) -> int:
        return len(struct.unpack("<" + (self.fmt or ""), bytes(self.size)))


def _fixed(column: Column, fmt: str, expr: str = "{0}", func: Callable[..., Any] | None = None) -> _Codec:
    return _Codec(column, fmt=fmt, expr=expr, func=func)


def _raw(
    column: Column,
    size: int,
    func: Callable[[bytes], Any],
    source: Callable[[list[str], str], list[str]] | None = None,
) -> _Codec:
    return _Codec(column, fmt=f"{size}s", expr="{f}({0})", func=func, source=source)


def _text_codec(column: Column, prefix: int, errors: str, pre: Callable[[bytes], bytes] | None = None) -> _Codec:
    decode = text_decoder(column, errors)
    inline = None
    if pre is None:
        if column.charset is None:
            inline = "utf8_or_bytes"
        elif errors == "strict" and codec_of_collation(column.charset, column.flavor) == "utf-8":
            inline = "utf8"
    func: Callable[[bytes], Any] = decode
    if pre is not None:
        def func(raw: bytes) -> Any:
            return decode(pre(raw))
    return _Codec(column, prefix=prefix, func=func, inline=inline)


def _unsupported(column: Column, why: str) -> _Codec:
    return _Codec(column, error=why)


def _json_text(raw: bytes) -> Any:
    return json.loads(raw.decode("utf-8")) if raw else None


def _build_codec(column: Column, errors: str, partial: bool) -> _Codec:
    """The codec for one column (layouts: binary_log_funcs.cpp ``calc_field_size``)."""
    t = column.real_type
    for family in (_number_codec, _temporal_codec, _string_codec):
        codec = family(column, t, errors, partial)
        if codec is not None:
            return codec
    if t == T.DECIMAL:
        return _unsupported(column, "pre-5.0 DECIMAL values cannot be decoded (no size in the binlog)")
    return _unsupported(column, f"column type {column.type_name} ({column.type}) is not supported in row images")


def _number_codec(column: Column, t: int, errors: str, partial: bool) -> _Codec | None:
    """Integers, floats, NULL, DECIMAL and BIT (None: another type)."""
    signed = not column.unsigned
    if t in STRUCT_CODES:
        return _fixed(column, STRUCT_CODES[t][0 if signed else 1])
    if t == T.INT24:
        return _fixed(column, "Hb" if signed else "HB", "({0} | ({1} << 16))")
    if t == T.YEAR:
        return _fixed(column, "B", "({0} + 1900 if {0} else 0)")
    if t == T.FLOAT:
        return _fixed(column, "f")
    if t == T.DOUBLE:
        return _fixed(column, "d")
    if t == T.NULL:
        return _fixed(column, "", "None")
    if t == T.NEWDECIMAL:
        meta = column.meta
        precision, scale = meta >> 8, meta & 0xFF
        try:
            size = decimal_binary_size(precision, scale)
        except ValueError:
            return _unsupported(column, f"bad DECIMAL metadata ({precision},{scale})")
        return _raw(
            column,
            size,
            decimal_decoder(precision, scale),
            lambda items, dst: decimal_source(precision, scale, items[0], dst),
        )
    if t == T.BIT:
        return _fixed(column, f"{bit_size(column.meta)}s", "_ifb({0}, 'big')")
    return None


def _temporal_codec(column: Column, t: int, errors: str, partial: bool) -> _Codec | None:
    """DATE, TIME, DATETIME and TIMESTAMP in their old, MariaDB 5.3 and 5.6 (``*2``) layouts (None: another type)."""
    if t in (T.DATE, T.NEWDATE):
        codec = _fixed(column, "HB", "{f}({0} | ({1} << 16))", decode_date)
        codec.source = lambda items, dst: date_source(f"({items[0]} | ({items[1]} << 16))", dst)
        return codec
    if column.mariadb_hires:
        fsp = column.fsp
        return _raw(column, hires_size(t, fsp), hires_decoder(t, fsp))
    if t == T.TIME:
        return _fixed(column, "Hb", "{f}({0} | ({1} << 16))", decode_time)
    if t == T.DATETIME:
        return _fixed(column, "Q", "{f}({0})", decode_datetime)
    if t == T.TIMESTAMP:
        return _fixed(column, "I", "{f}({0})", decode_timestamp)
    if t not in (T.TIME2, T.DATETIME2, T.TIMESTAMP2):
        return None
    meta = column.meta
    if not 0 <= meta <= 6:
        return _unsupported(column, f"fractional-second precision {meta} is not 0-6")
    if t == T.TIME2:
        return _raw(column, time2_size(meta), time2_decoder(meta))
    if t == T.DATETIME2:
        return _raw(
            column,
            datetime2_size(meta),
            datetime2_decoder(meta),
            lambda items, dst: datetime2_source(meta, items[0], dst),
        )
    return _raw(
        column,
        timestamp2_size(meta),
        timestamp2_decoder(meta),
        lambda items, dst: timestamp2_source(meta, items[0], dst),
    )


def _string_codec(column: Column, t: int, errors: str, partial: bool) -> _Codec | None:
    """ENUM, SET, strings, BLOBs, JSON, GEOMETRY and VECTOR (None: another type)."""
    meta = column.meta
    if t in (T.ENUM, T.SET):
        return _enum_set_codec(column, t)
    if t in (T.STRING, T.VARCHAR, T.VAR_STRING):
        max_len = column.max_length or 0
        return _text_codec(column, 2 if max_len > 255 else 1, errors)
    if t == T.VARCHAR_COMPRESSED:
        return _text_codec(column, 2 if meta > 255 else 1, errors, uncompress_mariadb)
    if t not in (T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.BLOB_COMPRESSED, T.JSON, T.GEOMETRY, T.VECTOR):
        return None
    if not 1 <= meta <= 4:
        return _unsupported(column, f"length-prefix size {meta} is not 1-4")
    if t == T.BLOB_COMPRESSED:
        return _text_codec(column, meta, errors, uncompress_mariadb)
    if t == T.JSON:
        if partial:
            return _Codec(column, prefix=meta, func=lambda raw: JsonPartialUpdate(decode_json_diff(raw)))
        if column.flavor == FLAVOR_MARIADB:
            return _Codec(column, prefix=meta, func=_json_text)
        return _Codec(column, prefix=meta, func=decode_json_binary)
    if t == T.GEOMETRY:
        return _Codec(column, prefix=meta, func=Geometry)
    if t == T.VECTOR:
        return _Codec(column, prefix=meta, func=decode_vector)
    return _text_codec(column, meta, errors)


def _enum_set_codec(column: Column, t: int) -> _Codec:
    size = column.pack_length
    if t == T.ENUM:
        fmt = {1: "B", 2: "H"}.get(size)
        if fmt is None:
            return _unsupported(column, f"ENUM pack length {size} is not 1 or 2")
        labels = column.enum_values
        return _fixed(column, fmt, "{f}({0})" if labels is not None else "{0}", enum_decoder(labels))
    if not 1 <= size <= 8:
        return _unsupported(column, f"SET pack length {size} is not 1-8")
    fmt = {1: "B", 2: "H", 4: "I", 8: "Q"}.get(size)
    item = "{0}" if fmt else "_ifb({0}, 'little')"
    labels = column.set_values
    if labels is None:
        return _fixed(column, fmt or f"{size}s", item)
    return _fixed(column, fmt or f"{size}s", "{f}(" + item + ")", set_decoder(labels))


# -- the checked (slow) path -------------------------------------------------------------

_U32 = struct.Struct("<I").unpack_from
_GLOBALS: dict[str, Any] = {
    **DECIMAL_SOURCE_NAMES,
    **TEMPORAL_SOURCE_NAMES,
    "_ifb": int.from_bytes,
    "_U32": _U32,
    "UnicodeDecodeError": UnicodeDecodeError,
}


@functools.lru_cache(maxsize=1 << 14)
def _column_parts(column: Column, errors: str, partial: bool
                  ) -> tuple[_Codec, Callable[[bytes, int, int], tuple[Any, int]]]:
    """A column's codec and checked reader, made once for every decoder of its table's layouts and images (a
    table of 199 columns: 40 microseconds a column)."""
    codec = _build_codec(column, errors, partial)
    return codec, _checked_reader(codec)


def column_codec(column: Column, errors: str) -> _Codec:
    """The codec of a column (not a JSON diff vector): its layout in a row image, and how its values read."""
    return _column_parts(column, errors, False)[0]


def _checked_reader(codec: _Codec) -> Callable[[bytes, int, int], tuple[Any, int]]:
    """``read(buf, pos, end) -> (value, new_pos)`` with every bound checked."""
    if codec.error is not None:
        message = codec.error

        def unsupported(buf: bytes, pos: int, end: int) -> tuple[Any, int]:
            raise ValueError(message)

        return unsupported

    if codec.fmt is not None:
        st = struct.Struct("<" + codec.fmt)
        size = st.size
        names = [f"a{i}" for i in range(codec.nitems)]
        ns = dict(_GLOBALS, _f=codec.func)
        convert = eval(f"lambda {', '.join(names) or '*_'}: " + codec.expr.format(*names, f="_f"), ns)

        def read_fixed(buf: bytes, pos: int, end: int) -> tuple[Any, int]:
            if pos + size > end:
                raise ValueError(f"value of {size} bytes runs past the end of the rows data")
            return convert(*st.unpack_from(buf, pos)), pos + size

        return read_fixed

    prefix = codec.prefix
    func = codec.func

    def read_var(buf: bytes, pos: int, end: int) -> tuple[Any, int]:
        start = pos + prefix
        if start > end:
            raise ValueError(f"length prefix of {prefix} bytes runs past the end of the rows data")
        n = int.from_bytes(buf[pos:start], "little")
        if start + n > end:
            raise ValueError(f"value of {n} bytes runs past the end of the rows data ({end - start} left)")
        raw = buf[start : start + n]
        return (func(raw) if func is not None else raw), start + n

    return read_var


# -- the compiled (fast) path ----------------------------------------------------------

_PREFIX_CODE = {
    1: "n = buf[pos]; pos += 1",
    2: "n = buf[pos] | buf[pos + 1] << 8; pos += 2",
    3: "n = buf[pos] | buf[pos + 1] << 8 | buf[pos + 2] << 16; pos += 3",
    4: "n = _U32(buf, pos)[0]; pos += 4",
}


#: The null patterns a decoder counts (:meth:`RowImageDecoder._compile_pattern`); past them, a new pattern
#: goes to the generic function.
_MET_LIMIT = 4096


class _Overrun(Exception):
    """The fast path read past the end of the data (slices do not raise)."""


def _compile(codecs: Sequence[_Codec], names: Sequence[str], mask: int | None) -> Callable[..., Any]:
    """Python source for one null pattern (``mask``) or for any pattern (``None``).

    The function is ``f(buf, pos, end)`` (``f(buf, pos, end, m)`` when
    ``mask`` is ``None``) and returns ``(row, new_pos)``.
    """
    src = _Source(codecs)
    generic = mask is None
    lines = src.lines
    lines.append("def decode(buf, pos, end, m):" if generic else "def decode(buf, pos, end):")
    for k, codec in enumerate(codecs):
        src.values.append("None")
        if mask is None:
            src.add_any(k, codec)
        elif not mask >> k & 1:
            src.add_present(k, codec)
    src.flush_run()
    lines.append("    if pos > end:")
    lines.append("        raise _Overrun")
    pairs = ", ".join(f"{name!r}: {value}" for name, value in zip(names, src.values, strict=True))
    lines.append(f"    return {{{pairs}}}, pos")
    source = "\n".join(lines)
    ns = src.ns
    exec(compile(source, f"<row decoder {'any' if generic else mask}>", "exec"), ns)
    decode = ns["decode"]
    decode.source = source  # for debugging: print(decoder._fast[0].source)
    return decode


class _Source:
    """The lines of one compiled row function (:func:`_compile`), column by column, and their namespace."""

    def __init__(self, codecs: Sequence[_Codec]) -> None:
        self.codecs = codecs
        self.ns: dict[str, Any] = dict(_GLOBALS, _Overrun=_Overrun)
        self.lines: list[str] = []
        #: The expression of each column's value.
        self.values: list[str] = []
        #: Columns of fixed size not written out yet: read together by one struct.
        self.run: list[int] = []
        self.struct_count = 0

    def bind(self, k: int) -> str:
        codecs = self.codecs
        if codecs[k].func is not None:
            self.ns[f"_f{k}"] = codecs[k].func
        return f"_f{k}"

    def add_any(self, k: int, codec: _Codec) -> None:
        """Column ``k`` of the generic function: one column at a time, each behind its own null test."""
        lines = self.lines
        lines.append(f"    if m >> {k} & 1:")
        lines.append(f"        v{k} = None")
        lines.append("    else:")
        body = _column_code(codec, k, self.bind, self.ns)
        lines += ["    " + line for line in body[0]]
        lines.append(f"        v{k} = {body[1]}")
        self.values[k] = f"v{k}"

    def add_present(self, k: int, codec: _Codec) -> None:
        """Column ``k``, not null in the pattern: fixed-size ones join the run, others are read on their own."""
        if codec.fmt is not None and codec.error is None:
            self.run.append(k)
            return
        self.flush_run()
        body_lines, expr = _column_code(codec, k, self.bind, self.ns)
        self.lines += body_lines
        self.values[k] = expr

    def flush_run(self) -> None:
        """Write out the run of fixed-size columns: one struct unpack, then their values."""
        run = self.run
        if not run:
            return
        codecs = self.codecs
        lines = self.lines
        fmt = "".join(codecs[k].fmt or "" for k in run)
        size = struct.calcsize("<" + fmt)
        items: list[str] = []
        exprs: list[tuple[int, list[str]]] = []
        for k in run:
            mine = [f"a{k}_{i}" for i in range(codecs[k].nitems)]
            items += mine
            exprs.append((k, mine))
        if items:
            sname = f"_S{self.struct_count}"
            self.struct_count += 1
            self.ns[sname] = struct.Struct("<" + fmt).unpack_from
            lines.append(f"    {', '.join(items)}, = {sname}(buf, pos)")
        if size:
            lines.append(f"    pos += {size}")
        for k, mine in exprs:
            source = codecs[k].source
            if source is not None:
                lines.extend("    " + line for line in source(mine, f"v{k}"))
                self.values[k] = f"v{k}"
            else:
                self.values[k] = codecs[k].expr.format(*mine, f=self.bind(k))
        run.clear()


def _column_code(codec: _Codec, k: int, bind: Callable[[int], str], ns: dict[str, Any]) -> tuple[list[str], str]:
    """Statements reading column ``k`` at ``pos`` and the expression of its value."""
    if codec.error is not None:
        ns[f"_e{k}"] = ValueError(codec.error)
        return [f"    raise _e{k}"], "None"
    if codec.fmt is not None:
        ns[f"_S{k}k"] = struct.Struct("<" + codec.fmt).unpack_from
        items = [f"a{k}_{i}" for i in range(codec.nitems)]
        code = []
        if items:
            code.append(f"    {', '.join(items)}, = _S{k}k(buf, pos)")
        code.append(f"    pos += {codec.size}")
        if codec.source is not None:
            code += ["    " + line for line in codec.source(items, f"v{k}")]
            return code, f"v{k}"
        return code, codec.expr.format(*items, f=bind(k))
    code = [f"    {_PREFIX_CODE[codec.prefix]}", f"    v{k} = buf[pos:pos + n]; pos += n"]
    if codec.inline == "utf8":
        return code, f"v{k}.decode('utf-8')"
    if codec.inline == "utf8_or_bytes":
        code += [
            "    try:",
            f"        v{k} = v{k}.decode('utf-8')",
            "    except UnicodeDecodeError:",
            "        pass",
        ]
        return code, f"v{k}"
    if codec.func is not None:
        return code, f"{bind(k)}(v{k})"
    return code, f"v{k}"


# -- the decoder --------------------------------------------------------------------------


def present_columns(columns: Sequence[Column], present: bytes | bytearray | memoryview | int) -> tuple[Column, ...]:
    """The columns a columns bitmap (LSB first; an ``int`` bitmask too) says an image holds, in table order."""
    bitmap = _present_bytes(present, len(columns))
    return tuple(c for c in columns if c.index >> 3 < len(bitmap) and bitmap[c.index >> 3] >> (c.index & 7) & 1)


def _present_bytes(present: bytes | bytearray | memoryview | int, ncols: int) -> bytes:
    nbytes = (ncols + 7) // 8
    if isinstance(present, int):
        return present.to_bytes(nbytes, "little")
    return bytes(present)


class RowImageDecoder:
    """Decoder of the row images of one table for one present-columns bitmap.

    Parameters
    ----------
    columns
        The table's columns, in table order (``columns[i].index == i``).
    present
        The columns bitmap of the image, LSB first: column ``i`` is present
        when bit ``i & 7`` of byte ``i >> 3`` is set (an ``int`` bitmask is
        accepted too).
    errors
        What to do with text its charset cannot decode: ``"strict"`` raises
        :class:`RowDecodeError` naming the column, ``"keep"`` keeps ``bytes``,
        ``"replace"`` substitutes U+FFFD.
    partial_json_columns
        Bitmask of column indexes whose value is a JSON diff vector (after
        images of PARTIAL_UPDATE_ROWS; see :func:`decode_rows`).

    Notes
    -----
    Build decoders with :func:`get_decoder`, which caches them per (columns,
    present, errors, partial columns). A decoder compiles one function per
    distinct null bitmap it meets :attr:`COMPILE_AFTER` times (up to 256);
    one generic function, compiled once, serves the bitmaps met fewer times
    and those past the 256: on a binlog of thousands of tables with a few rows
    each, a compile per bitmap (a third of a millisecond) is not repaid. The
    first :attr:`CHECKED_ROWS` rows are read column by column
    (:meth:`decode_checked`) before anything is compiled: a decoder that meets
    only a few rows compiles nothing.
    """

    __slots__ = (
        "columns",
        "present_columns",
        "_codecs",
        "_names",
        "_readers",
        "_null_bytes",
        "_null_mask",
        "_fast",
        "_met",
        "_generic",
        "checked_rows",
        "max_compiled_patterns",
        "compile_after",
        "decode_at",
        "decode_images",
    )

    #: Distinct null patterns compiled per decoder before using the generic function.
    MAX_COMPILED_PATTERNS = 256
    #: A null pattern gets its own function when met this many times (before: the generic function, a null
    #: test per column more per row; a compile costs as much as some hundreds of rows). Named shape
    #: many_tables (2,000 tables, 48,816 single-row changes), ``rows --format jsonl``: 12,499 compiles -> 2,000
    #: (one generic function per table), 16.1 -> 12.7 s of CPU.
    COMPILE_AFTER = 32
    #: Rows a decoder reads column by column (:meth:`decode_checked`) before it compiles its first function. A
    #: compile costs as much as 50-100 rows read so, whatever the width (both grow with the columns); a decoder
    #: for each layout and image of a wide table that an ALTER changes often meets a few rows each (drawn shape
    #: of 8 tables of 199 columns, a DDL before 6% of transactions, 196 decoders for 3,359 rows:
    #: ``rows --format jsonl`` through the row decoder, 244 compiles, 2.4 s of 8.7 s of CPU).
    CHECKED_ROWS = 64

    def __init__(
        self,
        columns: Sequence[Column],
        present: bytes | bytearray | memoryview | int,
        *,
        errors: str = "strict",
        partial_json_columns: int = 0,
    ) -> None:
        if errors not in ERRORS_MODES:
            raise ValueError(f"errors must be one of {ERRORS_MODES}, not {errors!r}")
        self.columns = tuple(columns)
        chosen = present_columns(self.columns, present)
        self.present_columns = chosen
        parts = [_column_parts(c, errors, bool(partial_json_columns >> c.index & 1)) for c in chosen]
        self._codecs = [codec for codec, _ in parts]
        self._names = [c.name for c in chosen]
        self._readers = [reader for _, reader in parts]
        self._null_bytes = (len(chosen) + 7) // 8
        self._null_mask = (1 << len(chosen)) - 1
        self._fast: dict[int, Callable[..., Any]] = {}
        #: How many times each null pattern not compiled yet was met.
        self._met: dict[int, int] = {}
        self._generic: Callable[..., Any] | None = None
        #: Rows still to be read column by column before anything is compiled (:attr:`CHECKED_ROWS`).
        self.checked_rows = self.CHECKED_ROWS
        self.max_compiled_patterns = self.MAX_COMPILED_PATTERNS
        self.compile_after = self.COMPILE_AFTER
        #: ``decode_at(buf: bytes, pos, end) -> (row, new_pos)``: :meth:`decode`
        #: without argument normalisation, for callers that loop over images.
        #: ``decode_images(data: bytes, end, insert) -> [(before, after), ...]``: every image
        #: of a WRITE (``insert``) or DELETE rows event.
        self.decode_at, self.decode_images = self._make_dispatch()

    def _make_dispatch(self) -> tuple[Callable[[bytes, int, int], tuple[dict[str, Any], int]],
                                      Callable[[bytes, int, bool], list[tuple[Any, Any]]]]:
        """The per-row dispatch: ``decode_at`` for one image, ``decode_images`` for all of an event.

        A row's null bitmap picks its compiled function (compiled on first
        use); any error there, the checked path decodes the row again and
        names what is wrong. ``decode_images`` writes the dispatch out in its
        loop so that a row costs one call, of its compiled function.
        """
        get = self._fast.get
        compile_pattern = self._compile_pattern
        checked = self.decode_checked
        nb = self._null_bytes
        nmask = self._null_mask

        def decode_images(data: bytes, end: int, insert: bool) -> list[tuple[Any, Any]]:
            out: list[tuple[Any, Any]] = []
            append = out.append
            pos = 0
            if nb == 0:
                if end:
                    raise RowDecodeError("row images of 0 bytes (no present columns)", offset=0)
                return out
            while pos < end:
                try:
                    m = (data[pos] if nb == 1 else int.from_bytes(data[pos : pos + nb], "little")) & nmask
                    f = get(m) or compile_pattern(m)
                    row, pos2 = f(data, pos + nb, end)
                except Exception:  # noqa: BLE001 - any fast-path failure: the checked path decodes the row again and names it
                    row, pos2 = checked(data, pos, end)
                pos = pos2
                append((None, row) if insert else (row, None))
            return out

        if nb == 1:
            def decode_at(buf: bytes, pos: int, end: int) -> tuple[dict[str, Any], int]:
                try:
                    m = buf[pos] & nmask
                    return (get(m) or compile_pattern(m))(buf, pos + 1, end)
                except Exception:  # noqa: BLE001 - any fast-path failure: the checked path decodes the row again and names it
                    return checked(buf, pos, end)

            return decode_at, decode_images

        def decode_at_n(buf: bytes, pos: int, end: int) -> tuple[dict[str, Any], int]:
            try:
                m = int.from_bytes(buf[pos : pos + nb], "little") & nmask if nb else 0
                return (get(m) or compile_pattern(m))(buf, pos + nb, end)
            except Exception:  # noqa: BLE001 - any fast-path failure: the checked path decodes the row again and names it
                return checked(buf, pos, end)

        return decode_at_n, decode_images

    def _compile_pattern(self, m: int) -> Callable[..., Any]:
        if self.checked_rows > 0:
            self.checked_rows -= 1
            values = self._checked_values
            return lambda buf, pos, end: values(buf, pos, end, m)
        if len(self._fast) < self.max_compiled_patterns:
            met = self._met.get(m, 0) + 1
            if met >= self.compile_after:
                self._met.pop(m, None)
                f = _compile(self._codecs, self._names, m)
                self._fast[m] = f
                return f
            if m in self._met or len(self._met) < _MET_LIMIT:  # bounded: a wide table's patterns are countless
                self._met[m] = met
        if self._generic is None:
            self._generic = _compile(self._codecs, self._names, None)
        generic = self._generic
        return lambda buf, pos, end: generic(buf, pos, end, m)

    def decode(
        self, buf: bytes | bytearray | memoryview, pos: int = 0, end: int | None = None
    ) -> tuple[dict[str, Any], int]:
        """Decode the row image starting at ``buf[pos]``.

        Parameters
        ----------
        buf
            The rows data (``bytes`` is fastest; other buffers are copied).
        pos
            Offset of the image's null bitmap.
        end
            Offset where the rows data ends (default ``len(buf)``).

        Returns
        -------
        tuple
            ``(row, new_pos)``: ``row`` maps column name to value for the
            present columns (SQL NULL is ``None``; absent columns are absent),
            ``new_pos`` is the offset after the image.

        Raises
        ------
        RowDecodeError
            With the column and the offset of the value that cannot be read.
        """
        if type(buf) is not bytes:
            buf = bytes(buf)
        return self.decode_at(buf, pos, len(buf) if end is None else end)

    def decode_checked(self, buf: bytes, pos: int = 0, end: int | None = None) -> tuple[dict[str, Any], int]:
        """Like :meth:`decode`, column by column with every bound checked (slower)."""
        if type(buf) is not bytes:
            buf = bytes(buf)
        if end is None:
            end = len(buf)
        nb = self._null_bytes
        if pos + nb > end:
            raise RowDecodeError(f"null bitmap of {nb} bytes runs past the end of the rows data", offset=pos)
        return self._checked_values(buf, pos + nb, end, int.from_bytes(buf[pos : pos + nb], "little"))

    def _checked_values(self, buf: bytes, pos: int, end: int, m: int) -> tuple[dict[str, Any], int]:
        """The values of a row image after its null bitmap ``m``, column by column, every bound checked."""
        row: dict[str, Any] = {}
        k = 0
        try:
            for name, read in zip(self._names, self._readers, strict=True):
                if m and m >> k & 1:
                    row[name] = None
                else:
                    row[name], pos = read(buf, pos, end)  # pos stays at the value when it does not read
                k += 1
        except RowDecodeError:
            raise
        except Exception as exc:
            column = self.present_columns[k]
            raise RowDecodeError(
                f"cannot decode {column.type_name} value: {exc}",
                column=column.name,
                column_index=column.index,
                offset=pos,
            ) from exc
        return row, pos


#: Decoders by (columns, bitmap, errors, partial JSON columns), within an estimate of their memory: every
#: layout of a binlog of thousands of tables.
_CACHE: BoundedCache[RowImageDecoder] = BoundedCache(96 << 20, lambda key, decoder: 4096 + 1024 * len(key[0]))
#: Decoders one table map keeps in its ``memo`` (a table has few distinct bitmaps).
_MEMO_LIMIT = 64


def get_decoder(
    columns: Sequence[Column],
    present: bytes | bytearray | memoryview | int,
    *,
    errors: str = "strict",
    partial_json_columns: int = 0,
    memo: dict[Any, Any] | None = None,
) -> RowImageDecoder:
    """The cached :class:`RowImageDecoder` for these columns and bitmap.

    ``memo`` is the table map's own (``TableMap.memo``): decoders found there
    cost one dict lookup, without hashing the columns. Otherwise they are
    cached per (columns, present, errors, partial columns) in a cache sized
    by an estimate of their memory (:data:`_CACHE`).
    """
    if not isinstance(present, bytes):
        present = _present_bytes(present, len(columns))
    quick = ("row_image", present, errors, partial_json_columns)
    if memo is not None:
        hit = memo.get(quick)
        if hit is not None:
            return hit
    cols = columns if isinstance(columns, tuple) else tuple(columns)
    key = (cols, present, errors, partial_json_columns)
    decoder = _CACHE.get(key)
    if decoder is None:
        decoder = _CACHE.put(key, RowImageDecoder(cols, present, errors=errors,
                                                  partial_json_columns=partial_json_columns))
    if memo is not None and len(memo) < _MEMO_LIMIT:
        memo[quick] = decoder
    return decoder


def _packed_int(buf: bytes, pos: int, end: int) -> tuple[int, int]:
    """A packed integer (``net_field_length``)."""
    if pos >= end:
        raise RowDecodeError("value_options runs past the end of the rows data", offset=pos)
    first = buf[pos]
    if first < 251:
        return first, pos + 1
    size = {0xFC: 2, 0xFD: 3, 0xFE: 8}.get(first)
    if size is None or pos + 1 + size > end:
        raise RowDecodeError(f"bad packed integer 0x{first:02x} in value_options", offset=pos)
    return int.from_bytes(buf[pos + 1 : pos + 1 + size], "little"), pos + 1 + size


def _resolve_partial(before: dict[str, Any], after: dict[str, Any], columns: Sequence[Column], mask: int) -> None:
    """Replace diff vectors in ``after`` by documents where the before image allows."""
    for column in columns:
        if not mask >> column.index & 1:
            continue
        value = after.get(column.name)
        if not isinstance(value, JsonPartialUpdate):
            continue
        old = before.get(column.name)
        if old is None or isinstance(old, JsonPartialUpdate):
            continue
        try:
            after[column.name] = apply_json_diffs(old, value.diffs)
        except JsonDiffError:
            pass  # keep the diffs: the before image does not match them


def decode_rows(
    columns: Sequence[Column],
    kind: str,
    present_before: bytes | bytearray | memoryview | int | None,
    present_after: bytes | bytearray | memoryview | int | None,
    data: bytes | bytearray | memoryview,
    *,
    partial_json: bool = False,
    errors: str = "strict",
    memo: dict[Any, Any] | None = None,
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """Decode every row image of one rows event.

    Parameters
    ----------
    columns
        The table's columns from its TABLE_MAP, in table order.
    kind
        ``"insert"`` (WRITE_ROWS), ``"update"`` (UPDATE_ROWS,
        PARTIAL_UPDATE_ROWS) or ``"delete"`` (DELETE_ROWS).
    present_before, present_after
        The event's column bitmaps. UPDATE: ``columns_before_image`` and
        ``columns_after_image``. WRITE_ROWS has one bitmap, stored in the
        field MySQL names ``columns_before_image``/``m_cols``, but it
        describes the *after* image: pass it as ``present_after`` (it is
        taken from ``present_before`` when ``present_after`` is ``None``).
        DELETE_ROWS: the one bitmap as ``present_before`` (taken from
        ``present_after`` when ``present_before`` is ``None``).
    data
        The row images: the event body after the bitmaps, without the
        checksum (MariaDB compressed events already uncompressed).
    partial_json
        True for PARTIAL_UPDATE_ROWS: every after image is preceded by
        ``value_options`` and the partial-JSON bits (see the module
        docstring).
    errors
        Text decoding errors: ``"strict"`` (raise), ``"keep"`` (keep bytes),
        ``"replace"``.
    memo
        The table map's ``memo``, where the prepared decoders are kept.

    Returns
    -------
    list
        ``(before, after)`` per row: ``(None, after)`` for inserts,
        ``(before, None)`` for deletes. A partially updated JSON column's after
        value is the before value with the diffs applied; when the before image
        lacks the column (or the diffs do not apply) it is a
        :class:`JsonPartialUpdate` ``{"json_diff": [...]}``.

    Raises
    ------
    RowDecodeError
        With column name/index and the byte offset inside ``data``.
    """
    if type(data) is not bytes:
        data = bytes(data)
    if kind == "insert" or kind == "delete":
        present = present_after if kind == "insert" else present_before
        if present is None:
            present = present_before if kind == "insert" else present_after
        if present is None:
            raise ValueError(f"{kind}: no columns bitmap given")
        return get_decoder(columns, present, errors=errors, memo=memo).decode_images(data, len(data), kind == "insert")
    if kind != "update":
        raise ValueError(f"kind must be 'insert', 'update' or 'delete', not {kind!r}")
    if present_before is None or present_after is None:
        raise ValueError("update: both column bitmaps are needed")
    return _decode_updates(columns, present_before, present_after, data, partial_json, errors, memo)


def _decode_updates(
    columns: Sequence[Column],
    present_before: bytes | bytearray | memoryview | int,
    present_after: bytes | bytearray | memoryview | int,
    data: bytes,
    partial_json: bool,
    errors: str,
    memo: dict[Any, Any] | None,
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """The (before, after) image pairs of an UPDATE or PARTIAL_UPDATE rows event (see :func:`decode_rows`)."""
    cols = columns if isinstance(columns, tuple) else tuple(columns)
    end = len(data)
    pos = 0
    out: list[tuple[dict[str, Any] | None, dict[str, Any] | None]] = []
    append = out.append
    decode_before = get_decoder(columns, present_before, errors=errors, memo=memo).decode_at
    after_decoder = get_decoder(columns, present_after, errors=errors, memo=memo)
    decode_after = after_decoder.decode_at
    json_columns = [c.index for c in cols if c.type == MYSQL_TYPE.JSON]
    partial_bytes = (len(json_columns) + 7) // 8
    present_after_mask = 0
    for c in after_decoder.present_columns:
        present_after_mask |= 1 << c.index
    while pos < end:
        start = pos
        before, pos = decode_before(data, pos, end)
        if partial_json:
            value_options, pos = _packed_int(data, pos, end)
            mask = 0
            if value_options & 1:
                if pos + partial_bytes > end:
                    raise RowDecodeError("partial JSON bits run past the end of the rows data", offset=pos)
                bits = int.from_bytes(data[pos : pos + partial_bytes], "little")
                pos += partial_bytes
                for i, index in enumerate(json_columns):
                    if bits >> i & 1:
                        mask |= 1 << index
                mask &= present_after_mask
            if mask:
                after, pos = get_decoder(columns, present_after, errors=errors, partial_json_columns=mask,
                                        memo=memo).decode_at(
                    data, pos, end
                )
                _resolve_partial(before, after, cols, mask)
            else:
                after, pos = decode_after(data, pos, end)
        else:
            after, pos = decode_after(data, pos, end)
        if pos <= start:
            raise RowDecodeError("row images of 0 bytes (no present columns)", offset=start)
        append((before, after))
    return out
