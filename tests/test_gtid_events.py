"""GTID and transaction event bodies (ksy/event_gtid.ksy).

Layouts: libs/mysql/binlog/event/control_events.h/.cpp (Gtid_event, Previous_gtids_event,
Transaction_context_event, View_change_event, XA_prepare_event, Transaction_payload_event);
codecs/binary.cpp (Transaction_payload::decode); sql/rpl_gtid_set.cc (Gtid_set::encode,
decode_nsids_format); libs/mysql/serialization/ (GTID_TAGGED_LOG_EVENT message format and
variable-length integers, read_varlen_bytes_unsigned/_signed).

Every case is an event body (common header and CRC32 removed) from a fixture in
tests/fixtures, named with the byte offset of the event in the file, or marked synthetic
(built from the layout in the MySQL source named next to it, for event types no fixture has).
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
import zstandard
from kaitaistruct import KaitaiStream

from binlog_ksy.generated.event_gtid import EventGtid


def stream(hex_body: str) -> KaitaiStream:
    return KaitaiStream(BytesIO(bytes.fromhex(hex_body)))


def sid_hex(ev: EventGtid.GtidTaggedEvent) -> str:
    """The 16 UUID bytes of a tagged GTID event (each stored as a varlen integer)."""
    return bytes(b.value for b in ev.sid).hex()


# ---------------------------------------------------------------------------------------------
# GTID_LOG_EVENT (33) / ANONYMOUS_GTID_LOG_EVENT (34)
# ---------------------------------------------------------------------------------------------

GTID_CASES = [
    pytest.param(
        # MySQL 5.6.24 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__binlog_transaction_with_GTID.000001, event at offset 151):
        # 25-byte body, no logical timestamps.
        "01006c2cf2b1ea11e490578c705a3d3e780100000000000000",
        dict(gtid_flags=1, sid="006c2cf2b1ea11e490578c705a3d3e78", gno=1, has_lt_type=False,
             has_logical_timestamps=False, has_commit_timestamps=False,
             immediate_commit_timestamp=None, immediate_server_version=None),
        id="mysql-5.6-gtid",
    ),
    pytest.param(
        # MySQL 5.7.30 (fixture PrivateRookie__boxercrab/tests__events__33_35_gtid_prev_gtid__log.bin,
        # event at offset 154): 42-byte body with the logical clock.
        "0180549eccd2f211eab7900242ac13000201000000000000000200000000000000000100000000000000",
        dict(gtid_flags=1, sid="80549eccd2f211eab7900242ac130002", gno=1, last_committed=0,
             sequence_number=1, has_commit_timestamps=False, is_anonymous=False),
        id="mysql-5.7-gtid",
    ),
    pytest.param(
        # MySQL 5.7.30 (fixture PrivateRookie__boxercrab/tests__events__34_anonymous_gtid__log.bin,
        # event at offset 154): ANONYMOUS_GTID_LOG_EVENT, zero sid and gno.
        "010000000000000000000000000000000000000000000000000200000000000000000100000000000000",
        dict(gtid_flags=1, sid="00" * 16, gno=0, is_anonymous=True, last_committed=0,
             sequence_number=1),
        id="mysql-5.7-anonymous",
    ),
    pytest.param(
        # MySQL 8.0.29 (fixture zendesk__maxwell/src__test__resources__sql__replay__binlog.000004,
        # event at offset 197): 56-byte body, commit timestamp, 3-byte transaction length, server version.
        "0183759871114111edb12d0242ac130003060000000000000002000000000000000001000000000000004c9ce52125e5"
        "05fc31019d380100",
        dict(gtid_flags=1, sid="83759871114111edb12d0242ac130003", gno=6, last_committed=0,
             sequence_number=1, immediate_commit_timestamp=1659322528799820,
             original_commit_timestamp=1659322528799820, transaction_length=305,
             immediate_server_version=80029, original_server_version=80029,
             has_commit_group_ticket=False, may_have_sbr=True),
        id="mysql-8.0.29-gtid",
    ),
    pytest.param(
        # MySQL 8.0.32 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__transaction_compression.000001, event at offset 197): 54-byte anonymous
        # GTID of a compressed transaction (1-byte transaction length).
        "00000000000000000000000000000000000000000000000000020000000000000000010000000000000069688efcbc05"
        "06eaa0380100",
        dict(gtid_flags=0, gno=0, is_anonymous=True, may_have_sbr=False, last_committed=0,
             sequence_number=1, immediate_commit_timestamp=1695159109445737, transaction_length=234,
             immediate_server_version=80032),
        id="mysql-8.0.32-anonymous",
    ),
    pytest.param(
        # Synthetic, from the 8.0.29 case above (control_events.cpp Gtid_event ctor): a replica's event
        # with bit 55 of the immediate commit timestamp set and original_commit_timestamp
        # 1659322528000000, bit 31 of the server version set and original_server_version 80028,
        # then commit_group_ticket 7.
        "0183759871114111edb12d0242ac130003060000000000000002000000000000000001000000000000004c9ce52125e5"
        "85" "0068d92125e505" "fc3101" "9d380180" "9c380100" "0700000000000000",
        dict(gno=6, immediate_commit_timestamp=1659322528799820,
             original_commit_timestamp=1659322528000000, transaction_length=305,
             immediate_server_version=80029, original_server_version=80028,
             has_original_commit_timestamp=True, has_original_server_version=True,
             commit_group_ticket=7),
        id="synthetic-8.0-replica-with-originals",
    ),
]


@pytest.mark.parametrize(("hex_body", "expected"), GTID_CASES)
def test_gtid_event(hex_body: str, expected: dict[str, Any]) -> None:
    ev = EventGtid.GtidEvent(stream(hex_body))
    for name, want in expected.items():
        got = getattr(ev, name)
        if name == "sid":
            got = got.hex()
        elif name == "transaction_length":
            got = got.value
        assert got == want, name
    assert ev._io.is_eof()


# ---------------------------------------------------------------------------------------------
# GTID_TAGGED_LOG_EVENT (42), mysql::serialization
# ---------------------------------------------------------------------------------------------

# MySQL 9.6.0 (fixture blackbeam__rust_mysql_common/
# test-data__binlogs__binlog_transaction_with_GTID_TAG.000001, event at offset 245):
# SET gtid_next='55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3'; then a one-row INSERT.
TAGGED_GTID = (
    "027800000002aaee25020804650222c503c502e1029cc10311035502dead03040c060a6d7974616708000a040c7f1cf3"
    "b814244a0610a10412430f0b"
)


def test_gtid_tagged_event() -> None:
    ev = EventGtid.GtidTaggedEvent(stream(TAGGED_GTID))
    assert ev.format_version.value == 1
    assert ev.len_message.value == 60 == len(bytes.fromhex(TAGGED_GTID))
    assert ev.last_non_ignorable_field_id.value == 0
    assert sid_hex(ev) == "55778904029911f1b1b84ef0c4956feb"
    assert ev.tag == "mytag"
    assert ev.gno == 3
    assert ev.gtid_flags == 0 and ev.may_have_sbr is False
    assert (ev.last_committed, ev.sequence_number) == (0, 1)
    assert ev.immediate_commit_timestamp == ev.original_commit_timestamp == 1770368687207196
    # The transaction's events at offsets 245..540 of the fixture: 83+77+56+49+31 bytes.
    assert ev.transaction_length == 296
    assert ev.immediate_server_version == ev.original_server_version == 90600
    assert ev.commit_group_ticket == 0
    f = ev.fields
    assert [f.has_original_commit_timestamp, f.has_original_server_version, f.has_commit_group_ticket] == [
        False, False, False]
    assert not hasattr(f, "unknown_fields")  # absent optional fields are not set (Kaitai Python)


@pytest.mark.parametrize(
    ("hex_value", "unsigned", "signed", "num_bytes"),
    [
        # libs/mysql/serialization/readme.md "Variable-length integers" examples (there written
        # big-endian; here the bytes as stored, little-endian).
        ("fbff07", 65535, -32768, 3),  # unsigned 65535
        ("f3ff0f", 131070, 65535, 3),  # signed 65535 (zigzag 131070)
        ("ebff0f", 131069, -65535, 3),  # signed -65535
        ("fbff0f", 131071, -65536, 3),  # signed -65536
        # Synthetic edge cases of read_varlen_bytes_unsigned.
        ("00", 0, 0, 1),
        ("fe", 127, -64, 1),
        ("7f" + "ff" * 7, 2**56 - 1, -(2**55), 8),
        ("ff" + "ff" * 8, 2**64 - 1, -(2**63), 9),
        ("ff" + "0100000000000000", 1, -1, 9),
    ],
)
def test_serialization_varlen(hex_value: str, unsigned: int, signed: int, num_bytes: int) -> None:
    u = EventGtid.SerializationVarlenUint(stream(hex_value))
    assert (u.value, u.num_bytes) == (unsigned, num_bytes)
    s = EventGtid.SerializationVarlenInt(stream(hex_value))
    assert s.value == signed


def test_gtid_tagged_event_with_optional_fields() -> None:
    # Synthetic (control_events.h Gtid_event::define_fields): the fixture's event re-encoded with
    # field 7 original_commit_timestamp = 1770368687000000 (8-byte varlen 7f c0 c9 b5 14 24 4a 06),
    # field 10 original_server_version = 90500 (3-byte varlen), field 11 commit_group_ticket = 5
    # and an unknown field 12 (id 0x18) that must be kept raw.
    body = (
        "02" "00" "00"  # version 1, size patched below, last non-ignorable 0
        "0000" "02aaee25020804650222c503c502e1029cc10311035502dead03"  # flags, uuid
        "040c" "060a6d79746167" "0800" "0a04" "0c7f1cf3b814244a06"  # gno, tag, lc, sn, imm ts
        "0e7fc0c9b514244a06"  # original_commit_timestamp
        "10a104" "12430f0b"  # transaction_length 296, immediate_server_version 90600
        "14230c0b" "160a" "18ff"  # original_server_version 90500, ticket 5, unknown field 12
    )
    raw = bytearray(bytes.fromhex(body))
    raw[1] = len(raw) * 2  # 1-byte varlen size of the whole message
    ev = EventGtid.GtidTaggedEvent(KaitaiStream(BytesIO(bytes(raw))))
    assert ev.original_commit_timestamp == 1770368687000000
    assert ev.immediate_commit_timestamp == 1770368687207196
    assert ev.original_server_version == 90500
    assert ev.immediate_server_version == 90600
    assert ev.commit_group_ticket == 5
    assert ev.fields.unknown_fields == bytes.fromhex("18ff")


# ---------------------------------------------------------------------------------------------
# PREVIOUS_GTIDS_LOG_EVENT (35)
# ---------------------------------------------------------------------------------------------

PREVIOUS_GTIDS_CASES = [
    pytest.param(
        # MySQL 5.6.24 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__binlog_transaction_with_GTID.000001, event at offset 120): empty set.
        "0000000000000000", False, [], id="empty",
    ),
    pytest.param(
        # MySQL 8.0.40 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__binlog_transaction_previous_GTID_no_tag.000001, event at offset 126):
        # b9b88c66-0755-11f1-9899-4a9da94c4d71:1-2
        "0100000000000000b9b88c66075511f198994a9da94c4d71010000000000000001000000000000000300000000000000",
        False,
        [("b9b88c66075511f198994a9da94c4d71", None, [(1, 3)])],
        id="untagged-8.0.40",
    ),
    pytest.param(
        # MySQL 9.6.0 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__binlog_transaction_with_GTID_TAG.000001, event at offset 127):
        # 55778904-0299-11f1-b1b8-4ef0c4956feb:1-13:mytag:1-2 in the tagged format.
        "010200000000000155778904029911f1b1b84ef0c4956feb00010000000000000001000000000000000e000000000000"
        "0055778904029911f1b1b84ef0c4956feb0a6d79746167010000000000000001000000000000000300000000000000",
        True,
        [("55778904029911f1b1b84ef0c4956feb", "", [(1, 14)]),
         ("55778904029911f1b1b84ef0c4956feb", "mytag", [(1, 3)])],
        id="tagged-9.6.0",
    ),
]


@pytest.mark.parametrize(("hex_body", "tagged", "expected"), PREVIOUS_GTIDS_CASES)
def test_previous_gtids_event(hex_body: str, tagged: bool, expected: list[Any]) -> None:
    ev = EventGtid.PreviousGtidsEvent(stream(hex_body))
    gs = ev.gtid_set
    assert ev.sids == gs.sids and ev.num_sids == gs.num_sids
    assert gs.is_tagged is tagged
    assert gs.num_sids == len(expected)
    got = [
        (s.uuid.hex(), s.tag.value if tagged else None, [(i.start, i.end) for i in s.intervals])
        for s in gs.sids
    ]
    assert got == expected
    assert gs._io.is_eof()


# ---------------------------------------------------------------------------------------------
# TRANSACTION_PAYLOAD_EVENT (40)
# ---------------------------------------------------------------------------------------------

PAYLOAD_CASES = [
    pytest.param(
        # MySQL 8.0.32 (fixture blackbeam__rust_mysql_common/
        # test-data__binlogs__transaction_compression.000001, event at offset 274).
        "0201000301b301017c0028b52ffd0058840300e2861520a029ad01ffff5c55f1aa623375b985c76d89e33d9f37ecfc5a"
        "83b699bd894c01ff4d08826fbb0ae267584b52efeeb98a073be8754cfcd25a926a3018b5c89ac5b6c1b66d08c29a0378"
        "2579b885d1c840e6a7ac25a90a00a004c43deae2a09a2d291920e0022ae03e30f200bc010000",
        124, 179, [(2, 71), (19, 45), (30, 36), (16, 27)],
        id="mysql-8.0.32",
    ),
]


@pytest.mark.parametrize(("hex_body", "payload_size", "uncompressed_size", "inner"), PAYLOAD_CASES)
def test_transaction_payload_event(hex_body: str, payload_size: int, uncompressed_size: int,
                                   inner: list[Any]) -> None:
    ev = EventGtid.TransactionPayloadEvent(stream(hex_body))
    assert [int(f.field_type.value) for f in ev.fields] == [2, 3, 1, 0]
    assert ev.compression_type == EventGtid.CompressionType.zstd
    assert ev.payload_size == payload_size == len(ev.payload)
    assert ev.uncompressed_size == uncompressed_size
    raw = zstandard.ZstdDecompressor().decompress(ev.payload, max_output_size=uncompressed_size)
    assert len(raw) == uncompressed_size
    # Inner events: full 19-byte headers, no CRC32 (type code at +4, event length at +9).
    pos, got = 0, []
    while pos < len(raw):
        length = int.from_bytes(raw[pos + 9:pos + 13], "little")
        got.append((raw[pos + 4], length))
        pos += length
    assert got == inner


def test_transaction_payload_8_0_28_header() -> None:
    # MySQL 8.0.28 (fixture osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.compressed,
    # event at offset 236): only the TLV header and the zstd magic of the payload.
    head = "0201000303fcc0030103fcc3010028b52ffd"
    ev = EventGtid.TransactionPayloadEvent(stream(head))
    assert (ev.payload_size, ev.uncompressed_size) == (451, 960)
    assert ev.compression_type == EventGtid.CompressionType.zstd
    assert ev.payload == bytes.fromhex("28b52ffd")


def test_transaction_payload_unknown_field_and_none() -> None:
    # Synthetic (codecs/binary.cpp Transaction_payload::decode): an unknown field type 9 with a
    # 2-byte value is skipped by its length; compression NONE (255 = packed fc ff 00).
    body = "0902abcd" "0203fcff00" "0101" "03" "00" "414243"
    ev = EventGtid.TransactionPayloadEvent(stream(body))
    assert ev.fields[0].value == bytes.fromhex("abcd")
    assert ev.compression_type == EventGtid.CompressionType.none
    assert ev.payload_size == 3 and ev.payload == b"ABC"
    assert ev.uncompressed_size == 3


# ---------------------------------------------------------------------------------------------
# Group replication and XA events (no fixture has them: synthetic, from control_events.cpp)
# ---------------------------------------------------------------------------------------------


def test_xa_prepare_event() -> None:
    # XA_prepare_event ctor: one_phase u1, formatID u4, gtrid_length u4, bqual_length u4, data.
    # XA START 'trx1','b1',1 ... XA PREPARE 'trx1','b1',1
    body = "00" "01000000" "04000000" "02000000" + b"trx1b1".hex()
    ev = EventGtid.XaPrepareEvent(stream(body))
    assert (ev.one_phase, ev.format_id, ev.gtrid, ev.bqual) == (0, 1, b"trx1", b"b1")


def test_view_change_event() -> None:
    # View_change_event ctor: view_id char[40], seq_number u8, cert_info_len u4, map entries
    # (key u2 length + key, value u4 length + value).
    view_id = b"15375367547318591:1".ljust(40, b"\0")
    body = (view_id + (7).to_bytes(8, "little") + (1).to_bytes(4, "little")
            + (3).to_bytes(2, "little") + b"key" + (2).to_bytes(4, "little") + b"v1")
    ev = EventGtid.ViewChangeEvent(KaitaiStream(BytesIO(body)))
    assert ev.view_id == "15375367547318591:1"
    assert ev.seq_number == 7
    assert [(c.key, c.value) for c in ev.cert_info] == [(b"key", b"v1")]


def test_transaction_context_event() -> None:
    # Transaction_context_event ctor: server_uuid_len u1, thread_id u4, gtid_specified u1,
    # encoded_snapshot_version_length u4, write_set_len u4, read_set_len u4, server_uuid,
    # snapshot version (an encoded GTID set), write set items (u2 length + hash).
    uuid = b"8a94f357-aab4-11df-86ab-c80aa9429562"
    snapshot = bytes.fromhex("0100000000000000" "8a94f357aab411df86abc80aa9429562"
                             "0100000000000000" "0100000000000000" "0600000000000000")
    body = (bytes([len(uuid)]) + (42).to_bytes(4, "little") + b"\x01"
            + len(snapshot).to_bytes(4, "little") + (2).to_bytes(4, "little") + (0).to_bytes(4, "little")
            + uuid + snapshot + b"\x02\x00h1" + b"\x03\x00h22")
    ev = EventGtid.TransactionContextEvent(KaitaiStream(BytesIO(body)))
    assert (ev.server_uuid, ev.thread_id, ev.gtid_specified) == (uuid.decode(), 42, 1)
    sv = ev.snapshot_version
    assert sv.num_sids == 1 and [(i.start, i.end) for i in sv.sids[0].intervals] == [(1, 6)]
    assert [w.value for w in ev.write_set] == [b"h1", b"h22"]
    assert ev.read_set == []
