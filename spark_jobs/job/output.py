"""The output directory of the extraction job: written beside it, swapped in whole.

Everything is written into ``.<output name>.tmp-<id>`` beside the output, which
replaces the output only when every dataset is complete: a failed or
interrupted run leaves the previous output (or none). A run killed outright
cannot clean up; the next run over the same output removes its temporary
directory (when it was on the same host and its process is gone) and, if it
died in the middle of the final swap, puts the previous output back.

The store is reached through pyarrow's filesystems by default
(:class:`~binlog_ksy.runtime.storage.Files`: local paths, ``s3://``, ``gs://``,
``abfs://``, ``hdfs://``), so the tasks and the commit need nothing but what
``./setup.sh`` installs. On object stores a directory "rename" copies each
object: the swap is not atomic there, but the summary file (:data:`MARKER_FILE`)
is written last, and a run that died during the swap is repaired by the next
one (the previous output comes back). For atomic commits on object stores,
publish Delta or Iceberg tables (``--table-format``).

With ``hadoop_fs`` the directory work goes through Hadoop's FileSystem API of
the Spark driver instead (a cluster's own ``hdfs://``, ``s3a://`` with the
cluster's credentials...): the tasks then stage their parts in a local
directory and the driver copies them in. A scheme Hadoop has no filesystem for
is a :class:`ConfigError` that names it and the package to add.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import uuid
from typing import Any, Protocol

from pyspark.sql import SparkSession

from binlog_ksy.runtime.atomic import pid_alive
from binlog_ksy.runtime.errors import ConfigError, StorageError
from binlog_ksy.runtime.storage import Files, is_uri

__all__ = ["MARKER_FILE", "OWNER_FILE", "PENDING_FILE", "OutputDirectory", "hadoop_package_hint"]

#: The run's summary, and the marker that lets a rerun replace the directory.
MARKER_FILE = "_binlog_ksy_extract.json"
OWNER_FILE = "_owner.json"
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


class OutputDirectory:
    """The output directory and its temporary sibling."""

    def __init__(self, spark: SparkSession, output: str, *, hadoop_fs: bool = False) -> None:
        if not is_uri(output):
            output = os.path.abspath(os.path.expanduser(output))
        self.output = output.rstrip("/")
        parent, _, name = self.output.rpartition("/")
        if not name:
            raise ConfigError(f"output: not a directory name: {output!r}")
        token = uuid.uuid4().hex[:12]
        self.tmp = f"{parent}/.{name}.tmp-{token}"
        self.old = f"{parent}/.{name}.old-{token}"
        self.hadoop_fs = hadoop_fs
        self._store: _Store
        if hadoop_fs:
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

    def claim(self) -> None:
        """Create the temporary directory with an owner file (host, pid) for :meth:`recover`."""
        self._store.mkdirs(self.tmp)
        self.write_text(self.path(OWNER_FILE), json.dumps({"host": socket.gethostname(), "pid": os.getpid()}))

    def recover(self) -> list[str]:
        """Clean up after runs that were killed (SIGKILL, power loss) before they could.

        Removes sibling ``.<name>.tmp-*`` directories whose owner process was
        on this host and is gone, and puts back a ``.<name>.old-*`` directory
        when a run died between moving the previous output aside and putting
        its own complete output (its summary file last) in place. Returns what
        it did.
        """
        parent, _, name = self.output.rpartition("/")
        done: list[str] = []
        try:
            siblings = self._store.list_names(parent or "/")
        except Exception:  # noqa: BLE001 - a parent we may not list: nothing to recover
            return done
        host = socket.gethostname()
        for sibling in siblings:
            full = f"{parent}/{sibling}"
            if sibling.startswith(f".{name}.tmp-"):
                try:
                    owner = json.loads(self.read_text(f"{full}/{OWNER_FILE}"))
                except Exception:  # noqa: BLE001 - not ours to judge
                    continue
                if owner.get("host") == host and not pid_alive(int(owner.get("pid", 0))):
                    self.delete(full)
                    done.append(f"removed {full} (left by a run that was killed)")
            elif sibling.startswith(f".{name}.old-") and not self.exists(self.final(MARKER_FILE)):
                self.delete(self.output)  # an incomplete copy (object stores), or nothing
                self._store.rename(full, self.output)
                done.append(f"restored the previous output from {full}")
        return done

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
        if self._store.list_names(self.output) and not ours:
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
        """Put the finished temporary directory in place of the output; the summary file is written last."""
        if not self.object_store:  # renamed with the rest in one step
            self.stage_marker(marker_text)
        had_old = self._store.exists(self.output)
        if had_old:
            self._store.rename(self.output, self.old)
        try:
            self._store.rename(self.tmp, self.output)
        except Exception:
            if had_old:
                self.delete(self.output)
                self._store.rename(self.old, self.output)
            raise
        if self.object_store:  # the copy is complete: now it may be taken for an output
            self.write_text(self.final(MARKER_FILE), marker_text)
        if had_old:
            self.delete(self.old)
        self._drop_staging()

    def abort(self) -> None:
        try:
            self.delete(self.tmp)
        except Exception:  # noqa: BLE001 - the JVM may be gone after an interrupt
            if not is_uri(self.tmp):
                shutil.rmtree(self.tmp, ignore_errors=True)
        self._drop_staging()

    def _drop_staging(self) -> None:
        if self.staging != self.tmp:
            shutil.rmtree(self.staging, ignore_errors=True)
