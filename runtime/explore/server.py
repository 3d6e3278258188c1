"""``binlog-ksy explore FILE... [--port N]``: a local web app over binlog files.

A small :mod:`http.server` bound to 127.0.0.1 serves the page (``static/app.html`` and its scripts, all in the
package: nothing comes from the network) and a JSON API over the files, read lazily (:mod:`.data`):

* ``/api/overview``: the overview (:mod:`.overview`, the ``stats`` figures), computed once, kept in memory and
  in a cache file keyed by the files' paths, sizes and modification times;
* ``/api/events?file=F&pos=P&inner=I&limit=N`` with the shared filters (``database``, ``table``,
  ``start-datetime``, ``stop-datetime``, ``include-gtids``, ``exclude-gtids``) and ``type`` patterns;
* ``/api/event?file=F&pos=P[&inner=I]``: one event, its bytes, rows and table map;
* ``/api/transaction?file=F&pos=P``: one transaction's events, changes and redo/undo SQL.

The page builds an event's field tree in the browser with the parsers compiled from ksy/ to JavaScript.
Requests must name the server by its loopback address (a DNS-rebinding page cannot use it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import mimetypes
import os
import signal
import sys
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..commands.common import EXIT_OK, SHARED_FLAGS_EPILOG, report_usage_error, whole_number_arg
from ..errors import BinlogError, UsageError
from ..filters import ChangeFilter
from .page import asset

__all__ = ["Explorer", "add_explore_parser", "make_server", "run_explore"]

_DESCRIPTION = """\
Start a local web app over FILEs (read lazily) and open it in the browser:
an overview (the figures of `stats`, charts, big and long transactions,
errors), the events (paged, filtered with the shared flags and event type,
a jump to a byte position), one event (its fields parsed in the browser by
the specs compiled to JavaScript, beside its bytes; a rows event's decoded
rows and table map) and one transaction (its events, changes, redo and undo
SQL). URLs name the file and position, so a link opens the same event. The
server listens on 127.0.0.1 only; stop it with Ctrl-C."""

_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "binlog-ksy")


class Explorer:
    """The files of one ``explore`` session and what was read from them so far."""

    def __init__(self, files: list[str], args: argparse.Namespace) -> None:
        self.files = list(files)
        self.args = args
        self.verify_checksums = bool(getattr(args, "verify_checksums", True))
        from ..commands.common import history_from_args, schema_from_args
        from .data import FileIndexes

        self.schema = schema_from_args(args)
        self.indexes = FileIndexes(self.files, history_from_args(args), verify_checksums=self.verify_checksums)
        self._overviews: dict[tuple[int, int, float], dict[str, Any]] = {}
        self._overview_lock = threading.Lock()

    def path(self, name: str | None) -> str:
        if name in self.files:
            return str(name)
        matches = [f for f in self.files if os.path.basename(f) == name]
        if len(matches) != 1:
            raise KeyError(name)
        return matches[0]

    def _cache_file(self, args: argparse.Namespace) -> str:
        from importlib.metadata import PackageNotFoundError, version

        try:
            __version__ = version("binlog-ksy")
        except PackageNotFoundError:  # a source tree never installed
            __version__ = "0+unknown"

        key: list[Any] = [__version__, args.big_rows, args.big_bytes, args.long_seconds, args.on_error,
                          self.verify_checksums, args.databases, args.tables, str(args.start_datetime),
                          str(args.stop_datetime), args.include_gtids, args.exclude_gtids, args.schema,
                          args.schema_sql, args.schema_history]
        for name in self.files:
            try:
                st = os.stat(name)
                key.append([os.path.abspath(name), st.st_size, st.st_mtime_ns])
            except OSError:
                key.append([name, None, None])
        digest = hashlib.sha256(json.dumps(key, default=str).encode()).hexdigest()[:32]
        return os.path.join(_cache_dir(), f"overview-{digest}.json")

    def warm_up(self) -> None:
        """Compute the overview, then the position index, each in a child process (started with the server)."""
        try:
            self.overview()
            if self.indexes.indexed < len(self.files):
                self.indexes.install(_in_child(_build_indexes, self.files, _plain(self.args), self.verify_checksums))
        except Exception:  # noqa: BLE001 - the pages compute what they need themselves, and say what fails
            pass

    def overview(self, big_rows: int | None = None, big_bytes: int | None = None,
                 long_seconds: float | None = None) -> dict[str, Any]:
        """The overview (with other thresholds than the command line's when given): from memory, else from the
        cache file, else computed (one pass over the files) and cached."""
        args = argparse.Namespace(**vars(self.args))
        if big_rows is not None:
            args.big_rows = big_rows
        if big_bytes is not None:
            args.big_bytes = big_bytes
        if long_seconds is not None:
            args.long_seconds = long_seconds
        key = (args.big_rows, args.big_bytes, args.long_seconds)
        with self._overview_lock:
            found = self._overviews.get(key)
            if found is not None:
                return found
            cache = self._cache_file(args) if getattr(args, "cache", True) else None
            if cache and os.path.exists(cache):
                try:
                    with open(cache, encoding="utf-8") as f:
                        overview = json.load(f)
                    overview["cached"] = True
                    self._overviews[key] = overview
                    return overview
                except (OSError, ValueError):
                    pass
            overview = _compute_overview(args)
            if cache:
                try:
                    os.makedirs(os.path.dirname(cache), exist_ok=True)
                    with open(cache + ".tmp", "w", encoding="utf-8") as f:
                        json.dump(overview, f)
                    os.replace(cache + ".tmp", cache)
                except OSError:
                    pass
            overview["cached"] = False
            self._overviews[key] = overview
            return overview


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


def _int(query: dict[str, list[str]], key: str, default: int | None = None) -> int | None:
    text = _one(query, key)
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{key} is a whole number, not {text!r}") from None


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", _CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, obj: Any) -> None:
        self._send(status, json.dumps(obj, ensure_ascii=False, default=str).encode("utf-8"),
                   "application/json; charset=utf-8")

    def do_GET(self) -> None:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        if host not in ("127.0.0.1", "localhost"):
            self._send(HTTPStatus.FORBIDDEN, b"forbidden host\n", "text/plain")
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
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
        except UsageError as err:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(err)})
        except KeyError as err:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such file: {err.args[0]}"})
        except BinlogError as err:  # a file that cannot be read at all (not a binlog, encrypted, gone)
            self._json(HTTPStatus.UNPROCESSABLE_ENTITY, {"error": str(err)})
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as exc:
            if self.server.verbose:
                raise
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR,
                       {"error": f"internal error: {type(exc).__name__}: {exc} (run with --debug and report it)"})

    def _static(self, rel: str) -> None:
        parts = rel.split("/")
        if not rel or any(p in ("", ".", "..") or p.startswith(".") for p in parts) or parts[-1].endswith(".py"):
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
            return
        try:
            body = asset(rel)
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
            return
        kind = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind.endswith("javascript"):
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, body, kind)

    def _api(self, name: str, q: dict[str, list[str]]) -> None:
        from .data import event_detail, events_page, transaction_detail

        ex = self.server.explorer
        if name == "overview":
            from ..commands.stats import parse_size

            big_bytes = _one(q, "big-bytes")
            try:
                size = parse_size(big_bytes) if big_bytes is not None else None
            except argparse.ArgumentTypeError as err:
                raise UsageError(str(err)) from None
            seconds = _one(q, "long-seconds")
            try:
                long_seconds = float(seconds) if seconds is not None else None
            except ValueError:
                raise UsageError(f"long-seconds is a number, not {seconds!r}") from None
            self._json(HTTPStatus.OK, {"files": ex.files, "overview": ex.overview(
                big_rows=_int(q, "big-rows"), big_bytes=size, long_seconds=long_seconds)})
            return
        if name == "files":
            self._json(HTTPStatus.OK, {"files": ex.files, "indexed": ex.indexes.indexed})
            return
        path = ex.path(_one(q, "file") or (ex.files[0] if len(ex.files) == 1 else None))
        if name == "events":
            flt = ChangeFilter.create(databases=_many(q, "database"), tables=_many(q, "table"),
                                      start_datetime=_one(q, "start-datetime"), stop_datetime=_one(q, "stop-datetime"),
                                      include_gtids=_many(q, "include-gtids"), exclude_gtids=_many(q, "exclude-gtids"))
            types = tuple(t.strip() for v in q.get("type", []) for t in v.split(",") if t.strip())
            limit = max(1, min(_int(q, "limit", 100) or 100, 1000))
            inner = _int(q, "inner", -1)
            page = events_page(path, ex.indexes, start=_int(q, "pos", 4) or 4,
                               inner=-1 if inner is None else inner, limit=limit, filters=flt, types=types,
                               exact=_one(q, "exact") == "1", verify_checksums=ex.verify_checksums)
            self._json(HTTPStatus.OK, page)
        elif name == "event":
            pos = _int(q, "pos")
            if pos is None:
                raise UsageError("pos is required")
            detail = event_detail(path, ex.indexes, pos, _int(q, "inner"), schema=ex.schema,
                                  verify_checksums=ex.verify_checksums)
            if detail is None:
                self._json(HTTPStatus.NOT_FOUND, {"error": f"no event at byte {pos} of {path}"})
            else:
                self._json(HTTPStatus.OK, detail)
        elif name == "transaction":
            pos = _int(q, "pos")
            if pos is None:
                raise UsageError("pos is required")
            detail = transaction_detail(path, ex.indexes, pos, schema=ex.schema, verify_checksums=ex.verify_checksums)
            if detail is None:
                self._json(HTTPStatus.NOT_FOUND, {"error": f"no transaction starts at byte {pos} of {path}"})
            else:
                self._json(HTTPStatus.OK, detail)
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such API: {name}"})


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, explorer: Explorer, port: int, verbose: bool) -> None:
        self.explorer = explorer
        self.verbose = verbose
        super().__init__(("127.0.0.1", port), _Handler)


def make_server(files: list[str], args: argparse.Namespace, port: int = 0) -> _Server:
    """The explorer's HTTP server on 127.0.0.1:``port`` (0: any free port); call ``serve_forever()``."""
    return _Server(Explorer(files, args), port, bool(getattr(args, "debug", False)))


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
