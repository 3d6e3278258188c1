"""A drawn differential case and what the server says of it.

A case is: server settings (``binlog_row_metadata`` FULL or MINIMAL, ``binlog_row_image``
FULL, MINIMAL or NOBLOB, compressed events or not, CRC32 or no checksums), one to three
tables of the every-type workload (``tests/mariadb/workload.py``) plus a table in a second
database, a seed, the sizes of three phases of statements and maybe an ALTER TABLE between
the last two (a column added somewhere, or one dropped). :func:`run_case` sets the
settings on the running server, then writes one binlog per phase (``FLUSH BINARY LOGS``
between them):

    schema: CREATE DATABASE x2, CREATE TABLE ..., then a first fill of rows
    phase_a: DML (single statements, transactions, two-table UPDATEs)
    alter: the ALTER TABLE alone (when drawn)
    phase_b: DML, the later statements knowing the new column

After each phase it records ``CHECKSUM TABLE`` of every table and the columns
``information_schema`` gives: what every replay must reach, and what mariadb-binlog's
text is compared with.
"""

from __future__ import annotations

import dataclasses
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.mariadb import compare, workload
from tests.mariadb.server import MariaDBServer
from tests.mariadb.workload import C, Column, Table

#: The workload's second database and its table (several databases in one binlog).
DB2 = "bk_wl2"
KV = Table("t_kv", (
    C("v", "VARCHAR(40)", workload.text_gen(40)),
    C("n", "BIGINT", workload.int_gen(64, False)),
    C("d", "DECIMAL(12,3)", workload.decimal_gen(12, 3)),
    C("ts", "DATETIME(6)", workload.datetime_gen(6)),
), db=DB2)
DATABASES = (workload.DB, DB2)

#: Tables a case draws from: every workload table (one or more column types each).
TABLE_NAMES = tuple(t.name for t in workload.TABLES)
_TABLES = {t.name: t for t in (*workload.TABLES, KV)}

#: Columns an ALTER may add: (type, literal generator).
ADDED_TYPES: tuple[tuple[str, Any], ...] = (
    ("INT NOT NULL DEFAULT 7", workload.int_gen(32, False)),
    ("VARCHAR(20) CHARACTER SET latin1 DEFAULT 'd'", workload.text_gen(20, "latin1")),
    ("DATETIME(3) NULL", workload.datetime_gen(3)),
    ("DECIMAL(12,3) DEFAULT 1.5", workload.decimal_gen(12, 3)),
    ("BLOB", workload.bytes_gen(100)),
    ("JSON", workload.json_gen()),
    ("BIGINT UNSIGNED", workload.int_gen(64, True)),
)


@dataclass(frozen=True)
class Settings:
    """The server's binlog settings for one case (all dynamic: no restart)."""

    metadata: str = "FULL"
    image: str = "FULL"
    compressed: bool = False
    checksum: bool = True

    def statements(self) -> list[str]:
        return [f"SET GLOBAL binlog_row_metadata = {self.metadata}",
                f"SET GLOBAL binlog_row_image = {self.image}",
                f"SET GLOBAL log_bin_compress = {'ON' if self.compressed else 'OFF'}",
                "SET GLOBAL log_bin_compress_min_len = 10",
                f"SET GLOBAL binlog_checksum = {'CRC32' if self.checksum else 'NONE'}"]

    @property
    def full_images(self) -> bool:
        """Whether every image holds every column (what flashback needs)."""
        return self.image == "FULL"


@dataclass(frozen=True)
class Alter:
    """``ALTER TABLE`` of one table: add a column (at the end, FIRST or AFTER the key) or drop one."""

    table: str
    add_type: int | None = None
    position: str = ""
    drop: str | None = None

    def statement(self) -> str:
        t = _TABLES[self.table]
        if self.drop is not None:
            return f"ALTER TABLE {t.qname} DROP COLUMN `{self.drop}`"
        assert self.add_type is not None
        where = {"": "", "first": " FIRST", "after": f" AFTER `{t.key}`"}[self.position]
        return f"ALTER TABLE {t.qname} ADD COLUMN `x_add` {ADDED_TYPES[self.add_type][0]}{where}"

    def applied(self, t: Table) -> Table:
        """The table as later statements know it."""
        if self.drop is not None:
            return dataclasses.replace(t, columns=tuple(c for c in t.columns if c.name != self.drop))
        assert self.add_type is not None
        ddl, gen = ADDED_TYPES[self.add_type]
        return dataclasses.replace(t, columns=(*t.columns, Column("x_add", ddl, gen, nullable="NOT NULL" not in ddl)))


@dataclass(frozen=True)
class Case:
    """One drawn case (prints as its recipe)."""

    settings: Settings
    tables: tuple[str, ...]
    seed: int
    fill: int
    phase_a: int
    phase_b: int
    alter: Alter | None = None

    @property
    def table_defs(self) -> tuple[Table, ...]:
        return (*(_TABLES[n] for n in self.tables), KV)

    def schema_statements(self) -> list[str]:
        out = [f"CREATE DATABASE `{db}` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci" for db in DATABASES]
        for t in self.table_defs:
            out += [*t.pre, t.create(), *t.post]
        return out


def _droppable(name: str) -> list[str]:
    t = _TABLES[name]
    if any(c.generated for c in t.columns):       # a generated column may depend on any other
        return []
    return [c.name for c in t.data_columns]


@st.composite
def alters(draw: st.DrawFn, tables: tuple[str, ...]) -> Alter:
    name = draw(st.sampled_from((*tables, KV.name)))
    droppable = _droppable(name)
    if len(droppable) > 0 and draw(st.booleans()):
        return Alter(name, drop=draw(st.sampled_from(droppable)))
    return Alter(name, add_type=draw(st.integers(0, len(ADDED_TYPES) - 1)),
                 position=draw(st.sampled_from(("", "first", "after"))))


@st.composite
def cases(draw: st.DrawFn, max_statements: int = 24) -> Case:
    settings = Settings(draw(st.sampled_from(("FULL", "MINIMAL"))),
                        draw(st.sampled_from(("FULL", "MINIMAL", "NOBLOB"))), draw(st.booleans()), draw(st.booleans()))
    tables = tuple(draw(st.lists(st.sampled_from(TABLE_NAMES), min_size=1, max_size=3, unique=True)))
    alter = draw(st.none() | alters(tables))
    sizes = st.integers(1, max_statements)
    return Case(settings, tables, draw(st.integers(0, 2**32 - 1)), draw(sizes), draw(sizes), draw(sizes), alter)


# -- running a case on the server ------------------------------------------------------------


@dataclass
class Phase:
    """One binlog of a case and the server's state right after it."""

    name: str
    file: Path
    checksums: dict[str, str]
    schema: dict[str, tuple[compare.SqlColumn, ...]]
    tables: tuple[Table, ...]
    dml: bool = True


@dataclass
class CaseRun:
    """What a case left: its binlogs in order, per phase, and the state before the first."""

    case: Case
    phases: list[Phase]
    empty: dict[str, str]
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def files(self) -> list[Path]:
        return [p.file for p in self.phases]

    def checksums_before(self, index: int) -> dict[str, str]:
        return self.phases[index - 1].checksums if index else self.empty


def _virtual(t: Table) -> bool:
    return any(c.generated and "VIRTUAL" in c.ddl for c in t.columns)


def checksums(server: MariaDBServer, tables: tuple[Table, ...]) -> dict[str, str]:
    """``CHECKSUM TABLE`` of each table: equal contents, equal checksums (same definition).

    A table with VIRTUAL columns gets the MD5 of its stored columns' bytes instead: the server's
    checksum reads the virtual columns' record slots, which equal rows may fill differently.
    """
    plain = [t for t in tables if not _virtual(t)]
    out = {}
    if plain:
        out = {str(name): str(value) for name, value in server.query("CHECKSUM TABLE " + ", ".join(
            t.qname for t in plain))}
    for t in tables:
        if _virtual(t):
            stored = [t.key, "ver", *(c.name for c in t.columns if not (c.generated and "VIRTUAL" in c.ddl))]
            row = "CONCAT_WS(0x1f, " + ", ".join(f"IFNULL(HEX(`{c}`), 'N')" for c in stored) + ")"
            out[f"{t.db}.{t.name}"] = str(server.query(
                f"SET SESSION group_concat_max_len = 1 << 30; SELECT MD5(IFNULL(GROUP_CONCAT({row} ORDER BY "
                f"`{t.key}` SEPARATOR 0x1e), '')) FROM {t.qname}")[0][0])
    return out


def load_schemas(server: MariaDBServer) -> dict[str, tuple[compare.SqlColumn, ...]]:
    """The columns of every table of both databases, by table name (the names differ)."""
    out: dict[str, tuple[compare.SqlColumn, ...]] = {}
    for db in DATABASES:
        out.update(compare.load_schema(server, db))
    return out


def reset(server: MariaDBServer, case: Case) -> None:
    """Drop the case databases without logging it, so a case's binlogs start from nothing."""
    server.sql(["SET SESSION sql_log_bin = 0", *(f"DROP DATABASE IF EXISTS `{db}`" for db in DATABASES)])


def run_case(server: MariaDBServer, case: Case, dest: Path) -> CaseRun:
    """Set the case's settings, run its phases (a binlog each) and copy the binlogs into ``dest``."""
    reset(server, case)
    server.sql(case.settings.statements())
    server.flush_logs()
    tables = case.table_defs
    state = workload.State.over(tables)
    phases: list[Phase] = []

    def phase(name: str, script: list[str], dml: bool = True) -> None:
        server.sql(script)
        file = server.binlog_files()[-1]
        phases.append(Phase(name, file, checksums(server, state.tables), load_schemas(server), state.tables, dml))
        server.flush_logs()

    server.sql(case.schema_statements())
    empty = checksums(server, tables)
    phase("schema", workload.make_statements(case.seed, case.fill, state))
    phase("phase_a", workload.make_statements(case.seed + 1, case.phase_a, state))
    if case.alter is not None:
        state.tables = tuple(case.alter.applied(t) if t.name == case.alter.table else t for t in state.tables)
        phase("alter", [case.alter.statement()], dml=False)
    phase("phase_b", workload.make_statements(case.seed + 2, case.phase_b, state))
    dest.mkdir(parents=True, exist_ok=True)
    for p in phases:
        copy = dest / p.file.name
        shutil.copyfile(p.file, copy)
        p.file = copy
    return CaseRun(case, phases, empty)
