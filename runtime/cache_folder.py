"""The user's binlog-ksy cache folder (``$XDG_CACHE_HOME/binlog-ksy``, else ``~/.cache/binlog-ksy``), kept private.

What is cached there names the user's tables, GTIDs and paths: the folder is made 0700 (one made earlier with
looser modes, by an older version or by another writer, is tightened), so nothing in it can be read by other
users, and the files written by :func:`write_private` (the explorer's overviews) are 0600 from their creation.
A folder that cannot be made private (another user's, not a folder, cannot be changed) is not used at all.
"""

from __future__ import annotations

import glob
import os
import stat

__all__ = ["cache_dir", "private_cache_dir", "prune", "read_private", "write_private"]


def cache_dir() -> str:
    """Where binlog-ksy caches: ``$XDG_CACHE_HOME/binlog-ksy``, else ``~/.cache/binlog-ksy`` (not created)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "binlog-ksy")


def _ours(st: os.stat_result) -> bool:
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()


def private_cache_dir() -> str | None:
    """The cache folder, created 0700 when missing and tightened to 0700 when group or others may read it;
    None when it cannot be made private (then nothing is read from it or written to it)."""
    path = cache_dir()
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.stat(path)
        if not stat.S_ISDIR(st.st_mode) or not _ours(st):
            return None
        if stat.S_IMODE(st.st_mode) & 0o077:
            os.chmod(path, 0o700)
    except OSError:
        return None
    return path


def write_private(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole (a file beside it, renamed over it), readable by this user only (0600)."""
    tmp = f"{path}.{os.getpid()}-{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_private(path: str) -> bytes:
    """The bytes of a cache file (made 0600 when an earlier version left it readable by others)."""
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if stat.S_IMODE(st.st_mode) & 0o077 and _ours(st):
            os.fchmod(f.fileno(), 0o600)
        return f.read()


def prune(folder: str, pattern: str, keep: int) -> None:
    """Remove all but the ``keep`` newest files of ``folder`` matching ``pattern`` (a glob of file names)."""
    found = []
    for path in glob.glob(os.path.join(glob.escape(folder), pattern)):
        try:
            found.append((os.stat(path).st_mtime_ns, path))
        except OSError:
            continue
    for _, path in sorted(found, reverse=True)[keep:]:
        try:
            os.remove(path)
        except OSError:
            pass
