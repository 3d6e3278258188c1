"""The JSON lines of ``rows --format jsonl``, built from Arrow columns a whole run at a time.

Byte for byte what :func:`.value_json.dumps` of :func:`.value_json.change_json`
gives for each change (that per-row path is the reference and the tests hold
the two equal), but assembled with Arrow compute functions over whole
columns: integers and DECIMAL are cast to text, DATE/DATETIME/TIMESTAMP are
formatted with ``strftime`` and cut to the column's fraction digits, text is
escaped and quoted (a value with control characters sends its column to the
per-value path), JSON documents are embedded as the canonical text the typed
column holds. Other types (FLOAT, DOUBLE, TIME, SET, VECTOR, binary strings)
are formatted value by value with :func:`.value_json.json_formatter`.

A run whose columns lost a value Arrow cannot hold (zero dates) returns
``None``: its lines come from the row decoder.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from ..column import Column
from ..constants import MYSQL_TYPE
from ..rows.columnar import ChangeColumns, ImageColumns
from ..types.arrow import arrow_type
from ..types.json_text import dumps
from .value_json import json_formatter

__all__ = ["has_json_texts", "image_texts", "image_value_texts", "json_lines", "value_texts"]

T = MYSQL_TYPE
_CONTROL = r"[\x00-\x1f]"
_SPECIAL = r'[\x00-\x1f"\\]'  # what a JSON string literal escapes


@lru_cache(maxsize=4096)
def _text(constant: str) -> pa.Scalar:
    """A typed string scalar (a bare ``str`` argument costs Arrow a type inference per call)."""
    return pa.scalar(constant, pa.string())


def _quoted(text: pa.Array) -> pa.Array:
    return pc.binary_join_element_wise(_text('"'), text, _text('"'), _text(""))


def _escaped(text: pa.Array) -> pa.Array | None:
    """JSON string literals of UTF-8 text; ``None`` when some value needs more than ``\\\\`` and ``\\"``."""
    if not pc.any(pc.match_substring_regex(text, _SPECIAL)).as_py():
        return _quoted(text)  # the common case: nothing to escape, one pass over the text
    if pc.any(pc.match_substring_regex(text, _CONTROL)).as_py():
        return None
    text = pc.replace_substring(text, "\\", "\\\\")
    text = pc.replace_substring(text, '"', '\\"')
    return _quoted(text)


def value_texts(column: Column, arr: pa.Array) -> tuple[pa.Array, pa.Array]:
    """Each value's JSON text, and its plain text (both null for SQL NULL).

    The plain text is the text of ``changes/``' value maps: a JSON string
    without its quotes and escapes (the string itself), any other value as its
    JSON text.
    """
    typ = arr.type
    t = column.real_type
    plain: pa.Array | None = None
    quoted = False  # whether the JSON text is the plain text in quotes (no escapes needed)
    if pa.types.is_integer(typ):
        return (texts := arr.cast(pa.string())), texts
    if pa.types.is_decimal(typ):
        digits = arr.cast(pa.string())
        if not pc.any(pc.match_substring(digits, "E")).as_py():  # Arrow writes 1.2E-8 for tiny values
            plain, quoted = digits, True
    elif t == T.NEWDECIMAL:  # over 38 digits: the typed column holds the decimal text already
        plain, quoted = arr, True
    elif pa.types.is_date(typ):
        plain, quoted = arr.cast(pa.string()), True
    elif pa.types.is_timestamp(typ):
        fsp = column.fsp
        width = 19 if fsp <= 0 else 20 + fsp
        formatted = arr.cast(pa.string())  # YYYY-MM-DD HH:MM:SS.ffffff (+ Z for UTC)
        plain, quoted = pc.utf8_slice_codeunits(formatted, 0, width), True
    elif t == T.JSON and pa.types.is_string(typ):
        # the canonical text of the document, embedded as is (plain: the same unless the document is a string)
        if not pc.any(pc.starts_with(arr, '"')).as_py():
            return arr, arr
    elif pa.types.is_string(typ):
        escaped = _escaped(arr)
        if escaped is not None:
            return escaped, arr
    if plain is not None:
        return (_quoted(plain) if quoted else plain), plain
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


def image_value_texts(side: ImageColumns) -> list[tuple[pa.Array, pa.Array]]:
    """:func:`value_texts` of every column of an image."""
    return [value_texts(c, a) for c, a in zip(side.columns, side.arrays, strict=True)]


def _image_pieces(side: ImageColumns | None, texts: list[tuple[pa.Array, pa.Array]] | None = None) -> list[Any]:
    """``{"name":value,...}`` as constant strings and arrays of value texts, or ``null`` without that image."""
    if side is None:
        return ["null"]
    if texts is None:
        texts = image_value_texts(side)
    pieces: list[Any] = []
    for k, (column, (json_text, _)) in enumerate(zip(side.columns, texts, strict=True)):
        pieces.append(("{" if k == 0 else ",") + json.dumps(column.name, ensure_ascii=False) + ":")
        pieces.append(pc.fill_null(json_text, _text("null")))
    pieces.append("}")
    return pieces


def _join(pieces: list[Any], n: int) -> pa.Array:
    """Element-wise concatenation of arrays and constant strings (adjacent constants merged first)."""
    merged: list[Any] = []
    for p in pieces:
        if isinstance(p, str) and merged and isinstance(merged[-1], str):
            merged[-1] += p
        else:
            merged.append(p)
    if not any(isinstance(p, pa.Array) for p in merged):
        return pa.repeat(_text("".join(merged)), n)
    return pc.binary_join_element_wise(*[_text(p) if isinstance(p, str) else p for p in merged], _text(""))


def has_json_texts(columns: ChangeColumns) -> bool:
    """Whether the columns hold every value as the row decoder gave it (else the JSON comes from the row path)."""
    if not columns.exact:
        return False
    for side in (columns.before, columns.after):
        if side is not None and any(arr.type != arrow_type(c) for c, arr in zip(side.columns, side.arrays,
                                                                                strict=True)):
            return False
    return True


def image_texts(side: ImageColumns | None, n: int, texts: list[tuple[pa.Array, pa.Array]] | None = None
                ) -> pa.Array:
    """The JSON object of each row's image (``rows --format jsonl``'s ``before``/``after``); null without one.

    ``texts``: the image's :func:`image_value_texts`, when the caller has them already.
    """
    if side is None:
        return pa.nulls(n, pa.string())
    return _join(_image_pieces(side, texts), n)


def json_lines(columns: ChangeColumns) -> pa.Array | None:
    """One JSON object per change followed by a newline (a string array), ``None`` if the row path is needed."""
    if not has_json_texts(columns):
        return None
    n = columns.count
    table_map = columns.table_map
    events = [e.event for e in columns.events]
    pos = columns.per_row([e.pos for e in events], pa.int64()).cast(pa.string())
    timestamp = columns.per_row([e.timestamp for e in events], pa.int64()).cast(pa.string())
    gtids = [None if e.gtid is None else json.dumps(e.gtid, ensure_ascii=False) for e in columns.events]
    gtid = pc.fill_null(columns.per_row(gtids, pa.string()), _text("null"))
    files = [json.dumps(e.file, ensure_ascii=False) for e in events]
    file = columns.per_row(files, pa.string())
    middle = (',"schema":' + json.dumps(table_map.schema, ensure_ascii=False) + ',"table":'
              + json.dumps(table_map.table, ensure_ascii=False) + ',"op":' + json.dumps(columns.op) + ',"before":')
    return _join(['{"file":', file, ',"pos":', pos, ',"timestamp":', timestamp, ',"gtid":', gtid, middle,
                  *_image_pieces(columns.before), ',"after":', *_image_pieces(columns.after), "}\n"], n)
