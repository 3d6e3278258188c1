"""``binlog-ksy explore FILE... [--port N]``: a local web app over binlog files.

A small :mod:`http.server` bound to 127.0.0.1 serves the page (``static/app.html`` and its scripts, all in the
package: nothing comes from the network) and a JSON API over the files, read lazily (:mod:`.data`):

* ``/api/overview[?big-rows=N&big-bytes=N[K|M|G]&long-seconds=S]``: the overview (:mod:`.overview`, the
  ``stats`` figures), computed once, kept in memory and in a cache file keyed by the files' paths, sizes and
  modification times;
* ``/api/events?file=F&pos=P&inner=I&limit=N&exact=0|1`` with the shared filters (``database``, ``table``,
  ``start-datetime``, ``stop-datetime``, ``include-gtids``, ``exclude-gtids``) and ``type`` patterns;
* ``/api/event?file=F&pos=P[&inner=I]``: one event, its bytes, rows and table map;
* ``/api/transaction?file=F&pos=P``: one transaction's events, changes and redo/undo SQL.

Their numbers: ``pos`` a byte position from 0 to 2**63 - 1; ``inner`` an index in a TRANSACTION_PAYLOAD from 0
(``/api/events``: from -1, the payload itself) to 2**31 - 1; ``limit`` 1 to 1000 (default 100); the thresholds
as ``report``'s flags take them (``big-rows`` and ``big-bytes`` up to 2**63 - 1, ``long-seconds`` finite, 0 to
10**9). ``file`` names one of the files as given, or by its file name when that is unique. The answers name the
files as given on the command line, or by their file names only with ``--redact-paths`` (:mod:`.paths`).

The page builds an event's field tree in the browser with the parsers compiled from ksy/ to JavaScript.

What the server answers (every answer, errors included, carries the same Content-Security-Policy, ``nosniff``,
``no-store`` and ``Cross-Origin-Resource-Policy: same-origin`` headers; errors are JSON ``{"error": "..."}``):

* a request must name the server by its loopback address and port (``Host: 127.0.0.1:PORT`` or
  ``localhost:PORT``), else 403: a DNS-rebinding page cannot use it;
* a cross-site request is refused (403): an ``Origin`` other than the server's own, or a ``Sec-Fetch-Site``
  other than ``same-origin`` or ``none`` (``same-site`` too: a page of another local port is another site
  here); a request with neither header (curl, scripts) is served;
* GET and HEAD only: any other method gets 405 with ``Allow: GET, HEAD`` (after the checks above);
* the numeric parameters are checked (whole numbers in range, finite seconds; see :func:`_whole` and the
  thresholds of :mod:`..commands.report`), else 400 naming the parameter;
* a connection idle for :data:`IDLE_TIMEOUT` seconds (sending nothing, or reading nothing of the answer) is
  closed.

The overview is computed once per set of thresholds (one pass at a time), the :data:`OVERVIEWS_KEPT` last ones
kept in memory, the newest in the cache file of the input files (one file per set of files and flags, in the
private cache folder of :mod:`.cache`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import mimetypes
import os
import re
import signal
import sys
import threading
import webbrowser
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..cache_folder import private_cache_dir, prune, read_private, write_private
from ..commands.common import EXIT_OK, SHARED_FLAGS_EPILOG, report_usage_error, whole_number_arg
from ..errors import BinlogError, UsageError
from ..filters import ChangeFilter
from .page import asset
from .paths import FileNames

__all__ = ["IDLE_TIMEOUT", "MAX_POSITION", "OVERVIEWS_KEPT", "OVERVIEW_FILES_KEPT", "Explorer",
           "add_explore_parser", "make_server", "run_explore"]

#: Seconds a connection may stay idle (no request, or a client reading nothing) before the server closes it.
IDLE_TIMEOUT = 30.0
#: How many overviews (sets of thresholds) are kept in memory, the least recently used given up first.
OVERVIEWS_KEPT = 4
#: How many overview cache files (one per set of files and flags) the cache folder keeps, the newest.
OVERVIEW_FILES_KEPT = 32
#: The largest byte position a request takes.
MAX_POSITION = (1 << 63) - 1
#: The largest index of an event inside a TRANSACTION_PAYLOAD a request takes.
MAX_INNER = (1 << 31) - 1
#: The most events one page lists.
MAX_LIMIT = 1000

_DESCRIPTION = """\
Start a local web app over FILEs (read lazily) and open it in the browser:
an overview (the figures of `stats`, charts, big and long transactions,
errors), the events (paged, filtered with the shared flags and event type,
a jump to a byte position), one event (its fields parsed in the browser by
the specs compiled to JavaScript, beside its bytes; a rows event's decoded
rows and table map) and one transaction (its events, changes, redo and undo
SQL). URLs name the file and position, so a link opens the same event. The
server listens on 127.0.0.1 only, answers GET and HEAD from its own pages
(cross-site requests are refused), and caches the overview in
$XDG_CACHE_HOME/binlog-ksy (private to the user); stop it with Ctrl-C."""

_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class Explorer:
    """The files of one ``explore`` session and what was read from them so far."""

    def __init__(self, files: list[str], args: argparse.Namespace) -> None:
        self.files = list(files)
        self.args = args
        self.verify_checksums = bool(getattr(args, "verify_checksums", True))
        self.names = FileNames(self.files, redact=bool(getattr(args, "redact_paths", False)))
        from ..commands.common import history_from_args, schema_from_args
        from .data import FileIndexes

        self.schema = schema_from_args(args)
        self.indexes = FileIndexes(self.files, history_from_args(args), verify_checksums=self.verify_checksums)
        self._overviews: OrderedDict[tuple[int, int, float], dict[str, Any]] = OrderedDict()
        self._memory_lock = threading.Lock()  # guards _overviews
        self._pass_lock = threading.Lock()  # one pass over the files at a time
        self.passes = 0  # how many overviews were computed (not found in memory or in the cache file)

    def path(self, name: str | None) -> str:
        if name in self.files:
            return str(name)
        matches = [f for f in self.files if os.path.basename(f) == name]
        if len(matches) != 1:
            raise KeyError(name)
        return matches[0]

    def _cache_file(self, args: argparse.Namespace) -> str | None:
        """The cache file of these files read with these flags (whatever the thresholds: the file holds the
        overview of the last ones computed); None when the cache folder cannot be private."""
        from importlib.metadata import PackageNotFoundError, version

        folder = private_cache_dir()
        if folder is None:
            return None
        try:
            __version__ = version("binlog-ksy")
        except PackageNotFoundError:  # a source tree never installed
            __version__ = "0+unknown"

        # every flag (a new one too) but those that do not change what the pass finds
        key: list[Any] = [__version__, self.verify_checksums,
                          sorted([k, v] for k, v in vars(args).items() if k not in _NOT_IN_CACHE_KEY)]
        schema_files = [args.schema] if getattr(args, "schema", None) else []
        for name in self.files + schema_files + list(getattr(args, "schema_sql", None) or []):
            try:  # the files as given too: the overview names them so
                st = os.stat(name)
                key.append([name, os.path.abspath(name), st.st_size, st.st_mtime_ns])
            except OSError:
                key.append([name, None, None])
        digest = hashlib.sha256(json.dumps(key, default=str).encode()).hexdigest()[:32]
        return os.path.join(folder, f"overview-{digest}.json")

    def warm_up(self) -> None:
        """Compute the overview, then the position index, each in a child process (started with the server)."""
        try:
            self.overview()
            if self.indexes.indexed < len(self.files):
                self.indexes.install(_in_child(_build_indexes, self.files, _plain(self.args), self.verify_checksums))
        except Exception:  # noqa: BLE001 - the pages compute what they need themselves, and say what fails
            pass

    def _remembered(self, key: tuple[int, int, float]) -> dict[str, Any] | None:
        with self._memory_lock:
            found = self._overviews.get(key)
            if found is not None:
                self._overviews.move_to_end(key)
            return found

    def _remember(self, key: tuple[int, int, float], overview: dict[str, Any]) -> None:
        with self._memory_lock:
            self._overviews[key] = overview
            self._overviews.move_to_end(key)
            while len(self._overviews) > OVERVIEWS_KEPT:
                self._overviews.popitem(last=False)

    def overview(self, big_rows: int | None = None, big_bytes: int | None = None,
                 long_seconds: float | None = None) -> dict[str, Any]:
        """The overview (with other thresholds than the command line's when given): from memory, else from the
        cache file, else computed (one pass over the files; one at a time, the others wait) and cached."""
        args = argparse.Namespace(**vars(self.args))
        if big_rows is not None:
            args.big_rows = big_rows
        if big_bytes is not None:
            args.big_bytes = big_bytes
        if long_seconds is not None:
            args.long_seconds = long_seconds
        key = (args.big_rows, args.big_bytes, args.long_seconds)
        found = self._remembered(key)
        if found is not None:
            return found
        with self._pass_lock:
            found = self._remembered(key)  # computed while this one waited
            if found is not None:
                return found
            cache = self._cache_file(args) if getattr(args, "cache", True) else None
            overview = _read_cache(cache, list(key)) if cache else None
            if overview is not None:
                overview["cached"] = True
            else:
                overview = _compute_overview(args)
                self.passes += 1
                if cache:
                    try:
                        data = {"thresholds": list(key), "overview": overview}
                        write_private(cache, json.dumps(data, allow_nan=False).encode("utf-8"))
                        prune(os.path.dirname(cache), "overview-*.json", OVERVIEW_FILES_KEPT)
                    except (OSError, ValueError):
                        pass
                overview["cached"] = False
            self._remember(key, overview)
            return overview


#: The flags that do not change the overview's pass (the thresholds are in the cache file, not its name).
_NOT_IN_CACHE_KEY = frozenset({"command", "run", "files", "port", "browser", "cache", "debug", "redact_paths",
                               "big_rows", "big_bytes", "long_seconds"})


def _not_finite(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def _read_cache(path: str, thresholds: list[Any]) -> dict[str, Any] | None:
    """The overview a cache file holds when it was computed with these thresholds."""
    try:
        data = json.loads(read_private(path), parse_constant=_not_finite)
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("thresholds") == thresholds and isinstance(data.get("overview"), dict):
        overview: dict[str, Any] = data["overview"]
        return overview
    return None


def _child_main(conn: Any, function: Any, args: tuple[Any, ...]) -> None:
    try:
        result: tuple[bool, Any] = (True, function(*args))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        result = (False, exc)
    try:
        conn.send(result)
    finally:
        conn.close()


def _in_child(function: Any, *args: Any) -> Any:
    """``function(*args)`` in a child process (the passes over the files hold the interpreter: the pages must
    stay fast meanwhile), or here when a child cannot be started. The child is a daemon: it ends with the server
    (Ctrl-C, SIGTERM)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    try:
        receiver, sender = ctx.Pipe(duplex=False)
        child = ctx.Process(target=_child_main, args=(sender, function, args), daemon=True)
        child.start()
    except (OSError, RuntimeError):
        return function(*args)
    sender.close()
    try:
        ok, value = receiver.recv()
    except EOFError:
        raise RuntimeError(f"the child process computing {function.__name__} ended with {child.exitcode}") from None
    finally:
        receiver.close()
        child.join(timeout=10)
    if not ok:
        raise value
    return value


def _build_indexes(files: list[str], args: argparse.Namespace, verify_checksums: bool) -> Any:
    from ..commands.common import history_from_args
    from .data import FileIndexes

    return FileIndexes(files, history_from_args(args), verify_checksums=verify_checksums).build()


def _compute_overview(args: argparse.Namespace) -> dict[str, Any]:
    """The overview, computed in a child process: the pass over the files holds the interpreter, and the pages
    must stay fast meanwhile (in this process when a child cannot be started)."""
    from ..commands.report import overview_from_args

    result: dict[str, Any] = _in_child(overview_from_args, _plain(args))
    return result


def _plain(args: argparse.Namespace) -> argparse.Namespace:
    return argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})


def _one(query: dict[str, list[str]], key: str) -> str | None:
    values = [v for v in query.get(key, []) if v != ""]
    return values[-1] if values else None


def _many(query: dict[str, list[str]], key: str) -> list[str] | None:
    values = [v for v in query.get(key, []) if v.strip()]
    return values or None


_WHOLE = re.compile(r"-?[0-9]{1,19}")


def _whole(query: dict[str, list[str]], key: str, low: int, high: int, default: int | None = None) -> int | None:
    """The parameter ``key``: a whole number (ASCII digits) from ``low`` to ``high``; a :class:`UsageError`
    naming it otherwise (a 400)."""
    text = _one(query, key)
    if text is None:
        return default
    if _WHOLE.fullmatch(text) is None or not low <= int(text) <= high:
        raise UsageError(f"{key} is a whole number from {low} to {high}, not {text[:40]!r}")
    return int(text)


def _threshold(query: dict[str, list[str]], key: str, parse: Any) -> Any:
    """A threshold parameter read as its command-line flag reads it (a :class:`UsageError` naming it)."""
    text = _one(query, key)
    if text is None:
        return None
    try:
        return parse(text)
    except argparse.ArgumentTypeError as err:
        raise UsageError(f"{key}: {err}") from None


def _exact(query: dict[str, list[str]]) -> bool:
    text = _one(query, "exact")
    if text not in (None, "0", "1"):
        raise UsageError(f"exact is 0 or 1, not {text[:40]!r}")
    return text == "1"


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    timeout = IDLE_TIMEOUT  # the server's own (make_server's idle_timeout) is set in setup()

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.idle_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def __getattr__(self, name: str) -> Any:
        # http.server calls do_<METHOD>, and answers 501 (HTML, without the checks) to a method with none: every
        # method but GET and HEAD is answered here
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    # -- answers -------------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        """One answer with the headers of every answer; no body for HEAD (its Content-Length all the same)."""
        if self.request_version == "HTTP/0.9":
            # http.server answers HTTP/0.9 (and a request line it could not read) without status line or headers
            self.request_version = "HTTP/1.0"
            self.close_connection = True
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", _CSP)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
            self.send_header("Referrer-Policy", "no-referrer")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if getattr(self, "command", None) != "HEAD" and status >= 200 and status not in (204, 304):
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True  # the client left, or reads nothing

    def _json(self, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
        try:
            body = json.dumps(self.server.explorer.names.json(obj), ensure_ascii=False, default=str,
                              allow_nan=False)
        except ValueError as err:  # a figure that is not a finite number: never sent as (invalid) JSON
            status, body = HTTPStatus.INTERNAL_SERVER_ERROR, json.dumps({"error": f"internal error: {err}"})
        self._send(status, body.encode("utf-8"), "application/json; charset=utf-8", headers)

    def _error(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        self._json(status, {"error": message}, headers)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own errors (a malformed request, a request line or headers too long, a timeout), as
        JSON with the headers of every answer; the connection is closed after it."""
        self.close_connection = True
        try:
            short = self.responses[code][0]
        except KeyError:
            short = "error"
        self._error(code, message or short)

    # -- checks --------------------------------------------------------------------------------

    def _admitted(self) -> bool:
        """Whether the request may be answered: it names this server (Host), and is not cross-site (Origin,
        Sec-Fetch-Site); else a 403 is sent. A request with a body is answered, then its connection closed
        (the body is never read)."""
        if self.headers.get("Content-Length", "0").strip() not in ("", "0") or "Transfer-Encoding" in self.headers:
            self.close_connection = True
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1 or hosts[0].strip().lower() not in self.server.hosts:
            self._error(HTTPStatus.FORBIDDEN, "forbidden host: open the address binlog-ksy explore printed, "
                                              f"{self.server.url}")
            return False
        origins = self.headers.get_all("Origin") or []
        if any(o.strip().lower() not in self.server.origins for o in origins):
            self._error(HTTPStatus.FORBIDDEN, f"cross-origin request refused: only {self.server.url} may ask")
            return False
        site = (self.headers.get("Sec-Fetch-Site") or "none").strip().lower()
        if site not in ("same-origin", "none"):
            self._error(HTTPStatus.FORBIDDEN, f"cross-site request refused (Sec-Fetch-Site: {site[:40]}): open "
                                              f"{self.server.url} yourself")
            return False
        return True

    def _not_allowed(self) -> None:
        if self._admitted():
            self.close_connection = True  # a body it may have was not read
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"method {self.command[:40]} is not allowed: GET or HEAD",
                        {"Allow": "GET, HEAD"})

    # -- GET and HEAD --------------------------------------------------------------------------

    def do_HEAD(self) -> None:
        self.do_GET()  # _send leaves the body out

    def do_GET(self) -> None:
        if not self._admitted():
            return
        url = urlsplit(self.path)
        try:
            if url.path in ("/", "/index.html"):
                self._send(HTTPStatus.OK, asset("app.html"), "text/html; charset=utf-8")
            elif url.path.startswith("/static/"):
                self._static(url.path[len("/static/"):])
            elif url.path.startswith("/api/"):
                self._api(url.path[len("/api/"):], parse_qs(url.query, keep_blank_values=True))
            else:
                self._error(HTTPStatus.NOT_FOUND, "not found")
        except UsageError as err:
            self._error(HTTPStatus.BAD_REQUEST, str(err))
        except KeyError as err:
            self._error(HTTPStatus.NOT_FOUND, f"no such file: {err.args[0]}")
        except BinlogError as err:  # a file that cannot be read at all (not a binlog, encrypted, gone)
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(err))
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True
        except Exception as exc:
            if self.server.verbose:
                raise
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR,
                        f"internal error: {type(exc).__name__}: {exc} (run with --debug and report it)")

    def _static(self, rel: str) -> None:
        parts = rel.split("/")
        if not rel or any(p in ("", ".", "..") or p.startswith(".") for p in parts) or parts[-1].endswith(".py"):
            self._error(HTTPStatus.NOT_FOUND, "not found")
            return
        try:
            body = asset(rel)
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            self._error(HTTPStatus.NOT_FOUND, "not found")
            return
        kind = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind.endswith("javascript"):
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, body, kind)

    def _api(self, name: str, q: dict[str, list[str]]) -> None:
        from ..commands.common import seconds_arg
        from ..commands.report import bytes_threshold, rows_threshold
        from .data import event_detail, events_page, transaction_detail

        ex = self.server.explorer
        files = [ex.names.name(f) for f in ex.files]
        if name == "overview":
            thresholds = {"big_rows": _threshold(q, "big-rows", rows_threshold),
                          "big_bytes": _threshold(q, "big-bytes", bytes_threshold),
                          "long_seconds": _threshold(q, "long-seconds", seconds_arg)}
            self._json(HTTPStatus.OK, {"files": files, "overview": ex.overview(**thresholds)})
            return
        if name == "files":
            self._json(HTTPStatus.OK, {"files": files, "indexed": ex.indexes.indexed})
            return
        if name not in ("events", "event", "transaction"):
            self._error(HTTPStatus.NOT_FOUND, f"no such API: {name[:80]}")
            return
        path = ex.path(_one(q, "file") or (ex.files[0] if len(ex.files) == 1 else None))
        if name == "events":
            flt = ChangeFilter.create(databases=_many(q, "database"), tables=_many(q, "table"),
                                      start_datetime=_one(q, "start-datetime"), stop_datetime=_one(q, "stop-datetime"),
                                      include_gtids=_many(q, "include-gtids"), exclude_gtids=_many(q, "exclude-gtids"))
            types = tuple(t.strip() for v in q.get("type", []) for t in v.split(",") if t.strip())
            inner = _whole(q, "inner", -1, MAX_INNER, -1)
            page = events_page(path, ex.indexes, start=_whole(q, "pos", 0, MAX_POSITION, 4) or 4,
                               inner=-1 if inner is None else inner,
                               limit=_whole(q, "limit", 1, MAX_LIMIT, 100) or 100, filters=flt, types=types,
                               exact=_exact(q), verify_checksums=ex.verify_checksums)
            self._json(HTTPStatus.OK, page)
            return
        pos = _whole(q, "pos", 0, MAX_POSITION)
        if pos is None:
            raise UsageError("pos is required")
        if name == "event":
            detail = event_detail(path, ex.indexes, pos, _whole(q, "inner", 0, MAX_INNER), schema=ex.schema,
                                  verify_checksums=ex.verify_checksums)
            if detail is None:
                self._error(HTTPStatus.NOT_FOUND, f"no event at byte {pos} of {path}")
            else:
                self._json(HTTPStatus.OK, detail)
        else:
            detail = transaction_detail(path, ex.indexes, pos, schema=ex.schema, verify_checksums=ex.verify_checksums)
            if detail is None:
                self._error(HTTPStatus.NOT_FOUND, f"no transaction starts at byte {pos} of {path}")
            else:
                self._json(HTTPStatus.OK, detail)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, explorer: Explorer, port: int, verbose: bool, idle_timeout: float = IDLE_TIMEOUT) -> None:
        self.explorer = explorer
        self.verbose = verbose
        self.idle_timeout = idle_timeout
        super().__init__(("127.0.0.1", port), _Handler)
        port = self.server_address[1]
        self.url = f"http://127.0.0.1:{port}/"
        #: The Host headers served, and the Origin headers (the browser's, of the page the server sent).
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"} | ({"127.0.0.1", "localhost"} if port == 80 else set())
        self.origins = {f"http://{host}" for host in self.hosts}


def make_server(files: list[str], args: argparse.Namespace, port: int = 0,
                idle_timeout: float = IDLE_TIMEOUT) -> _Server:
    """The explorer's HTTP server on 127.0.0.1:``port`` (0: any free port); call ``serve_forever()``. A
    connection idle ``idle_timeout`` seconds is closed."""
    return _Server(Explorer(files, args), port, bool(getattr(args, "debug", False)), idle_timeout)


def add_explore_parser(sub: Any) -> None:
    """Add the ``explore`` subcommand to an argparse subparsers object."""
    from ..commands.report import add_overview_arguments

    p = sub.add_parser("explore", help="a local web app: overview, events, one event's fields and bytes, "
                                       "transactions and their SQL", description=_DESCRIPTION,
                       epilog=SHARED_FLAGS_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", type=whole_number_arg("port"), default=0,
                   help="the port on 127.0.0.1 (default: any free port)")
    p.add_argument("--no-browser", dest="browser", action="store_false", help="do not open a browser")
    p.add_argument("--no-cache", dest="cache", action="store_false",
                   help="compute the overview again instead of reading it from the cache "
                        "($XDG_CACHE_HOME/binlog-ksy)")
    add_overview_arguments(p)
    p.set_defaults(run=run_explore)


def run_explore(args: argparse.Namespace) -> int:
    """Run ``binlog-ksy explore`` until interrupted."""
    try:
        server = make_server(list(args.files), args, args.port)
    except UsageError as err:
        return report_usage_error(err, "explore")
    except OSError as exc:
        return report_usage_error(UsageError(f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}"),
                                  "explore")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"binlog-ksy explore: serving {url} (Ctrl-C stops)", file=sys.stderr, flush=True)
    if args.browser:
        try:
            webbrowser.open(url)
        except webbrowser.Error:
            pass
    threading.Thread(target=server.explorer.warm_up, daemon=True).start()
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt  # SIGTERM ends the server as Ctrl-C does (and its child processes with it)

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return EXIT_OK
