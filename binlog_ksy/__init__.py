"""binlog-ksy: read MySQL and MariaDB binary logs as data.

>>> import binlog_ksy
>>> reader = binlog_ksy.read_events("binlog.000001", on_error="skip")
>>> for event in reader:
...     print(event.pos, event.type_name)
>>> reader.errors            # what skip mode stepped over, located by file and byte offset
>>> for change in binlog_ksy.read_changes("binlog.000001", tables="shop.order*"):
...     print(change.op, change.schema, change.table, change.after)
>>> orders = binlog_ksy.read_state(["binlog.000001"], table="shop.orders", at="2024-05-01 14:05:00")

The subpackages: ``binlog_ksy.generated`` (parsers compiled from the Kaitai
specs), ``binlog_ksy.runtime`` (reader, table maps, row images, the events and
rows commands) and ``binlog_ksy.spark_jobs`` (the Spark data source and
extraction job).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, BinaryIO, Literal

if TYPE_CHECKING:
    import pyarrow as pa

    from .runtime.changes import ChangeStream, RowChange
    from .runtime.errors import BinlogError, BinlogKsyError, UsageError
    from .runtime.event import Event
    from .runtime.filters import ChangeFilter
    from .runtime.reader import BinlogReader
    from .runtime.schema.file import SchemaFile
    from .runtime.schema.history import SchemaHistory

#: The API's names and the modules they come from, imported when first used: a command that
#: needs only the reader does not pay for the row decoders, pyarrow or numpy.
_LAZY = {
    "ChangeStream": ".runtime.changes", "RowChange": ".runtime.changes",
    "BinlogError": ".runtime.errors", "BinlogKsyError": ".runtime.errors", "UsageError": ".runtime.errors",
    "Event": ".runtime.event",
    "ChangeFilter": ".runtime.filters", "BinlogReader": ".runtime.reader",
    "SchemaFile": ".runtime.schema.file", "SchemaHistory": ".runtime.schema.history",
}


def _version() -> str:
    """The version of binlog-ksy: the installed distribution's, else (a source tree, not installed) its
    pyproject.toml's, else ``0+unknown``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("binlog-ksy")
    except PackageNotFoundError:
        pass
    import tomllib
    from pathlib import Path

    try:
        project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8"))
        if project["project"]["name"] == "binlog-ksy":
            return str(project["project"]["version"])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        pass
    return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value: Any = _version()
    elif name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = [
    "BinlogError",
    "BinlogKsyError",
    "BinlogReader",
    "ChangeFilter",
    "ChangeStream",
    "Event",
    "RowChange",
    "SchemaFile",
    "SchemaHistory",
    "UsageError",
    "__version__",
    "read_changes",
    "read_events",
    "read_state",
]


def read_events(
    source: str | os.PathLike[str] | BinaryIO,
    *,
    name: str | None = None,
    verify_checksums: bool = True,
    on_error: Literal["stop", "skip"] = "stop",
) -> BinlogReader:
    """The events of one binlog file: a reader to iterate lazily, in constant memory.

    Parameters
    ----------
    source
        A path or a binary file object.
    name
        The file name events and errors carry (default: the path).
    verify_checksums
        Check the CRC32 of every event of a checksummed file.
    on_error
        ``stop``: raise the error that ends the read, after every good event.
        ``skip``: record it in ``reader.errors`` and resume at the next valid event.

    Returns
    -------
    BinlogReader
        Iterable of :class:`~binlog_ksy.runtime.event.Event`; ``.errors`` lists
        the problems met, ``.format`` the file's format description (once read).
    """
    from .runtime.reader import BinlogReader

    return BinlogReader(source, name=name, verify_checksums=verify_checksums, on_error=on_error)


def read_changes(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    databases: str | Iterable[str] | None = None,
    tables: str | Iterable[str] | None = None,
    start_position: int | None = None,
    stop_position: int | None = None,
    start_datetime: str | datetime | None = None,
    stop_datetime: str | datetime | None = None,
    include_gtids: str | Iterable[str] | None = None,
    exclude_gtids: str | Iterable[str] | None = None,
    filters: ChangeFilter | None = None,
    schema: SchemaFile | str | os.PathLike[str] | None = None,
    on_error: Literal["stop", "skip"] = "stop",
    verify_checksums: bool = True,
    undecodable: Literal["strict", "keep", "replace"] = "strict",
    schema_sql: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    schema_history: bool = True,
) -> ChangeStream:
    """The row changes of one or more binlog files, in order, with typed Python values.

    The options are the command line's (``binlog-ksy rows``), with the same matching.

    Parameters
    ----------
    paths
        One path or a list of paths, read one after another.
    databases, tables
        Names or fnmatch patterns (a comma list or a list); ``tables`` as
        ``db.table``, or ``table`` for that table in any database.
    start_position, stop_position
        Byte offsets of rows events to keep (``start <= pos < stop``; one file).
    start_datetime, stop_datetime
        Times (ISO text or datetime; UTC unless they carry a zone) of events to keep.
    include_gtids, exclude_gtids
        Whole transactions by GTID (MySQL ``uuid:1-5:7``, MariaDB ``0-1-100`` or ``0-1-100-200``): only
        these, or all but these.
    filters
        A ready :class:`ChangeFilter` instead of the seven options above.
    schema
        A :class:`SchemaFile` or the path of one: column names for tables logged without them.
    on_error
        ``stop`` raises the first error after every change before it; ``skip``
        records it in ``.errors`` of the returned stream and goes on.
    verify_checksums
        Check the CRC32 of every event.
    undecodable
        Text that does not decode in its column's charset: ``strict`` raises, ``keep`` keeps the bytes,
        ``replace`` puts U+FFFD for the bad bytes.
    schema_sql
        SQL files (``CREATE TABLE`` statements, e.g. ``mariadb-dump --no-data``) with the tables as they were
        when the first file starts: the schema history starts from them.
    schema_history
        Follow the DDL of the files (and ``schema_sql``) to name the columns of tables logged without names
        (default True; names from FULL metadata and ``schema`` win).

    Returns
    -------
    ChangeStream
        Iterable of :class:`RowChange`; ``.errors`` lists the problems met.
    """
    from .runtime.changes import ChangeStream
    from .runtime.filters import ChangeFilter

    options = (databases, tables, start_position, stop_position, start_datetime, stop_datetime, include_gtids,
               exclude_gtids)
    if filters is None:
        filters = ChangeFilter.create(databases=databases, tables=tables, start_position=start_position,
                                      stop_position=stop_position, start_datetime=start_datetime,
                                      stop_datetime=stop_datetime, include_gtids=include_gtids,
                                      exclude_gtids=exclude_gtids)
    elif any(o is not None for o in options):
        from .runtime.errors import UsageError

        raise UsageError("read_changes: give filters= or the filter options, not both")
    files = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    return ChangeStream(_one_file_for_positions(files, filters), schema=_schema_file(schema), filters=filters,
                        on_error=on_error, verify_checksums=verify_checksums, undecodable=undecodable,
                        history=_history(schema_sql, schema_history))


def _one_file_for_positions(files: list[str | os.PathLike[str]], filters: ChangeFilter
                            ) -> list[str | os.PathLike[str]]:
    if filters.selects_positions and len(files) != 1:
        from .runtime.errors import UsageError

        raise UsageError("read_changes: start_position/stop_position are byte offsets in one file")
    return files


def _schema_file(schema: SchemaFile | str | os.PathLike[str] | None) -> SchemaFile | None:
    from .runtime.schema.file import SchemaFile

    return SchemaFile.load(os.fspath(schema)) if isinstance(schema, (str, os.PathLike)) else schema


def _history(schema_sql: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None,
             schema_history: bool) -> SchemaHistory | None:
    if not schema_history and schema_sql is None:
        return None
    from .runtime.schema.history import SchemaHistory

    sql_files = [schema_sql] if isinstance(schema_sql, (str, os.PathLike)) else list(schema_sql or [])
    history = SchemaHistory.from_sql_files(sql_files)
    history.defer_creates = True  # a CREATE TABLE is parsed when rows of its table are read
    return history


def read_state(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    table: str,
    at: str | datetime | None = None,
    at_gtid: str | None = None,
    at_position: str | None = None,
    base: str | os.PathLike[str] | None = None,
    base_position: str | None = None,
    schema: SchemaFile | str | os.PathLike[str] | None = None,
    schema_sql: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    on_error: Literal["stop", "skip"] = "stop",
    verify_checksums: bool = True,
    undecodable: Literal["strict", "keep", "replace"] = "strict",
) -> pa.Table:
    """The rows one table held at a moment, from binlog files alone: ``binlog-ksy state`` as an Arrow table.

    Parameters
    ----------
    paths
        Binlog files in binlog order.
    table
        ``db.table`` (or a pattern, as ``--table``, that names exactly one table).
    at, at_gtid, at_position
        The moment (at most one): after every transaction committed before ``at`` (ISO text or datetime, UTC
        unless it carries a zone), after the transaction ``at_gtid``, or after every transaction that ends at
        or before ``at_position`` (``FILE:POS``); by default after the last complete transaction.
    base, base_position
        The rows the table had before the first file (a path, see ``binlog-ksy state --help``) and where they
        stand (``FILE:POS`` or a GTID position; a state's own Parquet records it).
    schema, schema_sql, on_error, verify_checksums, undecodable
        As for :func:`read_changes`.

    Returns
    -------
    pyarrow.Table
        The rows, sorted by primary key, in the column types of ``rows --format parquet`` (values Arrow cannot
        hold, such as zero dates, are null); the schema's metadata ``binlog_ksy.state`` holds the columns,
        whether the table is complete, the unknown-row changes, the exact null-held values and the position
        reached, as ``state --format parquet`` writes them.
    """
    from .runtime.errors import UsageError
    from .runtime.filters import ChangeFilter
    from .runtime.state.moment import Moment
    from .runtime.state.parquet_output import state_arrow_table
    from .runtime.state.read import build_state
    from .runtime.state.summary import position_text

    files = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    sql_files = [schema_sql] if isinstance(schema_sql, (str, os.PathLike)) else list(schema_sql or [])
    state = build_state([os.fspath(f) for f in files], filters=ChangeFilter.create(tables=table),
                        moment=Moment.create(at, at_gtid, at_position),
                        base=os.fspath(base) if base is not None else None, base_position=base_position,
                        schema=_schema_file(schema), schema_sql=sql_files, on_error=on_error,
                        verify_checksums=verify_checksums, undecodable=undecodable)
    if state.error is not None:
        raise state.error
    if len(state.tables) != 1:
        names = ", ".join(f"{t.schema}.{t.table}" for t in state.tables) or "none"
        raise UsageError(f"read_state: table={table!r} names {len(state.tables)} tables at that moment ({names}): "
                         "name one")
    return state_arrow_table(state.tables[0], position_text(state))
