"""A ``mariadb-dump --tab`` folder as a state's base: the dump's rows, and the binlogs after the position it was
taken at, equal the server's tables later (every column family but FLOAT/DOUBLE, whose text the server rounds)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_state_harness import Workload, differences, run_script, session, take_snapshot

from binlog_ksy.runtime.filters import ChangeFilter
from binlog_ksy.runtime.state.read import build_state
from tests.mariadb.server import find_binary

pytestmark = [pytest.mark.server]

TABLES = ("t_int", "t_time", "t_str", "t_misc", "t_nopk", "t_lob", "t_myisam")


def test_a_mariadb_dump_tab_folder_is_a_base(mariadb_server_factory: Any, tmp_path: Path) -> None:
    server = mariadb_server_factory({"binlog_row_metadata": "FULL"})
    load = Workload.create("dumped", TABLES, seed=5)
    start = 1_650_000_000
    run_script(server, session("FULL", start) + load.schema_sql() + load.dml(1, 60))
    file, pos = server.query("SHOW MASTER STATUS")[0][:2]
    dump = tmp_path / "dump"
    dump.mkdir()
    dump.chmod(0o777)  # the server writes the .txt files
    subprocess.run([find_binary("mariadb-dump", "mysqldump"), "--no-defaults", "-uroot", f"--socket={server.socket}",
                    f"--tab={dump}", "dumped"], check=True, capture_output=True, timeout=120)
    server.flush_logs()
    statements = [s for kind in ("add", "modify", "rename_column", "truncate", "rename_table") for s in load.ddl(kind)]
    run_script(server, session("MINIMAL", start + 10) + statements + load.dml(2, 60))
    snapshot = take_snapshot(server, load, start + 20)
    files = [str(p) for p in server.binlog_files()]
    for given in (files, files[[Path(f).name for f in files].index(str(file)):]):
        state = build_state(given, filters=ChangeFilter.create(databases=["dumped"]), base=str(dump),
                            base_position=f"{file}:{pos}")
        rows = {t.table: list(t.python_rows()) for t in state.tables}
        problems = differences(snapshot, rows)
        assert not problems, "\n".join(problems)
        assert all(t.complete and not t.unknown for t in state.tables), [(t.table, t.unknown_examples)
                                                                         for t in state.tables]
