"""The origins of live rows: :meth:`VersionLog.made_arrays` (a run's rows taken together, numpy) gives what
:func:`origin_arrays` gives of each row's :class:`Origin`, the op beside, for every kind of entry a log holds
(a run's rows, a DDL statement's, the rows an ALTER TABLE made again)."""

from __future__ import annotations

import random

import numpy as np
import pyarrow as pa

from binlog_ksy.runtime.state.versions import Origin, OriginTable, StepOrigin, VersionLog, origin_arrays


def _table(rng: random.Random, rows: int, file: str) -> OriginTable:
    events = [(file, 4 + 100 * e, rng.choice([None, f"0-1-{e}"]), 1_700_000_000 + e) for e in range(rng.randint(1, 9))]
    event_of_row = np.array(sorted(rng.randrange(len(events)) for _ in range(rows)), dtype=np.int32)
    return OriginTable(events, event_of_row, np.array([rng.randrange(50) for _ in range(rows)], dtype=np.int32))


def _ddl(row: int) -> Origin:  # an origin that is not an OriginTable's: a DDL statement's, no row index
    return Origin("binlog.000009", 777, None, "0-1-99", 1_700_000_500)


def test_made_arrays_equal_origin_arrays_of_each_rows_origin() -> None:
    rng = random.Random(7)
    for case in range(30):
        log = VersionLog()
        altered = StepOrigin(Origin("binlog.000008", 555 + case, None, rng.choice([None, "0-1-98"]), 1_700_000_400))
        tables = [_table(rng, rng.choice([1, 5, 63, 64, 200]), f"binlog.00000{t}") for t in range(rng.randint(1, 4))]
        for ref in range(rng.randint(0, 400)):
            kind = rng.random()
            if kind < 0.1:
                continue  # no entry: a row of before the changes read
            if kind < 0.15:
                log.live[ref] = (_ddl, 0, "update")
            elif kind < 0.25:
                log.live[ref] = (altered, 0, "alter")  # remade by an ALTER TABLE (VersionLog.remade)
            else:
                table = rng.choice(tables)
                log.live[ref] = (table, rng.randrange(len(table.row_index)), rng.choice(["insert", "update"]))
        refs = list(range(450))
        rng.shuffle(refs)
        entries = [log.live.get(ref, (None, 0, "insert")) for ref in refs]
        want = {**origin_arrays([e[0](e[1]) if e[0] is not None else None for e in entries]),
                "op": pa.array([e[2] for e in entries], pa.string())}
        got = log.made_arrays(refs)
        assert list(got) == list(want), case
        for name in want:
            assert got[name].type == want[name].type, (case, name)
            assert got[name].to_pylist() == want[name].to_pylist(), (case, name)


def test_remade_rows_are_made_by_the_alter() -> None:
    log = VersionLog()
    alter = Origin("binlog.000003", 1234, None, "0-1-5", 1_700_000_100)
    log.at = alter
    log.remade([0, 1, 2])
    got = log.made_arrays([2, 0, 1])
    assert got["op"].to_pylist() == ["alter"] * 3
    assert got["pos"].to_pylist() == [1234] * 3 and got["file"].to_pylist() == ["binlog.000003"] * 3
    assert got["row_index"].to_pylist() == [None] * 3 and got["gtid"].to_pylist() == ["0-1-5"] * 3
