"""SchemaState follows CREATE/ALTER/RENAME/DROP TABLE, CREATE/DROP DATABASE and USE (runtime/schema/ddl/)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from binlog_ksy.runtime.schema.ddl.model import ColumnDef, DdlOutcome, TableDef
from binlog_ksy.runtime.schema.ddl.state import SchemaState
from binlog_ksy.runtime.schema.ddl.tokens import split_statements


def state_with(*sql: str, db: str = "d") -> SchemaState:
    s = SchemaState()
    for stmt in sql:
        out = s.apply(stmt, db)
        assert out.problem is None, (stmt, out)
    return s


def names(s: SchemaState, table: str, db: str = "d") -> tuple[str, ...]:
    t = s.table(db, table)
    assert t is not None
    return tuple(c.name for c in t.columns)


def col(s: SchemaState, table: str, name: str, db: str = "d") -> ColumnDef:
    t = s.table(db, table)
    assert t is not None
    for c in t.columns:
        if c.name == name:
            return c
    raise AssertionError(name)


BASE = "CREATE TABLE t (a INT NOT NULL, b VARCHAR(10), c DATE, PRIMARY KEY (a))"


# ----------------------------------------------------------------- CREATE TABLE


def test_create_table_columns_and_types() -> None:
    s = SchemaState()
    out = s.apply(
        "CREATE TABLE `d`.`t` (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, v VARCHAR(32) NOT NULL DEFAULT '', "
        "n DECIMAL(12,4) DEFAULT '0.0000', f FLOAT, db DOUBLE(8,2), b BIT(3), y YEAR(4), dt DATE, "
        "ti TIME(6), ts TIMESTAMP NULL DEFAULT NULL, j JSON, g GEOMETRY, p POINT NOT NULL, bl BLOB, "
        "bi BINARY(4), vb VARBINARY(9), mt MEDIUMTEXT, PRIMARY KEY (id))"
    )
    assert out == DdlOutcome(handled=True, is_ddl=True, changed=(("d", "t"),))
    t = s.table("d", "t")
    assert t is not None
    assert [c.name for c in t.columns] == [
        "id", "v", "n", "f", "db", "b", "y", "dt", "ti", "ts", "j", "g", "p", "bl", "bi", "vb", "mt",
    ]  # fmt: skip
    assert [c.data_type for c in t.columns] == [
        "bigint", "varchar", "decimal", "float", "double", "bit", "year", "date", "time", "timestamp", "json",
        "geometry", "point", "blob", "binary", "varbinary", "mediumtext",
    ]  # fmt: skip
    assert t.columns[0] == ColumnDef("id", "bigint", unsigned=True, nullable=False, primary_key=True)
    assert t.columns[1].length == 32 and not t.columns[1].nullable
    assert (t.columns[2].precision, t.columns[2].scale) == (12, 4)
    assert (t.columns[3].precision, t.columns[3].scale) == (None, None)
    assert (t.columns[4].precision, t.columns[4].scale) == (8, 2)
    assert t.columns[5].length == 3
    assert t.columns[8].fsp == 6 and t.columns[9].fsp == 0 and t.columns[9].nullable
    assert t.columns[13].charset == "binary" and t.columns[14].charset == "binary" and t.columns[14].length == 4
    assert t.columns[15].length == 9
    assert t.primary_key == ("id",)


def test_decimal_defaults_and_fsp_defaults() -> None:
    s = state_with("CREATE TABLE t (a DECIMAL, b DECIMAL(7), c NUMERIC(5,2), d DATETIME, e TIME(3), f TIMESTAMP(2))")
    assert (col(s, "t", "a").precision, col(s, "t", "a").scale) == (10, 0)
    assert (col(s, "t", "b").precision, col(s, "t", "b").scale) == (7, 0)
    assert (col(s, "t", "c").precision, col(s, "t", "c").scale) == (5, 2)
    assert [col(s, "t", n).fsp for n in "def"] == [0, 3, 2]
    assert col(s, "t", "a").fsp is None


def test_unsigned_zerofill_signed() -> None:
    s = state_with(
        "CREATE TABLE t (a INT(10) UNSIGNED ZEROFILL, b TINYINT(3) ZEROFILL, c SMALLINT SIGNED, "
        "d MEDIUMINT UNSIGNED, e DECIMAL(5,1) UNSIGNED, f INT)"
    )
    assert [col(s, "t", n).unsigned for n in "abcdef"] == [True, True, False, True, True, False]


def test_type_synonyms() -> None:
    s = state_with(
        "CREATE TABLE t (a BOOL, b BOOLEAN, c INTEGER, d NUMERIC(4,1), e DEC(3), f FIXED(6,2), g REAL, "
        "h CHARACTER VARYING(7), i NVARCHAR(8), j NCHAR(2), k DOUBLE PRECISION, l INT1, m INT8, n MIDDLEINT, "
        "o CHAR VARYING(3), p NATIONAL CHARACTER(4), q NATIONAL VARCHAR(5), r FLOAT(30), s FLOAT(10), "
        "t SERIAL, u LONG VARBINARY, v CHARACTER(5))"
    )
    t = s.table("d", "t")
    assert t is not None
    assert {c.name: c.data_type for c in t.columns} == {
        "a": "tinyint", "b": "tinyint", "c": "int", "d": "decimal", "e": "decimal", "f": "decimal", "g": "double",
        "h": "varchar", "i": "varchar", "j": "char", "k": "double", "l": "tinyint", "m": "bigint",
        "n": "mediumint", "o": "varchar", "p": "char", "q": "varchar", "r": "double", "s": "float", "t": "bigint",
        "u": "mediumblob", "v": "char",
    }  # fmt: skip
    assert col(s, "t", "h").length == 7 and col(s, "t", "i").length == 8 and col(s, "t", "j").length == 2
    assert col(s, "t", "i").charset == "utf8mb3" and col(s, "t", "p").charset == "utf8mb3"
    assert (col(s, "t", "e").precision, col(s, "t", "e").scale) == (3, 0)
    serial = col(s, "t", "t")
    assert serial.unsigned and not serial.nullable


def test_enum_set_labels_with_quotes_and_commas() -> None:
    s = state_with(
        "CREATE TABLE t (e ENUM('a,b', 'it''s', 'back\\'slash', 'x\"y', '', 'p' 'q') NOT NULL, "
        "s SET('one','two,three','(paren)') DEFAULT 'one')"
    )
    assert col(s, "t", "e").values == ("a,b", "it's", "back'slash", 'x"y', "", "pq")
    assert col(s, "t", "s").values == ("one", "two,three", "(paren)")
    assert col(s, "t", "e").data_type == "enum" and not col(s, "t", "e").nullable
    assert col(s, "t", "s").data_type == "set"


def test_primary_key_inline_and_multi_column_constraint() -> None:
    s = state_with(
        "CREATE TABLE a (id INT PRIMARY KEY, x INT)",
        "CREATE TABLE b (k1 INT, x INT, k2 VARCHAR(5), CONSTRAINT pk PRIMARY KEY USING BTREE (k1, k2(3) DESC))",
        "CREATE TABLE c (id INT KEY, x INT UNIQUE KEY)",
        "CREATE TABLE e (x INT, UNIQUE KEY u (x), KEY k (x), INDEX i (x), FULLTEXT KEY f (x))",
    )
    assert s.table("d", "a").primary_key == ("id",)  # type: ignore[union-attr]
    assert not col(s, "a", "id").nullable
    assert s.table("d", "b").primary_key == ("k1", "k2")  # type: ignore[union-attr]
    assert not col(s, "b", "k1").nullable and not col(s, "b", "k2").nullable and col(s, "b", "x").nullable
    assert s.table("d", "c").primary_key == ("id",)  # type: ignore[union-attr]
    assert s.table("d", "e").primary_key == ()  # type: ignore[union-attr]


def test_every_column_attribute_and_constraint() -> None:
    s = state_with(
        "CREATE TABLE t ("
        " id INT NOT NULL AUTO_INCREMENT COMMENT 'the id',"
        " u DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),"
        " m TIMESTAMP DEFAULT now() ON UPDATE now(),"
        " g INT GENERATED ALWAYS AS (id * 2) VIRTUAL,"
        " h VARCHAR(20) AS (concat(id, ',', 'x')) STORED NOT NULL,"
        " p INT AS (id + 1) PERSISTENT,"
        " inv INT INVISIBLE,"
        " n INT DEFAULT -1 CHECK (n > -5),"
        " b BIT(1) DEFAULT b'0',"
        " x VARBINARY(4) DEFAULT x'0A0B',"
        " z DECIMAL(4,2) DEFAULT (1 + 2) COLUMN_FORMAT FIXED STORAGE DISK,"
        " r INT REFERENCES o (id) ON DELETE SET NULL ON UPDATE CASCADE,"
        " c VARCHAR(5) CONSTRAINT chk CHECK (c <> ''),"
        " s VARCHAR(5) DEFAULT _utf8mb4'abc' COLLATE utf8mb4_bin,"
        " PRIMARY KEY (id),"
        " UNIQUE KEY uq (h),"
        " CONSTRAINT fk FOREIGN KEY (r) REFERENCES o (id) ON DELETE CASCADE,"
        " CONSTRAINT ck CHECK (n < 10),"
        " CHECK (id > 0)"
        ") ENGINE=InnoDB"
    )
    assert names(s, "t") == ("id", "u", "m", "g", "h", "p", "inv", "n", "b", "x", "z", "r", "c", "s")
    assert not col(s, "t", "u").nullable and col(s, "t", "u").fsp == 3
    assert not col(s, "t", "h").nullable and col(s, "t", "h").length == 20
    assert col(s, "t", "s").collation == "utf8mb4_bin" and col(s, "t", "s").charset == "utf8mb4"
    assert s.table("d", "t").primary_key == ("id",)  # type: ignore[union-attr]


def test_if_not_exists_keeps_existing() -> None:
    s = state_with(BASE)
    out = s.apply("CREATE TABLE IF NOT EXISTS t (z INT)", "d")
    assert out == DdlOutcome(handled=True, is_ddl=True, changed=())
    assert names(s, "t") == ("a", "b", "c")
    s.apply("CREATE TABLE IF NOT EXISTS t2 (z INT)", "d")
    assert names(s, "t2") == ("z",)


def test_create_or_replace_replaces() -> None:
    s = state_with(BASE, "CREATE OR REPLACE TABLE t (z INT)")
    assert names(s, "t") == ("z",)


def test_create_like() -> None:
    s = state_with(BASE, "CREATE TABLE t2 LIKE t", "CREATE TABLE e.t3 (LIKE d.t)")
    t2 = s.table("d", "t2")
    assert t2 is not None and t2.columns == s.table("d", "t").columns  # type: ignore[union-attr]
    assert (t2.schema, t2.table) == ("d", "t2")
    assert names(s, "t3", "e") == ("a", "b", "c")
    out = s.apply("CREATE TABLE t4 LIKE nowhere", "d")
    assert out.problem is not None and "unknown table" in out.problem
    assert s.table("d", "t4") is None


def test_create_select_without_columns_is_unknown() -> None:
    s = state_with(BASE)
    for sql in ("CREATE TABLE c1 SELECT * FROM t", "CREATE TABLE c1 AS SELECT a, b FROM t"):
        out = s.apply(sql, "d")
        assert out.is_ddl and not out.handled and out.problem is not None
        assert s.table("d", "c1") is None


def test_create_select_with_explicit_columns() -> None:
    s = state_with(BASE)
    out = s.apply("CREATE TABLE c2 (a INT NOT NULL, b VARCHAR(10)) ENGINE=InnoDB SELECT a, b FROM t", "d")
    assert out.problem is None and out.changed == (("d", "c2"),)
    assert names(s, "c2") == ("a", "b") and not col(s, "c2", "a").nullable
    s.apply("CREATE TABLE c3 (x INT) IGNORE SELECT a AS x FROM t UNION SELECT 1", "d")
    assert names(s, "c3") == ("x",)
    # The SELECT adds a column whose type only the server knows: never guessed.
    out = s.apply("CREATE TABLE c4 (x INT) SELECT a, b FROM t", "d")
    assert out.problem is not None and s.table("d", "c4") is None
    out = s.apply("CREATE TABLE c5 (x INT) AS SELECT * FROM t", "d")
    assert out.problem is not None and s.table("d", "c5") is None


def test_create_temporary_ignored() -> None:
    s = state_with(BASE)
    out = s.apply("CREATE TEMPORARY TABLE t (z INT)", "d")
    assert out == DdlOutcome(handled=True, is_ddl=False)
    assert s.apply("DROP TEMPORARY TABLE t", "d") == DdlOutcome(handled=True, is_ddl=False)
    assert s.apply("DROP /*!40005 TEMPORARY */ TABLE IF EXISTS t", "d").is_ddl is False
    assert names(s, "t") == ("a", "b", "c")


def test_qualified_and_quoted_names() -> None:
    s = state_with("CREATE TABLE `my db`.`we``ird` (`col``1` INT, `select` INT)")
    assert names(s, "we`ird", "my db") == ("col`1", "select")
    s.apply("ALTER TABLE `my db`.`we``ird` DROP COLUMN `col``1`")
    assert names(s, "we`ird", "my db") == ("select",)


def test_table_names_case_sensitive_columns_not() -> None:
    s = state_with("CREATE TABLE T (A INT, b INT)", "CREATE TABLE t (x INT)")
    assert names(s, "T") == ("A", "b") and names(s, "t") == ("x",)
    s.apply("ALTER TABLE T DROP COLUMN a, MODIFY B BIGINT", "d")
    assert names(s, "T") == ("B",) and col(s, "T", "B").data_type == "bigint"


# ----------------------------------------------------------------- ALTER TABLE


def test_alter_add_first_after_and_end() -> None:
    s = state_with(BASE, "ALTER TABLE t ADD COLUMN x INT FIRST, ADD y TEXT AFTER a, ADD z BIGINT")
    assert names(s, "t") == ("x", "a", "y", "b", "c", "z")
    assert col(s, "t", "y").data_type == "text" and col(s, "t", "z").data_type == "bigint"


def test_alter_add_multiple_in_parentheses() -> None:
    s = state_with(
        BASE, "ALTER TABLE t DROP PRIMARY KEY, ADD COLUMN (x INT NOT NULL, y VARCHAR(3) DEFAULT 'a,b', PRIMARY KEY (x))"
    )
    assert names(s, "t") == ("a", "b", "c", "x", "y")
    assert col(s, "t", "y").length == 3 and not col(s, "t", "x").nullable
    assert s.table("d", "t").primary_key == ("x",)  # type: ignore[union-attr]
    s.apply("ALTER TABLE t ADD (w INT)", "d")
    assert names(s, "t")[-1] == "w"


def test_alter_add_if_not_exists() -> None:
    s = state_with(BASE, "ALTER TABLE t ADD COLUMN IF NOT EXISTS a BIGINT, ADD COLUMN IF NOT EXISTS q INT")
    assert names(s, "t") == ("a", "b", "c", "q") and col(s, "t", "a").data_type == "int"


def test_alter_drop() -> None:
    s = state_with(BASE, "ALTER TABLE t DROP COLUMN b, DROP COLUMN IF EXISTS nope")
    assert names(s, "t") == ("a", "c")
    s.apply("ALTER TABLE t DROP c", "d")
    assert names(s, "t") == ("a",)


def test_alter_change_rename_type_position() -> None:
    s = state_with(BASE, "ALTER TABLE t CHANGE COLUMN c when_ DATETIME(6) NOT NULL FIRST")
    assert names(s, "t") == ("when_", "a", "b")
    w = col(s, "t", "when_")
    assert (w.data_type, w.fsp, w.nullable) == ("datetime", 6, False)
    s.apply("ALTER TABLE t CHANGE b bb VARCHAR(99) AFTER when_", "d")
    assert names(s, "t") == ("when_", "bb", "a") and col(s, "t", "bb").length == 99
    s.apply("ALTER TABLE t CHANGE IF EXISTS nope x INT, CHANGE a a BIGINT UNSIGNED", "d")
    assert col(s, "t", "a").data_type == "bigint" and col(s, "t", "a").unsigned
    assert col(s, "t", "a").primary_key and not col(s, "t", "a").nullable  # still the primary key


def test_alter_change_swap_refers_to_old_names() -> None:
    s = state_with(BASE, "ALTER TABLE t CHANGE b c VARCHAR(1), CHANGE c b DATE")
    assert names(s, "t") == ("a", "c", "b")
    assert col(s, "t", "c").data_type == "varchar" and col(s, "t", "b").data_type == "date"


def test_alter_modify_with_position() -> None:
    s = state_with(BASE, "ALTER TABLE t MODIFY COLUMN c TIMESTAMP(3) NULL FIRST")
    assert names(s, "t") == ("c", "a", "b") and col(s, "t", "c").data_type == "timestamp"
    s.apply("ALTER TABLE t MODIFY c DATE AFTER b", "d")
    assert names(s, "t") == ("a", "b", "c") and col(s, "t", "c").data_type == "date"
    s.apply("ALTER TABLE t MODIFY b VARCHAR(200) CHARACTER SET latin1", "d")
    assert col(s, "t", "b").length == 200 and col(s, "t", "b").charset == "latin1"


def test_alter_rename_column() -> None:
    s = state_with(BASE, "ALTER TABLE t RENAME COLUMN b TO bee")
    assert names(s, "t") == ("a", "bee", "c") and col(s, "t", "bee").length == 10


def test_alter_rename_table_same_and_other_database() -> None:
    s = state_with(BASE)
    out = s.apply("ALTER TABLE t RENAME TO t2", "d")
    assert out.changed == (("d", "t"), ("d", "t2"))
    assert s.table("d", "t") is None and names(s, "t2") == ("a", "b", "c")
    s.apply("ALTER TABLE d.t2 ADD x INT, RENAME AS other.t3", "d")
    t3 = s.table("other", "t3")
    assert t3 is not None and (t3.schema, t3.table) == ("other", "t3") and names(s, "t3", "other")[-1] == "x"
    s.apply("ALTER TABLE other.t3 RENAME other.t4", "d")
    assert s.table("other", "t4") is not None


def test_alter_primary_key_add_drop() -> None:
    s = state_with(BASE, "ALTER TABLE t DROP PRIMARY KEY")
    assert s.table("d", "t").primary_key == ()  # type: ignore[union-attr]
    assert not col(s, "t", "a").nullable  # NOT NULL stays
    s.apply("ALTER TABLE t ADD PRIMARY KEY (b, c)", "d")
    assert s.table("d", "t").primary_key == ("b", "c")  # type: ignore[union-attr]
    assert not col(s, "t", "b").nullable
    s.apply("ALTER TABLE t DROP PRIMARY KEY, ADD CONSTRAINT pk PRIMARY KEY (a)", "d")
    assert s.table("d", "t").primary_key == ("a",)  # type: ignore[union-attr]


def test_alter_actions_that_keep_columns() -> None:
    s = state_with(BASE)
    before = s.table("d", "t")
    for sql in (
        "ALTER TABLE t ADD INDEX i (b), ADD KEY k (c), ADD UNIQUE u (b), ADD UNIQUE KEY u2 (c)",
        "ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES o (id) ON DELETE CASCADE",
        "ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES o (id), ADD CHECK (a > 0), ADD FULLTEXT INDEX f (b)",
        "ALTER TABLE t DROP INDEX i, DROP KEY k, DROP FOREIGN KEY fk, DROP CHECK c1, DROP CONSTRAINT u",
        "ALTER TABLE t ALTER COLUMN b SET DEFAULT 'x', ALTER c DROP DEFAULT, ALTER INDEX u INVISIBLE",
        "ALTER TABLE t ENGINE=InnoDB, ROW_FORMAT=DYNAMIC, COMMENT='hi, there', AUTO_INCREMENT=10",
        "ALTER TABLE t ENGINE = InnoDB ROW_FORMAT = COMPRESSED KEY_BLOCK_SIZE = 8",
        "ALTER TABLE t ALGORITHM=INPLACE, LOCK=NONE, FORCE",
        "ALTER ONLINE IGNORE TABLE t FORCE",
        "ALTER TABLE t RENAME INDEX i TO j, RENAME KEY k TO l",
        "ALTER TABLE t ORDER BY b, c",
        "ALTER TABLE t PARTITION BY HASH(a) PARTITIONS 4",
        "ALTER TABLE t DROP PARTITION p1, p2",
        "ALTER TABLE t ADD PARTITION (PARTITION p3 VALUES LESS THAN (30))",
        "ALTER TABLE t REMOVE PARTITIONING",
        "ALTER TABLE t COALESCE PARTITION 2",
        "/*!40000 ALTER TABLE `t` DISABLE KEYS */",
        "ALTER TABLE t ENABLE KEYS",
        "ALTER TABLE t WAIT 5 ENGINE=InnoDB",
        "ALTER TABLE t",
    ):
        out = s.apply(sql, "d")
        assert out == DdlOutcome(handled=True, is_ddl=True, changed=()), (sql, out)
    after = s.table("d", "t")
    assert after is not None and before is not None
    assert replace(after, indexes=()) == replace(before, indexes=())
    assert [i.name for i in after.indexes] == ["u2", "f"]  # the indexes added and not dropped


def test_alter_unknown_table() -> None:
    s = state_with(BASE)
    out = s.apply("ALTER TABLE nope ADD x INT", "d")
    assert out.problem is not None and "unknown table" in out.problem
    assert not out.handled and out.is_ddl and out.changed == ()
    assert set(s.tables) == {("d", "t")}


def test_unparseable_alter_forgets_table() -> None:
    s = state_with(BASE, "CREATE TABLE keep (x INT)")
    out = s.apply("ALTER TABLE t FROBNICATE COLUMN a", "d")
    assert out.is_ddl and not out.handled and out.problem is not None
    assert out.changed == (("d", "t"),)
    assert s.table("d", "t") is None and s.table("d", "keep") is not None
    s2 = state_with(BASE)
    out = s2.apply("ALTER TABLE t DROP COLUMN nope", "d")  # the server would have refused: our state is wrong
    assert out.problem is not None and s2.table("d", "t") is None
    s3 = state_with(BASE)
    assert s3.apply("ALTER TABLE t ADD x INT AFTER nope", "d").problem is not None
    assert s3.table("d", "t") is None
    # Known again after the next CREATE.
    s3.apply("CREATE TABLE t (q INT)", "d")
    assert names(s3, "t") == ("q",)


def test_system_versioning_makes_columns_unknown() -> None:
    s = state_with(BASE)
    assert s.apply("ALTER TABLE t ADD SYSTEM VERSIONING", "d").problem is not None
    assert s.table("d", "t") is None
    assert s.apply("CREATE TABLE v (x INT) WITH SYSTEM VERSIONING", "d").problem is not None
    assert s.table("d", "v") is None


# ----------------------------------------------------------------- RENAME / DROP / databases


def test_rename_table_multi_and_cross_database() -> None:
    s = state_with("CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)", "CREATE TABLE c (z INT)")
    out = s.apply("RENAME TABLE a TO tmp, b TO a, tmp TO b, d.c TO e.c2", "d")
    assert out.problem is None
    assert names(s, "a") == ("y",) and names(s, "b") == ("x",) and names(s, "c2", "e") == ("z",)
    assert s.table("d", "c") is None and s.table("d", "tmp") is None
    assert s.table("e", "c2").schema == "e"  # type: ignore[union-attr]
    assert ("e", "c2") in out.changed and ("d", "c") in out.changed


def test_rename_unknown_table_reports() -> None:
    s = state_with("CREATE TABLE a (x INT)", "CREATE TABLE stale (q INT)")
    out = s.apply("RENAME TABLE nope TO stale, a TO a2", "d")
    assert out.problem is not None and "nope" in out.problem
    assert s.table("d", "stale") is None and names(s, "a2") == ("x",)


def test_drop_table() -> None:
    s = state_with("CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)", "CREATE TABLE e.c (z INT)")
    out = s.apply("DROP TABLE IF EXISTS `a` /* generated by server */", "d")
    assert out == DdlOutcome(handled=True, is_ddl=True, changed=(("d", "a"),))
    out = s.apply("DROP TABLE b, e.c, nope;", "d")
    assert out.changed == (("d", "b"), ("e", "c")) and s.tables == {}


def test_drop_database_removes_its_tables() -> None:
    s = state_with(
        "CREATE DATABASE x", "CREATE TABLE x.a (i INT)", "CREATE TABLE x.b (i INT)", "CREATE TABLE y (i INT)"
    )
    out = s.apply("DROP DATABASE x", None)
    assert set(out.changed) == {("x", "a"), ("x", "b")}
    assert set(s.tables) == {("d", "y")}
    assert s.apply("DROP SCHEMA IF EXISTS nothing").is_ddl


def test_use_and_unqualified_names() -> None:
    s = SchemaState()
    assert s.apply("USE `shop`") == DdlOutcome(handled=True, is_ddl=True)
    assert s.database == "shop"
    s.apply("CREATE TABLE items (id INT)")
    assert s.table("shop", "items") is not None
    s.apply("CREATE TABLE items (id2 INT)", "other")  # an explicit default database wins
    assert names(s, "items", "other") == ("id2",)
    out = SchemaState().apply("CREATE TABLE t (a INT)")
    assert out.problem is not None and "no database" in out.problem


# ----------------------------------------------------------------- character sets


def test_charset_column_table_database_collate() -> None:
    s = state_with(
        "CREATE DATABASE dbl CHARACTER SET latin1",
        "CREATE TABLE dbl.a (c1 CHAR(3), c2 VARCHAR(5) CHARSET utf8mb4, c3 TEXT COLLATE utf16_bin, i INT, "
        "b BLOB, e ENUM('x'))",
        "CREATE TABLE dbl.b (c1 VARCHAR(3), c2 VARCHAR(3) CHARACTER SET ascii) DEFAULT CHARSET=utf8mb4 "
        "COLLATE=utf8mb4_unicode_ci",
        "CREATE TABLE dbl.c (c1 VARCHAR(3)) COLLATE utf8mb3_bin",
        "CREATE TABLE nodb (c1 VARCHAR(3))",
    )
    assert s.database_charsets == {"dbl": "latin1"}
    a = s.table("dbl", "a")
    assert a is not None
    assert [(c.charset, c.collation) for c in a.columns] == [
        ("latin1", None), ("utf8mb4", None), ("utf16", "utf16_bin"), (None, None), ("binary", None), ("latin1", None),
    ]  # fmt: skip
    b = s.table("dbl", "b")
    assert b is not None and (b.charset, b.collation) == ("utf8mb4", "utf8mb4_unicode_ci")
    assert (b.columns[0].charset, b.columns[0].collation) == ("utf8mb4", "utf8mb4_unicode_ci")
    assert (b.columns[1].charset, b.columns[1].collation) == ("ascii", None)
    c = s.table("dbl", "c")
    assert c is not None and (c.charset, c.columns[0].charset, c.columns[0].collation) == (
        "utf8mb3", "utf8mb3", "utf8mb3_bin",
    )  # fmt: skip
    assert col(s, "nodb", "c1").charset is None


def test_database_collate_only_and_alter_database() -> None:
    s = state_with("CREATE SCHEMA IF NOT EXISTS x DEFAULT COLLATE utf8mb4_bin")
    assert s.database_charsets == {"x": "utf8mb4"}
    s.apply("ALTER DATABASE x CHARACTER SET = latin2")
    assert s.database_charsets == {"x": "latin2"}
    s.apply("CREATE TABLE x.t (v VARCHAR(2))")
    assert col(s, "t", "v", "x").charset == "latin2"


def test_charset_binary_turns_text_into_bytes() -> None:
    s = state_with("CREATE TABLE t (a CHAR(4) CHARACTER SET binary, b VARCHAR(5) CHARSET binary, c TEXT BYTE)")
    assert [(c.data_type, c.charset) for c in s.table("d", "t").columns] == [  # type: ignore[union-attr]
        ("binary", "binary"), ("varbinary", "binary"), ("blob", "binary"),
    ]  # fmt: skip


def test_alter_convert_to_character_set() -> None:
    s = state_with(
        "CREATE TABLE t (a VARCHAR(5) CHARACTER SET latin1, b TEXT, c INT, e ENUM('x'), bl BLOB) CHARSET=latin1",
        "ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
    )
    t = s.table("d", "t")
    assert t is not None and (t.charset, t.collation) == ("utf8mb4", "utf8mb4_bin")
    assert [(c.charset, c.collation) for c in t.columns] == [
        ("utf8mb4", "utf8mb4_bin"), ("utf8mb4", "utf8mb4_bin"), (None, None), ("utf8mb4", "utf8mb4_bin"),
        ("binary", None),
    ]  # fmt: skip
    s.apply("ALTER TABLE t CONVERT TO CHARSET latin1", "d")
    assert col(s, "t", "a").charset == "latin1" and col(s, "t", "a").collation is None


def _types(s: SchemaState, table: str = "t") -> list[tuple[str, str, str | None, str | None]]:
    t = s.table("d", table)
    assert t is not None
    return [(c.name, c.column_type(), c.charset, c.collation_name) for c in t.columns]


CONVERTED_TO_BINARY = [  # MariaDB 10.11's information_schema.COLUMNS (tests/test_ddl_differential.py checks it)
    ("c", "binary(3)", "binary", None), ("v", "varbinary(10)", "binary", None), ("tt", "tinyblob", "binary", None),
    ("t", "blob", "binary", None), ("mt", "mediumblob", "binary", None), ("lt", "longblob", "binary", None),
    ("j", "longblob", "binary", None), ("e", "enum('x','y')", "binary", "binary"),
    ("s", "set('p','q')", "binary", "binary"), ("t50", "tinyblob", "binary", None), ("i", "int(11)", None, None),
    ("b", "blob", "binary", None),
]  # fmt: skip


def test_convert_to_binary_makes_json_a_longblob_like_every_text_a_blob() -> None:
    """CONVERT TO CHARACTER SET binary: CHAR to BINARY, VARCHAR to VARBINARY, each TEXT to its BLOB, MariaDB's
    JSON (a LONGTEXT with a CHECK) to a LONGBLOB, ENUM/SET in charset binary; for good: converting back leaves
    them so (the server never converts a column of charset binary)."""
    s = state_with(
        "CREATE TABLE t (c CHAR(3), v VARCHAR(10), tt TINYTEXT, t TEXT, mt MEDIUMTEXT, lt LONGTEXT, j JSON, "
        "e ENUM('x','y'), s SET('p','q'), t50 TEXT(50), i INT, b BLOB) CHARACTER SET utf8mb4",
        "ALTER TABLE t CONVERT TO CHARACTER SET binary",
    )
    assert _types(s) == CONVERTED_TO_BINARY
    assert col(s, "t", "j").data_type == "longblob"  # not a JSON of charset binary: a LONGBLOB
    s.apply("ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4", "d")
    assert _types(s) == CONVERTED_TO_BINARY
    t = s.table("d", "t")
    assert t is not None and (t.charset, t.collation) == ("utf8mb4", None)
    # what `schema` prints and an --incremental run keeps reads back the same (it said JSON: a LONGTEXT)
    again = SchemaState()
    assert again.load_sql(t.create_sql()) == [] and again.table("d", "t") == t


@pytest.mark.parametrize(
    "alters",
    [
        ["ALTER TABLE t CONVERT TO CHARACTER SET binary COLLATE binary"],
        ["ALTER TABLE t CONVERT TO CHARSET binary"],
        ["ALTER TABLE t CONVERT TO CHARACTER SET latin1", "ALTER TABLE t CONVERT TO CHARACTER SET binary"],
        ["ALTER TABLE t DROP j, ADD j JSON AFTER a, CONVERT TO CHARACTER SET binary"],
        ["ALTER TABLE t MODIFY j JSON, CONVERT TO CHARACTER SET binary, CONVERT TO CHARACTER SET utf8mb3"],
    ],
)
def test_json_converted_to_binary_is_a_longblob(alters: list[str]) -> None:
    s = state_with("CREATE TABLE t (a INT, j JSON, k JSON NOT NULL)", *alters)
    assert _types(s)[1:] == [("j", "longblob", "binary", None), ("k", "longblob", "binary", None)]
    assert (col(s, "t", "j").data_type, col(s, "t", "k").data_type, col(s, "t", "k").nullable) == (
        "longblob", "longblob", False,
    )  # fmt: skip


def test_json_converted_to_another_charset_stays_json_and_modify_makes_a_longblob_json_again() -> None:
    s = state_with("CREATE TABLE t (j JSON, b LONGBLOB)", "ALTER TABLE t CONVERT TO CHARACTER SET latin1")
    assert (col(s, "t", "j").data_type, col(s, "t", "j").column_type(), col(s, "t", "j").charset) == (
        "json", "longtext", "latin1",
    )  # fmt: skip
    s.apply("ALTER TABLE t CONVERT TO CHARACTER SET binary", "d")
    s.apply("ALTER TABLE t MODIFY j JSON, MODIFY b JSON", "d")  # LONGTEXT utf8mb4_bin again, whatever the table's
    assert [(c.data_type, c.column_type(), c.charset) for c in s.table("d", "t").columns] == [  # type: ignore[union-attr]
        ("json", "longtext", None), ("json", "longtext", None),
    ]  # fmt: skip


def test_alter_default_charset_changes_table_default_only() -> None:
    s = state_with("CREATE TABLE t (a VARCHAR(5)) CHARSET=latin1", "ALTER TABLE t DEFAULT CHARACTER SET = utf8mb4")
    t = s.table("d", "t")
    assert t is not None and t.charset == "utf8mb4" and t.columns[0].charset == "latin1"
    s.apply("ALTER TABLE t ADD b VARCHAR(3), MODIFY a VARCHAR(9)", "d")
    assert col(s, "t", "b").charset == "utf8mb4" and col(s, "t", "a").charset == "utf8mb4"
    s.apply("ALTER TABLE t CHARACTER SET latin2 COLLATE latin2_bin", "d")
    assert (s.table("d", "t").charset, s.table("d", "t").collation) == ("latin2", "latin2_bin")  # type: ignore[union-attr]
    s.apply("ALTER TABLE t ENGINE=InnoDB DEFAULT CHARSET=ascii", "d")
    assert s.table("d", "t").charset == "ascii"  # type: ignore[union-attr]


# ----------------------------------------------------------------- non-DDL, comments, scripts


@pytest.mark.parametrize(
    "sql",
    [
        "BEGIN",
        "COMMIT",
        "INSERT INTO t VALUES (1, 'CREATE TABLE x (a int)')",
        "SET NAMES utf8mb4",
        "/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */",
        "GRANT ALL ON *.* TO 'u'@'%'",
        "CREATE VIEW v AS SELECT 1",
        "CREATE DEFINER=`root`@`localhost` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1",
        "CREATE DEFINER=`root`@`%` PROCEDURE p() BEGIN SELECT 1; END",
        "CREATE FUNCTION f() RETURNS INT RETURN 1",
        "CREATE USER 'x'@'%' IDENTIFIED BY 'y'",
        "DROP VIEW v",
        "ALTER USER 'x'@'%' IDENTIFIED BY 'z'",
        "RENAME USER a TO b",
        "ANALYZE TABLE t",
        "TRUNCATE TABLE t",
        "-- CREATE TABLE t (x INT)\nSELECT 1",
        "",
        "   ",
    ],
)
def test_non_ddl_ignored(sql: str) -> None:
    s = state_with(BASE)
    before = dict(s.tables)
    assert s.apply(sql, "d") == DdlOutcome(handled=True, is_ddl=False)
    assert s.tables == before


def test_non_ddl_is_dismissed_by_its_first_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """A QUERY event's DML, BEGIN or COMMIT is told from DDL by its first word, never tokenized: the history
    costs nothing per statement-based change (how long it takes is the benchmarks' business)."""
    from binlog_ksy.runtime.schema.ddl import state as state_module

    s = state_with(BASE)

    def no_tokenizing(sql: str) -> list[tuple[str, str, str]]:
        raise AssertionError(f"tokenized: {sql[:40]}")

    monkeypatch.setattr(state_module, "tokenize", no_tokenizing)
    stmt = "INSERT INTO t (a, b, c) VALUES " + ",".join(f"({i}, 'x', '2024-01-01')" for i in range(200))
    for sql in (stmt, "BEGIN", "COMMIT", "  /* x */ UPDATE t SET a = 1", "SELECT 1", "SAVEPOINT a"):
        assert s.apply(sql, "d") == DdlOutcome(handled=True, is_ddl=False)


def test_comments_in_binlog_statements() -> None:
    s = state_with(
        "/* generated by server */ CREATE TABLE t (a INT) /* trailing */;",
        "/*!50001 CREATE TABLE u (b INT) */",
        "# note\nALTER TABLE t ADD c INT -- why\n",
        "/*M!100100 ALTER TABLE t ADD d INT */",
    )
    assert names(s, "t") == ("a", "c", "d") and names(s, "u") == ("b",)


DUMP = """-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: shop
-- ------------------------------------------------------
-- Server version\t10.11.6-MariaDB-0+deb12u1

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*M!100616 SET @OLD_NOTE_VERBOSITY=@@NOTE_VERBOSITY, NOTE_VERBOSITY=0 */;

--
-- Current Database: `shop`
--

CREATE DATABASE /*!32312 IF NOT EXISTS*/ `shop` /*!40100 DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci */;

USE `shop`;

--
-- Table structure for table `customers`
--

DROP TABLE IF EXISTS `customers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE `customers` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(100) NOT NULL COMMENT 'full name; "quoted"',
  `email` varchar(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `status` enum('new','active','it''s; done') NOT NULL DEFAULT 'new',
  `balance` decimal(12,2) NOT NULL DEFAULT 0.00,
  `created` datetime(6) NOT NULL DEFAULT current_timestamp(6),
  `notes` text DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `email` (`email`),
  KEY `name_idx` (`name`(10))
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='people';
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Table structure for table `orders`
--

DROP TABLE IF EXISTS `orders`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE `orders` (
  `order_id` bigint(20) NOT NULL,
  `line` smallint(5) unsigned NOT NULL,
  `customer_id` int(10) unsigned NOT NULL,
  `sku` char(8) NOT NULL,
  `flags` set('gift','rush') DEFAULT NULL,
  PRIMARY KEY (`order_id`,`line`),
  KEY `fk_customer` (`customer_id`),
  CONSTRAINT `fk_customer` FOREIGN KEY (`customer_id`) REFERENCES `customers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `orders`
--

LOCK TABLES `orders` WRITE;
/*!40000 ALTER TABLE `orders` DISABLE KEYS */;
INSERT INTO `orders` VALUES (1,1,1,'AB;CD',NULL),(1,2,1,'x\\'; DROP TABLE customers; --','gift');
/*!40000 ALTER TABLE `orders` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table `plain`
--

DROP TABLE IF EXISTS `plain`;
CREATE TABLE `plain` (
  `v` varchar(10) DEFAULT NULL
) ENGINE=MyISAM;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `orders_bi` BEFORE INSERT ON `orders`
FOR EACH ROW BEGIN
  DROP TABLE customers;
  SET NEW.sku = UPPER(NEW.sku);
END */;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;

--
-- Dumping routines for database 'shop'
--
DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `p`()
BEGIN
  ALTER TABLE orders DROP COLUMN sku;
END ;;
DELIMITER ;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*M!100616 SET NOTE_VERBOSITY=@OLD_NOTE_VERBOSITY */;

-- Dump completed on 2024-05-01 12:00:00
"""


def test_load_mariadb_dump() -> None:
    s = SchemaState()
    assert s.load_sql(DUMP) == []
    assert s.database == "shop"
    assert s.database_charsets == {"shop": "latin1"}
    assert set(s.tables) == {("shop", "customers"), ("shop", "orders"), ("shop", "plain")}
    cust = s.table("shop", "customers")
    assert cust is not None
    assert [c.name for c in cust.columns] == ["id", "name", "email", "status", "balance", "created", "notes"]
    assert (cust.charset, cust.collation) == ("utf8mb4", "utf8mb4_general_ci")
    assert cust.columns[0] == ColumnDef("id", "int", unsigned=True, nullable=False, primary_key=True)
    assert (cust.columns[1].charset, cust.columns[1].collation) == ("utf8mb4", "utf8mb4_general_ci")
    assert (cust.columns[2].charset, cust.columns[2].collation) == ("ascii", "ascii_general_ci")
    assert cust.columns[3].values == ("new", "active", "it's; done")
    assert (cust.columns[4].precision, cust.columns[4].scale) == (12, 2)
    assert cust.columns[5].fsp == 6
    orders = s.table("shop", "orders")
    assert orders is not None and orders.primary_key == ("order_id", "line")
    assert [c.data_type for c in orders.columns] == ["bigint", "smallint", "int", "char", "set"]
    assert orders.columns[3].charset == "latin1" and orders.columns[3].length == 8
    assert col(s, "plain", "v", "shop").charset == "latin1"  # from the database's default


def test_load_sql_reports_problems_and_default_db() -> None:
    s = SchemaState()
    problems = s.load_sql(
        "CREATE TABLE a (x INT); CREATE TABLE b SELECT * FROM a; ALTER TABLE zz ADD y INT; INSERT INTO a VALUES (1);",
        default_db="d",
    )
    assert len(problems) == 2
    assert "SELECT" in problems[0] and "unknown table" in problems[1]
    assert names(s, "a") == ("x",)


def test_split_statements() -> None:
    text = (
        "SELECT ';' ; SELECT \"a;b\"; SELECT `x;y`; -- c;\n# d;\n/* e; */ SELECT 1;\n"
        "DELIMITER $$\nA; B$$\nDELIMITER ;\nC"
    )
    assert [st.strip() for st in split_statements(text)] == [
        "SELECT ';'", 'SELECT "a;b"', "SELECT `x;y`", "-- c;\n# d;\n/* e; */ SELECT 1", "A; B", "C",
    ]  # fmt: skip


# ----------------------------------------------------------------- create_sql, copy


ROUND_TRIP = [
    "CREATE TABLE t (a INT)",
    BASE,
    "CREATE TABLE t (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, v VARCHAR(20) CHARSET latin1 COLLATE latin1_bin)",
    "CREATE TABLE t (e ENUM('a''b','c,d','back\\\\slash','') NOT NULL, s SET('x','y')) CHARSET=utf8mb4",
    "CREATE TABLE t (d DECIMAL, d2 DECIMAL(30,10) UNSIGNED, f FLOAT(7,3), g DOUBLE, h DOUBLE(10,2), r REAL)",
    "CREATE TABLE t (a DATETIME(6), b TIME, c TIMESTAMP(3) NOT NULL, d YEAR, e DATE, bb BIT(7), bo BOOL)",
    "CREATE TABLE t (a CHAR, b BINARY(3), c VARBINARY(10), d TINYBLOB, e LONGBLOB, f JSON, g POINT, h GEOMETRY)",
    "CREATE TABLE t (a TEXT, b MEDIUMTEXT, c NCHAR(3), d NVARCHAR(4)) DEFAULT CHARSET=latin1 COLLATE=latin1_bin",
    "CREATE TABLE `we``ird` (`c``x` INT, `select` INT, k1 INT, k2 INT, PRIMARY KEY (k1, k2))",
    "CREATE TABLE t (a VARCHAR(3)) COLLATE=utf8mb4_unicode_ci",
    "CREATE TABLE t (a CHAR(2) CHARACTER SET binary, s SERIAL, u UUID, i INET6)",
]


@pytest.mark.parametrize("sql", ROUND_TRIP)
def test_create_sql_round_trip(sql: str) -> None:
    s = state_with(sql)
    (tdef,) = s.tables.values()
    again = SchemaState()
    out = again.apply(tdef.create_sql())
    assert out.problem is None, tdef.create_sql()
    assert again.table(tdef.schema, tdef.table) == tdef
    assert tdef.create_sql().startswith(f"CREATE TABLE `d`.`{tdef.table.replace('`', '``')}` (\n  `")


def test_create_sql_round_trip_after_alters() -> None:
    s = state_with(
        "CREATE DATABASE d CHARACTER SET latin1",
        BASE,
        "ALTER TABLE t ADD e ENUM('x','y') FIRST, CHANGE b bb VARCHAR(30) AFTER c, CONVERT TO CHARACTER SET utf8mb4",
        "ALTER TABLE t ADD COLUMN (m TEXT COLLATE utf8mb4_bin, n DECIMAL(6,3) UNSIGNED)",
    )
    tdef = s.table("d", "t")
    assert tdef is not None
    again = SchemaState()
    again.apply(tdef.create_sql())
    assert again.table("d", "t") == tdef


def test_copy_is_independent() -> None:
    s = state_with("CREATE DATABASE d CHARSET latin1", BASE)
    c = s.copy()
    c.apply("ALTER TABLE t DROP COLUMN b", "d")
    c.apply("DROP DATABASE d")
    c.apply("USE z")
    assert names(s, "t") == ("a", "b", "c") and s.database_charsets == {"d": "latin1"} and s.database is None
    assert c.tables == {} and c.database == "z"


def test_table_def_helpers() -> None:
    t = TableDef("d", "t", (ColumnDef("a", "int", primary_key=True, nullable=False), ColumnDef("b", "text")))
    assert t.primary_key == ("a",)
    assert "PRIMARY KEY (`a`)" in t.create_sql()


def test_functional_key_parts_leave_the_table_known() -> None:
    s = state_with("CREATE TABLE t (a INT, b JSON, KEY k ((CAST(b->'$.x' AS UNSIGNED))), UNIQUE KEY u (a, (a + 1)))")
    assert names(s, "t") == ("a", "b")
    assert [i.name for i in s.table("d", "t").indexes] == ["u"]  # type: ignore[union-attr]
    out = s.apply("CREATE TABLE p (a INT, PRIMARY KEY ((a + 1)))", "d")
    assert out.problem is not None and s.table("d", "p") is None
