"""Table definitions followed through the DDL statements of a binlog.

Binlog TABLE_MAP events carry column types but no names; the QUERY events
carry every DDL statement. :class:`SchemaState` applies SQL statements in
order (each with the default database the server was in) and keeps each
table's columns: names, order, types and the attributes the row decoder and
the outputs need (signedness, character set, ENUM/SET labels, lengths,
precision, fractional seconds, nullability, primary key).

Followed: ``CREATE [OR REPLACE] TABLE [IF NOT EXISTS]`` (column definitions,
PRIMARY KEY inline or as a table constraint, table default CHARSET/COLLATE),
``CREATE TABLE ... LIKE``, ``CREATE TABLE ... [AS] SELECT`` (only when the
SELECT adds no column beyond the listed ones), ``ALTER TABLE`` (ADD, DROP,
CHANGE, MODIFY, RENAME COLUMN, RENAME TO, ADD/DROP PRIMARY KEY, CONVERT TO
CHARACTER SET, DEFAULT CHARACTER SET/COLLATE, and every clause that leaves the
columns alone), ``RENAME TABLE``, ``DROP TABLE``, ``CREATE/ALTER/DROP
DATABASE|SCHEMA`` and ``USE``. Executable comments (``/*!40101 ... */``,
``/*M!100100 ... */``) are read as code, like the server does.

Not followed (``handled=True, is_ddl=False``): temporary tables, views,
triggers, routines, indexes, users, sequences, and every non-DDL statement;
a cheap first-keyword check sends those back at once. Temporary tables that
shadow a permanent table of the same name cannot be told apart from it here.

Never guessed: a DDL statement that cannot be followed returns a ``problem``;
when it concerns a known table (an ALTER TABLE that could not be parsed, a
CREATE TABLE ... SELECT whose columns come from the SELECT, a table with
system versioning and its implicit columns) the table's definition is
removed until the next CREATE TABLE. Column names compare case-insensitively
and table names case-sensitively, like MySQL on Linux.

The statements are parsed by a small tokenizer and recursive-descent parser
of MySQL's DDL grammar rather than with sqlglot (30.x, MySQL dialect). sqlglot
keeps UNSIGNED, ZEROFILL, display widths and ENUM/SET labels, but it rejects
some MariaDB and spatial types (``INET6``, ``POINT``: a parse error), reads
executable comments (``/*!40101 ... */``) as plain comments (a whole statement
inside one parses to nothing; table options inside one are dropped), and
several ALTER/RENAME forms fall back to an opaque ``exp.Command`` with no
clauses to follow (``CONVERT TO CHARACTER SET``, ``ADD COLUMN (a INT, b INT)``,
``CHANGE COLUMN IF EXISTS``, multi-table ``RENAME TABLE``). sqlglot only reads
the SELECT of ``CREATE TABLE ... SELECT`` to learn its column names.

Beyond the grammar the history follows what the server derives (MariaDB 10.11
checked against its information_schema): ``TEXT(n)``/``BLOB(n)`` become the
smallest TEXT/BLOB type holding n characters in the column's charset; ``CONVERT
TO CHARACTER SET`` keeps TEXT columns' length in characters (utf8mb3 TEXT to
utf8mb4: MEDIUMTEXT; to ``binary``: BLOB types, CHAR/VARCHAR to BINARY/
VARBINARY); the ``BINARY`` attribute is the charset's ``_bin`` collation; a
database or table created without a charset takes the default the QUERY event's
``collation_server``/``collation_database`` status variables name; and each
UNIQUE key MariaDB keeps as a hash (a BLOB/TEXT part without prefix, or more
than 3072 bytes) adds a hidden ``DB_ROW_HASH_n`` column at the end of the row
images (a :class:`ColumnDef` with ``hidden=True``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

__all__ = ["ColumnDef", "DdlOutcome", "IndexDef", "SchemaState", "TableDef", "split_statements"]

CHARACTER_TYPES = frozenset({"char", "varchar", "tinytext", "text", "mediumtext", "longtext", "enum", "set"})
BINARY_TYPES = frozenset({"binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob"})
_TO_BINARY = {
    "char": "binary",
    "varchar": "varbinary",
    "tinytext": "tinyblob",
    "text": "blob",
    "mediumtext": "mediumblob",
    "longtext": "longblob",
}
_KNOWN_CHARSETS = frozenset(
    {
        "armscii8", "ascii", "big5", "binary", "cp1250", "cp1251", "cp1256", "cp1257", "cp850", "cp852", "cp866",
        "cp932", "dec8", "eucjpms", "euckr", "gb18030", "gb2312", "gbk", "geostd8", "greek", "hebrew", "hp8",
        "keybcs2", "koi8r", "koi8u", "latin1", "latin2", "latin5", "latin7", "macce", "macroman", "sjis", "swe7",
        "tis620", "ucs2", "ujis", "utf16", "utf16le", "utf32", "utf8", "utf8mb3", "utf8mb4",
    }
)  # fmt: skip
NATIONAL_CHARSET = "utf8mb3"

#: Bytes per character at most (information_schema.CHARACTER_SETS.MAXLEN); the charsets not named have 1.
_MAX_BYTES_PER_CHAR = {
    "big5": 2, "cp932": 2, "eucjpms": 3, "euckr": 2, "gb18030": 4, "gb2312": 2, "gbk": 2, "sjis": 2, "ucs2": 2,
    "ujis": 3, "utf16": 4, "utf16le": 4, "utf32": 4, "utf8": 3, "utf8mb3": 3, "utf8mb4": 4,
}  # fmt: skip
#: A character set's default collation, when it is not ``<charset>_general_ci``.
_DEFAULT_COLLATIONS = {
    "big5": "big5_chinese_ci", "binary": "binary", "cp932": "cp932_japanese_ci", "dec8": "dec8_swedish_ci",
    "eucjpms": "eucjpms_japanese_ci", "euckr": "euckr_korean_ci", "gb18030": "gb18030_chinese_ci",
    "gb2312": "gb2312_chinese_ci", "gbk": "gbk_chinese_ci", "hp8": "hp8_english_ci", "latin1": "latin1_swedish_ci",
    "latin5": "latin5_turkish_ci", "sjis": "sjis_japanese_ci", "swe7": "swe7_swedish_ci", "tis620": "tis620_thai_ci",
    "ujis": "ujis_japanese_ci", "utf8": "utf8mb3_general_ci",
}  # fmt: skip
#: The TEXT and BLOB types by the bytes they hold (TEXT(n) and BLOB(n) become the smallest that holds n).
_LOB_SIZES = (
    ("tinytext", "tinyblob", 255), ("text", "blob", 65535), ("mediumtext", "mediumblob", 16777215),
    ("longtext", "longblob", 4294967295),
)  # fmt: skip
_LOB_TYPES = frozenset(t for row in _LOB_SIZES for t in row[:2])
#: MariaDB's collation ids (information_schema.COLLATIONS.ID): the Q_CHARSET_CODE and Q_CHARSET_DATABASE_CODE
#: status variables of QUERY events name the server's and the database's default collation by id.
_COLLATION_IDS = (
    "1:big5_chinese_ci 2:latin2_czech_cs 3:dec8_swedish_ci 4:cp850_general_ci 5:latin1_german1_ci 6:hp8_english_ci "
    "7:koi8r_general_ci 8:latin1_swedish_ci 9:latin2_general_ci 10:swe7_swedish_ci 11:ascii_general_ci "
    "12:ujis_japanese_ci 13:sjis_japanese_ci 14:cp1251_bulgarian_ci 15:latin1_danish_ci 16:hebrew_general_ci "
    "18:tis620_thai_ci 19:euckr_korean_ci 20:latin7_estonian_cs 21:latin2_hungarian_ci 22:koi8u_general_ci "
    "23:cp1251_ukrainian_ci 24:gb2312_chinese_ci 25:greek_general_ci 26:cp1250_general_ci 27:latin2_croatian_ci "
    "28:gbk_chinese_ci 29:cp1257_lithuanian_ci 30:latin5_turkish_ci 31:latin1_german2_ci 32:armscii8_general_ci "
    "33:utf8mb3_general_ci 34:cp1250_czech_cs 35:ucs2_general_ci 36:cp866_general_ci 37:keybcs2_general_ci "
    "38:macce_general_ci 39:macroman_general_ci 40:cp852_general_ci 41:latin7_general_ci 42:latin7_general_cs "
    "43:macce_bin 44:cp1250_croatian_ci 45:utf8mb4_general_ci 46:utf8mb4_bin 47:latin1_bin 48:latin1_general_ci "
    "49:latin1_general_cs 50:cp1251_bin 51:cp1251_general_ci 52:cp1251_general_cs 53:macroman_bin "
    "54:utf16_general_ci 55:utf16_bin 56:utf16le_general_ci 57:cp1256_general_ci 58:cp1257_bin 59:cp1257_general_ci "
    "60:utf32_general_ci 61:utf32_bin 62:utf16le_bin 63:binary 64:armscii8_bin 65:ascii_bin 66:cp1250_bin "
    "67:cp1256_bin 68:cp866_bin 69:dec8_bin 70:greek_bin 71:hebrew_bin 72:hp8_bin 73:keybcs2_bin 74:koi8r_bin "
    "75:koi8u_bin 77:latin2_bin 78:latin5_bin 79:latin7_bin 80:cp850_bin 81:cp852_bin 82:swe7_bin 83:utf8mb3_bin "
    "84:big5_bin 85:euckr_bin 86:gb2312_bin 87:gbk_bin 88:sjis_bin 89:tis620_bin 90:ucs2_bin 91:ujis_bin "
    "92:geostd8_general_ci 93:geostd8_bin 94:latin1_spanish_ci 95:cp932_japanese_ci 96:cp932_bin "
    "97:eucjpms_japanese_ci 98:eucjpms_bin 99:cp1250_polish_ci 159:ucs2_general_mysql500_ci "
    "223:utf8mb3_general_mysql500_ci "
)
_UCA_LANGUAGES = (
    "unicode icelandic latvian romanian slovenian polish estonian spanish swedish turkish czech danish lithuanian "
    "slovak spanish2 roman persian esperanto hungarian sinhala german2 croatian_mysql561 unicode_520 vietnamese"
)


def _collation_names() -> dict[int, str]:
    names = {int(i): n for i, n in (pair.split(":") for pair in "".join(_COLLATION_IDS).split())}
    for cs, base in (("utf16", 101), ("ucs2", 128), ("utf32", 160), ("utf8mb3", 192), ("utf8mb4", 224)):
        names.update((base + k, f"{cs}_{lang}_ci") for k, lang in enumerate(_UCA_LANGUAGES.split()))
    for cs, base in (("utf8mb3", 576), ("utf8mb4", 608), ("ucs2", 640), ("utf16", 672), ("utf32", 736)):
        names.update({base: f"{cs}_croatian_ci", base + 1: f"{cs}_myanmar_ci", base + 2: f"{cs}_thai_520_w2"})
    return names


COLLATION_NAMES = _collation_names()
#: The hidden column MariaDB adds for each UNIQUE key it keeps as a hash (a BLOB/TEXT part without prefix, or
#: parts longer than InnoDB's 3072 bytes): BIGINT UNSIGNED at the end of the row, in every row image.
HASH_COLUMN_PREFIX = "DB_ROW_HASH_"
_MAX_KEY_BYTES = 3072


def max_bytes_per_char(charset: str | None) -> int:
    """The most bytes one character of ``charset`` takes (``utf8mb4``: 4; unknown charsets: 1)."""
    return _MAX_BYTES_PER_CHAR.get(charset or "", 1)


def default_collation(charset: str | None) -> str | None:
    """The default collation of ``charset`` (``latin1`` -> ``latin1_swedish_ci``), None for None."""
    if charset is None:
        return None
    return _DEFAULT_COLLATIONS.get(charset, f"{charset}_general_ci")


def collation_name(collation: int | str | None) -> str | None:
    """A collation's name from its id (or name), None when unknown."""
    if collation is None or isinstance(collation, str):
        return collation
    return COLLATION_NAMES.get(collation)


def lob_type(nbytes: int, binary: bool) -> str:
    """The smallest TEXT (or BLOB) type holding ``nbytes`` bytes."""
    for text, blob, size in _LOB_SIZES:
        if nbytes <= size:
            return blob if binary else text
    return "longblob" if binary else "longtext"


def _lob_bytes(data_type: str) -> int:
    return next(size for text, blob, size in _LOB_SIZES if data_type in (text, blob))


@dataclass(frozen=True, slots=True)
class ColumnDef:
    """One column: its name, canonical lowercase MySQL type and the attributes that matter for decoding."""

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
    zerofill: bool = False
    #: MariaDB's hidden hash column of a long UNIQUE key (``DB_ROW_HASH_1``): in the row images, not in
    #: information_schema nor in SHOW CREATE TABLE.
    hidden: bool = False

    @property
    def collation_name(self) -> str | None:
        """The column's collation: the one declared, else its character set's default (None: no charset)."""
        if self.collation is not None:
            return self.collation
        return default_collation(self.charset) if self.data_type in CHARACTER_TYPES else None

    def type_sql(self) -> str:
        """The column type as MySQL writes it (``decimal(10,2) unsigned``, ``int(5) unsigned zerofill``)."""
        text = self._base_type()
        if self.unsigned:
            text += " unsigned"
        return text + " zerofill" if self.zerofill else text

    def column_type(self) -> str:
        """The type as MariaDB's information_schema.COLUMNS.COLUMN_TYPE spells it (``int(11)``, ``year(4)``)."""
        dt = self.data_type
        if dt == "json":  # MariaDB's JSON: LONGTEXT utf8mb4_bin (a LONGBLOB once converted to binary)
            return "longblob" if self.charset == "binary" else "longtext"
        if dt in _INT_DISPLAY_WIDTHS and self.length is None:
            width = _INT_DISPLAY_WIDTHS[dt][self.unsigned or self.zerofill]
            return replace(self, length=width).type_sql()
        if dt == "year":
            return "year(4)"
        return self.type_sql()

    def _base_type(self) -> str:
        dt = self.data_type
        if dt in ("enum", "set"):
            text = f"{dt}({','.join(_quote_string(v) for v in self.values or ())})"
        elif dt == "decimal" or (dt in ("float", "double") and self.precision is not None):
            text = f"{dt}({self.precision},{self.scale or 0})"
        elif dt in ("time", "datetime", "timestamp") and self.fsp:
            text = f"{dt}({self.fsp})"
        elif self.length is not None:
            text = f"{dt}({self.length})"
        else:
            text = dt
        return text

    def column_sql(self) -> str:
        """The column definition of a CREATE TABLE statement."""
        parts = [quote_identifier(self.name), self.type_sql()]
        if self.data_type in CHARACTER_TYPES and self.charset is not None:
            parts.append(f"CHARACTER SET {self.charset}")
        if self.collation is not None:
            parts.append(f"COLLATE {self.collation}")
        if not self.nullable:
            parts.append("NOT NULL")
        return " ".join(parts)


_INT_DISPLAY_WIDTHS = {  # (signed, unsigned)
    "tinyint": (4, 3), "smallint": (6, 5), "mediumint": (9, 8), "int": (11, 10), "bigint": (20, 20),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class IndexDef:
    """An index other than the primary key: its name, kind and parts (column name, prefix length)."""

    name: str
    kind: str  # "unique", "key", "fulltext" or "spatial"
    parts: tuple[tuple[str, int | None], ...]
    #: Defined by the last statement that rebuilt the table: MariaDB hashes a UNIQUE key on a spatial column
    #: then, and keeps it as a plain key from the next ALTER TABLE on (not part of the definition's equality:
    #: CREATE TABLE statements cannot say it).
    new: bool = field(default=False, compare=False)

    def sql(self) -> str:
        lead = {"key": "KEY", "unique": "UNIQUE KEY", "fulltext": "FULLTEXT KEY", "spatial": "SPATIAL KEY"}
        parts = ", ".join(quote_identifier(n) + (f"({k})" if k is not None else "") for n, k in self.parts)
        return f"{lead[self.kind]} {quote_identifier(self.name)} ({parts})"


@dataclass(frozen=True, slots=True)
class TableDef:
    """A table's columns in order (MariaDB's hidden hash columns last), its default charset, collation, indexes."""

    schema: str
    table: str
    columns: tuple[ColumnDef, ...]
    charset: str | None = None
    collation: str | None = None
    indexes: tuple[IndexDef, ...] = ()

    @property
    def primary_key(self) -> tuple[str, ...]:
        """The primary key's column names, in column order."""
        return tuple(c.name for c in self.columns if c.primary_key)

    @property
    def column_names(self) -> tuple[str, ...]:
        """The column names in order."""
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> ColumnDef | None:
        """The column called ``name`` (case-insensitive), if any."""
        low = name.lower()
        for c in self.columns:
            if c.name.lower() == low:
                return c
        return None

    def create_sql(self) -> str:
        """A CREATE TABLE statement that :meth:`SchemaState.apply` reads back to an equal TableDef."""
        lines = [f"  {c.column_sql()}" for c in self.columns if not c.hidden]
        if self.primary_key:
            lines.append(f"  PRIMARY KEY ({', '.join(quote_identifier(n) for n in self.primary_key)})")
        lines += [f"  {index.sql()}" for index in self.indexes]
        options = ""
        if self.charset is not None:
            options += f" DEFAULT CHARSET={self.charset}"
        if self.collation is not None:
            options += f" COLLATE={self.collation}"
        name = f"{quote_identifier(self.schema)}.{quote_identifier(self.table)}"
        return f"CREATE TABLE {name} (\n" + ",\n".join(lines) + f"\n){options}"


@dataclass(frozen=True, slots=True)
class DdlOutcome:
    """What :meth:`SchemaState.apply` did with one statement."""

    handled: bool
    is_ddl: bool
    changed: tuple[tuple[str, str], ...] = ()
    problem: str | None = None


NOT_DDL = DdlOutcome(handled=True, is_ddl=False)


def quote_identifier(name: str) -> str:
    """``name`` in backquotes, inner backquotes doubled."""
    return "`" + name.replace("`", "``") + "`"


def _quote_string(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'"


def collation_charset(collation: str) -> str | None:
    """The character set a collation belongs to (``utf8mb4_bin`` -> ``utf8mb4``), None when not named in it."""
    if collation == "binary":
        return "binary"
    prefix = collation.split("_", 1)[0]
    return prefix if prefix in _KNOWN_CHARSETS else None


# --------------------------------------------------------------------------- tokens

# A token is (kind, text, upper): kind "w" bare word, "q" backquoted name, "s" '...' string, "d" "..." string
# (a name under ANSI_QUOTES), "n" number, "o" operator; text unescaped; upper is text.upper() for words.
Token = tuple[str, str, str]

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<vopen>/\*M?!\d*)
  | (?P<comment>/\*.*?(?:\*/|\Z)|--(?=\s|\Z)[^\n]*|\#[^\n]*)
  | (?P<vclose>\*/)
  | (?P<q>`(?:[^`]|``)*(?:`|\Z))
  | (?P<s>'(?:[^'\\]|\\.|'')*(?:'|\Z))
  | (?P<d>"(?:[^"\\]|\\.|"")*(?:"|\Z))
  | (?P<n>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![\w$]))
  | (?P<w>[\w$]+)
  | (?P<o><=>|>=|<=|<>|!=|:=|\|\||&&|<<|>>|->>|->|.)
    """,
    re.X | re.S,
)
_ESCAPES = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a", "%": "\\%", "_": "\\_"}
_ESCAPE_RE = re.compile(r"\\(.)", re.S)


def _unescape(body: str, quote: str) -> str:
    if "\\" in body:
        body = _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)
    return body.replace(quote + quote, quote)


def tokenize(sql: str) -> list[Token]:
    """MySQL tokens of ``sql``: comments dropped, executable comments read as code, trailing ``;`` dropped."""
    out: list[Token] = []
    depth = 0
    for m in _TOKEN_RE.finditer(sql):
        kind = m.lastgroup
        text = m.group()
        if kind == "ws" or kind == "comment":
            continue
        if kind == "vopen":
            depth += 1
            continue
        if kind == "vclose":
            if depth:
                depth -= 1
                continue
            out.append(("o", "*", "*"))
            out.append(("o", "/", "/"))
            continue
        if kind == "w":
            out.append(("w", text, text.upper()))
        elif kind == "q":
            body = text[1:-1] if text.endswith("`") and len(text) > 1 else text[1:]
            out.append(("q", body.replace("``", "`"), ""))
        elif kind == "s" or kind == "d":
            q = text[0]
            body = text[1:-1] if len(text) > 1 and text.endswith(q) else text[1:]
            out.append((kind, _unescape(body, q), ""))
        else:
            assert kind is not None
            out.append((kind, text, text))
    while out and out[-1] == ("o", ";", ";"):
        out.pop()
    return out


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


class SchemaState:
    """Table definitions kept up to date by the DDL statements applied in order."""

    tables: dict[tuple[str, str], TableDef]
    database_charsets: dict[str, str]
    database_collations: dict[str, str]
    database: str | None

    def __init__(self) -> None:
        self.tables = {}
        self.database_charsets = {}
        self.database_collations = {}  # when not the charset's default
        self.database = None
        # of the statement being applied: its default database, the server's and that database's collation
        self.statement_database: str | None = None
        self.collation_server: str | None = None
        self.collation_database: str | None = None

    def table(self, schema: str, table: str) -> TableDef | None:
        """The current definition of ``schema.table``, None when unknown."""
        return self.tables.get((schema, table))

    def copy(self) -> SchemaState:
        """An independent copy (the TableDefs are immutable and shared)."""
        other = SchemaState()
        other.tables = dict(self.tables)
        other.database_charsets = dict(self.database_charsets)
        other.database_collations = dict(self.database_collations)
        other.database = self.database
        return other

    def load_sql(self, text: str, default_db: str | None = None) -> list[str]:
        """Apply every statement of a SQL script; return one problem string per DDL statement not followed.

        ``default_db``, when given, becomes :attr:`database` first; ``USE`` statements change it.
        """
        if default_db is not None:
            self.database = default_db
        problems: list[str] = []
        for stmt in split_statements(text):
            outcome = self.apply(stmt)
            if outcome.problem is not None:
                snippet = " ".join(stmt.split())
                if len(snippet) > 120:
                    snippet = snippet[:117] + "..."
                problems.append(f"{outcome.problem}: {snippet}")
        return problems

    def apply(self, sql: str, default_db: str | None = None, *, collation_server: int | str | None = None,
              collation_database: int | str | None = None) -> DdlOutcome:
        """Follow one statement run with ``default_db`` (else :attr:`database`) as the default database.

        ``collation_server`` and ``collation_database`` (ids or names: the QUERY event's Q_CHARSET_CODE and
        Q_CHARSET_DATABASE_CODE status variables) are the defaults the server used for databases and tables
        created without a character set, where the history does not know the database's own.
        """
        m = _LEAD_RE.match(sql)
        if m is None or m.group(1).upper() not in _DDL_LEADS:
            return NOT_DDL
        db = default_db if default_db is not None else self.database
        self.statement_database = db
        self.collation_server = collation_name(collation_server)
        self.collation_database = collation_name(collation_database)
        p = _Parser(tokenize(sql))
        lead = p.next()[2]
        try:
            if lead == "USE":
                name = p.ident()
                self.database = name
                return DdlOutcome(handled=True, is_ddl=True)
            if lead == "CREATE":
                return self._create(p, db)
            if lead == "ALTER":
                return self._alter(p, db)
            if lead == "DROP":
                return self._drop(p, db)
            return self._rename(p, db)
        except _ParseError as e:
            return DdlOutcome(handled=False, is_ddl=True, problem=f"cannot parse: {e}")

    # ----------------------------------------------------------------- CREATE

    def _create(self, p: _Parser, db: str | None) -> DdlOutcome:
        or_replace = temporary = False
        kind = None
        index_kind = "key"
        while not p.at_end():
            tok = p.next()
            if tok[0] == "o" and tok[1] == "(":
                break
            if tok[0] != "w":
                continue
            if tok[2] == "REPLACE":
                or_replace = True
            elif tok[2] == "TEMPORARY":
                temporary = True
            elif tok[2] in ("UNIQUE", "FULLTEXT"):
                index_kind = tok[2].lower()
            elif tok[2] == "SPATIAL" and p.is_word("INDEX"):
                index_kind = "spatial"
            elif tok[2] in _CREATE_KINDS:
                kind = tok[2]
                break
        if kind in ("DATABASE", "SCHEMA"):
            return self._create_database(p, or_replace)
        if kind == "INDEX":
            return self._create_index(p, db, index_kind)
        if kind != "TABLE" or temporary:
            return NOT_DDL
        if_not_exists = p.if_not_exists()
        key = p.qualified(db)
        if if_not_exists and key in self.tables:
            return DdlOutcome(handled=True, is_ddl=True)
        try:
            return self._create_table(p, key)
        except _ParseError as e:
            return self._forget(key, f"cannot parse CREATE TABLE: {e}")

    def _create_index(self, p: _Parser, db: str | None, kind: str) -> DdlOutcome:
        """CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX name ON table (parts): a UNIQUE one may add a hidden column."""
        if_not_exists = p.if_not_exists()
        name = p.ident()
        while not p.at_end() and not p.is_word("ON"):
            p.pos += 1
        p.expect("ON")
        key = p.qualified(db)
        tdef = self.tables.get(key)
        if tdef is None:
            return DdlOutcome(handled=True, is_ddl=True)
        try:
            index = _Key(kind, name, _key_parts(p), if_not_exists)
            indexes = _rebuilt(tdef.indexes)
            _add_index(indexes, index, tdef.columns)
        except _ParseError as e:
            return self._forget(key, f"cannot follow CREATE INDEX: {e}")
        return self._put(key, with_hidden_columns(replace(tdef, indexes=tuple(indexes))))

    def _put(self, key: tuple[str, str], tdef: TableDef) -> DdlOutcome:
        old = self.tables.get(key)
        self.tables[key] = tdef
        if old is not None and old.columns == tdef.columns:
            return DdlOutcome(handled=True, is_ddl=True)
        return DdlOutcome(handled=True, is_ddl=True, changed=(key,))

    def _forget(self, key: tuple[str, str], problem: str) -> DdlOutcome:
        """Drop the definition of a table whose columns can no longer be known."""
        changed = (key,) if self.tables.pop(key, None) is not None else ()
        return DdlOutcome(handled=False, is_ddl=True, changed=changed, problem=problem)

    def _create_table(self, p: _Parser, key: tuple[str, str]) -> DdlOutcome:
        like = _like_source(p, key[0])
        if like is not None:
            src = self.tables.get(like)
            if src is None:
                return self._forget(key, f"unknown table {like[0]}.{like[1]} in CREATE TABLE ... LIKE")
            self.tables[key] = replace(src, schema=key[0], table=key[1])
            return DdlOutcome(handled=True, is_ddl=True, changed=(key,))
        cols, pk, keys = _table_elements(p)
        table_cs, table_coll, versioned, select_at = _table_options(p)
        if versioned or any(c.versioned for c in cols):
            return self._forget(key, "system-versioned table: implicit columns not followed")
        if select_at is not None:
            problem = _select_adds_columns(p.toks[select_at:], {c.name.lower() for c in cols})
            if problem is not None:
                return self._forget(key, problem)
        if not cols:
            return self._forget(key, "CREATE TABLE without columns")
        if table_cs is None and table_coll is not None:
            table_cs = collation_charset(table_coll)
        unknown = _mark_primary_key(cols, pk)
        if unknown is not None:
            return self._forget(key, f"primary key names unknown column {unknown!r}")
        if table_cs is None:  # the table takes the database's defaults when it is created
            table_cs, table_coll = self.database_default(key[0])
        columns = tuple(c.resolve(table_cs, table_coll, None) for c in cols)
        dup = _duplicate(columns)
        if dup is not None:
            return self._forget(key, f"duplicate column {dup!r}")
        indexes: list[IndexDef] = []
        try:
            for k in keys:
                _add_index(indexes, k, columns)
        except _ParseError as e:
            return self._forget(key, str(e))
        tdef = TableDef(key[0], key[1], columns, table_cs, table_coll, tuple(indexes))
        self.tables[key] = with_hidden_columns(tdef)
        return DdlOutcome(handled=True, is_ddl=True, changed=(key,))

    def database_default(self, name: str) -> tuple[str | None, str | None]:
        """The default charset and collation of database ``name``, as far as known.

        Known from its CREATE/ALTER DATABASE; else, for the statement's default database, the
        ``collation_database`` its QUERY event carries; else the server's ``collation_server`` (the
        default of a database created without one).
        """
        if name in self.database_charsets:
            return self.database_charsets[name], self.database_collations.get(name)
        coll = None
        if name == self.statement_database and self.collation_database is not None:
            coll = self.collation_database
        elif self.collation_server is not None:
            coll = self.collation_server
        return (collation_charset(coll), coll) if coll is not None else (None, None)

    def _create_database(self, p: _Parser, or_replace: bool) -> DdlOutcome:
        if_not_exists = p.if_not_exists()
        name = p.ident()
        exists = name in self.database_charsets or any(k[0] == name for k in self.tables)
        if if_not_exists and exists:
            return DdlOutcome(handled=True, is_ddl=True)
        changed: tuple[tuple[str, str], ...] = ()
        if or_replace:
            changed = self._drop_database_tables(name)
        self._set_database_charset(name, *_database_options(p), created=True)
        return DdlOutcome(handled=True, is_ddl=True, changed=changed)

    def _set_database_charset(self, name: str, cs: str | None, coll: str | None, created: bool = False) -> None:
        if cs is None and coll is None and created and self.collation_server is not None:
            coll = self.collation_server  # CREATE DATABASE without a charset: the server's default
        if cs is None and coll is not None:
            cs = collation_charset(coll)
        if cs is not None:
            self.database_charsets[name] = cs
            if coll is not None:
                self.database_collations[name] = coll
            else:
                self.database_collations.pop(name, None)
        elif created:
            self.database_charsets.pop(name, None)
            self.database_collations.pop(name, None)

    def _drop_database_tables(self, name: str) -> tuple[tuple[str, str], ...]:
        gone = tuple(k for k in self.tables if k[0] == name)
        for k in gone:
            del self.tables[k]
        return gone

    # ----------------------------------------------------------------- DROP / RENAME

    def _drop(self, p: _Parser, db: str | None) -> DdlOutcome:
        temporary = bool(p.accept("TEMPORARY"))
        kind = p.accept("TABLE", "TABLES", "DATABASE", "SCHEMA", "INDEX")
        if kind is None or temporary:
            return NOT_DDL
        p.if_exists()
        if kind == "INDEX":
            name = p.ident().lower()
            p.expect("ON")
            key = p.qualified(db)
            tdef = self.tables.get(key)
            if tdef is None:
                return DdlOutcome(handled=True, is_ddl=True)
            indexes = tuple(i for i in _rebuilt(tdef.indexes) if i.name.lower() != name)
            return self._put(key, with_hidden_columns(replace(tdef, indexes=indexes)))
        if kind in ("DATABASE", "SCHEMA"):
            name = p.ident()
            self.database_charsets.pop(name, None)
            self.database_collations.pop(name, None)
            if self.database == name:
                self.database = None
            return DdlOutcome(handled=True, is_ddl=True, changed=self._drop_database_tables(name))
        changed: list[tuple[str, str]] = []
        while True:
            key = p.qualified(db)
            if self.tables.pop(key, None) is not None:
                changed.append(key)
            if not p.accept_op(","):
                break
        return DdlOutcome(handled=True, is_ddl=True, changed=tuple(changed))

    def _rename(self, p: _Parser, db: str | None) -> DdlOutcome:
        if p.accept("TABLE", "TABLES") is None:
            return NOT_DDL
        p.if_exists()
        pairs: list[tuple[tuple[str, str], tuple[str, str]]] = []
        while True:
            old = p.qualified(db)
            p.expect("TO")
            pairs.append((old, p.qualified(db)))
            if not p.accept_op(","):
                break
        changed: list[tuple[str, str]] = []
        unknown: list[str] = []
        for old, new in pairs:
            tdef = self.tables.pop(old, None)
            if tdef is None:
                unknown.append(f"{old[0]}.{old[1]}")
                if self.tables.pop(new, None) is not None:
                    changed.append(new)
                continue
            self.tables[new] = replace(tdef, schema=new[0], table=new[1])
            changed += [old, new]
        problem = f"unknown table {', '.join(unknown)} in RENAME TABLE" if unknown else None
        return DdlOutcome(handled=problem is None, is_ddl=True, changed=tuple(changed), problem=problem)

    # ----------------------------------------------------------------- ALTER

    def _alter(self, p: _Parser, db: str | None) -> DdlOutcome:
        while p.accept("ONLINE", "OFFLINE", "IGNORE"):
            pass
        kind = p.accept("TABLE", "DATABASE", "SCHEMA")
        if kind is None:
            return NOT_DDL
        if kind != "TABLE":
            return self._alter_database(p, db)
        p.if_exists()
        key = p.qualified(db)
        tdef = self.tables.get(key)
        if tdef is None:
            return DdlOutcome(handled=False, is_ddl=True, problem=f"unknown table {key[0]}.{key[1]}")
        try:
            new_key, new_def = _AlterTable(self, tdef, p).run()
        except _ParseError as e:
            return self._forget(key, f"cannot follow ALTER TABLE: {e}")
        if new_key == key and replace(new_def, indexes=()) == replace(tdef, indexes=()):
            self.tables[key] = new_def  # the columns are the same (changed: what readers must look up again)
            return DdlOutcome(handled=True, is_ddl=True)
        del self.tables[key]
        self.tables[new_key] = new_def
        changed = (key,) if new_key == key else (key, new_key)
        return DdlOutcome(handled=True, is_ddl=True, changed=changed)

    def _alter_database(self, p: _Parser, db: str | None) -> DdlOutcome:
        name = db
        if not p.is_word("DEFAULT", "CHARACTER", "CHARSET", "COLLATE", "UPGRADE", "READ", "COMMENT", "ENCRYPTION"):
            name = p.ident()
        cs, coll = _database_options(p)
        if name is None or (cs is None and coll is None):
            return DdlOutcome(handled=True, is_ddl=True)
        self._set_database_charset(name, cs, coll)
        return DdlOutcome(handled=True, is_ddl=True)


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


@dataclass(slots=True)
class _Entry:
    """A column during an ALTER TABLE: its name in the original table (None when added) and its definition."""

    orig: str | None
    col: ColumnDef
    binary_collation: bool = False  # defined in this ALTER with the BINARY attribute and no CHARACTER SET


@dataclass(slots=True)
class _AlterTable:
    """Parses the clauses of one ALTER TABLE, then applies them to a copy of the definition."""

    state: SchemaState
    tdef: TableDef
    p: _Parser
    actions: list[Callable[[], None]] = field(default_factory=list)
    final: list[Callable[[], None]] = field(default_factory=list)
    entries: list[_Entry] = field(default_factory=list)
    key: tuple[str, str] = ("", "")
    charset: str | None = None
    collation: str | None = None
    indexes: list[IndexDef] = field(default_factory=list)
    default_given: bool = False  # a DEFAULT CHARACTER SET / COLLATE clause

    def run(self) -> tuple[tuple[str, str], TableDef]:
        t = self.tdef
        self.key = (t.schema, t.table)
        self.charset, self.collation = t.charset, t.collation
        self.entries = [_Entry(c.name.lower(), c) for c in t.columns if not c.hidden]
        self.indexes = list(t.indexes)
        p = self.p
        renames_only = True
        while not p.at_end():
            renames_only = renames_only and p.is_word("RENAME") and not p.is_word("COLUMN", "INDEX", "KEY", ahead=1)
            self._clause()
            p.accept_op(",")
        if not renames_only:  # the table is rebuilt (an ALTER that only renames the table is not)
            self.indexes = _rebuilt(t.indexes)
        for act in self.actions:
            act()
        for act in self.final:
            act()
        columns = tuple(e.col for e in self.entries)
        dup = _duplicate(columns)
        if dup is not None:
            raise _ParseError(f"duplicate column {dup!r}")
        tdef = TableDef(self.key[0], self.key[1], columns, self.charset, self.collation, tuple(self.indexes))
        return self.key, with_hidden_columns(tdef)

    # -- clauses

    def _clause(self) -> None:
        p = self.p
        tok = p.next()
        if tok[0] != "w":
            raise _ParseError(f"unexpected {tok[1]!r}")
        w = tok[2]
        if w == "ADD":
            self._add()
        elif w == "DROP":
            self._drop()
        elif w in ("CHANGE", "MODIFY"):
            self._change_clause(w)
        elif w == "RENAME":
            self._rename()
        elif w == "ALTER":
            if p.accept("INDEX", "KEY", "CHECK", "CONSTRAINT") is None:
                p.accept("COLUMN")
                p.if_exists()
                p.ident()
            p.skip_element()
        elif w == "CONVERT":
            self._convert_clause()
        elif w in ("DEFAULT", "CHARACTER", "CHARSET", "COLLATE"):
            self.p.pos -= 1
            self._table_charset()
        elif not self._option_clause(w):
            raise _ParseError(f"unsupported clause {tok[1]!r}")

    def _change_clause(self, w: str) -> None:
        """``CHANGE [COLUMN] [IF EXISTS] old new_definition`` or ``MODIFY [COLUMN] [IF EXISTS] definition``."""
        p = self.p
        p.accept("COLUMN")
        if_exists = p.if_exists()
        old = p.ident() if w == "CHANGE" else None
        col = _parse_column(p)
        self.actions.append(lambda: self._change(old if old is not None else col.name, col, if_exists))

    def _convert_clause(self) -> None:
        """``CONVERT TO CHARACTER SET cs [COLLATE c]``: the table's new default (unless the ALTER names one
        itself, wherever); every column is converted at the end, those this ALTER defines too."""
        p = self.p
        p.expect("TO")
        if p.accept("CHARACTER"):
            p.expect("SET")
        else:
            p.expect("CHARSET")
        cs = self._convert_charset(p.charset_name())
        coll = p.charset_name() if p.accept("COLLATE") else None
        if not self.default_given:
            self.charset, self.collation = cs, coll
        self.final.append(lambda: self._convert(cs, coll))

    def _option_clause(self, w: str) -> bool:
        """Table options, flags, ORDER BY and partitioning, read and left alone; False for an unknown clause."""
        p = self.p
        if w in _ALTER_OPTION_WORDS or (w in ("DATA", "INDEX") and p.accept("DIRECTORY")):
            p.accept_op("=")
            if p.is_op("("):
                p.skip_group()
            else:
                p.next()
        elif w == "TABLESPACE":
            p.accept_op("=")
            p.next()
            if p.accept("STORAGE"):
                p.next()
        elif w in _ALTER_FLAG_WORDS:
            for sub in _ALTER_FLAG_WORDS[w]:
                p.expect(sub)
        elif w in ("WITH", "WITHOUT") and p.accept("VALIDATION"):
            pass
        elif w in ("WITH", "WITHOUT") and p.is_word("SYSTEM"):
            raise _ParseError("system versioning changes implicit columns")
        elif w == "ORDER":
            self._order_by()
        elif w in _PARTITION_OPS:
            p.pos = len(p.toks)  # partition management and PARTITION BY end the statement
        else:
            return False
        return True

    def _order_by(self) -> None:
        p = self.p
        p.expect("BY")
        while True:
            p.ident()
            p.accept("ASC", "DESC")
            after = p.peek(1)
            if not (p.is_op(",") and after is not None and after[0] in "qdw" and after[2] not in _CLAUSE_WORDS):
                break
            p.pos += 1

    def _add(self) -> None:
        p = self.p
        column = p.accept("COLUMN") is not None
        if not column and (p.is_word("PARTITION") or (p.is_word("SYSTEM") and p.is_word("VERSIONING", ahead=1))):
            if p.is_word("SYSTEM"):
                raise _ParseError("system versioning adds implicit columns")
            p.pos = len(p.toks)
            return
        if_not_exists = p.if_not_exists()
        if not column and _is_constraint(p):
            self._add_key(_parse_constraint(p), if_not_exists)
            return
        if p.accept_op("("):
            while True:
                if _is_constraint(p):
                    self._add_key(_parse_constraint(p), if_not_exists)
                else:
                    self.actions.append(partial(self._add_column, _parse_column(p), if_not_exists))
                if p.accept_op(")"):
                    return
                p.expect_op(",")
        col = _parse_column(p)
        self.actions.append(lambda: self._add_column(col, if_not_exists))

    def _add_key(self, key: _Key | None, if_not_exists: bool) -> None:
        if key is None:
            return
        if key.kind == "primary":
            self.actions.append(partial(self._add_pk, [n for n, _ in key.parts]))
            return
        key.if_not_exists = key.if_not_exists or if_not_exists
        self.actions.append(lambda: _add_index(self.indexes, key, [e.col for e in self.entries]))

    def _drop(self) -> None:
        p = self.p
        if p.accept("PRIMARY"):
            p.expect("KEY")
            self.actions.append(self._drop_pk)
            return
        if p.is_word("PARTITION"):
            p.pos = len(p.toks)
            return
        if p.is_word("SYSTEM") and p.is_word("VERSIONING", ahead=1):
            raise _ParseError("system versioning removes implicit columns")
        kind = p.accept("INDEX", "KEY", "FOREIGN", "CONSTRAINT", "CHECK", "PERIOD")
        if kind is not None:
            if kind == "FOREIGN":
                p.expect("KEY")
            p.if_exists()
            name = p.ident()
            if kind in ("INDEX", "KEY", "CONSTRAINT") and name.upper() == "PRIMARY":
                self.actions.append(self._drop_pk)
            elif kind in ("INDEX", "KEY", "CONSTRAINT"):
                self.actions.append(partial(self._drop_index, name))
            p.skip_element()
            return
        p.accept("COLUMN")
        if_exists = p.if_exists()
        name = p.ident()
        p.accept("RESTRICT", "CASCADE")
        self.actions.append(lambda: self._drop_column(name, if_exists))

    def _rename(self) -> None:
        p = self.p
        if p.accept("COLUMN"):
            if_exists = p.if_exists()
            old = p.ident()
            p.expect("TO")
            new = p.ident()
            self.actions.append(lambda: self._rename_column(old, new, if_exists))
        elif p.accept("INDEX", "KEY"):
            old = p.ident()
            p.expect("TO")
            new = p.ident()
            self.actions.append(lambda: self._rename_index(old, new))
        else:
            if p.accept("TO", "AS") is None:
                p.accept_op("=")
            new_key = p.qualified(self.key[0])
            self.final.append(lambda: setattr(self, "key", new_key))

    def _table_charset(self) -> None:
        p = self.p
        cs = coll = None
        while True:
            p.accept("DEFAULT")
            if p.accept("CHARSET") or (p.accept("CHARACTER") and p.expect("SET")):
                cs = p.charset_name()
            elif p.accept("COLLATE"):
                coll = p.charset_name()
            else:
                break
        if cs is None and coll is None:
            raise _ParseError(f"unexpected {p.near()} after DEFAULT")
        self.default_given = True
        if cs is not None and cs != "default":
            if coll is None and self.default_given and self.collation and collation_charset(self.collation) == cs:
                coll = self.collation  # COLLATE x_bin, DEFAULT CHARSET x: the collation stays
            self.charset = cs
            self.collation = coll
        elif coll is not None:
            self.collation = coll
            self.charset = collation_charset(coll) or self.charset

    # -- actions

    def _find(self, name: str, if_exists: bool, new_name: str | None = None) -> int | None:
        low = name.lower()
        for i, e in enumerate(self.entries):
            if e.orig == low:
                return i
        # else a column an earlier clause added: MariaDB finds it by the CHANGE's new name (MODIFY's only)
        added = (new_name or name).lower()
        for i, e in enumerate(self.entries):
            if e.orig is None and e.col.name.lower() == added:
                return i
        if if_exists:
            return None
        raise _ParseError(f"unknown column {name!r}")

    def _resolve(self, col: _Col) -> ColumnDef:
        return col.resolve(self.charset, self.collation, *self.state.database_default(self.key[0]))

    def _place(self, entry: _Entry, col: _Col) -> None:
        if col.first:
            self.entries.insert(0, entry)
        elif col.after is not None:
            low = col.after.lower()
            for i, e in enumerate(self.entries):
                if e.col.name.lower() == low:
                    self.entries.insert(i + 1, entry)
                    return
            raise _ParseError(f"unknown column {col.after!r} in AFTER")
        else:
            self.entries.append(entry)

    def _add_column(self, col: _Col, if_not_exists: bool) -> None:
        if if_not_exists and any(e.col.name.lower() == col.name.lower() for e in self.entries):
            return
        if col.versioned:
            raise _ParseError("system versioning column")
        self._place(_Entry(None, self._resolve(col), col.binary_collation and col.charset is None), col)
        if col.unique:
            _add_index(self.indexes, _Key("unique", None, [(col.name, None)]), [e.col for e in self.entries])

    def _change(self, old: str, col: _Col, if_exists: bool) -> None:
        i = self._find(old, if_exists, col.name)
        if i is None:
            return
        entry = self.entries[i]
        new = self._resolve(col)
        if entry.col.primary_key and not new.primary_key:
            new = replace(new, primary_key=True, nullable=False)
        if entry.col.name != new.name:
            self._rename_in_indexes(entry.col.name, new.name)
        entry.col = new
        entry.binary_collation = col.binary_collation and col.charset is None
        if col.first or col.after is not None or entry.orig is None:
            # (a column an earlier clause added takes the CHANGE's place, by default the end)
            del self.entries[i]
            self._place(entry, col)
        if col.unique:
            _add_index(self.indexes, _Key("unique", None, [(col.name, None)]), [e.col for e in self.entries])

    def _drop_column(self, name: str, if_exists: bool) -> None:
        i = self._find(name, if_exists)
        if i is not None:
            low = self.entries[i].col.name.lower()
            del self.entries[i]
            indexes = []
            for index in self.indexes:  # the column leaves its keys; a key left without columns goes
                parts = tuple(pt for pt in index.parts if pt[0].lower() != low)
                if parts:
                    indexes.append(replace(index, parts=parts))
            self.indexes = indexes

    def _rename_column(self, old: str, new: str, if_exists: bool) -> None:
        i = self._find(old, if_exists)
        if i is not None:
            self._rename_in_indexes(self.entries[i].col.name, new)
            self.entries[i].col = replace(self.entries[i].col, name=new)

    def _rename_in_indexes(self, old: str, new: str) -> None:
        low = old.lower()
        self.indexes = [replace(i, parts=tuple((new if n.lower() == low else n, k) for n, k in i.parts))
                        for i in self.indexes]

    def _drop_index(self, name: str) -> None:
        self.indexes = [i for i in self.indexes if i.name.lower() != name.lower()]

    def _rename_index(self, old: str, new: str) -> None:
        self.indexes = [replace(i, name=new) if i.name.lower() == old.lower() else i for i in self.indexes]

    def _add_pk(self, names: list[str]) -> None:
        wanted = {n.lower() for n in names}
        for e in self.entries:
            if e.col.name.lower() in wanted:
                e.col = replace(e.col, primary_key=True, nullable=False)
                wanted.discard(e.col.name.lower())
        if wanted:
            raise _ParseError(f"primary key names unknown column {sorted(wanted)[0]!r}")

    def _drop_pk(self) -> None:
        for e in self.entries:
            if e.col.primary_key:
                e.col = replace(e.col, primary_key=False)

    def _convert_charset(self, cs: str) -> str:
        if cs == "default":
            cs = self.state.database_default(self.key[0])[0] or ""
            if not cs:
                raise _ParseError("CONVERT TO CHARACTER SET DEFAULT: database character set unknown")
        return "utf8mb3" if cs == "utf8" else cs

    def _convert(self, cs: str, coll: str | None) -> None:
        """Every character column (JSON too, and those this ALTER defines with their own charset) gets ``cs``
        and ``coll``, but those this ALTER defines with the BINARY attribute keep the table's default and its
        _bin collation, and those of charset binary stay so; TEXT types keep their length in characters, so
        they may grow (utf8mb3 TEXT to utf8mb4: MEDIUMTEXT)."""
        for e in self.entries:
            c = e.col
            if (c.data_type not in CHARACTER_TYPES and c.data_type != "json") or e.binary_collation:
                continue
            if c.charset == "binary":  # (an ENUM/SET of charset binary): the server never converts those
                continue
            dt = c.data_type
            if dt == "json":  # MariaDB's JSON is a LONGTEXT utf8mb4_bin (with a CHECK): converted as one
                e.col = replace(c, charset=cs, collation=coll)  # (MySQL's binary JSON: a charset never used)
                continue
            if dt in _LOB_TYPES and c.charset is not None:  # TEXT keeps its characters: the type may grow
                chars = _lob_bytes(dt) // max_bytes_per_char(c.charset)
                dt = lob_type(chars * max_bytes_per_char(cs), binary=False)
            if cs == "binary":
                dt = _TO_BINARY.get(dt, dt)
                binary = dt in BINARY_TYPES
                e.col = replace(c, data_type=dt, charset="binary", collation=None if binary else coll)
            else:
                e.col = replace(c, data_type=dt, charset=cs, collation=coll)


# --------------------------------------------------------------------------- scripts

_DELIMITER_RE = re.compile(r"delimiter[ \t]+(\S+)[^\n]*(?:\n|\Z)", re.I)


_STRING_BODY = {
    "'": re.compile(r"(?:[^'\\]|\\.|'')*(?:'|\Z)", re.S),
    '"': re.compile(r'(?:[^"\\]|\\.|"")*(?:"|\Z)', re.S),
    "`": re.compile(r"(?:[^`]|``)*(?:`|\Z)"),
}


def _plain_run(delim: str) -> re.Pattern[str]:
    return re.compile("[^'\"`/#\\-\\s" + re.escape(delim[0]) + "]+")


def split_statements(text: str) -> list[str]:
    """The statements of a SQL script, split at ``;`` (or the current DELIMITER) outside quotes and comments."""
    out: list[str] = []
    delim = ";"
    n = len(text)
    i = start = 0
    at_start = True
    plain = _plain_run(delim)
    while i < n:
        c = text[i]
        if c in "'\"`":
            m = _STRING_BODY[c].match(text, i + 1)
            i = m.end() if m is not None else n
            at_start = False
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if text.startswith(("/*!", "/*M!"), i):
                at_start = False
            i = n if j < 0 else j + 2
        elif c == "#" or (c == "-" and text.startswith("--", i) and (i + 2 >= n or text[i + 2].isspace())):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith(delim, i):
            if text[start:i].strip():
                out.append(text[start:i])
            i += len(delim)
            start = i
            at_start = True
        elif c.isspace():
            i += 1
        elif at_start and c in "dD" and (m := _DELIMITER_RE.match(text, i)) is not None:
            if text[start:i].strip():
                out.append(text[start:i])
            delim = m.group(1)
            plain = _plain_run(delim)
            i = start = m.end()
        else:
            at_start = False
            run = plain.match(text, i)
            i = run.end() if run is not None else i + 1
    if text[start:].strip():
        out.append(text[start:])
    return out


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
