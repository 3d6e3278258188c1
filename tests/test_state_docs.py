"""docs/state.md's recipe, "Tables as they were", and the README's section of that name, run as written against a
test server.

A server writes the page's story into its binlogs: ``shop.orders`` filled from 13:00, an update at 14:04:58,
the bad ``DELETE FROM shop.orders WHERE status = 'paid'`` at 14:05:07, more work after it. The commands of the
console block after the ``state-recipe`` marker run in a folder holding ``binlogs/`` (``binlog-ksy`` from this
checkout, ``mariadb`` the client of the test server), and print what the page shows (byte offsets aside);
the restored table has the ``CHECKSUM TABLE`` the server's table had just before the ``DELETE``.

The README's two blocks, after the ``readme-state-recipes`` marker, tell the same story shorter: the restore, and
the lake kept current (``extract --table-format delta --state --incremental``, then a look at ``state/`` with
deltalake). The lake block runs once before the ``DELETE`` and once after: ``state/shop.orders`` holds the
server's rows each time (its first Delta version, the rows before the ``DELETE``), and ``history/`` ends each
deleted row with a ``delete`` version.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.mariadb.server import MariaDBServer

pytestmark = [pytest.mark.server]

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "state.md"
README = ROOT / "README.md"
ROWS = "SELECT id, customer, status, total, placed_at FROM shop.orders ORDER BY id"


def _before_the_delete() -> list[str]:
    rnd = random.Random(5)
    names = ["Ana", "Bo", "Chen", "Dita", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
    out = ["SET time_zone = '+00:00'", "SET timestamp = UNIX_TIMESTAMP('2024-05-01 13:00:00')",
           "CREATE DATABASE shop",
           "CREATE TABLE shop.orders (id INT NOT NULL PRIMARY KEY, customer VARCHAR(40) NOT NULL, "
           "status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new', total DECIMAL(10,2) NOT NULL, "
           "placed_at DATETIME NOT NULL)"]
    t = 0
    for i in range(1, 41):
        t += rnd.randint(20, 90)
        out.append(f"SET timestamp = UNIX_TIMESTAMP('2024-05-01 13:00:00') + {t}")
        customer, total = rnd.choice(names), rnd.randint(500, 20000) / 100
        out.append(f"INSERT INTO shop.orders VALUES ({i}, '{customer}', 'new', {total}, FROM_UNIXTIME(@@timestamp))")
        if i > 3 and rnd.random() < 0.6:
            out.append(f"UPDATE shop.orders SET status = IF(status = 'new', 'paid', 'shipped') WHERE id = "
                       f"{rnd.randint(1, i - 1)}")
    return [*out, "FLUSH BINARY LOGS", "SET timestamp = UNIX_TIMESTAMP('2024-05-01 14:04:58')",
            "UPDATE shop.orders SET status = 'paid' WHERE id = 40"]


AFTER = ["SET time_zone = '+00:00'", "SET timestamp = UNIX_TIMESTAMP('2024-05-01 14:05:07')",
         "DELETE FROM shop.orders WHERE status = 'paid'", "SET timestamp = UNIX_TIMESTAMP('2024-05-01 14:06:30')",
         "INSERT INTO shop.orders VALUES (41, 'Kim', 'new', 18.20, FROM_UNIXTIME(@@timestamp))"]


def recipe() -> list[tuple[str, list[str]]]:
    """The page's recipe: each command (continuation lines joined) and the lines the page shows after it."""
    block = PAGE.read_text().split("<!-- state-recipe", 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        assert line.startswith("$ "), f"not a command: {line!r}"
        command = line[2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        steps.append((command, shown))
    return steps


def _offsets_masked(lines: list[str]) -> list[str]:
    return [re.sub(r"(@|binlog\.\d{6}:)\d+", r"\1N", line) for line in lines]


def _client(server: MariaDBServer, folder: Path) -> None:
    """A ``mariadb`` on PATH that talks to the test server."""
    wrapper = folder / "mariadb"
    wrapper.write_text(f"#!/bin/sh\nexec {server.client} --no-defaults -uroot --socket={server.socket} \"$@\"\n")
    wrapper.chmod(0o755)


def test_the_pages_recipe_restores_the_table_as_it_was(mariadb_server_factory: Any, tmp_path: Path) -> None:
    server = mariadb_server_factory({"binlog_row_metadata": "FULL"})
    server.sql(";\n".join(_before_the_delete()) + ";\n")
    checksum_before = server.query("CHECKSUM TABLE shop.orders")[0][1]
    server.sql(";\n".join(AFTER) + ";\n")
    work, tools = tmp_path / "work", tmp_path / "bin"
    work.mkdir()
    tools.mkdir()
    server.copy_binlogs(work / "binlogs")
    _client(server, tools)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for command, shown in recipe():
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=work, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"{command}\n{done.stderr}"
        printed = (done.stdout + done.stderr).replace(f"{work}/", "").splitlines()
        assert _offsets_masked(printed) == _offsets_masked(shown), command
    assert server.query("CHECKSUM TABLE orders_1405.orders")[0][1] == checksum_before


def readme_recipes() -> tuple[list[str], list[str]]:
    """The commands of the README's two console blocks after the ``readme-state-recipes`` marker."""
    text = README.read_text().split("<!-- readme-state-recipes", 1)[1]
    restore, lake = (_commands(chunk.split("```", 1)[0]) for chunk in text.split("```console\n")[1:3])
    return restore, lake


def _commands(block: str) -> list[str]:
    """A console block's commands: each ``$ `` line, with the indented lines that continue it."""
    commands: list[str] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            commands.append(line[2:])
        elif line.startswith(" ") and commands:
            commands[-1] += "\n" + line
    return commands


def _run(commands: list[str], work: Path, env: dict[str, str]) -> str:
    printed = ""
    for command in commands:
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=work, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"{command}\n{done.stderr[-3000:]}"
        printed += done.stdout
    return printed


def _printed_rows(printed: str) -> list[tuple[str, ...]]:
    """The ``id``, ``customer`` and ``status`` of each row of a table printed by the README's query."""
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in printed.splitlines()
             if line.startswith("|")]
    return [tuple(row[:3]) for row in cells if row[0].isdigit()]


def _delta_rows(path: Path, version: int | None = None) -> list[tuple[str, ...]]:
    """The rows of a Delta table as the client prints them (``ROWS``' columns, by ``id``)."""
    from deltalake import DeltaTable

    table = DeltaTable(str(path), version=version).to_pyarrow_table()
    rows = []
    for row in table.select(["id", "customer", "status", "total", "placed_at"]).to_pylist():
        rows.append((str(row["id"]), row["customer"], row["status"], str(row["total"]),
                     row["placed_at"].strftime("%Y-%m-%d %H:%M:%S")))
    return sorted(rows, key=lambda row: int(row[0]))


def test_the_readmes_recipes_restore_the_table_and_keep_the_lake_current(mariadb_server_factory: Any,
                                                                          tmp_path: Path) -> None:
    restore, lake = readme_recipes()
    assert any(c.startswith("binlog-ksy state ") and "--format sql" in c for c in restore)
    assert any(c.startswith("binlog-ksy extract ") and "--state" in c and "--incremental" in c for c in lake)
    server = mariadb_server_factory({"binlog_row_metadata": "FULL"})
    server.sql(";\n".join(_before_the_delete()) + ";\n")
    checksum_before = server.query("CHECKSUM TABLE shop.orders")[0][1]
    rows_before = server.query(ROWS)
    work, tools = tmp_path / "work", tmp_path / "bin"
    work.mkdir()
    tools.mkdir()
    _client(server, tools)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    server.copy_binlogs(work / "binlogs")
    printed = _run(lake, work, env)  # the lake before the DELETE
    shown = _printed_rows(printed)  # the first rows, as the query printed them
    assert shown and shown == [row[:3] for row in rows_before][:len(shown)], printed
    assert len(shown) == len(rows_before) or len(shown) >= 10, printed
    state, history = (work / "lake" / "binlog" / kind / "shop.orders" for kind in ("state", "history"))
    assert _delta_rows(state) == rows_before
    server.sql(";\n".join(AFTER) + ";\n")
    server.copy_binlogs(work / "binlogs")
    _run(restore, work, env)
    assert server.query("CHECKSUM TABLE orders_1405.orders")[0][1] == checksum_before
    _run(lake, work, env)  # binlogs arrived: the lake catches up
    rows_after = server.query(ROWS)
    assert len(rows_after) < len(rows_before)
    assert _delta_rows(state) == rows_after
    assert _delta_rows(state, version=0) == rows_before  # the table's first version: the lake before the DELETE
    from deltalake import DeltaTable

    versions = DeltaTable(str(history)).to_pyarrow_table().to_pylist()
    gone = {row[0] for row in rows_before} - {row[0] for row in rows_after}
    deletes = {str(v["id"]) for v in versions if v["_op"] == "delete"}
    assert gone and gone <= deletes
    assert sorted(v["id"] for v in versions if v["_current"]) == [int(row[0]) for row in rows_after]
