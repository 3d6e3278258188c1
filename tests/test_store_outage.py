"""The object store goes away in the middle of an ``extract`` run, then comes back.

The binlogs and the output are in the test S3 server (moto), reached by the
runs under test through a TCP proxy (tests/s3_proxy.py) that the test stops
(every connection closed, new ones refused) and starts again: the store going
away and coming back with its objects. The workload is test_run_sequences'
(a real MariaDB server's binlogs); so are the runs and the comparison.

Hypothesis draws the table format (Parquet, Delta, Iceberg), a plain or an
``--incremental`` run, the output's state before it (none, or one run over an
earlier snapshot of the binlogs), when the outage starts (seconds after the
run has begun) and how long it lasts (up to longer than the store client's
retries). The run under test reads the final binlogs, in a child process
bounded by :data:`RUN_LIMIT` (a run past it is a hang: the test fails).

* A run that fails exits non-zero, and its stderr names the store (the
  endpoint or the ``s3://`` object), holds neither the access key id nor the
  secret key, and no Python traceback.
* Right after a failed run the output is the state before it or the state
  one plain run over the final binlogs leaves (Parquet: the committed state,
  the output when it holds its summary file, else the previous output the
  next run puts back; Delta and Iceberg: the tables' current snapshots).
* With the store back, the next run (same mode) leaves exactly what one plain
  run over the final binlogs leaves in a fresh output (``(file, pos,
  row_index)`` unique in changes/, the same changes, typed tables,
  transactions, events and errors), and nothing beside the output
  (``.<name>.tmp-*``, ``.<name>.old-*``, ``.<name>.run-*``) nor the pending
  file in it. A run that succeeded despite the outage (the client's retries)
  must have left that already.

The CI budget is ``EXAMPLES`` drawn cases and two explicit ones; ``BINLOG_KSY_LONG=N`` multiplies the first by N
(``BINLOG_KSY_LONG=10 .venv/bin/python -m pytest -q tests/test_store_outage.py``).

A store that never comes back (:func:`test_a_store_that_never_comes_back`, one case per table format): the
run under test gets a short store bound (``BINLOG_KSY_STORE_TIMEOUT`` = :data:`STORE_TIMEOUT`) and loses its
store for good at the worst moment, in the middle of its commit (Parquet: once its run file says it is
swapping the output in; Delta/Iceberg: once its pending file is there, its tables' commits under way). It
must end within :data:`FAILS_WITHIN` seconds with a message naming the store, leave the previous output or
the new one for readers, and, with the store back, the next run must leave exactly what one plain run leaves
and nothing beside the output (no ``.<name>.tmp-*``, ``.<name>.old-*``, ``.<name>.run-*``) nor the pending
file in it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, note, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.storage import Files, filesystem_of
from binlog_ksy.spark_jobs.job.extract import UNDO_PATIENCE
from binlog_ksy.spark_jobs.job.output import MARKER_FILE, PENDING_FILE
from extract_process import extract_command, wait_until_running
from run_outputs import output_of, run_in_process
from s3_proxy import TcpProxy
from spark_session import spark  # noqa: F401 - the session fixture
from test_run_sequences import FORMATS, TABLES, Workload, _upload, cut_points, workload  # noqa: F401

pytestmark = [pytest.mark.spark, pytest.mark.server]

LONG = int(os.environ.get("BINLOG_KSY_LONG", "0") or 0)
EXAMPLES = 2 * max(1, LONG)  # and the two explicit cases
#: A run under test taking longer than this (seconds) hangs: the test fails.
RUN_LIMIT = 300
#: The outage starts up to this many seconds after the run has begun (its run takes about 3 s once begun).
LATEST_START = 4.0
#: The longest outage drawn (seconds): longer than pyarrow's S3 retries (a few seconds), shorter than delta-rs'
#: (minutes); under BINLOG_KSY_LONG longer than the time a failed Delta/Iceberg run gives the store to come back.
LONGEST_OUTAGE = UNDO_PATIENCE + 15 if LONG else 20.0
BUCKET = "outage"
#: The store bound (seconds) of the runs whose store never comes back: short, so that they fail soon (the
#: default, runtime/storage.py's DEFAULT_STORE_TIMEOUT, is a minute).
STORE_TIMEOUT = 20.0
#: How soon (seconds) after its store went for good such a run must have ended: the call that finds the store
#: gone and the cleanup's (each within STORE_TIMEOUT), Delta/Iceberg's tries to undo their commits (half of
#: it), and the JVM's stop.
FAILS_WITHIN = 3 * STORE_TIMEOUT + STORE_TIMEOUT / 2 + 15


@dataclass(frozen=True)
class Outage:
    """One drawn case: the run under test and the outage in its middle."""

    table_format: str
    incremental: bool
    before: int | None  # the snapshot (a cut) a first run read into the output; None: no output before
    start: float  # seconds after the run has begun
    length: float  # seconds


@st.composite
def outages(draw: Any, w: Workload) -> Outage:
    return Outage(table_format=draw(st.sampled_from(FORMATS)), incremental=draw(st.booleans()),
                  before=draw(st.none() | cut_points(w).filter(lambda cut: cut > 0)),
                  start=round(draw(st.floats(0.0, LATEST_START)), 2),
                  length=round(draw(st.floats(0.2, LONGEST_OUTAGE)), 2))


@pytest.fixture(scope="module")
def proxy(s3_server: Any) -> Iterator[TcpProxy]:
    """The proxy in front of the S3 server: the runs under test reach the store only through it."""
    front = TcpProxy("127.0.0.1", s3_server.port)
    front.start()
    try:
        yield front
    finally:
        front.stop()


# -- the runs --------------------------------------------------------------------------------------


@dataclass
class Finished:
    """How the run under test ended."""

    returncode: int
    stderr: str
    began: bool  # its run had begun when the outage started (else the outage came before or after it)


def _run_through(proxy: TcpProxy, inputs: str, out: str, case: Outage, lake: dict[str, str],
                 keys: dict[str, str]) -> Finished:
    """The run under test, in a child process reaching the store through ``proxy``, which stops
    ``case.start`` seconds after the run has begun and starts again ``case.length`` seconds later (sooner
    when the run ends first). Fails the test when the run outlives :data:`RUN_LIMIT`."""
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, AWS_ENDPOINT_URL=proxy.endpoint, **keys)
    with tempfile.TemporaryFile() as stderr:  # and stdout: the summary of a run that finished
        launched = time.monotonic()
        proc = subprocess.Popen(extract_command(inputs, out, case.table_format, case.incremental, lake), env=env,
                                stdout=stderr, stderr=stderr, start_new_session=True)
        try:
            began = wait_until_running(proc, out)
            _sleep_unless_done(proc, case.start)
            proxy.stop()
            _sleep_unless_done(proc, case.length)
            proxy.start()
            try:
                proc.wait(timeout=max(1.0, RUN_LIMIT - (time.monotonic() - launched)))
            except subprocess.TimeoutExpired:
                pytest.fail(f"the run hung: still running {RUN_LIMIT} s after it started ({case})")
        finally:
            proxy.start()
            _kill_group(proc)
        stderr.seek(0)
        return Finished(proc.returncode, stderr.read().decode("utf-8", "replace"), began)


def _sleep_unless_done(proc: subprocess.Popen[bytes], seconds: float) -> None:
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        pass


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the group's JVM, if it outlived the launcher
    except ProcessLookupError:
        pass
    proc.wait()


# -- the store's objects ---------------------------------------------------------------------------


def _set_inputs(w: Workload, inputs: str, cut: int) -> None:
    """Make the objects under ``inputs`` the binlog folder's state at ``cut`` (files beyond it absent)."""
    filesystem, inner = filesystem_of(inputs)
    filesystem.delete_dir_contents(inner, missing_dir_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="outage-in-"))
    try:
        w.write_snapshot(folder, cut)
        _upload(folder, inputs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def committed(out: str, table_format: str, lake: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """What the output holds for its readers. Delta and Iceberg: the tables' current snapshots. Parquet on an
    object store (its swap copies object by object): the output when its summary file is there (written
    last), else the previous output set aside beside it, which the next run puts back; else nothing."""
    if table_format != "parquet":
        return output_of(out, table_format, lake, TABLES)
    store = Files(out)
    if store.exists(f"{out}/{MARKER_FILE}"):
        return output_of(out, table_format, lake, TABLES)
    parent, _, name = out.rpartition("/")
    previous = [f"{parent}/{n}" for n in store.list_names(parent) if n.startswith(f".{name}.old-")
                and store.exists(f"{parent}/{n}/{MARKER_FILE}")]
    assert len(previous) <= 1, previous
    return output_of(previous[0] if previous else f"{parent}/.{name}.nothing", table_format, lake, TABLES)


# -- the checks ------------------------------------------------------------------------------------


def check_failure_message(finished: Finished, keys: dict[str, str], proxy: TcpProxy) -> None:
    """A failed run says which store failed it, and nothing secret; no traceback."""
    text = finished.stderr
    assert finished.returncode != 0
    assert "Traceback (most recent call last)" not in text, text
    for name, value in keys.items():
        assert value not in text, f"{name}'s value in the message: {text}"
    # The bucket (``s3://bucket/key``, or ``s3://bucket`` when the run fails checking the bucket itself) or
    # the endpoint.
    assert proxy.endpoint in text or re.search(rf"s3://{BUCKET}\b", text), f"the store is not named: {text}"


def check_after_failure(out: str, case: Outage, lake: dict[str, str], before: dict[str, list[dict[str, Any]]],
                        want: dict[str, list[dict[str, Any]]]) -> None:
    """Right after a failed run: the previous output or the new one, never a mix.

    The one exception: Delta/Iceberg tables commit one by one, and a store away for longer than the failed run
    waits to undo its commits (:data:`UNDO_PATIENCE`) leaves some tables new; then each table is one or the
    other and the pending file is there, so that the next run undoes them."""
    now = committed(out, case.table_format, lake)
    if now in (before, want):
        return
    assert case.table_format != "parquet" and case.length > UNDO_PATIENCE, \
        "the output is neither the previous one nor the new one"
    for name in want:
        assert now[name] in (before[name], want[name]), name
    assert Files(out).exists(f"{out}/{PENDING_FILE}"), "a mixed output without the pending file"


#: What one plain run over the final binlogs leaves in a fresh output, per table format (shared by the tests).
_ORACLES: dict[str, dict[str, list[dict[str, Any]]]] = {}


def oracle(spark_session: Any, w: Workload, bucket: str, table_format: str) -> dict[str, list[dict[str, Any]]]:
    """What one plain run over the final binlogs leaves in a fresh output (one per format, computed once)."""
    if table_format not in _ORACLES:
        root = Path(tempfile.mkdtemp(prefix="outage-oracle-"))
        try:
            inputs, out = f"{bucket}/binlogs/", f"{bucket}/oracle-{table_format}"
            lake = _lake(root, out, table_format)
            _set_inputs(w, inputs, w.total)
            run_in_process(spark_session, inputs, out, table_format, False, lake)
            _ORACLES[table_format] = want = output_of(out, table_format, lake, TABLES)
            assert want["changes"] and want["transactions"]
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return _ORACLES[table_format]


def test_an_outage_in_the_middle_of_a_run(spark, s3_env, proxy: TcpProxy, workload: Workload) -> None:  # noqa: F811
    bucket = s3_env.bucket(BUCKET)
    inputs = f"{bucket}/binlogs/"
    root = Path(tempfile.mkdtemp(prefix="outage-"))
    ended: list[str] = []  # how each run under test ended (printed: pytest -s shows them)

    # no shrinking: a case takes about half a minute, and the drawn one is reported whole (see note())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG, phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large])
    @given(outages(workload))
    @example(Outage("delta", False, None, start=1.0, length=12.0))  # every format in CI, whatever is drawn
    @example(Outage("parquet", True, None, start=0.5, length=LONGEST_OUTAGE))
    def check(case: Outage) -> None:
        note(str(case))
        want = oracle(spark, workload, bucket, case.table_format)
        out = f"{bucket}/out-{uuid.uuid4().hex[:8]}"
        lake = _lake(root, out, case.table_format)
        if case.before is not None:
            _set_inputs(workload, inputs, case.before)
            run_in_process(spark, inputs, out, case.table_format, case.incremental, lake)
        before = committed(out, case.table_format, lake)
        _set_inputs(workload, inputs, workload.total)
        keys = {"AWS_ACCESS_KEY_ID": f"AKIA{secrets.token_hex(8).upper()}",
                "AWS_SECRET_ACCESS_KEY": secrets.token_urlsafe(30)}
        finished = _run_through(proxy, inputs, out, case, lake, keys)
        note(f"exit {finished.returncode}, run begun before the outage: {finished.began}\n{finished.stderr}")
        ended.append(f"{case}: {'exit ' + str(finished.returncode) if finished.returncode else 'succeeded'}")
        if finished.returncode != 0:
            check_failure_message(finished, keys, proxy)
            check_after_failure(out, case, lake, before, want)
            run_in_process(spark, inputs, out, case.table_format, case.incremental, lake)
        got = output_of(out, case.table_format, lake, TABLES)
        for name in want:
            assert got[name] == want[name], name
        assert _leftovers(out) == []  # nothing beside the output, no pending file in it

    try:
        check()
    finally:
        print("\n".join(ended))
        shutil.rmtree(root, ignore_errors=True)


def _lake(root: Path, out: str, table_format: str) -> dict[str, str]:
    """Iceberg: each output's own SQLite catalog (a local file; the tables' files are in the store)."""
    if table_format != "iceberg":
        return {}
    return {"iceberg_catalog": f"sqlite:///{root}/{out.rsplit('/', 1)[1]}.db"}


# -- a store that never comes back -----------------------------------------------------------------


def _swapping(out: str) -> bool:
    """Whether a run over ``out`` says it is swapping its datasets in (its run file's phase)."""
    parent, _, name = out.rpartition("/")
    store = Files(out)
    for entry in store.list_names(parent):
        if entry.startswith(f".{name}.run-"):
            try:
                if json.loads(store.read_text(f"{parent}/{entry}")).get("phase") == "swap":
                    return True
            except (OSError, ValueError):
                continue
    return False


def _committing(out: str) -> bool:
    """Whether a Delta/Iceberg run over ``out`` has begun committing its tables (its pending file)."""
    return Files(out).exists(f"{out}/{PENDING_FILE}")


def _wait_until(proc: subprocess.Popen[bytes], moment: Any, limit: float = 180.0) -> bool:
    """Wait (polling the store directly) until ``moment()``; False when the process ended first."""
    deadline = time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < deadline:
        if moment():
            return True
        time.sleep(0.02)
    return False


def _leftovers(out: str) -> list[str]:
    """What runs left beside ``out`` (``.<name>.*``) and the pending file in it."""
    parent, _, name = out.rpartition("/")
    store = Files(out)
    found = [n for n in store.list_names(parent) if n.startswith(f".{name}.")]
    return found + ([PENDING_FILE] if store.exists(f"{out}/{PENDING_FILE}") else [])


@pytest.mark.parametrize(("table_format", "incremental"), [("parquet", True), ("delta", False), ("iceberg", False)])
def test_a_store_that_never_comes_back(spark, s3_env, proxy: TcpProxy, workload: Workload,  # noqa: F811
                                       table_format: str, incremental: bool) -> None:
    bucket = s3_env.bucket(BUCKET)
    inputs = f"{bucket}/binlogs/"
    want = oracle(spark, workload, bucket, table_format)
    root = Path(tempfile.mkdtemp(prefix="outage-gone-"))
    out = f"{bucket}/gone-{table_format}-{uuid.uuid4().hex[:8]}"
    lake = _lake(root, out, table_format)
    try:
        _set_inputs(workload, inputs, workload.between[len(workload.between) // 2])
        run_in_process(spark, inputs, out, table_format, incremental, lake)  # a previous output to replace
        before = committed(out, table_format, lake)
        _set_inputs(workload, inputs, workload.total)
        keys = {"AWS_ACCESS_KEY_ID": f"AKIA{secrets.token_hex(8).upper()}",
                "AWS_SECRET_ACCESS_KEY": secrets.token_urlsafe(30)}
        env = dict(os.environ, PYSPARK_PYTHON=sys.executable, AWS_ENDPOINT_URL=proxy.endpoint,
                   BINLOG_KSY_STORE_TIMEOUT=str(STORE_TIMEOUT), **keys)
        moment = (lambda: _swapping(out)) if table_format == "parquet" else (lambda: _committing(out))
        with tempfile.TemporaryFile() as stderr:
            proc = subprocess.Popen(extract_command(inputs, out, table_format, incremental, lake), env=env,
                                    stdout=stderr, stderr=stderr, start_new_session=True)
            try:
                assert _wait_until(proc, moment), "the run ended before its commit began"
                proxy.stop()  # for good, as far as this run is concerned
                gone = time.monotonic()
                try:
                    proc.wait(timeout=FAILS_WITHIN)
                except subprocess.TimeoutExpired:
                    pytest.fail(f"the run did not end within {FAILS_WITHIN} s of its store going away")
                took = time.monotonic() - gone
            finally:
                proxy.start()
                _kill_group(proc)
            stderr.seek(0)
            finished = Finished(proc.returncode, stderr.read().decode("utf-8", "replace"), True)
        error = [line for line in finished.stderr.splitlines() if "error:" in line]
        print(f"{table_format}: exit {finished.returncode} {took:.1f} s after the store went away; "
              f"left {_leftovers(out)}; {error[-1] if error else finished.stderr[-500:]}")
        check_failure_message(finished, keys, proxy)
        now = committed(out, table_format, lake)
        if now not in (before, want):  # Delta/Iceberg: tables committed one by one, the undo impossible
            assert table_format != "parquet", "the output is neither the previous one nor the new one"
            for name in want:
                assert now[name] in (before[name], want[name]), name
            assert PENDING_FILE in _leftovers(out), "a mixed output without the pending file"
        # the store is back: the next run cleans up and leaves one plain run's output, and nothing else
        run_in_process(spark, inputs, out, table_format, incremental, lake)
        assert output_of(out, table_format, lake, TABLES) == want
        assert _leftovers(out) == []
    finally:
        shutil.rmtree(root, ignore_errors=True)
