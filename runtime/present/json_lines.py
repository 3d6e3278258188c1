"""The JSON lines of ``rows --format jsonl``, built from Arrow columns a whole run at a time.

Byte for byte what :func:`.value_json.dumps` of :func:`.value_json.change_json`
gives for each change (that per-row path is the reference and the tests hold
the two equal), but assembled with Arrow compute functions over whole
columns: each value's JSON text comes from :func:`.column_json.value_texts`,
and the lines are the element-wise concatenation of constant pieces (names,
punctuation) and those texts.

A run whose columns lost a value Arrow cannot hold (zero dates) returns
``None``: its lines come from the row decoder.
"""

from __future__ import annotations

import json
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from ..rows.columnar import ChangeColumns, ImageColumns
from ..types.arrow import arrow_type
from .arrow_text import concatenate, text_scalar
from .column_json import ColumnTexts, column_texts

__all__ = ["has_json_texts", "image_texts", "image_value_texts", "json_lines"]


@lru_cache(maxsize=4096)
def _object_keys(names: tuple[str, ...]) -> tuple[str, ...]:
    """``{"name":`` then ``,"name":`` for each column of an image (cached per column list)."""
    return tuple(("{" if k == 0 else ",") + json.dumps(name, ensure_ascii=False) + ":" for k, name in enumerate(names))


def image_value_texts(side: ImageColumns) -> list[ColumnTexts]:
    """:func:`.column_texts` of every column of an image (JSON strings unquoted: :func:`image_texts` puts the
    quotes in its one concatenation, where quoting each column first would copy it once more)."""
    return [column_texts(c, a) for c, a in zip(side.columns, side.arrays, strict=True)]


def _image_pieces(side: ImageColumns | None, texts: list[ColumnTexts] | None = None) -> list[Any]:
    """``{"name":value,...}`` as constant strings and arrays of value texts, or ``null`` without that image."""
    if side is None:
        return ["null"]
    if texts is None:
        texts = [column_texts(c, a) for c, a in zip(side.columns, side.arrays, strict=True)]
    pieces: list[Any] = []
    for key, text in zip(_object_keys(tuple(c.name for c in side.columns)), texts, strict=True):
        pieces.append(key)
        if text.text.null_count == 0:
            pieces += ['"', text.text, '"'] if text.quoted else [text.text]
        else:
            pieces.append(pc.fill_null(text.json(), text_scalar("null")))
    pieces.append("}")
    return pieces


def has_json_texts(columns: ChangeColumns) -> bool:
    """Whether the columns hold every value as the row decoder gave it (else the JSON comes from the row path)."""
    if not columns.exact:
        return False
    for side in (columns.before, columns.after):
        if side is not None and any(arr.type != arrow_type(c) for c, arr in zip(side.columns, side.arrays,
                                                                                strict=True)):
            return False
    return True


def image_texts(side: ImageColumns | None, n: int, texts: list[ColumnTexts] | None = None) -> pa.Array:
    """The JSON object of each row's image (``rows --format jsonl``'s ``before``/``after``); null without one.

    ``texts``: the image's :func:`image_value_texts`, when the caller has them already.
    """
    if side is None:
        return pa.nulls(n, pa.string())
    return concatenate(_image_pieces(side, texts), n)


def _event_heads(columns: ChangeColumns, middle: str) -> str | pa.Array:
    """``{"file":..,"pos":..,"timestamp":..,"gtid":..`` + ``middle`` of each row's event (one text per event,
    spread over the rows; just the text when the run has one event)."""
    files: dict[str, str] = {}
    heads = []
    for rows_event in columns.events:
        event = rows_event.event
        file = files.get(event.file)
        if file is None:
            file = files[event.file] = encode_basestring(event.file)
        gtid = "null" if rows_event.gtid is None else encode_basestring(rows_event.gtid)
        heads.append(f'{{"file":{file},"pos":{event.pos},"timestamp":{event.timestamp},"gtid":{gtid}{middle}')
    if len(heads) == 1:
        return heads[0]
    return columns.per_row_texts(heads)


def json_lines(columns: ChangeColumns) -> pa.Array | None:
    """One JSON object per change followed by a newline (a string array), ``None`` if the row path is needed."""
    if not has_json_texts(columns):
        return None
    table_map = columns.table_map
    middle = (',"schema":' + json.dumps(table_map.schema, ensure_ascii=False) + ',"table":'
              + json.dumps(table_map.table, ensure_ascii=False) + ',"op":' + json.dumps(columns.op) + ',"before":')
    return concatenate([_event_heads(columns, middle), *_image_pieces(columns.before), ',"after":',
                  *_image_pieces(columns.after), "}\n"], columns.count)
