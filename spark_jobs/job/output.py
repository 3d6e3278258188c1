"""The output directory of the extraction job: written beside it, swapped in whole.

Everything is written into ``.<output name>.tmp-<id>`` beside the output, which
replaces the output only when every dataset is complete: a failed or
interrupted run leaves the previous output (or none).

The store is reached through pyarrow's filesystems by default
(:class:`~binlog_ksy.runtime.storage.Files`: local paths, ``s3://``, ``gs://``,
``abfs://``, ``hdfs://``), so the tasks and the commit need nothing but what
``./setup.sh`` installs. On object stores a directory "rename" copies each
object: the swap is not atomic there, so it is ordered by the summary file
(:data:`MARKER_FILE`, which names the run): the previous output is copied to
``.<name>.old-<id>`` (its summary last), its summary is deleted first and then
the rest, the new datasets are copied in and the summary is written last. An
output is complete exactly when it holds its summary. For atomic commits on
object stores, publish Delta or Iceberg tables (``--table-format``).

Runs and their leftovers
------------------------
Each run claims the output with a *run file* beside it,
``.<name>.run-<id>.json`` (host, process id, its phase: ``run`` or ``swap``),
written before anything else of the run and deleted after everything else
(its ``tmp-<id>``, ``old-<id>``); while the run lives it rewrites the file
every :data:`RENEW_SECONDS`. A run that cannot renew it for half of
:data:`LEASE_SECONDS`, or finds it gone, fails before it touches the output.

A run that could not clean up (killed, or its store down when it failed)
leaves ``.<name>.tmp-<id>``, maybe ``.<name>.old-<id>`` and its run file. The
next run over the output (and ``extract --repair OUTPUT``) removes them once
their run is provably over, which is when

1. the output's summary names that run (it committed; what is left is its own
   cleanup, cut short); or
2. its run file names this host and a process that is gone (or this very
   process, which is not running it any more); or
3. its run file was last rewritten more than :data:`LEASE_SECONDS` ago, by the
   store's clock: its modification time against that of the run file the
   recovering run has just written (no two hosts' clocks are compared); a run
   that is alive rewrites it every :data:`RENEW_SECONDS`; or
4. there is no run file: a run writes it first and deletes it last, so its
   run is over. A ``tmp-<id>`` of an older binlog-ksy (an ``_owner.json`` inside
   instead of a run file) is over when its process on this host is gone or the
   owner file is older than :data:`ABANDONED_SECONDS`.

Anything else belongs to a run that may be alive, perhaps on another host: it
is left alone (and named). Before removing a run's leftovers, a swap it cut
short is undone: when the output has no summary, the complete previous output
in ``.<name>.old-<id>`` (it has its summary) is put back; when there is none,
what the output holds is the cut run's partial copy (it had no previous output),
and it is removed. The run file goes only after that, so that a recovery cut
short is done again by the next one.

With ``hadoop_fs`` the directory work goes through Hadoop's FileSystem API of
the Spark driver instead (a cluster's own ``hdfs://``, ``s3a://`` with the
cluster's credentials...): the tasks then stage their parts in a local
directory and the driver copies them in. A scheme Hadoop has no filesystem for
is a :class:`ConfigError` that names it and the package to add.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyspark.sql import SparkSession

from binlog_ksy.runtime.atomic import pid_alive
from binlog_ksy.runtime.errors import ConfigError, StorageError
from binlog_ksy.runtime.outputs.lake import ICEBERG_CATALOG_FILE
from binlog_ksy.runtime.storage import Files, is_uri

__all__ = ["ABANDONED_SECONDS", "LEASE_SECONDS", "MARKER_FILE", "OWNER_FILE", "PENDING_FILE", "RENEW_SECONDS",
           "OutputDirectory", "hadoop_package_hint"]

#: The run's summary, and the marker that lets a rerun replace the directory.
MARKER_FILE = "_binlog_ksy_extract.json"
#: The owner file older versions put inside their temporary directory (host, pid); read by :meth:`recover`.
OWNER_FILE = "_owner.json"
#: A run file not rewritten for this long (seconds, by the store's clock) belongs to a run that is over.
LEASE_SECONDS = 600.0
#: How often a live run rewrites its run file (seconds).
RENEW_SECONDS = 30.0
#: A temporary directory of an older version (no run file, only ``_owner.json``) this old is abandoned.
ABANDONED_SECONDS = 24 * 3600.0
#: The tokens of the runs this process is running (a run file naming this process and none of them is over).
_LIVE_TOKENS: set[str] = set()
#: Delta/Iceberg outputs: the run whose table commits are under way (undone by the next run if it died).
PENDING_FILE = "_binlog_ksy_pending.json"

#: The package that brings a Hadoop filesystem, per scheme (for the message when Spark has none).
_HADOOP_PACKAGES = {
    "s3a": "org.apache.hadoop:hadoop-aws (same version as Spark's Hadoop) and its AWS SDK bundle",
    "s3": "org.apache.hadoop:hadoop-aws (and use s3a://)",
    "gs": "com.google.cloud.bigdataoss:gcs-connector",
    "abfs": "org.apache.hadoop:hadoop-azure",
    "abfss": "org.apache.hadoop:hadoop-azure",
    "wasbs": "org.apache.hadoop:hadoop-azure",
}


def hadoop_package_hint(scheme: str) -> str:
    """What to add to Spark (``--packages``/``spark.jars.packages``) for a Hadoop filesystem of ``scheme``."""
    return _HADOOP_PACKAGES.get(scheme, "the Hadoop filesystem jar for that scheme")


class _Store(Protocol):
    def exists(self, path: str) -> bool: ...
    def is_dir(self, path: str) -> bool: ...
    def list_names(self, path: str) -> list[str]: ...
    def mkdirs(self, path: str) -> None: ...
    def read_text(self, path: str) -> str: ...
    def write_text(self, path: str, text: str) -> None: ...
    def delete(self, path: str) -> None: ...
    def rename(self, source: str, target: str) -> None: ...
    def copy_tree(self, source: str, target: str) -> None: ...
    def mtime(self, path: str) -> float | None: ...


class _HadoopFiles:
    """The same operations through the Spark driver's Hadoop FileSystem API."""

    def __init__(self, spark: SparkSession, root: str) -> None:
        jvm: Any = spark.sparkContext._jvm
        jsc: Any = spark.sparkContext._jsc
        self._jvm = jvm
        self._Path = jvm.org.apache.hadoop.fs.Path
        scheme = root.split("://", 1)[0] if "://" in root else "file"
        try:
            self._fs = self._Path(root).getFileSystem(jsc.hadoopConfiguration())
        except Exception as exc:  # noqa: BLE001 - Py4JJavaError (UnsupportedFileSystemException, ClassNotFoundException...): py4j is only importable with Spark
            text = str(exc)
            if "No FileSystem for scheme" in text or "ClassNotFound" in text:
                raise ConfigError(
                    f"output {root}: Spark's Hadoop has no filesystem for scheme {scheme!r}: add "
                    f"{hadoop_package_hint(scheme)} (spark.jars.packages), or leave out --hadoop-fs to write "
                    f"through pyarrow") from None
            raise ConfigError(f"output {root}: Hadoop cannot open it: {text.splitlines()[0]}") from None
        try:
            self._fs.setWriteChecksum(False)  # no .crc sidecar on local filesystems
        except Exception:  # noqa: BLE001 - not every filesystem has it
            pass

    def exists(self, path: str) -> bool:
        return bool(self._fs.exists(self._Path(path)))

    def is_dir(self, path: str) -> bool:
        p = self._Path(path)
        return bool(self._fs.exists(p) and self._fs.getFileStatus(p).isDirectory())

    def list_names(self, path: str) -> list[str]:
        if not self.is_dir(path):
            return []
        return sorted(str(s.getPath().getName()) for s in self._fs.listStatus(self._Path(path)))

    def mkdirs(self, path: str) -> None:
        self._fs.mkdirs(self._Path(path))

    def read_text(self, path: str) -> str:
        stream = self._fs.open(self._Path(path))
        try:
            return str(self._jvm.org.apache.commons.io.IOUtils.toString(stream, "UTF-8"))
        finally:
            stream.close()

    def write_text(self, path: str, text: str) -> None:
        stream = self._fs.create(self._Path(path), True)
        try:
            stream.write(bytearray(text.encode("utf-8")))
        finally:
            stream.close()

    def delete(self, path: str) -> None:
        p = self._Path(path)
        if self._fs.exists(p):
            self._fs.delete(p, True)

    def rename(self, source: str, target: str) -> None:
        if not self._fs.rename(self._Path(source), self._Path(target)):
            raise OSError(f"cannot rename {source} to {target}")

    def mtime(self, path: str) -> float | None:
        p = self._Path(path)
        if not self._fs.exists(p):
            return None
        return float(self._fs.getFileStatus(p).getModificationTime()) / 1000

    def copy_tree(self, source: str, target: str) -> None:
        util = self._jvm.org.apache.hadoop.fs.FileUtil
        conf = self._fs.getConf()
        for status in self._fs.listStatus(self._Path(source)):
            util.copy(self._fs, status.getPath(), self._fs, self._Path(f"{target}/{status.getPath().getName()}"),
                      False, conf)

    def upload(self, local_dir: str, target: str) -> None:
        """Copy a local directory tree to ``target`` (the staged parts of a ``hadoop_fs`` run)."""
        self._fs.copyFromLocalFile(False, True, self._Path("file://" + os.path.abspath(local_dir)),
                                   self._Path(target))


@dataclass
class _Sibling:
    """What one run left beside the output: its temporary and set-aside directories, its run file."""

    token: str
    tmp: str | None = None
    old: str | None = None
    run_file: str | None = None
    paths: list[str] = field(default_factory=list)


class _Lease:
    """A live run's claim: its run file, rewritten every :data:`RENEW_SECONDS` by a daemon thread."""

    def __init__(self, out: OutputDirectory) -> None:
        self.out = out
        self.content: dict[str, Any] = {"host": socket.gethostname(), "pid": os.getpid(), "token": out.token,
                                        "phase": "run", "lease_s": LEASE_SECONDS}
        self.renewed = _clock()
        self.lost: str | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.write()
        _LIVE_TOKENS.add(self.out.token)
        self._thread = threading.Thread(target=self._renew, daemon=True, name="binlog-ksy-run-lease")
        self._thread.start()

    def write(self, **changes: Any) -> None:
        with self._lock:
            self.content.update(changes)
            self.out._store.write_text(self.out.run_file, json.dumps(self.content, sort_keys=True))
            self.renewed = _clock()

    def _renew(self) -> None:
        while not self._stop.wait(RENEW_SECONDS):
            try:
                if not self.out._store.exists(self.out.run_file):
                    self.lost = "its run file was removed (another run judged it over)"
                    return
                self.write()
                if self._stop.is_set():  # the run ended during the write: do not leave the file it deleted
                    self.out._store.delete(self.out.run_file)
            except Exception:  # noqa: BLE001 - the store away: the run fails on its own, or check() stops it
                continue

    def check(self) -> None:
        """Raise :class:`StorageError` when this run may have lost its claim (it must not touch the output)."""
        quiet = _clock() - self.renewed
        if self.lost is None and quiet > LEASE_SECONDS / 2:
            self.lost = f"its run file was not rewritten for {quiet:.0f} s (the process was stopped, or the store away)"
        if self.lost is None and not self.out._store.exists(self.out.run_file):
            self.lost = "its run file was removed (another run judged it over)"
        if self.lost is not None:
            raise StorageError(f"output {self.out.output}: this run lost its claim on it: {self.lost}; nothing "
                               f"was changed, run it again")

    def stop(self) -> None:
        self._stop.set()
        _LIVE_TOKENS.discard(self.out.token)


def _pid(claim: dict[str, Any]) -> int:
    """The process id a run or owner file names (0: none that can be read)."""
    try:
        return int(claim.get("pid") or 0)
    except (TypeError, ValueError):
        return 0


def _clock() -> float:
    """Seconds that keep counting while the machine sleeps (a suspended run must see the time it lost)."""
    try:
        return time.clock_gettime(time.CLOCK_BOOTTIME)
    except (AttributeError, OSError):
        return time.monotonic()


class OutputDirectory:
    """The output directory, its temporary sibling and the run's claim on it (see the module docstring)."""

    def __init__(self, spark: SparkSession | None, output: str, *, hadoop_fs: bool = False) -> None:
        if not is_uri(output):
            output = os.path.abspath(os.path.expanduser(output))
        self.output = output.rstrip("/")
        parent, _, name = self.output.rpartition("/")
        if not name:
            raise ConfigError(f"output: not a directory name: {output!r}")
        self.parent, self.name = parent, name
        self.token = uuid.uuid4().hex[:12]
        self.tmp = f"{parent}/.{name}.tmp-{self.token}"
        self.old = f"{parent}/.{name}.old-{self.token}"
        self.run_file = f"{parent}/.{name}.run-{self.token}.json"
        self.hadoop_fs = hadoop_fs
        self._lease: _Lease | None = None
        self._probe: str | None = None  # a run file written only to read the store's clock (repair)
        self._now: float | None = None  # the store's clock during a recovery
        #: After :meth:`recover`: the runs judged alive (token: why), whose leftovers were left alone.
        self.live_runs: dict[str, str] = {}
        self._store: _Store
        if hadoop_fs:
            if spark is None:
                raise ConfigError("hadoop_fs: needs the Spark session")
            self._store = _HadoopFiles(spark, self.output)
            #: Where the tasks write their parts: a local directory, copied in by :meth:`commit`.
            self.staging = tempfile.mkdtemp(prefix=f".{name}.staging-")
        else:
            try:
                self._store = Files(self.output)
            except StorageError as exc:
                raise ConfigError(f"output {self.output}: {exc}") from None
            self.staging = self.tmp

    @property
    def object_store(self) -> bool:
        return bool(getattr(self._store, "object_store", False))

    def path(self, *parts: str) -> str:
        """A path under the temporary directory (where this run writes)."""
        return "/".join([self.tmp, *parts])

    def staged(self, *parts: str) -> str:
        """A path under the directory the tasks write to (:attr:`staging`)."""
        return "/".join([self.staging, *parts])

    def final(self, *parts: str) -> str:
        """A path under the output itself."""
        return "/".join([self.output, *parts])

    # -- the run's claim --------------------------------------------------------------------------

    def claim(self) -> None:
        """Write this run's run file (renewed while the run lives), then create the temporary directory."""
        self._lease = _Lease(self)
        self._lease.start()
        self._store.mkdirs(self.tmp)

    def check_claim(self) -> None:
        """Raise :class:`StorageError` when this run may have lost its claim (before it changes the output)."""
        if self._lease is not None:
            self._lease.check()

    def release(self) -> None:
        """The run is over: stop renewing and delete its run file (the last thing it leaves)."""
        if self._lease is not None:
            self._lease.stop()
            self._lease = None
            self.delete(self.run_file)

    # -- what runs that are over left ---------------------------------------------------------------

    def recover(self, *, strict: bool = False) -> list[str]:
        """Clean up after runs that are over and could not (killed, power loss, their store down).

        Puts back the previous output when a swap was cut short and removes every leftover of a run that is
        provably over, by the rule of the module docstring; leaves a run that may be alive alone (in
        :attr:`live_runs`). Returns what it did (and what it left alone), one line each. ``strict``: a store
        failing raises (else a parent that cannot be listed means nothing to recover).
        """
        done: list[str] = []
        self.live_runs = {}
        self._now = None
        try:
            siblings = self._siblings()
        except Exception:  # a parent we may not list: nothing to recover (strict: say why)
            if strict:
                raise
            return done
        if not siblings:
            return done
        committed = self._committed_token()
        try:
            for sibling in siblings:
                over = self._over(sibling, committed)
                if over is None:
                    done.append(f"left {', '.join(sorted(sibling.paths))} alone: {self.live_runs[sibling.token]}, "
                                "and may still be going")
                    continue
                done += self._clear(sibling, over)
        finally:
            if self._probe is not None:
                probe, self._probe = self._probe, None
                self.delete(probe)
        return done

    def _siblings(self) -> list[_Sibling]:
        found: dict[str, _Sibling] = {}
        prefix = f".{self.name}."
        for entry in self._store.list_names(self.parent or "/"):
            if not entry.startswith(prefix):
                continue
            kind, _, rest = entry[len(prefix):].partition("-")
            if kind == "run" and rest.endswith(".json"):
                token = rest[: -len(".json")]
            elif kind in ("tmp", "old"):
                token = rest
            else:
                continue
            if not token or token == self.token:
                continue
            sibling = found.setdefault(token, _Sibling(token))
            full = f"{self.parent}/{entry}"
            setattr(sibling, "run_file" if kind == "run" else kind, full)
            sibling.paths.append(full)
        return [found[t] for t in sorted(found)]

    def _committed_token(self) -> str | None:
        """The token of the run whose summary the output holds (None: no summary, or one without a run id)."""
        try:
            summary = json.loads(self.read_text(self.final(MARKER_FILE)))
        except (OSError, ValueError):  # none (FileNotFoundError is an OSError)
            return None
        run_id = summary.get("run_id") if isinstance(summary, dict) else None
        return str(run_id).rsplit("-", 1)[-1] if run_id else None

    def _store_now(self) -> float | None:
        """The store's clock now: when the run file this process just wrote was written (read once a recovery)."""
        if self._now is None:
            if self._lease is None and self._probe is None:
                self._probe = self.run_file
                self.write_text(self._probe, json.dumps({"host": socket.gethostname(), "pid": os.getpid(),
                                                         "token": self.token, "phase": "repair"}))
            self._now = self._store.mtime(self.run_file)
        return self._now

    def _over(self, sibling: _Sibling, committed: str | None) -> str | None:
        """Why ``sibling``'s run is provably over; None when it may be alive (noted in :attr:`live_runs`)."""
        if sibling.token == committed:
            return "its run committed the output"
        if sibling.run_file is not None:
            return self._over_by_run_file(sibling, sibling.run_file)
        if sibling.tmp is None:
            return "no run claims it"
        return self._over_by_owner(sibling, f"{sibling.tmp}/{OWNER_FILE}")

    def _read_claim(self, path: str) -> dict[str, Any] | None:
        """A run or owner file's content ({} when unreadable as JSON; None when it is gone)."""
        try:
            claim = json.loads(self.read_text(path))
        except FileNotFoundError:
            return None
        except ValueError:
            return {}
        return claim if isinstance(claim, dict) else {}

    def _over_by_run_file(self, sibling: _Sibling, run_file: str) -> str | None:
        claim = self._read_claim(run_file)
        if claim is None:  # deleted since the listing: its run ended
            return "its run ended"
        pid = _pid(claim)
        if claim.get("host") == socket.gethostname():
            if pid == os.getpid() and sibling.token not in _LIVE_TOKENS:
                return "its run in this process has ended"
            if pid != os.getpid() and not pid_alive(pid):
                return f"its process ({pid}) on this host is gone"
        lease = float(claim.get("lease_s") or LEASE_SECONDS)
        age = self._age(run_file)
        if age is not None and age > lease:
            return f"its run file was not rewritten for {age:.0f} s, longer than its lease of {lease:.0f} s"
        since = f"rewrote its run file {age:.0f} s ago" if age is not None else "claims it"
        self.live_runs[sibling.token] = f"a run on {claim.get('host', 'an unknown host')} (pid {pid or '?'}) {since}"
        return None

    def _over_by_owner(self, sibling: _Sibling, owner_file: str) -> str | None:
        """A temporary directory of an older version: its ``_owner.json`` (host, pid), never renewed."""
        owner = self._read_claim(owner_file)
        if owner is None:
            return "no run claims it"
        pid = _pid(owner)
        if owner.get("host") == socket.gethostname() and pid != os.getpid() and not pid_alive(pid):
            return f"left by a run that was killed (its process {pid} on this host is gone)"
        age = self._age(owner_file)
        if age is not None and age > ABANDONED_SECONDS:
            return f"left by an older binlog-ksy run {age / 3600:.0f} hours ago"
        self.live_runs[sibling.token] = (f"a run of an older binlog-ksy on {owner.get('host', 'an unknown host')} "
                                         f"(pid {pid or '?'}) claims it")
        return None

    def _age(self, path: str) -> float | None:
        """Seconds since ``path`` was written, by the store's clock (None: unknown)."""
        written = self._store.mtime(path)
        now = self._store_now()
        if written is None or now is None:
            return None
        return max(0.0, now - written)

    def _clear(self, sibling: _Sibling, why: str) -> list[str]:
        """Undo the swap a run that is over cut short, then remove what it left (its run file first)."""
        done: list[str] = []
        if not self.exists(self.final(MARKER_FILE)):
            phase = self._phase(sibling)
            if sibling.old is not None and self.exists(f"{sibling.old}/{MARKER_FILE}"):
                self.delete(self.output)  # an incomplete copy (object stores), or nothing
                self._move_whole(sibling.old, self.output)
                done.append(f"restored the previous output from {sibling.old} (a swap was cut short: {why})")
            elif phase == "swap" and self.exists(self.output):
                self.delete(self.output)  # the cut run's partial copy: there was no complete output before it
                done.append(f"removed the incomplete output a swap cut short left in {self.output} ({why})")
        for path in (sibling.run_file, sibling.old, sibling.tmp):
            if path is not None and self.exists(path):
                try:
                    self.delete(path)
                except OSError as exc:
                    if exc.errno != errno.ENOTEMPTY or path == sibling.old:
                        raise
                    # the killed run's task processes still write into it: it is no output, and the next
                    # run removes what is left (no run file claims it then)
                    done.append(f"left {path} for the next run: something still writes into it ({why})")
                    continue
                done.append(f"removed {path} ({why})")
        return done

    def _phase(self, sibling: _Sibling) -> str | None:
        if sibling.run_file is None:
            return None
        try:
            claim = json.loads(self.read_text(sibling.run_file))
        except (OSError, ValueError):
            return None
        return claim.get("phase") if isinstance(claim, dict) else None

    def _move_whole(self, source: str, target: str) -> None:
        """Move a complete output directory to ``target`` (object stores: its summary copied last)."""
        if not (self.object_store and isinstance(self._store, Files)):
            self._store.rename(source, target)
            return
        self._copy_marker_last(source, target)
        self.delete(source)

    def _copy_marker_last(self, source: str, target: str) -> None:
        assert isinstance(self._store, Files)
        store = self._store
        files = store.files_under(source)
        for rel in [f for f in files if f != MARKER_FILE] + [f for f in files if f == MARKER_FILE]:
            store.copy_file(f"{source}/{rel}", f"{target}/{rel}")

    # -- the store ------------------------------------------------------------------------------------

    def read_text(self, path: str) -> str:
        return self._store.read_text(path)

    def exists(self, path: str) -> bool:
        return self._store.exists(path)

    def delete(self, path: str) -> None:
        self._store.delete(path)

    def write_text(self, path: str, text: str) -> None:
        self._store.write_text(path, text)

    def list_names(self, path: str) -> list[str]:
        return self._store.list_names(path)

    def copy_previous(self, *parts: str) -> None:
        """Copy ``parts`` of the current output into the temporary directory (an incremental run keeps them)."""
        if self._store.exists(self.final(*parts)):
            self._store.copy_tree(self.final(*parts), self.path(*parts))

    def check_replaceable(self) -> None:
        """Refuse to replace a directory this job did not write (it would be deleted)."""
        if not self._store.exists(self.output):
            return
        if not self._store.is_dir(self.output):
            raise ConfigError(f"output {self.output} exists and is not a directory")
        ours = self._store.exists(self.final(MARKER_FILE)) or self._store.exists(self.final(PENDING_FILE))
        # the job's local Iceberg catalog alone: what a first run whose table commits were undone leaves
        if [n for n in self._store.list_names(self.output) if n != ICEBERG_CATALOG_FILE] and not ours:
            raise ConfigError(f"output {self.output} is a non-empty directory that binlog-ksy extract did not "
                              f"write (no {MARKER_FILE}); choose another --output or empty it")

    def upload_staged(self) -> None:
        """With ``hadoop_fs``: copy what the tasks staged locally into the temporary directory."""
        if isinstance(self._store, _HadoopFiles):
            for name in sorted(os.listdir(self.staging)):
                self._store.upload(os.path.join(self.staging, name), self.path(name))

    def stage_marker(self, marker_text: str) -> None:
        """Put the summary file in the temporary directory, where a rename moves it with the rest.

        Object stores copy objects one by one: there the summary is written
        only once the copy is complete (by :meth:`commit`).
        """
        if not self.object_store and not self.exists(self.path(MARKER_FILE)):
            self.write_text(self.path(MARKER_FILE), marker_text)

    def commit(self, marker_text: str) -> None:
        """Put the finished temporary directory in place of the output; the summary file is written last.

        The run file says ``swap`` first (a recovery then knows the output may be a partial copy of this run's),
        and the claim is checked before each step that changes the output.
        """
        if not self.object_store:  # renamed with the rest in one step
            self.stage_marker(marker_text)
        self.check_claim()
        had_old = self._store.exists(self.output)
        if self._lease is not None:
            self._lease.write(phase="swap", had_old=had_old)
        if self.object_store and isinstance(self._store, Files):
            self._commit_by_copies(marker_text, had_old)
        else:
            if had_old:
                self._store.rename(self.output, self.old)
            try:
                self._store.rename(self.tmp, self.output)
            except Exception:
                if had_old:
                    self.delete(self.output)
                    self._store.rename(self.old, self.output)
                raise
        if had_old:
            self.delete(self.old)
        if self.exists(self.tmp):
            self.delete(self.tmp)
        self.release()
        self._drop_staging()

    def _commit_by_copies(self, marker_text: str, had_old: bool) -> None:
        """An object store's swap: previous output aside (summary last), its summary deleted first, the new
        datasets copied in, their summary written last. A failure in the middle puts the previous one back
        when the store lets it (else the next run does, from ``old-<id>``)."""
        assert isinstance(self._store, Files)
        if had_old:
            self._copy_marker_last(self.output, self.old)
            self.check_claim()
            self.delete(self.final(MARKER_FILE))  # from here the output is incomplete, and old-<id> complete
            self.delete(self.output)
        try:
            for rel in self._store.files_under(self.tmp):
                self._store.copy_file(f"{self.tmp}/{rel}", self.final(rel))
            self.check_claim()
            self.write_text(self.final(MARKER_FILE), marker_text)
        except Exception:
            if had_old:
                try:
                    self.delete(self.output)
                    self._move_whole(self.old, self.output)
                except Exception:  # noqa: BLE001 - the store is away: the next run puts it back
                    pass
            raise

    def abort(self) -> None:
        """A failed run: remove its temporary directory, then its run file (nothing more once the store fails)."""
        if self._lease is not None:
            self._lease.stop()
        try:
            self.delete(self.tmp)
            if self._lease is not None:
                self.delete(self.run_file)
            self._lease = None
        except Exception:  # noqa: BLE001 - the store is away, or the JVM gone after an interrupt: the next run
            if not is_uri(self.tmp):
                shutil.rmtree(self.tmp, ignore_errors=True)
        self._drop_staging()

    def _drop_staging(self) -> None:
        if self.staging != self.tmp:
            shutil.rmtree(self.staging, ignore_errors=True)
