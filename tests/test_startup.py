"""A command imports what it needs, when it needs it: start-up is not paid for by every command.

Not a timed test (machines are shared): what a command imports is checked instead, in a fresh
interpreter. ``events`` and ``stats``-free paths must not load pyarrow, numpy, the read-write
classes or the row decoders; ``binlog-ksy --help`` still lists every command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from binlog_ksy.cli import COMMANDS, build_parser
from fixture_index import ROOT

SMALL = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001"
HEAVY = ("pyarrow", "numpy", "yaml", "binlog_ksy.generated.rw", "binlog_ksy.runtime.rows", "binlog_ksy.runtime.changes",
         "binlog_ksy.spark_jobs", "pyspark")


def _loaded_after(argv: list[str]) -> set[str]:
    code = (
        "import contextlib, io, json, sys\n"
        "from binlog_ksy.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({argv!r})\n"
        "print(json.dumps([status, sorted(sys.modules)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    status, modules = json.loads(out.splitlines()[-1])
    assert status == 0
    return set(modules)


@pytest.mark.parametrize("argv", [["events", str(SMALL)], ["events", "--format", "jsonl", str(SMALL)]])
def test_events_loads_no_heavy_module(argv: list[str]) -> None:
    loaded = _loaded_after(argv)
    assert sorted(m for m in loaded if m.startswith(HEAVY)) == []


@pytest.mark.parametrize(("before", "after"), [(["rows", "--format", "jsonl"], []), (["sql"], []),
                                               (["sql", "--flashback"], []), (["stats"], []),
                                               (["filter", "--flashback"], ["--output"])])
def test_row_commands_on_a_small_file_load_the_row_decoder_but_not_numpy_arrow_yaml_or_spark(
        before: list[str], after: list[str], tmp_path: Path) -> None:
    """On a small binlog these commands decode (or count) rows without numpy and pyarrow: their import costs
    more than the columns would save (issue 20: any command on a small binlog within 0.15 s). Nor YAML, which
    only a schema file needs."""
    loaded = _loaded_after([*before, str(SMALL), *after] + ([str(tmp_path / "out")] if after else []))
    assert "binlog_ksy.runtime.rows.image" in loaded
    assert sorted(m for m in loaded if m.startswith(("pyspark", "binlog_ksy.spark_jobs", "numpy", "pyarrow",
                                                     "yaml"))) == []


def test_rows_parquet_loads_the_parquet_writer_and_not_what_other_formats_and_outputs_need(tmp_path: Path) -> None:
    """``rows --format parquet`` into a folder: neither the Debezium presenter, the lake outputs' staging
    (``tempfile``), YAML nor Spark."""
    loaded = _loaded_after(["rows", "--format", "parquet", str(SMALL), "--output", str(tmp_path / "out")])
    assert "pyarrow.parquet" in loaded
    assert sorted(m for m in loaded if m.startswith(("binlog_ksy.runtime.present.debezium", "tempfile", "yaml",
                                                     "pyspark", "binlog_ksy.spark_jobs"))) == []


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    text = capsys.readouterr().out
    assert all(name in text for name in COMMANDS)


def test_the_api_imports_lazily() -> None:
    code = ("import sys, binlog_ksy\n"
            "before = 'binlog_ksy.runtime.changes' in sys.modules\n"
            "binlog_ksy.read_changes\n"
            "stream = binlog_ksy.ChangeStream\n"
            "print(before, 'binlog_ksy.runtime.changes' in sys.modules, bool(binlog_ksy.__version__))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True", "True"]


def test_numpy_starts_no_blas_threads_unless_the_user_asks() -> None:
    """OpenBLAS's spinning threads take CPU from ours: one thread, unless OPENBLAS_NUM_THREADS says otherwise."""
    code = ("import os, binlog_ksy.cli, numpy\n"
            "print(os.environ['OPENBLAS_NUM_THREADS'], len(os.listdir('/proc/self/task')))\n")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    ours = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    theirs = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**env, "OPENBLAS_NUM_THREADS": "2"})
    assert ours.stdout.split()[0] == "1" and theirs.stdout.split()[0] == "2"
    assert int(ours.stdout.split()[1]) < int(theirs.stdout.split()[1])  # numpy started fewer threads


@pytest.mark.parametrize(("before", "after"), [(["rows", "--format", "parquet"], ["--output"]), (["events"], []),
                                               (["sql"], []), (["stats"], [])])
def test_no_collection_while_a_command_starts_then_the_start_is_frozen_out_of_them(
        before: list[str], after: list[str], tmp_path: Path) -> None:
    """The collector does not pass over the objects the imports make (``command_collections``): no collection
    before the command reads; from then on its passes leave out what the start made (``gc.freeze``), and
    Python's thresholds are back once ``main`` returns."""
    argv = [*before, str(SMALL), *after] + ([str(tmp_path / "out")] if after else [])
    code = (
        "import contextlib, gc, io, json, sys\n"
        "passes = []\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and passes.append(gc.get_freeze_count()))\n"
        "import binlog_ksy.runtime.commands.common as common\n"
        "started = common.reading_starts\n"
        "def reading_starts():\n"
        "    passes.append('reading')\n"
        "    started()\n"
        "common.reading_starts = reading_starts\n"
        "common.GC_YOUNG_THRESHOLD = 500  # passes while this small file is read\n"
        "from binlog_ksy.cli import main\n"
        "before = gc.get_threshold()\n"
        "passes.clear()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({argv!r})\n"
        "passes.append('done')\n"
        "gc.collect()\n"
        "print(json.dumps([status, passes, before == gc.get_threshold(), gc.get_freeze_count()]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    status, passes, restored, frozen_after = json.loads(out.splitlines()[-1])
    assert status == 0 and restored and frozen_after == 0
    assert passes[0] == "reading"  # no pass before the command reads
    while_reading = passes[1:passes.index("done")]
    assert while_reading and all(frozen > 10_000 for frozen in while_reading)  # the start's objects left out
