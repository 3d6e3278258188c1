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

The first read keeps each transaction's event bounds only (and, per rows
event, where its images start, as the spec parsed it): the events are read
again when written, last transaction first (:mod:`.reread`), no event framed
or parsed again (but a compressed one, to inflate it). What changes is
patched in the event's bytes (header type code, flags, bitmaps, images, a
GTID's number), the rest kept as read, the undo of many transactions laid in
one buffer (the images of their alike rows events found by one scan,
:func:`_scan_together`); ``BinlogWriter.write_joined`` makes next positions
and CRC32 right and writes it at once. tests/test_flashback_bytes.py holds
the patched bytes equal to what the read-write classes write for the same
change, and the images scanned together equal to those scanned alone.

The compiled loop (``_undo.pyx``, :meth:`_UndoWriter._compiled`) lays out
the transactions it is sure of the same way, without a Python step per
event; it leaves the others (a compressed rows event, one that is refused,
a transaction longer than the window) to the Python path here.
tests/test_flashback_fast_paths.py holds the undo binlogs of both equal.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...generated.binlog_event import BinlogEvent as SpecEvent
from .. import constants as et
from ..constants import STMT_END_F
from ..errors import FlashbackRefusal, MalformedEventError
from ..event import Event
from ..event_body import known_gtid_tail, known_rows_head
from ..event_fields import query_text
from ..filters import is_transaction_control
from ..plain_transactions import Change
from ..reader import BinlogFormat
from ..rows.events import rows_data
from ..rows.image_bounds import image_starts, prepared_layouts
from ..rows.layouts import image_layouts
from ..table_map import TableMap
from .binlog import TYPE_CODE_OFFSET, BinlogWriter
from .reread import BackwardWindow, event_at

_undo_transactions: Callable[..., int] | None
try:
    from ._undo import undo_transactions as _undo_transactions
except ImportError:  # pragma: no cover - an install without the compiled module
    _undo_transactions = None

#: Lay out the undo with the compiled loop (tests switch it off to compare with the Python path).
PREFER_COMPILED = True

__all__ = ["FlashbackPlan", "FlashbackTransaction", "UndoRows", "UndoTransaction", "gtid_number", "undo_rows_event",
           "write_flashback"]

#: WRITE <-> DELETE, v1 and v2 (libs/mysql/binlog/event/binlog_event.h Log_event_type).
_SWAP = {23: 25, 25: 23, 30: 32, 32: 30}
_UPDATES = frozenset((24, 31))
#: Where the common header keeps the event length (binlog_event.h ``EVENT_LEN_OFFSET``).
_LENGTH_START = 9
_U4 = struct.Struct("<I")
#: MariaDB's compressed rows events -> the plain ones with the same layout (sql/log_event.h Log_event_type:
#: WRITE_ROWS_COMPRESSED_EVENT_V1 -> WRITE_ROWS_EVENT_V1, ...), by the spec's names.
_PLAIN = {member.value: SpecEvent.EventType[member.name.replace("_compressed_event", "_event")].value
          for member in SpecEvent.EventType if "_rows_compressed_event" in member.name}


#: A GTID event of an undo transaction: its position, where its number starts in it, its group (domain or
#: source), its number (None when it is not a plain integer) and whether that is MariaDB's unsigned seq_no.
GtidNumber = tuple[int, int, tuple[Any, ...], Any, bool]


#: :class:`UndoRows`' fields as a plain tuple.
UndoRowsFields = tuple[int, int, int, int, int, int, int, int, bool, int, int]


class UndoRows(NamedTuple):
    """A rows event to turn around, by position, with what its first read found: its TABLE_MAP event's bytes
    (``map_pos:map_end``), its own (``pos:end``), its table (an index in :attr:`FlashbackPlan.tables`), its type
    code, where its images start in the event (after its column bitmaps, ``width`` bytes each), whether it is a
    partial JSON update, where its flags start and how long its checksum is.

    :class:`FlashbackPlan` keeps its fields in its transaction's flat record (see :class:`UndoTransaction`);
    :class:`UndoTransaction` holds them as a plain tuple (``_make`` gives it back)."""

    map_pos: int
    map_end: int
    pos: int
    end: int
    table: int
    code: int
    images_start: int
    width: int
    partial: bool
    flags_at: int
    checksum_len: int

    @staticmethod
    def of_known(map_event: Event, event: Event, table: int, images_start: int, width: int,
                 partial: bool) -> UndoRowsFields:
        """:meth:`of` for a rows event whose head was read before: where its images start, the width of its
        column bitmaps and whether it is a partial JSON update given."""
        pos = event.pos
        map_pos = map_event.pos
        return (map_pos, map_pos + map_event.length, pos, pos + event.length, table, event.type_code, images_start,
                width, partial, _flags_offset(event), event.checksum_len)

    @staticmethod
    def of(map_event: Event, event: Event, table: int) -> UndoRowsFields:
        """A rows event whose body has been parsed (by the spec: ``rows`` or the compressed rows end it), as
        the plain tuple of its fields that :class:`FlashbackPlan` keeps (``UndoRows._make`` names them)."""
        checksum_len = event.checksum_len
        known = known_rows_head(event.type_code, event.post_header_len, event.body_bytes)
        if known is not None:  # a head parsed before: the images start right after it
            body, images_start = known[0], event.header_len + known[1]
        else:
            body = event.body
            tail = len(body._raw_compressed_rows) if body.is_compressed else len(body.rows)
            images_start = event.length - checksum_len - tail
        return UndoRows.of_known(map_event, event, table, images_start, len(body.columns_before_image),
                                 bool(body.is_partial))


class UndoTransaction(NamedTuple):
    """A transaction to undo, by the bounds of its events (the file's bytes ``start:end``): its opening and
    closing frames as byte ranges (``(start, end, start, end, ...)``, the ranges of events that follow each
    other merged), its rows events, its GTID events; ``fmt`` is an index in :attr:`FlashbackPlan.formats`.

    :class:`FlashbackPlan` keeps each as one flat record, a tuple of plain values
    (:meth:`record`, :meth:`of`): ``fmt, start, end``, the number of GTID events
    and the 5 fields of each, the number of opening ints and those, the number
    of rows events and the 11 fields of each, the number of closing ints and
    those. A tuple of plain values is left alone by the garbage collector once
    it has seen it, so a file's many transactions cost it one look each (nested
    tuples cost it one per tuple); the compiled loop reads the record as it is.
    """

    fmt: int
    start: int
    end: int
    opening: tuple[int, ...]
    rows: tuple[UndoRowsFields, ...]  # UndoRows' fields, as plain tuples
    closing: tuple[int, ...]
    gtids: tuple[GtidNumber, ...]

    @staticmethod
    def record(fmt: int, start: int, end: int, opening: Sequence[int], rows: Sequence[UndoRowsFields],
               closing: Sequence[int], gtids: Sequence[GtidNumber]) -> tuple[Any, ...]:
        """The flat record of a transaction's fields."""
        flat: list[Any] = [fmt, start, end, len(gtids)]
        for gtid in gtids:
            flat += gtid
        flat.append(len(opening))
        flat += opening
        flat.append(len(rows))
        for fields in rows:
            flat += fields
        flat.append(len(closing))
        flat += closing
        return tuple(flat)

    @classmethod
    def of(cls, record: tuple[Any, ...]) -> UndoTransaction:
        """A transaction from its flat record (:meth:`record`)."""
        i = 4 + _GTID_FIELDS * record[3]
        gtids = tuple(record[j:j + _GTID_FIELDS] for j in range(4, i, _GTID_FIELDS))
        opening = record[i + 1:i + 1 + record[i]]
        i += 1 + record[i]
        rows = tuple(record[j:j + _ROWS_FIELDS] for j in range(i + 1, i + 1 + _ROWS_FIELDS * record[i], _ROWS_FIELDS))
        i += 1 + _ROWS_FIELDS * record[i]
        closing = record[i + 1:i + 1 + record[i]]
        return cls(record[0], record[1], record[2], opening, rows, closing, gtids)


#: How many fields a GTID and a rows event have in a transaction's flat record.
_GTID_FIELDS, _ROWS_FIELDS = 5, len(UndoRows._fields)


class FlashbackPlan:
    """What the first read of a file finds for its undo: the transactions with rows events to turn around
    (file order), the table maps and formats they refer to, how many DDL statements are left out."""

    def __init__(self) -> None:
        #: Each one's flat record (see :class:`UndoTransaction`): ``UndoTransaction.of`` gives it back.
        self.transactions: list[tuple[Any, ...]] = []
        self.tables: list[TableMap] = []
        self.formats: list[BinlogFormat] = []
        self.skipped_ddl = 0
        self._table_ids: dict[int, int] = {}  # id() of a map in tables -> its index

    def begin(self, fmt: BinlogFormat, start: int) -> FlashbackTransaction:
        """A transaction that starts at ``start``, to fill event by event and :meth:`end`."""
        return FlashbackTransaction(self, fmt, start)

    def end(self, tx: FlashbackTransaction) -> None:
        """Keep a transaction whose content is wanted (``tx.content``: its DDL counted; kept when it has rows
        events)."""
        self.skipped_ddl += tx.skipped_ddl
        if tx.rows:
            self.add(tx.fmt, tx.start, tx.end, tx.opening, tx.rows, tx.closing, tx.gtids)

    def add(self, fmt: BinlogFormat, start: int, end: int, opening: Sequence[int], rows: Sequence[UndoRowsFields],
            closing: Sequence[int], gtids: Sequence[GtidNumber]) -> None:
        """Keep a transaction with rows events (:class:`UndoTransaction`'s fields)."""
        formats = self.formats
        if not formats or formats[-1] is not fmt:
            formats.append(fmt)
        self.transactions.append(UndoTransaction.record(len(formats) - 1, start, end, opening, rows, closing, gtids))

    def add_plain(self, fmt: BinlogFormat, events: list[Event], changes: list[Change],
                  map_events: dict[int, Event]) -> None:
        """Keep a plain transaction (:mod:`..plain_transactions`: a GTID event, then ANNOTATE_ROWS, TABLE_MAP
        and rows events, an XID; every event wanted) as :meth:`FlashbackTransaction.add` would keep it event by
        event: its table maps and rows events are its content, the events before them its opening frame, the
        others its closing frame (tests/test_flashback_fast_paths.py holds the undo binlogs equal).
        ``map_events``: the TABLE_MAP events read before it, by table id, for a rows event whose map is not in
        it."""
        closing: list[int] = []
        rows: list[UndoRowsFields] = []
        first = 0  # where the first TABLE_MAP or rows event starts: the events before it open the transaction
        k = 0
        for event in events:
            code = event.type_code
            if code in _ROWS_EVENTS:
                first = first or event.pos
                table_map, _, _, _, facts, images_start, map_event = changes[k]
                k += 1
                if map_event is None:  # a map of before the transaction
                    map_event = map_events[table_map.table_id]
                rows.append(UndoRows.of_known(map_event, event, self.table(table_map), images_start,
                                              len(facts.present_before), facts.partial_json))
            elif code == _TABLE_MAP:
                first = first or event.pos
            elif first:
                _add_range(closing, event.pos, event.pos + event.length)
        gtid, last = events[0], events[-1]
        number = gtid_number(gtid)
        self.add(fmt, gtid.pos, last.pos + last.length, (gtid.pos, first), rows, closing,
                 (number,) if number is not None else ())

    def table(self, table_map: TableMap) -> int:
        """The index of a table map in :attr:`tables`."""
        index = self._table_ids.get(id(table_map))
        if index is None:
            index = self._table_ids[id(table_map)] = len(self.tables)
            self.tables.append(table_map)
        return index


@dataclass(slots=True)
class FlashbackTransaction:
    """One transaction being read (its events added in turn, :meth:`add`), for :meth:`FlashbackPlan.end`: its
    opening frame, its rows events with their table maps, its closing frame. Not even the transaction being
    read is held: only the bounds of its events."""

    plan: FlashbackPlan
    fmt: BinlogFormat
    start: int
    end: int = 0
    opening: list[int] = field(default_factory=list)
    rows: list[UndoRowsFields] = field(default_factory=list)  # UndoRows' fields, as a plain tuple
    closing: list[int] = field(default_factory=list)
    gtids: list[GtidNumber] = field(default_factory=list)
    skipped_ddl: int = 0
    content: int = 0  # events kept for their own sake (a transaction without any is dropped)
    seen_content: bool = False  # a table map, rows event or statement came: what follows closes it

    def add(self, event: Event, content: bool, table: tuple[Event, TableMap] | None) -> None:
        """The transaction's next event (``content``: kept for its own sake, see ``filter``; ``table``: a rows
        event's TABLE_MAP event and map)."""
        pos = event.pos
        self.end = end = pos + event.length
        self.content += content
        code = event.type_code
        if code == _TABLE_MAP:
            self.seen_content = True
        elif code in _ROWS_EVENTS:
            self.seen_content = True
            if content and table is not None:
                map_event, table_map = table
                self.rows.append(UndoRows.of(map_event, event, self.plan.table(table_map)))
        elif code in _QUERY_EVENTS and not is_transaction_control(query_text(event.body)):
            self.seen_content = True
            self.skipped_ddl += 1 if content else 0
        elif self.seen_content:
            _add_range(self.closing, pos, end)
        else:
            _add_range(self.opening, pos, end)
            if code in _GTID_CODES:
                gtid = gtid_number(event)
                if gtid is not None:
                    self.gtids.append(gtid)


_TABLE_MAP = et.TABLE_MAP_EVENT
_ROWS_EVENTS = et.ROWS_EVENTS
_QUERY_EVENTS = et.QUERY_EVENTS


def _add_range(ranges: list[int], start: int, end: int) -> None:
    """Add the bytes ``start:end`` to ``[start, end, ...]`` ranges, merged with the last when they follow it."""
    if ranges and ranges[-1] == start:
        ranges[-1] = end
    else:
        ranges += (start, end)


@functools.lru_cache(maxsize=4096)
def _full(bitmap: bytes, ncols: int) -> bool:
    """Whether a column bitmap has all ``ncols`` columns (a table's bitmaps repeat: remembered)."""
    return all(bitmap[i >> 3] >> (i & 7) & 1 for i in range(ncols))


def _reversed_rows(table_map: TableMap, data: bytes, update: bool, before: bytes, after: bytes,
                   where: str) -> bytes:
    """The row images of a rows event in reverse order: the rows last first and, for updates, each row's
    after image before its before image (the images of ``(b0, a0), (b1, a1)`` become ``a1, b1, a0, b0``).
    ``where``: the rows event, ``file:pos``, for the refusal."""
    layouts = image_layouts(table_map, "update" if update else "delete", before, after)
    return _reversed_images(table_map, data, layouts, where)


def _reversed_images(table_map: TableMap, data: bytes, layouts: list[list[int]] | None, where: Any,
                     starts: list[int] | None = None) -> bytes:
    """:func:`_reversed_rows` with the layouts of the event's image kinds found (``where``: an object whose
    text is ``file:pos``; ``starts``: where its images start, when found already, see :func:`_scan_together`)."""
    if starts is not None:
        bounds, whole = starts, True
    elif layouts is not None:
        bounds, whole = image_starts(data, layouts)
    else:
        bounds, whole = [], False
    if layouts is None or not whole or len(bounds) % len(layouts):
        raise FlashbackRefusal(f"{table_map.qualified_name}: row images that do not end with the event "
                               f"(rows event at {where})")
    count = len(bounds)
    if count == 2:  # one row of an update, or two of a write or delete: the most common events
        return data[bounds[1]:] + data[:bounds[1]]
    bounds.append(len(data))
    return b"".join([data[bounds[i - 1]:bounds[i]] for i in range(count, 0, -1)])


def _turn(table_map: TableMap, code: int, partial: bool, before: bytes, after: bytes | None
          ) -> tuple[str | None, int, list[list[int]] | None]:
    """How a rows event of the table turns around (``after``: an update's second bitmap, else None): why it
    cannot be undone exactly, or None; its new type code; the layouts of its image kinds. The same for every
    event of a table with the same type and bitmaps: remembered by its map."""
    key = ("flashback", code, partial, before, after)
    memo = table_map.memo
    found = memo.get(key)
    if found is None:
        plain = _PLAIN.get(code, code)
        update = after is not None
        bitmaps = (before, after) if after is not None else (before,)
        if partial:
            problem: str | None = "a partial JSON update cannot be undone"
        elif plain not in _SWAP and plain not in _UPDATES:
            problem = f"{et.event_type_name(code)} is not turned around"
        elif not all(_full(b, len(table_map.columns)) for b in bitmaps):
            problem = "a MINIMAL or NOBLOB row image lacks columns: the change cannot be undone exactly"
        else:
            problem = None
        layouts = None if problem is not None else image_layouts(
            table_map, "update" if update else "delete", before, after if after is not None else before)
        found = memo[key] = (problem, plain if update else _SWAP.get(plain, plain), layouts)
    return found


class _Where:
    """``file:pos``, made into text only for a refusal."""

    __slots__ = ("file", "pos")

    def __init__(self, file: str, pos: int) -> None:
        self.file, self.pos = file, pos

    def __str__(self) -> str:
        return f"{self.file}:{self.pos}"


def _flags_offset(event: Event) -> int:
    """Where a rows event's ``flags`` start in the event: after the 6-byte table id, or the 4-byte one of
    6-byte post-headers (ksy/event_rows.ksy ``rows_event``; rows_event.h ``Rows_event``)."""
    return event.header_len + (4 if event.post_header_len == 6 else 6)


def undo_rows_event(out: bytearray, raw: bytes, rows: UndoRowsFields, table_map: TableMap, fmt: BinlogFormat,
                    file: str, starts: list[int] | None = None) -> None:
    """A rows event (its bytes ``raw``, of table ``table_map``, framed by ``fmt``, read from ``file``; ``rows``:
    an :class:`UndoRows` or its fields) turned around, added to ``out`` for :meth:`BinlogWriter.write_joined`
    (which makes its next position and CRC32 right).

    Only what changes is patched in the event's bytes: the header's type code
    (WRITE <-> DELETE; a compressed type made plain), its length (a
    compressed event's images are inflated), STMT_END_F in the flags, an
    UPDATE's two column bitmaps swapped (they sit just before the images, the
    same size), and the images (which end the body) replaced by the reversed
    ones. Every other byte is as read. Nothing is added when the event cannot
    be turned around (a refusal, images that do not inflate). ``starts``:
    where its images start, when :func:`_scan_together` found them.
    """
    _, _, pos, _, _, code, start, width, partial, flags_at, checksum_len = rows
    compressed = code in _PLAIN
    if compressed:
        event = event_at(bytes(raw), pos, fmt, file)
        images = rows_data(event, event.body)
    else:
        images = raw[start:len(raw) - checksum_len]
    update = _PLAIN.get(code, code) in _UPDATES
    if update:
        before, after = raw[start - 2 * width:start - width], raw[start - width:start]
        problem, new_code, layouts = _turn(table_map, code, partial, before, after)
    else:
        before = raw[start - width:start]
        problem, new_code, layouts = _turn(table_map, code, partial, before, None)
    if problem is not None:
        raise FlashbackRefusal(f"{table_map.qualified_name} (rows event at {file}:{pos}): {problem}")
    reversed_images = _reversed_images(table_map, images, layouts, _Where(file, pos), starts)
    at = len(out)
    if compressed:
        out += raw[:start]
        out += reversed_images
        out += bytes(checksum_len)
        _U4.pack_into(out, at + _LENGTH_START, len(out) - at)
    else:
        out += raw
        out[at + start:at + start + len(reversed_images)] = reversed_images
    out[at + TYPE_CODE_OFFSET] = new_code
    if update:
        out[at + start - 2 * width:at + start] = after + before
    flags = at + flags_at
    out[flags] |= STMT_END_F & 0xFF
    out[flags + 1] |= STMT_END_F >> 8


#: Bytes of undo events gathered before they are written (a long transaction's undo is not held whole).
FLUSH_BYTES = 1 << 19


def write_flashback(source: str, writer: BinlogWriter, events: list[Event], plan: FlashbackPlan) -> int:
    """Write the undo binlog of one file (``source``, read again): its events outside transactions, then its
    transactions reversed.

    Returns how many DDL statements were left out.
    """
    tail = [e for e in events if e.type_code in (et.ROTATE_EVENT, et.STOP_EVENT)]
    for event in events:
        if event not in tail:
            writer.write(event)
    numbers = _gtid_numbers(plan)
    with BackwardWindow(source) as window:
        _UndoWriter(writer, window, plan, numbers).write()
    for event in tail:
        writer.write(event)
    return plan.skipped_ddl


def _plain_layouts(raw: bytes, rows: UndoRowsFields, table_map: TableMap) -> list[list[int]] | None:
    """The layouts of a plain rows event's image kinds when it turns around (None for a compressed event, or
    one :func:`undo_rows_event` refuses: that one finds out why)."""
    code, start, width, partial = rows[5:9]
    if code in _PLAIN:
        return None
    if code in _UPDATES:
        problem, _, layouts = _turn(table_map, code, partial, raw[start - 2 * width:start - width],
                                    raw[start - width:start])
    else:
        problem, _, layouts = _turn(table_map, code, partial, raw[start - width:start], None)
    return layouts if problem is None else None


def _scan_together(images: list[bytes], layouts: list[list[int]]) -> list[list[int]] | None:
    """Where the images of each of some rows events start (their image kinds alike: ``layouts``), found by one
    scan of them all laid end to end; None when an event's images do not end where its data does (each is
    then scanned alone, and refused).

    The same starts as a scan of each alone: every event starts a row (so the
    scan meets each event's data from its start, with the first layout), and
    every event's images end where its data does, the last one's exactly.
    """
    data = b"".join(images)
    found, whole = image_starts(data, layouts)
    if not whole:
        return None
    kinds, count = len(layouts), len(found)
    out: list[list[int]] = []
    j = offset = 0
    for piece in images:
        end = offset + len(piece)
        if j >= count or found[j] != offset:
            return None
        k = j
        while k < count and found[k] < end:
            k += 1
        if (k - j) % kinds:
            return None
        out.append([start - offset for start in found[j:k]])
        j, offset = k, end
    return out if j == count else None


#: Rows events read before their images are scanned together (:func:`_scan_together`), at most, and bytes
#: of events held before (a long transaction's undo is not held whole).
SCAN_BATCH = 4096
READ_BYTES = 1 << 18


class _RowsUndo(NamedTuple):
    """A rows event read again, to turn around (:func:`undo_rows_event`)."""

    raw: bytes
    rows: UndoRowsFields
    table_map: TableMap
    fmt: BinlogFormat


class _UndoWriter:
    """The undo of transactions gathered in one buffer, written (sealed) every :data:`FLUSH_BYTES`.

    The events of some transactions are read first (:meth:`_read`: the bytes to
    copy, the rows events to turn around, whether CRC32 follows, in the order
    they are written), the images of their rows events scanned together, then
    the undo laid out (:meth:`_lay_out`).
    """

    def __init__(self, writer: BinlogWriter, window: BackwardWindow, plan: FlashbackPlan,
                 numbers: dict[int, tuple[int, bytes]]) -> None:
        self.writer = writer
        self.window = window
        self.plan = plan
        self.numbers = numbers
        self.out = bytearray()
        self.checksum = False
        self.steps: list[bytes | bytearray | bool | _RowsUndo] = []  # read, not laid out yet
        self.rows_held = self.bytes_held = 0
        #: For the compiled loop, by (table, type code, partial, column bitmaps): a rows event's new type code
        #: and layouts (see :meth:`_turn_of`), or None when the Python path turns it (or refuses to).
        self._turns: dict[tuple[int, int, bool, bytes], tuple[int, bytes, bytes, int] | None] = {}

    def write(self) -> None:
        """Each transaction's undo, last first (when an event cannot be turned around or read, what precedes
        it is written): as many as it can by the compiled loop (``_undo.pyx``), the others read and laid out
        here."""
        transactions = self.plan.transactions
        i = len(transactions)
        compiled = _undo_transactions is not None and PREFER_COMPILED
        try:
            try:
                while i:
                    if compiled:
                        i = self._compiled(i)
                        if not i:
                            break
                    i -= 1
                    self._read(UndoTransaction.of(transactions[i]))
            finally:  # what was read, before an event that cannot be read too
                self._lay_out()
        finally:
            self.flush()

    def _compiled(self, upto: int) -> int:
        """The undo of ``transactions[:upto]`` laid out by the compiled loop, last first, as long as it can: the
        index below which transactions are left."""
        transactions = self.plan.transactions
        while upto:
            fmt = transactions[upto - 1][0]
            if self.steps:
                self._lay_out()  # what the Python path read comes first
            if self.checksum != self.plan.formats[fmt].has_crc32:
                self.flush()
                self.checksum = self.plan.formats[fmt].has_crc32
            assert _undo_transactions is not None
            left = _undo_transactions(transactions, upto, fmt, self.out, self.window, self.numbers, self._turn_of,
                                      FLUSH_BYTES)
            if len(self.out) >= FLUSH_BYTES:
                self.flush()
            if left == upto:
                return upto
            upto = left
        return upto

    def _turn_of(self, table: int, code: int, partial: bool, width: int, bitmaps: bytes
                 ) -> tuple[int, bytes, bytes, int] | None:
        """For the compiled loop: a plain rows event's new type code and layouts as the compiled scan takes them
        (:func:`prepared_layouts`: the widths, a row per layout, and the column counts, as bytes of int64; the
        widest layout), or None (compressed, or not turned around: the Python path says why). ``bitmaps``: its
        column bitmaps, an update's two, ``width`` bytes each."""
        key = (table, code, partial, bitmaps)
        try:
            return self._turns[key]
        except KeyError:
            pass
        found = None
        if code not in _PLAIN:
            after = bitmaps[width:] if code in _UPDATES else None
            problem, new_code, layouts = _turn(self.plan.tables[table], code, partial, bitmaps[:width], after)
            if problem is None and layouts is not None:
                widths, ncols, widest = prepared_layouts(layouts)
                found = (new_code, widths.tobytes(), ncols.tobytes(), widest)
        self._turns[key] = found
        return found

    def flush(self) -> None:
        if self.out:
            out, self.out = self.out, bytearray()
            self.writer.write_joined(out, checksum=self.checksum)

    def _read(self, tx: UndoTransaction) -> None:
        """One transaction's undo, as steps: whether its events carry CRC32, its opening frame (a GTID
        renumbered), its rows events in reverse order, each after its table map, its closing frame (laid out
        every :data:`SCAN_BATCH` rows events or :data:`READ_BYTES`)."""
        window = self.window
        span = window.span
        window.cover(tx.start, tx.end)
        fmt = self.plan.formats[tx.fmt]
        steps = self.steps
        steps.append(fmt.has_crc32)  # (a file's format changes seldom: the writer's buffer is written then)
        opening = tx.opening
        for i in range(0, len(opening), 2):
            first, end = opening[i], opening[i + 1]
            frame: bytes | bytearray = span(first, end - first)
            for gtid in tx.gtids:
                number = self.numbers.get(gtid[0])
                if number is not None and first <= gtid[0] < end:
                    offset, value = number
                    frame = bytearray(frame)
                    frame[gtid[0] - first + offset:gtid[0] - first + offset + 8] = value
            steps.append(frame)
        map_pos, map_raw = -1, b""  # the rows events of a statement share its TABLE_MAP: read once
        tables = self.plan.tables
        for rows in reversed(tx.rows):
            rows_map_pos, map_end, pos, end, table = rows[:5]
            if rows_map_pos != map_pos:
                map_pos, map_raw = rows_map_pos, span(rows_map_pos, map_end - rows_map_pos)
            steps.append(map_raw)  # written before the rows event even if that cannot be turned
            steps.append(_RowsUndo(span(pos, end - pos), rows, tables[table], fmt))
            self.rows_held += 1
            self.bytes_held += end - pos
            if self.rows_held >= SCAN_BATCH or self.bytes_held >= READ_BYTES:
                self._lay_out()
                steps = self.steps
        closing = tx.closing
        for i in range(0, len(closing), 2):
            steps.append(span(closing[i], closing[i + 1] - closing[i]))

    def _lay_out(self) -> None:
        """Lay the steps read out in the buffer, the images of alike rows events scanned together."""
        steps, self.steps, self.rows_held, self.bytes_held = self.steps, [], 0, 0
        groups: dict[int, tuple[list[list[int]], list[int], list[bytes]]] = {}
        for i, step in enumerate(steps):
            if isinstance(step, _RowsUndo):
                layouts = _plain_layouts(step.raw, step.rows, step.table_map)
                if layouts is not None:
                    group = groups.get(id(layouts))
                    if group is None:
                        group = groups[id(layouts)] = (layouts, [], [])
                    start, checksum_len = step.rows[6], step.rows[10]
                    group[1].append(i)
                    group[2].append(step.raw[start:len(step.raw) - checksum_len])
        starts: dict[int, list[int]] = {}
        for layouts, indexes, images in groups.values():
            found = _scan_together(images, layouts)
            if found is not None:
                starts.update(zip(indexes, found, strict=True))
        name = self.window.name
        out = self.out
        for i, step in enumerate(steps):
            if isinstance(step, (bytes, bytearray)):
                out += step
            elif isinstance(step, _RowsUndo):
                undo_rows_event(out, step.raw, step.rows, step.table_map, step.fmt, name, starts.get(i))
                if len(out) >= FLUSH_BYTES:
                    self.flush()
                    out = self.out
            elif step != self.checksum:
                self.flush()
                out = self.out
                self.checksum = step


_MARIADB_GTID = et.MARIADB_GTID_EVENT
#: MySQL GTID events whose number is a plain field (GTID_TAGGED_LOG_EVENT's is a mysql::serialization varint: kept).
_MYSQL_GTIDS = frozenset((et.EventType.gtid_log_event.value,))
_GTID_CODES = frozenset((_MARIADB_GTID, *_MYSQL_GTIDS))
#: Where the number starts in a GTID body: MariaDB's ``seq_no`` (u8) first (ksy/event_mariadb.ksy ``gtid_event``,
#: sql/log_event_server.cc ``Gtid_log_event::write``), MySQL's ``gno`` (s8) after the flags byte and the 16-byte
#: sid (ksy/event_gtid.ksy ``gtid_event``, control_events.h ``Gtid_event``).
_SEQ_NO_START, _GNO_START = 0, 17
#: A MariaDB GTID's group, by domain: one tuple each (a plan holds many GTIDs of few domains).
_MARIADB_GROUPS: dict[int, tuple[str, int]] = {}


def gtid_number(event: Event) -> GtidNumber | None:
    """What renumbering needs of a GTID event (None for other events and tagged GTIDs; a body that does not
    parse, which the transaction tracker has reported, gets no number)."""
    if event.type_code == _MARIADB_GTID:  # a tail parsed before: its domain, and seq_no from the bytes
        known = known_gtid_tail(event.post_header_len, event.body_bytes)
        if known is not None:
            domain = known[0].domain_id
            group = _MARIADB_GROUPS.get(domain)
            if group is None:
                group = _MARIADB_GROUPS.setdefault(domain, ("mariadb", domain))
            return (event.pos, event.header_len + _SEQ_NO_START, group, known[1], True)
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


def _gtid_numbers(plan: FlashbackPlan) -> dict[int, tuple[int, bytes]]:
    """GTID events renumbered so their numbers rise in the undo binlog's order (the tools refuse GTIDs out of
    order): the reversed transactions take the same numbers, per domain (MariaDB) or source (MySQL), ascending.

    By event position: where the number starts in the event and its new 8 bytes.
    """
    groups: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for record in reversed(plan.transactions):
        for i in range(4, 4 + _GTID_FIELDS * record[3], _GTID_FIELDS):  # UndoTransaction.gtids
            gtid = record[i:i + _GTID_FIELDS]
            groups.setdefault(gtid[2], []).append(gtid)
    out: dict[int, tuple[int, bytes]] = {}
    for group in groups.values():
        if not all(isinstance(gtid[3], int) for gtid in group):
            continue
        values = sorted(gtid[3] for gtid in group)
        for (pos, offset, _, _, unsigned), value in zip(group, values, strict=True):
            out[pos] = (offset, value.to_bytes(8, "little", signed=not unsigned))
    return out
