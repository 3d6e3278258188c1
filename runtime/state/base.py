"""A base: the rows tables had before the first binlog a state reads.

``--base PATH`` is one of:

* a previous ``state --format parquet`` output (its folder, or one table's Parquet file): each file records
  the table's columns, its exact values Arrow cannot hold, and the position it stands at (the
  ``--base-position`` it implies); :mod:`.parquet_output` writes them;
* a Parquet file of one table's rows (a dump), columns by name;
* a CSV file with a header line (comma separated, double quotes, UTF-8, ``\\N`` for NULL) or a JSON lines
  file (one object per row, or ``state --format jsonl``'s lines), values as ``state --format jsonl`` writes
  them: DECIMAL digits, dates and times as text (TIMESTAMP in UTC), binary strings in hex, SET labels as a
  list (or comma separated);
* a folder of such files, one per table, each named ``<database>.<table>.<parquet|csv|jsonl>`` (``%2E``
  for a dot in a name, as :func:`..outputs.typed.table_dir_name` writes it);
* a folder of ``mariadb-dump --tab`` files: ``<table>.sql`` (its CREATE TABLE, which the schema history and
  the defaults take) and ``<table>.txt`` (``SELECT ... INTO OUTFILE``'s tab separated text in UTF-8,
  ``\\N`` for NULL, backslash escapes; BIT and binary strings as bytes; INET4, INET6 and UUID as their text,
  read back to the bytes the binlog logs). FLOAT values are as exact as that text (the server prints 6 digits).

A file names one table: the one ``--table`` selects. A table's values are typed by its columns at the base
position (the schema history's, the first TABLE_MAP's, or those the file records) when they are first
needed, by :mod:`.text_values` and :func:`..types.arrow.value_converter`.
"""

from __future__ import annotations

import csv
import ipaddress
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any
from urllib.parse import unquote

import pyarrow as pa

from ..column import Column
from ..constants import MYSQL_TYPE
from ..errors import UsageError
from ..schema.history import SchemaHistory
from ..types.arrow import arrow_type, is_text_column, value_converter
from .batches import Exceptions
from .defaults import DefaultsCatalog
from .keyed_rows import TableRows
from .moment import BasePosition, parse_base_position
from .text_values import value_of_text

__all__ = ["STATE_METADATA", "Base", "column_facts", "columns_of_facts", "load_base"]

T = MYSQL_TYPE
Key = tuple[str, str]
#: The Parquet footer key of a state output's facts (columns, position, exceptions).
STATE_METADATA = b"binlog_ksy.state"
_NULL = "\\N"


def column_facts(column: Column) -> dict[str, Any]:
    """A column as JSON-ready facts (:func:`columns_of_facts` reads them back)."""
    facts = asdict(column)
    for name in ("enum_values", "set_values"):
        if facts[name] is not None:
            facts[name] = list(facts[name])
    return facts


def columns_of_facts(facts: list[dict[str, Any]]) -> tuple[Column, ...]:
    return tuple(Column(**f) for f in facts)


class Base:
    """What ``--base`` gives: per table, a maker of its rows; the position the base stands at, when it says."""

    def __init__(self) -> None:
        self.tables: dict[Key, Callable[[tuple[Column, ...] | None, tuple[str, ...]], TableRows]] = {}
        self.position: BasePosition | None = None
        #: CREATE TABLE statements the base holds (a --tab folder's .sql files), for the history and defaults.
        self.sql: list[tuple[str, str]] = []

    def follow_sql(self, history: SchemaHistory, defaults: DefaultsCatalog) -> list[str]:
        """Give the base's table definitions to the schema history and the defaults; the problems met."""
        problems: list[str] = []
        for name, text in self.sql:
            problems += [f"{name}: {p}" for p in history.state.load_sql(text, self._database_of(text))]
            defaults.database = self._database_of(text)
            defaults.load_sql(text)
        if self.sql:
            history.version += 1
        return problems

    @staticmethod
    def _database_of(text: str) -> str | None:
        m = re.search(r"^-- Host: .*?Database: (\S+)", text, re.M)
        return m.group(1) if m else None


def load_base(path: str, tables: tuple[str, ...]) -> Base:
    """The base at ``path`` (see the module docstring); ``tables``: the --table patterns (a file is the one
    table they name)."""
    base = Base()
    if os.path.isdir(path):
        if any(name.endswith(".txt") for name in os.listdir(path)):
            _tab_folder(base, path, tables)
        else:
            _folder(base, path)
        if not base.tables:
            raise UsageError(f"--base {path}: no table found (Parquet files of a state, or mariadb-dump --tab files)")
        return base
    if not os.path.exists(path):
        raise UsageError(f"--base {path}: no such file or folder")
    if not _one_file(base, path, _one_table(path, tables)):
        raise UsageError(f"--base {path}: not a .parquet, .csv or .jsonl file, nor a folder")
    return base


def _one_file(base: Base, path: str, key: Key | None) -> bool:
    """Load one file of a base (``key``: its table, None for a state's file, which names it); False when it is
    not a base file."""
    lower = path.lower()
    if lower.endswith(".parquet"):
        _parquet(base, path, key)
    elif key is not None and lower.endswith((".jsonl", ".json", ".ndjson")):
        base.tables[key] = _text_table(key, _json_rows(path), hex_binary=True)
    elif key is not None and lower.endswith(".csv"):
        base.tables[key] = _text_table(key, _csv_rows(path), hex_binary=True)
    else:
        return False
    return True


def _folder(base: Base, path: str) -> None:
    """A state's Parquet folder, or files named ``<database>.<table>.<ext>``."""
    for root, _, files in os.walk(path):
        for name in sorted(files):
            stem, _, ext = name.rpartition(".")
            schema, dot, table = stem.partition(".")
            key = (unquote(schema), unquote(table)) if dot and root == path else None
            if ext.lower() in ("parquet", "csv", "jsonl", "json", "ndjson"):
                _one_file(base, os.path.join(root, name), key)


def _one_table(path: str, tables: tuple[str, ...]) -> Key:
    names = [t for t in tables if "." in t and not any(ch in t for ch in "*?[")]
    if len(names) != 1 or len(tables) != 1:
        raise UsageError(f"--base {path}: a file holds one table's rows: give that table as the only --table "
                         "db.table (no pattern)")
    schema, _, table = names[0].partition(".")
    return schema, table


# -- a state's Parquet files, or a Parquet dump


def _parquet(base: Base, path: str, key: Key | None) -> None:
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    meta = (table.schema.metadata or {}).get(STATE_METADATA)
    facts = json.loads(meta) if meta is not None else None
    if facts is not None:
        key = (facts["schema"], facts["table"])
        if key in base.tables:
            raise UsageError(f"--base: {key[0]}.{key[1]} is in more than one file")
        position = parse_base_position(facts["position"]) if facts.get("position") else None
        if base.position is not None and position is not None and str(base.position) != str(position):
            raise UsageError(f"--base: {path} stands at {position}, another file at {base.position}")
        base.position = position or base.position
    if key is None:
        raise UsageError(f"--base {path}: not a file binlog-ksy state wrote (no {STATE_METADATA.decode()} facts)")
    base.tables[key] = _parquet_table(key, table, facts)


def _parquet_table(key: Key, table: pa.Table, facts: dict[str, Any] | None
                   ) -> Callable[[tuple[Column, ...] | None, tuple[str, ...]], TableRows]:
    def make(columns: tuple[Column, ...] | None, primary_key: tuple[str, ...]) -> TableRows:
        exceptions: Exceptions = {}
        if facts is not None:
            columns = columns_of_facts(facts["columns"])
            primary_key = tuple(facts.get("primary_key") or ())
        if columns is None:
            raise UsageError(f"--base: the columns of {key[0]}.{key[1]} are not known at the base position "
                             "(give --schema-sql with its CREATE TABLE)")
        by_name = {name.lower(): k for k, name in enumerate(table.column_names)}
        arrays = []
        for j, column in enumerate(columns):
            k = by_name.get(column.name.lower())
            if k is None:
                raise UsageError(f"--base: {key[0]}.{key[1]} has no column {column.name}")
            arrays.append(table.column(k).combine_chunks().cast(arrow_type(column)))
            if facts is not None:
                cells = {int(row): value_of_text(column, text) for row, text in
                         (facts.get("exceptions") or {}).get(str(j), {}).items()}
                if cells:
                    exceptions[j] = cells
        return _loaded(key, columns, primary_key, arrays, exceptions)

    return make


def _loaded(key: Key, columns: tuple[Column, ...], primary_key: tuple[str, ...], arrays: list[pa.Array],
            exceptions: Exceptions) -> TableRows:
    rows = TableRows(key, columns, primary_key, complete=True)
    rows.load(arrays, exceptions)
    return rows


# -- text: CSV, JSON lines, mariadb-dump --tab


#: A text base's rows, given the table's columns (a --tab file's fields are in column order).
TextRows = Callable[[tuple[Column, ...]], Iterator[dict[str, Any]]]


def _text_table(key: Key, rows: TextRows, *, hex_binary: bool
                ) -> Callable[[tuple[Column, ...] | None, tuple[str, ...]], TableRows]:
    def make(columns: tuple[Column, ...] | None, primary_key: tuple[str, ...]) -> TableRows:
        if columns is None:
            raise UsageError(f"--base: the columns of {key[0]}.{key[1]} are not known at the base position "
                             "(give --schema-sql with its CREATE TABLE)")
        values: list[list[Any]] = [[] for _ in columns]
        exceptions: Exceptions = {}
        converters = [value_converter(c) for c in columns]
        for n, row in enumerate(rows(columns)):
            lowered = {k.lower(): v for k, v in row.items()}
            for j, column in enumerate(columns):
                if column.name.lower() not in lowered:
                    raise UsageError(f"--base: {key[0]}.{key[1]}: row {n + 1} has no column {column.name}")
                value = _typed(column, lowered[column.name.lower()], hex_binary)
                arrow_value, exact = converters[j](value)
                values[j].append(arrow_value)
                if not exact:
                    exceptions.setdefault(j, {})[n] = value
        arrays = [pa.array(v, arrow_type(c)) for v, c in zip(values, columns, strict=True)]
        return _loaded(key, columns, primary_key, arrays, exceptions)

    return make


def _typed(column: Column, value: Any, hex_binary: bool) -> Any:
    """A base's value (text, bytes or a JSON value) as the row decoder's value of ``column``."""
    if value is None:
        return None
    t = column.real_type
    if t == T.JSON:
        return json.loads(value) if isinstance(value, str) else value
    if t == T.BIT and isinstance(value, bytes):
        return int.from_bytes(value, "big")
    if isinstance(value, bool):
        value = "1" if value else "0"
    elif isinstance(value, (int, float)):
        value = repr(value)
    elif isinstance(value, list):
        value = ",".join(str(v) for v in value)
    elif isinstance(value, dict):
        value = json.dumps(value, ensure_ascii=False)
    return value_of_text(column, value, hex_binary=hex_binary and not is_text_column(column))


def _json_rows(path: str) -> TextRows:
    def rows(columns: tuple[Column, ...]) -> Iterator[dict[str, Any]]:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    obj = json.loads(line)
                    yield obj["row"] if isinstance(obj.get("row"), dict) and "table" in obj else obj
    return rows


def _csv_rows(path: str) -> TextRows:
    def rows(columns: tuple[Column, ...]) -> Iterator[dict[str, Any]]:
        with open(path, encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                yield {k: (None if v == _NULL else v) for k, v in row.items()}
    return rows


def _tab_folder(base: Base, path: str, tables: tuple[str, ...]) -> None:
    for name in sorted(os.listdir(path)):
        if not name.endswith(".txt"):
            continue
        table = name[:-4]
        sql_path = os.path.join(path, table + ".sql")
        text = ""
        if os.path.exists(sql_path):
            with open(sql_path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            base.sql.append((sql_path, text))
        database = Base._database_of(text) or _database_of_patterns(tables)
        if database is None:
            raise UsageError(f"--base {path}: which database is {table} in? (its .sql file does not say: give "
                             "--table db.table)")
        base.tables[(database, table)] = _text_table(
            (database, table), _tab_rows(os.path.join(path, name), _address_columns(text)), hex_binary=False)


def _database_of_patterns(tables: tuple[str, ...]) -> str | None:
    databases = {t.partition(".")[0] for t in tables if "." in t and not any(ch in t for ch in "*?[")}
    return databases.pop() if len(databases) == 1 else None


_TAB_TOKEN = re.compile(rb"\\(.)|(\t)|(\n)|([^\\\t\n]+)", re.S)
_TAB_ESCAPES = {b"0": b"\0", b"b": b"\b", b"n": b"\n", b"r": b"\r", b"t": b"\t", b"Z": b"\x1a"}


#: Columns whose SELECT text is not their stored bytes: MariaDB's INET4, INET6 and UUID (logged as BINARY(n)).
_ADDRESS_COLUMN = re.compile(r"^\s*`((?:[^`]|``)+)`\s+(inet4|inet6|uuid)\b", re.I | re.M)


def _address_columns(create_table: str) -> dict[str, str]:
    """The INET4/INET6/UUID columns of a --tab folder's CREATE TABLE (lower-case name -> type)."""
    return {m.group(1).replace("``", "`").lower(): m.group(2).lower() for m in _ADDRESS_COLUMN.finditer(create_table)}


def _address_bytes(kind: str, text: bytes) -> bytes:
    """An INET4/INET6/UUID value's text (as SELECT writes it) as the bytes the binlog holds."""
    value = text.decode("ascii")
    if kind == "uuid":
        return bytes.fromhex(value.replace("-", ""))
    return ipaddress.ip_address(value).packed if kind == "inet4" else ipaddress.IPv6Address(value).packed


def _tab_rows(path: str, addresses: dict[str, str] | None = None) -> TextRows:
    """The rows of a ``SELECT ... INTO OUTFILE`` file, each field as bytes (None for ``\\N``), in column order."""
    def rows(columns: tuple[Column, ...]) -> Iterator[dict[str, Any]]:
        names = [c.name for c in columns]
        with open(path, "rb") as fh:
            data = fh.read()
        fields: list[bytes | None] = []
        field = bytearray()
        null = False
        for m in _TAB_TOKEN.finditer(data):
            escaped, tab, newline, text = m.groups()
            if escaped is not None:
                if escaped == b"N" and not field:
                    null = True
                else:
                    field += _TAB_ESCAPES.get(escaped, escaped)
            elif text is not None:
                field += text
            else:
                fields.append(None if null and not field else bytes(field))
                field, null = bytearray(), False
                if newline is not None:
                    if len(fields) != len(names):
                        raise UsageError(f"--base {path}: a row has {len(fields)} fields, the table {len(names)} "
                                         "columns")
                    row = dict(zip(names, fields, strict=True))
                    for name in names:
                        kind, value = (addresses or {}).get(name.lower()), row[name]
                        if kind is not None and value is not None:
                            row[name] = _address_bytes(kind, value)
                    yield row
                    fields = []
    return rows
