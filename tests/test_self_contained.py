"""The checkout is all a clone needs: no test, benchmark or script names a path outside it.

The tests once read other projects' binlogs from a folder beside the checkout (``../shared/fixtures``), so a
fresh clone could not run them; they are in tests/fixtures/ now. Two guards keep it so: tests/conftest.py
fails any test that opens a file beside the checkout while it runs, and this module scans the code the test
command and the benchmarks run for a path that climbs out of the checkout or names a machine's folder.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from conftest import OPENED_OUTSIDE, REPO

#: What a path out of the checkout looks like in code: a sibling of the repository root, a parent's parent
#: of a module at the top of tests/ or benchmarks/, or an absolute folder of this kind of machine.
_OUTSIDE = re.compile(r"ROOT\.parent\b|REPO\.parent\b|\.\./shared|\bshared/fixtures|shared/spec|/work/|"
                      r"parent\.parent\.parent")
_SCANNED = ("tests", "benchmarks", "tools", "runtime", "spark_jobs", "binlog_ksy")
_SUFFIXES = {".py", ".sh", ".toml", ".yaml", ".yml", ".cfg", ".ini"}


def _code_files() -> list[Path]:
    files = [REPO / name for name in ("build.sh", "setup.sh", "test.sh", "setup.py", "pyproject.toml", ".ci/run")]
    for folder in _SCANNED:
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix in _SUFFIXES and "node_modules" not in path.parts and "fixtures" not in path.parts:
                files.append(path)
    return [f for f in files if f.is_file()]


def test_no_code_names_a_path_outside_the_checkout() -> None:
    found = []
    for path in _code_files():
        if path in (Path(__file__), REPO / "tests" / "conftest.py"):  # the guards name what they look for
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if _OUTSIDE.search(line):
                found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert not found, "paths outside the checkout:\n" + "\n".join(found)


def test_the_fixtures_are_in_the_checkout() -> None:
    from fixture_index import FIXTURES, load_index

    assert FIXTURES.is_relative_to(REPO) and (FIXTURES / "INDEX.tsv").is_file()
    assert len(load_index()) >= 100


def test_a_read_beside_the_checkout_is_caught(tmp_path: Path) -> None:
    """The guard of tests/conftest.py sees a file opened beside the checkout (and only such a file)."""
    (tmp_path / "inside.txt").write_text("a temporary file is fine")
    (tmp_path / "inside.txt").read_text()
    assert OPENED_OUTSIDE == []
    beside = REPO.parent / "a-sibling-of-the-checkout"
    with pytest.raises(OSError):
        beside.read_text()  # it need not exist: the attempt is what the guard records
    if REPO.parent.resolve() == Path(tempfile.gettempdir()).resolve():
        # A clone made directly in the temporary folder (/tmp/binlog-ksy): its siblings are the tests' own
        # temporary files, which the guard cannot tell apart; it lets them through, and the scan below holds.
        assert OPENED_OUTSIDE == []
        return
    assert OPENED_OUTSIDE == [str(beside)]
    OPENED_OUTSIDE.clear()
