"""A space of binlog shapes, points drawn from it, and a binlog built for a point by a throw-away MariaDB server.

    .venv/bin/python benchmarks/shape_space.py [--draw 3 --seed 1] [--named many_tables,large_values]
        [--data /tmp/binlog-ksy-bench/space] [--describe]

The four shapes of run_shapes.py are examples; issue 20's follow-up asks that
every cost be independent of the shape. A :class:`Shape` is one point of the
space, every dimension a field:

* ``tables`` (1 to 5,000, spread over ``databases``), ``columns`` per table (1
  to 300; the first is ``id BIGINT PRIMARY KEY``), ``families``: the column
  type families the columns are drawn from (:data:`FAMILIES`: integers of each
  size signed and unsigned, DECIMAL, FLOAT/DOUBLE, BIT, YEAR, DATE, TIME,
  DATETIME, TIMESTAMP with fractions, CHAR/VARCHAR in utf8mb4, latin1 and
  binary, TEXT and BLOB of each size, JSON, ENUM, SET, INET4/INET6, UUID,
  GEOMETRY/POINT/LINESTRING), ``null_fraction`` of the nullable columns;
* ``value_bytes``: the typical size of a variable-length value (a byte to
  megabytes; VARCHAR and CHAR are capped by their declared length, TEXT/BLOB
  by their type);
* ``rows_per_statement`` (1 to 1 M; each statement takes between half and all
  of it), ``statements_per_transaction`` and ``tables_per_transaction`` (each
  transaction takes 1 to that many), ``mix``: the weights of inserts, updates
  and deletes;
* the server's logging: ``row_image`` (FULL, MINIMAL, NOBLOB), ``metadata``
  (FULL, MINIMAL), ``compress`` (log_bin_compress, with ``compress_min_len``),
  ``checksum`` (CRC32, NONE), ``row_event_max_size`` (binlog_row_event_max_size:
  how many rows one rows event holds), ``annotate`` (binlog_annotate_row_events:
  an ANNOTATE_ROWS event with the statement's text before its rows; the
  generator's statements are long SQL expressions, so with it on a good part of
  the binlog is their text);
* ``ddl_every``: the chance per transaction of a DDL statement before it (ADD
  COLUMN, DROP COLUMN, an integer column widened, or the table dropped and
  made anew with new columns);
* ``size_mb``: the binlog's target size, and ``transactions``, derived from
  the shape (:func:`fit`) so that the binlog is about ``size_mb`` before
  compression (compressed events make the file smaller; the work of reading
  it stays the same).

:func:`draw_shape` draws a point (log-uniform where the range is wide), sized
to 5-40 MB of binlog and a few minutes of building at most; :data:`NAMED` holds
fixed points: the four shapes of run_shapes.py as points of the space (their
columns are drawn from the same families, not the exact tables of
shape_workloads.py), ``many_tables`` and ``large_values`` (the two shapes issue
20's follow-up reported). :func:`build` makes the binlog of ``(shape, seed)``:
a server with the shape's options (tests/mariadb/server.py), the tables
created, the workload fed through one long-lived ``mariadb`` client over a pipe
(values made by the server: ``INSERT ... SELECT`` from the Sequence engine, so
megabyte values cost no SQL text), then the binlog copied into the folder with
``manifest.json`` (the shape, the seed, counts, sizes, the build time).
Every choice inside the workload (the column types of each table, which tables
a transaction touches, the values) comes from the seed: the same shape and
seed give the same statements. :func:`ensure` builds into a cache folder keyed
by the shape and the seed, or reuses what is there.

Values are made from the row's id by SQL expressions: long values repeat a
short piece (they compress well), integers hit their type's limits every
hundredth row or so, nullable columns are NULL in about ``null_fraction`` of
the rows. Every table has a primary key (no shape without one).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import narrow_workload  # noqa: E402
from narrow_workload import Counts  # noqa: E402

DEFAULT_DATA = narrow_workload.DEFAULT_DATA / "space"

#: Bumped when the same shape and seed would make different statements: the cache key includes it.
GENERATOR = 1

#: The column type families a shape draws its columns from.
FAMILIES = ("int", "decimal", "float", "bit", "year", "date", "time", "datetime", "timestamp", "char", "varchar",
            "text", "blob", "json", "enum", "set", "inet", "uuid", "geometry")

#: Families whose values are stored off the row (left out of NOBLOB images).
BLOB_FAMILIES = ("text", "blob", "json", "geometry")

ROW_IMAGES = ("FULL", "MINIMAL", "NOBLOB")
METADATA = ("FULL", "MINIMAL")
CHECKSUMS = ("CRC32", "NONE")

MB = 1_000_000


@dataclass(frozen=True)
class Shape:
    """One point of the space of binlog shapes (see the module's docstring for each field)."""

    tables: int = 1
    columns: int = 8
    families: tuple[str, ...] = FAMILIES
    null_fraction: float = 0.2
    value_bytes: int = 32
    databases: int = 1
    rows_per_statement: int = 1
    statements_per_transaction: int = 1
    tables_per_transaction: int = 1
    mix: tuple[float, float, float] = (0.5, 0.3, 0.2)
    row_image: str = "FULL"
    metadata: str = "FULL"
    compress: bool = False
    compress_min_len: int = 256
    checksum: str = "CRC32"
    row_event_max_size: int = 8192
    annotate: bool = False
    ddl_every: float = 0.0
    size_mb: float = 20.0
    #: Transactions to write; 0: derived from ``size_mb`` by :func:`fit`.
    transactions: int = 0
    #: The name of a named shape ("" for a drawn one).
    label: str = ""

    @property
    def code(self) -> str:
        """A compact code of the main dimensions, e.g. ``t1500c8f19v24r1s2x3-FFk``: tables, columns, number of
        families, value bytes, rows per statement, statements and tables per transaction; then row image and
        metadata (F/M/N), z for compressed, k for CRC32 (n: none), a for ANNOTATE_ROWS events, d for DDL."""
        flags = (self.row_image[0] + self.metadata[0] + ("z" if self.compress else "")
                 + ("k" if self.checksum == "CRC32" else "n") + ("a" if self.annotate else "")
                 + ("d" if self.ddl_every > 0 else ""))
        return (f"t{self.tables}c{self.columns}f{len(self.families)}v{_short(self.value_bytes)}"
                f"r{_short(self.rows_per_statement)}s{self.statements_per_transaction}"
                f"x{self.tables_per_transaction}-{flags}")

    @property
    def name(self) -> str:
        return self.label or self.code

    def describe(self) -> str:
        i, u, d = (round(100 * w / sum(self.mix)) for w in self.mix)
        fam = "all families" if set(self.families) == set(FAMILIES) else "+".join(self.families)
        ddl = f"DDL before {self.ddl_every:.2%} of transactions" if self.ddl_every else "no DDL"
        z = f"compressed (min {self.compress_min_len} B)" if self.compress else "not compressed"
        return (f"{self.tables:,} table(s) in {self.databases} database(s), {self.columns} column(s) of {fam}, "
                f"{self.null_fraction:.0%} NULLs, values ~{_short(self.value_bytes)}B; "
                f"{_short(self.rows_per_statement)} row(s) per statement, 1-{self.statements_per_transaction} "
                f"statement(s) over 1-{self.tables_per_transaction} table(s) per transaction, "
                f"{self.transactions:,} transactions, ins/upd/del {i}/{u}/{d} %; {self.row_image} images, "
                f"{self.metadata} metadata, {self.checksum}, {z}, rows events up to "
                f"{_short(self.row_event_max_size)}B, {'with' if self.annotate else 'no'} ANNOTATE_ROWS; {ddl}; "
                f"~{self.size_mb:g} MB")

    def key(self, seed: int) -> str:
        """The cache key of the binlog of this shape built from ``seed``."""
        text = json.dumps([GENERATOR, seed, to_json(self)], sort_keys=True)
        return hashlib.sha1(text.encode()).hexdigest()[:10]

    def server_options(self) -> dict[str, object]:
        """narrow_workload.py's options with the shape's logging; table caches sized by the number of tables."""
        opts = dict(narrow_workload.SERVER_OPTIONS)
        opts.update({
            "binlog_row_image": self.row_image,
            "binlog_row_metadata": self.metadata,
            "binlog_checksum": self.checksum,
            "binlog_row_event_max_size": self.row_event_max_size,
            "binlog_annotate_row_events": self.annotate,
            "log_bin_compress": self.compress,
            "log_bin_compress_min_len": self.compress_min_len,
            "table_open_cache": max(2000, self.tables + 100),
            "table_definition_cache": max(400, self.tables + 100),
            "innodb_file_per_table": "OFF",  # thousands of CREATE TABLE: no file each
        })
        return opts


def _short(n: float) -> str:
    """1536 -> 1.5K, 4194304 -> 4M (powers of 1024), 12 -> 12."""
    for unit, size in (("M", 1 << 20), ("K", 1 << 10)):
        if n >= size:
            return f"{n / size:.3g}{unit}"
    return f"{n:g}"


def to_json(shape: Shape) -> dict[str, Any]:
    data = dataclasses.asdict(shape)
    data["families"] = list(shape.families)
    data["mix"] = list(shape.mix)
    return data


def from_json(data: dict[str, Any]) -> Shape:
    known = {f.name for f in dataclasses.fields(Shape)}
    values = {k: v for k, v in data.items() if k in known}
    if "families" in values:
        values["families"] = tuple(values["families"])
    if "mix" in values:
        values["mix"] = tuple(values["mix"])
    return Shape(**values)


# -- columns --------------------------------------------------------------------------------------------

MULT = 2654435761  # an odd multiplier: neighbouring ids get distant values

#: Bytes per character in a row image of each charset; the most bytes per character.
CHARSETS = {"utf8mb4": (1.7, 4), "latin1": (1.0, 1), "binary": (1.0, 1)}
#: The largest value of each TEXT/BLOB size.
LOB_SIZES = (("TINY", 255), ("", 65_535), ("MEDIUM", 16_777_215), ("LONG", 1 << 30))
INT_TYPES = (("TINYINT", 8), ("SMALLINT", 16), ("MEDIUMINT", 24), ("INT", 32), ("BIGINT", 64))


@dataclass
class Column:
    """One column: its DDL and the SQL expression of its value for a row number."""

    name: str
    family: str
    type_sql: str
    kind: str
    params: tuple[int, ...] = ()
    charset: str = ""
    nullable: bool = True
    #: Estimated bytes in a row image (NULLs not counted), and in the row as InnoDB keeps it inline.
    width: float = 0.0
    inline: int = 0
    #: Bytes counted against MySQL's 65,535-byte row limit (TEXT/BLOB: their pointer).
    declared: int = 0

    @property
    def blob(self) -> bool:
        return self.family in BLOB_FAMILIES

    def ddl(self) -> str:
        cs = f" CHARACTER SET {self.charset}" if self.charset and self.charset != "binary" else ""
        return f"{self.name} {self.type_sql}{cs} {'NULL' if self.nullable else 'NOT NULL'}"

    def value(self, s: str, k: int, null_every: int) -> str:
        """The SQL expression of this column's value for row number ``s`` (an SQL expression) and salt ``k``."""
        e = EXPRESSIONS[self.kind](self, s, k)
        if self.nullable and null_every:
            return f"IF(MOD({s}+{k},{null_every})=0,NULL,{e})"
        return e


def _text(charset: str, s: str, k: int, length: int) -> str:
    """A string of between ``length / 2`` and ``length`` characters (bytes for binary)."""
    if charset == "binary":
        piece, per = f"UNHEX(MD5({s}+{k}))", 16
    elif charset == "latin1":
        piece, per = f"CONCAT('éü ',{s},' ')", 5
    else:
        piece, per = f"CONCAT('ü€😀 ',{s},' ')", 6
    n = f"{length}-MOD({s},{length // 2})" if length > 1 else "1"
    return f"LEFT(REPEAT({piece},{length // per + 1}),{n})"


def _wide_unsigned(s: str, k: int) -> str:
    return f"CAST(CONV(SUBSTR(MD5({s}+{k}),1,16),16,10) AS UNSIGNED)"


def _int_expr(c: Column, s: str, k: int) -> str:
    bits, unsigned = c.params
    lo, hi = (0, (1 << bits) - 1) if unsigned else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    if bits == 64:
        e = _wide_unsigned(s, k) if unsigned else f"(CAST(CONV(SUBSTR(MD5({s}+{k}),1,15),16,10) AS SIGNED)-{1 << 59})"
    else:
        e = f"MOD({s}*{MULT}+{k},{1 << bits})" + ("" if unsigned else f"-{1 << (bits - 1)}")
    return f"CASE MOD({s}+{k},97) WHEN 0 THEN {lo} WHEN 1 THEN {hi} ELSE {e} END"


def _decimal_expr(c: Column, s: str, k: int) -> str:
    precision, scale = c.params
    whole = 10 ** min(precision - scale, 15)
    return f"TRUNCATE((MOD({s}*{MULT}+{k},{whole})+MOD({s},997)/997)*IF(MOD({s},2)=0,1,-1),{scale})"


def _bits_expr(c: Column, s: str, k: int) -> str:
    return _wide_unsigned(s, k) if c.params[0] == 64 else f"MOD({s}*{MULT}+{k},{1 << c.params[0]})"


def _moment_expr(c: Column, s: str, k: int) -> str:
    base, span = ("1990", 1_500_000_000) if c.kind == "datetime" else ("2000", 900_000_000)
    return (f"TIMESTAMP'{base}-01-01 00:00:00'+INTERVAL MOD({s}*{MULT}+{k},{span}) SECOND"
            f"+INTERVAL MOD({s},999999) MICROSECOND")


def _json_expr(c: Column, s: str, k: int) -> str:
    return (f"JSON_OBJECT('id',{s},'k',{k},'ok',MOD({s},2)=0,'f',{s}/8,'a',JSON_ARRAY('x',MOD({s},10),NULL),"
            f"'t',{_text('utf8mb4', s, k, c.params[0])})")


def _uuid_expr(c: Column, s: str, k: int) -> str:
    h = f"MD5({s}+{k})"
    return (f"CONCAT(SUBSTR({h},1,8),'-',SUBSTR({h},9,4),'-4',SUBSTR({h},14,3),'-a',SUBSTR({h},18,3),'-',"
            f"SUBSTR({h},21,12))")


def _point(s: str, k: int) -> str:
    return f"POINT(MOD({s},1000),MOD({s}+{k},1000))"


def _line(s: str, k: int) -> str:
    return f"LINESTRING(POINT(0,MOD({s},7)),{_point(s, k)})"


#: The SQL expression of a value, per column kind: ``(column, row number expression, salt)``.
EXPRESSIONS: dict[str, Callable[[Column, str, int], str]] = {
    "int": _int_expr,
    "decimal": _decimal_expr,
    "float": lambda c, s, k: f"MOD({s}*{MULT}+{k},1000003)/7e0",
    "double": lambda c, s, k: f"({s}*{MULT}+{k})/3.7e0*IF(MOD({s},2)=0,1,-1)",
    "bit": _bits_expr,
    "set": _bits_expr,
    "year": lambda c, s, k: f"1901+MOD({s}+{k},255)",
    "date": lambda c, s, k: f"DATE'1990-01-01'+INTERVAL MOD({s}*{MULT}+{k},20000) DAY",
    "time": lambda c, s, k: f"SEC_TO_TIME(MOD({s}*{MULT}+{k},1600000)-800000+MOD({s},1000)/1000)",
    "datetime": _moment_expr,
    "timestamp": _moment_expr,
    "str": lambda c, s, k: _text(c.charset, s, k, c.params[0]),
    "json": _json_expr,
    "enum": lambda c, s, k: f"1+MOD({s}+{k},{c.params[0]})",
    "inet4": lambda c, s, k: f"INET_NTOA(MOD({s}*{MULT}+{k},4294967296))",
    "inet6": lambda c, s, k: f"CONCAT('2001:db8:',HEX(MOD({s},65536)),'::',HEX(MOD({s}+{k},65536)))",
    "uuid": _uuid_expr,
    "point": lambda c, s, k: _point(s, k),
    "linestring": lambda c, s, k: _line(s, k),
    "geometry": lambda c, s, k: f"IF(MOD({s},2)=0,{_point(s, k)},{_line(s, k)})",
}


def _length(rng: random.Random, value_bytes: int, cap: int) -> int:
    """A value length around ``value_bytes`` (x0.5 to x2), at most ``cap``."""
    return max(1, min(cap, round(value_bytes * 2 ** rng.uniform(-1, 1))))


def _fixed(c: Column, type_sql: str, size: int, kind: str = "", params: tuple[int, ...] = ()) -> None:
    c.type_sql, c.kind, c.params = type_sql, kind or c.kind, params
    c.width = c.inline = c.declared = size


def _draw_int(rng: random.Random, c: Column, value_bytes: int) -> None:
    sql, bits = rng.choice(INT_TYPES)
    unsigned = rng.random() < 0.4
    _fixed(c, sql + (" UNSIGNED" if unsigned else ""), bits // 8, params=(bits, int(unsigned)))


def _draw_decimal(rng: random.Random, c: Column, value_bytes: int) -> None:
    precision = rng.choice((rng.randint(1, 18), rng.randint(19, 65)))
    scale = rng.randint(0, min(precision, 30))
    _fixed(c, f"DECIMAL({precision},{scale})", precision // 2 + 1, params=(precision, scale))


def _draw_float(rng: random.Random, c: Column, value_bytes: int) -> None:
    kind = rng.choice(("float", "double"))
    _fixed(c, kind.upper(), 4 if kind == "float" else 8, kind)


def _draw_bits(rng: random.Random, c: Column, value_bytes: int) -> None:
    n = rng.choice((1, rng.randint(2, 63), 64))
    if c.family == "bit":
        _fixed(c, f"BIT({n})", (n + 7) // 8, params=(n,))
    else:
        _fixed(c, "SET(" + ",".join(f"'m{i}'" for i in range(n)) + ")", (n + 7) // 8, params=(n,))


def _draw_moment(rng: random.Random, c: Column, value_bytes: int) -> None:
    fsp = rng.choice((0, rng.randint(1, 6), 6))
    base = {"time": 3, "datetime": 5, "timestamp": 4}[c.family]
    _fixed(c, f"{c.family.upper()}({fsp})", base + (fsp + 1) // 2)


def _draw_char(rng: random.Random, c: Column, value_bytes: int) -> None:
    c.kind, c.charset = "str", rng.choice(("utf8mb4", "latin1", "binary"))
    avg, most = CHARSETS[c.charset]
    if c.family == "char":
        n = _length(rng, value_bytes, 60)
        c.type_sql = f"BINARY({n})" if c.charset == "binary" else f"CHAR({n})"
        c.width = n * avg
        c.inline = c.declared = n * most
        c.params = (n,)
        return
    length = _length(rng, value_bytes, 16_000 // most)
    n = min(max(length, rng.choice((length, 2 * length, 255))), 16_000 // most)
    c.type_sql = f"VARBINARY({n})" if c.charset == "binary" else f"VARCHAR({n})"
    c.declared = n * most + 2
    c.inline = c.declared if c.declared <= 255 else 40  # a long column may go off the page
    c.width = 0.75 * length * avg + (1 if c.declared <= 256 else 2)
    c.params = (length,)


def _draw_lob(rng: random.Random, c: Column, value_bytes: int) -> None:
    c.kind, c.charset = "str", "binary" if c.family == "blob" else rng.choice(("utf8mb4", "latin1"))
    avg, most = CHARSETS[c.charset]
    want = _length(rng, value_bytes, 1 << 29)
    fits = [(p, cap) for p, cap in LOB_SIZES if cap >= want * most] or [LOB_SIZES[-1]]
    prefix, cap = rng.choice(fits) if rng.random() < 0.8 else rng.choice(LOB_SIZES)
    length = max(1, min(want, cap // most))
    c.type_sql = prefix + ("BLOB" if c.family == "blob" else "TEXT")
    c.params = (length,)
    c.width, c.inline, c.declared = 0.75 * length * avg + 2, 40, 12


def _draw_json(rng: random.Random, c: Column, value_bytes: int) -> None:
    length = _length(rng, value_bytes, 1 << 28)
    c.type_sql, c.params = "JSON", (length,)
    c.width, c.inline, c.declared = 80 + 0.75 * length * 1.7, 40, 12


def _draw_enum(rng: random.Random, c: Column, value_bytes: int) -> None:
    n = rng.choice((1, rng.randint(2, 20), rng.randint(200, 300)))
    _fixed(c, "ENUM(" + ",".join(f"'v{i}'" for i in range(n)) + ")", 1 if n < 256 else 2, params=(n,))


def _draw_inet(rng: random.Random, c: Column, value_bytes: int) -> None:
    kind = rng.choice(("inet4", "inet6"))
    _fixed(c, kind.upper(), 4 if kind == "inet4" else 16, kind)


def _draw_geometry(rng: random.Random, c: Column, value_bytes: int) -> None:
    c.kind = rng.choice(("geometry", "point", "linestring"))
    c.type_sql = c.kind.upper()
    c.width, c.inline, c.declared = 50, 40, 12


#: How a column of each family is drawn: its type and parameters, and its estimated sizes.
DRAW: dict[str, Callable[[random.Random, Column, int], None]] = {
    "int": _draw_int,
    "decimal": _draw_decimal,
    "float": _draw_float,
    "bit": _draw_bits,
    "set": _draw_bits,
    "year": lambda rng, c, v: _fixed(c, "YEAR", 1),
    "date": lambda rng, c, v: _fixed(c, "DATE", 3),
    "time": _draw_moment,
    "datetime": _draw_moment,
    "timestamp": _draw_moment,
    "char": _draw_char,
    "varchar": _draw_char,
    "text": _draw_lob,
    "blob": _draw_lob,
    "json": _draw_json,
    "enum": _draw_enum,
    "inet": _draw_inet,
    "uuid": lambda rng, c, v: _fixed(c, "UUID", 16),
    "geometry": _draw_geometry,
}


def draw_column(rng: random.Random, name: str, family: str, value_bytes: int, nullable: bool) -> Column:
    """A column of ``family``: its type, its parameters and its estimated sizes."""
    if family not in DRAW:
        raise ValueError(f"unknown family {family!r}")
    c = Column(name, family, "", family, nullable=nullable)
    DRAW[family](rng, c, value_bytes)
    return c


#: Per table: the bytes a row may keep inline (InnoDB's limit is about 8,126, half a 16 KB page) and the bytes its
#: columns may declare (MySQL's row limit, 65,535); a column that would pass either is drawn from a cheaper family.
INLINE_BUDGET = 7_000
DECLARED_BUDGET = 60_000
CHEAP = ("int", "year", "date", "enum", "bit", "float", "set", "time", "datetime", "timestamp", "inet", "uuid",
         "decimal", "geometry", "text", "blob", "json")


@dataclass
class Table:
    """A table of the workload, as the generator keeps it: its columns and which ids are live."""

    db: str
    name: str
    columns: list[Column] = field(default_factory=list)
    lo: int = 1  # the live ids are lo .. hi - 1
    hi: int = 1
    made: int = 0  # columns made so far (names are never reused)
    rounds: int = 0

    @property
    def qualified(self) -> str:
        return f"{self.db}.{self.name}"

    @property
    def live(self) -> int:
        return self.hi - self.lo

    def budget_left(self) -> tuple[int, int]:
        return (INLINE_BUDGET - sum(c.inline for c in self.columns),
                DECLARED_BUDGET - sum(c.declared for c in self.columns))

    def add_column(self, rng: random.Random, shape: Shape, nullable: bool | None = None) -> Column:
        self.made += 1
        name = f"c{self.made}"
        if nullable is None:
            nullable = rng.random() < 0.75
        inline, declared = self.budget_left()
        family = rng.choice(shape.families)
        col = draw_column(rng, name, family, shape.value_bytes, nullable)
        if col.inline > inline or col.declared > declared:
            cheap = [f for f in CHEAP if f in shape.families] + ["int"]
            for fam in cheap:
                col = draw_column(rng, name, fam, min(shape.value_bytes, 8), nullable)
                if col.inline <= inline and col.declared <= declared:
                    break
        self.columns.append(col)
        return col

    def create(self) -> str:
        cols = ["id BIGINT NOT NULL PRIMARY KEY", *(c.ddl() for c in self.columns)]
        return f"CREATE TABLE {self.qualified} ({', '.join(cols)}) ENGINE=InnoDB ROW_FORMAT=DYNAMIC"


def make_table(rng: random.Random, shape: Shape, db: str, name: str) -> Table:
    t = Table(db, name)
    for _ in range(shape.columns - 1):
        t.add_column(rng, shape)
    return t


# -- sizes ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FamilySizes:
    """Mean sizes of a column of one family in one shape (drawn a few times): bytes in a row image, whether it
    is a blob, characters of its value expression and of its DDL."""

    width: float
    blob: bool
    expr: float
    ddl: float


def family_sizes(shape: Shape, family: str) -> FamilySizes:
    rng = random.Random(family)
    cols = [draw_column(rng, "c99", family, shape.value_bytes, True) for _ in range(16)]
    return FamilySizes(sum(c.width for c in cols) / len(cols), family in BLOB_FAMILIES,
                       sum(len(c.value("n", 12345, 5)) for c in cols) / len(cols),
                       sum(len(c.ddl()) for c in cols) / len(cols))


def image_bytes(shape: Shape) -> dict[str, float]:
    """Estimated binlog bytes of one row change per op (both images of an update), of a TABLE_MAP, of the text
    of an insert and an update statement (ANNOTATE_ROWS) and of a CREATE TABLE."""
    fam = [family_sizes(shape, f) for f in shape.families]
    n = shape.columns - 1
    nulls = 1 - 0.75 * shape.null_fraction
    mean_width = sum(f.width for f in fam) / len(fam)
    full = 8 + n * nulls * mean_width
    noblob = 8 + n * nulls * sum(f.width for f in fam if not f.blob) / len(fam)
    changed = min(3, n) * nulls * mean_width
    overhead = 2 + (n + 8) // 8
    if shape.row_image == "FULL":
        before, after = full, full
    elif shape.row_image == "NOBLOB":
        before, after = noblob, noblob + changed * (full - noblob) / max(full, 1)
    else:
        before, after = 8, changed
    mean_expr = sum(f.expr for f in fam) / len(fam)
    return {"insert": full + overhead, "update": before + after + 2 * overhead, "delete": before + overhead,
            "table_map": 40 + shape.columns * (3 + (10 if shape.metadata == "FULL" else 1)),
            "insert_text": 150 + n * (mean_expr + 6), "update_text": 100 + min(2, n) * (mean_expr + 6),
            "create": 120 + n * (sum(f.ddl for f in fam) / len(fam) + 2)}


def create_bytes(shape: Shape) -> float:
    """Estimated binlog bytes of the CREATE statements."""
    return shape.tables * (image_bytes(shape)["create"] + 60)


def transaction_bytes(shape: Shape) -> float:
    """Estimated binlog bytes of one transaction (before compression)."""
    size = image_bytes(shape)
    w = [m / sum(shape.mix) for m in shape.mix]
    row = w[0] * size["insert"] + w[1] * size["update"] + w[2] * size["delete"]
    rows = (shape.rows_per_statement + max(1, shape.rows_per_statement // 2)) / 2
    statements = (1 + shape.statements_per_transaction) / 2
    events = max(1.0, rows * row / shape.row_event_max_size)
    text = (w[0] * size["insert_text"] + (1 - w[0]) * size["update_text"] + 50) if shape.annotate else 0
    return 120 + statements * (size["table_map"] + text + events * 40 + rows * row)


#: A build writes at most this many statements (a few minutes on 2 cores) and at most this many rows.
MAX_STATEMENTS = 250_000
MAX_ROWS = 20_000_000


def _row_bytes(shape: Shape) -> float:
    size = image_bytes(shape)
    return max(size["insert"], size["update"], 1.0)


def fit(shape: Shape) -> Shape:
    """Make ``shape`` buildable in a few minutes and about ``size_mb`` big: a row at most 1/16 of the target
    (smaller values), a statement at most 1/4 of it, at most 1 M rows per transaction, tables per transaction
    at most the statements and the tables; ``transactions`` from the estimated size unless given."""
    target = shape.size_mb * MB
    s = dataclasses.replace(shape, tables=max(1, shape.tables), columns=max(1, min(300, shape.columns)),
                            databases=max(1, min(shape.databases, shape.tables)))
    while s.value_bytes > 1 and _row_bytes(s) > target / 16:
        s = dataclasses.replace(s, value_bytes=max(1, s.value_bytes // 2))
    row = _row_bytes(s)
    s = dataclasses.replace(s, rows_per_statement=max(1, min(s.rows_per_statement, 1_000_000, int(target / 4 / row))))
    most_statements = max(1, min(s.statements_per_transaction, 1_000_000 // s.rows_per_statement,
                                 int(target / 2 / (row * s.rows_per_statement))))
    s = dataclasses.replace(s, statements_per_transaction=most_statements)
    s = dataclasses.replace(s, tables_per_transaction=max(1, min(s.tables_per_transaction,
                                                                 s.statements_per_transaction, s.tables)))
    if not s.transactions:
        per_statement = (1 + s.statements_per_transaction) / 2
        rows = (s.rows_per_statement + max(1, s.rows_per_statement // 2)) / 2 * per_statement
        n = max(1, round(max(target / 10, target - create_bytes(s)) / transaction_bytes(s)))
        n = min(n, max(1, int(MAX_STATEMENTS / per_statement)), max(1, int(MAX_ROWS / rows)))
        s = dataclasses.replace(s, transactions=n)
    return s


# -- drawing --------------------------------------------------------------------------------------------

def log_uniform(rng: random.Random, lo: float, hi: float) -> float:
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def log_int(rng: random.Random, lo: int, hi: int) -> int:
    return max(lo, min(hi, int(log_uniform(rng, lo, hi + 1))))


def draw_shape(rng: random.Random, size_mb: tuple[float, float] = (5.0, 40.0), max_tables: int = 5000,
               max_columns: int = 300, max_value_bytes: int = 4 << 20, max_rows: int = 1_000_000) -> Shape:
    """A point of the space. The bounds shrink it (``run_shape_space.py --quick`` draws tiny shapes).

    Values are short (up to 256 bytes) in 60 % of the shapes, up to ``max_value_bytes`` in the others; a row is
    kept under 1/64 of the binlog (smaller values). Rows per transaction are drawn log-uniform within what the
    size allows (a transaction at most 1/4 of the binlog), then split into statements, so that the number of
    transactions spreads from a handful to hundreds of thousands."""
    tables = log_int(rng, 1, max_tables)
    # at most 150,000 columns in all: thousands of tables of hundreds of columns take too long to create
    columns = log_int(rng, 1, max(1, min(max_columns, 150_000 // tables)))
    families: tuple[str, ...] = FAMILIES
    if rng.random() >= 0.3:
        families = tuple(sorted(rng.sample(FAMILIES, rng.randint(1, len(FAMILIES))), key=FAMILIES.index))
    mix = (1.0, 0.0, 0.0)
    if rng.random() >= 0.15:
        mix = (round(rng.uniform(0.1, 1), 2), round(rng.uniform(0, 1), 2), round(rng.uniform(0, 0.6), 2))
    shape = Shape(
        tables=tables,
        columns=columns,
        families=families,
        null_fraction=0.0 if rng.random() < 0.3 else round(rng.uniform(0.01, 0.6), 2),
        value_bytes=log_int(rng, 1, max_value_bytes if rng.random() < 0.4 else min(256, max_value_bytes)),
        databases=log_int(rng, 1, min(tables, 20)),
        mix=mix,
        row_image=rng.choices(ROW_IMAGES, (2, 1, 1))[0],
        metadata=rng.choices(METADATA, (3, 2))[0],
        compress=rng.random() < 0.25,
        compress_min_len=log_int(rng, 10, 1024),
        checksum=rng.choices(CHECKSUMS, (3, 1))[0],
        row_event_max_size=rng.choices((8192, 1024, 65536, 1 << 20, 16 << 20), (4, 1, 1, 1, 1))[0],
        annotate=rng.random() < 0.5,
        ddl_every=0.0 if rng.random() < 0.5 else round(log_uniform(rng, 1e-3, 0.1), 4),
        size_mb=round(log_uniform(rng, *size_mb), 1),
    )
    target = shape.size_mb * MB
    while shape.value_bytes > 1 and _row_bytes(shape) > target / 64:
        shape = dataclasses.replace(shape, value_bytes=max(1, shape.value_bytes // 2))
    row = _row_bytes(shape)
    per_transaction = log_int(rng, 1, max(1, min(max_rows, int(target / 4 / row))))
    statements = log_int(rng, 1, min(100, per_transaction))
    rows = max(1, per_transaction // statements)
    spread = log_int(rng, 1, min(tables, statements, 50))
    shape = dataclasses.replace(shape, rows_per_statement=rows, statements_per_transaction=statements,
                                tables_per_transaction=spread)
    return fit(shape)


#: Named points: issue 20's four shapes (as points of the space: their columns drawn from the families, not the
#: exact tables of shape_workloads.py; ANNOTATE_ROWS on, the server's default, as there) and the two shapes its
#: follow-up reported (no ANNOTATE_ROWS: the generator's long statement texts would fill most of the binlog);
#: ``wide_altered``, the first drawn shape the space's tooling was not tuned on (seed 20261208: 8 tables of 199
#: columns of every family, NOBLOB images, MINIMAL metadata, compressed, a DDL before 6% of the transactions):
#: every command 3-68x the C++ tool's time when it was found.
NAMED: dict[str, Shape] = {s.label: fit(s) for s in (
    Shape(label="wide", tables=1, columns=24, null_fraction=0.35, value_bytes=24, rows_per_statement=2000,
          statements_per_transaction=3, mix=(0.67, 0.22, 0.11), annotate=True, size_mb=25),
    Shape(label="oltp", tables=1, columns=5, families=("int", "char", "datetime"), null_fraction=0.0,
          value_bytes=90, rows_per_statement=1, mix=(0.05, 0.95, 0.0), annotate=True, size_mb=13),
    Shape(label="bulk", tables=1, columns=8, families=("int", "varchar", "decimal", "datetime", "enum"),
          null_fraction=0.25, value_bytes=12, rows_per_statement=40_000, statements_per_transaction=3,
          mix=(0.87, 0.09, 0.04), annotate=True, size_mb=17),
    Shape(label="ddl", tables=30, columns=5, families=("int", "varchar", "decimal", "datetime"),
          value_bytes=12, rows_per_statement=20, statements_per_transaction=1, mix=(0.7, 0.2, 0.1),
          annotate=True, ddl_every=0.002, size_mb=5),
    Shape(label="many_tables", tables=2000, columns=8, null_fraction=0.2, value_bytes=16, databases=10,
          rows_per_statement=1, statements_per_transaction=3, tables_per_transaction=3, mix=(0.5, 0.35, 0.15),
          size_mb=20),
    Shape(label="large_values", tables=4, columns=6, families=("int", "text", "blob", "json"), null_fraction=0.1,
          value_bytes=8192, rows_per_statement=10, statements_per_transaction=2, tables_per_transaction=2,
          mix=(0.6, 0.3, 0.1), size_mb=30),
    Shape(label="wide_altered", tables=8, columns=199, null_fraction=0.0, value_bytes=14, rows_per_statement=2,
          statements_per_transaction=5, tables_per_transaction=1, mix=(0.6, 0.17, 0.23), row_image="NOBLOB",
          metadata="MINIMAL", compress=True, compress_min_len=371, checksum="NONE", annotate=True,
          ddl_every=0.0587, size_mb=38),
)}


# -- the workload ---------------------------------------------------------------------------------------

class Workload:
    """The statements of ``(shape, seed)``: the tables, then the transactions (with their DDL)."""

    def __init__(self, shape: Shape, seed: int) -> None:
        self.shape = shape
        self.rng = random.Random(seed)
        self.null_every = round(1 / shape.null_fraction) if shape.null_fraction > 0 else 0
        self.tables = [make_table(self.rng, shape, f"s{i % shape.databases}", f"t{i}") for i in range(shape.tables)]
        self.counts = Counts()
        self.statements = 0
        self.ddl = 0

    def create(self) -> Iterator[str]:
        for d in range(self.shape.databases):
            yield f"CREATE DATABASE s{d}"
        for t in self.tables:
            yield t.create()

    def _insert(self, t: Table, n: int) -> str:
        t.rounds += 1
        first, t.hi = t.hi, t.hi + n
        names = ",".join(["id", *(c.name for c in t.columns)])
        values = ",".join(["n", *(c.value("n", 7919 * i + t.rounds, self.null_every)
                                  for i, c in enumerate(t.columns))])
        self.counts.inserts += n
        return (f"INSERT INTO {t.qualified} ({names}) SELECT {values} FROM "
                f"(SELECT CAST(seq AS SIGNED) AS n FROM seq_{first}_to_{t.hi - 1}) q")

    def _update(self, t: Table, n: int) -> str:
        t.rounds += 1
        first = t.lo + self.rng.randrange(t.live - n + 1)
        cols = self.rng.sample(t.columns, min(len(t.columns), self.rng.randint(1, 3)))
        sets = ",".join(f"{c.name}={c.value('id', 104729 * t.rounds + i, self.null_every)}"
                        for i, c in enumerate(cols))
        self.counts.updates += n
        return f"UPDATE {t.qualified} SET {sets} WHERE id BETWEEN {first} AND {first + n - 1}"

    def _delete(self, t: Table, n: int) -> str:
        first, t.lo = t.lo, t.lo + n
        self.counts.deletes += n
        return f"DELETE FROM {t.qualified} WHERE id BETWEEN {first} AND {t.lo - 1}"

    def statement(self, t: Table) -> str:
        rows = self.shape.rows_per_statement
        n = self.rng.randint(max(1, rows // 2), rows)
        op = self.rng.choices(("i", "u", "d"), self.shape.mix)[0]
        if op == "u" and not t.columns:  # only the key: nothing to update
            op = "i"
        if op != "i" and t.live == 0:
            op = "i"
        self.statements += 1
        if op == "i":
            return self._insert(t, n)
        n = min(n, t.live)
        return self._update(t, n) if op == "u" else self._delete(t, n)

    def alter(self, t: Table) -> list[str]:
        """One DDL change of ``t``: ADD COLUMN, DROP COLUMN, an integer widened, or the table made anew."""
        self.ddl += 1
        action = self.rng.choice(("add", "add", "drop", "widen", "recreate"))
        ints = [c for c in t.columns if c.kind == "int" and c.params[0] < 64]
        if action == "drop" and len(t.columns) > 1:
            col = t.columns.pop(self.rng.randrange(len(t.columns)))
            return [f"ALTER TABLE {t.qualified} DROP COLUMN {col.name}"]
        if action == "widen" and ints:
            col = self.rng.choice(ints)
            bits, unsigned = col.params
            sql, wider = next((s, b) for s, b in INT_TYPES if b > bits)
            col.type_sql, col.params = sql + (" UNSIGNED" if unsigned else ""), (wider, unsigned)
            col.width = col.inline = col.declared = wider // 8
            return [f"ALTER TABLE {t.qualified} MODIFY {col.ddl()}"]
        if action == "recreate":
            fresh = make_table(self.rng, self.shape, t.db, t.name)
            t.columns, t.made, t.lo = fresh.columns, fresh.made, t.hi
            return [f"DROP TABLE {t.qualified}", t.create()]
        col = t.add_column(self.rng, self.shape, nullable=True)
        return [f"ALTER TABLE {t.qualified} ADD COLUMN {col.ddl()}"]

    def transaction(self) -> str:
        """The SQL of the next transaction (and of the DDL statement before it, if one is drawn)."""
        shape, rng = self.shape, self.rng
        out: list[str] = []
        if shape.ddl_every and rng.random() < shape.ddl_every:
            out += [s + ";\n" for s in self.alter(rng.choice(self.tables))]
        count = rng.randint(1, shape.statements_per_transaction)
        spread = min(count, rng.randint(1, shape.tables_per_transaction))
        chosen = [self.tables[i] for i in rng.sample(range(len(self.tables)), spread)]
        statements = [self.statement(chosen[i % spread]) for i in range(count)]
        if len(statements) == 1:
            out.append(statements[0] + ";\n")
        else:
            out.append("START TRANSACTION;\n" + ";\n".join(statements) + ";\nCOMMIT;\n")
        return "".join(out)

    def families(self) -> dict[str, int]:
        """Columns per family over the tables as they are now."""
        out: dict[str, int] = {}
        for t in self.tables:
            for c in t.columns:
                out[c.family] = out.get(c.family, 0) + 1
        return dict(sorted(out.items()))


# -- feeding a server -----------------------------------------------------------------------------------

class Feeder:
    """One ``mariadb`` client fed statements through a pipe (tests/live_folder.py does the same): no process
    per statement. :meth:`query` waits until everything sent has run and returns what the query printed."""

    def __init__(self, srv: Any) -> None:
        from tests.mariadb.server import MariaDBError

        self._error = MariaDBError
        self.proc = subprocess.Popen([*srv._client_args(), "--unbuffered"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin: IO[bytes] = self.proc.stdin
        self.stdout: IO[bytes] = self.proc.stdout
        self.marks = 0
        self.sent = 0

    def _fail(self) -> None:
        self.proc.kill()
        _, err = self.proc.communicate(timeout=60)
        text = err.decode("utf-8", "replace").strip()
        raise self._error(f"mariadb client failed: {text[-2000:]}", text)

    def send(self, sql: str) -> None:
        data = sql.encode("utf-8")
        try:
            self.stdin.write(data)
        except BrokenPipeError:
            self._fail()
        self.sent += len(data)

    def query(self, sql: str) -> list[list[str]]:
        """Run ``sql`` after everything sent before; its rows (tab-separated fields)."""
        self.marks += 1
        mark = f"--mark-{self.marks}--"
        self.send(f"{sql};\nSELECT '{mark}';\n")
        try:
            self.stdin.flush()
        except BrokenPipeError:
            self._fail()
        rows: list[list[str]] = []
        while True:
            line = self.stdout.readline()
            if not line:
                self._fail()
            text = line.decode("utf-8", "replace").rstrip("\n")
            if text == mark:
                return rows
            rows.append(text.split("\t"))

    def binlog_bytes(self) -> int:
        return sum(int(r[1]) for r in self.query("SHOW BINARY LOGS"))

    def close(self) -> None:
        try:
            _, err = self.proc.communicate(timeout=600)  # closes stdin: the client ends after the last statement
        except BrokenPipeError:
            _, err = self.proc.communicate(timeout=60)
        if self.proc.returncode != 0:
            text = err.decode("utf-8", "replace").strip()
            raise self._error(f"mariadb client failed: {text[-2000:]}", text)


# -- building -------------------------------------------------------------------------------------------

#: A build stops early (and says so in its manifest) past this many seconds or past this multiple of size_mb.
MAX_BUILD_SECONDS = 900
MAX_OVERSIZE = 2.0


def _feed(work: Workload, srv: Any, log: Callable[[str], None]) -> dict[str, Any]:
    """Create the tables and write the transactions through one piped client; what it took."""
    shape = work.shape
    start = time.perf_counter()
    feeder = Feeder(srv)
    written, stopped, created = 0, "", 0.0
    try:
        feeder.send("SET SESSION innodb_strict_mode=OFF;\n")
        for i, statement in enumerate(work.create()):
            feeder.send(statement + ";\n")
            if i % 500 == 499:
                feeder.query("DO 0")
        feeder.query("DO 0")
        created = time.perf_counter() - start
        feeder.send("USE s0;\n")
        mark = feeder.sent
        for _ in range(shape.transactions):
            feeder.send(work.transaction())
            written += 1
            if feeder.sent - mark > (8 << 20) or written % 2000 == 0:  # now and then: where are we?
                mark = feeder.sent
                size, elapsed = feeder.binlog_bytes(), time.perf_counter() - start
                if size > MAX_OVERSIZE * shape.size_mb * MB or elapsed > MAX_BUILD_SECONDS:
                    stopped = f"stopped after {written:,} transactions: {size / MB:.1f} MB in {elapsed:.0f} s"
                    log(stopped)
                    break
        feeder.query("DO 0")
    finally:
        feeder.close()
    return {"create_seconds": round(created, 1), "transactions": written, "stopped_early": stopped}


def build(shape: Shape, seed: int, folder: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Write the binlog of ``(shape, seed)`` into ``folder`` (made in a hidden partial twin beside it and
    renamed when complete) with ``manifest.json``; return the manifest."""
    from tests.mariadb.server import MariaDBServer

    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = folder.parent / f".{folder.name}.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    log(f"building {folder.name}: {shape.describe()}")
    start = time.perf_counter()
    work = Workload(shape, seed)
    with MariaDBServer(shape.server_options(), basedir=folder.parent, startup_timeout=120) as srv:
        fed = _feed(work, srv, log)
        srv.flush_logs()
        copies = srv.copy_binlogs(tmp)
        version = srv.scalar("SELECT VERSION()")
    for p in copies:  # the server's last binlog, opened by the flush, holds no transaction
        if p.stat().st_size <= 4096:
            p.unlink()
    kept = sorted(p for p in tmp.iterdir() if p.name.startswith("binlog."))
    info: dict[str, Any] = {
        "name": shape.name,
        "key": shape.key(seed),
        "seed": seed,
        "generator": GENERATOR,
        "shape": to_json(shape),
        "describe": shape.describe(),
        "server": version,
        "options": shape.server_options(),
        "files": {p.name: p.stat().st_size for p in kept},
        "bytes": sum(p.stat().st_size for p in kept),
        "estimated_bytes": round(create_bytes(shape) + shape.transactions * transaction_bytes(shape)),
        "build_seconds": round(time.perf_counter() - start, 1),
        **fed,
        "statements": work.statements,
        "ddl": work.ddl,
        "columns_by_family": work.families(),
        **work.counts.as_dict(),
    }
    (tmp / "manifest.json").write_text(json.dumps(info, indent=2) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    log(f"built {folder.name}: {info['bytes'] / MB:.1f} MB (estimated {info['estimated_bytes'] / MB:.1f}), "
        f"{info['changes']:,} changes in {info['transactions']:,} transactions, {info['build_seconds']:.0f} s")
    return info


def folder_of(data: Path, shape: Shape, seed: int) -> Path:
    return Path(data) / f"{shape.name}-{shape.key(seed)}"


def files(folder: Path) -> list[Path]:
    """The binlogs of a built folder, oldest first (empty if it is not built)."""
    if not (folder / "manifest.json").is_file():
        return []
    return sorted(p for p in folder.iterdir() if p.name.startswith("binlog.") and p.name[7:].isdigit())


def ensure(data: Path, shape: Shape, seed: int, log: Callable[[str], None] = print) -> tuple[Path, dict[str, Any]]:
    """The folder and manifest of ``(shape, seed)`` under ``data``: reused when built, else built."""
    folder = folder_of(data, shape, seed)
    if files(folder):
        return folder, json.loads((folder / "manifest.json").read_text())
    return folder, build(shape, seed, folder, log=log)


def drawn(count: int, seed: int, **bounds: Any) -> list[tuple[Shape, int]]:
    """``count`` shapes drawn from ``seed``, each with the seed of its workload."""
    out = []
    for i in range(count):
        rng = random.Random(f"shape-space {seed} {i}")
        out.append((draw_shape(rng, **bounds), seed * 1000 + i))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--draw", type=int, default=0, help="build this many drawn shapes")
    p.add_argument("--seed", type=int, default=1, help="the draw's seed (default 1)")
    p.add_argument("--named", default="", help="comma list of named shapes to build: " + ",".join(NAMED))
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"cache folder (default {DEFAULT_DATA})")
    p.add_argument("--describe", action="store_true", help="print the shapes, build nothing")
    a = p.parse_args(argv)
    chosen = drawn(a.draw, a.seed)
    for name in filter(None, a.named.split(",")):
        if name not in NAMED:
            p.error(f"unknown named shape {name!r}: one of {', '.join(NAMED)}")
        chosen.append((NAMED[name], 1))
    for shape, seed in chosen:
        if a.describe:
            print(f"{shape.name} (seed {seed}): {shape.describe()}")
        else:
            ensure(a.data, shape, seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
