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


def test_the_defaults_catalog_names_every_table_a_statement_changes() -> None:
    """DefaultsCatalog.last_changed (what the state's snapshots of the column defaults read after a DDL
    statement) names every table whose defaults the statement set, replaced or removed."""
    from binlog_ksy.runtime.state.defaults import DefaultsCatalog

    catalog = DefaultsCatalog()
    statements = ["CREATE DATABASE d", "USE d", "CREATE TABLE t (a INT DEFAULT 1, b TEXT)",
                  "CREATE TABLE u (c INT DEFAULT 2)", "CREATE TABLE IF NOT EXISTS t (z INT)",
                  "ALTER TABLE t ADD COLUMN x INT DEFAULT 3", "ALTER TABLE t RENAME TO t2",
                  "RENAME TABLE u TO u2, t2 TO t3", "CREATE TABLE e.v (q INT DEFAULT 4)", "SELECT 1",
                  "DROP TABLE IF EXISTS t3", "CREATE TABLE w LIKE u2", "DROP DATABASE d"]
    for sql in statements:
        before, version = dict(catalog.tables), catalog.version
        catalog.follow(sql, None)
        after = catalog.tables
        changed = {k for k in before.keys() | after.keys() if before.get(k) is not after.get(k)}
        if not changed:
            continue
        assert catalog.version == version + 1 and catalog.last_changed is not None, sql
        assert catalog.last_changed[0] == catalog.version and changed <= set(catalog.last_changed[1]), sql
    assert catalog.tables == {("e", "v"): catalog.tables[("e", "v")]}
