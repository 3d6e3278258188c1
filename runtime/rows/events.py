"""A rows event of a wanted table, with what decoding its row images needs.

Layout: libs/mysql/binlog/event/rows_event.h (Rows_event: the columns bitmaps and
the row images), MariaDB sql/log_event.cc (compressed rows events:
``binlog_buf_uncompress``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, Protocol

from ..bodies import RowsBody
from ..errors import BinlogError, CompressionError, MalformedEventError
from ..event import Event
from ..mariadb_compression import inflate
from ..table_map import TableMap

__all__ = ["Op", "RowsEvent", "RowsEventSource", "op_of", "rows_data"]

#: What a change did to its row.
Op = Literal["insert", "update", "delete"]


@dataclass(slots=True)
class RowsEvent:
    """One rows event of a wanted table, with what decoding its row images needs.

    ``data`` holds the row images (uncompressed for MariaDB's compressed
    events); ``present_before``/``present_after`` are the column bitmaps of the
    before and after images (WRITE_ROWS: both the one bitmap of the event,
    which describes the after image; DELETE_ROWS: the before image).
    """

    event: Event
    table_map: TableMap
    op: Op
    present_before: bytes
    present_after: bytes
    data: bytes
    partial_json: bool
    gtid: str | None
    transaction: int | None


def rows_data(event: Event, body: RowsBody) -> bytes:
    """The row images of a rows event (uncompressed for MariaDB's compressed types)."""
    if not body.is_compressed:
        return bytes(body.rows)
    try:
        return inflate(body.compressed_rows)
    except CompressionError as exc:
        raise MalformedEventError(f"compressed rows: {exc}", file=event.file, offset=event.pos,
                                  event_type=event.type_name, length=event.length) from None


def op_of(body: RowsBody) -> Op:
    if body.is_update:
        return "update"
    if body.is_delete:
        return "delete"
    return "insert"


class RowsEventSource(Protocol):
    """What the columnar decoder reads from (``changes.ChangeReader``): the rows events
    of the wanted tables, in file order, and where problems go (``errors``: those reported so far)."""

    errors: list[BinlogError]

    @property
    def undecodable(self) -> str: ...

    def rows_events(self) -> Iterator[RowsEvent]: ...

    def report(self, err: BinlogError) -> None: ...

    def decode_error(self, rows_event: RowsEvent, exc: Exception) -> BinlogError: ...
