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
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..runtime.constants import GTID_EVENTS, QUERY_EVENTS, ROTATE_EVENT, STOP_EVENT
from ..runtime.errors import BinlogError
from ..runtime.event import Event
from ..runtime.filters import ChangeFilter
from ..runtime.reader import BinlogReader
from ..runtime.schema.history import DdlStatement, SchemaHistory
from ..runtime.storage import InputFile, open_binlog, raise_store_failure
from ..runtime.transactions import TransactionTracker

__all__ = ["FileRange", "FileState", "HEAD_BYTES", "IncrementalPlan", "Limits", "LoggedDdl", "NewBytes",
           "PreviousState", "RangeBounds", "STATE_KEY", "WHOLE_FILE", "dump_schema", "load_state",
           "newest_of_sequences", "plan_ranges", "planning_history", "scan_new_bytes", "split_points", "state_json"]

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
    #: Its ``file_changed`` row is written (the file shrank or was replaced): later runs do not repeat it.
    changed: bool = False
    #: The offset of the damage whose ``truncated`` rows are written (a file cut or left unfinished that is
    #: not the newest of its sequence): later runs do not repeat them while it stays so.
    damaged_at: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"size": self.size, "head_bytes": self.head_bytes, "head_sha256": self.head_sha256,
                                "read_to": self.read_to, "finished": self.finished}
        if self.changed:
            data["changed"] = True
        if self.damaged_at is not None:
            data["damaged_at"] = self.damaged_at
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FileState:
        damaged = data.get("damaged_at")
        return cls(int(data["size"]), int(data["head_bytes"]), str(data["head_sha256"]), int(data["read_to"]),
                   bool(data.get("finished", False)), bool(data.get("changed", False)),
                   None if damaged is None else int(damaged))


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
    #: The rows of ``errors/`` the plan itself finds (``file_changed``, and ``truncated`` for damage: see
    #: :func:`plan_ranges`), each a dict of the errors schema's columns, found once.
    errors: list[dict[str, Any]] = field(default_factory=list)
    #: Files that are damaged (cut or unfinished, not the newest of their sequence): not ``unfinished``.
    damaged: set[str] = field(default_factory=set)
    #: Files left for a later run by the plan's :class:`Limits` (their state is the previous one).
    deferred: int = 0


@dataclass(frozen=True)
class Limits:
    """How much one plan may read (a micro-batch's bound): at least one range is always planned, then files are
    taken in order while the new bytes planned stay under ``max_bytes`` and the files under ``max_files``; a file
    whose new bytes pass the rest of the byte budget is read to its first transaction end past it."""

    max_bytes: int | None = None
    max_files: int | None = None


@dataclass(frozen=True)
class RangeBounds:
    """What a reading of ``[start, stop)`` of a file owns: one rule for the driver's pass, ``extract``'s tasks and
    the data source's readers.

    ``start`` is an event boundary between whole transactions (0: the file's start); the reader is opened
    there (it reads the format description first, which is not the range's). ``stop`` is where the range ends,
    the end of the last complete transaction the plan found: no top-level event at or past it is read, however
    far the file has grown since (its events inside a TRANSACTION_PAYLOAD go with the payload). Problems the
    reader meets at or past ``stop`` are not the range's (a transaction still being written)."""

    start: int = 0
    stop: int | None = None

    @property
    def reader_start(self) -> int | None:
        """The ``start`` of the :class:`BinlogReader` reading the range."""
        return self.start or None

    def before(self, event: Event) -> bool:
        """An event read before the range (the format description, read before the reader's jump)."""
        return event.pos < self.start

    def past(self, event: Event) -> bool:
        """A top-level event at or past ``stop``: the reading ends there."""
        return self.stop is not None and event.in_payload is None and event.pos >= self.stop

    def owns_error(self, err: BinlogError) -> bool:
        """A problem of the range (one without an offset is the file's, and is)."""
        return err.offset is None or self.stop is None or err.offset < self.stop

    def narrowed(self, flt: ChangeFilter) -> ChangeFilter:
        """``flt`` ending at ``stop`` too, for readers that take their events through the filter's
        ``stop_position`` (a top-level event at or past it ends the reading: :meth:`past`'s rule)."""
        if self.stop is None or (flt.stop_position is not None and flt.stop_position <= self.stop):
            return flt
        return replace(flt, stop_position=self.stop)


#: The first bytes of every binlog.
_MAGIC = b"\xfebin"
#: The events that end a file the server has finished.
_FILE_ENDS = (ROTATE_EVENT, STOP_EVENT)

#: The flags of the format description's header (bytes 21-22 of the file): the server clears
#: LOG_EVENT_BINARY_IN_USE_F there when it closes the binlog, so they are not part of its identity.
_FDE_FLAGS = slice(4 + 17, 4 + 19)


#: The whole of a file: what a reading without a range owns.
WHOLE_FILE = RangeBounds()


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
    #: The pass stopped at its ``enough`` byte (a plan's byte budget), before the end of the file.
    limited: bool = False
    #: The reader's error for the file's last event, cut (the file ends inside it).
    cut: BinlogError | None = None


@dataclass(frozen=True)
class ScanBounds:
    """Where the driver's pass over new bytes stops early: ``stop`` (exactly there: :class:`RangeBounds`), or at
    the first transaction end at or past ``enough``."""

    stop: int | None = None
    enough: int | None = None


def scan_new_bytes(uri: str, start: int, size: int, history: SchemaHistory | None, file_index: int,
                   verify_checksums: bool = True, cut: dict[str, int] | None = None,
                   gtid_after: dict[int, int] | None = None, bounds: ScanBounds = ScanBounds()) -> NewBytes:
    """Follow the DDL of ``[start, EOF)`` into ``history``; the safe end (see the module docstring).

    Damaged events are skipped as the tasks skip them (the task reading the
    range reports them). A file that is not a binlog at all gives ``size``:
    its task reads it once and reports why in ``errors/``. When the file ends
    inside an event, ``cut[uri]`` is set to that event's offset. Each key of
    ``gtid_after`` (a byte offset) gets as its value the offset of the first
    GTID event outside a transaction payload at or after it (it keeps its
    value where there is none). The DDL of a transaction is followed once the
    transaction is complete: none past the safe end. ``bounds`` ends the pass
    before the end of the file.
    """
    safe = start
    top_end = start
    finished = limited = False
    reader: BinlogReader | None = None
    tracker = TransactionTracker()
    firsts = _FirstGtids(gtid_after)
    owned = RangeBounds(start, bounds.stop)
    ddl: list[Event] = []  # the QUERY events of the transaction not yet complete
    if history is not None:
        history.record(file_index)
    try:
        with open_binlog(uri) as fh:
            reader = BinlogReader(fh, name=uri, on_error="skip", verify_checksums=verify_checksums,
                                  start=owned.reader_start)
            for event in reader:
                if owned.before(event):
                    continue  # the format description, read before the jump
                if owned.past(event):
                    break
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
                    if bounds.enough is not None and safe >= bounds.enough and not ends:
                        limited = True
                        break
    except (OSError, BinlogError) as exc:
        raise_store_failure(uri, exc if isinstance(exc, OSError) else exc.__context__)  # not where the file ends
        return _unreadable(uri, start, size, safe, top_end, cut)
    found = NewBytes(safe, max(size, top_end, reader.position), finished and safe == top_end, limited)
    for err in reader.errors:
        if err.kind == "truncated" and err.offset is not None and err.offset >= safe and owned.owns_error(err):
            found.cut = err
            if cut is not None:
                cut[uri] = err.offset
    return found


def _unreadable(uri: str, start: int, size: int, safe: int, top_end: int, cut: dict[str, int] | None) -> NewBytes:
    """What the pass found in a file its reader gave up on (not a binlog, encrypted, a disk's read error)."""
    if start == 0 and safe == 0:
        if 0 < size < len(_MAGIC) and head_digest(uri, size)[1] == hashlib.sha256(_MAGIC[:size]).hexdigest():
            if cut is not None:
                cut[uri] = 0
            return NewBytes(0, size)  # the first bytes of a binlog the server has just begun: wait for the rest
        return NewBytes(size, size)
    return NewBytes(safe, max(size, top_end))


def _follow(history: SchemaHistory | None, statements: list[Event]) -> None:
    """The statements of a complete transaction, into the history; the list emptied."""
    if history is not None:
        for event in statements:
            history.follow(event)
    statements.clear()


#: A binlog's name: the sequence's base name and the file's number (``binlog.000042``, ``relay-bin.000003``).
_NUMBERED = re.compile(r"^(?P<base>.+)\.(?P<number>[0-9]+)$")


def newest_of_sequences(uris: Iterable[str]) -> set[str]:
    """The files that are the newest of their sequence: the files of one folder with the same base name and a
    number (``binlog.000041``, ``binlog.000042``: the base ``binlog``) form a sequence, the one with the highest
    number is its newest; a file whose name has no number is a sequence of its own."""
    newest: dict[tuple[str, str], tuple[int, str]] = {}
    alone = set()
    for uri in uris:
        folder, _, name = uri.rpartition("/")
        match = _NUMBERED.match(name)
        if match is None:
            alone.add(uri)
            continue
        key, rank = (folder, match["base"]), (int(match["number"]), uri)
        if key not in newest or rank > newest[key]:
            newest[key] = rank
    return alone | {uri for _, uri in newest.values()}


def _damage_rows(uri: str, state: FileState, found: NewBytes) -> list[dict[str, Any]]:
    """The ``errors/`` rows of a file that will not grow and ends inside a transaction: the unfinished
    transaction's events (from ``read_to``), and the cut event (the reader's own ``truncated`` error)."""
    rows = []
    cut_at = found.cut.offset if found.cut is not None and found.cut.offset is not None else state.size
    if cut_at > state.read_to:
        rows.append({"file": uri, "offset": state.read_to, "length": cut_at - state.read_to, "event_type": None,
                     "kind": "truncated",
                     "message": "the file ends inside the transaction that begins here, and a newer binlog of its "
                                "sequence exists: the server will not finish it, so it is not read"})
    if found.cut is not None:
        err = found.cut
        rows.append({"file": uri, "offset": err.offset, "length": err.length, "event_type": err.event_type,
                     "kind": "truncated", "message": err.message})
    return rows


class _Planner:
    """One plan over the listed files (see :func:`plan_ranges`)."""

    def __init__(self, files: list[InputFile], previous: PreviousState, base: SchemaHistory | None,
                 verify_checksums: bool, split_size: int | None) -> None:
        self.files, self.previous, self.verify_checksums, self.split_size = files, previous, verify_checksums, \
            split_size
        self.plan = IncrementalPlan(state=dict(previous.files))
        order = {item.uri: index for index, item in enumerate(files)}
        logged = sorted(((order.get(d.uri, -1), d.pos if d.uri in order else k), d)
                        for k, d in enumerate(previous.ddl))  # a file no longer listed: first, in the log's order
        self.kept = [d.at(key[0]) for key, d in logged]
        self.recorder = base.copy() if base is not None else None
        self.replayed = 0
        self.newest = newest_of_sequences(item.uri for item in files)
        self.planned_bytes = 0

    def start_of(self, item: InputFile) -> int | None:
        """Where the file's new bytes begin (None: it changed under its name, its row noted once)."""
        known = self.previous.files.get(item.uri)
        if known is None:
            return 0
        problem = _changed(item.uri, item.size or 0, known)
        if problem is None:
            return known.read_to
        if not known.changed:
            self.plan.changed.append((item.uri, problem))
            self.plan.errors.append({"file": item.uri, "offset": 0, "length": None, "event_type": None,
                                     "kind": "file_changed", "message": problem})
            self.plan.state[item.uri] = replace(known, changed=True)
        return None

    def replay_to(self, index: int, start: int) -> None:
        """The recorder's tables as they stood where file ``index``'s new bytes begin."""
        if self.recorder is None:
            return
        kept = self.kept
        while self.replayed < len(kept) and (kept[self.replayed].file_index, kept[self.replayed].pos) < (index, start):
            self.recorder.replay(kept[self.replayed:self.replayed + 1], (index, start))
            self.replayed += 1

    def scan(self, index: int, item: InputFile, start: int, bounds: ScanBounds) -> NewBytes:
        """The file's new bytes: their range in the plan, and its state after the run."""
        plan, size = self.plan, item.size or 0
        self.replay_to(index, start)
        points = split_points(size, self.split_size) if self.split_size is not None and start == 0 else []
        gtid_after = {point: point for point in points}
        found = scan_new_bytes(item.uri, start, size, self.recorder, index, self.verify_checksums, plan.cut,
                               gtid_after, bounds)
        end, size = found.safe_end, found.seen
        if end > start:
            plan.ranges.append(FileRange(item.uri, size, start, end, tuple(gtid_after[p] for p in points)))
            self.planned_bytes += end - start
        known = self.previous.files.get(item.uri)
        n, digest = head_digest(item.uri, size)
        finished = found.finished or (known is not None and known.finished and end == start)
        state = FileState(size, n, digest, end, finished, damaged_at=known.damaged_at if known else None)
        if not found.limited and item.uri not in self.newest and end < size and not finished:
            plan.damaged.add(item.uri)  # cut or unfinished, and a newer file of its sequence: it will not grow
            if state.damaged_at != end:
                plan.errors += _damage_rows(item.uri, state, found)
                state = replace(state, damaged_at=end)
        plan.state[item.uri] = state
        return found


def plan_ranges(files: Iterable[InputFile], previous: PreviousState, base: SchemaHistory | None,
                verify_checksums: bool = True, split_size: int | None = None, limits: Limits | None = None,
                ends: dict[str, int] | None = None) -> IncrementalPlan:
    """The ranges a run reads and the state it leaves; with ``base`` (the history where the state's log starts),
    the DDL of the new bytes is followed in file order, each file's new bytes from the tables as they stood at
    its ``read_to``, and :attr:`IncrementalPlan.ddl` holds every statement the tasks replay. With
    ``split_size``, a range from a file's start that the tasks split has its ``split_starts``.

    ``limits`` bounds what the plan reads (a micro-batch): the files after the budget keep their previous state
    (:attr:`IncrementalPlan.deferred` counts them). ``ends`` plans again a plan made before, whose state is
    known: each file is read to exactly its end there, the files it does not name not at all (or, given the
    sizes of a listing, no further than what was there then: a stream's ``availableNow``).

    A file that ends inside a transaction (cut inside an event, or between the events of an unfinished
    transaction) and is not the newest of its sequence (:func:`newest_of_sequences`) will not grow: it is
    damage, in :attr:`IncrementalPlan.damaged` and, once per offset, as ``truncated`` rows of
    :attr:`IncrementalPlan.errors`. The newest file of a sequence ending so is a file still being written.
    """
    files = list(files)
    planner = _Planner(files, previous, base, verify_checksums, split_size)
    plan = planner.plan
    for index, item in enumerate(files):
        if ends is not None and item.uri not in ends:
            continue
        if limits is not None and plan.ranges and _spent(planner, limits):
            plan.deferred = len(files) - index
            break
        start = planner.start_of(item)
        if start is None:
            continue
        enough = None
        if limits is not None and limits.max_bytes is not None:
            enough = start + max(1, limits.max_bytes - planner.planned_bytes)
        planner.scan(index, item, start, ScanBounds(ends[item.uri] if ends is not None else None, enough))
    recorder = planner.recorder
    new = recorder.statements if recorder is not None else []
    plan.ddl = sorted([*planner.kept, *new], key=lambda d: (d.file_index, d.pos))
    if base is not None:
        plan.schema_sql, plan.ddl_log = _compact(base, plan, [item.uri for item in files])
    return plan


def _spent(planner: _Planner, limits: Limits) -> bool:
    """Whether a plan's budget is spent (it has planned at least one range)."""
    return ((limits.max_bytes is not None and planner.planned_bytes >= limits.max_bytes)
            or (limits.max_files is not None and len(planner.plan.ranges) >= limits.max_files))


def planning_history(previous: PreviousState, initial: SchemaHistory | None) -> SchemaHistory | None:
    """The history a plan starts from: the state's base when it has read files, else ``initial`` (the tables
    before the first file: ``schema_sql``; None: the DDL is not followed)."""
    if initial is None:
        return None
    if previous.files:
        return SchemaHistory.from_sql_texts([("the previous run's tables", previous.schema_sql)])
    return initial.copy()


def split_points(size: int | None, split_size: int) -> list[int]:
    """Where a file of ``size`` bytes is split for its tasks: the first byte of each split after the first
    (none: one task reads it). The fewest equal parts of at most ``split_size`` bytes (a 110 MB file with
    64 MB splits: two of 55 MB, not 64 and 46, so the two cores finish together)."""
    if split_size < 1:
        raise ValueError("split_size must be positive")
    if size is None or size <= split_size:
        return []
    count = -(-size // split_size)
    return [size * k // count for k in range(1, count)]


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
