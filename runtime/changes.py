"""Row changes: each inserted, updated and deleted row of a binlog, with typed values.

``file -> BinlogReader (events) -> TableMapCache -> row images -> RowChange``.
The reader yields events; TABLE_MAP events fill the cache; each rows event is
decoded with the map of its table (``row_image.decode_rows``, prepared once
per table map and columns bitmap) into one :class:`RowChange` per row.

Layout: libs/mysql/binlog/event/rows_event.h (Rows_event, the bitmaps and the
row images), MariaDB sql/log_event.cc (compressed rows events:
``binlog_buf_uncompress``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, BinaryIO, Iterator, Sequence

from . import event_types as et
from .column import FLAVOR_MARIADB, FLAVOR_MYSQL, Column
from .errors import BinlogError, MalformedEventError, UndecodableValueError, UnknownTableIdError
from .event import Event
from .mariadb_compression import CompressionError, inflate
from .reader import BinlogReader
from .row_image import RowDecodeError, decode_rows
from .schema_file import SchemaFile
from .table_map import TableMapCache, table_map_from_event
from .transactions import TransactionTracker
from .value_json import json_formatter

_OPS = {"write": "insert", "update": "update", "delete": "delete"}


class UnsupportedEventError(BinlogError):
    """An event this version cannot decode (e.g. pre-GA 5.1 rows events); reading goes on."""

    kind = "unsupported"


@dataclass(slots=True)
class RowChange:
    """One row inserted, updated or deleted.

    Attributes
    ----------
    file, pos
        The file and the byte offset of the rows event that holds the row.
    timestamp, server_id
        From the rows event's header.
    gtid, transaction
        The GTID of the transaction (None without GTIDs) and its number in the file.
    schema, table, op
        Where the change happened and what it was: ``insert``, ``update`` or ``delete``.
    before, after
        Column name -> Python value (``None`` for SQL NULL); absent columns are
        absent; ``None`` where the image does not exist (before of an insert).
    columns
        The table's columns (types, names) as the table map gave them.
    primary_key
        Names of the primary-key columns, () when unknown.
    row_index
        Index of the row within its rows event.
    """

    file: str
    pos: int
    timestamp: int
    server_id: int
    gtid: str | None
    transaction: int | None
    schema: str
    table: str
    op: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    row_index: int

    def json_values(self, which: str) -> dict[str, Any] | None:
        """The before or after image with values mapped to JSON (value_json's contract)."""
        image = self.before if which == "before" else self.after
        if image is None:
            return None
        formatters = _formatters_of(self.columns)
        return {name: formatters[name](value) if name in formatters else value for name, value in image.items()}

    def to_json(self) -> dict[str, Any]:
        """The object ``binlog-ksy rows --format jsonl`` prints."""
        return {
            "file": self.file,
            "pos": self.pos,
            "timestamp": self.timestamp,
            "gtid": self.gtid,
            "schema": self.schema,
            "table": self.table,
            "op": self.op,
            "before": self.json_values("before"),
            "after": self.json_values("after"),
        }


_FORMATTERS_BY_TABLE: dict[int, tuple[tuple[Column, ...], dict[str, Any]]] = {}


def _formatters_of(columns: tuple[Column, ...]) -> dict[str, Any]:
    """Column name -> JSON formatter, prepared once per table map's columns."""
    hit = _FORMATTERS_BY_TABLE.get(id(columns))
    if hit is not None and hit[0] is columns:
        return hit[1]
    if len(_FORMATTERS_BY_TABLE) > 4096:
        _FORMATTERS_BY_TABLE.clear()
    formatters = {c.name: json_formatter(c) for c in columns}
    _FORMATTERS_BY_TABLE[id(columns)] = (columns, formatters)
    return formatters


@dataclass(frozen=True, slots=True)
class ChangeFilter:
    """Which changes to keep, like mysqlbinlog's options (None = no limit)."""

    databases: frozenset[str] | None = None
    tables: frozenset[str] | None = None  # "table" or "db.table"
    start_position: int | None = None
    stop_position: int | None = None
    start_datetime: datetime | None = None
    stop_datetime: datetime | None = None

    def wants_table(self, schema: str, table: str) -> bool:
        if self.databases is not None and schema not in self.databases:
            return False
        if self.tables is not None and table not in self.tables and f"{schema}.{table}" not in self.tables:
            return False
        return True

    def wants_event(self, event: Event) -> bool:
        if self.start_position is not None and event.pos < self.start_position:
            return False
        if self.stop_position is not None and event.pos >= self.stop_position:
            return False
        if self.start_datetime is not None or self.stop_datetime is not None:
            when = datetime.fromtimestamp(event.timestamp, timezone.utc)
            if self.start_datetime is not None and when < _aware(self.start_datetime):
                return False
            if self.stop_datetime is not None and when >= _aware(self.stop_datetime):
                return False
        return True


def _aware(dt: datetime) -> datetime:
    return dt if dt.tzinfo is not None else dt.replace(tzinfo=timezone.utc)


def _rows_data(event: Event, body: Any) -> bytes:
    """The row images of a rows event (uncompressed for MariaDB's compressed types)."""
    if not body.is_compressed:
        return bytes(body.rows)
    try:
        return inflate(body.compressed_rows)
    except CompressionError as exc:
        raise MalformedEventError(f"compressed rows: {exc}", file=event.file, offset=event.pos,
                                  event_type=event.type_name, length=event.length) from None


def _kind(body: Any) -> str:
    if body.is_update:
        return "update"
    if body.is_delete:
        return "delete"
    return "insert"


class ChangeReader:
    """Decode the row changes of one file.

    Parameters
    ----------
    source
        A path or a binary file object.
    name
        File name for changes and errors.
    schema
        Column names (and signedness, charsets) for tables logged without them.
    filters
        Which changes to keep.
    on_error
        ``stop`` raises the first error (after yielding every change before it);
        ``skip`` records it in :attr:`errors` and goes on.
    undecodable
        Text that does not decode in its column's charset: ``strict`` (an
        :class:`UndecodableValueError` naming the column and offset) or ``keep``
        (the value is kept as ``bytes``).
    """

    def __init__(
        self,
        source: str | os.PathLike | BinaryIO,
        *,
        name: str | None = None,
        schema: SchemaFile | None = None,
        filters: ChangeFilter | None = None,
        on_error: str = "stop",
        verify_checksums: bool = True,
        undecodable: str = "strict",
    ) -> None:
        self.reader = BinlogReader(source, name=name, on_error=on_error, verify_checksums=verify_checksums)
        self.undecodable = undecodable
        self.schema = schema
        self.filters = filters or ChangeFilter()
        self.on_error = on_error
        self.errors = self.reader.errors
        self.tables = TableMapCache()
        self.transactions = TransactionTracker()

    def _report(self, err: BinlogError, always_continue: bool = False) -> None:
        self.errors.append(err)
        if self.on_error == "stop" and not always_continue:
            raise err

    def __iter__(self) -> Iterator[RowChange]:
        flt = self.filters
        for event in self.reader:
            code = event.type_code
            try:
                state = self.transactions.update(event)
            except BinlogError as err:
                self._report(err)
                continue
            if code == et.TABLE_MAP_EVENT:
                try:
                    flavor = FLAVOR_MARIADB if (self.reader.format and self.reader.format.is_mariadb) else FLAVOR_MYSQL
                    self.tables.add(table_map_from_event(event.body, flavor=flavor, schema_file=self.schema))
                except BinlogError as err:
                    self._report(err)
                except Exception as exc:
                    self._report(MalformedEventError(f"unusable table map: {type(exc).__name__}: {exc}",
                                                     file=event.file, offset=event.pos,
                                                     event_type=event.type_name, length=event.length))
                continue
            if code not in et.ROWS_EVENTS:
                continue
            try:
                yield from self._rows(event, state.gtid, state.seq, flt)
            except BinlogError as err:
                self._report(err)
            except Exception as exc:  # a decoder bug must still name the event
                self._report(UndecodableValueError(f"rows event does not decode: {type(exc).__name__}: {exc}",
                                                   file=event.file, offset=event.pos,
                                                   event_type=event.type_name, length=event.length))

    def _rows(self, event: Event, gtid: str | None, seq: int | None, flt: ChangeFilter) -> Iterator[RowChange]:
        body = event.body
        if body.version == 0:
            self._report(UnsupportedEventError(
                "rows event of a pre-GA 5.1 server (old record format): its values need the table's "
                "storage format and are not decoded", file=event.file, offset=event.pos,
                event_type=event.type_name, length=event.length), always_continue=True)
            if body.is_stmt_end:
                self.tables.end_statement()
            return
        table_map = self.tables.get(body.table_id)
        if table_map is None:
            if body.is_stmt_end:
                self.tables.end_statement()
            raise UnknownTableIdError(f"rows event for table id {body.table_id} with no TABLE_MAP before it",
                                      file=event.file, offset=event.pos, event_type=event.type_name,
                                      length=event.length)
        stmt_end = body.is_stmt_end
        try:
            if not (flt.wants_table(table_map.schema, table_map.table) and flt.wants_event(event)):
                return
            kind = _kind(body)
            data = _rows_data(event, body)
            before_bits = bytes(body.columns_before_image)
            after_bits = bytes(body.columns_after_image) if body.has_after_image_bitmap else before_bits
            try:
                pairs = decode_rows(table_map.columns, kind, before_bits, after_bits, data,
                                    partial_json=bool(body.is_partial), errors=self.undecodable)
            except RowDecodeError as exc:
                raise UndecodableValueError(f"{table_map.qualified_name}: {exc}", file=event.file,
                                            offset=event.pos, event_type=event.type_name,
                                            length=event.length) from None
            for index, (before, after) in enumerate(pairs):
                yield RowChange(
                    file=event.file, pos=event.pos, timestamp=event.timestamp, server_id=event.server_id,
                    gtid=gtid, transaction=seq, schema=table_map.schema, table=table_map.table, op=kind,
                    before=before, after=after, columns=table_map.columns, primary_key=table_map.primary_key,
                    row_index=index)
        finally:
            if stmt_end:
                self.tables.end_statement()


def iter_changes(
    source: str | os.PathLike | BinaryIO,
    *,
    name: str | None = None,
    schema: SchemaFile | None = None,
    filters: ChangeFilter | None = None,
    on_error: str = "stop",
    errors: list[BinlogError] | None = None,
    undecodable: str = "strict",
) -> Iterator[RowChange]:
    """Every row change of a binlog file, in order.

    With ``on_error="skip"``, problems are appended to ``errors`` (when given)
    and reading goes on.
    """
    reader = ChangeReader(source, name=name, schema=schema, filters=filters, on_error=on_error,
                          undecodable=undecodable)
    try:
        yield from reader
    finally:
        if errors is not None:
            errors.extend(reader.errors)


def read_changes(paths: str | os.PathLike | Sequence[str | os.PathLike], **kwargs: Any) -> Iterator[RowChange]:
    """Row changes of one or more binlog files, in order (the Python API).

    Examples
    --------
    >>> import binlog_ksy
    >>> for change in binlog_ksy.read_changes("binlog.000001"):
    ...     print(change.op, change.schema, change.table, change.after)
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    for path in paths:
        yield from iter_changes(path, **kwargs)
