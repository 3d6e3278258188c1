"""``binlog_ksy.write``: binlogs built event by event through the read-write classes read back as meant."""

from __future__ import annotations

import io
import json
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy import read_changes, read_events
from binlog_ksy.cli import main
from binlog_ksy.generated.rw.binlog_event import BinlogEvent as RwEvent
from binlog_ksy.runtime.event_fields import gtid_text
from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.runtime.table_map import table_map_from_event
from binlog_ksy.runtime.types.json_diff import JsonDiff
from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, column_names, rename_database, row_image
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


def _optional_metadata(event) -> bytes:
    """A TABLE_MAP's optional metadata in wire form: the body after its nullability bitmap."""
    body = event.body
    meta_len = body.len_metadata.value
    start = body.ofs_len_metadata + (1 if meta_len < 251 else 3) + meta_len + len(body.null_bits)
    return event.raw[19:len(event.raw) - 4][start:]


def _rebuild(builder: BinlogBuilder, event) -> None:
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


# -- events from the values the reader gives, with the API's encoders ----------------------------

PERCONA_80045 = "data_80045_gtid__binlog.000001"  # MySQL 8.0.45: GTID_LOG_EVENTs
FDE_SERVERS = [  # a fixture of each flavor/version whose post-header lengths event_builder keeps
    "gh-ost/go__binlog__testdata__mysql-bin.000066",  # 5.6.28-log
    "EasyPost__rust-mysql-binlog/test_data__bin-log.000001",  # 5.7.24-27-log
    "rpl_unfiltered_hidden_gcol.000001",  # 8.0.17-debug
    "json.binlog.000001",  # 8.0.22
    "mysql-enum-string-set.000001",  # 8.0.28
    "percona-server-mysql-operator/pkg__binlogsource__testdata__binlog.000001",  # 8.4.10-10
    TAGGED,  # 9.6.0
    "test-data__binlogs__mariadb-bin.000001",  # 10.5.15-MariaDB
    "domain_id_0__mariadb-repl-bin.000001",  # 11.8.5-MariaDB
]


@pytest.mark.parametrize("name", FDE_SERVERS)
def test_a_format_description_from_fields_is_the_servers(name: str, tmp_path: Path) -> None:
    """``BinlogBuilder.new`` with only the fields (no lengths table given) writes the server's FDE byte for byte."""
    fde = next(iter(read_events(fixture(name).readable_path(tmp_path))))
    assert fde.type_name == "FORMAT_DESCRIPTION_EVENT"
    body = fde.body
    builder = BinlogBuilder.new(body.server_version, timestamp=fde.timestamp, server_id=fde.server_id,
                                flags=fde.flags, create_timestamp=body.create_timestamp,
                                checksum=int(body.checksum_alg) == 1)
    assert builder.format.is_mariadb == ("MariaDB" in body.server_version)
    assert builder.to_bytes() == b"\xfebin" + fde.raw


def test_the_flavor_and_version_choose_the_table() -> None:
    assert BinlogBuilder.new("8.4.3").format.post_header_len(42) == 0x00  # GTID_TAGGED listed (42 types)
    assert len(BinlogBuilder.new("8.4.3").format.post_header_lengths) == 42
    assert len(BinlogBuilder.new("8.0.26").format.post_header_lengths) == 40
    assert len(BinlogBuilder.new("5.7.44").format.post_header_lengths) == 38
    mariadb = BinlogBuilder.new("10.11.6", "mariadb")
    assert mariadb.format.server_version == "10.11.6-MariaDB" and mariadb.format.is_mariadb
    assert len(mariadb.format.post_header_lengths) == 171 and mariadb.format.post_header_len(39) == 10
    assert BinlogBuilder.new("10.5.15", "mariadb").format.post_header_len(39) == 0
    mariadb.query("CREATE TABLE t (a INT)", schema="test")
    events = list(BinlogReader(io.BytesIO(mariadb.to_bytes())))
    assert [e.type_name for e in events] == ["FORMAT_DESCRIPTION_EVENT", "QUERY_EVENT"]
    assert events[0].body.server_version == "10.11.6-MariaDB" and events[1].body.query == b"CREATE TABLE t (a INT)"
    with pytest.raises(ValueError, match="no post-header lengths"):
        BinlogBuilder.new("5.5.62")
    with pytest.raises(ValueError, match="flavor"):
        BinlogBuilder.new("8.0.40", "percona")


def _gtid_values(event) -> dict[str, Any]:
    """The keyword values of ``BinlogBuilder.gtid`` as the reader gives them (GTID text and body)."""
    body, text = event.body, gtid_text(event)
    assert text is not None
    values: dict[str, Any] = dict(
        last_committed=body.last_committed, sequence_number=body.sequence_number,
        immediate_commit_timestamp=body.immediate_commit_timestamp,
        original_commit_timestamp=body.original_commit_timestamp,
        immediate_server_version=body.immediate_server_version, original_server_version=body.original_server_version,
        gtid_flags=body.gtid_flags, timestamp=event.timestamp)
    if event.type_name == "GTID_TAGGED_LOG_EVENT":
        sid, tag, gno = text.split(":")
        return dict(values, uuid=uuid.UUID(sid).bytes, gno=int(gno), tag=tag,
                    transaction_length=body.transaction_length)
    sid_text, _, gno_text = text.partition(":")
    return dict(values, uuid=None if text == "ANONYMOUS" else uuid.UUID(sid_text).bytes,
                gno=int(gno_text or 0), transaction_length=body.transaction_length.value)


def _value(value: Any) -> Any:
    """A row value as the encoder takes it: a partial JSON update as its list of diffs."""
    diffs = getattr(value, "diffs", None)
    return list(diffs) if diffs is not None else value


def _bits(raw: bytes, count: int) -> list[bool]:
    return [bool(raw[i // 8] >> (i % 8) & 1) for i in range(count)]


def _rebuild_from_values(path: Path, *, rows: bool) -> tuple[bytes, Counter[str]]:
    """The binlog at ``path`` rebuilt through the API from the values the reader gives.

    The FDE from its fields; GTIDs from their text and numbers; TABLE_MAPs from
    the decoded columns (types, metadata, nullability; the optional metadata
    TLVs copied); rows events (when ``rows``) from :func:`read_changes`' values
    encoded by :func:`row_image`; the rest copied.
    """
    events = list(read_events(path))
    fde = events[0]
    builder = BinlogBuilder.new(fde.body.server_version, timestamp=fde.timestamp, server_id=fde.server_id,
                                flags=fde.flags, create_timestamp=fde.body.create_timestamp)
    changes: dict[int, list[Any]] = {}
    for change in read_changes(path):
        changes.setdefault(change.pos, []).append(change)
    maps: dict[int, Any] = {}
    made: Counter[str] = Counter()
    for event in events[1:]:
        body, kind = event.body, event.type_name
        if kind in ("GTID_LOG_EVENT", "ANONYMOUS_GTID_LOG_EVENT", "GTID_TAGGED_LOG_EVENT"):
            values = _gtid_values(event)
            builder.gtid(values.pop("uuid"), values.pop("gno"), **values)
        elif kind == "TABLE_MAP_EVENT":
            table = maps[body.table_id] = table_map_from_event(body)
            types = [c.type for c in table.columns]
            builder.table_map(table.table_id, table.schema, table.table, types,
                              column_metadata(types, [c.meta for c in table.columns]),
                              bitmap([c.nullable for c in table.columns]),
                              optional_metadata=_optional_metadata(event), flags=body.flags, timestamp=event.timestamp)
        elif rows and kind.endswith("ROWS_EVENT"):
            table = maps[body.table_id]
            types, metas = [c.type for c in table.columns], [c.meta for c in table.columns]
            after_bitmap = body.columns_after_image if body.has_after_image_bitmap else body.columns_before_image
            images = []
            for change in changes[event.pos]:
                if change.before is not None:
                    images.append(row_image(types, [_value(v) for v in change.before.values()], metadata=metas,
                                            present=_bits(body.columns_before_image, len(types))))
                if change.after is not None:
                    images.append(row_image(types, [_value(v) for v in change.after.values()], metadata=metas,
                                            present=_bits(after_bitmap, len(types)), partial_json=body.is_partial))
            builder.rows(event.type_code, body.table_id, len(types), body.columns_before_image, images,
                         columns_after=body.columns_after_image if body.has_after_image_bitmap else None,
                         flags=body.flags, timestamp=event.timestamp)
        else:
            builder.add(event)
            continue
        made[kind] += 1
    return builder.to_bytes(), made


def _assert_same_events(built: bytes, source: Path) -> None:
    for event in read_events(source):
        assert built[event.pos:event.pos + event.length] == event.raw, (event.pos, event.type_name)
    assert built == source.read_bytes()


def test_a_partial_json_update_rebuilt_from_the_readers_values(tmp_path: Path) -> None:
    """MySQL 8.0.22: every GTID, TABLE_MAP and rows event (JSON documents, a PARTIAL_UPDATE_ROWS_EVENT whose
    after images are JSON diffs) rebuilt from decoded values is the server's event, header and CRC32 included."""
    source = fixture("json.binlog.000001").readable_path(tmp_path)
    partial = [c for c in read_changes(source) if c.op == "update" and "json_diff" in str(c.after)]
    assert partial and all(c.after is not None and isinstance(_value(c.after["json_col"])[0], JsonDiff)
                           for c in partial)
    built, made = _rebuild_from_values(source, rows=True)
    assert made["PARTIAL_UPDATE_ROWS_EVENT"] == 1 and made["TABLE_MAP_EVENT"] == 6
    assert made["WRITE_ROWS_EVENT"] == 4 and made["ANONYMOUS_GTID_LOG_EVENT"] == 8
    _assert_same_events(built, source)


def test_a_tagged_gtid_rebuilt_from_the_readers_values(tmp_path: Path) -> None:
    """MySQL 9.6: the GTID_TAGGED_LOG_EVENT made from its text ``uuid:tag:gno`` and numbers, and the TABLE_MAP
    from its decoded columns, are the server's events (rows copied: a DECIMAL column the encoder leaves out)."""
    source = fixture(TAGGED).readable_path(tmp_path)
    assert [gtid_text(e) for e in read_events(source) if e.type_name == "GTID_TAGGED_LOG_EVENT"] == [
        "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3"]
    built, made = _rebuild_from_values(source, rows=False)
    assert made == Counter({"GTID_TAGGED_LOG_EVENT": 1, "TABLE_MAP_EVENT": 1})
    _assert_same_events(built, source)


def test_gtid_log_events_rebuilt_from_the_readers_values(tmp_path: Path) -> None:
    """MySQL 8.0.45: GTID_LOG_EVENTs (``uuid:gno``, logical clock, commit timestamps, transaction length,
    server version) and the rows of INT/VARCHAR tables made from values are the server's events."""
    source = fixture(PERCONA_80045).readable_path(tmp_path)
    built, made = _rebuild_from_values(source, rows=True)
    assert made["GTID_LOG_EVENT"] == 4 and made["TABLE_MAP_EVENT"] == 6 and made["WRITE_ROWS_EVENT"] == 6
    _assert_same_events(built, source)


def _build_from_nothing(path: Path, sid: uuid.UUID) -> None:
    """A tagged GTID insert, a partial JSON update with a minimal before image, a plain GTID insert and a rotate."""
    types, metas = [3, 245, 15], [0, 4, 160]  # INT, JSON (4-byte length), VARCHAR(40) utf8mb4
    meta = column_metadata(types, metas)
    nullable = bitmap([False, True, True])
    names = column_names(["id", "doc", "label"])
    builder = BinlogBuilder.new("8.4.3", timestamp=1_718_000_000, server_id=11)
    builder.gtid(sid.bytes, 5, tag="etl", immediate_commit_timestamp=1_718_000_000_123_456, transaction_length=300)
    builder.query("BEGIN", schema="app", thread_id=8)
    builder.table_map(71, "app", "docs", types, meta, nullable, optional_metadata=names)
    inserted = [1, {"a": 1, "b": [True, None], "c": "x"}, "first"]
    builder.rows("write", 71, 3, bitmap([1, 1, 1]), row_image(types, inserted, metadata=metas))
    builder.xid(100)
    builder.gtid(sid.bytes, 6, tag="etl", last_committed=1, sequence_number=2)
    builder.query("BEGIN", schema="app")
    builder.table_map(71, "app", "docs", types, meta, nullable, optional_metadata=names)
    diffs = [JsonDiff("REPLACE", "$.a", 2.5), JsonDiff("REMOVE", "$.b"), JsonDiff("INSERT", "$.d", "new")]
    before = row_image(types, [1], metadata=metas, present=[1, 0, 0])  # binlog_row_image=MINIMAL: the key
    after = row_image(types, [diffs, "second"], metadata=metas, present=[0, 1, 1], partial_json=True)
    builder.rows("partial_update", 71, 3, bitmap([1, 0, 0]), [before, after], columns_after=bitmap([0, 1, 1]))
    builder.xid(101)
    builder.gtid(sid.bytes, 7, last_committed=2, sequence_number=3)
    builder.query("BEGIN", schema="app")
    builder.table_map(71, "app", "docs", types, meta, nullable, optional_metadata=names)
    builder.rows("write", 71, 3, bitmap([1, 1, 1]), row_image(types, [2, None, "ü" * 3], metadata=metas))
    builder.xid(102)
    builder.rotate("binlog.000002")
    builder.save(path)


def test_a_binlog_from_nothing_reads_back_as_the_real_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only the API and its encoders: a tagged GTID insert, a partial JSON update with a minimal before image,
    a plain GTID insert and a rotate; the events and rows CLIs give what they give for real 8.4 binlogs."""
    sid = uuid.UUID("9f3c1a52-2b7e-11ef-8a31-0242ac120002")
    path = tmp_path / "binlog.000001"
    _build_from_nothing(path, sid)

    events = list(read_events(path))
    assert [e.type_name for e in events] == ["FORMAT_DESCRIPTION_EVENT"] + [
        "GTID_TAGGED_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT", "XID_EVENT",
        "GTID_TAGGED_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "PARTIAL_UPDATE_ROWS_EVENT", "XID_EVENT",
        "GTID_LOG_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT", "XID_EVENT"] + ["ROTATE_EVENT"]
    assert [gtid_text(e) for e in events if "GTID" in e.type_name] == [
        f"{sid}:etl:5", f"{sid}:etl:6", f"{sid}:7"]
    first = events[1].body
    assert (first.immediate_commit_timestamp, first.transaction_length, first.sequence_number) == (
        1_718_000_000_123_456, 300, 1)
    assert (events[11].body.last_committed, events[11].body.sequence_number) == (2, 3)
    assert events[-1].body.next_file == "binlog.000002" and events[-1].body.position == 4
    assert all(e.server_id == 11 and e.timestamp == 1_718_000_000 for e in events)

    changes = list(read_changes(path))
    assert [(c.gtid, c.schema, c.table, c.op) for c in changes] == [
        (f"{sid}:etl:5", "app", "docs", "insert"), (f"{sid}:etl:6", "app", "docs", "update"),
        (f"{sid}:7", "app", "docs", "insert")]
    assert changes[0].after == {"id": 1, "doc": {"a": 1, "b": [True, None], "c": "x"}, "label": "first"}
    assert changes[2].after == {"id": 2, "doc": None, "label": "üüü"}
    assert changes[1].before == {"id": 1}

    assert main(["events", "--format", "jsonl", str(path)]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [e["body"]["gtid"] for e in listed if "GTID" in e["type"]] == [f"{sid}:etl:5", f"{sid}:etl:6", f"{sid}:7"]
    assert [e["body"]["tag"] for e in listed if e["type"] == "GTID_TAGGED_LOG_EVENT"] == ["etl", "etl"]
    assert main(["rows", "--format", "jsonl", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[1]["op"] == "update" and rows[1]["before"] == {"id": 1}
    assert rows[1]["after"] == {"doc": {"json_diff": [  # as for the 8.0.22 fixture's partial update
        {"op": "REPLACE", "path": "$.a", "value": 2.5}, {"op": "REMOVE", "path": "$.b", "value": None},
        {"op": "INSERT", "path": "$.d", "value": "new"}]}, "label": "second"}
    assert rows[0]["gtid"] == f"{sid}:etl:5" and rows[0]["after"]["doc"] == {"a": 1, "b": [True, None], "c": "x"}
