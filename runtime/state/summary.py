"""What ``binlog-ksy state`` says about a state: per table its rows, whether they are complete, the
unknown-row changes, and the position reached.

A table is *complete* when every row it has is known: it was created (or truncated) inside the binlogs
after the base, or the base holds it. Otherwise it is *partial*: the output holds the rows the binlogs
showed, and rows they never touched are missing. Unknown-row changes (:mod:`.keyed_rows`) are counted and
the first ones named. The position is the end of the last transaction in the state (file, offset, GTID,
commit time): the ``--base-position`` a later state starts from.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any

from .read import State

__all__ = ["position_text", "summary_json", "summary_lines"]


def position_text(state: State) -> str | None:
    """``FILE:POS`` of the end of the last transaction in the state (the base's position when none was read)."""
    reached = state.reached
    if reached is not None:
        return str(reached.position)
    return str(state.base_position) if state.base_position is not None else None


def _reached_line(state: State) -> str:
    reached = state.reached
    if reached is None:
        where = f"the base's position {state.base_position}" if state.base_position is not None else \
            "no transaction"
        return f"position reached: {where} ({state.moment})"
    when = datetime.fromtimestamp(reached.commit_time, UTC).strftime("%Y-%m-%d %H:%M:%S")
    gtid = f", gtid {reached.gtid}" if reached.gtid else ""
    return f"position reached: {reached.position}{gtid}, committed {when} UTC ({state.moment})"


def summary_lines(state: State) -> list[str]:
    """The summary as lines of text (see the module docstring)."""
    lines = [_reached_line(state)]
    following = state.progress.next
    if following is not None:
        when = datetime.fromtimestamp(following.commit_time, UTC).strftime("%Y-%m-%d %H:%M:%S")
        gtid = f", gtid {following.gtid}" if following.gtid else ""
        lines.append(f"the next transaction (not in the state) ends at {following.position}{gtid}, committed {when} "
                     "UTC")
    if state.progress.unfinished is not None:
        path, pos = state.progress.unfinished
        lines.append(f"left out: the transaction at {os.path.basename(path)}:{pos}, which the files end inside")
    if state.error is not None:
        lines.append(f"reading stopped early at an error: {state.error}")
    width = max([len(f"{t.schema}.{t.table}") for t in state.tables] + [5])
    lines.append(f"{'table':<{width}}  {'rows':>9}  {'':<8}  unknown-row changes")
    for table in state.tables:
        name = f"{table.schema}.{table.table}"
        lines.append(f"{name:<{width}}  {table.rows:>9}  {'complete' if table.complete else 'partial':<8}  "
                     f"{table.unknown}")
        lines += [f"    {example}" for example in table.unknown_examples]
        if table.unknown > len(table.unknown_examples):
            lines.append(f"    ... and {table.unknown - len(table.unknown_examples)} more")
        lines += [f"    {note}" for note in table.notes]
    for (schema, name), where in sorted(state.dropped.items()):
        lines.append(f"{schema}.{name}: dropped ({where})")
    if not state.tables and not state.dropped:
        lines.append("(no table selected by --database/--table has rows or DDL in these files)")
    return lines


def summary_json(state: State) -> dict[str, Any]:
    """The summary as JSON-ready data (the parquet output's ``_state.json``, ``extract --state``'s
    ``state_summary``): per table its rows, whether complete, its unknown-row changes and the position it stands
    at (every table's is the state's)."""
    reached = state.reached
    position = position_text(state)
    return {
        "position": position,
        "gtid": reached.gtid if reached is not None else None,
        "commit_time": reached.commit_time if reached is not None else None,
        "moment": str(state.moment),
        "unfinished_transaction": list(state.progress.unfinished) if state.progress.unfinished else None,
        "tables": {f"{t.schema}.{t.table}": {"rows": t.rows, "complete": t.complete, "unknown_row_changes": t.unknown,
                                             "unknown_examples": t.unknown_examples, "notes": t.notes,
                                             "position": position}
                   for t in state.tables},
        "dropped": {f"{k[0]}.{k[1]}": where for k, where in sorted(state.dropped.items())},
    }
