"""Row changes and DDL applied in binlog order to the tables of a state.

The runs of row changes come from the columnar decoder (:func:`..rows.columnar.iter_change_columns`), the
DDL steps and the commits from :class:`.steps.StepSource`'s :class:`~.steps.Progress`, each placed in
binlog order (:func:`.steps.place`). :class:`Applier` keeps the runs it cannot apply yet (their transaction
is not whole, or not known to be in the state: the decoder reads ahead) and applies, in order:

* the DDL steps placed before a run's first event (:mod:`.ddl_effects`: create, drop, truncate, rename,
  alter);
* the part of a run placed before the next DDL step and before :attr:`~.steps.Progress.committed` (a run is
  cut there: :meth:`..rows.columnar.ChangeColumns.slice_events`).

What is left when reading ends is never applied: a transaction the files end inside, or one after the
moment. Each run becomes a :class:`.keyed_rows.RunRows`: its visible columns (MariaDB's hidden hash columns
left out), the exact values of cells Arrow cannot hold (from the row decoder, :mod:`.batches`), and, when its
after images are whole, the decode it is a slice of, kept once as a batch.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pyarrow as pa

from ..bounded_cache import LayoutCache
from ..column import Column
from ..errors import BinlogError
from ..event import Event
from ..filters import ChangeFilter
from ..rows.columnar import ChangeColumns, ImageColumns, iter_change_columns
from ..rows.image import decode_rows
from ..schema.ddl.model import TableDef
from ..types.arrow import arrow_type, value_converter
from .batches import Exceptions
from .columns import column_of_def, columns_of_table, is_hidden
from .ddl_effects import Alter, ColumnSource, Create, Drop, DropDatabase, Effect, Rename, Truncate, effects_of
from .default_values import default_value
from .defaults import TableDefaults
from .keyed_rows import Image, RunRows, SharedAfter, TableRows
from .steps import DdlStep, Progress, StepSource, place
from .versions import HistorySink, Origin, OriginTable, VersionLog

__all__ = ["Applier", "BaseTable"]

Key = tuple[str, str]
#: A base's rows of one table, made when the table's columns are known (``None``: the columns the base
#: itself records): a ready :class:`TableRows`.
BaseTable = Callable[[tuple[Column, ...] | None, tuple[str, ...]], TableRows]


class Applier:
    """The tables of a state, built from a :class:`StepSource` (see the module docstring)."""

    def __init__(self, source: StepSource, filters: ChangeFilter, bases: dict[Key, BaseTable] | None = None,
                 *, versions: bool = False, history_sink: HistorySink | None = None) -> None:
        self.source = source
        self.filters = filters
        self.tables: dict[Key, TableRows] = {}
        #: Tables a DDL statement dropped (and no later one created again): where.
        self.dropped: dict[Key, str] = {}
        self.bases = dict(bases or {})
        self.defaults: Mapping[Key, TableDefaults] | None = None
        #: The schema history's tables after the last DDL step applied (None: none yet).
        self.definitions: Mapping[Key, TableDef] | None = None
        #: The error that ended reading (stop mode), reported by the caller.
        self.error: BinlogError | None = None
        #: Log the versions of every table's rows (:mod:`.versions`; needs the source's commits).
        self.versions = versions
        if versions and source.commits is None:
            raise ValueError("versions need a StepSource that records its commits (commits=deque())")
        #: The version logs of tables that were dropped (or renamed out of the selection), by their name then.
        self.ended_logs: dict[Key, list[VersionLog]] = {}
        #: Where every log's ended versions go (None: each log keeps them).
        self.history_sink = history_sink

    @property
    def progress(self) -> Progress:
        return self.source.progress

    def run(self) -> None:
        """Read every file and apply what belongs to the state."""
        pending: deque[ChangeColumns] = deque()
        try:
            for columns in iter_change_columns(self.source):
                pending.append(columns)
                self._drain(pending)
        except BinlogError as err:
            self.error = err
        self._drain(pending)
        while self.progress.steps:
            self._step(self.progress.steps.popleft())
        for key in list(self.bases):
            if self.filters.wants_table(*key):
                self.table(key)

    # -- order

    def _place(self, columns: ChangeColumns, k: int) -> tuple[int, int, int]:
        event = columns.events[k].event
        return place(event, self.source.file_index.get(event.file, 0))

    def _drain(self, pending: deque[ChangeColumns]) -> None:
        """Apply the DDL steps and the runs (or their first parts) that are committed, in binlog order."""
        steps = self.progress.steps
        while pending:
            run = pending[0]
            first = self._place(run, 0)
            while steps and steps[0].place < first:
                self._step(steps.popleft())
            limit = self.progress.committed
            if steps and steps[0].place < limit:
                limit = steps[0].place
            n = len(run.events)
            ready = next((k for k in range(n) if self._place(run, k) >= limit), n)
            if ready == n:
                self._apply(run)
                pending.popleft()
                continue
            if ready:
                self._apply(run.slice_events(0, ready, run.table_map))
                pending[0] = run.slice_events(ready, n, run.events[ready].table_map)
            if not (steps and steps[0].place < self.progress.committed):
                return
            self._step(steps.popleft())

    # -- tables

    def table(self, key: Key, columns: tuple[Column, ...] | None = None, primary_key: tuple[str, ...] = ()
              ) -> TableRows:
        """The rows of a selected table, made when first needed: from its base, else partial and empty."""
        rows = self.tables.get(key)
        if rows is not None:
            return rows
        base = self.bases.pop(key, None)
        if base is not None:
            known = self._definition_of(key)
            if known is not None:  # the table at the base's position (or as the DDL applied since left it)
                columns, primary_key = columns_of_table(known), known.primary_key
            rows = base(columns, primary_key)
            rows.key = key  # (a base moved by a RENAME TABLE before its rows were needed)
        else:
            rows = TableRows(key, columns or (), primary_key, complete=False)
        rows.defaults = self._defaults_of(key)
        rows.definition = self._definition_of(key)
        if self.versions:
            rows.log = VersionLog(sink=self.history_sink)
        self.tables[key] = rows
        return rows

    def _defaults_of(self, key: Key) -> TableDefaults | None:
        """A table's column defaults as the DDL applied so far left them (before any: as the files read so far
        left them, when every transaction read is one the base holds)."""
        defaults = self.defaults if self.defaults is not None else self.progress.start_defaults
        return (defaults if defaults is not None else self.source.defaults.tables).get(key)

    def _definition_of(self, key: Key) -> TableDef | None:
        """A table's definition in the schema history as the DDL applied so far left it (see
        :meth:`_defaults_of`)."""
        tables = self.definitions if self.definitions is not None else self.progress.start_tables
        return (tables if tables is not None else self.source.history.state.tables).get(key)

    def _apply(self, columns: ChangeColumns) -> None:
        run = run_rows(columns, self.source.undecodable, self._commit_time if self.versions else None)
        table_map = columns.table_map
        key = (table_map.schema, table_map.table)
        rows = self.table(key, run.columns, run.primary_key)
        if rows.log is not None and run.origin is not None:
            rows.log.at = run.origin(0)
        rows.adopt(run.columns, run.primary_key)
        rows.apply(run)

    def _commit_time(self, event: Event) -> int:
        """The commit time of the transaction of ``event`` (asked in binlog order: the commits before go)."""
        commits = self.source.commits
        assert commits is not None
        at = place(event, self.source.file_index.get(event.file, 0))
        while commits and commits[0][0] <= at:
            commits.popleft()
        # (a change is applied only once its transaction's end is read: there is always one; else its own time)
        return commits[0][1] if commits else event.timestamp

    # -- versions

    def _ending(self, rows: TableRows | None, step: DdlStep, tombstone: str | None) -> None:
        """Every live row of ``rows`` goes by ``step`` (a tombstone each: ``drop``, ``truncate``)."""
        if rows is not None and rows.log is not None:
            rows.log.at = step_origin(step)
            rows.log.end_all(rows, tombstone)

    def _drop(self, key: Key, step: DdlStep) -> TableRows | None:
        """A table goes (dropped, replaced, renamed out of the selection): its rows end, its log is kept."""
        rows = self.tables.pop(key, None)
        if rows is not None and rows.log is not None:
            self._ending(rows, step, "drop")
            self.ended_logs.setdefault(key, []).append(rows.log)
        return rows

    # -- DDL

    def _held(self, key: Key) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        if not self.filters.wants_table(*key):
            return None
        if key in self.bases:
            self.table(key)
        rows = self.tables.get(key)
        return None if rows is None or not rows.columns else (rows.names, rows.primary_key)

    def _step(self, step: DdlStep) -> None:
        for effect in effects_of(step, self._held):
            self._effect(effect, step)
        self.defaults = step.defaults
        self.definitions = step.after

    def _effect(self, effect: Effect, step: DdlStep) -> None:
        where = f"{os.path.basename(step.file)}:{step.pos}"
        if isinstance(effect, Create):
            self._create(effect, step)
        elif isinstance(effect, Drop):
            if self._drop(effect.key, step) is not None or self.filters.wants_table(*effect.key):
                self.dropped[effect.key] = where
            self.bases.pop(effect.key, None)
        elif isinstance(effect, DropDatabase):
            for key in [k for k in (*self.tables, *self.bases) if k[0] == effect.name]:
                self._drop(key, step)
                self.bases.pop(key, None)
                self.dropped[key] = where
        elif isinstance(effect, Truncate):
            if self.filters.wants_table(*effect.key):
                rows = self.table(effect.key, *self._defined(effect.key, step))
                self._ending(rows, step, "truncate")
                rows.clear(complete=True)
                rows.definition = step.after.get(effect.key, rows.definition)
        elif isinstance(effect, Rename):
            self._rename(effect.old, effect.new, step)
        elif isinstance(effect, Alter):
            self._alter(effect, step)
        elif effect.key in self.tables:  # Lost
            rows = self.tables[effect.key]
            if rows.log is not None:
                rows.log.at = step_origin(step)
            rows.lose(effect.reason)

    def _defined(self, key: Key, step: DdlStep) -> tuple[tuple[Column, ...] | None, tuple[str, ...]]:
        tdef = step.after.get(key)
        return (columns_of_table(tdef), tdef.primary_key) if tdef is not None else (None, ())

    def _create(self, effect: Create, step: DdlStep) -> None:
        key = effect.key
        self.bases.pop(key, None)
        self.dropped.pop(key, None)
        if not self.filters.wants_table(*key):
            return
        tdef = effect.definition
        columns = columns_of_table(tdef) if tdef is not None else ()
        self._drop(key, step)  # (CREATE OR REPLACE)
        rows = TableRows(key, columns, tdef.primary_key if tdef is not None else (), complete=True)
        rows.defaults = step.defaults.get(key)
        rows.definition = tdef
        if self.versions:
            rows.log = VersionLog(sink=self.history_sink)
        self.tables[key] = rows

    def _rename(self, old: Key, new: Key, step: DdlStep) -> None:
        base = self.bases.pop(old, None)
        if not self.filters.wants_table(*new):
            if self._drop(old, step) is not None or base is not None:
                self.dropped[old] = f"renamed to {new[0]}.{new[1]}"
            return
        rows = self.tables.pop(old, None)
        if base is not None:
            self.bases[new] = base
        if rows is not None:
            rows.key = new
            rows.defaults = step.defaults.get(new)
            rows.definition = step.after.get(new)
            self.tables[new] = rows
            self.dropped.pop(new, None)

    def _alter(self, effect: Alter, step: DdlStep) -> None:
        rows = self.tables.get(effect.key)
        if rows is None:
            return
        defaults = step.defaults.get(effect.new_key) or {}
        columns, sources = _altered_columns(rows, effect, defaults, step)
        primary_key = tuple(c.name for c in effect.columns if c.primary_key)
        if rows.log is not None:
            rows.log.at = step_origin(step)
        reason = rows.reshape(columns, primary_key, sources)
        if reason is not None:
            rows.lose(reason)
            rows.columns, rows.primary_key = columns, primary_key
        rows.defaults = defaults
        rows.definition = effect.definition
        if effect.new_key != effect.key:
            self._rename(effect.key, effect.new_key, step)


def _altered_columns(rows: TableRows, effect: Alter, defaults: TableDefaults, step: DdlStep
                     ) -> tuple[tuple[Column, ...], list[tuple[int | None, bool, Any]]]:
    """The columns after an ALTER and where each one's values come from (see :meth:`TableRows.reshape`)."""
    known = {c.name.lower(): c for c in effect.definition.columns} if effect.definition is not None else {}
    old = {c.name.lower(): (k, c) for k, c in enumerate(rows.columns)}
    columns: list[Column] = []
    sources: list[tuple[int | None, bool, Any]] = []
    for j, change in enumerate(effect.columns):
        column = _new_column(change, old, known, j)
        columns.append(column)
        if change.source is None:
            clause = defaults.get(change.name.lower())
            sources.append((None, False, default_value(clause, column, timestamp=step.timestamp,
                                                       micros=step.micros)))
            continue
        k, before = old[change.source.lower()]
        sources.append((k, arrow_type(before) != arrow_type(column), None))
    return tuple(columns), sources


def _new_column(change: ColumnSource, old: dict[str, tuple[int, Column]], known: dict[str, Any], j: int
                ) -> Column:
    """A column after an ALTER: the old one renamed, or one made from its new definition."""
    if change.definition is None and change.source is not None:
        _, before = old[change.source.lower()]
        return replace(before, name=change.name, index=j, is_primary_key=change.primary_key)
    definition = known.get(change.name.lower()) or change.definition
    assert definition is not None
    return column_of_def(definition, j)


# -- runs of row changes -----------------------------------------------------------------------


def step_origin(step: DdlStep) -> Origin:
    """A DDL statement as the change that ends (or makes) versions."""
    return Origin(step.file, step.pos, None, step.gtid, step.timestamp)


def run_rows(columns: ChangeColumns, undecodable: str, commit_time: Callable[[Event], int] | None = None
             ) -> RunRows:
    """A run of row changes as :class:`TableRows` takes it (see the module docstring); with ``commit_time``
    (the commit time of the transaction of an event's place), each row's :class:`.versions.Origin` too."""
    table_map = columns.table_map
    visible = [k for k, c in enumerate(table_map.columns) if not is_hidden(c.name)]
    table_columns = tuple(replace(table_map.columns[k], index=j) if table_map.columns[k].index != j
                          else table_map.columns[k] for j, k in enumerate(visible))
    primary_key = tuple(n for n in table_map.primary_key if not is_hidden(n))
    before_cells, after_cells = _exact_cells(columns, undecodable) if not columns.exact else ({}, {})
    before = _image(columns.before, before_cells)
    after = _image(columns.after, after_cells)
    first = columns.events[0].event
    files = columns.events

    def where(row: int) -> str:
        rows_event = files[int(columns.event_of_row[row])].event
        return f"{os.path.basename(rows_event.file)}:{rows_event.pos} row {int(columns.row_index[row])}"

    origin = _origins(columns, commit_time) if commit_time is not None else None
    return RunRows(columns.op, columns.count, table_columns, primary_key, before, after, first.timestamp, where,
                   _shared(columns, after, len(table_columns)), origin)


def _origins(columns: ChangeColumns, commit_time: Callable[[Event], int]) -> OriginTable:
    """Each row's change: its rows event, row in it, GTID and commit time (looked up now, in binlog order)."""
    events = [(e.event.file, e.event.pos, e.gtid, commit_time(e.event)) for e in columns.events]
    return OriginTable(events, columns.event_of_row, columns.row_index)


def _image(side: ImageColumns | None, cells: dict[str, dict[int, Any]]) -> Image | None:
    """An image's visible columns, each array in its column's Arrow type."""
    if side is None:
        return None
    names, visible, types = _visible(side.columns)
    arrays: list[pa.Array] = []
    exceptions: Exceptions = {}
    source = side.arrays
    for k, (j, typ) in enumerate(zip(visible, types, strict=True)):
        array = source[j]
        if array.type != typ:
            array = array.cast(typ)
        arrays.append(array)
        if names[k] in cells:
            exceptions[k] = cells[names[k]]
    return Image(names, arrays, exceptions)


#: Per layout: its visible columns' names, places and Arrow types (:func:`_visible`).
_VISIBLE: LayoutCache[tuple[tuple[str, ...], list[int], list[pa.DataType]]] = LayoutCache(16 << 20)


def _visible(columns: tuple[Column, ...]) -> tuple[tuple[str, ...], list[int], list[pa.DataType]]:
    """The names, places and Arrow types of a layout's columns that are not hidden (made once per layout: runs
    of one table map share its columns tuple)."""
    return _VISIBLE.get(columns, _visible_of)


def _visible_of(columns: Sequence[Column]) -> tuple[tuple[str, ...], list[int], list[pa.DataType]]:
    visible = [j for j, c in enumerate(columns) if not is_hidden(c.name)]
    return tuple(columns[j].name for j in visible), visible, [arrow_type(columns[j]) for j in visible]


def _shared(columns: ChangeColumns, after: Image | None, width: int) -> SharedAfter | None:
    """The whole decode a run with whole after images is a slice of (None when the images are partial)."""
    if after is None or len(after.names) != width:
        return None
    root, start = columns, 0
    while root.group is not None:
        start += root.group_start
        root = root.group
    side = root.after
    if side is None:
        return None
    whole = _image(side, {})
    return None if whole is None else SharedAfter(root.memo, start, whole.arrays)


def _exact_cells(columns: ChangeColumns, undecodable: str) -> tuple[dict[str, dict[int, Any]], ...]:
    """The values of a run Arrow cannot hold, by image, column name and row (from the row decoder)."""
    cells: tuple[dict[str, dict[int, Any]], dict[str, dict[int, Any]]] = ({}, {})
    row = 0
    for rows_event in columns.events:
        table_map = rows_event.table_map
        pairs = decode_rows(table_map.columns, rows_event.op, rows_event.present_before, rows_event.present_after,
                            rows_event.data, partial_json=rows_event.partial_json, errors=undecodable,
                            memo=table_map.memo)
        converters = {c.name: value_converter(c) for c in table_map.columns}
        for pair in pairs:
            for side, image in enumerate(pair):
                for name, value in (image or {}).items():
                    if not converters[name](value)[1]:
                        cells[side].setdefault(name, {})[row] = value
            row += 1
    return cells
