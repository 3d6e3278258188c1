"""Catalog snapshots (runtime/state/catalog_snapshots.py): each snapshot is the catalog as it was when taken,
whatever changed after, through any sequence of adds, replacements and removals, told the catalog's version and
the keys a step changed or not; a lookup goes through at most FLATTEN layers; a snapshot with nothing changed
since the last is the last one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.state.catalog_snapshots import FLATTEN, CatalogSnapshots, Snapshot

KEYS = st.sampled_from([("d", f"t{i}") for i in range(12)])
STEP = st.lists(st.tuples(st.sampled_from(["set", "drop"]), KEYS, st.integers(0, 3)), max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.lists(STEP, min_size=1, max_size=3 * FLATTEN), st.sampled_from(["none", "version", "changed"]))
def test_each_snapshot_is_the_catalog_when_taken(steps: list[list[tuple[str, tuple[str, str], int]]],
                                                 told: str) -> None:
    catalog: dict[tuple[str, str], object] = {}
    values = {n: object() for n in range(4)}  # values compared by identity, replaced (never changed) by a change
    snapshots = CatalogSnapshots[tuple[str, str], object]()
    taken: list[tuple[Snapshot[tuple[str, str], object], dict[tuple[str, str], object]]] = []
    version = 0
    for step in steps:
        before = dict(catalog)
        for action, key, n in step:
            if action == "set":
                catalog[key] = values[n] if catalog.get(key) is not values[n] else object()
            else:
                catalog.pop(key, None)
        keys = tuple(k for k in before.keys() | catalog.keys() if before.get(k) is not catalog.get(k))
        version += bool(keys)
        last = taken[-1][0] if taken else None
        if told == "none":
            snapshot = snapshots.take(catalog)
        else:
            snapshot = snapshots.take(catalog, version, (version, keys) if told == "changed" and keys else None)
        assert snapshot.depth <= FLATTEN
        if last is not None and taken[-1][1] == catalog:
            assert snapshot is last
        taken.append((snapshot, dict(catalog)))
    for snapshot, then in taken:
        assert snapshot.whole() == then and len(snapshot) == len(then) and set(snapshot) == set(then)
        for key in [("d", f"t{i}") for i in range(12)]:
            assert (key in snapshot) == (key in then)
            assert snapshot.get(key) is then.get(key)
