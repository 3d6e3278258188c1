"""Undo binlogs: the row changes of a binlog reversed, as a binlog the server's tools apply.

What ``mysqlbinlog --flashback``/MyFlash do, from the specs: every rows event
is turned around — WRITE_ROWS becomes DELETE_ROWS and back (the header's type
code; the body layout is the same), UPDATE_ROWS swaps each row's before and
after images (and the two column bitmaps) — and the order is reversed at every
level: the rows of an event (found with the compiled image scanner,
:func:`..rows.image_bounds.image_starts`), the rows events of a transaction,
and the transactions of the file. Each reversed rows event follows its own
TABLE_MAP and ends its statement (STMT_END_F). DDL cannot be undone from a
binlog: it is left out, with a warning. MariaDB's compressed rows events are
turned around into their plain counterparts (the inflated images: the server's
tools apply either). Refused, naming the table: MINIMAL or NOBLOB images (the
before image lacks columns) and partial JSON updates.

The first read keeps each transaction's event positions only (and, per rows
event, where its images start, as the spec parsed it): the events are read
again when written, last transaction first (:mod:`.reread`). What changes is
patched in the event's bytes (header type code, flags, bitmaps, images, a
GTID's number), the rest kept as read; ``BinlogWriter.write_many`` makes
lengths, next positions and CRC32 right. tests/test_flashback_bytes.py holds
the patched bytes equal to what the read-write classes write for the same
change.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ...generated.binlog_event import BinlogEvent as SpecEvent
from .. import constants as et
from ..constants import STMT_END_F
from ..errors import FlashbackRefusal, MalformedEventError
from ..event import Event
from ..event_fields import query_text
from ..filters import is_transaction_control
from ..reader import BinlogFormat
from ..rows.events import rows_data
from ..rows.image_bounds import image_starts
from ..rows.layouts import image_layouts
from ..table_map import TableMap
from .binlog import TYPE_CODE_OFFSET, BinlogWriter
from .reread import BackwardWindow, event_at

__all__ = ["FlashbackTransaction", "UndoRows", "undo_rows_event", "write_flashback"]

#: WRITE <-> DELETE, v1 and v2 (libs/mysql/binlog/event/binlog_event.h Log_event_type).
_SWAP = {23: 25, 25: 23, 30: 32, 32: 30}
_UPDATES = frozenset((24, 31))
#: MariaDB's compressed rows events -> the plain ones with the same layout (sql/log_event.h Log_event_type:
#: WRITE_ROWS_COMPRESSED_EVENT_V1 -> WRITE_ROWS_EVENT_V1, ...), by the spec's names.
_PLAIN = {member.value: SpecEvent.EventType[member.name.replace("_compressed_event", "_event")].value
          for member in SpecEvent.EventType if "_rows_compressed_event" in member.name}


#: A GTID event of an undo transaction: its position, where its number starts in it, its group (domain or
#: source), its number (None when it is not a plain integer) and whether that is MariaDB's unsigned seq_no.
GtidNumber = tuple[int, int, tuple[Any, ...], Any, bool]


@dataclass(frozen=True, slots=True)
class UndoRows:
    """A rows event to turn around, by position, with what its first read found: where its images start
    in the event (after its column bitmaps, ``width`` bytes each), whether it is a partial JSON update."""

    map_pos: int  # its TABLE_MAP event's position
    pos: int
    table_map: TableMap
    images_start: int
    width: int
    partial: bool

    @staticmethod
    def of(map_event: Event, event: Event, table_map: TableMap) -> UndoRows:
        """A rows event whose body has been parsed (by the spec: ``rows`` or the compressed rows end it)."""
        body = event.body
        tail = len(body._raw_compressed_rows) if body.is_compressed else len(body.rows)
        return UndoRows(map_event.pos, event.pos, table_map, len(event.raw) - event.checksum_len - tail,
                        len(body.columns_before_image), bool(body.is_partial))


@dataclass(slots=True)
class FlashbackTransaction:
    """One transaction by the positions of its events, read again when its undo is written (the file's bytes
    ``start:end``): its opening frame, its rows events with their table maps, its closing frame.

    Built event by event (:meth:`add`), so not even the transaction being read is held.
    """

    fmt: BinlogFormat
    start: int
    end: int = 0
    opening: list[int] = field(default_factory=list)
    rows: list[UndoRows] = field(default_factory=list)
    closing: list[int] = field(default_factory=list)
    gtids: list[GtidNumber] = field(default_factory=list)
    skipped_ddl: int = 0
    seen_content: bool = False  # a table map, rows event or statement came: what follows closes it

    def add(self, event: Event, content: bool, tables: dict[int, tuple[Event, TableMap]]) -> None:
        """The transaction's next event (``content``: kept for its own sake, see ``filter``; ``tables``: the
        TABLE_MAP event and map of each rows event by position, its entry taken out)."""
        self.end = event.pos + event.length
        code = event.type_code
        if code == et.TABLE_MAP_EVENT:
            self.seen_content = True
        elif code in et.ROWS_EVENTS:
            self.seen_content = True
            entry = tables.pop(event.pos, None)
            if content and entry is not None:
                map_event, table_map = entry
                self.rows.append(UndoRows.of(map_event, event, table_map))
        elif code in et.QUERY_EVENTS and not is_transaction_control(query_text(event.body)):
            self.seen_content = True
            self.skipped_ddl += 1 if content else 0
        elif self.seen_content:
            self.closing.append(event.pos)
        else:
            self.opening.append(event.pos)
            gtid = _gtid_number(event)
            if gtid is not None:
                self.gtids.append(gtid)


@functools.lru_cache(maxsize=4096)
def _full(bitmap: bytes, ncols: int) -> bool:
    """Whether a column bitmap has all ``ncols`` columns (a table's bitmaps repeat: remembered)."""
    return all(bitmap[i >> 3] >> (i & 7) & 1 for i in range(ncols))


def _reversed_rows(event: Event, table_map: TableMap, data: bytes, update: bool, before: bytes,
                   after: bytes) -> bytes:
    """The row images of a rows event in reverse order: the rows last first and, for updates, each row's
    after image before its before image (the images of ``(b0, a0), (b1, a1)`` become ``a1, b1, a0, b0``)."""
    layouts = image_layouts(table_map, "update" if update else "delete", before, after)
    bounds, whole = image_starts(data, layouts) if layouts is not None else ([], False)
    if layouts is None or not whole or len(bounds) % len(layouts):
        raise FlashbackRefusal(f"{table_map.qualified_name}: row images that do not end with the event "
                               f"(rows event at {event.file}:{event.pos})")
    count = len(bounds)
    bounds.append(len(data))
    return b"".join([data[bounds[i - 1]:bounds[i]] for i in range(count, 0, -1)])


def _check(event: Event, code: int, rows: UndoRows, bitmaps: list[bytes]) -> None:
    """Refuse what cannot be undone exactly (``code``: the type code, compressed ones made plain)."""
    table_map = rows.table_map
    if rows.partial:
        problem = "a partial JSON update cannot be undone"
    elif code not in _SWAP and code not in _UPDATES:
        problem = f"{event.type_name} is not turned around"
    elif not all(_full(b, len(table_map.columns)) for b in bitmaps):
        problem = "a MINIMAL or NOBLOB row image lacks columns: the change cannot be undone exactly"
    else:
        return
    raise FlashbackRefusal(f"{table_map.qualified_name} (rows event at {event.file}:{event.pos}): {problem}")


def _flags_offset(event: Event) -> int:
    """Where a rows event's ``flags`` start in the event: after the 6-byte table id, or the 4-byte one of
    6-byte post-headers (ksy/event_rows.ksy ``rows_event``; rows_event.h ``Rows_event``)."""
    return event.header_len + (4 if event.post_header_len == 6 else 6)


def undo_rows_event(event: Event, rows: UndoRows) -> bytearray:
    """A rows event turned around, as bytes for :meth:`BinlogWriter.write_bytes` (which makes its length,
    next position and CRC32 right).

    Only what changes is patched in the event's bytes: the header's type code
    (WRITE <-> DELETE; a compressed type made plain), STMT_END_F in the flags,
    an UPDATE's two column bitmaps swapped (they sit just before the images,
    the same size), and the images (which end the body) replaced by the
    reversed ones, inflated for a compressed event. Every other byte is as read.
    """
    raw = event.raw
    start = rows.images_start
    compressed = event.type_code in _PLAIN
    images = rows_data(event, event.body) if compressed else raw[start:len(raw) - event.checksum_len]
    code = _PLAIN.get(event.type_code, event.type_code)
    update = code in _UPDATES
    width = rows.width
    before = raw[start - (2 if update else 1) * width:start - (width if update else 0)]
    after = raw[start - width:start] if update else before
    _check(event, code, rows, [before, after] if update else [before])
    reversed_images = _reversed_rows(event, rows.table_map, images, update, before, after)
    out = bytearray(raw[:start])
    out[TYPE_CODE_OFFSET] = code if update else _SWAP[code]
    if update:
        out[start - 2 * width:start] = after + before
    flags = _flags_offset(event)
    out[flags:flags + 2] = (int.from_bytes(out[flags:flags + 2], "little") | STMT_END_F).to_bytes(2, "little")
    out += reversed_images
    out += bytes(event.checksum_len)
    return out


def write_flashback(source: str, writer: BinlogWriter, events: list[Event],
                    transactions: list[FlashbackTransaction]) -> int:
    """Write the undo binlog of one file (``source``, read again): its events outside transactions, then its
    transactions reversed.

    Returns how many DDL statements were left out.
    """
    tail = [e for e in events if e.type_code in (et.ROTATE_EVENT, et.STOP_EVENT)]
    for event in events:
        if event not in tail:
            writer.write(event)
    skipped = sum(tx.skipped_ddl for tx in transactions)
    kept = [tx for tx in reversed(transactions) if tx.rows]
    numbers = _gtid_numbers(kept)
    with BackwardWindow(source) as window:
        for tx in kept:
            _write_undo(writer, window, tx, numbers)
    for event in tail:
        writer.write(event)
    return skipped


def _write_undo(writer: BinlogWriter, window: BackwardWindow, tx: FlashbackTransaction,
                numbers: dict[int, tuple[int, bytes]]) -> None:
    """One transaction's undo: its opening frame (a GTID renumbered), its rows events turned around and in
    reverse order, each after its table map, its closing frame (written some events at a time; when an
    event cannot be turned around, what precedes it is written)."""
    window.cover(tx.start, tx.end)
    checksum = tx.fmt.has_crc32
    out: list[bytearray] = []
    try:
        for pos in tx.opening:
            raw = bytearray(window.raw(pos))
            number = numbers.get(pos)
            if number is not None:
                offset, value = number
                raw[offset:offset + 8] = value
            out.append(raw)
        map_pos, map_raw = -1, b""  # the rows events of a statement share its TABLE_MAP: read once
        for rows in reversed(tx.rows):
            if rows.map_pos != map_pos:
                map_pos, map_raw = rows.map_pos, window.raw(rows.map_pos)
            out.append(bytearray(map_raw))  # written before the rows event even if that cannot be turned
            out.append(undo_rows_event(event_at(window.raw(rows.pos), rows.pos, tx.fmt, window.name), rows))
            if len(out) >= _BATCH:
                writer.write_many(out, checksum=checksum)
                out = []
        out.extend(bytearray(window.raw(pos)) for pos in tx.closing)
    finally:
        writer.write_many(out, checksum=checksum)


#: Events written at once (a long transaction's undo is not held whole).
_BATCH = 64


_MARIADB_GTID = et.MARIADB_GTID_EVENT
#: MySQL GTID events whose number is a plain field (GTID_TAGGED_LOG_EVENT's is a mysql::serialization varint: kept).
_MYSQL_GTIDS = frozenset((et.EventType.gtid_log_event.value,))
#: Where the number starts in a GTID body: MariaDB's ``seq_no`` (u8) first (ksy/event_mariadb.ksy ``gtid_event``,
#: sql/log_event_server.cc ``Gtid_log_event::write``), MySQL's ``gno`` (s8) after the flags byte and the 16-byte
#: sid (ksy/event_gtid.ksy ``gtid_event``, control_events.h ``Gtid_event``).
_SEQ_NO_START, _GNO_START = 0, 17


def _gtid_number(event: Event) -> GtidNumber | None:
    """What renumbering needs of a GTID event (None for other events and tagged GTIDs; a body that does not
    parse, which the transaction tracker has reported, gets no number)."""
    try:
        body = event.body if event.type_code == _MARIADB_GTID or event.type_code in _MYSQL_GTIDS else None
    except MalformedEventError:
        body = None
    if body is None:
        return None
    if event.type_code == _MARIADB_GTID:
        return (event.pos, event.header_len + _SEQ_NO_START, ("mariadb", body.domain_id),
                getattr(body, "seq_no", None), True)
    if event.type_code in _MYSQL_GTIDS:
        return (event.pos, event.header_len + _GNO_START, ("mysql", bytes(getattr(body, "sid", b"") or b"")),
                getattr(body, "gno", None), False)
    return None


def _gtid_numbers(kept: list[FlashbackTransaction]) -> dict[int, tuple[int, bytes]]:
    """GTID events renumbered so their numbers rise in the undo binlog's order (the tools refuse GTIDs out of
    order): the reversed transactions take the same numbers, per domain (MariaDB) or source (MySQL), ascending.

    By event position: where the number starts in the event and its new 8 bytes.
    """
    groups: dict[tuple[Any, ...], list[GtidNumber]] = {}
    for tx in kept:
        for gtid in tx.gtids:
            groups.setdefault(gtid[2], []).append(gtid)
    out: dict[int, tuple[int, bytes]] = {}
    for group in groups.values():
        if not all(isinstance(gtid[3], int) for gtid in group):
            continue
        values = sorted(gtid[3] for gtid in group)
        for (pos, offset, _, _, unsigned), value in zip(group, values, strict=True):
            out[pos] = (offset, value.to_bytes(8, "little", signed=not unsigned))
    return out
