"""A throw-away MariaDB server for tests and sample generation.

Starts ``mariadbd`` as a child process in a fresh temporary directory (data
dir copied from one made by ``mariadb-install-db``), with the binary log on, ROW format, and a
Unix socket only (``--skip-networking``). Talks to it through the ``mariadb``
command-line client, so no Python DB driver is needed. Standard library only:
``tools/make_sample.py`` imports this module without pytest.

Checked against MariaDB 10.11.19 (Debian 12 packages ``mariadb-server`` /
``mariadb-client``). Start-up (install-db + server ready) takes about 1 s on
a 2-core machine.

Examples
--------
>>> with MariaDBServer({"binlog_row_metadata": "FULL"}) as srv:   # doctest: +SKIP
...     srv.sql("CREATE DATABASE d; CREATE TABLE d.t (id INT PRIMARY KEY)")
...     srv.sql("INSERT INTO d.t VALUES (1), (2)")
...     srv.query("SELECT id, NULL FROM d.t")
...     srv.flush_logs()
...     files = srv.binlog_files()
[('1', None), ('2', None)]
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import subprocess
import tempfile
import time
import weakref
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "MariaDBError",
    "MariaDBNotFound",
    "MariaDBServer",
    "find_binary",
    "DEFAULT_OPTIONS",
    "default_basedir",
]

#: Options given to every server unless the caller overrides them (same key).
#: They make start-up and DML fast and make TIMESTAMP values deterministic;
#: none of them changes the binary log format.
DEFAULT_OPTIONS: dict[str, object] = {
    "binlog_format": "ROW",
    "default_time_zone": "+00:00",
    "character_set_server": "utf8mb4",
    "collation_server": "utf8mb4_general_ci",
    "innodb_buffer_pool_size": "32M",
    "innodb_log_file_size": "8M",
    "innodb_flush_log_at_trx_commit": 2,
    "innodb_doublewrite": 0,
    "sync_binlog": 0,
    "max_connections": 30,
    "innodb_buffer_pool_dump_at_shutdown": "OFF",
    "innodb_buffer_pool_load_at_startup": "OFF",
}

# Options that must also reach mariadb-install-db (it runs mariadbd --bootstrap,
# and a different redo log size would make the real start resize the log).
_BOOTSTRAP_KEYS = ("innodb_log_file_size", "innodb_buffer_pool_size")

#: A data dir just made by ``mariadb-install-db``, per bootstrap options: every server of this
#: process starts from a copy of it (a copy takes a few ms, an install about a second).
_TEMPLATES: dict[tuple[str, ...], Path] = {}

#: Where the servers' folders go unless a caller says: a memory file system when the machine has one (as
#: mysql-test-run's ``--mem``), for the servers' DDL (a CREATE or DROP TABLE syncs its files) and binlogs
#: should not wait for a disk; ``BINLOG_KSY_TEST_SERVER_DIR`` chooses another (empty: the system temp dir).
_MEMORY_DIR = "/dev/shm"
#: The free space the memory file system must have to be used: a new server's folder takes about 40 MB (more as
#: it writes) and a parallel run starts a dozen (a container's default /dev/shm of 64 MB would fill at once).
_MEMORY_DIR_MIN_FREE = 4 << 30


def default_basedir() -> str | None:
    """The parent folder of a server's folder when none is given (see ``_MEMORY_DIR``)."""
    chosen = os.environ.get("BINLOG_KSY_TEST_SERVER_DIR")
    if chosen is not None:
        return chosen or None
    try:
        stat = os.statvfs(_MEMORY_DIR)
    except OSError:
        return None
    if stat.f_bavail * stat.f_frsize >= _MEMORY_DIR_MIN_FREE and os.access(_MEMORY_DIR, os.W_OK | os.X_OK):
        return _MEMORY_DIR
    return None


_SEARCH_DIRS = ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin",
                "/usr/local/mysql/bin")


class MariaDBNotFound(RuntimeError):
    """A MariaDB program (mariadbd, mariadb, ...) is not installed."""


class MariaDBError(RuntimeError):
    """The server failed to start, or a statement failed.

    Attributes
    ----------
    stderr : str
        What the client or server said.
    """

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


def find_binary(*names: str) -> str:
    """Return the path of the first of ``names`` found on PATH or in sbin dirs.

    Raises
    ------
    MariaDBNotFound
        With an install hint, when none is found.
    """
    for name in names:
        found = shutil.which(name)
        if found:
            return found
        for d in _SEARCH_DIRS:
            p = Path(d, name)
            if p.is_file() and os.access(p, os.X_OK):
                return str(p)
    raise MariaDBNotFound(
        f"none of {', '.join(names)} found on PATH or in {', '.join(_SEARCH_DIRS)}; "
        "install MariaDB 10.11 (Debian/Ubuntu: apt-get install mariadb-server "
        "mariadb-client)")


def _option_args(options: Mapping[str, object] | Iterable[str] | None) -> list[str]:
    """Turn ``{"log_bin_compress": True}`` into ``["--log-bin-compress=ON"]``.

    Keys may use ``_`` or ``-``. ``True``/``False`` become ``ON``/``OFF``; a
    value of ``None`` gives a bare flag (``--skip-log-error``). Strings that
    already start with ``--`` are passed through.
    """
    if options is None:
        return []
    if isinstance(options, Mapping):
        out = []
        for key, value in options.items():
            flag = "--" + key.lstrip("-").replace("_", "-")
            if value is None:
                out.append(flag)
            elif value is True:
                out.append(flag + "=ON")
            elif value is False:
                out.append(flag + "=OFF")
            else:
                out.append(f"{flag}={value}")
        return out
    return [o if o.startswith("--") else "--" + o for o in options]


def _merge_options(extra: Mapping[str, object] | Iterable[str] | None) -> list[str]:
    """DEFAULT_OPTIONS overridden by ``extra`` (matched on normalised key)."""
    if extra is None:
        extra = {}
    if not isinstance(extra, Mapping):
        extra_args = _option_args(extra)
        given = {a[2:].split("=", 1)[0].replace("-", "_") for a in extra_args}
        base = {k: v for k, v in DEFAULT_OPTIONS.items() if k not in given}
        return _option_args(base) + extra_args
    norm = {k.lstrip("-").replace("-", "_"): v for k, v in extra.items()}
    merged = dict(DEFAULT_OPTIONS)
    merged.update(norm)
    return _option_args(merged)


def _set_pdeathsig() -> None:  # pragma: no cover - runs in the child
    """Ask Linux to SIGKILL the server when the starting thread dies."""
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no libc.so.6 or no prctl: not Linux
        pass


def _reap(proc: subprocess.Popen[bytes], root: Path | None) -> None:
    """Last-resort cleanup (garbage collection or interpreter exit): kill the
    server and remove its directory. Holds no reference to the server object."""
    if proc.poll() is None:
        try:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    if root is not None:
        shutil.rmtree(root, ignore_errors=True)


class MariaDBServer:
    """A private ``mariadbd`` with the binary log on, driven by the CLI client.

    Parameters
    ----------
    options : mapping or iterable of str, optional
        Extra server options, e.g. ``{"binlog_row_metadata": "FULL",
        "binlog_row_image": "MINIMAL", "log_bin_compress": True,
        "log_bin_compress_min_len": 10, "binlog_checksum": "NONE",
        "binlog_annotate_row_events": False}``; or raw ``["--foo=1"]``.
        They override ``DEFAULT_OPTIONS`` key by key and are placed after the
        fixed options, so they win.
    server_id : int
        ``--server-id`` (also the middle part of the GTIDs).
    basedir : path, optional
        Parent for the temporary directory (default: :func:`default_basedir`, a memory file system).
        Keep it short: the socket path must stay below 108 bytes.
    keep : bool
        Keep the directory after ``cleanup()`` (for debugging).
    startup_timeout : float
        Seconds to wait for the socket to answer.
    binlog_folder : bool
        Write the binlogs into ``root/binlogs/`` (a folder holding only the binlogs, their index and
        state, as a user's binlog directory does) instead of the data directory.
    die_with_parent : bool
        Linux only: the kernel kills the server if the starting *thread*
        dies (``PR_SET_PDEATHSIG``), so a killed test run leaves no server.
        Turn it off if you start the server from a short-lived thread.

    Attributes
    ----------
    root, datadir, tmpdir, socket, error_log, binlog_basename : Path
        Layout: ``root/data`` (datadir; binlogs are ``data/binlog.NNNNNN``,
        index ``data/binlog.index``), ``root/tmp``, ``root/mysqld.sock``,
        ``root/error.log``.
    startup_seconds : float
        Wall time of the last ``start()`` (install-db + wait for socket).

    Notes
    -----
    Use it as a context manager; ``__exit__`` stops the server and removes the
    directory even when the body raised. A ``weakref.finalize`` hook (run when
    the object is garbage-collected or at interpreter exit) and, on Linux, the
    parent-death signal are further safety nets.
    """

    def __init__(self, options: Mapping[str, object] | Iterable[str] | None = None,
                 *, server_id: int = 1, basedir: str | os.PathLike[str] | None = None,
                 keep: bool = False, startup_timeout: float = 60.0,
                 die_with_parent: bool = True, binlog_folder: bool = False) -> None:
        self.options = _merge_options(options)
        self.server_id = server_id
        self.basedir = basedir if basedir is not None else default_basedir()
        self.keep = keep
        self.startup_timeout = startup_timeout
        self.die_with_parent = die_with_parent
        self.binlog_folder = binlog_folder
        self.mariadbd = find_binary("mariadbd", "mysqld")
        self.install_db = find_binary("mariadb-install-db", "mysql_install_db")
        self.client = find_binary("mariadb", "mysql")
        self.root: Path | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.startup_seconds: float | None = None
        self._finalizer: weakref.finalize[..., Any] | None = None

    # -- layout ---------------------------------------------------------
    @property
    def datadir(self) -> Path:
        return self._root() / "data"

    @property
    def tmpdir(self) -> Path:
        return self._root() / "tmp"

    @property
    def socket(self) -> Path:
        return self._root() / "mysqld.sock"

    @property
    def error_log(self) -> Path:
        return self._root() / "error.log"

    @property
    def binlog_basename(self) -> Path:
        return (self._root() / "binlogs" if self.binlog_folder else self.datadir) / "binlog"

    def _root(self) -> Path:
        if self.root is None:
            raise MariaDBError("server not started")
        return self.root

    # -- life cycle -----------------------------------------------------
    def __enter__(self) -> MariaDBServer:
        if self.proc is None:
            self.start()
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.stop()
        finally:
            self.cleanup()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<MariaDBServer {state} root={self.root} options={self.options}>"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> MariaDBServer:
        """Create the data dir, start ``mariadbd``, wait until it answers.

        Raises
        ------
        MariaDBError
            If install-db fails, the server exits, or the socket does not
            answer within ``startup_timeout``; the message carries the tail
            of the server's error log.
        """
        if self.running:
            return self
        t0 = time.monotonic()
        if self.root is None:
            self.root = Path(tempfile.mkdtemp(prefix="bk-mdb-", dir=self.basedir))
            if len(str(self.socket).encode()) > 100:      # sun_path is 108 bytes
                sock = self.socket
                shutil.rmtree(self.root, ignore_errors=True)
                self.root = None
                raise MariaDBError(f"socket path too long (use a shorter basedir): {sock}")
            self.datadir.mkdir()
            self.tmpdir.mkdir()
            self.binlog_basename.parent.mkdir(exist_ok=True)
            try:
                self._install_db()
            except BaseException:
                self.cleanup()
                raise
        args = [
            self.mariadbd, "--no-defaults",
            f"--datadir={self.datadir}", f"--tmpdir={self.tmpdir}",
            f"--socket={self.socket}", "--skip-networking",
            f"--pid-file={self.root / 'mysqld.pid'}",
            f"--log-error={self.error_log}",
            f"--log-bin={self.binlog_basename}",
            f"--server-id={self.server_id}",
        ]
        if os.geteuid() == 0:
            args.append("--user=root")
        args += self.options
        with open(self.root / "mariadbd.out", "ab") as out:
            self.proc = subprocess.Popen(
                args, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                preexec_fn=_set_pdeathsig if self.die_with_parent else None)
        if self._finalizer is not None:
            self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _reap, self.proc,
                                           None if self.keep else self.root)
        try:
            self._wait_ready(t0)
        except BaseException:
            self._kill()
            self.cleanup()
            raise
        self.startup_seconds = time.monotonic() - t0
        return self

    def _install_db(self) -> None:
        """The data dir: a copy of one ``mariadb-install-db`` made once per process and bootstrap options."""
        boot = tuple(a for a in self.options
                     if a[2:].split("=", 1)[0].replace("-", "_") in _BOOTSTRAP_KEYS)
        template = _TEMPLATES.get(boot)
        if template is None or not template.is_dir():
            template = Path(tempfile.mkdtemp(prefix="bk-mdb-template-", dir=self.basedir))
            atexit.register(shutil.rmtree, template, True)
            (template / "tmp").mkdir()
            self._run_install_db(template / "data", template / "tmp", boot)
            _TEMPLATES[boot] = template
        shutil.copytree(template / "data", self.datadir, symlinks=True, dirs_exist_ok=True)

    def _run_install_db(self, datadir: Path, tmpdir: Path, boot: tuple[str, ...]) -> None:
        args = [self.install_db, "--no-defaults", f"--datadir={datadir}",
                f"--tmpdir={tmpdir}", "--auth-root-authentication-method=normal",
                "--skip-test-db", "--skip-name-resolve"]
        if os.geteuid() == 0:
            args.append("--user=root")
        r = subprocess.run([*args, *boot], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=300)
        if r.returncode != 0:
            text = (r.stdout + r.stderr).decode("utf-8", "replace")
            raise MariaDBError(
                f"mariadb-install-db failed (exit {r.returncode}):\n{text[-4000:]}", text)

    def _wait_ready(self, t0: float) -> None:
        deadline = t0 + self.startup_timeout
        delay = 0.02
        proc = self.proc
        assert proc is not None, "start() starts the process first"
        while True:
            if proc.poll() is not None:
                raise MariaDBError(
                    f"mariadbd exited with code {proc.returncode} during start-up "
                    f"(args: {' '.join(self.options)}).\n"
                    f"--- tail of {self.error_log} ---\n{self.error_log_tail()}",
                    self.error_log_tail())
            if self.socket.exists():
                r = subprocess.run(self._client_args() + ["-e", "SELECT 1"],
                                   stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
                if r.returncode == 0:
                    return
            if time.monotonic() > deadline:
                tail = self.error_log_tail()
                self._kill()
                raise MariaDBError(
                    f"mariadbd did not answer on {self.socket} within "
                    f"{self.startup_timeout:.0f} s.\n--- tail of {self.error_log} ---\n{tail}",
                    tail)
            time.sleep(delay)
            delay = min(delay * 1.5, 0.25)

    def error_log_tail(self, lines: int = 40) -> str:
        """Last ``lines`` lines of the server's error log (and its stdout)."""
        chunks = []
        for p in (self.error_log, self._root() / "mariadbd.out"):
            try:
                text = p.read_bytes().decode("utf-8", "replace")
            except OSError:
                continue
            if text.strip():
                chunks.append("\n".join(text.splitlines()[-lines:]))
        return "\n".join(chunks) or "(error log empty)"

    def stop(self, timeout: float = 30.0) -> int | None:
        """Shut the server down cleanly (SIGTERM), SIGKILL after ``timeout``.

        A clean shutdown writes a STOP_EVENT at the end of the last binlog and
        clears the in-use flag of its FORMAT_DESCRIPTION_EVENT. Returns the
        exit code (None if never started). Safe to call twice.
        """
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            try:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self._kill()
        return proc.returncode

    def _kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                pass

    def cleanup(self) -> None:
        """Remove the temporary directory (unless ``keep``). Stops first."""
        if self.running:
            self.stop()
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if self.root is not None and not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None
            self.proc = None

    # -- talking to it --------------------------------------------------
    def _client_args(self) -> list[str]:
        return [self.client, "--no-defaults", "-uroot", f"--socket={self._root() / 'mysqld.sock'}",
                "--default-character-set=utf8mb4", "--binary-mode", "-N", "-B"]

    def sql_bytes(self, script: str | bytes | Sequence[str], *, database: str | None = None,
                  timeout: float = 300.0) -> bytes:
        """Run ``script`` through ``mariadb`` (on stdin); return raw stdout.

        ``script`` may be one string with several ``;``-separated statements,
        bytes (sent as is, for non-UTF-8 literals), or a list of statements.

        Raises
        ------
        MariaDBError
            With the client's stderr (it names the failing line), if any
            statement fails; statements before it have been executed.
        """
        if not self.running:
            raise MariaDBError("server is not running"
                               + (f"\n{self.error_log_tail()}" if self.root else ""))
        if not isinstance(script, (str, bytes)):
            script = ";\n".join(s.rstrip().rstrip(";") for s in script) + ";\n"
        data = script if isinstance(script, bytes) else script.encode("utf-8", "surrogateescape")
        args = self._client_args()
        if database:
            args.append(f"--database={database}")
        r = subprocess.run(args, input=data, capture_output=True, timeout=timeout)
        if r.returncode != 0:
            err = r.stderr.decode("utf-8", "replace").strip()
            excerpt = data[:300].decode("utf-8", "replace")
            raise MariaDBError(f"mariadb client failed: {err}\n--- script (start) ---\n{excerpt}",
                               err)
        return r.stdout

    def sql(self, script: str | bytes | Sequence[str], *, database: str | None = None,
            timeout: float = 300.0) -> str:
        """Like ``sql_bytes`` but decoded (UTF-8, undecodable bytes kept as
        surrogate escapes). Output is the client's batch format (tab
        separated, no column names, specials escaped)."""
        return self.sql_bytes(script, database=database, timeout=timeout).decode(
            "utf-8", "surrogateescape")

    def query(self, sql: str, *, database: str | None = None) -> list[tuple[str | None, ...]]:
        """Run one SELECT-like statement; return rows of strings.

        Parsing of the client's ``-N -B`` output: columns split on TAB, rows
        on LF; ``\\0 \\t \\n \\\\`` escapes undone; the bare text ``NULL``
        becomes ``None``. Bytes that are not UTF-8 come back as surrogate
        escapes (``s.encode("utf-8", "surrogateescape")`` gives the bytes).

        Notes
        -----
        A string whose value is exactly ``NULL`` is indistinguishable from
        SQL NULL in this output format: select ``HEX(col)`` or
        ``col IS NULL`` when that matters.
        """
        out = self.sql_bytes(sql, database=database)
        if not out:
            return []
        lines = out.split(b"\n")
        if lines[-1] == b"":
            lines.pop()
        rows = []
        for line in lines:
            rows.append(tuple(None if f == b"NULL" else _unescape_batch(f).decode(
                "utf-8", "surrogateescape") for f in line.split(b"\t")))
        return rows

    def scalar(self, sql: str) -> str | None:
        """First column of the first row of ``query(sql)`` (None if no rows)."""
        rows = self.query(sql)
        return rows[0][0] if rows else None

    # -- binlog helpers --------------------------------------------------
    def flush_logs(self) -> None:
        """``FLUSH BINARY LOGS``: close the current binlog, open the next."""
        self.sql("FLUSH BINARY LOGS")

    def binlog_files(self) -> list[Path]:
        """Full paths of the binlogs, oldest first.

        Uses ``SHOW BINARY LOGS`` when the server runs, else the index file.
        """
        if self.running:
            names = [str(r[0]) for r in self.query("SHOW BINARY LOGS")]
            return [self.binlog_basename.parent / n for n in names]
        index = self.binlog_basename.with_suffix(".index")
        out = []
        for line in index.read_text().splitlines():
            line = line.strip()
            if line:
                p = Path(line)
                out.append(p if p.is_absolute() else (self.datadir / p).resolve())
        return out

    def gtid_binlog_pos(self) -> str:
        """``@@gtid_binlog_pos``: last GTID per domain in the binlog ('' if none)."""
        return self.scalar("SELECT @@gtid_binlog_pos") or ""

    def variable(self, name: str) -> str | None:
        """Value of the global server variable ``name``."""
        return self.scalar(f"SELECT @@GLOBAL.{name}")

    def copy_binlogs(self, dest: str | os.PathLike[str]) -> list[Path]:
        """Copy all binlogs (and nothing else) into ``dest``; return the copies."""
        dest = Path(dest)
        dest.mkdir(parents=True, exist_ok=True)
        out = []
        for p in self.binlog_files():
            target = dest / p.name
            shutil.copyfile(p, target)
            out.append(target)
        return out


def _unescape_batch(field: bytes) -> bytes:
    r"""Undo the client's batch escaping: ``\0 \t \n \\`` (and ``\r``)."""
    if b"\\" not in field:
        return field
    out = bytearray()
    i, n = 0, len(field)
    table = {ord("0"): 0, ord("t"): 9, ord("n"): 10, ord("\\"): 92, ord("r"): 13}
    while i < n:
        c = field[i]
        if c == 92 and i + 1 < n and field[i + 1] in table:
            out.append(table[field[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return bytes(out)
