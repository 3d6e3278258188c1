"""The harness of ``tests/test_state_oracle.py``: a drawn workload with DDL, run on a MariaDB server that takes
consistent snapshots, and the comparison of a state with a snapshot's dump (no tests here).

A :class:`Workload` is ``tests/mariadb/workload.py``'s tables in a database of the case's own, changed by
its DML generators and by DDL this module draws: ``ALTER TABLE`` ADD (with literal, implicit, NOT NULL and
``CURRENT_TIMESTAMP(3)`` defaults, FIRST/AFTER), DROP, MODIFY (a wider type), CHANGE and RENAME COLUMN,
``TRUNCATE``, ``DROP`` + ``CREATE`` and ``RENAME TABLE``; the table objects follow each statement, so the DML
after it names the columns as they are. Every statement of a phase runs with ``SET timestamp`` of that phase.

A :class:`Snapshot` is taken from a second connection: ``START TRANSACTION WITH CONSISTENT SNAPSHOT``, the
``binlog_snapshot_file``/``binlog_snapshot_position`` status, every table through ``compare.select_expr``
(HEX for strings, UNIX_TIMESTAMP for TIMESTAMP, indexes for ENUM/SET) and ``CHECKSUM TABLE``, all in that one
transaction, while another session may hold an open transaction (in the binlog only once it commits, after
the snapshot's position).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import struct
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.mariadb import compare, workload
from tests.mariadb.compare import Level, SqlColumn
from tests.mariadb.server import MariaDBServer, _unescape_batch

LEVEL = Level.of("FULL")
#: The workload's tables a state is checked on: not t_gen (generated columns: MINIMAL images leave them out,
#: and no default gives them), not t_oldtime (it switches a server-wide setting).
TABLE_NAMES = tuple(t.name for t in workload.TABLES if t.name not in ("t_gen", "t_oldtime"))
#: Columns an ALTER TABLE may add: DDL, values, nullable.
ADDABLE: tuple[tuple[str, workload.Gen, bool], ...] = (
    ("INT DEFAULT 7", workload.int_gen(16, False), True),
    ("VARCHAR(20) NOT NULL DEFAULT 'abc'", workload.text_gen(20), False),
    ("DATE NOT NULL", workload.date_gen(), False),
    ("DECIMAL(10,2) DEFAULT 1.5", workload.decimal_gen(10, 2), True),
    ("ENUM('p','q') NOT NULL", workload.enum_gen(["p", "q"], False), False),
    ("TIMESTAMP(3) NULL DEFAULT CURRENT_TIMESTAMP(3)", workload.timestamp_gen(3), True),
    ("BIT(3) NOT NULL", workload.bit_gen(3), False),
    ("DATETIME(2) DEFAULT '2020-02-02 02:02:02.02'", workload.datetime_gen(2), True),
    ("SET('a','b') NOT NULL DEFAULT 'b'", workload.set_gen(["a", "b"]), False),
    ("TEXT", workload.long_text_gen(100), True),
    ("BIGINT UNSIGNED NOT NULL DEFAULT 18446744073709551615", workload.int_gen(64, True), False),
    ("TIME(1) NOT NULL DEFAULT '-01:02:03.4'", workload.time_gen(1), False),
)
#: MODIFY rules: a type and the wider type whose values are the same.
WIDER = ((r"^TINYINT\b", "SMALLINT"), (r"^SMALLINT\b", "INT"), (r"^INT\b", "BIGINT"),
         (r"^VARCHAR\((\d+)\)", r"VARCHAR(\g<1>0)"), (r"^DECIMAL\(10,2\)", "DECIMAL(12,2)"))
DDL_KINDS = ("add", "drop", "modify", "change", "rename_column", "truncate", "recreate", "rename_table")


@dataclass
class Workload:
    """A case's database, its tables as they are now, and the DML generators' state."""

    db: str
    state: workload.State
    rng: random.Random
    added: int = 0
    #: Every RENAME TABLE run, old name to new, in order.
    renames: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def create(cls, db: str, names: tuple[str, ...], seed: int) -> Workload:
        tables = tuple(dataclasses.replace(t, db=db) for t in workload.TABLES if t.name in names)
        return cls(db, workload.State.over(tables), random.Random(seed))

    @property
    def tables(self) -> tuple[workload.Table, ...]:
        return self.state.tables

    def schema_sql(self) -> list[str]:
        return [f"CREATE DATABASE `{self.db}` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci",
                *(t.create() for t in self.tables)]

    def dml(self, seed: int, n: int) -> list[str]:
        return workload.make_statements(seed, n, self.state)[len(workload.SESSION_SETUP):]

    def _replace(self, old: workload.Table, new: workload.Table) -> None:
        self.state.tables = tuple(new if t is old else t for t in self.tables)
        if new.name != old.name:
            self.state.ids[new.name] = self.state.ids.pop(old.name)
            self.state.next_id[new.name] = self.state.next_id.pop(old.name)

    def ddl(self, kind: str) -> list[str]:
        """One drawn DDL statement of ``kind`` on a drawn table (none when nothing fits)."""
        table = self.rng.choice(self.tables)
        return getattr(self, f"_{kind}")(table)

    def _add(self, table: workload.Table) -> list[str]:
        ddl, gen, nullable = self.rng.choice(ADDABLE)
        self.added += 1
        name = f"x{self.added}"
        column = workload.C(name, ddl, gen, nullable=nullable or "NOT NULL" not in ddl)
        where, columns = "", [*table.columns, column]
        if self.rng.random() < 0.3 and table.columns:
            after = self.rng.choice(table.columns)
            where = f" AFTER `{after.name}`"
            columns = [*table.columns]
            columns.insert(columns.index(after) + 1, column)
        self._replace(table, dataclasses.replace(table, columns=tuple(columns)))
        return [f"ALTER TABLE {table.qname} ADD COLUMN `{name}` {ddl}{where}"]

    def _drop(self, table: workload.Table) -> list[str]:
        if len(table.data_columns) < 2:
            return []
        gone = self.rng.choice(table.data_columns)
        self._replace(table, dataclasses.replace(table, columns=tuple(c for c in table.columns if c is not gone)))
        return [f"ALTER TABLE {table.qname} DROP COLUMN `{gone.name}`"]

    def _wider(self, table: workload.Table) -> tuple[workload.Column, str] | None:
        for column in self.rng.sample(table.data_columns, len(table.data_columns)):
            for pattern, wider in WIDER:
                if re.match(pattern, column.ddl):
                    return column, re.sub(pattern, wider, column.ddl, count=1)
        return None

    def _modify(self, table: workload.Table) -> list[str]:
        found = self._wider(table)
        if found is None:
            return []
        column, ddl = found
        self._swap_column(table, column, dataclasses.replace(column, ddl=ddl))
        return [f"ALTER TABLE {table.qname} MODIFY COLUMN `{column.name}` {self._nn(column, ddl)}"]

    @staticmethod
    def _nn(column: workload.Column, ddl: str) -> str:
        return ddl + (" NOT NULL" if not column.nullable and "NOT NULL" not in ddl else "")

    def _swap_column(self, table: workload.Table, old: workload.Column, new: workload.Column) -> None:
        self._replace(table, dataclasses.replace(table, columns=tuple(new if c is old else c for c in table.columns)))

    def _change(self, table: workload.Table) -> list[str]:
        column = self.rng.choice(table.data_columns)
        self.added += 1
        new = dataclasses.replace(column, name=f"{column.name}_c{self.added}")
        self._swap_column(table, column, new)
        return [f"ALTER TABLE {table.qname} CHANGE COLUMN `{column.name}` `{new.name}` {self._nn(column, column.ddl)}"]

    def _rename_column(self, table: workload.Table) -> list[str]:
        column = self.rng.choice(table.data_columns)
        self.added += 1
        new = dataclasses.replace(column, name=f"{column.name}_r{self.added}")
        self._swap_column(table, column, new)
        return [f"ALTER TABLE {table.qname} RENAME COLUMN `{column.name}` TO `{new.name}`"]

    def _truncate(self, table: workload.Table) -> list[str]:
        self.state.ids[table.name] = []
        return [f"TRUNCATE TABLE {table.qname}"]

    def _recreate(self, table: workload.Table) -> list[str]:
        self.state.ids[table.name] = []
        return [f"DROP TABLE {table.qname}", table.create()]

    def _rename_table(self, table: workload.Table) -> list[str]:
        self.added += 1
        new = dataclasses.replace(table, name=f"{table.name.split('__')[0]}__{self.added}")
        self._replace(table, new)
        self.renames.append((table.name, new.name))
        return [f"RENAME TABLE {table.qname} TO {new.qname}"]


def session(image: str, timestamp: int) -> list[str]:
    """What every script of a case starts with."""
    return [*workload.SESSION_SETUP, f"SET SESSION binlog_row_image = '{image}'", f"SET timestamp = {timestamp}"]


def run_script(server: MariaDBServer, statements: list[str]) -> None:
    server.sql(";\n".join(s.rstrip().rstrip(";") for s in statements) + ";\n")


class OpenTransaction:
    """A client session holding an uncommitted transaction (its statements run, not yet committed)."""

    def __init__(self, server: MariaDBServer, statements: list[str]) -> None:
        self.proc = subprocess.Popen([*server._client_args(), "--unbuffered"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.proc.stdin is not None
        script = ";\n".join(["BEGIN", *statements, "SELECT 'open'"]) + ";\n"
        self.proc.stdin.write(script.encode("utf-8"))
        self.proc.stdin.flush()
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # the statements have run: the transaction is open
        if line.strip() != b"open":
            said = self.proc.stderr.read().decode() if self.proc.stderr else ""
            raise RuntimeError(f"the open transaction failed: {line!r} {said}")

    def commit(self) -> None:
        stdout, stderr = self.proc.communicate(b"COMMIT;\n", timeout=60)
        if self.proc.returncode:
            raise RuntimeError(f"COMMIT failed: {stderr.decode()}")


@dataclass
class Snapshot:
    """A consistent snapshot: its binlog position, GTID position, time, and every table's rows and checksum."""

    file: str
    pos: int
    gtid: str
    timestamp: int
    columns: dict[str, tuple[SqlColumn, ...]]
    rows: dict[str, list[tuple[str | None, ...]]]
    checksums: dict[str, str]
    keys: dict[str, str] = field(default_factory=dict)

    @property
    def position(self) -> str:
        return f"{self.file}:{self.pos}"


def load_columns(server: MariaDBServer, load: Workload) -> dict[str, tuple[SqlColumn, ...]]:
    """information_schema's columns of the case's tables (labels from their DDL, as compare.load_schema does)."""
    rows = server.query(
        "SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_TYPE, CHARACTER_SET_NAME, IS_NULLABLE, "
        "COLUMN_KEY, EXTRA, IFNULL(DATETIME_PRECISION, 0), IFNULL(NUMERIC_SCALE, 0) FROM information_schema.COLUMNS "
        f"WHERE TABLE_SCHEMA = '{load.db}' ORDER BY TABLE_NAME, ORDINAL_POSITION")
    ddl = {(t.name, c.name): c.ddl for t in load.tables for c in t.columns}
    out: dict[str, list[SqlColumn]] = {}
    for row in rows:
        table, name, pos, dtype, ctype, charset, nullable, key, _, fsp, scale = (v or "" for v in row)
        labels = compare._labels_from_ddl(ddl.get((table, name), "")) if dtype in ("enum", "set") else None
        out.setdefault(table, []).append(SqlColumn(
            table=table, name=name, position=int(pos), data_type=dtype.lower(), column_type=ctype,
            charset=charset or None, nullable=nullable == "YES", primary=key == "PRI", generated="", fsp=int(fsp),
            scale=int(scale), labels=labels))
    return {t: tuple(cols) for t, cols in out.items()}


def take_snapshot(server: MariaDBServer, load: Workload, timestamp: int) -> Snapshot:
    """A consistent snapshot of every table of the case, from a connection of its own (module docstring)."""
    columns = load_columns(server, load)
    gtid = server.gtid_binlog_pos()
    script = ["START TRANSACTION WITH CONSISTENT SNAPSHOT", "SHOW STATUS LIKE 'binlog_snapshot_%'"]
    for table in load.tables:
        exprs = ", ".join(compare.select_expr(c) for c in columns[table.name])
        script += [f"SELECT '#table {table.name}'", f"SELECT {exprs} FROM {table.qname}"]
    script += ["SELECT '#checksums'", "CHECKSUM TABLE " + ", ".join(t.qname for t in load.tables), "COMMIT"]
    out = server.sql_bytes(";\n".join(script) + ";\n")
    lines = out.split(b"\n")
    status = dict(line.decode().split("\t") for line in lines[:2])
    rows: dict[str, list[tuple[str | None, ...]]] = {}
    checksums: dict[str, str] = {}
    current: str | None = None
    for line in lines[2:]:
        text = line.decode("utf-8", "surrogateescape")
        if not line:
            continue
        if text.startswith("#table "):
            current = text[len("#table "):]
            rows[current] = []
        elif text == "#checksums":
            current = None
        elif current is not None:
            rows[current].append(tuple(None if f == b"NULL" else _unescape_batch(f).decode("utf-8", "surrogateescape")
                                       for f in line.split(b"\t")))
        else:
            name, value = text.split("\t")
            checksums[name.split(".", 1)[1]] = value
    return Snapshot(status["Binlog_snapshot_file"], int(status["Binlog_snapshot_position"]), gtid, timestamp,
                    columns, rows, checksums, {t.name: t.key for t in load.tables})


# -- comparing a state with a snapshot -------------------------------------------------------------


def _cell(col: SqlColumn, value: Any) -> Any:
    """A value as comparable with the server's text: floats by their bits, the rest as select_expr prints it."""
    if value is None:
        return None
    if col.family in ("float", "double"):
        return struct.pack("<d", value)
    return compare.render_like_select(col, value, LEVEL)


def _server_cell(col: SqlColumn, text: str | None) -> Any:
    if text is None:
        return None
    if col.family in ("float", "double"):
        return struct.pack("<d", float(text))
    return text


def differences(snapshot: Snapshot, tables: dict[str, list[dict[str, Any]]], limit: int = 12) -> list[str]:
    """What differs between the server's rows and a state's (by table, then by row key, then by column)."""
    out: list[str] = []
    if set(tables) != set(snapshot.rows):
        out.append(f"tables: server {sorted(snapshot.rows)}, state {sorted(tables)}")
    for name in sorted(set(tables) & set(snapshot.rows)):
        cols = snapshot.columns[name]
        mine = [tuple(_cell(c, row[c.name]) if c.name in row else "<absent>" for c in cols) for row in tables[name]]
        theirs = [tuple(_server_cell(c, t) for c, t in zip(cols, row, strict=True)) for row in snapshot.rows[name]]
        if sorted(mine, key=repr) == sorted(theirs, key=repr):
            continue
        key = next(i for i, c in enumerate(cols) if c.name == snapshot.keys[name])
        by_key = {r[key]: r for r in theirs}
        ours = {r[key]: r for r in mine}
        for k in sorted(set(by_key) | set(ours), key=repr):
            a, b = by_key.get(k), ours.get(k)
            if a != b:
                diff = "missing" if b is None else "extra" if a is None else {
                    c.name: (x, y) for c, x, y in zip(cols, a, b, strict=True) if x != y}
                out.append(f"{name} key {k}: server vs state {diff}"[:400])
            if len(out) >= limit:
                return out
    return out


# -- a snapshot's rows as a base (JSON lines in state --format jsonl's values) -------------------------


def _labels_value(col: SqlColumn, text: str) -> Any:
    labels = col.labels or ()
    number = int(text)
    if col.family == "enum":
        return labels[number - 1] if number else ""
    return [label for i, label in enumerate(labels) if number >> i & 1]


def _timestamp_text(col: SqlColumn, text: str) -> str:
    seconds, _, frac = text.partition(".")
    if int(seconds) == 0 and not frac.strip("0"):
        return "0000-00-00 00:00:00" + ("." + "0" * col.fsp if col.fsp else "")
    when = datetime.fromtimestamp(int(seconds), UTC) + timedelta(microseconds=int((frac or "0").ljust(6, "0")[:6]))
    return when.strftime("%Y-%m-%d %H:%M:%S") + ("." + f"{when.microsecond:06d}"[:col.fsp] if col.fsp else "")


def base_value(col: SqlColumn, text: str | None) -> Any:
    """A snapshot's text of a value as ``state --format jsonl`` writes the value (what a JSON lines base holds)."""
    if text is None:
        return None
    f = col.family
    if f in ("int", "year", "bit"):
        return int(text)
    if f in ("float", "double"):
        return float(text)
    if f in ("enum", "set"):
        return _labels_value(col, text)
    if f == "timestamp":
        return _timestamp_text(col, text)
    if f == "text":
        raw = bytes.fromhex(text)
        return _latin1(raw) if col.charset == "latin1" else raw.decode(compare._CODECS.get(col.charset or "", "utf-8"))
    if f in ("binary", "geometry", "inet6", "inet4", "uuid"):
        return text.lower()
    return text  # decimal, date, time, datetime: the same text


def _latin1(raw: bytes) -> str:
    holes = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
    return "".join(chr(b) if b in holes else bytes([b]).decode("cp1252") for b in raw)


def write_base(snapshot: Snapshot, db: str, folder: str) -> None:
    """Every table of a snapshot as ``<db>.<table>.jsonl`` in ``folder``."""
    for name, rows in snapshot.rows.items():
        cols = snapshot.columns[name]
        with open(f"{folder}/{db}.{name}.jsonl", "w", encoding="utf-8") as fh:
            for row in rows:
                values = {c.name: base_value(c, t) for c, t in zip(cols, row, strict=True)}
                fh.write(json.dumps(values, ensure_ascii=False) + "\n")
