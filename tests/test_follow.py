"""Following a growing binlog folder: ``extract --follow`` and ``spark.readStream.format("binlog")``.

* A MariaDB server writes a drawn workload (:mod:`live_folder`: every column type, ALTERs, ``FLUSH BINARY
  LOGS``, binlogs rotating at a small ``max_binlog_size``) into its binlog folder, read directly or through a
  sync job that uploads it to S3 in chunks cut anywhere. ``extract --follow`` (a child process) is SIGKILLed
  at drawn moments and started again; when the server has stopped, a last follow catches up and is stopped
  with SIGTERM (exit 0). The output must equal one plain ``extract`` over the final folder: every change once,
  the same transactions, events, typed tables and errors (:func:`run_outputs.output_of`).
* The same for a ``readStream`` query with a checkpoint, stopped and started again while the server writes.
* Each way a file can surprise a stream: shrunk, replaced under its name, cut and abandoned (a newer binlog
  of its sequence exists: damage, a ``truncated`` row, in batch ``extract`` too), deleted after it was read.

CI runs a slice; ``BINLOG_KSY_FOLLOW_MINUTES=60`` keeps drawing kill-and-restart cases for an hour::

    BINLOG_KSY_FOLLOW_MINUTES=60 .venv/bin/python -m pytest -q tests/test_follow.py -k killed
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from live_folder import TABLES, ChunkedSync, LiveWorkload, LiveWriter
from run_outputs import output_of, run_in_process
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = [pytest.mark.spark, pytest.mark.slow]

MINUTES = float(os.environ.get("BINLOG_KSY_FOLLOW_MINUTES", "0") or 0)
SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "mariadb-10.11" / "shop-full"
BINLOG_KSY = str(Path(sys.executable).parent / "binlog-ksy")


class Follow:
    """``binlog-ksy extract --follow --format json`` in its own process group; its JSON lines as they come."""

    def __init__(self, inputs: str, out: str, table_format: str, lake: dict[str, str], interval: str = "1s") -> None:
        command = [BINLOG_KSY, "extract", inputs, "--output", out, "--table-format", table_format, "--follow",
                   "--interval", interval, "--format", "json", "--master", "local[1]"]
        if "iceberg_catalog" in lake:
            command += ["--iceberg-catalog", lake["iceberg_catalog"]]
        self.lines: list[dict[str, Any]] = []
        self.proc = subprocess.Popen(command, env=dict(os.environ, PYSPARK_PYTHON=sys.executable),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(json.loads(line))

    def wait_for(self, condition: Any, limit: float = 600.0) -> dict[str, Any]:
        """The first batch line meeting ``condition``; fails when the process ends or ``limit`` passes first
        (generous: a loaded 2-core machine, as when the suite runs, starts Spark slowly; what it says so far
        is in the failure)."""
        deadline = time.monotonic() + limit
        seen = 0
        while time.monotonic() < deadline:
            while seen < len(self.lines):
                seen += 1
                if condition(self.lines[seen - 1]):
                    return self.lines[seen - 1]
            if self.proc.poll() is not None and seen == len(self.lines):
                self.reader.join(5)
                if seen == len(self.lines):
                    break
            time.sleep(0.05)
        raise AssertionError(f"no such batch; exit {self.proc.poll()}: {self._stderr()}")

    def _stderr(self) -> str:
        if self.proc.poll() is None:
            self.kill()  # what it printed so far: its progress lines, a retried store, a slow start
            return "(still running, killed) " + self._stderr()
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode("utf-8", "replace")[-3000:]

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()

    def terminate(self) -> int:
        """SIGTERM: the follow stops after the batch in flight; its exit status."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=120)
        finally:
            self.kill()


def _lake(root: Path, out: str, table_format: str) -> dict[str, str]:
    if table_format == "iceberg" and out.startswith("s3://"):
        return {"iceberg_catalog": f"sqlite:///{root}/{out.rsplit('/', 1)[1]}.db"}
    return {}


def check_follow(spark_session: Any, seed: int, table_format: str, bucket: str | None, kills: int) -> int:
    """A live folder followed by ``extract --follow`` killed ``kills`` times at drawn moments, then caught up:
    the output equals one plain run over the final folder. Returns the batches the follows ran."""
    rng = random.Random(seed)
    workload = LiveWorkload(seed=seed, transactions=rng.randint(150, 400) if MINUTES else 150,
                            max_binlog_size=rng.choice((8192, 16384)),
                            flush_every=0.03, alter_every=0.02, pause=0.03)
    root = Path(tempfile.mkdtemp(prefix="follow-"))
    writer, sync = LiveWriter(workload), None
    batches = 0
    try:
        writer.start()
        base = f"{bucket}/{root.name}" if bucket else str(root)
        inputs = f"{base}/binlogs/" if bucket else str(writer.folder)
        out, oracle = f"{base}/out", f"{base}/oracle"
        if bucket:
            sync = ChunkedSync(writer.folder, inputs, seed).start()
            while not sync.uploaded:
                time.sleep(0.05)
        for _ in range(kills):
            follow = Follow(inputs, out, table_format, _lake(root, out, table_format))
            follow.wait_for(lambda line: True)  # its first batch committed
            time.sleep(rng.uniform(0.0, 3.0))  # then killed at a drawn moment: between batches or inside one
            follow.kill()
            batches += len(follow.lines)
        writer.stop()
        if sync is not None:
            sync.finish()
        stopped = time.time()
        follow = Follow(inputs, out, table_format, _lake(root, out, table_format))
        follow.wait_for(lambda line: line["behind_bytes"] == 0 and _time(line["as_of"]) > stopped)
        assert follow.terminate() == 0
        batches += len(follow.lines)
        run_in_process(spark_session, inputs, oracle, table_format, False, _lake(root, oracle, table_format))
        got = output_of(out, table_format, _lake(root, out, table_format), TABLES, closed_files=True)
        want = output_of(oracle, table_format, _lake(root, oracle, table_format), TABLES, closed_files=True)
        assert want["changes"], "the workload wrote no change"
        for name in want:
            assert got[name] == want[name], f"{name}: seed {seed}, {table_format}, {'s3' if bucket else 'local'}"
        return batches
    finally:
        if sync is not None and sync.thread.is_alive():
            sync.finish()
        writer.cleanup()
        shutil.rmtree(root, ignore_errors=True)


def _time(iso: str) -> float:
    import datetime as dt

    return dt.datetime.fromisoformat(iso).timestamp()


@pytest.mark.server
def test_follow_killed_and_restarted_over_a_live_folder(spark) -> None:  # noqa: F811
    """Parquet on the server's own folder: two kills at drawn moments, then a follow that catches up."""
    assert check_follow(spark, seed=7, table_format="parquet", bucket=None, kills=2) >= 3


@pytest.mark.server
def test_follow_killed_and_restarted_over_chunked_s3_copies(spark, s3_env) -> None:  # noqa: F811
    """Delta in S3, reading copies a sync job uploads in chunks that cut events; one kill. The long mode
    draws the seed, format, store and kills for ``BINLOG_KSY_FOLLOW_MINUTES``."""
    deadline = time.monotonic() + MINUTES * 60
    check_follow(spark, seed=11, table_format="delta", bucket=s3_env.bucket("follow"), kills=1)
    rng = random.Random()
    while time.monotonic() < deadline:
        bucket = s3_env.bucket("follow") if rng.random() < 0.4 else None
        check_follow(spark, rng.randrange(2**32), rng.choice(("parquet", "delta", "iceberg")), bucket,
                     rng.randint(1, 4))


# -- the readStream form --------------------------------------------------------------------------------


def _stream(spark_session: Any, kind: str, inputs: str, base: Path, **options: str) -> Any:
    """A ``readStream`` query of ``kind`` into Parquet with its checkpoint under ``base``, not yet started."""
    reader = spark_session.readStream.format("binlog").option("kind", kind)
    for key, value in options.items():
        reader = reader.option(key, value)
    return (reader.load(inputs).writeStream.format("parquet")
            .option("checkpointLocation", str(base / f"{kind}-checkpoint")).option("path", str(base / kind)))


def _drain(spark_session: Any, kind: str, inputs: str, base: Path, **options: str) -> None:
    """Everything the folder holds now, through the query (``availableNow``), from its checkpoint."""
    _stream(spark_session, kind, inputs, base, **options).trigger(availableNow=True).start().awaitTermination()


def _rows(spark_session: Any, path: Path) -> list[dict[str, Any]]:
    if not (path / "_spark_metadata").exists():
        return []
    return [r.asDict(recursive=True) for r in spark_session.read.parquet(str(path)).collect()]


def _change_keys(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted((r["file"], r["pos"], r["row_index"], r["op"], r["before"], r["after"]) for r in rows
                  if r.get("error") is None)


@pytest.mark.server
def test_read_stream_stopped_and_restarted_from_its_checkpoint(spark, tmp_path: Path) -> None:  # noqa: F811
    """A changes stream over a live folder, stopped at drawn moments (a batch may be in flight) and started
    again from its checkpoint: every change once, the same as the batch source over the final folder."""
    from binlog_ksy.spark_jobs.datasource import register

    register(spark)
    rng = random.Random(5)
    workload = LiveWorkload(seed=5, transactions=250, max_binlog_size=16384, flush_every=0.03, alter_every=0.02,
                            pause=0.03)
    with LiveWriter(workload) as writer:
        inputs = str(writer.folder)
        for _ in range(2):
            query = _stream(spark, "changes", inputs, tmp_path, maxFilesPerTrigger="2") \
                .trigger(processingTime="1 second").start()
            time.sleep(rng.uniform(4.0, 8.0))
            query.stop()
        writer.stop()
        _drain(spark, "changes", inputs, tmp_path, maxFilesPerTrigger="2")
        got = _change_keys(_rows(spark, tmp_path / "changes"))
        batch = spark.read.format("binlog").option("kind", "changes").load(inputs).where("error IS NULL")
        want = _change_keys([r.asDict(recursive=True) for r in batch.collect()])
    assert len({g[:3] for g in got}) == len(got), "a change twice"
    assert got == want and want


# -- the surprises ----------------------------------------------------------------------------------------


def _errors(spark_session: Any, base: Path) -> list[tuple[str, str, int]]:
    """The error rows the events stream wrote: (file name, kind, offset)."""
    return sorted((Path(r["file"]).name, r["error"]["kind"], r["error"]["offset"])
                  for r in _rows(spark_session, base / "events") if r["error"] is not None)


def test_files_that_surprise_a_stream(spark, tmp_path: Path) -> None:  # noqa: F811
    """Shrunk, replaced under its name, cut and abandoned, deleted after it was read: each one errors/ row at
    most, once, and nothing read twice."""
    from binlog_ksy.spark_jobs.datasource import register

    register(spark)
    folder = tmp_path / "binlogs"
    folder.mkdir()
    one, two, three = (SAMPLE / f"binlog.00000{n}" for n in (1, 2, 3))
    shutil.copy(one, folder / one.name)
    shutil.copy(two, folder / two.name)

    def step() -> None:
        _drain(spark, "events", str(folder), tmp_path)

    step()
    assert _rows(spark, tmp_path / "events") and _errors(spark, tmp_path) == []
    (folder / two.name).write_bytes(two.read_bytes()[:1000])  # shrunk below what was read
    step()
    step()  # reported once
    assert _errors(spark, tmp_path) == [("binlog.000002", "file_changed", 0)]
    (folder / one.name).write_bytes(three.read_bytes())  # replaced under its name (another binlog)
    step()
    assert ("binlog.000001", "file_changed", 0) in _errors(spark, tmp_path)
    data = three.read_bytes()
    (folder / "binlog.000003").write_bytes(data[:len(data) - 7])  # cut inside its last event, the newest: waits
    step()
    assert len(_errors(spark, tmp_path)) == 2
    shutil.copy(two, folder / "binlog.000004")  # a newer binlog: binlog.000003 will never grow
    step()
    cut = [e for e in _errors(spark, tmp_path) if e[0] == "binlog.000003"]
    assert cut and {kind for _, kind, _ in cut} == {"truncated"}
    (folder / "binlog.000004").unlink()  # deleted after it was read: nothing more, nothing again
    step()
    events = [(r["file"], r["pos"], r["in_payload"]) for r in _rows(spark, tmp_path / "events") if r["error"] is None]
    assert len(set(events)) == len(events), "an event read twice"
    assert len(_errors(spark, tmp_path)) == 2 + len(cut)


def test_a_cut_file_with_a_newer_one_is_damage_in_batch_extract(spark, tmp_path: Path) -> None:  # noqa: F811
    """binlog.000002 ends inside an event and binlog.000003 exists: extract writes its truncated rows (the
    unfinished transaction's events, the cut event) and exits 1; an --incremental run after it repeats nothing;
    the newest file cut the same way is only unfinished."""
    from binlog_ksy.cli import main

    folder = tmp_path / "binlogs"
    folder.mkdir()
    for n in (1, 2, 3):
        shutil.copy(SAMPLE / f"binlog.00000{n}", folder)
    data = (SAMPLE / "binlog.000002").read_bytes()
    (folder / "binlog.000002").write_bytes(data[:len(data) - 40])
    out = tmp_path / "out"
    assert main(["extract", str(folder), "--output", str(out), "--quiet", "--table-format", "delta"]) == 1
    errors = output_of(str(out), "delta", {}, ())["errors"]
    assert {(Path(e["file"]).name, e["kind"]) for e in errors} == {("binlog.000002", "truncated")}
    assert sum(e["length"] for e in errors) == len(data) - 40 - min(e["offset"] for e in errors)
    again = run_in_process(spark, str(folder), str(out), "delta", True)
    assert again.errors == 0 and output_of(str(out), "delta", {}, ())["errors"] == errors
    (folder / "binlog.000003").unlink()
    (folder / "binlog.000002").write_bytes(data[:len(data) - 40])
    summary = run_in_process(spark, str(folder), str(tmp_path / "newest"), "parquet", False)
    assert summary.errors == 0 and list(summary.cut) == [str(folder / "binlog.000002")]
