"""Build binlog files from events: the Python API of binlog writing.

A :class:`BinlogBuilder` starts from the format description of an existing
binlog (the server version, header length, post-header lengths and checksum
algorithm a reader needs), then takes events: copied from other binlogs, or
changed first through their read-write objects (``generated/rw``, compiled
from the same ``ksy/`` specs as the parsers)::

    from binlog_ksy import read_events
    from binlog_ksy.write import BinlogBuilder

    builder = BinlogBuilder.like("binlog.000001")
    for event in read_events("binlog.000001"):
        if event.type_name == "WRITE_ROWS_EVENT":
            rw = builder.edit(event)
            rw.body.data.flags |= 1          # any field of the spec
            builder.add(event, rw)
        elif event.type_name != "FORMAT_DESCRIPTION_EVENT":
            builder.add(event)
    builder.save("copy.000001")

Or from nothing, every event from its fields (:mod:`binlog_ksy.runtime.writer.builder`),
e.g. the MySQL 8 events MariaDB cannot write; row images come from small
encoders (integers, FLOAT/DOUBLE, VARCHAR, BLOB, binary JSON, partial JSON
diffs)::

    from binlog_ksy.runtime.types.json_diff import JsonDiff
    from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, column_names, row_image

    types, metas = [3, 245, 15], [0, 4, 160]                  # INT, JSON, VARCHAR(40) utf8mb4
    builder = BinlogBuilder.new("8.4.3", timestamp=1700000000)   # or ("10.11.6", "mariadb")
    builder.gtid(uuid.UUID(int=1).bytes, 7, tag="nightly")      # GTID_TAGGED_LOG_EVENT; no tag: GTID_LOG_EVENT
    builder.query("BEGIN", schema="test")
    builder.table_map(90, "test", "docs", types, column_metadata(types, metas), bitmap([0, 1, 1]),
                      optional_metadata=column_names(["id", "doc", "label"]))
    builder.rows("write", 90, 3, bitmap([1, 1, 1]), row_image(types, [1, {"a": 1}, "x"], metadata=metas))
    builder.xid(40)
    builder.gtid(uuid.UUID(int=1).bytes, 8, tag="nightly", sequence_number=2)
    ...                                                         # BEGIN, TABLE_MAP
    before = row_image(types, [1], metadata=metas, present=[1, 0, 0])
    after = row_image(types, [[JsonDiff("REPLACE", "$.a", 2), JsonDiff("REMOVE", "$.b")]], metadata=metas,
                      present=[0, 1, 0], partial_json=True)
    builder.rows("partial_update", 90, 3, bitmap([1, 0, 0]), [before, after], columns_after=bitmap([0, 1, 0]))
    builder.xid(41)
    builder.rotate("synthetic.000002")
    builder.save("synthetic.000001")

Lengths, next positions and CRC32 are written anew (see
:mod:`binlog_ksy.runtime.writer.binlog`); ``binlog-ksy filter`` is built on the
same pieces.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import Any

from .runtime import constants as et
from .runtime.constants import FORMAT_DESCRIPTION_EVENT
from .runtime.errors import UsageError
from .runtime.event import Event
from .runtime.reader import BinlogFormat, BinlogReader
from .runtime.writer import builder as event_builder
from .runtime.writer.binlog import BinlogWriter, editable, rename_database
from .runtime.writer.builder import bitmap, column_metadata, column_names, json_binary, json_diffs, row_image

__all__ = ["BinlogBuilder", "bitmap", "column_metadata", "column_names", "json_binary", "json_diffs",
           "rename_database", "row_image"]


#: The post-header lengths MySQL 8.3+ (8.4, 9.x) write; the table of every flavor and version is
#: ``event_builder.POST_HEADER_LENGTHS``, copied from the fixtures' format descriptions.
MYSQL_8_4_POST_HEADER_LENGTHS = event_builder.post_header_lengths("mysql", "8.4.0")
#: Rows event kinds by short name (rows_event.h ``Log_event_type``: v2 rows events and partial JSON).
ROWS_KINDS = {"write": 30, "update": 31, "delete": 32, "partial_update": 39}
#: The clock and server of events built from fields, unless a call says otherwise.
_DEFAULT_SERVER_ID = 1


class BinlogBuilder:
    """A binlog under construction, in memory: its format description first, then the events added."""

    def __init__(self, format_description: Event | None, fmt: BinlogFormat, *, rw: Any = None,
                 timestamp: int = 0, server_id: int = _DEFAULT_SERVER_ID) -> None:
        self.format = fmt
        self.timestamp = timestamp
        self.server_id = server_id
        self._buffer = io.BytesIO()
        self._writer = BinlogWriter(self._buffer, fmt)
        if format_description is not None:
            self._writer.write(format_description)
        else:
            self._writer.write_rw(*rw, crc_in_body=fmt.has_crc32)

    @classmethod
    def new(cls, server_version: str = "8.4.3", flavor: str | None = None, *, checksum: bool = True,
            server_id: int = _DEFAULT_SERVER_ID, timestamp: int = 0, post_header_lengths: bytes | None = None,
            flags: int = 0, create_timestamp: int = 0) -> BinlogBuilder:
        """A builder whose FORMAT_DESCRIPTION_EVENT is made from fields (no file needed).

        Binlog version 4, ``server_version`` (padded to 50 bytes), header length
        19, the post-header lengths a ``flavor`` ("mysql" or "mariadb"; by default
        mariadb when the version names it) server of that version writes
        (``event_builder.POST_HEADER_LENGTHS``, or ``post_header_lengths`` given)
        and the checksum algorithm (CRC32, or none). A MariaDB version gets the
        ``-MariaDB`` suffix readers tell MariaDB by. ``timestamp`` is every event's
        clock unless an event says otherwise; ``create_timestamp`` the format
        description's (0 in every binlog but a server's first); ``flags`` its
        header flags (1: the binlog is still open).
        """
        if flavor is None:
            flavor = "mariadb" if "mariadb" in server_version.lower() else "mysql"
        if flavor == "mariadb" and "mariadb" not in server_version.lower():
            server_version += "-MariaDB"
        if post_header_lengths is None:
            post_header_lengths = event_builder.post_header_lengths(flavor, server_version)
        fmt = BinlogFormat(4, 19, bytes(post_header_lengths), checksum, server_version)
        data = event_builder.format_description(server_version, create_timestamp, post_header_lengths,
                                                1 if checksum else 0)
        rw = event_builder.new_event(fmt, FORMAT_DESCRIPTION_EVENT, data, timestamp=timestamp,
                                     server_id=server_id, flags=flags)
        return cls(None, fmt, rw=rw, timestamp=timestamp, server_id=server_id)

    def add_body(self, type_code: int, data: Any, *, timestamp: int | None = None, server_id: int | None = None,
                 flags: int = 0) -> int:
        """Append an event made from a body object (:mod:`~binlog_ksy.runtime.writer.builder`); its position."""
        rw = event_builder.new_event(self.format, type_code, data,
                                     timestamp=self.timestamp if timestamp is None else timestamp,
                                     server_id=self.server_id if server_id is None else server_id, flags=flags)
        return self._writer.write_rw(*rw)

    def query(self, statement: str | bytes, *, timestamp: int | None = None, flags: int = 0, **fields: Any) -> int:
        """A QUERY_EVENT (``schema``, ``thread_id``, ``exec_time``, ``error_code``, ``status_vars``)."""
        code = et.EventType.query_event.value
        data = event_builder.query(statement, post_header_len=self.format.post_header_len(code), **fields)
        return self.add_body(code, data, timestamp=timestamp, flags=flags)

    def gtid(self, uuid: bytes | None, gno: int = 0, *, tag: str | None = None, timestamp: int | None = None,
             **fields: Any) -> int:
        """A GTID_LOG_EVENT for ``uuid:gno`` (``last_committed``, ``sequence_number``, commit timestamps,
        ``transaction_length``, server versions; see ``event_builder.gtid``); ANONYMOUS_GTID_LOG_EVENT
        when ``uuid`` is None; the GTID_TAGGED_LOG_EVENT of ``uuid:tag:gno`` when a ``tag`` is given."""
        if tag is not None:
            if uuid is None:
                raise UsageError("a tagged GTID needs a uuid")
            return self.gtid_tagged(uuid, gno, tag, timestamp=timestamp, **fields)
        code = et.EventType.gtid_log_event.value if uuid is not None else et.EventType.anonymous_gtid_log_event.value
        data = event_builder.gtid(uuid if uuid is not None else bytes(16), gno, **fields)
        return self.add_body(code, data, timestamp=timestamp)

    def gtid_tagged(self, uuid: bytes, gno: int, tag: str, *, timestamp: int | None = None, **fields: Any) -> int:
        """A GTID_TAGGED_LOG_EVENT (MySQL 8.3+) for ``uuid:tag:gno``; see ``event_builder.gtid_tagged``."""
        return self.add_body(et.EventType.gtid_tagged_log_event.value,
                             event_builder.gtid_tagged(uuid, gno, tag, **fields), timestamp=timestamp)

    def table_map(self, table_id: int, schema: str, table: str, column_types: list[int], column_metadata: bytes,
                  null_bits: bytes, *, timestamp: int | None = None, **fields: Any) -> int:
        """A TABLE_MAP_EVENT (``optional_metadata`` TLV bytes, ``flags``)."""
        data = event_builder.table_map(table_id, schema, table, column_types, column_metadata, null_bits,
                                       post_header_len=self.format.post_header_len(et.TABLE_MAP_EVENT), **fields)
        return self.add_body(et.TABLE_MAP_EVENT, data, timestamp=timestamp)

    def rows(self, kind: int | str, table_id: int, num_columns: int, columns_present: bytes,
             images: bytes | Sequence[bytes], *, timestamp: int | None = None, **fields: Any) -> int:
        """A rows event: ``kind`` a type code or write/update/delete (v2) / partial_update
        (PARTIAL_UPDATE_ROWS_EVENT); ``images`` the row images (:func:`row_image`), an update's
        before and after images in turn; ``columns_after``, ``flags`` (1: the statement's end),
        ``extra_row_info``."""
        type_code = ROWS_KINDS[kind] if isinstance(kind, str) else kind
        rows_data = images if isinstance(images, (bytes, bytearray)) else b"".join(images)
        data = event_builder.rows(type_code, table_id, num_columns, columns_present, rows_data,
                                  post_header_len=self.format.post_header_len(type_code), **fields)
        return self.add_body(type_code, data, timestamp=timestamp)

    def xid(self, number: int, *, timestamp: int | None = None) -> int:
        """An XID_EVENT (the commit)."""
        return self.add_body(et.EventType.xid_event.value, event_builder.xid(number), timestamp=timestamp)

    def rotate(self, next_file: str, position: int = 4, *, timestamp: int | None = None) -> int:
        """A ROTATE_EVENT naming the next file."""
        data = event_builder.rotate(next_file, position, self.format.post_header_len(et.ROTATE_EVENT))
        return self.add_body(et.ROTATE_EVENT, data, timestamp=timestamp)

    @classmethod
    def like(cls, path: str | os.PathLike[str]) -> BinlogBuilder:
        """A builder with the format description of the binlog at ``path``."""
        reader = BinlogReader(path)
        for event in reader:
            if event.type_code == FORMAT_DESCRIPTION_EVENT and reader.format is not None:
                return cls(event, reader.format)
        raise UsageError(f"{os.fspath(path)}: no format description event")

    def edit(self, event: Event) -> Any:
        """The read-write object of an event (header, body, checksum): change its fields, then :meth:`add` it."""
        return editable(event, self.format)

    def add(self, event: Event, rw: Any | None = None, *, body_size: int | None = None) -> int:
        """Append an event (changed through ``rw`` when given); returns the position it is written at.

        ``body_size``: the body's size when a change resized it (e.g. :func:`rename_database`'s result).
        """
        return self._writer.write(event, rw, body_size)

    @property
    def events(self) -> int:
        """Events written so far, the format description included."""
        return self._writer.events

    def to_bytes(self) -> bytes:
        """The binlog as it stands."""
        return self._buffer.getvalue()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the binlog to ``path``."""
        with open(path, "wb") as fh:
            fh.write(self.to_bytes())
