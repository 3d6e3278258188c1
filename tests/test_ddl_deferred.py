"""A CREATE TABLE is parsed when its table is first asked for (runtime/schema/ddl/deferred.py), to the same tables.

A binlog of thousands of CREATE TABLEs whose rows touch a few parses those few; every statement applied with
``defer=True`` leaves the definitions ``defer=False`` leaves (drawn scripts of CREATE, LIKE, IF NOT EXISTS, ALTER,
RENAME, DROP, indexes and database defaults, with statements that cannot be followed), and the problems of the
deferred statements are theirs, found when their table is asked for.
"""

from __future__ import annotations

import io
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.schema.ddl import deferred, state
from binlog_ksy.runtime.schema.ddl.deferred import DeferredTable, deferrable_head
from binlog_ksy.runtime.schema.ddl.state import SchemaState
from binlog_ksy.runtime.schema.history import SchemaHistory

COLUMN_TYPES = ["INT", "INT UNSIGNED", "BIGINT", "DECIMAL(10,2)", "VARCHAR(20)", "VARCHAR(20) CHARACTER SET latin1",
                "CHAR(3) BINARY", "TEXT", "TEXT(300)", "ENUM('a','b')", "SET('x','y') COLLATE utf8mb4_bin",
                "DATETIME(3)", "JSON", "BLOB", "POINT", "INET6"]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many CREATE TABLE statements are parsed to a definition, and how many statements tokenized whole."""
    counts: Counter[str] = Counter()
    for module in (state, deferred):
        for name in ("defined_table", "tokenize"):
            real = getattr(module, name)

            def counting(*args: Any, _real: Any = real, _name: str = name) -> Any:
                counts[_name] += 1
                return _real(*args)

            monkeypatch.setattr(module, name, counting)
    return counts


def create_sql(rng: random.Random, name: str) -> str:
    """A CREATE TABLE of a few drawn columns, keys and options (now and then one that cannot be followed)."""
    columns = [f"c{i} {rng.choice(COLUMN_TYPES)}" for i in range(rng.randint(1, 6))]
    parts = ["id INT NOT NULL", *columns, "PRIMARY KEY (id)"]
    if rng.random() < 0.3:
        parts.append(f"UNIQUE KEY u ({rng.choice(['c0', 'id'])})")
    options = rng.choice(["", " ENGINE=InnoDB", " DEFAULT CHARSET=latin1", " COLLATE=utf8mb4_bin",
                          " /*!40101 DEFAULT CHARSET=utf8mb3 */"])
    broken = rng.random()
    if broken < 0.04:
        parts.append("c0 INT")  # a duplicate column
    elif broken < 0.08:
        options += " WITH SYSTEM VERSIONING"
    elif broken < 0.12:
        parts.append("PRIMARY KEY (nope)")
    elif broken < 0.16:
        parts.append("c9 INT DEFAULT (")  # does not parse
    lead = rng.choice(["CREATE TABLE", "CREATE TABLE IF NOT EXISTS", "CREATE OR REPLACE TABLE", "create table"])
    return f"{lead} {name} ({', '.join(parts)}){options}"


def statements(rng: random.Random, count: int) -> Iterator[tuple[str, str | None]]:
    """A drawn script: (statement, default database), over a few databases and tables."""
    names = [f"t{i}" for i in range(8)]
    for _ in range(count):
        db = rng.choice(["d1", "d2", None])
        table = rng.choice(names)
        name = table if db is not None and rng.random() < 0.5 else f"{rng.choice(['d1', 'd2'])}.{table}"
        other = f"{rng.choice(['d1', 'd2'])}.{rng.choice(names)}"
        pick = rng.random()
        if pick < 0.45:
            yield create_sql(rng, name), db
        else:
            yield rng.choice([
                f"CREATE TABLE {name} LIKE {other}", f"CREATE TABLE IF NOT EXISTS {name} (LIKE {other})",
                f"ALTER TABLE {name} ADD COLUMN extra VARCHAR(5)",
                f"ALTER TABLE {name} CONVERT TO CHARACTER SET latin1",
                f"RENAME TABLE {name} TO {other}", f"DROP TABLE IF EXISTS {name}", f"DROP TABLE {name}, {other}",
                f"CREATE UNIQUE INDEX ix ON {name} (id)", f"DROP INDEX u ON {name}",
                "ALTER DATABASE d1 CHARACTER SET latin1", "ALTER DATABASE d2 COLLATE utf8mb4_bin",
                "CREATE DATABASE IF NOT EXISTS d1", "CREATE DATABASE IF NOT EXISTS d2 CHARACTER SET utf8mb3",
                "CREATE OR REPLACE DATABASE d2", "DROP DATABASE d1", "USE d2",
                f"CREATE TEMPORARY TABLE {name} (x INT)",
            ]), db


@pytest.mark.parametrize("seed", range(40))
def test_deferred_creates_leave_the_tables_applying_them_at_once_leaves(seed: int) -> None:
    rng = random.Random(seed)
    eager, lazy = SchemaState(), SchemaState()
    eager_problems: dict[object, str | None] = {}
    late: list[tuple[object, str]] = []
    for i, (sql, db) in enumerate(statements(rng, 120)):
        server, database = rng.choice([None, 8, 45]), rng.choice([None, 33, 63])
        deferrable = deferrable_head(sql, db if db is not None else lazy.database) is not None
        want = eager.apply(sql, db, collation_server=server, collation_database=database)
        got = lazy.apply(sql, db, collation_server=server, collation_database=database, defer=True, origin=i)
        assert lazy.database == eager.database and lazy.database_charsets == eager.database_charsets, sql
        eager_problems[i] = want.problem
        if deferrable:  # its problem, if any, comes when its table is asked for
            assert got.problem is None and got.is_ddl and got.handled, sql
        else:
            assert got.problem == want.problem, (sql, got, want)
        late += [(d.origin, problem) for d, problem in lazy.take_problems()]
        if rng.random() < 0.2:  # a row of some table: its definition asked for
            key = (rng.choice(["d1", "d2"]), f"t{rng.randrange(8)}")
            assert lazy.table(*key) == eager.table(*key), key
            late += [(d.origin, problem) for d, problem in lazy.take_problems()]
    assert lazy.tables == eager.tables
    late += [(d.origin, problem) for d, problem in lazy.take_problems()]
    assert len({origin for origin, _ in late}) == len(late)  # a statement's problem once
    for origin, problem in late:
        assert eager_problems[origin] == problem, origin


def test_only_the_tables_asked_for_are_parsed(parses: Counter[str]) -> None:
    rng = random.Random(7)
    lazy = SchemaState()
    sqls = [create_sql(rng, f"t{i}").replace(" WITH SYSTEM VERSIONING", "") for i in range(300)]
    for sql in sqls:
        assert lazy.apply(sql, "shop", collation_server=45, defer=True).problem is None
    assert parses == Counter()  # none parsed, none tokenized whole
    asked = lazy.table("shop", "t123")
    assert parses == Counter({"defined_table": 1, "tokenize": 1})
    eager = SchemaState()
    for sql in sqls:
        eager.apply(sql, "shop", collation_server=45)
    assert asked == eager.table("shop", "t123")
    assert lazy.tables == eager.tables  # every table the same once parsed


def test_a_deferred_table_takes_its_database_defaults_of_when_it_was_created() -> None:
    lazy, eager = SchemaState(), SchemaState()
    script = ["CREATE DATABASE d CHARACTER SET utf8mb4", "CREATE TABLE d.t (a VARCHAR(10), b TEXT(100))",
              "ALTER DATABASE d CHARACTER SET latin1", "CREATE TABLE d.u (a VARCHAR(10))"]
    for sql in script:
        eager.apply(sql, None, collation_server=8)
        lazy.apply(sql, None, collation_server=8, defer=True)
    assert type(lazy._tables[("d", "t")]) is DeferredTable
    t, u = lazy.table("d", "t"), lazy.table("d", "u")
    assert t is not None and u is not None
    assert [c.charset for c in t.columns] == ["utf8mb4", "utf8mb4"] and u.columns[0].charset == "latin1"
    assert (t, u) == (eager.table("d", "t"), eager.table("d", "u"))


def test_a_drop_parses_nothing_and_an_alter_or_rename_parses_its_table(parses: Counter[str]) -> None:
    lazy = SchemaState()
    for name in ("a", "b", "c"):
        lazy.apply(f"CREATE TABLE {name} (id INT PRIMARY KEY, v VARCHAR(5))", "d", defer=True)
    lazy.apply("DROP TABLE a", "d", defer=True)
    assert parses["defined_table"] == 0
    lazy.apply("RENAME TABLE b TO b2", "d", defer=True)
    lazy.apply("ALTER TABLE c ADD w INT", "d", defer=True)
    assert parses["defined_table"] == 2
    b2, c = lazy.table("d", "b2"), lazy.table("d", "c")
    assert b2 is not None and b2.table == "b2" and c is not None and c.column_names == ("id", "v", "w")
    assert set(lazy.tables) == {("d", "b2"), ("d", "c")}


def test_a_deferred_statement_that_cannot_be_followed_is_a_problem_when_its_table_is_asked_for() -> None:
    lazy = SchemaState()
    assert lazy.apply("CREATE TABLE sv (id INT) WITH SYSTEM VERSIONING", "d", defer=True, origin="here").problem is None
    assert lazy.apply("CREATE TABLE never (id INT, id INT)", "d", defer=True, origin="there").problem is None
    lazy.apply("DROP TABLE never", "d", defer=True)  # dropped before anything asked for it: no problem
    assert lazy.take_problems() == []
    out = lazy.apply("ALTER TABLE sv ADD x INT", "d", defer=True)  # the CREATE's problem, then the ALTER's
    assert out.problem is not None and "unknown table" in out.problem
    ((statement, problem),) = lazy.take_problems()
    assert statement.origin == "here" and "system-versioned" in problem and lazy.table("d", "sv") is None


def test_a_history_with_deferred_tables_pickles_and_copies_to_the_same_tables() -> None:
    history = SchemaHistory(defer_creates=True)
    for i in range(20):
        history.state.apply(f"CREATE TABLE t{i} (id INT PRIMARY KEY, v{i} VARCHAR(5))", "d", defer=True)
    again = pickle.loads(pickle.dumps(history))
    other = history.copy()
    assert type(again.state._tables[("d", "t3")]) is DeferredTable and other.defer_creates
    assert again.state.tables == history.state.tables == other.state.tables
    assert len(history.state.tables) == 20


def test_a_replay_defers_its_creates_and_warns_of_none(parses: Counter[str]) -> None:
    from binlog_ksy.runtime.schema.history import DdlStatement

    statements = [DdlStatement(0, 4 + i, f"CREATE TABLE t{i} (id INT PRIMARY KEY)", "d") for i in range(50)]
    statements.append(DdlStatement(0, 100, "CREATE TABLE sv (id INT) WITH SYSTEM VERSIONING", "d"))
    history = SchemaHistory()  # follows at once; replays deferred (a replayed statement's problem is not its own)
    history.replay(statements, (1, 0))
    assert parses["defined_table"] == 0
    t7 = history.table("d", "t7")
    assert t7 is not None and t7.column_names == ("id",) and history.table("d", "sv") is None
    assert parses["defined_table"] == 2 and history.take_warnings() == []


# ----------------------------------------------------------------- a binlog read by the CLI


def _binlog_of_many_tables(path: Path, tables: int, used: int) -> None:
    """CREATE TABLE statements of ``tables`` tables (MINIMAL metadata: names only from the history), rows of
    table ``used``, and two tables whose CREATE cannot be followed: one with rows, one without."""
    from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, row_image

    types, metas = [3, 15], [0, 160]  # INT, VARCHAR(40) utf8mb4
    builder = BinlogBuilder.new("10.11.9", "mariadb", timestamp=1_700_000_000)
    builder.query("CREATE DATABASE shop CHARACTER SET utf8mb4", schema="shop")
    for n in range(tables):
        builder.query(f"CREATE TABLE t{n} (id INT PRIMARY KEY, name{n} VARCHAR(40))", schema="shop")
    builder.query("CREATE TABLE sv (id INT PRIMARY KEY, x VARCHAR(40)) WITH SYSTEM VERSIONING", schema="shop")
    builder.query("CREATE TABLE quiet (id INT PRIMARY KEY, x VARCHAR(40)) WITH SYSTEM VERSIONING", schema="shop")
    for number, (table_id, table) in enumerate([(100, f"t{used}"), (101, "sv")]):
        builder.gtid(None, number + 1)
        builder.table_map(table_id, "shop", table, types, column_metadata(types, metas), bitmap([1, 1]))
        builder.rows("write", table_id, 2, bitmap([1, 1]), row_image(types, [number, "x"], metadata=metas), flags=1)
        builder.xid(number + 1)
    builder.save(path)


def test_rows_of_one_table_of_many_parse_its_create_table_only(tmp_path: Path, parses: Counter[str],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from binlog_ksy import cli
    from binlog_ksy.runtime.reader import BinlogReader

    path = tmp_path / "binlog.000001"
    _binlog_of_many_tables(path, tables=500, used=321)
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["rows", "--format", "jsonl", str(path)]) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["table"], sorted(r["after"])) for r in rows] == [("t321", ["id", "name321"]), ("sv", ["@1", "@2"])]
    assert parses["defined_table"] == 2  # t321 and sv, of 502 tables
    warnings = [line for line in capsys.readouterr().err.splitlines() if "DDL not followed" in line]
    sv_at = next(e.pos for e in BinlogReader(str(path)) if b"TABLE sv" in e.raw)
    assert len(warnings) == 1 and "sv" in warnings[0] and str(sv_at) in warnings[0]  # not `quiet`: never read
