"""The ``binlog`` PySpark data source: binlog files as DataFrames of events, row changes or errors.

The data flows one way: path -> :mod:`.paths` (files) -> one partition per file
-> :mod:`.records` (the runtime's ``BinlogReader`` / ``iter_changes``; for
``typed``, :mod:`.typed`, the code of ``extract``'s ``tables/``) -> Arrow
batches -> Spark. Nothing here imports ``generated/``.

Schemas (fixed; ``error`` is null on data rows, see *Errors* below)
----------------------------------------------------------------------
``kind=events`` (one row per event; events inside a TRANSACTION_PAYLOAD follow
it with its ``pos`` and their index in ``in_payload``)::

    file string, pos bigint, end_pos bigint, in_payload int, type string,
    type_code int, timestamp timestamp, server_id bigint, length bigint,
    flags int, gtid string, transaction bigint, body string,
    error struct<offset bigint, length bigint, event_type string, kind string, message string>

``kind=changes`` (one row per inserted, deleted or updated row)::

    file string, pos bigint, row_index int, timestamp timestamp, server_id bigint,
    gtid string, transaction bigint, schema string, table string, op string,
    before string, after string,
    before_values map<string,string>, after_values map<string,string>,
    primary_key array<string>,
    columns array<struct<name string, type string, type_code int, meta int,
                         unsigned boolean, nullable boolean, charset int,
                         precision int, scale int, fsp int>>,
    error struct<...as above...>

``kind=errors``::

    file string, offset bigint, length bigint, event_type string, kind string, message string

``kind=typed`` (one row per row change of the ONE table the ``tables`` option
selects, with its own column types): the rows and schema of ``extract``'s
``tables/<schema>.<table>/`` as Spark reads them back, built by the same code
(:mod:`.typed`)::

    file string, pos bigint, row_index int, timestamp timestamp, server_id bigint,
    gtid string, transaction bigint, op string,
    before struct<column: type, ...>, after struct<column: type, ...>,
    before_absent array<string>, after_absent array<string>

The column types are those of ``runtime/types/arrow.py`` in Spark's terms
(INT UNSIGNED bigint, TINYINT tinyint, YEAR smallint, BIT and BIGINT UNSIGNED
decimal(20,0), SET array<string>, TIME interval day to second, text of an
unknown charset binary...). The schema is planned on the driver from the
files' own TABLE_MAP and QUERY events (the DDL is followed across the files,
as ``extract`` does); a ``tables`` pattern that matches no table, several
tables or a table with several layouts (an ALTER TABLE between its rows) is a
:class:`~binlog_ksy.runtime.errors.UsageError` naming them. Problems are not
rows here: read ``kind=errors`` for them.

``kind=state`` (the ONE table the option ``table`` selects, as it is after the last
complete transaction of the files: ``binlog_ksy.read_state``'s rows, with the
types of ``kind=typed``; :mod:`.state_rows`)::

    <the table's columns at the end of the files>,
    _file string, _pos bigint, _gtid string, _commit_time timestamp

``_file``, ``_pos`` (its rows event), ``_gtid`` and ``_commit_time`` (its
transaction's) are those of the change that left the row so, as in ``extract
--state``'s ``state/``. The state is a whole-files computation: one partition
reads every file in binlog order (:class:`BinlogStatePartition`), and the driver
plans the schema by reading the state once. A selection of no table or of
several tables at the end of the files is a
:class:`~binlog_ksy.runtime.errors.UsageError` naming the option and the tables.

Column meanings: ``pos`` is the byte offset of the event (of the rows event for
changes); ``end_pos`` the header's next-position; ``timestamp`` the event
header's time (UTC); ``transaction`` the id of the transaction in its file (the byte
offset of its first event) and ``gtid`` its GTID (both null outside transactions; see
``runtime/transactions.py``); ``body`` the JSON text of
``runtime.describe.event_to_dict(event)["body"]`` (for rows events only their
``table_id`` and ``flags``: their rows are ``kind=changes``; the same text as
``extract``'s ``events/``, :func:`.records.event_body`); ``row_index`` the 0-based
index of the change among the changes at the same ``pos`` (for events packed
in a TRANSACTION_PAYLOAD: all changes of the payload, in order), so
``(file, pos, row_index)`` is unique; ``before``/``after`` the row images as
JSON text (``RowChange.json_values``), ``*_values`` the same values as text
(strings as they are, other values as JSON); ``primary_key`` the key's column
names (empty when unknown); ``columns`` the table's columns, given on the first
change of each table in each file and again whenever its TABLE_MAP changes,
null on the other rows.

Errors
------
The source always reads with ``on_error="skip"``, so one bad event or file
never fails a query, and reports each problem as a row in the same result: in
``events`` and ``changes`` an *error row* has ``error`` set, ``file`` and
``pos`` (= the error's offset) filled and every other column null. Filter with
``error IS NULL`` for the data. ``kind=errors`` reads the files like
``changes`` and returns only the problems, flattened. The events pass and the
changes pass both see framing problems (truncated tail, bad checksum, not a
binlog); the changes pass also sees row decoding problems. The option
``on_error`` is accepted for symmetry with the CLI but only ``skip`` is
allowed. Two exceptions, where the problem is not the file's bytes but the way
to them, and an error row would make a query over an unreachable store an
"empty" success, or one with fewer rows:

* a file the driver listed that a task cannot open at all (local or remote)
  fails the query, naming the file and the cause (:class:`UnreachableInputError`):
  the workers' setup (no store settings, no shared mount) or a store that is down;
* a remote file (``s3://``...) whose store fails a read after it opened (the
  store unreachable, timing out or refusing the request: an ``OSError`` from its
  client, other than the object being gone) fails the query with a
  :class:`~binlog_ksy.runtime.errors.StorageError` naming the object and the
  store's error, as ``extract`` does (:func:`~binlog_ksy.runtime.storage.raise_store_failure`).

A local file whose disk fails a read after it opened stays an error row
(``io_error``), as it does in ``extract``; so do files that are not binlogs,
damaged or truncated. Store calls are bounded in time
(``BINLOG_KSY_STORE_TIMEOUT``, see ``runtime/storage.py``), so such a query fails
instead of hanging. The tasks get the driver's object-store settings
(``AWS_*``, ``BINLOG_KSY_STORE_TIMEOUT``...) with the read.

Timestamps are epoch instants (Spark ``timestamp``); Spark shows them in the
session time zone (``spark.sql.session.timeZone``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import pyarrow as pa
from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
from pyspark.sql.types import (
    ArrayType,
    BooleanType,
    IntegerType,
    LongType,
    MapType,
    StringType,
    StructField,
    StructType,
    TimestampType,
)

from ..runtime.errors import ConfigError, StorageError

if TYPE_CHECKING:
    from ..runtime.changes import Undecodable
from ..runtime.filters import ChangeFilter
from ..runtime.outputs.typed import spark_schema_json
from ..runtime.schema.file import SchemaFile
from ..runtime.schema.history import DdlStatement, SchemaHistory
from ..runtime.storage import expand_inputs, filesystem_of, is_uri, open_binlog, store_environment, store_failure_text
from ..runtime.types.strings import ERRORS_MODES
from .records import KINDS, ReadOptions, iter_batches
from .state_rows import StateSource, iter_state_batches, state_schema
from .stream import BinlogStreamReader, stream_limits
from .typed import TypedPlan, follow_ddl, plan_typed

__all__ = [
    "BinlogDataSource",
    "BinlogDataSourceReader",
    "BinlogFilePartition",
    "BinlogStatePartition",
    "BinlogStateReader",
    "EVENTS_SCHEMA",
    "CHANGES_SCHEMA",
    "ERRORS_SCHEMA",
    "ERROR_STRUCT",
    "COLUMN_INFO",
    "spark_schema",
    "register",
    "OPTIONS",
]

#: Every option the data source takes (Spark lower-cases option names); anything else is an error.
#: The reading options are spelled as the API's keywords and the job file's settings (a test compares them).
OPTIONS = frozenset({
    "path", "paths", "kind", "databases", "tables", "table", "start_datetime", "stop_datetime", "start_position",
    "stop_position", "include_gtids", "exclude_gtids", "schema", "schema_file", "schema_sql", "schema_history",
    "verify_checksums", "undecodable", "on_error", "with_body", "batch_size", "progress_dir",
    "maxbytespertrigger", "maxfilespertrigger",
})

ERROR_STRUCT = StructType([
    StructField("offset", LongType()),
    StructField("length", LongType()),
    StructField("event_type", StringType()),
    StructField("kind", StringType()),
    StructField("message", StringType()),
])

COLUMN_INFO = StructType([
    StructField("name", StringType()),
    StructField("type", StringType()),
    StructField("type_code", IntegerType()),
    StructField("meta", IntegerType()),
    StructField("unsigned", BooleanType()),
    StructField("nullable", BooleanType()),
    StructField("charset", IntegerType()),
    StructField("precision", IntegerType()),
    StructField("scale", IntegerType()),
    StructField("fsp", IntegerType()),
])

#: ``kind=events``.
EVENTS_SCHEMA = StructType([
    StructField("file", StringType()),
    StructField("pos", LongType()),
    StructField("end_pos", LongType()),
    StructField("in_payload", IntegerType()),
    StructField("type", StringType()),
    StructField("type_code", IntegerType()),
    StructField("timestamp", TimestampType()),
    StructField("server_id", LongType()),
    StructField("length", LongType()),
    StructField("flags", IntegerType()),
    StructField("gtid", StringType()),
    StructField("transaction", LongType()),
    StructField("body", StringType()),
    StructField("error", ERROR_STRUCT),
])

#: ``kind=changes``.
CHANGES_SCHEMA = StructType([
    StructField("file", StringType()),
    StructField("pos", LongType()),
    StructField("row_index", IntegerType()),
    StructField("timestamp", TimestampType()),
    StructField("server_id", LongType()),
    StructField("gtid", StringType()),
    StructField("transaction", LongType()),
    StructField("schema", StringType()),
    StructField("table", StringType()),
    StructField("op", StringType()),
    StructField("before", StringType()),
    StructField("after", StringType()),
    StructField("before_values", MapType(StringType(), StringType())),
    StructField("after_values", MapType(StringType(), StringType())),
    StructField("primary_key", ArrayType(StringType())),
    StructField("columns", ArrayType(COLUMN_INFO)),
    StructField("error", ERROR_STRUCT),
])

#: ``kind=errors``, and the job's ``errors/`` dataset.
ERRORS_SCHEMA = StructType([
    StructField("file", StringType()),
    StructField("offset", LongType()),
    StructField("length", LongType()),
    StructField("event_type", StringType()),
    StructField("kind", StringType()),
    StructField("message", StringType()),
])

def spark_schema(schema: pa.Schema) -> StructType:
    """The Spark schema of an Arrow schema of ``tables/``: the one Spark reads back from their Parquet footers."""
    return StructType.fromJson(json.loads(spark_schema_json(schema)))


@dataclass
class BinlogFilePartition(InputPartition):
    """One input file: a Spark partition (and task) of its own.

    Parameters
    ----------
    index
        Position of the file in the sorted input list.
    uri
        Local absolute path or remote URI (what the ``file`` column shows).
    size
        Size in bytes from the listing (None if unknown).
    """

    index: int
    uri: str
    size: int | None


def _bool(options: Mapping[str, str], key: str, default: bool) -> bool:
    value = options.get(key)
    if value is None:
        return default
    text = str(value).strip().lower()
    if text in ("true", "1", "yes", "on"):
        return True
    if text in ("false", "0", "no", "off"):
        return False
    raise ValueError(f"option {key}: expected true or false, not {value!r}")


def _paths(options: Mapping[str, str]) -> list[str]:
    paths = options.get("paths")
    out: list[str] = []
    if paths:
        try:
            parsed = json.loads(paths)
            out.extend(parsed if isinstance(parsed, list) else [str(parsed)])
        except json.JSONDecodeError:
            out.extend(p for p in paths.split(",") if p)
    if options.get("path"):
        out.append(options["path"])
    if not out:
        raise ValueError("binlog data source: give the files with .load(path) (a path, directory, glob or URI)")
    return out


class BinlogDataSource(DataSource):
    """Binlog files (MySQL 3.23 to 9.x, MariaDB) as events, row changes or errors.

    Name: ``binlog``

    Options
    -------
    kind
        ``events`` (default), ``changes``, ``errors``, ``typed`` (one table, typed columns) or ``state``
        (one table as it was after the last complete transaction).
    table
        ``kind=state``: ``db.table`` (or a pattern naming exactly one table), as ``read_state``'s ``table``.
    databases
        Comma-separated database names or fnmatch patterns to keep (default: all).
    tables
        Comma-separated ``db.table`` or ``table`` names or patterns to keep.
        With ``events``, only table-bound events (TABLE_MAP, rows events) and,
        for ``databases``, statements run in another default database are
        dropped; transaction framing (BEGIN, COMMIT, XID, GTID) is kept.
    start_datetime, stop_datetime
        Keep rows with ``start_datetime <= timestamp < stop_datetime`` (ISO
        text; without an offset it is UTC).
    start_position, stop_position
        Keep events with ``start_position <= pos < stop_position`` (byte offsets; one file).
        The filter options are those of :meth:`binlog_ksy.runtime.filters.ChangeFilter.to_options`:
        the same matching as ``binlog-ksy events``/``rows`` and the Python API.
    schema
        YAML file with column names (``runtime/schema/file.py``); read once on
        the driver (local path or pyarrow URI). ``schema_file`` is the old spelling.
    undecodable
        Text that does not decode in its column's charset: ``strict`` (default:
        an error row), ``keep`` (the bytes) or ``replace`` (U+FFFD for the bad bytes).
    schema_sql, schema_history
        SQL files (comma list) with the tables' CREATE TABLE statements, where
        the schema history starts; ``schema_history`` (default ``true``)
        follows the DDL to name the columns of tables logged without names.
        As in ``extract``, the DDL is followed across the files: the driver
        reads the inputs' QUERY events once (kinds ``changes``, ``errors``,
        ``typed``) and each file starts from what the files before it left.
    verify_checksums
        ``true`` (default) checks each event's CRC32.
    with_body
        ``true`` (default) fills ``events.body``; ``false`` leaves it null (faster).
    batch_size
        Rows per Arrow batch (default 8192).
    on_error
        ``skip`` (default): problems become rows and reading resumes at the next valid
        event; ``stop``: a file's first problem becomes a row and ends that file.
    progress_dir
        Directory (or URI) where each task writes its progress (used by the job).

    Path Support
    ------------
    ``load()`` takes a local file, directory (read recursively), glob (``**``
    allowed) or a URI read through ``pyarrow.fs.FileSystem.from_uri``
    (``s3://``, ``gs://``, ``hdfs://``, ``file://``...), or a list of them.
    Inside directories and globs, hidden files and ``_*``, ``*.index``,
    ``*.idx``, ``*.state``, ``*.info``, ``*.crc`` are skipped (see
    ``runtime/storage.py``). An input that matches nothing is an error.

    Partitioning Strategy
    ---------------------
    One partition per file, in file-name order: a binlog must be read from its
    start (its FORMAT_DESCRIPTION_EVENT decides how the rest is framed, and
    TABLE_MAP events come before the rows they describe), so a file is never
    split. Each task opens its own file (plain ``open`` locally, pyarrow's
    seekable ``open_input_file`` behind a 4 MiB buffer remotely) and yields
    Arrow batches of at most ``batch_size`` rows, never the whole file.

    Examples
    --------
    >>> from binlog_ksy.spark_jobs.datasource import BinlogDataSource
    >>> spark.dataSource.register(BinlogDataSource)
    >>> events = spark.read.format("binlog").load("/backups/binlogs/")
    >>> events.where("error IS NULL").groupBy("type").count().show()
    >>> changes = (spark.read.format("binlog").option("kind", "changes")
    ...            .option("tables", "shop.orders").load("s3://bucket/binlogs/*.0*"))
    >>> spark.read.format("binlog").option("kind", "errors").load("/backups/binlogs/").show()
    """

    @classmethod
    def name(cls) -> str:
        return "binlog"

    def _kind(self) -> str:
        kind = str(self.options.get("kind", "events")).strip().lower()
        if kind not in KINDS:
            raise ValueError(f"binlog data source: option kind must be one of {', '.join(KINDS)}, not {kind!r}")
        return kind

    def _typed(self) -> TypedPlan:
        """The table of ``kind=typed``: planned once per data source, on the driver."""
        plan = getattr(self, "_typed_plan", None)
        if plan is None:
            files = [f.uri for f in expand_inputs(_paths(self.options))]
            plan = self._typed_plan = plan_typed(files, ChangeFilter.from_options(dict(self.options)),
                                                 self._history(), self._schema_file())
        return plan

    def schema(self) -> StructType:
        kind = self._kind()
        if kind == "events":
            return EVENTS_SCHEMA
        if kind == "changes":
            return CHANGES_SCHEMA
        if kind == "errors":
            return ERRORS_SCHEMA
        if kind == "state":
            return spark_schema(self._state_schema())
        return spark_schema(self._typed().schema)

    def reader(self, schema: StructType) -> BinlogDataSourceReader | BinlogStateReader:
        options = self._read_options()
        if options.kind == "state":
            return BinlogStateReader(schema, self._state(), options.batch_size)
        return BinlogDataSourceReader(schema, options, _paths(self.options))

    def _state(self) -> StateSource:
        """What ``kind=state`` reads (:mod:`.state_rows`): every input, the one table selected."""
        source = getattr(self, "_state_source", None)
        if source is not None:
            return source
        o = self.options
        given = [name for name in STATE_REFUSED if o.get(name)]
        if given:
            raise ConfigError(f"binlog data source: kind=state is the tables after the last complete transaction of "
                              f"every file: not with the option(s) {', '.join(given)}")
        if o.get("table") and o.get("tables"):
            raise ConfigError("binlog data source: table and tables both select the table of kind=state: give one")
        option = "tables" if o.get("tables") else "table"
        sql = [p.strip() for p in str(o.get("schema_sql") or "").split(",") if p.strip()]
        schema_path = o.get("schema") or o.get("schema_file")
        source = self._state_source = StateSource(
            uris=tuple(f.uri for f in expand_inputs(_paths(o))), table=o.get(option) or None, option=option,
            databases=o.get("databases") or None, schema_sql=tuple(_read_text(p) for p in sql),
            schema_yaml=_read_text(schema_path) if schema_path else None,
            on_error=str(o.get("on_error", "skip")).lower(), verify_checksums=_bool(o, "verify_checksums", True),
            undecodable=str(o.get("undecodable", "strict")).lower())
        return source

    def _state_schema(self) -> pa.Schema:
        """The Arrow schema of ``kind=state``: planned once per data source, on the driver (it reads the state)."""
        schema = getattr(self, "_state_arrow_schema", None)
        if schema is None:
            self._read_options()  # the options checked first
            schema = self._state_arrow_schema = state_schema(self._state())
        return schema

    def streamReader(self, schema: StructType) -> BinlogStreamReader:
        """``spark.readStream.format("binlog")``: micro-batches of a growing folder (:mod:`.stream`)."""
        if self._kind() == "state":
            raise ConfigError("binlog data source: kind=state is read whole (spark.read), not as a stream")
        return BinlogStreamReader(schema, self._read_options(follow_files=False), _paths(self.options),
                                  stream_limits(self.options))

    def _history(self) -> SchemaHistory | None:
        o = self.options
        paths = [p.strip() for p in str(o.get("schema_sql") or "").split(",") if p.strip()]
        if not _bool(o, "schema_history", True) and not paths:
            return None
        return SchemaHistory.from_sql_texts((p, _read_text(p)) for p in paths)

    def _ddl(self) -> tuple[DdlStatement, ...]:
        """The DDL of every input, in file order (one driver pass over their QUERY events), for the kinds that
        decode rows: each file's tables are those the files before it left, as in ``extract``."""
        kind = self._kind()
        if kind == "typed":
            return self._typed().ddl
        history = self._history()
        if kind in ("events", "state") or history is None:
            return ()  # (the state follows the DDL itself, file after file)
        files = [f.uri for f in expand_inputs(_paths(self.options))]
        if len(files) < 2:
            return ()  # one file follows its own DDL
        follow_ddl(history, files[:-1])  # the last file's statements stand after every file
        return tuple(history.statements)

    def _schema_file(self) -> SchemaFile | None:
        path = self.options.get("schema") or self.options.get("schema_file")  # schema_file: the old spelling
        if not path:
            return None
        import yaml

        return SchemaFile.from_dict(yaml.safe_load(_read_text(path)), source=path)

    def _read_options(self, follow_files: bool = True) -> ReadOptions:
        """The options of the tasks; ``follow_files``: with the DDL of every input (a stream's batches follow it
        as they plan)."""
        o = self.options
        unknown = sorted(k for k in o if str(k).lower() not in OPTIONS)
        if unknown:
            raise ConfigError(f"binlog data source: unknown option(s) {', '.join(unknown)} "
                              f"(known: {', '.join(sorted(OPTIONS - {'path', 'paths'}))})")
        if o.get("schema") and o.get("schema_file"):
            raise ConfigError("binlog data source: schema and schema_file name the same option: give one")
        schema_path = o.get("schema") or o.get("schema_file")
        undecodable = str(o.get("undecodable", "strict")).lower()
        if undecodable not in ERRORS_MODES:
            raise ConfigError(f"binlog data source: undecodable must be one of {', '.join(ERRORS_MODES)}, "
                              f"not {undecodable!r}")
        if o.get("table") and self._kind() != "state":
            raise ConfigError("binlog data source: the option table names the table of kind=state; the other kinds "
                              "select with tables")
        on_error = str(o.get("on_error", "skip")).lower()
        if on_error not in ("stop", "skip"):
            raise ValueError(f"binlog data source: on_error must be 'stop' or 'skip', not {on_error!r}")
        schema_yaml = _read_text(schema_path) if schema_path else None
        self._schema_file()  # fail early when bad
        history, ddl = self._history(), self._ddl() if follow_files else ()
        return ReadOptions(
            kind=self._kind(),
            batch_size=int(o.get("batch_size", 8192)),
            verify_checksums=_bool(o, "verify_checksums", True),
            filter=ChangeFilter.from_options(dict(o)),
            on_error="stop" if on_error == "stop" else "skip",
            schema_yaml=schema_yaml,
            history=history,
            ddl=ddl,
            with_body=_bool(o, "with_body", True),
            typed=self._typed() if self._kind() == "typed" else None,
            progress_dir=o.get("progress_dir") or None,
            undecodable=cast("Undecodable", undecodable),
        )


#: The options ``kind=state`` refuses: it is the tables after the last complete transaction of every file.
STATE_REFUSED = ("start_datetime", "stop_datetime", "start_position", "stop_position", "include_gtids",
                 "exclude_gtids")


def _read_text(path: str) -> str:
    if is_uri(path):
        filesystem, inner = filesystem_of(path)
        with filesystem.open_input_stream(inner) as f:
            return f.read().decode("utf-8")
    with open(path, encoding="utf-8") as f:
        return f.read()


class BinlogDataSourceReader(DataSourceReader):
    """Plans one :class:`BinlogFilePartition` per file and reads it into Arrow batches.

    Parameters
    ----------
    schema
        The output schema Spark asked for (the kind's schema).
    options
        The parsed options (picklable: sent to every task).
    paths
        The inputs given to ``load()``.
    """

    def __init__(self, schema: StructType, options: ReadOptions, paths: list[str]) -> None:
        self.schema = schema
        self.options = options
        self.paths = paths
        #: The driver's object-store settings (``AWS_*``...), set in each task before it opens its file:
        #: executors on a cluster may have none. They travel inside the tasks (see the README on
        #: spark.authenticate and spark.network.crypto.enabled).
        self.store_environment = store_environment()

    def partitions(self) -> list[BinlogFilePartition]:
        files = expand_inputs(self.paths)
        return [BinlogFilePartition(i, f.uri, f.size) for i, f in enumerate(files)]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        """Stream one file: Arrow batches of at most ``batch_size`` rows."""
        from pyspark.sql.pandas.types import to_arrow_schema

        assert isinstance(partition, BinlogFilePartition)
        os.environ.update(dict(getattr(self, "store_environment", ())))
        _check_opens(partition.uri)
        arrow_schema = to_arrow_schema(self.schema, timezone="UTC")
        yield from iter_batches(partition.uri, partition.size, self.options, arrow_schema, partition.index)


@dataclass
class BinlogStatePartition(InputPartition):
    """``kind=state``: every input file, in binlog order, in one partition (the state is a whole-files
    computation: a row's value depends on every change before it)."""

    uris: tuple[str, ...]


class BinlogStateReader(DataSourceReader):
    """Plans one :class:`BinlogStatePartition` over all the files and reads the state's table in it
    (:func:`.state_rows.iter_state_batches`)."""

    def __init__(self, schema: StructType, source: StateSource, batch_size: int) -> None:
        self.schema = schema
        self.source = source
        self.batch_size = batch_size
        self.store_environment = store_environment()

    def partitions(self) -> list[BinlogStatePartition]:
        return [BinlogStatePartition(self.source.uris)]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        """Read every file in order; the table's rows in Arrow batches of at most ``batch_size`` rows."""
        from pyspark.sql.pandas.types import to_arrow_schema

        assert isinstance(partition, BinlogStatePartition)
        os.environ.update(dict(self.store_environment))
        for uri in partition.uris:
            _check_opens(uri)
        yield from iter_state_batches(self.source, to_arrow_schema(self.schema, timezone="UTC"), self.batch_size)


class UnreachableInputError(StorageError):
    """A task cannot open a file the driver listed: the workers do not reach the inputs (an ``OSError``)."""


def _check_opens(uri: str) -> None:
    """Fail the read when this task cannot open a file the driver listed.

    A damaged file is a row of errors; a file the driver found that a worker
    cannot even open is the cluster's setup (the workers lack the store's
    settings or the filesystem): reading on would turn every such file into
    an error row and the query into an empty success.
    """
    import socket

    try:
        open_binlog(uri).close()
    except OSError as exc:
        cause = store_failure_text(exc) if is_uri(uri) else (exc.strerror or str(exc))
        raise UnreachableInputError(
            f"binlog data source: a task on {socket.gethostname()} cannot open {uri}, which the driver listed: "
            f"{cause}. The workers must reach the inputs: a filesystem every worker mounts at the same path, or "
            f"an object store that answers and whose settings (AWS_* and the like, handed over from the driver's "
            f"environment) the workers can use") from None


def register(spark) -> None:
    """Register the ``binlog`` format with a SparkSession."""
    spark.dataSource.register(BinlogDataSource)
