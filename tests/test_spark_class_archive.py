"""The driver JVM's class-data archive (spark_jobs/job/class_archive.py): dumped once, renamed into place only
when finished, then used; the options are ones this machine's java takes, silently."""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from pathlib import Path

import pytest

from binlog_ksy.spark_jobs.job import class_archive
from binlog_ksy.spark_jobs.job.class_archive import archive_options
from binlog_ksy.spark_jobs.job.extract import default_spark_conf

_FINISHED = bytes.fromhex("a8ab0bf0") + bytes(60)  # a dump whose header (magic first) is written


def _option(options: str, name: str) -> str | None:
    for word in options.split():
        if word.startswith(f"-XX:{name}="):
            return word.split("=", 1)[1]
    return None


def test_first_run_dumps_under_a_name_of_its_own(tmp_path: Path) -> None:
    options = archive_options(str(tmp_path))
    dump = _option(options, "ArchiveClassesAtExit")
    assert dump is not None and dump.endswith(".tmp") and os.path.dirname(dump) == str(tmp_path)
    assert "-Xlog:cds*=off" in options.split()
    assert _option(options, "SharedArchiveFile") is None
    other = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    assert other is not None and other != dump  # two first runs never write the same file


def test_a_finished_dump_is_renamed_into_place_and_used(tmp_path: Path) -> None:
    dump = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    assert dump is not None
    Path(dump).write_bytes(_FINISHED)
    options = archive_options(str(tmp_path))
    final = _option(options, "SharedArchiveFile")
    assert final is not None and final == dump.rsplit(".", 2)[0] and final.endswith(".jsa")
    assert Path(final).read_bytes() == _FINISHED and not Path(dump).exists()
    assert _option(archive_options(str(tmp_path)), "SharedArchiveFile") == final


def test_an_unfinished_dump_is_never_used(tmp_path: Path) -> None:
    writing = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    assert writing is not None
    Path(writing).write_bytes(bytes(64))  # the JVM writes the header last: still zeros
    options = archive_options(str(tmp_path))
    assert _option(options, "SharedArchiveFile") is None and _option(options, "ArchiveClassesAtExit") != writing
    assert Path(writing).exists()  # its JVM may still be writing it
    old = time.time() - 2 * 3600
    os.utime(writing, (old, old))
    archive_options(str(tmp_path))
    assert not Path(writing).exists()  # abandoned (its JVM was killed): removed


def test_dumps_left_beside_an_archive_are_removed(tmp_path: Path) -> None:
    first = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    second = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    assert first and second
    Path(first).write_bytes(_FINISHED)
    Path(second).write_bytes(_FINISHED)
    assert _option(archive_options(str(tmp_path)), "SharedArchiveFile") is not None
    assert [p.name for p in tmp_path.iterdir()] == [Path(first).name.rsplit(".", 2)[0]]


def test_only_the_newest_archives_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each installation has its own archive: adopting a new one removes all but the newest few."""
    old = time.time() - 10 * 24 * 3600
    for i in range(class_archive.KEPT + 2):
        other = tmp_path / f"spark-driver-{i:016x}.jsa"
        other.write_bytes(_FINISHED)
        os.utime(other, (old + i, old + i))
    dump = _option(archive_options(str(tmp_path)), "ArchiveClassesAtExit")
    assert dump is not None
    Path(dump).write_bytes(_FINISHED)
    final = _option(archive_options(str(tmp_path)), "SharedArchiveFile")
    assert final is not None
    left = sorted(p.name for p in tmp_path.iterdir())
    newest_others = [f"spark-driver-{i:016x}.jsa" for i in range(3, class_archive.KEPT + 2)]  # the new one, 2 more
    assert left == sorted([Path(final).name, *newest_others]), left


def test_no_options_where_no_archive_can_be_kept(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert archive_options(str(blocker / "cache")) == ""  # the directory cannot be made
    assert archive_options(str(tmp_path / "with space")) == ""  # Spark would split the option there


def test_cache_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert class_archive.cache_dir() == str(tmp_path / "binlog-ksy")


def test_default_conf_keeps_the_fast_jvm_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    options = default_spark_conf(cores=2)["spark.driver.extraJavaOptions"].split()
    assert options[:2] == ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
    assert any(o.startswith("-XX:ArchiveClassesAtExit=" + str(tmp_path)) for o in options)


@pytest.mark.skipif(class_archive._java() is None, reason="no java")
def test_this_java_dumps_then_maps_the_archive_silently(tmp_path: Path) -> None:
    java = class_archive._java()
    assert java is not None
    dumping = subprocess.run([java, *shlex.split(archive_options(str(tmp_path))), "-version"],
                             capture_output=True, text=True, check=True)
    assert dumping.stdout == ""  # the JVM's log lines would land on the driver's stdout
    options = archive_options(str(tmp_path))
    assert _option(options, "SharedArchiveFile") is not None
    using = subprocess.run([java, "-Xshare:on", *shlex.split(options), "-version"],  # fails if it cannot map it
                           capture_output=True, text=True, check=True)
    assert using.stdout == "" and "sharing" in using.stderr
