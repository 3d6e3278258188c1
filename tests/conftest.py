"""Shared test set-up: make tests/ importable for the small helper modules; no test reads outside the checkout."""

import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: The checkout. Tests read only what it holds (the binlogs of other projects are in tests/fixtures/), what
#: they write themselves, and what is installed: a file opened beside the checkout (``../shared/...``) fails
#: the test that opened it (tests/test_self_contained.py checks the code of the tests, benchmarks and scripts).
REPO = Path(__file__).resolve().parent.parent
_BESIDE = str(REPO.parent) + os.sep
_INSIDE = str(REPO) + os.sep
_TEMP = str(Path(tempfile.gettempdir()).resolve()) + os.sep
OPENED_OUTSIDE: list[str] = []


def _watch_opens(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(_BESIDE) and not path.startswith((_INSIDE, _TEMP)):
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
