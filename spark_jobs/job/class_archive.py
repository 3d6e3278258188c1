"""The driver JVM's class-data archive (AppCDS) for local runs: Spark's classes mapped in, not loaded one by one.

Starting the local driver JVM costs about 5 s of CPU, most of it loading,
parsing and verifying the ~10,000 classes Spark needs. A dynamic class-data
sharing archive (JEP 350, Java 13+) holds them already parsed and verified:
the JVM maps it and starts in about half that. The first run dumps the classes
it loaded when its JVM exits (``-XX:ArchiveClassesAtExit``, after the job and
the summary, so no run waits for it); the runs after it use the archive
(``-XX:SharedArchiveFile``). The archive (~120 MB) lives in the user's cache
directory (``$XDG_CACHE_HOME/binlog-ksy``, else ``~/.cache/binlog-ksy``), one
per Java and pyspark installation; the :data:`KEPT` newest are kept.

The JVM refuses an archive that does not match it (another Java build, other
jars on the class path) and starts as without one; the ``cds`` log lines it
would print on its stdout (ours) are turned off. A dump is written under a
name of its own and renamed into place by a later run once complete: HotSpot
writes the archive's header, with its magic number, after everything else
(``FileMapInfo::open_for_write`` in hotspot/share/cds/filemap.cpp), so a file
without it is still being written or was cut short, and is never used (the
JVM cannot be given a truncated archive: it may crash on one).
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import tempfile
import time
import uuid

from ...runtime.cache_folder import private_cache_dir

__all__ = ["KEPT", "archive_options", "cache_dir"]

#: CDS_DYNAMIC_ARCHIVE_MAGIC (0xf00baba8, hotspot/share/include/cds.h) as the first bytes of a finished
#: dynamic archive, in either byte order.
_MAGICS = (bytes.fromhex("a8ab0bf0"), bytes.fromhex("f00baba8"))
#: A dump without its magic this long after it was last written is abandoned (its JVM was killed): removed.
_ABANDONED_S = 3600.0
#: How many archives are kept (the newest; one is ~120 MB).
KEPT = 3
#: What the JVM logs about archives (a mismatch, classes it cannot archive) stays off our stdout.
_QUIET = "-Xlog:cds*=off"


def cache_dir() -> str:
    """Where the archives are kept: ``$XDG_CACHE_HOME/binlog-ksy``, else ``~/.cache/binlog-ksy``, made private
    (0700: :func:`~binlog_ksy.runtime.cache_folder.private_cache_dir`); a temporary folder of this process when
    that folder cannot be made private."""
    return private_cache_dir() or os.path.join(tempfile.gettempdir(), f"binlog-ksy-{os.getuid()}")


def _java() -> str | None:
    """The ``java`` Spark's launcher runs (``$JAVA_HOME/bin/java``, else the one on PATH), resolved."""
    home = os.environ.get("JAVA_HOME")
    java = os.path.join(home, "bin", "java") if home else shutil.which("java")
    return os.path.realpath(java) if java and os.path.exists(java) else None


def _key(java: str) -> str:
    """What an archive is valid for: this Java build and this pyspark's jars."""
    import pyspark

    jars = os.path.join(os.path.dirname(os.path.realpath(pyspark.__file__)), "jars")
    parts = [java, str(os.stat(java).st_mtime_ns), pyspark.__version__, jars]
    try:
        parts.append(str(os.stat(jars).st_mtime_ns))
    except OSError:
        pass
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def _finished(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) in _MAGICS
    except OSError:
        return False


def _adopt_dumps(final: str) -> bool:
    """Whether the archive is in place, renaming a finished dump there if needed; dumps no longer needed and
    abandoned ones are removed (a JVM still writing one keeps writing to the removed file, harmlessly)."""
    adopted = os.path.exists(final)
    for dump in glob.glob(glob.escape(final) + ".*.tmp"):
        try:
            if not adopted and _finished(dump):
                os.replace(dump, final)
                adopted = True
                _keep_newest(os.path.dirname(final))
            elif adopted or time.time() - os.stat(dump).st_mtime > _ABANDONED_S:
                os.remove(dump)
        except OSError:
            continue  # another run took it first, or the directory is not ours to change
    return adopted


def _keep_newest(directory: str) -> None:
    """Remove all but the :data:`KEPT` newest archives (each Java and pyspark installation, each new virtual
    environment, has its own: they would pile up). A run mapping a removed one keeps it mapped."""
    archives = glob.glob(os.path.join(glob.escape(directory), "spark-driver-*.jsa"))
    by_age = sorted(archives, key=lambda path: os.stat(path).st_mtime, reverse=True)
    for path in by_age[KEPT:]:
        os.remove(path)


def archive_options(directory: str | None = None) -> str:
    """The JVM options of a local driver for the class-data archive of ``directory`` (default
    :func:`cache_dir`): use it when there is one, else dump one at exit; ``""`` when neither can be done
    (no java found, a directory that cannot be written, a path Spark's option splitting would break)."""
    java = _java()
    if java is None:
        return ""
    directory = directory or cache_dir()
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        final = os.path.join(directory, f"spark-driver-{_key(java)}.jsa")
    except OSError:
        return ""
    if any(c.isspace() or c in "\"'\\" for c in final):
        return ""
    if _adopt_dumps(final):
        return f"-XX:SharedArchiveFile={final} {_QUIET}"
    if not os.access(directory, os.W_OK):
        return ""
    return f"-XX:ArchiveClassesAtExit={final}.{uuid.uuid4().hex[:12]}.tmp {_QUIET}"
