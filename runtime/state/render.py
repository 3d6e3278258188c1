"""A state's tables as text, JSON lines and SQL, through the presenters ``rows`` and ``sql`` use.

Values are written by the existing encoders, a whole column at a time where they can
(:func:`..present.column_json.column_texts` for JSON, :func:`..present.sql_columns.literal_texts` for
SQL), value by value otherwise (:func:`..present.value_json.json_formatter`,
:func:`..present.sql.literal_writer`), and a cell Arrow cannot hold (a zero date) always from its exact
value (:mod:`.batches`): the texts are those ``rows --format jsonl`` and ``sql`` write for the same values.

* ``text``: per table a ``#`` line (rows, complete or partial), then one line per row, ``name=value, ...``
  with the values' JSON texts;
* ``jsonl``: one object per row, ``{"schema": ..., "table": ..., "row": {column: value, ...}}``;
* ``sql``: a script that recreates the tables as they were: ``SET`` lines (:func:`..present.sql.script_header`
  and ``FOREIGN_KEY_CHECKS=0``), then per table the ``CREATE TABLE`` the schema history knows (with the
  ``ENGINE`` its DDL named: :mod:`.defaults`) and ``INSERT``
  statements of up to :data:`ROWS_PER_INSERT` rows. Table names are not qualified, so the script restores
  into the database the client is given (``mariadb restore_db < table.sql``); ``CREATE TABLE`` (never ``DROP``)
  fails rather than replace a table that exists. Generated columns are left to the server.
"""

from __future__ import annotations

from collections.abc import Iterator
from json.encoder import encode_basestring
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from ..column import Column
from ..errors import SqlRefusal
from ..present.arrow_text import concatenate, text_scalar
from ..present.column_json import column_texts
from ..present.sql import literal_writer, quote_name, script_header
from ..present.sql_columns import literal_texts
from ..present.value_json import json_formatter
from ..types.json_text import dumps
from .batches import python_values
from .keyed_rows import StateTable

__all__ = ["ROWS_PER_INSERT", "SLICE_ROWS", "json_lines", "slices", "sql_script", "text_lines"]

#: Rows per INSERT statement of the SQL output (a statement stays far below max_allowed_packet's 16 MB
#: default for rows of a few KB).
ROWS_PER_INSERT = 500
#: Rows made into text at once: the texts of a big table are never all in memory.
SLICE_ROWS = 50 * ROWS_PER_INSERT


def slices(table: StateTable, rows: int = SLICE_ROWS) -> Iterator[StateTable]:
    """A table's rows a slice at a time."""
    for start in range(0, table.rows, rows):
        yield table.slice(start, rows)


def _patched(texts: pa.Array, cells: dict[int, Any] | None, write: Any) -> pa.Array:
    """``texts`` with the exception cells written from their exact values."""
    if not cells:
        return texts
    values = texts.to_pylist()
    for row, value in cells.items():
        values[row] = write(value)
    return pa.array(values, pa.string())


def value_json_texts(column: Column, arr: pa.Array, cells: dict[int, Any] | None, errors: str = "strict"
                     ) -> pa.Array:
    """Each value's JSON text (``null`` for SQL NULL)."""
    texts = column_texts(column, arr).json()
    formatter = json_formatter(column, errors)
    texts = _patched(texts, cells, lambda v: dumps(formatter(v)))
    return pc.fill_null(texts, text_scalar("null")) if texts.null_count else texts


def json_lines(table: StateTable, errors: str = "strict") -> pa.Array:
    """One JSON object and a newline per row (a string array)."""
    head = f'{{"schema":{encode_basestring(table.schema)},"table":{encode_basestring(table.table)},"row":'
    pieces: list[Any] = [head]
    for k, column in enumerate(table.columns):
        pieces.append(("{" if k == 0 else ",") + encode_basestring(column.name) + ":")
        pieces.append(value_json_texts(column, table.arrays[k], table.exceptions.get(k), errors))
    pieces.append("}}\n" if table.columns else "{}}\n")
    return concatenate(pieces, table.rows)


def text_lines(table: StateTable, errors: str = "strict") -> Iterator[str]:
    """The ``#`` line of a table, then one line per row."""
    state = "complete" if table.complete else "partial"
    yield f"# {table.schema}.{table.table}: {table.rows} rows ({state})\n"
    for part in slices(table):
        pieces: list[Any] = []
        for k, column in enumerate(part.columns):
            pieces.append((", " if k else "") + column.name + "=")
            pieces.append(value_json_texts(column, part.arrays[k], part.exceptions.get(k), errors))
        pieces.append("\n")
        yield "".join(concatenate(pieces, part.rows).to_pylist())


def _literals(column: Column, arr: pa.Array, cells: dict[int, Any] | None) -> pa.Array:
    """Each value's SQL literal (``NULL`` for SQL NULL)."""
    write = literal_writer(column)
    texts = literal_texts(column, arr)
    if texts is None:
        values = python_values(arr, cells)
        return pa.array([write(v) for v in values], pa.string())
    texts = _patched(texts, cells, write)
    return pc.fill_null(texts, text_scalar("NULL")) if texts.null_count else texts


def sql_script(tables: list[StateTable]) -> Iterator[str]:
    """The SQL that recreates the tables (see the module docstring); a :class:`SqlRefusal` names what cannot be
    written exactly."""
    yield "\n".join([*script_header(), "SET SESSION foreign_key_checks = 0;"]) + "\n"
    for table in tables:
        yield from _table_sql(table)


def _table_sql(table: StateTable) -> Iterator[str]:
    tdef, generated = table.definition, table.generated
    state = "complete" if table.complete else "partial: only the rows the binlogs showed"
    yield f"\n-- {table.schema}.{table.table}: {table.rows} rows ({state})\n"
    names = [c.name for c in table.columns]
    if tdef is not None and [c.name.lower() for c in tdef.columns if not c.hidden] == [n.lower() for n in names]:
        create = tdef.create_sql().replace(f"CREATE TABLE {quote_name(tdef.schema)}.{quote_name(tdef.table)}",
                                           f"CREATE TABLE {quote_name(tdef.table)}", 1)
        yield create + (f" ENGINE={table.engine}" if table.engine else "") + ";\n"
    else:
        yield (f"-- the CREATE TABLE of {table.schema}.{table.table} is not known (give --schema-sql with it): "
               "create the table before these statements\n")
    if not table.rows:
        return
    if not names:
        raise SqlRefusal(f"{table.schema}.{table.table}: no column names")
    keep = [k for k, name in enumerate(names) if name.lower() not in generated]
    head = f"INSERT INTO {quote_name(table.table)} ({', '.join(quote_name(names[k]) for k in keep)}) VALUES\n"
    for k in keep:
        if table.columns[k].name.startswith("@"):
            raise SqlRefusal(f"{table.schema}.{table.table}: no column names (the binlog has none, nor the history)")
    for part in slices(table):
        pieces: list[Any] = ["("]
        for i, k in enumerate(keep):
            pieces.append(", " if i else "")
            pieces.append(_literals(part.columns[k], part.arrays[k], part.exceptions.get(k)))
        pieces.append(")")
        rows = concatenate(pieces, part.rows)
        for start in range(0, part.rows, ROWS_PER_INSERT):
            yield head + ",\n".join(rows.slice(start, ROWS_PER_INSERT).to_pylist()) + ";\n"
