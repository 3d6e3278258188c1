"""The meta columns of typed rows taken from a window's facts (runtime/rows/event_facts.py) equal those read
from each run's own events, whatever the window holds: several files, events outside transactions, no GTIDs."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.outputs.typed import meta_arrays
from binlog_ksy.runtime.rows.columnar import ChangeColumns, iter_change_groups

sys.path.insert(0, str(Path(__file__).parent))
from test_columnar import _ListSource, _pool


def _without_facts(columns: ChangeColumns) -> ChangeColumns:
    plain = ChangeColumns(columns.table_map, columns.op, columns.events, columns.event_of_row, columns.row_index,
                          columns.before, columns.after)
    assert plain.facts is None
    return plain


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=40),
       no_transaction=st.lists(st.booleans(), max_size=40), no_gtid=st.lists(st.booleans(), max_size=40),
       one_file=st.booleans())
def test_meta_columns_from_the_window_equal_those_of_the_events(picks: list[int], no_transaction: list[bool],
                                                                no_gtid: list[bool], one_file: bool) -> None:
    pool = _pool()
    events = []
    for k, p in enumerate(picks):
        ev = pool[p % len(pool)]
        if k < len(no_transaction) and no_transaction[k]:
            ev = dataclasses.replace(ev, transaction=None)
        if k < len(no_gtid) and no_gtid[k]:
            ev = dataclasses.replace(ev, gtid=None)
        events.append(ev)
    if one_file:  # as one reader gives them
        events = [ev for ev in events if ev.event.file == events[0].event.file]
    grouped = list(iter_change_groups(_ListSource(events), max_run_bytes=1 << 20))
    seen = 0
    for columns, _ordinals in grouped:
        if columns.facts is None:  # a window handed out run by run
            continue
        seen += 1
        got, want = meta_arrays(columns), meta_arrays(_without_facts(columns))
        assert [a.type for a in got] == [a.type for a in want]
        assert [a.to_pylist() for a in got] == [a.to_pylist() for a in want]
        assert columns.facts_at is not None
        assert [columns.facts.window[k] for k in columns.facts_at.tolist()] == columns.events


def test_the_groups_of_a_plain_window_carry_its_facts() -> None:
    """Events every run of which decodes at once: each group names the window's facts and its events there."""
    from binlog_ksy.runtime.rows.columnar import decode_run

    pool = [ev for ev in _pool() if decode_run([ev]) is not None]
    events = [pool[0], pool[1], pool[0], dataclasses.replace(pool[1], transaction=None)]
    grouped = list(iter_change_groups(_ListSource(events)))
    assert grouped and all(columns.facts is not None for columns, _ in grouped)
    for columns, ordinals in grouped:
        assert columns.facts_at is not None and columns.facts_at.tolist() == ordinals.tolist()
