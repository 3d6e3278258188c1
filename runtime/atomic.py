"""Local outputs replaced whole: what a run killed at any moment leaves is the old output or the new one.

A run writes beside its output (``.<name>.tmp-<pid>-<id>``) and, when everything is written,
exchanges the two directories in one system call (Linux ``renameat2(RENAME_EXCHANGE)``), so there
is no moment when the output is missing or half written. Where the exchange is not available (other
systems, filesystems without it) it falls back to two renames, and a run killed between them is
repaired by the next one: :func:`repair` puts back whatever complete directory it finds.

Leftovers of killed runs (``.<name>.tmp-<pid>-*`` whose process is gone, ``.<name>.old-*``) are
removed by the next run into the same output.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable

__all__ = ["exchange", "repair", "remove_leftovers", "staging_name", "pid_alive"]

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
#: glibc's renameat2 once looked up: [] before, [None] when the system has none.
_RENAMEAT2: list[Callable[..., int] | None] = []


def _load_renameat2() -> Callable[..., int] | None:
    if not _RENAMEAT2:
        import ctypes  # only to replace an output that exists

        try:
            libc = ctypes.CDLL(None, use_errno=True)  # the C library this process runs on
            function = libc.renameat2
            function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            function.restype = ctypes.c_int
            _RENAMEAT2.append(function)
        except (OSError, AttributeError):
            _RENAMEAT2.append(None)
    return _RENAMEAT2[0]


def staging_name(output: str, kind: str = "tmp") -> str:
    """A fresh path beside ``output`` for a run of this process (``.<name>.<kind>-<pid>-<id>``)."""
    parent, name = os.path.split(os.path.abspath(output).rstrip("/"))
    return os.path.join(parent, f".{name}.{kind}-{os.getpid()}-{os.urandom(6).hex()}")


def pid_alive(pid: int) -> bool:
    """Whether a process of this machine with that id still runs (0 and negative ids name none)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def exchange(new: str, output: str) -> str | None:
    """Put the directory ``new`` in place of ``output``; returns where the old output now is (None: none).

    One atomic exchange when ``output`` exists and the system has ``renameat2``; else renames.
    """
    if not os.path.exists(output):
        os.rename(new, output)
        return None
    function = _load_renameat2()
    if function is not None:
        if function(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(output), _RENAME_EXCHANGE) == 0:
            return new  # the old output is where the new one was
        import ctypes

        code = ctypes.get_errno()
        if code not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(code, os.strerror(code), output)
    old = staging_name(output, "old")
    os.rename(output, old)
    try:
        os.rename(new, output)
    except OSError:
        os.rename(old, output)
        raise
    return old


def _siblings(output: str) -> list[tuple[str, str]]:
    parent, name = os.path.split(os.path.abspath(output).rstrip("/"))
    try:
        entries = os.listdir(parent or ".")
    except FileNotFoundError:
        return []
    out = []
    for entry in entries:
        for kind in ("tmp", "old"):
            if entry.startswith(f".{name}.{kind}-"):
                out.append((kind, os.path.join(parent, entry)))
    return out


def _owner(path: str) -> int | None:
    rest = os.path.basename(path).rsplit(".", 1)[-1].split("-")
    return int(rest[1]) if len(rest) >= 3 and rest[1].isdigit() else None


def repair(output: str, complete: Callable[[str], bool]) -> None:
    """After a run killed between the two renames of the fallback: put a complete directory back in place.

    ``complete(path)`` says whether a directory holds a whole output (e.g. its summary file).
    """
    if os.path.exists(output):
        return
    candidates = [(kind, path) for kind, path in _siblings(output) if complete(path)
                  and (kind == "old" or not pid_alive(_owner(path) or -1))]
    # a finished new output wins over the old one it was replacing
    for wanted in ("tmp", "old"):
        for kind, path in candidates:
            if kind == wanted:
                os.rename(path, output)
                return


def remove_leftovers(output: str) -> None:
    """Remove what killed runs left beside ``output`` (never the staging of a run still going)."""
    for kind, path in _siblings(output):
        owner = _owner(path)
        if kind == "tmp" and owner is not None and owner != os.getpid() and pid_alive(owner):
            continue
        if kind == "tmp" and owner == os.getpid():
            continue
        shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else _unlink(path)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
