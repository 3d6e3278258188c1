"""A table's batches stay few when small runs keep coming (runtime/state/keyed_rows.py ``maybe_compact``): a
small table updated by thousands of one-row runs holds its rows in at most COMPACT_BATCHES batches beyond one
per 1,024 live rows (each batch's arrays cost their objects, whatever their rows), and the rows stay right."""

from __future__ import annotations

import pyarrow as pa

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE
from binlog_ksy.runtime.state.keyed_rows import COMPACT_BATCHES, Image, RunRows, TableRows

COLUMNS = (Column(0, "id", MYSQL_TYPE.LONG, is_primary_key=True), Column(1, "v", MYSQL_TYPE.LONGLONG))


def _run(op: str, before: list[tuple[int, int]] | None, after: list[tuple[int, int]] | None) -> RunRows:
    def image(rows: list[tuple[int, int]] | None) -> Image | None:
        if rows is None:
            return None
        return Image(("id", "v"), [pa.array([r[0] for r in rows], pa.int32()), pa.array([r[1] for r in rows],
                                                                                       pa.int64())], {})
    count = len(before or after or [])
    return RunRows(op, count, COLUMNS, ("id",), image(before), image(after), 0, lambda row: f"row {row}")  # type: ignore[arg-type]


def test_one_row_runs_keep_a_small_table_in_few_batches() -> None:
    rows = TableRows(("d", "t"), COLUMNS, ("id",), complete=True)
    rows.apply(_run("insert", None, [(i, 0) for i in range(10)]))
    most = 0
    for n in range(1, 3000):
        i = n % 10
        rows.apply(_run("update", [(i, n - 10 if n >= 10 else 0)], [(i, n)]))
        most = max(most, len(rows.store.batches))
    assert most <= COMPACT_BATCHES + 1, most
    state = rows.snapshot(final=True)
    assert sorted(state.python_rows(), key=lambda r: r["id"]) == [
        {"id": i, "v": max(n for n in range(3000) if n % 10 == i)} for i in range(10)]
