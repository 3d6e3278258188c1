"""The fields of the event bodies the runtime reads, as Protocols of the generated classes.

``Event.body`` is an instance of a class compiled from ksy/ (generated/), which
mypy does not see: to it every body is ``Any``. Code that reads a body names
its Protocol here (``body: RowsBody = event.body``), so mypy checks each field
read against this list, and tests/test_bodies.py checks this list against the
generated classes on real events: a field renamed in a spec fails one or the
other, not silently at run time.

Each Protocol lists only the fields the runtime reads. Fields the spec reads
only under a condition (``if:`` in the ksy) are absent from a body where the
condition is false; their comment says which field tells.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = [
    "FormatDescriptionBody",
    "GtidBody",
    "GtidTaggedBody",
    "MariadbGtidBody",
    "QueryBody",
    "RowsBody",
    "TableMapBody",
    "TransactionPayloadBody",
]


class FormatDescriptionBody(Protocol):
    """FORMAT_DESCRIPTION_EVENT (event_control.ksy ``format_description_event``)."""

    binlog_version: int
    server_version: str
    create_timestamp: int
    len_header: int
    post_header_lengths: bytes
    has_checksum_alg: bool
    has_crc32: bool
    uses_pre_ga_numbering: bool


class QueryBody(Protocol):
    """QUERY_EVENT (event_query.ksy ``query_event``)."""

    thread_id: int
    schema: bytes
    query: bytes
    is_malformed: bool


class TableMapBody(Protocol):
    """TABLE_MAP_EVENT (event_table_map.ksy ``table_map_event``)."""

    table_id: int
    schema: bytes
    table: bytes


class RowsBody(Protocol):
    """WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows events, MariaDB's compressed ones too (event_rows.ksy ``rows_event``)."""

    version: int
    table_id: int
    flags: int
    is_stmt_end: bool
    is_update: bool
    is_delete: bool
    is_partial: bool
    is_compressed: bool
    columns_before_image: bytes
    has_after_image_bitmap: bool
    columns_after_image: bytes  # only when has_after_image_bitmap
    rows: bytes  # only when not is_compressed
    compressed_rows: Any  # only when is_compressed


class GtidBody(Protocol):
    """GTID_LOG_EVENT and ANONYMOUS_GTID_LOG_EVENT (event_gtid.ksy ``gtid_event``)."""

    sid: bytes
    gno: int
    has_logical_timestamps: bool
    last_committed: int  # only when has_logical_timestamps
    sequence_number: int  # only when has_logical_timestamps
    original_commit_timestamp: int | None


class GtidTaggedBody(Protocol):
    """GTID_TAGGED_LOG_EVENT (event_gtid.ksy ``gtid_tagged_event``): mysql::serialization fields, each None when absent.

    ``sid`` is a list of 16 varlen integers; the others are varlen integers
    or strings whose ``value`` is the number or bytes.
    """

    sid: list[Any] | None
    gno: Any
    tag: Any
    last_committed: Any
    sequence_number: Any
    original_commit_timestamp: Any


class MariadbGtidBody(Protocol):
    """MariaDB GTID_EVENT (event_mariadb.ksy ``mariadb_gtid_event``)."""

    seq_no: int
    domain_id: int


class TransactionPayloadBody(Protocol):
    """TRANSACTION_PAYLOAD_EVENT (event_gtid.ksy ``transaction_payload_event``)."""

    compression_type: Any
    payload: bytes
    fields: list[Any]
