"""The SQL and binlog paths of a case, replayed into a second server and checked with ``CHECKSUM TABLE``.

The replica starts from the case's schema and no rows. Then:

* ``binlog-ksy sql`` over all the case's binlogs (one run: the schema history needs the earlier
  files) is split by the file each transaction comes from and replayed phase by phase, the
  ALTER TABLE run between (``sql`` writes row changes only): after each phase every table's
  checksum is the primary server's after that phase;
* with FULL row images, ``binlog-ksy sql --flashback`` over the same binlogs, its blocks of the
  phases since the last ALTER (the DML cannot be undone across a DDL) replayed, brings the
  tables back to the state before those phases; ``sql`` again brings them forward; the undo
  binlogs of ``binlog-ksy filter --flashback`` of those phases, replayed by
  ``mariadb-binlog OUT | mariadb`` file by file in reverse order, bring them back again;
* with MINIMAL or NOBLOB images both flashback commands refuse, naming the row image, unless
  every image they meet is whole.

Every ``sql`` script is made both ways, each run's statements from its Arrow columns wherever
they can be and change by change (the reference): the two must be the same bytes. So is every
undo binlog: plain transactions planned whole and laid out by the compiled loop, and event by
event by the Python path (``paths.filter_flashback_both_ways``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from unittest import mock

from differential.case import DATABASES, CaseRun, checksums
from differential.paths import filter_flashback_both_ways, run_cli
from tests.mariadb import oracle
from tests.mariadb.server import MariaDBServer

_BLOCK = re.compile(rb"^-- (?:undo )?transaction at (.+?):\d+ ", re.M)


def split_script(script: bytes) -> tuple[bytes, dict[str, list[bytes]]]:
    """A ``sql`` script's session settings and its transaction blocks per file name, in script order."""
    starts = [m.start() for m in _BLOCK.finditer(script)]
    head = script[:starts[0]] if starts else script
    blocks: dict[str, list[bytes]] = {}
    for start, end in zip(starts, [*starts[1:], len(script)], strict=True):
        found = _BLOCK.match(script, start)
        assert found is not None
        blocks.setdefault(Path(found.group(1).decode()).name, []).append(script[start:end])
    return head, blocks


def sql_both_ways(argv: list[str | Path]) -> tuple[int, bytes, str]:
    """``binlog-ksy sql ARGV`` with every run built from columns where it can be (``runtime/present/
    sql_columns.py``), checked to be what the per-change path (``runtime/present/sql.py``) prints."""
    from binlog_ksy.runtime.commands import sql

    with mock.patch.object(sql, "COLUMNS_MIN_CHANGES", 0), mock.patch.object(sql, "COLUMNS_MIN_WINDOW_BYTES", 0):
        columns = run_cli(["sql", *argv])
    with mock.patch.object(sql, "statements_from_columns", lambda *_, **__: None):
        changes = run_cli(["sql", *argv])
    assert columns == changes, f"sql {argv}: the statements from columns differ from the per-change path's"
    return columns


class Replay:
    """One case's replays on the replica server."""

    def __init__(self, replica: MariaDBServer, run: CaseRun, work: Path) -> None:
        self.replica, self.run, self.work = replica, run, work
        self.tables = run.case.table_defs  # as the phase replayed last knows them (an ALTER changes them)
        self.seen: Counter[str] = Counter()
        self.redo_script = b""  # what ``sql`` printed for the case's binlogs (redo() makes it, flashback() replays it)

    def state(self) -> dict[str, str]:
        return checksums(self.replica, self.tables)

    def expect(self, want: dict[str, str], what: str) -> None:
        got = self.state()
        assert got == want, f"{what}: the replica's tables differ from the server's: " + ", ".join(
            f"{t} {got.get(t)} != {want.get(t)}" for t in want if got.get(t) != want.get(t))
        self.seen[what] += 1

    def play(self, head: bytes, blocks: list[bytes]) -> None:
        if blocks:
            self.replica.sql_bytes(head + b"".join(blocks))

    def start(self) -> None:
        self.replica.sql(["SET SESSION sql_log_bin = 0", *(f"DROP DATABASE IF EXISTS `{db}`" for db in DATABASES),
                          *self.run.case.schema_statements()])
        self.expect(self.run.empty, "schema")

    def redo(self) -> None:
        """``sql`` replayed phase by phase, the ALTER between."""
        status, self.redo_script, err = sql_both_ways([*self.run.files])
        assert status == 0, err
        head, blocks = split_script(self.redo_script)
        for phase in self.run.phases:
            if phase.dml:
                self.play(head, blocks.get(phase.file.name, []))
            else:
                assert self.run.case.alter is not None
                self.replica.sql(["SET SESSION sql_log_bin = 0", self.run.case.alter.statement()])
            self.tables = phase.tables
            self.expect(phase.checksums, f"redo {phase.name}")

    def undone_phases(self) -> int:
        """The index of the first phase flashback undoes: the one after the last DDL."""
        return max((i + 1 for i, p in enumerate(self.run.phases) if not p.dml), default=0)

    def flashback(self) -> None:
        """``sql --flashback``, ``sql`` again and ``filter --flashback``, over the phases since the last DDL."""
        first = self.undone_phases()
        phases = self.run.phases[first:]
        before, after = self.run.checksums_before(first), self.run.phases[-1].checksums
        status, script, err = sql_both_ways(["--flashback", *self.run.files])
        if status != 0:
            self.refused(err, "sql --flashback")
        else:
            head, blocks = split_script(script)
            self.play(head, [b for p in reversed(phases) for b in blocks.get(p.file.name, [])])
            self.expect(before, "sql --flashback")
            _, redo = split_script(self.redo_script)
            self.play(head, [b for p in phases for b in redo.get(p.file.name, [])])
            self.expect(after, "redo after flashback")
        out = self.work / "undo"
        status, err = filter_flashback_both_ways([p.file for p in phases], out)
        if status != 0:
            self.refused(err, "filter --flashback")
            return
        for phase in reversed(phases):  # one mariadb-binlog per file: each file's GTIDs rise, the files' fall
            self.replica.sql_bytes(oracle.run_mariadb_binlog(out / phase.file.name))
        self.expect(before, "filter --flashback")

    def refused(self, err: str, what: str) -> None:
        """A refusal is right only for partial row images, and says so."""
        assert not self.run.case.settings.full_images, f"{what} refused FULL row images:\n{err}"
        assert "image" in err.lower() and "Traceback" not in err, f"{what}: {err}"
        self.seen[f"{what} refused"] += 1


def check_replays(replica: MariaDBServer, run: CaseRun, work: Path) -> Counter[str]:
    """Every replay of the case (see the module's docstring); returns what was checked."""
    replay = Replay(replica, run, work)
    replay.start()
    replay.redo()
    replay.flashback()
    return replay.seen
