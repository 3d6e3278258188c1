"""A state built from binlog files: the tables' rows at a moment, and what the summary says of them.

``files -> StepSource (events, history, defaults, transactions, moment) -> columnar runs -> Applier
(TableRows per table) -> StateTable per table``. :func:`build_state` is what ``binlog-ksy state`` and
``binlog_ksy.read_state`` run.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import BinlogError, UsageError
from ..filters import ChangeFilter
from ..schema.file import SchemaFile
from ..schema.history import SchemaHistory
from .applier import Applier
from .base import load_base
from .defaults import DefaultsCatalog
from .keyed_rows import StateTable
from .moment import BasePosition, Moment, TransactionEnd, parse_base_position
from .steps import Place, Progress, StepSource
from .versions import HistoryPart, HistorySink, VersionLog

__all__ = ["State", "build_state"]


@dataclass(slots=True)
class State:
    """The tables at the moment, and how far reading went.

    ``tables``: every selected table that exists at the moment, sorted by name. ``dropped``: selected tables a
    DDL statement dropped (or renamed out of the selection), with where. ``errors``: the problems met
    (warnings included); ``error``: the one that ended reading early (stop mode). ``history``: with
    versions logged, every version of the rows that ended, per table (a dropped one too), oldest first; the
    live versions are the tables' rows (:attr:`.keyed_rows.StateTable.origins`).
    """

    tables: list[StateTable]
    moment: Moment
    progress: Progress
    dropped: dict[tuple[str, str], str] = field(default_factory=dict)
    errors: list[BinlogError] = field(default_factory=list)
    error: BinlogError | None = None
    base_position: BasePosition | None = None
    history: dict[tuple[str, str], list[HistoryPart]] = field(default_factory=dict)
    #: With versions logged: the logs of each table (a table dropped, then created again, has two), oldest
    #: first; a ``history_sink`` had their ended versions.
    history_logs: dict[tuple[str, str], list[VersionLog]] = field(default_factory=dict)

    @property
    def reached(self) -> TransactionEnd | None:
        """The last transaction in the state (None: none was read)."""
        return self.progress.last


def _history_and_defaults(schema_sql: Sequence[str | os.PathLike[str]]) -> tuple[SchemaHistory, DefaultsCatalog]:
    history = SchemaHistory.from_sql_files(schema_sql)
    defaults = DefaultsCatalog()
    for path in schema_sql:
        with open(path, encoding="utf-8", errors="replace") as fh:
            defaults.load_sql(fh.read())
    return history, defaults


def build_state(paths: Sequence[str], *, filters: ChangeFilter | None = None, moment: Moment | None = None,
                base: str | None = None, base_position: str | BasePosition | None = None,
                schema: SchemaFile | None = None, schema_sql: Sequence[str | os.PathLike[str]] = (),
                on_error: str = "stop", verify_checksums: bool = True, undecodable: str = "strict",
                versions: bool = False, stops: dict[str, int] | None = None,
                history_sink: HistorySink | None = None) -> State:
    """The selected tables' rows at ``moment`` (default: after the last complete transaction) from ``paths``
    read in binlog order, starting from ``base`` (a path, see :mod:`.base`) at ``base_position``.

    ``versions``: also log every version of the rows (:mod:`.versions`: each row's origin, and
    :attr:`State.history`; with ``history_sink``, the ended versions go there as they are gathered instead);
    ``stops``: per path, where reading that file stops (a transaction's end)."""
    filters = filters or ChangeFilter()
    moment = moment or Moment()
    history, defaults = _history_and_defaults(schema_sql)
    position = parse_base_position(base_position) if isinstance(base_position, str) else base_position
    bases = {}
    if base is not None:
        loaded = load_base(base, filters.tables)
        if loaded.position is not None and position is not None and str(loaded.position) != str(position):
            raise UsageError(f"--base-position {position}: the base says it stands at {loaded.position}")
        position = position or loaded.position
        if position is None:
            raise UsageError("--base needs --base-position FILE:POS or GTID (where the binlogs after the base start)")
        history.problems += loaded.follow_sql(history, defaults)
        bases = {key: make for key, make in loaded.tables.items() if filters.wants_table(*key)}
    elif position is not None:
        raise UsageError("--base-position is where a --base stands: give --base too")
    if versions and bases:
        raise UsageError("the versions of rows are read from the binlogs alone: not with a base")
    commits: deque[tuple[Place, int]] | None = deque() if versions else None
    source = StepSource(list(paths), filters=filters, history=history, moment=moment, defaults=defaults,
                        base_position=position, schema=schema, on_error=on_error, verify_checksums=verify_checksums,
                        undecodable=undecodable, commits=commits, stops=stops)  # type: ignore[arg-type]
    applier = Applier(source, filters, bases, versions=versions, history_sink=history_sink)
    with _collector_paused():
        applier.run()
        _check_moment(moment, source.progress, applier.error)
        logs = {key: rows.log for key, rows in applier.tables.items() if rows.log is not None}
        tables = [applier.tables.pop(key).snapshot(final=True) for key in sorted(applier.tables)]
    state = State(tables, moment, source.progress, applier.dropped, source.errors, applier.error, position)
    for key, ended in applier.ended_logs.items():
        state.history_logs[key] = list(ended)
    for key, log in logs.items():
        state.history_logs.setdefault(key, []).append(log)
    state.history = {key: [part for log in logs for part in log.parts] for key, logs in state.history_logs.items()}
    return state


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while the rows are applied: the tables' indexes and version logs are
    millions of small objects without cycles, which its passes would scan again and again (with the versions
    of 2.3 M rows: 1.6 of 10.9 CPU-s). It runs again, as it was, afterwards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _check_moment(moment: Moment, progress: Progress, error: BinlogError | None) -> None:
    """Refuse a state that is not at the moment asked for (the reading did not end early on an error)."""
    if progress.before_base:
        raise UsageError(f"the moment ({moment}) is before the base's position: a state cannot go back")
    if moment.at_gtid is not None and not progress.gtid_found and error is None:
        raise UsageError(f"--at-gtid {moment.at_gtid}: no transaction with this GTID in the files")
