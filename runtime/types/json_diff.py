"""JSON diffs of PARTIAL_UPDATE_ROWS events, and applying them to a document.

When ``binlog_row_value_options=PARTIAL_JSON``, an UPDATE that changes a JSON
column with ``JSON_SET``/``JSON_REPLACE``/``JSON_REMOVE`` logs the after value
as a list of diffs instead of the whole document.

Layout (sql/json_diff.cc ``Json_diff_vector::read_binary``,
``Json_diff::write_binary``): the column value (after its usual 4-byte length,
which is the vector's length) is a sequence of ::

    operation  uint8           0 REPLACE, 1 INSERT, 2 REMOVE
    path_len   packed integer  (net_field_length)
    path       path_len bytes  MySQL JSON path text, e.g. $.a[1]."b c"
    value_len  packed integer  } absent for REMOVE
    value      binary JSON     }

Applying (sql/json_diff.cc ``apply_json_diffs``): REPLACE replaces the value
at the path; INSERT adds a member that must not exist yet, or inserts into an
array at the index (appending when the index is past the end); REMOVE removes
a member or array element. A path with no legs, or one that does not lead to
a value, rejects the diff (:class:`JsonDiffError`).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..errors import JsonDiffError
from .json_binary import decode_json_binary

__all__ = [
    "JsonDiff",
    "JsonPartialUpdate",
    "JsonDiffError",
    "JSON_DIFF_OPERATIONS",
    "apply_json_diffs",
    "copy_json",
    "decode_json_diff",
    "parse_json_path",
]

#: enum_json_diff_operation (sql/json_diff.h), by code.
JSON_DIFF_OPERATIONS = ("REPLACE", "INSERT", "REMOVE")


class JsonDiff(NamedTuple):
    """One logged change: operation name, path text, new value (``None`` for REMOVE)."""

    op: str
    path: str
    value: Any = None


def _packed(data: bytes, pos: int) -> tuple[int, int]:
    """Read a packed integer (``net_field_length``: < 251, 0xFC+2, 0xFD+3, 0xFE+8)."""
    if pos >= len(data):
        raise JsonDiffError("packed integer runs past the end")
    first = data[pos]
    if first < 251:
        return first, pos + 1
    size = {0xFC: 2, 0xFD: 3, 0xFE: 8}.get(first)
    if size is None or pos + 1 + size > len(data):
        raise JsonDiffError(f"bad packed integer 0x{first:02x}")
    return int.from_bytes(data[pos + 1 : pos + 1 + size], "little"), pos + 1 + size


def decode_json_diff(data: bytes) -> list[JsonDiff]:
    """Decode a JSON diff vector (the column value without its 4-byte length).

    Source: sql/json_diff.cc ``Json_diff_vector::read_binary``.
    """
    diffs: list[JsonDiff] = []
    pos = 0
    end = len(data)
    while pos < end:
        code = data[pos]
        if code >= len(JSON_DIFF_OPERATIONS):
            raise JsonDiffError(f"unknown JSON diff operation {code} at byte {pos}")
        op = JSON_DIFF_OPERATIONS[code]
        path_len, pos = _packed(data, pos + 1)
        if pos + path_len > end:
            raise JsonDiffError("JSON diff path runs past the end")
        path = bytes(data[pos : pos + path_len]).decode("utf-8")
        pos += path_len
        if op == "REMOVE":
            diffs.append(JsonDiff(op, path, None))
            continue
        value_len, pos = _packed(data, pos)
        if pos + value_len > end:
            raise JsonDiffError("JSON diff value runs past the end")
        diffs.append(JsonDiff(op, path, decode_json_binary(data[pos : pos + value_len])))
        pos += value_len
    return diffs


# -- paths ----------------------------------------------------------------------

#: A path leg: member name (str), array index (int >= 0) or ``("last", n)``
#: for ``[last - n]``.
PathLeg = str | int | tuple[str, int]


def parse_json_path(path: str) -> list[PathLeg]:
    """Parse a MySQL JSON path without wildcards: ``$.a[1]."b c"[last-1]``.

    Member names are unquoted identifiers or double-quoted JSON strings;
    whitespace between legs is allowed (sql-common/json_path.cc).
    """
    text = path.strip()
    if not text.startswith("$"):
        raise JsonDiffError(f"JSON path {path!r} does not start with '$'")
    legs: list[PathLeg] = []
    i, n = 1, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == ".":
            leg, i = _member_leg(text, i + 1, path)
        elif ch == "[":
            leg, i = _array_leg(text, i, path)
        else:
            raise JsonDiffError(f"unexpected {ch!r} in JSON path {path!r}")
        legs.append(leg)
    return legs


def _member_leg(text: str, i: int, path: str) -> tuple[PathLeg, int]:
    """The member name starting at ``text[i]`` (after the dot) and the position after it."""
    n = len(text)
    while i < n and text[i].isspace():
        i += 1
    if i < n and text[i] == '"':
        j = i + 1
        while j < n and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        if j >= n:
            raise JsonDiffError(f"unterminated quoted member in JSON path {path!r}")
        return json.loads(text[i : j + 1]), j + 1
    j = i
    while j < n and text[j] not in ".[*" and not text[j].isspace():
        j += 1
    if j == i:
        raise JsonDiffError(f"unsupported member in JSON path {path!r}")
    return text[i:j], j


def _array_leg(text: str, i: int, path: str) -> tuple[PathLeg, int]:
    """The array index whose ``[`` is at ``text[i]`` and the position after its ``]``."""
    j = text.find("]", i)
    if j < 0:
        raise JsonDiffError(f"unterminated array index in JSON path {path!r}")
    inner = text[i + 1 : j].replace(" ", "")
    if inner.isdigit():
        return int(inner), j + 1
    if inner == "last":
        return ("last", 0), j + 1
    if inner.startswith("last-") and inner[5:].isdigit():
        return ("last", int(inner[5:])), j + 1
    raise JsonDiffError(f"unsupported array index [{inner}] in JSON path {path!r}")


def _index(leg: PathLeg, size: int) -> int:
    """Absolute position of an array leg (``Json_path_leg::first_array_index``)."""
    if isinstance(leg, tuple):
        return size - 1 - leg[1]
    return leg  # type: ignore[return-value]


def _is_array_leg(leg: PathLeg) -> bool:
    return isinstance(leg, (int, tuple))


def copy_json(value: Any) -> Any:
    """Deep copy of a JSON value made of dicts and lists (scalars are shared)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def _seek(doc: Any, legs: list[PathLeg], path: str) -> Any:
    """The value at ``legs`` (``seek_exact_path``); no auto-wrapping."""
    node = doc
    for leg in legs:
        if isinstance(node, list) and _is_array_leg(leg):
            pos = _index(leg, len(node))
            if not 0 <= pos < len(node):
                raise JsonDiffError(f"JSON path {path!r} not found in the document")
            node = node[pos]
        elif isinstance(node, dict) and isinstance(leg, str):
            if leg not in node:
                raise JsonDiffError(f"JSON path {path!r} not found in the document")
            node = node[leg]
        else:
            raise JsonDiffError(f"JSON path {path!r} not found in the document")
    return node


def _apply_one(doc: Any, diff: JsonDiff) -> Any:
    legs = parse_json_path(diff.path)
    if not legs:
        raise JsonDiffError(f"{diff.op} of the whole document ({diff.path!r}) is not a diff")
    parent = _seek(doc, legs[:-1], diff.path)
    last = legs[-1]
    if diff.op == "REPLACE":
        if isinstance(parent, dict) and isinstance(last, str) and last in parent:
            parent[last] = copy_json(diff.value)
            return doc
        if isinstance(parent, list) and _is_array_leg(last):
            pos = _index(last, len(parent))
            if 0 <= pos < len(parent):
                parent[pos] = copy_json(diff.value)
                return doc
        raise JsonDiffError(f"REPLACE: JSON path {diff.path!r} not found in the document")
    if diff.op == "INSERT":
        if isinstance(parent, dict) and isinstance(last, str):
            if last in parent:
                raise JsonDiffError(f"INSERT: member {diff.path!r} already exists")
            parent[last] = copy_json(diff.value)
            return doc
        if isinstance(parent, list) and _is_array_leg(last):
            pos = min(max(_index(last, len(parent)), 0), len(parent))
            parent.insert(pos, copy_json(diff.value))
            return doc
        raise JsonDiffError(f"INSERT: JSON path {diff.path!r} does not fit the document")
    # REMOVE
    if isinstance(parent, dict) and isinstance(last, str) and last in parent:
        del parent[last]
        return doc
    if isinstance(parent, list) and _is_array_leg(last):
        pos = _index(last, len(parent))
        if 0 <= pos < len(parent):
            del parent[pos]
            return doc
    raise JsonDiffError(f"REMOVE: JSON path {diff.path!r} not found in the document")


def apply_json_diffs(doc: Any, diffs: list[JsonDiff]) -> Any:
    """Apply diffs in order to a copy of ``doc`` and return the new document.

    Source: sql/json_diff.cc ``apply_json_diffs``. ``doc`` is not modified.

    Raises
    ------
    JsonDiffError
        When a diff is rejected (path missing, INSERT of an existing member,
        a path of the whole document).
    """
    result = copy_json(doc)
    for diff in diffs:
        result = _apply_one(result, diff)
    return result


class JsonPartialUpdate(dict[str, Any]):
    """The after value of a JSON column logged as diffs, when they cannot be applied.

    A ``dict`` ``{"json_diff": [{"op": ..., "path": ..., "value": ...}, ...]}``
    (``op`` is ``REPLACE``, ``INSERT`` or ``REMOVE``; ``value`` is ``None`` for
    ``REMOVE``); :attr:`diffs` keeps them as :class:`~.types.json_diff.JsonDiff`.
    :func:`decode_rows` applies the diffs to the before image instead when the
    before image holds the column.
    """

    def __init__(self, diffs: list[JsonDiff]) -> None:
        super().__init__(json_diff=[{"op": d.op, "path": d.path, "value": d.value} for d in diffs])
        self.diffs = diffs
