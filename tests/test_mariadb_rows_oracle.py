"""Row changes decoded by binlog-ksy equal mariadb-binlog's and rebuild the server's tables.

Starts one MariaDB 10.11 server per binlog setting, runs seeded random
workloads over every column type (``tests/mariadb/workload.py``), each split
over two binlog files, and checks for every seed:

* every rows event decodes (no decoder error);
* (a) the changes equal what ``mariadb-binlog -vv --base64-output=decode-rows``
  prints: same changes in the same order (kind, database, table, rows-event
  position; a statement printed over several events is compared as a
  whole), the same columns in each image, the same TABLE_MAP metadata and
  nullability per column, and every value, rendered the way mariadb-binlog
  prints its type, byte-equal to the printed text; each value also has the
  Python type the decoder documents;
* (b) replaying the changes in order into in-memory tables keyed by primary
  key rebuilds exactly what the server's ``SELECT`` returns at the end.

Two more tests show the checks can fail: a wrong value put into any column
(one per column, of the same Python type) is caught by (a) and by (b); and
one checks that each setting really shaped the binlog (MINIMAL before images,
NOBLOB after images without blobs, compressed events, statements split over
several rows events).

Settings: FULL metadata + FULL image, MINIMAL metadata + MINIMAL image, FULL
metadata + NOBLOB image, compressed events (``log_bin_compress``) + FULL
metadata, NO_LOG metadata (no names, signedness, charsets or labels). Three
seeds of 200 statements per setting, one server per setting: about 60 s on
2 cores. The value rules live in ``tests/mariadb/compare.py``.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.present.value_json import change_json, image_json
from binlog_ksy.runtime.types.geometry import Geometry
from binlog_ksy.runtime.types.json_text import dumps
from tests.mariadb import compare, oracle, workload
from tests.mariadb.fixtures import start_server

pytestmark = pytest.mark.server

SETTINGS: dict[str, dict[str, Any]] = {
    "full": {"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"},
    "minimal": {"binlog_row_metadata": "MINIMAL", "binlog_row_image": "MINIMAL"},
    "noblob": {"binlog_row_metadata": "FULL", "binlog_row_image": "NOBLOB"},
    "compressed": {"binlog_row_metadata": "FULL", "log_bin_compress": True, "log_bin_compress_min_len": 10},
    "nolog": {"binlog_row_metadata": "NO_LOG"},
}
SEEDS = (101, 202, 303)
STATEMENTS = 200


@dataclass
class SeedRun:
    """The binlogs of one seeded workload and the server's tables after it."""

    setting: str
    seed: int
    level: compare.Level
    files: list[Path]
    schema: dict[str, Any]
    snapshot: dict[str, Any]
    defaults: dict[str, Any]
    errors: dict[Path, Any] = field(default_factory=dict)

    @cached_property
    def decoded(self) -> dict[Path, list[Any]]:
        """Our changes per file (``on_error="skip"``; errors go to ``self.errors``)."""
        out = {}
        for path in self.files:
            errs: list[Any] = []
            out[path] = list(iter_changes(path, on_error="skip", errors=errs))
            self.errors[path] = errs
        return out

    @cached_property
    def printed(self) -> dict[Path, list[Any]]:
        return {path: oracle.decode_rows(path) for path in self.files}


def _run_seed(srv, setting: str, seed: int, dest: Path) -> SeedRun:
    first = srv.binlog_files()[-1].name          # the seed's events start in the active file
    srv.sql(workload.make_schema())
    statements = workload.make_statements(seed=seed, n=STATEMENTS)
    half = len(statements) * 3 // 5
    while statements[:half].count("BEGIN") != statements[:half].count("COMMIT"):
        half += 1                                 # never split a transaction over two sessions
    workload.apply(srv, statements[:half])
    srv.flush_logs()
    workload.apply(srv, workload.SESSION_SETUP + statements[half:])
    schema = compare.load_schema(srv)
    snapshot = compare.select_snapshot(srv, schema)
    defaults = compare.select_defaults(srv, schema)
    srv.flush_logs()
    names = srv.binlog_files()[:-1]               # the new active file holds nothing of this seed
    names = names[[p.name for p in names].index(first):]
    dest.mkdir(parents=True, exist_ok=True)
    files = []
    for p in names:
        shutil.copyfile(p, dest / p.name)
        files.append(dest / p.name)
    level = compare.Level.of(SETTINGS[setting]["binlog_row_metadata"])
    return SeedRun(setting, seed, level, files, schema, snapshot, defaults)


@pytest.fixture(scope="module", params=sorted(SETTINGS), ids=sorted(SETTINGS))
def runs(request, tmp_path_factory) -> list[SeedRun]:
    """One server per setting; every seed's binlogs and final tables."""
    srv = start_server(SETTINGS[request.param])
    try:
        base = tmp_path_factory.mktemp(f"rows-{request.param}")
        return [_run_seed(srv, request.param, seed, base / f"seed{seed}") for seed in SEEDS]
    finally:
        srv.stop()
        srv.cleanup()


def test_every_rows_event_decodes(runs) -> None:
    problems = []
    total = 0
    for run in runs:
        for path, changes in run.decoded.items():
            total += len(changes)
            problems += [f"seed {run.seed} {path.name}: {e}" for e in run.errors[path]]
            for c in changes:                      # and maps to JSON (the jsonl/Spark contract)
                try:
                    dumps(change_json(c))
                except Exception as exc:  # noqa: BLE001 - any failure to map to JSON is a problem to list
                    problems.append(f"seed {run.seed} {path.name}@{c.pos} {c.table}: to_json: {exc!r}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:20])
    assert total > 300 * len(runs)


def test_the_setting_took_effect(runs) -> None:
    """The binlogs really have the property the setting is about (else the tests above prove less)."""
    setting = runs[0].setting
    printed = [oc for run in runs for path in run.files for oc in run.printed[path]]
    schema = runs[0].schema
    ncols = {t: len(cols) for t, cols in schema.items()}
    blobs = {t: {c.position for c in cols if c.data_type.endswith(("blob", "text"))} for t, cols in schema.items()}
    partial_before = [oc for oc in printed if oc.before is not None and len(oc.before) < ncols[oc.table]]
    blob_less_after = [oc for oc in printed if oc.kind == "UPDATE" and oc.table == "t_lob"
                       and not blobs["t_lob"] <= {v.index for v in oc.after}]
    if setting == "minimal":
        assert partial_before and all(len(oc.before) == 1 for oc in partial_before if oc.table != "t_nopk")
    elif setting == "noblob":
        assert blob_less_after and {oc.table for oc in partial_before} == {"t_lob"}
    else:
        assert not partial_before and not blob_less_after
    labels = {oc.event for oc in printed}
    compressed = {"Write_compressed_rows", "Update_compressed_rows", "Delete_compressed_rows"}
    if setting == "compressed":           # (a rows event that deflate does not shrink stays plain)
        assert compressed <= labels, labels
    else:
        assert not labels & compressed, labels
    # statements whose rows mariadb-binlog prints over several rows events were met
    assert any(oc.pos is None for oc in printed)


def test_changes_equal_mariadb_binlog(runs) -> None:
    mismatches: list[compare.Mismatch] = []
    seen: Counter[str] = Counter()
    values_by_column: Counter[tuple[str, int]] = Counter()
    for run in runs:
        for path in run.files:
            ours = run.decoded[path]
            theirs = run.printed[path]
            failed = [e.offset for e in run.errors[path] if getattr(e, "offset", None) is not None]
            mm, counts = compare.compare_with_oracle(f"seed{run.seed}/{path.name}", ours, theirs,
                                                     run.schema, run.level, failed)
            mismatches += mm
            seen += counts
            for oc in theirs:
                for img in (oc.before or ()), (oc.after or ()):
                    for v in img:
                        if not v.is_null:
                            values_by_column[(oc.table, v.index)] += 1
    assert not mismatches, compare.summarize(mismatches)
    # the workload reached every column with a non-NULL value, so every type was compared
    # (MINIMAL images leave out virtual columns: MariaDB does not log them there)
    schema = runs[0].schema
    minimal_image = SETTINGS[runs[0].setting].get("binlog_row_image") == "MINIMAL"
    never = [f"{t}.{c.name}" for t, cols in schema.items() for c in cols
             if values_by_column[(t, c.position)] == 0 and not (minimal_image and c.generated == "VIRTUAL")]
    assert not never, f"columns never printed with a value: {never}"
    assert seen["changes"] > 300 * len(runs)


def test_replay_rebuilds_the_servers_tables(runs) -> None:
    mismatches: list[compare.Mismatch] = []
    seen: Counter[str] = Counter()
    for run in runs:
        replica = compare.Replica(run.schema)
        for path in run.files:
            for change in run.decoded[path]:
                if change.schema == workload.DB:
                    replica.apply(change)
        mm, counts = compare.compare_replica(replica, run.snapshot, run.defaults, run.level)
        for m in mm:
            m.file = f"seed{run.seed}:{m.file}"
        mismatches += mm
        seen += counts
    assert not mismatches, compare.summarize(mismatches)
    assert seen["rows"] > 100 * len(runs)


# --- the checks above can fail: a wrong value in any column is caught -------------------

def _mutated(sql: compare.SqlColumn, value):
    """A different value of the same Python type as ``value`` (None if there is none handy)."""
    if value is None:
        return None
    f = sql.family
    labels = sql.labels or ()
    if f == "enum":
        if isinstance(value, int):
            return value + 1 if value < len(labels) else value - 1
        return labels[1] if value == labels[0] else labels[0]
    if f == "set":
        if isinstance(value, int):
            return value ^ 1
        first = labels[0]
        return tuple(lab for lab in labels if (lab in value) != (lab == first))
    if f == "year":
        return 2000 if value != 2000 else 2001
    if isinstance(value, int):
        return value ^ 1
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        assert isinstance(exponent, int), value  # a finite number
        return value + Decimal(1).scaleb(exponent)
    if isinstance(value, (date, timedelta)):       # date, datetime, TIMESTAMP, TIME
        step = timedelta(seconds=1) if isinstance(value, (datetime, timedelta)) else timedelta(days=1)
        try:
            return value + step
        except OverflowError:
            return value - step
    if isinstance(value, Geometry):
        return Geometry(bytes(value) + b"\0")
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, bytes):
        return value + b"x"
    return None                                      # MySQLDate/MySQLDateTime stand-ins


def _with_value(change, image: str, name: str, value):
    new = dict(getattr(change, image))
    new[name] = value
    return dataclasses.replace(change, **{image: new})


def test_a_wrong_value_in_any_column_fails_the_oracle_comparison(runs) -> None:
    run = runs[0]
    tried: dict[tuple[str, str], bool] = {}
    for path in run.files:
        for c, oc in compare.aligned_pairs(run.decoded[path], run.printed[path]):
            if compare.compare_change(path.name, c, oc, run.schema, run.level):
                continue                             # already wrong: reported by the test above
            for image in ("after", "before"):
                for col in c.columns:
                    sql = run.schema[c.table][col.index]
                    if (c.table, sql.name) in tried or col.name not in (getattr(c, image) or {}):
                        continue
                    bad = _mutated(sql, getattr(c, image)[col.name])
                    if bad is None:
                        continue
                    found = compare.compare_change(path.name, _with_value(c, image, col.name, bad), oc,
                                                   run.schema, run.level)
                    tried[(c.table, sql.name)] = any(m.column == sql.name for m in found)
    missed = [k for k, caught in tried.items() if not caught]
    assert not missed, f"wrong values not caught: {missed}"
    assert len(tried) > 100


def test_a_wrong_value_in_any_column_fails_the_replay_comparison(runs) -> None:
    run = runs[0]
    replica = compare.Replica(run.schema)
    for path in run.files:
        for change in run.decoded[path]:
            if change.schema == workload.DB:
                replica.apply(change)
    tried: dict[tuple[str, str], bool] = {}
    for table, rows in replica.rows.items():
        for key, row in rows.items():
            for sql in run.schema[table]:
                value = row[sql.name]
                if (table, sql.name) in tried or value is compare.DEFAULT or key not in run.snapshot[table]:
                    continue
                bad = _mutated(sql, value)
                if bad is None:
                    continue
                server_row = {table: {key: run.snapshot[table][key]}}
                same = compare.Replica(run.schema, {table: {key: row}})
                if compare.compare_replica(same, server_row, run.defaults, run.level)[0]:
                    continue                         # already wrong: reported by the test above
                one = compare.Replica(run.schema, {table: {key: dict(row, **{sql.name: bad})}})
                found, _ = compare.compare_replica(one, server_row, run.defaults, run.level)
                tried[(table, sql.name)] = any(m.column == sql.name for m in found)
    missed = [k for k, caught in tried.items() if not caught]
    assert not missed, f"wrong values not caught: {missed}"
    assert len(tried) > 100


def test_columnar_decoder_equals_row_decoder(runs) -> None:
    """Every column type, every row-image setting: the columnar decoder agrees with the row decoder."""
    from test_columnar import assert_columnar_equals_row_decoder

    fast = sum(assert_columnar_equals_row_decoder(path) for run in runs for path in run.files)
    assert fast > 0


def _parquet_changes(out: Path, columns_of: dict[tuple[str, int], tuple[Any, ...]]) -> list[Any]:
    """The changes of ``rows --format parquet`` read back, as objects the replay takes (file order)."""
    import types

    import pyarrow.parquet as pq

    changes = []
    for folder in sorted(out.iterdir()):
        if not folder.is_dir():
            continue
        schema_name, _, table = folder.name.partition(".")
        for part in sorted(folder.glob("*.parquet")):
            for row in pq.read_table(part).to_pylist():
                images = {}
                for side in ("before", "after"):
                    image = row[side]
                    if image is not None:
                        absent = set(row[f"{side}_absent"] or ())
                        image = {k: (tuple(v) if isinstance(v, list) else v) for k, v in image.items()
                                 if k not in absent}
                    images[side] = image
                changes.append(types.SimpleNamespace(
                    file=row["file"], pos=row["pos"], row_index=row["row_index"], op=row["op"],
                    schema=schema_name, table=table, columns=columns_of[(row["file"], row["pos"])], **images))
    changes.sort(key=lambda c: (c.file, c.pos, c.row_index))
    return changes


def test_parquet_tables_replay_to_the_servers_tables(runs, tmp_path) -> None:
    """``rows --format parquet`` (the columnar path): replaying its typed rows rebuilds the server's tables.

    The only values allowed to differ are those Arrow cannot hold (zero dates), which are null there.
    """
    from binlog_ksy.cli import main

    seen: Counter[str] = Counter()
    for run in runs:
        out = tmp_path / f"{run.setting}-{run.seed}"
        assert main(["rows", "--format", "parquet", "--output", str(out), "--no-schema-history",
                     *map(str, run.files)]) == 0
        columns_of = {(str(c.file), c.pos): c.columns for p in run.files for c in run.decoded[p]}
        decoded = {(str(c.file), c.pos, c.row_index): c for p in run.files for c in run.decoded[p]}
        replica = compare.Replica(run.schema)
        for change in _parquet_changes(out, columns_of):
            if change.schema != workload.DB:
                continue
            mine = decoded[(change.file, change.pos, change.row_index)]
            assert (change.op, mine.op) == (change.op, change.op)
            for side in ("before", "after"):
                got, want = getattr(change, side), getattr(mine, side)
                assert (got is None) == (want is None)
                if got is None:
                    continue
                assert set(got) == set(want), (change.file, change.pos, side)
                for name, value in got.items():
                    if isinstance(value, str) and isinstance(want[name], Decimal):  # over 38 digits: text
                        got[name] = Decimal(value)
                        seen["wide decimals"] += 1
                    elif value is None and want[name] is not None:  # no Arrow value: must be a zero date
                        assert type(want[name]).__name__ in ("MySQLDate", "MySQLDateTime"), (name, want[name])
                        got[name] = want[name]
                        seen["zero dates"] += 1
            replica.apply(change)
            seen["changes"] += 1
        mismatches, counts = compare.compare_replica(replica, run.snapshot, run.defaults, run.level)
        assert not mismatches, compare.summarize(mismatches)
        seen += counts
    assert seen["changes"] > 300 * len(runs)


def test_jsonl_output_equals_the_row_path(runs, capsysbinary) -> None:
    """``rows --format jsonl`` (built from columns) prints byte for byte what the row decoder's changes give."""
    from test_columnar import assert_jsonl_equals_row_path

    for run in runs:
        for path in run.files:
            assert_jsonl_equals_row_path(path, capsysbinary)


def test_extract_tasks_write_the_same_changes_and_typed_tables(runs, tmp_path) -> None:
    """The Spark job's tasks (columnar) write changes/ as the per-change path would, and tables/ with the same
    rows as ``rows --format parquet`` (replayed above)."""
    import os

    import pyarrow as pa
    import pyarrow.dataset as ds

    from binlog_ksy.cli import main
    from binlog_ksy.spark_jobs.job.task import TaskOptions, TaskSpec, run_task
    from binlog_ksy.spark_jobs.records import _text_map

    def table(folder: Path) -> pa.Table:
        parts = [ds.dataset(str(p), format="parquet").to_table() for p in sorted(folder.glob("*.parquet"))]
        t = pa.concat_tables(parts).replace_schema_metadata(None)
        return t.sort_by([("file", "ascending"), ("pos", "ascending"), ("row_index", "ascending")])

    compared = 0
    for run in runs:
        cli_out = tmp_path / f"cli-{run.setting}-{run.seed}"
        assert main(["rows", "--format", "parquet", "--output", str(cli_out), "--no-schema-history",
                     *map(str, run.files)]) == 0
        job_out = tmp_path / f"job-{run.setting}-{run.seed}"
        for index, path in enumerate(run.files):
            run_task(TaskSpec(str(path), os.path.getsize(path), index), TaskOptions(out_root=str(job_out)))
        # changes/ (built from the columns) holds the texts the per-change path gives
        changes = ds.dataset(str(job_out / "changes"), format="parquet", partitioning="hive").to_table(
            columns=["file", "pos", "row_index", "before", "after", "before_values", "after_values"]).to_pylist()
        got = {(r["file"], r["pos"], r["row_index"]): r for r in changes}
        for p in run.files:
            for c in run.decoded[p]:
                row = got.pop((str(c.file), c.pos, c.row_index))
                for side in ("before", "after"):
                    image = image_json(c, side)
                    assert row[side] == (None if image is None else dumps(image)), (c.file, c.pos)
                    values = row[f"{side}_values"]
                    assert (None if values is None else dict(values)) == (
                        None if image is None else dict(_text_map(image) or [])), (c.file, c.pos, side)
        assert not got
        folders = sorted(p.name for p in cli_out.iterdir() if p.is_dir())
        assert folders == sorted(p.name for p in (job_out / "tables").iterdir())
        for name in folders:
            assert table(cli_out / name).equals(table(job_out / "tables" / name)), (run.setting, name)
            compared += 1
    assert compared >= 5 * len(runs)
