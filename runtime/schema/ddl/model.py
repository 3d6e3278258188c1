"""The tables as the schema history keeps them: columns, indexes, tables, and what a statement did.

Charset and collation facts (MariaDB 10.11 / MySQL 8) the history derives column types from: bytes per
character, default collations, the TEXT/BLOB sizes, collation ids and names.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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
        if dt == "json":  # MariaDB's JSON: LONGTEXT utf8mb4_bin (CONVERT TO binary makes it a LONGBLOB column)
            return "longtext"
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
