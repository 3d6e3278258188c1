"""Control event bodies (ksy/event_control.ksy): ROTATE, INTVAR, RAND, USER_VAR, XID, INCIDENT,
HEARTBEAT (v1, v2) and ROWS_QUERY. FORMAT_DESCRIPTION and START_EVENT_V3 are read through the
whole-file parse of binlog_file.ksy and tested with it.

Layouts: libs/mysql/binlog/event/control_events.h/.cpp (Rotate_event, Xid_event,
Incident_event, Heartbeat_event, Heartbeat_event_v2), statement_events.h/.cpp (Intvar_event,
Rand_event, User_var_event), rows_event.cpp (Rows_query_event), codecs/binary.cpp
(Heartbeat::decode).

Every case is an event body (common header and CRC32 removed) from a fixture in
tests/fixtures, named with the byte offset of the event in the file, or marked synthetic.
"""

from __future__ import annotations

import struct
from io import BytesIO
from typing import Any

import pytest
from kaitaistruct import KaitaiStream

from binlog_ksy.generated.event_control import EventControl


def stream(hex_body: str) -> KaitaiStream:
    return KaitaiStream(BytesIO(bytes.fromhex(hex_body)))


@pytest.mark.parametrize(
    ("post_header_len", "hex_body", "position", "next_file"),
    [
        # MySQL 3.23.32, binlog v1 (fixture pieter__mysql-server/mysql-test__std_data__master-bin.001,
        # event at offset 73, 13-byte header): no post-header, so no position.
        pytest.param(0, "6d61737465722d62696e2e303032", None, "master-bin.002", id="v1-3.23"),
        # MySQL 5.1.30 (fixture blackbeam__rust_mysql_common/test-data__binlogs__bug40482-bin.000001,
        # event at offset 128): FLUSH LOGS.
        pytest.param(8, "04000000000000006d61737465722d62696e2e303030303033", 4, "master-bin.000003",
                     id="v4-5.1.30"),
        # MySQL 9.6.0 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__binlog_transaction_with_GTID_TAG.000001, event at offset 541).
        pytest.param(8, "040000000000000062696e6c6f672e303030303035", 4, "binlog.000005", id="v4-9.6.0"),
    ],
)
def test_rotate_event(post_header_len: int, hex_body: str, position: int | None, next_file: str) -> None:
    ev = EventControl.RotateEvent(post_header_len, stream(hex_body))
    assert getattr(ev, "position", None) == position
    assert ev.next_file == next_file
    assert ev.next_position == 4


@pytest.mark.parametrize(
    ("hex_body", "var_type", "value"),
    [
        # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
        # event at offset 1331): INSERT INTO t1 VALUES (LAST_INSERT_ID(), 'last_insert_id').
        pytest.param("010000000000000000", EventControl.IntvarType.last_insert_id_event, 0,
                     id="last_insert_id"),
        # MySQL 5.7.30 (fixture PrivateRookie__boxercrab/tests__events__14_user_var__log.bin,
        # event at offset 869): INSERT_ID before an INSERT into an AUTO_INCREMENT table.
        pytest.param("020100000000000000", EventControl.IntvarType.insert_id_event, 1, id="insert_id"),
    ],
)
def test_intvar_event(hex_body: str, var_type: EventControl.IntvarType, value: int) -> None:
    ev = EventControl.IntvarEvent(stream(hex_body))
    assert (ev.var_type, ev.value) == (var_type, value)


def test_rand_event() -> None:
    # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
    # event at offset 1183): INSERT INTO t1 VALUES (RAND() * 1000000, 'random').
    ev = EventControl.RandEvent(stream("c1c4540c000000009fd02d0600000000"))
    assert (ev.seed1, ev.seed2) == (206881985, 103665823)


USER_VAR_CASES = [
    pytest.param(
        # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
        # event at offset 1044): SET @x = 4 (old server: no flags byte).
        "010000007800023f000000080000000400000000000000",
        dict(name="x", is_null=0, value_type=EventControl.ItemResult.int_result, charset=63,
             value=bytes.fromhex("0400000000000000"), int_value=4, is_unsigned=False, flags=None),
        id="int-5.1",
    ),
    pytest.param(
        # MySQL 5.7.30 (fixture PrivateRookie__boxercrab/tests__events__14_user_var__log.bin,
        # event at offset 952): SET @val_i = 100 (flags byte UNDEF_F).
        "0500000076616c5f6900022100000008000000640000000000000000",
        dict(name="val_i", value_type=EventControl.ItemResult.int_result, charset=33, int_value=100,
             uint_value=100, is_unsigned=False, flags=EventControl.UserVarFlag.undef_f),
        id="int-5.7",
    ),
    pytest.param(
        # Same fixture, event at offset 901: SET @val_s = 'test blog' (utf8_general_ci = 33).
        "0500000076616c5f73000021000000090000007465737420626c6f67",
        dict(name="val_s", value_type=EventControl.ItemResult.string_result, charset=33,
             value=b"test blog", int_value=None, flags=None),
        id="string-5.7",
    ),
    pytest.param(
        # Same fixture, event at offset 1003: SET @val_d = 1.1 (DECIMAL: precision 3, scale 2,
        # bin2decimal bytes 81 00 for 1.10; the runtime decodes it).
        "0500000076616c5f640004210000000400000003028100",
        dict(name="val_d", value_type=EventControl.ItemResult.decimal_result, value=bytes.fromhex("03028100"),
             real_value=None, int_value=None),
        id="decimal-5.7",
    ),
    pytest.param(
        # MySQL 5.6.4 (fixture blackbeam__rust_mysql_common/test-data__binlogs__bug11747887-bin.000003,
        # event at offset 422): a NULL user variable named `2` (nothing after is_null).
        "010000003201",
        dict(name="2", is_null=1, value_type=None, value=None, is_unsigned=False, int_value=None),
        id="null-5.6",
    ),
    pytest.param(
        # Synthetic (statement_events.cpp User_var_event ctor): SET @u = 18446744073709551615,
        # INT_RESULT with UNSIGNED_F; and a REAL_RESULT below.
        "01000000750002" "3f000000" "08000000" "ffffffffffffffff" "01",
        dict(name="u", int_value=-1, uint_value=2**64 - 1, is_unsigned=True,
             flags=EventControl.UserVarFlag.unsigned_f),
        id="synthetic-unsigned",
    ),
    pytest.param(
        "01000000720001" "3f000000" "08000000" + struct.pack("<d", 2.5).hex(),
        dict(name="r", value_type=EventControl.ItemResult.real_result, real_value=2.5, int_value=None),
        id="synthetic-real",
    ),
]


@pytest.mark.parametrize(("hex_body", "expected"), USER_VAR_CASES)
def test_user_var_event(hex_body: str, expected: dict[str, Any]) -> None:
    ev = EventControl.UserVarEvent(stream(hex_body))
    for name, want in expected.items():
        assert getattr(ev, name, None) == want, name
    assert ev._io.is_eof()


def test_xid_event() -> None:
    # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
    # event at offset 1017): COMMIT of an InnoDB transaction.
    assert EventControl.XidEvent(stream("1300000000000000")).xid == 19


def test_incident_event() -> None:
    # MySQL 5.1.30-debug (fixture blackbeam__rust_mysql_common/test-data__binlogs__bug40482-bin.000001,
    # event at offset 106): incident number 66 (a debug build's injected incident; only
    # INCIDENT_LOST_EVENTS = 1 is defined) and an empty message. The number is kept as an int.
    ev = EventControl.IncidentEvent(stream("420000"))
    assert (int(ev.incident), ev.len_message, ev.message) == (66, 0, b"")


def test_incident_event_lost_events() -> None:
    # Synthetic (control_events.cpp Incident_event ctor): INCIDENT_LOST_EVENTS with a message.
    msg = b"error writing to the binary log"
    ev = EventControl.IncidentEvent(KaitaiStream(BytesIO(b"\x01\x00" + bytes([len(msg)]) + msg)))
    assert ev.incident == EventControl.IncidentType.incident_lost_events
    assert ev.message == msg


def test_rows_query_event() -> None:
    # MySQL 5.7.30 (fixture PrivateRookie__boxercrab/tests__events__29_row_query__log.bin,
    # event at offset 802), binlog_rows_query_log_events=ON.
    ev = EventControl.RowsQueryEvent(stream(
        "38494e5345525420494e544f2060626f78657263726162602028607469746c6560292056414c55455320282768616868"
        "686868686868682729"))
    assert ev.len_query_truncated == 56
    assert ev.query == b"INSERT INTO `boxercrab` (`title`) VALUES ('hahhhhhhhhh')"


def test_heartbeat_event() -> None:
    # Synthetic (control_events.cpp Heartbeat_event ctor; heartbeats are never written to files):
    # the body is the source's current binlog name, the position is in the common header.
    ev = EventControl.HeartbeatEvent(KaitaiStream(BytesIO(b"binlog.000042")))
    assert ev.log_filename == "binlog.000042"


def test_heartbeat_event_v2() -> None:
    # Synthetic (codecs/binary.cpp Heartbeat::encode): LOG_FILENAME (1) "binlog.000042",
    # LOG_POSITION (2) 70000 as a 4-byte packed integer (fd 70 11 01), an unknown field 7 that is
    # skipped by its length, then END_MARK.
    name = b"binlog.000042"
    body = (b"\x01" + bytes([len(name)]) + name + bytes.fromhex("0204fd701101") + bytes.fromhex("0702abcd")
            + b"\x00")
    ev = EventControl.HeartbeatEventV2(KaitaiStream(BytesIO(body)))
    assert ev.log_filename == "binlog.000042"
    assert ev.log_position == 70000
    assert [f.field_type_enum for f in ev.fields][:2] == [
        EventControl.HeartbeatFieldType.log_filename, EventControl.HeartbeatFieldType.log_position]
    assert ev.fields[-1].is_end
