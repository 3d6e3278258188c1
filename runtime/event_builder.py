"""Events built from their fields: the read-write classes of ``generated/rw`` filled from values.

:mod:`binlog_ksy.write` uses these to make events no binlog holds (a tagged
GTID, a partial JSON update) without a template: each function returns the
body object of one event type, every field set from the arguments, which
:class:`~.binlog_writer.BinlogWriter` serializes through the spec like any
other. What the functions leave to the caller as bytes is what the spec
itself keeps as bytes (row images, bitmaps) or parses into many small items
that are given here in their wire form and read with the spec's own parser
(a QUERY's status variables, a TABLE_MAP's column metadata and optional
metadata, a PREVIOUS_GTIDS set).

Instances that the parser computes by peeking at the input (which fields a
GTID event has) are set from the arguments: when writing, the stream is the
output.

Layouts: libs/mysql/binlog/event/control_events.h (Format_description_event,
Gtid_event, Xid_event, Rotate_event), statement_events.h (Query_event),
rows_event.h (Table_map_event, Rows_event), libs/mysql/serialization
(the tagged GTID's message format).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from kaitaistruct import ConsistencyError, EndOfStreamError, KaitaiStream, ReadWriteKaitaiStruct

from ..generated.rw import packed_int as rw_packed_int
from ..generated.rw.binlog_event import BinlogEvent as RwEvent
from ..generated.rw.event_control import EventControl
from ..generated.rw.event_gtid import EventGtid
from ..generated.rw.event_query import EventQuery
from ..generated.rw.event_rows import EventRows
from ..generated.rw.event_table_map import EventTableMap
from .reader import BinlogFormat

__all__ = ["body_size", "format_description", "gtid_tagged", "new_event", "query", "rotate", "rows", "table_map",
           "varlen_uint", "xid"]

#: Largest body :func:`body_size` looks for (MySQL's max_allowed_packet is 1 GiB; tests build small events).
MAX_BODY = 1 << 26


# -- sizes and the common header ------------------------------------------------------------------


def _children(obj: Any) -> list[Any]:
    out = []
    for name, value in vars(obj).items():
        if name in ("_parent", "_root", "_io") or name.startswith("_raw"):
            continue
        if isinstance(value, ReadWriteKaitaiStruct):
            out.append(value)
        elif isinstance(value, list):
            out.extend(v for v in value if isinstance(v, ReadWriteKaitaiStruct))
    return out


def finish(obj: Any) -> Any:
    """Link every object of a tree to its parent and root, and run the spec's checks, leaves first.

    Kaitai's writer refuses an object whose ``_check()`` has not run since it
    was changed; the checks also verify each child's parent and root.
    """
    for child in _children(obj):
        if child._parent is None:
            child._parent = obj
        if child._root is None and obj._root is not None and not isinstance(child, rw_packed_int.PackedInt):
            child._root = obj._root
        finish(child)
    obj._check()
    return obj


def body_size(body: Any) -> int:
    """The size a body object serializes to, found by serializing it.

    Kaitai's writer needs the stream's size in advance (``size-eos`` fields
    end where the stream does) and says by how much a size is off: an
    ``EndOfStreamError`` names the bytes missing, a ``ConsistencyError`` of a
    field that must fill the rest of the stream names its room and its length.
    (before a repeated item, only that the stream ended). Starting from nothing
    and growing by what is missing, the first size that writes is the size.
    """
    finish(body)
    size = 0
    for _ in range(1 << 14):
        try:
            body._write(KaitaiStream(io.BytesIO(bytearray(size))))
            return size
        except EndOfStreamError as exc:
            size += max(1, exc.bytes_needed - exc.bytes_available)
        except ConsistencyError as exc:
            if not (isinstance(exc.expected, int) and isinstance(exc.actual, int)):
                raise
            if exc.actual > exc.expected:  # a field longer than the room left for it
                size += exc.actual - exc.expected
            elif exc.actual == exc.expected == 0:  # the end of the stream before a repeated item
                size += 1
            else:
                raise
        if size > MAX_BODY:
            break
    raise ValueError(f"cannot size the event body {type(body).__name__}")


def new_event(fmt: BinlogFormat, type_code: int, data: Any, *, timestamp: int, server_id: int,
              flags: int = 0) -> tuple[Any, int]:
    """A whole event around a body object: ``(read-write event, body size)`` for ``BinlogWriter.write_rw``.

    ``event_length`` and ``next_position`` are left to the writer.
    """
    rw = RwEvent(fmt.header_len, fmt.post_header_lengths, fmt.has_crc32, fmt.uses_pre_ga_numbering)
    header = RwEvent.EventHeader(fmt.header_len, None, rw, rw)
    header.timestamp = timestamp
    header.type_code = RwEvent.EventType(type_code)
    header.server_id = server_id
    header.event_length = 0
    header.next_position = 0
    header.flags = flags
    if fmt.header_len > 19:
        header.extra_headers = bytes(fmt.header_len - 19)
    rw.header = header
    body = RwEvent.EventBody(rw.type_code, rw.post_header_len, None, rw, rw)
    body.data = finish(data)
    body._check()
    rw.body = body
    header._check()
    if rw.has_checksum:
        rw.checksum = 0
    return rw, body_size(body)


def _parsed(factory: Any, raw: bytes, *args: Any, parent: Any = None, root: Any = None) -> Any:
    """A sub-structure given in its wire form, read with the spec's parser (``factory(*args, io, parent, root)``)."""
    obj = factory(*args, KaitaiStream(io.BytesIO(raw)), parent, root)
    obj._read()
    obj._fetch_instances()
    return obj


def _packed(value: int) -> Any:
    """A length-encoded integer (mysys/pack.cc ``net_store_length``)."""
    obj = rw_packed_int.PackedInt()
    if value < 251:
        obj.first = value
    elif value < 1 << 16:
        obj.first, obj.rest = 252, value
    elif value < 1 << 24:
        obj.first = 253
        obj.rest = rw_packed_int.PackedInt.U3Le(None, obj, obj)
        obj.rest.lo, obj.rest.hi = value & 0xFFFF, value >> 16
    else:
        obj.first, obj.rest = 254, value
    return obj


# -- control events -------------------------------------------------------------------------------


def format_description(server_version: str, create_timestamp: int, post_header_lengths: bytes,
                       checksum_alg: int | None = 1, header_len: int = 19) -> Any:
    """FORMAT_DESCRIPTION_EVENT (binlog version 4); ``checksum_alg``: 1 CRC32, 0 none, None for servers
    before the checksum byte (MySQL < 5.6.1, MariaDB < 5.3)."""
    fde = EventControl.FormatDescriptionEvent()
    fde.binlog_version = 4
    fde.server_version = server_version
    fde.create_timestamp = create_timestamp
    fde.len_header = header_len
    fde.post_header_lengths = bytes(post_header_lengths)
    fde.version__enabled = False  # a view over server_version (see binlog_writer._VIEWS)
    fde._m_has_checksum_alg = checksum_alg is not None
    if checksum_alg is not None:
        fde.checksum_alg = EventControl.ChecksumAlg(checksum_alg)
        fde.checksum = 0  # the writer computes the file's CRC32 of the whole event
    return fde


def xid(number: int) -> Any:
    """XID_EVENT: the commit of a transaction."""
    event = EventControl.XidEvent()
    event.xid = number
    return event


def rotate(next_file: str, position: int = 4, post_header_len: int = 8) -> Any:
    """ROTATE_EVENT: the next binlog file and the position to read it from."""
    event = EventControl.RotateEvent(post_header_len)
    event.position = position
    event.next_file = next_file
    return event


def query(statement: str | bytes, *, schema: str | bytes = b"", thread_id: int = 0, exec_time: int = 0,
          error_code: int = 0, status_vars: bytes = b"", post_header_len: int = 13) -> Any:
    """QUERY_EVENT; ``status_vars`` in their wire form (Query_event's status variable block)."""
    event = EventQuery.QueryEvent(post_header_len)
    schema_bytes = schema.encode("utf-8") if isinstance(schema, str) else schema
    event.thread_id, event.exec_time, event.error_code = thread_id, exec_time, error_code
    event.len_schema = len(schema_bytes)
    event.len_status_vars = len(status_vars)
    event._m_is_malformed = False
    event.status_vars = _parsed(EventQuery.StatusVars, status_vars, parent=event, root=event._root)
    event.schema = schema_bytes
    event.schema_terminator = 0
    event.query = statement.encode("utf-8") if isinstance(statement, str) else statement
    return event


# -- GTIDs ----------------------------------------------------------------------------------------


def varlen_uint(value: int) -> Any:
    """An unsigned integer of mysql::serialization (variable_length_integers.h ``write_varlen_bytes_unsigned``)."""
    if value < 0:
        raise ValueError("varlen_uint: a negative value")
    obj = EventGtid.SerializationVarlenUint()
    if value >= 1 << 56:
        obj.first, obj.rest = 0xFF, value.to_bytes(8, "little")
        return obj
    n = 1
    while value >= 1 << (7 * n):
        n += 1
    encoded = ((value << n) | ((1 << (n - 1)) - 1)).to_bytes(n, "little")
    obj.first, obj.rest = encoded[0], encoded[1:]
    return obj


def _varlen_int(value: int) -> Any:
    obj = EventGtid.SerializationVarlenInt()
    obj.raw = varlen_uint(value << 1 if value >= 0 else ((-(value + 1)) << 1) | 1)
    return obj


def _serialization_string(text: str) -> Any:
    obj = EventGtid.SerializationString()
    data = text.encode("ascii")
    obj.len_value = varlen_uint(len(data))
    obj.value = text
    return obj


#: Field ids of Gtid_event::define_fields, in order (control_events.h).
_TAGGED_FIELDS = ("gtid_flags", "sid", "gno", "tag", "last_committed", "sequence_number",
                  "immediate_commit_timestamp", "original_commit_timestamp", "transaction_length",
                  "immediate_server_version", "original_server_version", "commit_group_ticket")
_SIGNED = {"gno", "last_committed", "sequence_number"}


def gtid_tagged(uuid: bytes, gno: int, tag: str, *, last_committed: int = 0, sequence_number: int = 1,
                immediate_commit_timestamp: int = 0, original_commit_timestamp: int | None = None,
                transaction_length: int = 0, immediate_server_version: int = 80400,
                original_server_version: int | None = None, commit_group_ticket: int | None = None,
                gtid_flags: int = 1, last_non_ignorable_field_id: int = 0) -> Any:
    """GTID_TAGGED_LOG_EVENT (MySQL 8.3+): a mysql::serialization message of the GTID's fields.

    Fields given as None are left out, as MySQL's encoder leaves them out
    when they repeat another (the original timestamp and server version equal
    to the immediate ones) or are unset (the commit group ticket).
    """
    if len(uuid) != 16:
        raise ValueError("gtid_tagged: the uuid is 16 bytes")
    values: dict[str, Any] = {
        "gtid_flags": gtid_flags, "sid": uuid, "gno": gno, "tag": tag, "last_committed": last_committed,
        "sequence_number": sequence_number, "immediate_commit_timestamp": immediate_commit_timestamp,
        "original_commit_timestamp": original_commit_timestamp, "transaction_length": transaction_length,
        "immediate_server_version": immediate_server_version, "original_server_version": original_server_version,
        "commit_group_ticket": commit_group_ticket,
    }
    fields = EventGtid.GtidTaggedFields()
    for field_id, name in enumerate(_TAGGED_FIELDS):
        value = values[name]
        present = value is not None
        setattr(fields, f"_m_has_{name}", present)
        if not present:
            continue
        setattr(fields, f"id_{name}", varlen_uint(field_id))
        if name == "sid":
            fields.sid = [varlen_uint(b) for b in value]
        elif name == "tag":
            fields.tag = _serialization_string(value)
        elif name in _SIGNED:
            setattr(fields, name, _varlen_int(value))
        else:
            setattr(fields, name, varlen_uint(value))
    event = EventGtid.GtidTaggedEvent()
    fields._parent, fields._root = event, event._root
    event.format_version = varlen_uint(1)
    event.last_non_ignorable_field_id = varlen_uint(last_non_ignorable_field_id)
    event.fields = fields
    head = len(_bytes(event.format_version)) + len(_bytes(event.last_non_ignorable_field_id))
    size = body_size(fields)
    total = head + size + 1
    while head + size + len(_bytes(varlen_uint(total))) != total:
        total = head + size + len(_bytes(varlen_uint(total)))
    event.len_message = varlen_uint(total)
    return event


def _bytes(obj: Any) -> bytes:
    stream = KaitaiStream(io.BytesIO(bytearray(body_size(obj))))
    obj._write(stream)
    return bytes(stream.to_byte_array())


# -- tables and rows ------------------------------------------------------------------------------


def table_map(table_id: int, schema: str, table: str, column_types: Sequence[int], column_metadata: bytes,
              null_bits: bytes, optional_metadata: bytes = b"", flags: int = 1, post_header_len: int = 8) -> Any:
    """TABLE_MAP_EVENT; the column metadata, nullability bitmap and optional metadata (TLV) in wire form."""
    event = EventTableMap.TableMapEvent(post_header_len)
    event.table_id_low, event.table_id_high = table_id & 0xFFFFFFFF, table_id >> 32
    event.flags = flags
    event.len_schema, event.schema = len(schema.encode("utf-8")), schema
    event.len_table, event.table = len(table.encode("utf-8")), table
    event.num_columns = _packed(len(column_types))
    event.column_types = [EventTableMap.ColumnType(t) if t in EventTableMap.ColumnType._value2member_map_ else t
                          for t in column_types]
    event._m_has_column_metadata = True
    event.len_metadata = _packed(len(column_metadata))
    event.column_metadata = _parsed(EventTableMap.ColumnMetadataBlock, column_metadata, parent=event,
                                    root=event._root)
    event.null_bits = bytes(null_bits)
    stream = KaitaiStream(io.BytesIO(optional_metadata))
    items = []
    while not stream.is_eof():
        item = EventTableMap.OptionalMetadataField(stream, event, event._root)
        item._read()
        item._fetch_instances()
        items.append(item)
    event.optional_metadata = items
    return event


def rows(type_code: int, table_id: int, num_columns: int, columns_before: bytes, rows_data: bytes, *,
         columns_after: bytes | None = None, flags: int = 1, extra_row_info: bytes | None = None,
         post_header_len: int = 10) -> Any:
    """A rows event (WRITE/UPDATE/DELETE v2, PARTIAL_UPDATE_ROWS): its bitmaps and row images in wire form.

    ``extra_row_info`` is the v2 variable header's content (None: an empty
    variable header, length 2). Images are what the spec keeps as bytes.
    """
    kind = EventRows.RowsEventType(type_code) if type_code in EventRows.RowsEventType._value2member_map_ \
        else type_code
    event = EventRows.RowsEvent(kind, post_header_len)
    event.table_id_low, event.table_id_high = table_id & 0xFFFFFFFF, table_id >> 32
    event.flags = flags
    if post_header_len == 10:
        info = extra_row_info or b""
        event.len_var_header = len(info) + 2
        event.extra_row_info = _parsed(EventRows.ExtraRowInfo, info, event.is_update, parent=event,
                                       root=event._root)
    event.num_columns = _packed(num_columns)
    event.columns_before_image = bytes(columns_before)
    if event.has_after_image_bitmap:
        event.columns_after_image = bytes(columns_after if columns_after is not None else columns_before)
    event.rows = bytes(rows_data)
    return event
