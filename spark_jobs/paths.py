"""Input paths of the binlog data source: expand them to files and open one.

Runs on the driver (``expand_inputs``, when Spark plans the read) and in each
task (``open_binlog``). Local paths use the operating system; anything with a
URI scheme (``s3://``, ``hdfs://``, ``gs://``, ``file://``...) goes through
:func:`pyarrow.fs.FileSystem.from_uri`, so every filesystem pyarrow was built
with works, with its usual credentials (environment, config files).

Expansion rules (the same for local and remote inputs):

* a file is read as given, whatever its name;
* a directory stands for every file under it, **recursively**, except the
  files listed below;
* a glob (``*``, ``?``, ``[...]``; ``**`` matches any number of directories)
  stands for the files it matches (directories it matches are expanded as
  above), except the files listed below;
* skipped inside directories and globs: names starting with ``.`` or ``_``
  (hidden files, ``_SUCCESS``), the binlog index (``*.index``), MariaDB's GTID
  index and state files (``*.idx``, ``*.state``), relay-log info files
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

import fnmatch
import glob
import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO

__all__ = ["InputFile", "expand_inputs", "open_binlog", "is_uri", "SKIPPED_SUFFIXES"]

#: Files skipped inside directories and globs (never when named explicitly).
SKIPPED_SUFFIXES = (".index", ".idx", ".state", ".info", ".crc", ".json", ".sql", ".txt", ".md", ".yaml", ".yml",
                    ".csv", ".tsv", ".sha256", ".md5")
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
    from pyarrow import fs as pafs

    scheme_end = uri.index("://") + 3
    match = _GLOB_CHARS.search(uri, scheme_end)
    # from_uri needs a URI without wildcards: use the part before the first wild component.
    base_uri = uri if match is None else uri[:uri.rfind("/", 0, match.start()) + 1]
    filesystem, base_path = pafs.FileSystem.from_uri(base_uri)
    def to_uri(path: str) -> str:
        # Rebuild the caller's URI form: scheme + authority from the input, path from the listing.
        root = base_path.rstrip("/")
        if path.startswith(root):
            return base_uri.rstrip("/") + path[len(root):]
        return path

    def walk(path: str) -> list[InputFile]:
        found = []
        for info in filesystem.get_file_info(pafs.FileSelector(path, recursive=True)):
            if info.type != pafs.FileType.File:
                continue
            rel = info.path[len(path.rstrip("/")):]
            if any(part.startswith(_SKIPPED_PREFIXES) for part in rel.split("/")[:-1] if part):
                continue
            if not _skipped(info.path):
                found.append(InputFile(to_uri(info.path), info.size))
        return found

    if match is None:
        info = filesystem.get_file_info(base_path)
        if info.type == pafs.FileType.File:
            return [InputFile(uri, info.size)]
        if info.type == pafs.FileType.Directory:
            return walk(base_path)
        raise FileNotFoundError(f"no such file or directory: {uri!r}")
    pattern_path = base_path.rstrip("/") + "/" + uri[len(base_uri):]
    regex = _glob_regex(pattern_path)
    root = filesystem.get_file_info(base_path)
    if root.type != pafs.FileType.Directory:
        raise FileNotFoundError(f"no file matches {uri!r}")
    out = []
    for info in filesystem.get_file_info(pafs.FileSelector(base_path, recursive=True)):
        if info.type == pafs.FileType.File and regex.match(info.path) and not _skipped(info.path):
            out.append(InputFile(to_uri(info.path), info.size))
        elif info.type == pafs.FileType.Directory and regex.match(info.path):
            out.extend(walk(info.path))
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

    def __init__(self, native) -> None:  # noqa: ANN001 - pyarrow.NativeFile
        self._f = native

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # noqa: ANN001 - a writable buffer
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
    from pyarrow import fs as pafs

    filesystem, path = pafs.FileSystem.from_uri(uri)
    native = filesystem.open_input_file(path)
    return io.BufferedReader(_NativeRaw(native), buffer_size=REMOTE_BUFFER)

