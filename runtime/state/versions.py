"""The versions of a table's rows: which change made each live row, and every version a change ended.

A :class:`VersionLog` rides on a :class:`~.keyed_rows.TableRows` (its ``log``): the table calls it where it
applies a row change, so the rules of what a change does (key updates, multisets, MINIMAL images laid over
known rows, DDL) stay in one place and the versions follow them. Per row:

* :meth:`VersionLog.began`: a new version is stored (an insert, or the after image of an update) at a
  reference, made by a change whose :class:`Origin` is kept;
* :meth:`VersionLog.ended`: a live version goes (replaced, deleted, taken out of a multiset, or no longer
  known); with ``tombstone`` (``delete``, ``truncate``, ``drop``) a version that says so follows it;
* :meth:`VersionLog.remade`: an ALTER TABLE that changed the table's columns ended every live version (in the
  columns it had) and makes each row again in the new ones (op ``alter``): the versions valid at any moment
  are the table's rows then, in its columns then.

An ended version's values are still in the table's batches until they are compacted; :meth:`VersionLog.flush`
gathers them, a few thousand at a time and always before the batches or the columns change, into
:class:`HistoryPart` s (each in one table layout). What is live when reading ends is
the table's state, each row with the origin of the change that left it so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

import numpy as np
import pyarrow as pa

from ..column import Column
from .batches import BatchStore

__all__ = ["HistoryPart", "HistorySink", "Origin", "OriginTable", "StepOrigin", "VersionLog", "origin_arrays",
           "ORIGIN_TYPES"]

class Origin(NamedTuple):
    """The change that made (or ended) a version: its rows event (or DDL statement) and transaction.

    ``row_index``: the row in the rows event (None for a DDL statement); ``commit_time``: the transaction's
    commit time (the timestamp of its last event), in seconds since the epoch."""

    file: str
    pos: int
    row_index: int | None
    gtid: str | None
    commit_time: int


class OriginTable:
    """The changes of one run of rows: row ``i`` of the run is row ``row_index[i]`` of the rows event
    ``events[event_of_row[i]]`` (its file, position, GTID and commit time). Called with a row: its
    :class:`Origin`. A live row keeps its run's table and its row, not an :class:`Origin` of its own:
    :meth:`VersionLog.made_arrays` makes the columns of many rows at once."""

    __slots__ = ("events", "event_of_row", "row_index", "_columns")

    def __init__(self, events: list[tuple[str, int, str | None, int]], event_of_row: np.ndarray,
                 row_index: np.ndarray) -> None:
        self.events, self.event_of_row, self.row_index = events, event_of_row, row_index
        self._columns: tuple[np.ndarray, np.ndarray] | None = None

    def __call__(self, row: int) -> Origin:
        file, pos, gtid, when = self.events[int(self.event_of_row[row])]
        return Origin(file, pos, int(self.row_index[row]), gtid, when)

    def event_columns(self) -> tuple[np.ndarray, np.ndarray]:
        """Per event: its position and commit time (made once)."""
        if self._columns is None:
            self._columns = (np.array([e[1] for e in self.events], dtype=np.int64),
                             np.array([e[3] for e in self.events], dtype=np.int64))
        return self._columns


class StepOrigin:
    """The origin of every row a DDL statement made (:meth:`VersionLog.remade`): the same for each."""

    __slots__ = ("origin",)

    def __init__(self, origin: Origin) -> None:
        self.origin = origin

    def __call__(self, row: int) -> Origin:
        return self.origin


#: A live row's entry: what made it (a run's :class:`OriginTable`, or any callable giving a row's origin;
#: None when not known), its row there, and the op that made it.
_Entry = tuple[Callable[[int], Origin] | None, int, str]
#: What a live row's entry holds when its origin is not known (a row of before the changes read).
_UNKNOWN: _Entry = (None, 0, "insert")
#: Rows of one run at least this many are given their origins by numpy, fewer one by one.
_VECTOR_ROWS = 64
#: The Arrow types of an origin's fields.
ORIGIN_TYPES = {"file": pa.string(), "pos": pa.int64(), "row_index": pa.int32(), "gtid": pa.string(),
                "commit_time": pa.timestamp("us", tz="UTC")}


def origin_arrays(origins: Sequence[Origin | None]) -> dict[str, pa.Array]:
    """The origins as one array per field (a None origin: nulls)."""
    arrays: dict[str, pa.Array] = {}
    for k, (name, typ) in enumerate(ORIGIN_TYPES.items()):
        values = [None if o is None else o[k] for o in origins]
        if name == "commit_time":
            values = [None if v is None else v * 1_000_000 for v in values]
        arrays[name] = pa.array(values, pa.int64()).cast(typ) if name == "commit_time" else pa.array(values, typ)
    return arrays


class _Run(Protocol):
    """What the log reads of a run of changes (:class:`.keyed_rows.RunRows`)."""

    origin: Callable[[int], Origin] | None


class _Rows(Protocol):
    """What the log reads of a table (:class:`.keyed_rows.TableRows`)."""

    columns: tuple[Column, ...]
    store: BatchStore

    def refs(self) -> list[int]: ...

    def arrow_types(self) -> list[pa.DataType]: ...


@dataclass(slots=True)
class HistoryPart:
    """Versions that ended, in one layout: their values (one array per column) and, per version, the change
    that made it and the one that ended it (arrays as :func:`origin_arrays` gives them; nulls: not known, or
    a tombstone's end), its op and whether it is live."""

    columns: tuple[Column, ...]
    arrays: list[pa.Array]
    made: dict[str, pa.Array]
    ended: dict[str, pa.Array]
    ops: list[str]
    current: list[bool]

    @property
    def rows(self) -> int:
        return len(self.ops)


#: Takes a log's ended versions as they are gathered.
HistorySink = Callable[["VersionLog", HistoryPart], None]


#: A version that ended: its reference, its live entry (what made it), what ended it (a run's origins and its
#: row there, or a :class:`StepOrigin`; None: not known) and the tombstone that follows it, if any. Origins
#: are made for many versions at once when they are gathered (:meth:`VersionLog.flush`).
_Ending = tuple[int, _Entry, Callable[[int], Origin] | None, int, str | None]


@dataclass
class VersionLog:
    """The versions of one table's rows (see the module docstring)."""

    #: Per live row's reference: the change that made it (its run's origins and its row there) and its op.
    live: dict[int, _Entry] = field(default_factory=dict)
    #: The change being applied (set by the applier): what ends versions a whole-table change ends.
    at: Origin | None = None
    #: The ended versions gathered, unless a :attr:`sink` takes them.
    parts: list[HistoryPart] = field(default_factory=list)
    #: Where the ended versions go as they are gathered (an output writing them: memory stays bounded).
    sink: HistorySink | None = None
    _pending: list[_Ending] = field(default_factory=list)
    _at_step: StepOrigin | None = None

    @property
    def pending(self) -> int:
        """Ended versions not gathered yet."""
        return len(self._pending)

    def began(self, ref: int, run: _Run, row: int, op: str) -> None:
        self.live[ref] = (run.origin, row, op)

    def began_rows(self, base: int, run: _Run, count: int, op: str) -> None:
        """Rows ``0..count-1`` of ``run`` are new versions, stored at ``base``, ``base + 1``..."""
        entries = zip(repeat(run.origin), range(count), repeat(op), strict=False)  # (as long as the range)
        self.live.update(zip(range(base, base + count), entries, strict=True))

    def ended(self, ref: int, run: _Run | None, row: int = 0, tombstone: str | None = None) -> None:
        """The live row at ``ref`` goes, by row ``row`` of ``run`` (None: by the change :attr:`at`)."""
        made = self.live.pop(ref, _UNKNOWN)
        if run is not None and run.origin is not None:
            self._pending.append((ref, made, run.origin, row, tombstone))
        else:
            self._pending.append((ref, made, self._at(), 0, tombstone))

    def _at(self) -> StepOrigin | None:
        """:attr:`at` as the origin of rows (one object while it stays the same)."""
        if self.at is None:
            return None
        if self._at_step is None or self._at_step.origin is not self.at:
            self._at_step = StepOrigin(self.at)
        return self._at_step

    def end_all(self, rows: _Rows, tombstone: str | None) -> None:
        """Every live row goes by the change :attr:`at` (a TRUNCATE, a DROP, rows no longer known)."""
        for ref in rows.refs():
            self.ended(ref, None, tombstone=tombstone)
        self.flush(rows)

    def remade(self, refs: Sequence[int]) -> None:
        """The rows at ``refs`` are versions made by the change :attr:`at` (an ALTER TABLE; their earlier
        versions already ended by it)."""
        made = self._at()
        assert made is not None, "remade by a DDL statement: set at first"
        self.live.update((ref, (made, 0, "alter")) for ref in refs)

    def renumbered(self, refs: Sequence[int]) -> None:
        """The live rows were copied out in this order: row ``i`` was at ``refs[i]`` (a compaction)."""
        assert not self._pending, "flush before compacting"
        self.live = {i: self.live.get(ref, _UNKNOWN) for i, ref in enumerate(refs)}

    def forget(self) -> None:
        """The table holds no rows any more (their ends are already logged)."""
        self.live = {}

    def flush(self, rows: _Rows) -> None:
        """Gather the values of the versions that ended since the last flush (before the batches change)."""
        pending, self._pending = self._pending, []
        if not pending or not rows.columns:
            return
        arrays, _ = rows.store.gather([e[0] for e in pending], rows.arrow_types())
        made: list[_Entry] = []
        ended: list[_Entry] = []
        take: list[int] = []
        for k, (_, entry, by, by_row, tombstone) in enumerate(pending):
            made.append(entry)
            ended.append((by, by_row, ""))
            take.append(k)
            if tombstone is not None:
                made.append((by, by_row, tombstone))
                ended.append(_UNKNOWN)
                take.append(k)
        if len(take) != len(pending):
            indices = pa.array(take, pa.int64())
            arrays = [a.take(indices) for a in arrays]
        made_arrays = _entry_arrays(made)
        ops = made_arrays.pop("op").to_pylist()
        ended_arrays = _entry_arrays(ended)
        del ended_arrays["op"]
        part = HistoryPart(rows.columns, arrays, made_arrays, ended_arrays, ops, [False] * len(ops))
        if self.sink is not None:
            self.sink(self, part)
        else:
            self.parts.append(part)

    def made_arrays(self, refs: Sequence[int]) -> dict[str, pa.Array]:
        """The change that made each live row at ``refs``, as :func:`origin_arrays` gives origins, and its op
        (``op``): the rows of a run taken together (numpy), not an :class:`Origin` each."""
        return _entry_arrays(list(map(self.live.get, refs, repeat(_UNKNOWN))))


def _entry_arrays(entries: list[_Entry]) -> dict[str, pa.Array]:
    """The origins of live entries (what made a version, or ended one) as :func:`origin_arrays` gives them,
    and their ops (``op``). The entries of one owner (a run's :class:`OriginTable`, a :class:`StepOrigin`) are
    taken together with numpy; file names and GTIDs are numbered, then taken from their distinct values."""
    n = len(entries)
    file_code, gtid_code = np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64)
    files: dict[str | None, int] = {}
    gtids: dict[str | None, int] = {}
    pos, when = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    row_index = np.zeros(n, dtype=np.int64)
    known = np.zeros(n, dtype=bool)
    owners = list(map(itemgetter(0), entries))
    rows_of = np.fromiter(map(itemgetter(1), entries), np.int64, n)
    ids = np.fromiter(map(id, owners), np.int64, n)
    order = np.argsort(ids, kind="stable")
    for at in np.split(order, np.flatnonzero(np.diff(ids[order])) + 1) if n else ():
        table: Any = owners[int(at[0])]
        if table is None:
            continue
        if isinstance(table, StepOrigin):
            origin = table.origin
            file_code[at], gtid_code[at] = _code(files, origin.file), _code(gtids, origin.gtid)
            pos[at], when[at] = origin.pos, origin.commit_time
            continue
        if isinstance(table, OriginTable) and len(at) >= _VECTOR_ROWS:
            rows = rows_of[at]
            events = table.event_of_row[rows].astype(np.int64)
            ev_pos, ev_when = table.event_columns()
            file_code[at] = np.array([_code(files, e[0]) for e in table.events], dtype=np.int64)[events]
            gtid_code[at] = np.array([_code(gtids, e[2]) for e in table.events], dtype=np.int64)[events]
            pos[at], when[at] = ev_pos[events], ev_when[events]
            row_index[at] = table.row_index[rows]
            known[at] = True
            continue
        for k in at.tolist():
            origin = table(int(rows_of[k]))
            file_code[k], gtid_code[k] = _code(files, origin.file), _code(gtids, origin.gtid)
            pos[k], when[k] = origin.pos, origin.commit_time
            if origin.row_index is not None:
                row_index[k] = origin.row_index
                known[k] = True
    unknown = ids == id(None)
    types = ORIGIN_TYPES
    return {
        "file": _taken(files, file_code, types["file"]),
        "pos": pa.array(pos, types["pos"], mask=unknown),
        "row_index": pa.array(row_index, pa.int64(), mask=~known).cast(types["row_index"]),
        "gtid": _taken(gtids, gtid_code, types["gtid"]),
        "commit_time": pa.array(when * 1_000_000, pa.int64(), mask=unknown).cast(types["commit_time"]),
        "op": pa.array(list(map(itemgetter(2), entries)), pa.string()),
    }


def _code(codes: dict[str | None, int], value: str | None) -> int:
    """The number of ``value`` among ``codes`` (given the next one when new); -1 for None."""
    if value is None:
        return -1
    code = codes.get(value)
    if code is None:
        code = codes[value] = len(codes)
    return code


def _taken(codes: dict[str | None, int], numbers: np.ndarray, typ: pa.DataType) -> pa.Array:
    """The values ``numbers`` name in ``codes`` (null for -1)."""
    values = pa.array(list(codes), typ)
    if not len(values):
        return pa.nulls(len(numbers), typ)
    return values.take(pa.array(numbers, pa.int64(), mask=numbers < 0))
