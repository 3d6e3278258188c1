"""The real binlogs of other projects' test suites (tests/fixtures) and what INDEX.tsv says about each."""

from __future__ import annotations

import csv
import gzip
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

#: INDEX.tsv's short event names -> MySQL's names as binlog-ksy prints them.
INDEX_NAMES = {
    "FDE": "FORMAT_DESCRIPTION_EVENT",
    "START_V3": "START_EVENT_V3",
    "QUERY": "QUERY_EVENT",
    "STOP": "STOP_EVENT",
    "ROTATE": "ROTATE_EVENT",
    "INTVAR": "INTVAR_EVENT",
    "CREATE_FILE": "CREATE_FILE_EVENT",
    "APPEND_BLOCK": "APPEND_BLOCK_EVENT",
    "EXEC_LOAD": "EXEC_LOAD_EVENT",
    "RAND": "RAND_EVENT",
    "USER_VAR": "USER_VAR_EVENT",
    "XID": "XID_EVENT",
    "BEGIN_LOAD_QUERY": "BEGIN_LOAD_QUERY_EVENT",
    "EXECUTE_LOAD_QUERY": "EXECUTE_LOAD_QUERY_EVENT",
    "TABLE_MAP": "TABLE_MAP_EVENT",
    "PRE_GA_WRITE_ROWS": "PRE_GA_WRITE_ROWS_EVENT",
    "PRE_GA_UPDATE_ROWS": "PRE_GA_UPDATE_ROWS_EVENT",
    "PRE_GA_DELETE_ROWS": "PRE_GA_DELETE_ROWS_EVENT",
    "WRITE_ROWS_V1": "WRITE_ROWS_EVENT_V1",
    "UPDATE_ROWS_V1": "UPDATE_ROWS_EVENT_V1",
    "DELETE_ROWS_V1": "DELETE_ROWS_EVENT_V1",
    "INCIDENT": "INCIDENT_EVENT",
    "ROWS_QUERY": "ROWS_QUERY_LOG_EVENT",
    "WRITE_ROWS_V2": "WRITE_ROWS_EVENT",
    "UPDATE_ROWS_V2": "UPDATE_ROWS_EVENT",
    "DELETE_ROWS_V2": "DELETE_ROWS_EVENT",
    "GTID": "GTID_LOG_EVENT",
    "ANONYMOUS_GTID": "ANONYMOUS_GTID_LOG_EVENT",
    "PREVIOUS_GTIDS": "PREVIOUS_GTIDS_LOG_EVENT",
    "PARTIAL_UPDATE_ROWS": "PARTIAL_UPDATE_ROWS_EVENT",
    "TRANSACTION_PAYLOAD": "TRANSACTION_PAYLOAD_EVENT",
    "GTID_TAGGED": "GTID_TAGGED_LOG_EVENT",
    "T100": "AURORA_PADDING_EVENT",
    "MDB_ANNOTATE_ROWS": "ANNOTATE_ROWS_EVENT",
    "MDB_BINLOG_CHECKPOINT": "BINLOG_CHECKPOINT_EVENT",
    "MDB_GTID": "GTID_EVENT",
    "MDB_GTID_LIST": "GTID_LIST_EVENT",
}


@dataclass(frozen=True)
class Fixture:
    """One row of INDEX.tsv."""

    name: str
    size: int
    server_version: str
    binlog_version: str
    checksum: str
    histogram: dict[str, int]
    notes: str

    @property
    def path(self) -> Path:
        return FIXTURES / self.name

    @property
    def is_gzip(self) -> bool:
        return "gzip(" in self.notes

    @property
    def trailing_bytes(self) -> int:
        """How many bytes of a partial event end the file (0 if it ends cleanly)."""
        for note in self.notes.split():
            if note.startswith("trailing-") and note.endswith("-bytes"):
                return int(note[len("trailing-"):-len("-bytes")])
        return 0

    def readable_path(self, tmp_dir: Path) -> Path:
        """A path with the binlog bytes (the gzip fixture is unpacked into tmp_dir)."""
        if not self.is_gzip:
            return self.path
        out = tmp_dir / (self.path.name.removesuffix(".gz"))
        if not out.exists():
            with gzip.open(self.path, "rb") as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst)
        return out


def _histogram(text: str) -> dict[str, int]:
    _, _, pairs = text.partition(": ")
    out = {}
    for pair in pairs.split(","):
        if pair:
            name, _, count = pair.partition("=")
            out[INDEX_NAMES[name]] = int(count)
    return out


def load_index() -> list[Fixture]:
    """Every fixture listed in INDEX.tsv."""
    with open(FIXTURES / "INDEX.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [
        Fixture(
            name=row["file"],
            size=int(row["size"]),
            server_version=row["server_version"],
            binlog_version=row["binlog_version"],
            checksum=row["checksum"],
            histogram=_histogram(row["events"]),
            notes=row["notes"],
        )
        for row in rows
    ]


def fixture(name_part: str) -> Fixture:
    """The one fixture whose name contains name_part."""
    found = [f for f in load_index() if name_part in f.name]
    assert len(found) == 1, f"{name_part!r} matches {len(found)} fixtures"
    return found[0]
