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

Settings: FULL metadata + FULL image, MINIMAL metadata + MINIMAL image, FULL
metadata + NOBLOB image, compressed events (``log_bin_compress``) + FULL
metadata, NO_LOG metadata (no names, signedness, charsets or labels). The
value rules live in ``tests/mariadb/compare.py``.
"""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pytest

from binlog_ksy.runtime.changes import iter_changes
from tests.mariadb import compare, oracle, workload
from tests.mariadb.fixtures import start_server

pytestmark = pytest.mark.server

SETTINGS = {
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
    schema: dict
    snapshot: dict
    defaults: dict
    errors: dict = field(default_factory=dict)

    @cached_property
    def decoded(self) -> dict[Path, list]:
        """Our changes per file (``on_error="skip"``; errors go to ``self.errors``)."""
        out = {}
        for path in self.files:
            errs: list = []
            out[path] = list(iter_changes(path, on_error="skip", errors=errs))
            self.errors[path] = errs
        return out

    @cached_property
    def printed(self) -> dict[Path, list]:
        return {path: oracle.decode_rows(path) for path in self.files}


def _run_seed(srv, setting: str, seed: int, dest: Path) -> SeedRun:
    first = srv.binlog_files()[-1].name          # the seed's events start in the active file
    srv.sql(workload.make_schema())
    statements = workload.make_statements(seed=seed, n=STATEMENTS)
    half = len(statements) * 3 // 5
    workload.apply(srv, statements[:half])
    srv.flush_logs()
    workload.apply(srv, workload.SESSION_SETUP + statements[half:])
    schema = compare.load_schema(srv)
    snapshot = compare.select_snapshot(srv, schema)
    defaults = compare.select_defaults(srv, schema)
    srv.flush_logs()
    names = [p for p in srv.binlog_files()][:-1]  # the new active file holds nothing of this seed
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
    assert not problems, f"{len(problems)} rows events failed to decode:\n" + "\n".join(problems[:20])
    assert total > 300 * len(runs)


def test_changes_equal_mariadb_binlog(runs) -> None:
    mismatches: list[compare.Mismatch] = []
    seen: Counter = Counter()
    values_by_column: Counter = Counter()
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
    schema = runs[0].schema
    never = [f"{t}.{c.name}" for t, cols in schema.items() for c in cols
             if values_by_column[(t, c.position)] == 0]
    assert not never, f"columns never printed with a value: {never}"
    assert seen["changes"] > 300 * len(runs)


def test_replay_rebuilds_the_servers_tables(runs) -> None:
    mismatches: list[compare.Mismatch] = []
    seen: Counter = Counter()
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
