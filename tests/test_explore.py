"""``binlog-ksy explore``: the local app in headless Chromium, against the command line's own outputs.

The server is started as a user starts it (``binlog-ksy explore FILE... --no-browser``); every page is opened by
its deep link. What the pages show must equal ``stats --format json`` (overview), ``events --format jsonl``
(events list, field tree), ``rows --format jsonl`` (decoded rows) and ``sql`` / ``sql --flashback``
(a transaction's SQL); a selected field's highlighted bytes must be its offset and size in the spec. The
page must log no console error and request nothing but the server on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import yaml
from browser_session import ROOT, chromium, console_errors, requested_urls, run_cli, screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixture_index import FIXTURES

SHOP = ROOT / "samples" / "mariadb-10.11" / "shop-full"
FILES = [str(SHOP / "binlog.000001"), str(SHOP / "binlog.000002")]
FLAGS = ["--big-rows", "20", "--long-seconds", "0"]


class App:
    def __init__(self, url: str, driver: Any) -> None:
        self.url = url
        self.driver = driver

    def open(self, route: str, view: str, **params: Any) -> None:
        query = urlencode({k: v for k, v in params.items() if v is not None})
        self.driver.get(f"{self.url}#/{route}" + (f"?{query}" if query else ""))
        WebDriverWait(self.driver, 30).until(
            lambda d: d.execute_script("return document.body.getAttribute('data-ready') !== null"))
        assert self.driver.execute_script("return document.body.getAttribute('data-view')") == view, \
            self.driver.find_element(By.ID, "view").text[:500]

    def check_clean(self, requests: bool = True) -> None:
        """No console error, and requests (when ``requests``: some) to the server only, since the last check."""
        assert console_errors(self.driver) == []
        urls = requested_urls(self.driver)
        assert all(u.startswith(self.url) for u in urls), urls
        assert bool(urls) or not requests

    def api(self, path: str, **params: Any) -> tuple[Any, float]:
        began = time.perf_counter()
        with urllib.request.urlopen(f"{self.url}api/{path}?{urlencode(params)}") as res:
            body = json.load(res)
        return body, time.perf_counter() - began


def start_explore(files: list[str], flags: list[str], cache: Path) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    proc = subprocess.Popen([sys.executable, "-m", "binlog_ksy.cli", "explore", *files, "--no-browser", *flags],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=ROOT, env=env)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    match = re.search(r"serving (http://127\.0\.0\.1:\d+/)", line)
    assert match, line + (proc.stderr.read() if proc.poll() is not None else "")
    return proc, match.group(1)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    proc, url = start_explore(FILES, FLAGS, tmp_path_factory.mktemp("cache"))
    try:
        with chromium() as driver:
            yield App(url, driver)
    finally:
        proc.terminate()
        proc.wait(10)


def jsonl(*argv: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in run_cli(*argv).stdout.splitlines() if line.strip()]


def test_overview_equals_stats(app: App) -> None:
    app.open("overview", "overview")
    app.check_clean()
    stats = json.loads(run_cli("stats", "--format", "json", *FILES, *FLAGS).stdout)
    shown = app.driver.execute_script("return window.OVERVIEW_DATA")
    assert shown["stats"] == stats
    rows = app.driver.find_elements(By.CSS_SELECTOR, "#table-stats tr[data-table]")
    assert sorted(str(r.get_attribute("data-table")) for r in rows) == sorted(stats["tables"])
    for tr in rows:
        name = tr.get_attribute("data-table")
        for op in ("insert", "update", "delete"):
            assert int(tr.find_element(By.CSS_SELECTOR, f'td[data-op="{op}"]').text) == stats["tables"][name][op]
    big = app.driver.find_elements(By.CSS_SELECTOR, "#big-transactions tbody tr")
    assert [int(tr.get_attribute("data-start")) for tr in big] == [t["start_pos"] for t in stats["big_transactions"]]
    drawn = app.driver.execute_script("return [...document.querySelectorAll('canvas')].filter(c => Chart.getChart(c))"
                                      ".length")
    assert drawn == 6
    screenshot(app.driver, "explore-overview")
    # other thresholds: the overview again, equal to stats with them
    field = app.driver.find_element(By.ID, "t-big-rows")
    field.clear()
    field.send_keys("5")
    app.driver.find_element(By.ID, "t-go").click()
    WebDriverWait(app.driver, 30).until(lambda d: "big-rows=5" in d.current_url and d.execute_script(
        "return document.body.getAttribute('data-ready') !== null && window.OVERVIEW_DATA.thresholds.big_rows === 5"))
    other = json.loads(run_cli("stats", "--format", "json", *FILES, "--big-rows", "5", "--long-seconds", "0").stdout)
    assert app.driver.execute_script("return window.OVERVIEW_DATA")["stats"] == other
    assert len(other["big_transactions"]) > len(stats["big_transactions"])
    big = app.driver.find_elements(By.CSS_SELECTOR, "#big-transactions tbody tr")
    assert len(big) == len(other["big_transactions"])
    app.open("overview", "overview")
    big = app.driver.find_elements(By.CSS_SELECTOR, "#big-transactions tbody tr")
    # a big transaction's link opens it
    big[0].find_element(By.CSS_SELECTOR, "a").click()
    WebDriverWait(app.driver, 20).until(
        lambda d: d.execute_script("return document.body.getAttribute('data-view') === 'tx' && "
                                   "document.body.getAttribute('data-ready') !== null"))
    assert app.driver.find_element(By.ID, "tx-title").text.startswith(
        f"Transaction at {stats['big_transactions'][0]['file']}:{stats['big_transactions'][0]['start_pos']}")
    app.check_clean()


def test_thresholds_form_shows_the_servers_error(app: App) -> None:
    """A threshold the server refuses (nan, inf, 1e400: not finite) is shown as its 400's message, in the page
    with the form still there to correct it: never as a JSON parse error."""
    def apply(key: str, value: str) -> None:
        field = app.driver.find_element(By.ID, f"t-{key}")
        field.clear()
        field.send_keys(value)
        app.driver.find_element(By.ID, "t-go").click()

    def shown(view: str, route: str) -> bool:
        return route in app.driver.current_url and bool(app.driver.execute_script(
            "return document.body.getAttribute('data-ready') !== null && "
            "document.body.getAttribute('data-view') === arguments[0]", view))

    app.open("overview", "overview")
    app.check_clean()
    for value in ("nan", "inf", "1e400"):
        apply("long-seconds", value)
        route = f"long-seconds={value}"
        WebDriverWait(app.driver, 30).until(lambda d: shown("error", route))  # noqa: B023 - waited for here
        message = app.driver.find_element(By.ID, "error").text
        assert message.startswith("long-seconds: not a number of seconds"), message
        assert app.driver.find_element(By.ID, "t-long-seconds").get_attribute("value") == value
        # the browser logs the refused request itself (a 400): nothing else
        assert all("status of 400" in e["message"] for e in console_errors(app.driver))
    apply("long-seconds", "0")  # corrected in the same form
    WebDriverWait(app.driver, 30).until(lambda d: shown("overview", "long-seconds=0"))
    assert app.driver.execute_script("return window.OVERVIEW_DATA.thresholds.long_seconds") == 0
    app.check_clean()


def test_overview_is_cached(tmp_path: Path) -> None:
    files = [str(SHOP / "binlog.000003")]
    for attempt in range(2):
        proc, url = start_explore(files, [], tmp_path)
        try:
            with urllib.request.urlopen(url + "api/overview") as res:
                body = json.load(res)
        finally:
            proc.terminate()
            proc.wait(10)
        assert body["overview"]["cached"] is (attempt == 1)
        assert body["overview"]["stats"] == json.loads(run_cli("stats", "--format", "json", *files).stdout)
    assert len(list((tmp_path / "binlog-ksy").glob("overview-*.json"))) == 1


def _listed(app: App) -> list[tuple[int, str]]:
    """The events list as shown (read in one script: the list may be redrawn meanwhile)."""
    rows = app.driver.execute_script("""return [...document.querySelectorAll('#events tbody tr')].map(tr =>
        [Number(tr.getAttribute('data-pos')), tr.querySelectorAll('td')[1].textContent])""")
    return [(int(pos), str(kind)) for pos, kind in rows]


def test_events_pages_filters_and_jump(app: App) -> None:
    name = FILES[1]
    every = jsonl("events", "--format", "jsonl", name)
    app.open("events", "events", file=name)
    app.check_clean()
    assert _listed(app) == [(e["pos"], e["type"]) for e in every[:100]]
    screenshot(app.driver, "explore-events", full_page=False)
    # the next page goes on where the first ended
    app.driver.find_element(By.PARTIAL_LINK_TEXT, "next page").click()
    WebDriverWait(app.driver, 20).until(lambda d: _listed(app) and _listed(app)[0][0] == every[100]["pos"])
    assert _listed(app) == [(e["pos"], e["type"]) for e in every[100:200]]
    # the shared filters, typed in the form
    app.open("events", "events", file=name)
    app.driver.find_element(By.ID, "f-table").send_keys("shop.orders")
    app.driver.find_element(By.ID, "f-type").send_keys("TABLE_MAP*,*ROWS*")
    app.driver.find_element(By.ID, "f-go").click()
    WebDriverWait(app.driver, 20).until(lambda d: "table=shop.orders" in d.current_url and
                                        d.execute_script("return document.body.getAttribute('data-ready')"))
    wanted = [(e["pos"], e["type"]) for e in jsonl("events", "--format", "jsonl", "--table", "shop.orders", name)
              if e["type"] == "TABLE_MAP_EVENT" or "ROWS" in e["type"]]
    assert _listed(app) == wanted[:100] and wanted
    # a jump to a byte position inside an event starts at the next event
    middle = every[len(every) // 2]
    app.open("events", "events", file=name, pos=middle["pos"] + 1)
    assert _listed(app)[0][0] == every[len(every) // 2 + 1]["pos"]
    # a time window
    from datetime import UTC, datetime

    times = sorted({e["timestamp"] for e in every})
    start, stop = (datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S") for t in
                   (times[len(times) // 3], times[2 * len(times) // 3]))
    app.open("events", "events", **{"file": name, "start-datetime": start, "stop-datetime": stop})
    window = [(e["pos"], e["type"]) for e in jsonl("events", "--format", "jsonl", "--start-datetime", start,
                                                   "--stop-datetime", stop, name)]
    assert _listed(app) == window[:100] and window
    # GTIDs
    gtid = next(e["body"]["gtid"] for e in every if e["type"] == "GTID_EVENT")
    app.open("events", "events", **{"file": name, "include-gtids": gtid})
    assert _listed(app) == [(e["pos"], e["type"])
                            for e in jsonl("events", "--format", "jsonl", "--include-gtids", gtid, name)][:100]
    app.check_clean()


def _spec_header_layout() -> dict[str, tuple[int, int]]:
    """The common header's fields and their offsets and sizes, from ksy/binlog_event.ksy (v4: 19 bytes)."""
    spec = yaml.safe_load((ROOT / "ksy" / "binlog_event.ksy").read_text())
    sizes = {"u1": 1, "u2": 2, "u4": 4, "u8": 8}
    layout, offset = {}, 0
    for field in spec["types"]["event_header"]["seq"]:
        if field.get("type") in sizes:
            size = sizes[field["type"]]
            layout[field["id"]] = (offset, offset + size)
            offset += size
    return layout


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.capitalize() for p in rest)


def _children(node: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in node["children"]}


def _highlighted(app: App) -> list[int]:
    return [int(s.get_attribute("data-off")) for s in app.driver.find_elements(By.CSS_SELECTOR, "#hex span.hl")]


def check_event_view(app: App, name: str, e: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Open one event (``e`` as ``events --format jsonl`` prints it); check its tree and bytes; its body's nodes."""
    layout = _spec_header_layout()
    kind = e["type"]
    app.open("event", "event", file=name, pos=e["pos"], inner=e.get("in_payload"))
    tree = app.driver.execute_script("return window.EVENT_TREE")
    assert tree is not None, kind
    assert (tree["start"], tree["end"]) == (0, e["length"])
    top = _children(tree)
    header = _children(top["header"])
    # the header: values as events --format jsonl gives them, at the spec's offsets
    assert header["timestamp"]["value"] == e["timestamp"]
    assert header["typeCode"]["value"] == e["type_code"]
    assert header["serverId"]["value"] == e["server_id"]
    assert header["eventLength"]["value"] == e["length"]
    assert header["nextPosition"]["value"] == e["end_pos"]
    assert header["flags"]["value"] == e["flags"]
    for field, (start, end) in layout.items():
        node = header[_camel(field)]
        assert (node["start"], node["end"]) == (start, end), (kind, field)
    # the body: every scalar field of the JSON has its value in a field of that name in the tree (at any depth:
    # the JSON flattens some structures)
    body = _children(_children(top["body"])["data"]) if "data" in _children(top["body"]) else {}
    named: dict[str, list[dict[str, Any]]] = {}

    def collect(node: dict[str, Any]) -> None:
        if not node["children"] and not node.get("lazy"):  # an instance not computed yet: no value
            named.setdefault(node["name"], []).append(node)
        for child in node["children"]:
            collect(child)

    collect(top["body"])
    same = 0
    for key, value in (e["body"] or {}).items():
        if isinstance(value, (dict, list, bool)) or value is None:
            continue
        candidates = [n for n in named.get(_camel(key), []) if not isinstance(n["value"], bool)]
        if not candidates or (isinstance(value, str) and all(isinstance(n["value"], int) for n in candidates)):
            continue  # not in the tree, or an enum: a name in JSON, a number in Kaitai's JavaScript

        def equal(node: dict[str, Any], value: Any = value) -> bool:
            if node.get("bytes") and isinstance(value, str) and node["value"] != value:
                return bytes.fromhex(node["value"]).decode(errors="replace") == value  # text decoded in JSON
            return bool(node["value"] == value)

        assert any(equal(n) for n in candidates), (kind, key, value, [n["value"] for n in candidates])
        same += 1
    assert same >= 1, (kind, sorted(named), sorted(e["body"] or {}))
    # selecting a field highlights its bytes; clicking a byte selects its field
    assert app.driver.execute_script("return window.selectField('event/header/serverId')")
    assert _highlighted(app) == list(range(*layout["server_id"]))
    app.driver.find_element(By.CSS_SELECTOR, '#hex span.b[data-off="10"]').click()
    assert app.driver.find_element(By.CSS_SELECTOR, "#hex").get_attribute("data-selected") == \
        "event/header/eventLength"
    assert _highlighted(app) == list(range(*layout["event_length"]))
    app.check_clean()
    return body


def check_rows_view(app: App, e: dict[str, Any], changes: list[dict[str, Any]], every: list[dict[str, Any]]) -> None:
    """The open rows event shows the changes ``rows --format jsonl`` gives for it, and its TABLE_MAP."""
    shown = json.loads(app.driver.find_element(By.ID, "rows").get_attribute("data-changes"))
    expected = [c for c in changes if c["file"] == e["file"] and c["pos"] == e["pos"]]
    if e.get("in_payload") is not None:  # the changes of the payload's events carry its position: this one's op
        op = next(op for word, op in (("WRITE", "insert"), ("UPDATE", "update"), ("DELETE", "delete"))
                  if word in e["type"])
        expected = [c for c in expected if c["op"] == op]
    assert shown == expected and expected
    # clicking a value highlights its bytes: the value as the row image stores it (integers little-endian, text
    # as its bytes), by the column types of the TABLE_MAP
    raw = Path(e["file"]).read_bytes()
    key = (e["pos"], e.get("in_payload", -1))
    (tm_event,) = [m for m in every
                   if m["type"] == "TABLE_MAP_EVENT" and (m["pos"], m.get("in_payload", -1)) < key][-1:]
    types = [c["real_type"] for c in tm_event["body"]["column_metadata"]["columns"]]
    checked = 0
    if e.get("in_payload") is None:
        for i, change in enumerate(expected):
            for which in ("before", "after"):
                image = change[which] or {}
                if len(image) != len(types):
                    continue  # not every column present: no type by position
                for column, kind, value in zip(image, types, image.values(), strict=True):
                    if value is None or kind not in ("tiny", "short", "int24", "long", "longlong", "varchar"):
                        continue
                    cell = app.driver.find_element(By.CSS_SELECTOR, f'#rows tr[data-change="{i}"]'
                                                   f'[data-image="{which}"] td[data-column="{column}"]')
                    cell.click()
                    assert app.driver.find_element(By.ID, "hex").get_attribute("data-selected") == \
                        f"rows/{i}/{which}/{column}"
                    hl = _highlighted(app)
                    assert hl == list(range(hl[0], hl[0] + len(hl)))
                    stored = raw[e["pos"] + hl[0]:e["pos"] + hl[-1] + 1]
                    if kind == "varchar":
                        # in the column's charset (utf8mb4 or latin1 in these binlogs)
                        assert value in (stored.decode(errors="replace"), stored.decode("latin-1")), (column, stored)
                    else:
                        assert value in (int.from_bytes(stored, "little", signed=True),
                                         int.from_bytes(stored, "little")), (column, value, stored)
                    checked += 1
        assert checked
    names = app.driver.execute_script(
        "return [...document.querySelectorAll('#table-columns tbody tr')].map(tr => tr.children[1].textContent)")
    for change in expected:
        for image in (change["before"], change["after"]):
            assert image is None or set(image) <= set(names)
    table_map = json.loads(app.driver.find_element(By.ID, "table-map").text)
    assert f"{table_map['schema']}.{table_map['table']}" == f"{expected[0]['schema']}.{expected[0]['table']}"
    maps = [m for m in every if m["type"] == "TABLE_MAP_EVENT" and (m["pos"], m.get("in_payload", -1)) < key]
    assert table_map == maps[-1]["body"]


def test_event_tree_bytes_rows_and_table_map(app: App) -> None:
    name = FILES[0]
    every = jsonl("events", "--format", "jsonl", name)
    raw_file = Path(name).read_bytes()
    by_type: dict[str, dict[str, Any]] = {}
    for e in every:
        by_type.setdefault(e["type"], e)
    assert {"FORMAT_DESCRIPTION_EVENT", "GTID_EVENT", "QUERY_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT_V1",
            "XID_EVENT"} <= set(by_type)
    for kind, e in by_type.items():
        body = check_event_view(app, name, e)
        if kind == "GTID_EVENT":  # an instance the parse did not need: computed when clicked
            lazy = app.driver.find_elements(By.XPATH,
                                            "//span[contains(@class,'node')][contains(., 'click to compute')]")
            assert lazy
            path = lazy[0].get_attribute("data-path")
            lazy[0].click()
            computed = app.driver.find_element(By.CSS_SELECTOR, f'span.node[data-path="{path}"]')
            assert "click to compute" not in computed.text and " = " in computed.text
            app.check_clean(requests=False)
        if kind == "QUERY_EVENT":
            query = body["query"]
            assert app.driver.execute_script("return window.selectField('event/body/data/query')")
            hl = _highlighted(app)
            assert hl == list(range(query["start"], query["end"]))
            assert raw_file[e["pos"] + hl[0]:e["pos"] + hl[-1] + 1].decode() == e["body"]["query"]
            screenshot(app.driver, "explore-event", full_page=False)
        if kind == "WRITE_ROWS_EVENT_V1":
            check_rows_view(app, e, jsonl("rows", "--format", "jsonl", name), every)
            screenshot(app.driver, "explore-rows-event", full_page=False)


def _blocks(script: str) -> dict[str, str]:
    """The transaction blocks of an `sql` script by their `file:pos` (the header's)."""
    out = {}
    for block in script.split("\n-- ")[1:]:
        head = block.split("\n", 1)[0]
        where = re.search(r"transaction at (\S+)", head)
        assert where
        out[where.group(1)] = "-- " + block.rstrip("\n") + "\n"
    return out


def test_transaction_changes_and_sql(app: App) -> None:
    name = FILES[1]
    changes = jsonl("rows", "--format", "jsonl", name)
    redo = _blocks(run_cli("sql", name).stdout)
    undo = _blocks(run_cli("sql", "--flashback", name).stdout)
    # a transaction with updates, through the link of one of its events
    update = next(c for c in changes if c["op"] == "update")
    app.open("event", "event", file=name, pos=update["pos"])
    app.driver.find_element(By.PARTIAL_LINK_TEXT, "its transaction").click()
    WebDriverWait(app.driver, 20).until(
        lambda d: d.execute_script("return document.body.getAttribute('data-view') === 'tx' && "
                                   "document.body.getAttribute('data-ready') !== null"))
    detail = app.driver.execute_script("return window.TRANSACTION_DETAIL")
    shown = json.loads(app.driver.find_element(By.ID, "tx-changes").get_attribute("data-changes"))
    assert shown == [c for c in changes if c["gtid"] == update["gtid"]]
    key = f"{name}:{detail['pos']}"
    assert app.driver.find_element(By.ID, "redo-sql").text.strip() == redo[key].strip()
    assert app.driver.find_element(By.ID, "undo-sql").text.strip() == undo[key].strip()
    assert detail["redo_sql"].rstrip("\n") + "\n" == redo[key]
    assert detail["undo_sql"].rstrip("\n") + "\n" == undo[key]
    # copy: to the clipboard, or (when the browser does not allow it) the text selected for Ctrl-C
    button = app.driver.find_element(By.ID, "undo-sql-copy")
    button.click()
    WebDriverWait(app.driver, 10).until(lambda d: button.text != "Copy")
    if button.text.startswith("Selected"):
        assert app.driver.execute_script("return getSelection().toString()").strip() == undo[key].strip()
    else:
        assert button.text == "Copied"
    events = [e["pos"] for e in jsonl("events", "--format", "jsonl", "--include-gtids", update["gtid"], name)
              if e["type"] not in ("FORMAT_DESCRIPTION_EVENT", "GTID_LIST_EVENT", "BINLOG_CHECKPOINT_EVENT",
                                    "ROTATE_EVENT", "STOP_EVENT")]
    assert [e["pos"] for e in detail["events"]] == events
    app.check_clean()
    screenshot(app.driver, "explore-transaction")


def test_pages_and_events_answer_from_any_position(app: App) -> None:
    """From every 20th event of a file (the position index built once): the page of events starts at it, in
    file order, the event itself is the CLI's, and the table's page holds none before it. (How fast is
    benchmarks/bench_explore.py's business, side by side with mariadb-binlog; a timed test only measured the
    machine's load.)"""
    name = FILES[1]
    every = jsonl("events", "--format", "jsonl", name)
    app.api("events", file=name, table="shop.orders", pos=every[-1]["pos"])  # builds the position index once
    checked = 0
    for i in range(0, len(every), max(1, len(every) // 20)):
        e = every[i]
        page, _ = app.api("events", file=name, pos=e["pos"], limit=100)
        assert [ev["pos"] for ev in page["events"]] == [ev["pos"] for ev in every[i:i + 100]]
        detail, _ = app.api("event", file=name, pos=e["pos"])
        assert detail["event"] == e
        orders, _ = app.api("events", file=name, pos=e["pos"], table="shop.orders")
        assert all(ev["pos"] >= e["pos"] for ev in orders["events"])
        checked += 1
    assert checked >= 10


def test_only_loopback_names_are_served(app: App) -> None:
    request = urllib.request.Request(app.url + "api/files", headers={"Host": "attacker.example:80"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(request)
    assert err.value.code == 403
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(app.url + "static/../server.py")
    assert err.value.code == 404


@pytest.mark.slow
def test_large_binlog_pages_and_events_from_the_position_index(tmp_path: Path) -> None:
    """A 32 MB binlog: the overview equals stats, and once the position index is built every page and event
    is found from any byte (how fast is benchmarks/bench_explore.py's business, not a test's)."""
    from big_binlog import grow_binlog

    big = tmp_path / "big.000001"
    grow_binlog(SHOP / "binlog.000002", big, 32 << 20)
    size = big.stat().st_size
    stats = json.loads(run_cli("stats", "--format", "json", str(big)).stdout)
    proc, url = start_explore([str(big)], ["--no-cache"], tmp_path)
    try:
        app = App(url, None)
        overview, _ = app.api("overview")  # the server computes it once (started at launch)
        assert overview["overview"]["stats"] == stats
        assert app.api("overview")[0] == overview
        every = jsonl("events", "--format", "jsonl", "--start-position", str(size // 2),
                      "--stop-position", str(size // 2 + 200_000), str(big))
        # after the overview, the server builds the position index in a child process: then every event is fast
        deadline = time.monotonic() + 120
        while app.api("files")[0]["indexed"] < 1:
            assert time.monotonic() < deadline, "the position index was not built"
            time.sleep(0.5)
        for offset in (4, size // 4, size // 2, size - 100_000):
            page, _ = app.api("events", file=big.name, pos=offset)
            assert len(page["events"]) == 100 and page["events"][0]["pos"] >= offset
            orders, _ = app.api("events", file=big.name, pos=offset, table="shop.orders")
            assert orders["events"] and all(e["pos"] >= offset for e in orders["events"])
        for e in every[:40:4]:
            detail, _ = app.api("event", file=big.name, pos=e["pos"])
            assert detail["event"] == e
    finally:
        proc.terminate()
        proc.wait(10)


MYSQL_COMPRESSED = FIXTURES / "apecloud__mysql-binlog-connector-rust" / "tests__parse_file_tests__mysql-bin.000057"


def test_mysql_compressed_transactions(tmp_path: Path) -> None:
    name = str(MYSQL_COMPRESSED)
    every = jsonl("events", "--format", "jsonl", name)
    changes = jsonl("rows", "--format", "jsonl", name)
    # sql writes the first transaction (its table's names come from the DDL before it) and refuses the second
    # (no column names): the page must show the first's SQL and the same refusal for the second
    sql = run_cli("sql", name, check=False)
    assert sql.returncode == 1
    redo = _blocks(sql.stdout)
    undo = _blocks(run_cli("sql", "--flashback", "--table", "a.b", name).stdout)
    refusal = sql.stderr.strip().split("error: ", 1)[1]
    assert any(e.get("in_payload") is not None for e in every)
    proc, url = start_explore([name], [], tmp_path)
    try:
        with chromium() as driver:
            app = App(url, driver)
            app.open("events", "events", file=name)
            assert _listed(app) == [(e["pos"], e["type"]) for e in every]
            inner = driver.execute_script(
                "return [...document.querySelectorAll('#events tbody tr')].map(tr => tr.getAttribute('data-inner'))")
            assert inner == ["" if e.get("in_payload") is None else str(e["in_payload"]) for e in every]
            for e in every:
                check_event_view(app, name, e)
                if "ROWS_EVENT" in e["type"] and "QUERY" not in e["type"]:
                    check_rows_view(app, e, changes, every)
            for start in {c["pos"] for c in changes}:
                gtid_event = max((e for e in every if e["pos"] < start and "GTID" in e["type"]), key=lambda e: e["pos"])
                app.open("tx", "tx", file=name, pos=gtid_event["pos"])
                shown = json.loads(str(driver.find_element(By.ID, "tx-changes").get_attribute("data-changes")))
                assert shown == [c for c in changes if c["pos"] == start]
                problems = [p.text for p in driver.find_elements(By.CSS_SELECTOR, "#view p.warn")]
                key = f"{name}:{gtid_event['pos']}"
                if key in redo:
                    assert driver.find_element(By.ID, "redo-sql").text.strip() == redo[key].strip()
                    assert driver.find_element(By.ID, "undo-sql").text.strip() == undo[key].strip()
                else:
                    assert refusal in problems
                    assert driver.find_elements(By.ID, "redo-sql") == []
                app.check_clean()
    finally:
        proc.terminate()
        proc.wait(10)


def test_port_in_use_and_usage_errors(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("explore", FILES[0], "--no-browser", "--port", str(port), check=False)
        assert result.returncode == 2 and f"127.0.0.1:{port}" in result.stderr
    assert run_cli("explore", FILES[0], "--no-browser", "--big-bytes", "lots", check=False).returncode == 2


def test_damaged_file(tmp_path: Path) -> None:
    good = SHOP / "binlog.000002"
    damaged = tmp_path / "damaged.000002"
    raw = bytearray(good.read_bytes())
    raw[3000:3010] = b"\xff" * 10
    damaged.write_bytes(bytes(raw))
    name = str(damaged)
    skipped = run_cli("events", "--format", "jsonl", "--on-error", "skip", name, check=False)
    assert skipped.returncode == 1
    every = [json.loads(line) for line in skipped.stdout.splitlines()]
    proc, url = start_explore([name], [], tmp_path)
    try:
        with chromium() as driver:
            app = App(url, driver)
            app.open("overview", "overview")
            errors = driver.execute_script("return window.OVERVIEW_DATA.errors")
            assert len(errors) == 1 and errors[0]["offset"] <= 3000 < errors[0]["offset"] + errors[0]["length"]
            # every page, cursor after cursor (a page may end early when reading it takes long)
            listed: list[tuple[int, str]] = []
            damage: list[int] = []
            cursor: dict[str, int] | None = {"pos": 4, "inner": -1}
            while cursor is not None:
                page, _ = app.api("events", file=name, limit=1000, exact=1, **cursor)
                listed += [(e["pos"], e["type"]) for e in page["events"]]
                damage += [e["offset"] for e in page["errors"]]
                cursor = page["next"]
            assert listed == [(e["pos"], e["type"]) for e in every]
            assert sorted(set(damage)) == [errors[0]["offset"]]
            app.open("events", "events", file=name, pos=errors[0]["offset"] - 200)
            assert _listed(app) == [(e["pos"], e["type"]) for e in every if e["pos"] >= errors[0]["offset"] - 200][
                :len(_listed(app))]
            shown = driver.find_elements(By.CSS_SELECTOR, "#page-errors tbody tr")
            assert [int(tr.find_elements(By.TAG_NAME, "td")[0].text) for tr in shown] == [errors[0]["offset"]]
            after = next(e for e in every if e["pos"] > 3000)
            check_event_view(app, name, after)  # the events after the damage open as the others (checks the log)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_file_that_is_not_a_binlog(tmp_path: Path) -> None:
    junk = tmp_path / "junk.000001"
    junk.write_bytes(b"not a binlog at all" * 10)
    proc, url = start_explore([str(junk), FILES[0]], [], tmp_path)
    try:
        app = App(url, None)
        overview, _ = app.api("overview")
        (error,) = overview["overview"]["errors"]
        assert error["file"] == str(junk) and error["offset"] == 0
        with pytest.raises(urllib.error.HTTPError) as err:
            app.api("events", file=str(junk))
        assert err.value.code == 422 and "not a binlog" in json.load(err.value)["error"]
        page, _ = app.api("events", file=FILES[0])  # the other file reads as ever
        assert page["events"][0]["type"] == "FORMAT_DESCRIPTION_EVENT"
    finally:
        proc.terminate()
        proc.wait(10)
