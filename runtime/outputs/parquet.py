"""Typed tables written as Parquet datasets, one folder per table, swapped into place whole.

``DIR/<schema>.<table>/part-NNNNN.parquet`` (:mod:`.typed` says what
a row holds): one part per table layout, so a table altered mid-stream gets a
new part with the new schema. Everything is written into
``.<DIR name>.tmp-<pid>-<id>`` beside ``DIR`` and exchanged with it in one step
when complete (:mod:`..atomic`: a run killed at any moment leaves the previous
output, or none, and the next run removes its leftovers); ``DIR`` may be
replaced only when it is empty or holds :data:`MARKER_FILE`, the summary a
previous run wrote.
"""

from __future__ import annotations

import json
import os
import shutil
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..atomic import exchange, remove_leftovers, repair, staging_name
from ..errors import ConfigError
from ..rows.columnar import ChangeColumns
from ..storage import is_uri
from .typed import PARQUET_OPTIONS, table_dir_name, typed_batch, typed_schema

__all__ = ["MARKER_FILE", "TypedParquetOutput"]

#: The summary of the run that wrote the directory (tables, rows, layouts, errors).
MARKER_FILE = "_binlog_ksy_rows.json"

#: Rows per Parquet row group.
ROW_GROUP_ROWS = 65536
#: Pending rows in stretches of fewer rows than this (on average) are copied into one chunk before they are
#: written: the Parquet writer's cost per chunk outweighs the copy (a table written in turn with others, its
#: inserts, updates and deletes in runs of ~10 rows: 0.48 -> 0.16 s CPU for the ddl benchmark's 60 parts).
SMALL_CHUNK_ROWS = 1024


@dataclass
class _Table:
    folder: str
    parts: int = 0
    rows: int = 0
    schema: pa.Schema | None = None
    writer: pq.ParquetWriter | None = None
    #: Rows waiting for the next row group, in file order: ``(batch, first row, rows)``.
    pending: list[tuple[pa.RecordBatch, int, int]] = field(default_factory=list)
    pending_rows: int = 0

    def add(self, batch: pa.RecordBatch, start: int, rows: int) -> None:
        if self.pending:
            last, last_start, last_rows = self.pending[-1]
            if last is batch and last_start + last_rows == start:  # the next rows of the same batch
                self.pending[-1] = (batch, last_start, last_rows + rows)
                self.pending_rows += rows
                return
        self.pending.append((batch, start, rows))
        self.pending_rows += rows

    def flush(self, background: _Background) -> None:
        if self.pending and self.writer is not None:
            background.submit(_write_pending, self.writer, self.pending)
        self.pending = []
        self.pending_rows = 0

    def close(self, background: _Background) -> None:
        self.flush(background)
        if self.writer is not None:
            background.submit(self.writer.close)
            self.writer = None


def _pending_table(pending: list[tuple[pa.RecordBatch, int, int]]) -> pa.Table:
    """The pending rows as one table (a chunk per stretch of rows of one batch; one chunk if they are short)."""
    if len(pending) > 1 and sum(rows for _, _, rows in pending) < SMALL_CHUNK_ROWS * len(pending):
        return _gathered(pending)
    return pa.Table.from_batches([batch if start == 0 and rows == batch.num_rows else batch.slice(start, rows)
                                  for batch, start, rows in pending])


def _gathered(pending: list[tuple[pa.RecordBatch, int, int]]) -> pa.Table:
    """Short stretches of rows of a few batches as one chunk: one ``take`` over the batches end to end (putting
    the stretches together chunk by chunk costs per stretch: 0.10 -> 0.04 s for the ddl benchmark's parts, and
    ``take`` imports ``pyarrow.compute`` once, about 0.035 s)."""
    firsts: dict[int, int] = {}  # id of a batch -> its first row end to end
    batches = []
    total = 0
    for batch, _, _ in pending:
        if id(batch) not in firsts:
            firsts[id(batch)] = total
            batches.append(batch)
            total += batch.num_rows
    starts = np.array([firsts[id(batch)] + start for batch, start, _ in pending], dtype=np.int64)
    lengths = np.array([rows for _, _, rows in pending], dtype=np.int64)
    # row j of stretch k is row starts[k] + j end to end: its position in the pending rows plus a shift
    shifts = starts - (np.cumsum(lengths) - lengths)
    index = np.arange(int(lengths.sum()), dtype=np.int64) + np.repeat(shifts, lengths)
    whole = batches[0] if len(batches) == 1 else pa.concat_batches(batches)
    # an int64 array over the index's buffer (``pa.array`` of numpy imports ``numpy.ma``, 20-70 ms)
    return pa.Table.from_batches([whole.take(pa.Array.from_buffers(pa.int64(), len(index),
                                                                   [None, pa.py_buffer(index)]))])


def _write_pending(writer: pq.ParquetWriter, pending: list[tuple[pa.RecordBatch, int, int]]) -> None:
    """Write pending rows (in the writer thread: assembling them, as encoding them, overlaps decoding)."""
    writer.write_table(_pending_table(pending), row_group_size=ROW_GROUP_ROWS)


class _Background:
    """One writer thread: Parquet encoding and compression (which release the GIL) overlap decoding."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parquet-writer")
        self._futures: list[Future[Any]] = []

    #: Writes queued at most: the reader waits beyond that, so memory stays bounded.
    MAX_QUEUED = 2

    def submit(self, fn: Any, *args: Any, **kwargs: Any) -> None:
        while self._futures and (self._futures[0].done() or len(self._futures) >= self.MAX_QUEUED):
            self._futures.pop(0).result()  # raises the writer's error here
        self._futures.append(self._pool.submit(fn, *args, **kwargs))

    def wait(self) -> None:
        try:
            for f in self._futures:
                f.result()
        finally:
            self._futures = []
            self._pool.shutdown(wait=True)


class TypedParquetOutput:
    """Write :class:`~.columnar.ChangeColumns` runs into per-table Parquet datasets under ``output``."""

    def __init__(self, output: str) -> None:
        if is_uri(output):
            raise ConfigError(f"--output {output}: Parquet datasets go to a local directory; for an object store "
                              "give --table-format delta or iceberg (or use binlog-ksy extract --output URI)")
        self.output = os.path.abspath(os.path.expanduser(output)).rstrip("/")
        parent, name = os.path.split(self.output)
        if not name:
            raise ConfigError(f"--output: not a directory name: {output!r}")
        # a run killed mid-swap or mid-write: put back the complete output, drop the rest
        repair(self.output, lambda path: os.path.exists(os.path.join(path, MARKER_FILE)))
        remove_leftovers(self.output)
        if os.path.exists(self.output):
            if not os.path.isdir(self.output):
                raise ConfigError(f"--output {self.output} exists and is not a directory")
            if os.listdir(self.output) and not os.path.exists(os.path.join(self.output, MARKER_FILE)):
                raise ConfigError(f"--output {self.output} is a non-empty directory that binlog-ksy rows did not "
                                  f"write (no {MARKER_FILE}); choose another directory or empty it")
        self.tmp = staging_name(self.output)
        os.makedirs(self.tmp)
        self.tables: dict[str, _Table] = {}
        self._background = _Background()

    def write(self, columns: ChangeColumns) -> None:
        """Add a run of row changes to its table's dataset."""
        # a slice of runs decoded together: their table, schema and typed rows are found once, for the group
        source = columns.group if columns.group is not None else columns
        target: tuple[_Table, pa.Schema] | None = source.memo.get("parquet_target")
        if target is None:  # one layout, so one table and schema, for every run of the group
            table_map = columns.table_map
            qualified = table_map.qualified_name
            table = self.tables.get(qualified)
            if table is None:
                table = self.tables[qualified] = _Table(table_dir_name(table_map.schema, table_map.table))
            target = source.memo["parquet_target"] = (table, typed_schema(table_map))
        table, schema = target
        if table.schema is not schema and (table.schema is None or not table.schema.equals(schema)):
            table.close(self._background)
            folder = os.path.join(self.tmp, table.folder)
            os.makedirs(folder, exist_ok=True)
            table.writer = pq.ParquetWriter(os.path.join(folder, f"part-{table.parts:05d}.parquet"), schema,
                                            **PARQUET_OPTIONS)
            table.schema = schema
            table.parts += 1
        batch = source.memo.get("typed_batch")
        if batch is None:
            batch = source.memo["typed_batch"] = typed_batch(source, schema)
        table.add(batch, columns.group_start, columns.count)
        table.rows += columns.count
        if table.pending_rows >= ROW_GROUP_ROWS:
            table.flush(self._background)

    def summary(self) -> dict[str, Any]:
        return {"tables": {name: {"rows": t.rows, "layouts": t.parts, "folder": t.folder}
                           for name, t in sorted(self.tables.items())}}

    def commit(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """Close every dataset, write the summary and put the directory in place of ``output``."""
        for table in self.tables.values():
            table.close(self._background)
        self._background.wait()
        summary = {**self.summary(), **(extra or {})}
        with open(os.path.join(self.tmp, MARKER_FILE), "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
        old = exchange(self.tmp, self.output)  # one atomic step: the old output or the new, never neither
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return summary

    def abort(self) -> None:
        """Drop everything written (the previous output stays)."""
        for table in self.tables.values():
            table.pending = []
            try:
                table.close(self._background)
            except Exception:  # noqa: BLE001 - aborting after a failure: whatever closing raises, the staging goes
                pass
        try:
            self._background.wait()
        except Exception:  # noqa: BLE001 - the same: the error being handled is the caller's, not this one
            pass
        shutil.rmtree(self.tmp, ignore_errors=True)
