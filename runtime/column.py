"""One table column as a row decoder sees it.

A :class:`Column` holds what the TABLE_MAP event says about a column (its type
code and packed metadata), what the optional metadata adds (name, signedness,
collation, ENUM/SET labels, geometry type, primary key) and what a user schema
file may add (``declared_fsp``). The row decoders in :mod:`.rows.image` and
:mod:`.types` read nothing else.

Sources: include/field_types.h (type codes); sql/rpl_utility.cc ``table_def``
constructor (how the metadata bytes of the TABLE_MAP are packed into one
``uint16`` per column); libs/mysql/binlog/event/binary_log_funcs.cpp
(``calc_field_size``, ``max_display_length_for_field``); MariaDB
include/mysql_com.h (``MYSQL_TYPE_BLOB_COMPRESSED``/``VARCHAR_COMPRESSED``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .constants import MYSQL_TYPE

__all__ = ["Column", "FLAVOR_MYSQL", "FLAVOR_MARIADB"]

FLAVOR_MYSQL = "mysql"
FLAVOR_MARIADB = "mariadb"


_T = MYSQL_TYPE
_TEMPORAL2 = frozenset((_T.TIME2, _T.DATETIME2, _T.TIMESTAMP2))
_TEMPORAL_OLD = frozenset((_T.TIME, _T.DATETIME, _T.TIMESTAMP))


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table as described by a TABLE_MAP event.

    Parameters
    ----------
    index
        0-based position of the column in the table (bit ``index`` of the
        rows event's column bitmaps).
    name
        The column name from optional metadata COLUMN_NAME or a schema file;
        ``"@1"``, ``"@2"``... (as mysqlbinlog prints them) when unknown. An
        empty string is replaced by that placeholder.
    type
        The ``MYSQL_TYPE_*`` code written in the TABLE_MAP (for CHAR, ENUM and
        SET this is ``MYSQL_TYPE_STRING``; see :attr:`real_type`).
    meta
        The column metadata packed exactly as MySQL's ``table_def``
        constructor (sql/rpl_utility.cc) packs it into a ``uint16``:

        * one metadata byte, as is: FLOAT/DOUBLE (pack length), BLOB, JSON,
          GEOMETRY, VECTOR (length-prefix size), TIME2/DATETIME2/TIMESTAMP2
          (fractional-second precision);
        * VARCHAR (and VAR_STRING): the two bytes read as ``uint16`` little
          endian = maximum length in bytes;
        * BIT: ``byte0 + (byte1 << 8)``: low byte = bits % 8, high byte =
          whole bytes;
        * NEWDECIMAL: ``(byte0 << 8) | byte1`` = ``(precision << 8) | scale``;
        * STRING/ENUM/SET: ``(byte0 << 8) | byte1`` = ``(real_type << 8) |
          length`` (with the CHAR length > 255 trick in the high bits, see
          :attr:`real_type`);
        * everything else: 0.
    nullable
        The column's bit in the TABLE_MAP null bitmap.
    unsigned
        From optional metadata SIGNEDNESS or a schema file; ``None`` when
        unknown (integers are then decoded as signed).
    charset
        Collation id from DEFAULT_CHARSET/COLUMN_CHARSET (or ENUM_AND_SET_*)
        optional metadata, or a schema file; ``None`` when unknown.
    enum_values, set_values
        Labels from ENUM_STR_VALUE/SET_STR_VALUE, in definition order.
    geometry_type
        From optional metadata GEOMETRY_TYPE.
    vector_dimensions
        From optional metadata VECTOR_DIMENSIONALITY (MySQL 9).
    is_primary_key
        From SIMPLE_PRIMARY_KEY/PRIMARY_KEY_WITH_PREFIX.
    flavor
        ``"mysql"`` or ``"mariadb"`` (the server that wrote the binlog).
    declared_fsp
        Fractional-second precision declared in a schema file. Used only where
        the binlog carries none: MariaDB's pre-10.1.2 ("mariadb-5.3")
        TIME(n)/DATETIME(n)/TIMESTAMP(n) columns, which are logged with the
        old type codes 11/12/7, no metadata, and a longer value (MariaDB
        sql/field.h ``Field_time_hires``, ``Field_datetime_hires``,
        ``Field_timestamp_hires``).
    """

    index: int
    name: str = ""
    type: int = 0
    meta: int = 0
    nullable: bool = True
    unsigned: bool | None = None
    charset: int | None = None
    enum_values: tuple[str, ...] | None = None
    set_values: tuple[str, ...] | None = None
    geometry_type: int | None = None
    vector_dimensions: int | None = None
    is_primary_key: bool = False
    flavor: str = FLAVOR_MYSQL
    declared_fsp: int | None = None

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", f"@{self.index + 1}")
        if self.flavor not in (FLAVOR_MYSQL, FLAVOR_MARIADB):
            raise ValueError(f"flavor must be 'mysql' or 'mariadb', not {self.flavor!r}")
        # labels given as a list are kept as a tuple (the column stays hashable)
        if self.enum_values is not None:
            object.__setattr__(self, "enum_values", tuple(self.enum_values))
        if self.set_values is not None:
            object.__setattr__(self, "set_values", tuple(self.set_values))

    def __hash__(self) -> int:
        # Columns are hashed by the thousand (cache keys are tuples of a table's columns): the fields that tell
        # columns of many tables apart (position, name, type, metadata, nullability, sign, charset, key, labels),
        # not the fourteen the generated hash takes; equal columns still hash equal. Fewer fields made the
        # columns of two thousand similar tables collide by the dozen, and each collision costs a comparison
        # of every field.
        return hash((self.index, self.name, self.type, self.meta, self.nullable, self.unsigned, self.charset,
                     self.is_primary_key, self.enum_values, self.set_values))

    # -- derived facts -------------------------------------------------

    @property
    def real_type(self) -> int:
        """The type the row image is encoded as.

        For ``MYSQL_TYPE_STRING`` the high metadata byte holds the real type
        (STRING for CHAR/BINARY, ENUM or SET). When that byte does not have
        both bits 0x30 set, the column is a CHAR longer than 255 bytes whose
        length overflowed into those bits and the real type is ``byte0 |
        0x30`` (libs/mysql/binlog/event/binary_log_funcs.cpp
        ``max_display_length_for_field``; MySQL bug #37426).
        """
        if self.type != MYSQL_TYPE.STRING or self.meta < 256:
            return self.type
        byte0 = self.meta >> 8
        if (byte0 & 0x30) != 0x30:
            return byte0 | 0x30
        return byte0

    @property
    def max_length(self) -> int | None:
        """Maximum length in bytes of a CHAR/BINARY, VARCHAR or VAR_STRING value.

        ``None`` for other types. For CHAR: ``(((meta >> 4) & 0x300) ^ 0x300) +
        (meta & 0xff)`` (binary_log_funcs.cpp ``max_display_length_for_field``).
        """
        t = self.type
        if t in (MYSQL_TYPE.VARCHAR, MYSQL_TYPE.VAR_STRING, MYSQL_TYPE.VARCHAR_COMPRESSED):
            return self.meta
        if t == MYSQL_TYPE.STRING and self.real_type == MYSQL_TYPE.STRING:
            if self.meta < 256:
                return self.meta
            return (((self.meta >> 4) & 0x300) ^ 0x300) + (self.meta & 0xFF)
        return None

    @property
    def pack_length(self) -> int:
        """ENUM/SET storage size in bytes (the low metadata byte)."""
        return self.meta & 0xFF

    @property
    def precision(self) -> int | None:
        """NEWDECIMAL precision (``meta >> 8``); ``None`` for other types."""
        return self.meta >> 8 if self.type == MYSQL_TYPE.NEWDECIMAL else None

    @property
    def scale(self) -> int | None:
        """NEWDECIMAL scale (``meta & 0xff``); ``None`` for other types."""
        return self.meta & 0xFF if self.type == MYSQL_TYPE.NEWDECIMAL else None

    @property
    def fsp(self) -> int:
        """Fractional-second digits of a temporal column (0 when not temporal).

        TIME2/DATETIME2/TIMESTAMP2 carry it in the metadata; the old TIME,
        DATETIME and TIMESTAMP codes only have it for MariaDB hires columns via
        :attr:`declared_fsp`.
        """
        if self.type in _TEMPORAL2:
            return self.meta
        if self.mariadb_hires:
            return self.declared_fsp  # type: ignore[return-value]
        return 0

    @property
    def mariadb_hires(self) -> bool:
        """True for a MariaDB 5.3-format TIME/DATETIME/TIMESTAMP with fractions."""
        return (
            self.flavor == FLAVOR_MARIADB
            and self.type in _TEMPORAL_OLD
            and bool(self.declared_fsp)
        )

    @property
    def type_name(self) -> str:
        """Upstream name of :attr:`real_type` (``VARCHAR``), or ``TYPE_<n>``."""
        try:
            return MYSQL_TYPE(self.real_type).name
        except ValueError:
            return f"TYPE_{self.real_type}"
