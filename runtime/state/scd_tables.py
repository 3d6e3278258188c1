"""A table's state and history as the lake takes them: slowly changing dimensions of type 1 and 2.

From a state read with its versions (:func:`.read.build_state` with ``versions=True``):

* :func:`state_table` (SCD type 1): one row per row of the table as of the last transaction read, with the
  change that left it so: ``_file``, ``_pos`` (its rows event), ``_gtid`` and ``_commit_time`` (its
  transaction's);
* :func:`ended_versions` and :func:`current_versions` (SCD type 2): every version of every row, the ones that
  ended in the table's columns when they ended (read the layouts together with ``mergeSchema`` after an ALTER
  TABLE), the current ones in its columns now. ``_valid_from`` and
  ``_valid_to`` are the commit times of the change that made the version and of the one that ended it (null:
  still valid); ``_from_pos`` and ``_to_pos`` are where those changes are, ``{file, pos, row_index}`` (a DDL
  statement's ``row_index`` is null), which orders the changes of one second; ``_op`` is the change that
  made the version, ``insert``, ``update`` or ``alter`` (an ALTER TABLE that changed the columns ends every
  version and makes each row again in the new ones: the versions valid at a moment are the table then), and a
  row's last version is followed by one whose ``_op`` says
  what removed it (``delete``, ``truncate``, ``drop``), from that change on, with no ``_valid_to``;
  ``_current`` is true for the versions in the state. A version whose row can no longer be known (an
  unknown-row change, a DDL statement not followed) ends with no version after it.

Values Arrow cannot hold (zero dates) are null, as in ``state --format parquet``.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc

from .keyed_rows import StateTable
from .versions import ORIGIN_TYPES, HistoryPart

__all__ = ["HISTORY_COLUMNS", "POSITION", "STATE_COLUMNS", "current_versions", "ended_versions", "state_schema",
           "state_table"]

#: The columns :func:`state_table` adds.
STATE_COLUMNS = ("_file", "_pos", "_gtid", "_commit_time")
#: The columns :func:`ended_versions` and :func:`current_versions` add.
HISTORY_COLUMNS = ("_valid_from", "_valid_to", "_from_pos", "_to_pos", "_op", "_current")
#: Where a change is: ``_from_pos`` and ``_to_pos``.
POSITION = pa.struct([("file", pa.string()), ("pos", pa.int64()), ("row_index", pa.int32())])


def state_table(table: StateTable) -> pa.Table:
    """The SCD type 1 table of a state's table (read with versions)."""
    origins = table.origins
    if origins is None:
        raise ValueError(f"{table.schema}.{table.table}: read without versions (build_state(versions=True))")
    values = table.arrow()
    names = [c.name for c in table.columns]
    extra = [origins["file"], origins["pos"], origins["gtid"], origins["commit_time"]]
    return pa.Table.from_arrays([*values.columns, *extra], names=[*names, *STATE_COLUMNS])


def state_schema(table: StateTable) -> pa.Schema:
    """The schema of :func:`state_table` of a table (read with or without versions)."""
    fields = [pa.field(c.name, a.type) for c, a in zip(table.columns, table.arrays, strict=True)]
    origin = {"_file": "file", "_pos": "pos", "_gtid": "gtid", "_commit_time": "commit_time"}
    return pa.schema([*fields, *(pa.field(name, ORIGIN_TYPES[origin[name]]) for name in STATE_COLUMNS)])


def current_versions(table: StateTable) -> pa.Table:
    """The history rows of a state's table (read with versions): its rows, each the current version."""
    origins = table.origins
    if origins is None:
        raise ValueError(f"{table.schema}.{table.table}: read without versions (build_state(versions=True))")
    n = table.rows
    made = _position(origins["file"], origins["pos"], origins["row_index"])
    meta = [origins["commit_time"], pa.nulls(n, ORIGIN_TYPES["commit_time"]), made, pa.nulls(n, POSITION),
            origins["op"], pa.array([True] * n, pa.bool_())]
    return _with_meta(table.arrow(), [c.name for c in table.columns], meta)


def ended_versions(part: HistoryPart) -> pa.Table:
    """The history rows of versions that ended (and of the versions that say what removed a row)."""
    made, ended = part.made, part.ended
    meta = [made["commit_time"], ended["commit_time"], _position(made["file"], made["pos"], made["row_index"]),
            _position(ended["file"], ended["pos"], ended["row_index"]), pa.array(part.ops, pa.string()),
            pa.array(part.current, pa.bool_())]
    names = [c.name for c in part.columns]
    return _with_meta(pa.Table.from_arrays(part.arrays, names=names), names, meta)


def _with_meta(values: pa.Table, names: list[str], meta: list[pa.Array]) -> pa.Table:
    return pa.Table.from_arrays([*values.columns, *meta], names=[*names, *HISTORY_COLUMNS])


def _position(file: pa.Array, pos: pa.Array, row_index: pa.Array) -> pa.Array:
    """``{file, pos, row_index}`` per row, null where there is no change (no file)."""
    mask = pc.is_null(file)
    return pa.StructArray.from_arrays([file, pos, row_index], fields=list(POSITION), mask=mask)
