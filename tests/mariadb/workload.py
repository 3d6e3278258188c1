"""A seeded random DML workload over every MariaDB 10.11 column type.

``make_schema()`` gives the DDL (database ``bk_wl``, one table per type
family), ``make_statements(seed, n)`` gives ``n`` INSERT/UPDATE/DELETE
statements (single- and multi-row, some wrapped in BEGIN/COMMIT, some
multi-table) that all succeed on a fresh copy of that schema. Everything is
a pure function of the seed: no server is needed to generate, and the same
seed gives the same SQL text on every machine and Python >= 3.11.

``apply(server, statements)`` runs them in one client session and returns the
number of rows each DML statement changed (``ROW_COUNT()``), which is what the
binary log must contain, row for row.

Session settings
----------------
``make_statements`` starts with ``SESSION_SETUP``: ``SET NAMES utf8mb4``, a
permissive ``sql_mode`` (no STRICT_*, no NO_ZERO_DATE / NO_ZERO_IN_DATE, so
``'0000-00-00'`` and ``'2020-00-00'`` are accepted and an invalid ENUM value
becomes index 0) and ``time_zone='+00:00'`` (TIMESTAMP literals are UTC).
Run the list in **one** session (``server.sql(statements)`` or ``apply``).

Coverage
--------
Integers (signed/unsigned, min/max/0/-1), FLOAT (plain, UNSIGNED, (7,3)),
DOUBLE (incl. denormal and max), DECIMAL (10,0) (5,5) (10,2) (10,2) UNSIGNED
(18,9) (65,30) (65,0) (1,0) (12,4), BIT(1/8/17/64), DATE (incl. zero and
zero-in-date), TIME/DATETIME/TIMESTAMP with fsp 0..6 (TIME negative with
fractions, '838:59:59', TIMESTAMP zero), old MariaDB 5.3 TIME/DATETIME/
TIMESTAMP (fsp 0 only: the hires ones break mariadb-binlog), YEAR (incl.
0000), CHAR (1, 10, 255 utf8mb4 = 1020 bytes: the "long CHAR" metadata),
BINARY, VARCHAR (10, 255 latin1 = 1-byte length, 256 latin1 / 300 utf8mb4 =
2-byte length), VARBINARY, utf8mb3, latin1, ascii, ucs2, utf16, utf32,
binary charsets, TINY/-/MEDIUM/LONG TEXT and BLOB (incl. > 64 KiB),
VARCHAR/BLOB ``COMPRESSED`` columns, ENUM (1- and 2-byte), SET (1, 2 and 8
bytes), JSON, GEOMETRY and all 7 subtypes (some with SRID 4326), INET4,
INET6, UUID, virtual and stored generated columns, a table without primary
key, a MyISAM table, NULLs, empty strings, emoji, quotes, backslashes,
control characters, strings > 255 bytes. Strings never contain a backslash
followed by ``x`` (see ``oracle``: it would be ambiguous in mariadb-binlog
output).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

__all__ = [
    "DB",
    "SESSION_SETUP",
    "TABLES",
    "Column",
    "Table",
    "State",
    "make_schema",
    "make_statements",
    "apply",
    "is_dml",
]

DB = "bk_wl"

SESSION_SETUP: list[str] = [
    "SET NAMES utf8mb4",
    "SET SESSION sql_mode='NO_ENGINE_SUBSTITUTION'",
    "SET SESSION time_zone='+00:00'",
]

Gen = Callable[[random.Random], str]


# --- literal helpers -----------------------------------------------------------

_ESC = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
        "\x1a": "\\Z", "\b": "\\b"}


def sql_str(s: str) -> str:
    """Quote ``s`` as a MariaDB string literal (backslash escapes)."""
    return "'" + "".join(_ESC.get(c, c) for c in s) + "'"


def sql_hex(b: bytes) -> str:
    """``X'...'`` literal (``''`` for empty bytes)."""
    return f"X'{b.hex().upper()}'" if b else "''"


def _pick(rnd: random.Random, edges: list[str], gen: Gen, p_edge: float = 0.3) -> str:
    if edges and rnd.random() < p_edge:
        return rnd.choice(edges)
    return gen(rnd)


def int_gen(bits: int, unsigned: bool) -> Gen:
    lo, hi = (0, 2 ** bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    edges = [str(lo), str(hi), "0", "1"] + ([] if unsigned else ["-1", str(lo + 1)])

    def g(rnd):
        return _pick(rnd, edges, lambda r: str(r.randint(lo, hi)))
    return g


def decimal_gen(p: int, s: int, unsigned: bool = False) -> Gen:
    ip = p - s

    def fmt(neg: bool, int_digits: str, frac_digits: str) -> str:
        txt = (int_digits or "0") + ("." + frac_digits if s else "")
        return ("-" if neg else "") + txt

    maxv = fmt(False, "9" * ip, "9" * s)
    tiny = fmt(False, "", "0" * (s - 1) + "1") if s else "1"
    edges = ["0", maxv, tiny]
    if not unsigned:
        edges += ["-" + maxv, "-" + tiny, "-0.01" if s >= 2 else "-1"]

    def rand(r: random.Random) -> str:
        n_int = r.randint(0, ip)
        ints = "".join(r.choice("0123456789") for _ in range(n_int)).lstrip("0")
        frac = "".join(r.choice("0123456789") for _ in range(s))
        return fmt(not unsigned and r.random() < 0.4, ints, frac)

    return lambda rnd: _pick(rnd, edges, rand)


def float_gen(kind: str) -> Gen:
    def float_signed(r: random.Random) -> str:
        return repr(float(f"{r.uniform(-1e6, 1e6):.6g}"))

    def float_unsigned(r: random.Random) -> str:
        return repr(float(f"{r.uniform(0, 1e6):.6g}"))

    def float73(r: random.Random) -> str:
        return f"{r.uniform(-9999, 9999):.3f}"

    def double_signed(r: random.Random) -> str:
        return repr(r.uniform(-1e12, 1e12)) if r.random() < 0.5 else repr(r.random() * 10 ** r.randint(-300, 300))

    def double_unsigned(r: random.Random) -> str:
        return repr(r.uniform(0, 1e12))

    rand: Callable[[random.Random], str]
    if kind == "float":
        edges = ["0", "1.5e-7", "3.4028234e38", "-3.4028234e38", "1.1754944e-38",
                 "-1", "0.1", "123456.7"]
        rand = float_signed
    elif kind == "float_unsigned":
        edges = ["0", "1.5e-7", "3.4028234e38", "0.1"]
        rand = float_unsigned
    elif kind == "float73":
        edges = ["0", "9999.999", "-9999.999", "0.001", "-0.001"]
        rand = float73
    elif kind == "double":
        edges = ["0", "5e-324", "1.7976931348623157e308", "-1.7976931348623157e308",
                 "2.2250738585072014e-308", "3.141592653589793", "-0.5", "1e15"]
        rand = double_signed
    elif kind == "double_unsigned":
        edges = ["0", "5e-324", "1.7976931348623157e308"]
        rand = double_unsigned
    else:  # pragma: no cover
        raise ValueError(kind)
    return lambda rnd: _pick(rnd, edges, rand)


def bit_gen(n: int) -> Gen:
    edges = ["0", str(2 ** n - 1), "b'1'", "b'" + "1" * n + "'"]

    def rand(r):
        v = r.getrandbits(n)
        return f"b'{v:b}'" if r.random() < 0.5 else str(v)
    return lambda rnd: _pick(rnd, edges, rand)


def date_gen() -> Gen:
    edges = ["'0000-00-00'", "'1000-01-01'", "'9999-12-31'", "'2024-02-29'", "'2020-00-00'",
             "'2020-05-00'", "'1970-01-01'"]
    return lambda rnd: _pick(rnd, edges, lambda r: (
        f"'{r.randint(1000, 9999):04d}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}'"))


def _frac(r: random.Random, fsp: int) -> str:
    return "." + "".join(r.choice("0123456789") for _ in range(fsp)) if fsp else ""


def time_gen(fsp: int) -> Gen:
    f9 = "." + "9" * fsp if fsp else ""
    edges = ["'838:59:59" + f9 + "'", "'-838:59:59" + f9 + "'", "'00:00:00'", "'-00:00:01'",
             "'12:34:56'", "'-12:34:56" + f9 + "'"]
    if fsp:
        edges.append("'-00:00:00." + "0" * (fsp - 1) + "1'")

    def rand(r):
        sign = "-" if r.random() < 0.3 else ""
        return f"'{sign}{r.randint(0, 838):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}{_frac(r, fsp)}'"
    return lambda rnd: _pick(rnd, edges, rand)


def datetime_gen(fsp: int) -> Gen:
    f9 = "." + "9" * fsp if fsp else ""
    edges = ["'0000-00-00 00:00:00'", "'1000-01-01 00:00:00'", "'9999-12-31 23:59:59" + f9 + "'",
             "'2020-00-00 12:00:00'", "'1970-01-01 00:00:00'"]

    def rand(r):
        return (f"'{r.randint(1000, 9999):04d}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d} "
                f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}{_frac(r, fsp)}'")
    return lambda rnd: _pick(rnd, edges, rand)


def timestamp_gen(fsp: int) -> Gen:
    f9 = "." + "9" * fsp if fsp else ""
    edges = ["'0000-00-00 00:00:00'", "'1970-01-01 00:00:01'",
             "'2038-01-19 03:14:07" + f9 + "'", "'2000-01-01 00:00:00" + (".5" if fsp else "") + "'"]

    def rand(r):
        t = datetime.fromtimestamp(r.randint(1, 2 ** 31 - 1), tz=UTC)
        return "'" + t.strftime("%Y-%m-%d %H:%M:%S") + _frac(r, fsp) + "'"
    return lambda rnd: _pick(rnd, edges, rand)


def year_gen() -> Gen:
    return lambda rnd: _pick(rnd, ["0", "1901", "2155", "2000"],
                             lambda r: str(r.randint(1901, 2155)))


# Text pieces. No piece contains a backslash followed by "x".
_ASCII_PIECES = ["a", "hello", "it's", "O'Brien", "back\\slash", "tab\there", "new\nline",
                 "cr\rlf", "nul\0byte", "  lead", "trail  ", "%_", '"dq"', "semi;colon",
                 "/* c */", "--dash", "NULL", "0", "x"]
_LATIN1_PIECES = ["é", "ÿ", "Ünïcödé", "ß", "½", "£"]
_BMP_PIECES = ["中文", "Ελληνικά", "кириллица", "€", "עברית", "ひらがな"]
_FULL_PIECES = ["😀", "🎉🚀", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "👩‍👩‍👧"]
_REPERTOIRE = {"ascii": _ASCII_PIECES,
               "latin1": _ASCII_PIECES + _LATIN1_PIECES,
               "bmp": _ASCII_PIECES + _LATIN1_PIECES + _BMP_PIECES,
               "full": _ASCII_PIECES + _LATIN1_PIECES + _BMP_PIECES + _FULL_PIECES}
_PRINTABLE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?-_=+()[]{}<>@#$%^&*|~"


def text_value(r: random.Random, max_chars: int, repertoire: str = "full",
               min_chars: int = 0) -> str:
    """Random text of at most ``max_chars`` characters from ``repertoire``."""
    pieces = _REPERTOIRE[repertoire]
    mode = r.random()
    if mode < 0.1:
        target = 0
    elif mode < 0.3:
        target = max_chars                      # as long as allowed
    else:
        target = r.randint(1, min(max_chars, 40))
    target = max(target, min_chars)
    out = ""
    while len(out) < target:
        if r.random() < 0.5:
            out += r.choice(pieces)
        else:
            out += "".join(r.choice(_PRINTABLE) for _ in range(r.randint(1, 12)))
    out = out[:target]
    if out.endswith("\\"):                   # never end with a lone backslash piece
        out = out[:-1] + "/"
    return out.replace("\\x", "\\y")


def text_gen(max_chars: int, repertoire: str = "full", edges: list[str] | None = None) -> Gen:
    """Quoted text literals of at most ``max_chars`` characters."""
    if edges is None:
        edges = ["", "a", "it's", {"full": "😀", "ascii": "z"}.get(repertoire, "é")]
    e = [sql_str(x) for x in edges if len(x) <= max_chars]
    return lambda rnd: _pick(rnd, e, lambda r: sql_str(text_value(r, max_chars, repertoire)),
                             p_edge=0.15)


def bytes_gen(max_len: int, big: int | None = None) -> Gen:
    """Random bytes; ``big`` = an occasional large length (> 64 KiB columns)."""
    edges = ["''", "X'00'", "X'FF'", "X'00FF27005C0A'", "X'0000000000'"]

    def rand(r):
        if big and r.random() < 0.03:
            n = big
        elif r.random() < 0.1:
            n = max_len
        else:
            n = r.randint(1, min(max_len, 64))
        return sql_hex(r.randbytes(n))
    return lambda rnd: _pick(rnd, edges, rand, p_edge=0.2)


def fixed_bytes_gen(n: int) -> Gen:
    edges = [sql_hex(b"\0" * n), sql_hex(b"\xff" * n), sql_hex(b"\x01" + b"\0" * (n - 1)),
             sql_hex(b"\0" * (n - 1) + b"\x01")]
    return lambda rnd: _pick(rnd, edges, lambda r: sql_hex(r.randbytes(n)))


def long_text_gen(max_chars: int, big: int | None = None, repertoire: str = "full") -> Gen:
    """Text for TEXT-like columns: short, repeated (> 255 bytes) or ``big``."""
    def rand(r):
        if big and r.random() < 0.03:
            return sql_str(("long " + "😀" + "x" * 30) * (big // 40))
        if r.random() < 0.2:
            chunk = text_value(r, 40, repertoire, 1) or "z"
            return sql_str((chunk * r.randint(8, 40))[:max_chars].rstrip("\\"))
        return sql_str(text_value(r, min(max_chars, 300), repertoire))
    wide = "😀" if repertoire == "full" else "é"
    edges = [sql_str(""), sql_str("a"), sql_str(wide * min(70, max_chars))]
    return lambda rnd: _pick(rnd, edges, rand, p_edge=0.15)


def enum_gen(members: list[str], allow_invalid: bool = True) -> Gen:
    edges = [sql_str(members[0]), sql_str(members[-1])]
    if allow_invalid:
        edges.append("''")                      # invalid -> index 0 (non-strict mode)
    return lambda rnd: _pick(rnd, edges, lambda r: sql_str(r.choice(members)))


def set_gen(members: list[str]) -> Gen:
    edges = ["''", sql_str(",".join(members)), sql_str(members[0]), sql_str(members[-1])]

    def rand(r):
        return sql_str(",".join(m for m in members if r.random() < 0.4))
    return lambda rnd: _pick(rnd, edges, rand)


def _json_doc(r: random.Random, depth: int = 0):
    k = r.random()
    if depth > 3 or k < 0.35:
        return r.choice([None, True, False, 0, -1, 2 ** 53, -2 ** 63, 1.5, -0.25, 1e300,
                         "", "str", "it's \"quoted\" \\ back", "😀 ünï", "line\nbreak",
                         "x" * 300, r.randint(-10 ** 6, 10 ** 6), round(r.uniform(-1e3, 1e3), 3)])
    if k < 0.7:
        return {f"k{i}" if r.random() < 0.8 else f"ключ{i}": _json_doc(r, depth + 1)
                for i in range(r.randint(0, 5))}
    return [_json_doc(r, depth + 1) for _ in range(r.randint(0, 5))]


def json_gen() -> Gen:
    edges = [sql_str(x) for x in ["{}", "[]", "null", "\"str\"", "0", "true",
                                  '{"a": {"b": {"c": [1, 2, {"d": null}]}}}']]
    return lambda rnd: _pick(rnd, edges, lambda r: sql_str(
        json.dumps(_json_doc(r), ensure_ascii=r.random() < 0.3)))


def _pt(r: random.Random) -> str:
    return f"{r.uniform(-180, 180):.3f} {r.uniform(-90, 90):.3f}"


def _ring(r: random.Random) -> str:
    x, y = r.uniform(-100, 100), r.uniform(-50, 50)
    w, h = r.uniform(0.5, 10), r.uniform(0.5, 10)
    return f"({x:.3f} {y:.3f},{x + w:.3f} {y:.3f},{x + w:.3f} {y + h:.3f},{x:.3f} {y:.3f})"


_WKT: dict[str, Callable[[random.Random], str]] = {
    "POINT": lambda r: f"POINT({_pt(r)})",
    "LINESTRING": lambda r: "LINESTRING(" + ",".join(_pt(r) for _ in range(r.randint(2, 5))) + ")",
    "POLYGON": lambda r: f"POLYGON({_ring(r)})",
    "MULTIPOINT": lambda r: "MULTIPOINT(" + ",".join(_pt(r) for _ in range(r.randint(1, 4))) + ")",
    "MULTILINESTRING": lambda r: "MULTILINESTRING((" + ",".join(_pt(r) for _ in range(2)) + "),("
                                 + ",".join(_pt(r) for _ in range(3)) + "))",
    "MULTIPOLYGON": lambda r: "MULTIPOLYGON((" + _ring(r) + "),(" + _ring(r) + "))",
    "GEOMETRYCOLLECTION": lambda r: f"GEOMETRYCOLLECTION(POINT({_pt(r)}),LINESTRING({_pt(r)},{_pt(r)}))",
}


def geom_gen(kind: str) -> Gen:
    def g(r):
        k = r.choice(list(_WKT)) if kind == "GEOMETRY" else kind
        wkt = _WKT[k](r)
        if r.random() < 0.3:
            return f"ST_GeomFromText('{wkt}', 4326)"
        return f"ST_GeomFromText('{wkt}')"
    return g


def inet6_gen() -> Gen:
    edges = ["'::'", "'::1'", "'ffff::'", "'::ffff:192.0.2.1'", "'2001:db8::ff00:42:8329'",
             "'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'"]
    return lambda rnd: _pick(rnd, edges, lambda r: "'" + ":".join(
        f"{r.getrandbits(16):x}" for _ in range(8)) + "'")


def inet4_gen() -> Gen:
    edges = ["'0.0.0.0'", "'255.255.255.255'", "'127.0.0.1'", "'10.0.0.0'"]
    return lambda rnd: _pick(rnd, edges, lambda r: "'" + ".".join(
        str(r.randint(0, 255)) for _ in range(4)) + "'")


def uuid_gen() -> Gen:
    edges = ["'00000000-0000-0000-0000-000000000000'", "'ffffffff-ffff-ffff-ffff-ffffffffffff'",
             "'123e4567-e89b-12d3-a456-426614174000'",        # version 1
             "'6ccd780c-baba-1026-9564-5b8c656024db'"]        # version 1

    def rand(r):
        v = r.getrandbits(128)
        v = (v & ~(0xF << 76)) | (4 << 76)                     # version 4
        v = (v & ~(0x3 << 62)) | (0x2 << 62)                   # RFC variant
        h = f"{v:032x}"
        return f"'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'"
    return lambda rnd: _pick(rnd, edges, rand)


# --- schema --------------------------------------------------------------------

@dataclass(frozen=True)
class Column:
    """A column: ``name``, DDL type text, literal generator."""

    name: str
    ddl: str
    gen: Gen | None
    nullable: bool = True
    generated: bool = False

    def literal(self, rnd: random.Random, p_null: float = 0.12) -> str:
        if self.gen is None:
            raise ValueError(f"column {self.name} is generated: statements give it no value")
        if self.nullable and rnd.random() < p_null:
            return "NULL"
        return self.gen(rnd)


@dataclass(frozen=True)
class Table:
    """A table of the workload. ``key`` is the unique integer column used to
    address rows (``id``; ``a`` for the table without primary key)."""

    name: str
    columns: tuple[Column, ...]
    key: str = "id"
    primary_key: bool = True
    engine: str = "InnoDB"
    pre: tuple[str, ...] = ()
    post: tuple[str, ...] = ()
    db: str = DB

    @property
    def qname(self) -> str:
        return f"`{self.db}`.`{self.name}`"

    @property
    def data_columns(self) -> list[Column]:
        """Columns that take generated values (not the key, ``ver``, generated)."""
        return [c for c in self.columns if c.gen is not None and not c.generated]

    def create(self) -> str:
        cols = [f"`{self.key}` INT NOT NULL",
                "`ver` INT NOT NULL DEFAULT 0"]
        for c in self.columns:
            nn = not (c.nullable or c.generated or "NOT NULL" in c.ddl)
            cols.append(f"`{c.name}` {c.ddl}" + (" NOT NULL" if nn else ""))
        if self.primary_key:
            cols.append(f"PRIMARY KEY (`{self.key}`)")
        return (f"CREATE TABLE {self.qname} (\n  " + ",\n  ".join(cols)
                + f"\n) ENGINE={self.engine} DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci")


def C(name: str, ddl: str, gen: Gen | None, nullable: bool = True, generated: bool = False) -> Column:
    return Column(name, ddl, gen, nullable, generated)


_ENUM_BIG = [f"v{i:03d}" for i in range(300)]
_SET10 = [f"m{i}" for i in range(10)]
_SET64 = [f"s{i:02d}" for i in range(64)]

TABLES: tuple[Table, ...] = (
    Table("t_int", (
        C("ti", "TINYINT", int_gen(8, False)),
        C("tiu", "TINYINT UNSIGNED", int_gen(8, True)),
        C("si", "SMALLINT", int_gen(16, False)),
        C("siu", "SMALLINT UNSIGNED", int_gen(16, True)),
        C("mi", "MEDIUMINT", int_gen(24, False)),
        C("miu", "MEDIUMINT UNSIGNED", int_gen(24, True)),
        C("i", "INT", int_gen(32, False)),
        C("iu", "INT UNSIGNED", int_gen(32, True)),
        C("bi", "BIGINT", int_gen(64, False)),
        C("biu", "BIGINT UNSIGNED", int_gen(64, True)),
        C("bo", "BOOLEAN", lambda r: r.choice(["TRUE", "FALSE", "1", "0"])),
        C("ti_nn", "TINYINT NOT NULL DEFAULT 0", int_gen(8, False), nullable=False),
        C("bi_nn", "BIGINT UNSIGNED NOT NULL DEFAULT 0", int_gen(64, True), nullable=False),
    )),
    Table("t_num", (
        C("f", "FLOAT", float_gen("float")),
        C("fu", "FLOAT UNSIGNED", float_gen("float_unsigned")),
        C("f73", "FLOAT(7,3)", float_gen("float73")),
        C("d", "DOUBLE", float_gen("double")),
        C("du", "DOUBLE UNSIGNED", float_gen("double_unsigned")),
        C("dec10_0", "DECIMAL(10,0)", decimal_gen(10, 0)),
        C("dec5_5", "DECIMAL(5,5)", decimal_gen(5, 5)),
        C("dec10_2", "DECIMAL(10,2)", decimal_gen(10, 2)),
        C("dec10_2u", "DECIMAL(10,2) UNSIGNED", decimal_gen(10, 2, unsigned=True)),
        C("dec18_9", "DECIMAL(18,9)", decimal_gen(18, 9)),
        C("dec65_30", "DECIMAL(65,30)", decimal_gen(65, 30)),
        C("dec65_0", "DECIMAL(65,0)", decimal_gen(65, 0)),
        C("dec1_0", "DECIMAL(1,0)", decimal_gen(1, 0)),
        C("dec_nn", "DECIMAL(12,4) NOT NULL DEFAULT 0", decimal_gen(12, 4), nullable=False),
        C("b1", "BIT(1)", bit_gen(1)),
        C("b8", "BIT(8)", bit_gen(8)),
        C("b17", "BIT(17)", bit_gen(17)),
        C("b64", "BIT(64)", bit_gen(64)),
    )),
    Table("t_time", (
        C("dt", "DATE", date_gen()),
        C("tm", "TIME", time_gen(0)),
        C("tm1", "TIME(1)", time_gen(1)),
        C("tm3", "TIME(3)", time_gen(3)),
        C("tm6", "TIME(6)", time_gen(6)),
        C("dtm", "DATETIME", datetime_gen(0)),
        C("dtm1", "DATETIME(1)", datetime_gen(1)),
        C("dtm2", "DATETIME(2)", datetime_gen(2)),
        C("dtm3", "DATETIME(3)", datetime_gen(3)),
        C("dtm4", "DATETIME(4)", datetime_gen(4)),
        C("dtm5", "DATETIME(5)", datetime_gen(5)),
        C("dtm6", "DATETIME(6)", datetime_gen(6)),
        C("ts", "TIMESTAMP NULL DEFAULT NULL", timestamp_gen(0)),
        C("ts3", "TIMESTAMP(3) NULL DEFAULT NULL", timestamp_gen(3)),
        C("ts6", "TIMESTAMP(6) NULL DEFAULT NULL", timestamp_gen(6)),
        C("y", "YEAR", year_gen()),
        C("dt_nn", "DATE NOT NULL DEFAULT '2000-01-01'", date_gen(), nullable=False),
        C("ts_nn", "TIMESTAMP(2) NOT NULL DEFAULT '2001-02-03 04:05:06.07'", timestamp_gen(2),
          nullable=False),
    )),
    Table("t_oldtime", (
        C("tm", "TIME", time_gen(0)),
        C("dtm", "DATETIME", datetime_gen(0)),
        C("ts", "TIMESTAMP NULL DEFAULT NULL", timestamp_gen(0)),
    ), pre=("SET @@GLOBAL.mysql56_temporal_format=OFF",),
       post=("SET @@GLOBAL.mysql56_temporal_format=ON",)),
    Table("t_str", (
        C("c1", "CHAR(1)", text_gen(1, "full", ["", "a", "😀", "'"])),
        C("c10", "CHAR(10)", text_gen(10)),
        C("c255", "CHAR(255)", text_gen(255)),
        C("c_latin1", "CHAR(20) CHARACTER SET latin1", text_gen(20, "latin1")),
        C("c_bin", "BINARY(16)", fixed_bytes_gen(16)),
        C("vc10", "VARCHAR(10)", text_gen(10)),
        C("vc300", "VARCHAR(300)", text_gen(300)),
        C("vc255_l1", "VARCHAR(255) CHARACTER SET latin1", text_gen(255, "latin1")),
        C("vc256_l1", "VARCHAR(256) CHARACTER SET latin1", text_gen(256, "latin1")),
        C("vc_mb3", "VARCHAR(100) CHARACTER SET utf8mb3", text_gen(100, "bmp")),
        C("vc_ascii", "VARCHAR(50) CHARACTER SET ascii", text_gen(50, "ascii")),
        C("vc_ucs2", "VARCHAR(20) CHARACTER SET ucs2", text_gen(20, "bmp")),
        C("vc_utf16", "VARCHAR(20) CHARACTER SET utf16", text_gen(20, "full")),
        C("vc_utf32", "VARCHAR(10) CHARACTER SET utf32", text_gen(10, "full")),
        C("vc_binary", "VARCHAR(30) CHARACTER SET binary", bytes_gen(30)),
        C("vbin", "VARBINARY(300)", bytes_gen(300)),
        C("vc_nn", "VARCHAR(20) NOT NULL DEFAULT ''", text_gen(20), nullable=False),
        C("c_nn", "CHAR(3) CHARACTER SET latin1 NOT NULL DEFAULT 'abc'", text_gen(3, "latin1"),
          nullable=False),
    )),
    Table("t_lob", (
        C("tt", "TINYTEXT", long_text_gen(63)),
        C("tx", "TEXT", long_text_gen(16000)),
        C("mt", "MEDIUMTEXT", long_text_gen(100000, big=70000)),
        C("lt", "LONGTEXT", long_text_gen(100000, big=70000)),
        C("tb", "TINYBLOB", bytes_gen(255)),
        C("bl", "BLOB", bytes_gen(2000, big=65535)),
        C("mb", "MEDIUMBLOB", bytes_gen(2000, big=70000)),
        C("lb", "LONGBLOB", bytes_gen(2000, big=70000)),
        C("tx_l1", "TEXT CHARACTER SET latin1", long_text_gen(2000, repertoire="latin1")),
        C("vc_comp", "VARCHAR(1000) COMPRESSED", long_text_gen(1000)),
        C("bl_comp", "BLOB COMPRESSED", bytes_gen(2000)),
        C("tx_comp", "TEXT COMPRESSED", long_text_gen(2000)),
        C("js", "JSON", json_gen()),
    )),
    Table("t_misc", (
        C("e", "ENUM('a','b','c','ä','😀') COLLATE utf8mb4_bin", enum_gen(["a", "b", "c", "ä", "😀"])),
        C("e_big", "ENUM(" + ",".join(f"'{m}'" for m in _ENUM_BIG) + ")", enum_gen(_ENUM_BIG)),
        C("e_nn", "ENUM('x','y') NOT NULL DEFAULT 'x'", enum_gen(["x", "y"], False), nullable=False),
        C("e_l1", "ENUM('é','ß') CHARACTER SET latin1", enum_gen(["é", "ß"])),
        C("s", "SET('a','b','c')", set_gen(["a", "b", "c"])),
        C("s10", "SET(" + ",".join(f"'{m}'" for m in _SET10) + ")", set_gen(_SET10)),
        C("s64", "SET(" + ",".join(f"'{m}'" for m in _SET64) + ")", set_gen(_SET64)),
        C("ip6", "INET6", inet6_gen()),
        C("ip4", "INET4", inet4_gen()),
        C("u", "UUID", uuid_gen()),
        C("g", "GEOMETRY", geom_gen("GEOMETRY")),
        C("pt", "POINT", geom_gen("POINT")),
        C("ls", "LINESTRING", geom_gen("LINESTRING")),
        C("pg", "POLYGON", geom_gen("POLYGON")),
        C("mpt", "MULTIPOINT", geom_gen("MULTIPOINT")),
        C("mls", "MULTILINESTRING", geom_gen("MULTILINESTRING")),
        C("mpg", "MULTIPOLYGON", geom_gen("MULTIPOLYGON")),
        C("gc", "GEOMETRYCOLLECTION", geom_gen("GEOMETRYCOLLECTION")),
    )),
    Table("t_gen", (
        C("a", "INT", int_gen(16, False)),
        C("v", "INT AS (`a` * 2) VIRTUAL", None, generated=True),
        C("st", "VARCHAR(30) AS (CONCAT('x', `a`)) STORED", None, generated=True),
    )),
    Table("t_nopk", (
        C("b", "VARCHAR(20)", text_gen(20)),
        C("c", "DOUBLE", float_gen("double")),
    ), key="a", primary_key=False),
    Table("t_myisam", (
        C("s", "VARCHAR(50)", text_gen(50)),
        C("n", "BIGINT", int_gen(64, False)),
    ), engine="MyISAM"),
)

_BY_NAME = {t.name: t for t in TABLES}


def make_schema() -> list[str]:
    """DDL for the workload: database ``bk_wl`` and every table in ``TABLES``.

    Includes ``SET @@GLOBAL.mysql56_temporal_format=OFF/ON`` around the
    ``t_oldtime`` table (old MariaDB 5.3 temporal types), so run it as a
    user allowed to set globals (root on the test server).
    """
    out = [f"DROP DATABASE IF EXISTS `{DB}`",
           f"CREATE DATABASE `{DB}` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci"]
    for t in TABLES:
        out += list(t.pre)
        out.append(t.create())
        out += list(t.post)
    return out


# --- statements ----------------------------------------------------------------

@dataclass
class State:
    """The keys each table holds, so later statements (another phase, another session) address real rows."""

    ids: dict[str, list[int]] = field(default_factory=lambda: {t.name: [] for t in TABLES})
    next_id: dict[str, int] = field(default_factory=lambda: {t.name: 1 for t in TABLES})
    tables: tuple[Table, ...] = TABLES

    @classmethod
    def over(cls, tables: tuple[Table, ...]) -> State:
        """A state for statements over ``tables`` only (their names must differ)."""
        return cls({t.name: [] for t in tables}, {t.name: 1 for t in tables}, tables)

    def new_id(self, table: str) -> int:
        v = self.next_id[table]
        self.next_id[table] += 1
        return v


def _insert(rnd: random.Random, st: State, t: Table, nrows: int) -> str:
    cols = t.data_columns
    if rnd.random() < 0.25:                      # a column subset: defaults for the rest
        cols = [c for c in cols if rnd.random() < 0.5]
    names = [t.key] + (["ver"] if rnd.random() < 0.2 else []) + [c.name for c in cols]
    rows = []
    for _ in range(nrows):
        i = st.new_id(t.name)
        st.ids[t.name].append(i)
        vals = [str(i)] + (["0"] if "ver" in names else []) + [c.literal(rnd) for c in cols]
        rows.append("(" + ", ".join(vals) + ")")
    return (f"INSERT INTO {t.qname} (" + ", ".join(f"`{n}`" for n in names) + ") VALUES "
            + ", ".join(rows))


def _set_clause(rnd: random.Random, t: Table, prefix: str = "") -> str:
    cols = t.data_columns
    chosen = rnd.sample(cols, k=min(len(cols), rnd.randint(1, 4))) if cols else []
    parts = [f"{prefix}`ver` = {prefix}`ver` + 1"]
    parts += [f"{prefix}`{c.name}` = {c.literal(rnd)}" for c in chosen]
    return ", ".join(parts)


def _update(rnd: random.Random, st: State, t: Table, nrows: int) -> str:
    ids = rnd.sample(st.ids[t.name], k=min(nrows, len(st.ids[t.name])))
    set_clause = _set_clause(rnd, t)
    if len(ids) == 1 and rnd.random() < 0.1:     # change the key too
        new = st.new_id(t.name)
        st.ids[t.name].remove(ids[0])
        st.ids[t.name].append(new)
        set_clause = f"`{t.key}` = {new}, " + set_clause
        return f"UPDATE {t.qname} SET {set_clause} WHERE `{t.key}` = {ids[0]}"
    where = (f"`{t.key}` = {ids[0]}" if len(ids) == 1
             else f"`{t.key}` IN ({', '.join(map(str, sorted(ids)))})")
    return f"UPDATE {t.qname} SET {set_clause} WHERE {where}"


def _delete(rnd: random.Random, st: State, t: Table, nrows: int) -> str:
    ids = rnd.sample(st.ids[t.name], k=min(nrows, len(st.ids[t.name])))
    for i in ids:
        st.ids[t.name].remove(i)
    where = (f"`{t.key}` = {ids[0]}" if len(ids) == 1
             else f"`{t.key}` IN ({', '.join(map(str, sorted(ids)))})")
    return f"DELETE FROM {t.qname} WHERE {where}"


def _multi_update(rnd: random.Random, st: State) -> str | None:
    cands = [t for t in st.tables if st.ids[t.name] and t.engine == "InnoDB"]
    if len(cands) < 2:
        return None
    a, b = rnd.sample(cands, 2)
    ia, ib = rnd.choice(st.ids[a.name]), rnd.choice(st.ids[b.name])
    return (f"UPDATE {a.qname} AS x, {b.qname} AS y SET {_set_clause(rnd, a, 'x.')}, "
            f"{_set_clause(rnd, b, 'y.')} WHERE x.`{a.key}` = {ia} AND y.`{b.key}` = {ib}")


def _one(rnd: random.Random, st: State) -> str:
    t = rnd.choice(st.tables)
    k = rnd.random()
    have = len(st.ids[t.name])
    if k < 0.03:
        m = _multi_update(rnd, st)
        if m:
            return m
    if have == 0 or k < 0.45:
        return _insert(rnd, st, t, 1 if rnd.random() < 0.6 else rnd.randint(2, 6))
    if k < 0.78:
        return _update(rnd, st, t, 1 if rnd.random() < 0.7 else rnd.randint(2, 5))
    return _delete(rnd, st, t, 1 if rnd.random() < 0.7 else rnd.randint(2, 4))


def make_statements(seed: int, n: int, state: State | None = None) -> list[str]:
    """``SESSION_SETUP`` followed by ``n`` DML statements (plus BEGIN/COMMIT).

    Assumes the schema of ``make_schema()`` was just created (empty tables),
    or, given ``state``, the tables and rows that state describes (it is
    updated: the next call goes on from there). About 10 % of the statements
    are grouped into explicit transactions of 2-4 statements; about 3 % are
    two-table UPDATEs. Deterministic in ``seed``.
    """
    rnd = random.Random(seed)
    st = State() if state is None else state
    out = list(SESSION_SETUP)
    done = 0
    while done < n:
        if rnd.random() < 0.05 and n - done >= 2:
            k = min(n - done, rnd.randint(2, 4))
            out.append("BEGIN")
            out += [_one(rnd, st) for _ in range(k)]
            out.append("COMMIT")
            done += k
        else:
            out.append(_one(rnd, st))
            done += 1
    return out


_DML = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.I)


def is_dml(stmt: str) -> bool:
    """True for INSERT/UPDATE/DELETE/REPLACE statements."""
    return bool(_DML.match(stmt))


def apply(server, statements: list[str]) -> list[int]:
    """Run ``statements`` in one session; return ``ROW_COUNT()`` per DML statement.

    Parameters
    ----------
    server : tests.mariadb.server.MariaDBServer
    statements : list of str
        E.g. ``make_statements(seed, n)``.

    Returns
    -------
    list of int
        One entry per statement for which ``is_dml`` is true, in order: the
        rows it inserted, changed or deleted (all are logged as row images).
    """
    script = []
    for s in statements:
        script.append(s.rstrip().rstrip(";") + ";")
        if is_dml(s):
            script.append("SELECT ROW_COUNT();")
    out = server.sql("\n".join(script) + "\n")
    counts = [int(x) for x in out.split()]
    expected = sum(1 for s in statements if is_dml(s))
    if len(counts) != expected:
        raise RuntimeError(f"expected {expected} ROW_COUNT() results, got {len(counts)}")
    return counts
