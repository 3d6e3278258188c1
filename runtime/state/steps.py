"""The binlogs read for a state: the rows events of the wanted tables, the DDL between them, and how far the
state goes.

:class:`StepSource` is a :class:`~..rows.events.RowsEventSource`: the columnar decoder
(:func:`~..rows.columnar.iter_change_columns`) reads its rows events in windows and decodes them a run at a
time. While it reads, the source follows every event through a :class:`~..changes.ChangeReader` (table
maps, the schema history) and notes in :attr:`StepSource.progress` what the runs do not carry:

* each DDL statement (and ``TRUNCATE``, which the schema history has no use for), with the tables as the
  history knew them before and after it: a :class:`DdlStep`, released when its transaction ends;
* where each whole transaction ends (:class:`..transactions.TransactionTracker`), and whether the moment
  (:mod:`.moment`) takes it: :attr:`Progress.committed` is the place of the first event that is not part
  of the state yet. Events are placed by :func:`place` ``(file index, offset, index in a payload)``;
* transactions a base already holds (``base_position``) are followed (table maps, history) but none of
  their rows events or DDL is handed out.

The columns' decoder reads ahead of the runs it hands out (a window of about 2 MB of row images), so a run
the applier gets may hold events of a transaction whose end is not read yet: the applier keeps those until
:attr:`Progress.committed` passes them (:mod:`.applier`). Reading stops after the moment's last transaction;
a transaction the files end inside is never committed.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..changes import ChangeReader, Undecodable
from ..constants import QUERY_EVENTS
from ..errors import BinlogError
from ..event import Event
from ..event_fields import query_text, text_of
from ..filters import ChangeFilter
from ..reader import BinlogReader
from ..rows.events import RowsEvent
from ..schema.ddl.model import TableDef
from ..schema.file import SchemaFile
from ..schema.history import SchemaHistory
from ..transactions import TransactionState, transaction_gtid
from .catalog_snapshots import CatalogSnapshots
from .defaults import DefaultsCatalog, TableDefaults
from .moment import BasePosition, BinlogPosition, GtidPosition, Moment, TransactionEnd, file_matches

__all__ = ["DdlStep", "Place", "Progress", "StepSource", "place"]

PlainRows: Any
try:
    from .._plain_rows import PlainRows, TakenRows, is_plain_start
except ImportError:  # without the compiled modules: every event one by one
    PlainRows = None

#: ``(file index, byte offset, index inside a TRANSACTION_PAYLOAD or -1)``: events in binlog order.
Place = tuple[int, int, int]

#: Statements that may change what a table holds or how it is laid out (the rest leave the rows alone).
_DDL_LEAD = re.compile(r"\s*(?:/\*.*?\*/\s*)*(CREATE|ALTER|DROP|RENAME|TRUNCATE)\b", re.I | re.S)


def place(event: Event, file_index: int) -> Place:
    """Where an event stands among all the files read."""
    inner = event.in_payload
    return file_index, event.pos, -1 if inner is None else inner


@dataclass(slots=True)
class DdlStep:
    """A DDL statement of a transaction in the state, with the tables as the schema history knew them around it.

    ``micros``: the fraction of a second the statement started at (MariaDB's Q_HRNOW), for the
    ``CURRENT_TIMESTAMP(n)`` default of a column it adds.
    """

    place: Place
    file: str
    pos: int
    sql: str
    database: str | None
    timestamp: int
    micros: int | None
    before: Mapping[tuple[str, str], TableDef]
    after: Mapping[tuple[str, str], TableDef]
    history: SchemaHistory
    #: The column defaults of every table after the statement (:mod:`.defaults`).
    defaults: Mapping[tuple[str, str], TableDefaults]
    #: The GTID of the statement's transaction.
    gtid: str | None = None


@dataclass(slots=True)
class Progress:
    """What the source has read so far that the runs do not say (see the module docstring)."""

    #: Every event placed before this is in the state (its transaction is whole and the moment takes it).
    committed: Place = (0, 0, -1)
    #: The DDL of committed transactions not yet applied, in binlog order.
    steps: deque[DdlStep] = field(default_factory=deque)
    #: The last transaction in the state.
    last: TransactionEnd | None = None
    #: The first transaction after the moment (not in the state), when reading stopped there.
    next: TransactionEnd | None = None
    #: The last transaction a base holds (when ``base_position`` is given).
    base_reached: TransactionEnd | None = None
    #: Reading stopped because the moment was reached (not at the end of the files).
    stopped: bool = False
    #: A transaction was left out because the files end inside it (where it starts).
    unfinished: tuple[str, int] | None = None
    #: The moment asked for came before the base's position.
    before_base: bool = False
    #: --at-gtid's transaction was found.
    gtid_found: bool = False
    #: The column defaults when the first transaction after the base begins (before any DDL step).
    start_defaults: dict[tuple[str, str], TableDefaults] | None = None
    #: The schema history's tables then.
    start_tables: dict[tuple[str, str], TableDef] | None = None


class StepSource:
    """The rows events of a state's files for the columnar decoder, with :attr:`progress` (module docstring).

    Parameters
    ----------
    paths
        The binlog files, in binlog order.
    filters
        Which tables (``--database``/``--table``); rows events of others are not handed out.
    history
        The schema history, followed through every file (names the columns, and the DDL steps' tables).
    moment
        Where the state stops.
    base_position
        The transactions a base holds: followed, not handed out.
    defaults
        The column defaults, followed through every DDL statement like the history.
    commits
        When given, where each transaction of the state ends and its commit time go there, in binlog order
        (``(place after its last event, commit time)``: what the versions of rows need, :mod:`.versions`). Every
        event is then read one by one.
    stops
        Per path, the byte offset where reading that file stops (the end of a transaction: a file read so far
        by an incremental run).
    """

    def __init__(self, paths: list[str], *, filters: ChangeFilter, history: SchemaHistory, moment: Moment,
                 defaults: DefaultsCatalog | None = None, base_position: BasePosition | None = None,
                 schema: SchemaFile | None = None,
                 on_error: str = "stop", verify_checksums: bool = True, undecodable: Undecodable = "strict",
                 commits: deque[tuple[Place, int]] | None = None, stops: dict[str, int] | None = None) -> None:
        self.paths = paths
        self.commits = commits
        self.stops = stops or {}
        self.filters = filters
        self.history = history
        self.defaults = defaults if defaults is not None else DefaultsCatalog()
        self.moment = moment
        #: Each file's index among :attr:`paths` (events name their file by its path).
        self.file_index = {path: i for i, path in enumerate(paths)}
        self.base_position = base_position
        self.schema = schema
        self.on_error: Any = on_error
        self.verify_checksums = verify_checksums
        self._undecodable: Undecodable = undecodable
        self.errors: list[BinlogError] = []
        self.progress = Progress()
        self.stop_file = moment.stop_file(paths)
        self._base_file = self._file_index_of_base()
        self.current: ChangeReader | None = None
        self._txn: TransactionState | None = None
        self._txn_first: Event | None = None
        self._txn_in_base = False
        self._txn_steps: list[DdlStep] = []
        #: The tables and the column defaults around each DDL step, sharing what the statement did not change.
        self._tables_at: CatalogSnapshots[tuple[str, str], TableDef] = CatalogSnapshots()
        self._defaults_at: CatalogSnapshots[tuple[str, str], TableDefaults] = CatalogSnapshots()

    @property
    def undecodable(self) -> str:
        return self._undecodable

    def report(self, err: BinlogError) -> None:
        assert self.current is not None
        self.current.report(err)

    def decode_error(self, rows_event: RowsEvent, exc: Exception) -> BinlogError:
        return ChangeReader.decode_error(rows_event, exc)

    def _file_index_of_base(self) -> int | None:
        base = self.base_position
        if not isinstance(base, BinlogPosition):
            return None
        for i, path in enumerate(self.paths):
            if file_matches(base.file, path):
                return i
        return None

    def rows_events(self) -> Iterator[RowsEvent]:
        """The rows events of the wanted tables in transactions after the base, up to the moment (file order)."""
        for index, path in enumerate(self.paths):
            if self.stop_file is not None and index > self.stop_file:
                self.progress.stopped = True
                return
            stopped = yield from self._file_rows_events(index, path)
            if stopped:
                return
            if self._txn is not None:  # the file ends inside a transaction: never whole
                first = self._txn_first
                self.progress.unfinished = (path, first.pos if first is not None else 0)
                self._txn = None
                self._txn_steps = []

    def _file_rows_events(self, index: int, path: str) -> Generator[RowsEvent, None, bool]:
        """One file's rows events (see :meth:`rows_events`); returns True when the moment was reached."""
        reader = BinlogReader(path, on_error=self.on_error, verify_checksums=self.verify_checksums)
        reader.errors = self.errors
        changes = ChangeReader(path, reader=reader, schema=self.schema, filters=self.filters, on_error=self.on_error,
                               undecodable=self._undecodable, history=self.history)
        self.current = changes
        if PlainRows is not None and self.commits is None and path not in self.stops and self._whole_file_counts(index):
            return (yield from self._blocks_rows_events(index, reader, changes))
        end = self.stops.get(path)
        for event in reader:
            if end is not None and event.in_payload is None and event.pos >= end:
                break
            rows_event, stop = self._event(event, index, changes)
            if rows_event is not None:
                yield rows_event
            if stop:
                return True
        return False

    def _whole_file_counts(self, index: int) -> bool:
        """Whether every whole transaction of file ``index`` is in the state, whatever its time, GTID or end: no
        base position falls in or after it, and the moment does not (none, or --at-position in a later file)."""
        moment, base = self.moment, self.base_position
        if moment.at_time is not None or moment.at_gtid is not None:
            return False
        if self.stop_file is not None and index >= self.stop_file:
            return False
        if base is None:
            return True
        if isinstance(base, GtidPosition):
            return False
        if self._base_file is not None:
            return index > self._base_file
        return os.path.basename(self.paths[index]) > os.path.basename(base.file)

    def _blocks_rows_events(self, index: int, reader: BinlogReader, changes: ChangeReader
                            ) -> Generator[RowsEvent, None, bool]:
        """:meth:`_file_rows_events` of a file whose every whole transaction counts: the plain transactions
        (GTID, TABLE_MAP, rows, XID: no DDL) taken whole by the compiled walk ``ChangeReader`` uses
        (``_plain_rows.pyx``), every other event one by one (:meth:`_event`)."""
        assert PlainRows is not None
        plain = PlainRows(changes, RowsEvent)
        walk, history, wanted = plain.walk, self.history, self._wanted
        for block in reader.blocks(take=plain.take):
            if type(block) is TakenRows:
                changes.after_plain_transaction(block.last)
                self._plain_end(index, reader.position, block.last, block.last.timestamp)
                yield from filter(wanted, block.rows_events)
                continue
            i, n = 0, len(block)
            while i < n:
                event = block[i]
                if isinstance(block, list) and is_plain_start(event):
                    rows_events, i, last = walk(block, i, history.version)
                    if last is not None:
                        changes.after_plain_transaction(last)
                        xid = block[i - 1]
                        self._plain_end(index, xid.pos + xid.length, last, xid.timestamp)
                        yield from filter(wanted, rows_events)
                        continue
                i += 1
                rows_event, stop = self._event(event, index, changes)
                if rows_event is not None:
                    yield rows_event
                if stop:
                    return True
        return False

    def _wanted(self, rows_event: RowsEvent) -> bool:
        table_map = rows_event.table_map
        return self.filters.keeps_everything or self.filters.wants_table(table_map.schema, table_map.table)

    def _event(self, event: Event, index: int, changes: ChangeReader) -> tuple[RowsEvent | None, bool]:
        """Follow one event: its rows event when it is one to hand out, and whether reading is to stop."""
        ddl = self._before_ddl(event) if event.type_code in QUERY_EVENTS else None
        rows_event = changes.accept(event)
        state = changes.state
        if state.seq is None:
            return None, False
        if state is not self._txn:
            self._begin(event, state, index)
        if self._txn_in_base:
            rows_event = None
        if ddl is not None:
            self.defaults.follow(ddl[1], ddl[2])
            if not self._txn_in_base:
                self._txn_steps.append(self._ddl_step(ddl[0], event, index))
        return rows_event, not changes.transactions.in_transaction and self._end(event, state, index)

    def _plain_end(self, index: int, end_at: int, gtid_event: Event, commit_time: int) -> None:
        """Plain transactions taken whole end at ``end_at``, the last one begun by ``gtid_event``: in the state."""
        progress = self.progress
        if progress.start_defaults is None:
            progress.start_defaults = self.defaults.snapshot()
            progress.start_tables = dict(self.history.state.tables)
        self._txn, self._txn_steps = None, []
        progress.committed = (index, end_at, -1)
        progress.last = TransactionEnd(self.paths[index], end_at, commit_time, transaction_gtid(gtid_event))

    # -- transactions

    def _begin(self, event: Event, state: TransactionState, index: int) -> None:
        self._txn = state
        self._txn_first = event
        self._txn_steps = []
        self._txn_in_base = self._in_base(event, state, index)
        if not self._txn_in_base and self.progress.start_defaults is None:
            self.progress.start_defaults = self.defaults.snapshot()
            self.progress.start_tables = dict(self.history.state.tables)

    def _in_base(self, event: Event, state: TransactionState, index: int) -> bool:
        """Whether the transaction ``event`` begins is one the base holds."""
        base = self.base_position
        if base is None:
            return False
        if isinstance(base, GtidPosition):
            return base.holds(state.gtid)
        if self._base_file is not None:
            return index < self._base_file or (index == self._base_file and event.pos < base.pos)
        # the base's file is not among the inputs: binlog names sort in binlog order
        return os.path.basename(self.paths[index]) < os.path.basename(base.file)

    def _end(self, event: Event, state: TransactionState, index: int) -> bool:
        """The transaction ends at ``event``: commit it to the state or stop; True when reading is to stop."""
        end_at = event.end_pos if event.in_payload is not None and event.end_pos else event.pos + event.length
        end = TransactionEnd(event.file, end_at, event.timestamp, state.gtid)
        progress = self.progress
        self._txn = None
        included = self.moment.includes(end, index, self.stop_file)
        if self._txn_in_base:
            progress.base_reached = end
            if not included:
                progress.before_base = progress.stopped = True
                return True
            return False
        if not included:
            progress.stopped = True
            progress.next = end
            return True
        progress.committed = (index, end_at, -1)
        if self.commits is not None:
            self.commits.append((progress.committed, event.timestamp))
        progress.steps.extend(self._txn_steps)
        self._txn_steps = []
        progress.last = end
        if self.moment.is_last(end):
            progress.gtid_found = progress.stopped = True
            return True
        return False

    # -- DDL

    def _before_ddl(self, event: Event) -> tuple[Mapping[tuple[str, str], TableDef], str, str | None] | None:
        """The tables as the history knows them before a DDL-like statement, the statement and its default
        database (None for any other query)."""
        try:
            body = event.body
            sql = query_text(body)
        except Exception:  # noqa: BLE001 - a body that does not parse or inflate: accept() reports it
            return None
        if not sql or _DDL_LEAD.match(sql) is None:
            return None
        return self._tables(), sql, text_of(getattr(body, "schema", None)) or None

    def _tables(self) -> Mapping[tuple[str, str], TableDef]:
        """The schema history's tables now, as a snapshot (:mod:`.catalog_snapshots`)."""
        history = self.history
        return self._tables_at.take(history.state.tables, history.version, history.last_changed)

    def _ddl_step(self, before: Mapping[tuple[str, str], TableDef], event: Event, index: int) -> DdlStep:
        body = event.body
        return DdlStep(place=place(event, index), file=event.file, pos=event.pos, sql=query_text(body) or "",
                       database=text_of(getattr(body, "schema", None)) or None, timestamp=event.timestamp,
                       micros=_query_micros(body), before=before,
                       after=self._tables(),
                       history=self.history, defaults=self._defaults_at.take(
                           self.defaults.tables, self.defaults.version, self.defaults.last_changed),
                       gtid=self._txn.gtid if self._txn is not None else None)


def _query_micros(body: Any) -> int | None:
    """The microseconds of MariaDB's Q_HRNOW status variable (when the statement started), None without it."""
    try:
        for entry in getattr(getattr(body, "status_vars", None), "entries", None) or ():
            if getattr(getattr(entry, "code", None), "name", None) == "q_hrnow":
                value = entry.body
                return int(getattr(value, "value", value))
    except Exception:  # noqa: BLE001 - damaged status variables (any parse error): the fraction stays unknown
        return None
    return None
