"""A state as Parquet: ``DIR/<schema>.<table>/part-00000.parquet`` per table and ``DIR/_state.json``.

Each file holds the table's rows with the column types of every typed output (:mod:`..types.arrow`;
values Arrow cannot hold, such as zero dates, are null, as in ``rows --format parquet``) and, in its footer
(:data:`.base.STATE_METADATA`), what a later state needs to start from it (``--base DIR``): the table's
columns, its primary key, the exact values of the null cells that are not SQL NULL, whether it is complete,
and the position it stands at. ``_state.json`` is the summary (:func:`.summary.summary_json`).

The folder is written beside ``DIR`` and put in its place in one step (:mod:`..atomic`), as ``rows`` does;
an existing ``DIR`` is replaced only if a state wrote it.
"""

from __future__ import annotations

import json
import os
import shutil

import pyarrow as pa
import pyarrow.parquet as pq

from ..atomic import exchange, remove_leftovers, repair, staging_name
from ..errors import UsageError
from ..outputs.typed import table_dir_name
from ..present.value_json import json_value
from ..storage import is_uri
from .base import STATE_METADATA, column_facts
from .keyed_rows import StateTable
from .read import State
from .summary import position_text, summary_json

__all__ = ["SUMMARY_FILE", "state_arrow_table", "write_parquet"]

#: The summary a state's folder holds (and the mark that a state wrote the folder).
SUMMARY_FILE = "_state.json"


def state_arrow_table(table: StateTable, position: str | None) -> pa.Table:
    """A table's rows as Arrow, with the facts of :mod:`.base` in the schema's metadata."""
    exceptions = {str(k): {str(row): _text(table, k, value) for row, value in cells.items()}
                  for k, cells in table.exceptions.items()}
    facts = {"schema": table.schema, "table": table.table, "position": position, "complete": table.complete,
             "unknown_row_changes": table.unknown, "primary_key": list(table.primary_key),
             "columns": [column_facts(c) for c in table.columns], "exceptions": exceptions}
    arrow = table.arrow()
    return arrow.replace_schema_metadata({STATE_METADATA: json.dumps(facts).encode("utf-8")})


def _text(table: StateTable, k: int, value: object) -> str:
    text = json_value(table.columns[k], value, errors="keep")
    return text if isinstance(text, str) else json.dumps(text)


def write_parquet(state: State, output: str) -> None:
    """Write every table of ``state`` under ``output`` (see the module docstring)."""
    if is_uri(output):
        raise UsageError(f"--output {output}: a state's Parquet goes to a local folder")
    target = os.path.abspath(os.path.expanduser(output)).rstrip("/")
    repair(target, lambda path: os.path.exists(os.path.join(path, SUMMARY_FILE)))
    remove_leftovers(target)
    if os.path.exists(target) and (not os.path.isdir(target) or (
            os.listdir(target) and not os.path.exists(os.path.join(target, SUMMARY_FILE)))):
        raise UsageError(f"--output {target} exists and is not a folder binlog-ksy state wrote (no {SUMMARY_FILE})")
    staging = staging_name(target)
    os.makedirs(staging)
    try:
        position = position_text(state)
        for table in state.tables:
            folder = os.path.join(staging, table_dir_name(table.schema, table.table))
            os.makedirs(folder)
            pq.write_table(state_arrow_table(table, position), os.path.join(folder, "part-00000.parquet"),
                           compression="snappy")
        with open(os.path.join(staging, SUMMARY_FILE), "w", encoding="utf-8") as fh:
            json.dump(summary_json(state), fh, indent=2)
        old = exchange(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
