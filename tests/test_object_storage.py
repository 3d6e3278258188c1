"""Binlogs in and out of object storage, against a real S3-compatible server (moto on 127.0.0.1).

Everything reaches the store only through the standard AWS environment
(``tests/s3_server.py``). The CLI reads ``s3://`` files, directories and globs;
the extraction job reads from and writes to ``s3://`` (Parquet here; Delta and
Iceberg in ``tests/test_lake_output.py``) with exactly the rows ``binlog-ksy
rows`` gives for the same files; an interrupted run leaves the previous output.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pyarrow.dataset as ds
import pytest
from pyarrow import fs as pafs

from spark_session import spark  # noqa: F401 - the session fixture

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full"
CLI = [sys.executable, "-m", "binlog_ksy.cli"]


def upload(local_dir: Path, uri: str) -> list[str]:
    """Copy every file of ``local_dir`` to ``uri/<name>``; return the URIs."""
    filesystem, root = pafs.FileSystem.from_uri(uri)
    out = []
    for path in sorted(local_dir.iterdir()):
        with filesystem.open_output_stream(f"{root}/{path.name}") as fh:
            fh.write(path.read_bytes())
        out.append(f"{uri}/{path.name}")
    return out


def rows_jsonl(*inputs: str, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """``binlog-ksy rows --format jsonl`` of the inputs, as objects."""
    run = subprocess.run([*CLI, "rows", "--format", "jsonl", *inputs], capture_output=True, text=True, env=env,
                         check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def _without_file(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: (v.rsplit("/", 1)[-1] if k == "file" else v) for k, v in r.items()} for r in rows]


def test_cli_reads_s3_files_directories_and_globs(s3_env, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    uris = upload(SAMPLE, s3_env.bucket("cli-in") + "/archive")
    local = rows_jsonl(*(str(p) for p in sorted(SAMPLE.iterdir())))
    assert len(local) > 100
    env = dict(os.environ)
    for given in (uris, [s3_env.bucket("cli-in") + "/archive/"], [s3_env.bucket("cli-in") + "/archive/binlog.*"]):
        remote = rows_jsonl(*given, env=env)
        assert remote[0]["file"].startswith("s3://cli-in/archive/binlog.0000")
        assert _without_file(remote) == _without_file(local)


def test_cli_error_names_the_store_not_the_secret(s3_env) -> None:
    import os

    env = dict(os.environ)
    run = subprocess.run([*CLI, "events", "s3://no-such-bucket-here/binlog.000001"], capture_output=True, text=True,
                         env=env)
    assert run.returncode != 0
    assert "s3://no-such-bucket-here" in run.stderr
    assert s3_env.env["AWS_SECRET_ACCESS_KEY"] not in run.stderr + run.stdout
    assert "Traceback" not in run.stderr


def change_keys(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each change as (file, pos, op, schema, table, before, after), images as canonical JSON, sorted."""
    def image(value: object) -> str | None:
        if isinstance(value, str):
            value = json.loads(value)
        return None if value is None else json.dumps(value, sort_keys=True)

    return sorted((r["file"], r["pos"], r["op"], r["schema"], r["table"], image(r["before"]) or "",
                   image(r["after"]) or "") for r in rows)


def _changes_rows(dataset_uri: str) -> list[tuple[Any, ...]]:
    filesystem, path = pafs.FileSystem.from_uri(dataset_uri)
    table = ds.dataset(path, filesystem=filesystem, format="parquet", partitioning="hive").to_table()
    return change_keys(table.to_pylist())


@pytest.mark.spark
def test_extract_reads_and_writes_s3_parquet(spark, s3_env) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import MARKER_FILE, run_extract

    uris = upload(SAMPLE, s3_env.bucket("job-in") + "/binlogs")
    out = s3_env.bucket("job-out") + "/parquet"
    summary = run_extract([s3_env.bucket("job-in") + "/binlogs/"], out, spark=spark, progress=None)
    assert summary.files == len(uris) and summary.errors == 0
    expected = change_keys(rows_jsonl(*uris))
    assert len(expected) == summary.total_changes > 0
    assert _changes_rows(out + "/changes") == expected
    filesystem, path = pafs.FileSystem.from_uri(out)
    names = {i.base_name for i in filesystem.get_file_info(pafs.FileSelector(path))}
    assert {"events", "changes", "transactions", "errors", "tables", MARKER_FILE} <= names
    assert json.loads(filesystem.open_input_stream(f"{path}/{MARKER_FILE}").read())["files"] == len(uris)
    # typed tables: one dataset per table, the same row count as changes
    typed = ds.dataset(f"{path}/tables", filesystem=filesystem, format="parquet").count_rows()
    assert typed == len(expected)
    # nothing left beside the output
    siblings = [i.base_name for i in filesystem.get_file_info(pafs.FileSelector("job-out"))]
    assert siblings == ["parquet"]
    # A rerun that fails before its commit leaves the first run's output as it was.
    before = _changes_rows(out + "/changes")
    staged: list[str] = []

    def boom(tmp: str) -> None:
        staged.extend(_keys(s3_env.endpoint, "job-out"))
        raise RuntimeError("interrupted")

    from binlog_ksy.spark_jobs.job.config import ExtractConfig
    from binlog_ksy.spark_jobs.job.extract import run_extract_config

    cfg = ExtractConfig(inputs=[uris[0]], output=out)
    with pytest.raises(RuntimeError, match="interrupted"):
        run_extract_config(cfg, spark=spark, progress=None, _before_commit=boom)
    assert _changes_rows(out + "/changes") == before
    siblings = [i.base_name for i in filesystem.get_file_info(pafs.FileSelector("job-out"))]
    assert siblings == ["parquet"]
    # what the run had staged: the run's claim (its temporary folder) and files, no empty "folder" object
    # below it (a store has no folders; pyarrow would have checked and written one per level of each path)
    folders = [key for key in staged if key.endswith("/")]
    assert len(staged) > 10 and [key.count("/") for key in folders] == [1], staged[:20]


def _keys(endpoint: str, bucket: str) -> list[str]:
    """Every key in ``bucket``, as the store lists them (ListObjectsV2, no folder view)."""
    keys: list[str] = []
    token = ""
    while True:
        query = "list-type=2" + (f"&continuation-token={urllib.parse.quote(token)}" if token else "")
        with urllib.request.urlopen(f"{endpoint}/{bucket}?{query}", timeout=30) as response:
            text = response.read().decode()
        keys += re.findall(r"<Key>([^<]*)</Key>", text)
        more = re.search(r"<NextContinuationToken>([^<]*)</NextContinuationToken>", text)
        if not more:
            return keys
        token = more.group(1)


@pytest.mark.spark
def test_a_missing_hadoop_filesystem_names_the_scheme_and_package(spark, tmp_path: Path) -> None:  # noqa: F811
    from binlog_ksy.runtime.errors import ConfigError
    from binlog_ksy.spark_jobs.job.extract import run_extract

    with pytest.raises(ConfigError) as info:
        run_extract([str(SAMPLE)], "s3a://bucket/out", spark=spark, progress=None, hadoop_fs=True)
    assert "'s3a'" in str(info.value) and "hadoop-aws" in str(info.value)


@pytest.mark.spark
def test_hadoop_fs_output_equals_the_pyarrow_output(spark, tmp_path: Path) -> None:  # noqa: F811
    """--hadoop-fs: parts staged locally, copied in and swapped by Hadoop's FileSystem; same rows, no leftovers."""
    from binlog_ksy.spark_jobs.job.extract import MARKER_FILE, run_extract

    plain, hadoop = tmp_path / "plain", tmp_path / "hadoop"
    run_extract([str(SAMPLE)], str(plain), spark=spark, progress=None)
    summary = run_extract([str(SAMPLE)], "file://" + str(hadoop), spark=spark, progress=None, hadoop_fs=True)
    assert summary.total_changes > 0 and (hadoop / MARKER_FILE).is_file()
    for dataset in ("events", "changes", "transactions", "errors", "tables"):
        a = ds.dataset(str(plain / dataset), format="parquet", partitioning="hive").to_table()
        b = ds.dataset(str(hadoop / dataset), format="parquet", partitioning="hive").to_table()
        assert a.num_rows == b.num_rows, dataset
    assert _changes_rows(str(hadoop / "changes")) == _changes_rows(str(plain / "changes"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hadoop", "plain"]
    # a rerun replaces it through the same API
    again = run_extract([str(SAMPLE)], "file://" + str(hadoop), spark=spark, progress=None, hadoop_fs=True)
    assert again.total_changes == summary.total_changes
    assert _changes_rows(str(hadoop / "changes")) == _changes_rows(str(plain / "changes"))

