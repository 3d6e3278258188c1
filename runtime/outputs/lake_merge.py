"""``extract --state`` as Delta and Iceberg tables: each run's ``state/`` and ``history/`` merged into the tables.

The state task stages, as Parquet, ``state/<schema>.<table>/`` (one row per row of the table) and
``history/<schema>.<table>/`` (every version of every row), recomputed whole by every run. Here each staged
dataset becomes the table's new contents in one commit (the run id in it, as :mod:`.lake` records it, so
:func:`.lake.undo_run` undoes it), changing only what changed:

* a row of ``state/`` is named by the table's primary key (the ``primary_key`` its Parquet footer records); a
  version of ``history/`` by ``_from_pos`` (the change that made it), ``_op`` and the primary key (a
  ``TRUNCATE``'s versions share their ``_from_pos``);
* **Delta** (delta-rs): ``MERGE`` on that identity, null-safe: rows that changed are updated
  (``when_matched_update_all`` with a predicate, so an unchanged row is left as it is), new ones inserted,
  rows no longer there deleted (``when_not_matched_by_source_delete``); new columns (an ``ALTER TABLE ADD
  COLUMN``) join the table's schema (``merge_schema``);
* **Iceberg** (pyiceberg): ``state/`` through ``Transaction.upsert`` on the primary key of the rows whose
  values changed (rows of new keys appended; :mod:`.row_sets` finds them, pyiceberg's upsert matching every
  row costs minutes per million), and a delete (a row filter on the key) of the rows no longer there, which
  upsert leaves; ``history/``, whose identity is a struct pyiceberg's upsert cannot join on: the versions that
  were current are deleted (``_current``) and the versions the table lacks appended. New columns join the
  schema, columns the table lost leave it, in the same transaction (one per run);
* a table without a primary key (a multiset of whole rows), an identity that does not name one row on either
  side, a column dropped (an ``ALTER TABLE DROP COLUMN``: gone from the table's schema too) or retyped (Delta),
  Iceberg's ``state/`` with a column added or dropped, or a table not there yet: the staged dataset replaces the
  table whole (one commit), unless the table holds the same rows already.

A run that changes nothing in a table commits nothing to it.

Tables the target holds that the run staged nothing for (a table dropped, or no longer chosen) are emptied.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable, Sequence
from functools import reduce
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds

from ..storage import Files
from .lake import (
    MERGED_FOLDERS,
    RUN_PROPERTY,
    PublishedTable,
    _catalog,
    _dataset,
    _delta_options,
    _delta_tables,
    _delta_uri,
    _store_failures,
    iceberg_name,
    lake_schema,
    merged_iceberg_table,
)
from .row_sets import flat_columns, present_in, same_multiset

__all__ = ["identities", "identity_of", "merge_state_tables", "same_rows", "staged_merged"]

#: The footer key of a staged ``state/`` part (what ``state --format parquet`` records: the primary key...).
STATE_METADATA = b"binlog_ksy.state"
#: What names a version of ``history/`` besides the primary key.
VERSION_IDENTITY = ("_from_pos", "_op")


def staged_merged(staging: str) -> list[str]:
    """The ``state/<schema>.<table>`` and ``history/<schema>.<table>`` datasets staged."""
    files = Files(staging)
    return [f"{folder}/{name}" for folder in MERGED_FOLDERS if files.is_dir(f"{staging}/{folder}")
            for name in files.list_names(f"{staging}/{folder}") if not name.startswith((".", "_"))]


def merge_state_tables(staging: str, target: str, table_format: str, *, run_id: str,
                       iceberg_catalog: str | None = None, iceberg_namespace: str = "binlog") -> list[PublishedTable]:
    """Merge every staged ``state/`` and ``history/`` dataset into its table (see the module docstring); empty
    the ones the target has and the run staged nothing for."""
    with _store_failures(target):
        names = staged_merged(staging)
        keys = {name: _primary_key(staging, name) for name in names if name.startswith("state/")}
        if table_format == "delta":  # (one table's rows in memory at a time)
            done = [_merge_delta(_delta_uri(target, name), name, *_source(staging, name, keys), run_id)
                    for name in names]
            for name in sorted(set(_delta_tables(target)) - set(names)):
                if name.partition("/")[0] in MERGED_FOLDERS:
                    _empty_delta(_delta_uri(target, name), run_id)
            return done
        if table_format == "iceberg":
            catalog = _catalog(target, iceberg_catalog)
            catalog.create_namespace_if_not_exists(iceberg_namespace)
            done = [_merge_iceberg(catalog, iceberg_name(name, iceberg_namespace), name,
                                   *_source(staging, name, keys), run_id) for name in names]
            staged = {iceberg_name(name, iceberg_namespace) for name in names}
            for identifier in catalog.list_tables(iceberg_namespace):
                if merged_iceberg_table(identifier) and ".".join(identifier) not in staged:
                    _empty_iceberg(catalog.load_table(identifier), run_id)
            return done
    raise ValueError(f"table_format: delta or iceberg, not {table_format!r}")


def _primary_key(staging: str, name: str) -> tuple[str, ...]:
    """The primary key a staged ``state/`` dataset's footer records (empty: none)."""
    metadata = _dataset(staging, name).schema.metadata or {}
    if STATE_METADATA not in metadata:
        return ()
    return tuple(json.loads(metadata[STATE_METADATA]).get("primary_key") or ())


def identity_of(name: str, schema: pa.Schema, primary_key: Sequence[str]) -> tuple[str, ...]:
    """The columns naming a row of ``state/`` or a version of ``history/`` (empty: none, the table is replaced
    whole)."""
    if not primary_key or not all(column in schema.names for column in primary_key):
        key: tuple[str, ...] = ()
    else:
        key = tuple(primary_key)
    if name.startswith("state/"):
        return key
    return (*VERSION_IDENTITY, *key) if all(c in schema.names for c in VERSION_IDENTITY) else ()


def _source(staging: str, name: str, keys: dict[str, tuple[str, ...]]) -> tuple[pa.Table, tuple[str, ...]]:
    """A staged dataset as one Arrow table in the lake's types, and its identity columns."""
    dataset = _dataset(staging, name)
    schema = lake_schema(dataset.schema)
    table = pa.Table.from_batches([b.cast(schema) for b in dataset.to_batches()], schema=schema)
    table = table.replace_schema_metadata(None)
    key = keys.get("state/" + name.partition("/")[2], ())
    return table, identity_of(name, table.schema, key)


def identities(table: pa.Table, identity: Sequence[str]) -> list[tuple[Any, ...]]:
    """Each row's identity as a tuple (a struct column: whether it is there, then its fields)."""
    arrays = flat_columns(table, identity)
    return list(zip(*(a.to_pylist() for a in arrays), strict=True)) if arrays else []


def _unique(table: pa.Table, identity: Sequence[str]) -> bool:
    """Whether no two rows have the same identity (nulls equal), counted by Arrow's group by."""
    if not identity:
        return False
    arrays = flat_columns(table, identity)
    names = [f"k{k}" for k in range(len(arrays))]
    try:
        return bool(pa.table(arrays, names=names).group_by(names).aggregate([]).num_rows == table.num_rows)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
        return False  # (a key Arrow cannot group: the table is replaced whole)


# -- Delta Lake -----------------------------------------------------------------------------------


def _quoted(alias: str, column: str) -> str:
    return f'{alias}."{column.replace(chr(34), chr(34) * 2)}"'


def _merge_delta(uri: str, name: str, source: pa.Table, identity: tuple[str, ...], run_id: str) -> PublishedTable:
    from deltalake import CommitProperties, DeltaTable, write_deltalake

    options = _delta_options(uri)
    commit = CommitProperties(custom_metadata={RUN_PROPERTY: run_id})
    published = PublishedTable(name, uri, source.num_rows)
    existing = DeltaTable(uri, storage_options=options) if Files(uri).exists(f"{uri}/_delta_log") else None
    if existing is not None and identity and _unique(source, identity):
        before = pa.schema(existing.schema().to_arrow())
        if _can_merge(before, source.schema) and _unique(_delta_keys(existing, identity), identity):
            _delta_merge(existing, source, identity, before, commit)
            return published
    if existing is None or not same_rows(existing.to_pyarrow_table(), source):
        write_deltalake(uri, source, mode="overwrite", schema_mode="overwrite", storage_options=options,
                        commit_properties=commit)
    return published


def same_rows(before: pa.Table, after: pa.Table) -> bool:
    """Whether a table replaced whole would hold the same rows, columns and types as now (then it is left as it
    is: a run that changes nothing commits nothing)."""
    if before.num_rows != after.num_rows or sorted(before.column_names) != sorted(after.column_names):
        return False
    try:  # (in the table's types: Iceberg holds a SMALLINT as int32)
        before = before.select(after.column_names).cast(after.schema)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
        return False
    return bool(same_multiset(before, after, after.column_names))


def _can_merge(before: pa.Schema, after: pa.Schema) -> bool:
    """Whether a table of schema ``before`` takes rows of ``after`` by a merge: every column it has is there,
    of the same type (new columns join it)."""
    return all(field.name in after.names and _same_type(field.type, after.field(field.name).type)
               for field in before)


def _same_type(a: pa.DataType, b: pa.DataType) -> bool:
    """Equal types, whatever the string flavour (Delta reads ``string`` back as ``string_view``...)."""
    plain = {pa.string_view(): pa.string(), pa.large_string(): pa.string(), pa.binary_view(): pa.binary(),
             pa.large_binary(): pa.binary()}
    if pa.types.is_struct(a) and pa.types.is_struct(b):
        return a.num_fields == b.num_fields and all(
            x.name == y.name and _same_type(x.type, y.type) for x, y in zip(a, b, strict=True))
    return plain.get(a, a) == plain.get(b, b)


def _delta_keys(table: Any, identity: Sequence[str]) -> pa.Table:
    """The identity columns of a Delta table's rows."""
    dataset: ds.Dataset = table.to_pyarrow_dataset()
    return dataset.to_table(columns=list(identity))


def _delta_merge(table: Any, source: pa.Table, identity: Sequence[str], before: pa.Schema, commit: Any) -> None:
    """One MERGE: matched rows that differ updated, new ones inserted, missing ones deleted."""
    matches = " AND ".join(f"({_quoted('t', c)} IS NOT DISTINCT FROM {_quoted('s', c)})" for c in identity)
    new_columns = [c for c in source.column_names if c not in before.names]
    changed = " OR ".join(f"({_quoted('t', c)} IS DISTINCT FROM {_quoted('s', c)})"
                          for c in source.column_names if c not in identity)
    merger = table.merge(source, matches, source_alias="s", target_alias="t", merge_schema=bool(new_columns),
                         commit_properties=commit)
    update = None if new_columns or not changed else changed  # a new column: every row gets its value
    merger.when_matched_update_all(predicate=update).when_not_matched_insert_all() \
        .when_not_matched_by_source_delete().execute()


def _empty_delta(uri: str, run_id: str) -> None:
    """Empty a Delta table of ``state/`` or ``history/`` (when it has rows)."""
    from deltalake import CommitProperties, DeltaTable

    table = DeltaTable(uri, storage_options=_delta_options(uri))
    if table.to_pyarrow_dataset().count_rows():
        table.delete(commit_properties=CommitProperties(custom_metadata={RUN_PROPERTY: run_id}))


# -- Iceberg --------------------------------------------------------------------------------------


def _merge_iceberg(catalog: Any, identifier: str, name: str, source: pa.Table, identity: tuple[str, ...],
                   run_id: str) -> PublishedTable:
    properties = {RUN_PROPERTY: run_id}
    published = PublishedTable(name, identifier, source.num_rows)
    if not catalog.table_exists(identifier):
        table = catalog.create_table(identifier, schema=source.schema)
        table.append(source, snapshot_properties=properties)
        return published
    table = catalog.load_table(identifier)
    unique = _unique(source, identity)
    before = table.schema().as_arrow()
    order = [c for c in before.names if c in source.column_names]  # the evolved table's (upsert wants it)
    source = source.select(order + [c for c in source.column_names if c not in order])
    with table.transaction() as tx:
        _evolve(tx, before, source.schema)
        if name.startswith("state/"):
            # A column added or gone: upsert's read in the same transaction would not see it, the table replaced.
            if unique and set(before.names) == set(source.column_names):
                _upsert_state(tx, table, source, identity, properties)
            else:
                _overwrite_iceberg(tx, table, source, properties)
        elif not (unique and _append_versions(tx, table, source, identity, properties)):
            _overwrite_iceberg(tx, table, source, properties)
    return published


def _overwrite_iceberg(tx: Any, table: Any, source: pa.Table, properties: dict[str, str]) -> None:
    """The table replaced whole by ``source``, unless it holds the same rows."""
    if not same_rows(table.scan().to_arrow(), source):
        tx.overwrite(source, snapshot_properties=properties)


def _evolve(tx: Any, before: pa.Schema, after: pa.Schema) -> None:
    """The table's schema becomes the staged one's: new columns added, columns it lost deleted."""
    with tx.update_schema() as update:
        for column in before.names:
            if column not in after.names:
                update.delete_column(column)
        update.union_by_name(after)


def _upsert_state(tx: Any, table: Any, source: pa.Table, key: Sequence[str], properties: dict[str, str]) -> None:
    """``state/``: the rows no longer there deleted (by key), the staged rows of keys it lacks appended, and the
    ones of keys it has whose values differ upserted on the key (all of them when Arrow cannot compare their
    types)."""
    had = table.scan().to_arrow().select(source.column_names)
    kept = present_in(had, source, key)
    if kept is None:  # (a key Arrow cannot group)
        wanted = set(identities(source, key))
        kept = pa.array([row in wanted for row in identities(had, key)], pa.bool_())
    gone = had.filter(pc.invert(kept))
    if gone.num_rows:
        tx.delete(_key_filter(key, identities(gone, key)), snapshot_properties=properties)
    same = present_in(source, had, source.column_names)
    changed = source if same is None else source.filter(pc.invert(same))
    known = present_in(changed, had, key)
    if known is not None and known.true_count < changed.num_rows:  # new keys appended (upsert would look for them)
        tx.append(changed.filter(pc.invert(known)), snapshot_properties=properties)
        changed = changed.filter(known)
    if changed.num_rows:
        tx.upsert(changed, join_cols=list(key), snapshot_properties=properties)


def _key_filter(key: Sequence[str], values: Iterable[tuple[Any, ...]]) -> Any:
    """An Iceberg row filter selecting the rows whose ``key`` is one of ``values``."""
    x = _expressions()
    if len(key) == 1:
        return x.In(key[0], {v[0] for v in values})
    rows = [reduce(x.And, [x.EqualTo(column, value) for column, value in zip(key, row, strict=True)])
            for row in values]
    return reduce(x.Or, rows)


def _expressions() -> Any:
    """pyiceberg's row filter expressions (their constructors' types are pydantic's, not what they take)."""
    import pyiceberg.expressions

    return pyiceberg.expressions


def _append_versions(tx: Any, table: Any, source: pa.Table, identity: Sequence[str],
                     properties: dict[str, str]) -> bool:
    """``history/``: the versions that were current deleted, the versions the table lacks appended; False (nothing
    done) when a version that ended is not among the staged ones (the table is then replaced)."""
    x = _expressions()
    ended = table.scan(row_filter=x.EqualTo("_current", False), selected_fields=tuple(identity)).to_arrow()
    staged = present_in(ended, source, identity)
    if staged is None or staged.false_count or not _unique(ended, identity):
        return False
    known = present_in(source, ended, identity)
    new = source.filter(pc.invert(known)) if known is not None else source
    current = table.scan(row_filter=x.EqualTo("_current", True)).to_arrow()
    if same_rows(current, new):
        return True  # nothing changed: no commit
    with warnings.catch_warnings():  # "Delete operation did not match any records": no version was current
        warnings.simplefilter("ignore", UserWarning)
        tx.delete(x.EqualTo("_current", True), snapshot_properties=properties)
    if new.num_rows:
        tx.append(new, snapshot_properties=properties)
    return True


def _empty_iceberg(table: Any, run_id: str) -> None:
    """Empty an Iceberg table of ``state/`` or ``history/`` (when it has rows)."""
    if table.scan().count():
        table.delete(_expressions().AlwaysTrue(), snapshot_properties={RUN_PROPERTY: run_id})
