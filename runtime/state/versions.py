"""The versions of a table's rows: which change made each live row, and every version a change ended.

A :class:`VersionLog` rides on a :class:`~.keyed_rows.TableRows` (its ``log``): the table calls it where it
applies a row change, so the rules of what a change does (key updates, multisets, MINIMAL images laid over
known rows, DDL) stay in one place and the versions follow them. Per row:

* :meth:`VersionLog.began`: a new version is stored (an insert, or the after image of an update) at a
  reference, made by a change whose :class:`Origin` is kept;
* :meth:`VersionLog.ended`: a live version goes (replaced, deleted, taken out of a multiset, or no longer
  known); with ``tombstone`` (``delete``, ``truncate``, ``drop``) a version that says so follows it.

An ended version's values are still in the table's batches until they are compacted; :meth:`VersionLog.flush`
gathers them, a few thousand at a time and always before the batches or the columns change, into
:class:`HistoryPart` s (each in one table layout). What is live when reading ends is
the table's state, each row with the origin of the change that left it so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

import pyarrow as pa

from ..column import Column
from .batches import BatchStore

__all__ = ["HistoryPart", "HistorySink", "Origin", "VersionLog", "origin_arrays", "ORIGIN_TYPES"]

class Origin(NamedTuple):
    """The change that made (or ended) a version: its rows event (or DDL statement) and transaction.

    ``row_index``: the row in the rows event (None for a DDL statement); ``commit_time``: the transaction's
    commit time (the timestamp of its last event), in seconds since the epoch."""

    file: str
    pos: int
    row_index: int | None
    gtid: str | None
    commit_time: int


#: What a live row's entry holds when its origin is not known (a row of before the changes read).
_UNKNOWN: tuple[Origin | None, str] = (None, "insert")
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
    that made it, the one that ended it (None: still live, or a tombstone), its op and whether it is live."""

    columns: tuple[Column, ...]
    arrays: list[pa.Array]
    made_by: list[Origin | None]
    ended_by: list[Origin | None]
    ops: list[str]
    current: list[bool]

    @property
    def rows(self) -> int:
        return len(self.ops)


#: Takes a log's ended versions as they are gathered.
HistorySink = Callable[["VersionLog", HistoryPart], None]


@dataclass(slots=True)
class _Ending:
    ref: int
    made_by: Origin | None
    op: str
    ended_by: Origin | None
    tombstone: str | None


@dataclass
class VersionLog:
    """The versions of one table's rows (see the module docstring)."""

    #: Per live row's reference: the change that made it and its op.
    live: dict[int, tuple[Origin | None, str]] = field(default_factory=dict)
    #: The change being applied (set by the applier): what ends versions a whole-table change ends.
    at: Origin | None = None
    #: The ended versions gathered, unless a :attr:`sink` takes them.
    parts: list[HistoryPart] = field(default_factory=list)
    #: Where the ended versions go as they are gathered (an output writing them: memory stays bounded).
    sink: HistorySink | None = None
    _pending: list[_Ending] = field(default_factory=list)

    @property
    def pending(self) -> int:
        """Ended versions not gathered yet."""
        return len(self._pending)

    def began(self, ref: int, run: _Run, row: int, op: str) -> None:
        origin = run.origin(row) if run.origin is not None else None
        self.live[ref] = (origin, op)

    def ended(self, ref: int, run: _Run | None, row: int = 0, tombstone: str | None = None) -> None:
        """The live row at ``ref`` goes, by row ``row`` of ``run`` (None: by the change :attr:`at`)."""
        made_by, op = self.live.pop(ref, _UNKNOWN)
        by = run.origin(row) if run is not None and run.origin is not None else self.at
        self._pending.append(_Ending(ref, made_by, op, by, tombstone))

    def end_all(self, rows: _Rows, tombstone: str | None) -> None:
        """Every live row goes by the change :attr:`at` (a TRUNCATE, a DROP, rows no longer known)."""
        for ref in rows.refs():
            self.ended(ref, None, tombstone=tombstone)
        self.flush(rows)

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
        arrays, _ = rows.store.gather([e.ref for e in pending], rows.arrow_types())
        made_by: list[Origin | None] = []
        ended_by: list[Origin | None] = []
        ops: list[str] = []
        take: list[int] = []
        for k, e in enumerate(pending):
            made_by.append(e.made_by)
            ended_by.append(e.ended_by)
            ops.append(e.op)
            take.append(k)
            if e.tombstone is not None:
                made_by.append(e.ended_by)
                ended_by.append(None)
                ops.append(e.tombstone)
                take.append(k)
        if len(take) != len(pending):
            indices = pa.array(take, pa.int64())
            arrays = [a.take(indices) for a in arrays]
        part = HistoryPart(rows.columns, arrays, made_by, ended_by, ops, [False] * len(ops))
        if self.sink is not None:
            self.sink(self, part)
        else:
            self.parts.append(part)

    def made(self, refs: Sequence[int]) -> tuple[list[Origin | None], list[str]]:
        """The change that made each live row at ``refs``, and its op."""
        made = [self.live.get(ref, _UNKNOWN) for ref in refs]
        return [m[0] for m in made], [m[1] for m in made]
