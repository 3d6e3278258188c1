"""JSON column values as JSON text: MySQL's JSON text rules and a compact writer.

Inside documents, values follow MySQL's own JSON text (sql-common/json_dom.cc
``wrapper_to_string``): opaque DECIMAL as a number with all its digits, opaque
DATE as ``"YYYY-MM-DD"`` and DATETIME/TIMESTAMP/TIME with 6 fraction digits,
other opaque values as ``"base64:type<N>:<base64>"``; an unapplied partial
update as ``{"json_diff": [...]}``.
"""

from __future__ import annotations

import base64
import json
import math
from datetime import date, datetime, timedelta
from decimal import Decimal
from json.encoder import encode_basestring
from typing import Any

from .json_binary import JsonOpaque
from .json_diff import JsonPartialUpdate
from .temporal import MySQLDate, MySQLDateTime, format_date, format_datetime, format_time

__all__ = ["dumps", "json_document"]


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def json_document(value: Any) -> Any:
    """A decoded JSON column value as JSON-ready Python (MySQL's JSON text rules).

    Opaque temporal values become MySQL's text with 6 fraction digits,
    other opaque values ``"base64:type<N>:..."``; ``Decimal`` stays (write
    it with :func:`dumps`).
    """
    if value is None or isinstance(value, (bool, int, str, Decimal)):
        return value
    if isinstance(value, float):
        return _finite(value)
    if isinstance(value, dict):
        if isinstance(value, JsonPartialUpdate):
            return {
                "json_diff": [
                    {"op": d.op, "path": d.path, "value": json_document(d.value)} for d in value.diffs
                ]
            }
        return {key: json_document(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)) and not isinstance(value, JsonOpaque):
        return [json_document(item) for item in value]
    if isinstance(value, (datetime, MySQLDateTime)):
        return format_datetime(value, 6)
    if isinstance(value, (date, MySQLDate)):
        return format_date(value)
    if isinstance(value, timedelta):
        return format_time(value, 6)
    if isinstance(value, JsonOpaque):
        return f"base64:type{value.field_type}:{base64.b64encode(value.data).decode('ascii')}"
    if isinstance(value, (bytes, bytearray)):
        return f"base64:type15:{base64.b64encode(bytes(value)).decode('ascii')}"
    raise TypeError(f"not a JSON document value: {type(value).__name__}")


# -- JSON text -------------------------------------------------------------------------


class _NeedsSlowPath(Exception):
    pass


def _refuse(obj: Any) -> Any:
    raise _NeedsSlowPath


def _write(obj: Any, out: list[str]) -> None:
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, str):
        out.append(encode_basestring(obj))
    elif isinstance(obj, int):
        out.append(str(int(obj)))
    elif isinstance(obj, float):
        out.append(repr(obj) if math.isfinite(obj) else "null")
    elif isinstance(obj, Decimal):
        out.append(format(obj, "f") if obj.is_finite() else "null")
    elif isinstance(obj, dict):
        out.append("{")
        for i, (key, item) in enumerate(obj.items()):
            if i:
                out.append(",")
            out.append(encode_basestring(str(key)))
            out.append(":")
            _write(item, out)
        out.append("}")
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        for i, item in enumerate(obj):
            if i:
                out.append(",")
            _write(item, out)
        out.append("]")
    else:
        raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def dumps(obj: Any) -> str:
    """Compact JSON text (UTF-8 kept, ``,``/``:`` separators); ``Decimal`` as a number.

    Uses :func:`json.dumps` unless the value holds a ``Decimal`` or a
    non-finite float (written as ``null``).
    """
    try:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=_refuse)
    except (_NeedsSlowPath, ValueError):
        out: list[str] = []
        _write(obj, out)
        return "".join(out)
