"""Where binlogs and outputs live: local paths and object stores, through one set of functions.

Inputs: :func:`expand_inputs` (files, directories, globs, URIs -> files) and
:func:`open_binlog` (one file, seekable and buffered), used by every command,
the data source and the extraction job. Outputs: :func:`filesystem_of` and
the small :class:`Files` wrapper the job's commit and the table writers use.

Local paths use the operating system; anything with a URI scheme (``s3://``,
``gs://``, ``abfs://``, ``hdfs://``, ``file://``...) goes through
:func:`pyarrow.fs.FileSystem.from_uri`, so every filesystem pyarrow was built
with works, configured only by that store's standard environment and config
files (for S3: ``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``,
``AWS_SECRET_ACCESS_KEY``, ``AWS_REGION``, ``AWS_ALLOW_HTTP=true`` for a plain
HTTP endpoint). ``s3a://`` and ``s3n://`` (Hadoop's spellings) mean ``s3://``.
Credentials are never part of a message.

Every call to an object store has a bounded time, retries included:
:data:`STORE_TIMEOUT_VARIABLE` (``BINLOG_KSY_STORE_TIMEOUT``, seconds, default
:data:`DEFAULT_STORE_TIMEOUT`) is spent as :class:`StoreBounds` says, on
pyarrow's S3 and GCS filesystems made here, on delta-rs
(:meth:`StoreBounds.delta_options`) and on pyiceberg's S3 FileIO
(:meth:`StoreBounds.iceberg_properties`). A store that stops answering (down,
the network cut, a black hole) fails the call within that time with an error
naming the store, instead of the clients' own budgets (pyarrow's: 100 s per
call on a store that accepts connections and never answers; delta-rs': minutes
per request). The setting travels to Spark's tasks with the store's own
variables (:func:`store_environment`).

Expansion rules (the same for local and remote inputs):

* a file is read as given, whatever its name;
* a directory stands for every file under it, **recursively**, except the
  files listed below;
* a glob (``*``, ``?``, ``[...]``; ``**`` matches any number of directories)
  stands for the files it matches (directories it matches are expanded as
  above), except the files listed below;
* skipped inside directories and globs: names starting with ``.`` or ``_``
  (hidden files, ``_SUCCESS``), the binlog index (``*.index``) and the purge
  index the server keeps while it rotates or purges (``*.~rec~``, sql/log.cc
  ``open_purge_index_file``), MariaDB's GTID index and state files (``*.idx``,
  ``*.state``), relay-log info files
  (``*.info``), Hadoop checksums (``*.crc``) and files that are text by their
  extension (``*.json``, ``*.sql``, ``*.txt``, ``*.md``, ``*.yaml``, ``*.yml``,
  ``*.csv``, ``*.tsv``, ``*.sha256``, ``*.md5``). Any other file is read, and
  one that is not a binlog (a ``.gz`` archive, say) becomes an error row;
* an input that matches nothing raises :class:`FileNotFoundError` (as Spark
  does for a missing path): it is a usage error, not a damaged file.

Files are returned sorted by name and without duplicates, so the partitions
(one per file) and everything derived from them are the same on every run.
"""

from __future__ import annotations

import errno
import fnmatch
import functools
import glob
import io
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, BinaryIO

from .errors import ConfigError, StorageError

__all__ = ["DEFAULT_STORE_TIMEOUT", "STORE_TIMEOUT_VARIABLE", "BoundedS3RetryStrategy", "Files", "InputFile",
           "SKIPPED_SUFFIXES", "StoreBounds", "expand_inputs", "filesystem_of", "is_uri", "open_binlog",
           "raise_store_failure", "s3_object_names", "store_bounds", "store_environment", "store_failure_text"]

#: Files skipped inside directories and globs (never when named explicitly).
SKIPPED_SUFFIXES = (".index", ".~rec~", ".idx", ".state", ".info", ".crc", ".json", ".sql", ".txt", ".md",
                    ".yaml", ".yml", ".csv", ".tsv", ".sha256", ".md5")
_SKIPPED_PREFIXES = (".", "_")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")
_GLOB_CHARS = re.compile(r"[*?\[]")
#: Read size of the buffer put in front of remote files (each read may be a network request).
REMOTE_BUFFER = 4 << 20


@dataclass(frozen=True, order=True)
class InputFile:
    """One binlog file to read.

    Attributes
    ----------
    uri
        The file as the rows name it (``file`` column): an absolute local path,
        or the full URI for remote files.
    size
        Size in bytes when the listing gave it, else None.
    """

    uri: str
    size: int | None = None


def is_uri(path: str) -> bool:
    """True when ``path`` has a URI scheme (``s3://...``, ``file:///...``)."""
    return bool(_URI.match(path))


#: Hadoop's names for S3, which pyarrow spells s3://.
_S3_ALIASES = ("s3a://", "s3n://")


def _s3_settings_hint() -> str:
    named = [k for k in ("AWS_ENDPOINT_URL", "AWS_REGION", "AWS_ALLOW_HTTP") if os.environ.get(k)]
    keys = "set" if os.environ.get("AWS_ACCESS_KEY_ID") else "not set"
    return (f" (S3 settings come from the AWS environment: {', '.join(named) or 'no AWS_ENDPOINT_URL/AWS_REGION'}; "
            f"AWS_ACCESS_KEY_ID {keys})")


#: The environment variable that bounds every call to an object store (seconds, retries included).
STORE_TIMEOUT_VARIABLE = "BINLOG_KSY_STORE_TIMEOUT"
#: Its value when it is not set: a store that does not answer a call for a minute fails the run.
DEFAULT_STORE_TIMEOUT = 60.0
#: What the setting may be (seconds): long enough for one try of a request, short of a hang.
STORE_TIMEOUT_RANGE = (10.0, 3600.0)


@dataclass(frozen=True)
class StoreBounds:
    """How the time one store call may take (:attr:`call`, retries included) is spent, per client.

    pyarrow (S3): :attr:`attempts` tries of a request, each with :attr:`connect` seconds to connect and
    :attr:`request` seconds without a byte moving (curl's low-speed limit: a slow transfer that moves is
    not cut), and the AWS standard strategy's pauses between them (at most 1 s, then 2 s):
    ``attempts * (connect + request) + 3 <= call``. pyarrow (GCS): its client retries for at most
    :attr:`call`. delta-rs (object_store): a request gets ``call / 2`` whole (``timeout``), retries
    (``max_retries`` 10, pauses of 0.1 s doubling up to :attr:`delta_backoff`) stop ``call / 2 -
    delta_backoff`` after the first try (``retry_timeout``): ``retry_timeout + max_backoff + timeout =
    call``. pyiceberg's S3 FileIO is pyarrow's S3 filesystem: the same as pyarrow's.
    """

    call: float

    @property
    def attempts(self) -> int:
        return 3

    @property
    def connect(self) -> float:
        return round(max(0.5, self.call / 20), 3)

    @property
    def request(self) -> float:
        return round(max(1.0, (self.call - 3) / self.attempts - self.connect), 3)

    @property
    def delta_backoff(self) -> float:
        return round(min(15.0, self.call / 10), 3)

    def pyarrow_s3(self) -> dict[str, Any]:
        """Keyword arguments of ``pyarrow.fs.S3FileSystem``."""
        from pyarrow import fs as pafs

        # allow_delayed_open: a file smaller than a part is one PutObject when it is closed, not a multipart
        # upload's three requests (a failure is then raised by the write or the close, not the open)
        return {"connect_timeout": self.connect, "request_timeout": self.request,
                "retry_strategy": pafs.AwsStandardS3RetryStrategy(max_attempts=self.attempts),
                "allow_delayed_open": True}

    def delta_options(self) -> dict[str, str]:
        """delta-rs ``storage_options`` (object_store's client and retry settings)."""
        half = self.call / 2
        return {"timeout": _duration(half), "connect_timeout": _duration(self.connect), "max_retries": "10",
                "retry_timeout": _duration(half - self.delta_backoff),
                "backoff_config.init_backoff": "100ms", "backoff_config.max_backoff": _duration(self.delta_backoff),
                "backoff_config.base": "2"}

    def iceberg_properties(self) -> dict[str, str]:
        """pyiceberg catalog properties for its pyarrow S3 FileIO."""
        return {"s3.connect-timeout": str(self.connect), "s3.request-timeout": str(self.request),
                "s3.retry-strategy-impl": f"{__name__}.BoundedS3RetryStrategy"}


def _duration(seconds: float) -> str:
    return f"{max(1, round(seconds * 1000))}ms"


def store_bounds() -> StoreBounds:
    """The bounds of this process's store calls (:data:`STORE_TIMEOUT_VARIABLE`, else the default).

    Raises :class:`ConfigError` for a value that is not a number of seconds in :data:`STORE_TIMEOUT_RANGE`.
    """
    text = os.environ.get(STORE_TIMEOUT_VARIABLE, "").strip()
    if not text:
        return StoreBounds(DEFAULT_STORE_TIMEOUT)
    low, high = STORE_TIMEOUT_RANGE
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not low <= seconds <= high:  # NaN too
        raise ConfigError(f"{STORE_TIMEOUT_VARIABLE}={text!r}: expected seconds from {low:g} to {high:g}")
    return StoreBounds(seconds)


@functools.cache
def _bounded_s3_retry_strategy() -> Any:
    from pyarrow import fs as pafs

    class _Bounded(pafs.AwsStandardS3RetryStrategy):
        def __init__(self) -> None:
            super().__init__(max_attempts=store_bounds().attempts)

    return _Bounded


class BoundedS3RetryStrategy:
    """pyiceberg's ``s3.retry-strategy-impl``: the AWS standard strategy with :class:`StoreBounds`' attempts.

    pyiceberg makes it with no argument; it is pyarrow's ``AwsStandardS3RetryStrategy`` (a subclass made
    when first asked for, so that importing this module does not import pyarrow).
    """

    def __new__(cls) -> Any:
        return _bounded_s3_retry_strategy()()


def _bounded(filesystem: Any) -> Any:
    """``filesystem`` (made by ``from_uri``) again with :func:`store_bounds` set, when it is S3 or GCS."""
    kind = type(filesystem).__name__
    if kind not in ("S3FileSystem", "GcsFileSystem"):
        return filesystem
    bounds = store_bounds()
    rebuild, (kwargs,) = filesystem.__reduce__()
    if kind == "S3FileSystem":
        kwargs.update(bounds.pyarrow_s3())
    else:
        kwargs["retry_time_limit"] = timedelta(seconds=bounds.call)
    return rebuild(kwargs)


def filesystem_of(uri: str):
    """The pyarrow filesystem of ``uri`` and the path inside it (S3 and GCS with :func:`store_bounds`).

    Raises
    ------
    StorageError
        A scheme pyarrow does not know or was built without, or a store that
        refuses the settings; the message names the scheme, never credentials.
    """
    from pyarrow import fs as pafs

    for alias in _S3_ALIASES:
        if uri.startswith(alias):
            uri = "s3://" + uri[len(alias):]
    scheme = uri.split("://", 1)[0].lower() if is_uri(uri) else "file"
    try:
        filesystem, path = pafs.FileSystem.from_uri(uri)
        return _bounded(filesystem), path
    except ConfigError:
        raise
    except Exception as exc:  # noqa: BLE001 - ArrowInvalid, ArrowNotImplementedError, OSError from the store's client
        text = str(exc)
        if "Unrecognized filesystem type" in text or "not compiled" in text.lower() or "support" in text.lower():
            raise StorageError(f"{scheme}://: this pyarrow build has no filesystem for scheme {scheme!r} "
                               f"(pyarrow knows file://, s3://, gs://, abfs://, hdfs:// when built with them)"
                               ) from None
        hint = _s3_settings_hint() if scheme == "s3" else ""
        raise StorageError(f"{scheme}://: cannot open {_redacted(uri)}: {text}{hint}") from None


def _redacted(uri: str) -> str:
    """``uri`` without a ``user:secret@`` part or query string (where some stores put keys)."""
    uri = re.sub(r"(://)[^/@]*@", r"\1", uri)
    return uri.split("?", 1)[0]


#: How pyarrow's S3 errors name an object (``key 'K' in bucket 'B'``) or a bucket alone (``bucket 'B'``).
_S3_OBJECT = re.compile(r"key '([^']*)' in bucket '([^']*)'")
_S3_BUCKET = re.compile(r"(?<!in )bucket '([^']*)'")


def s3_object_names(text: str) -> str:
    """``text`` with pyarrow's ``key 'K' in bucket 'B'`` spelled ``s3://B/K``, as inputs and outputs are.

    A store failing in the middle of a run (unreachable, refusing a request)
    surfaces as pyarrow's error, which names the key and the bucket apart; the
    URI says at once which store and which object a user has to look at.
    """
    text = _S3_OBJECT.sub(lambda m: f"s3://{m.group(2)}/{m.group(1)}", text)
    return _S3_BUCKET.sub(lambda m: f"s3://{m.group(1)}", text)


def raise_store_failure(uri: str, exc: BaseException | None) -> None:
    """Raise :class:`StorageError` when ``exc`` is the store of the remote file ``uri`` failing a read of it.

    An unreachable or refusing store (``OSError`` from its client) says nothing of the file's bytes: the run
    must fail and be run again, not record the file as unreadable in ``errors/`` and go on, which would leave
    its rows out for good (an ``--incremental`` run's state says the file was read). Local files' I/O errors,
    a file gone since it was listed (``FileNotFoundError``) and anything not an ``OSError`` return: they are
    the file's own problems. ``exc`` may be a reader's error's ``__context__`` (the ``OSError`` it wraps).
    """
    if not is_uri(uri) or not isinstance(exc, OSError) or isinstance(exc, FileNotFoundError):
        return
    raise StorageError(f"{_redacted(uri)}: the store failed a read: {store_failure_text(exc)}") from None


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def store_failure_text(exc: BaseException) -> str:
    """A store client's error on one line: pyarrow's ``key 'K' in bucket 'B'`` as ``s3://B/K``, delta-rs'
    indented chain of causes (with terminal colours) joined, URLs without credentials."""
    lines = [line.strip(" \u21b3") for line in _ANSI.sub("", str(exc)).splitlines()]
    text = " - ".join(line for line in lines if line)
    return s3_object_names(re.sub(r"(://)[^/@\s]*@", r"\1", text))


#: The environment variables through which object stores are configured (pyarrow's and their SDKs' own).
_STORE_VARIABLES = ("AWS_", "GOOGLE_", "GCS_", "AZURE_", "ARROW_HDFS", "HADOOP_HOME", "CLASSPATH", "ARROW_LIBHDFS",
                    STORE_TIMEOUT_VARIABLE)


def store_environment() -> tuple[tuple[str, str], ...]:
    """The object-store settings of this process's environment (``AWS_*``...), to give Spark's workers.

    Local Spark workers inherit the environment the JVM started with, which
    may predate these settings; executors on a cluster may have none. The job
    passes these to its tasks (in memory, never printed).
    """
    return tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith(_STORE_VARIABLES)))


#: The pyarrow filesystems whose "directories" are key prefixes: a key needs no folder made before it.
OBJECT_STORES = ("S3FileSystem", "GcsFileSystem", "AzureFileSystem")


def is_object_store(filesystem: Any) -> bool:
    """Whether ``filesystem`` (pyarrow) is an object store (S3, GCS, Azure)."""
    return type(filesystem).__name__ in OBJECT_STORES


def make_parent(filesystem: Any, inner: str) -> None:
    """Make the folder of ``inner`` (a path of ``filesystem``) before a file is written there, where the
    store has folders; nothing on an object store, where pyarrow would check and write an empty marker object
    for each level of the path (two requests or more per file written)."""
    if not is_object_store(filesystem):
        filesystem.create_dir(inner.rsplit("/", 1)[0], recursive=True)


def write_target(path: str) -> tuple[Any, str]:
    """Where to write the file ``path`` (a local path or a URI): its pyarrow filesystem (None: a local path,
    pyarrow's own) and the path in it, with its folder made (:func:`make_parent`; ``os.makedirs`` locally)."""
    if is_uri(path):
        filesystem, inner = filesystem_of(path)
        make_parent(filesystem, inner)
        return filesystem, inner
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return None, path


class Files:
    """The few operations the job's commit and table writers need, on one store (local or pyarrow URI).

    Paths given to the methods are full (local paths or URIs of the same
    store). Directories on object stores are prefixes: "renaming" one copies
    each object and deletes the old ones, so it is not atomic there; callers
    order their writes so a marker written last says what is complete.
    """

    def __init__(self, root: str) -> None:
        self.uri = is_uri(root)
        if self.uri:
            self.fs, inner = filesystem_of(root)
            self._prefix = root[: len(root) - len(inner)] if root.endswith(inner) else None
            self._root_inner = inner
            self._root = root
        else:
            from pyarrow import fs as pafs

            self.fs = pafs.LocalFileSystem()
            self._prefix = ""
        self.object_store = is_object_store(self.fs)

    def inner(self, path: str) -> str:
        """The filesystem's own path of ``path``."""
        if not self.uri:
            return os.path.abspath(path)
        if self._prefix is not None and path.startswith(self._prefix):
            return path[len(self._prefix):]
        return filesystem_of(path)[1]

    def exists(self, path: str) -> bool:
        from pyarrow import fs as pafs

        return self.fs.get_file_info(self.inner(path)).type != pafs.FileType.NotFound

    def is_dir(self, path: str) -> bool:
        from pyarrow import fs as pafs

        return self.fs.get_file_info(self.inner(path)).type == pafs.FileType.Directory

    def list_names(self, path: str) -> list[str]:
        """Names directly under the directory ``path`` ([] when it does not exist)."""
        from pyarrow import fs as pafs

        if not self.is_dir(path):
            return []
        infos = self.fs.get_file_info(pafs.FileSelector(self.inner(path), allow_not_found=True))
        return sorted(info.base_name for info in infos)

    def files_under(self, path: str) -> list[str]:
        """Relative paths of every file under the directory ``path``."""
        from pyarrow import fs as pafs

        root = self.inner(path).rstrip("/")
        infos = self.fs.get_file_info(pafs.FileSelector(root, recursive=True, allow_not_found=True))
        return sorted(i.path[len(root) + 1:] for i in infos if i.type == pafs.FileType.File)

    def mkdirs(self, path: str) -> None:
        self.fs.create_dir(self.inner(path), recursive=True)

    def read_text(self, path: str) -> str:
        with self.fs.open_input_stream(self.inner(path)) as fh:
            return bytes(fh.read()).decode("utf-8")

    def write_text(self, path: str, text: str) -> None:
        """Write a small file whole (on object stores one PUT: readers see all of it or nothing)."""
        inner = self.inner(path)
        if not self.object_store:
            self.fs.create_dir(inner.rsplit("/", 1)[0], recursive=True)
        with self.fs.open_output_stream(inner) as fh:
            fh.write(text.encode("utf-8"))

    def delete(self, path: str) -> None:
        """Remove a file or a directory tree; nothing when it does not exist.

        A directory that something still writes into (the task processes of a run whose driver was killed
        write on until they notice) is not empty when its last entry goes: tried again for about a second,
        then the ``OSError`` (``ENOTEMPTY``) is raised.
        """
        from pyarrow import fs as pafs

        inner = self.inner(path)
        kind = self.fs.get_file_info(inner).type
        if kind == pafs.FileType.Directory:
            for pause in (0.05, 0.1, 0.2, 0.4, 0.8, None):
                try:
                    self.fs.delete_dir(inner)
                    return
                except OSError as exc:
                    if pause is None or exc.errno != errno.ENOTEMPTY:
                        raise
                    time.sleep(pause)
        elif kind == pafs.FileType.File:
            self.fs.delete_file(inner)

    def delete_if_empty(self, path: str) -> None:
        """Remove the directory ``path`` when it holds nothing (local, HDFS: an object store has no empty ones)."""
        if self.is_dir(path) and not self.list_names(path):
            self.delete(path)

    def rename(self, source: str, target: str) -> None:
        """Move a file or directory (atomic on local and HDFS; copy + delete per object on object stores)."""
        src, dst = self.inner(source), self.inner(target)
        if not self.object_store or not self.is_dir(source):
            self.fs.move(src, dst)
            return
        for rel in self.files_under(source):
            self.fs.copy_file(f"{src}/{rel}", f"{dst}/{rel}")
        self.fs.delete_dir(src)

    def copy_file(self, source: str, target: str) -> None:
        """Copy one file (on object stores a copy inside the store), replacing ``target``."""
        dst = self.inner(target)
        if not self.object_store:
            self.fs.create_dir(dst.rsplit("/", 1)[0], recursive=True)
        self.fs.copy_file(self.inner(source), dst)

    def mtime(self, path: str) -> float | None:
        """When the file ``path`` was last written, in seconds since the epoch by the store's own clock (an
        object's Last-Modified); None when there is no such file."""
        from pyarrow import fs as pafs

        info = self.fs.get_file_info(self.inner(path))
        if info.type == pafs.FileType.NotFound or info.mtime_ns is None:
            return None
        return float(info.mtime_ns) / 1e9

    def copy_tree(self, source: str, target: str) -> None:
        """Copy every file under ``source`` to the same place under ``target`` (hard links when local).

        Raises FileExistsError rather than replace a file ``target`` has.
        """
        src, dst = self.inner(source), self.inner(target)
        for rel in self.files_under(source):
            if self.exists(f"{target}/{rel}"):
                raise FileExistsError(f"{target}/{rel} exists: not replaced by {source}/{rel}")
            if not self.uri:
                os.makedirs(os.path.dirname(f"{dst}/{rel}"), exist_ok=True)
                try:
                    os.link(f"{src}/{rel}", f"{dst}/{rel}")
                    continue
                except OSError:
                    pass
            elif not self.object_store:
                self.fs.create_dir(f"{dst}/{rel}".rsplit("/", 1)[0], recursive=True)
            self.fs.copy_file(f"{src}/{rel}", f"{dst}/{rel}")


def _skipped(name: str) -> bool:
    base = name.rstrip("/").rsplit("/", 1)[-1]
    return base.startswith(_SKIPPED_PREFIXES) or base.endswith(SKIPPED_SUFFIXES)


def _expand_local(path: str) -> list[InputFile]:
    path = os.path.expanduser(path)
    if _GLOB_CHARS.search(path):
        matches = glob.glob(path, recursive=True)
        if not matches:
            raise FileNotFoundError(f"no file matches {path!r}")
        out: list[InputFile] = []
        for m in matches:
            if os.path.isdir(m):
                out.extend(_walk_local(m))
            elif os.path.isfile(m) and not _skipped(m):
                out.append(InputFile(os.path.abspath(m), os.path.getsize(m)))
        return out
    if os.path.isdir(path):
        return _walk_local(path)
    if os.path.exists(path):
        return [InputFile(os.path.abspath(path), os.path.getsize(path))]
    raise FileNotFoundError(f"no such file or directory: {path!r}")


def _walk_local(root: str) -> list[InputFile]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(_SKIPPED_PREFIXES)]
        for name in filenames:
            if _skipped(name):
                continue
            full = os.path.abspath(os.path.join(dirpath, name))
            if os.path.isfile(full):
                out.append(InputFile(full, os.path.getsize(full)))
    return out


def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A regex for a path glob: ``*`` and ``?`` stay inside one component, ``**/`` spans any."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                out.append(re.escape(pattern[i]))
                i += 1
            else:
                # fnmatch.translate knows the [!...] spelling; reuse it for one class.
                cls = fnmatch.translate(pattern[i:end + 1])
                out.append(cls[len("(?s:"):-len(r")\Z")])
                i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def _expand_remote(uri: str) -> list[InputFile]:
    scheme_end = uri.index("://") + 3
    match = _GLOB_CHARS.search(uri, scheme_end)
    # from_uri needs a URI without wildcards: use the part before the first wild component.
    base_uri = uri if match is None else uri[:uri.rfind("/", 0, match.start()) + 1]
    filesystem, base_path = filesystem_of(base_uri)
    listing = _RemoteListing(base_uri, filesystem, base_path)
    if match is None:
        return listing.named(uri)
    return listing.matching(uri)


class _RemoteListing:
    """The files under a URI without wildcards (``base_uri``) on an object store or remote file system."""

    def __init__(self, base_uri: str, filesystem: Any, base_path: str) -> None:  # a pyarrow.fs.FileSystem
        self.base_uri = base_uri
        self.filesystem = filesystem
        self.base_path = base_path

    def to_uri(self, path: str) -> str:
        """The caller's URI form: scheme + authority from the input, path from the listing."""
        root = self.base_path.rstrip("/")
        if path.startswith(root):
            return self.base_uri.rstrip("/") + path[len(root):]
        return path

    def walk(self, path: str) -> list[InputFile]:
        """The binlog files under directory ``path``."""
        from pyarrow import fs as pafs

        found = []
        for info in self.filesystem.get_file_info(pafs.FileSelector(path, recursive=True)):
            if info.type != pafs.FileType.File:
                continue
            rel = info.path[len(path.rstrip("/")):]
            if any(part.startswith(_SKIPPED_PREFIXES) for part in rel.split("/")[:-1] if part):
                continue
            if not _skipped(info.path):
                found.append(InputFile(self.to_uri(info.path), info.size))
        return found

    def named(self, uri: str) -> list[InputFile]:
        """``uri`` (the base itself): one file, or the files of a directory."""
        from pyarrow import fs as pafs

        info = self.filesystem.get_file_info(self.base_path)
        if info.type == pafs.FileType.File:
            return [InputFile(uri, info.size)]
        if info.type == pafs.FileType.Directory:
            return self.walk(self.base_path)
        raise FileNotFoundError(f"no such file or directory: {uri!r}")

    def matching(self, uri: str) -> list[InputFile]:
        """The files a glob ``uri`` matches, and the files of the directories it matches."""
        from pyarrow import fs as pafs

        base_path = self.base_path
        regex = _glob_regex(base_path.rstrip("/") + "/" + uri[len(self.base_uri):])
        root = self.filesystem.get_file_info(base_path)
        if root.type != pafs.FileType.Directory:
            raise FileNotFoundError(f"no file matches {uri!r}")
        out = []
        for info in self.filesystem.get_file_info(pafs.FileSelector(base_path, recursive=True)):
            if info.type == pafs.FileType.File and regex.match(info.path) and not _skipped(info.path):
                out.append(InputFile(self.to_uri(info.path), info.size))
            elif info.type == pafs.FileType.Directory and regex.match(info.path):
                out.extend(self.walk(info.path))
        if not out:
            raise FileNotFoundError(f"no file matches {uri!r}")
        return out


def expand_inputs(inputs: str | Sequence[str]) -> list[InputFile]:
    """Every binlog file named by ``inputs`` (paths, directories, globs, URIs).

    Parameters
    ----------
    inputs
        One input or several; see the module docstring for the rules.

    Returns
    -------
    list of InputFile
        Sorted by ``uri``, without duplicates.

    Raises
    ------
    FileNotFoundError
        When an input matches no file.
    """
    if isinstance(inputs, str):
        inputs = [inputs]
    seen: dict[str, InputFile] = {}
    for item in inputs:
        files = _expand_remote(item) if is_uri(item) else _expand_local(item)
        for f in files:
            seen.setdefault(f.uri, f)
    return sorted(seen.values())


class _NativeRaw(io.RawIOBase):
    """A pyarrow ``NativeFile`` as a raw stream, so :class:`io.BufferedReader` can buffer it."""

    def __init__(self, native) -> None:
        self._f = native

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        data = self._f.read(len(b))
        n = len(data)
        b[:n] = data
        return n

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._f.seek(offset, whence)

    def tell(self) -> int:
        return self._f.tell()

    def close(self) -> None:
        if not self.closed:
            self._f.close()
        super().close()


def open_binlog(uri: str) -> BinaryIO:
    """Open one input file for reading: seekable and buffered.

    Local paths use :func:`open`; URIs use pyarrow's ``open_input_file``
    (random access) behind a 4 MiB read buffer.
    """
    if not is_uri(uri):
        return open(uri, "rb", buffering=1 << 20)
    filesystem, path = filesystem_of(uri)
    native = filesystem.open_input_file(path)
    return io.BufferedReader(_NativeRaw(native), buffer_size=REMOTE_BUFFER)

