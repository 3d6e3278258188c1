"""Shared test set-up: make tests/ importable for the small helper modules."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

pytest_plugins = ["tests.mariadb.fixtures", "tests.s3_server"]


@pytest.fixture(autouse=True)
def _rows_jsonl_from_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rows --format jsonl`` writes small files change by change (the row decoder: no numpy or pyarrow to
    load). Every in-process test takes the column path instead, whatever the size, so that the oracle and
    property tests hold it; tests/test_columnar.py compares the two paths on every fixture."""
    from binlog_ksy.runtime.commands import rows

    monkeypatch.setattr(rows, "SMALL_FILE", 0)
