"""Typed tables: the row changes of one table as Arrow record batches with the table's own column types.

One row per row change::

    file, pos, row_index, timestamp, server_id, gtid, transaction, op,
    before: struct<column: type, ...>, after: struct<column: type, ...>,
    before_absent: list<string>, after_absent: list<string>

``before`` is null for inserts, ``after`` for deletes; updates keep both
images. Column types: :mod:`.arrow_types`. In MINIMAL or NOBLOB images some
columns are not logged: they are null in the struct and named in
``before_absent``/``after_absent`` (null when every column is there), so an
absent value is never mistaken for SQL NULL. ``transaction`` is the byte
offset of the transaction's first event; ``timestamp`` is the event's time
(UTC).

Written by ``binlog-ksy rows --format parquet`` and by the extraction job's
``tables/`` datasets. Each table layout (its column names and types) is one
schema; after an ALTER TABLE the new layout's files add or drop struct
fields, which Spark's ``mergeSchema`` reads together.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np
import pyarrow as pa

from ..column import Column
from ..rows.columnar import ChangeColumns, ImageColumns
from ..rows.event_facts import EventFacts
from ..table_map import TableMap
from ..types.arrow import arrow_type

__all__ = ["DICTIONARY_COLUMNS", "META_FIELDS", "PARQUET_OPTIONS", "meta_arrays", "spark_schema_json",
           "table_dir_name", "typed_batch", "typed_schema"]

_TS = pa.timestamp("us", tz="UTC")

#: The columns before the two images.
META_FIELDS: list[tuple[str, pa.DataType]] = [
    ("file", pa.string()), ("pos", pa.int64()), ("row_index", pa.int32()), ("timestamp", _TS),
    ("server_id", pa.int64()), ("gtid", pa.string()), ("transaction", pa.int64()), ("op", pa.string()),
]
_ABSENT = pa.list_(pa.string())
#: Parquet writer options of typed tables: a dictionary is tried only on the repeated ``file``, ``gtid`` and
#: ``op`` (the encoding, not the data: on the images' values dictionaries seldom pay, and trying them cost
#: about 40 % of writing the wide and bulk benchmark tables and made the files bigger, 63.4 -> 55.2 MB and
#: 43.4 -> 38.3 MB); every column keeps its statistics. The extraction job's ``tables/`` use the same.
DICTIONARY_COLUMNS: tuple[str, ...] = ("file", "gtid", "op")
PARQUET_OPTIONS: dict[str, Any] = {"compression": "snappy", "use_dictionary": list(DICTIONARY_COLUMNS)}
#: Parquet footer key where Spark keeps a file's Catalyst schema.
SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata"


def table_dir_name(schema: str, table: str) -> str:
    """``<schema>.<table>`` as one path component (``/ \\ . : %``, spaces and controls as ``%XX``)."""
    def safe(name: str) -> str:
        return "".join(f"%{ord(c):02X}" if c in "/\\.:%" or ord(c) <= 32 or ord(c) == 127 else c for c in name)
    return f"{safe(schema)}.{safe(table)}"


def typed_schema(table_map: TableMap) -> pa.Schema:
    """The Arrow schema of a table's typed rows, with Spark's schema and the columns' facts in the metadata."""
    schema = table_map.memo.get("typed_schema")
    if schema is None:
        schema = table_map.memo["typed_schema"] = _typed_schema(table_map.columns)
    return schema


@lru_cache(maxsize=1024)
def _typed_schema(table_columns: tuple[Column, ...]) -> pa.Schema:
    image = pa.struct([(c.name, arrow_type(c)) for c in table_columns])
    fields = [*META_FIELDS, ("before", image), ("after", image), ("before_absent", _ABSENT),
              ("after_absent", _ABSENT)]
    schema = pa.schema(fields)
    columns = [{"name": c.name, "type": c.type_name, "type_code": c.real_type, "meta": c.meta,
                "unsigned": c.unsigned, "charset": c.charset, "nullable": c.nullable,
                "primary_key": c.is_primary_key} for c in table_columns]
    return schema.with_metadata({SPARK_SCHEMA_KEY: spark_schema_json(schema),
                                 "binlog_ksy.columns": json.dumps(columns)})


def _spark_type(typ: pa.DataType) -> Any:
    if pa.types.is_struct(typ):
        return {"type": "struct", "fields": [
            {"name": f.name, "type": _spark_type(f.type), "nullable": True, "metadata": {}} for f in typ]}
    if pa.types.is_list(typ):
        return {"type": "array", "elementType": _spark_type(typ.value_type), "containsNull": True}
    if pa.types.is_decimal(typ):
        return f"decimal({typ.precision},{typ.scale})"
    if pa.types.is_timestamp(typ):
        return "timestamp" if typ.tz is not None else "timestamp_ntz"
    simple = {
        pa.int8(): "byte", pa.int16(): "short", pa.int32(): "integer", pa.int64(): "long",
        pa.uint8(): "short", pa.uint16(): "integer", pa.uint32(): "long", pa.uint64(): "decimal(20,0)",
        pa.float32(): "float", pa.float64(): "double", pa.string(): "string", pa.binary(): "binary",
        pa.date32(): "date", pa.duration("us"): "interval day to second", pa.bool_(): "boolean",
    }
    return simple[typ]


def spark_schema_json(schema: pa.Schema) -> str:
    """The Spark schema of an Arrow schema as Spark stores it in Parquet footers.

    Spark reads a Parquet file's schema from :data:`SPARK_SCHEMA_KEY` when it
    is there: that is how a TIME column (``duration[us]``, an INT64 in
    Parquet) comes back as ``interval day to second``.
    """
    return json.dumps(_spark_type(pa.struct(list(schema))))


def _image(side: ImageColumns | None, table_map: TableMap, typ: pa.StructType, n: int
           ) -> tuple[pa.Array, pa.Array]:
    if side is None:
        return pa.nulls(n, typ), pa.nulls(n, _ABSENT)
    given = {c.name: a for c, a in zip(side.columns, side.arrays, strict=True)}
    arrays = []
    absent = []
    for field in typ:
        arr = given.get(field.name)
        if arr is None:
            absent.append(field.name)
            arr = pa.nulls(n, field.type)
        arrays.append(arr)
    struct = pa.StructArray.from_arrays(arrays, fields=list(typ))
    if not absent:
        return struct, pa.nulls(n, _ABSENT)
    bounds = np.arange(n + 1, dtype=np.int32) * len(absent)
    names = pa.array(absent, pa.string()).take(pa.array(np.tile(np.arange(len(absent), dtype=np.int32), n)))
    return struct, pa.ListArray.from_arrays(pa.array(bounds), names)


def _int32_array(values: np.ndarray) -> pa.Array:
    """An ``int32`` array over a numpy array's buffer (``pa.array`` of numpy imports ``numpy.ma``, 20-70 ms)."""
    data = np.ascontiguousarray(values, dtype=np.int32)
    return pa.Array.from_buffers(pa.int32(), len(data), [None, pa.py_buffer(data)])


def meta_arrays(columns: ChangeColumns) -> list[pa.Array]:
    """The :data:`META_FIELDS` columns of a run of row changes (made once per run)."""
    meta = columns.memo.get("meta")
    if meta is None:
        meta = columns.memo["meta"] = _meta_arrays(columns)
    return meta


def _meta_arrays(columns: ChangeColumns) -> list[pa.Array]:
    """The meta columns from the facts of the run's window (:class:`~..rows.event_facts.EventFacts`), or of its
    own events when it was decoded alone."""
    facts, at = columns.facts, columns.facts_at
    if facts is None or at is None:
        facts, at = EventFacts(columns.events), np.arange(len(columns.events), dtype=np.int64)
    at = at[columns.event_of_row]  # each row's event among the facts'
    numbers, nulls = facts.numbers()
    rows = numbers.take(at, axis=1)  # C order: each fact's row is contiguous
    missing = None if nulls is None else nulls.take(at, axis=1)
    pos, timestamp, server_id, transaction = (
        pa.Array.from_buffers(pa.int64(), len(at), [_validity(None if missing is None else missing[k]),
                                                    pa.py_buffer(rows[k])])
        for k in range(4))
    return [
        facts.files(at),
        pos,
        _int32_array(columns.row_index),
        timestamp.view(_TS),
        server_id,
        facts.gtids(at),
        transaction,
        pa.repeat(pa.scalar(columns.op, pa.string()), columns.count),
    ]


def _validity(missing: np.ndarray | None) -> pa.Buffer | None:
    return None if missing is None or not missing.any() else pa.py_buffer(np.packbits(~missing, bitorder="little"))


def typed_batch(columns: ChangeColumns, schema: pa.Schema | None = None) -> pa.RecordBatch:
    """The typed rows of a run of row changes (:func:`typed_schema` of its table map unless given)."""
    table_map = columns.table_map
    if schema is None:
        schema = typed_schema(table_map)
    n = columns.count
    meta = meta_arrays(columns)
    typ = schema.field("before").type
    before, before_absent = _image(columns.before, table_map, typ, n)
    after, after_absent = _image(columns.after, table_map, typ, n)
    return pa.RecordBatch.from_arrays([*meta, before, after, before_absent, after_absent], schema=schema)
