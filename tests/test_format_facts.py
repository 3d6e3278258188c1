"""Format facts are written once, in ksy/: the runtime's constants equal the generated classes'.

The runtime keeps a few facts as plain constants where the hot path needs them
(column type codes as an IntEnum, header sizes, the post-header lengths MySQL
assumes for v1/v3 files); each must equal what the specs say.
"""

from __future__ import annotations

import io

from kaitaistruct import KaitaiStream

from binlog_ksy.generated.binlog_file import BinlogFile
from binlog_ksy.generated.event_table_map import EventTableMap
from binlog_ksy.runtime import constants as event_types
from binlog_ksy.runtime import reader
from binlog_ksy.runtime.constants import MYSQL_TYPE
from fixture_index import load_index


def _parse(binlog_version: str) -> BinlogFile:
    fx = next(f for f in load_index() if f.binlog_version == binlog_version and not f.is_gzip)
    with open(fx.path, "rb") as f:
        data = f.read()
    return BinlogFile(KaitaiStream(io.BytesIO(data)))


def test_column_type_codes_are_the_specs() -> None:
    spec = {member.name.upper(): member.value for member in EventTableMap.ColumnType}
    ours = {member.name: member.value for member in MYSQL_TYPE}
    assert ours == spec


def test_header_lengths_and_v1_v3_post_header_lengths_are_the_specs() -> None:
    v1 = _parse("1")
    assert v1.len_header == reader.V1_HEADER_LEN
    assert bytes(v1.post_header_lengths) == reader._V1_POST_HEADER_LENGTHS
    v3 = _parse("3")
    assert v3.len_header == reader.V4_HEADER_LEN  # v3 already has the 19-byte header
    assert bytes(v3.post_header_lengths) == reader._V3_POST_HEADER_LENGTHS
    v4 = _parse("4")
    assert v4.len_header == reader.V4_HEADER_LEN


def test_event_type_codes_come_from_the_spec() -> None:
    for code in event_types.ROWS_EVENTS | {event_types.TABLE_MAP_EVENT, event_types.FORMAT_DESCRIPTION_EVENT}:
        assert event_types.EventType(code).value == code
