"""Costs per table, not per event: a binlog of thousands of tables parses each table's TABLE_MAP once.

A multi-tenant database logs a TABLE_MAP before every statement of every small transaction, over thousands of
tables. What is made from a table map (its parsed body, the :class:`TableMap`, its decoders, its JSON and
text) is kept for every table of the binlog, within a memory budget (:mod:`binlog_ksy.runtime.bounded_cache`),
instead of a cache of a benchmark's handful of tables that empties when full and parses every table again.
This module builds such a binlog (drawn numbers of tables, and transactions over them) and counts the parses
each command makes.
"""

from __future__ import annotations

import io
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime import event_body
from binlog_ksy.runtime.bounded_cache import BoundedCache, LayoutCache
from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, column_names, row_image

TYPES, METAS = [3, 15, 8], [0, 160, 0]  # INT, VARCHAR(40) utf8mb4, BIGINT


def many_tables(path: Path, tables: int, transactions: int, seed: int) -> None:
    """A MariaDB binlog: ``transactions`` of one to three single-row inserts, each into one of ``tables``."""
    import random

    rng = random.Random(seed)
    builder = BinlogBuilder.new("10.11.9", "mariadb", timestamp=1_700_000_000)
    for number in range(transactions):
        builder.gtid(None, number + 1)
        for _ in range(rng.randint(1, 3)):
            table = rng.randrange(tables)
            builder.table_map(100 + table, "tenant", f"t{table}", TYPES, column_metadata(TYPES, METAS),
                              bitmap([1, 1, 1]), optional_metadata=column_names(["id", "name", "n"]))
            builder.rows("write", 100 + table, 3, bitmap([1, 1, 1]),
                         row_image(TYPES, [number, f"row {number}", table], metadata=METAS), flags=1)
        builder.xid(number + 1)
    builder.save(path)


def _parses(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """How many bodies of each type ``binlog-ksy ARGV`` parses from their bytes (the caches empty before)."""
    from binlog_ksy import cli

    for cache in (event_body._TABLE_MAPS, event_body._ROWS_HEADS, event_body._GTID_TAILS):
        cache.clear()
    built: Counter[int] = Counter()
    build = event_body._build

    def counting(type_code: int, post_header_len: int, body: bytes) -> Any:
        built[type_code] += 1
        return build(type_code, post_header_len, body)

    monkeypatch.setattr(event_body, "_build", counting)
    with redirect_stdout(io.StringIO()):
        assert cli.main(argv) == 0
    return built


#: Over the caches' old 1,024 entries, and no more: building the binlog through the writer takes most of the test.
@settings(max_examples=2, deadline=None)
@given(tables=st.integers(1100, 1500), seed=st.integers(0, 2**16))
def test_each_table_map_is_parsed_once(tmp_path_factory: pytest.TempPathFactory, tables: int, seed: int) -> None:
    path = tmp_path_factory.mktemp("many") / "binlog.000001"
    many_tables(path, tables, transactions=2 * tables, seed=seed)
    used = len({e.body_bytes for e in _table_maps(path)})
    assert used > 1024  # more tables than the caches of a fixed 1024 entries held
    with pytest.MonkeyPatch.context() as monkeypatch:
        for argv in (["events"], ["events", "--format", "jsonl"], ["rows", "--format", "jsonl"], ["stats"]):
            built = _parses([*argv, str(path)], monkeypatch)
            assert built[et.TABLE_MAP_EVENT] <= used, (argv, built[et.TABLE_MAP_EVENT], used)


def _table_maps(path: Path) -> list[Any]:
    from binlog_ksy.runtime.reader import BinlogReader

    return [e for e in BinlogReader(str(path)) if e.type_code == et.TABLE_MAP_EVENT]


def test_a_bounded_cache_keeps_what_fits_and_lets_the_oldest_go() -> None:
    cache: BoundedCache[str] = BoundedCache(100, lambda key, value: len(value))
    for key in range(10):
        cache.put(key, "x" * 10)
    assert len(cache) == 10 and cache.held == 100
    cache.put(10, "y" * 25)  # over the budget: the three oldest go
    assert [k for k in range(11) if k in cache] == list(range(3, 11)) and cache.held == 95
    cache.put(5, "z")  # a key put again replaces its entry and its cost
    assert cache.get(5) == "z" and cache.held == 86
    cache.put(99, "w" * 500)  # more than the whole budget: kept alone
    assert len(cache) == 1 and cache.get(99) is not None


def test_a_layout_cache_makes_once_per_layout_object_and_never_mistakes_one_for_another() -> None:
    made: list[tuple[int, ...]] = []
    cache: LayoutCache[int] = LayoutCache(10 * 256 * 4)  # about 10 layouts of 3

    def make(layout: object) -> int:
        made.append(layout)  # type: ignore[arg-type]
        return sum(layout)  # type: ignore[call-overload]

    layouts = [tuple(range(k, k + 3)) for k in range(40)]
    for layout in layouts + layouts[-5:]:
        assert cache.get(layout, make) == sum(layout)
    assert made == layouts  # the last five were still held: not made again
    equal = tuple(range(0, 3))  # equal to the first layout but another object (the first may still be held)
    assert cache.get(equal, make) == sum(equal) and made[-1] is equal


def test_a_map_made_again_under_a_new_id_equals_one_made_from_its_event(tmp_path: Path) -> None:
    """A TABLE_MAP met again under a new table id or a new DDL history version takes the columns of the map
    made before when the history's definition of the table is the same: every map, on every fixture and
    sample, equals (table id included) the one made from the event itself, and some come from that cache."""
    from binlog_ksy.runtime.changes import ChangeReader
    from binlog_ksy.runtime.schema.history import SchemaHistory
    from fixture_index import load_index

    samples = sorted((Path(__file__).resolve().parent.parent / "samples").glob("**/*.0000*"))
    paths = [fx.readable_path(tmp_path) for fx in load_index()] + samples
    reused = 0
    for path in paths:
        cached = ChangeReader(path, on_error="skip", history=SchemaHistory())
        fresh = ChangeReader(path, on_error="skip", history=SchemaHistory())
        fresh._maps_by_definition = _Forgetful()  # type: ignore[assignment]  # every map made from its event
        got = [e.table_map for e in cached.rows_events()]
        want = [e.table_map for e in fresh.rows_events()]
        assert [(m, m.table_id) for m in got] == [(m, m.table_id) for m in want], path
        ids_of_columns: dict[int, set[int]] = {}
        for m in got:
            ids_of_columns.setdefault(id(m.columns), set()).add(m.table_id)
        reused += sum(len(ids) - 1 for ids in ids_of_columns.values())
    assert reused > 0


class _Forgetful:
    """A cache that keeps nothing."""

    def get(self, key: Any) -> None:
        return None

    def put(self, key: Any, value: Any) -> Any:
        return value
