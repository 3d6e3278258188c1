"""One tool: the same filter selects the same changes through every command, the API and Spark;
the public API is typed and reaches its errors; ``extract`` without Spark says which extra is missing;
the import graph points one way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import binlog_ksy
from binlog_ksy.cli import main
from binlog_ksy.runtime.constants import ROWS_EVENTS
from binlog_ksy.runtime.errors import UsageError
from binlog_ksy.runtime.filters import ChangeFilter, EventSelection
from spark_session import spark  # noqa: F401 - the session fixture

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.*"))

#: (--database values, --table values) and the tables each must select from the sample (schema shop).
SELECTIONS = [
    ((), ("shop.order*",), {"orders", "order_items"}),
    ((), ("customers",), {"customers"}),
    ((), ("shop.cust*,products",), {"customers", "products"}),
    (("sh?p",), ("stock_moves", "orders"), {"stock_moves", "orders"}),
    (("nope",), (), set()),
    ((), ("other.orders",), set()),
]


def _flags(databases: tuple[str, ...], tables: tuple[str, ...]) -> list[str]:
    return [arg for d in databases for arg in ("--database", d)] + [arg for t in tables for arg in ("--table", t)]


def _cli_rows(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert main(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _key(schema: str, table: str, pos: int, row_index: int) -> tuple[Any, ...]:
    return (schema, table, pos, row_index)


def _rows_keys(records: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    return Counter((r["schema"], r["table"], r["pos"]) for r in records)


@pytest.mark.parametrize(("databases", "tables", "expected"), SELECTIONS)
def test_same_pattern_same_changes_in_rows_events_and_api(
        capsys: pytest.CaptureFixture[str], databases: tuple[str, ...], tables: tuple[str, ...],
        expected: set[str]) -> None:
    files = [str(p) for p in SAMPLE]
    every = list(binlog_ksy.read_changes(files))
    wanted = [c for c in every if c.table in expected]
    assert {c.table for c in wanted} == expected  # the sample holds every table the case expects

    api = list(binlog_ksy.read_changes(files, databases=list(databases) or None, tables=list(tables) or None))
    assert [(c.file, c.pos, c.row_index) for c in api] == [(c.file, c.pos, c.row_index) for c in wanted]

    rows = _cli_rows(capsys, ["rows", "--format", "jsonl", *_flags(databases, tables), *files])
    assert _rows_keys(rows) == Counter((c.schema, c.table, c.pos) for c in wanted)

    # events: the TABLE_MAP and rows events of the selected tables only, the rest of the stream kept
    events = _cli_rows(capsys, ["events", "--format", "jsonl", *_flags(databases, tables), *files])
    all_events = _cli_rows(capsys, ["events", "--format", "jsonl", *files])
    maps = {(e["file"], e["pos"]) for e in events if e["type"] == "TABLE_MAP_EVENT"}
    assert {e["body"]["table"] for e in events if e["type"] == "TABLE_MAP_EVENT"} == expected
    rows_positions = {(e["file"], e["pos"]) for e in events if e["type_code"] in ROWS_EVENTS}
    assert rows_positions == {(c.file, c.pos) for c in wanted}
    assert maps or not expected
    others = [e for e in all_events if e["type_code"] not in ROWS_EVENTS and e["type"] not in
              ("TABLE_MAP_EVENT", "QUERY_EVENT")]
    kept = [e for e in events if e["type_code"] not in ROWS_EVENTS and e["type"] not in
            ("TABLE_MAP_EVENT", "QUERY_EVENT")]
    assert kept == others  # GTID, XID, format description...: never dropped by a table filter


@pytest.mark.spark
def test_same_pattern_same_changes_in_spark(spark) -> None:  # noqa: F811
    files = [str(p) for p in SAMPLE]
    for databases, tables, expected in SELECTIONS:
        flt = ChangeFilter.create(databases=databases, tables=tables)
        reader = spark.read.format("binlog").option("kind", "changes")
        for key, value in flt.to_options().items():
            reader = reader.option(key, value)
        got = Counter((r["table"], r["pos"]) for r in reader.load(files).where("error IS NULL").collect())
        want = Counter((c.table, c.pos) for c in binlog_ksy.read_changes(files) if c.table in expected)
        assert got == want, (databases, tables)


def test_extract_flags_build_the_same_filter(tmp_path: Path) -> None:
    import argparse

    from binlog_ksy.spark_jobs.job.cli import add_extract_arguments, config_from_args

    parser = argparse.ArgumentParser()
    add_extract_arguments(parser)
    args = parser.parse_args([str(SAMPLE[0]), "-o", str(tmp_path / "out"), "--table", "shop.order*",
                              "--tables", "customers,products", "-d", "shop", "--start-position", "4",
                              "--on-error", "stop", "--schema-file", str(SAMPLE[0])])
    cfg = config_from_args(args)
    flt = cfg.filter()
    assert flt == ChangeFilter.create(databases="shop", tables=["shop.order*", "customers,products"],
                                      start_position=4)
    assert cfg.on_error == "stop" and cfg.schema == str(SAMPLE[0])


def test_positions_need_one_file(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in SAMPLE[:2]]
    for command in ("events", "rows"):
        assert main([command, "--start-position", "4", *files]) == 2
        assert "exactly one FILE" in capsys.readouterr().err
    with pytest.raises(UsageError):
        binlog_ksy.read_changes(files, start_position=4)


def test_position_window_is_the_same_in_rows_and_events(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SAMPLE[1])
    every = list(binlog_ksy.read_changes(path))
    start, stop = every[len(every) // 4].pos, every[len(every) // 2].pos
    api = list(binlog_ksy.read_changes(path, start_position=start, stop_position=stop))
    assert api and {c.pos for c in api} == {c.pos for c in every if start <= c.pos < stop}
    rows = _cli_rows(capsys, ["rows", "--format", "jsonl", "--start-position", str(start),
                              "--stop-position", str(stop), path])
    assert [(r["pos"]) for r in rows] == [c.pos for c in api]
    events = _cli_rows(capsys, ["events", "--format", "jsonl", "--start-position", str(start),
                                "--stop-position", str(stop), path])
    assert events and all(start <= e["pos"] < stop for e in events)


def test_read_changes_takes_every_option(tmp_path: Path) -> None:
    files = [str(p) for p in SAMPLE]
    schema = tmp_path / "schema.yaml"
    schema.write_text("shop: {}\n")
    stream = binlog_ksy.read_changes(files, verify_checksums=False, schema=schema, undecodable="keep",
                                     on_error="skip", start_datetime="2000-01-01", stop_datetime="2999-01-01")
    changes = list(stream)
    assert len(changes) == len(list(binlog_ksy.read_changes(files)))
    assert stream.errors == []
    with pytest.raises(UsageError):
        binlog_ksy.read_changes(files, filters=ChangeFilter(), tables="x")


def test_read_events_returns_the_reader_with_its_errors(tmp_path: Path) -> None:
    data = SAMPLE[0].read_bytes()
    damaged = bytearray(data)
    middle = len(data) // 2
    damaged[middle:middle + 40] = bytes(40)  # zeros over an event in the middle
    path = tmp_path / "damaged.000001"
    path.write_bytes(bytes(damaged))
    reader = binlog_ksy.read_events(path, on_error="skip")
    events = list(reader)
    assert events and reader.errors, "skip mode must report the damaged range"
    assert reader.format is not None and reader.format.binlog_version == 4
    assert all(err.file == str(path) and err.offset is not None and err.length is not None for err in reader.errors)
    covered = sum(e.length for e in events if e.in_payload is None) + sum(err.length or 0 for err in reader.errors)
    assert covered == len(data) - 4  # the books balance


def test_extract_without_spark_exits_2_naming_the_extra(tmp_path: Path) -> None:
    fake = tmp_path / "site"
    (fake / "pyspark").mkdir(parents=True)
    (fake / "pyspark" / "__init__.py").write_text("raise ImportError(\"No module named 'pyspark'\")\n")
    env = dict(os.environ, PYTHONPATH=f"{fake}{os.pathsep}{ROOT}")
    run = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", "extract", str(SAMPLE[0]), "-o",
                          str(tmp_path / "out")], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "binlog-ksy[spark]" in lines[0] and "Traceback" not in run.stderr
    assert not (tmp_path / "out").exists()


def test_every_command_shows_the_shared_flags(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("events", "rows", "extract"):
        assert main([command, "--help"]) == 0
        text = capsys.readouterr().out
        for flag in ("--database", "--table", "--start-datetime", "--stop-datetime", "--start-position",
                     "--stop-position", "--on-error", "--format", "--debug", "--no-verify-checksums"):
            assert flag in text, (command, flag)
        if command != "events":
            assert "--schema" in text


def test_event_selection_keeps_transaction_control() -> None:
    selection = EventSelection(ChangeFilter.create(databases="nope"))
    kept = Counter(e.type_name for e in binlog_ksy.read_events(SAMPLE[0]) if selection.wants(e))
    assert kept["TABLE_MAP_EVENT"] == 0 and kept["XID_EVENT"] > 0 and kept["GTID_EVENT"] > 0


def test_public_error_classes_live_in_errors_py() -> None:
    """Every public exception class of the runtime is defined in runtime/errors.py, where users look."""
    import ast

    from fixture_index import ROOT

    outside = []
    for path in (ROOT / "runtime").rglob("*.py"):
        if path.name == "errors.py" and path.parent.name == "runtime":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                         for b in node.bases]
                if any(b.endswith(("Error", "Exception", "Refusal", "Warning")) for b in bases):
                    outside.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert outside == []
