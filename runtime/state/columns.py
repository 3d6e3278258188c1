"""The columns of a table as a TABLE_MAP would describe them, made from its definition in the schema history.

A table's rows are typed by the :class:`~..column.Column` objects of the TABLE_MAP events that wrote them
(:mod:`..types.arrow` gives each its Arrow type). After a DDL statement the rows already held must take the
new layout before any TABLE_MAP of it is read (an ``ADD COLUMN`` whose rows nobody changes afterwards is
still in the output), so the new columns are made here from the :class:`~..schema.ddl.model.ColumnDef` the
schema history keeps: the type code and packed metadata the server writes for that column type
(sql/field.h ``Field::binlog_type`` and ``Field::save_field_metadata`` of each field class; MariaDB logs
DATE as MYSQL_TYPE_DATE, TIME/DATETIME/TIMESTAMP as the ``*2`` types with the fraction digits, JSON as a
LONGBLOB of utf8mb4_bin, INET4/INET6/UUID as BINARY(4)/BINARY(16)). The next TABLE_MAP of the table
replaces them (:meth:`.keyed_rows.TableRows.adopt`); only what the outputs read must agree: names, Arrow
types, labels, charsets and fraction digits.
"""

from __future__ import annotations

from ..column import FLAVOR_MARIADB, Column
from ..constants import MYSQL_TYPE
from ..schema.ddl.model import ColumnDef, TableDef
from ..schema.file import collation_of_charset_name

__all__ = ["HIDDEN_PREFIX", "column_of_def", "columns_of_table", "is_hidden"]

T = MYSQL_TYPE
#: MariaDB's hidden hash column of a long UNIQUE key (``DB_ROW_HASH_1``): in row images, never in SELECT *.
HIDDEN_PREFIX = "DB_ROW_HASH_"

_FIXED = {
    "tinyint": (T.TINY, 0), "smallint": (T.SHORT, 0), "mediumint": (T.INT24, 0), "int": (T.LONG, 0),
    "bigint": (T.LONGLONG, 0), "float": (T.FLOAT, 4), "double": (T.DOUBLE, 8), "year": (T.YEAR, 0),
    "date": (T.DATE, 0),
}  # fmt: skip
_BLOB_PACK = {"tinytext": 1, "tinyblob": 1, "text": 2, "blob": 2, "mediumtext": 3, "mediumblob": 3,
              "longtext": 4, "longblob": 4, "json": 4}
_GEOMETRY = frozenset({"geometry", "point", "linestring", "polygon", "multipoint", "multilinestring", "multipolygon",
                       "geometrycollection", "geomcollection"})
_FIXED_BINARY = {"inet4": 4, "inet6": 16, "uuid": 16}
_MAX_BYTES = {"utf8mb4": 4, "utf8mb3": 3, "utf8": 3, "ucs2": 2, "utf16": 4, "utf16le": 4, "utf32": 4}


def is_hidden(name: str) -> bool:
    """Whether a column is MariaDB's hidden hash column, which the state leaves out."""
    return name.startswith(HIDDEN_PREFIX)


def _code_and_meta(col: ColumnDef) -> tuple[int, int]:
    """The TABLE_MAP type code and packed metadata of a column type (see the module docstring)."""
    dt = col.data_type
    if dt in _FIXED:
        return _FIXED[dt]
    if dt == "decimal":
        return T.NEWDECIMAL, ((col.precision or 10) << 8) | (col.scale or 0)
    if dt in ("time", "datetime", "timestamp"):
        code = {"time": T.TIME2, "datetime": T.DATETIME2, "timestamp": T.TIMESTAMP2}[dt]
        return code, col.fsp or 0
    if dt == "bit":
        bits = col.length or 1
        return T.BIT, ((bits // 8) << 8) | (bits % 8)
    if dt in ("char", "binary") or dt in _FIXED_BINARY:
        size = _FIXED_BINARY.get(dt) or (col.length or 1) * _MAX_BYTES.get(col.charset or "", 1)
        return T.STRING, ((T.STRING ^ ((size & 0x300) >> 4)) << 8) | (size & 0xFF)
    if dt in ("varchar", "varbinary"):
        return T.VARCHAR, (col.length or 0) * _MAX_BYTES.get(col.charset or "", 1)
    if dt in ("enum", "set"):
        labels = len(col.values or ())
        size = (1 if labels < 256 else 2) if dt == "enum" else min((labels + 7) // 8, 8)
        if dt == "set" and size in (5, 6, 7):
            size = 8
        return T.STRING, ((T.ENUM if dt == "enum" else T.SET) << 8) | size
    if dt in _BLOB_PACK:
        return T.BLOB, _BLOB_PACK[dt]
    if dt in _GEOMETRY:
        return T.GEOMETRY, 4
    if dt == "vector":
        return T.VECTOR, 4
    return T.BLOB, 4  # a type the history names but no rule here knows: bytes, never a wrong number


def _charset_id(col: ColumnDef) -> int | None:
    dt = col.data_type
    if dt == "json":
        return collation_of_charset_name("utf8mb4_bin")
    if dt in _GEOMETRY or dt in _FIXED_BINARY or col.charset == "binary":
        return 63
    name = col.collation or col.charset
    return collation_of_charset_name(name) if name else None


def column_of_def(col: ColumnDef, index: int, flavor: str = FLAVOR_MARIADB) -> Column:
    """The :class:`Column` a TABLE_MAP with FULL metadata would give ``col`` at position ``index``."""
    code, meta = _code_and_meta(col)
    numeric = col.data_type in ("tinyint", "smallint", "mediumint", "int", "bigint", "decimal", "float", "double")
    labels = tuple(col.values) if col.values is not None else None
    return Column(index=index, name=col.name, type=code, meta=meta, nullable=col.nullable,
                  unsigned=col.unsigned if numeric else None,
                  charset=_charset_id(col) if code in (T.STRING, T.VARCHAR, T.BLOB, T.GEOMETRY) else None,
                  enum_values=labels if col.data_type == "enum" else None,
                  set_values=labels if col.data_type == "set" else None,
                  is_primary_key=col.primary_key, flavor=flavor)


def columns_of_table(tdef: TableDef, flavor: str = FLAVOR_MARIADB) -> tuple[Column, ...]:
    """The visible columns of a table definition as :func:`column_of_def` makes them."""
    visible = [c for c in tdef.columns if not c.hidden]
    return tuple(column_of_def(c, i, flavor) for i, c in enumerate(visible))
