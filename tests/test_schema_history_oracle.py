"""Column names from the binlogs' own DDL equal what FULL metadata says, through every ALTER form.

The same workload runs on three MariaDB servers: one writing
``binlog_row_metadata=FULL`` (names, signedness, charsets, labels in every
TABLE_MAP), one MINIMAL and one NO_LOG (no names; NO_LOG not even signedness or
charsets). Before the first binlog a table is created and dumped with
``mariadb-dump --no-data`` (given as ``--schema-sql``); then the binlogs hold
CREATE TABLE, ALTER TABLE ADD (FIRST/AFTER, several at once)/DROP/CHANGE/
MODIFY/RENAME COLUMN, RENAME TABLE, CREATE ... LIKE, DROP and CREATE again, a
table in another default database (USE). ``binlog-ksy rows`` on the MINIMAL
and NO_LOG binlogs, with the schema history, must print exactly the changes it
prints for the FULL binlogs (names, values, labels, UNSIGNED, charsets), and
the typed tables must get the same Arrow types.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from binlog_ksy.cli import main
from spark_session import spark  # noqa: F401 - the session fixture
from tests.mariadb.fixtures import start_server
from tests.mariadb.server import MariaDBServer, find_binary

pytestmark = pytest.mark.server

BEFORE = [
    "CREATE DATABASE hist",
    "CREATE TABLE hist.pre (id INT UNSIGNED PRIMARY KEY, a VARCHAR(10) CHARACTER SET latin1, "
    "e ENUM('red','green'), n DECIMAL(8,3))",
    "INSERT INTO hist.pre VALUES (1, 'caf\u00e9', 'red', 1.5)",
]

WORKLOAD = [
    "INSERT INTO hist.pre VALUES (4000000000, 'd\u00e9j\u00e0', 'green', -2.25)",
    "UPDATE hist.pre SET a = '\u00fcber' WHERE id = 1",
    "CREATE TABLE hist.t1 (id INT PRIMARY KEY, name VARCHAR(20), e ENUM('a','b','c'), s SET('x','y','z'), "
    "d DATETIME(3), big BIGINT UNSIGNED, txt TEXT CHARACTER SET latin1) DEFAULT CHARSET=utf8mb4",
    "INSERT INTO hist.t1 VALUES (1, 'one', 'b', 'x,z', '2024-01-02 03:04:05.678', 18446744073709551615, "
    "'Gr\u00fc\u00dfe')",
    "ALTER TABLE hist.t1 ADD COLUMN c2 INT UNSIGNED AFTER name",
    "INSERT INTO hist.t1 VALUES (2, 'two', 4294967295, 'c', 'y', NULL, 1, 'b')",
    "ALTER TABLE hist.t1 ADD COLUMN c0 SMALLINT FIRST, ADD COLUMN tail VARCHAR(3)",
    "INSERT INTO hist.t1 VALUES (-5, 3, 'three', 3, 'a', '', '2000-01-01', 2, 'c', 'end')",
    "ALTER TABLE hist.t1 CHANGE COLUMN name nm VARCHAR(30)",
    "UPDATE hist.t1 SET nm = CONCAT(nm, '!') WHERE id < 3",
    "ALTER TABLE hist.t1 MODIFY COLUMN c2 BIGINT AFTER e",
    "INSERT INTO hist.t1 VALUES (7, 4, 'four', 'a', -9, 'x', '2001-01-01', 3, 'd', 'e')",
    "ALTER TABLE hist.t1 RENAME COLUMN nm TO label",
    "INSERT INTO hist.t1 (id, label) VALUES (5, 'five')",
    "ALTER TABLE hist.t1 DROP COLUMN c0",
    "DELETE FROM hist.t1 WHERE id = 2",
    "RENAME TABLE hist.t1 TO hist.t2",
    "INSERT INTO hist.t2 (id, label, e) VALUES (6, 'six', 'c')",
    "CREATE TABLE hist.t3 LIKE hist.t2",
    "INSERT INTO hist.t3 SELECT * FROM hist.t2",
    "DROP TABLE hist.t3",
    "CREATE TABLE hist.t3 (x INT PRIMARY KEY, y CHAR(5))",
    "INSERT INTO hist.t3 VALUES (1, 'abc')",
    "CREATE DATABASE other",
    "USE other",
    "CREATE TABLE u (k TINYINT UNSIGNED PRIMARY KEY, v JSON)",
    "INSERT INTO u VALUES (255, '{\"a\": [1, 2]}')",
    "ALTER TABLE u ADD COLUMN w YEAR",
    "INSERT INTO u VALUES (1, NULL, 2024)",
]


def _run(metadata: str, tmp: Path) -> tuple[list[Path], Path]:
    """The workload on a fresh server: (binlogs after the dump, the dump)."""
    srv: MariaDBServer = start_server({"binlog_row_metadata": metadata, "binlog_format": "ROW"})
    try:
        srv.sql(BEFORE)
        dump = tmp / f"dump-{metadata}.sql"
        with open(dump, "wb") as out:
            subprocess.run([find_binary("mariadb-dump", "mysqldump"), "--no-defaults", f"--socket={srv.socket}",
                            "-uroot", "--no-data", "--databases", "hist"], stdout=out, check=True)
        srv.flush_logs()
        first = srv.binlog_files()[-1].name
        srv.sql(WORKLOAD)
        srv.flush_logs()
        names = [p for p in srv.binlog_files()[:-1] if p.name >= first]
        dest = tmp / metadata
        dest.mkdir()
        files = []
        for p in names:
            files.append(dest / p.name)
            files[-1].write_bytes(p.read_bytes())
        return files, dump
    finally:
        srv.stop()
        srv.cleanup()


@pytest.fixture(scope="module")
def binlogs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[Path], Path]]:
    tmp = tmp_path_factory.mktemp("history")
    return {metadata: _run(metadata, tmp) for metadata in ("FULL", "MINIMAL", "NO_LOG")}


def _changes(files: list[Path], dump: Path | None, capsysbinary: Any, *extra: str) -> list[dict[str, Any]]:
    args = ["rows", "--format", "jsonl", *extra]
    if dump is not None:
        args += ["--schema-sql", str(dump)]
    status = main([*args, *map(str, files)])
    out = capsysbinary.readouterr()
    assert status == 0, out.err
    keep = ("schema", "table", "op", "before", "after")
    return [{k: c[k] for k in keep} for c in map(json.loads, out.out.splitlines())]


@pytest.mark.parametrize("metadata", ["MINIMAL", "NO_LOG"])
def test_names_from_the_ddl_history_equal_full_metadata(binlogs, metadata: str, capsysbinary) -> None:
    full_files, full_dump = binlogs["FULL"]
    want = _changes(full_files, full_dump, capsysbinary)
    assert len(want) > 15
    assert any(c["table"] == "t2" and "label" in (c["after"] or {}) for c in want)
    files, dump = binlogs[metadata]
    got = _changes(files, dump, capsysbinary)
    assert got == want


@pytest.mark.parametrize("metadata", ["MINIMAL", "NO_LOG"])
def test_without_the_history_names_are_unknown(binlogs, metadata: str, capsysbinary) -> None:
    files, _ = binlogs[metadata]
    got = _changes(files, None, capsysbinary, "--no-schema-history")
    assert got and all(k.startswith("@") for c in got for k in (c["after"] or c["before"]))


def test_without_the_dump_only_tables_created_in_the_binlogs_have_names(binlogs, capsysbinary) -> None:
    files, _ = binlogs["MINIMAL"]
    got = _changes(files, None, capsysbinary)
    pre = [c for c in got if c["table"] == "pre"]
    assert pre and all(k.startswith("@") for c in pre for k in (c["after"] or c["before"]))
    assert all(not k.startswith("@") for c in got if c["table"] != "pre" for k in (c["after"] or c["before"]))


def test_typed_tables_get_the_types_full_metadata_gives(binlogs, tmp_path: Path) -> None:
    schemas = {}
    for metadata in ("FULL", "NO_LOG"):
        files, dump = binlogs[metadata]
        out = tmp_path / metadata
        assert main(["rows", "--format", "parquet", "--output", str(out), "--schema-sql", str(dump),
                     *map(str, files)]) == 0
        schemas[metadata] = {p.parent.name + "/" + p.name: pq.read_schema(p).remove_metadata()
                             for p in sorted(out.glob("*/*.parquet"))}
    assert schemas["FULL"].keys() == schemas["NO_LOG"].keys()
    for key, schema in schemas["FULL"].items():
        assert schemas["NO_LOG"][key].equals(schema), key
    pre = next(s for k, s in schemas["FULL"].items() if k.startswith("hist.pre/"))
    after = pre.field("after").type
    assert str(after.field("id").type) == "uint32" and str(after.field("e").type) == "string"


def test_schema_command_prints_the_tables_as_the_ddl_left_them(binlogs, capsysbinary) -> None:
    files, dump = binlogs["NO_LOG"]
    assert main(["schema", "--schema-sql", str(dump), *map(str, files)]) == 0
    text = capsysbinary.readouterr().out.decode()
    assert "-- hist.t2" in text and "-- hist.t1" not in text and "-- other.u" in text
    t2 = text.split("-- hist.t2", 1)[1].split("--", 1)[0]
    assert [line.split()[0].strip("`") for line in t2.splitlines()[2:] if line.strip().startswith("`")] == [
        "id", "label", "e", "c2", "s", "d", "big", "txt", "tail"]


@pytest.mark.spark
def test_extract_names_columns_from_the_history_even_in_splits(binlogs, spark, tmp_path: Path) -> None:  # noqa: F811
    """The driver gathers the DDL of every input; each task (tiny splits here) replays what precedes it."""
    import pyarrow.dataset as ds

    from binlog_ksy.spark_jobs.job.extract import run_extract

    files, dump = binlogs["NO_LOG"]
    cli = tmp_path / "cli"
    assert main(["rows", "--format", "parquet", "--output", str(cli), "--schema-sql", str(dump),
                 *map(str, files)]) == 0
    out = tmp_path / "job"
    summary = run_extract([str(p) for p in files], str(out), spark=spark, progress=None, schema_sql=[str(dump)],
                          split_size=2048)
    assert summary.errors == 0 and summary.steps["schema history"] >= 0
    for folder in sorted(p for p in cli.iterdir() if p.is_dir()):
        want = ds.dataset(str(folder), format="parquet").to_table()
        got = ds.dataset(str(out / "tables" / folder.name), format="parquet").to_table()
        assert got.schema.remove_metadata().equals(want.schema.remove_metadata()), folder.name
        key = [("pos", "ascending"), ("row_index", "ascending")]
        assert got.sort_by(key).drop_columns(["file"]).equals(want.sort_by(key).drop_columns(["file"])), folder.name
    t2 = ds.dataset(str(out / "tables" / "hist.t2"), format="parquet").to_table()
    assert "label" in t2.schema.field("after").type.names


def test_a_history_that_does_not_fit_the_table_map_keeps_at_names_and_warns_once(binlogs, tmp_path: Path,
                                                                                 capsysbinary) -> None:
    files, _ = binlogs["MINIMAL"]
    wrong = tmp_path / "wrong.sql"
    wrong.write_text("CREATE TABLE hist.pre (id INT UNSIGNED PRIMARY KEY, a VARCHAR(10));\n")
    assert main(["rows", "--format", "jsonl", "--schema-sql", str(wrong), *map(str, files)]) == 0
    out = capsysbinary.readouterr()
    pre = [c for c in map(json.loads, out.out.splitlines()) if c["table"] == "pre"]
    assert len(pre) == 2 and all(k.startswith("@") for c in pre for k in (c["after"] or {}))
    warnings = [line for line in out.err.decode().splitlines() if "hist.pre" in line]
    assert len(warnings) == 1, warnings
    assert "warning" in warnings[0] and "2 columns" in warnings[0] and "4" in warnings[0]


def test_ddl_the_history_cannot_follow_is_a_warning_with_its_position(tmp_path: Path, capsysbinary) -> None:
    from binlog_ksy.runtime.reader import BinlogReader

    srv = start_server({"binlog_row_metadata": "MINIMAL", "binlog_format": "ROW"})
    try:
        srv.sql(["CREATE DATABASE v", "CREATE TABLE v.kept (id INT PRIMARY KEY, x INT)",
                 "CREATE TABLE v.sv (id INT PRIMARY KEY, x INT) WITH SYSTEM VERSIONING",
                 "INSERT INTO v.kept VALUES (1, 2)", "INSERT INTO v.sv VALUES (1, 2)"])
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path / "binlogs")
    finally:
        srv.stop()
        srv.cleanup()
    assert main(["rows", "--format", "jsonl", *map(str, files)]) == 0  # a warning, not an error
    out = capsysbinary.readouterr()
    rows = {c["table"]: c["after"] for c in map(json.loads, out.out.splitlines())}
    assert rows["kept"] == {"id": 1, "x": 2}
    assert set(rows["sv"]) == {"@1", "@2", "@3", "@4"}  # row_start/row_end are real columns: never guessed
    warnings = [line for line in out.err.decode().splitlines() if "DDL not followed" in line]
    assert len(warnings) == 1 and "SYSTEM VERSIONING" in warnings[0].upper()
    file, pos = next((p, e.pos) for p in files for e in BinlogReader(str(p))
                     if e.type_name == "QUERY_EVENT" and b"WITH SYSTEM VERSIONING" in e.raw)
    assert str(file) in warnings[0] and str(pos) in warnings[0]
