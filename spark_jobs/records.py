"""Rows of the binlog data source, built from the runtime one file at a time.

This module holds what a Spark task does with one file, without Spark: it
opens the file (:mod:`.paths`), streams it through the runtime
(``BinlogReader`` + ``TransactionTracker`` + ``event_to_dict`` for events,
``iter_changes`` for changes), turns each event or row change into a tuple in
the column order of the kind's schema (see :mod:`.datasource`) and packs the
tuples into :class:`pyarrow.RecordBatch` es of at most ``batch_size`` rows.
Memory stays bounded by one batch plus what the runtime holds (one event).

Problems never stop a task: every :class:`BinlogError` the runtime reports
(with ``on_error="skip"``), a file that cannot be opened or is not a binlog,
and any unexpected exception become *error rows*: rows whose ``error`` column
is set (``offset, length, event_type, kind, message``) and whose other columns
are null except ``file`` (and ``pos`` = the offset). Rows yielded before an
unexpected exception are kept. The ``errors`` kind yields only error rows.

Imports nothing from pyspark, so the benchmark and tests can call it directly.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pyarrow as pa

from ..runtime.changes import OnError, Undecodable
from ..runtime.errors import BinlogError, UndecodableValueError
from ..runtime.filters import ChangeFilter, EventSelection
from ..runtime.present.value_json import image_json
from ..runtime.schema.history import SchemaHistory
from ..runtime.storage import is_uri, open_binlog

__all__ = [
    "KINDS",
    "ReadOptions",
    "TypedTable",
    "BatchBuilder",
    "iter_rows",
    "iter_batches",
    "typed_spark_type",
    "ProgressWriter",
    "EVENT_COLUMNS",
    "CHANGE_COLUMNS",
    "ERROR_COLUMNS",
    "TYPED_META_COLUMNS",
    "COLUMN_INFO_FIELDS",
]

#: The kinds of rows the data source reads.
KINDS = ("events", "changes", "errors", "typed")

#: Column order of each kind (the Spark schemas in datasource.py use the same order; a test checks it).
EVENT_COLUMNS = ("file", "pos", "end_pos", "in_payload", "type", "type_code", "timestamp", "server_id",
                 "length", "flags", "gtid", "transaction", "body", "error")
CHANGE_COLUMNS = ("file", "pos", "row_index", "timestamp", "server_id", "gtid", "transaction", "schema", "table",
                  "op", "before", "after", "before_values", "after_values", "primary_key", "columns", "error")
ERROR_COLUMNS = ("file", "offset", "length", "event_type", "kind", "message")
#: Fields of one element of the changes ``columns`` array.
COLUMN_INFO_FIELDS = ("name", "type", "type_code", "meta", "unsigned", "nullable", "charset", "precision",
                      "scale", "fsp")
#: Metadata columns of the typed kind and of every ``tables/<schema>.<table>`` dataset.
TYPED_META_COLUMNS = ("_file", "_pos", "_row_index", "_timestamp", "_server_id", "_gtid", "_transaction", "_op")

_MICROS = 1_000_000
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


# -- options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TypedTable:
    """One table of the ``typed`` kind: its name and its columns with their Spark types.

    ``columns`` holds ``(name, spark_type)`` pairs, the type spelled as in
    :func:`typed_spark_type`.
    """

    schema: str
    table: str
    columns: tuple[tuple[str, str], ...]

    def to_json(self) -> dict:
        return {"schema": self.schema, "table": self.table, "columns": [list(c) for c in self.columns]}

    @classmethod
    def from_json(cls, data: dict) -> TypedTable:
        return cls(data["schema"], data["table"], tuple((str(n), str(t)) for n, t in data["columns"]))


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
        Where each file's schema history starts (``schema_sql``); every file
        follows its own DDL from there (a file does not see the DDL of others).
    with_body
        Fill the events ``body`` column (JSON text of the decoded body).
    typed_tables
        The tables of the ``typed`` kind, in struct-column order (``t0``, ``t1``...).
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
    with_body: bool = True
    typed_tables: tuple[TypedTable, ...] = ()
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
                from pyarrow import fs as pafs

                filesystem, path = pafs.FileSystem.from_uri(self.path)
                filesystem.create_dir(path.rsplit("/", 1)[0], recursive=True)
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


def _error_struct(err: BinlogError) -> dict:
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


def _event_error_row(uri: str, err: BinlogError) -> tuple:
    return (uri, err.offset, None, None, None, None, None, None, None, None, None, None, None,
            _error_struct(err))


def _iter_event_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter) -> Iterator[tuple]:
    from ..runtime.present.describe import event_to_dict
    from ..runtime.reader import BinlogReader
    from ..runtime.transactions import TransactionState, TransactionTracker

    try:
        f = open_binlog(uri)
    except OSError as exc:
        yield _event_error_row(uri, _open_error(uri, exc, size))
        return
    with f:
        reader = BinlogReader(f, name=uri, verify_checksums=opts.verify_checksums, on_error=opts.on_error)
        tracker = TransactionTracker()
        selection = EventSelection(opts.filter)
        reported = 0
        rows = 0
        try:
            for event in reader:
                while reported < len(reader.errors):
                    yield _event_error_row(uri, reader.errors[reported])
                    reported += 1
                if opts.filter.past_stop(event.pos) and event.in_payload is None:
                    break
                try:
                    state = tracker.update(event)
                except BinlogError:  # an unparseable GTID body: reported with the body below
                    state = TransactionState(None, None)
                rows += 1
                progress.update(reader.position, rows)
                body_error: BinlogError | None = None
                body: dict | None = None
                try:
                    if not selection.wants(event):
                        continue
                    body = event_to_dict(event)["body"]
                except BinlogError as err:
                    body_error = err
                yield (
                    uri, event.pos, event.end_pos, event.in_payload, event.type_name, event.type_code,
                    _micros(event.timestamp), event.server_id, event.length, event.flags, state.gtid, state.seq,
                    None if body is None or not opts.with_body else _json_text(body),
                    None,
                )
                if body_error is not None:
                    yield _event_error_row(uri, body_error)
        except BinlogError as err:  # not a binlog, MySQL-encrypted: the reader raises even in skip mode
            for pending in reader.errors[reported:]:
                if pending is not err:
                    yield _event_error_row(uri, pending)
            reported = len(reader.errors)
            if err.length is None and err.offset == 0:
                err.length = size
            yield _event_error_row(uri, err)
        except Exception as exc:  # a bug: keep the rows so far, report it, go on with other files
            yield _event_error_row(uri, _internal_error(uri, exc, reader.position))
        for problem in reader.errors[reported:]:
            yield _event_error_row(uri, problem)
        progress.update(size if size is not None else reader.position, rows, done=True)


# -- changes -------------------------------------------------------------------------------


def _change_error_row(uri: str, err: BinlogError) -> tuple:
    return (uri, err.offset) + (None,) * 14 + (_error_struct(err),)


def _column_info(column: Any) -> dict:
    """One element of the changes ``columns`` array (see :data:`COLUMN_INFO_FIELDS`)."""
    try:
        real_type = int(column.real_type)
        type_name = column.type_name
    except Exception:
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
                          on_change: Callable[[Any, int], Iterable[tuple]],
                          on_error: Callable[[BinlogError], tuple] | None) -> Iterator[tuple]:
    """Decode the changes of one file; map each change (and error, when ``on_error``) to rows.

    Uses the runtime's ``ChangeReader`` (the class behind ``iter_changes``),
    whose ``errors`` list grows while it reads, so error rows come out close
    to where they were found and the list is drained as it goes.
    """
    from ..runtime.changes import ChangeReader

    try:
        f = open_binlog(uri)
    except OSError as exc:
        if on_error is not None:
            yield on_error(_open_error(uri, exc, size))
        return
    with f:
        reader = ChangeReader(f, name=uri, schema=_load_schema_file(opts.schema_yaml),
                              filters=opts.filter, on_error=opts.on_error, verify_checksums=opts.verify_checksums,
                              undecodable=opts.undecodable,
                              history=opts.history.copy() if opts.history is not None else None)
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
                except Exception as exc:  # a value the JSON mapping refuses: report the change, go on
                    errors.append(UndecodableValueError(
                        f"{change.schema}.{change.table}: row {row_index} cannot be converted: "
                        f"{type(exc).__name__}: {exc}", file=uri, offset=change.pos))
                    continue
                yield from out
        except BinlogError as err:  # not a binlog, encrypted: raised even in skip mode
            if not any(e is err for e in errors):
                errors.append(err)
            if err.length is None and err.offset == 0:
                err.length = size
        except Exception as exc:  # a bug: keep the rows so far, report it, go on with other files
            errors.append(_internal_error(uri, exc, reader.reader.position))
        if on_error is not None:
            for problem in errors[reported:]:
                yield on_error(problem)
        progress.update(size if size is not None else reader.reader.position, rows, done=True)


def _iter_change_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter) -> Iterator[tuple]:
    defined: dict[tuple[str, str], Any] = {}

    def on_change(change: Any, row_index: int) -> Iterator[tuple]:
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
                                     lambda err: _change_error_row(uri, err))


def _iter_error_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter) -> Iterator[tuple]:
    def on_error(err: BinlogError) -> tuple:
        d = _error_struct(err)
        return (uri, d["offset"], d["length"], d["event_type"], d["kind"], d["message"])

    def on_change(change: Any, row_index: int) -> Iterator[tuple]:
        return iter(())

    yield from _iter_changes_of_file(uri, size, opts, progress, on_change, on_error)


# -- typed -----------------------------------------------------------------------------------


def typed_spark_type(info: dict) -> str:
    """The Spark type of a table column for ``tables/`` (from one ``columns`` element).

    ``int`` (TINYINT, SMALLINT, MEDIUMINT, YEAR), ``bigint`` (INT, signed BIGINT,
    BIT up to 63 bits), ``decimal(20,0)`` (unsigned BIGINT, BIT(64)),
    ``decimal(p,s)`` (DECIMAL with p <= 38; wider ones are ``string``),
    ``float``, ``double``, ``date``, ``timestamp_ntz`` (DATETIME: wall-clock
    time), ``timestamp`` (TIMESTAMP: an instant, UTC), ``interval`` (TIME,
    Spark's ``interval day to second``), ``binary`` (BLOB, BINARY, VARBINARY,
    GEOMETRY and text columns whose character set is unknown), ``string``
    (CHAR, VARCHAR, TEXT with a known character set, ENUM, SET, JSON as JSON
    text, old DECIMAL), ``array<float>`` (VECTOR).
    """
    code = info.get("type_code")
    meta = info.get("meta") or 0
    charset = info.get("charset")
    if code in (1, 2, 9, 13):
        return "int"
    if code == 3:
        return "bigint"
    if code == 8:
        return "decimal(20,0)" if info.get("unsigned") else "bigint"
    if code == 4:
        return "float"
    if code == 5:
        return "double"
    if code == 246:
        precision, scale = info.get("precision"), info.get("scale")
        if precision is None:
            precision, scale = meta >> 8, meta & 0xFF
        if 0 < precision <= 38 and scale is not None and 0 <= scale <= precision:
            return f"decimal({precision},{scale})"
        return "string"
    if code in (10, 14):
        return "date"
    if code in (12, 18):
        return "timestamp_ntz"
    if code in (7, 17):
        return "timestamp"
    if code in (11, 19):
        return "interval"
    if code == 16:
        bits = 8 * (meta >> 8) + (meta & 0xFF)
        return "decimal(20,0)" if bits >= 64 else "bigint"
    if code in (15, 253, 254, 141):
        return "binary" if charset == 63 else "string"
    if code in (249, 250, 251, 252, 140):
        return "string" if charset is not None and charset != 63 else "binary"
    if code == 255:
        return "binary"
    if code == 242:
        return "array<float>"
    return "string"


def _to_int(v: Any) -> int | None:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, Decimal) and v == v.to_integral_value():
        return int(v)
    return None


def _converter(spark_type: str) -> Callable[[Any], Any]:
    """Python value from the runtime -> a value Arrow accepts for ``spark_type`` (None when it cannot hold it)."""
    if spark_type == "int":
        def conv(v: Any) -> Any:
            i = _to_int(v)
            return i if i is not None and -(1 << 31) <= i < (1 << 31) else None
        return conv
    if spark_type == "bigint":
        def conv(v: Any) -> Any:
            i = _to_int(v)
            return i if i is not None and -(1 << 63) <= i < (1 << 63) else None
        return conv
    if spark_type.startswith("decimal("):
        precision, scale = (int(x) for x in spark_type[8:-1].split(","))
        quantum = Decimal(1).scaleb(-scale)
        limit = Decimal(10) ** (precision - scale)

        def conv(v: Any) -> Any:
            if isinstance(v, bool) or not isinstance(v, (int, Decimal)):
                return None
            d = Decimal(v)
            if not d.is_finite() or abs(d) >= limit:
                return None
            return d.quantize(quantum)
        return conv
    if spark_type in ("float", "double"):
        return lambda v: float(v) if isinstance(v, (int, float, Decimal)) and not isinstance(v, bool) else None
    if spark_type == "date":
        return lambda v: v if isinstance(v, dt.date) and not isinstance(v, dt.datetime) else None
    if spark_type == "timestamp_ntz":
        def conv(v: Any) -> Any:
            if not isinstance(v, dt.datetime):
                return None
            return v if v.tzinfo is None else v.astimezone(dt.UTC).replace(tzinfo=None)
        return conv
    if spark_type == "timestamp":
        def conv(v: Any) -> Any:
            if not isinstance(v, dt.datetime):
                return None
            return v if v.tzinfo is not None else v.replace(tzinfo=dt.UTC)
        return conv
    if spark_type == "interval":
        return lambda v: v if isinstance(v, dt.timedelta) else None
    if spark_type == "binary":
        def conv(v: Any) -> Any:
            if isinstance(v, (bytes, bytearray, memoryview)):
                return bytes(v)
            if isinstance(v, str):
                return v.encode("utf-8")
            return None
        return conv
    if spark_type == "array<float>":
        def conv(v: Any) -> Any:
            if isinstance(v, (list, tuple)) and all(isinstance(x, (int, float)) for x in v):
                return [float(x) for x in v]
            return None
        return conv

    def to_text(v: Any) -> Any:
        if v is None or isinstance(v, str):
            return v
        if isinstance(v, (bytes, bytearray)):
            return bytes(v).decode("utf-8", "backslashreplace")
        if isinstance(v, (tuple, frozenset, set)) and all(isinstance(x, str) for x in v):
            return ",".join(v)  # a SET value
        if isinstance(v, (int, float, Decimal)) and not isinstance(v, bool):
            return str(v)
        if isinstance(v, (dict, list, bool)):  # a JSON document: MySQL's JSON text
            try:
                from ..runtime.types.json_text import json_document

                return _row_dumps()(json_document(v))
            except Exception:
                return _json_text(v)
        if hasattr(v, "isoformat"):
            return v.isoformat()
        return str(v)
    return to_text


def _iter_typed_rows(uri: str, size: int | None, opts: ReadOptions, progress: ProgressWriter) -> Iterator[tuple]:
    slots = {(t.schema, t.table): i for i, t in enumerate(opts.typed_tables)}
    converters = [[(name, _converter(spark_type)) for name, spark_type in t.columns] for t in opts.typed_tables]
    width = len(opts.typed_tables)

    def on_change(change: Any, row_index: int) -> Iterator[tuple]:
        slot = slots.get((change.schema, change.table))
        if slot is None:
            return
        image = change.before if change.op == "delete" else change.after
        if image is None or any(name.startswith("@") for name in image):
            return  # column names unknown: the change stays in changes/ only
        struct = {name: (None if image.get(name) is None else conv(image[name])) for name, conv in converters[slot]}
        values: list[Any] = [None] * width
        values[slot] = struct
        yield (
            change.schema, change.table, uri, change.pos, row_index, _micros(change.timestamp), change.server_id,
            change.gtid, change.transaction, change.op, *values,
        )

    yield from _iter_changes_of_file(uri, size, opts, progress, on_change, None)


# -- batches ---------------------------------------------------------------------------------


_ROWS: dict[str, Callable[[str, int | None, ReadOptions, ProgressWriter], Iterator[tuple]]] = {
    "events": _iter_event_rows,
    "changes": _iter_change_rows,
    "errors": _iter_error_rows,
    "typed": _iter_typed_rows,
}


def iter_rows(uri: str, size: int | None, opts: ReadOptions) -> Iterator[tuple]:
    """The rows of one file for ``opts.kind``, as tuples in the kind's column order."""
    progress = ProgressWriter(opts.progress_dir, opts.kind, uri, size)
    return _ROWS[opts.kind](uri, size, opts, progress)


class BatchBuilder:
    """Collect row tuples and emit :class:`pyarrow.RecordBatch` es of at most ``batch_size`` rows."""

    def __init__(self, schema: pa.Schema, batch_size: int) -> None:
        self.schema = schema
        self.batch_size = max(1, batch_size)
        self.rows: list[tuple] = []

    def add(self, row: tuple) -> pa.RecordBatch | None:
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


def iter_batches(uri: str, size: int | None, opts: ReadOptions, schema: pa.Schema) -> Iterator[pa.RecordBatch]:
    """The rows of one file as Arrow batches of the given schema."""
    builder = BatchBuilder(schema, opts.batch_size)
    for row in iter_rows(uri, size, opts):
        batch = builder.add(row)
        if batch is not None:
            yield batch
    batch = builder.flush()
    if batch is not None:
        yield batch

