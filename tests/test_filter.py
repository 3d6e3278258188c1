"""``binlog-ksy filter``: binlogs cut down to some tables, accepted by the server's own tools.

A MariaDB server writes a workload over two databases (three tables, a
transaction touching two of them, updates and deletes); ``filter --table``
keeps one table. The output passes ``mariadb-binlog --verify-binlog-checksum``,
decodes to exactly the kept table's changes of the input (GTIDs and times
included), and ``mariadb-binlog OUT | mariadb`` into a second, empty server
rebuilds exactly that table.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.cli import main
from tests.mariadb.fixtures import start_server
from tests.mariadb.oracle import run_mariadb_binlog
from tests.mariadb.server import find_binary

pytestmark = pytest.mark.server

WORKLOAD = [
    "CREATE DATABASE shop2", "CREATE DATABASE other",
    "CREATE TABLE shop2.a (id INT PRIMARY KEY, v VARCHAR(20), d DECIMAL(10,2))",
    "CREATE TABLE shop2.b (id INT PRIMARY KEY, w INT)",
    "CREATE TABLE other.c (id INT PRIMARY KEY, x TEXT)",
    "INSERT INTO shop2.a VALUES (1, 'one', 1.50), (2, 'two', -2.25), (3, 'three', 0)",
    "INSERT INTO shop2.b VALUES (1, 10), (2, 20)",
    "INSERT INTO other.c VALUES (1, 'c1')",
    "BEGIN", "UPDATE shop2.b SET w = w + 1", "UPDATE shop2.a SET v = CONCAT(v, '!') WHERE id < 3",
    "INSERT INTO other.c VALUES (2, 'c2')", "COMMIT",
    "BEGIN", "UPDATE shop2.b SET w = 0 WHERE id = 1", "DELETE FROM other.c WHERE id = 1", "COMMIT",
    "DELETE FROM shop2.a WHERE id = 2",
    "UPDATE shop2.a SET id = 20, d = 99.99 WHERE id = 3",
]


@pytest.fixture(scope="module")
def binlogs(tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = start_server({"binlog_row_metadata": "FULL", "binlog_format": "ROW"})
    try:
        srv.flush_logs()
        first = srv.binlog_files()[-1].name
        srv.sql(WORKLOAD[:8])
        srv.flush_logs()
        srv.sql(WORKLOAD[8:])
        srv.flush_logs()
        tmp = tmp_path_factory.mktemp("filter")
        files = [p for p in srv.copy_binlogs(tmp / "in") if p.name >= first]
        files = [p for p in files if p.name != srv.binlog_files()[-1].name]
        rows = srv.query("SELECT id, v, d FROM shop2.a ORDER BY id")
        yield files, rows, tmp
    finally:
        srv.stop()
        srv.cleanup()


def _changes(capsysbinary: Any, *args: str) -> list[dict[str, Any]]:
    assert main(["rows", "--format", "jsonl", *args]) == 0
    keep = ("gtid", "timestamp", "schema", "table", "op", "before", "after")
    return [{k: c[k] for k in keep} for c in map(json.loads, capsysbinary.readouterr().out.splitlines())]


def test_a_filtered_copy_keeps_one_table_and_replays(binlogs, capsysbinary) -> None:
    files, rows, tmp = binlogs
    out = tmp / "out"
    assert main(["filter", "--table", "shop2.a", "--output", str(out), *map(str, files)]) == 0
    capsysbinary.readouterr()
    written = sorted(out.iterdir())
    assert [p.name for p in written] == [p.name for p in files]
    for path in written:
        run_mariadb_binlog([path], "--verify-binlog-checksum")  # raises when the tool rejects the file
    want = _changes(capsysbinary, "--table", "shop2.a", *map(str, files))
    got = _changes(capsysbinary, *map(str, written))
    assert got == want and len(got) == 7
    # the events: the input's minus what was filtered (no other table's maps or rows, no empty transaction)
    assert main(["events", "--format", "jsonl", *map(str, written)]) == 0
    events = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]
    maps = {(e["body"]["schema"], e["body"]["table"]) for e in events if e["type"] == "TABLE_MAP_EVENT"}
    assert maps == {("shop2", "a")}
    assert main(["events", "--format", "jsonl", *map(str, files)]) == 0
    before = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]

    def gtids(evs: list[dict[str, Any]]) -> set[str]:
        return {e["body"]["gtid"] for e in evs if e["type"] == "GTID_EVENT" and e.get("body")}

    # transactions: those of the kept changes are there, the emptied ones (other.c only) are gone
    assert {c["gtid"] for c in want} <= gtids(events) < gtids(before)
    assert len(events) < len(before)

    replica = start_server({"binlog_format": "ROW"})
    try:
        script = subprocess.run([find_binary("mariadb-binlog", "mysqlbinlog"), "--no-defaults",
                                 *map(str, written)], capture_output=True, check=True).stdout
        replica.sql_bytes(script)
        assert replica.query("SELECT id, v, d FROM shop2.a ORDER BY id") == rows
        assert replica.query("SELECT COUNT(*) FROM shop2.b") == [("0",)]  # its DDL is kept, not its rows
        assert replica.query("SHOW DATABASES LIKE 'other'") == []  # a database that was not kept
    finally:
        replica.stop()
        replica.cleanup()


def test_exclude_database_and_time_window(binlogs, capsysbinary) -> None:
    files, _, tmp = binlogs
    out = tmp / "no-other"
    assert main(["filter", "--exclude-database", "other", "--output", str(out), *map(str, files)]) == 0
    capsysbinary.readouterr()
    got = _changes(capsysbinary, *map(str, sorted(out.iterdir())))
    want = [c for c in _changes(capsysbinary, *map(str, files)) if c["schema"] != "other"]
    assert got == want and {c["schema"] for c in got} == {"shop2"}


def test_filter_refuses_to_overwrite_its_input(binlogs, capsysbinary) -> None:
    files, _, _ = binlogs
    assert main(["filter", "--output", str(files[0].parent), str(files[0])]) == 2
    assert b"overwrite" in capsysbinary.readouterr().err


def test_rewrite_db_renames_table_maps_and_default_databases(binlogs, capsysbinary) -> None:
    files, rows, tmp = binlogs
    out = tmp / "renamed"
    assert main(["filter", "--table", "shop2.a", "--rewrite-db", "shop2=shop3", "--output", str(out),
                 *map(str, files)]) == 0
    capsysbinary.readouterr()
    written = sorted(out.iterdir())
    for path in written:
        run_mariadb_binlog([path], "--verify-binlog-checksum")
    want = [dict(c, schema="shop3") for c in _changes(capsysbinary, "--table", "shop2.a", *map(str, files))]
    assert _changes(capsysbinary, *map(str, written)) == want
    replica = start_server({"binlog_format": "ROW"})
    try:  # statements keep their own qualified names (as with mysqlbinlog --rewrite-db): shop3 exists already
        replica.sql(["CREATE DATABASE shop3", "CREATE TABLE shop3.a (id INT PRIMARY KEY, v VARCHAR(20), "
                     "d DECIMAL(10,2))"])
        script = subprocess.run([find_binary("mariadb-binlog", "mysqlbinlog"), "--no-defaults",
                                 *map(str, written)], capture_output=True, check=True).stdout
        replica.sql_bytes(script)
        assert replica.query("SELECT id, v, d FROM shop3.a ORDER BY id") == rows
    finally:
        replica.stop()
        replica.cleanup()
    assert main(["filter", "--flashback", "--rewrite-db", "a=b", "--output", str(out), str(files[0])]) == 2


def test_flashback_of_a_mysql_binlog_with_tagged_gtids(tmp_path: Path, capsysbinary) -> None:
    """MySQL 8.4's tagged GTIDs (mysql::serialization numbers) are kept as they are; the rows are turned around."""
    from fixture_index import fixture

    path = fixture("binlog_transaction_with_GTID_TAG.000001").readable_path(tmp_path)
    before = _changes(capsysbinary, str(path))
    assert main(["filter", "--flashback", "--output", str(tmp_path / "undo"), str(path)]) == 0
    capsysbinary.readouterr()
    after = _changes(capsysbinary, str(tmp_path / "undo" / path.name))
    undo = {"insert": "delete", "delete": "insert", "update": "update"}
    assert [(c["gtid"], undo[c["op"]], c["after"], c["before"]) for c in reversed(before)] == [
        (c["gtid"], c["op"], c["before"], c["after"]) for c in after]
    assert any(":" in c["gtid"] and c["gtid"].count(":") == 2 for c in after)  # uuid:tag:gno
