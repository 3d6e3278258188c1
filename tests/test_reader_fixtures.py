"""Every shared fixture (MySQL 3.23 to 9.6, MariaDB) is read to its end, event by event."""

from __future__ import annotations

import collections
import io
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.runtime import reader as reader_module
from binlog_ksy.runtime.errors import BinlogError, TruncatedEventError
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import Fixture, fixture, load_index

FIXTURES = load_index()

# INDEX.tsv counts the events of the 5.2.2 "a_drop6p13" files by their raw type codes; those
# servers numbered types 16-22 differently (5.1 log_event.cc event_type_permutation), so e.g. the
# statement-based file holds BEGIN_LOAD_QUERY/EXECUTE_LOAD_QUERY, not pre-GA rows events.
PRE_GA_RENAMES = {
    "XID_EVENT": "TABLE_MAP_EVENT",
    "BEGIN_LOAD_QUERY_EVENT": "PRE_GA_WRITE_ROWS_EVENT",
    "EXECUTE_LOAD_QUERY_EVENT": "PRE_GA_UPDATE_ROWS_EVENT",
    "TABLE_MAP_EVENT": "PRE_GA_DELETE_ROWS_EVENT",
    "PRE_GA_WRITE_ROWS_EVENT": "XID_EVENT",
    "PRE_GA_UPDATE_ROWS_EVENT": "BEGIN_LOAD_QUERY_EVENT",
    "PRE_GA_DELETE_ROWS_EVENT": "EXECUTE_LOAD_QUERY_EVENT",
}


def expected_histogram(fx: Fixture) -> dict[str, int]:
    if "a_drop6p" in fx.server_version or "a_drop5p" in fx.server_version:
        return {PRE_GA_RENAMES.get(name, name): n for name, n in fx.histogram.items()}
    return fx.histogram


def read_all(path: Path, **kwargs) -> tuple[list[Any], BinlogError | None, BinlogReader]:
    reader = BinlogReader(path, **kwargs)
    events, error = [], None
    try:
        for event in reader:
            events.append(event)
    except BinlogError as exc:
        error = exc
    return events, error, reader


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.name for f in FIXTURES])
def test_fixture_is_read_to_its_end(fx: Fixture, tmp_path: Path) -> None:
    events, error, reader = read_all(fx.readable_path(tmp_path))
    top = [e for e in events if e.in_payload is None]
    counts = collections.Counter(e.type_name for e in top)
    assert dict(counts) == expected_histogram(fx)
    if fx.trailing_bytes:
        assert isinstance(error, TruncatedEventError)
        assert error.length == fx.trailing_bytes
        assert error.offset == fx.size - fx.trailing_bytes
    else:
        assert error is None, str(error)
        size = fx.readable_path(tmp_path).stat().st_size
        assert top[-1].pos + top[-1].length == size
    # Events tile the file: each starts where the previous one ended.
    for prev, cur in pairwise(top):
        assert cur.pos == prev.pos + prev.length
    # Every body parses with the generated parsers.
    for e in events:
        e.body  # noqa: B018  (raises MalformedEventError if it does not parse)


@pytest.mark.parametrize("fx", [f for f in FIXTURES if f.checksum == "CRC32"],
                         ids=[f.name for f in FIXTURES if f.checksum == "CRC32"])
def test_crc32_verifies_on_checksummed_files(fx: Fixture, tmp_path: Path) -> None:
    events, error, reader = read_all(fx.readable_path(tmp_path))
    assert reader.format is not None and reader.format.has_crc32
    assert all(e.checksum_len == 4 for e in events if e.in_payload is None and e.type_code != 15)


def test_checksum_off_file_has_no_trailer() -> None:
    fx = fixture("mysql-bin.checksum-none")
    events, error, reader = read_all(fx.path)
    assert error is None and reader.format is not None and not reader.format.has_crc32
    assert events[0].body.has_checksum_alg and events[0].body.checksum_alg.name == "off"


def test_binlog_versions_are_detected() -> None:
    expected = {
        "mysql-test__std_data__master-bin.001": 1,  # 3.23: 69-byte start event
        "mysql-test__std_data__master-bin.000001": 3,  # 4.0: 75-byte start event
        "mysql-test__std_data__trunc_binlog.000001@blob-2c2b4ec6": 3,
        "bug16266": 4,
    }
    for part, version in expected.items():
        fx = fixture(part)
        _, _, reader = read_all(fx.path)
        assert reader.format is not None and reader.format.binlog_version == version, fx.name


def test_v1_file_has_13_byte_headers_and_rotate_without_position() -> None:
    events, error, _ = read_all(fixture("master-bin.001").path)
    assert error is None
    assert [e.header_len for e in events] == [13, 13, 13]
    rotate = events[1]
    assert rotate.type_name == "ROTATE_EVENT"
    assert rotate.body.next_file == "master-bin.002" and getattr(rotate.body, "position", None) is None


def test_payload_events_are_expanded_in_order() -> None:
    events, error, _ = read_all(fixture("transaction_compression.000001").path)
    assert error is None
    payload = [e for e in events if e.type_name == "TRANSACTION_PAYLOAD_EVENT"][0]
    inner = [e for e in events if e.in_payload is not None]
    assert [e.in_payload for e in inner] == list(range(len(inner)))
    assert all(e.pos == payload.pos for e in inner)
    names = [e.type_name for e in inner]
    assert names[0] == "QUERY_EVENT" and names[-1] == "XID_EVENT" and "TABLE_MAP_EVENT" in names


def test_reader_reads_a_file_object_in_bounded_chunks() -> None:
    """Constant memory: the reader never asks for more than one event (or its 1 MiB buffer) at a time."""
    fx = fixture("rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693")
    data = fx.path.read_bytes()

    class CountingFile(io.BytesIO):
        largest = 0

        def read(self, n=-1):
            assert n is not None and n >= 0, "the reader must never read to the end at once"
            CountingFile.largest = max(CountingFile.largest, n)
            return super().read(n)

    events, error, _ = read_all(CountingFile(data))  # type: ignore[arg-type]
    assert error is None and len(events) == sum(fx.histogram.values())
    assert CountingFile.largest <= max(max(e.length for e in events), reader_module.FRAME_BLOCK)


def test_truncated_copies_return_every_complete_event(tmp_path: Path) -> None:
    fx = fixture("EasyPost__rust-mysql-binlog/test_data__bin-log.000001")
    data = fx.path.read_bytes()
    full, _, _ = read_all(fx.path)
    for cut in (4 + 5, full[0].pos + full[0].length + 10, full[3].pos + 3, len(data) - 1):
        p = tmp_path / f"cut{cut}"
        p.write_bytes(data[:cut])
        events, error, _ = read_all(p)
        complete = [e for e in full if e.pos + e.length <= cut]
        assert [(e.pos, e.raw) for e in events] == [(e.pos, e.raw) for e in complete]
        assert isinstance(error, TruncatedEventError)
        assert error.offset == (complete[-1].pos + complete[-1].length if complete else 4)
