"""`binlog-ksy stats`: counts equal mariadb-binlog's, big and long transactions match their thresholds exactly.

One MariaDB server (ROW format) runs a workload over two binlog files: three
tables (one without a primary key), multi-statement transactions, updates and
deletes, a 3000-row INSERT ... SELECT and a transaction that sleeps 2 s
between its two inserts. The row counts per table and op of ``stats --format
json`` are compared with the ``### INSERT/UPDATE/DELETE`` lines of
``mariadb-binlog -vv`` (:func:`tests.mariadb.oracle.decode_rows`), the
transactions with the GTID events, the big and long transactions with the
GTIDs the server reported and the events' offsets.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.commands.stats import add_stats_parser, parse_size
from tests.mariadb import oracle
from tests.mariadb.fixtures import start_server


def run_stats(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``binlog-ksy stats ARGV`` through a parser of its own: (exit status, stdout, stderr)."""
    parser = argparse.ArgumentParser(prog="binlog-ksy")
    sub = parser.add_subparsers(dest="command", required=True)
    add_stats_parser(sub)
    args = parser.parse_args(["stats", *argv])
    status = args.run(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run_stats(capsys, "--format", "json", *argv)
    assert status == 0, err
    assert err == ""
    assert out.endswith("\n") and out.count("\n") == 1
    result: dict[str, Any] = json.loads(out)
    return result


# -- the workload ----------------------------------------------------------------------------


@dataclass
class Workload:
    files: list[Path]
    big_gtid: str
    long_gtid: str


_SETUP = """
CREATE DATABASE s;
CREATE TABLE s.a (id INT PRIMARY KEY, v VARCHAR(20));
CREATE TABLE s.b (id INT PRIMARY KEY AUTO_INCREMENT, n INT, note TEXT);
CREATE TABLE s.nopk (x INT, y VARCHAR(10));
INSERT INTO s.a VALUES (1, 'x'), (2, 'y'), (3, 'z');
BEGIN;
INSERT INTO s.b (n) VALUES (1), (2);
UPDATE s.a SET v = 'w' WHERE id <= 2;
INSERT INTO s.nopk VALUES (1, 'a'), (1, 'b'), (2, 'c');
COMMIT;
UPDATE s.nopk SET y = 'q' WHERE x = 1;
DELETE FROM s.a WHERE id = 3;
"""

_BIG = "INSERT INTO s.b (n, note) SELECT seq, REPEAT('n', 50) FROM s.seq_1_to_3000"

_LONG = """
BEGIN;
INSERT INTO s.a VALUES (10, 'l');
SELECT SLEEP(2);
INSERT INTO s.a VALUES (11, 'm');
COMMIT;
"""

_SECOND_FILE = """
BEGIN;
UPDATE s.b SET n = n + 1 WHERE id <= 5;
DELETE FROM s.nopk WHERE x = 2;
INSERT INTO s.nopk VALUES (3, NULL);
COMMIT;
DELETE FROM s.b WHERE n > 2990;
UPDATE s.a SET v = CONCAT(v, '!');
"""


@pytest.fixture(scope="module")
def workload(tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = start_server()
    try:
        srv.sql(_SETUP)
        srv.sql(_BIG)
        big_gtid = srv.gtid_binlog_pos()
        srv.sql(_LONG)
        long_gtid = srv.gtid_binlog_pos()
        srv.flush_logs()
        srv.sql(_SECOND_FILE)
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path_factory.mktemp("stats"))
    finally:
        try:
            srv.stop()
        finally:
            srv.cleanup()
    yield Workload(files=files, big_gtid=big_gtid, long_gtid=long_gtid)


def oracle_counts(files: list[Path], table: str | None = None) -> dict[str, dict[str, int]]:
    """Rows per ``db.table`` and op as ``mariadb-binlog -vv`` prints them, every op present."""
    counts: Counter[tuple[str, str]] = Counter()
    for path in files:
        for change in oracle.decode_rows(path):
            name = f"{change.db}.{change.table}"
            if table is None or name == table:
                counts[name, change.kind.lower()] += 1
    out: dict[str, dict[str, int]] = {}
    for (name, op), n in counts.items():
        out.setdefault(name, {"insert": 0, "update": 0, "delete": 0})[op] = n
    return out


def gtid_events(path: Path) -> list[oracle.OracleEvent]:
    return [e for e in oracle.list_events(path) if e.gtid is not None]


# -- 1. counts -------------------------------------------------------------------------------


@pytest.mark.server
def test_counts_equal_mariadb_binlog(workload: Workload, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(f) for f in workload.files]
    result = run_json(capsys, *files)
    assert set(result) == {"tables", "table_bytes", "transactions", "big_transactions", "long_transactions"}
    expected = oracle_counts(workload.files)
    assert set(expected) == {"s.a", "s.b", "s.nopk"}
    assert result["tables"] == expected
    assert list(result["tables"]) == sorted(result["tables"])
    assert expected["s.b"]["insert"] == 3002 and expected["s.nopk"]["update"] == 2
    # the bytes of a table and op: the sizes of its rows events
    sizes: Counter[tuple[str, str]] = Counter()
    kinds = {"Write": "insert", "Update": "update", "Delete": "delete"}
    for path in workload.files:
        for e in oracle.list_events(path):
            if e.table is not None and e.printed.endswith("_rows") and e.end_pos is not None:
                sizes[f"{e.table[0]}.{e.table[1]}", kinds[e.printed.split("_")[0]]] += e.end_pos - e.pos
    assert result["table_bytes"] == {name: {op: sizes[name, op] for op in ops} for name, ops in expected.items()}
    # one transaction per GTID (DDL included)
    assert result["transactions"] == sum(len(gtid_events(p)) for p in workload.files)
    assert result["big_transactions"] == [] and result["long_transactions"] == []


# -- 2. big and long transactions ------------------------------------------------------------


@pytest.mark.server
def test_big_transactions_are_exactly_those_over_the_thresholds(workload: Workload,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(f) for f in workload.files]
    big = run_json(capsys, "--big-rows", "3000", *files)["big_transactions"]
    assert len(big) == 1
    (t,) = big
    assert set(t) == {"gtid", "file", "start_pos", "end_pos", "rows", "bytes", "seconds"}
    assert t["gtid"] == workload.big_gtid and t["rows"] == 3000 and t["file"] == files[0]
    gtid_event = next(e for e in gtid_events(workload.files[0]) if e.gtid == t["gtid"])
    assert t["start_pos"] == gtid_event.pos and t["bytes"] == t["end_pos"] - t["start_pos"]
    assert run_json(capsys, "--big-rows", "3001", *files)["big_transactions"] == []
    # bytes: inclusive, and only that transaction is this big
    by_bytes = run_json(capsys, "--big-bytes", str(t["bytes"]), *files)["big_transactions"]
    assert by_bytes == [t]
    assert run_json(capsys, "--big-bytes", str(t["bytes"] + 1), *files)["big_transactions"] == []


@pytest.mark.server
def test_long_transaction_is_the_sleeping_one(workload: Workload, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(f) for f in workload.files]
    long = run_json(capsys, "--long-seconds", "1.5", *files)["long_transactions"]
    assert len(long) == 1
    (t,) = long
    assert t["gtid"] == workload.long_gtid and t["file"] == files[0]
    assert 2 <= t["seconds"] <= 5 and t["rows"] == 2
    events = oracle.list_events(workload.files[0])
    gtid_event = next(e for e in events if e.gtid == t["gtid"])
    assert t["start_pos"] == gtid_event.pos
    inside = [e for e in events if t["start_pos"] <= e.pos < t["end_pos"]]
    assert inside[-1].type == "Xid" and inside[-1].end_pos == t["end_pos"]
    # its two rows events (ids 10 and 11) lie between its start and end
    rows_at = {c.pos for c in oracle.decode_rows(workload.files[0])
               if c.kind == "INSERT" and c.table == "a" and c.row("after").get(1) in (10, 11)}
    assert len(rows_at) == 2 and all(t["start_pos"] < pos < t["end_pos"] for pos in rows_at if pos is not None)
    assert run_json(capsys, "--long-seconds", str(t["seconds"] + 1), *files)["long_transactions"] == []


# -- 3. filters and text -----------------------------------------------------------------------


@pytest.mark.server
def test_table_filter_and_text(workload: Workload, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(f) for f in workload.files]
    result = run_json(capsys, "--table", "s.nopk", *files)
    assert result["tables"] == oracle_counts(workload.files, "s.nopk") == {
        "s.nopk": {"insert": 4, "update": 2, "delete": 1}}
    assert list(result["table_bytes"]) == ["s.nopk"]
    assert result["transactions"] == 3  # the transactions that changed s.nopk
    assert run_json(capsys, "--database", "nothing", *files)["tables"] == {}

    status, out, err = run_stats(capsys, "--table", "nopk,a", "--long-seconds", "1.5", *files)
    assert status == 0 and err == ""
    expected = oracle_counts(workload.files)
    lines = out.splitlines()
    for name in ("s.a", "s.nopk"):
        for op, n in expected[name].items():
            if n:
                assert any(line.split()[:3] == [name, op, str(n)] for line in lines), (name, op, out)
    assert "s.b" not in out
    assert "transactions: " in out
    assert workload.long_gtid in out and "long transactions (>= 1.5 s): 1" in out


# -- 4. damage ---------------------------------------------------------------------------------


@pytest.mark.server
def test_truncated_binlog_prints_counts_before_the_damage(workload: Workload, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = workload.files[0]
    changes = oracle.decode_rows(source)
    # cut inside the rows event of the long transaction's second insert
    second = next(c for c in changes if c.kind == "INSERT" and c.table == "a" and c.row("after").get(1) == 11)
    assert second.pos is not None
    cut_at = second.pos
    copy = tmp_path / source.name
    shutil.copyfile(source, copy)
    with open(copy, "r+b") as f:
        f.truncate(cut_at + 5)
    status, out, err = run_stats(capsys, "--format", "json", str(copy))
    assert status == 1
    assert str(copy) in err and f"at byte {cut_at}" in err
    result = json.loads(out)
    counts: Counter[tuple[str, str]] = Counter(
        (f"{c.db}.{c.table}", c.kind.lower()) for c in changes if max(c.candidates) < cut_at)
    assert {(name, op): n for name, ops in result["tables"].items() for op, n in ops.items() if n} == dict(counts)
    # the cut transaction counts with what was read of it
    assert result["transactions"] == sum(1 for e in gtid_events(source) if e.pos < cut_at)


# -- flags -------------------------------------------------------------------------------------


def test_sizes_and_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert parse_size("100M") == 104857600 == parse_size("100mb")
    assert parse_size("3K") == 3072 and parse_size("2G") == 2 << 30 and parse_size("17") == 17
    with pytest.raises(SystemExit) as exc:
        run_stats(capsys, "--big-bytes", "12X", "f")
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        run_stats(capsys, "--long-seconds", "-1", "f")
    status, out, err = run_stats(capsys, "--start-position", "4", "a", "b")
    assert status == 2 and out == "" and "binlog-ksy stats: error:" in err
    missing = tmp_path / "missing.000001"
    status, out, err = run_stats(capsys, "--format", "json", str(missing))
    assert status == 2 and str(missing) in err
    assert json.loads(out)["transactions"] == 0


@pytest.mark.server
def test_a_transaction_going_on_in_the_next_file_counts_once(workload: Workload, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A relay log may rotate inside a transaction: the next FILE starts with its rest (no GTID, no BEGIN)."""
    source = workload.files[0]
    whole = run_json(capsys, "--long-seconds", "1.5", str(source))
    (long,) = whole["long_transactions"]
    events = oracle.list_events(source)
    fde_end = events[0].end_pos
    assert events[0].type == "Format_desc" and fde_end is not None
    # split the file before the second statement of the long transaction
    cut_at = next(e.pos for e in events if e.type == "Annotate_rows" and long["start_pos"] < e.pos
                  and "(11, 'm')" in (e.annotate or ""))
    data = source.read_bytes()
    first, rest = tmp_path / "relay.000001", tmp_path / "relay.000002"
    first.write_bytes(data[:cut_at])
    rest.write_bytes(data[:fde_end] + data[cut_at:])
    split = run_json(capsys, "--long-seconds", "1.5", str(first), str(rest))
    assert split["tables"] == whole["tables"] and split["transactions"] == whole["transactions"]
    (t,) = split["long_transactions"]
    shift = cut_at - fde_end
    assert t == {**long, "file": str(first), "end_pos": long["end_pos"] - shift}
    # read alone, the first part still counts the transaction (with what it holds)
    alone = run_json(capsys, "--long-seconds", "0", str(first))
    assert alone["long_transactions"][-1]["gtid"] == workload.long_gtid
    assert alone["long_transactions"][-1]["rows"] == 1


def test_the_extract_jobs_transactions_have_the_same_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    """transactions/ of the Spark job's tasks = stats' transactions: gtid, positions, rows, bytes, seconds."""
    import os

    import pyarrow.dataset as ds

    from binlog_ksy.spark_jobs.job.task import TaskOptions, TaskSpec, run_task

    root = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
    files = sorted(str(p) for p in root.iterdir() if "binlog." in p.name)
    parser = argparse.ArgumentParser()
    add_stats_parser(parser.add_subparsers())
    args = parser.parse_args(["stats", "--format", "json", "--big-rows", "1", "--long-seconds", "0", *files])
    assert args.run(args) == 0
    stats = json.loads(capsys.readouterr().out)
    for index, path in enumerate(files):
        run_task(TaskSpec(path, os.path.getsize(path), index), TaskOptions(out_root=str(tmp_path)))
    rows = ds.dataset(str(tmp_path / "transactions"), format="parquet").to_table().to_pylist()
    job = {(r["gtid"], r["file"], r["first_pos"], r["end_pos"], r["rows"], r["bytes"], r["seconds"])
           for r in rows if r["rows"]}
    big = {(t["gtid"], t["file"], t["start_pos"], t["end_pos"], t["rows"], t["bytes"], t["seconds"])
           for t in stats["big_transactions"]}
    assert big == job and len(job) > 20
    assert stats["transactions"] == len(rows)
    assert {t["gtid"] for t in stats["long_transactions"]} == {r["gtid"] for r in rows}


_ZSTD = ("blackbeam__rust_mysql_common/test-data__binlogs__transaction_compression.000001")


@pytest.mark.parametrize(("inputs", "flags"), [
    ([f"samples/mariadb-10.11/shop-compressed/binlog.00000{i}" for i in (1, 2, 3)], []),
    ([f"fixtures:{_ZSTD}"], []),  # MySQL 8 zstd TRANSACTION_PAYLOAD: its bytes count once
    ([f"samples/mariadb-10.11/shop-full/binlog.00000{i}" for i in (1, 2, 3)], ["--table", "shop.orders"]),
    ([f"samples/mariadb-10.11/shop-full/binlog.00000{i}" for i in (1, 2, 3)], ["--exclude-gtids", "0-1-2-9"]),
])
def test_every_transaction_has_the_same_figures_in_stats_and_the_job(
        inputs: list[str], flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every transaction of transactions/ is one of stats' (gtid, positions, rows, bytes, seconds), and the
    job lists exactly the transactions stats counts, with --table too (one implementation: runtime/stats.py)."""
    import os

    import pyarrow.dataset as ds

    from binlog_ksy.runtime.filters import ChangeFilter
    from binlog_ksy.spark_jobs.job.task import TaskOptions, TaskSpec, run_task
    from fixture_index import FIXTURES

    root = Path(__file__).resolve().parent.parent
    files = [str(FIXTURES / f[len("fixtures:"):]) if f.startswith("fixtures:") else str(root / f) for f in inputs]
    parser = argparse.ArgumentParser()
    add_stats_parser(parser.add_subparsers())
    args = parser.parse_args(["stats", "--format", "json", "--big-rows", "0", *flags, *files])
    assert args.run(args) == 0
    stats = json.loads(capsys.readouterr().out)
    flt = ChangeFilter.create(tables=flags[1] if flags[:1] == ["--table"] else None,
                              exclude_gtids=flags[1] if flags[:1] == ["--exclude-gtids"] else None)
    for index, path in enumerate(files):
        run_task(TaskSpec(path, os.path.getsize(path), index), TaskOptions(out_root=str(tmp_path), filter=flt))
    rows = ds.dataset(str(tmp_path / "transactions"), format="parquet").to_table().to_pylist()
    job = Counter((r["gtid"], r["file"], r["first_pos"], r["end_pos"], r["rows"], r["bytes"], r["seconds"])
                  for r in rows)
    every = Counter((t["gtid"], t["file"], t["start_pos"], t["end_pos"], t["rows"], t["bytes"], t["seconds"])
                    for t in stats["big_transactions"])  # --big-rows 0: every transaction is big
    assert job == every and stats["transactions"] == len(rows) > 0
    for r in rows:
        assert r["bytes"] > 0 and r["seconds"] >= 0 and r["start_time"] <= r["commit_time"]
        assert r["first_pos"] <= r["last_pos"] < r["end_pos"]
        assert r["rows"] == r["inserts"] + r["updates"] + r["deletes"]
    if flags[:1] == ["--table"]:
        assert all(r["tables"] == ["shop.orders"] for r in rows)
    if flags[:1] == ["--exclude-gtids"]:
        assert not {r["gtid"] for r in rows} & {f"0-1-{n}" for n in range(2, 10)}


def test_gtid_sets_select_the_transactions_stats_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """--include-gtids/--exclude-gtids decide which transactions are counted, as they decide what rows reads."""
    import json as _json

    from binlog_ksy.cli import main as cli_main

    path = "samples/mariadb-10.11/shop-full/binlog.000001"
    assert cli_main(["stats", "--format", "json", path]) == 0
    every = _json.loads(capsys.readouterr().out)["transactions"]
    assert cli_main(["stats", "--format", "json", "--include-gtids", "0-1-2-4", path]) == 0
    assert _json.loads(capsys.readouterr().out)["transactions"] == 3
    assert cli_main(["stats", "--format", "json", "--exclude-gtids", "0-1-2-4", path]) == 0
    assert _json.loads(capsys.readouterr().out)["transactions"] == every - 3


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "1e400", "-1", "1e10", "soon"])
def test_long_seconds_json_cannot_hold_is_a_usage_error(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--long-seconds`` takes what JSON holds (``stats --format json`` and the report print it): a threshold
    that is not a finite number from 0 to 1e9 exits 2, as ``report`` and the explorer refuse it."""
    from binlog_ksy.cli import main

    sample = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001"
    assert main(["stats", "--format", "json", "--long-seconds", seconds, str(sample)]) == 2
    assert "--long-seconds" in capsys.readouterr().err
