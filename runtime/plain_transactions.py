"""Plain transactions taken whole, for ``stats`` (counted) and ``filter --flashback`` (planned): the small
transactions of an OLTP binlog without the event by event pass.

A transaction of a MariaDB binlog is *plain* when it is a GTID_EVENT, then
ANNOTATE_ROWS, TABLE_MAP and rows events, and an XID_EVENT (sql/log_event.h
``Gtid_log_event``, ``Xid_log_event``), and the :class:`~.changes.ChangeReader`
has already read everything in it once: the GTID's bytes after ``seq_no``
(``event_body.known_gtid_tail``), every TABLE_MAP's bytes (``known_table_map``)
and every rows head (``known_head_facts``). Nothing in it is then parsed and
nothing can fail; its last rows event must end its statement, so the table maps
are forgotten after it as event by event.

:meth:`PlainTransactions.take` reads such transactions from a GTID event on and
hands each, with the row changes of its rows events counted by the compiled
scanner (:func:`.rows.image_bounds.image_counter`; not counted with
``counts=False``), to a ``commit`` callable. It
holds a transaction's events until its XID (up to ``MOST_HELD_EVENTS`` events
and ``MOST_HELD_BYTES`` bytes: a bigger one is not the small kind this is for,
and holding it would cost memory): at the first event that is not plain, it
gives back the events held, which the caller feeds event by event
(``ChangeReader.accept``), so a transaction is either counted whole here or not
at all. ``tests/test_plain_transactions.py`` checks that ``stats`` says the
same with and without it, ``tests/test_flashback_fast_paths.py`` that
``filter --flashback`` writes the same undo binlogs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from . import constants as et
from .changes import ChangeReader, HeadFacts
from .errors import BinlogError
from .event import Event
from .event_body import known_gtid_tail
from .rows.events import Op
from .rows.image_bounds import image_counter
from .table_map import TableMap

__all__ = ["MOST_HELD_BYTES", "MOST_HELD_EVENTS", "PREFER_PLAIN", "Change", "Commit", "PlainTransactions"]

#: Count plain transactions whole (tests switch it off to compare with the event by event pass).
PREFER_PLAIN = True
#: A transaction of more events or bytes than this is not held until its XID: it is fed event by event.
MOST_HELD_EVENTS = 256
MOST_HELD_BYTES = 4 << 20

#: A rows event's table map, op, row changes (0 when not counted), length, head facts, where its row images start
#: in it, and its TABLE_MAP event when that is in the same transaction (else None: the map was read before it).
Change = tuple[TableMap, Op, int, int, HeadFacts, int, Event | None]
#: ``commit(events, changes, size, seconds)``: a plain transaction's events, its rows events' changes, the sum of
#: its events' lengths and its latest event time minus its earliest.
Commit = Callable[[list[Event], list[Change], int, int], None]

_GTID, _XID = et.MARIADB_GTID_EVENT, et.XID_EVENT
_TABLE_MAP, _ANNOTATE = et.TABLE_MAP_EVENT, et.ANNOTATE_ROWS_EVENT
_ROWS = et.ROWS_EVENTS


class PlainTransactions:
    """Take whole the plain transactions a :class:`~.changes.ChangeReader` reads, for ``commit`` to count or plan
    (see the module docstring)."""

    def __init__(self, reader: ChangeReader, commit: Commit, counts: bool = True) -> None:
        self.reader = reader
        self.commit = commit
        #: Whether rows events' row changes are counted (and a transaction whose images do not scan is not plain);
        #: without, each change counts 0 (``filter --flashback`` scans the images when it turns them around).
        self.counts = counts
        self._held: list[Event] = []  # the events of the transaction being read
        #: By id() of a rows head's facts: those facts, the table map and its image counter (for the head's op
        #: and bitmaps) last used with them.
        self._counters: dict[int, tuple[HeadFacts, TableMap, Callable[[bytes], int | None] | None]] = {}

    @staticmethod
    def applies(reader: ChangeReader) -> bool:
        """Whether a plain transaction can be counted whole: every event of the file is wanted."""
        return PREFER_PLAIN and reader.filters.keeps_everything

    def feed(self, events: Iterator[Event]) -> Iterator[Event | None]:
        """The events of ``events`` (the reader's) that are not counted whole, in order, for the caller to feed
        one by one; ``None`` before plain transactions may be counted (a GTID event ends the transaction before
        it). An error reading ``events`` is raised after the events read before it."""
        errors = self.reader.errors
        for event in events:
            if event.type_code != _GTID:
                yield event
                continue
            yield None
            held, stopped = self.take(event, events)
            # the reader records the error it raises: recorded again after the events held, as if raised there
            recorded = errors.pop() if isinstance(stopped, BinlogError) and errors and errors[-1] is stopped else None
            yield from held
            if stopped is not None:
                if recorded is not None:
                    errors.append(recorded)
                raise stopped

    def take(self, first: Event, events: Iterator[Event]) -> tuple[list[Event], Exception | None]:
        """Count the plain transactions from ``first`` (a GTID event) on, reading ``events`` after it.

        Returns the events read and not counted, in order (a transaction that is
        not plain, from its GTID event on, or the event after the last plain
        one), and the exception reading ``events`` stopped with, if any.
        """
        last: Event | None = None  # the GTID event of the last transaction counted
        self._held = [first]
        event = first
        try:
            while (event.type_code == _GTID and event.in_payload is None
                   and known_gtid_tail(event.post_header_len, event.body_bytes) is not None):
                counted = self._transaction(event, events)
                if counted is None:
                    break
                self.commit(self._held, *counted)
                self.reader.tables.end_statement()
                last = event
                event = next(events)
                self._held = [event]
        except StopIteration:
            return self._end(last)
        except Exception as exc:  # noqa: BLE001 - the reader's error: raised by the caller after the events held
            return self._end(last, exc)
        return self._end(last)

    def _end(self, last: Event | None, exc: Exception | None = None) -> tuple[list[Event], Exception | None]:
        """What :meth:`take` returns: the events held (none when they were counted)."""
        held, self._held = self._held, []
        if last is not None:
            self.reader.after_plain_transaction(last)
            if held[0] is last:
                held = []
        return held, exc

    def _transaction(self, gtid: Event, events: Iterator[Event]) -> tuple[list[Change], int, int] | None:
        """Read the transaction ``gtid`` begins, holding its events: its changes, size and seconds when it is
        plain; None at its first event that is not."""
        held = self._held
        errors = self.reader.errors
        seen_errors = len(errors)
        maps: dict[int, tuple[TableMap, Event]] = {}  # the maps (and events) since the last statement ended in it
        earlier = True  # no statement ended in it yet: the reader's maps of before it hold too
        ended = False  # a rows event ended its statement and no TABLE_MAP came after it
        changes: list[Change] = []
        size = gtid.length
        earliest = latest = gtid.timestamp
        known_map = self.reader.known_table_map
        while True:
            event = next(events)
            held.append(event)
            if event.in_payload is not None:
                return None
            timestamp = event.timestamp
            if timestamp < earliest:
                earliest = timestamp
            elif timestamp > latest:
                latest = timestamp
            size += event.length
            if size > MOST_HELD_BYTES or len(held) > MOST_HELD_EVENTS:
                return None  # a big transaction: event by event, without holding it
            code = event.type_code
            if code == _TABLE_MAP:
                table_map = known_map(event)
                if table_map is None:
                    return None
                maps[table_map.table_id] = (table_map, event)
                ended = False
            elif code in _ROWS:
                counted = self._rows(event, maps, earlier)
                if counted is None:
                    return None
                changes.append(counted[0])
                if counted[1]:  # the statement ends: every map is forgotten
                    maps, earlier, ended = {}, False, True
            elif code == _XID:
                break
            elif code != _ANNOTATE:
                return None
        if not ended or len(errors) != seen_errors:
            return None
        return changes, size, latest - earliest

    def _rows(self, event: Event, maps: dict[int, tuple[TableMap, Event]], earlier: bool
              ) -> tuple[Change, bool] | None:
        """A rows event's change, its table map from ``maps`` (and with ``earlier`` the reader's), and whether it
        ends its statement; None when it is not plain."""
        known = self.reader.known_head_facts(event)
        if known is None:
            return None
        facts, data = known
        if facts.version == 0 or facts.partial_json:
            return None
        found = maps.get(facts.table_id)
        map_event: Event | None = None
        table_map: TableMap | None
        if found is not None:
            table_map, map_event = found
        else:
            table_map = self.reader.tables.get(facts.table_id) if earlier else None
        if table_map is None:
            return None
        images_start = event.length - event.checksum_len - len(data)
        if not self.counts:
            return (table_map, facts.op, 0, event.length, facts, images_start, map_event), facts.stmt_end
        counter = self._counters.get(id(facts))
        if counter is None or counter[0] is not facts or counter[1] is not table_map:
            counter = (facts, table_map, image_counter(table_map, facts.op, facts.present_before, facts.present_after))
            if len(self._counters) >= 1024:
                self._counters.clear()
            self._counters[id(facts)] = counter
        count = counter[2](data) if counter[2] is not None else None
        if count is None:
            return None
        return (table_map, facts.op, count, event.length, facts, images_start, map_event), facts.stmt_end
