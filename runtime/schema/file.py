"""Column names (and signedness, charsets) given by the user in a YAML file.

Binlogs written without ``binlog_row_metadata=FULL`` carry no column names,
and before MySQL 8.0.1 / MariaDB 10.5 no signedness or charsets either. A
schema file fills them in::

    shop:                      # database
      orders:                  # table
        - id                   # column names in table order
        - {name: amount, unsigned: true}
        - {name: note, charset: latin1}
      customers: [{name: id, primary_key: true}, name, email]

A column entry is a name, or a mapping with ``name`` and optionally
``primary_key`` (bool: part of the primary key, used by ``binlog-ksy sql``
for its WHERE clauses), ``unsigned`` (bool), ``charset`` (a MySQL charset or collation name such as
``utf8mb4``, ``latin1``, ``binary``, or a collation id) and ``fsp`` (0-6: the
fractional digits of a MariaDB TIME/DATETIME/TIMESTAMP column in the old,
pre-10.1 storage format, which the binlog does not record).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import Any

from ..errors import SchemaFileError


@dataclass(frozen=True, slots=True)
class ColumnHint:
    """What the schema file says about one column."""

    name: str
    unsigned: bool | None = None
    charset: str | int | None = None
    fsp: int | None = None
    primary_key: bool = False


class SchemaFile:
    """Column hints by (database, table), loaded from YAML.

    Parameters
    ----------
    tables
        ``{(database, table): [ColumnHint, ...]}``.
    """

    def __init__(self, tables: dict[tuple[str, str], list[ColumnHint]]) -> None:
        self._tables = tables

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> SchemaFile:
        """Read a schema file; raise :class:`SchemaFileError` naming what is wrong."""
        import yaml  # only when a schema file is given: every command imports this module

        try:
            with open(path, encoding="utf-8") as f:
                data = yaml.safe_load(f)
        except OSError as exc:
            raise SchemaFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
        except yaml.YAMLError as exc:
            raise SchemaFileError(f"{path}: not valid YAML: {exc}") from None
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<schema>") -> SchemaFile:
        if data is None:
            return cls({})
        if not isinstance(data, dict):
            raise SchemaFileError(f"{source}: expected a mapping of database -> table -> columns")
        tables: dict[tuple[str, str], list[ColumnHint]] = {}
        for db, db_tables in data.items():
            if not isinstance(db_tables, dict):
                raise SchemaFileError(f"{source}: database {db!r}: expected a mapping of table -> columns")
            for table, columns in db_tables.items():
                if not isinstance(columns, list):
                    raise SchemaFileError(f"{source}: {db}.{table}: expected a list of columns")
                hints = []
                for i, col in enumerate(columns):
                    if isinstance(col, str):
                        hints.append(ColumnHint(col))
                    elif isinstance(col, dict) and isinstance(col.get("name"), str):
                        unknown = set(col) - {"name", "unsigned", "charset", "fsp", "primary_key"}
                        if unknown:
                            raise SchemaFileError(
                                f"{source}: {db}.{table} column {i + 1}: unknown keys {sorted(unknown)}"
                            )
                        unsigned = col.get("unsigned")
                        if unsigned is not None and not isinstance(unsigned, bool):
                            raise SchemaFileError(f"{source}: {db}.{table}.{col['name']}: unsigned must be true/false")
                        fsp = col.get("fsp")
                        if fsp is not None and (not isinstance(fsp, int) or not 0 <= fsp <= 6):
                            raise SchemaFileError(f"{source}: {db}.{table}.{col['name']}: fsp must be 0-6")
                        primary_key = col.get("primary_key", False)
                        if not isinstance(primary_key, bool):
                            raise SchemaFileError(f"{source}: {db}.{table}.{col['name']}: primary_key must be "
                                                  "true/false")
                        hints.append(ColumnHint(col["name"], unsigned, col.get("charset"), fsp, primary_key))
                    else:
                        raise SchemaFileError(f"{source}: {db}.{table} column {i + 1}: expected a name or "
                                              "a mapping with 'name'")
                tables[(str(db), str(table))] = hints
        return cls(tables)

    def columns(self, database: str, table: str) -> list[ColumnHint] | None:
        """The hints for a table, or None when the file does not name it."""
        return self._tables.get((database, table))

    def __len__(self) -> int:
        return len(self._tables)


@functools.lru_cache(maxsize=1024)
def collation_of_charset_name(name: str) -> int | None:
    """A collation id of a MySQL charset name (``utf8mb4``, ``latin1``, ``binary``...), or of a
    collation name's charset (``utf8mb4_0900_ai_ci`` -> utf8mb4); None when unknown.

    Any collation of the charset will do: decoding needs only the charset. Remembered: every text column of
    every table map a schema history completes asks (a scan of 2,047 ids each).
    """
    from ..types.charsets import charset_of_collation

    wanted = name.strip().lower()
    aliases = {"utf8": "utf8mb3", "utf-8": "utf8mb4"}
    wanted = aliases.get(wanted, wanted)
    for cid in range(1, 2048):
        cs = charset_of_collation(cid)
        if cs is not None and (cs == wanted or wanted.startswith(cs + "_")):
            return cid
    return None
