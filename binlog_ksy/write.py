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

Or from nothing, every event from its fields (:mod:`binlog_ksy.runtime.event_builder`),
e.g. the MySQL 8.4 events MariaDB cannot write::

    builder = BinlogBuilder.new("8.4.3", timestamp=1700000000)
    builder.gtid_tagged(uuid.UUID(int=1).bytes, 7, "nightly")
    builder.query("BEGIN", schema="test")
    builder.table_map(90, "test", "docs", [3, 245], b"\x04", b"\x02")    # INT, JSON (4-byte length)
    builder.rows(30, 90, 2, b"\x03", row_image)                       # WRITE_ROWS_EVENT v2: both columns
    builder.xid(40)
    builder.save("synthetic.000001")

Lengths, next positions and CRC32 are written anew (see
:mod:`binlog_ksy.runtime.binlog_writer`); ``binlog-ksy filter`` is built on the
same pieces.
"""

from __future__ import annotations

import io
import os
from typing import Any

from .runtime import event_builder
from .runtime import event_types as et
from .runtime.binlog_writer import BinlogWriter, editable, rename_database
from .runtime.errors import UsageError
from .runtime.event import Event
from .runtime.event_types import FORMAT_DESCRIPTION_EVENT
from .runtime.reader import BinlogFormat, BinlogReader

__all__ = ["BinlogBuilder", "rename_database"]


#: The post-header lengths MySQL 8.4 and 9.x write (read off the format description of
#: rust_mysql_common's binlog_transaction_with_GTID_TAG.000001, a 9.6.0 server).
MYSQL_8_4_POST_HEADER_LENGTHS = bytes.fromhex(
    "000d0008000000000400040000006300041a08000000000000020000000a0a0a2a2a001234000a280000")
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
    def new(cls, server_version: str = "8.4.3", *, post_header_lengths: bytes = MYSQL_8_4_POST_HEADER_LENGTHS,
            checksum: bool = True, timestamp: int = 0, server_id: int = _DEFAULT_SERVER_ID,
            flags: int = 0, create_timestamp: int = 0) -> BinlogBuilder:
        """A builder whose format description is made from these fields (no file needed).

        The defaults describe a MySQL 8.4 server writing CRC32 checksums; give
        another server's ``post_header_lengths`` (its format description's table)
        to write as that server. ``timestamp`` is every event's clock unless an
        event says otherwise; ``create_timestamp`` the format description's
        (0 in every binlog but a server's first).
        """
        fmt = BinlogFormat(4, 19, bytes(post_header_lengths), checksum, server_version)
        data = event_builder.format_description(server_version, create_timestamp, post_header_lengths,
                                                1 if checksum else 0)
        rw = event_builder.new_event(fmt, FORMAT_DESCRIPTION_EVENT, data, timestamp=timestamp,
                                     server_id=server_id, flags=flags)
        return cls(None, fmt, rw=rw, timestamp=timestamp, server_id=server_id)

    def add_body(self, type_code: int, data: Any, *, timestamp: int | None = None, server_id: int | None = None,
                 flags: int = 0) -> int:
        """Append an event made from a body object (:mod:`~binlog_ksy.runtime.event_builder`); its position."""
        rw = event_builder.new_event(self.format, type_code, data,
                                     timestamp=self.timestamp if timestamp is None else timestamp,
                                     server_id=self.server_id if server_id is None else server_id, flags=flags)
        return self._writer.write_rw(*rw)

    def query(self, statement: str | bytes, *, timestamp: int | None = None, flags: int = 0, **fields: Any) -> int:
        """A QUERY_EVENT (``schema``, ``thread_id``, ``exec_time``, ``error_code``, ``status_vars``)."""
        code = et.EventType.query_event.value
        data = event_builder.query(statement, post_header_len=self.format.post_header_len(code), **fields)
        return self.add_body(code, data, timestamp=timestamp, flags=flags)

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

    def rows(self, type_code: int, table_id: int, num_columns: int, columns_present: bytes, rows_data: bytes, *,
             timestamp: int | None = None, **fields: Any) -> int:
        """A rows event of type ``type_code`` (``columns_after``, ``flags``, ``extra_row_info``)."""
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
