"""Undo binlogs: the row changes of a binlog reversed, as a binlog the server's tools apply.

What ``mysqlbinlog --flashback``/MyFlash do, from the specs: every rows event
is turned around — WRITE_ROWS becomes DELETE_ROWS and back (the header's type
code; the body layout is the same), UPDATE_ROWS swaps each row's before and
after images (and the two column bitmaps) — and the order is reversed at every
level: the rows of an event (found with the columnar scanner,
:func:`..rows.scan.scan_images`), the rows events of a transaction, and the
transactions of the file. Each reversed rows event follows its own
TABLE_MAP and ends its statement (STMT_END_F). DDL cannot be undone from a
binlog: it is left out, with a warning. MariaDB's compressed rows events are
turned around into their plain counterparts (the inflated images: the server's
tools apply either). Refused, naming the table: MINIMAL or NOBLOB images (the
before image lacks columns) and partial JSON updates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...generated.rw.binlog_event import BinlogEvent as RwEvent
from .. import constants as et
from ..changes import ChangeReader
from ..constants import STMT_END_F
from ..errors import FlashbackRefusal
from ..event import Event
from ..event_fields import query_text
from ..filters import is_transaction_control
from ..rows.columnar import image_layouts
from ..rows.events import rows_data
from ..rows.scan import scan_images
from ..table_map import TableMap
from .binlog import TYPE_CODE_OFFSET, BinlogWriter

__all__ = ["FlashbackTransaction", "undo_rows_event", "write_flashback"]

#: WRITE <-> DELETE, v1 and v2 (libs/mysql/binlog/event/binlog_event.h Log_event_type).
_SWAP = {23: 25, 25: 23, 30: 32, 32: 30}
_UPDATES = frozenset((24, 31))
#: MariaDB's compressed rows events -> the plain ones with the same layout (sql/log_event.h Log_event_type:
#: WRITE_ROWS_COMPRESSED_EVENT_V1 -> WRITE_ROWS_EVENT_V1, ...), by the spec's names.
_PLAIN = {member.value: RwEvent.EventType[member.name.replace("_compressed_event", "_event")].value
          for member in RwEvent.EventType if "_rows_compressed_event" in member.name}


@dataclass
class FlashbackTransaction:
    """One transaction's events: its opening frame, its rows events with their table maps, its closing frame."""

    opening: list[Event] = field(default_factory=list)
    rows: list[tuple[Event, Event, TableMap]] = field(default_factory=list)  # (table map event, rows event, map)
    closing: list[Event] = field(default_factory=list)
    skipped_ddl: int = 0


def _full(bitmap: bytes, ncols: int) -> bool:
    return all(bitmap[i >> 3] >> (i & 7) & 1 for i in range(ncols))


def _reversed_rows(event: Event, table_map: TableMap, data: bytes, update: bool, before: bytes,
                   after: bytes) -> bytes:
    """The row images of a rows event in reverse order, before/after swapped for updates."""
    layouts = image_layouts(table_map, "update" if update else "delete", before, after)
    scan = scan_images(np.frombuffer(data, dtype=np.uint8), layouts) if layouts is not None else None
    if scan is None or layouts is None or scan.truncated_at is not None or scan.count % len(layouts):
        raise FlashbackRefusal(f"{table_map.qualified_name}: row images that do not end with the event "
                               f"(rows event at {event.file}:{event.pos})")
    bounds = [*scan.starts.tolist(), len(data)]
    images = [data[bounds[i]:bounds[i + 1]] for i in range(scan.count)]
    out: list[bytes] = []
    step = len(layouts)
    for row in range(scan.count // step - 1, -1, -1):
        pair = images[row * step:(row + 1) * step]
        out.extend(reversed(pair) if update else pair)
    return b"".join(out)


def _check(event: Event, code: int, table_map: TableMap, body: Any) -> None:
    """Refuse what cannot be undone exactly (``code``: the type code, compressed ones made plain)."""
    name = f"{table_map.qualified_name} (rows event at {event.file}:{event.pos})"
    if body.is_partial:
        raise FlashbackRefusal(f"{name}: a partial JSON update cannot be undone")
    if code not in _SWAP and code not in _UPDATES:
        raise FlashbackRefusal(f"{name}: {event.type_name} is not turned around")
    ncols = len(table_map.columns)
    bitmaps = [bytes(body.columns_before_image)]
    if code in _UPDATES:
        bitmaps.append(bytes(body.columns_after_image))
    if not all(_full(b, ncols) for b in bitmaps):
        raise FlashbackRefusal(f"{name}: a MINIMAL or NOBLOB row image lacks columns: the change cannot be undone "
                               "exactly")


def _flags_offset(event: Event) -> int:
    """Where a rows event's ``flags`` start in the event: after the 6-byte table id, or the 4-byte one of
    6-byte post-headers (ksy/event_rows.ksy ``rows_event``; rows_event.h ``Rows_event``)."""
    return event.header_len + (4 if event.post_header_len == 6 else 6)


def undo_rows_event(event: Event, table_map: TableMap) -> bytearray:
    """A rows event turned around, as bytes for :meth:`BinlogWriter.write_bytes` (which makes its length,
    next position and CRC32 right).

    Only what changes is patched in the event's bytes: the header's type code
    (WRITE <-> DELETE; a compressed type made plain), STMT_END_F in the flags,
    an UPDATE's two column bitmaps swapped (they sit just before the images,
    the same size), and the images (which end the body) replaced by the
    reversed ones, inflated for a compressed event. Every other byte is as read.
    """
    body = event.body
    code = _PLAIN.get(event.type_code, event.type_code)
    images = rows_data(event, body)
    _check(event, code, table_map, body)
    update = code in _UPDATES
    before = bytes(body.columns_before_image)
    after = bytes(body.columns_after_image) if update else before
    reversed_images = _reversed_rows(event, table_map, images, update, before, after)
    end = len(event.raw) - event.checksum_len
    start = end - (len(body._raw_compressed_rows) if body.is_compressed else len(images))
    out = bytearray(event.raw[:start])
    out[TYPE_CODE_OFFSET] = code if update else _SWAP[code]
    if update:
        out[start - 2 * len(before):start] = after + before
    flags = _flags_offset(event)
    out[flags:flags + 2] = (int.from_bytes(out[flags:flags + 2], "little") | STMT_END_F).to_bytes(2, "little")
    out += reversed_images
    out += bytes(event.checksum_len)
    return out


def write_flashback(reader: ChangeReader, writer: BinlogWriter, events: list[Event],
                    transactions: list[FlashbackTransaction]) -> int:
    """Write the undo binlog of one file: its events outside transactions, then its transactions reversed.

    Returns how many DDL statements were left out.
    """
    tail = [e for e in events if e.type_code in (et.ROTATE_EVENT, et.STOP_EVENT)]
    for event in events:
        if event not in tail:
            writer.write(event)
    skipped = sum(tx.skipped_ddl for tx in transactions)
    kept = [tx for tx in reversed(transactions) if tx.rows]
    numbers = _gtid_numbers(kept)
    for tx in kept:
        for event in tx.opening:
            raw = bytearray(event.raw)
            number = numbers.get(event.pos)
            if number is not None:
                offset, value = number
                raw[offset:offset + 8] = value
            writer.write_bytes(raw, checksum=bool(event.checksum_len))
        for map_event, rows_event, table_map in reversed(tx.rows):
            writer.write(map_event)
            writer.write_bytes(undo_rows_event(rows_event, table_map), checksum=bool(rows_event.checksum_len))
        for event in tx.closing:
            writer.write(event)
    for event in tail:
        writer.write(event)
    return skipped


_MARIADB_GTID = et.MARIADB_GTID_EVENT
#: MySQL GTID events whose number is a plain field (GTID_TAGGED_LOG_EVENT's is a mysql::serialization varint: kept).
_MYSQL_GTIDS = frozenset((et.EventType.gtid_log_event.value,))
#: Where the number starts in a GTID body: MariaDB's ``seq_no`` (u8) first (ksy/event_mariadb.ksy ``gtid_event``,
#: sql/log_event_server.cc ``Gtid_log_event::write``), MySQL's ``gno`` (s8) after the flags byte and the 16-byte
#: sid (ksy/event_gtid.ksy ``gtid_event``, control_events.h ``Gtid_event``).
_SEQ_NO_START, _GNO_START = 0, 17


def _gtid_numbers(kept: list[FlashbackTransaction]) -> dict[int, tuple[int, bytes]]:
    """GTID events renumbered so their numbers rise in the undo binlog's order (the tools refuse GTIDs out of
    order): the reversed transactions take the same numbers, per domain (MariaDB) or source (MySQL), ascending.

    By event position: where the number starts in the event and its new 8 bytes.
    """
    gtids: dict[tuple[Any, ...], list[Event]] = {}
    for tx in kept:
        for event in tx.opening:
            if event.type_code == _MARIADB_GTID or event.type_code in _MYSQL_GTIDS:
                body = event.body
                key = ("mariadb", body.domain_id) if event.type_code == _MARIADB_GTID else (
                    "mysql", bytes(getattr(body, "sid", b"") or b""))
                gtids.setdefault(key, []).append(event)
    out: dict[int, tuple[int, bytes]] = {}
    for group in gtids.values():
        mariadb = group[0].type_code == _MARIADB_GTID
        field = "seq_no" if mariadb else "gno"
        if not all(isinstance(getattr(event.body, field, None), int) for event in group):
            continue
        values = sorted(getattr(event.body, field) for event in group)
        start = group[0].header_len + (_SEQ_NO_START if mariadb else _GNO_START)
        for event, value in zip(group, values, strict=True):
            out[event.pos] = (start, value.to_bytes(8, "little", signed=not mariadb))
    return out


def split_transaction(events: list[tuple[Event, bool]], tables: dict[int, tuple[Event, TableMap]],
                      ) -> FlashbackTransaction:
    """A transaction's events (with their "kept" flags, see ``filter``) as a :class:`FlashbackTransaction`."""
    tx = FlashbackTransaction()
    seen_content = False
    for event, content in events:
        code = event.type_code
        if code == et.TABLE_MAP_EVENT:
            seen_content = True
            continue
        if code in et.ROWS_EVENTS:
            seen_content = True
            if content:
                map_event, table_map = tables[event.pos]
                tx.rows.append((map_event, event, table_map))
            continue
        if code in et.QUERY_EVENTS and not is_transaction_control(query_text(event.body)):
            seen_content = True
            tx.skipped_ddl += 1 if content else 0
            continue
        (tx.closing if seen_content else tx.opening).append(event)
    return tx
