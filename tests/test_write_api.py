"""``binlog_ksy.write``: binlogs built event by event through the read-write classes read back as meant."""

from __future__ import annotations

from pathlib import Path

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
