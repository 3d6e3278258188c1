"""``binlog_ksy.write``: binlogs built event by event through the read-write classes read back as meant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from binlog_ksy import read_changes, read_events
from binlog_ksy.generated.rw.binlog_event import BinlogEvent as RwEvent
from binlog_ksy.write import BinlogBuilder, rename_database
from fixture_index import fixture

ROOT = Path(__file__).resolve().parent.parent
COMPRESSED = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-compressed").glob("binlog.0*"))


def test_a_copy_reads_back_with_the_same_changes(tmp_path: Path) -> None:
    source = COMPRESSED[1]  # MariaDB compressed rows events and GTIDs, CRC32
    builder = BinlogBuilder.like(source)
    for event in read_events(source):
        if event.type_name != "FORMAT_DESCRIPTION_EVENT":
            builder.add(event)
    copy = tmp_path / source.name
    builder.save(copy)
    assert copy.read_bytes() == source.read_bytes()  # positions and CRC32 written anew come out the same
    assert [(c.op, c.before, c.after) for c in read_changes(copy)] == [
        (c.op, c.before, c.after) for c in read_changes(source)]


def test_events_changed_through_their_fields(tmp_path: Path) -> None:
    source = fixture("json.binlog.000001").readable_path(tmp_path)  # MySQL 8, FULL images, JSON columns
    builder = BinlogBuilder.like(source)
    turned = 0
    for event in read_events(source):
        if event.type_name == "FORMAT_DESCRIPTION_EVENT":
            continue
        if event.type_name == "WRITE_ROWS_EVENT":
            rw = builder.edit(event)
            rw.header.type_code = RwEvent.EventType.delete_rows_event  # the same layout: inserts become deletes
            rw.header._check()
            builder.add(event, rw)
            turned += 1
        elif event.type_name in ("TABLE_MAP_EVENT", "QUERY_EVENT"):
            rw = builder.edit(event)
            size = rename_database(event, rw, {"mysql": "renamed"})
            builder.add(event, rw if size is not None else None, body_size=size)
        else:
            builder.add(event)
    out = tmp_path / "built.000001"
    builder.save(out)
    before = list(read_changes(source))
    after = list(read_changes(out))
    assert turned and len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        assert new.schema == "renamed" and old.schema == "mysql"
        if old.op == "insert":
            assert (new.op, new.before, new.after) == ("delete", old.after, None)
        else:
            assert (new.op, new.before, new.after) == (old.op, old.before, old.after)
    assert [e.type_name for e in read_events(out)] == [e.type_name.replace("WRITE_ROWS", "DELETE_ROWS")
                                                      for e in read_events(source)]


# -- events from their fields alone -------------------------------------------------------------

TAGGED = "binlog_transaction_with_GTID_TAG.000001"  # MySQL 9.6: a tagged GTID transaction


def _optional_metadata(event) -> bytes:  # noqa: ANN001 - an Event
    """A TABLE_MAP's optional metadata in wire form: the body after its nullability bitmap."""
    body = event.body
    meta_len = body.len_metadata.value
    start = body.ofs_len_metadata + (1 if meta_len < 251 else 3) + meta_len + len(body.null_bits)
    return event.raw[19:len(event.raw) - 4][start:]


def _rebuild(builder: BinlogBuilder, event) -> None:  # noqa: ANN001 - an Event
    """Add ``event`` to ``builder`` again, made from the values of its fields only."""
    body, when = event.body, event.timestamp
    kind = event.type_name
    if kind == "GTID_TAGGED_LOG_EVENT":
        builder.gtid_tagged(bytes(b.value for b in body.sid), body.gno, body.tag,
                            last_committed=body.last_committed, sequence_number=body.sequence_number,
                            immediate_commit_timestamp=body.immediate_commit_timestamp,
                            original_commit_timestamp=None if not body.fields.has_original_commit_timestamp
                            else body.original_commit_timestamp,
                            transaction_length=body.transaction_length,
                            immediate_server_version=body.immediate_server_version,
                            original_server_version=None if not body.fields.has_original_server_version
                            else body.original_server_version,
                            gtid_flags=body.gtid_flags, timestamp=when)
    elif kind == "QUERY_EVENT":
        builder.query(body.query, schema=body.schema, thread_id=body.thread_id, exec_time=body.exec_time,
                      error_code=body.error_code, status_vars=body._raw_status_vars, timestamp=when, flags=event.flags)
    elif kind == "TABLE_MAP_EVENT":
        builder.table_map(body.table_id, body.schema, body.table, [int(c) for c in body.column_types],
                          body._raw_column_metadata, body.null_bits, optional_metadata=_optional_metadata(event),
                          flags=body.flags, timestamp=when)
    elif kind.endswith("ROWS_EVENT"):
        builder.rows(event.type_code, body.table_id, body.num_columns.value, body.columns_before_image, body.rows,
                     columns_after=body.columns_after_image if body.has_after_image_bitmap else None,
                     flags=body.flags, extra_row_info=body._raw_extra_row_info, timestamp=when)
    elif kind == "XID_EVENT":
        builder.xid(body.xid, timestamp=when)
    elif kind == "ROTATE_EVENT":
        builder.rotate(body.next_file, body.position, timestamp=when)
    else:
        builder.add(event)  # copied: PREVIOUS_GTIDS and the like


def _from_fields(source: Path, rebuilt: set[str]) -> bytes:
    """The binlog rebuilt with its format description and the events of types ``rebuilt`` from their fields."""
    events = list(read_events(source))
    fde = events[0]
    fmt_lengths = bytes(fde.body.post_header_lengths)
    builder = BinlogBuilder.new(fde.body.server_version, post_header_lengths=fmt_lengths,
                                timestamp=fde.timestamp, server_id=fde.server_id, flags=fde.flags,
                                create_timestamp=fde.body.create_timestamp)
    for event in events[1:]:
        if event.type_name in rebuilt:
            _rebuild(builder, event)
        else:
            builder.add(event)
    return builder.to_bytes()


def test_a_tagged_gtid_binlog_made_from_fields_is_byte_identical(tmp_path: Path) -> None:
    source = fixture(TAGGED).readable_path(tmp_path)
    kinds = {"GTID_TAGGED_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT", "XID_EVENT",
             "ROTATE_EVENT"}
    assert {e.type_name for e in read_events(source)} >= kinds
    assert _from_fields(source, kinds) == source.read_bytes()


def test_a_partial_json_update_made_from_fields_is_byte_identical(tmp_path: Path) -> None:
    source = fixture("json.binlog.000001").readable_path(tmp_path)  # MySQL 8.0.22, PARTIAL_JSON
    assert "PARTIAL_UPDATE_ROWS_EVENT" in {e.type_name for e in read_events(source)}
    rebuilt = _from_fields(source, {"PARTIAL_UPDATE_ROWS_EVENT", "TABLE_MAP_EVENT", "QUERY_EVENT", "XID_EVENT",
                                    "UPDATE_ROWS_EVENT", "WRITE_ROWS_EVENT", "ROTATE_EVENT"})
    assert rebuilt == source.read_bytes()


def _json_small_object(members: dict[str, int]) -> bytes:
    """MySQL binary JSON of an object of small integers (sql-common/json_binary.cc, small object, int16 inlined)."""
    count = len(members)
    header = 4 + 4 * count + 3 * count
    keys = b"".join(k.encode() for k in members)
    size = header + len(keys)
    out = count.to_bytes(2, "little") + size.to_bytes(2, "little")
    offset = header
    for key in members:
        out += offset.to_bytes(2, "little") + len(key).to_bytes(2, "little")
        offset += len(key)
    for value in members.values():
        out += b"\x05" + value.to_bytes(2, "little", signed=True)  # JSONB_TYPE_INT16, inlined
    return b"\x00" + out + keys  # JSONB_TYPE_SMALL_OBJECT


def test_mysql_8_events_mariadb_cannot_write_read_back(tmp_path: Path) -> None:
    """A tagged GTID and a partial JSON update, built from nothing, read back through the normal reader."""
    import uuid

    source_uuid = uuid.UUID("3e11fa47-71ca-11e1-9e33-c80aa9429562")
    doc = _json_small_object({"a": 1, "b": 2})
    builder = BinlogBuilder.new("8.4.3", timestamp=1_700_000_000, server_id=7)
    builder.gtid_tagged(source_uuid.bytes, 42, "nightly", immediate_commit_timestamp=1_700_000_000_000_000)
    builder.query("BEGIN", schema="shop", status_vars=b"")
    names = b"\x02id\x03doc"  # optional metadata COLUMN_NAME (rows_event.h): each name length-prefixed
    table_map: dict[str, Any] = dict(column_types=[3, 245], column_metadata=b"\x04", null_bits=b"\x02",
                                     optional_metadata=b"\x04" + bytes([len(names)]) + names)
    builder.table_map(108, "shop", "docs", **table_map)
    row = b"\x00" + (1).to_bytes(4, "little") + len(doc).to_bytes(4, "little") + doc
    builder.rows(30, 108, 2, b"\x03", row)  # WRITE_ROWS_EVENT (v2)
    builder.xid(9)
    builder.gtid_tagged(source_uuid.bytes, 43, "nightly", sequence_number=2)
    builder.query("BEGIN", schema="shop")
    builder.table_map(108, "shop", "docs", **table_map)
    diffs = b"\x00\x03$.a\x03\x05\x05\x00" + b"\x02\x03$.b"  # REPLACE $.a with 5; REMOVE $.b (sql/json_diff.cc)
    after = b"\x01" + b"\x01" + b"\x00" + (1).to_bytes(4, "little") + len(diffs).to_bytes(4, "little") + diffs
    builder.rows(39, 108, 2, b"\x03", row + after, columns_after=b"\x03")  # PARTIAL_UPDATE_ROWS_EVENT
    builder.xid(10)
    path = tmp_path / "binlog.000001"
    builder.save(path)

    events = list(read_events(path))
    assert [e.type_name for e in events] == [
        "FORMAT_DESCRIPTION_EVENT", "GTID_TAGGED_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT",
        "XID_EVENT", "GTID_TAGGED_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "PARTIAL_UPDATE_ROWS_EVENT",
        "XID_EVENT"]
    assert all(e.server_id == 7 and e.timestamp == 1_700_000_000 for e in events)
    changes = list(read_changes(path))
    assert [(c.gtid, c.schema, c.table, c.op) for c in changes] == [
        (f"{source_uuid}:nightly:42", "shop", "docs", "insert"),
        (f"{source_uuid}:nightly:43", "shop", "docs", "update")]
    assert changes[0].after == {"id": 1, "doc": {"a": 1, "b": 2}}
    assert changes[1].before == {"id": 1, "doc": {"a": 1, "b": 2}}
    assert changes[1].after == {"id": 1, "doc": {"a": 5}}  # the diffs applied to the before image
