"""Row changes: each inserted, updated and deleted row of a binlog, with typed values.

``file -> BinlogReader (events) -> TableMapCache -> row images -> RowChange``.
The reader yields events; TABLE_MAP events fill the cache; each rows event is
decoded with the map of its table (``row_image.decode_rows``, prepared once
per table map and columns bitmap) into one :class:`RowChange` per row.

Layout: libs/mysql/binlog/event/rows_event.h (Rows_event, the bitmaps and the
row images), MariaDB sql/log_event.cc (compressed rows events:
``binlog_buf_uncompress``).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO, Literal

from . import constants as et
from .bodies import RowsBody, TableMapBody
from .bounded_cache import BoundedCache
from .column import FLAVOR_MARIADB, FLAVOR_MYSQL, Column
from .errors import (
    BinlogError,
    MalformedEventError,
    RowDecodeError,
    SchemaHistoryWarning,
    UndecodableValueError,
    UnknownTableIdError,
    UnsupportedEventError,
)
from .event import Event
from .event_body import known_rows_head, shared_head
from .event_fields import text_of
from .filters import ChangeFilter
from .reader import BinlogReader
from .rows.events import Op, RowsEvent, op_of, rows_data
from .rows.image import decode_rows
from .schema.ddl.model import TableDef
from .schema.file import SchemaFile
from .schema.history import SchemaHistory
from .table_map import TableMap, TableMapCache, table_map_from_event
from .transactions import TransactionState, TransactionTracker

if TYPE_CHECKING:
    from . import _plain_rows

__all__ = ["ChangeFilter", "ChangeReader", "ChangeStream", "HeadFacts", "RowChange", "RowsEvent", "iter_changes",
           "read_changes"]

#: ``stop`` raises the first error; ``skip`` records it and goes on.
OnError = Literal["stop", "skip"]
#: Text that does not decode in its column's charset: ``strict`` raises, ``keep`` keeps the bytes,
#: ``replace`` puts U+FFFD for the bad bytes (``types.strings.ERRORS_MODES``).
Undecodable = Literal["strict", "keep", "replace"]


_ROWS_EVENTS, _TABLE_MAP_EVENT, _QUERY_EVENTS = et.ROWS_EVENTS, et.TABLE_MAP_EVENT, et.QUERY_EVENTS

PlainRows: type[_plain_rows.PlainRows] | None
try:
    from ._plain_rows import PlainRows, TakenRows, is_plain_start
except ImportError:  # without the compiled modules: every event through ChangeReader.accept
    PlainRows = None

#: Take the rows events of plain transactions whole when every event is wanted (``_plain_rows.pyx``; tests
#: switch it off to compare with the event by event pass).
PREFER_PLAIN_ROWS = True


class HeadFacts:
    """What a rows event's head says, read once per distinct head (see ``event_body.known_rows_head``): the
    body first parsed with it, the row format version, table id, op, columns bitmaps of the before and after
    images, whether it holds partial JSON and whether it ends its statement."""

    __slots__ = ("head", "version", "table_id", "op", "present_before", "present_after", "partial_json",
                 "stmt_end")

    def __init__(self, body: RowsBody) -> None:
        self.head = body
        self.version = body.version
        self.table_id = body.table_id
        self.op = op_of(body)
        self.present_before = bytes(body.columns_before_image)
        self.present_after = bytes(body.columns_after_image) if body.has_after_image_bitmap else self.present_before
        self.partial_json = bool(body.is_partial)
        self.stmt_end = body.is_stmt_end


@dataclass(slots=True)
class RowChange:
    """One row inserted, updated or deleted.

    Attributes
    ----------
    file, pos
        The file and the byte offset of the rows event that holds the row.
    timestamp, server_id
        From the rows event's header.
    gtid, transaction
        The GTID of the transaction (None without GTIDs) and its id in the file: the
        byte offset of its first event.
    schema, table, op
        Where the change happened and what it was: ``insert``, ``update`` or ``delete``.
    before, after
        Column name -> Python value (``None`` for SQL NULL); absent columns are
        absent; ``None`` where the image does not exist (before of an insert).
    row_index
        Index of the row within its rows event.
    table_map
        The table as its TABLE_MAP described it (:attr:`columns`, :attr:`primary_key`).
    """

    file: str
    pos: int
    timestamp: int
    server_id: int
    gtid: str | None
    transaction: int | None
    schema: str
    table: str
    op: Op
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    row_index: int
    table_map: TableMap = field(repr=False)

    @property
    def columns(self) -> tuple[Column, ...]:
        """The table's columns (types, names) as the table map gave them."""
        return self.table_map.columns

    @property
    def primary_key(self) -> tuple[str, ...]:
        """Names of the primary-key columns, () when unknown."""
        return self.table_map.primary_key


def _located(err: BinlogError, event: Event) -> BinlogError:
    if err.file is None:
        err.file, err.offset, err.event_type, err.length = event.file, event.pos, event.type_name, event.length
    return err


class ChangeReader:
    """Decode the row changes of one file: iterate it for :class:`RowChange` objects.

    Parameters
    ----------
    source
        A path or a binary file object.
    name
        File name for changes and errors (default: the path).
    schema
        Column names (and signedness, charsets) for tables logged without them.
    filters
        Which changes to keep (:class:`~.filters.ChangeFilter`).
    on_error
        ``stop`` raises the first error (after yielding every change before it);
        ``skip`` records it in :attr:`errors` and goes on.
    verify_checksums
        Check each event's CRC32.
    undecodable
        Text that does not decode in its column's charset: ``strict`` (an
        :class:`UndecodableValueError` naming the column and offset) or ``keep``
        (the value is kept as ``bytes``).
    reader
        An event reader to take the events from (its ``source`` wins), for a
        caller that also wants every event: iterate the reader and pass each
        event to :meth:`accept`.
    history
        The schema history (:mod:`.schema_history`): it follows the DDL of the
        QUERY events read and names the columns of tables logged without names.
        Pass the same history to the readers of consecutive files.

    Attributes
    ----------
    errors
        Every problem met so far (skip mode), in file order.
    """

    def __init__(
        self,
        source: str | os.PathLike[str] | BinaryIO,
        *,
        name: str | None = None,
        schema: SchemaFile | None = None,
        filters: ChangeFilter | None = None,
        on_error: OnError = "stop",
        verify_checksums: bool = True,
        undecodable: Undecodable = "strict",
        reader: BinlogReader | None = None,
        history: SchemaHistory | None = None,
    ) -> None:
        self.reader = reader if reader is not None else BinlogReader(
            source, name=name, on_error=on_error, verify_checksums=verify_checksums)
        self.undecodable = undecodable
        self.schema = schema
        self.filters = filters or ChangeFilter()
        self.on_error = on_error
        self.errors: list[BinlogError] = self.reader.errors
        self.tables = TableMapCache()
        # by TABLE_MAP body and history version: every table of a binlog of thousands, within an estimate of memory
        self._known_maps: BoundedCache[TableMap] = BoundedCache(
            64 << 20, lambda key, table_map: 2048 + len(key[0]) + 512 * len(table_map.columns))
        # by TABLE_MAP body but its table id, and the history's definition of the table (see _new_table_map)
        self._maps_by_definition: BoundedCache[tuple[TableDef | None, TableMap]] = BoundedCache(
            64 << 20, lambda key, known: 2048 + len(key[0]) + 512 * len(known[1].columns))
        self._head_facts: BoundedCache[HeadFacts] = BoundedCache(1 << 16)  # by id() of the rows body first
        # parsed with a head
        self.history = history
        self._history_warned: set[tuple[Any, ...]] = set()
        self.transactions = TransactionTracker()
        #: The transaction of the last event given to :meth:`accept`.
        self.state = TransactionState(None, None)

    def report(self, err: BinlogError, always_continue: bool = False) -> None:
        """Record a problem; in stop mode raise it (unless reading may always go on after it)."""
        self.errors.append(err)
        if self.on_error == "stop" and not always_continue:
            raise err

    @staticmethod
    def decode_error(rows_event: RowsEvent, exc: Exception) -> BinlogError:
        """A row decoder's exception as an error located at its rows event."""
        event = rows_event.event
        if isinstance(exc, RowDecodeError):
            message = f"{rows_event.table_map.qualified_name}: {exc}"
        else:  # a decoder bug must still name the event
            message = f"rows event does not decode: {type(exc).__name__}: {exc}"
        return UndecodableValueError(message, file=event.file, offset=event.pos, event_type=event.type_name,
                                     length=event.length)

    def rows_events(self) -> Iterator[RowsEvent]:
        """The rows events of wanted tables, positions and times, ready to decode (file order)."""
        flt = self.filters
        stops = flt.stop_position is not None
        if PlainRows is not None and PREFER_PLAIN_ROWS and flt.keeps_everything and not stops:
            yield from self._rows_events_in_blocks()
            return
        for event in self.reader:
            if stops and flt.past_stop(event.pos) and event.in_payload is None:
                return
            rows_event = self.accept(event)
            if rows_event is not None:
                yield rows_event

    def _rows_events_in_blocks(self) -> Iterator[RowsEvent]:
        """:meth:`rows_events` of every event: plain transactions taken whole by the compiled walk (from the
        file's bytes at the head of a block, from the block's events after it), every other event through
        :meth:`accept` (the same rows events, errors and state: ``tests/test_plain_rows.py``)."""
        assert PlainRows is not None
        plain = PlainRows(self, RowsEvent)
        walk = plain.walk
        accept = self.accept
        history = self.history
        for block in self.reader.blocks(take=plain.take):
            if type(block) is TakenRows:
                self.after_plain_transaction(block.last)
                yield from block.rows_events
                continue
            i, n = 0, len(block)
            while i < n:
                event = block[i]
                if isinstance(block, list) and is_plain_start(event):
                    rows_events, i, last = walk(block, i, history.version if history is not None else 0)
                    if last is not None:
                        self.after_plain_transaction(last)
                        yield from rows_events
                        continue
                i += 1
                rows_event = accept(event)
                if rows_event is not None:
                    yield rows_event

    def accept(self, event: Event) -> RowsEvent | None:
        """Feed the next event of the file: transactions and table maps follow it.

        Returns the event as a :class:`RowsEvent` when it is a rows event of a
        wanted table, position and time; :attr:`state` is the transaction it
        belongs to. Problems are reported (see ``on_error``).
        """
        code = event.type_code
        try:
            self.state = state = self.transactions.update(event)
        except BinlogError as err:
            self.state = TransactionState(None, None)
            self.report(err)
            return None
        if code not in _ROWS_EVENTS:
            if code == _TABLE_MAP_EVENT:
                self._add_table_map(event)
            elif code in _QUERY_EVENTS and self.history is not None:
                warning = self.history.follow(event)
                self._report_late_warnings()
                if warning is not None:
                    self.report(warning, always_continue=True)
            return None
        try:
            return self._rows_event(event, state.gtid, state.seq)
        except BinlogError as err:
            self.report(_located(err, event))
        except Exception as exc:  # noqa: BLE001 - a decoder bug must still name the event
            self.report(MalformedEventError(f"rows event does not parse: {type(exc).__name__}: {exc}",
                                            file=event.file, offset=event.pos,
                                            event_type=event.type_name, length=event.length))
        return None

    def _add_table_map(self, event: Event) -> None:
        try:
            # every statement logs its TABLE_MAP again: the same bytes (and DDL history), the same map
            key = (event.body_bytes, self.history.version if self.history is not None else 0)
            table_map = self._known_maps.get(key)
            if table_map is None:
                table_map = self._known_maps.put(key, self._new_table_map(event))
                if table_map.history_problem is not None:
                    self._warn_history(event, table_map)
            self.tables.add(table_map)
        except BinlogError as err:
            self.report(_located(err, event))
        except Exception as exc:  # noqa: BLE001 - a table map the generated parser or the schema merge rejects in any way is unusable, and named
            self.report(MalformedEventError(f"unusable table map: {type(exc).__name__}: {exc}",
                                             file=event.file, offset=event.pos,
                                             event_type=event.type_name, length=event.length))

    def _new_table_map(self, event: Event) -> TableMap:
        """The map of a TABLE_MAP event not met before under this DDL history: the columns of an earlier map with
        the same bytes but for the table id, when the history's definition of the table is the same object (a
        DDL statement on another table changes the history's version, not this table's definition; an ALTER
        makes the server map the table under a new id), else made from the event."""
        history = self._history_table(event) if self.history is not None else None
        key = (event.body_bytes[max(event.post_header_len - 2, 0):], id(history))
        known = self._maps_by_definition.get(key)
        if known is not None and known[0] is history:  # TableDefs are immutable: the same object, the same table
            return dataclasses.replace(known[1], table_id=int(event.body.table_id), memo={})
        flavor = FLAVOR_MARIADB if (self.reader.format and self.reader.format.is_mariadb) else FLAVOR_MYSQL
        table_map = table_map_from_event(event.body, flavor=flavor, schema_file=self.schema, history=history)
        self._maps_by_definition.put(key, (history, table_map))
        return table_map

    def known_table_map(self, event: Event) -> TableMap | None:
        """The map :meth:`accept` made before of a TABLE_MAP event with these bytes, under the DDL history as it
        is (nothing added to :attr:`tables`); None when it made none."""
        return self._known_maps.get((event.body_bytes, self.history.version if self.history is not None else 0))

    def known_head_facts(self, event: Event) -> tuple[HeadFacts, bytes] | None:
        """For a rows event (not compressed) whose head :meth:`accept` read the facts of before: those facts and
        this event's row images; None otherwise."""
        raw = event.body_bytes
        known = known_rows_head(event.type_code, event.post_header_len, raw)
        if known is None:
            return None
        head, head_len = known
        facts = self._head_facts.get(id(head))
        if facts is None or facts.head is not head:
            return None
        return facts, raw[head_len:]

    def after_plain_transaction(self, gtid_event: Event) -> None:
        """Be as after :meth:`accept` was fed a whole transaction: ``gtid_event``, TABLE_MAP, rows (the last one
        ending its statement) and ANNOTATE_ROWS events, and an XID."""
        self.tables.end_statement()
        self.state = self.transactions.closed_after(gtid_event)

    def _history_table(self, event: Event) -> TableDef | None:
        assert self.history is not None
        body: TableMapBody = event.body
        table = self.history.table(text_of(body.schema) or "", text_of(body.table) or "")
        self._report_late_warnings()
        return table

    def _report_late_warnings(self) -> None:
        """The history's warnings of CREATE TABLE statements parsed only now (when their table was asked for)."""
        assert self.history is not None
        for warning in self.history.take_warnings():
            self.report(warning, always_continue=True)

    def _warn_history(self, event: Event, table_map: TableMap) -> None:
        """Once per table and layout: why the DDL history's columns were not used."""
        key = (table_map.schema, table_map.table, tuple(c.type for c in table_map.columns), table_map.history_problem)
        if key in self._history_warned:
            return
        self._history_warned.add(key)
        outcome = (f"its names come from the {table_map.names_from}" if table_map.has_names
                   else "columns keep @N names")
        self.report(SchemaHistoryWarning(
            f"{table_map.qualified_name}: the DDL history does not fit the TABLE_MAP ({table_map.history_problem}): "
            f"{outcome}", file=event.file, offset=event.pos, event_type=event.type_name, length=event.length),
            always_continue=True)

    def _rows_event(self, event: Event, gtid: str | None, seq: int | None) -> RowsEvent | None:
        raw = event.body_bytes
        known = known_rows_head(event.type_code, event.post_header_len, raw)
        if known is not None:  # a head seen before: its facts, and the images after it, with no body parsed
            head, head_len = known
            data: bytes | None = raw[head_len:]
        else:
            head = event.body
            data = None
        facts = self._head_facts.get(id(head))
        if facts is None or facts.head is not head:
            facts = HeadFacts(head)
            shared = shared_head(event.type_code, head)
            if shared is head:  # a body whose head others share (not compressed): keep its facts
                self._head_facts.put(id(head), facts)
        try:
            if facts.version == 0:
                self.report(UnsupportedEventError(
                    "rows event of a pre-GA 5.1 server (old record format): its values need the table's "
                    "storage format and are not decoded", file=event.file, offset=event.pos,
                    event_type=event.type_name, length=event.length), always_continue=True)
                return None
            table_map = self.tables.get(facts.table_id)
            if table_map is None:
                raise UnknownTableIdError(f"rows event for table id {facts.table_id} with no TABLE_MAP before it",
                                          file=event.file, offset=event.pos, event_type=event.type_name,
                                          length=event.length)
            flt = self.filters
            if not flt.keeps_everything and not (
                    flt.wants_table(table_map.schema, table_map.table) and flt.wants_event(event)
                    and flt.wants_gtid(gtid)):
                return None
            if data is None:
                data = rows_data(event, head)
            return RowsEvent(event=event, table_map=table_map, op=facts.op, present_before=facts.present_before,
                             present_after=facts.present_after, data=data, partial_json=facts.partial_json,
                             gtid=gtid, transaction=seq)
        finally:
            if facts.stmt_end:
                self.tables.end_statement()

    def decode(self, rows_event: RowsEvent) -> list[RowChange]:
        """The row changes of one rows event (a located :class:`UndecodableValueError` when they do not decode)."""
        event = rows_event.event
        table_map = rows_event.table_map
        try:
            pairs = decode_rows(table_map.columns, rows_event.op, rows_event.present_before,
                                rows_event.present_after, rows_event.data,
                                partial_json=rows_event.partial_json, errors=self.undecodable,
                                memo=table_map.memo)
        except Exception as exc:  # noqa: BLE001 - decode_error names the event and column of any decoder failure
            raise self.decode_error(rows_event, exc) from None
        file, pos, timestamp, server_id = event.file, event.pos, event.timestamp, event.server_id
        gtid, seq, op = rows_event.gtid, rows_event.transaction, rows_event.op
        schema, table = table_map.schema, table_map.table
        return [RowChange(file, pos, timestamp, server_id, gtid, seq, schema, table, op, before, after, index,
                          table_map)
                for index, (before, after) in enumerate(pairs)]

    def decode_or_report(self, rows_event: RowsEvent) -> list[RowChange]:
        """:meth:`decode`, or none when the event does not decode: the error is reported (raised in stop mode)
        and reading goes on with the next event."""
        try:
            return self.decode(rows_event)
        except BinlogError as err:
            self.report(err)
            return []

    def __iter__(self) -> Iterator[RowChange]:
        for rows_event in self.rows_events():
            yield from self.decode_or_report(rows_event)


def iter_changes(
    source: str | os.PathLike[str] | BinaryIO,
    *,
    name: str | None = None,
    schema: SchemaFile | None = None,
    filters: ChangeFilter | None = None,
    on_error: OnError = "stop",
    verify_checksums: bool = True,
    errors: list[BinlogError] | None = None,
    undecodable: Undecodable = "strict",
    history: SchemaHistory | None = None,
) -> Iterator[RowChange]:
    """Every row change of one binlog file, in order (a generator over :class:`ChangeReader`).

    With ``on_error="skip"``, problems are appended to ``errors`` (when given)
    and reading goes on.
    """
    reader = ChangeReader(source, name=name, schema=schema, filters=filters, on_error=on_error,
                          verify_checksums=verify_checksums, undecodable=undecodable, history=history)
    try:
        yield from reader
    finally:
        if errors is not None:
            errors.extend(reader.errors)


class ChangeStream:
    """The row changes of several files, one after another; :attr:`errors` collects what skip mode met.

    Iterate it once. Returned by :func:`read_changes`.
    """

    def __init__(
        self,
        paths: Sequence[str | os.PathLike[str]],
        *,
        schema: SchemaFile | None = None,
        filters: ChangeFilter | None = None,
        on_error: OnError = "stop",
        verify_checksums: bool = True,
        undecodable: Undecodable = "strict",
        history: SchemaHistory | None = None,
    ) -> None:
        self.paths = [os.fspath(p) for p in paths]
        #: Follows the DDL of the files, in order, for tables logged without column names.
        self.history = history
        self.schema = schema
        self.filters = filters
        self.on_error: OnError = on_error
        self.verify_checksums = verify_checksums
        self.undecodable: Undecodable = undecodable
        #: Problems met so far, in file order (skip mode; stop mode raises the first).
        self.errors: list[BinlogError] = []
        #: The reader of the file being read.
        self.current: ChangeReader | None = None

    def __iter__(self) -> Iterator[RowChange]:
        for path in self.paths:
            self.current = ChangeReader(path, schema=self.schema, filters=self.filters, on_error=self.on_error,
                                        verify_checksums=self.verify_checksums, undecodable=self.undecodable,
                                        history=self.history)
            try:
                yield from self.current
            finally:
                self.errors.extend(self.current.errors)


def read_changes(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    **options: Any,
) -> ChangeStream:
    """Row changes of one or more binlog files (see :func:`binlog_ksy.read_changes` for the options)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    return ChangeStream(paths, **options)
