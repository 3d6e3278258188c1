"""The DDL grammar: data types, column definitions, keys and indexes, table options, CREATE TABLE's parts.

A hand-written recursive-descent parser over :mod:`.tokens` (see :mod:`.state` for why not sqlglot).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from .model import (
    _INT_DISPLAY_WIDTHS,
    _LOB_TYPES,
    _MAX_KEY_BYTES,
    _TO_BINARY,
    BINARY_TYPES,
    CHARACTER_TYPES,
    HASH_COLUMN_PREFIX,
    NATIONAL_CHARSET,
    ColumnDef,
    IndexDef,
    TableDef,
    _quote_string,
    collation_charset,
    lob_type,
    max_bytes_per_char,
    quote_identifier,
)
from .tokens import Token


class _ParseError(Exception):
    pass


class _Parser:
    """A cursor over the tokens of one statement."""

    __slots__ = ("pos", "toks")

    def __init__(self, toks: list[Token]) -> None:
        self.toks = toks
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.toks)

    def peek(self, ahead: int = 0) -> Token | None:
        i = self.pos + ahead
        return self.toks[i] if i < len(self.toks) else None

    def next(self) -> Token:
        if self.pos >= len(self.toks):
            raise _ParseError("unexpected end of statement")
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def is_word(self, *words: str, ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok[0] == "w" and tok[2] in words

    def is_op(self, op: str, ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok[0] == "o" and tok[1] == op

    def accept(self, *words: str) -> str | None:
        """Consume and return the next word when it is one of ``words``."""
        if self.is_word(*words):
            self.pos += 1
            return self.toks[self.pos - 1][2]
        return None

    def accept_op(self, op: str) -> bool:
        if self.is_op(op):
            self.pos += 1
            return True
        return False

    def expect(self, *words: str) -> str:
        word = self.accept(*words)
        if word is None:
            raise _ParseError(f"expected {' or '.join(words)} near {self.near()}")
        return word

    def expect_op(self, op: str) -> None:
        if not self.accept_op(op):
            raise _ParseError(f"expected {op!r} near {self.near()}")

    def near(self) -> str:
        tok = self.peek()
        return "end of statement" if tok is None else repr(tok[1])

    def ident(self) -> str:
        tok = self.next()
        if tok[0] in ("w", "q", "d"):
            return tok[1]
        raise _ParseError(f"expected a name, found {tok[1]!r}")

    def qualified(self, default_db: str | None) -> tuple[str, str]:
        """``[db.]name`` resolved against ``default_db``."""
        first = self.ident()
        if self.accept_op("."):
            return first, self.ident()
        if default_db is None:
            raise _ParseError(f"no database selected for {first!r}")
        return default_db, first

    def if_exists(self) -> bool:
        if self.is_word("IF") and self.is_word("EXISTS", ahead=1):
            self.pos += 2
            return True
        return False

    def if_not_exists(self) -> bool:
        if self.is_word("IF") and self.is_word("NOT", ahead=1) and self.is_word("EXISTS", ahead=2):
            self.pos += 3
            return True
        return False

    def skip_group(self) -> None:
        """Skip a parenthesized group starting at the current ``(``."""
        self.expect_op("(")
        depth = 1
        while depth:
            tok = self.next()
            if tok[0] == "o":
                if tok[1] == "(":
                    depth += 1
                elif tok[1] == ")":
                    depth -= 1

    def skip_element(self) -> None:
        """Skip to the next ``,`` or ``)`` outside parentheses (not consumed)."""
        while not self.at_end():
            if self.is_op("("):
                self.skip_group()
            elif self.is_op(",") or self.is_op(")"):
                return
            else:
                self.pos += 1

    def charset_name(self) -> str:
        self.accept_op("=")
        tok = self.next()
        if tok[0] in ("w", "q", "s", "d"):
            return tok[1].lower()
        raise _ParseError(f"expected a character set or collation, found {tok[1]!r}")


# --------------------------------------------------------------------------- column definitions

_INT_TYPES = {
    "TINYINT": "tinyint", "INT1": "tinyint", "BOOL": "tinyint", "BOOLEAN": "tinyint",
    "SMALLINT": "smallint", "INT2": "smallint",
    "MEDIUMINT": "mediumint", "INT3": "mediumint", "MIDDLEINT": "mediumint",
    "INT": "int", "INTEGER": "int", "INT4": "int",
    "BIGINT": "bigint", "INT8": "bigint",
}  # fmt: skip
_OTHER_TYPES = {
    "DECIMAL": "decimal", "DEC": "decimal", "NUMERIC": "decimal", "FIXED": "decimal",
    "FLOAT": "float", "FLOAT4": "float", "DOUBLE": "double", "FLOAT8": "double", "REAL": "double",
    "BIT": "bit", "YEAR": "year", "DATE": "date", "TIME": "time", "DATETIME": "datetime", "TIMESTAMP": "timestamp",
    "CHAR": "char", "CHARACTER": "char", "NCHAR": "char", "VARCHAR": "varchar", "VARCHARACTER": "varchar",
    "NVARCHAR": "varchar", "BINARY": "binary", "VARBINARY": "varbinary",
    "TINYTEXT": "tinytext", "TEXT": "text", "MEDIUMTEXT": "mediumtext", "LONGTEXT": "longtext",
    "TINYBLOB": "tinyblob", "BLOB": "blob", "MEDIUMBLOB": "mediumblob", "LONGBLOB": "longblob",
    "ENUM": "enum", "SET": "set", "JSON": "json", "GEOMETRY": "geometry", "POINT": "point",
    "LINESTRING": "linestring", "POLYGON": "polygon", "MULTIPOINT": "multipoint",
    "MULTILINESTRING": "multilinestring", "MULTIPOLYGON": "multipolygon",
    "GEOMETRYCOLLECTION": "geometrycollection", "GEOMCOLLECTION": "geomcollection",
    "UUID": "uuid", "INET4": "inet4", "INET6": "inet6", "VECTOR": "vector", "SERIAL": "bigint",
    "LONG": "mediumtext",
}  # fmt: skip
_NUMERIC_TYPES = frozenset({"tinyint", "smallint", "mediumint", "int", "bigint", "decimal", "float", "double"})
_REFERENCE_ACTIONS = frozenset({"RESTRICT", "CASCADE", "NO", "ACTION", "SET", "NULL", "DEFAULT"})


@dataclass(slots=True)
class _Col:
    """A column definition as written, before the table's and database's defaults are applied."""

    name: str
    data_type: str
    unsigned: bool = False
    charset: str | None = None
    collation: str | None = None
    values: tuple[str, ...] | None = None
    length: int | None = None
    precision: int | None = None
    scale: int | None = None
    fsp: int | None = None
    nullable: bool = True
    primary_key: bool = False
    first: bool = False
    after: str | None = None
    versioned: bool = False
    zerofill: bool = False
    binary_collation: bool = False  # the BINARY attribute: the charset's _bin collation
    unique: bool = False

    def resolve(self, table_cs: str | None, table_coll: str | None, db_cs: str | None,
                db_coll: str | None = None) -> ColumnDef:
        """The column with its character set and collation settled (TEXT(n)/BLOB(n) sized in bytes)."""
        dt = self.data_type
        cs: str | None = None
        coll: str | None = None
        length = self.length
        if dt in CHARACTER_TYPES:
            table_eff = table_cs or (collation_charset(table_coll) if table_coll else None)
            if self.charset is not None:
                cs, coll = self.charset, self.collation
            elif self.collation is not None:
                cs = collation_charset(self.collation) or table_eff or db_cs
                coll = self.collation
            elif table_eff is not None:
                cs, coll = table_eff, table_coll
            else:
                cs, coll = db_cs, db_coll
            if cs == "utf8":
                cs = "utf8mb3"
            if self.binary_collation and cs is not None and cs != "binary" and self.collation is None:
                coll = f"{cs}_bin"
            if dt in _LOB_TYPES and length is not None:
                if cs is not None:
                    dt = lob_type(length * max_bytes_per_char(cs), binary=False)
                length = None
            if cs == "binary":
                dt = _TO_BINARY.get(dt, dt)
                if dt in BINARY_TYPES:
                    coll = None
        if dt in BINARY_TYPES:
            cs, coll = "binary", None
            if dt in _LOB_TYPES and length is not None:
                dt, length = lob_type(length, binary=True), None
        if dt in _INT_DISPLAY_WIDTHS and length == _INT_DISPLAY_WIDTHS[dt][self.unsigned or self.zerofill]:
            length = None  # the default display width, as if not written
        return ColumnDef(
            name=self.name,
            data_type=dt,
            unsigned=self.unsigned,
            charset=cs,
            collation=coll,
            values=self.values,
            length=length,
            precision=self.precision,
            scale=self.scale,
            fsp=self.fsp,
            nullable=self.nullable and not self.primary_key,
            primary_key=self.primary_key,
            zerofill=self.zerofill,
        )


def _type_args(p: _Parser, labels: bool) -> list[str]:
    """The parenthesized arguments of a type, if any: numbers, or the labels of ENUM/SET."""
    if not p.accept_op("("):
        return []
    args: list[str] = []
    while True:
        tok = p.next()
        if labels:
            nxt = p.peek()
            if tok[0] == "w" and (tok[2].startswith("_") or tok[2] == "N") and nxt is not None and nxt[0] in "sd":
                tok = p.next()
            if tok[0] not in ("s", "d"):
                raise _ParseError(f"expected a quoted label, found {tok[1]!r}")
            text = tok[1]
            while (nxt := p.peek()) is not None and nxt[0] in ("s", "d"):
                text += p.next()[1]
            args.append(text)
        elif tok[0] == "n":
            args.append(tok[1])
        else:
            raise _ParseError(f"expected a number in type arguments, found {tok[1]!r}")
        if p.accept_op(")"):
            return args
        p.expect_op(",")


def _int_arg(args: list[str], i: int, default: int | None) -> int | None:
    if i < len(args):
        try:
            return int(args[i])
        except ValueError as e:
            raise _ParseError(f"bad type argument {args[i]!r}") from e
    return default


def _parse_type(p: _Parser, col: _Col) -> None:
    tok = p.next()
    if tok[0] != "w":
        raise _ParseError(f"expected a data type, found {tok[1]!r}")
    up, national = _type_word(p, tok[2])
    if up == "LONGVARBINARY":
        dt = "mediumblob"
    elif up in _INT_TYPES:
        dt = _INT_TYPES[up]
    elif up in _OTHER_TYPES:
        dt = _OTHER_TYPES[up]
    else:
        dt = tok[1].lower()  # a type this module does not know: kept as written
    col.data_type = dt
    if national:
        col.charset = NATIONAL_CHARSET
    if up == "SERIAL":
        col.unsigned = True
        col.nullable = False
        return
    _type_arguments(col, up, dt, _type_args(p, labels=dt in ("enum", "set")))


def _type_word(p: _Parser, up: str) -> tuple[str, bool]:
    """The type's word, its several-word spellings read (``NATIONAL CHAR VARYING``, ``LONG VARBINARY``...),
    and whether it is a NATIONAL character type."""
    national = False
    if up == "NATIONAL":
        national = True
        up = p.expect("CHAR", "CHARACTER", "VARCHAR", "VARCHARACTER")
    if up in ("NCHAR", "NVARCHAR"):
        national = True
    if up in ("CHAR", "CHARACTER", "NCHAR") and p.accept("VARYING", "VARCHAR"):
        up = "VARCHAR"
    elif up == "DOUBLE":
        p.accept("PRECISION")
    elif up == "LONG":
        sub = p.accept("VARBINARY", "VARCHAR", "VARCHARACTER")
        if sub == "VARBINARY":
            up = "LONGVARBINARY"
    return up, national


def _type_arguments(col: _Col, up: str, dt: str, args: list[str]) -> None:
    """What the parenthesized arguments of a type say: labels, length, precision and scale, fractions."""
    if dt in ("enum", "set"):
        col.values = tuple(args)
    elif dt in _INT_DISPLAY_WIDTHS:
        col.length = 1 if up in ("BOOL", "BOOLEAN") else _int_arg(args, 0, None)
    elif dt in _LOB_TYPES:
        col.length = _int_arg(args, 0, None)  # TEXT(n)/BLOB(n): sized when the charset is known
    elif dt in ("char", "binary", "bit"):
        col.length = _int_arg(args, 0, 1)
    elif dt in ("varchar", "varbinary", "vector"):
        col.length = _int_arg(args, 0, None)
    elif dt == "decimal":
        col.precision = _int_arg(args, 0, 10)
        col.scale = _int_arg(args, 1, 0)
    elif dt in ("float", "double"):
        if len(args) >= 2:
            col.precision = _int_arg(args, 0, None)
            col.scale = _int_arg(args, 1, None)
        elif len(args) == 1 and (_int_arg(args, 0, 0) or 0) > 24:
            col.data_type = "double"
    elif dt in ("time", "datetime", "timestamp"):
        col.fsp = _int_arg(args, 0, 0)


def _skip_value(p: _Parser) -> None:
    """Skip one DEFAULT / ON UPDATE value: a literal, a function call or a parenthesized expression."""
    tok = p.peek()
    if tok is None:
        raise _ParseError("expected a value")
    if tok[0] == "o" and tok[1] in ("+", "-"):
        p.pos += 1
        tok = p.peek()
        if tok is None:
            raise _ParseError("expected a value")
    if tok[0] == "o" and tok[1] == "(":
        p.skip_group()
        return
    p.pos += 1
    if tok[0] == "w":
        nxt = p.peek()
        if nxt is not None and nxt[0] in ("s", "d"):
            p.pos += 1
        elif nxt is not None and nxt[0] == "o" and nxt[1] == "(":
            p.skip_group()
            return
    while (nxt := p.peek()) is not None and nxt[0] in ("s", "d") and tok[0] != "n":
        p.pos += 1


def _parse_column(p: _Parser, name: str | None = None) -> _Col:
    """``name type attribute...`` up to the next ``,`` or ``)`` outside parentheses."""
    col = _Col(name=p.ident() if name is None else name, data_type="")
    _parse_type(p, col)
    while not p.at_end():
        tok = p.peek()
        assert tok is not None
        if tok[0] == "o":
            if tok[1] in ",)":
                break
            if tok[1] == "(":
                p.skip_group()
            else:
                p.pos += 1
            continue
        p.pos += 1
        if tok[0] == "w":
            attribute = _COLUMN_ATTRIBUTES.get(tok[2])
            if attribute is not None:
                attribute(p, col, tok[2])
        # COMMENT 'x', AUTO_INCREMENT, GENERATED ALWAYS, VIRTUAL/STORED/PERSISTENT, INVISIBLE, SRID n, CHECK (..),
        # COMPRESSED, ENGINE_ATTRIBUTE='..': nothing to keep (their values are skipped as tokens).
    if not col.data_type:
        raise _ParseError(f"column {col.name!r} has no type")
    return col


# -- column attributes: each reads what follows its word and notes what it says of the column --------------


def _not_null(p: _Parser, col: _Col, w: str) -> None:
    if p.accept("NULL"):
        col.nullable = False


def _null(p: _Parser, col: _Col, w: str) -> None:
    col.nullable = True


def _skip_default(p: _Parser, col: _Col, w: str) -> None:
    _skip_value(p)


def _serial_default(p: _Parser, col: _Col, w: str) -> None:
    if p.accept("DEFAULT"):
        p.accept("VALUE")
    col.nullable = False


def _primary_key(p: _Parser, col: _Col, w: str) -> None:
    if w == "PRIMARY":
        p.accept("KEY")
    col.primary_key = True


def _unique(p: _Parser, col: _Col, w: str) -> None:
    p.accept("KEY")
    col.unique = True


def _collate(p: _Parser, col: _Col, w: str) -> None:
    col.collation = p.charset_name()


def _charset(p: _Parser, col: _Col, w: str) -> None:
    if w == "CHARACTER":
        p.expect("SET")
    col.charset = p.charset_name()


#: The words that name a charset on their own (``VARCHAR(10) ASCII``).
_CHARSET_WORDS = {"ASCII": "latin1", "UNICODE": "ucs2", "BYTE": "binary"}


def _charset_word(p: _Parser, col: _Col, w: str) -> None:
    col.charset = _CHARSET_WORDS[w]


def _unsigned(p: _Parser, col: _Col, w: str) -> None:
    col.unsigned = True
    col.zerofill = col.zerofill or w == "ZEROFILL"


def _binary(p: _Parser, col: _Col, w: str) -> None:
    col.binary_collation = True


def _signed(p: _Parser, col: _Col, w: str) -> None:
    col.unsigned = False


def _on_update(p: _Parser, col: _Col, w: str) -> None:
    if p.accept("UPDATE"):
        _skip_value(p)


def _as(p: _Parser, col: _Col, w: str) -> None:
    if p.accept("ROW"):
        p.accept("START", "END")
        col.versioned = True
    elif p.is_op("("):
        p.skip_group()


def _references(p: _Parser, col: _Col, w: str) -> None:
    p.qualified("_")
    if p.is_op("("):
        p.skip_group()
    while True:
        if p.accept("MATCH"):
            p.next()
        elif p.is_word("ON") and p.is_word("DELETE", "UPDATE", ahead=1):
            p.pos += 2
            while p.accept(*_REFERENCE_ACTIONS):
                pass
        else:
            break


def _constraint(p: _Parser, col: _Col, w: str) -> None:
    if not p.is_word("CHECK") and not p.is_op("("):
        p.ident()


def _skip_next(p: _Parser, col: _Col, w: str) -> None:
    p.next()


def _system_versioning(p: _Parser, col: _Col, w: str) -> None:
    if p.is_word("SYSTEM"):
        p.pos += 1
        p.accept("VERSIONING")
        col.versioned = col.versioned or w == "WITH"


def _first(p: _Parser, col: _Col, w: str) -> None:
    col.first = True


def _after(p: _Parser, col: _Col, w: str) -> None:
    col.after = p.ident()


_COLUMN_ATTRIBUTES: dict[str, Callable[[_Parser, _Col, str], None]] = {
    "NOT": _not_null, "NULL": _null, "DEFAULT": _skip_default, "SERIAL": _serial_default,
    "PRIMARY": _primary_key, "KEY": _primary_key, "UNIQUE": _unique, "COLLATE": _collate,
    "CHARSET": _charset, "CHARACTER": _charset, "ASCII": _charset_word, "UNICODE": _charset_word,
    "BYTE": _charset_word, "UNSIGNED": _unsigned, "ZEROFILL": _unsigned, "BINARY": _binary, "SIGNED": _signed,
    "ON": _on_update, "AS": _as, "REFERENCES": _references, "CONSTRAINT": _constraint,
    "COLUMN_FORMAT": _skip_next, "STORAGE": _skip_next, "WITH": _system_versioning, "WITHOUT": _system_versioning,
    "FIRST": _first, "AFTER": _after,
}


def _key_parts(p: _Parser) -> list[tuple[str, int | None]]:
    """The parts of an index definition, ``(a(10) DESC, b)``: (column name, prefix length)."""
    p.expect_op("(")
    parts: list[tuple[str, int | None]] = []
    while True:
        if p.is_op("("):  # a functional key part (MySQL 8): no column of its own
            p.skip_group()
            p.skip_element()
            if p.accept_op(")"):
                return parts
            p.expect_op(",")
            continue
        name = p.ident()
        prefix = None
        if p.accept_op("("):
            prefix = _int_arg([p.next()[1]], 0, None)
            p.expect_op(")")
        p.skip_element()
        parts.append((name, prefix))
        if p.accept_op(")"):
            return parts
        p.expect_op(",")


@dataclass(slots=True)
class _Key:
    """A key definition as written: kind (``primary``, ``unique``, ``key``, ``fulltext``, ``spatial``), name."""

    kind: str
    name: str | None
    parts: list[tuple[str, int | None]]
    if_not_exists: bool = False


def _parse_key_rest(p: _Parser, kind: str, name: str | None) -> _Key:
    """``[IF NOT EXISTS] [name] [USING type] (parts) [options]`` of an index of ``kind``."""
    if_not_exists = p.if_not_exists()
    if not p.is_op("(") and not p.is_word("USING", "TYPE"):
        name = p.ident()
    while not p.is_op("("):
        if p.at_end() or p.is_op(","):
            raise _ParseError("expected the key's columns")
        p.pos += 1
    parts = _key_parts(p)
    p.skip_element()
    return _Key(kind, name, parts, if_not_exists)


_CONSTRAINT_WORDS = frozenset(
    {"PRIMARY", "UNIQUE", "KEY", "INDEX", "FULLTEXT", "SPATIAL", "CONSTRAINT", "FOREIGN", "CHECK"}
)


def _is_constraint(p: _Parser) -> bool:
    if p.is_word(*_CONSTRAINT_WORDS):
        return True
    return p.is_word("PERIOD") and p.is_word("FOR", ahead=1)


def _parse_constraint(p: _Parser) -> _Key | None:
    """A table constraint: the primary key or an index, else None (foreign keys, checks and periods: skipped)."""
    symbol = None
    if p.accept("CONSTRAINT") and not p.is_word("PRIMARY", "UNIQUE", "FOREIGN", "CHECK") and not p.is_op("("):
        symbol = p.ident()
    if p.accept("PRIMARY"):
        p.expect("KEY")
        key = _parse_key_rest(p, "primary", None)
        key.name = "PRIMARY"
        if not key.parts:
            raise _ParseError("expression in a primary key")
        return key
    kind = p.accept("UNIQUE", "FULLTEXT", "SPATIAL", "KEY", "INDEX")
    if kind is None:
        p.skip_element()
        return None
    if kind in ("UNIQUE", "FULLTEXT", "SPATIAL"):
        p.accept("KEY", "INDEX")
    return _parse_key_rest(p, {"KEY": "key", "INDEX": "key"}.get(kind, kind.lower()), symbol)


def _key_name(indexes: list[IndexDef], key: _Key) -> str:
    """The name the server gives a key: as written, else its first column's, else that with _2, _3..."""
    if key.name is not None:
        return key.name
    base = key.parts[0][0]
    taken = {i.name.lower() for i in indexes} | {"primary"}
    name, n = base, 2
    while name.lower() in taken:
        name, n = f"{base}_{n}", n + 1
    return name


def _add_index(indexes: list[IndexDef], key: _Key, columns: list[ColumnDef] | tuple[ColumnDef, ...]) -> None:
    """Add an index (not the primary key) to ``indexes``, named as the server names it."""
    if key.if_not_exists and key.name is not None and any(i.name.lower() == key.name.lower() for i in indexes):
        return
    if not key.parts:
        return  # only functional parts: no column, never a hash of MariaDB
    known = {c.name.lower(): c.name for c in columns}
    for name, _ in key.parts:
        if name.lower() not in known:
            raise _ParseError(f"key names unknown column {name!r}")
    parts = tuple((known[n.lower()], k) for n, k in key.parts)
    indexes.append(IndexDef(_key_name(indexes, key), key.kind, parts, new=True))


def _key_is_hashed(index: IndexDef, columns: dict[str, ColumnDef]) -> bool:
    """Whether MariaDB keeps a UNIQUE key as a hash: a BLOB/TEXT part without prefix, or more than 3072 bytes."""
    if index.kind != "unique":
        return False
    total = 0
    for name, prefix in index.parts:
        c = columns.get(name.lower())
        if c is None:
            continue
        mb = max_bytes_per_char(c.charset) if c.data_type in CHARACTER_TYPES else 1
        if c.data_type == "point":
            total += 25  # a POINT key part has a fixed size: never a hash
        elif c.data_type in _SPATIAL_TYPES:
            if prefix is None and index.new:
                return True
        elif c.data_type in _LOB_TYPES or c.data_type == "json":
            if prefix is None:
                return True
            total += prefix * mb
        elif prefix is not None:
            total += prefix * mb
        elif c.data_type in ("char", "varchar", "binary", "varbinary"):
            total += (c.length or 1) * mb
        else:
            total += 8
    return total > _MAX_KEY_BYTES


_SPATIAL_TYPES = frozenset(
    {"geometry", "point", "linestring", "polygon", "multipoint", "multilinestring", "multipolygon",
     "geometrycollection", "geomcollection"}
)


def _rebuilt(indexes: tuple[IndexDef, ...]) -> list[IndexDef]:
    """The indexes of a table an ALTER TABLE / CREATE INDEX / DROP INDEX starts from (none of them new)."""
    return [replace(i, new=False) if i.new else i for i in indexes]


def with_hidden_columns(tdef: TableDef) -> TableDef:
    """``tdef`` with one hidden hash column per hashed UNIQUE key (MariaDB's ``DB_ROW_HASH_n``) after the others."""
    visible = tuple(c for c in tdef.columns if not c.hidden)
    by_name = {c.name.lower(): c for c in visible}
    hashed = sum(_key_is_hashed(i, by_name) for i in tdef.indexes)
    hidden = tuple(ColumnDef(f"{HASH_COLUMN_PREFIX}{n}", "bigint", unsigned=True, hidden=True)
                   for n in range(1, hashed + 1))
    columns = visible + hidden
    return tdef if columns == tdef.columns else replace(tdef, columns=columns)


# --------------------------------------------------------------------------- statements

_LEAD_RE = re.compile(
    r"(?:\s+|/\*(?!M?!).*?\*/|(?:--(?=\s)|\#)[^\n]*(?:\n|\Z)|/\*M?!\d*)*([A-Za-z]+)",
    re.S,
)
_DDL_LEADS = frozenset({"CREATE", "ALTER", "DROP", "RENAME", "USE"})
_CREATE_KINDS = frozenset(
    {
        "TABLE", "DATABASE", "SCHEMA", "VIEW", "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "INDEX", "USER",
        "ROLE", "SEQUENCE", "SERVER", "TABLESPACE", "LOGFILE", "PACKAGE", "RESOURCE", "SPATIAL", "SYNONYM",
    }
)  # fmt: skip
_ALTER_OPTION_WORDS = frozenset(
    {
        "ENGINE", "TYPE", "ROW_FORMAT", "COMMENT", "AUTO_INCREMENT", "ALGORITHM", "LOCK", "KEY_BLOCK_SIZE",
        "AVG_ROW_LENGTH", "CHECKSUM", "TABLE_CHECKSUM", "COMPRESSION", "CONNECTION", "DELAY_KEY_WRITE",
        "ENCRYPTION", "ENCRYPTED", "ENCRYPTION_KEY_ID", "INSERT_METHOD", "MAX_ROWS", "MIN_ROWS", "PACK_KEYS",
        "PASSWORD", "STATS_AUTO_RECALC", "STATS_PERSISTENT", "STATS_SAMPLE_PAGES", "UNION", "PAGE_CHECKSUM",
        "PAGE_COMPRESSED", "PAGE_COMPRESSION_LEVEL", "TRANSACTIONAL", "IETF_QUOTES", "SECONDARY_ENGINE",
        "SECONDARY_ENGINE_ATTRIBUTE", "ENGINE_ATTRIBUTE", "AUTOEXTEND_SIZE", "START", "SEQUENCE", "WAIT",
    }
)  # fmt: skip
_ALTER_FLAG_WORDS = {
    "FORCE": (), "ENABLE": ("KEYS",), "DISABLE": ("KEYS",), "DISCARD": ("TABLESPACE",),
    "IMPORT": ("TABLESPACE",), "NOWAIT": (), "SECONDARY_LOAD": (), "SECONDARY_UNLOAD": (), "UPGRADE": ("PARTITIONING",),
}  # fmt: skip
_PARTITION_OPS = frozenset(
    {"PARTITION", "PARTITIONS", "REMOVE", "COALESCE", "REORGANIZE", "EXCHANGE", "ANALYZE", "CHECK", "OPTIMIZE",
     "REBUILD", "REPAIR", "TRUNCATE"}
)  # fmt: skip


_CLAUSE_WORDS = (
    _ALTER_OPTION_WORDS
    | _ALTER_FLAG_WORDS.keys()
    | _PARTITION_OPS
    | {"ADD", "DROP", "CHANGE", "MODIFY", "RENAME", "ALTER", "CONVERT", "DEFAULT", "CHARACTER", "CHARSET", "COLLATE"}
    | {"ORDER", "WITH", "WITHOUT", "TABLESPACE", "DATA", "INDEX"}
)



def _database_options(p: _Parser) -> tuple[str | None, str | None]:
    """CHARACTER SET and COLLATE of CREATE/ALTER DATABASE; other options skipped."""
    cs = coll = None
    while not p.at_end():
        tok = p.next()
        if tok[0] != "w":
            continue
        if tok[2] == "CHARSET" or (tok[2] == "CHARACTER" and p.accept("SET")):
            cs = p.charset_name()
        elif tok[2] == "COLLATE":
            coll = p.charset_name()
    return cs, coll


def _select_starts(p: _Parser, ahead: int) -> bool:
    return p.is_word("SELECT", "WITH", "VALUES", "TABLE", ahead=ahead) or p.is_op("(", ahead=ahead)


def _table_options(p: _Parser) -> tuple[str | None, str | None, bool, int | None]:
    """Table options after the column list: default charset, collation, system versioning, where a SELECT starts."""
    cs = coll = None
    versioned = False
    in_partition = False
    while not p.at_end():
        tok = p.peek()
        assert tok is not None
        if tok[0] == "w":
            w = tok[2]
            if w in ("SELECT", "AS") or (not in_partition and w in ("IGNORE", "REPLACE", "VALUES", "TABLE")):
                return cs, coll, versioned, p.pos
            if w == "WITH":
                if p.is_word("SYSTEM", ahead=1):
                    versioned = True
                    p.pos += 2
                    continue
                return cs, coll, versioned, p.pos
            p.pos += 1
            if in_partition:
                continue
            if w == "CHARSET" or (w == "CHARACTER" and p.accept("SET")):
                cs = p.charset_name()
            elif w == "COLLATE":
                coll = p.charset_name()
            elif w == "PARTITION":
                in_partition = True
        elif tok[0] == "o" and tok[1] == "(":
            prev = p.toks[p.pos - 1] if p.pos else None
            if (prev is not None and prev[1] == "=") or in_partition or not _select_starts(p, 1):
                p.skip_group()
            else:
                return cs, coll, versioned, p.pos
        else:
            p.pos += 1
    return cs, coll, versioned, None


def _render(tokens: list[Token]) -> str:
    parts = []
    for kind, text, _ in tokens:
        if kind == "q":
            parts.append(quote_identifier(text))
        elif kind in ("s", "d"):
            parts.append(_quote_string(text))
        else:
            parts.append(text)
    return " ".join(parts)


def _select_adds_columns(tokens: list[Token], listed: set[str]) -> str | None:
    """Why the SELECT of CREATE TABLE ... SELECT makes the columns unknown, None when it adds none."""
    import sqlglot  # only here: 50 ms to import, and CREATE TABLE ... SELECT is rare
    from sqlglot import exp

    while tokens and tokens[0][0] == "w" and tokens[0][2] in ("AS", "IGNORE", "REPLACE"):
        tokens = tokens[1:]
    try:
        query = sqlglot.parse_one(_render(tokens), read="mysql")
    except sqlglot.errors.SqlglotError:
        return "CREATE TABLE ... SELECT: SELECT not understood, columns unknown"
    while isinstance(query, exp.Subquery | exp.SetOperation):
        query = query.this if isinstance(query, exp.Subquery) else query.left
    if not isinstance(query, exp.Select) or query.is_star:
        return "CREATE TABLE ... SELECT: columns come from the SELECT, types unknown"
    for name in query.named_selects:
        if not name or name.lower() not in listed:
            return "CREATE TABLE ... SELECT: columns come from the SELECT, types unknown"
    return None


def _duplicate(columns: tuple[ColumnDef, ...] | list[ColumnDef]) -> str | None:
    seen: set[str] = set()
    for c in columns:
        low = c.name.lower()
        if low in seen:
            return c.name
        seen.add(low)
    return None



def _like_source(p: _Parser, database: str) -> tuple[str, str] | None:
    """The table of ``CREATE TABLE t LIKE src`` (or ``(LIKE src)``), None for another CREATE TABLE."""
    if p.is_op("(") and p.is_word("LIKE", ahead=1):
        p.pos += 2
        like = p.qualified(database)
        p.expect_op(")")
        return like
    if p.accept("LIKE"):
        return p.qualified(database)
    return None


def _table_elements(p: _Parser) -> tuple[list[_Col], list[str] | None, list[_Key]]:
    """The columns, the primary key's column names and the other keys (in the order written: the server
    names them in that order) of a CREATE TABLE's parenthesized list."""
    cols: list[_Col] = []
    pk: list[str] | None = None
    keys: list[_Key] = []
    if not (p.is_op("(") and not _select_starts(p, 1)):
        return cols, pk, keys
    p.expect_op("(")
    while True:
        if _is_constraint(p):
            k = _parse_constraint(p)
            if k is not None and k.kind == "primary":
                pk = [n for n, _ in k.parts]
            elif k is not None:
                keys.append(k)
        else:
            cols.append(_parse_column(p))
            if cols[-1].unique:
                keys.append(_Key("unique", None, [(cols[-1].name, None)]))
        if p.accept_op(")"):
            break
        p.expect_op(",")
    return cols, pk, keys


def _mark_primary_key(cols: list[_Col], pk: list[str] | None) -> str | None:
    """Mark the columns a PRIMARY KEY (...) clause names; the first name that is no column, if any."""
    if pk is None:
        return None
    wanted = {n.lower() for n in pk}
    for c in cols:
        if c.name.lower() in wanted:
            c.primary_key = True
            wanted.discard(c.name.lower())
    return sorted(wanted)[0] if wanted else None
