"""The two forms of docs/follow.md (and README's *Follow a live binlog folder*), run as written against the
test S3 server: ``extract --follow`` to Delta on S3, stopped with SIGTERM to its process group after its first
batch (exit 0), and the ``readStream`` snippet, whose first micro-batch lands in its sink before the test stops
it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_object_storage import SAMPLE, change_keys, rows_jsonl, upload

from binlog_ksy.runtime.outputs import lake as lake_tables
from binlog_ksy.runtime.storage import Files

pytestmark = [pytest.mark.spark, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- follow-commands:"


def documented_blocks() -> tuple[str, str]:
    """The bash and the python block after the marker of docs/follow.md."""
    page = (ROOT / "docs" / "follow.md").read_text()
    after = page[page.index(MARKER):]
    bash = re.search(r"```bash\n(.*?)```", after, re.S)
    python = re.search(r"```python\n(.*?)```", after, re.S)
    assert bash and python
    return bash[1], python[1]


def test_the_readme_shows_the_same_two_forms() -> None:
    readme = (ROOT / "README.md").read_text()
    bash, python = documented_blocks()
    assert bash.strip() in readme and 'spark.readStream.format("binlog")' in readme
    assert "docs/follow.md" in readme


def _wait_for(path: str, proc: subprocess.Popen[str], limit: float = 240.0) -> None:
    store = Files(path)
    deadline = time.monotonic() + limit
    while not store.exists(path):
        assert proc.poll() is None, proc.communicate()[1][-3000:]
        assert time.monotonic() < deadline, f"{path} did not appear"
        time.sleep(0.2)


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (children, theirs, ...), read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _java_sessions(pid: int) -> set[int]:
    """The session ids of the java processes under ``pid``."""
    sessions = set()
    for child in _descendants(pid):
        try:
            if Path(f"/proc/{child}/comm").read_text().strip() == "java":
                sessions.add(os.getsid(child))
        except OSError:
            continue
    return sessions


def _env(s3_env) -> dict[str, str]:
    return {**os.environ, **s3_env.env, "PYSPARK_PYTHON": sys.executable,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def test_follow_to_delta_on_s3_as_written(s3_env, tmp_path: Path) -> None:
    bash, _ = documented_blocks()
    uris = upload(SAMPLE, s3_env.bucket("archive") + "/mysql/binlogs")
    s3_env.bucket("lake")
    proc = subprocess.Popen(["bash", "-c", bash], cwd=tmp_path, env=_env(s3_env), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _wait_for("s3://lake/binlog/_binlog_ksy_extract.json", proc)
        # The driver JVM is in a session of its own: the SIGTERM to the group reaches only binlog-ksy, which ends
        # the batch in flight with its JVM still there (not ConnectionRefusedError, exit 3).
        jvm_sessions = _java_sessions(proc.pid)
        assert jvm_sessions and os.getsid(proc.pid) not in jvm_sessions, jvm_sessions
        os.killpg(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err[-3000:]
    assert re.search(r"^binlog-ksy extract: batch 1: \d+ changes", err, re.M), err
    assert out.startswith("stopped (SIGTERM) after "), out
    assert s3_env.env["AWS_SECRET_ACCESS_KEY"] not in out + err
    changes = lake_tables.read_table("s3://lake/binlog", "delta", "changes")
    assert change_keys(changes.to_pylist()) == change_keys(rows_jsonl(*uris))


def test_read_stream_snippet_as_written(s3_env, tmp_path: Path) -> None:
    _, python = documented_blocks()
    upload(SAMPLE, s3_env.bucket("archive") + "/mysql/binlogs")
    script = tmp_path / "stream.py"
    script.write_text(python)
    proc = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, env=_env(s3_env), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _wait_for(str(tmp_path / "lake" / "changes" / "_spark_metadata" / "0"), proc)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    import pyarrow.parquet as pq

    rows = pq.read_table(tmp_path / "lake" / "changes").to_pylist()
    assert rows and len({(r["file"], r["pos"], r["row_index"]) for r in rows}) == len(rows)
