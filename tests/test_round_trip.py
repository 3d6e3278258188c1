"""Every event body of every shared fixture, parsed with the read-write classes and written again, gives its bytes.

The read-write classes (``generated/rw/``, compiled from the same ``ksy/`` specs
with Kaitai's ``--read-write``) are what binlog writing builds on: this is the
proof that the specs declare every byte of every event body. Instances that are
views over bytes a field already holds (the FORMAT_DESCRIPTION's
``version``, a split of ``server_version``) are switched off before writing,
as a writer must do.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from kaitaistruct import KaitaiStream
from test_columnar import FILES

from binlog_ksy.generated.rw.binlog_event import BinlogEvent
from binlog_ksy.runtime.errors import MalformedEventError
from binlog_ksy.runtime.reader import BinlogReader

#: Instances that re-read bytes of a field (``pos:``): a writer turns them off, or they overwrite the field.
VIEWS = {"FORMAT_DESCRIPTION_EVENT": ("version",)}


def round_trip(type_code: int, type_name: str, post_header_len: int, body: bytes) -> bytes:
    """Parse a body with the read-write classes and serialize it again."""
    router = BinlogEvent.EventBody(type_code, post_header_len, KaitaiStream(io.BytesIO(body)))
    router._read()
    router._fetch_instances()
    for name in VIEWS.get(type_name, ()):
        setattr(router.data, f"{name}__enabled", False)
        router.data._check()  # every changed object is checked before writing
    out = KaitaiStream(io.BytesIO(bytearray(len(body))))
    router._check()
    router._write(out)
    return bytes(out.to_byte_array())


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_every_event_body_round_trips(path: Path) -> None:
    seen: Counter[str] = Counter()
    for event in BinlogReader(str(path), on_error="skip"):
        if event.in_payload is not None:
            continue  # inside a compressed payload: the payload's own bytes round-trip
        body = event.body_bytes
        try:
            event.body  # noqa: B018 - the read-only parser: bodies it rejects are not a round-trip case
        except MalformedEventError:
            continue
        assert round_trip(event.type_code, event.type_name, event.post_header_len, body) == body, (
            path, event.pos, event.type_name)
        seen[event.type_name] += 1
    assert sum(seen.values()) > 0


def test_the_round_trip_covers_every_kind_of_event() -> None:
    kinds = {event.type_name for path in FILES for event in BinlogReader(str(path), on_error="skip")
             if event.in_payload is None}
    assert {"FORMAT_DESCRIPTION_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT", "UPDATE_ROWS_EVENT",
            "DELETE_ROWS_EVENT", "XID_EVENT", "ROTATE_EVENT", "GTID_LOG_EVENT"} <= kinds
    assert len(kinds) > 25
