"""Rows of the binlog data source, built from the runtime one file at a time.

This module holds what a Spark task does with one file, without Spark: it
opens the file (:mod:`.paths`), streams it through the runtime
(``BinlogReader`` + ``TransactionTracker`` + :func:`event_body` for events,
``iter_changes`` for changes), turns each event or row change into a tuple in
the column order of the kind's schema (see :mod:`.datasource`) and packs the
tuples into :class:`pyarrow.RecordBatch` es of at most ``batch_size`` rows.
The ``typed`` kind takes its batches from :mod:`.typed`, as ``extract``'s
``tables/`` do.
Memory stays bounded by one batch plus what the runtime holds (one event).

Problems of a file never stop a task: every :class:`BinlogError` the runtime
reports (with ``on_error="skip"``), a file that cannot be opened or is not a
binlog, and any unexpected exception become *error rows*: rows whose ``error``
column is set (``offset, length, event_type, kind, message``) and whose other
columns are null except ``file`` (and ``pos`` = the offset). Rows yielded before
an unexpected exception are kept. The ``errors`` kind yields only error rows.
A remote file's store failing (unreachable, timing out, refusing: an
``OSError`` of its client, not the object being gone) is not the file's
problem: it raises :class:`~binlog_ksy.runtime.errors.StorageError`
(:func:`~binlog_ksy.runtime.storage.raise_store_failure`, as ``extract``'s tasks
do), and the query fails rather than return fewer rows.

Imports nothing from pyspark, so the benchmark and tests can call it directly.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import pyarrow as pa

from ..runtime.bounded_cache import BoundedCache
from ..runtime.changes import OnError, Undecodable
from ..runtime.constants import MARIADB_GTID_EVENT, ROWS_EVENTS, TABLE_MAP_EVENT, XID_EVENT
from ..runtime.errors import BinlogError, UndecodableValueError
from ..runtime.event import Event
from ..runtime.event_body import known_rows_head
from ..runtime.filters import ChangeFilter, EventSelection
from ..runtime.present.value_json import image_json
from ..runtime.schema.history import DdlStatement, SchemaHistory
from ..runtime.storage import filesystem_of, is_uri, make_parent, open_binlog, raise_store_failure
from .incremental import WHOLE_FILE, RangeBounds
from .typed import TypedPlan, iter_typed_batches

__all__ = [
    "KINDS",
    "ReadOptions",
    "BatchBuilder",
    "iter_rows",
    "iter_batches",
    "event_body",
    "ProgressWriter",
    "EVENT_COLUMNS",
    "CHANGE_COLUMNS",
    "ERROR_COLUMNS",
    "COLUMN_INFO_FIELDS",
]

#: One row of a kind, its values in the column order of the kind's schema.
Row = tuple[Any, ...]

#: The kinds of rows the data source reads.
KINDS = ("events", "changes", "errors", "typed", "state")

#: Column order of each kind (the Spark schemas in datasource.py use the same order; a test checks it).
EVENT_COLUMNS = ("file", "pos", "end_pos", "in_payload", "type", "type_code", "timestamp", "server_id",
                 "length", "flags", "gtid", "transaction", "body", "error")
CHANGE_COLUMNS = ("file", "pos", "row_index", "timestamp", "server_id", "gtid", "transaction", "schema", "table",
                  "op", "before", "after", "before_values", "after_values", "primary_key", "columns", "error")
ERROR_COLUMNS = ("file", "offset", "length", "event_type", "kind", "message")
#: Fields of one element of the changes ``columns`` array.
COLUMN_INFO_FIELDS = ("name", "type", "type_code", "meta", "unsigned", "nullable", "charset", "precision",
                      "scale", "fsp")

_MICROS = 1_000_000
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


# -- options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadOptions:
    """Everything a task needs to turn one file into rows (picklable).

    Attributes
    ----------
    kind
        ``events``, ``changes``, ``errors`` (only the error rows found while
        reading the changes) or ``typed``.
    batch_size
        Most rows per Arrow batch.
    verify_checksums
        Check each event's CRC32.
    filter
        Databases, tables, positions and times to keep (the runtime's filter).
    on_error
        ``skip``: resume after a damaged event; ``stop``: stop reading a file at its first damage.
    schema_yaml
        The text of the column-name schema file, read once on the driver.
    history
        Where the schema history starts (``schema_sql``); each file starts from it with the ``ddl``
        statements of the files before it replayed, and follows its own DDL from there.
    ddl
        The DDL statements of every input (found on the driver, :func:`.typed.follow_ddl`), as ``extract``
        replays them.
    with_body
        Fill the events ``body`` column (JSON text of the decoded body).
    typed
        The table of the ``typed`` kind (:func:`.typed.plan_typed`, made on the driver).
    progress_dir
        Where each task writes how far it got (see :class:`ProgressWriter`); None: nowhere.
    """

    kind: str = "events"
    batch_size: int = 8192
    verify_checksums: bool = True
    filter: ChangeFilter = field(default_factory=ChangeFilter)
    on_error: OnError = "skip"
    schema_yaml: str | None = None
    #: The schema history each file starts from (``schema_sql``); None: DDL is not followed.
    history: SchemaHistory | None = None
    ddl: tuple[DdlStatement, ...] = ()
    with_body: bool = True
    typed: TypedPlan | None = None
    progress_dir: str | None = None
    undecodable: Undecodable = "strict"


# -- progress ------------------------------------------------------------------------------


class ProgressWriter:
    """Tells the driver how far a task got: one small JSON file per input file.

    The task writes ``<progress_dir>/<kind>/<sha1 of the file>.json`` =
    ``{"file", "bytes", "size", "rows", "done"}`` every ``every_bytes`` bytes read
    (8 MiB) and when the file is done. The driver (:mod:`.job.extract`) sums them.
    ``progress_dir`` is a local directory or a pyarrow URI, so this works when
    the tasks and the driver see the same filesystem (local mode, or a shared
    store); elsewhere it only costs the small writes.
    """

    def __init__(self, progress_dir: str | None, kind: str, uri: str, size: int | None,
                 every_bytes: int = 8 << 20) -> None:
        self.enabled = bool(progress_dir)
        self.uri, self.size, self.every = uri, size, every_bytes
        self._last = 0
        if progress_dir:
            digest = hashlib.sha1(uri.encode()).hexdigest()[:20]
            self.path = f"{progress_dir.rstrip('/')}/{kind}/{digest}.json"

    def update(self, bytes_done: int, rows: int, done: bool = False) -> None:
        if not self.enabled or (not done and bytes_done - self._last < self.every):
            return
        self._last = bytes_done
        data = json.dumps({"file": self.uri, "bytes": bytes_done, "size": self.size, "rows": rows,
                           "done": done}).encode()
        try:
            if is_uri(self.path):
                filesystem, path = filesystem_of(self.path)
                make_parent(filesystem, path)
                with filesystem.open_output_stream(path) as out:
                    out.write(data)
            else:
                os.makedirs(os.path.dirname(self.path), exist_ok=True)
                tmp = f"{self.path}.{os.getpid()}.tmp"
                with open(tmp, "wb") as out:
                    out.write(data)
                os.replace(tmp, self.path)
        except OSError:
            self.enabled = False  # progress is a courtesy: never fail a task for it


# -- value helpers ------------------------------------------------------------------------


def _micros(epoch_seconds: int | None) -> int | None:
    return None if epoch_seconds is None else epoch_seconds * _MICROS


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


@cache
def _row_dumps() -> Callable[[Any], str]:
    """The runtime's JSON writer for row images (the text ``binlog-ksy rows --format jsonl`` prints)."""
    from ..runtime.types.json_text import dumps

    return dumps


def _value_text(value: Any) -> str | None:
    """One JSON-ready value as text: strings as they are, numbers and booleans as JSON spells them."""
    t = type(value)
    if t is str or value is None:
        return value
    if t is int:
        return str(value)
    if t is bool:
        return "true" if value else "false"
    if t is float and value == value and value not in (float("inf"), float("-inf")):
        return repr(value)
    return _row_dumps()(value)


def _text_map(values: dict[str, Any] | None) -> list[tuple[str, str | None]] | None:
    """JSON-ready column values as text: strings as they are, anything else as JSON."""
    if values is None:
        return None
    return [(name, _value_text(value)) for name, value in values.items()]


def _error_struct(err: BinlogError) -> dict[str, Any]:
    d = err.to_dict()
    return {"offset": d.get("offset"), "length": d.get("length"), "event_type": d.get("event_type"),
            "kind": d.get("error") or err.kind, "message": d.get("message")}


def _internal_error(uri: str, exc: BaseException, offset: int | None) -> BinlogError:
    err = BinlogError(f"internal error: {type(exc).__name__}: {exc}", file=uri, offset=offset)
    err.kind = "internal_error"
    return err


def _open_error(uri: str, exc: OSError, size: int | None) -> BinlogError:
    err = BinlogError(f"cannot open file: {exc.strerror or exc}", file=uri, offset=0, length=size)
    err.kind = "io_error"
    return err


# -- events --------------------------------------------------------------------------------


#: A TABLE_MAP body's text by its bytes, for every table of a binlog of thousands (within an estimate of memory).
_TABLE_MAP_BODIES: BoundedCache[str] = BoundedCache(32 << 20, lambda key, text: 256 + len(key) + len(text))
#: A rows body's text by the id of the parsed head it shares (``event_body.known_rows_head``): (that head, text).
_ROWS_BODIES: BoundedCache[tuple[Any, str]] = BoundedCache(32 << 20, lambda key, kept: 2048 + len(kept[1]))


def event_body(event: Event) -> str | None:
    """The ``body`` column of ``events`` (the data source's and ``extract``'s ``events/``): the decoded
    body as JSON text; rows events keep their table id and flags, not their row bytes (``changes`` has them).

    TABLE_MAP bodies repeat (one per statement): their text is kept by their bytes; a GTID or XID body's is
    that of an earlier body with the same bytes but its number (:func:`_number_first_text`).
    """
    code = event.type_code
    if code in ROWS_EVENTS:
        return _rows_body_text(event)
    if code == TABLE_MAP_EVENT:
        key = event.body_bytes
        text = _TABLE_MAP_BODIES.get(key)
        if text is None:
            text = _TABLE_MAP_BODIES.put(key, _parsed_body_text(event))
        return text
    shape = _NUMBER_FIRST.get(code)
    if shape is not None and len(event.body_bytes) >= shape[1]:
        return _number_first_text(event, shape[0], shape[2])
    return _parsed_body_text(event)


@cache
def _event_to_dict() -> Callable[[Event], dict[str, Any]]:
    """``describe.event_to_dict``, imported when first needed (not at every event: an import statement costs
    about a microsecond even when the module is loaded)."""
    from ..runtime.present.describe import event_to_dict

    return event_to_dict


def _parsed_body_text(event: Event) -> str:
    """An event's ``body`` text from its parsed body."""
    return _json_text(_event_to_dict()(event)["body"])


def _gtid_end(event: Event, seq_no: int) -> str:
    """The end of a MariaDB GTID body's text: its ``gtid`` (the domain id from the body, the server id from the
    header)."""
    domain_id = int.from_bytes(event.body_bytes[8:12], "little")
    return f',"gtid":"{domain_id}-{event.server_id}-{seq_no}"}}'


#: Bodies whose first field is an 8-byte number that no other field depends on (MariaDB's GTID ``seq_no``,
#: the XID's ``xid``; ksy/event_mariadb.ksy, ksy/event_control.ksy): (its name, the fewest bytes, the end of
#: the text made of the number and the header, if any). Their text is that of any body with the same other
#: bytes, but for the number (first) and that end.
_NUMBER_FIRST: dict[int, tuple[str, int, Callable[[Event, int], str] | None]] = {
    MARIADB_GTID_EVENT: ("seq_no", 12, _gtid_end), XID_EVENT: ("xid", 8, None)}
#: The text between the number and the end of the bodies of a (type, post-header length, bytes after the
#: number).
_NUMBER_FIRST_BODIES: BoundedCache[str] = BoundedCache(16 << 20, lambda key, text: 256 + len(key[2]) + len(text))


def _number_first_text(event: Event, name: str, end_of: Callable[[Event, int], str] | None) -> str:
    """The ``body`` text of an event of :data:`_NUMBER_FIRST`: the text of an earlier body with the same other
    bytes, with this one's number and end; the first of them is written from its parsed body, and becomes the
    template only if it is made that way."""
    body = event.body_bytes
    number = int.from_bytes(body[:8], "little")
    head = f'{{"{name}":{number}'
    end = "" if end_of is None else end_of(event, number)
    key = (event.type_code, event.post_header_len, body[8:])
    middle = _NUMBER_FIRST_BODIES.get(key)
    if middle is not None:
        return head + middle + end
    text = _parsed_body_text(event)
    if text.startswith(head) and text.endswith(end) and len(text) > len(head) + len(end) \
            and text[len(head)] in ",}":
        _NUMBER_FIRST_BODIES.put(key, text[len(head):len(text) - len(end)])
    return text


def _rows_body_text(event: Event) -> str:
    """A rows event's ``body``: its table id and flags, which are its head's (the same text for every event
    whose head bytes were parsed before: ``event_body.known_rows_head``, read without parsing the body)."""
    known = known_rows_head(event.type_code, event.post_header_len, event.body_bytes)
    if known is not None:
        kept = _ROWS_BODIES.get(id(known[0]))
        if kept is not None and kept[0] is known[0]:
            return kept[1]
    body = event.body
    text = _json_text({"table_id": getattr(body, "table_id", None), "flags": getattr(body, "flags", None)})
    if known is not None:
        _ROWS_BODIES.put(id(known[0]), (known[0], text))
    return text


def _event_error_row(uri: str, err: BinlogError) -> tuple[Any, ...]:
    return (uri, err.offset, None, None, None, None, None, None, None, None, None, None, None,
            _error_struct(err))


def _iter_event_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter,
                     bounds: RangeBounds = WHOLE_FILE) -> Iterator[Row]:
    from ..runtime.reader import BinlogReader
    from ..runtime.transactions import TransactionState, TransactionTracker

    try:
        f = open_binlog(uri)
    except OSError as exc:
        raise_store_failure(uri, exc)  # the store failing is no row: the query fails
        yield _event_error_row(uri, _open_error(uri, exc, size))
        return
    with f:
        reader = BinlogReader(f, name=uri, verify_checksums=opts.verify_checksums, on_error=opts.on_error,
                              start=bounds.reader_start)
        tracker = TransactionTracker()
        selection = EventSelection(opts.filter)
        reported = 0
        rows = 0
        try:
            for event in reader:
                while reported < len(reader.errors):
                    yield _event_error_row(uri, reader.errors[reported])
                    reported += 1
                if (opts.filter.past_stop(event.pos) and event.in_payload is None) or bounds.past(event):
                    break
                if bounds.before(event):
                    continue  # the format description, read before the reader's jump: the range before's
                try:
                    state = tracker.update(event)
                except BinlogError:  # an unparseable GTID body: reported with the body below
                    state = TransactionState(None, None)
                rows += 1
                progress.update(reader.position, rows)
                body_error: BinlogError | None = None
                body: str | None = None
                try:
                    if not selection.wants(event):
                        continue
                    body = event_body(event) if opts.with_body else None
                except BinlogError as err:
                    body_error = err
                yield (
                    uri, event.pos, event.end_pos, event.in_payload, event.type_name, event.type_code,
                    _micros(event.timestamp), event.server_id, event.length, event.flags, state.gtid, state.seq,
                    body, None,
                )
                if body_error is not None:
                    yield _event_error_row(uri, body_error)
        except BinlogError as err:  # not a binlog, MySQL-encrypted: the reader raises even in skip mode
            yield from _rows_of_raised(uri, size, err, reader.errors[reported:])
            reported = len(reader.errors)
        except Exception as exc:  # noqa: BLE001 - a bug: keep the rows so far, report it, go on with other files
            raise_store_failure(uri, exc)  # unless it is the store failing a read
            yield _event_error_row(uri, _internal_error(uri, exc, reader.position))
        for problem in reader.errors[reported:]:
            if bounds.owns_error(problem):
                yield _event_error_row(uri, problem)
        progress.update(size if size is not None else reader.position, rows, done=True)


def _rows_of_raised(uri: str, size: int | None, err: BinlogError, pending: list[BinlogError]) -> Iterator[Row]:
    """The error rows of a reader that raised ``err`` (not a binlog, encrypted), with those not yet reported;
    unless its store failed a read: then the query fails."""
    raise_store_failure(uri, err.__context__)
    for problem in pending:
        if problem is not err:
            yield _event_error_row(uri, problem)
    if err.length is None and err.offset == 0:
        err.length = size
    yield _event_error_row(uri, err)


# -- changes -------------------------------------------------------------------------------


def _change_error_row(uri: str, err: BinlogError) -> tuple[Any, ...]:
    return (uri, err.offset) + (None,) * 14 + (_error_struct(err),)


def _column_info(column: Any) -> dict[str, Any]:
    """One element of the changes ``columns`` array (see :data:`COLUMN_INFO_FIELDS`)."""
    try:
        real_type = int(column.real_type)
        type_name = column.type_name
    except (ValueError, TypeError, AttributeError):  # a code the specs do not name: the raw one
        real_type, type_name = int(column.type), str(column.type)
    precision = getattr(column, "precision", None)
    scale = getattr(column, "scale", None)
    fsp = getattr(column, "fsp", None)
    return {
        "name": column.name,
        "type": type_name,
        "type_code": real_type,
        "meta": int(getattr(column, "meta", 0) or 0),
        "unsigned": getattr(column, "unsigned", None),
        "nullable": getattr(column, "nullable", None),
        "charset": _charset_id(getattr(column, "charset", None)),
        "precision": precision,
        "scale": scale,
        "fsp": fsp,
    }


def _charset_id(charset: Any) -> int | None:
    if charset is None:
        return None
    if isinstance(charset, int):
        return charset
    if isinstance(charset, str) and charset.lower() == "binary":
        return 63
    return None


def _load_schema_file(text: str | None) -> Any:
    if not text:
        return None
    import yaml

    from ..runtime.schema.file import SchemaFile

    return SchemaFile.from_dict(yaml.safe_load(text), source="schema_file")


def _iter_changes_of_file(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter,
                          on_change: Callable[[Any, int], Iterable[Row]],
                          on_error: Callable[[BinlogError], tuple[Any, ...]] | None,
                          bounds: RangeBounds = WHOLE_FILE) -> Iterator[Row]:
    """Decode the changes of one file; map each change (and error, when ``on_error``) to rows.

    Uses the runtime's ``ChangeReader`` (the class behind ``iter_changes``),
    whose ``errors`` list grows while it reads, so error rows come out close
    to where they were found and the list is drained as it goes.
    """
    try:
        f = open_binlog(uri)
    except OSError as exc:
        raise_store_failure(uri, exc)  # the store failing is no row: the query fails
        if on_error is not None:
            yield on_error(_open_error(uri, exc, size))
        return
    with f:
        reader = _change_reader(f, uri, opts, bounds)
        errors: list[BinlogError] = reader.errors
        reported = 0
        rows = 0
        last_pos = -1
        row_index = 0
        try:
            for change in reader:
                if on_error is not None:
                    while reported < len(errors):
                        yield on_error(errors[reported])
                        reported += 1
                if change.pos != last_pos:
                    last_pos, row_index = change.pos, 0
                else:
                    row_index += 1
                rows += 1
                progress.update(reader.reader.position, rows)
                try:
                    out = list(on_change(change, row_index))
                except BinlogError as err:
                    errors.append(err)
                    continue
                except Exception as exc:  # noqa: BLE001 - a value the JSON mapping refuses: report the change, go on
                    errors.append(UndecodableValueError(
                        f"{change.schema}.{change.table}: row {row_index} cannot be converted: "
                        f"{type(exc).__name__}: {exc}", file=uri, offset=change.pos))
                    continue
                yield from out
        except BinlogError as err:  # not a binlog, encrypted: raised even in skip mode
            raise_store_failure(uri, err.__context__)  # or its store failed a read: the query fails
            if not any(e is err for e in errors):
                errors.append(err)
            if err.length is None and err.offset == 0:
                err.length = size
        except Exception as exc:  # noqa: BLE001 - a bug: keep the rows so far, report it, go on with other files
            raise_store_failure(uri, exc)  # unless it is the store failing a read
            errors.append(_internal_error(uri, exc, reader.reader.position))
        if on_error is not None:
            yield from (on_error(problem) for problem in errors[reported:] if bounds.owns_error(problem))
        progress.update(size if size is not None else reader.reader.position, rows, done=True)


def _change_reader(f: Any, uri: str, opts: ReadOptions, bounds: RangeBounds) -> Any:
    """The runtime's ``ChangeReader`` over an open file, reading the range ``bounds``."""
    from ..runtime.changes import ChangeReader
    from ..runtime.reader import BinlogReader

    events = BinlogReader(f, name=uri, on_error=opts.on_error, verify_checksums=opts.verify_checksums,
                          start=bounds.reader_start)
    return ChangeReader(f, reader=events, schema=_load_schema_file(opts.schema_yaml),
                        filters=bounds.narrowed(opts.filter), on_error=opts.on_error, undecodable=opts.undecodable,
                        history=opts.history.copy() if opts.history is not None else None)


def _iter_change_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter,
                      bounds: RangeBounds = WHOLE_FILE) -> Iterator[Row]:
    defined: dict[tuple[str, str], Any] = {}

    def on_change(change: Any, row_index: int) -> Iterator[Row]:
        key = (change.schema, change.table)
        columns = None
        previous = defined.get(key)
        # The same table map object is shared by its rows: compare by identity first.
        if previous is not change.columns and previous != change.columns:
            columns = [_column_info(c) for c in change.columns]
        before = image_json(change, "before", opts.undecodable)
        after = image_json(change, "after", opts.undecodable)
        dumps = _row_dumps()
        if columns is not None:
            defined[key] = change.columns  # only once the row is built: a failed row does not take it
        yield (
            uri, change.pos, row_index, _micros(change.timestamp), change.server_id, change.gtid,
            change.transaction, change.schema, change.table, change.op,
            None if before is None else dumps(before),
            None if after is None else dumps(after),
            _text_map(before), _text_map(after),
            list(change.primary_key or ()), columns, None,
        )

    yield from _iter_changes_of_file(uri, size, opts, progress, on_change,
                                     lambda err: _change_error_row(uri, err), bounds)


def _iter_error_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter,
                     bounds: RangeBounds = WHOLE_FILE) -> Iterator[Row]:
    def on_error(err: BinlogError) -> tuple[Any, ...]:
        d = _error_struct(err)
        return (uri, d["offset"], d["length"], d["event_type"], d["kind"], d["message"])

    def on_change(change: Any, row_index: int) -> Iterator[Row]:
        return iter(())

    yield from _iter_changes_of_file(uri, size, opts, progress, on_change, on_error, bounds)


# -- batches ---------------------------------------------------------------------------------


_ROWS: dict[str, Callable[[str, int | None, ReadOptions, ProgressWriter, RangeBounds], Iterator[Row]]] = {
    "events": _iter_event_rows,
    "changes": _iter_change_rows,
    "errors": _iter_error_rows,
}


def iter_rows(uri: str, size: int | None, opts: ReadOptions, bounds: RangeBounds = WHOLE_FILE) -> Iterator[Row]:
    """The rows of one file (of its range ``bounds``) for ``opts.kind`` (not ``typed``), as tuples in the kind's
    column order."""
    progress = ProgressWriter(opts.progress_dir, opts.kind, uri, size)
    return _ROWS[opts.kind](uri, size, opts, progress, bounds)


class BatchBuilder:
    """Collect row tuples and emit :class:`pyarrow.RecordBatch` es of at most ``batch_size`` rows."""

    def __init__(self, schema: pa.Schema, batch_size: int) -> None:
        self.schema = schema
        self.batch_size = max(1, batch_size)
        self.rows: list[Row] = []

    def add(self, row: Row) -> pa.RecordBatch | None:
        """Add a row; return a full batch when there is one."""
        self.rows.append(row)
        if len(self.rows) >= self.batch_size:
            return self.flush()
        return None

    def flush(self) -> pa.RecordBatch | None:
        """The rows collected so far as a batch (None when there are none)."""
        if not self.rows:
            return None
        columns = list(zip(*self.rows, strict=True))
        self.rows = []
        arrays = [pa.array(col, type=fld.type) for col, fld in zip(columns, self.schema, strict=True)]
        return pa.RecordBatch.from_arrays(arrays, schema=self.schema)


def iter_batches(uri: str, size: int | None, opts: ReadOptions, schema: pa.Schema,
                 file_index: int = 0, bounds: RangeBounds = WHOLE_FILE) -> Iterator[pa.RecordBatch]:
    """The rows of one file (number ``file_index`` of the sorted inputs) as Arrow batches of the given schema;
    with ``bounds``, of that range of it only (a stream's micro-batch: :class:`.incremental.RangeBounds`).

    ``typed``: the batches of ``tables/`` (:mod:`.typed`), cast to ``schema``, the Arrow form of the
    Spark schema Spark reads back from them.
    """
    if opts.history is not None and opts.ddl:  # the tables as the DDL before the range left them
        history = opts.history.copy()
        history.replay(opts.ddl, (file_index, bounds.start))
        opts = replace(opts, history=history, ddl=())
    if opts.kind == "typed":
        yield from _typed_batches(uri, size, opts, schema, bounds)
        return
    builder = BatchBuilder(schema, opts.batch_size)
    for row in iter_rows(uri, size, opts, bounds):
        batch = builder.add(row)
        if batch is not None:
            yield batch
    batch = builder.flush()
    if batch is not None:
        yield batch


def _typed_batches(uri: str, size: int | None, opts: ReadOptions, schema: pa.Schema,
                   bounds: RangeBounds) -> Iterator[pa.RecordBatch]:
    if opts.typed is None:
        raise ValueError("kind=typed is planned on the driver (ReadOptions.typed)")
    progress = ProgressWriter(opts.progress_dir, opts.kind, uri, size)
    rows = 0
    batches = iter_typed_batches(uri, opts.typed, bounds.narrowed(opts.filter), history=opts.history,
                                 schema_file=_load_schema_file(opts.schema_yaml),
                                 verify_checksums=opts.verify_checksums, start=bounds.reader_start)
    step = max(1, opts.batch_size)
    for batch in batches:
        cast = batch.cast(schema)
        for start in range(0, cast.num_rows, step):
            yield cast.slice(start, step)
        rows += batch.num_rows
    progress.update(size or 0, rows, done=True)
