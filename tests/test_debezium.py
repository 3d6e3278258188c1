"""Debezium change events (``rows --format debezium``, the job's ``cdc/``), checked against the connector's docs.

A real MariaDB server (UTC, FULL row metadata and images) runs the Debezium
MySQL connector documentation's own example (``inventory.customers``: the
create, update and delete events of customer 1004, "Anne Kretchmar") and a
table with one column of every type the documentation's *Data type mappings*
section gives an encoding for. Each expected value is computed here from the
literal inserted, by the documented rule.
"""

from __future__ import annotations

import base64
import calendar
import json
import os
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.present.debezium import iter_messages, messages
from fixture_index import FIXTURES

pytestmark = pytest.mark.server

CLI = [sys.executable, "-m", "binlog_ksy.cli"]
OPTIONS = {"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"}

#: The documented event shape (Debezium 2.x, MySQL connector, "Data change events"; schemas disabled).
ENVELOPE_KEYS = ["before", "after", "source", "transaction", "op", "ts_ms", "ts_us", "ts_ns"]
SOURCE_KEYS = ["version", "connector", "name", "ts_ms", "snapshot", "db", "sequence", "ts_us", "ts_ns", "table",
               "server_id", "gtid", "file", "pos", "row", "thread", "query"]
#: The documentation's example rows (create, then update of first_name, then delete).
DOC_CREATED = {"id": 1004, "first_name": "Anne", "last_name": "Kretchmar", "email": "annek@noanswer.org"}
DOC_UPDATED = {"id": 1004, "first_name": "Anne Marie", "last_name": "Kretchmar", "email": "annek@noanswer.org"}

TYPES_DDL = """CREATE TABLE inventory.types (
  id INT PRIMARY KEY, d DATE, t TIME(6), dt3 DATETIME(3), dt6 DATETIME(6), ts0 TIMESTAMP NULL,
  ts6 TIMESTAMP(6) NULL, y YEAR, dec2 DECIMAL(10,2), b4 BINARY(4), vb VARBINARY(10), bl BLOB, bit1 BIT(1),
  bit5 BIT(5), bit12 BIT(12), e ENUM('a','b','c'), s SET('x','y','z'), j JSON, ub BIGINT UNSIGNED,
  f FLOAT, dbl DOUBLE, v VARCHAR(20), tiny TINYINT, bz BINARY(4))"""
TYPES_ROW = ("INSERT INTO inventory.types VALUES (1, '2018-06-20', '-12:34:56.789012', '2018-06-20 13:37:03.123', "
             "'2018-06-20 13:37:03.123456', '2018-06-20 13:37:03', '2018-06-20 13:37:03.123456', 2018, -1234.50, "
             "x'01020304', x'ff00', x'deadbeef', b'1', b'10110', b'101100001111', 'b', 'x,z', '{\"k\": [1, 2]}', "
             "18446744073709551615, 1.5, 2.25, 'h\u00e9llo', -7, x'0102')")
#: Zero dates in NOT NULL columns: the documented rule gives the epoch (nullable columns: null).
ZEROS_DDL = ("CREATE TABLE inventory.zeros (id INT PRIMARY KEY, d DATE NOT NULL, dt3 DATETIME(3) NOT NULL, "
             "dt6 DATETIME(6) NOT NULL, ts0 TIMESTAMP NOT NULL DEFAULT '2000-01-01 00:00:00', "
             "ts3 TIMESTAMP(3) NOT NULL DEFAULT '2000-01-01 00:00:00', nd DATE NULL)")


@pytest.fixture(scope="module")
def binlogs(mariadb_server_factory, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    srv = mariadb_server_factory(OPTIONS)
    srv.sql(["CREATE DATABASE inventory",
             "CREATE TABLE inventory.customers (id INT PRIMARY KEY, first_name VARCHAR(255) NOT NULL, "
             "last_name VARCHAR(255) NOT NULL, email VARCHAR(255) NOT NULL UNIQUE)",
             TYPES_DDL, ZEROS_DDL, "CREATE TABLE inventory.moves (id INT PRIMARY KEY, v VARCHAR(10))"])
    srv.sql("INSERT INTO inventory.customers VALUES (1004, 'Anne', 'Kretchmar', 'annek@noanswer.org')")
    srv.sql("UPDATE inventory.customers SET first_name = 'Anne Marie' WHERE id = 1004")
    srv.sql("DELETE FROM inventory.customers WHERE id = 1004")
    srv.sql(TYPES_ROW)
    srv.sql("SET SESSION sql_mode = ''; INSERT INTO inventory.types (id, d, dt3) VALUES (2, '0000-00-00', "
            "'0000-00-00 00:00:00')")
    srv.sql("SET SESSION sql_mode = ''; INSERT INTO inventory.zeros VALUES (1, '0000-00-00', '0000-00-00 00:00:00', "
            "'0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00')")
    srv.sql("INSERT INTO inventory.moves VALUES (1, 'a')")
    srv.sql("UPDATE inventory.moves SET id = 2, v = 'b' WHERE id = 1")  # the primary key changes
    srv.flush_logs()
    return srv.copy_binlogs(tmp_path_factory.mktemp("debezium") / "binlogs")


def cli_events(files: list[Path], *extra: str) -> list[dict[str, Any]]:
    run = subprocess.run([*CLI, "rows", "--format", "debezium", *extra, *map(str, files)], capture_output=True,
                         text=True, check=True, env=dict(os.environ))
    return [json.loads(line) for line in run.stdout.splitlines()]


def jsonl_rows(files: list[Path]) -> list[dict[str, Any]]:
    run = subprocess.run([*CLI, "rows", "--format", "jsonl", *map(str, files)], capture_output=True, text=True,
                         check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_the_documented_customers_example(binlogs: list[Path]) -> None:
    events = [e for e in cli_events(binlogs, "--topic-prefix", "mysql-server-1", "--table", "inventory.customers")]
    rows = [r for r in jsonl_rows(binlogs) if r["table"] == "customers"]
    assert [e["op"] for e in events] == ["c", "u", "d"]
    created, updated, deleted = events
    assert (created["before"], created["after"]) == (None, DOC_CREATED)
    assert (updated["before"], updated["after"]) == (DOC_CREATED, DOC_UPDATED)
    assert (deleted["before"], deleted["after"]) == (DOC_UPDATED, None)
    for event, row in zip(events, rows, strict=True):
        assert list(event) == ENVELOPE_KEYS and list(event["source"]) == SOURCE_KEYS
        source = event["source"]
        assert source["connector"] == "mysql" and source["name"] == "mysql-server-1"
        assert (source["db"], source["table"], source["snapshot"]) == ("inventory", "customers", "false")
        assert source["ts_ms"] == row["timestamp"] * 1000 and source["ts_us"] == source["ts_ms"] * 1000
        assert source["gtid"] == row["gtid"] and source["gtid"].startswith("0-1-")
        assert source["file"] == os.path.basename(row["file"]) and source["file"].startswith("binlog.")
        assert (source["pos"], source["row"], source["server_id"]) == (row["pos"], 0, 1)
        # MariaDB starts its transactions with a GTID event, no BEGIN query: no thread (the MariaDB connector's
        # handleGtidEvent); the MySQL thread is checked on MySQL binlogs below
        assert source["thread"] is None and source["query"] is None and event["transaction"] is None
        assert isinstance(event["ts_ms"], int) and event["ts_ms"] >= source["ts_ms"]
        assert event["ts_ns"] == event["ts_ms"] * 1_000_000


def _epoch_ms(text: str) -> int:
    moment = datetime.fromisoformat(text)
    return calendar.timegm(moment.timetuple()) * 1000 + moment.microsecond // 1000


def _epoch_us(text: str) -> int:
    moment = datetime.fromisoformat(text)
    return calendar.timegm(moment.timetuple()) * 1_000_000 + moment.microsecond


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def test_every_documented_value_encoding(binlogs: list[Path]) -> None:
    events = cli_events(binlogs, "--table", "inventory.types")
    assert [e["op"] for e in events] == ["c", "c"]
    after = events[0]["after"]
    expected = {
        "id": 1,
        "d": (date(2018, 6, 20) - date(1970, 1, 1)).days,  # io.debezium.time.Date: days
        "t": -((12 * 3600 + 34 * 60 + 56) * 1_000_000 + 789012),  # MicroTime: microseconds
        "dt3": _epoch_ms("2018-06-20 13:37:03.123"),  # Timestamp: epoch milliseconds
        "dt6": _epoch_us("2018-06-20 13:37:03.123456"),  # MicroTimestamp: epoch microseconds
        "ts0": "2018-06-20T13:37:03Z",  # ZonedTimestamp: ISO-8601 in UTC
        "ts6": "2018-06-20T13:37:03.123456Z",
        "y": 2018,  # io.debezium.time.Year
        "dec2": "-1234.50",  # decimal.handling.mode=string
        "b4": _b64(bytes.fromhex("01020304")),  # binary.handling.mode=bytes: base64 in JSON
        "vb": _b64(bytes.fromhex("ff00")),
        "bl": _b64(bytes.fromhex("deadbeef")),
        "bit1": True,  # BIT(1): boolean
        "bit5": _b64((0b10110).to_bytes(1, "little")),  # io.debezium.data.Bits: little-endian bytes
        "bit12": _b64((0b101100001111).to_bytes(2, "little")),
        "e": "b",  # io.debezium.data.Enum
        "s": "x,z",  # io.debezium.data.EnumSet: comma-separated
        "j": '{"k": [1, 2]}',  # MariaDB's JSON is a LONGTEXT: its text
        "ub": 18446744073709551615 - (1 << 64),  # bigint.unsigned.handling.mode=long: a Java long
        "f": 1.5,
        "dbl": 2.25,
        "v": "h\u00e9llo",
        "tiny": -7,
        "bz": _b64(bytes.fromhex("01020000")),  # BINARY(4): the stripped 0x00 bytes padded back (DBZ-254)
    }
    assert after == expected
    zero = events[1]["after"]
    assert (zero["d"], zero["dt3"]) == (None, None)  # zero dates in nullable columns: null


def test_zero_dates_in_not_null_columns_are_the_epoch(binlogs: list[Path]) -> None:
    (event,) = cli_events(binlogs, "--table", "inventory.zeros")
    epoch = datetime(1970, 1, 1)
    assert event["after"] == {
        "id": 1,
        "d": (date(1970, 1, 1) - date(1970, 1, 1)).days,
        "dt3": _epoch_ms(epoch.isoformat(" ")),
        "dt6": _epoch_us(epoch.isoformat(" ")),
        "ts0": "1970-01-01T00:00:00Z",
        "ts3": "1970-01-01T00:00:00.000Z",
        "nd": None,
    }


def test_output_file_holds_what_standard_output_gets(binlogs: list[Path], tmp_path: Path) -> None:
    target = tmp_path / "events.jsonl"
    run = subprocess.run([*CLI, "rows", "--format", "debezium", "--output", str(target), *map(str, binlogs)],
                         capture_output=True, text=True, check=True)
    assert run.stdout == ""
    written = [json.loads(line) for line in target.read_text().splitlines()]
    printed = cli_events(binlogs)
    assert len(written) == len(printed) == 9
    for a, b in zip(written, printed, strict=True):
        for key in ("ts_ms", "ts_us", "ts_ns"):
            a.pop(key), b.pop(key)
        assert a == b
    refused = subprocess.run([*CLI, "rows", "--format", "jsonl", "--output", str(target), *map(str, binlogs)],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "--output" in refused.stderr


def test_the_cli_prints_what_the_api_gives(binlogs: list[Path]) -> None:
    printed = cli_events(binlogs)
    made = [json.loads(value) for path in binlogs
            for _change, _op, _key, value in iter_messages(ChangeReader(str(path)), ts_ms=0)]
    assert len(printed) == len(made) == 9
    for line, obj in zip(printed, made, strict=True):
        assert obj["ts_ms"] == 0 and isinstance(line["ts_ms"], int) and line["ts_ms"] > 0
        for key in ("ts_ms", "ts_us", "ts_ns"):
            line.pop(key), obj.pop(key)
        assert line == obj


def test_an_update_of_the_primary_key_is_a_delete_then_a_create(binlogs: list[Path]) -> None:
    events = cli_events(binlogs, "--table", "inventory.moves")
    assert [e["op"] for e in events] == ["c", "d", "c"]  # the connector's "Primary key updates"
    _, deleted, created = events
    assert (deleted["before"], deleted["after"]) == ({"id": 1, "v": "a"}, None)
    assert (created["before"], created["after"]) == (None, {"id": 2, "v": "b"})
    assert deleted["source"] == created["source"]  # one row of one rows event
    changes = [c for path in binlogs for c in ChangeReader(str(path)) if c.table == "moves"]
    assert [c.op for c in changes] == ["insert", "update"]
    keys = [(op, json.loads(key or "null")) for op, key, _ in messages(changes[1], ts_ms=0)]
    assert keys == [("d", {"id": 1}), ("c", {"id": 2})]  # the old key, then the new one
    (plain,) = messages(changes[0], ts_ms=0)
    assert plain[0] == "c" and json.loads(plain[1] or "null") == {"id": 1}


MYSQL_GTID = ("Percona-Lab__percona-binlog-server/mtr__binlog_streaming__std_data__data_80045_gtid.zip__"
              "data_80045_gtid__binlog.000001")
MYSQL_POSITION = ("Percona-Lab__percona-binlog-server/mtr__binlog_streaming__std_data__data_80045_position.zip__"
                  "data_80045_position__binlog.000001")
MYSQL_COMPRESSED = "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.compressed"


def _expected_sources(path: Path) -> dict[int, tuple[int | None, int]]:
    """Rows event offset -> (thread, event time in µs) by the connector's rules, from the events' own fields."""
    run = subprocess.run([*CLI, "events", "--format", "jsonl", str(path)], capture_output=True, text=True,
                         check=True)
    expected: dict[int, tuple[int | None, int]] = {}
    thread, gtid_us = None, None
    for line in run.stdout.splitlines():
        event = json.loads(line)
        kind, body = event["type"], event["body"]
        if kind == "GTID_LOG_EVENT":  # GTID mode: the transaction's original commit time (µs)
            gtid_us = body["original_commit_timestamp"]
        elif kind == "QUERY_EVENT" and body["query"] == "BEGIN":
            thread = body["thread_id"]
        elif kind == "XID_EVENT":
            thread = None
        elif kind.endswith("ROWS_EVENT"):
            expected[event["pos"]] = (thread, gtid_us if gtid_us is not None else event["timestamp"] * 1_000_000)
    return expected


def test_thread_and_time_follow_the_connector_on_mysql_binlogs() -> None:
    for name, gtid_mode in ((MYSQL_GTID, True), (MYSQL_POSITION, False)):
        path = FIXTURES / name
        expected = _expected_sources(path)
        events = cli_events([path])
        assert len(events) == len(expected) == 6
        for event in events:
            source = event["source"]
            thread, micros = expected[source["pos"]]
            assert thread == 8 and source["thread"] == thread  # the BEGIN query's thread id
            assert (source["ts_us"], source["ts_ms"], source["ts_ns"]) == (micros, micros // 1000, micros * 1000)
            assert (micros % 1_000_000 != 0) is gtid_mode  # GTID mode: microseconds; else header seconds
            assert source["file"] == path.name and (source["gtid"] is not None) is gtid_mode
    # a compressed transaction: the connector reports the TRANSACTION_PAYLOAD event's position
    path = FIXTURES / MYSQL_COMPRESSED
    run = subprocess.run([*CLI, "events", "--format", "jsonl", str(path)], capture_output=True, text=True,
                         check=True)
    listed = [json.loads(line) for line in run.stdout.splitlines()]
    (payload,) = [e for e in listed if e["type"] == "TRANSACTION_PAYLOAD_EVENT"]
    (begin,) = [e for e in listed if e["type"] == "QUERY_EVENT" and e["body"]["query"] == "BEGIN"]
    events = cli_events([path])
    assert events and {(e["source"]["pos"], e["source"]["thread"]) for e in events} == {
        (payload["pos"], begin["body"]["thread_id"])}


@pytest.mark.spark
def test_the_job_writes_the_same_events_to_cdc(binlogs: list[Path], tmp_path: Path) -> None:
    import pyarrow.dataset as ds

    from binlog_ksy.spark_jobs.job.extract import run_extract
    from spark_session import get_spark

    out = tmp_path / "out"
    summary = run_extract([str(binlogs[0].parent)], str(out), spark=get_spark(), progress=None, cdc=True)
    table = ds.dataset(str(out / "cdc"), format="parquet", partitioning="hive").to_table()
    assert table.num_rows == 9 and summary.total_changes == 8  # the update of a primary key: two messages
    rows = sorted(table.to_pylist(), key=lambda r: (r["file"], r["pos"], r["row_index"], r["op"] != "d"))
    printed = cli_events(binlogs)
    for row, line in zip(rows, printed, strict=True):
        value = json.loads(row["value"])
        for key in ("ts_ms", "ts_us", "ts_ns"):
            value.pop(key), line.pop(key)
        assert value == line
        key = json.loads(row["key"])
        assert key == {"id": (line["after"] or line["before"])["id"]}
        assert (row["schema"], row["table"], row["op"]) == ("inventory", line["source"]["table"], line["op"])
