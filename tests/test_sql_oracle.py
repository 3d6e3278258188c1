"""``binlog-ksy sql``: flashback SQL piped into the server undoes a workload, redo SQL does it again.

One MariaDB 10.11 server with a non-UTC time zone (+05:30) and FULL row
metadata and images. The seeded workload over every column type
(``tests/mariadb/workload.py``: multi-statement transactions, a table
without primary key, a MyISAM table, generated columns) plus a chain of
primary-key changes (``UPDATE id 1 -> 2`` then ``INSERT id 1`` in one
transaction) runs after the tables are created and filled; then:

* ``binlog-ksy sql --flashback`` of the workload's binlogs, piped into the
  server, brings every table back to its state before the workload (every row
  and ``CHECKSUM TABLE``);
* ``binlog-ksy sql`` of the same binlogs then brings them forward to the state
  after it.

Both ways of writing the statements (from each run's Arrow columns, and
change by change) print the same scripts for this workload of every type.

The refusals each have a test: MINIMAL row images for flashback, tables
without column names, a partial JSON update without its before value.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from test_sql_columns import assert_both_paths_agree

from binlog_ksy.cli import main
from tests.mariadb import compare, workload
from tests.mariadb.fixtures import start_server
from tests.mariadb.server import MariaDBServer

pytestmark = pytest.mark.server

OPTIONS = {"binlog_row_metadata": "FULL", "binlog_row_image": "FULL", "default_time_zone": "+05:30"}
SEED = 404
CHAIN = [
    f"CREATE TABLE `{workload.DB}`.chain (id INT PRIMARY KEY, v VARCHAR(10))",
    f"INSERT INTO `{workload.DB}`.chain VALUES (1, 'one'), (3, 'three')",
]
CHAIN_WORK = [
    "BEGIN",
    f"UPDATE `{workload.DB}`.chain SET id = 2 WHERE id = 1",
    f"INSERT INTO `{workload.DB}`.chain VALUES (1, 'new one')",
    f"UPDATE `{workload.DB}`.chain SET v = 'changed' WHERE id = 3",
    "COMMIT",
]


def _state(srv: MariaDBServer, schema: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """Every row (as SELECT prints it) and the CHECKSUM TABLE of each table.

    ``t_gen`` is left out of the checksums: MariaDB's CHECKSUM TABLE of a table
    with VIRTUAL columns changes with how its rows were written, though SELECT
    gives the same rows (its rows are compared all the same).
    """
    tables = sorted(t for t in schema if t != "t_gen")
    checksums = srv.query("CHECKSUM TABLE " + ", ".join(f"`{workload.DB}`.`{t}`" for t in tables) + " EXTENDED")
    return compare.select_snapshot(srv, schema), checksums


def _script(capsysbinary: Any, *args: str) -> bytes:
    status = main(["sql", *args])
    out = capsysbinary.readouterr()
    assert status == 0, out.err.decode()
    return out.out


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = start_server(OPTIONS)
    try:
        srv.sql(workload.make_schema())
        statements = workload.make_statements(seed=SEED, n=160)
        half = len(statements) // 2
        while statements[:half].count("BEGIN") != statements[:half].count("COMMIT"):
            half += 1
        srv.sql(statements[:half] + CHAIN)  # the tables before the workload
        schema = compare.load_schema(srv)
        state0 = _state(srv, schema)
        srv.flush_logs()
        first = srv.binlog_files()[-1].name
        srv.sql(workload.SESSION_SETUP + statements[half:] + CHAIN_WORK)
        srv.flush_logs()
        dest = tmp_path_factory.mktemp("sql")
        files = []
        for p in srv.binlog_files()[:-1]:
            if p.name >= first:
                files.append(dest / p.name)
                shutil.copyfile(p, files[-1])
        yield srv, files, schema, state0
    finally:
        srv.stop()
        srv.cleanup()


def test_flashback_then_redo_restore_both_states(run, capsysbinary) -> None:
    srv, files, schema, state0 = run
    after = _state(srv, schema)
    assert after[0] != state0[0]
    undo = _script(capsysbinary, "--flashback", *map(str, files))
    redo = _script(capsysbinary, *map(str, files))
    assert undo.startswith(b"SET NAMES utf8mb4;") and b"time_zone = '+00:00'" in undo
    assert undo.count(b"\nBEGIN;") == redo.count(b"\nBEGIN;") > 20
    srv.sql_bytes(undo)
    assert _state(srv, schema) == state0  # every row and every CHECKSUM TABLE as before the workload
    srv.sql_bytes(redo)
    again = _state(srv, schema)
    differ = {t: [k for k, v in rows.items() if again[0][t].get(k) != v][:3]
              for t, rows in after[0].items() if again[0][t] != rows}
    assert not differ, f"rows that differ after redo (table: keys): {differ}"
    assert again == after


def test_statements_from_columns_equal_the_per_change_path(run, capsysbinary, monkeypatch) -> None:
    _, files, _, _ = run
    for flags in ((), ("--flashback",), ("--flashback", "--table", "chain")):
        assert_both_paths_agree(capsysbinary, monkeypatch, *flags, *map(str, files))


def test_flashback_reverses_transactions_and_rows(run, capsysbinary) -> None:
    _, files, _, _ = run
    undo = _script(capsysbinary, "--flashback", "--table", "chain", *map(str, files)).decode()
    blocks = [b for b in undo.split("\n\n") if "BEGIN;" in b]
    assert len(blocks) == 1
    lines = [line for line in blocks[0].splitlines() if line.startswith(("INSERT", "UPDATE", "DELETE"))]
    # the chain UPDATE 1->2, INSERT 1, UPDATE 3 undone last first: UPDATE 3 back, DELETE 1, UPDATE 2->1
    assert lines[0].startswith("UPDATE `bk_wl`.`chain` SET `id` = 3, `v` = 'three' WHERE `id` = 3")
    assert lines[1] == "DELETE FROM `bk_wl`.`chain` WHERE `id` = 1 LIMIT 1;"
    assert lines[2] == "UPDATE `bk_wl`.`chain` SET `id` = 1, `v` = 'one' WHERE `id` = 2 LIMIT 1;"
    head = blocks[0].splitlines()[0]
    assert head.startswith("-- undo transaction at ") and " gtid 0-1-" in head and " time " in head


def test_flashback_refuses_minimal_row_images(tmp_path: Path, capsysbinary) -> None:
    srv = start_server({"binlog_row_metadata": "FULL", "binlog_row_image": "MINIMAL"})
    try:
        srv.sql(["CREATE DATABASE m", "CREATE TABLE m.t (id INT PRIMARY KEY, a INT, b INT)",
                 "INSERT INTO m.t VALUES (1, 2, 3)", "UPDATE m.t SET a = 5 WHERE id = 1"])
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path)
    finally:
        srv.stop()
        srv.cleanup()
    assert main(["sql", "--flashback", *map(str, files)]) == 1
    out = capsysbinary.readouterr()
    assert out.out == b""
    err = out.err.decode()
    assert "m.t" in err and "MINIMAL" in err and "nothing was printed" in err
    assert main(["sql", *map(str, files)]) == 0  # redo needs only what MINIMAL images hold
    assert b"UPDATE `m`.`t` SET `a` = 5 WHERE `id` = 1 LIMIT 1;" in capsysbinary.readouterr().out
    # the undo binlog refuses the same way, and writes nothing for that file
    assert main(["filter", "--flashback", "--output", str(tmp_path / "undo"), *map(str, files)]) == 1
    err = capsysbinary.readouterr().err.decode()
    assert "m.t" in err and "MINIMAL" in err and "no undo binlog written" in err
    written = {p.name for p in (tmp_path / "undo").iterdir() if not p.name.startswith(".")}
    assert len(written) < len(files)  # the refused file has no undo binlog


def test_tables_without_column_names_are_refused(tmp_path: Path, capsysbinary) -> None:
    srv = start_server({"binlog_row_metadata": "NO_LOG"})
    try:
        srv.sql(["CREATE DATABASE n", "CREATE TABLE n.t (id INT PRIMARY KEY, v INT)", "INSERT INTO n.t VALUES (1, 10)",
                 "UPDATE n.t SET v = 11 WHERE id = 1"])
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path / "binlogs")
    finally:
        srv.stop()
        srv.cleanup()
    assert main(["sql", "--no-schema-history", *map(str, files)]) == 1
    err = capsysbinary.readouterr().err.decode()
    assert "n.t" in err and "no column names" in err
    assert main(["sql", *map(str, files)]) == 0  # the binlog's own CREATE TABLE names them, and its key
    out = capsysbinary.readouterr().out
    assert b"INSERT INTO `n`.`t` (`id`, `v`) VALUES (1, 10);" in out
    assert b"UPDATE `n`.`t` SET `id` = 1, `v` = 11 WHERE `id` = 1 LIMIT 1;" in out
    # a schema file names them too; its primary_key entries make the WHERE clause
    schema = tmp_path / "names.yaml"
    schema.write_text("n:\n  t: [id, v]\n")
    assert main(["sql", "--no-schema-history", "--schema", str(schema), *map(str, files)]) == 0
    assert b"WHERE `id` = 1 AND `v` = 10 LIMIT 1;" in capsysbinary.readouterr().out
    schema.write_text("n:\n  t: [{name: id, primary_key: true}, v]\n")
    assert main(["sql", "--no-schema-history", "--schema", str(schema), *map(str, files)]) == 0
    assert b"SET `id` = 1, `v` = 11 WHERE `id` = 1 LIMIT 1;" in capsysbinary.readouterr().out


def test_a_partial_json_update_without_its_before_value_is_refused(tmp_path: Path, capsysbinary) -> None:
    from binlog_ksy import read_changes
    from fixture_index import fixture

    path = fixture("json.binlog.000001").readable_path(tmp_path)
    changes = list(read_changes(path))  # MySQL 8: PARTIAL_UPDATE_ROWS with a MINIMAL before image
    assert any(c.op == "update" and set(c.before or {}) == {"id"} for c in changes)
    assert main(["sql", str(path)]) == 1
    err = capsysbinary.readouterr().err.decode()
    assert "mysql.t" in err and "json_col" in err and "partial JSON update without its before value" in err


def test_an_undo_binlog_restores_the_state_before_the_workload(run, tmp_path: Path, capsysbinary) -> None:
    """``filter --flashback`` writes undo binlogs; ``mariadb-binlog OUT | mariadb`` (last file first) undoes all."""
    import subprocess

    from tests.mariadb.server import find_binary

    srv, files, schema, state0 = run
    after = _state(srv, schema)
    out = tmp_path / "undo"
    assert main(["filter", "--flashback", "--output", str(out), *map(str, files)]) == 0
    err = capsysbinary.readouterr().err.decode()
    assert "DDL" not in err or "left out" in err
    undo = [out / p.name for p in reversed(files)]
    tool = find_binary("mariadb-binlog", "mysqlbinlog")
    for path in undo:
        subprocess.run([tool, "--no-defaults", "--verify-binlog-checksum", str(path)], capture_output=True,
                       check=True)
    script = subprocess.run([tool, "--no-defaults", *map(str, undo)], capture_output=True, check=True).stdout
    srv.sql_bytes(script)
    assert _state(srv, schema) == state0
    srv.sql_bytes(_script(capsysbinary, *map(str, files)))  # and forward again with the redo SQL
    assert _state(srv, schema) == after
