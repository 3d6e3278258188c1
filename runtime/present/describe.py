"""Events as plain data: the JSON shape of ``binlog-ksy events`` and the Info column.

``event_to_dict`` gives every event the same top-level keys (file, pos, end_pos,
type, type_code, timestamp, server_id, length, flags, body) and a body with the
generated parser's fields under their spec names, plus the plain names users
look for (``gtid``, ``gtid_set``, ``query``, ``schema``, ``next_file``...).
``event_info`` renders the Info column of ``SHOW BINLOG EVENTS``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from typing import Any

from kaitaistruct import KaitaiStruct

from .. import constants as et
from ..bodies import FormatDescriptionBody, RowsBody, TableMapBody
from ..bounded_cache import BoundedCache
from ..errors import BinlogError, MalformedEventError
from ..event import Event
from ..event_body import (
    known_gtid_tail,
    known_rows_head,
    one_field_value,
    shared_head,
    shared_tail,
)
from ..event_fields import (
    format_uuid,
    gtid_fields,
    gtid_tagged_fields,
    known_mariadb_gtid,
    mariadb_gtid_fields,
    query_text,
    text_of,
)

_MAX_DEPTH = 8

#: ``json.dumps(obj, ensure_ascii=False, default=str)``, with one encoder made once (``json.dumps`` makes one
#: per call when given options).
_dumps = json.JSONEncoder(ensure_ascii=False, default=str).encode


_PROPERTIES: dict[type, tuple[str, ...]] = {}


def _instance_names(cls: type) -> tuple[str, ...]:
    """The public lazy instances (properties) of a generated class, cached per class."""
    names = _PROPERTIES.get(cls)
    if names is None:
        names = tuple(k for k, v in vars(cls).items() if isinstance(v, property) and not k.startswith("_"))
        _PROPERTIES[cls] = names
    return names


#: Types that are their own plain data (the common fields; subclasses such as enums go the long way).
_AS_IS = frozenset((int, str, float, bool, type(None)))


def kaitai_to_plain(obj: Any, depth: int = 0) -> Any:
    """A generated Kaitai object as JSON-ready data (dicts, lists, numbers, str; bytes as hex)."""
    if type(obj) in _AS_IS or isinstance(obj, (int, str, float)) and not isinstance(obj, enum.Enum):
        return obj
    if isinstance(obj, KaitaiStruct):
        if depth > _MAX_DEPTH:
            return "..."
        out: dict[str, Any] = {}
        for key, value in vars(obj).items():
            if key[0] != "_":
                out[key] = value if type(value) in _AS_IS else kaitai_to_plain(value, depth + 1)
        for key in _instance_names(type(obj)):
            if key in out:
                continue
            try:
                value = getattr(obj, key)
            except Exception:  # noqa: BLE001 - an instance that does not apply to this body raises whatever its expression does
                continue
            if value is not None:
                out[key] = kaitai_to_plain(value, depth + 1)
        return out
    if isinstance(obj, enum.Enum):
        return obj.name
    if isinstance(obj, (bytes, bytearray)):
        return bytes(obj).hex()
    if isinstance(obj, list):
        return [kaitai_to_plain(v, depth + 1) for v in obj]
    return obj


def _intervals_text(intervals: list[tuple[int, int]]) -> str:
    parts = []
    for start, end in intervals:  # end is exclusive in the binlog
        parts.append(str(start) if end - start == 1 else f"{start}-{end - 1}")
    return ":".join(parts)


# -- per-type plain fields -------------------------------------------------------


def _fde(b: FormatDescriptionBody) -> dict[str, Any]:
    alg = getattr(b, "checksum_alg", None)  # only in checksum-aware servers' format descriptions
    return {
        "binlog_version": b.binlog_version,
        "server_version": b.server_version,
        "create_timestamp": b.create_timestamp,
        "header_len": b.len_header,
        "checksum_alg": alg.name if isinstance(alg, enum.Enum) else alg,
        "post_header_lengths": list(b.post_header_lengths),
    }


def _start_v3(b: Any) -> dict[str, Any]:
    return {"binlog_version": b.binlog_version, "server_version": b.server_version,
            "create_timestamp": b.create_timestamp}


def _query(b: Any) -> dict[str, Any]:
    if getattr(b, "is_malformed", False):
        # MySQL rejects such an event (Query_log_event ctor: "lengths beyond the end of the event").
        raise ValueError("its status-variable and schema lengths point past the end of the event")
    return {"schema": text_of(getattr(b, "schema", None)), "query": query_text(b)}


def _previous_gtids(b: Any) -> dict[str, Any]:
    """The GTID set as MySQL prints it: ``uuid:1-5:7,uuid2:1-3:tag:1-2`` (tags after the untagged intervals)."""
    by_uuid: dict[str, list[str]] = {}
    for sid in getattr(b, "sids", None) or []:
        uuid_text = format_uuid(sid.uuid)
        tag = getattr(sid, "tag", None)
        tag = getattr(tag, "value", tag)
        if isinstance(tag, (bytes, bytearray)):
            tag = tag.decode("ascii", "backslashreplace")
        intervals = _intervals_text([(i.start, i.end) for i in sid.intervals])
        parts = by_uuid.setdefault(uuid_text, [])
        if tag:
            parts.append(f"{tag}:{intervals}" if intervals else tag)
        elif intervals:
            parts.insert(0, intervals)
    return {"gtid_set": ",".join(":".join([u, *p]) for u, p in by_uuid.items())}


def _gtid_list(b: Any) -> dict[str, Any]:
    gtids = getattr(b, "gtids", None) or getattr(b, "entries", None) or []
    return {"gtid_set": ",".join(f"{g.domain_id}-{g.server_id}-{g.seq_no}" for g in gtids)}


def _table_map(b: TableMapBody) -> dict[str, Any]:
    return {"table_id": b.table_id, "schema": text_of(b.schema), "table": text_of(b.table)}


def _rotate(b: Any) -> dict[str, Any]:
    return {"next_file": text_of(b.next_file), "position": getattr(b, "position", None)}


def _xid(b: Any) -> dict[str, Any]:
    return {"xid": b.xid}


def _rows(b: RowsBody) -> dict[str, Any]:
    return {"table_id": b.table_id}


_PLAIN: dict[int, Callable[..., dict[str, Any]]] = {
    et.FORMAT_DESCRIPTION_EVENT: _fde,
    et.START_EVENT_V3: _start_v3,
    et.EventType.query_event.value: _query,
    et.EventType.query_compressed_event.value: _query,
    et.EventType.execute_load_query_event.value: _query,
    et.EventType.gtid_log_event.value: gtid_fields,
    et.EventType.anonymous_gtid_log_event.value: gtid_fields,
    et.EventType.gtid_tagged_log_event.value: gtid_tagged_fields,
    et.EventType.previous_gtids_log_event.value: _previous_gtids,
    et.EventType.gtid_list_event.value: _gtid_list,
    et.TABLE_MAP_EVENT: _table_map,
    et.ROTATE_EVENT: _rotate,
    et.EventType.xid_event.value: _xid,
    et.EventType.rows_query_log_event.value: lambda b: {"query": text_of(b.query)},
    et.EventType.annotate_rows_event.value: lambda b: {"query": text_of(b.query)},
}


def body_to_dict(event: Event) -> dict[str, Any]:
    """The event body as plain data (generated fields plus the plain names).

    Raises
    ------
    MalformedEventError
        When the body does not parse.
    """
    body = event.body
    if not isinstance(body, KaitaiStruct):
        return {"raw": bytes(body).hex()} if body else {}
    code = event.type_code
    owner = shared_head(code, body)
    if owner is not None:  # a body that shares its parsed head (event_body): it shares that head's plain data
        known = _SHARED_PLAIN.get(id(owner))
        if known is not None and known[0] is owner:
            out = dict(known[1])
            if code != et.TABLE_MAP_EVENT:
                out["rows"] = bytes(body.rows).hex()
            return out
    try:
        out = kaitai_to_plain(body)
        if code == et.EventType.gtid_event.value:
            out.update(mariadb_gtid_fields(body, event))
        elif code in et.ROWS_EVENTS:
            out.update(_rows(body))
        elif code in _PLAIN:
            out.update(_PLAIN[code](body))
    except BinlogError:
        raise
    except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors: any is a malformed body
        raise MalformedEventError(f"body does not parse: {type(exc).__name__}: {exc}", file=event.file,
                                  offset=event.pos, event_type=event.type_name, length=event.length) from None
    if owner is not None:
        _SHARED_PLAIN.put(id(owner), (owner, dict(out)))
    return out


#: What each cache of this module may hold, in estimated bytes: the tables of a binlog of thousands of them.
CACHE_BUDGET = 32 << 20


def _plain_cost(key: object, value: tuple[Any, dict[str, Any]]) -> int:
    return 1024 + 256 * len(value[1])


def _text_cost(key: object, value: tuple[Any, ...]) -> int:
    return 256 + sum(len(part) for part in value[1:])


#: The plain data of shared TABLE_MAP bodies and rows-event heads (``event_body.shared_head``), by the id of
#: the parsed body they come from; that body is kept with it.
_SHARED_PLAIN: BoundedCache[tuple[Any, dict[str, Any]]] = BoundedCache(CACHE_BUDGET, _plain_cost)


def event_to_dict(event: Event, *, with_body: bool = True) -> dict[str, Any]:
    """The JSON object of ``binlog-ksy events --format jsonl`` for one event."""
    out: dict[str, Any] = {
        "file": event.file,
        "pos": event.pos,
        "end_pos": event.end_pos,
        "type": event.type_name,
        "type_code": event.type_code,
        "timestamp": event.timestamp,
        "server_id": event.server_id,
        "length": event.length,
        "flags": event.flags,
    }
    if event.in_payload is not None:
        out["in_payload"] = event.in_payload
    if with_body:
        out["body"] = body_to_dict(event)
    return out


def event_json(event: Event) -> str:
    """The line of ``binlog-ksy events --format jsonl`` for one event (no newline).

    ``json.dumps(event_to_dict(event), ensure_ascii=False, default=str)``, byte for byte: the header fields
    formatted in place (the file name's JSON made once), the body's text made once per shared head
    (:func:`.event_body.shared_head`: a TABLE_MAP's whole, a rows body's around its images' hex) and per
    shared MariaDB GTID tail (around ``seq_no`` and ``gtid``).
    """
    file_json = _FILE_JSON.get(event.file)
    if file_json is None:
        file_json = _FILE_JSON.put(event.file, json.dumps(event.file, ensure_ascii=False))
    inner = "" if event.in_payload is None else f", \"in_payload\": {event.in_payload}"
    return (f"{{\"file\": {file_json}, \"pos\": {event.pos}, \"end_pos\": {event.end_pos}, "
            f"\"type\": \"{et.TYPE_NAMES[event.type_code]}\", \"type_code\": {event.type_code}, "
            f"\"timestamp\": {event.timestamp}, \"server_id\": {event.server_id}, \"length\": {event.length}, "
            f"\"flags\": {event.flags}{inner}, \"body\": {_body_json(event)}}}")


#: ``json.dumps`` of file names.
_FILE_JSON: BoundedCache[str] = BoundedCache(CACHE_BUDGET, lambda key, text: 256 + len(text))


#: The JSON text of a shared head's body, by the id of the parsed body it comes from (kept with it): the text
#: before the images' hex and after it (a TABLE_MAP's is all before).
_SHARED_JSON: BoundedCache[tuple[Any, str, str]] = BoundedCache(CACHE_BUDGET, _text_cost)
#: What stands for a rows body's images while its text is cut in two.
_IMAGES = "\x01"
_IMAGES_JSON = '"rows": "\\u0001"'


#: The JSON text (``events --format jsonl``) and the Info text (``events``) of TABLE_MAP bodies by (post-header
#: length, bytes): every statement logs its table's map again, and a binlog of thousands of tables outgrows the
#: cache of parsed bodies (``event_body``: some 90 bytes of objects per byte of a map with FULL metadata), so
#: the texts, a few hundred bytes each, are kept by the bytes they are made of, and a map met again is not parsed.
def _text_size(key: tuple[int, bytes], text: str) -> int:
    """About the memory of a text kept by the bytes it is made of."""
    return 256 + len(key[1]) + len(text)


_TABLE_MAP_JSON: BoundedCache[str] = BoundedCache(CACHE_BUDGET, _text_size)
_TABLE_MAP_INFO: BoundedCache[str] = BoundedCache(CACHE_BUDGET, _text_size)


def _body_json(event: Event) -> str:
    code = event.type_code
    if code == et.TABLE_MAP_EVENT:
        key = (event.post_header_len, event.body_bytes)
        text = _TABLE_MAP_JSON.get(key)
        return text if text is not None else _TABLE_MAP_JSON.put(key, _parsed_body_json(event))
    if code in et.ROWS_EVENTS:  # a head seen before: its text around these images, with no body parsed
        raw = event.body_bytes
        head = known_rows_head(code, event.post_header_len, raw)
        if head is not None:
            known = _SHARED_JSON.get(id(head[0]))
            if known is not None and known[0] is head[0]:
                return f'{known[1]}"rows": "{raw[head[1]:].hex()}"{known[2]}'
    elif code == et.MARIADB_GTID_EVENT:
        tail = known_gtid_tail(event.post_header_len, event.body_bytes)
        if tail is not None:
            text = _known_gtid_json(event, tail[0], tail[1])
            if text is not None:
                return text
    return _parsed_body_json(event)


def _parsed_body_json(event: Event) -> str:
    """:func:`_body_json` of a body parsed (or met parsed): its text made once per shared head."""
    code = event.type_code
    body = event.body
    if code == et.MARIADB_GTID_EVENT:
        return _gtid_body_json(event, body)
    owner = shared_head(code, body) if isinstance(body, KaitaiStruct) else None
    if owner is None:
        return _dumps(body_to_dict(event))
    known = _SHARED_JSON.get(id(owner))
    if known is None or known[0] is not owner:
        plain = body_to_dict(event)
        if code == et.TABLE_MAP_EVENT:
            before, after = _dumps(plain), ""
        else:
            plain["rows"] = _IMAGES
            before, found, after = _dumps(plain).partition(_IMAGES_JSON)
            if not found:  # no images field where the spec puts one: nothing to share
                return _dumps(body_to_dict(event))
        known = _SHARED_JSON.put(id(owner), (owner, before, after))
    if code == et.TABLE_MAP_EVENT:
        return known[1]
    return f'{known[1]}"rows": "{bytes(body.rows).hex()}"{known[2]}'


#: The JSON text of MariaDB GTID bodies between ``seq_no`` and ``gtid``, by the id of the parsed body whose tail
#: they share (``event_body.shared_tail``) and the event's server id: (that body, the text).
_GTID_JSON: BoundedCache[tuple[Any, str]] = BoundedCache(CACHE_BUDGET, _text_cost)


def _gtid_body_json(event: Event, body: Any) -> str:
    """A MariaDB GTID body's text: ``seq_no`` first, ``gtid`` last (``domain-server-seq``), the fields between
    them made once per shared tail and server id."""
    owner = shared_tail(event.type_code, body)
    if owner is None:
        return _dumps(body_to_dict(event))
    key = (id(owner), event.server_id)
    known = _GTID_JSON.get(key)
    if known is None or known[0] is not owner:
        text = _dumps(body_to_dict(event))
        seq_no = body.seq_no
        head, tail = f'{{"seq_no": {seq_no}, ', f', "gtid": "{body.domain_id}-{event.server_id}-{seq_no}"}}'
        if not (text.startswith(head) and text.endswith(tail) and len(text) > len(head) + len(tail)):
            return text  # not the shape the text is cut by: made whole
        known = _GTID_JSON.put(key, (owner, text[len(head):-len(tail)]))
    seq_no = body.seq_no
    return f'{{"seq_no": {seq_no}, {known[1]}, "gtid": "{body.domain_id}-{event.server_id}-{seq_no}"}}'


def _known_gtid_json(event: Event, owner: Any, seq_no: int) -> str | None:
    """A MariaDB GTID body's text from the text kept for the tail it shares with ``owner`` (None: none kept)."""
    known = _GTID_JSON.get((id(owner), event.server_id))
    if known is None or known[0] is not owner:
        return None
    return f'{{"seq_no": {seq_no}, {known[1]}, "gtid": "{owner.domain_id}-{event.server_id}-{seq_no}"}}'


def info_of(event: Event) -> str:
    """The Info column of one event, from the few body fields it shows (``events`` in text).

    The same text as :func:`event_info` of :func:`body_to_dict`, without turning the whole body into
    plain data. The body is parsed unless its bytes alone give the text (``_QUICK_INFO``: bytes known
    to parse, as one parsed before says), so a body that does not parse is reported (a
    :class:`MalformedEventError`) whatever its type.
    """
    code = event.type_code
    quick = _QUICK_INFO.get(code)
    if quick is not None:
        text = quick(event)
        if text is not None:
            return text
    body = event.body
    render = _INFO.get(code)
    if render is None or not isinstance(body, KaitaiStruct):
        return ""
    direct = _DIRECT_INFO.get(code)
    if direct is not None:
        try:
            return direct(body, event)
        except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors: any is a malformed body
            raise MalformedEventError(f"body does not parse: {type(exc).__name__}: {exc}", file=event.file,
                                      offset=event.pos, event_type=event.type_name, length=event.length) from None
    owner = shared_head(code, body)  # a TABLE_MAP's or rows head's text is made once (the fields are the head's)
    if owner is not None:
        known = _SHARED_INFO.get(id(owner))
        if known is not None and known[0] is owner:
            return known[1]
    try:
        if code in et.ROWS_EVENTS:
            fields: dict[str, Any] = {"table_id": body.table_id, "flags": body.flags}
        elif code == et.MARIADB_GTID_EVENT:
            fields = mariadb_gtid_fields(body, event)
        elif code in _PLAIN:
            fields = _PLAIN[code](body)
        else:
            fields = kaitai_to_plain(body)
    except BinlogError:
        raise
    except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors: any is a malformed body
        raise MalformedEventError(f"body does not parse: {type(exc).__name__}: {exc}", file=event.file,
                                  offset=event.pos, event_type=event.type_name, length=event.length) from None
    text = render(fields)
    if owner is not None:
        _SHARED_INFO.put(id(owner), (owner, text))
    if code == et.TABLE_MAP_EVENT:
        _TABLE_MAP_INFO.put((event.post_header_len, event.body_bytes), text)
    return text


#: The Info text of shared TABLE_MAP bodies and rows-event heads, by the id of the parsed body they come from
#: (kept with it).
_SHARED_INFO: BoundedCache[tuple[Any, str]] = BoundedCache(CACHE_BUDGET, _text_cost)


def _annotation_text(body: Any, event: Event) -> str:
    text = text_of(body.query)
    return f"# {text}" if text else ""


#: The Info text of the commonest small events straight from their bodies: what ``_INFO``'s renderer makes of
#: their plain fields (``_xid``, ``mariadb_gtid_fields``, ``_annotation_info``), without the dict between.
_DIRECT_INFO: dict[int, Callable[[Any, Event], str]] = {
    et.XID_EVENT: lambda b, e: f"COMMIT /* xid={b.xid} */",
    et.MARIADB_GTID_EVENT: lambda b, e: f"GTID {b.domain_id}-{e.server_id}-{b.seq_no}",
    et.EventType.annotate_rows_event.value: _annotation_text,
}


def _quick_xid(event: Event) -> str | None:
    xid = one_field_value(event.type_code, event.post_header_len, event.body_bytes)
    return None if xid is None else f"COMMIT /* xid={xid} */"


def _quick_annotation(event: Event) -> str | None:
    query = one_field_value(event.type_code, event.post_header_len, event.body_bytes)
    if query is None:
        return None
    text = text_of(query)
    return f"# {text}" if text else ""


def _quick_gtid(event: Event) -> str | None:
    text = known_mariadb_gtid(event)
    return None if text is None else f"GTID {text}"


def _quick_table_map(event: Event) -> str | None:
    return _TABLE_MAP_INFO.get((event.post_header_len, event.body_bytes))


def _quick_rows(event: Event) -> str | None:
    known = known_rows_head(event.type_code, event.post_header_len, event.body_bytes)
    if known is None:
        return None
    shared = _SHARED_INFO.get(id(known[0]))
    return shared[1] if shared is not None and shared[0] is known[0] else None


#: The Info text of the commonest small events from their bytes and what was parsed before (the
#: ``event_body`` shortcuts), with no body parsed; None: not known that way, the body is parsed.
_QUICK_INFO: dict[int, Callable[[Event], str | None]] = {
    et.XID_EVENT: _quick_xid,
    et.EventType.annotate_rows_event.value: _quick_annotation,
    et.MARIADB_GTID_EVENT: _quick_gtid,
    et.TABLE_MAP_EVENT: _quick_table_map,
    **dict.fromkeys(et.ROWS_EVENTS, _quick_rows),
}


def _query_info(body: dict[str, Any]) -> str:
    schema = body.get("schema")
    query = body.get("query") or ""
    return f"use `{schema}`; {query}" if schema else query


def _rows_info(body: dict[str, Any]) -> str:
    flags = body.get("flags")
    stmt_end = " flags: STMT_END_F" if isinstance(flags, int) and flags & 1 else ""
    return f"table_id: {body.get('table_id')}{stmt_end}"


def _annotation_info(body: dict[str, Any]) -> str:
    text = body.get("query")
    return f"# {text}" if text else ""


def _info_renderers() -> dict[int, Callable[[dict[str, Any]], str]]:
    """The Info column of ``SHOW BINLOG EVENTS`` per event type, from the plain body (sql/log_event*.cc pack_info)."""
    start = lambda b: f"Server ver: {b.get('server_version')}, Binlog ver: {b.get('binlog_version')}"  # noqa: E731
    gtid_set = lambda b: b.get("gtid_set") or ""  # noqa: E731
    mysql_gtid = lambda b: f"SET @@SESSION.GTID_NEXT= '{b.get('gtid')}'"  # noqa: E731
    out: dict[int, Callable[[dict[str, Any]], str]] = {
        et.FORMAT_DESCRIPTION_EVENT: start,
        et.START_EVENT_V3: start,
        et.EventType.execute_load_query_event.value: _query_info,
        et.XID_EVENT: lambda b: f"COMMIT /* xid={b.get('xid')} */",
        et.MARIADB_GTID_EVENT: lambda b: f"GTID {b.get('gtid')}",
        et.EventType.previous_gtids_log_event.value: gtid_set,
        et.EventType.gtid_list_event.value: gtid_set,
        et.TABLE_MAP_EVENT: lambda b: f"table_id: {b.get('table_id')} ({b.get('schema')}.{b.get('table')})",
        et.ROTATE_EVENT: lambda b: f"{b.get('next_file')};pos={b.get('position')}",
        et.EventType.rows_query_log_event.value: _annotation_info,
        et.EventType.annotate_rows_event.value: _annotation_info,
        et.EventType.binlog_checkpoint_event.value: lambda b: str(b.get("binlog_file") or ""),
        et.EventType.intvar_event.value: lambda b: f"{b.get('var_type')}={b.get('value')}",
    }
    out.update(dict.fromkeys(et.QUERY_EVENTS, _query_info))
    out.update(dict.fromkeys(et.MYSQL_GTID_EVENTS, mysql_gtid))
    out.update(dict.fromkeys(et.ROWS_EVENTS, _rows_info))
    return out


_INFO = _info_renderers()


def event_info(event: Event, body: dict[str, Any]) -> str:
    """The Info column of ``SHOW BINLOG EVENTS`` for an event whose body is already plain."""
    render = _INFO.get(event.type_code)
    return render(body) if render is not None else ""
