"""``binlog-ksy state`` and ``read_state`` on the sample binlogs: what each format writes, the moments, bases,
partial tables and unknown-row changes, damaged files and usage errors (no server; the server oracle is
``tests/test_state_oracle.py``)."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

import binlog_ksy
from binlog_ksy.cli import main
from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.runtime.state.moment import Moment, parse_position
from binlog_ksy.runtime.state.read import build_state

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "mariadb-10.11"
FULL = sorted(str(p) for p in (SAMPLES / "shop-full").glob("binlog.*"))
SHOP_SQL = str(SAMPLES / "shop.sql")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def rows_of(files: list[str], **options: Any) -> dict[str, list[dict[str, Any]]]:
    state = build_state(files, **options)
    return {f"{t.schema}.{t.table}": list(t.python_rows()) for t in state.tables}


def transaction_ends(path: str) -> list[int]:
    """Where each transaction of a file ends (after its XID, or its COMMIT or DDL query)."""
    ends = []
    for event in BinlogReader(path):
        if event.type_name == "XID_EVENT" or (event.type_name == "QUERY_EVENT"
                                               and not bytes(event.body.query).startswith(b"BEGIN")):
            ends.append(event.pos + event.length)
    return ends


def test_every_sample_set_gives_the_same_tables() -> None:
    """FULL, MINIMAL (no checksums, no metadata: the DDL names the columns) and compressed binlogs of the same
    statements: the same rows, every table complete, no unknown-row change."""
    want = rows_of(FULL)
    assert set(want) == {"shop.customers", "shop.order_items", "shop.orders", "shop.products", "shop.stock_moves"}
    for folder in ("shop-minimal-nocrc", "shop-compressed"):
        files = sorted(str(p) for p in (SAMPLES / folder).glob("binlog.*"))
        state = build_state(files)
        assert {f"{t.schema}.{t.table}": list(t.python_rows()) for t in state.tables} == want, folder
        assert all(t.complete and not t.unknown for t in state.tables)


def test_the_rows_are_the_last_images_rows_prints() -> None:
    """Replaying ``rows --format jsonl``'s images by primary key gives ``state --format jsonl``'s rows, value
    text for value text."""
    status, out, _ = run("rows", "--format", "jsonl", *FULL)
    assert status == 0
    keys = {"orders": ("id",), "order_items": ("order_id", "line_no"), "customers": ("id",), "products": ("id",),
            "stock_moves": ("id",)}
    replay: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {}
    for line in out.splitlines():
        change = json.loads(line)
        table = replay.setdefault(change["table"], {})
        key = keys[change["table"]]
        if change["before"] is not None:
            del table[tuple(change["before"][k] for k in key)]
        if change["after"] is not None:
            table[tuple(change["after"][k] for k in key)] = change["after"]
    status, out, _ = run("state", "--format", "jsonl", *FULL)
    assert status == 0
    got: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {}
    for line in out.splitlines():
        obj = json.loads(line)
        got.setdefault(obj["table"], {})[tuple(obj["row"][k] for k in keys[obj["table"]])] = obj["row"]
    assert got == replay


def test_the_formats_hold_the_same_rows(tmp_path: Path) -> None:
    status, text, summary = run("state", "--table", "shop.orders", *FULL)
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "# shop.orders: 25 rows (complete)" and len(lines) == 26
    assert lines[1].startswith('id=2, uuid="5c1dcfd6815142e3adb8c65e8cba1c0d", customer_id=30, status="paid"')
    assert "position reached: binlog.000003:70608, gtid 0-1-89" in summary and "shop.orders" in summary
    status, jsonl, _ = run("state", "--table", "shop.orders", "--format", "jsonl", *FULL)
    rows = [json.loads(line) for line in jsonl.splitlines()]
    assert [r["row"]["id"] for r in rows] == [int(line.split(",")[0][3:]) for line in lines[1:]]
    status, sql, _ = run("state", "--table", "shop.orders", "--format", "sql", *FULL)
    assert status == 0 and "CREATE TABLE `orders` (" in sql and sql.count("),\n(") == 24
    status, out, _ = run("state", "--format", "parquet", "--output", str(tmp_path / "st"), *FULL)
    assert status == 0 and "position reached" in out
    table = pq.read_table(tmp_path / "st" / "shop.orders" / "part-00000.parquet")
    api = binlog_ksy.read_state(FULL, table="shop.orders")
    assert table.equals(api) and table.schema.metadata == api.schema.metadata
    facts = json.loads(table.schema.metadata[b"binlog_ksy.state"])
    assert facts["position"] == "binlog.000003:70608" and facts["complete"] and facts["primary_key"] == ["id"]
    assert json.loads((tmp_path / "st" / "_state.json").read_text())["tables"]["shop.orders"]["rows"] == 25


def test_each_moment_names_the_same_transaction() -> None:
    """At the end of some transactions of the middle file: --at-position equals --at-gtid of that transaction."""
    middle = FULL[1]
    for end in transaction_ends(middle)[::7]:
        position = f"binlog.000002:{end}"
        state = build_state(FULL, moment=Moment(at_position=parse_position(position)))
        reached = state.reached
        assert reached is not None and reached.end == end and str(reached.position) == position
        by_gtid = build_state(FULL, moment=Moment.create(at_gtid=reached.gtid))
        assert [list(t.python_rows()) for t in by_gtid.tables] == [list(t.python_rows()) for t in state.tables]
        # (the sample's DDL has the time it was made, after its data's: --at is checked by the server oracle)


def test_a_base_and_the_binlogs_after_it(tmp_path: Path) -> None:
    """A state's Parquet, and per-table JSON lines and CSV files written from a state, as bases at a middle
    position: with the rest of the binlogs they give the final rows."""
    want = rows_of(FULL)
    position = f"binlog.000002:{transaction_ends(FULL[1])[20]}"
    assert run("state", "--at-position", position, "--format", "parquet", "--output", str(tmp_path / "pq"),
               *FULL)[0] == 0
    assert rows_of(FULL, base=str(tmp_path / "pq")) == want
    assert rows_of(FULL[1:], base=str(tmp_path / "pq")) == want  # the base's file need not be read
    status, jsonl, _ = run("state", "--at-position", position, "--format", "jsonl", *FULL)
    folders = {"jsonl": tmp_path / "jsonl", "csv": tmp_path / "csv"}
    for folder in folders.values():
        folder.mkdir()
    by_table: dict[str, list[dict[str, Any]]] = {}
    for line in jsonl.splitlines():
        obj = json.loads(line)
        by_table.setdefault(f"{obj['schema']}.{obj['table']}", []).append(obj["row"])
    for name, rows in by_table.items():
        (folders["jsonl"] / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        _write_csv(folders["csv"] / f"{name}.csv", rows)
    for folder in folders.values():
        assert rows_of(FULL, base=str(folder), base_position=position) == want, folder.name
    one = rows_of(FULL, base=str(folders["csv"] / "shop.orders.csv"), base_position=position,
                  filters=_filter("shop.orders"))
    assert one == {"shop.orders": want["shop.orders"]}


def _filter(table: str) -> Any:
    from binlog_ksy.runtime.filters import ChangeFilter

    return ChangeFilter.create(tables=table)


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    def text(value: Any) -> str:
        if value is None:
            return "\\N"
        if isinstance(value, list):
            return ",".join(value)
        return json.dumps(value) if isinstance(value, (dict, float, bool)) else str(value)

    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow([text(v) for v in row.values()])


def test_without_the_first_binlog_tables_are_partial() -> None:
    """FULL images: the rows the binlogs touched, exactly, and no unknown-row change. MINIMAL images and no
    schema: every change is to a row not known, counted and named; with the schema the updates of rows the
    binlogs never showed are."""
    full = build_state(FULL[1:])
    assert all(not t.complete and not t.unknown for t in full.tables)
    final = rows_of(FULL)
    for table in full.tables:
        rows = list(table.python_rows())
        assert rows and all(row in final[f"{table.schema}.{table.table}"] for row in rows)
    minimal = sorted(str(p) for p in (SAMPLES / "shop-minimal-nocrc").glob("binlog.*"))[1:]
    state = build_state(minimal, schema_sql=[SHOP_SQL])
    customers = next(t for t in state.tables if t.table == "customers")
    assert customers.unknown == 31 and customers.rows == 0
    assert customers.unknown_examples[0] == ("update at binlog.000002:994 row 0: a partial after image of a row "
                                             "that is not known")
    status, _, summary = run("state", "--schema-sql", SHOP_SQL, *minimal)
    assert status == 0 and "shop.customers            0  partial   31" in summary and "... and 26 more" in summary


def test_a_truncated_file_stops_after_its_last_whole_transaction(tmp_path: Path) -> None:
    last = Path(FULL[2])
    ends = transaction_ends(str(last))
    cut = tmp_path / last.name
    cut.write_bytes(last.read_bytes()[: ends[-3] + 30])  # inside the transaction after ends[-3]
    files = [*FULL[:2], str(cut)]
    state = build_state(files)
    assert state.reached is not None and state.reached.end == ends[-3]
    want = build_state(FULL, moment=Moment(at_position=parse_position(f"binlog.000003:{ends[-3]}")))
    assert [list(t.python_rows()) for t in state.tables] == [list(t.python_rows()) for t in want.tables]
    status, _, err = run("state", *files)
    assert status == 1 and "truncated" in err.lower()


@pytest.mark.parametrize(("args", "message"), [
    (["--format", "parquet"], "give --output DIR"),
    (["--output", "x"], "--output is for --format parquet"),
    (["--at", "2025-01-01", "--at-gtid", "0-1-3"], "give one of --at, --at-gtid and --at-position"),
    (["--at-position", "binlog.000009:4"], "no FILE given is binlog.000009"),
    (["--at-position", "binlog.000002"], "not a binlog position"),
    (["--at-gtid", "0-1-999"], "no transaction with this GTID"),
    (["--base-position", "binlog.000002:4"], "give --base too"),
    (["--base", "no-such-base"], "no such file or folder"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    status, _, err = run("state", *args, *FULL)
    assert status == 2 and message in err, err


def test_a_moment_before_the_base_is_refused(tmp_path: Path) -> None:
    position = f"binlog.000002:{transaction_ends(FULL[1])[20]}"
    assert run("state", "--at-position", position, "--format", "parquet", "--output", str(tmp_path / "b"),
               *FULL)[0] == 0
    status, _, err = run("state", "--base", str(tmp_path / "b"), "--at-position", "binlog.000002:1000", *FULL)
    assert status == 2 and "before the base's position" in err


def test_read_state_names_one_table() -> None:
    with pytest.raises(binlog_ksy.UsageError, match="names 2 tables"):
        binlog_ksy.read_state(FULL, table="shop.order*")
    with pytest.raises(binlog_ksy.UsageError, match="names 0 tables"):
        binlog_ksy.read_state(FULL, table="shop.nothing")
    items = binlog_ksy.read_state(FULL, table="shop.order_items", at_gtid="0-1-40")
    assert items.num_rows == len(rows_of(FULL, moment=Moment.create(at_gtid="0-1-40"))["shop.order_items"])


def test_tables_exist_from_their_create_table(tmp_path: Path) -> None:
    """Between the first file's CREATE TABLE statements: the tables created so far, empty and complete."""
    shutil.copy(FULL[0], tmp_path / "binlog.000001")
    status, out, _ = run("state", "--database", "shop", "--at-position", "binlog.000001:2317",
                         str(tmp_path / "binlog.000001"))
    assert status == 0
    assert out.splitlines() == ["# shop.customers: 0 rows (complete)", "# shop.orders: 0 rows (complete)",
                                "# shop.products: 0 rows (complete)"]


def test_a_partial_tables_history_holds_the_versions_of_its_state() -> None:
    """Without the binlogs before it: every version of the history was made by a change read (none of before the
    files), and a row the files show first in a before image (a delete, an update) has no version before it:
    each table's versions are those ``state`` follows, and its deletes of rows it never saw leave none."""
    from binlog_ksy.runtime.state.scd_tables import current_versions, ended_versions

    files = FULL[2:]  # the last binlog alone: it deletes rows of the one before
    state = build_state(files, versions=True)
    status, out, _ = run("rows", "--format", "jsonl", *files)
    assert status == 0
    changes = [json.loads(line) for line in out.splitlines()]
    checked = 0
    for table in state.tables:
        assert not table.complete
        parts = state.history.get((table.schema, table.table), [])
        versions = [r for t in [*(ended_versions(p) for p in parts if p.rows), current_versions(table)]
                    for r in t.to_pylist()]
        assert all(v["_from_pos"] is not None for v in versions), table.table
        mine = [c for c in changes if (c["schema"], c["table"]) == (table.schema, table.table)]
        made = {(v["_from_pos"]["pos"], v["_from_pos"]["row_index"]) for v in versions
                if v["_op"] in ("insert", "update")}
        tombstones = sum(v["_op"] == "delete" for v in versions)
        inserts_and_updates = sum(c["op"] in ("insert", "update") for c in mine)
        assert len(made) == inserts_and_updates, table.table  # a version per insert and update read
        deletes = sum(c["op"] == "delete" for c in mine)
        assert tombstones <= deletes, table.table
        checked += deletes - tombstones
    assert checked, "the files delete rows they never showed before: those leave no version"


def test_an_alter_that_changes_no_column_makes_no_version(tmp_path: Path) -> None:
    """History: ADD INDEX, NOT NULL and a comment leave every version as it is; ADD COLUMN ends each and makes the row
    again in the new columns (``_op`` ``alter``, at the statement's position)."""
    from binlog_ksy.runtime.state.scd_tables import current_versions, ended_versions
    from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, row_image

    types, metas = [3, 15], [0, 160]  # INT, VARCHAR(40) utf8mb4
    builder = BinlogBuilder.new("10.11.9", "mariadb", timestamp=1_700_000_000)
    builder.query("CREATE DATABASE d CHARACTER SET utf8mb4", schema="d")
    builder.query("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(40))", schema="d")
    builder.gtid(None, 1)
    builder.table_map(100, "d", "t", types, column_metadata(types, metas), bitmap([1, 1]))
    builder.rows("write", 100, 2, bitmap([1, 1]), b"".join(row_image(types, [i, f"v{i}"], metadata=metas)
                                                           for i in range(3)), flags=1)
    builder.xid(1)
    builder.query("ALTER TABLE t ADD INDEX (v), MODIFY v VARCHAR(40) NOT NULL COMMENT 'the same values'", schema="d")
    path = tmp_path / "binlog.000001"
    builder.save(path)
    kept = build_state([str(path)], versions=True)
    assert [v["_op"] for v in current_versions(kept.tables[0]).to_pylist()] == ["insert"] * 3
    assert not any(p.rows for p in kept.history.get(("d", "t"), []))

    builder.query("ALTER TABLE t ADD COLUMN n INT DEFAULT 7", schema="d")
    builder.save(path)
    state = build_state([str(path)], versions=True)
    ended = [r for p in state.history[("d", "t")] if p.rows for r in ended_versions(p).to_pylist()]
    current = current_versions(state.tables[0]).to_pylist()
    assert [r["_op"] for r in ended] == ["insert"] * 3 and all(r["_to_pos"]["row_index"] is None for r in ended)
    assert [(r["id"], r["n"], r["_op"]) for r in current] == [(i, 7, "alter") for i in range(3)]
    assert {r["_from_pos"]["pos"] for r in current} == {ended[0]["_to_pos"]["pos"]}
