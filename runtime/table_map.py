"""Table maps: what a TABLE_MAP event says about a table, and the cache of them.

A rows event names its table by a number; the TABLE_MAP event before it maps
that number to a database, a table and its columns (type codes, metadata,
nullability, and with ``binlog_row_metadata=MINIMAL|FULL`` signedness,
charsets, names, ENUM/SET labels, geometry types, primary key, visibility).
:func:`table_map_from_event` turns the generated parser's object
(``event_table_map::table_map_event``) into a :class:`TableMap` of
:class:`~.column.Column`; :class:`TableMapCache` keeps them by table id and
forgets them at the end of each statement, as the server does.

Layout: libs/mysql/binlog/event/rows_event.h (Table_map_event,
Optional_metadata_field_type) and rows_event.cpp (parse of each optional
field); which columns count as numeric / character: go-mysql row_event.go and
MySQL sql/log_event.cc ``Table_map_log_event::init_*_field``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .column import FLAVOR_MARIADB, FLAVOR_MYSQL, Column
from .constants import MYSQL_TYPE
from .schema.ddl.model import TableDef
from .schema.file import ColumnHint, SchemaFile, collation_of_charset_name

T = MYSQL_TYPE


@dataclass(frozen=True, slots=True)
class TableMap:
    """One table as a TABLE_MAP event describes it.

    Attributes
    ----------
    table_id
        The number rows events use for the table until the next map.
    schema, table
        Database and table name.
    columns
        One :class:`Column` per column, in table order.
    has_names
        Whether the column names came from the binlog, a schema file or the schema history (else ``@1``,
        ``@2``...).
    primary_key
        Names of the primary-key columns, () when unknown.
    names_from
        Where the names came from: ``"metadata"`` (FULL optional metadata), ``"schema file"``, ``"history"``
        (the DDL of the binlogs, :mod:`.schema.history`), or ``""`` (unknown).
    history_problem
        Why the schema history's definition of the table was not used (its columns do not fit the map).
    """

    table_id: int
    schema: str
    table: str
    columns: tuple[Column, ...]
    has_names: bool = False
    primary_key: tuple[str, ...] = ()
    json_columns: tuple[int, ...] = field(default=())
    names_from: str = ""
    history_problem: str | None = None
    #: What readers prepare once per table map and reuse for its rows events (row decoders per
    #: columns bitmap, JSON formatters): owned here so it lives and dies with the map.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    @property
    def qualified_name(self) -> str:
        return f"{self.schema}.{self.table}"


def _is_character(col_type: int, real_type: int, flavor: str) -> bool:
    """Columns DEFAULT_CHARSET/COLUMN_CHARSET count (rows_event.h: "character columns")."""
    if col_type in (T.VARCHAR, T.VAR_STRING, T.BLOB):
        return True
    if col_type == T.STRING:
        return real_type not in (T.ENUM, T.SET)
    if flavor == FLAVOR_MARIADB and col_type in (T.GEOMETRY, T.BLOB_COMPRESSED, T.VARCHAR_COMPRESSED):
        return True
    # MySQL 9 counts VECTOR columns (binary charset 63) among the character columns:
    # fixture vector.binlog, table bar: DEFAULT_CHARSET 63 with the exception (1 -> 255).
    return flavor == FLAVOR_MYSQL and col_type == T.VECTOR


def _is_enum_or_set(col_type: int, real_type: int) -> bool:
    return col_type == T.STRING and real_type in (T.ENUM, T.SET)


def _bits_msb_first(raw: bytes, count: int) -> list[bool]:
    return [bool(raw[i >> 3] & (0x80 >> (i & 7))) for i in range(min(count, len(raw) * 8))]


def _label(raw: Any) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return bytes(raw).decode("latin-1")


def _ints(value: Any) -> list[int]:
    items = getattr(value, "items", None)
    if items is None:
        return []
    return [getattr(v, "value", v) for v in items]


def _charsets(value: Any, positions: list[int]) -> dict[int, int]:
    """Collation per column index from a DEFAULT_CHARSET or COLUMN_CHARSET field."""
    out: dict[int, int] = {}
    if hasattr(value, "default_collation"):  # DEFAULT_CHARSET: default + (index, collation) exceptions
        default = value.default_collation.value
        for col in positions:
            out[col] = default
        for exc in value.exceptions or []:
            i = exc.column_index.value
            if i < len(positions):
                out[positions[i]] = exc.collation.value
    else:  # COLUMN_CHARSET: one collation per character column
        for i, collation in enumerate(_ints(value)):
            if i < len(positions):
                out[positions[i]] = collation
    return out


@dataclass
class _Facts:
    """What is known of a TABLE_MAP's columns, gathered from the metadata, the schema file and the history."""

    types: list[int]
    metas: list[int]
    real_types: list[int]  # STRING packs ENUM/SET: the real type decides which metadata lists a column is in
    flavor: str
    names: list[str | None] = field(default_factory=list)
    unsigned: list[bool | None] = field(default_factory=list)
    charset: dict[int, int] = field(default_factory=dict)
    fsp: dict[int, int] = field(default_factory=dict)
    enum_values: dict[int, tuple[str, ...]] = field(default_factory=dict)
    set_values: dict[int, tuple[str, ...]] = field(default_factory=dict)
    geometry: dict[int, int] = field(default_factory=dict)
    dims: dict[int, int] = field(default_factory=dict)
    pk: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.types)
        self.names = [None] * n
        self.unsigned = [None] * n

    @property
    def n(self) -> int:
        return len(self.types)

    def positions(self, kind: str) -> list[int]:
        """The columns a per-kind optional metadata list counts, in order (rows_event.h ``Optional_metadata``)."""
        types, real, flavor = self.types, self.real_types, self.flavor
        if kind == "numeric":  # MariaDB's YEAR is a Field_tiny: it has a SIGNEDNESS bit (MySQL's has none)
            return [i for i, t in enumerate(types) if t in _NUMERIC or (flavor == FLAVOR_MARIADB and t == T.YEAR)]
        if kind == "character":
            return [i for i in range(self.n) if _is_character(types[i], real[i], flavor)]
        if kind == "enum_set":
            return [i for i in range(self.n) if _is_enum_or_set(types[i], real[i])]
        if kind in ("enum", "set"):
            want = T.ENUM if kind == "enum" else T.SET
            return [i for i in range(self.n) if types[i] == T.STRING and real[i] == want]
        want = T.GEOMETRY if kind == "geometry" else T.VECTOR
        return [i for i in range(self.n) if types[i] == want]


def _real_types(types: list[int], metas: list[int]) -> list[int]:
    out = []
    for t, m in zip(types, metas, strict=True):
        if t == T.STRING:
            byte0 = m >> 8
            out.append(byte0 | 0x30 if (byte0 & 0x30) != 0x30 else byte0)
        else:
            out.append(t)
    return out


def _signedness(facts: _Facts, value: Any) -> None:
    numeric = facts.positions("numeric")
    # a short field leaves the last columns unknown
    for i, bit in zip(numeric, _bits_msb_first(bytes(value), len(numeric)), strict=False):
        if facts.types[i] != T.YEAR:
            facts.unsigned[i] = bit


def _column_names(facts: _Facts, value: Any) -> None:
    for i, nm in enumerate(value.names):
        if i < facts.n:
            facts.names[i] = nm.name if isinstance(nm.name, str) else _label(nm.name)


def _labels(facts: _Facts, value: Any, kind: str) -> None:
    target, positions = ((facts.set_values, facts.positions("set")) if kind == "set_str_value"
                         else (facts.enum_values, facts.positions("enum")))
    for i, lst in enumerate(value.columns):
        if i < len(positions):
            target[positions[i]] = tuple(_label(v.value) for v in lst.values)


def _per_position(target: dict[int, int], positions: list[int], value: Any) -> None:
    for i, item in enumerate(_ints(value)):
        if i < len(positions):
            target[positions[i]] = item


def _optional_field(facts: _Facts, kind: str, value: Any) -> None:
    """One optional metadata field of the TABLE_MAP (rows_event.h ``Optional_metadata_field_type``)."""
    if kind == "signedness":
        _signedness(facts, value)
    elif kind in ("default_charset", "column_charset"):
        facts.charset.update(_charsets(value, facts.positions("character")))
    elif kind in ("enum_and_set_default_charset", "enum_and_set_column_charset"):
        facts.charset.update(_charsets(value, facts.positions("enum_set")))
    elif kind == "column_name":
        _column_names(facts, value)
    elif kind in ("set_str_value", "enum_str_value"):
        _labels(facts, value, kind)
    elif kind == "geometry_type":
        _per_position(facts.geometry, facts.positions("geometry"), value)
    elif kind == "simple_primary_key":
        facts.pk = [i for i in _ints(value) if i < facts.n]
    elif kind == "primary_key_with_prefix":
        facts.pk = [p.column_index.value for p in value.parts if p.column_index.value < facts.n]
    elif kind == "vector_dimensionality":
        _per_position(facts.dims, facts.positions("vector"), value)


def _apply_schema_file(facts: _Facts, hints: list[ColumnHint], has_names: bool) -> None:
    """Names, signedness, charsets and fractions a YAML schema file gives (names where the metadata has none)."""
    for i, hint in enumerate(hints[:facts.n]):
        if facts.names[i] is None or not has_names:
            facts.names[i] = hint.name
        if hint.unsigned is not None:
            facts.unsigned[i] = hint.unsigned
        if hint.charset is not None:
            coll = hint.charset if isinstance(hint.charset, int) else collation_of_charset_name(hint.charset)
            if coll is not None:
                facts.charset[i] = coll
        if hint.fsp is not None:
            facts.fsp[i] = hint.fsp
    if not facts.pk:
        facts.pk = [i for i, hint in enumerate(hints[:facts.n]) if hint.primary_key]


def _apply_history(facts: _Facts, history: TableDef, has_names: bool) -> None:
    """What the schema history knows of a table that fits the map: names where the metadata has none, and
    signedness, charsets, labels, fractions and the key where it lacks them."""
    enums, sets = set(facts.positions("enum")), set(facts.positions("set"))
    for i, col in enumerate(history.columns):
        if facts.names[i] is None or not has_names:
            facts.names[i] = col.name
        if facts.unsigned[i] is None and facts.types[i] in _NUMERIC:
            facts.unsigned[i] = col.unsigned
        cs = col.charset
        if cs is None and col.data_type == "json" and facts.flavor == FLAVOR_MARIADB:
            cs = "utf8mb4"  # MariaDB's JSON is LONGTEXT CHARSET utf8mb4 COLLATE utf8mb4_bin
        if i not in facts.charset and cs is not None:
            coll = collation_of_charset_name(col.collation or cs)
            if coll is not None:
                facts.charset[i] = coll
        if col.values is not None:
            if i in enums and i not in facts.enum_values:
                facts.enum_values[i] = col.values
            if i in sets and i not in facts.set_values:
                facts.set_values[i] = col.values
        if col.fsp is not None and facts.types[i] in (T.TIME, T.DATETIME, T.TIMESTAMP):
            facts.fsp.setdefault(i, col.fsp)
    if not facts.pk:
        facts.pk = [i for i, col in enumerate(history.columns) if col.primary_key]


def _columns(facts: _Facts, null_bits: bytes) -> tuple[Column, ...]:
    def nullable(i: int) -> bool:
        return bool(null_bits[i >> 3] & (1 << (i & 7))) if (i >> 3) < len(null_bits) else True

    pk_set = set(facts.pk)
    return tuple(
        Column(
            index=i,
            name=facts.names[i] or f"@{i + 1}",
            type=facts.types[i],
            meta=facts.metas[i],
            nullable=nullable(i),
            unsigned=facts.unsigned[i],
            charset=facts.charset.get(i),
            enum_values=facts.enum_values.get(i),
            set_values=facts.set_values.get(i),
            geometry_type=facts.geometry.get(i),
            vector_dimensions=facts.dims.get(i),
            is_primary_key=i in pk_set,
            flavor=facts.flavor,
            declared_fsp=facts.fsp.get(i),
        )
        for i in range(facts.n)
    )


def table_map_from_event(body: Any, *, flavor: str = FLAVOR_MYSQL, schema_file: SchemaFile | None = None,
                         history: TableDef | None = None) -> TableMap:
    """Build a :class:`TableMap` from a parsed ``table_map_event`` body.

    Column names come from FULL optional metadata, else the YAML ``schema_file``,
    else ``history`` (the table as the binlog's DDL left it, used only when its
    columns fit the map's types; it also supplies signedness, charsets,
    ENUM/SET labels and the primary key where the metadata lacks them).
    """
    schema_name = body.schema if isinstance(body.schema, str) else _label(body.schema)
    table_name = body.table if isinstance(body.table, str) else _label(body.table)
    types = [int(t) for t in body.column_types]
    if getattr(body, "has_column_metadata", True) and getattr(body, "column_metadata", None) is not None:
        metas = [int(m.value) for m in body.column_metadata.columns]
    else:  # 5.1.0-5.1.17 table maps end after the column types
        metas = [0] * len(types)
    facts = _Facts(types, metas, _real_types(types, metas), flavor)
    for fld in getattr(body, "optional_metadata", None) or []:
        _optional_field(facts, getattr(fld.type, "name", fld.type), fld.value)
    n = facts.n
    has_names = all(nm is not None for nm in facts.names) and n > 0
    names_from = "metadata" if has_names else ""
    hints: list[ColumnHint] | None = schema_file.columns(schema_name, table_name) if schema_file else None
    if hints:
        _apply_schema_file(facts, hints, has_names)
        has_names = len(hints) >= n
        names_from = "schema file" if has_names and names_from != "metadata" else names_from
    history_problem = None
    if history is not None and not hints:
        history_problem = history_mismatch(history, facts.real_types, flavor)
        if history_problem is None:
            _apply_history(facts, history, has_names)
            if not has_names:
                has_names, names_from = True, "history"
    columns = _columns(facts, bytes(getattr(body, "null_bits", b"") or b""))
    return TableMap(
        table_id=int(body.table_id),
        schema=schema_name,
        table=table_name,
        columns=columns,
        has_names=has_names,
        primary_key=tuple(columns[i].name for i in facts.pk),
        json_columns=tuple(i for i in range(n) if types[i] == T.JSON),
        names_from=names_from,
        history_problem=history_problem,
    )


#: The column types of CREATE TABLE each TABLE_MAP type code (real type) stands for (sql/field.h
#: ``Field::binlog_type``; MariaDB's INET4/INET6/UUID are logged as BINARY(n)).
_FITS: dict[int, frozenset[str]] = {
    T.TINY: frozenset({"tinyint", "bool", "boolean"}),
    T.SHORT: frozenset({"smallint"}),
    T.INT24: frozenset({"mediumint"}),
    T.LONG: frozenset({"int"}),
    T.LONGLONG: frozenset({"bigint"}),
    T.FLOAT: frozenset({"float"}),
    T.DOUBLE: frozenset({"double", "float"}),
    T.NEWDECIMAL: frozenset({"decimal"}),
    T.DECIMAL: frozenset({"decimal"}),
    T.YEAR: frozenset({"year"}),
    T.DATE: frozenset({"date"}),
    T.NEWDATE: frozenset({"date"}),
    T.TIME: frozenset({"time"}),
    T.TIME2: frozenset({"time"}),
    T.DATETIME: frozenset({"datetime"}),
    T.DATETIME2: frozenset({"datetime"}),
    T.TIMESTAMP: frozenset({"timestamp"}),
    T.TIMESTAMP2: frozenset({"timestamp"}),
    T.BIT: frozenset({"bit"}),
    T.VARCHAR: frozenset({"varchar", "varbinary"}),
    T.VAR_STRING: frozenset({"varchar", "varbinary"}),
    T.STRING: frozenset({"char", "binary", "inet4", "inet6", "uuid"}),
    T.ENUM: frozenset({"enum"}),
    T.SET: frozenset({"set"}),
    T.JSON: frozenset({"json"}),
    T.VECTOR: frozenset({"vector"}),
    T.GEOMETRY: frozenset({"geometry", "point", "linestring", "polygon", "multipoint", "multilinestring",
                           "multipolygon", "geometrycollection", "geomcollection"}),
    T.VARCHAR_COMPRESSED: frozenset({"varchar", "varbinary"}),
}
_BLOBS = frozenset({"tinytext", "text", "mediumtext", "longtext", "tinyblob", "blob", "mediumblob", "longblob",
                    "json", "long", "long varchar"})
for _code in (T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.BLOB_COMPRESSED):
    _FITS[_code] = _BLOBS


def history_mismatch(table: TableDef, real_types: list[int], flavor: str = FLAVOR_MYSQL) -> str | None:
    """Why a table definition from the schema history does not describe a TABLE_MAP (None: it does).

    The column count must match and every column's declared type must be one
    the map's type code stands for; types this check does not know pass.
    """
    if len(table.columns) != len(real_types):
        return f"the DDL history has {len(table.columns)} columns, the TABLE_MAP {len(real_types)}"
    for i, (col, code) in enumerate(zip(table.columns, real_types, strict=True)):
        fits = _FITS.get(code)
        if fits is not None and col.data_type not in fits:
            name = MYSQL_TYPE(code).name if code in MYSQL_TYPE._value2member_map_ else str(code)
            return f"column {i + 1} ({col.name}) is {col.data_type.upper()} in the DDL history, {name} in the TABLE_MAP"
    return None


# sql/log_event.cc is_numeric_type(): the columns SIGNEDNESS has a bit for (YEAR is not one).
_NUMERIC = frozenset((T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.NEWDECIMAL, T.FLOAT, T.DOUBLE))


class TableMapCache:
    """Table maps by table id, as the reader of one file meets them.

    Like the server (and go-mysql's ``BinlogParser.tables``), the maps of a
    statement are forgotten after its last rows event (flag STMT_END_F), so a
    reused table id never picks up a stale map.
    """

    def __init__(self) -> None:
        self._maps: dict[int, TableMap] = {}

    def add(self, table_map: TableMap) -> None:
        self._maps[table_map.table_id] = table_map

    def get(self, table_id: int) -> TableMap | None:
        return self._maps.get(table_id)

    def end_statement(self) -> None:
        self._maps.clear()

    def __len__(self) -> int:
        return len(self._maps)

    def __iter__(self) -> Iterator[TableMap]:
        return iter(self._maps.values())
