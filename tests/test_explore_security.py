"""``binlog-ksy explore`` answers only what it should: hostile requests against a started server.

Each request of the issue is sent as is (http.client, raw sockets) to a server started in this process
(:func:`make_server`, as ``explore`` starts it, with a short idle timeout): parameters out of range or not
finite get 400 with a JSON error naming them; every method but GET and HEAD 405 after the same checks as GET;
cross-site requests 403; every answer has the same security headers; an idle connection is closed. The
overview's cache is bounded (memory and disk, one pass at a time) and private (0700 folder, 0600 files).
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.cli import build_parser
from binlog_ksy.runtime.explore import server as explore_server
from binlog_ksy.runtime.explore.server import OVERVIEWS_KEPT, Explorer, make_server
from fixture_index import ROOT

SHOP = ROOT / "samples" / "mariadb-10.11" / "shop-full"
FILE = str(SHOP / "binlog.000001")
IDLE = 1.0  # the server's idle timeout here (30 s by default)


class Server:
    def __init__(self, port: int) -> None:
        self.port = port
        self.host = f"127.0.0.1:{port}"

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in {"Host": self.host, **(headers or {})}.items():
                conn.putheader(name, value)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            res = conn.getresponse()
            return res.status, {k.lower(): v for k, v in res.getheaders()}, res.read()
        finally:
            conn.close()


def serve(files: list[str], flags: list[str] | None = None) -> tuple[Any, Server]:
    args = build_parser().parse_args(["explore", *files, "--no-browser", *(flags or [])])
    srv = make_server(files, args, idle_timeout=IDLE)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, Server(srv.server_address[1])


@pytest.fixture(scope="module")
def cache_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("xdg-cache")
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(home)
    try:
        yield home
    finally:
        if before is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture(scope="module")
def server(cache_home: Path) -> Iterator[Server]:
    srv, client = serve([FILE])
    try:
        yield client
    finally:
        srv.shutdown()
        srv.server_close()


def check_headers(headers: dict[str, str], body: bytes, json_body: bool = True) -> Any:
    """The headers every answer has; the JSON body when ``json_body``."""
    assert headers["content-security-policy"] == explore_server._CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["cache-control"] == "no-store"
    assert headers["cross-origin-resource-policy"] == "same-origin"
    if json_body:
        assert headers["content-type"] == "application/json; charset=utf-8"
        return json.loads(body, parse_constant=lambda c: pytest.fail(f"{c} in {body!r}"))
    return None


# -- parameters ------------------------------------------------------------------------------------------

BAD_PARAMETERS = [
    ("overview", "long-seconds", "nan"), ("overview", "long-seconds", "inf"), ("overview", "long-seconds", "1e400"),
    ("overview", "long-seconds", "-1"), ("overview", "long-seconds", "-inf"), ("overview", "long-seconds", "1e10"),
    ("overview", "long-seconds", "NaN"), ("overview", "long-seconds", "x"),
    ("overview", "big-rows", "1e3"), ("overview", "big-rows", "-1"), ("overview", "big-rows", "nan"),
    ("overview", "big-rows", "99999999999999999999"), ("overview", "big-rows", "1.5"), ("overview", "big-rows", "١٢"),
    ("overview", "big-bytes", "inf"), ("overview", "big-bytes", "1T"), ("overview", "big-bytes", "-5"),
    ("overview", "big-bytes", "99999999999999999999G"),
    ("events", "pos", "nan"), ("events", "pos", "-1"), ("events", "pos", "1e400"), ("events", "pos", "9" * 5000),
    ("events", "pos", "1_000"), ("events", "pos", " 12"), ("events", "inner", "-2"), ("events", "inner", "0.5"),
    ("events", "limit", "0"), ("events", "limit", "1001"), ("events", "limit", "inf"), ("events", "exact", "yes"),
    ("event", "pos", "inf"), ("event", "pos", "-4"), ("event", "inner", "-1"), ("event", "inner", "nan"),
    ("transaction", "pos", "1e3"), ("transaction", "pos", "9223372036854775808"),
]


@pytest.mark.parametrize(("api", "key", "value"), BAD_PARAMETERS)
def test_bad_parameters_get_400_naming_them(server: Server, api: str, key: str, value: str) -> None:
    from urllib.parse import quote

    extra = "" if key == "pos" else "&pos=4"
    status, headers, body = server.request("GET", f"/api/{api}?{key}={quote(value)}{extra}")
    answer = check_headers(headers, body)
    assert status == 400, body
    assert set(answer) == {"error"} and answer["error"].startswith(key), answer


def test_required_and_good_parameters(server: Server) -> None:
    status, headers, body = server.request("GET", "/api/event")
    assert status == 400 and check_headers(headers, body) == {"error": "pos is required"}
    status, headers, body = server.request("GET", "/api/events?pos=4&inner=-1&limit=1000&exact=1")
    assert status == 200 and check_headers(headers, body)["events"]
    status, _, body = server.request("GET", f"/api/events?pos={(1 << 63) - 1}&limit=1")
    assert status == 200 and json.loads(body)["events"] == []
    status, _, body = server.request("GET", "/api/event?pos=4")
    assert status == 200 and json.loads(body)["event"]["type"] == "FORMAT_DESCRIPTION_EVENT"


def test_the_overview_with_good_and_bad_thresholds(server: Server, cache_home: Path) -> None:
    status, headers, body = server.request("GET", "/api/overview?long-seconds=0&big-rows=5&big-bytes=2K")
    overview = check_headers(headers, body)["overview"]
    assert status == 200
    assert overview["thresholds"] == {"big_rows": 5, "big_bytes": 2048, "long_seconds": 0}
    for value in ("nan", "inf", "1e400"):  # the requests: no NaN, no Infinity, a 400
        status, headers, body = server.request("GET", f"/api/overview?long-seconds={value}")
        assert status == 400 and "long-seconds" in check_headers(headers, body)["error"]
    folder = cache_home / "binlog-ksy"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (cached,) = folder.glob("overview-*.json")
    assert stat.S_IMODE(cached.stat().st_mode) == 0o600


def test_unknown_paths_and_apis(server: Server) -> None:
    for path in ("/nowhere", "/api/nothing", "/static/../server.py", "/static/server.py"):
        status, headers, body = server.request("GET", path)
        assert status == 404 and "error" in check_headers(headers, body)
    status, _, body = server.request("GET", "/api/events?file=/etc/passwd")
    assert status == 404 and json.loads(body) == {"error": "no such file: /etc/passwd"}


# -- methods ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "FOO", "get"])
def test_every_method_but_get_and_head_gets_405(server: Server, method: str) -> None:
    status, headers, body = server.request(method, "/api/files", body=b"x=1" if method == "POST" else None)
    assert status == 405, body
    assert headers["allow"] == "GET, HEAD"
    assert "error" in check_headers(headers, body) and method in json.loads(body)["error"]
    # the same checks as GET first: a wrong Host, a cross-site request, are refused before
    status, headers, body = server.request(method, "/api/files", {"Host": "attacker.example"})
    assert status == 403 and "host" in check_headers(headers, body)["error"]
    status, headers, body = server.request(method, "/", {"Origin": "http://attacker.example"})
    assert status == 403 and "cross-origin" in check_headers(headers, body)["error"]


def test_head_answers_as_get_without_a_body(server: Server) -> None:
    for path in ("/", "/api/files", "/static/app.js", "/api/events?pos=nan"):
        got = server.request("GET", path)
        head = server.request("HEAD", path)
        assert head[0] == got[0] and head[2] == b""
        assert head[1]["content-length"] == str(len(got[2]))
        check_headers(head[1], b"", json_body=False)
    # one connection: HEAD then GET (no stray body between them)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("HEAD", "/api/files")
        res = conn.getresponse()
        assert res.status == 200 and res.read() == b""
        conn.request("GET", "/api/files")
        assert json.load(conn.getresponse())["files"] == [FILE]
    finally:
        conn.close()


def test_a_post_body_is_never_read_as_a_request(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        smuggled = f"GET /api/files HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode()
        sock.sendall(f"POST / HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: {len(smuggled)}\r\n\r\n".encode()
                     + smuggled)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 405 ") and answer.count(b"HTTP/1.1") == 1 and b"Connection: close" in answer


# -- who may ask -----------------------------------------------------------------------------------------

def test_only_this_server_by_its_loopback_names(server: Server) -> None:
    port = server.port
    for host in ("attacker.example", f"attacker.example:{port}", f"127.0.0.1:{port + 1}", "127.0.0.1",
                 f"localhost.attacker.example:{port}", ""):
        status, headers, body = server.request("GET", "/api/files", {"Host": host})
        assert status == 403 and "forbidden host" in check_headers(headers, body)["error"], host
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        assert server.request("GET", "/api/files", {"Host": host})[0] == 200, host


def test_cross_site_requests_are_refused(server: Server) -> None:
    port = server.port
    refused = [{"Origin": "http://attacker.example"}, {"Origin": "null"}, {"Origin": f"http://127.0.0.1:{port + 1}"},
               {"Origin": f"https://127.0.0.1:{port}"}, {"Sec-Fetch-Site": "cross-site"},
               {"Sec-Fetch-Site": "same-site"},  # another port of the same host: another site here
               {"Sec-Fetch-Site": "same-origin", "Origin": "http://attacker.example"},
               {"Sec-Fetch-Site": "cross-site", "Origin": f"http://127.0.0.1:{port}"}]
    for path in ("/api/overview?big-rows=7", "/api/files", "/", "/static/app.js"):
        for headers in refused:
            status, answer_headers, body = server.request("GET", path, headers)
            assert status == 403, (path, headers)
            assert "cross-" in check_headers(answer_headers, body)["error"]
    served = [{}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
              {"Origin": f"http://127.0.0.1:{port}"},
              {"Origin": f"http://localhost:{port}", "Host": f"localhost:{port}"},
              {"Sec-Fetch-Site": "same-origin", "Origin": f"http://127.0.0.1:{port}"}]
    for headers in served:
        assert server.request("GET", "/api/files", headers)[0] == 200, headers


def test_garbage_gets_json_with_the_headers(server: Server) -> None:
    # each exactly what the server reads before it answers (unread bytes would reset the connection)
    for raw in (b"GET /" + b"x" * (65537 - 5),  # a request line too long: 414
                b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 101,  # too many headers: 431
                b"GET / HTTP/9.9\r\n",  # 505
                b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 / HTTP/1.1\r\n\r\n"):  # TLS to an HTTP port
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(raw)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split(b" ")[1][:1] in (b"4", b"5"), answer[:200]
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.decode().partition(":") for line in head.split(b"\r\n")[1:])}
        assert "error" in check_headers(headers, body)
    assert server.request("GET", "/api/files")[0] == 200  # and it serves on


# -- idle connections ------------------------------------------------------------------------------------

@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\n", b"GET /api/files HTTP/1.1\r\nHost: {host}\r\n\r\n"])
def test_idle_connections_are_closed(server: Server, sent: bytes) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=IDLE + 10) as sock:
        sock.sendall(sent.replace(b"{host}", server.host.encode()))
        began = time.monotonic()
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
        assert time.monotonic() - began < IDLE + 5  # closed by the server (recv gave b""), not by our timeout
    assert received.startswith(b"HTTP/1.1 200 ") == sent.startswith(b"GET /api/files")


def test_the_default_idle_timeout() -> None:
    assert explore_server.IDLE_TIMEOUT == 30.0
    assert explore_server._Handler.timeout == 30.0


# -- the overview's cache --------------------------------------------------------------------------------

def _explorer(flags: list[str] | None = None) -> Explorer:
    args = build_parser().parse_args(["explore", FILE, "--no-browser", *(flags or [])])
    return Explorer([FILE], args)


def test_the_overview_cache_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A few threshold sets in memory, one file per input set on disk, one pass at a time."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    running = []
    most = [0]
    lock = threading.Lock()

    def fake(args: Any) -> dict[str, Any]:
        with lock:
            running.append(1)
            most[0] = max(most[0], len(running))
        time.sleep(0.05)
        with lock:
            running.pop()
        return {"thresholds": {"big_rows": args.big_rows}, "files": []}

    monkeypatch.setattr(explore_server, "_compute_overview", fake)
    explorer = _explorer()
    threads = [threading.Thread(target=explorer.overview, kwargs={"big_rows": n}) for n in range(1, 9)
               for _ in range(3)]  # eight threshold sets, each asked three times at once
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 1  # one pass at a time
    assert explorer.passes == 8  # each set computed once, its other askers waited for it
    assert len(explorer._overviews) == OVERVIEWS_KEPT
    kept = [key[0] for key in explorer._overviews]
    assert set(kept) < set(range(1, 9))
    folder = tmp_path / "binlog-ksy"
    (cached,) = folder.glob("overview-*.json")  # one file for these files and flags: the newest thresholds
    newest = json.loads(cached.read_text())["thresholds"][0]
    assert newest in kept
    # in memory: answered without a pass; given up: computed again (unless it is the file's)
    explorer.overview(big_rows=kept[0])
    assert explorer.passes == 8
    gone = next(n for n in range(1, 9) if n not in kept and n != newest)
    assert explorer.overview(big_rows=gone)["cached"] is False and explorer.passes == 9
    # another input set (other flags): its own file
    _explorer(["--table", "shop.orders"]).overview()
    _explorer(["--start-position", "1000"]).overview()
    _explorer(["--redact-paths", "--port", "8080", "--no-cache"]).overview()  # the same set: no file at all
    assert len(list(folder.glob("overview-*.json"))) == 3
    # the same set as the first: its file, now holding the default thresholds' overview
    assert _explorer(["--redact-paths", "--port", "8080"]).overview()["cached"] is False
    assert len(list(folder.glob("overview-*.json"))) == 3
    # a new explorer of the same files reads the file for its thresholds, and computes for others
    again = _explorer()
    assert again.overview()["cached"] is True and again.passes == 0
    assert again.overview(big_rows=gone)["cached"] is False and again.passes == 1


def test_the_cache_files_on_disk_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(explore_server, "_compute_overview", lambda args: {"files": []})
    folder = tmp_path / "binlog-ksy"
    folder.mkdir()
    for n in range(explore_server.OVERVIEW_FILES_KEPT + 5):  # left by other input sets (and older versions)
        old = folder / f"overview-{n:032x}.json"
        old.write_text("{}")
        os.utime(old, (1000 + n, 1000 + n))
    other = folder / "logs"
    other.mkdir()
    _explorer().overview()
    assert len(list(folder.glob("overview-*.json"))) == explore_server.OVERVIEW_FILES_KEPT
    assert not any((folder / f"overview-{n:032x}.json").exists() for n in range(6))  # the oldest
    assert other.exists()


def test_the_cache_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """0700 folder, 0600 files; a folder and files an earlier version left 0755 and 0644 are tightened."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(explore_server, "_compute_overview", lambda args: {"files": [], "n": args.big_rows})
    old_umask = os.umask(0o022)  # as most users have it
    try:
        explorer = _explorer()
        explorer.overview()
        folder = tmp_path / "binlog-ksy"
        (cached,) = folder.glob("overview-*.json")
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
        assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        # as an earlier version left them
        folder.chmod(0o755)
        cached.chmod(0o644)
        again = _explorer()
        assert again.overview()["cached"] is True
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
        # a file written again (other thresholds) is 0600 from its creation
        again.overview(big_rows=3)
        (cached,) = folder.glob("overview-*.json")
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)


def test_a_cache_folder_that_cannot_be_private_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(explore_server, "_compute_overview", lambda args: {"files": []})
    (tmp_path / "binlog-ksy").write_text("a file, not a folder")
    explorer = _explorer()
    assert explorer.overview()["cached"] is False and explorer._cache_file(explorer.args) is None


def test_a_cached_overview_with_nan_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(explore_server, "_compute_overview", lambda args: {"files": [], "x": 1})
    explorer = _explorer()
    explorer.overview()
    (cached,) = (tmp_path / "binlog-ksy").glob("overview-*.json")
    cached.write_text(cached.read_text().replace('"x": 1', '"x": NaN'))
    again = _explorer()
    assert again.overview() == {"files": [], "x": 1, "cached": False}
