"""Facts of the binlog format the runtime needs by name: event types, column types, flags, magic, collations.

Event type codes and names come from the ``event_type`` enum of ``ksy/binlog_event.ksy``
(libs/mysql/binlog/event/binlog_event.h ``Log_event_type``; MariaDB sql/log_event.h), so
the spec stays the one place they are written down. :class:`MYSQL_TYPE` is written out
(type checkers need the member names) and pinned to the spec's ``column_type`` enum
(ksy/event_table_map.ksy) by tests/test_format_facts.py; so are the flags and magic numbers.
"""

from __future__ import annotations

from enum import IntEnum

from ..generated.binlog_event import BinlogEvent

EventType = BinlogEvent.EventType

_NAMES: dict[int, str] = {member.value: member.name.upper() for member in EventType}

FORMAT_DESCRIPTION_EVENT = EventType.format_description_event.value
START_EVENT_V3 = EventType.start_event_v3.value
ROTATE_EVENT = EventType.rotate_event.value
TRANSACTION_PAYLOAD_EVENT = EventType.transaction_payload_event.value
START_ENCRYPTION_EVENT = EventType.start_encryption_event.value
TABLE_MAP_EVENT = EventType.table_map_event.value
#: QUERY and MariaDB's QUERY_COMPRESSED: the statements (DDL among them) of a binlog.
QUERY_EVENTS = frozenset((EventType.query_event.value, EventType.query_compressed_event.value))
STOP_EVENT = EventType.stop_event.value

#: Rows events of every generation: pre-GA (5.1.0-5.1.15), v1, v2, partial JSON, MariaDB compressed.
ROWS_EVENTS = frozenset(
    EventType[name].value
    for name in (
        "pre_ga_write_rows_event",
        "pre_ga_update_rows_event",
        "pre_ga_delete_rows_event",
        "write_rows_event_v1",
        "update_rows_event_v1",
        "delete_rows_event_v1",
        "write_rows_event",
        "update_rows_event",
        "delete_rows_event",
        "partial_update_rows_event",
        "write_rows_compressed_event_v1",
        "update_rows_compressed_event_v1",
        "delete_rows_compressed_event_v1",
        "write_rows_compressed_event",
        "update_rows_compressed_event",
        "delete_rows_compressed_event",
    )
)


def event_type_name(code: int) -> str:
    """MySQL's name for an event type code (``GTID_LOG_EVENT``); ``UNKNOWN_EVENT_<n>`` if unknown."""
    name = _NAMES.get(code)
    return name if name is not None else f"UNKNOWN_EVENT_{code}"


#: ``event_type_name`` of every type code byte, by code.
TYPE_NAMES: tuple[str, ...] = tuple(event_type_name(code) for code in range(256))


def is_known_event_type(code: int) -> bool:
    """True when the specs know the event type code."""
    return code in _NAMES


# -- events ----------------------------------------------------------------------------------

#: The four bytes every binlog file starts with (log_event.h ``BINLOG_MAGIC``), and MariaDB's
#: encrypted files' (sql/mf_iocache_encr.cc).
BINLOG_MAGIC = b"\xfebin"
ENCRYPTED_BINLOG_MAGIC = b"\xfdbin"
#: Common-header flags (binlog_event.h ``LOG_EVENT_BINLOG_IN_USE_F``: the file was not closed cleanly).
LOG_EVENT_BINLOG_IN_USE_F = 0x1
#: Rows-event flag (rows_event.h ``STMT_END_F``): the last rows event of its statement.
STMT_END_F = 0x1

XID_EVENT = EventType.xid_event.value
XA_PREPARE_EVENT = EventType.xa_prepare_log_event.value
#: MySQL's GTID events: numbered, anonymous (no GTID mode) and tagged (8.3+).
MYSQL_GTID_EVENTS = frozenset((
    EventType.gtid_log_event.value,
    EventType.anonymous_gtid_log_event.value,
    EventType.gtid_tagged_log_event.value,
))
MARIADB_GTID_EVENT = EventType.gtid_event.value
ANNOTATE_ROWS_EVENT = EventType.annotate_rows_event.value
#: The events that begin a transaction in files whose every transaction has one.
GTID_EVENTS = MYSQL_GTID_EVENTS | {MARIADB_GTID_EVENT}
#: The events that end a transaction (a COMMIT query ends one too).
TRANSACTION_END_EVENTS = frozenset((XID_EVENT, XA_PREPARE_EVENT))


# -- columns ---------------------------------------------------------------------------------

#: The ``binary`` collation (and charset) id: bytes, not text (include/m_ctype.h ``my_charset_bin``).
BINARY_COLLATION = 63


class MYSQL_TYPE(IntEnum):
    """Column type codes written in TABLE_MAP events.

    Names and codes of ``enum_field_types`` in include/field_types.h (MySQL
    9.x), plus MariaDB's two compressed-column codes (MariaDB
    include/mysql_com.h: "Compressed types are only used internally for RBR").
    """

    DECIMAL = 0
    TINY = 1
    SHORT = 2
    LONG = 3
    FLOAT = 4
    DOUBLE = 5
    NULL = 6
    TIMESTAMP = 7
    LONGLONG = 8
    INT24 = 9
    DATE = 10
    TIME = 11
    DATETIME = 12
    YEAR = 13
    NEWDATE = 14
    VARCHAR = 15
    BIT = 16
    TIMESTAMP2 = 17
    DATETIME2 = 18
    TIME2 = 19
    TYPED_ARRAY = 20
    #: MariaDB only (sql/field_comp.cc compression of BLOB/TEXT columns).
    BLOB_COMPRESSED = 140
    #: MariaDB only (sql/field_comp.cc compression of VARCHAR columns).
    VARCHAR_COMPRESSED = 141
    VECTOR = 242
    INVALID = 243
    BOOL = 244
    JSON = 245
    NEWDECIMAL = 246
    ENUM = 247
    SET = 248
    TINY_BLOB = 249
    MEDIUM_BLOB = 250
    LONG_BLOB = 251
    BLOB = 252
    VAR_STRING = 253
    STRING = 254
    GEOMETRY = 255
