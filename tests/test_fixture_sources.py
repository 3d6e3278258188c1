"""tests/fixtures keeps where its binlogs come from and under which licence.

Every folder ``<owner>__<repo>/`` holds the licence file of the repository its binlogs were copied from (or
``LICENSE-NOT-FOUND``), every repository named in INDEX.tsv has its section in SOURCES.md, and every binlog is
listed in INDEX.tsv with the sha256 of its bytes, so a changed, renamed or unlisted file fails here.
"""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: A file whose name starts with one of these is a licence or notice, not a binlog.
LICENCE_PREFIXES = ("LICENSE", "COPYING")


def _index_rows() -> list[dict[str, str]]:
    with (FIXTURES / "INDEX.tsv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


ROWS = _index_rows()
FOLDERS = sorted(p for p in FIXTURES.iterdir() if p.is_dir())


def _is_licence(path: Path) -> bool:
    return path.name.startswith(LICENCE_PREFIXES)


def test_the_index_and_the_folders_are_there() -> None:
    assert ROWS, "INDEX.tsv has no rows"
    assert FOLDERS, "tests/fixtures has no folders"
    names = [row["file"] for row in ROWS]
    assert len(names) == len(set(names)), "INDEX.tsv names a file twice"


@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
def test_every_folder_has_a_licence_file(folder: Path) -> None:
    licences = [p.name for p in folder.iterdir() if p.is_file() and _is_licence(p)]
    assert licences, f"{folder.name}/ has no LICENSE* or COPYING* file"
    for name in licences:
        assert (folder / name).read_text(encoding="utf-8").strip(), f"{folder.name}/{name} is empty"


def test_every_folder_is_a_source_repository() -> None:
    repos = {row["repo"] for row in ROWS}
    assert {p.name for p in FOLDERS} == {repo.replace("/", "__") for repo in repos}
    for row in ROWS:
        assert row["file"].split("/")[0] == row["repo"].replace("/", "__"), row["file"]


def test_every_repository_is_in_sources() -> None:
    sources = (FIXTURES / "SOURCES.md").read_text(encoding="utf-8")
    headings = {line[3:].strip() for line in sources.splitlines() if line.startswith("## ")}
    missing = sorted({row["repo"] for row in ROWS} - headings)
    assert not missing, f"SOURCES.md has no section for {missing}"


@pytest.mark.parametrize("row", ROWS, ids=[row["file"] for row in ROWS])
def test_every_indexed_file_has_its_bytes(row: dict[str, str]) -> None:
    path = FIXTURES / row["file"]
    assert path.is_file(), f"{row['file']} is in INDEX.tsv but not in tests/fixtures"
    data = path.read_bytes()
    assert len(data) == int(row["size"]), f"{row['file']}: {len(data)} bytes, INDEX.tsv says {row['size']}"
    assert hashlib.sha256(data).hexdigest() == row["sha256"], f"{row['file']}: its bytes changed"


def test_every_binlog_file_is_indexed() -> None:
    indexed = {row["file"] for row in ROWS}
    present = {p.relative_to(FIXTURES).as_posix() for folder in FOLDERS for p in folder.rglob("*")
               if p.is_file() and not _is_licence(p)}
    unlisted = sorted(present - indexed)
    assert not unlisted, f"files in tests/fixtures that INDEX.tsv does not list: {unlisted}"
