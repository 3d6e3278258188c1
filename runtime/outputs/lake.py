"""Publish staged Parquet datasets as Delta Lake or Iceberg tables: one commit per table per run.

The extraction job's tasks write Parquet parts into a staging directory
(``events/``, ``transactions/``, ``errors/``, ``changes/schema=<s>/table=<t>/``,
optionally ``cdc/``, and the typed tables ``tables/<schema>.<table>/``, whose
parts may have several layouts when a table was altered mid-stream). This
module turns each dataset into one table:

================  ==================================  ==========================================
dataset           Delta Lake (delta-rs)               Iceberg (pyiceberg, SQL catalog)
================  ==================================  ==========================================
events            ``<target>/events``                 ``<namespace>.events``
changes           ``<target>/changes``, partitioned   ``<namespace>.changes`` (``schema`` and
                  by ``schema``, ``table``            ``table`` are columns; unpartitioned)
tables/s.t        ``<target>/tables/s.t``             ``<namespace>.s__t``
================  ==================================  ==========================================

Iceberg tables live in a SQL catalog (SQLAlchemy URI; SQLite file
``<target>/_iceberg_catalog.db`` by default for a local target) with
``<target>`` as the warehouse. Types neither format has are widened without
loss: unsigned integers to the next signed type (``BIGINT UNSIGNED`` to
``decimal(20, 0)``), ``TIME`` (an Arrow duration) to ``int64`` microseconds.

Every commit carries ``binlog_ksy_run=<run id>`` (Delta commit metadata,
Iceberg snapshot property), so :func:`undo_run` can put every table a run
touched back to its state before that run: the job's way of making a run's
commits all or nothing. S3 is configured by the standard AWS environment
(``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
``AWS_REGION``, ``AWS_ALLOW_HTTP``), which delta-rs reads itself and which
becomes pyiceberg's ``s3.*`` catalog properties; nothing here prints them.

Every store call is bounded (``BINLOG_KSY_STORE_TIMEOUT``,
:func:`~binlog_ksy.runtime.storage.store_bounds`): delta-rs gets ``timeout``,
``connect_timeout``, ``max_retries``, ``retry_timeout`` and ``backoff_config.*``
in its ``storage_options``, pyiceberg ``s3.connect-timeout``,
``s3.request-timeout`` and ``s3.retry-strategy-impl``, instead of their own
budgets (delta-rs': minutes per request). A store that fails a call is a
:class:`~binlog_ksy.runtime.errors.StorageError` naming the table and the
store's error on one line (its endpoint or ``s3://`` object).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pyarrow.dataset as ds

from ..errors import ConfigError, StorageError
from ..storage import Files, filesystem_of, is_uri, store_bounds, store_failure_text

__all__ = ["ICEBERG_CATALOG_FILE", "MERGED_FOLDERS", "RUN_PROPERTY", "PublishedTable", "iceberg_name", "lake_schema",
           "merged_iceberg_table", "publish", "read_table", "staged_datasets", "undo_run"]

#: The commit metadata / snapshot property naming the run that made a commit.
RUN_PROPERTY = "binlog_ksy_run"
#: Datasets at the top of the staging directory (``tables/`` holds one per table).
TOP_DATASETS = ("events", "changes", "transactions", "errors", "cdc")
#: Folders of one dataset per table that ``extract --state`` writes, merged run after run (:mod:`.lake_merge`).
MERGED_FOLDERS = ("state", "history")
#: The SQL catalog of Iceberg tables kept in a local target when none is given.
ICEBERG_CATALOG_FILE = "_iceberg_catalog.db"


@dataclass(frozen=True)
class PublishedTable:
    """One table a :func:`publish` committed to."""

    dataset: str
    location: str
    rows: int


# -- what is staged -------------------------------------------------------------------------------


def staged_datasets(staging: str) -> list[str]:
    """The datasets in a staging directory: ``events``... and ``tables/<schema>.<table>``."""
    files = Files(staging)
    names = [name for name in TOP_DATASETS if files.is_dir(f"{staging}/{name}")]
    names += [f"tables/{name}" for name in files.list_names(f"{staging}/tables") if not name.startswith((".", "_"))]
    return names


def _widen(t: pa.DataType) -> pa.DataType:
    if pa.types.is_uint8(t):
        return pa.int16()
    if pa.types.is_uint16(t):
        return pa.int32()
    if pa.types.is_uint32(t):
        return pa.int64()
    if pa.types.is_uint64(t):
        return pa.decimal128(20, 0)
    if pa.types.is_duration(t):
        return pa.int64()
    if pa.types.is_struct(t):
        return pa.struct([f.with_type(_widen(f.type)) for f in t])
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_widen(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(t.key_field, t.item_field.with_type(_widen(t.item_type)))
    return t


def lake_schema(schema: pa.Schema) -> pa.Schema:
    """``schema`` with the types Delta and Iceberg lack widened (see the module docstring)."""
    return pa.schema([f.with_type(_widen(f.type)) for f in schema], metadata=schema.metadata)


def _dataset(staging: str, name: str) -> ds.Dataset:
    """A staged dataset with one schema for all its parts (a column missing in a part reads as null)."""
    filesystem, root = filesystem_of(f"{staging}/{name}")
    partitioning = ds.partitioning(pa.schema([("schema", pa.string()), ("table", pa.string())]), flavor="hive") \
        if name in ("changes", "cdc") else None
    first = ds.dataset(root, filesystem=filesystem, format="parquet", partitioning=partitioning)
    try:
        schema = pa.unify_schemas([f.physical_schema for f in first.get_fragments()] + [first.schema])
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        raise ConfigError(f"{name}: its parts have columns of incompatible types, which one table cannot hold "
                          f"({exc}); publish it as Parquet (--table-format parquet)") from None
    return ds.dataset(root, filesystem=filesystem, format="parquet", partitioning=partitioning, schema=schema)


def _batches(dataset: ds.Dataset, schema: pa.Schema) -> Iterator[pa.RecordBatch]:
    for batch in dataset.to_batches():
        yield batch.cast(schema)


def _reader(dataset: ds.Dataset) -> pa.RecordBatchReader:
    schema = lake_schema(dataset.schema)
    return pa.RecordBatchReader.from_batches(schema, _batches(dataset, schema))


# -- Delta Lake -----------------------------------------------------------------------------------


def _delta_uri(target: str, name: str) -> str:
    uri = f"{target.rstrip('/')}/{name}"
    for alias in ("s3a://", "s3n://"):
        if uri.startswith(alias):
            uri = "s3://" + uri[len(alias):]
    return uri if is_uri(uri) else os.path.abspath(uri)


def _delta_options(uri: str) -> dict[str, str] | None:
    if not is_uri(uri) or uri.startswith("file://"):
        return None
    options = store_bounds().delta_options()  # every object store's client: bounded calls
    if uri.startswith("s3://"):
        # One writer per table at a time (the job): S3's conditional PUT keeps the log safe without a lock table.
        options["conditional_put"] = "etag"
        if os.environ.get("AWS_ALLOW_HTTP", "").lower() == "true":
            options["allow_http"] = "true"
    return options


def _delta_tables(target: str) -> list[str]:
    files = Files(target)
    names = [n for n in TOP_DATASETS if files.exists(f"{target}/{n}/_delta_log")]
    for folder in ("tables", *MERGED_FOLDERS):
        names += [f"{folder}/{n}" for n in files.list_names(f"{target}/{folder}")
                  if files.exists(f"{target}/{folder}/{n}/_delta_log")]
    return names


def _publish_delta(staging: str, target: str, names: list[str], mode: str, run_id: str) -> list[PublishedTable]:
    from deltalake import CommitProperties, write_deltalake

    done = []
    for name in names:
        uri = _delta_uri(target, name)
        dataset = _dataset(staging, name)
        rows = dataset.count_rows()
        write_deltalake(uri, _reader(dataset), mode="append" if mode == "append" else "overwrite",
                        partition_by=["schema", "table"] if name == "changes" else None,
                        schema_mode="merge" if mode == "append" else "overwrite",
                        storage_options=_delta_options(uri),
                        commit_properties=CommitProperties(custom_metadata={RUN_PROPERTY: run_id}))
        done.append(PublishedTable(name, uri, rows))
    return done


def _empty_delta(target: str, name: str, run_id: str) -> None:
    """Overwrite a Delta table with no rows (a typed table this run has no change for)."""
    from deltalake import CommitProperties, DeltaTable, write_deltalake

    uri = _delta_uri(target, name)
    schema = pa.schema(DeltaTable(uri, storage_options=_delta_options(uri)).schema().to_arrow())
    write_deltalake(uri, schema.empty_table(), mode="overwrite", storage_options=_delta_options(uri),
                    commit_properties=CommitProperties(custom_metadata={RUN_PROPERTY: run_id}))


#: A name in ``_delta_log`` that makes a version of the table: a commit or a checkpoint (PROTOCOL.md, "Delta Log
#: Entries"); a commit being written (``_commit_<uuid>.json.tmp``) does not.
_LOG_VERSION = re.compile(r"\d{20}\.(json|checkpoint\b.*)$")


def _dataset_folders(target: str) -> list[str]:
    """Every dataset folder of a lake output, whether a table was committed in it or not."""
    files = Files(target)
    names = [n for n in TOP_DATASETS if files.exists(f"{target}/{n}")]
    for folder in ("tables", *MERGED_FOLDERS):
        names += [f"{folder}/{n}" for n in files.list_names(f"{target}/{folder}")]
    return names


def _undo_delta(target: str, run_id: str) -> list[str]:
    """Put back the Delta tables a run committed to, and remove those it was creating: a folder whose log holds no
    version yet (the store failed between the data files and the first commit) has only the run's files."""
    from deltalake import DeltaTable

    undone = []
    files = Files(target)
    for name in _dataset_folders(target):
        uri = _delta_uri(target, name)
        if not any(_LOG_VERSION.match(entry) for entry in files.list_names(f"{target}/{name}/_delta_log")):
            files.delete(f"{target}/{name}")
            undone.append(name)
            continue
        table = DeltaTable(uri, storage_options=_delta_options(uri))
        history = table.history()  # newest first
        ours = [h for h in history if h.get(RUN_PROPERTY) == run_id]
        if not ours:
            continue
        first = min(int(h["version"]) for h in ours)
        if first == 0:
            files.delete(f"{target}/{name}")  # the run created it
        else:
            table.restore(first - 1)
        undone.append(name)
    for folder in ("tables", *MERGED_FOLDERS):  # a folder of tables left empty goes too
        files.delete_if_empty(f"{target}/{folder}")
    return undone


# -- Iceberg --------------------------------------------------------------------------------------


class _StatisticsLeftOut(logging.Filter):
    """Drops pyiceberg's warning for each column of each file written without Parquet statistics
    (``pyiceberg.io.pyarrow``: "PyArrow statistics missing for column N"): the job leaves them out on
    purpose where they cost more than they give (:func:`~binlog_ksy.spark_jobs.arrow_schemas.parquet_options`),
    and the table then keeps no bounds for those columns, which is all the warning says."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("PyArrow statistics missing")


_STATISTICS_LEFT_OUT = _StatisticsLeftOut()


def _catalog(target: str, catalog_uri: str | None) -> Any:
    from pyiceberg.catalog.sql import SqlCatalog

    logging.getLogger("pyiceberg.io.pyarrow").addFilter(_STATISTICS_LEFT_OUT)  # once: a filter is kept once

    if catalog_uri is None:
        if is_uri(target):
            raise ConfigError(f"{target}: an Iceberg output in a remote store needs a catalog: give "
                              "--iceberg-catalog (a SQLAlchemy URI: sqlite:////path/catalog.db, postgresql://...)")
        os.makedirs(os.path.abspath(target), exist_ok=True)
        catalog_uri = "sqlite:///" + os.path.join(os.path.abspath(target), ICEBERG_CATALOG_FILE)
    warehouse = target.rstrip("/")
    for alias in ("s3a://", "s3n://"):
        if warehouse.startswith(alias):
            warehouse = "s3://" + warehouse[len(alias):]
    if not is_uri(warehouse):
        warehouse = "file://" + os.path.abspath(warehouse)
    properties = {"uri": catalog_uri, "warehouse": warehouse, **store_bounds().iceberg_properties()}
    for key, variable in (("s3.endpoint", "AWS_ENDPOINT_URL"), ("s3.region", "AWS_REGION"),
                          ("s3.access-key-id", "AWS_ACCESS_KEY_ID"), ("s3.secret-access-key", "AWS_SECRET_ACCESS_KEY"),
                          ("s3.session-token", "AWS_SESSION_TOKEN")):
        if os.environ.get(variable):
            properties[key] = os.environ[variable]
    return SqlCatalog("binlog_ksy", **properties)


def iceberg_name(dataset: str, namespace: str) -> str:
    """The Iceberg identifier of a dataset (``tables/shop.orders`` -> ``<namespace>.shop__orders``,
    ``state/shop.orders`` -> ``<namespace>.state__shop__orders``, ``history/...`` likewise)."""
    folder, _, name = dataset.partition("/")
    if folder in ("tables", *MERGED_FOLDERS) and name:
        schema, _, table = name.partition(".")
        prefix = "" if folder == "tables" else f"{folder}__"
        return f"{namespace}.{prefix}{schema}__{table}"
    return f"{namespace}.{dataset}"


def merged_iceberg_table(identifier: tuple[str, ...]) -> bool:
    """Whether an Iceberg table is one of ``extract --state``'s (``state__*``, ``history__*``), which
    :func:`publish` leaves to :mod:`.lake_merge`."""
    return identifier[-1].startswith(tuple(f"{folder}__" for folder in MERGED_FOLDERS))


def _publish_iceberg(staging: str, target: str, names: list[str], mode: str, run_id: str, catalog: Any,
                     namespace: str) -> list[PublishedTable]:
    catalog.create_namespace_if_not_exists(namespace)
    done = []
    for name in names:
        identifier = iceberg_name(name, namespace)
        dataset = _dataset(staging, name)
        schema = lake_schema(dataset.schema)
        table = catalog.create_table_if_not_exists(identifier, schema=schema)
        with table.transaction() as tx:
            with tx.update_schema() as update:
                update.union_by_name(schema)
            write = tx.append if mode == "append" else tx.overwrite
            with warnings.catch_warnings():  # "Delete operation did not match any records": a new table
                warnings.simplefilter("ignore", UserWarning)
                write(_reader(dataset), snapshot_properties={RUN_PROPERTY: run_id})
        done.append(PublishedTable(name, identifier, dataset.count_rows()))
    return done


def _undo_iceberg(catalog: Any, namespace: str, run_id: str) -> list[str]:
    """Roll back the Iceberg tables a run committed to, and drop those it created: with a snapshot of its own
    first, or with no snapshot at all (the store failed between the table's creation and its first commit)."""
    undone: list[str] = []
    try:
        identifiers = catalog.list_tables(namespace)
    except Exception:  # noqa: BLE001 - no namespace yet: nothing to undo
        return undone
    for identifier in identifiers:
        table = catalog.load_table(identifier)
        ours = [s for s in table.snapshots() if (s.summary and s.summary.additional_properties.get(RUN_PROPERTY))
                == run_id]
        if table.snapshots() and not ours:
            continue
        name = ".".join(identifier)
        first = min(ours, key=lambda s: s.sequence_number or 0) if ours else None
        if first is None or first.parent_snapshot_id is None:
            _drop_created(catalog, identifier, table.location())
        else:
            table.manage_snapshots().rollback_to_snapshot(first.parent_snapshot_id).commit()
            _restore_schema(catalog.load_table(identifier), table.snapshot_by_id(first.parent_snapshot_id))
        undone.append(name)
    return undone


def _drop_created(catalog: Any, identifier: tuple[str, ...], location: str) -> None:
    """Drop a table a run created, with its files (the catalog's ``drop_table`` leaves them), and its namespace's
    folder when that is left empty (local, HDFS): nothing of the run stays in the output."""
    catalog.drop_table(identifier)
    files = Files(location)
    files.delete(location)
    files.delete_if_empty(location.rstrip("/").rsplit("/", 1)[0])


def _restore_schema(table: Any, snapshot: Any) -> None:
    """The table's current schema back to the one of ``snapshot`` (a run that added or deleted columns: a
    rollback keeps the schema, whose deleted columns would no longer be read)."""
    from pyiceberg.table.update import SetCurrentSchemaUpdate

    schema_id = getattr(snapshot, "schema_id", None)
    if schema_id is None or schema_id == table.metadata.current_schema_id:
        return
    with table.transaction() as tx:
        tx._apply((SetCurrentSchemaUpdate(**{"schema-id": schema_id}),))  # (no public call sets a schema back)


# -- the public functions -------------------------------------------------------------------------


@contextlib.contextmanager
def _store_failures(target: str) -> Iterator[None]:
    """A store's failure (an ``OSError`` of delta-rs or pyarrow, not a table or file that is not there) as a
    :class:`StorageError` naming the target and the store's error on one line."""
    try:
        yield
    except (StorageError, FileNotFoundError):
        raise
    except OSError as exc:
        raise StorageError(f"{target}: the store failed: {store_failure_text(exc)}") from None


def publish(staging: str, target: str, table_format: str, *, mode: str, run_id: str,
            iceberg_catalog: str | None = None, iceberg_namespace: str = "binlog") -> list[PublishedTable]:
    """Commit every staged dataset as a table (``mode``: ``overwrite`` replaces, ``append`` adds).

    With ``overwrite``, typed tables the target has but this run staged
    nothing for are emptied too, so a rerun leaves what a first run would.
    Raises :class:`ConfigError` for a dataset one table cannot hold, :class:`StorageError` for a store that
    fails a call.
    """
    if mode not in ("overwrite", "append"):
        raise ValueError(f"mode: overwrite or append, not {mode!r}")
    with _store_failures(target):
        return _publish(staging, target, table_format, mode, run_id, iceberg_catalog, iceberg_namespace)


def _publish(staging: str, target: str, table_format: str, mode: str, run_id: str, iceberg_catalog: str | None,
             iceberg_namespace: str) -> list[PublishedTable]:
    names = staged_datasets(staging)
    if table_format == "delta":
        done = _publish_delta(staging, target, names, mode, run_id)
        if mode == "overwrite":
            for name in sorted(set(_delta_tables(target)) - set(names)):
                if name.partition("/")[0] not in MERGED_FOLDERS:  # (lake_merge's)
                    _empty_delta(target, name, run_id)
        return done
    if table_format == "iceberg":
        catalog = _catalog(target, iceberg_catalog)
        done = _publish_iceberg(staging, target, names, mode, run_id, catalog, iceberg_namespace)
        if mode == "overwrite":
            staged = {iceberg_name(n, iceberg_namespace) for n in names}
            for identifier in catalog.list_tables(iceberg_namespace):
                if ".".join(identifier) not in staged and not merged_iceberg_table(identifier):
                    table = catalog.load_table(identifier)
                    table.overwrite(table.schema().as_arrow().empty_table(),
                                    snapshot_properties={RUN_PROPERTY: run_id})
        return done
    raise ValueError(f"table_format: delta or iceberg, not {table_format!r}")


def undo_run(target: str, table_format: str, run_id: str, *, iceberg_catalog: str | None = None,
             iceberg_namespace: str = "binlog") -> list[str]:
    """Put every table a run committed to back to its state before the run; returns their names."""
    with _store_failures(target):
        if table_format == "delta":
            return _undo_delta(target, run_id)
        if table_format == "iceberg":
            return _undo_iceberg(_catalog(target, iceberg_catalog), iceberg_namespace, run_id)
    raise ValueError(f"table_format: delta or iceberg, not {table_format!r}")


def read_table(target: str, table_format: str, dataset: str, *, iceberg_catalog: str | None = None,
               iceberg_namespace: str = "binlog") -> pa.Table:
    """A published table, whole (``dataset`` as staged: ``changes``, ``tables/shop.orders``...)."""
    if table_format == "delta":
        from deltalake import DeltaTable

        uri = _delta_uri(target, dataset)
        return DeltaTable(uri, storage_options=_delta_options(uri)).to_pyarrow_table()
    catalog = _catalog(target, iceberg_catalog)
    return catalog.load_table(iceberg_name(dataset, iceberg_namespace)).scan().to_arrow()


def run_ids(target: str, table_format: str, dataset: str, *, iceberg_catalog: str | None = None,
            iceberg_namespace: str = "binlog") -> list[str]:
    """The runs that committed to a table, oldest first (an Iceberg overwrite commits two snapshots at once)."""
    if table_format == "delta":
        from deltalake import DeltaTable

        uri = _delta_uri(target, dataset)
        history = DeltaTable(uri, storage_options=_delta_options(uri)).history()
        return [str(h[RUN_PROPERTY]) for h in reversed(history) if RUN_PROPERTY in h]
    table = _catalog(target, iceberg_catalog).load_table(iceberg_name(dataset, iceberg_namespace))
    runs: list[str] = []
    for snapshot in table.snapshots():
        run = snapshot.summary.additional_properties.get(RUN_PROPERTY) if snapshot.summary else None
        if run is not None and (not runs or runs[-1] != run):
            runs.append(run)
    return runs
