"""``extract --table-format delta|iceberg``: tables in a real S3-compatible server and locally.

The tables are read back with deltalake and pyiceberg (runtime/outputs/lake.py)
and must hold exactly the changes ``binlog-ksy rows`` gives for the same
files; every run makes one commit per table; a rerun replaces; a run that
fails between two tables' commits leaves every table as it was; incremental
runs append only what is new.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_object_storage import SAMPLE, change_keys, rows_jsonl, upload

from binlog_ksy.runtime.outputs import lake as lake_tables
from spark_session import spark  # noqa: F401 - the session fixture

pytestmark = pytest.mark.spark

DATASETS = ("events", "changes", "transactions", "errors")


def _settings(table_format: str, tmp_path: Path) -> dict[str, str]:
    return {"iceberg_catalog": f"sqlite:///{tmp_path / 'catalog.db'}"} if table_format == "iceberg" else {}


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_s3_to_tables_hold_what_rows_gives(spark, s3_env, tmp_path: Path, table_format: str) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    bucket = s3_env.bucket(f"lake-{table_format}")
    uris = upload(SAMPLE, bucket + "/binlogs")
    out = bucket + "/lake"
    settings = _settings(table_format, tmp_path)
    first = run_extract([bucket + "/binlogs/"], out, spark=spark, progress=None, table_format=table_format,
                        **settings)
    expected = change_keys(rows_jsonl(*uris))
    changes = lake_tables.read_table(out, table_format, "changes", **settings)
    assert change_keys(changes.to_pylist()) == expected
    assert changes.num_rows == first.total_changes
    for name in first.typed_tables:
        typed = lake_tables.read_table(out, table_format, f"tables/{name}", **settings)
        assert typed.num_rows == first.changes[name], name
    events = lake_tables.read_table(out, table_format, "events", **settings)
    assert events.num_rows == first.events

    # A rerun replaces every table: the same rows, one more commit each, each naming its run.
    second = run_extract([bucket + "/binlogs/"], out, spark=spark, progress=None, table_format=table_format,
                         **settings)
    assert change_keys(lake_tables.read_table(out, table_format, "changes", **settings).to_pylist()) == expected
    for dataset in (*DATASETS, *(f"tables/{n}" for n in first.typed_tables)):
        runs = lake_tables.run_ids(out, table_format, dataset, **settings)
        assert len(runs) == 2 and runs[0] != runs[1], dataset
    assert second.total_changes == first.total_changes


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_a_failed_run_leaves_every_table_as_it_was(spark, tmp_path: Path, table_format: str,  # noqa: F811
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from binlog_ksy.spark_jobs.job.extract import run_extract
    from binlog_ksy.spark_jobs.job.output import PENDING_FILE

    archive = tmp_path / "archive"
    archive.mkdir()
    shutil.copy(SAMPLE / "binlog.000001", archive)
    out = str(tmp_path / "lake")
    settings = _settings(table_format, tmp_path)
    run_extract([str(archive)], out, spark=spark, progress=None, table_format=table_format, **settings)
    before = {d: change_keys(lake_tables.read_table(out, table_format, d, **settings).to_pylist())
              for d in ("changes",)}
    counts = {d: lake_tables.read_table(out, table_format, d, **settings).num_rows for d in DATASETS}

    # The next run (with more files) dies after its first table's commit.
    for path in sorted(SAMPLE.iterdir()):
        shutil.copy(path, archive)
    real = lake_tables._publish_delta if table_format == "delta" else lake_tables._publish_iceberg

    def dies_midway(staging: str, target: str, names: list[str], *args: object) -> object:
        real(staging, target, names[:1], *args)  # type: ignore[arg-type]
        raise KeyboardInterrupt("killed between two tables' commits")

    monkeypatch.setattr(lake_tables, f"_publish_{table_format}", dies_midway)
    with pytest.raises(KeyboardInterrupt):
        run_extract([str(archive)], out, spark=spark, progress=None, table_format=table_format, **settings)
    monkeypatch.undo()
    assert {d: lake_tables.read_table(out, table_format, d, **settings).num_rows for d in DATASETS} == counts
    assert change_keys(lake_tables.read_table(out, table_format, "changes", **settings).to_pylist()) == \
        before["changes"]
    assert not (Path(out) / PENDING_FILE).exists()

    # Killed outright (no chance to undo): the pending file stays, and the next run undoes it first.
    (Path(out) / PENDING_FILE).write_text(json.dumps({"run_id": "killed-run", "table_format": table_format}))
    from binlog_ksy.runtime.outputs.lake import publish

    staging = tmp_path / "staging"
    run_extract([str(archive)], str(staging), spark=spark, progress=None)  # Parquet datasets to publish from
    publish(str(staging), out, table_format, mode="append", run_id="killed-run", **settings)
    assert lake_tables.read_table(out, table_format, "changes", **settings).num_rows > len(before["changes"])
    full = run_extract([str(archive)], out, spark=spark, progress=None, table_format=table_format, **settings)
    changes = lake_tables.read_table(out, table_format, "changes", **settings)
    assert changes.num_rows == full.total_changes
    assert "killed-run" not in lake_tables.run_ids(out, table_format, "changes", **settings)[-1:]


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_incremental_appends_only_what_is_new(spark, tmp_path: Path, table_format: str) -> None:  # noqa: F811
    from binlog_ksy.spark_jobs.job.extract import run_extract

    archive = tmp_path / "archive"
    archive.mkdir()
    names = sorted(p.name for p in SAMPLE.iterdir())
    shutil.copy(SAMPLE / names[0], archive)
    out = str(tmp_path / "lake")
    settings = _settings(table_format, tmp_path)
    one = run_extract([str(archive)], out, spark=spark, progress=None, table_format=table_format, incremental=True,
                      **settings)
    for name in names[1:]:
        shutil.copy(SAMPLE / name, archive)
    two = run_extract([str(archive)], out, spark=spark, progress=None, table_format=table_format, incremental=True,
                      **settings)
    assert one.total_changes > 0 and two.total_changes > 0
    changes = lake_tables.read_table(out, table_format, "changes", **settings).to_pylist()
    assert change_keys(changes) == change_keys(rows_jsonl(*(str(archive / n) for n in names)))
    keys = [(r["file"], r["pos"], r["row_index"]) for r in changes]
    assert len(keys) == len(set(keys))
    assert len(lake_tables.run_ids(out, table_format, "changes", **settings)) == 2


def test_the_documented_command_s3_to_delta_every_day(s3_env, tmp_path: Path) -> None:
    """The command of docs/lake.md (*Binlogs in S3 to a Delta table, every day*) as a user runs it (its own Spark),
    twice: the second run finds nothing new."""
    import os
    import subprocess
    import sys

    bucket = s3_env.bucket("readme-daily")
    uris = upload(SAMPLE, bucket + "/archive/binlogs")
    env = {**os.environ, "PYSPARK_PYTHON": sys.executable}
    command = [sys.executable, "-m", "binlog_ksy.cli", "extract", bucket + "/archive/binlogs/", "--output",
               bucket + "/lake/binlog", "--table-format", "delta", "--incremental", "--format", "json"]
    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert first.returncode == 0, first.stderr[-2000:]
    assert json.loads(first.stdout)["total_changes"] > 0
    second = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert second.returncode == 0, second.stderr[-2000:]
    assert json.loads(second.stdout)["total_changes"] == 0
    assert s3_env.env["AWS_SECRET_ACCESS_KEY"] not in first.stderr + second.stderr + first.stdout
    changes = lake_tables.read_table(bucket + "/lake/binlog", "delta", "changes")
    assert change_keys(changes.to_pylist()) == change_keys(rows_jsonl(*uris))


def test_the_documented_iceberg_read_back_as_written(spark, tmp_path: Path, monkeypatch,  # noqa: F811
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """docs/lake.md's pyiceberg snippet (*Read the tables back*), run verbatim after `extract --table-format iceberg
    --output lake/binlog` in the current directory: it finds the job's catalog and tables (it once named another
    catalog). pyiceberg's warning for each column whose statistics the job leaves out on purpose is not shown."""
    import logging
    import re

    caplog.set_level(logging.WARNING)

    from binlog_ksy.spark_jobs.job.extract import run_extract

    page = (Path(__file__).resolve().parent.parent / "docs" / "lake.md").read_text()
    snippets = [s for s in re.findall(r"```python\n(.*?)```", page, re.S) if "SqlCatalog" in s]
    assert len(snippets) == 1
    monkeypatch.chdir(tmp_path)
    summary = run_extract([str(SAMPLE)], "lake/binlog", spark=spark, progress=None, table_format="iceberg")
    scope: dict[str, Any] = {}
    exec(snippets[0], scope)
    changes = scope["changes"]
    assert changes.num_rows == summary.total_changes > 0
    assert change_keys(changes.to_pylist()) == change_keys(rows_jsonl(*(str(p) for p in sorted(SAMPLE.iterdir()))))
    assert not [r for r in caplog.records if "statistics missing" in r.getMessage()]


@pytest.mark.parametrize("table_format", ["delta", "iceberg"])
def test_rows_publishes_typed_tables(s3_env, tmp_path: Path, table_format: str) -> None:
    """``rows --format parquet --table-format``: the typed tables as Delta (on S3) or Iceberg, same rows."""
    import os
    import subprocess
    import sys

    import pyarrow.dataset as ds

    cli = [sys.executable, "-m", "binlog_ksy.cli", "rows", "--format", "parquet"]
    local = tmp_path / "typed"
    subprocess.run([*cli, "--output", str(local), str(SAMPLE)], check=True, capture_output=True)
    out = s3_env.bucket(f"rows-{table_format}") + "/typed" if table_format == "delta" else str(tmp_path / "ice")
    run = subprocess.run([*cli, "--table-format", table_format, "--output", out, str(SAMPLE)], capture_output=True,
                         text=True, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    names = sorted(p.name for p in local.iterdir() if not p.name.startswith("_"))
    assert names
    for name in names:
        expected = ds.dataset(str(local / name), format="parquet").to_table()
        published = lake_tables.read_table(out, table_format, f"tables/{name}")
        key = ["file", "pos", "row_index"]
        assert published.select(key).sort_by([(k, "ascending") for k in key]).to_pylist() == \
            expected.select(key).sort_by([(k, "ascending") for k in key]).to_pylist(), name
