"""Values of control events as plain Python: statement text, GTIDs, server UUIDs.

Used by the data path (transaction tracking, event selection) and by the
presentation of events (:mod:`.present.describe`) alike. Layouts: the GTID events of
libs/mysql/binlog/event/control_events.h (``Gtid_event``, tagged GTIDs in
mysql::serialization), MariaDB sql/log_event.h (``Gtid_log_event``: the GTID is
``domain-server-seq``, the server id from the common header).
"""

from __future__ import annotations

from typing import Any

from . import constants as et
from .bodies import GtidBody, GtidTaggedBody, MariadbGtidBody
from .errors import MalformedEventError
from .event import Event
from .event_body import known_gtid_tail
from .mariadb_compression import inflate

__all__ = ["format_uuid", "gtid_fields", "gtid_tagged_fields", "gtid_text", "known_mariadb_gtid", "mariadb_gtid_fields",
           "query_text", "text_of"]


def text_of(data: bytes | bytearray | str | None) -> str | None:
    """Statement text as a str: UTF-8, with undecodable bytes shown as ``\\xNN``."""
    if data is None or isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-8", "backslashreplace")


def format_uuid(raw: bytes) -> str:
    """A 16-byte server UUID as MySQL prints it (lower-case, dashed)."""
    if len(raw) != 16:
        raise ValueError(f"a server UUID has 16 bytes, not {len(raw)}")
    h = bytes(raw).hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def query_text(b: Any) -> str | None:
    """The statement of a QUERY, QUERY_COMPRESSED or EXECUTE_LOAD_QUERY body, as text."""
    query = getattr(b, "query", None)
    if query is not None and not isinstance(query, (bytes, bytearray, str)):  # QUERY_COMPRESSED_EVENT
        query = inflate(query)
    return text_of(query)


def gtid_fields(b: GtidBody) -> dict[str, Any]:
    """GTID_LOG_EVENT / ANONYMOUS_GTID_LOG_EVENT: ``gtid`` (``uuid:gno`` or ``ANONYMOUS``) and commit order."""
    logical = b.has_logical_timestamps  # before MySQL 5.7: no commit order
    out: dict[str, Any] = {"last_committed": b.last_committed if logical else None,
                           "sequence_number": b.sequence_number if logical else None}
    sid = b.sid
    gno = b.gno
    if bytes(sid) == bytes(16) and gno == 0:
        out["gtid"] = "ANONYMOUS"
    else:
        out["gtid"] = f"{format_uuid(sid)}:{gno}"
    return out


def gtid_tagged_fields(b: GtidTaggedBody) -> dict[str, Any]:
    """GTID_TAGGED_LOG_EVENT: ``gtid`` (``uuid:tag:gno``) and commit order."""
    out: dict[str, Any] = {}
    for name, value in (("last_committed", b.last_committed), ("sequence_number", b.sequence_number)):
        out[name] = getattr(value, "value", value)  # a varlen integer's value
    sid: Any = b.sid
    if isinstance(sid, list):  # each UUID byte is its own varlen integer in mysql::serialization
        sid = bytes(int(getattr(x, "value", x) or 0) for x in sid)
    gno = getattr(b.gno, "value", b.gno)
    tag = getattr(b.tag, "value", b.tag)
    if isinstance(tag, (bytes, bytearray)):
        tag = tag.decode("ascii", "backslashreplace")
    if sid is not None and gno is not None:
        out["gtid"] = f"{format_uuid(sid)}:{tag}:{gno}" if tag else f"{format_uuid(sid)}:{gno}"
    return out


def mariadb_gtid_fields(b: MariadbGtidBody, event: Event) -> dict[str, Any]:
    """MariaDB GTID_EVENT: ``gtid`` as ``domain-server-seq``."""
    return {"gtid": f"{b.domain_id}-{event.server_id}-{b.seq_no}"}


def known_mariadb_gtid(event: Event) -> str | None:
    """A MariaDB GTID_EVENT's ``domain-server-seq`` without parsing its body, when a body with the same bytes after
    ``seq_no`` was parsed before (:func:`.event_body.known_gtid_tail`); None otherwise."""
    known = known_gtid_tail(event.post_header_len, event.body_bytes)
    return None if known is None else f"{known[0].domain_id}-{event.server_id}-{known[1]}"


def gtid_text(event: Event) -> str | None:
    """The GTID a GTID event (MySQL, tagged or MariaDB) starts, as the server prints it."""
    code = event.type_code
    if code == et.MARIADB_GTID_EVENT:  # a body whose bytes after seq_no were seen before: no parse
        text = known_mariadb_gtid(event)
        if text is not None:
            return text
    body = event.body
    try:
        if code == et.MARIADB_GTID_EVENT:
            return mariadb_gtid_fields(body, event)["gtid"]
        if code == et.EventType.gtid_tagged_log_event.value:
            return gtid_tagged_fields(body).get("gtid")
        if code in et.MYSQL_GTID_EVENTS:  # the tagged one is handled above
            return gtid_fields(body).get("gtid")
    except Exception as exc:  # noqa: BLE001 - the generated GTID bodies raise EOF, validation, Unicode... errors: any is an unreadable GTID
        raise MalformedEventError(f"unreadable GTID: {type(exc).__name__}: {exc}", file=event.file,
                                  offset=event.pos, event_type=event.type_name, length=event.length) from None
    return None
