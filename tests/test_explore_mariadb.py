"""The report and the explorer on binlogs a fresh MariaDB server just wrote (default options: no column names
in the binlog, so names come from the schema history, as in ``rows`` and ``sql``).

The server says which transactions are big and long (their GTIDs, taken after each one); the command line
says what the pages must show.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_session import chromium, run_cli, screenshot
from selenium.webdriver.common.by import By
from test_explore import App, _blocks, check_event_view, check_rows_view, jsonl, start_explore
from test_report import check_report

from tests.mariadb.fixtures import start_server

pytestmark = pytest.mark.server

_SETUP = """
CREATE DATABASE w;
CREATE TABLE w.items (id INT PRIMARY KEY, name VARCHAR(40), price DECIMAL(10,2), made DATETIME(3), doc JSON,
                      qty SMALLINT UNSIGNED);
CREATE TABLE w.log (id BIGINT PRIMARY KEY, note TEXT);
"""
_BIG = "BEGIN;\n" + "".join(
    f"INSERT INTO w.items VALUES ({i}, 'item {i}', {i}.25, '2024-05-01 12:00:{i % 60:02d}.125', "
    f"'{{\"n\": {i}, \"tags\": [\"a\", \"b\"]}}', {i % 70});\n" for i in range(1, 601)) + "COMMIT;\n"
_LONG = """
BEGIN;
INSERT INTO w.log VALUES (1, 'started');
DO SLEEP(2);
UPDATE w.log SET note = 'finished' WHERE id = 1;
COMMIT;
"""
_AFTER = """
ALTER TABLE w.items ADD COLUMN extra INT AFTER name;
UPDATE w.items SET extra = id * 2, price = price + 1 WHERE id <= 5;
DELETE FROM w.items WHERE id > 590;
"""
FLAGS = ["--big-rows", "500", "--long-seconds", "2"]


@dataclass
class Workload:
    files: list[str]
    big_gtid: str
    long_gtid: str


@pytest.fixture(scope="module")
def workload(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workload]:
    srv = start_server()
    try:
        srv.sql(_SETUP)
        srv.sql(_BIG)
        big_gtid = srv.gtid_binlog_pos()
        srv.flush_logs()
        srv.sql(_LONG)
        long_gtid = srv.gtid_binlog_pos()
        srv.sql(_AFTER)
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path_factory.mktemp("explore-workload"))
    finally:
        try:
            srv.stop()
        finally:
            srv.cleanup()
    yield Workload([str(f) for f in files], big_gtid, long_gtid)


def test_report_of_a_fresh_workload(workload: Workload, tmp_path: Path) -> None:
    result = check_report(tmp_path, workload.files, FLAGS, shot=None)
    stats = result["stats"]
    assert [t["gtid"] for t in stats["big_transactions"]] == [workload.big_gtid]
    assert [t["gtid"] for t in stats["long_transactions"]] == [workload.long_gtid]
    assert stats["tables"]["w.items"]["insert"] == 600
    domain, server, last = workload.long_gtid.split("-")
    assert any(g["source"] == f"{domain}-{server}" and g["ranges"][-1][1] >= int(last)
               for g in result["data"]["gtid_ranges"])


@pytest.fixture(scope="module")
def app(workload: Workload, tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    proc, url = start_explore(workload.files, FLAGS, tmp_path_factory.mktemp("cache"))
    try:
        with chromium() as driver:
            yield App(url, driver)
    finally:
        proc.terminate()
        proc.wait(10)


def _transaction(app: App, name: str, pos: int, changes: list[dict[str, Any]], redo: dict[str, str],
                 undo: dict[str, str]) -> dict[str, Any]:
    app.open("tx", "tx", file=name, pos=pos)
    app.check_clean()
    detail: dict[str, Any] = app.driver.execute_script("return window.TRANSACTION_DETAIL")
    shown = json.loads(app.driver.find_element(By.ID, "tx-changes").get_attribute("data-changes"))
    assert shown == changes and changes
    key = f"{name}:{pos}"
    assert app.driver.find_element(By.ID, "redo-sql").text.strip() == redo[key].strip()
    assert app.driver.find_element(By.ID, "undo-sql").text.strip() == undo[key].strip()
    return detail


def test_explore_a_fresh_workload(workload: Workload, app: App) -> None:
    stats = json.loads(run_cli("stats", "--format", "json", *workload.files, *FLAGS).stdout)
    app.open("overview", "overview")
    app.check_clean()
    assert app.driver.execute_script("return window.OVERVIEW_DATA")["stats"] == stats
    changes = jsonl("rows", "--format", "jsonl", *workload.files)
    redo = _blocks(run_cli("sql", *workload.files).stdout)
    undo = _blocks(run_cli("sql", "--flashback", *workload.files).stdout)
    # the long transaction, and the one after the ALTER (column names from the schema history)
    (long,) = stats["long_transactions"]
    _transaction(app, long["file"], long["start_pos"], [c for c in changes if c["gtid"] == workload.long_gtid],
                 redo, undo)
    updated = [c for c in changes if c["table"] == "items" and c["op"] == "update"]
    assert updated and all("extra" in c["after"] for c in updated)
    name = updated[0]["file"]
    every = jsonl("events", "--format", "jsonl", name)
    event = next(e for e in every if e["pos"] == updated[0]["pos"])
    check_event_view(app, name, event)
    check_rows_view(app, event, changes, every)
    screenshot(app.driver, "explore-mariadb-update", full_page=False)
    tx = next(e for e in every if e["type"] == "GTID_EVENT" and e["pos"] < event["pos"] and
              not any(x["type"] == "GTID_EVENT" and e["pos"] < x["pos"] < event["pos"] for x in every))
    _transaction(app, name, tx["pos"], [c for c in changes if c["gtid"] == updated[0]["gtid"]], redo, undo)
    # the big transaction's first rows event, and its page of events
    (big,) = stats["big_transactions"]
    first_rows = next(c for c in changes if c["gtid"] == workload.big_gtid)
    big_events = jsonl("events", "--format", "jsonl", big["file"])
    check_rows_view_event = next(e for e in big_events if e["pos"] == first_rows["pos"])
    check_event_view(app, big["file"], check_rows_view_event)
    check_rows_view(app, check_rows_view_event, changes, big_events)
