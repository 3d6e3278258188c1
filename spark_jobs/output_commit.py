"""The output directory of the extraction job: written beside it, swapped in whole.

Everything is written into ``.<output name>.tmp-<id>`` beside the output, which
replaces the output only when every dataset is complete: a failed or
interrupted run leaves the previous output (or none). A run killed outright
cannot clean up; the next run over the same output removes its temporary
directory (when it was on the same host and its process is gone) and, if it
died in the middle of the final swap, puts the previous output back. Through
Hadoop's FileSystem API, so it works wherever Spark can write.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import uuid
from typing import Any

from pyspark.sql import SparkSession

from binlog_ksy.runtime.errors import ConfigError

__all__ = ["MARKER_FILE", "OutputDirectory"]

#: The run's summary, and the marker that lets a rerun replace the directory.
MARKER_FILE = "_binlog_ksy_extract.json"
OWNER_FILE = "_owner.json"


class OutputDirectory:
    """The output directory and its temporary sibling, through Hadoop's FileSystem API."""

    def __init__(self, spark: SparkSession, output: str) -> None:
        if "://" not in output and not output.startswith("file:"):
            output = os.path.abspath(os.path.expanduser(output))
        self.output = output.rstrip("/")
        parent, _, name = self.output.rpartition("/")
        if not name:
            raise ConfigError(f"output: not a directory name: {output!r}")
        token = uuid.uuid4().hex[:12]
        self.tmp = f"{parent}/.{name}.tmp-{token}"
        self.old = f"{parent}/.{name}.old-{token}"
        jvm: Any = spark.sparkContext._jvm
        jsc: Any = spark.sparkContext._jsc
        self._jvm = jvm
        self._Path = jvm.org.apache.hadoop.fs.Path
        self._fs = self._Path(self.output).getFileSystem(jsc.hadoopConfiguration())

    def path(self, *parts: str) -> str:
        return "/".join([self.tmp, *parts])

    def claim(self) -> None:
        """Create the temporary directory with an owner file (host, pid) for :meth:`recover`."""
        self._fs.mkdirs(self._Path(self.tmp))
        self.write_text(self.path(OWNER_FILE), json.dumps({"host": socket.gethostname(), "pid": os.getpid()}))

    def recover(self) -> list[str]:
        """Clean up after runs that were killed (SIGKILL, power loss) before they could.

        Removes sibling ``.<name>.tmp-*`` directories whose owner process was
        on this host and is gone, and puts back a ``.<name>.old-*`` directory
        when a run died between moving the previous output aside and renaming
        its own into place. Returns what it did.
        """
        parent, _, name = self.output.rpartition("/")
        done: list[str] = []
        try:
            siblings = self._fs.listStatus(self._Path(parent or "/"))
        except Exception:
            return done
        host = socket.gethostname()
        for status in siblings:
            sibling = status.getPath().getName()
            full = f"{parent}/{sibling}"
            if sibling.startswith(f".{name}.tmp-"):
                try:
                    owner = json.loads(self.read_text(f"{full}/{OWNER_FILE}"))
                except Exception:
                    continue  # not ours to judge
                if owner.get("host") == host and not _pid_alive(int(owner.get("pid", 0))):
                    self.delete(full)
                    done.append(f"removed {full} (left by a run that was killed)")
            elif sibling.startswith(f".{name}.old-") and not self.exists(self.output):
                self._fs.rename(status.getPath(), self._Path(self.output))
                done.append(f"restored the previous output from {full}")
        return done

    def read_text(self, path: str) -> str:
        stream = self._fs.open(self._Path(path))
        try:
            return str(self._jvm.org.apache.commons.io.IOUtils.toString(stream, "UTF-8"))
        finally:
            stream.close()

    def exists(self, path: str) -> bool:
        return bool(self._fs.exists(self._Path(path)))

    def delete(self, path: str) -> None:
        p = self._Path(path)
        if self._fs.exists(p):
            self._fs.delete(p, True)

    def check_replaceable(self) -> None:
        """Refuse to replace a directory this job did not write (it would be deleted)."""
        out = self._Path(self.output)
        if not self._fs.exists(out):
            return
        if not self._fs.getFileStatus(out).isDirectory():
            raise ConfigError(f"output {self.output} exists and is not a directory")
        if len(self._fs.listStatus(out)) and not self._fs.exists(self._Path(f"{self.output}/{MARKER_FILE}")):
            raise ConfigError(f"output {self.output} is a non-empty directory that binlog-ksy extract did not "
                              f"write (no {MARKER_FILE}); choose another --output or empty it")

    def write_text(self, path: str, text: str) -> None:
        try:
            self._fs.setWriteChecksum(False)  # no .crc sidecar on local filesystems
        except Exception:
            pass
        stream = self._fs.create(self._Path(path), True)
        try:
            stream.write(bytearray(text.encode("utf-8")))
        finally:
            stream.close()

    def commit(self) -> None:
        """Put the finished temporary directory in place of the output."""
        out, tmp, old = self._Path(self.output), self._Path(self.tmp), self._Path(self.old)
        had_old = bool(self._fs.exists(out))
        if had_old and not self._fs.rename(out, old):
            raise OSError(f"cannot move the previous output {self.output} aside")
        if not self._fs.rename(tmp, out):
            if had_old:
                self._fs.rename(old, out)
            raise OSError(f"cannot rename {self.tmp} to {self.output}")
        if had_old:
            self._fs.delete(old, True)

    def abort(self) -> None:
        try:
            self.delete(self.tmp)
        except Exception:  # the JVM may be gone after an interrupt
            if "://" not in self.tmp:
                shutil.rmtree(self.tmp, ignore_errors=True)


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
