"""Incremental runs of the extraction job: what each input file has given so far, and what is new.

Every run plans with :func:`plan_ranges`: a plain run from an empty state (it
replaces the output), an ``--incremental`` run from the state the output holds
(it appends), so both read complete transactions only and either may follow.

The output keeps a state (:data:`STATE_KEY` of the run's summary file): per
input file its identity (the SHA-256 of its first bytes, up to
:data:`HEAD_BYTES`), its size, and ``read_to``, the end of the last complete
transaction written. The next ``--incremental`` run reads, per file:

* a file it has never seen: ``[0, safe end)``;
* a file that grew (the active binlog): ``[read_to, safe end)``, from the
  first transaction not yet written;
* a file that shrank below ``read_to`` or whose first bytes changed: nothing;
  an ``errors/`` row (kind ``file_changed``) says so, every run, until the file
  is put back or the output is rebuilt without ``--incremental``.

The *safe end* is the end of the last complete transaction in the file, found
by the driver's pass over the new bytes (the same pass that follows their DDL
for the schema history): a transaction the server is still writing is left
for the next run, so ``(file, pos, row_index)`` stays unique and nothing is
written twice. A finished file (ROTATE/STOP at the end) is read to its end.

The folder may be written while a run reads it: a file grows, or gets its
ROTATE, between the listing, the driver's pass and the tasks. So the safe end
is taken from the bytes the driver's pass read, never from the size listed
before it; the tasks read exactly to that end (:attr:`FileRange.end`, each
task's ``stop``), however far the file has grown by then; and the state
records that same end as ``read_to``. The schema history follows the DDL of
complete transactions only, so it stops at the same byte.

The schema history continues across runs, in file order whatever order the
bytes arrive in: the state keeps a *base* (CREATE TABLE statements: the tables
as the files read to their end, oldest first, left them) and the *DDL log* of
the statements read since, each with its file and position. A run rebuilds the
history at any point of any file from them: the grown tail of a file is read
with the tables as they stood at its ``read_to``, even when a newer file (an
``ALTER TABLE`` in it) was read before that tail arrived, as a sync job
uploading several files at once can make happen. Imports nothing from pyspark.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...runtime.constants import GTID_EVENTS, QUERY_EVENTS, ROTATE_EVENT, STOP_EVENT
from ...runtime.errors import BinlogError
from ...runtime.event import Event
from ...runtime.reader import BinlogReader
from ...runtime.schema.history import DdlStatement, SchemaHistory
from ...runtime.storage import InputFile, open_binlog, raise_store_failure
from ...runtime.transactions import TransactionTracker
from .task import split_points

__all__ = ["FileRange", "FileState", "HEAD_BYTES", "IncrementalPlan", "LoggedDdl", "NewBytes", "PreviousState",
           "STATE_KEY", "dump_schema", "load_state", "plan_ranges", "scan_new_bytes", "state_json"]

#: The key of the state in the run's summary file.
STATE_KEY = "incremental"
#: How many first bytes of a file identify it (the magic, the format description and what follows).
HEAD_BYTES = 4096


@dataclass(frozen=True)
class FileState:
    """What the output holds of one input file."""

    size: int
    head_bytes: int
    head_sha256: str
    read_to: int
    #: Read to its end, which is a ROTATE or STOP event: the server has finished it, it cannot grow.
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "head_bytes": self.head_bytes, "head_sha256": self.head_sha256,
                "read_to": self.read_to, "finished": self.finished}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FileState:
        return cls(int(data["size"]), int(data["head_bytes"]), str(data["head_sha256"]), int(data["read_to"]),
                   bool(data.get("finished", False)))


@dataclass(frozen=True)
class LoggedDdl:
    """A DDL statement of the log the state keeps: the file it stands in, by name, and its position."""

    uri: str
    pos: int
    sql: str
    database: str | None
    collation_server: int | None = None
    collation_database: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"file": self.uri, "pos": self.pos, "sql": self.sql, "database": self.database,
                "collation_server": self.collation_server, "collation_database": self.collation_database}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LoggedDdl:
        return cls(str(data["file"]), int(data["pos"]), str(data["sql"]), data.get("database"),
                   data.get("collation_server"), data.get("collation_database"))

    def at(self, file_index: int) -> DdlStatement:
        """The statement as the tasks of a run replay it, its file at ``file_index`` of the run's inputs."""
        return DdlStatement(file_index, self.pos, self.sql, self.database, self.collation_server,
                            self.collation_database)


@dataclass
class PreviousState:
    """What the output holds, as the last run's summary recorded it."""

    files: dict[str, FileState] = field(default_factory=dict)
    #: The tables as the files read to their end, oldest first, left them (CREATE TABLE statements).
    schema_sql: str = ""
    #: The DDL statements read after that base, in file order.
    ddl: list[LoggedDdl] = field(default_factory=list)


@dataclass(frozen=True)
class FileRange:
    """The bytes of one file a run reads: ``[start, end)``, both boundaries between whole transactions.

    ``end`` is where every task reading the file stops, even when the file is longer by the time it reads."""

    uri: str
    #: The file's size as the run knows it: listed, or the bytes the driver's pass read if it grew since.
    size: int
    start: int
    end: int
    #: A range from the file's start that is split (``plan_ranges``' ``split_size``): where each split after
    #: the first begins, the first GTID event at or after its split point (the point itself where none is).
    split_starts: tuple[int, ...] = ()


@dataclass
class IncrementalPlan:
    """What one run reads, and the state it leaves when it commits."""

    ranges: list[FileRange] = field(default_factory=list)
    #: ``(uri, message)`` of files that changed under their name (``errors/`` rows).
    changed: list[tuple[str, str]] = field(default_factory=list)
    #: The state after the run: every file seen so far.
    state: dict[str, FileState] = field(default_factory=dict)
    #: Every DDL statement the tasks replay (the log kept before and the new bytes'), in file order, by the
    #: index of its file among the run's inputs (-1: a file no longer listed, before every listed one).
    ddl: list[DdlStatement] = field(default_factory=list)
    #: The base and the log the run leaves (see :func:`state_json`).
    schema_sql: str = ""
    ddl_log: list[LoggedDdl] = field(default_factory=list)
    #: Files whose last event is cut (``uri -> its offset``): the file ends inside an event.
    cut: dict[str, int] = field(default_factory=dict)


#: The first bytes of every binlog.
_MAGIC = b"\xfebin"
#: The events that end a file the server has finished.
_FILE_ENDS = (ROTATE_EVENT, STOP_EVENT)

#: The flags of the format description's header (bytes 21-22 of the file): the server clears
#: LOG_EVENT_BINARY_IN_USE_F there when it closes the binlog, so they are not part of its identity.
_FDE_FLAGS = slice(4 + 17, 4 + 19)


def head_digest(uri: str, size: int) -> tuple[int, str]:
    """``(n, sha256 hex)`` of the first ``n = min(size, HEAD_BYTES)`` bytes of a file, FDE flags zeroed."""
    n = min(size, HEAD_BYTES)
    with open_binlog(uri) as fh:
        head = bytearray(fh.read(n))
    head[_FDE_FLAGS] = bytes(len(head[_FDE_FLAGS]))
    return n, hashlib.sha256(head).hexdigest()


def _changed(uri: str, size: int, known: FileState) -> str | None:
    """Why a file is not the one the state describes (None: it is, perhaps grown)."""
    if size < known.read_to:
        return (f"the file shrank to {size} bytes since the last run (which read it to byte {known.read_to}): "
                "not reread; rebuild the output without --incremental to read it again")
    n, digest = head_digest(uri, known.head_bytes)
    if n < known.head_bytes or digest != known.head_sha256:
        return ("the file's first bytes changed since the last run (another binlog under the same name): not "
                "reread; rebuild the output without --incremental to read it again")
    return None


class _FirstGtids:
    """Gives each offset of a ``gtid_after`` mapping the first top-level GTID event at or after it, as a pass
    over the file meets them."""

    def __init__(self, gtid_after: dict[int, int] | None) -> None:
        self.gtid_after = gtid_after if gtid_after is not None else {}
        self.points = sorted(self.gtid_after)
        self.found = 0

    def note(self, event: Event) -> None:
        """A top-level event, in file order."""
        points = self.points
        if self.found < len(points) and event.type_code in GTID_EVENTS:
            while self.found < len(points) and points[self.found] <= event.pos:
                self.gtid_after[points[self.found]] = event.pos
                self.found += 1


@dataclass
class NewBytes:
    """What the driver's pass over a file's new bytes found."""

    #: The end of the last complete transaction (or finished file) in the bytes read: where the run stops.
    safe_end: int
    #: How far the pass read (the file may have grown since it was listed).
    seen: int
    #: The safe end is a ROTATE or STOP event's: the file is finished.
    finished: bool = False


def scan_new_bytes(uri: str, start: int, size: int, history: SchemaHistory | None, file_index: int,
                   verify_checksums: bool = True, cut: dict[str, int] | None = None,
                   gtid_after: dict[int, int] | None = None) -> NewBytes:
    """Follow the DDL of ``[start, EOF)`` into ``history``; the safe end (see the module docstring).

    Damaged events are skipped as the tasks skip them (the task reading the
    range reports them). A file that is not a binlog at all gives ``size``:
    its task reads it once and reports why in ``errors/``. When the file ends
    inside an event, ``cut[uri]`` is set to that event's offset. Each key of
    ``gtid_after`` (a byte offset) gets as its value the offset of the first
    GTID event outside a transaction payload at or after it (it keeps its
    value where there is none). The DDL of a transaction is followed once the
    transaction is complete: none past the safe end.
    """
    safe = start
    top_end = start
    finished = False
    reader: BinlogReader | None = None
    tracker = TransactionTracker()
    firsts = _FirstGtids(gtid_after)
    ddl: list[Event] = []  # the QUERY events of the transaction not yet complete
    if history is not None:
        history.record(file_index)
    try:
        with open_binlog(uri) as fh:
            reader = BinlogReader(fh, name=uri, on_error="skip", verify_checksums=verify_checksums,
                                  start=start or None)
            for event in reader:
                if event.pos < start:
                    continue  # the format description, read before the jump
                if event.in_payload is None:
                    top_end = event.pos + event.length  # not end_pos: a relay log or a damaged file
                    firsts.note(event)
                if history is not None and event.type_code in QUERY_EVENTS:
                    ddl.append(event)
                tracker.update(event)
                ends = event.in_payload is None and event.type_code in _FILE_ENDS
                if not tracker.in_transaction or ends:
                    safe = max(safe, top_end)  # after a ROTATE or STOP the file is finished (a relay log may
                    # rotate inside a transaction)
                    finished = ends
                    _follow(history, ddl)
    except (OSError, BinlogError) as exc:
        raise_store_failure(uri, exc if isinstance(exc, OSError) else exc.__context__)  # not where the file ends
        if start == 0 and safe == 0:
            if 0 < size < len(_MAGIC) and head_digest(uri, size)[1] == hashlib.sha256(_MAGIC[:size]).hexdigest():
                if cut is not None:
                    cut[uri] = 0
                return NewBytes(0, size)  # the first bytes of a binlog the server has just begun: wait for the rest
            return NewBytes(size, size)
        return NewBytes(safe, max(size, top_end))
    finally:
        if cut is not None and reader is not None:
            for err in reader.errors:
                if err.kind == "truncated" and err.offset is not None and err.offset >= safe:
                    cut[uri] = err.offset
    return NewBytes(safe, max(size, top_end, reader.position), finished and safe == top_end)


def _follow(history: SchemaHistory | None, statements: list[Event]) -> None:
    """The statements of a complete transaction, into the history; the list emptied."""
    if history is not None:
        for event in statements:
            history.follow(event)
    statements.clear()


def plan_ranges(files: Iterable[InputFile], previous: PreviousState, base: SchemaHistory | None,
                verify_checksums: bool = True, split_size: int | None = None) -> IncrementalPlan:
    """The ranges a run reads and the state it leaves; with ``base`` (the history where the state's log starts),
    the DDL of the new bytes is followed in file order, each file's new bytes from the tables as they stood at
    its ``read_to``, and :attr:`IncrementalPlan.ddl` holds every statement the tasks replay. With
    ``split_size``, a range from a file's start that the tasks split has its ``split_starts``."""
    files = list(files)
    plan = IncrementalPlan(state=dict(previous.files))
    order = {item.uri: index for index, item in enumerate(files)}
    logged = sorted(((order.get(d.uri, -1), d.pos if d.uri in order else k), d)
                    for k, d in enumerate(previous.ddl))  # a file no longer listed: first, in the log's order
    kept = [d.at(key[0]) for key, d in logged]
    recorder = base.copy() if base is not None else None
    replayed = 0
    for index, item in enumerate(files):
        size = item.size or 0
        known = previous.files.get(item.uri)
        if known is not None:
            problem = _changed(item.uri, size, known)
            if problem is not None:
                plan.changed.append((item.uri, problem))
                continue
            start = known.read_to
        else:
            start = 0
        if recorder is not None:  # the tables as they stood where this file's new bytes begin
            while replayed < len(kept) and (kept[replayed].file_index, kept[replayed].pos) < (index, start):
                recorder.replay(kept[replayed:replayed + 1], (index, start))
                replayed += 1
        points = split_points(size, split_size) if split_size is not None and start == 0 else []
        gtid_after = {point: point for point in points}
        found = scan_new_bytes(item.uri, start, size, recorder, index, verify_checksums, plan.cut, gtid_after)
        end, size = found.safe_end, found.seen
        if end > start:
            plan.ranges.append(FileRange(item.uri, size, start, end, tuple(gtid_after[p] for p in points)))
        n, digest = head_digest(item.uri, size)
        finished = found.finished or (known is not None and known.finished and end == start)
        plan.state[item.uri] = FileState(size, n, digest, end, finished)
    new = recorder.statements if recorder is not None else []
    plan.ddl = sorted([*kept, *new], key=lambda d: (d.file_index, d.pos))
    if base is not None:
        plan.schema_sql, plan.ddl_log = _compact(base, plan, [item.uri for item in files])
    return plan


def _compact(base: SchemaHistory, plan: IncrementalPlan, uris: list[str]) -> tuple[str, list[LoggedDdl]]:
    """The state's base and log after a run: the statements of the files finished and read to their end, oldest
    first (and of files no longer listed), folded into the base; the others kept in the log."""
    done = 0
    while done < len(uris) and (state := plan.state.get(uris[done])) is not None and state.finished \
            and state.read_to >= state.size:
        done += 1
    folded = [d for d in plan.ddl if d.file_index < done]
    compacted = base.copy()
    compacted.replay(folded, (done, 0))
    log = [LoggedDdl(uris[d.file_index], d.pos, d.sql, d.database, d.collation_server, d.collation_database)
           for d in plan.ddl if d.file_index >= done]
    return dump_schema(compacted), log


def dump_schema(history: SchemaHistory | None) -> str:
    """The tables a history knows, as a SQL script that :meth:`SchemaHistory.from_sql_texts` reads back."""
    if history is None:
        return ""
    parts = [f"{table.create_sql()};" for _, table in sorted(history.state.tables.items())]
    return "\n".join(parts)


def load_state(summary: dict[str, Any] | None) -> PreviousState:
    """What a previous run's summary records (empty for none; a state of an older version has no log)."""
    if not summary or STATE_KEY not in summary:
        return PreviousState()
    data = summary[STATE_KEY]
    return PreviousState({uri: FileState.from_json(entry) for uri, entry in data.get("files", {}).items()},
                         str(data.get("schema_sql", "")), [LoggedDdl.from_json(d) for d in data.get("ddl", [])])


def state_json(plan: IncrementalPlan) -> dict[str, Any]:
    """The state to keep in the run's summary file."""
    return {"files": {uri: s.to_json() for uri, s in sorted(plan.state.items())}, "schema_sql": plan.schema_sql,
            "ddl": [d.to_json() for d in plan.ddl_log]}
