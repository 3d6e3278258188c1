"""What one task of the extraction job does: read one file (or one split of it) once, write every dataset.

``run_task`` streams the file through the runtime a single time: each event
goes to the event selection (``events/``), the transaction totals
(``transactions/``) and the change reader, whose rows events are decoded into
``changes/`` rows and, with ``typed``, into the typed tables
(``tables/<schema>.<table>/``); every problem becomes an ``errors/`` row. The
task writes its own Parquet part files with pyarrow under the run's temporary
directory (``<dataset>/part-<file>-<split>.parquet``; ``changes/`` in
``schema=<s>/table=<t>/`` partition directories), so no row crosses from
Python to the JVM and the driver only commits. Memory stays bounded: each
dataset buffers one batch, transactions are written as soon as the next one
starts.

Imports nothing from pyspark: tests and benchmarks call it directly.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ...runtime.changes import ChangeReader, OnError, Undecodable
from ...runtime.constants import GTID_EVENTS, TRANSACTION_PAYLOAD_EVENT
from ...runtime.errors import BinlogError
from ...runtime.event import Event
from ...runtime.filters import ChangeFilter, EventSelection
from ...runtime.outputs.row_stretches import Stretches
from ...runtime.outputs.typed import table_dir_name
from ...runtime.present.debezium import SourceContext, SourceTracker, messages
from ...runtime.present.value_json import image_json
from ...runtime.reader import BinlogReader
from ...runtime.rows.columnar import ChangeColumns
from ...runtime.rows.events import RowsEvent
from ...runtime.schema.history import DdlStatement, SchemaHistory
from ...runtime.stats import TransactionStats, counts, counts_event
from ...runtime.storage import open_binlog, raise_store_failure, write_target
from ...runtime.transactions import TransactionState, every_transaction_has_a_gtid
from ...runtime.types.json_text import dumps
from .. import arrow_schemas as schemas
from ..change_batches import changes_batch
from ..incremental import RangeBounds, split_points
from ..records import (
    ProgressWriter,
    _column_info,
    _error_struct,
    _internal_error,
    _load_schema_file,
    _micros,
    _open_error,
    _text_map,
    event_body,
)
from ..typed import RowsWindow, columns_of_window, typed_rows_of

__all__ = ["DEFAULT_SPLIT_SIZE", "TaskOptions", "TaskResult", "TaskSpec", "partition_dir", "plan_tasks", "run_task",
           "split_points", "use_system_allocator"]

#: Files larger than this are read by several tasks, one byte range each.
DEFAULT_SPLIT_SIZE = 64 << 20


@dataclass(frozen=True)
class TaskSpec:
    """One unit of work: a file, or the byte range ``[start, end)`` of one (picklable)."""

    uri: str
    size: int | None
    file_index: int
    split_index: int = 0
    start: int | None = None
    end: int | None = None
    #: ``[start, end)`` are event boundaries that begin and end whole transactions (an incremental run's
    #: range): the task owns every event in it, GTID or not, and stops at ``end`` exactly.
    exact: bool = False
    #: No event at or past this byte is read (the end of the last complete transaction of a file the server
    #: may still be writing: the unfinished one waits for the next run); None: read to the end.
    stop: int | None = None

    @property
    def name(self) -> str:
        return f"{self.file_index:05d}-{self.split_index:04d}"


def plan_tasks(files: list[tuple[str, int | None]], split_size: int = DEFAULT_SPLIT_SIZE,
               starts: Mapping[str, Sequence[int]] | None = None) -> list[TaskSpec]:
    """One task per file, or per ``split_size`` bytes of a larger file (``files``: uri and size pairs).

    A larger file is cut at :func:`split_points`. A split ``[start, end)``
    reads the format description from the file start, begins at its first
    transaction (the first GTID event at or after ``start``) and reads past
    ``end`` to finish the transaction it is in, so every transaction is read
    by exactly one task. Files whose transactions do not all start with a GTID
    event (MySQL before 5.7.6, MariaDB before 10.0) are read whole by their
    first task.

    ``starts`` gives, per file, where its splits after the first begin
    instead of the split points: each one's first GTID event, when the
    driver's pass over the file has found it. A split then owns the same
    transactions, but its reader starts on an event instead of searching the
    bytes after a split point for one (which checks the CRC32 of every
    candidate, each as long as the bytes its header claims: up to seconds
    for one split point).
    """
    if split_size < 1:
        raise ValueError("split_size must be positive")
    specs = []
    for index, (uri, size) in enumerate(files):
        points = split_points(size, split_size)
        if not points:
            specs.append(TaskSpec(uri, size, index))
            continue
        given = (starts or {}).get(uri)
        if given is not None and len(given) == len(points):
            points = list(given)
        count = len(points) + 1
        bounds = [0, *points, size]
        for k in range(count):
            specs.append(TaskSpec(uri, size, index, k, bounds[k] if k else None,
                                  bounds[k + 1] if k + 1 < count else None))
    return specs


@dataclass(frozen=True)
class TaskOptions:
    """What every task of a run shares (picklable)."""

    out_root: str
    filter: ChangeFilter = field(default_factory=ChangeFilter)
    on_error: OnError = "skip"
    verify_checksums: bool = True
    with_body: bool = True
    schema_yaml: str | None = None
    undecodable: Undecodable = "strict"
    #: The schema history before the first input file, and the DDL statements of the inputs (None: no history).
    history: SchemaHistory | None = None
    ddl: tuple[DdlStatement, ...] = ()
    typed: bool = True
    batch_size: int = 8192
    progress_dir: str | None = None
    #: Put before the part file names (an incremental run's id, so its parts never replace earlier ones).
    part_prefix: str = ""
    #: Write ``cdc/`` (Debezium change events) with this ``source.name``; None: no cdc/.
    cdc_name: str | None = None
    #: The top-level ``ts_ms`` of the cdc/ events (when the run started).
    cdc_ts_ms: int = 0
    #: The driver's object-store settings (``storage.store_environment``), set in the worker before it reads.
    store_environment: tuple[tuple[str, str], ...] = ()


@dataclass
class TaskResult:
    """What one task wrote (summed by the driver into the run's summary)."""

    uri: str
    events: int = 0
    transactions: int = 0
    changes: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    #: Per ``schema.table``, a fingerprint of each typed layout written (the driver counts distinct ones).
    typed: dict[str, list[str]] = field(default_factory=dict)


# -- writing parts -------------------------------------------------------------------------------

#: Characters Spark escapes in partition directory names (ExternalCatalogUtils.escapePathName).
_PATH_ESCAPED = set('"#%\'*/:=?\\\x7f{[]^') | {chr(c) for c in range(32)}


def partition_dir(column: str, value: str) -> str:
    """``column=value`` with the value escaped as Spark escapes partition values."""
    return f"{column}=" + "".join(f"%{ord(c):02X}" if c in _PATH_ESCAPED else c for c in value)


class _PartWriter:
    """One Parquet part file, opened on its first row; rows are buffered and written a batch at a time."""

    #: Rows of record batches gathered into one row group.
    ROW_GROUP_ROWS = 65536

    def __init__(self, path: str, schema: pa.Schema, batch_size: int) -> None:
        self.path, self.schema, self.batch_size = path, schema, max(1, batch_size)
        self.rows: list[tuple[Any, ...]] = []
        self.batches = Stretches()
        self.count = 0
        self._writer: pq.ParquetWriter | None = None

    def add_batch(self, batch: pa.RecordBatch, start: int = 0, rows: int | None = None) -> None:
        """Rows already in Arrow form: rows ``start`` to ``start + rows`` of ``batch`` (all of it by default),
        written in file order with the tuples given to :meth:`add`."""
        if self.rows:
            self.flush()
        self.count += self.batches.add(batch, start, rows)
        if self.batches.rows >= self.ROW_GROUP_ROWS:
            self._write_batches()

    def _write_batches(self) -> None:
        if self.batches:
            if self._writer is None:
                self._writer = _open_writer(self.path, self.schema)
            self._writer.write_table(self.batches.take_table(self.schema), row_group_size=self.ROW_GROUP_ROWS)

    def add(self, row: tuple[Any, ...]) -> None:
        self.rows.append(row)
        self.count += 1
        if len(self.rows) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        self._write_batches()
        if not self.rows:
            return
        columns = list(zip(*self.rows, strict=True))
        self.rows = []
        batch = pa.RecordBatch.from_arrays(
            [pa.array(col, type=f.type) for col, f in zip(columns, self.schema, strict=True)], schema=self.schema)
        self.write_batch(batch)

    def write_batch(self, batch: pa.RecordBatch) -> None:
        if self._writer is None:
            self._writer = _open_writer(self.path, self.schema)
        self._writer.write_batch(batch)

    def close(self) -> None:
        self.flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def _open_writer(path: str, schema: pa.Schema) -> pq.ParquetWriter:
    # a URI's filesystem has the store's bounded timeouts and retries (storage.store_bounds), as every store call
    filesystem, target = write_target(path)
    return pq.ParquetWriter(target, schema, filesystem=filesystem, compression="snappy",
                            **schemas.parquet_options(schema))


class _Parts:
    """The part files of one task, one per dataset and partition."""

    def __init__(self, spec: TaskSpec, opts: TaskOptions) -> None:
        self.root = opts.out_root.rstrip("/")
        self.name = opts.part_prefix + spec.name
        self.batch_size = opts.batch_size
        self._writers: dict[tuple[str, ...], _PartWriter] = {}

    def get(self, schema: pa.Schema, *dirs: str) -> _PartWriter:
        writer = self._writers.get(dirs)
        if writer is None:
            path = "/".join([self.root, *dirs, f"part-{self.name}.parquet"])
            writer = self._writers[dirs] = _PartWriter(path, schema, self.batch_size)
        return writer

    def close(self) -> None:
        for writer in self._writers.values():
            writer.close()


# -- transactions ---------------------------------------------------------------------------------


class _Transactions:
    """Each transaction's figures (:class:`~runtime.stats.TransactionStats`, the rule ``stats`` follows),
    written once the transaction has ended and its row counts are in.

    Rows events are decoded in runs that may span several transactions, so
    their counts arrive after later transactions have begun: transactions
    stay open until :meth:`release` (called after each run is decoded)
    writes every one but the current.
    """

    def __init__(self, uri: str, out: _PartWriter, flt: ChangeFilter) -> None:
        self.uri, self.out, self.filter = uri, out, flt
        self.open: dict[int, TransactionStats] = {}  # in file order; the last one may still grow
        self.current: int | None = None
        self.written = 0

    def add_event(self, state: TransactionState, event: Event, payload: Event | None) -> None:
        """Count an event of the position and time windows (``payload``: the last TRANSACTION_PAYLOAD read)."""
        if state.seq is None:
            return
        self.current = state.seq
        t = self.open.get(state.seq)
        if t is None:
            t = self.open[state.seq] = TransactionStats.starting_at(event, state.gtid, self.uri)
        elif t.gtid is None:
            t.gtid = state.gtid
        t.add_event(event, payload)

    def add_changes(self, seq: int | None, qualified: str, op: str, count: int) -> None:
        t = self.open.get(seq) if seq is not None else None
        if t is not None:
            t.add_rows(qualified, op, count)

    def release(self, everything: bool = False) -> None:
        """Write the transactions that have ended (``everything``: all of them, at the end of the task)."""
        for seq in list(self.open):
            if seq == self.current and not everything:
                break
            t = self.open.pop(seq)
            if counts(t, self.filter):
                ops = t.ops
                self.out.add((self.uri, seq, t.gtid, t.start_pos, t.last_pos, t.events,
                              _micros(t.earliest), _micros(t.commit_time), sorted(t.tables),
                              ops["insert"], ops["update"], ops["delete"], t.rows, t.bytes, t.end_pos,
                              t.seconds))
                self.written += 1

    def flush(self) -> None:
        self.release(everything=True)


# -- the task -------------------------------------------------------------------------------------


#: What _Task._place says of an event.
_TAKE, _SKIP, _STOP = object(), object(), object()


@dataclass
class _ReadState:
    """One task's reading: the readers, the errors reported so far, whether it owns the events yet."""

    reader: BinlogReader
    changes: ChangeReader
    selection: EventSelection
    start: int | None
    owns: bool
    errors: list[BinlogError] = field(default_factory=list)
    reported: int = 0
    rows: int = 0
    splittable: bool | None = None

    def __post_init__(self) -> None:
        self.errors = self.reader.errors  # the reader's own list: problems it meets land here


class _Task:
    def __init__(self, spec: TaskSpec, opts: TaskOptions) -> None:
        self.spec, self.opts = spec, opts
        self.uri = spec.uri
        self.result = TaskResult(spec.uri)
        self.parts = _Parts(spec, opts)
        self.events = self.parts.get(schemas.EVENTS, "events")
        self.errors = self.parts.get(schemas.ERRORS, "errors")
        self.transactions = _Transactions(spec.uri, self.parts.get(schemas.TRANSACTIONS, "transactions"),
                                          opts.filter)
        self.payload: Event | None = None  # the last TRANSACTION_PAYLOAD read: its inner events follow it
        self.defined: dict[tuple[str, str], Any] = {}
        self.layouts: dict[tuple[str, str, pa.Schema], _PartWriter] = {}
        #: Per table, its layouts met so far (the next part's number).
        self._parts_of: dict[tuple[str, str], int] = {}
        #: The last writer of each table (``(schema object, writer)``): found without hashing an Arrow schema,
        #: which walks every field (most runs are a table's next run in the layout it had).
        self._last_layout: dict[tuple[str, str], tuple[pa.Schema, _PartWriter]] = {}
        self._changes_writers: dict[tuple[str, str], _PartWriter] = {}
        self.pending = RowsWindow()  # rows events waiting to be decoded together
        #: With cdc/: follows the events for the connector's source.thread and source.ts_*; the context of
        #: each pending rows event (by id) until it is decoded.
        self.sources = SourceTracker() if opts.cdc_name is not None else None
        self.source_contexts: dict[int, SourceContext] = {}
        self._length = (spec.end if spec.end is not None else spec.size or 0) - (spec.start or 0)
        #: What an exact range owns, and where every task stops (its ``stop``; an exact range's ``end`` too).
        stops = [at for at in (spec.stop, spec.end if spec.exact else None) if at is not None]
        self.bounds = RangeBounds(spec.start or 0, min(stops) if stops else None)
        self.progress = ProgressWriter(opts.progress_dir, "extract", f"{spec.uri}#{spec.name}", self._length)

    def error(self, err: BinlogError) -> None:
        d = _error_struct(err)
        self.errors.add((self.uri, d["offset"], d["length"], d["event_type"], d["kind"], d["message"]))
        self.result.errors[d["kind"]] = self.result.errors.get(d["kind"], 0) + 1

    def run(self) -> TaskResult:
        try:
            f = open_binlog(self.uri)
        except OSError as exc:
            raise_store_failure(self.uri, exc)
            self.error(_open_error(self.uri, exc, self.spec.size))
            return self.finish()
        with f:
            self._read(f)
        return self.finish()

    def _read(self, f: Any) -> None:
        opts, spec = self.opts, self.spec
        start = spec.start if spec.start else None
        reader = BinlogReader(f, name=self.uri, verify_checksums=opts.verify_checksums, on_error=opts.on_error,
                              start=start)
        history = None
        if opts.history is not None:  # the tables as the DDL before this file (or split) left them
            history = opts.history.copy()
            history.replay(opts.ddl, (spec.file_index, start or 0))
        changes = ChangeReader(f, reader=reader, schema=_load_schema_file(opts.schema_yaml), filters=opts.filter,
                               history=history, on_error=opts.on_error, undecodable=opts.undecodable)
        # A split owns the transactions that begin (with a GTID event) in [start, end); the events before
        # its first GTID event belong to the split before it, which reads past its end to finish them.
        # An exact range owns all of [start, end).
        st = _ReadState(reader, changes, EventSelection(opts.filter), start, owns=start is None or spec.exact)
        try:
            for event in reader:
                place = self._place(event, st)
                if place is _STOP:
                    break
                if place is _TAKE:
                    self._take(event, st)
        except BinlogError as err:  # not a binlog or encrypted (raised even in skip mode), or stop mode
            raise_store_failure(self.uri, err.__context__)  # or its store failed a read: the run fails
            if not self._keep_error(err, st):
                return
        except Exception as exc:  # noqa: BLE001 - a bug: keep what was read, report it, go on with other files
            raise_store_failure(self.uri, exc)  # unless it is the store failing a read (the rows' decoding reads)
            st.errors.append(_internal_error(self.uri, exc, reader.position))
        try:
            self._flush_rows(changes)
        except Exception as exc:  # noqa: BLE001 - a bug in the last run's decoding: reported like the others
            raise_store_failure(self.uri, exc)
            st.errors.append(_internal_error(self.uri, exc, reader.position))
        self._report_errors(st)

    def _place(self, event: Event, st: _ReadState) -> object:
        """Whether this task reads ``event`` (_TAKE), steps over it (_SKIP) or is done (_STOP)."""
        spec = self.spec
        top = event.in_payload is None
        if self.bounds.past(event):
            return _STOP
        if spec.exact and self.bounds.before(event):  # the format description, read before the jump
            st.changes.accept(event)
            return _SKIP
        if st.splittable is None and st.reader.format is not None and event.pos >= 4:
            st.splittable = every_transaction_has_a_gtid(st.reader.format)
        if st.start is not None and not st.owns:
            place = self._place_before_owning(event, st, top)
            if place is not _TAKE:
                return place
        elif (spec.end is not None and st.splittable and top and event.pos >= spec.end
              and event.type_code in GTID_EVENTS):
            return _STOP
        if self.opts.filter.past_stop(event.pos) and top:
            return _STOP
        return _TAKE

    def _place_before_owning(self, event: Event, st: _ReadState, top: bool) -> object:
        """A split before its first transaction: the events it steps over, and where it starts owning."""
        assert st.start is not None
        if event.pos < st.start or not st.splittable:  # the format description; or a file not split
            if not st.splittable and event.pos >= st.start:
                return _STOP
            st.changes.accept(event)
            return _SKIP
        if not (top and event.type_code in GTID_EVENTS):
            st.reported = len(st.errors)  # damage before our first transaction is the previous split's
            return _SKIP
        if self.spec.end is not None and event.pos >= self.spec.end:
            return _STOP  # no transaction begins in this split: a bigger one spans it
        st.owns = True
        return _TAKE

    def _take(self, event: Event, st: _ReadState) -> None:
        """One event of this task: every dataset's rows, its transaction's counts, its rows event queued."""
        opts = self.opts
        changes, errors = st.changes, st.errors
        rows_event = changes.accept(event)
        state = changes.state
        if self.sources is not None:
            self.sources.follow(event)
            if rows_event is not None:
                self.source_contexts[id(rows_event)] = self.sources.context()
        try:
            keep = st.selection.wants(event)
            body = event_body(event) if keep and opts.with_body else None
        except BinlogError as err:
            keep, body = True, None
            errors.append(err)
        if keep:
            self.events.add((self.uri, event.pos, event.end_pos, event.in_payload, event.type_name,
                             event.type_code, _micros(event.timestamp), event.server_id, event.length,
                             event.flags, state.gtid, state.seq, body))
        if event.in_payload is None and event.type_code == TRANSACTION_PAYLOAD_EVENT:
            self.payload = event
        if counts_event(opts.filter, event):  # stats' rule: every event of the windows counts in its transaction
            self.transactions.add_event(state, event, self.payload)
            if not self.pending:
                self.transactions.release()  # no run waits for its counts
        if rows_event is not None:
            self._queue_rows(changes, rows_event)
        while st.reported < len(errors):
            self.error(errors[st.reported])
            st.reported += 1
        st.rows += 1
        self.progress.update(st.reader.position - (st.start or 0), st.rows)

    def _keep_error(self, err: BinlogError, st: _ReadState) -> bool:
        """The error that ended the read: False when the split before this one reports it (nothing to do)."""
        errors = st.errors
        if not st.owns:
            errors[st.reported:] = []
            if st.start is not None:  # the split before this one meets the same problem and reports it
                return False
        if not any(e is err for e in errors[st.reported:]):
            errors.append(err)
        if err.length is None and err.offset == 0:
            err.length = self.spec.size
        return True

    def _report_errors(self, st: _ReadState) -> None:
        errors = st.errors
        errors[st.reported:] = [e for e in errors[st.reported:] if self.bounds.owns_error(e)]  # not what lies past
        # the range (a binlog still being written)
        if st.owns:
            for problem in errors[st.reported:]:
                self.error(problem)
        self.progress.update(self._length, st.rows, done=True)

    def _queue_rows(self, changes: ChangeReader, rows_event: RowsEvent) -> None:
        """Gather a window of rows events; the runs of each layout in it are decoded together (columnar)."""
        if self.pending.is_full():
            self._flush_rows(changes)
        self.pending.add(rows_event)

    def _flush_rows(self, changes: ChangeReader) -> None:
        window = self.pending.take()
        if not window:
            return
        try:
            self._decode_window(changes, window)
        finally:
            self.transactions.release()
            self.source_contexts.clear()

    def _decode_window(self, changes: ChangeReader, window: list[RowsEvent]) -> None:
        for columns, run, rows_event, decoded in columns_of_window(changes, window):
            if rows_event is None:
                self._columnar(changes, run, columns)
            else:  # what the columnar decoder cannot take, through the row decoder
                assert decoded is not None
                self._rows(rows_event, decoded)
            self._count(columns)
            if self.opts.typed:
                self._typed(columns)

    def _columnar(self, changes: ChangeReader, run: list[RowsEvent], columns: ChangeColumns) -> None:
        """``changes/`` (and ``cdc/``) rows of a run the columnar decoder took whole (a slice of runs decoded
        together: the rows of the batch made once for all of them, at the first, which comes first in the
        file)."""
        table_map = columns.table_map
        group = columns.group
        if group is None:
            batch = changes_batch(columns, self._new_layout(table_map))
        else:
            if "changes_batch" not in group.memo:
                group.memo["changes_batch"] = changes_batch(group, self._new_layout(table_map))
            batch = group.memo["changes_batch"]
        if batch is None:  # a value Arrow cannot hold (zero dates): its JSON comes from the row decoder
            for rows_event in run:
                try:
                    self._rows(rows_event, changes.decode(rows_event))
                except BinlogError as err:
                    changes.errors.append(err)
            return
        if group is None:
            self._changes_writer(table_map).add_batch(batch)
        else:  # the run's rows of its group's batch
            self._changes_writer(table_map).add_batch(batch, columns.group_start, columns.count)
        if self.opts.cdc_name is not None:
            for rows_event in run:
                try:
                    self._cdc(rows_event, changes.decode(rows_event))
                except BinlogError as err:
                    changes.errors.append(err)

    def _cdc(self, rows_event: RowsEvent, decoded: list[Any]) -> None:
        """``cdc/`` rows of decoded changes: each as the Debezium connector's messages (two for an update of
        the primary key: a delete and a create)."""
        context = self.source_contexts.pop(id(rows_event), None)
        if not decoded:
            return
        table_map = decoded[0].table_map
        writer = self.parts.get(schemas.CDC, "cdc", partition_dir("schema", table_map.schema),
                                partition_dir("table", table_map.table))
        name, ts_ms = self.opts.cdc_name, self.opts.cdc_ts_ms
        assert name is not None
        for change in decoded:
            for op, key, value in messages(change, name=name, ts_ms=ts_ms, context=context):
                writer.add((self.uri, change.pos, change.row_index, op, key, value))

    def _new_layout(self, table_map: Any) -> list[dict[str, Any]] | None:
        """The ``columns`` of ``changes/`` for the first change of a table layout in this task, else None."""
        key = (table_map.schema, table_map.table)
        defined = self.defined.get(key)
        if defined is table_map.columns or defined == table_map.columns:
            return None
        self.defined[key] = table_map.columns
        return [_column_info(c) for c in table_map.columns]

    def _changes_writer(self, table_map: Any) -> _PartWriter:
        table = (table_map.schema, table_map.table)
        writer = self._changes_writers.get(table)
        if writer is None:  # the partition's names escaped once a table
            writer = self._changes_writers[table] = self.parts.get(
                schemas.CHANGES, "changes", partition_dir("schema", table_map.schema),
                partition_dir("table", table_map.table))
        return writer

    def _count(self, columns: ChangeColumns) -> None:
        qualified = columns.table_map.qualified_name
        self.result.changes[qualified] = self.result.changes.get(qualified, 0) + columns.count
        per_event = np.bincount(columns.event_of_row, minlength=len(columns.events))
        for rows_event, count in zip(columns.events, per_event.tolist(), strict=True):
            self.transactions.add_changes(rows_event.transaction, qualified, rows_event.op, count)

    def _rows(self, rows_event: RowsEvent, decoded: list[Any]) -> None:
        """``changes/`` (and ``cdc/``) rows of one rows event decoded by the row decoder."""
        table_map = rows_event.table_map
        writer = self._changes_writer(table_map)
        columns = self._new_layout(table_map)
        for change in decoded:
            before = image_json(change, "before", self.opts.undecodable)
            after = image_json(change, "after", self.opts.undecodable)
            writer.add((self.uri, change.pos, change.row_index, _micros(change.timestamp), change.server_id,
                        change.gtid, change.transaction, change.op,
                        None if before is None else dumps(before), None if after is None else dumps(after),
                        _text_map(before), _text_map(after), list(change.primary_key), columns))
            columns = None
        if self.opts.cdc_name is not None:
            self._cdc(rows_event, decoded)

    def _typed(self, columns: ChangeColumns) -> None:
        """The run's rows in ``tables/<schema>.<table>/``: one part per table layout."""
        table_map = columns.table_map
        schema, batch, start = typed_rows_of(columns)
        table = (table_map.schema, table_map.table)
        last = self._last_layout.get(table)
        if last is not None and last[0] is schema:
            last[1].add_batch(batch, start, columns.count)
            return
        layout_key = (table_map.schema, table_map.table, schema)
        writer = self.layouts.get(layout_key)
        if writer is None:
            number = self._parts_of.get(table, 0)
            self._parts_of[table] = number + 1
            path = "/".join([self.parts.root, "tables", table_dir_name(table_map.schema, table_map.table),
                             f"part-{self.parts.name}-{number:03d}.parquet"])
            writer = self.layouts[layout_key] = _PartWriter(path, schema, self.opts.batch_size)
            fingerprint = hashlib.sha1(schema.to_string(show_schema_metadata=False).encode()).hexdigest()[:16]
            self.result.typed.setdefault(table_map.qualified_name, []).append(fingerprint)
        self._last_layout[table] = (schema, writer)
        writer.add_batch(batch, start, columns.count)

    def finish(self) -> TaskResult:
        self.transactions.flush()
        self.parts.close()
        for writer in self.layouts.values():
            writer.close()
        self.result.events = self.events.count
        self.result.transactions = self.transactions.written
        return self.result


def use_system_allocator() -> None:
    """Make the C library's malloc Arrow's default memory pool in this process (unless
    ``ARROW_DEFAULT_MEMORY_POOL`` names one).

    A task allocates and frees tens of MB of strings per run of rows events
    (the JSON texts and value maps of ``changes/``, the Parquet pages):
    mimalloc, pyarrow's default, hands those pages back to the kernel and
    faults them in again each time (about 20,000 page faults and 0.05 s of
    system time per 14 MB binlog), where glibc's malloc keeps reusing them;
    the worker's peak RSS is also some 70 MB lower. Values are unaffected.
    """
    if os.environ.get("ARROW_DEFAULT_MEMORY_POOL"):
        return
    pool = pa.system_memory_pool()
    if pa.default_memory_pool().backend_name != pool.backend_name:
        pa.set_memory_pool(pool)


def run_task(spec: TaskSpec, opts: TaskOptions) -> TaskResult:
    """Read one file (or split) once and write its part of every dataset; see the module docstring."""
    os.environ.update(dict(opts.store_environment))  # the driver's store settings (S3 endpoint, keys...)
    use_system_allocator()
    return _Task(spec, opts).run()
