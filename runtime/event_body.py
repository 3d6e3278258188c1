"""Parse an event body with its generated class, without paying twice for what the file repeats.

The spec routes a body to its type by the event's type code (``event_body`` in
ksy/binlog_event.ksy, compiled to ``BinlogEvent.EventBody``). That router is
the source of truth, but going through it costs more than many bodies do: it
compares the type code with each case in turn (an enum attribute read each)
and copies the body into a second stream. So :func:`parse_body` asks the
router once per type code which class it builds, learns which of the
router's parameters that class takes (by their spec names, ``type_code`` and
``post_header_len``), and from then on builds that class directly on the
body bytes: the same class, the same parameters, the same bytes.

Two kinds of body repeat their bytes, and are parsed once per distinct bytes:

- a TABLE_MAP is logged again before every statement on its table, byte for
  byte the same (its optional metadata is the costly part);
- a rows event's *head* -- table id, flags, the v2 extra data, the column
  count and bitmaps (libs/mysql/binlog/event/rows_event.h, Rows_event) -- is
  the same in every event of a statement, and of every statement with the
  same table, columns and flags; only the row images after it differ. Every
  field and instance of the rows body is read from the head or the event's
  type (ksy/event_rows.ksy: ``rows`` is the rest of the body, and no instance
  reads it), so a body whose head bytes equal a parsed one's is that body
  with other images. MariaDB's compressed rows events parse their images
  (``compressed_rows``) and are always parsed whole;
- an XID_EVENT (ksy/event_control.ksy ``xid_event``: one ``u8``) and an
  ANNOTATE_ROWS_EVENT (ksy/event_mariadb.ksy ``annotate_rows_event``: one
  ``size-eos`` field) are each one field over the whole body, so a body of
  the same type is the first one parsed with that field read from its bytes
  (an XID body only when it has the 8 bytes the ``u8`` reads);
- a MariaDB GTID_EVENT differs from the transaction before's in its first
  field only, ``seq_no`` (ksy/event_mariadb.ksy ``mariadb_gtid_event``: a
  ``u8`` first; the fields after it, the flags and their instances, are
  read from the bytes after it and never from it), so a body whose bytes
  after ``seq_no`` equal a parsed one's is that body with another
  ``seq_no``.

Bodies are read, never changed, by every caller: a shared TABLE_MAP body and
the head fields copied from a parsed rows body are safe to share.
tests/test_event_body.py holds this module equal to the router on every
event of every fixture.
"""

from __future__ import annotations

import inspect
import io
import struct
from typing import Any

from kaitaistruct import KaitaiStream, KaitaiStruct

from ..generated.binlog_event import BinlogEvent
from ..generated.event_rows import EventRows
from .bounded_cache import BoundedCache
from .constants import ANNOTATE_ROWS_EVENT, MARIADB_GTID_EVENT, ROWS_EVENTS, TABLE_MAP_EVENT, XID_EVENT

__all__ = ["known_gtid_tail", "known_rows_head", "one_field_value", "parse_body", "shared_head", "shared_tail"]

#: The router's parameters a body class may take, by their names in the spec.
_ROUTER_PARAMS = ("type_code", "post_header_len")

#: type code -> (class the router builds, which router parameters it takes), or None: kept as raw bytes.
_CLASSES: dict[int, tuple[type, tuple[bool, bool]] | None] = {}

#: What each cache below may hold, in estimated bytes of parsed bodies: every table of a binlog of thousands
#: (a parsed TABLE_MAP of ten columns with FULL metadata is about 8.5 KB; of 300 columns, about 200 KB).
CACHE_BUDGET = 48 << 20


def _parsed_size(key: tuple[Any, ...], value: Any) -> int:
    """About the memory of a body parsed from ``key``'s bytes: ~120 bytes of objects per byte parsed."""
    return 1024 + 120 * len(key[-1])


#: Parsed TABLE_MAP bodies by (post-header length, bytes).
_TABLE_MAPS: BoundedCache[Any] = BoundedCache(CACHE_BUDGET, _parsed_size)
#: Parsed rows bodies by (type code, post-header length, first post-header bytes): (head length, head, body).
_ROWS_HEADS: BoundedCache[tuple[int, bytes, Any]] = BoundedCache(CACHE_BUDGET, _parsed_size)
#: Parsed MariaDB GTID bodies by (post-header length, the bytes after seq_no).
_GTID_TAILS: BoundedCache[Any] = BoundedCache(CACHE_BUDGET, _parsed_size)
#: ``seq_no`` of a MariaDB GTID_EVENT body: its first field, a u8 (little-endian, as Kaitai's default here).
_GTID_SEQ_NO = struct.Struct("<Q")

_COMPRESSED_ROWS = frozenset(t.value for t in EventRows.RowsEventType if "compressed" in t.name)


class _BodyStream(KaitaiStream):
    """A KaitaiStream over the bytes of one body, made without the runtime's size probe.

    ``KaitaiStream.__init__`` finds the stream's size by seeking to its end and back; a body's size is its
    length. The state set here is the state ``__init__`` leaves (kaitaistruct 0.11), and ``size`` answers what
    the probe would.
    """

    def __init__(self, body: bytes) -> None:  # the state KaitaiStream.__init__ leaves, set directly
        self._io = io.BytesIO(body)
        self.bits_left = 0
        self.bits = 0
        self.bits_le = False
        self.bits_write_mode = False
        self.write_back_handler = None
        self.child_streams: list[Any] = []
        self._size = len(body)

    def size(self) -> int:
        return self._size


def _route(type_code: int, post_header_len: int, body: bytes) -> Any:
    """The body as the spec's router parses it; learns the class it built for this type code."""
    data = BinlogEvent.EventBody(type_code, post_header_len, KaitaiStream(io.BytesIO(body))).data
    if isinstance(data, KaitaiStruct):
        names = inspect.signature(type(data).__init__).parameters
        _CLASSES[type_code] = (type(data), (_ROUTER_PARAMS[0] in names, _ROUTER_PARAMS[1] in names))
    else:
        _CLASSES[type_code] = None
    return data


def _build(type_code: int, post_header_len: int, body: bytes) -> Any:
    if type_code not in _CLASSES:
        return _route(type_code, post_header_len, body)
    known = _CLASSES[type_code]
    if known is None:
        return body
    cls, (takes_type, takes_post_header) = known
    stream = _BodyStream(body)
    if takes_type:
        return cls(type_code, post_header_len, stream) if takes_post_header else cls(type_code, stream)
    return cls(post_header_len, stream) if takes_post_header else cls(stream)


def _copy(parsed: Any) -> Any:
    copy = object.__new__(type(parsed))
    copy.__dict__.update(parsed.__dict__)
    return copy


def _rows_body(type_code: int, post_header_len: int, body: bytes) -> Any:
    key = (type_code, post_header_len, body[:post_header_len])
    known = _ROWS_HEADS.get(key)
    if known is not None:
        head_len, head, parsed = known
        if body.startswith(head):
            copy = _copy(parsed)
            copy.rows = body[head_len:]
            copy._head_of = parsed
            return copy
    parsed = _build(type_code, post_header_len, body)
    head_len = len(body) - len(parsed.rows)
    _ROWS_HEADS.put(key, (head_len, body[:head_len], parsed))
    return parsed


def known_rows_head(type_code: int, post_header_len: int, body: bytes) -> tuple[Any, int] | None:
    """For a rows body (not compressed) whose head a body parsed before had: that body and the head's length.

    Every field of this body but ``rows`` is that body's, and ``rows`` is ``body[head_len:]`` (the head, the
    post-header up to the bitmaps, decides how the rest parses: ``event_rows`` in ksy). None when no body
    parsed so far had this head, or for a compressed type.
    """
    if type_code in _COMPRESSED_ROWS:
        return None
    known = _ROWS_HEADS.get((type_code, post_header_len, body[:post_header_len]))
    if known is None:
        return None
    head_len, head, parsed = known
    if not body.startswith(head):
        return None
    return parsed, head_len


def _mariadb_gtid_body(type_code: int, post_header_len: int, body: bytes) -> Any:
    if len(body) <= _GTID_SEQ_NO.size:
        return _build(type_code, post_header_len, body)
    key = (post_header_len, body[_GTID_SEQ_NO.size:])
    parsed = _GTID_TAILS.get(key)
    if parsed is not None:
        copy = _copy(parsed)
        copy.seq_no = _GTID_SEQ_NO.unpack_from(body)[0]
        copy._tail_of = parsed
        return copy
    parsed = _build(type_code, post_header_len, body)
    _GTID_TAILS.put(key, parsed)
    return parsed


def shared_head(type_code: int, body: Any) -> Any:
    """The parsed body whose fields a body of this type shares (None: it shares nothing).

    A TABLE_MAP body is shared whole; a rows body (not compressed) shares every field but ``rows`` with the
    body first parsed with its head (itself, when it was). Data made of those fields may be kept by that
    body's id.
    """
    if type_code == TABLE_MAP_EVENT:
        return body
    if type_code in ROWS_EVENTS and type_code not in _COMPRESSED_ROWS:
        return getattr(body, "_head_of", body)
    return None


#: The XID of an XID_EVENT body: a u8, little-endian (Kaitai's default here).
_XID = struct.Struct("<Q")
#: Types whose body is one field over all its bytes: type code -> (field, its value from the body bytes or
#: None when those bytes are not the plain case, and a parsed body of the type once one was parsed).
_ONE_FIELD: dict[int, tuple[str, Any]] = {
    XID_EVENT: ("xid", lambda body: _XID.unpack(body)[0] if len(body) == _XID.size else None),
    ANNOTATE_ROWS_EVENT: ("query", lambda body: body),
}
#: A parsed body per type of _ONE_FIELD, by (type code, post-header length).
_ONE_FIELD_PARSED: dict[tuple[int, int], Any] = {}


def one_field_value(type_code: int, post_header_len: int, body: bytes) -> Any:
    """The one field of an XID (``xid``) or ANNOTATE_ROWS (``query``) body read from its bytes, without parsing it.

    None for other types, before a body of the type was parsed (the spec decides that its class is one field
    over the whole body), and for bytes that are not the plain case (an XID body of other than 8 bytes).
    """
    known = _ONE_FIELD.get(type_code)
    if known is None or (type_code, post_header_len) not in _ONE_FIELD_PARSED:
        return None
    return known[1](body)


def _one_field_body(type_code: int, post_header_len: int, body: bytes) -> Any:
    name, value_of = _ONE_FIELD[type_code]
    parsed = _ONE_FIELD_PARSED.get((type_code, post_header_len))
    if parsed is not None:
        value = value_of(body)
        if value is not None:
            copy = _copy(parsed)
            setattr(copy, name, value)
            return copy
    parsed = _build(type_code, post_header_len, body)
    _ONE_FIELD_PARSED[(type_code, post_header_len)] = parsed
    return parsed


def known_gtid_tail(post_header_len: int, body: bytes) -> tuple[Any, int] | None:
    """For a MariaDB GTID body whose bytes after ``seq_no`` were parsed before: that body and this one's ``seq_no``.

    Those bytes and the post-header length decide every field but ``seq_no`` (the spec reads ``seq_no``
    first; sql/log_event.h ``Gtid_log_event``), so every other field of the body parsed with them is this
    body's. None otherwise.
    """
    if len(body) <= _GTID_SEQ_NO.size:
        return None
    parsed = _GTID_TAILS.get((post_header_len, body[_GTID_SEQ_NO.size:]))
    if parsed is None:
        return None
    return parsed, _GTID_SEQ_NO.unpack_from(body)[0]


def shared_tail(type_code: int, body: Any) -> Any:
    """The parsed MariaDB GTID body whose fields after ``seq_no`` this one shares (None: not such a body).

    A body built from a cached one shares every field but ``seq_no`` with it; the first body parsed with
    its tail is its own. Data made of those fields may be kept by that body's id.
    """
    if type_code != MARIADB_GTID_EVENT or not isinstance(body, KaitaiStruct):
        return None
    return getattr(body, "_tail_of", body)


def parse_body(type_code: int, post_header_len: int, body: bytes) -> Any:
    """The body of an event of this type as its generated class parses it (``bytes`` for a type without one).

    Raises whatever the generated parser raises on bytes that do not parse.
    """
    if type_code in ROWS_EVENTS and type_code not in _COMPRESSED_ROWS:
        return _rows_body(type_code, post_header_len, body)
    if type_code == MARIADB_GTID_EVENT:
        return _mariadb_gtid_body(type_code, post_header_len, body)
    if type_code in _ONE_FIELD:
        return _one_field_body(type_code, post_header_len, body)
    if type_code == TABLE_MAP_EVENT:
        key = (post_header_len, body)
        parsed = _TABLE_MAPS.get(key)
        if parsed is None:
            parsed = _build(type_code, post_header_len, body)
            _TABLE_MAPS.put(key, parsed)
        return parsed
    return _build(type_code, post_header_len, body)
