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

import contextlib
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
from .row_stretches import rows_in_order
from .typed import PARQUET_OPTIONS, table_dir_name, typed_batch, typed_schema

__all__ = ["MARKER_FILE", "TypedParquetOutput"]

#: The summary of the run that wrote the directory (tables, rows, layouts, errors).
MARKER_FILE = "_binlog_ksy_rows.json"

#: Rows per Parquet row group.
ROW_GROUP_ROWS = 65536
#: Threads that write the tables' last rows at the end (each its own tables: they are written side by side).
FINISHING_THREADS = 2


class _Part:
    """One part file of a table: opened in the writer thread (creating a file and its folder costs about 1 ms),
    as soon as the part is known (:meth:`open`) or by its first write."""

    def __init__(self, path: str, schema: pa.Schema) -> None:
        self.path, self.schema = path, schema
        self._writer: pq.ParquetWriter | None = None

    def write(self, pending: list[tuple[pa.RecordBatch, np.ndarray]]) -> None:
        table = _pending_table(pending)
        self._open().write_table(table, row_group_size=ROW_GROUP_ROWS)

    def open(self) -> None:
        self._open()

    def close(self) -> None:
        self._open().close()

    def discard(self) -> None:
        """Close the file if it was opened (a run that failed: what was written is dropped)."""
        if self._writer is not None:
            self._writer.close()

    def _open(self) -> pq.ParquetWriter:
        if self._writer is None:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            self._writer = pq.ParquetWriter(self.path, self.schema, **PARQUET_OPTIONS)
        return self._writer


@dataclass
class _Table:
    folder: str
    parts: int = 0
    rows: int = 0
    schema: pa.Schema | None = None
    part: _Part | None = None
    #: Rows waiting for the next row group: ``(batch, the ordinal of each row's rows event)``; the rows are
    #: written in the order of those ordinals (file order), whatever order the batches came in.
    pending: list[tuple[pa.RecordBatch, np.ndarray]] = field(default_factory=list)
    pending_rows: int = 0
    pending_bytes: int = 0

    def add(self, batch: pa.RecordBatch, ordinals: np.ndarray) -> None:
        self.pending.append((batch, ordinals))
        self.pending_rows += batch.num_rows
        self.pending_bytes += batch.get_total_buffer_size()

    def flush(self, background: _Background) -> None:
        if self.pending and self.part is not None:
            background.submit(self.part.write, self.pending, nbytes=self.pending_bytes)
        self.pending = []
        self.pending_rows = self.pending_bytes = 0

    def close(self, background: _Background) -> None:
        self.flush(background)
        if self.part is not None:
            background.submit(self.part.close)
            self.part = None


def _pending_table(pending: list[tuple[pa.RecordBatch, np.ndarray]]) -> pa.Table:
    """The pending rows as one table in file order (:func:`~.row_stretches.rows_in_order`: one chunk, or
    slices of the batches when they hold long stretches of it)."""
    batches = [batch for batch, _ in pending]
    if len(pending) == 1:  # a batch's rows are in file order
        return pa.Table.from_batches(batches)
    order = np.argsort(np.concatenate([ordinals for _, ordinals in pending]), kind="stable")
    return rows_in_order(batches, order, batches[0].schema)


def _finish(part: _Part, pending: list[tuple[pa.RecordBatch, np.ndarray]]) -> None:
    """Write a table's last rows and close its part."""
    if pending:
        part.write(pending)
    part.close()


class _Background:
    """One writer thread: Parquet encoding and compression (which release the GIL) overlap decoding."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parquet-writer")
        self._futures: list[tuple[Future[Any], int]] = []
        self._queued_bytes = 0

    #: Bytes of Arrow data queued for writing at most: the reader waits beyond that, so memory stays bounded
    #: (many tables flushed at once, at an ALTER TABLE of each, say, queue up to this and the reader goes on).
    MAX_QUEUED_BYTES = 48 << 20

    def submit(self, fn: Any, *args: Any, nbytes: int = 0) -> None:
        """Queue ``fn(*args)``, a write of ``nbytes`` bytes of Arrow data."""
        while self._futures and (self._futures[0][0].done()
                                 or self._queued_bytes + nbytes > self.MAX_QUEUED_BYTES):
            done, done_bytes = self._futures.pop(0)
            self._queued_bytes -= done_bytes
            done.result()  # raises the writer's error here
        self._futures.append((self._pool.submit(fn, *args), nbytes))
        self._queued_bytes += nbytes

    def wait(self) -> None:
        try:
            for f, _ in self._futures:
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

    def write(self, columns: ChangeColumns, ordinals: np.ndarray) -> None:
        """Add row changes to their table's dataset; ``ordinals`` orders their rows events among all those
        written (:func:`~..rows.columnar.iter_change_groups`): each table's rows are written in that order."""
        table_map = columns.table_map
        qualified = table_map.qualified_name
        table = self.tables.get(qualified)
        if table is None:
            table = self.tables[qualified] = _Table(table_dir_name(table_map.schema, table_map.table))
        schema = typed_schema(table_map)
        if table.schema is not schema and (table.schema is None or not table.schema.equals(schema)):
            table.close(self._background)
            table.part = _Part(os.path.join(self.tmp, table.folder, f"part-{table.parts:05d}.parquet"), schema)
            table.schema = schema
            table.parts += 1
            self._background.submit(table.part.open)  # the file made while the rows are decoded, not at the end
        table.add(typed_batch(columns, schema), ordinals[columns.event_of_row])
        table.rows += columns.count
        if table.pending_rows >= ROW_GROUP_ROWS:
            table.flush(self._background)

    def summary(self) -> dict[str, Any]:
        return {"tables": {name: {"rows": t.rows, "layouts": t.parts, "folder": t.folder}
                           for name, t in sorted(self.tables.items())}}

    def commit(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """Close every dataset, write the summary and put the directory in place of ``output``."""
        self._background.wait()  # what was queued, then each table's last rows: the tables two at a time
        last = [(table.part, table.pending) for table in self.tables.values() if table.part is not None]
        for table in self.tables.values():
            table.part, table.pending, table.pending_rows, table.pending_bytes = None, [], 0, 0
        with ThreadPoolExecutor(max_workers=FINISHING_THREADS, thread_name_prefix="parquet-writer") as pool:
            for done in [pool.submit(_finish, part, pending) for part, pending in last]:
                done.result()
        summary = {**self.summary(), **(extra or {})}
        with open(os.path.join(self.tmp, MARKER_FILE), "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
        old = exchange(self.tmp, self.output)  # one atomic step: the old output or the new, never neither
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return summary

    def abort(self) -> None:
        """Drop everything written (the previous output stays)."""
        try:
            self._background.wait()
        except Exception:  # noqa: BLE001 - aborting after a failure: whatever writing raised, the staging goes
            pass
        for table in self.tables.values():
            if table.part is not None:
                with contextlib.suppress(Exception):  # the same: the error being handled is the caller's
                    table.part.discard()
            table.part, table.pending = None, []
        shutil.rmtree(self.tmp, ignore_errors=True)
