"""The Arrow schemas of the extraction job's datasets (what a task writes with pyarrow).

They are the Spark schemas of the ``binlog`` data source (:mod:`.datasource`)
without its ``error`` column, in Arrow terms (Spark ``timestamp`` is
``timestamp[us, UTC]``); a test checks the two stay equal. Imports nothing
from pyspark.
"""

from __future__ import annotations

import pyarrow as pa

__all__ = ["CHANGES", "COLUMN_INFO", "ERRORS", "EVENTS", "TRANSACTIONS", "parquet_options"]

_TS = pa.timestamp("us", tz="UTC")

COLUMN_INFO = pa.struct([
    ("name", pa.string()), ("type", pa.string()), ("type_code", pa.int32()), ("meta", pa.int32()),
    ("unsigned", pa.bool_()), ("nullable", pa.bool_()), ("charset", pa.int32()), ("precision", pa.int32()),
    ("scale", pa.int32()), ("fsp", pa.int32()),
])

#: ``events/``: one row per event.
EVENTS = pa.schema([
    ("file", pa.string()), ("pos", pa.int64()), ("end_pos", pa.int64()), ("in_payload", pa.int32()),
    ("type", pa.string()), ("type_code", pa.int32()), ("timestamp", _TS), ("server_id", pa.int64()),
    ("length", pa.int64()), ("flags", pa.int32()), ("gtid", pa.string()), ("transaction", pa.int64()),
    ("body", pa.string()),
])

#: ``changes/``: one row per row change (``schema`` and ``table`` are the partition directories).
CHANGES = pa.schema([
    ("file", pa.string()), ("pos", pa.int64()), ("row_index", pa.int32()), ("timestamp", _TS),
    ("server_id", pa.int64()), ("gtid", pa.string()), ("transaction", pa.int64()), ("op", pa.string()),
    ("before", pa.string()), ("after", pa.string()),
    ("before_values", pa.map_(pa.string(), pa.string())), ("after_values", pa.map_(pa.string(), pa.string())),
    ("primary_key", pa.list_(pa.string())), ("columns", pa.list_(COLUMN_INFO)),
])

#: ``cdc/`` (``--cdc``): the Debezium MySQL connector's messages (runtime/present/debezium.py): one per change, two for
#: an update of the primary key (op ``d`` then ``c``, at the same file, pos and row_index); ``op`` is the value's.
CDC = pa.schema([
    ("file", pa.string()), ("pos", pa.int64()), ("row_index", pa.int32()), ("op", pa.string()),
    ("key", pa.string()), ("value", pa.string()),
])

#: ``transactions/``: one row per transaction.
TRANSACTIONS = pa.schema([
    ("file", pa.string()), ("transaction", pa.int64()), ("gtid", pa.string()), ("first_pos", pa.int64()),
    ("last_pos", pa.int64()), ("events", pa.int64()), ("start_time", _TS), ("commit_time", _TS),
    ("tables", pa.list_(pa.string())), ("inserts", pa.int64()), ("updates", pa.int64()),
    ("deletes", pa.int64()), ("rows", pa.int64()), ("bytes", pa.int64()), ("end_pos", pa.int64()),
    ("seconds", pa.int64()),
])

#: ``errors/``: every damaged range, event or row image, and every unreadable file.
ERRORS = pa.schema([
    ("file", pa.string()), ("offset", pa.int64()), ("length", pa.int64()), ("event_type", pa.string()),
    ("kind", pa.string()), ("message", pa.string()),
])


_META = ["file", "pos", "row_index", "timestamp", "server_id", "gtid", "transaction", "op"]


def parquet_options(schema: pa.Schema) -> dict[str, object]:
    """Parquet writer options of a dataset: dictionaries and statistics only where they pay.

    The JSON texts and value maps of ``changes/`` and the event bodies are
    nearly all distinct: trying a dictionary on them, and keeping their
    min/max, costs about 40% of writing ``changes/``. A typed table
    (``tables/``, its first columns those of ``changes/``) keeps every
    column's statistics but tries dictionaries only on the repeated
    ``file``, ``gtid`` and ``op``: on its values they seldom pay, cost about
    40% of writing it, and made the files bigger (the bench table: 10.7 ->
    9.4 MB per 288k rows).
    """
    if schema.equals(CHANGES):
        return {"use_dictionary": ["file", "op", "gtid", "before_values.key_value.key",
                                   "after_values.key_value.key", "primary_key.list.element"],
                "write_statistics": _META}
    if schema.equals(EVENTS):
        return {"use_dictionary": ["file", "type", "gtid"],
                "write_statistics": ["file", "pos", "end_pos", "type", "type_code", "timestamp", "gtid",
                                     "transaction"]}
    if schema.names[:len(_META)] == _META and "before" in schema.names:
        from ..runtime.outputs.typed import DICTIONARY_COLUMNS  # the typed tables' own, as `rows --format parquet`

        return {"use_dictionary": list(DICTIONARY_COLUMNS)}
    return {}
