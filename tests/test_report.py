"""``binlog-ksy report``: one HTML file, opened from file:// in headless Chromium with no network.

The page must log no error and request nothing but itself, and what it shows must be the figures of
``binlog-ksy stats --format json`` with the same flags (per-table rows and bytes, transactions, the big
and long transactions), with its charts drawn from the same numbers.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_session import ROOT, chromium, console_errors, requested_urls, run_cli, screenshot, set_dark
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixture_index import FIXTURES

SHOP = ROOT / "samples" / "mariadb-10.11" / "shop-full"
COMPRESSED = ROOT / "samples" / "mariadb-10.11" / "shop-compressed"
MYSQL_GTID = [FIXTURES / "Percona-Lab__percona-binlog-server" / name for name in (
    "mtr__binlog_streaming__std_data__data_80045_gtid.zip__data_80045_gtid__binlog.000001",
    "mtr__binlog_streaming__std_data__data_80045_gtid.zip__data_80045_gtid__binlog.000002")]


def shop_files(folder: Path) -> list[str]:
    return [str(p) for p in sorted(folder.glob("binlog.*"))]


def _cells(driver: Any, selector: str) -> list[list[str]]:
    return [[td.text for td in tr.find_elements(By.CSS_SELECTOR, "td")]
            for tr in driver.find_elements(By.CSS_SELECTOR, selector)]


def _open(driver: Any, path: Path) -> None:
    driver.get(path.as_uri())
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")


def check_report(tmp_path: Path, files: list[str], flags: list[str], shot: str | None = None) -> dict[str, Any]:
    out = tmp_path / "report.html"
    result = run_cli("report", *files, "--output", str(out), *flags)
    assert out.exists() and "wrote" in result.stderr
    stats = json.loads(run_cli("stats", "--format", "json", *files, *flags).stdout)
    page = out.read_text(encoding="utf-8")
    assert "http://" not in page.split("<script", 1)[0] and "default-src 'none'" in page
    policy = page.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]  # scripts by hash only
    with chromium() as driver:
        _open(driver, out)
        assert console_errors(driver) == []
        urls = requested_urls(driver)
        assert urls and all(u == out.as_uri() for u in urls), urls  # the page itself, nothing else
        shown = driver.execute_script("return window.REPORT_DATA")
        assert shown["stats"] == stats

        _check_tables_and_lists(driver, stats)
        _check_charts(driver, stats, shown)
        _check_themes(driver, out, shot)
        return {"stats": stats, "data": shown, "size": out.stat().st_size}


def _check_tables_and_lists(driver: Any, stats: dict[str, Any]) -> None:
    """Per-table figures, the summary and the big/long lists as the page shows them."""
    rows = {str(tr.get_attribute("data-table")): tr
            for tr in driver.find_elements(By.CSS_SELECTOR, "#table-stats tr[data-table]")}
    assert sorted(rows) == sorted(stats["tables"])
    for name, tr in rows.items():
        for op in ("insert", "update", "delete"):
            assert int(tr.find_element(By.CSS_SELECTOR, f'td[data-op="{op}"]').text) == stats["tables"][name][op]
            assert int(tr.find_element(By.CSS_SELECTOR, f'td[data-bytes="{op}"]').text) == \
                stats["table_bytes"][name][op]
    summary = {dd.get_attribute("data-key"): dd.text
               for dd in driver.find_elements(By.CSS_SELECTOR, "#summary dd")}
    assert int(summary["transactions"]) == stats["transactions"]
    assert int(summary["big"]) == len(stats["big_transactions"])
    assert int(summary["long"]) == len(stats["long_transactions"])
    assert int(summary["rows"]) == sum(sum(ops.values()) for ops in stats["tables"].values())
    for kind in ("big", "long"):
        listed = _cells(driver, f"#{kind}-transactions tbody tr")
        expected = stats[f"{kind}_transactions"]
        assert len(listed) == len(expected)
        for cells, t in zip(listed, expected, strict=True):
            assert cells[0] == (t["gtid"] or "–")
            assert cells[1].endswith(f":{t['start_pos']}")
            assert [int(c) for c in cells[2:6]] == [t["end_pos"], t["rows"], t["bytes"], t["seconds"]]


def _check_charts(driver: Any, stats: dict[str, Any], shown: dict[str, Any]) -> None:
    """The charts: drawn by Chart.js, from the same numbers, with axis titles and units."""
    charts = driver.execute_script("""
        const out = {};
        for (const c of document.querySelectorAll('canvas')) {
          const chart = Chart.getChart(c);
          out[c.id] = chart ? chart.data.datasets.map(d => ({label: d.label, type: d.type || chart.config.type,
            data: d.data.map(p => typeof p === 'object' ? p.y : p)})) : null;
        }
        return out;""")
    assert set(charts) == {"chart-timeline", "chart-tx-rows", "chart-tx-bytes", "chart-tx-seconds",
                           "chart-table-bytes", "chart-type-bytes"}
    assert all(v is not None for v in charts.values())
    timeline = {d["label"]: sum(d["data"]) for d in charts["chart-timeline"] if d["type"] == "line"}
    assert timeline == {name: sum(ops.values()) for name, ops in stats["tables"].items() if sum(ops.values())}
    for key in ("chart-tx-rows", "chart-tx-bytes", "chart-tx-seconds"):
        assert sum(charts[key][0]["data"]) == stats["transactions"]
    by_op = {d["label"]: d["data"] for d in charts["chart-table-bytes"]}
    assert by_op == {op: [stats["table_bytes"][n][op] for n in stats["table_bytes"]]
                     for op in ("insert", "update", "delete")}
    type_bytes = sum(charts["chart-type-bytes"][0]["data"])
    assert type_bytes == sum(f["bytes"] for f in shown["files"])
    # axis titles say what is drawn, with units
    titles = driver.execute_script("""return Object.fromEntries([...document.querySelectorAll('canvas')].map(c =>
        [c.id, Object.values(Chart.getChart(c).options.scales).map(s => s.title.text)]))""")
    assert any("time (UTC" in t for t in titles["chart-timeline"])
    assert any("bytes" in t for t in titles["chart-tx-bytes"])
    assert any("seconds" in t for t in titles["chart-tx-seconds"])


def _check_themes(driver: Any, out: Path, shot: str | None) -> None:
    """Light and dark themes differ; screenshots of both."""
    light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    if shot:
        screenshot(driver, shot)
    set_dark(driver, True)
    _open(driver, out)
    dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert dark != light
    assert console_errors(driver) == []
    if shot:
        screenshot(driver, shot + "-dark", full_page=False)


def test_report_of_the_sample_equals_stats(tmp_path: Path) -> None:
    # a threshold low enough that the sample has a big transaction to list (its transactions take 0 s: no long
    # ones, those are in the MySQL and MariaDB workload tests)
    result = check_report(tmp_path, shop_files(SHOP), ["--big-rows", "20"], shot="report")
    data = result["data"]
    assert result["stats"]["big_transactions"]
    assert [f["flavor"] for f in data["files"]] == ["MariaDB"] * 3
    assert {f["checksum"] for f in data["files"]} == {"CRC32"}
    assert all(f["server_version"].startswith("10.11.") for f in data["files"])
    manifest = json.loads((ROOT / "samples" / "mariadb-10.11" / "manifest.json").read_text())
    sizes = {f["name"]: f["size"] for f in manifest["sets"]["shop-full"]["files"]}
    assert {Path(f["name"]).name: f["size"] for f in data["files"]} == sizes
    # the GTID range ends at the server's last GTID
    domain, server, last = manifest["sets"]["shop-full"]["gtid_binlog_pos"].split("-")
    (gtids,) = data["gtid_ranges"]
    assert gtids["source"] == f"{domain}-{server}" and gtids["ranges"][-1][1] == int(last)
    assert data["errors"] == []
    assert result["size"] < 400_000  # aggregates, not events


def test_report_with_filters_and_compressed_events(tmp_path: Path) -> None:
    check_report(tmp_path, shop_files(COMPRESSED), ["--table", "shop.orders*", "--big-bytes", "2K"])


def test_report_of_mysql_gtid_files(tmp_path: Path) -> None:
    result = check_report(tmp_path, [str(p) for p in MYSQL_GTID], ["--long-seconds", "0"])
    data = result["data"]
    assert {f["flavor"] for f in data["files"]} == {"MySQL"}
    assert all(g["flavor"] == "mysql" and ":" in g["text"] for g in data["gtid_ranges"])
    assert sum(g["count"] for g in data["gtid_ranges"]) == result["stats"]["transactions"]
    # each file's PREVIOUS_GTIDS, as events --format jsonl reads it
    for f, path in zip(data["files"], MYSQL_GTID, strict=True):
        events = [json.loads(line) for line in run_cli("events", "--format", "jsonl", str(path)).stdout.splitlines()]
        (previous,) = [e for e in events if e["type"] == "PREVIOUS_GTIDS_LOG_EVENT"]
        assert f["gtids_before"] == previous["body"]["gtid_set"]


def test_report_lists_damage(tmp_path: Path) -> None:
    good = SHOP / "binlog.000002"
    damaged = tmp_path / "damaged.000002"
    raw = bytearray(good.read_bytes())
    raw[3000:3010] = b"\xff" * 10
    damaged.write_bytes(bytes(raw))
    out = tmp_path / "damaged.html"
    result = run_cli("report", str(damaged), "--output", str(out), check=False)
    assert result.returncode == 1 and out.exists()
    with chromium() as driver:
        _open(driver, out)
        assert console_errors(driver) == []
        errors = _cells(driver, "#errors tbody tr")
        assert errors and all(row[0] == str(damaged) for row in errors)
        assert int(errors[0][1]) <= 3000 < int(errors[0][1]) + int(errors[0][2])
        # marked on the timeline at the time of the last good event before it
        good_events = json.loads("[" + ",".join(run_cli("events", "--format", "jsonl", "--stop-position",
                                                        errors[0][1], str(good)).stdout.splitlines()) + "]")
        marks = driver.execute_script("""return Chart.getChart(document.getElementById('chart-timeline')).data.datasets
            .filter(d => d.label.startsWith('damaged')).map(d => d.data.map(p => p.x))""")
        assert marks == [[good_events[-1]["timestamp"]]]


@pytest.mark.parametrize("argv", [["--output"], ["--big-rows", "x", "--output", "o.html"],
                                  ["--long-seconds", "inf", "--output", "o.html"],
                                  ["--long-seconds", "nan", "--output", "o.html"],
                                  ["--long-seconds", "1e400", "--output", "o.html"],
                                  ["--big-rows", "1e3", "--output", "o.html"]])
def test_report_usage_errors(argv: list[str]) -> None:
    assert run_cli("report", str(SHOP / "binlog.000001"), *argv, check=False).returncode == 2


def report_data(page: str) -> dict[str, Any]:
    """The overview JSON a report page embeds."""
    match = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S)
    assert match
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_report_redact_paths(tmp_path: Path) -> None:
    """--redact-paths: the files are named without their folders everywhere in the report (names, big
    transactions, errors and their messages, the page's header); without it, as given."""
    folder = tmp_path / "secret-server-layout"
    folder.mkdir()
    for name in ("binlog.000001", "binlog.000002"):
        shutil.copy(SHOP / name, folder / name)
    raw = bytearray((SHOP / "binlog.000003").read_bytes())
    raw[3000:3010] = b"\xff" * 10
    (folder / "binlog.000003").write_bytes(bytes(raw))
    # given absolute, and relative through ".." (run_cli runs in ROOT)
    given = [str(folder / "binlog.000001"), os.path.relpath(folder / "binlog.000002", ROOT),
             str(folder / "binlog.000003")]
    out = tmp_path / "report.html"
    result = run_cli("report", *given, "--output", str(out), "--big-rows", "20", "--redact-paths", check=False)
    assert result.returncode == 1, result.stderr  # the damage
    page = out.read_text(encoding="utf-8")
    for secret in (str(tmp_path), "secret-server-layout", str(ROOT), "../"):
        assert secret not in page, secret
    data = report_data(page)
    assert [f["name"] for f in data["files"]] == ["binlog.000001", "binlog.000002", "binlog.000003"]
    assert data["big_transactions"]
    assert {t["file"] for t in data["big_transactions"]} <= {f["name"] for f in data["files"]}
    assert data["errors"] and {e["file"] for e in data["errors"]} == {"binlog.000003"}
    assert "binlog.000001, binlog.000002, binlog.000003" in page  # the header
    # without the flag: as given (absolute when given so)
    run_cli("report", *given, "--output", str(out), "--big-rows", "20", check=False)
    data = report_data(out.read_text(encoding="utf-8"))
    assert [f["name"] for f in data["files"]] == given
    assert {e["file"] for e in data["errors"]} == {given[2]}
    # two files of one name cannot be told apart without their folders: refused
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(SHOP / "binlog.000001", other / "binlog.000001")
    refused = run_cli("report", given[0], str(other / "binlog.000001"), "--output", str(tmp_path / "r2.html"),
                      "--redact-paths", check=False)
    assert refused.returncode == 2 and "two files are named 'binlog.000001'" in refused.stderr
    assert not (tmp_path / "r2.html").exists()


@pytest.mark.parametrize("redact", [False, True])
def test_the_explorer_and_the_report_name_files_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        redact: bool) -> None:
    """The report's JSON and every answer of the explorer's API name the files the same way: as given on the
    command line (here one relative, one absolute), or by their file names with --redact-paths."""
    from test_explore_security import serve

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    given = [os.path.relpath(SHOP / "binlog.000001", ROOT), str(SHOP / "binlog.000002")]
    flags = ["--big-rows", "20", *(["--redact-paths"] if redact else [])]
    expected = [Path(f).name for f in given] if redact else given
    out = tmp_path / "report.html"
    run_cli("report", *given, "--output", str(out), *flags)
    report = report_data(out.read_text(encoding="utf-8"))
    srv, client = serve(given, flags)
    try:
        answers = {}
        for path in ("/api/files", "/api/overview"):
            status, _, body = client.request("GET", path)
            assert status == 200
            answers[path] = json.loads(body)
        overview = answers["/api/overview"]["overview"]
        assert answers["/api/files"]["files"] == answers["/api/overview"]["files"] == expected
        assert [f["name"] for f in overview["files"]] == [f["name"] for f in report["files"]] == expected
        assert overview["big_transactions"] == report["big_transactions"] and report["big_transactions"]
        big = report["big_transactions"][0]
        assert big["file"] in expected
        name, pos = big["file"], big["start_pos"]
        for path in (f"/api/events?file={name}", f"/api/event?file={name}&pos={pos}",
                     f"/api/transaction?file={name}&pos={pos}", f"/api/event?file={name}&pos=5"):
            status, _, body = client.request("GET", path)
            answers[path] = json.loads(body)
            assert status == (404 if path.endswith("pos=5") else 200), body
        assert answers[f"/api/events?file={big['file']}"]["file"] == big["file"]
        assert answers[f"/api/transaction?file={big['file']}&pos={big['start_pos']}"]["file"] == big["file"]
        text = list(_strings(answers))
        if redact:
            assert not [s for s in text if "shop-full" in s or str(ROOT) in s]
        else:
            assert any(str(SHOP / "binlog.000002") in s for s in text)
    finally:
        srv.shutdown()
        srv.server_close()


STATIC = ROOT / "runtime" / "explore" / "static"


def test_vendored_assets_are_what_build_sh_makes(tmp_path: Path) -> None:
    """static/vendor/ and static/kaitai/ are the pinned npm packages' files and the specs compiled by the pinned
    compiler in debug mode (./build.sh writes them; a stale copy fails here)."""
    import subprocess

    modules = ROOT / "tools" / "node_modules"
    pinned = json.loads((ROOT / "tools" / "package.json").read_text())["dependencies"]
    assert json.loads((modules / "chart.js" / "package.json").read_text())["version"] == pinned["chart.js"]
    for vendored, original in (("chart.umd.min.js", "chart.js/dist/chart.umd.min.js"),
                               ("chart.js.LICENSE.md", "chart.js/LICENSE.md"),
                               ("KaitaiStream.js", "kaitai-struct/KaitaiStream.js"),
                               ("KaitaiStream.LICENSE", "kaitai-struct/LICENSE")):
        assert (STATIC / "vendor" / vendored).read_bytes() == (modules / original).read_bytes(), vendored
    result = subprocess.run(["node", str(ROOT / "tools" / "ksc.js"), "-t", "javascript", "--debug", "-d",
                             str(tmp_path), *map(str, sorted((ROOT / "ksy").glob("*.ksy")))],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    produced = {p.name: p.read_text() for p in tmp_path.glob("*.js")}
    committed = {p.name: p.read_text() for p in (STATIC / "kaitai").glob("*.js")}
    assert produced == committed, "runtime/explore/static/kaitai/ is stale: run ./build.sh and commit"


def test_static_assets_are_package_data() -> None:
    import fnmatch
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["binlog_ksy.runtime.explore"]
    files = [p.relative_to(STATIC.parent).as_posix() for p in STATIC.rglob("*") if p.is_file()]
    assert files
    for rel in files:
        assert any(fnmatch.fnmatch(rel, pattern) and rel.count("/") == pattern.count("/") for pattern in patterns), rel


def test_the_policy_blocks_anything_else(tmp_path: Path) -> None:
    """A script or image slipped into the report (say, by a hostile table name, were it not escaped) neither
    runs nor reaches the network: the page's policy allows its own scripts only, and no request at all."""
    out = tmp_path / "report.html"
    run_cli("report", str(SHOP / "binlog.000001"), "--output", str(out))
    page = out.read_text(encoding="utf-8")
    tampered = tmp_path / "tampered.html"
    tampered.write_text(page.replace("</main>", "</main><script>window.INJECTED = 1</script>"
                                     "<img src='http://192.0.2.1/x.png'>"), encoding="utf-8")
    with chromium() as driver:
        _open(driver, tampered)
        assert driver.execute_script("return window.INJECTED === undefined && window.REPORT_DATA !== undefined")
        errors = console_errors(driver)
        assert errors and all("Content Security Policy" in e["message"] for e in errors), errors
        blocked: dict[str, str] = {}
        urls = requested_urls(driver, blocked)
        assert "http://192.0.2.1/x.png" in urls  # asked for, and refused before anything was sent
        assert all(u == tampered.as_uri() or blocked.get(u) == "csp" for u in urls), (urls, blocked)
