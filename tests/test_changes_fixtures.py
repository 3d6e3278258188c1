"""Every rows event in the shared fixtures decodes, with spot checks of known values."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

import binlog_ksy
from binlog_ksy.cli import main
from binlog_ksy.runtime.changes import ChangeFilter, iter_changes
from binlog_ksy.runtime.present.value_json import change_json, image_json
from fixture_index import fixture, load_index

PRE_GA = ("a_drop6p", "5.1.15-", "5.1.17-")


@pytest.mark.parametrize("fx", load_index(), ids=lambda f: f.name)
def test_every_rows_event_decodes(fx, tmp_path: Path) -> None:
    errors: list[Any] = []
    changes = list(iter_changes(fx.readable_path(tmp_path), on_error="skip", errors=errors))
    for change in changes:
        change_json(change)
    from binlog_ksy.runtime import constants as et
    from binlog_ksy.runtime.reader import BinlogReader

    reader = BinlogReader(fx.readable_path(tmp_path), on_error="skip")
    rows_positions = {e.pos for e in reader if e.type_code in et.ROWS_EVENTS}
    if any(p in fx.server_version for p in PRE_GA):
        # pre-GA 5.1 rows events (old record format) are reported, one by one, and reading goes on
        assert [e.offset for e in errors if e.kind == "unsupported"] == sorted(rows_positions)
        assert {e.kind for e in errors} <= {"unsupported"}
    elif fx.trailing_bytes:
        assert [e.kind for e in errors] == ["truncated"]
    else:
        assert errors == [], [str(e) for e in errors]
        assert {c.pos for c in changes} <= rows_positions
        assert (len(changes) > 0) == (len(rows_positions) > 0)


def _changes(name: str, **kw) -> list[Any]:
    return list(iter_changes(fixture(name).path, **kw))


def test_sakila_inserts_count() -> None:
    fx = fixture("mysql-bin.sakila.gz")
    changes = list(binlog_ksy.read_changes(fx.readable_path(Path("/tmp"))))
    assert {c.op for c in changes} == {"insert"}
    actors = [c for c in changes if c.table == "actor"]
    assert len(actors) == 200
    # MySQL 5.x logs no column names; the CREATE TABLE statements in the binlog name them
    after = actors[0].after
    assert after is not None and after["first_name"] == "PENELOPE" and after["actor_id"] == 1
    assert {c.table_map.names_from for c in changes} == {"history"}
    assert actors[0].primary_key == ("actor_id",)
    bare = [c for c in binlog_ksy.read_changes(fx.readable_path(Path("/tmp")), schema_history=False)
            if c.table == "actor"]
    assert bare[0].after is not None and bare[0].after["@2"] == "PENELOPE" and bare[0].after["@1"] == 1


def test_vector_values() -> None:
    foo = [c for c in _changes("vector.binlog") if c.table == "foo"]
    assert foo[0].after == {"id": 1, "vector_column": pytest.approx([1.1, 2.2, 3.3])}
    assert image_json(foo[0], "after") == {"id": 1, "vector_column": [1.1, 2.2, 3.3]}


def test_json_and_partial_json_update() -> None:
    changes = _changes("json.binlog.000001")
    first = changes[0].after
    assert first is not None and first["@2"] == {"age": 24, "data": "xxxxxxxxxx", "name": "Joe"}
    partial = [c for c in changes if c.op == "update" and c.before == {"@1": 1} and "@2" in (c.after or {})]
    assert partial, "the PARTIAL_UPDATE_ROWS event's change"
    after = image_json(partial[0], "after")
    assert after is not None and after["@2"] == {"json_diff": [{"op": "REPLACE", "path": "$.age", "value": 26}]}


def test_json_opaque_values_follow_mysql_json_text(capsys) -> None:
    assert main(["rows", "--format", "jsonl", str(fixture("json-opaque.binlog").path)]) == 0
    docs = [json.loads(line)["after"]["a"] for line in capsys.readouterr().out.splitlines()]
    assert {"c": "2012-03-18 11:30:45.000000"} in docs
    assert {"c": "87:31:46.654321"} in docs
    assert {"d": 123.456} in docs


def test_enum_set_and_long_strings() -> None:
    changes = _changes("mysql-enum-string-set")
    deleted = [c for c in changes if c.op == "delete"][0].before
    assert deleted["f1"] == "field1" and deleted["f3"] == "variant2" and deleted["f4"] == ("two", "four")


def test_negative_time() -> None:
    change = _changes("time_issue")[0]
    assert image_json(change, "after") == {"@1": "-507:48:27"}
    assert change.after["@1"] == -dt.timedelta(hours=507, minutes=48, seconds=27)


def test_bit_column_and_minimal_image() -> None:
    assert _changes("mysql_type_bit")[0].after == {"a": 4, "b": "foo", "c": 32}
    minimal = _changes("minimal_row_metadata")[0]
    assert set(minimal.after) == {"@1", "@3", "@5"}  # MINIMAL image: absent columns are absent


def test_compressed_payload_rows_carry_the_gtid_and_table() -> None:
    changes = _changes("transaction_compression.000001")
    assert changes and all(c.schema and c.table for c in changes)
    assert all(c.pos == changes[0].pos for c in changes)  # inner events carry the payload's position


def test_filters_like_mysqlbinlog() -> None:
    path = fixture("osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.checksum-crc32").path
    every = list(iter_changes(path))
    tables = {c.table for c in every}
    one = sorted(tables)[0]
    only = list(iter_changes(path, filters=ChangeFilter(tables=(one,))))
    assert only and {c.table for c in only} == {one}
    assert len(only) == sum(1 for c in every if c.table == one)
    cut = every[len(every) // 2].pos
    before = list(iter_changes(path, filters=ChangeFilter(stop_position=cut)))
    assert before == [c for c in every if c.pos < cut]
    nothing = list(iter_changes(path, filters=ChangeFilter(databases=("no_such_db",))))
    assert nothing == []


def test_schema_file_names_columns(tmp_path: Path, capsys) -> None:
    schema = tmp_path / "tables.yaml"
    schema.write_text("noria:\n  t:\n    - {name: span, charset: utf8mb4}\n")
    assert main(["rows", "--format", "jsonl", "--schema", str(schema), str(fixture("time_issue").path)]) == 0
    assert json.loads(capsys.readouterr().out)["after"] == {"span": "-507:48:27"}
    schema.write_text("- not a mapping")
    assert main(["rows", "--schema", str(schema), str(fixture("time_issue").path)]) == 2


def test_fixtures_with_their_ddl_decode_with_names() -> None:
    """Binlogs that hold their CREATE TABLE statements name their columns (they printed @N before)."""
    from test_columnar import FILES

    from binlog_ksy.runtime.changes import ChangeReader
    from binlog_ksy.runtime.schema.history import SchemaHistory

    named = 0
    for path in FILES:
        for change in ChangeReader(path, on_error="skip", history=SchemaHistory()):
            if change.table_map.names_from == "history":
                named += 1
                image = change.after if change.after is not None else change.before
                assert image is not None and not any(k.startswith("@") for k in image), (path, change.pos)
                break
    assert named >= 30
