"""``event_body.parse_body`` gives what the spec's router gives, on every event of every fixture and sample.

``Event.body`` goes through ``parse_body``, which builds each type's class directly (learnt from the router)
and reuses parsed TABLE_MAPs and rows-event heads for bytes it has seen. The reference is the generated
router ``BinlogEvent.EventBody`` on the same bytes: the same class, the same plain data (every field and
instance), or the same failure. Files are read in order, so repeated heads and maps hit the caches as they do
in the commands; drawn rows bodies (heads that differ from a cached one in any byte, images of any length)
check the head cache where the fixtures do not reach.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaitaistruct import KaitaiStream

from binlog_ksy.generated.binlog_event import BinlogEvent
from binlog_ksy.runtime import event_body
from binlog_ksy.runtime.constants import MARIADB_GTID_EVENT as GTID_EVENT
from binlog_ksy.runtime.constants import ROWS_EVENTS, EventType
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.event_body import parse_body
from binlog_ksy.runtime.present.describe import body_to_dict, event_json, event_to_dict, kaitai_to_plain
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import FIXTURES, ROOT

FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix not in (".tsv", ".md")) + sorted(
    (ROOT / "samples").rglob("binlog.0*"))


def _outcome(parse: Any) -> tuple[str, Any]:
    try:
        body = parse()
    except Exception as exc:  # noqa: BLE001 - the failure itself is compared
        return "error", type(exc).__name__
    return type(body).__name__, kaitai_to_plain(body)


def _router(type_code: int, post_header_len: int, body: bytes) -> Any:
    return BinlogEvent.EventBody(type_code, post_header_len, KaitaiStream(io.BytesIO(body))).data


def _same(type_code: int, post_header_len: int, body: bytes) -> None:
    _same_shortcuts(type_code, post_header_len, body)
    fast = _outcome(lambda: parse_body(type_code, post_header_len, body))
    reference = _outcome(lambda: _router(type_code, post_header_len, body))
    assert fast == reference, (type_code, post_header_len, body.hex())


def _same_shortcuts(type_code: int, post_header_len: int, body: bytes) -> None:
    """What the data path reads without parsing (asked before ``parse_body``, as the commands do) is the router's:
    a known rows head (every field but ``rows``, and the images after it), a MariaDB GTID's numbers, and the one
    field of an XID or ANNOTATE_ROWS body."""
    head = event_body.known_rows_head(type_code, post_header_len, body) if type_code in ROWS_EVENTS else None
    tail = event_body.known_gtid_tail(post_header_len, body) if type_code == GTID_EVENT else None
    numbers = None if tail is None else (tail[0].domain_id, tail[1])
    value = event_body.one_field_value(type_code, post_header_len, body)
    if head is None and numbers is None and value is None:
        return
    reference = _router(type_code, post_header_len, body)  # a shortcut for bytes that do not parse is wrong
    if head is not None:
        parsed, head_len = head
        plain, reference_plain = kaitai_to_plain(parsed), kaitai_to_plain(reference)
        plain.pop("rows")
        reference_plain.pop("rows")
        assert (type(parsed), plain) == (type(reference), reference_plain), (type_code, body.hex())
        assert body[head_len:] == bytes(reference.rows), (type_code, body.hex())
    if numbers is not None:
        assert numbers == (reference.domain_id, reference.seq_no), body.hex()
    if value is not None:
        assert value == getattr(reference, "xid" if type_code == EventType.xid_event.value else "query"), body.hex()


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_parse_body_equals_the_router(path: Path) -> None:
    try:
        for event in BinlogReader(path, on_error="skip"):
            _same(event.type_code, event.post_header_len, event.body_bytes)
    except BinlogError:
        pass  # files that are not binlogs (or encrypted): nothing to compare


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_plain_bodies_equal_those_of_the_router(path: Path) -> None:
    """``events --format jsonl``'s body: the plain data kept per shared head equals that of the router's body."""
    try:
        for event in BinlogReader(path, on_error="skip"):
            fast = _plain_outcome(lambda e=event: body_to_dict(e))
            try:
                event._body = _router(event.type_code, event.post_header_len, event.body_bytes)
            except Exception:  # noqa: BLE001 - a body that does not parse: the fast path must have failed too
                assert fast[0] == "error", event
                continue
            assert fast == _plain_outcome(lambda e=event: body_to_dict(e)), event
    except BinlogError:
        pass


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_event_lines_equal_the_dumped_plain_event(path: Path) -> None:
    """``events --format jsonl``'s line, its body's text kept per shared head, is ``json.dumps`` of the event."""
    try:
        for event in BinlogReader(path, on_error="skip"):
            line = _plain_outcome(lambda e=event: event_json(e))
            event._body = None  # parse again: the reference shares nothing with the line made above
            whole = _plain_outcome(lambda e=event: json.dumps(event_to_dict(e), ensure_ascii=False, default=str))
            assert line == whole, event
    except BinlogError:
        pass


def _plain_outcome(make: Any) -> tuple[str, Any]:
    try:
        return "plain", make()
    except BinlogError as err:
        return "error", type(err).__name__


def test_the_fixtures_reach_the_caches() -> None:
    """Many rows and GTID bodies of the samples are built from a cached one: the caches are what the comparison
    above tests."""
    event_body._ROWS_HEADS.clear()
    event_body._GTID_TAILS.clear()
    hits = {"rows": 0, "gtid": 0}
    parsed = dict.fromkeys(hits, 0)
    for path in sorted((ROOT / "samples").rglob("binlog.0*")):
        for event in BinlogReader(path):
            body_bytes, phl = event.body_bytes, event.post_header_len
            key: tuple[Any, ...]
            if event.type_name.endswith(("ROWS_EVENT", "ROWS_EVENT_V1")):
                kind, key = "rows", (event.type_code, phl, body_bytes[:phl])
            elif event.type_code == EventType.gtid_event.value:
                kind, key = "gtid", (phl, body_bytes[8:])
            else:
                continue
            body = event.body  # a miss caches this very body; a hit returns a copy
            cache: Any = event_body._ROWS_HEADS if kind == "rows" else event_body._GTID_TAILS
            known = cache.get(key)
            template = known[2] if kind == "rows" and known is not None else known
            parsed[kind] += 1
            hits[kind] += template is not None and template is not body
    for kind in hits:
        assert hits[kind] > 100 and hits[kind] > parsed[kind] // 4, (kind, hits, parsed)


ROWS_TYPES = [t.value for t in (EventType.write_rows_event_v1, EventType.update_rows_event_v1,
                                EventType.delete_rows_event_v1, EventType.write_rows_event,
                                EventType.update_rows_event, EventType.partial_update_rows_event,
                                EventType.write_rows_compressed_event_v1)]


@settings(max_examples=300, deadline=None)
@given(type_code=st.sampled_from(ROWS_TYPES), post_header_len=st.sampled_from([6, 8, 10]),
       first=st.binary(min_size=0, max_size=40), changes=st.lists(
           st.tuples(st.integers(0, 39), st.integers(0, 255)), max_size=3),
       images=st.lists(st.binary(max_size=24), min_size=1, max_size=4))
def test_drawn_rows_bodies_equal_the_router(type_code: int, post_header_len: int, first: bytes,
                                            changes: list[tuple[int, int]], images: list[bytes]) -> None:
    """A body, then bodies with the same or a changed head (any byte) and other images, parse as the router says."""
    _same(type_code, post_header_len, first)
    for image in images:
        changed = bytearray(first)
        for at, value in changes:
            if at < len(changed):
                changed[at] = value
        _same(type_code, post_header_len, first + image)
        _same(type_code, post_header_len, bytes(changed) + image)


@settings(max_examples=300, deadline=None)
@given(first=st.binary(min_size=0, max_size=48), seq_nos=st.lists(st.binary(min_size=8, max_size=8), max_size=3),
       changes=st.lists(st.tuples(st.integers(8, 47), st.integers(0, 255)), max_size=2))
def test_drawn_mariadb_gtid_bodies_equal_the_router(first: bytes, seq_nos: list[bytes],
                                                    changes: list[tuple[int, int]]) -> None:
    """A GTID body, then bodies with other seq_no bytes and the same or a changed rest, parse as the router says."""
    code = EventType.gtid_event.value
    _same(code, 0, first)
    for seq_no in seq_nos:
        changed = bytearray(first)
        for at, value in changes:
            if at < len(changed):
                changed[at] = value
        _same(code, 0, seq_no + first[8:])
        _same(code, 0, seq_no + bytes(changed)[8:])


def _gtid_bodies() -> list[tuple[int, bytes]]:
    """The distinct MariaDB GTID bodies (post-header length, bytes after seq_no) of the samples."""
    found: dict[tuple[int, bytes], None] = {}
    for path in sorted((ROOT / "samples").rglob("binlog.0*")):
        for event in BinlogReader(path):
            if event.type_code == EventType.gtid_event.value:
                found[(event.post_header_len, event.body_bytes[8:])] = None
    return list(found)


GTID_BODIES = _gtid_bodies()


@settings(max_examples=200, deadline=None)
@given(name=st.text(max_size=12), body=st.sampled_from(GTID_BODIES),
       events=st.lists(st.tuples(st.integers(0, 2**32 - 1), st.integers(0, 2**64 - 1), st.none() | st.integers(0, 9)),
                       min_size=1, max_size=4))
def test_drawn_gtid_lines_equal_the_dumped_plain_event(name: str, body: tuple[int, bytes],
                                                       events: list[tuple[int, int, int | None]]) -> None:
    """GTID lines made around a shared tail's text, under any file name, server id, seq_no and payload index,
    are ``json.dumps`` of the event."""
    from binlog_ksy.runtime.event import Event

    post_header_len, tail = body
    for server_id, seq_no, in_payload in events:
        raw = bytes(19) + seq_no.to_bytes(8, "little") + tail
        event = Event(file=name, pos=4, type_code=EventType.gtid_event.value, timestamp=1, server_id=server_id,
                      length=len(raw), end_pos=4 + len(raw), flags=0, raw=raw, header_len=19, checksum_len=0,
                      post_header_len=post_header_len, in_payload=in_payload)
        line = event_json(event)
        event._body = None
        assert line == json.dumps(event_to_dict(event), ensure_ascii=False, default=str)


@settings(max_examples=300, deadline=None)
@given(code=st.sampled_from([EventType.xid_event.value, EventType.annotate_rows_event.value]),
       post_header_len=st.sampled_from([0, 4]), bodies=st.lists(st.binary(max_size=20), min_size=1, max_size=5))
def test_drawn_one_field_bodies_equal_the_router(code: int, post_header_len: int, bodies: list[bytes]) -> None:
    """XID and ANNOTATE_ROWS bodies of any length, one after another (the first parsed one is reused), parse as
    the router says."""
    for body in bodies:
        _same(code, post_header_len, body)
