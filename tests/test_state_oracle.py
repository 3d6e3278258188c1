"""``binlog-ksy state`` against the server: the rows of every table at a consistent snapshot's position.

A MariaDB server (FULL metadata) runs a drawn workload over every column family (``tests/mariadb/workload.py``'s
tables, with and without a primary key, key updates, a MyISAM table) with FULL or MINIMAL row images, and
between its phases drawn DDL (``tests/test_state_harness.py``: ALTER ADD/DROP/MODIFY/CHANGE/RENAME COLUMN,
TRUNCATE, DROP + CREATE, RENAME TABLE), binlog rotations and consistent snapshots (taken from a second
connection, sometimes while a third holds a transaction open). For each snapshot:

* ``state --at-position`` its ``binlog_snapshot_file:binlog_snapshot_position`` equals its dump value for
  value, every table complete with no unknown-row change; ``--at-gtid`` (the snapshot's last GTID) and
  ``--at`` (a time between the phases) give the same rows, and so does no moment at the last snapshot;
* ``state --format sql`` piped into an empty database gives every table the snapshot's ``CHECKSUM TABLE``;
* the history of the whole run (``build_state(versions=True)``, as ``extract --state`` writes ``history/``):
  its versions valid at the snapshot's position (made at or before it, not ended by then, not a version that
  says a row was removed) are the snapshot's rows, table by table (a table renamed since, under the name it had
  when it was dropped or at the end);
* a base made of an earlier snapshot's dump (JSON lines) with ``--base-position`` at its position, and the
  state Parquet written there, plus the binlogs after it, equal the later snapshot.

CI runs two named cases and draws a few more (``BINLOG_KSY_STATE_EXAMPLES``, 12 by default, the same ones each
run: about a minute); ``BINLOG_KSY_STATE_MINUTES=60`` draws rounds of new random cases until an hour is spent.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, note, settings
from hypothesis import strategies as st
from test_state_harness import (
    DDL_KINDS,
    TABLE_NAMES,
    OpenTransaction,
    Snapshot,
    Workload,
    differences,
    run_script,
    session,
    take_snapshot,
    write_base,
)

from binlog_ksy.cli import main
from binlog_ksy.runtime.filters import ChangeFilter
from binlog_ksy.runtime.state.moment import Moment, parse_position
from binlog_ksy.runtime.state.parquet_output import write_parquet
from binlog_ksy.runtime.state.read import State, build_state
from binlog_ksy.runtime.state.scd_tables import HISTORY_COLUMNS, current_versions, ended_versions
from tests.mariadb.server import MariaDBServer

pytestmark = [pytest.mark.server, pytest.mark.slow]

MINUTES = float(os.environ.get("BINLOG_KSY_STATE_MINUTES", "0") or 0)
EXAMPLES = int(os.environ.get("BINLOG_KSY_STATE_EXAMPLES", "0") or 0) or 12
_CASES = itertools.count(1)


@dataclass(frozen=True)
class Step:
    """A phase of a case: DDL statements, then DML statements, then maybe a rotation and a snapshot."""

    ddl: tuple[str, ...]
    dml: int
    flush: bool
    snapshot: bool
    open_transaction: bool


@dataclass(frozen=True)
class Case:
    seed: int
    image: str
    tables: tuple[str, ...]
    steps: tuple[Step, ...]


def cases() -> st.SearchStrategy[Case]:
    step = st.builds(Step, st.lists(st.sampled_from(DDL_KINDS), max_size=3).map(tuple), st.integers(5, 40),
                     st.booleans(), st.booleans(), st.booleans())
    tables = st.lists(st.sampled_from(TABLE_NAMES), min_size=2, max_size=5, unique=True).map(tuple)
    return st.builds(Case, st.integers(0, 2**31), st.sampled_from(["FULL", "MINIMAL"]), tables,
                     st.lists(step, min_size=2, max_size=5).map(tuple))


@dataclass
class Record:
    snapshots: int = 0
    rows: int = 0
    statements: int = 0


@pytest.fixture(scope="module")
def server(mariadb_server_factory: Any) -> MariaDBServer:
    return mariadb_server_factory({"binlog_row_metadata": "FULL", "max_binlog_size": 1 << 20})


def _current_file(server: MariaDBServer) -> str:
    return str(server.query("SHOW MASTER STATUS")[0][0])


def _phase(server: MariaDBServer, load: Workload, case: Case, k: int, step: Step, record: Record) -> Snapshot | None:
    """Run one step of a case; its snapshot when it takes one."""
    timestamp = _time(load, k)
    statements = [s for kind in step.ddl for s in load.ddl(kind)] + load.dml(case.seed * 101 + k, step.dml)
    record.statements += len(statements)
    run_script(server, session(case.image, timestamp) + statements)
    if step.flush:
        server.flush_logs()
    if not step.snapshot:
        return None
    held = None
    if step.open_transaction:
        everything = load.state.tables
        load.state.tables = tuple(t for t in everything if t.engine == "InnoDB")
        dml = [s for s in load.dml(case.seed * 103 + k, 4) if s not in ("BEGIN", "COMMIT")]
        load.state.tables = everything
        held = OpenTransaction(server, session(case.image, timestamp + 5) + dml)
    snapshot = take_snapshot(server, load, timestamp)
    if held is not None:
        held.commit()
    return snapshot


def _time(load: Workload, k: int) -> int:
    """The ``SET timestamp`` of step ``k`` of a case (steps 10 s apart; an open transaction commits at +5 s)."""
    return int(load.db[2:]) * 100_000 + 1_600_000_000 + 10 * k


def run_case(server: MariaDBServer, case: Case, tmp: Path) -> Record:
    record = Record()
    load = Workload.create(f"st{next(_CASES)}", case.tables, case.seed)
    server.flush_logs()
    first = _current_file(server)
    run_script(server, session(case.image, _time(load, 0)) + load.schema_sql())
    snapshots = [s for k, step in enumerate(case.steps, start=1)
                 if (s := _phase(server, load, case, k, step, record)) is not None]
    snapshots.append(take_snapshot(server, load, _time(load, len(case.steps) + 1)))
    names = [p.name for p in server.binlog_files()]
    files = [str(p) for p in server.binlog_files()][names.index(first):]
    states = [_check_snapshot(server, load, files, snapshot, case, record) for snapshot in snapshots]
    _check_moments(load, files, snapshots[-1], states[-1], case)
    _check_history(load, files, snapshots, states, case)
    if len(snapshots) > 1:
        _check_bases(load, files, snapshots[0], states[0], snapshots[-1], tmp)
    return record


def _rows(state: State) -> dict[str, list[dict[str, Any]]]:
    return {t.table: list(t.python_rows()) for t in state.tables}


def _state(load: Workload, files: list[str], **options: Any) -> State:
    return build_state(files, filters=ChangeFilter.create(databases=[load.db]), **options)


def _check_snapshot(server: MariaDBServer, load: Workload, files: list[str], snapshot: Snapshot, case: Case,
                    record: Record) -> State:
    state = _state(load, files, moment=Moment(at_position=parse_position(snapshot.position)))
    problems = differences(snapshot, _rows(state))
    assert not problems, f"{case}\nat {snapshot.position}:\n" + "\n".join(problems)
    for table in state.tables:
        assert table.complete and not table.unknown and not table.notes, (table.table, table.unknown_examples,
                                                                         table.notes)
    record.snapshots += 1
    record.rows += sum(t.rows for t in state.tables)
    _check_sql(server, load, files, snapshot)
    return state


def _check_sql(server: MariaDBServer, load: Workload, files: list[str], snapshot: Snapshot) -> None:
    """``state --format sql`` piped into an empty database: the snapshot's CHECKSUM TABLE for every table."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["state", *files, "--database", load.db, "--at-position", snapshot.position, "--format", "sql"])
    assert status == 0, err.getvalue()
    restore = f"{load.db}_restored"
    server.sql(f"SET sql_log_bin = 0; DROP DATABASE IF EXISTS `{restore}`; CREATE DATABASE `{restore}`")
    server.sql_bytes(b"SET sql_log_bin = 0;\n" + out.getvalue().encode("utf-8"), database=restore)
    if snapshot.checksums:
        got = server.query("CHECKSUM TABLE " + ", ".join(f"`{restore}`.`{t}`" for t in snapshot.checksums))
        assert {str(name).split(".", 1)[1]: value for name, value in got} == snapshot.checksums
    server.sql(f"SET sql_log_bin = 0; DROP DATABASE `{restore}`")


def _check_moments(load: Workload, files: list[str], snapshot: Snapshot, state: State, case: Case) -> None:
    """``--at-gtid``, ``--at`` and no moment (the end: nothing was written after the last snapshot) give the rows
    ``--at-position`` gave at the last snapshot."""
    want = _rows(state)
    assert _rows(_state(load, files)) == want, case
    last_gtid = snapshot.gtid.split(",")[0]
    assert _rows(_state(load, files, moment=Moment.create(at_gtid=last_gtid))) == want, case
    when = datetime.fromtimestamp(snapshot.timestamp + 1, UTC)
    assert _rows(_state(load, files, moment=Moment.create(at=when))) == want, case


def _check_history(load: Workload, files: list[str], snapshots: list[Snapshot], states: list[State], case: Case
                   ) -> None:
    """The versions of the whole run's history valid at each snapshot are that snapshot's rows (its state's,
    which equal the server's dump)."""
    whole = _state(load, files, versions=True)
    live = {(t.schema, t.table): t for t in whole.tables}
    versions: dict[str, list[dict[str, Any]]] = {}
    for (_, name), parts in whole.history.items():
        ended = [ended_versions(p) for p in parts if p.rows]
        versions[name] = [r for t in ended for r in t.to_pylist()]
    for key, table in live.items():
        versions.setdefault(key[1], []).extend(current_versions(table).to_pylist())
    for snapshot, state in zip(snapshots, states, strict=True):
        at = (snapshot.file, snapshot.pos)
        valid = {name: [r for r in rows if _valid_at(r, at)] for name, rows in versions.items()}
        for table in state.tables:
            names = _names_after(load, table.table)
            want = _values(table.arrow().to_pylist())
            got = _values([r for name in names for r in valid.pop(name, [])])
            assert got == want, (f"{case}\nhistory of {names} at {snapshot.position}: {len(got)} versions valid, "
                                 f"{len(want)} rows; first differences: {sorted(set(got) ^ set(want))[:3]}")
        extra = {name: len(rows) for name, rows in valid.items() if rows}
        assert not extra, f"{case}\nversions valid at {snapshot.position} of tables not there then: {extra}"


def _names_after(load: Workload, name: str) -> list[str]:
    """A table's name and the names RENAME TABLE gave it after: its history is under the one it had when it was
    dropped (or at the end), so the versions valid at a moment are under one of them (names are never reused)."""
    names = [name]
    for old, new in load.renames:
        if old == names[-1]:
            names.append(new)
    return names


def _place(position: dict[str, Any] | None) -> tuple[str, int] | None:
    return None if position is None else (os.path.basename(position["file"]), position["pos"])


def _valid_at(version: dict[str, Any], at: tuple[str, int]) -> bool:
    """A version of a row was the row at binlog position ``at`` (a transaction's end)."""
    made, ended = _place(version["_from_pos"]), _place(version["_to_pos"])
    if version["_op"] in ("delete", "truncate", "drop") or made is None or made > at:
        return False
    return ended is None or ended > at


def _values(rows: list[dict[str, Any]]) -> list[str]:
    """Rows as sorted texts, without the history's own columns."""
    return sorted(repr(sorted((k, v) for k, v in row.items() if k not in HISTORY_COLUMNS)) for row in rows)


def _check_bases(load: Workload, files: list[str], first: Snapshot, first_state: State, last: Snapshot,
                 tmp: Path) -> None:
    """The first snapshot's rows as a base, and the binlogs after it, give the last snapshot."""
    dump, parquet = tmp / f"{load.db}-dump", tmp / f"{load.db}-parquet"
    dump.mkdir()
    write_base(first, load.db, str(dump))
    write_parquet(first_state, str(parquet))
    moment = Moment(at_position=parse_position(last.position))
    for base, position in ((dump, first.position), (parquet, None)):
        state = _state(load, files, moment=moment, base=str(base), base_position=position)
        problems = differences(last, _rows(state))
        assert not problems, f"base {base.name} at {first.position}:\n" + "\n".join(problems)
        for table in state.tables:
            assert table.complete and not table.unknown, (base.name, table.table, table.unknown_examples)


_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not MINUTES,
                     phases=[Phase.explicit, Phase.generate] if not MINUTES else [Phase.generate],
                     suppress_health_check=list(HealthCheck))
_EVERY_DDL = Step(DDL_KINDS, 20, True, True, True)


def test_state_equals_the_servers_snapshots(server: MariaDBServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    deadline = time.monotonic() + MINUTES * 60
    done: list[Record] = []

    @_SETTINGS
    @given(cases())
    @example(Case(7, "FULL", TABLE_NAMES, (Step((), 30, False, True, False), _EVERY_DDL,
                                           Step(("add", "truncate"), 25, True, False, False))))
    @example(Case(11, "MINIMAL", TABLE_NAMES, (_EVERY_DDL, Step(("modify", "rename_table"), 30, False, True, True),
                                               Step(("recreate", "add"), 20, True, True, False))))
    @example(Case(33062576, "FULL", ("t_misc", "t_num"), (  # found: a table dropped after a snapshot, then renamed
        Step(("recreate", "add", "rename_column"), 7, False, True, True), Step(("recreate",), 27, False, True, False),
        Step((), 29, True, False, True), Step(("modify",), 11, False, True, False),
        Step(("rename_table", "rename_column", "rename_table"), 5, True, False, True))))
    def check(case: Case) -> None:
        if MINUTES and time.monotonic() > deadline:
            return  # the long mode's time is spent: the rest of this round's draws pass untried
        note(f"{case}")
        done.append(run_case(server, case, tmp_path_factory.mktemp("state")))

    check()
    while MINUTES and time.monotonic() < deadline:  # the long mode: rounds of new random cases until the time is spent
        check()
    assert done and sum(r.snapshots for r in done) >= 2 * len(done)
    print(f"\n{len(done)} cases, {sum(r.statements for r in done)} statements, {sum(r.snapshots for r in done)} "
          f"snapshots compared, {sum(r.rows for r in done)} rows")
