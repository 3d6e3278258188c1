"""The ``binlog`` data source as a stream: ``spark.readStream.format("binlog")`` over a growing binlog folder.

The stream is ``extract --incremental``'s plan, micro-batch after micro-batch (:mod:`.incremental`): its
*offset* is the state an incremental run records, per file its size, the digest of its first bytes and
``read_to`` (the end of the last complete transaction read; ``finished`` once it ends with ROTATE/STOP), with
the schema history as a base and a DDL log; and the ``errors/`` rows that planning the batch found (a file
changed under its name, a damaged file), each once. Spark keeps the offsets in the query's checkpoint, so a
query started again from it continues where its last committed batch ended: no change twice, none lost.

* :meth:`BinlogStreamReader.latestOffset` plans from the last offset (:func:`.incremental.plan_ranges`): new
  files and the grown tail of a file up to the end of its last complete transaction; a transaction still
  being written waits for a later batch. ``maxBytesPerTrigger`` / ``maxFilesPerTrigger`` bound a batch
  (:class:`.incremental.Limits`; under ``Trigger.AvailableNow``, batches within those bounds up to what the
  folder held when the query began). Nothing new: the same offset, no batch.
* :meth:`BinlogStreamReader.partitions` gives one partition per range ``[read_to before, read_to after)``
  (planned again with exactly those ends when the plan of ``latestOffset`` is not at hand: a query restarted
  from its checkpoint), and one for the batch's planning errors.
* :meth:`BinlogStreamReader.read` reads a range as the batch source reads a file (:func:`.records.iter_batches`
  with :class:`.incremental.RangeBounds`: the same rule of what a range owns as ``extract``'s tasks), the
  schema history replayed to the range's start.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import DataSourceStreamReader, InputPartition
from pyspark.sql.streaming.datasource import SupportsTriggerAvailableNow
from pyspark.sql.types import StructType

from ..runtime.schema.history import DdlStatement, SchemaHistory
from ..runtime.storage import expand_inputs, store_environment
from .incremental import (
    STATE_KEY,
    IncrementalPlan,
    Limits,
    RangeBounds,
    load_state,
    plan_ranges,
    planning_history,
    state_json,
)
from .records import ERROR_COLUMNS, ReadOptions, iter_batches

__all__ = ["BinlogStreamReader", "ErrorRowsPartition", "RangePartition", "stream_limits"]


@dataclass
class RangePartition(InputPartition):
    """One file's new bytes in a micro-batch: ``[start, stop)``, the history where they begin."""

    index: int
    uri: str
    size: int
    start: int
    stop: int
    history: SchemaHistory | None
    ddl: tuple[DdlStatement, ...]


@dataclass
class ErrorRowsPartition(InputPartition):
    """The ``errors/`` rows the batch's planning found (each a dict of the errors columns)."""

    rows: list[dict[str, Any]]


def stream_limits(options: Mapping[str, str]) -> Limits:
    """``maxBytesPerTrigger`` / ``maxFilesPerTrigger`` (Spark lower-cases option names) as a plan's bounds."""

    def number(key: str) -> int | None:
        value = options.get(key.lower())
        if value is None:
            return None
        count = int(str(value).strip())
        if count < 1:
            raise ValueError(f"binlog data source: {key} must be a positive integer, not {value!r}")
        return count

    return Limits(number("maxBytesPerTrigger"), number("maxFilesPerTrigger"))


class BinlogStreamReader(DataSourceStreamReader, SupportsTriggerAvailableNow):
    """Micro-batches of a growing binlog folder (see the module docstring)."""

    def __init__(self, schema: StructType, options: ReadOptions, paths: list[str], limits: Limits) -> None:
        self.schema, self.options, self.paths, self.limits = schema, options, paths, limits
        self.store_environment = store_environment()
        #: The plans ``latestOffset`` made, by their end offset's text (for ``partitions``).
        self._plans: dict[str, tuple[IncrementalPlan, list[Any], SchemaHistory | None]] = {}
        #: ``Trigger.AvailableNow``: the files and sizes listed when the query began, no further.
        self._available_now: dict[str, int] | None = None

    def prepareForTriggerAvailableNow(self) -> None:
        self._available_now = {item.uri: item.size or 0 for item in expand_inputs(self.paths)}

    def initialOffset(self) -> dict[str, Any]:
        return {"files": {}, "schema_sql": "", "ddl": [], "errors": []}

    def _plan(self, start: dict[str, Any], limits: Limits | None, ends: dict[str, int] | None
              ) -> tuple[IncrementalPlan, list[Any], SchemaHistory | None]:
        previous = load_state({STATE_KEY: start})
        history = planning_history(previous, self.options.history)
        files = expand_inputs(self.paths)
        plan = plan_ranges(files, previous, history, self.options.verify_checksums, limits=limits, ends=ends)
        return plan, files, history

    def latestOffset(self, start: dict[str, Any], limit: Any = None) -> dict[str, Any]:
        plan, files, history = self._plan(start, self.limits, self._available_now)
        if not plan.ranges and not plan.errors:
            return start  # nothing new (a transaction being written waits)
        end = {**state_json(plan), "errors": plan.errors}
        self._plans = {_key(end): (plan, files, history)}
        return end

    def partitions(self, start: dict[str, Any], end: dict[str, Any]) -> Sequence[InputPartition]:
        if _key(start) == _key(end):
            return []
        made = self._plans.get(_key(end))
        if made is None:  # a restarted query: the same ranges, planned again to exactly the offset's ends
            ends = {uri: int(state["read_to"]) for uri, state in end["files"].items()}
            made = self._plan(start, None, ends)
        plan, files, history = made
        index = {item.uri: i for i, item in enumerate(files)}
        ddl = tuple(plan.ddl)
        parts: list[InputPartition] = [
            RangePartition(index[r.uri], r.uri, r.size, r.start, r.end, history, ddl) for r in plan.ranges]
        if end.get("errors"):
            parts.append(ErrorRowsPartition(list(end["errors"])))
        return parts

    def commit(self, end: dict[str, Any]) -> None:
        self._plans.pop(_key(end), None)

    def read(self, partition: InputPartition) -> Iterator[Any]:
        from pyspark.sql.pandas.types import to_arrow_schema

        os.environ.update(dict(getattr(self, "store_environment", ())))
        arrow_schema = to_arrow_schema(self.schema, timezone="UTC")
        if isinstance(partition, ErrorRowsPartition):
            yield from _error_batches(partition.rows, self.options.kind, arrow_schema)
            return
        assert isinstance(partition, RangePartition)
        opts = replace(self.options, history=partition.history, ddl=partition.ddl)
        yield from iter_batches(partition.uri, partition.size, opts, arrow_schema, partition.index,
                                RangeBounds(partition.start, partition.stop))


def _key(offset: dict[str, Any]) -> str:
    return json.dumps(offset, sort_keys=True)


def _error_batches(rows: list[dict[str, Any]], kind: str, schema: pa.Schema) -> Iterator[pa.RecordBatch]:
    """The planning errors as rows of ``kind``: flat for ``errors``, error rows (``error`` set) for ``events``
    and ``changes``; none for ``typed`` (problems are not rows there)."""
    if kind == "typed" or not rows:
        return
    if kind == "errors":
        tuples = [tuple(row[c] for c in ERROR_COLUMNS) for row in rows]
    else:
        width = len(schema)
        tuples = [(row["file"], row["offset"], *([None] * (width - 3)),
                   {c: row[c] for c in ERROR_COLUMNS[1:]}) for row in rows]
    columns = list(zip(*tuples, strict=True))
    yield pa.RecordBatch.from_arrays([pa.array(col, type=f.type) for col, f in zip(columns, schema, strict=True)],
                                     schema=schema)
