"""Row changes as Debezium MySQL connector change events (the value part, schemas disabled).

What Kafka and lake consumers of Debezium read, per change (Debezium
documentation, "Debezium connector for MySQL", sections *Data change events*
and *Data type mappings*; field order as the connector's Envelope and
SourceInfo schemas)::

    {"before": {...} | null, "after": {...} | null,
     "source": {"version", "connector": "mysql", "name", "ts_ms", "snapshot": "false", "db",
                "sequence": null, "ts_us", "ts_ns", "table", "server_id", "gtid", "file", "pos",
                "row", "thread": null, "query": null},
     "transaction": null, "op": "c" | "u" | "d", "ts_ms", "ts_us", "ts_ns"}

``source.ts_*`` is the event's time (the binlog header's, whole seconds);
the top-level ``ts_*`` is when the envelope was made (a parameter, for
reproducible output). ``source.file`` is the binlog's base name, ``pos`` the
byte offset of the rows event holding the row and ``row`` the row's index in
it, as the connector reports them; ``thread`` and ``query`` are null (the
connector fills them only from the session and ``binlog_rows_query_log_events``).

Values follow the connector's default settings:

================================  ===============================================================
column                            value (``time.precision.mode=adaptive_time_microseconds``,
                                  ``decimal.handling.mode=string``, ``binary.handling.mode=bytes``,
                                  ``bigint.unsigned.handling.mode=long``)
================================  ===============================================================
integers, FLOAT, DOUBLE, YEAR     JSON number (``BIGINT UNSIGNED`` as a signed 64-bit long, as
                                  the connector's ``long`` mode gives it)
DECIMAL                           string, every digit (``"1234.50"``)
DATE                              days since 1970-01-01 (``io.debezium.time.Date``)
TIME                              microseconds (``io.debezium.time.MicroTime``)
DATETIME(0-3)                     milliseconds since the epoch (``io.debezium.time.Timestamp``)
DATETIME(4-6)                     microseconds since the epoch (``io.debezium.time.MicroTimestamp``)
TIMESTAMP                         ISO-8601 text in UTC, ``2018-06-20T13:37:03Z``, with the
                                  column's fraction digits (``io.debezium.time.ZonedTimestamp``)
CHAR, VARCHAR, TEXT, ENUM         string; SET: the labels joined by commas
BINARY, VARBINARY, BLOB           base64 of the bytes
BIT(1) / BIT(n > 1)               boolean / base64 of the bits, least significant byte first
JSON                              the document as JSON text (``io.debezium.data.Json``)
GEOMETRY                          ``{"wkb": base64, "srid": n}`` (``io.debezium.data.geometry``)
================================  ===============================================================

Zero (and invalid) dates, datetimes and timestamps (``0000-00-00``), which
the connector cannot represent, follow its documented rule (*Temporal types*):
null when the column is nullable, else the epoch (``0``, or
``1970-01-01T00:00:00Z`` for a TIMESTAMP).
Column names come from the binlog (FULL metadata), the schema file or the
schema history; without them the columns are ``@1``, ``@2``... as elsewhere.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .column import MYSQL_TYPE, Column
from .types.bit import bit_size
from .value_json import column_mappers, dumps, json_document, json_value, mapped_image

if TYPE_CHECKING:
    from .changes import RowChange

__all__ = ["OPS", "envelope", "envelope_json", "key_json", "value_encoder"]

T = MYSQL_TYPE
#: Debezium's op codes.
OPS = {"insert": "c", "update": "u", "delete": "d"}
_EPOCH_DATE = date(1970, 1, 1)
_EPOCH = datetime(1970, 1, 1)
_INTEGERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.YEAR))
_BINARY_CHARSET = 63


def _micros(delta: timedelta) -> int:
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _naive_utc(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo is not None else value


def _date(nullable: bool) -> Callable[[Any], Any]:
    zero = None if nullable else 0

    def encode(value: Any) -> Any:
        return (value - _EPOCH_DATE).days if type(value) is date else zero  # MySQLDate: a zero date
    return encode


def _datetime(fsp: int, nullable: bool) -> Callable[[Any], Any]:
    zero = None if nullable else 0

    def encode(value: Any) -> Any:
        if not isinstance(value, datetime):
            return zero  # a zero date
        micros = _micros(_naive_utc(value) - _EPOCH)
        return micros // 1000 if fsp <= 3 else micros
    return encode


def _timestamp(fsp: int, nullable: bool) -> Callable[[Any], Any]:
    def text(value: datetime) -> str:
        iso = _naive_utc(value).isoformat("T", "microseconds")
        return (iso[:19] if fsp <= 0 else iso[:20 + fsp]) + "Z"

    zero = None if nullable else text(_EPOCH)

    def encode(value: Any) -> Any:
        return text(value) if isinstance(value, datetime) else zero  # else: the zero TIMESTAMP
    return encode


def _bits(column: Column) -> Callable[[Any], Any]:
    bits = (column.meta >> 8) * 8 + (column.meta & 0xFF)
    if bits == 1:
        return bool
    size = bit_size(column.meta)
    return lambda v: base64.b64encode(int(v).to_bytes(size, "little")).decode("ascii")


def _bytes_or_text(column: Column) -> Callable[[Any], Any]:
    def encode(value: Any) -> Any:
        if isinstance(value, (bytes, bytearray, memoryview)):
            if column.charset not in (None, _BINARY_CHARSET):
                return json_value(column, bytes(value))  # text the decoder kept as bytes: its own rule
            return base64.b64encode(bytes(value)).decode("ascii")
        if isinstance(value, (dict, list)):  # MariaDB JSON (a LONGTEXT the caller decoded)
            return dumps(json_document(value))
        return value
    return encode


def value_encoder(column: Column) -> Callable[[Any], Any]:
    """The Debezium value of one column, from the row decoder's Python value (see the module docstring)."""
    t = column.real_type
    encode: Callable[[Any], Any]
    if t in _INTEGERS:
        if t == T.LONGLONG and column.unsigned:
            encode = lambda v: int(v) - (1 << 64) if int(v) >= 1 << 63 else int(v)  # noqa: E731
        else:
            encode = int
    elif t in (T.FLOAT, T.DOUBLE):
        encode = lambda v: json_value(column, v)  # noqa: E731 - the shortest round-trip text of the float
    elif t == T.NEWDECIMAL:
        encode = lambda v: format(v, "f") if isinstance(v, Decimal) else str(v)  # noqa: E731
    elif t in (T.DATE, T.NEWDATE):
        encode = _date(column.nullable)
    elif t in (T.TIME, T.TIME2):
        encode = lambda v: _micros(v) if isinstance(v, timedelta) else None  # noqa: E731
    elif t in (T.DATETIME, T.DATETIME2):
        encode = _datetime(column.fsp, column.nullable)
    elif t in (T.TIMESTAMP, T.TIMESTAMP2):
        encode = _timestamp(column.fsp, column.nullable)
    elif t == T.BIT:
        encode = _bits(column)
    elif t == T.ENUM:
        encode = lambda v: v if isinstance(v, str) else str(v)  # noqa: E731 - the index when labels are unknown
    elif t == T.SET:
        encode = lambda v: ",".join(v) if isinstance(v, (tuple, list)) else str(v)  # noqa: E731
    elif t == T.JSON:
        encode = lambda v: dumps(json_document(v))  # noqa: E731
    elif t == T.GEOMETRY:
        encode = lambda v: {"wkb": base64.b64encode(bytes(v)[4:]).decode("ascii"),  # noqa: E731
                            "srid": int.from_bytes(bytes(v)[:4], "little")}
    elif t == T.VECTOR:
        encode = lambda v: json_value(column, v)  # noqa: E731
    else:
        encode = _bytes_or_text(column)
    return lambda v: None if v is None else encode(v)


def _image(change: RowChange, which: str) -> dict[str, Any] | None:
    return mapped_image(change, which, value_encoder)


def _package_version() -> str:
    from binlog_ksy import __version__

    return str(__version__)


def envelope(change: RowChange, *, name: str = "binlog-ksy", ts_ms: int) -> dict[str, Any]:
    """The change event of one change (``name``: the connector's topic prefix; ``ts_ms``: now, in ms)."""
    event_ms = change.timestamp * 1000
    return {
        "before": _image(change, "before"),
        "after": _image(change, "after"),
        "source": {
            "version": _package_version(),
            "connector": "mysql",
            "name": name,
            "ts_ms": event_ms,
            "snapshot": "false",
            "db": change.schema,
            "sequence": None,
            "ts_us": event_ms * 1000,
            "ts_ns": event_ms * 1_000_000,
            "table": change.table,
            "server_id": change.server_id,
            "gtid": change.gtid,
            "file": os.path.basename(change.file.rstrip("/")),
            "pos": change.pos,
            "row": change.row_index,
            "thread": None,
            "query": None,
        },
        "transaction": None,
        "op": OPS[change.op],
        "ts_ms": ts_ms,
        "ts_us": ts_ms * 1000,
        "ts_ns": ts_ms * 1_000_000,
    }


def envelope_json(change: RowChange, *, name: str = "binlog-ksy", ts_ms: int) -> str:
    """:func:`envelope` as compact JSON text (one Kafka message value)."""
    return dumps(envelope(change, name=name, ts_ms=ts_ms))


def key_json(change: RowChange) -> str | None:
    """The message key: the primary-key columns of the row (after image, else before), None when unknown."""
    keys = change.primary_key
    image = change.after if change.after is not None else change.before
    if not keys or image is None or any(k not in image for k in keys):
        return None
    encoders = column_mappers(change.table_map, value_encoder)
    return dumps({k: encoders[k](image[k]) if k in encoders else image[k] for k in keys})
