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

``source`` is filled as the connector's binlog reader fills it (Debezium
``BinlogStreamingChangeEventSource``, ``MySqlStreamingChangeEventSource``,
``BinlogSourceInfoStructMaker``): ``file`` is the binlog's base name, ``pos``
the byte offset of the rows event holding the row (for an event inside a
MySQL TRANSACTION_PAYLOAD, the payload event's: the connector handles inner
events without moving its position) and ``row`` the row's index in it;
``thread`` is the thread id of the transaction's ``BEGIN`` query (null after
its commit and in MariaDB transactions, which start with a GTID event and no
``BEGIN``); ``query`` is null (``include.query`` is off by default).
``source.ts_*`` is the event's time: the binlog header's (whole seconds),
except in MySQL GTID mode, where the connector takes the GTID event's
``original_commit_timestamp`` (microseconds) for the whole transaction. The
top-level ``ts_*`` is when the envelope was made (a parameter, for
reproducible output). :func:`iter_messages` follows the events to know thread
and commit time; :func:`envelope` without a :class:`SourceContext` uses the
rows event's own time and a null thread.

An update that changes the primary key is, as in the connector ("Primary key
updates"), a delete event (the old row, under the old key) followed by a
create event (the new row, under the new key); the Kafka headers
``__debezium.newkey``/``__debezium.oldkey`` have no place in these outputs.
Tombstones (``tombstones.on.delete``) are not written: they are a Kafka log
compaction device, a null value under a delete's key.

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
BINARY, VARBINARY, BLOB           base64 of the bytes (``BINARY(n)`` right-padded with 0x00 to n
                                  bytes, which the binlog strips; Debezium DBZ-254)
BIT(1) / BIT(n > 1)               boolean / base64 of the bits, least significant byte first
JSON                              the document as JSON text (``io.debezium.data.Json``)
GEOMETRY                          ``{"wkb": base64, "srid": n}`` (``io.debezium.data.geometry``)
================================  ===============================================================

TIME outside ``00:00:00``-``23:59:59.999999`` (which the documentation says
the connector does not capture correctly) is its signed microseconds; YEAR is
the year as logged; TINYINT(1)/BOOLEAN is a number (the binlog does not tell
BOOLEAN apart, as the connector's snapshots do not).
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .. import constants as et
from ..bodies import GtidBody, GtidTaggedBody
from ..column import Column
from ..constants import MYSQL_TYPE
from ..event import Event
from ..event_fields import query_text
from ..transactions import StatementRole, statement_role
from ..types.bit import bit_size
from ..types.json_text import dumps, json_document
from .value_json import column_mappers, json_value

if TYPE_CHECKING:
    from ..changes import ChangeReader, RowChange

__all__ = ["OPS", "SourceContext", "SourceTracker", "envelope", "envelope_json", "iter_messages", "key_json",
           "messages", "primary_key_changed", "value_encoder"]

T = MYSQL_TYPE
#: Debezium's op codes.
OPS = {"insert": "c", "update": "u", "delete": "d"}
_EPOCH_DATE = date(1970, 1, 1)
_EPOCH = datetime(1970, 1, 1)
_INTEGERS = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.YEAR))
_BINARY_CHARSET = et.BINARY_COLLATION


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
    # BINARY(n): the binlog strips trailing 0x00 bytes, the connector pads them back (DBZ-254)
    width = column.max_length if column.real_type == T.STRING and column.charset == _BINARY_CHARSET else None

    def encode(value: Any) -> Any:
        if isinstance(value, (bytes, bytearray, memoryview)):
            if column.charset not in (None, _BINARY_CHARSET):
                return json_value(column, bytes(value))  # text the decoder kept as bytes: its own rule
            data = bytes(value)
            if width is not None and len(data) < width:
                data = data.ljust(width, b"\0")
            return base64.b64encode(data).decode("ascii")
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


def _image(image: dict[str, Any] | None, change: RowChange) -> dict[str, Any] | None:
    if image is None:
        return None
    encoders = column_mappers(change.table_map, value_encoder)
    return {k: encoders[k](v) if k in encoders else v for k, v in image.items()}


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("binlog-ksy")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"


@dataclass(frozen=True, slots=True)
class SourceContext:
    """What the connector carries from earlier events into a rows event's ``source`` block.

    ``thread``: the thread id of the transaction's ``BEGIN`` query (None: unknown, or MariaDB);
    ``ts_us``: the event time in microseconds (None: the rows event header's seconds).
    """

    thread: int | None = None
    ts_us: int | None = None


#: GTID events with a GTID (not ANONYMOUS_GTID): MySQL GTID mode.
_MYSQL_GTIDS = et.MYSQL_GTID_EVENTS - {et.EventType.anonymous_gtid_log_event.value}
_NO_GTID_MODE = et.GTID_EVENTS - _MYSQL_GTIDS
_XID = et.XID_EVENT


class SourceTracker:
    """Follow a file's events (in order) as the connector does for ``source.thread`` and ``source.ts_*``.

    ``BEGIN`` sets the thread (``handleTransactionBegin``), XID and ``COMMIT``
    clear it (``handleTransactionCompletion``). The event time is each
    top-level event's header time, except after a MySQL GTID event (GTID
    mode), whose ``original_commit_timestamp`` (or header time, before MySQL
    8.0.1) holds until the next GTID event (``MySqlStreamingChangeEventSource.
    setEventTimestamp``); events inside a TRANSACTION_PAYLOAD do not move it.
    MariaDB's GTID events start transactions without a thread (the MariaDB
    connector: header times).
    """

    def __init__(self) -> None:
        self.thread: int | None = None
        self.ts_us: int | None = None
        self._gtid_mode = False

    def follow(self, event: Event) -> None:
        """Take one event into account (every event of the file, in order)."""
        code = event.type_code
        top = event.in_payload is None
        try:
            if code in _MYSQL_GTIDS:
                self._gtid_mode = True
                gtid_body: GtidBody | GtidTaggedBody = event.body
                commit = gtid_body.original_commit_timestamp
                self.ts_us = int(commit) if commit else event.timestamp * 1_000_000
                return
            if code in _NO_GTID_MODE:
                self._gtid_mode = False
            if top and not self._gtid_mode:
                self.ts_us = event.timestamp * 1_000_000
            if code in et.QUERY_EVENTS:
                role = statement_role(query_text(event.body))
                if role is StatementRole.BEGIN:
                    self.thread = int(event.body.thread_id)
                elif role is StatementRole.END:
                    self.thread = None
            elif code == _XID:
                self.thread = None
        except Exception:  # noqa: BLE001 - an unreadable event: the change reader reports it
            return

    def context(self) -> SourceContext:
        """The context of the rows event just followed."""
        return SourceContext(self.thread, self.ts_us)


def primary_key_changed(change: RowChange) -> bool:
    """Whether an update changes its row's primary key (known and in both images)."""
    keys = change.primary_key
    before, after = change.before, change.after
    if change.op != "update" or not keys or before is None or after is None:
        return False
    if any(k not in before or k not in after for k in keys):
        return False
    return any(before[k] != after[k] for k in keys)


def _envelope(change: RowChange, op: str, before: dict[str, Any] | None, after: dict[str, Any] | None,
              name: str, ts_ms: int, context: SourceContext | None) -> dict[str, Any]:
    event_us = context.ts_us if context is not None and context.ts_us is not None else change.timestamp * 1_000_000
    return {
        "before": _image(before, change),
        "after": _image(after, change),
        "source": {
            "version": _package_version(),
            "connector": "mysql",
            "name": name,
            "ts_ms": event_us // 1000,
            "snapshot": "false",
            "db": change.schema,
            "sequence": None,
            "ts_us": event_us,
            "ts_ns": event_us * 1000,
            "table": change.table,
            "server_id": change.server_id,
            "gtid": change.gtid,
            "file": os.path.basename(change.file.rstrip("/")),
            "pos": change.pos,
            "row": change.row_index,
            "thread": context.thread if context is not None else None,
            "query": None,
        },
        "transaction": None,
        "op": op,
        "ts_ms": ts_ms,
        "ts_us": ts_ms * 1000,
        "ts_ns": ts_ms * 1_000_000,
    }


def envelope(change: RowChange, *, name: str = "binlog-ksy", ts_ms: int,
             context: SourceContext | None = None) -> dict[str, Any]:
    """The change event of one change as it is (``name``: the connector's topic prefix; ``ts_ms``: now, in ms).

    An update of the primary key is two events for the connector: see :func:`messages`.
    """
    return _envelope(change, OPS[change.op], change.before, change.after, name, ts_ms, context)


def envelope_json(change: RowChange, *, name: str = "binlog-ksy", ts_ms: int,
                  context: SourceContext | None = None) -> str:
    """:func:`envelope` as compact JSON text (one Kafka message value)."""
    return dumps(envelope(change, name=name, ts_ms=ts_ms, context=context))


def _key(change: RowChange, image: dict[str, Any] | None) -> str | None:
    keys = change.primary_key
    if not keys or image is None or any(k not in image for k in keys):
        return None
    encoders = column_mappers(change.table_map, value_encoder)
    return dumps({k: encoders[k](image[k]) if k in encoders else image[k] for k in keys})


def key_json(change: RowChange) -> str | None:
    """The message key: the primary-key columns of the row (after image, else before), None when unknown."""
    return _key(change, change.after if change.after is not None else change.before)


def messages(change: RowChange, *, name: str = "binlog-ksy", ts_ms: int,
             context: SourceContext | None = None) -> list[tuple[str, str | None, str]]:
    """The connector's messages for one change, as (op, key JSON or None, value JSON).

    One message; two for an update that changes the primary key: a delete of
    the old row under the old key, then a create of the new row under the new key.
    """
    if primary_key_changed(change):
        return [("d", _key(change, change.before),
                 dumps(_envelope(change, "d", change.before, None, name, ts_ms, context))),
                ("c", _key(change, change.after),
                 dumps(_envelope(change, "c", None, change.after, name, ts_ms, context)))]
    return [(OPS[change.op], key_json(change), envelope_json(change, name=name, ts_ms=ts_ms, context=context))]


def iter_messages(reader: ChangeReader, *, name: str = "binlog-ksy", ts_ms: int
                  ) -> Iterator[tuple[RowChange, str, str | None, str]]:
    """Every change of a :class:`~.changes.ChangeReader` as the connector's messages: (change, op, key, value).

    Reads the file through the change reader's event reader, following each
    event with a :class:`SourceTracker`; problems go to ``reader.errors`` as
    when iterating the reader itself.
    """
    tracker = SourceTracker()
    flt = reader.filters
    for event in reader.reader:
        if flt.past_stop(event.pos) and event.in_payload is None:
            return
        tracker.follow(event)
        rows_event = reader.accept(event)
        if rows_event is None:
            continue
        changes = reader.decode_or_report(rows_event)
        context = tracker.context()
        for change in changes:
            for op, key, value in messages(change, name=name, ts_ms=ts_ms, context=context):
                yield change, op, key, value
