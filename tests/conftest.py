"""Shared test set-up: make tests/ importable for the small helper modules; no test reads outside the checkout."""

import gc
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: The test processes' garbage collector runs less often than CPython's default (700, 10, 10). Their heaps are
#: large (pyspark, pyarrow, hypothesis, the fixtures' parsed events, whose Kaitai objects point back to their
#: parents: cycles) and every full collection walks all of it: with the default, 51 full collections took 14 of
#: the 62 s of one differential shard with test_columnar and test_event_body; with these, 6 s of GC in all and
#: 48 s. Only the tests' own processes: the commands they start keep Python's default.
GC_THRESHOLDS = (10_000, 50, 50)
gc.set_threshold(*GC_THRESHOLDS)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run's garbage collected before a parallel worker says it has finished: the last collection, at exit,
    is then short (a worker told to stop during a long one printed the KeyboardInterrupt it got in there)."""
    gc.collect()

#: The checkout. Tests read only what it holds (the binlogs of other projects are in tests/fixtures/), what
#: they write themselves, and what is installed: a file opened beside the checkout (``../shared/...``) fails
#: the test that opened it (tests/test_self_contained.py checks the code of the tests, benchmarks and scripts).
REPO = Path(__file__).resolve().parent.parent
_BESIDE = str(REPO.parent) + os.sep
_INSIDE = str(REPO) + os.sep
_TEMP = str(Path(tempfile.gettempdir()).resolve()) + os.sep
#: What the tests write in the temporary folder is theirs, but a checkout that lies below it (a clone in
#: /tmp/work/binlog-ksy) has its siblings there too: then the temporary folder is no excuse.
_OWN = (_INSIDE, _TEMP) if not (_BESIDE.startswith(_TEMP) and _BESIDE != _TEMP) else (_INSIDE,)
OPENED_OUTSIDE: list[str] = []


def _watch_opens(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(_BESIDE) and not path.startswith(_OWN):
            OPENED_OUTSIDE.append(path)


sys.addaudithook(_watch_opens)


@pytest.fixture(autouse=True)
def _reads_only_the_checkout() -> object:
    """Fails a test that opened a file beside the checkout (the audit hook above saw it)."""
    OPENED_OUTSIDE.clear()
    yield
    outside = sorted(set(OPENED_OUTSIDE))
    OPENED_OUTSIDE.clear()
    assert not outside, f"the test read files outside the checkout {REPO}: {outside[:5]}"

pytest_plugins = ["tests.mariadb.fixtures", "tests.s3_server"]


@pytest.fixture(autouse=True)
def _rows_jsonl_from_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rows --format jsonl`` writes small files change by change (the row decoder: no numpy or pyarrow to
    load). Every in-process test takes the column path instead, whatever the size, so that the oracle and
    property tests hold it; tests/test_columnar.py compares the two paths on every fixture."""
    from binlog_ksy.runtime.commands import rows

    monkeypatch.setattr(rows, "SMALL_FILE", 0)


#: The modules that take longest (seconds of one worker in a parallel run, from ``--durations``), heaviest first.
#: ``./test.sh`` runs the tests in parallel (pytest-xdist, ``--dist loadfile``, scheduled by
#: :func:`pytest_xdist_make_scheduler` below): a module's tests stay on one worker, which starts what they share
#: once (a server, a Spark session, a cluster), unless :func:`group_of` says otherwise; the heaviest groups start
#: first so that no worker is left with a long one at the end.
HEAVIEST_FIRST = (
    "tests/test_cluster.py", "tests/test_follow.py", "tests/test_store_outage.py", "tests/test_live_folder.py",
    "tests/test_differential.py", "tests/test_run_sequences.py", "tests/test_wheel.py", "tests/test_explore.py",
    "tests/test_lake_output.py", "tests/test_mariadb_rows_oracle.py", "tests/test_one_read_path.py",
    "tests/test_many_tables.py", "tests/test_columnar.py", "tests/test_extract_quiet.py", "tests/test_follow_docs.py",
    "tests/test_crash_safety.py", "tests/test_datasource.py", "tests/test_extract_job.py", "tests/test_report.py",
    "tests/test_extract_state.py",
)
#: Tests that start all they need themselves (a server, a workload of their own) and take long: each is a group
#: of its own, so that workers share them (a module's name: each of its tests; a test's: each of its parameters).
EACH_ALONE = (
    "tests/test_follow.py", "tests/test_live_folder.py",
    "tests/test_differential.py::test_every_path_tells_what_the_server_did[",
    "tests/test_run_sequences.py::test_any_run_sequence_equals_one_full_run",
    "tests/test_run_sequences.py::test_any_run_sequence_on_s3_equals_one_full_run",
    "tests/test_store_outage.py::test_an_outage_in_the_middle_of_a_run",
    "tests/test_store_outage.py::test_a_store_that_never_comes_back",
)
def group_of(nodeid: str) -> str:
    """The group a test runs in: its module's, unless it stands alone."""
    if nodeid.startswith(EACH_ALONE):
        return nodeid
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The heaviest modules' tests first (xdist hands the groups out in this order)."""
    rank = {name: n for n, name in enumerate(HEAVIEST_FIRST)}
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (rank.get(item.nodeid.split("::", 1)[0], len(rank)), order[id(item)]))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadfile``: the groups of :func:`group_of`, handed out in collection order."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    config.option.loadscopereorder = False  # not by the number of tests: heaviest first, as collected
    return GroupScheduling(config, log)
