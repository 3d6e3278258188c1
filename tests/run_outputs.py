"""Running ``extract`` over a binlog folder and reading what it wrote: shared by the run-sequence tests.

tests/test_run_sequences.py (snapshots of a folder), tests/test_live_folder.py (a folder a server writes
during the runs), tests/test_store_outage.py and the differential harness run the job with these and compare
outputs with :func:`output_of`: every dataset read back (Parquet, Delta or Iceberg, local or S3), sorted by
its key, with ``changes/`` checked for a change written twice.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.dataset as ds

from binlog_ksy.runtime.outputs import lake as lake_tables
from binlog_ksy.runtime.storage import Files, filesystem_of
from extract_process import extract_command, wait_until_running

__all__ = ["dataset_rows", "output_of", "parquet_rows", "run_in_process", "run_killed", "sorted_rows",
           "strip_nulls"]

#: LOG_EVENT_BINARY_IN_USE_F (sql/log_event.h): set in a binlog's format description while the server writes
#: the file, cleared in place when it closes it.
IN_USE_FLAG = 0x1

def parquet_rows(path: Path | str) -> list[dict[str, Any]]:
    filesystem, inner = filesystem_of(str(path))
    if not Files(str(path)).is_dir(str(path)):
        return []
    dataset = ds.dataset(inner, filesystem=filesystem, format="parquet", partitioning="hive")
    schema = pa.unify_schemas([f.physical_schema for f in dataset.get_fragments()] + [dataset.schema])
    return ds.dataset(inner, filesystem=filesystem, format="parquet", partitioning="hive",
                      schema=schema).to_table().to_pylist()


def dataset_rows(out: str, table_format: str, dataset: str, lake: dict[str, str]) -> list[dict[str, Any]]:
    if table_format == "parquet":
        return parquet_rows(f"{out}/{dataset}")
    try:
        return lake_tables.read_table(out, table_format, dataset, **lake).to_pylist()
    except Exception as exc:
        if "not found" in str(exc).lower() or "does not exist" in str(exc).lower() or "NoSuch" in type(exc).__name__ \
                or "NotFound" in type(exc).__name__:
            return []
        raise


def sorted_rows(rows: list[dict[str, Any]], *key: str, drop: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Rows without ``drop`` columns, without columns null in every row (a table's widened schema), sorted."""
    rows = [{k: v for k, v in r.items() if k not in drop} for r in rows]
    return sorted(rows, key=lambda r: tuple((r[k] is None, r[k] if r[k] is not None else 0) for k in key))


def strip_nulls(value: Any) -> Any:
    """Struct fields that are null: a layout one table has and another has not (added by an ALTER)."""
    if isinstance(value, dict):
        return {k: strip_nulls(v) for k, v in value.items() if v is not None}
    return value


def output_of(out: str, table_format: str, lake: dict[str, str], tables: tuple[str, ...],
              closed_files: bool = False, state: bool = False) -> dict[str, list[dict[str, Any]]]:
    """What a comparison looks at: every dataset, sorted by its key (with ``state``, ``state/`` and ``history/``
    of each of ``tables`` too, sorted by every value).

    ``closed_files``: the format descriptions in ``events/`` are compared without the in-use flag, which the
    server clears in place when it closes a binlog (:data:`IN_USE_FLAG`): a run that read a file the server
    was writing keeps the flag as it read it, one over the closed folder reads it cleared."""
    changes = dataset_rows(out, table_format, "changes", lake)
    keys = [(r["file"], r["pos"], r["row_index"]) for r in changes]
    assert len(keys) == len(set(keys)), f"{len(keys) - len(set(keys))} changes written twice"
    # ``columns`` names a layout on the first change of it in each task: it depends on how the work was split
    result = {"changes": sorted_rows(changes, "file", "pos", "row_index", drop=("columns",)),
              "transactions": sorted_rows(dataset_rows(out, table_format, "transactions", lake), "file", "transaction"),
              "events": sorted_rows(dataset_rows(out, table_format, "events", lake), "file", "pos", "in_payload"),
              "errors": sorted_rows(dataset_rows(out, table_format, "errors", lake), "file", "offset", "kind")}
    if closed_files:
        for row in result["events"]:
            if row["type"] == "FORMAT_DESCRIPTION_EVENT":
                row["flags"] &= ~IN_USE_FLAG
    for name in tables:
        typed = [strip_nulls(r) for r in dataset_rows(out, table_format, f"tables/{name}", lake)]
        result[f"tables/{name}"] = sorted_rows(typed, "file", "pos", "row_index")
    for dataset in ("state", "history") if state else ():
        for name in tables:
            rows = [strip_nulls(r) for r in dataset_rows(out, table_format, f"{dataset}/{name}", lake)]
            result[f"{dataset}/{name}"] = sorted(rows, key=repr)
    return result


# -- running ---------------------------------------------------------------------------------------


def run_in_process(spark_session: Any, inputs: str, out: str, table_format: str, incremental: bool,
                   lake: dict[str, str] | None = None, split_size: int | None = None, state: bool = False) -> Any:
    """``extract`` in this process on the tests' Spark session, quiet (``state``: ``--state``); its summary."""
    from binlog_ksy.spark_jobs.job.extract import run_extract

    extra: dict[str, Any] = dict(lake or {})
    if split_size is not None:
        extra["split_size"] = split_size
    if state:
        extra["state"] = True
    return run_extract([inputs], out, spark=spark_session, progress=None, table_format=table_format,
                       incremental=incremental, **extra)


def run_killed(inputs: str, out: str, table_format: str, incremental: bool, after: float,
                lake: dict[str, str], state: bool = False) -> bool:
    """``binlog-ksy extract`` in its own process group, killed with SIGKILL ``after`` seconds once its run has
    begun (its temporary directory exists; the JVM takes seconds to start before). False: it finished first."""
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    proc = subprocess.Popen(extract_command(inputs, out, table_format, incremental, lake, state), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_until_running(proc, out)
        try:
            proc.wait(timeout=after)
            return False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return True
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the group's JVM, if it outlived the launcher
        except ProcessLookupError:
            pass
