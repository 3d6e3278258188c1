"""Fuzzing: mutated fixtures never raise anything but BinlogError, never hang, never blow up memory.

Each case takes a fixture (cut to at most 24 KiB at an event boundary) and
applies one to four mutations: byte flips, insertions, deletions, a
truncation, events spliced in from other fixtures, new length fields, new
type codes and body edits (the last three optionally with a CRC32 that
matches, so the body parsers see the damage instead of the checksum check).
Every case goes through ``tests/fuzz/harness.exercise``: the reader in stop
and skip mode, ``event_to_dict`` on every event, ``iter_changes`` with skip,
and the books-balance check of skip mode. A case fails on any other
exception, on more than 2 s of CPU time, or on more than 64 MiB of Python
memory at its peak.

CI runs ``max_examples=200`` (``BINLOG_KSY_FUZZ_EXAMPLES`` sets another bound);
``benchmarks/fuzz_long.py`` runs the same mutations for as long as it is given
(tests/fuzz/README.md has its counts).
Inputs that once found a bug live in ``tests/fuzz/corpus/`` and are replayed
by ``test_corpus_replays``, through the CLI as well.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy import cli
from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.present.value_json import change_json
from fuzz.harness import (
    COMMANDS,
    CORPUS,
    OPEN_BUGS,
    SPECIAL_BYTES,
    SPECIAL_LENGTHS,
    TYPE_CODES,
    Delete,
    EditBody,
    Flip,
    Insert,
    SetLength,
    SetType,
    Splice,
    Truncate,
    exercise,
    exercise_commands,
    guarded,
    mutate,
    seeds,
)

SEEDS = seeds()

_index = st.integers(min_value=0, max_value=1 << 16)
_blob = st.one_of(st.binary(min_size=1, max_size=64), st.sampled_from(SPECIAL_BYTES).map(lambda b: bytes([b])))

MUTATIONS = st.one_of(
    st.builds(Flip, _index, st.integers(1, 255)),
    st.builds(Insert, _index, st.binary(min_size=1, max_size=80)),
    st.builds(Delete, _index, st.integers(1, 80)),
    st.builds(Truncate, _index),
    st.builds(Splice, _index, _index, _index, st.booleans()),
    st.builds(SetLength, _index, st.one_of(st.sampled_from(SPECIAL_LENGTHS), st.integers(0, 0xFFFFFFFF)),
              st.booleans()),
    st.builds(SetType, _index, st.sampled_from(TYPE_CODES), st.booleans()),
    st.builds(EditBody, _index, _index, _blob, st.booleans()),
)


#: CI's bound; BINLOG_KSY_FUZZ_EXAMPLES=5000 runs more locally.
MAX_EXAMPLES = int(os.environ.get("BINLOG_KSY_FUZZ_EXAMPLES", "200"))


@settings(max_examples=MAX_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.sampled_from(SEEDS), mutations=st.lists(MUTATIONS, min_size=1, max_size=4))
def test_mutated_fixtures_only_raise_binlog_errors(seed, mutations, tmp_path_factory) -> None:
    data = mutate(seed, mutations)
    path = tmp_path_factory.mktemp("fuzz") / "case.bin"
    with guarded():
        exercise(data, path)


CORPUS_FILES = sorted(CORPUS.glob("*.bin"))
#: Corpus inputs of bugs outside the reader, open until the lead's fix lands (then they pass
#: and strict xfail fails: delete the entry and empty harness.OPEN_BUGS).
OPEN: dict[str, str] = {}


def raise_open_bug(data: bytes, path: Path) -> None:
    """Run iter_changes without harness.exercise's tolerance of OPEN_BUGS."""
    path.write_bytes(data)
    errors: list[Any] = []
    for change in iter_changes(path, on_error="skip", errors=errors):
        change_json(change)


def _run_cli(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, err.getvalue()


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(raises=OPEN_BUGS, strict=True, reason=OPEN[p.name]))
    if p.name in OPEN else p for p in CORPUS_FILES], ids=[p.name for p in CORPUS_FILES])
def test_corpus_replays(path: Path, tmp_path: Path) -> None:
    data = path.read_bytes()
    if path.name in OPEN:
        with guarded():
            raise_open_bug(data, tmp_path / path.name)
    with guarded():
        counts = exercise(data, tmp_path / path.name)
    assert not counts["open_bugs"], "an input of the corpus reaches a bug listed in harness.OPEN_BUGS"
    for command in ("events", "rows"):
        for mode in ("stop", "skip"):
            status, stderr = _run_cli([command, "--format", "jsonl", "--on-error", mode, str(path)])
            assert status in (0, 1, 2), stderr
            assert "internal error" not in stderr and "Traceback" not in stderr, stderr
    with guarded(cpu_seconds=COMMANDS_CPU_LIMIT_S, memory=None):
        assert exercise_commands(tmp_path / path.name, tmp_path)["commands"] == len(COMMANDS) + 3


#: Every command on one case: a few hundred ms of CPU (Parquet and Debezium writers included).
COMMANDS_CPU_LIMIT_S = 30.0
#: CI's bound for the every-command fuzz test; BINLOG_KSY_FUZZ_COMMAND_EXAMPLES sets another.
COMMAND_EXAMPLES = int(os.environ.get("BINLOG_KSY_FUZZ_COMMAND_EXAMPLES", "40"))


@settings(max_examples=COMMAND_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(seed=st.sampled_from(SEEDS), mutations=st.lists(MUTATIONS, min_size=1, max_size=3))
def test_mutated_fixtures_through_every_command(seed, mutations, tmp_path_factory) -> None:
    """sql, stats, schema, filter, rows in every format and the data source's rows: no traceback, no hang,
    every damaged byte range the reader finds reported by each."""
    work = tmp_path_factory.mktemp("fuzz-commands")
    path = work / "case.bin"
    path.write_bytes(mutate(seed, mutations))
    with guarded(cpu_seconds=COMMANDS_CPU_LIMIT_S, memory=None):
        exercise_commands(path, work)


def test_corpus_is_small() -> None:
    assert CORPUS_FILES, "tests/fuzz/corpus/ holds the seeds and the inputs that found bugs"
    assert all(p.stat().st_size <= 32 << 10 for p in CORPUS_FILES)
