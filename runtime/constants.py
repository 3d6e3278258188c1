"""Event type codes and MySQL's names for them.

The codes and names come from the ``event_type`` enum of ``ksy/binlog_event.ksy``
(libs/mysql/binlog/event/binlog_event.h ``Log_event_type``; MariaDB
sql/log_event.h), so the spec stays the one place they are written down.
"""

from __future__ import annotations

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


def is_known_event_type(code: int) -> bool:
    """True when the specs know the event type code."""
    return code in _NAMES
