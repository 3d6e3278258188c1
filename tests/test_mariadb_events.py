"""MariaDB-only event bodies (ksy/event_mariadb.ksy).

Layout: MariaDB sql/log_event.cc (Gtid_log_event, Gtid_list_log_event,
Binlog_checkpoint_log_event, Start_encryption_log_event ctors,
query_event_uncompress, binlog_get_uncompress_len).

Every case is an event body (common header and CRC32 removed) from a local
MariaDB 10.11.19 server (SQL in the comment) or from a MariaDB 11.8.5 fixture in
tests/fixtures (named in the case).
"""

from __future__ import annotations

import zlib
from io import BytesIO

import pytest
from kaitaistruct import KaitaiStream

from binlog_ksy.generated.event_mariadb import EventMariadb


def stream(hex_body: str) -> KaitaiStream:
    return KaitaiStream(BytesIO(bytes.fromhex(hex_body)))


GTID_CASES = [
    # id, body, seq_no, domain_id, flags2, commit_id, xid (format, gtrid+bqual), flags_extra, extra fields
    # 10.11: CREATE DATABASE shop;  (standalone DDL, zero padding read as flags_extra 0)
    ("ddl-no-commit-id", "01000000000000000000000029000000000000", 1, 0, 0x29, None, None, 0, {}),
    # 10.11: INSERT INTO shop.item VALUES (...);  (transactional, padded)
    ("trans-no-commit-id", "0300000000000000000000000c000000000000", 3, 0, 0x0C, None, None, 0, {}),
    # 10.11, binlog_commit_wait_count=2: two concurrent INSERT INTO shop.g ... (group commit id 22)
    ("group-commit-id", "0700000000000000000000000e1600000000000000", 7, 0, 0x0E, 22, None, None, {}),
    # 10.11: XA START 'gtrid1','bq'; INSERT ...; XA END ...; XA PREPARE 'gtrid1','bq';
    # (FL_PREPARED_XA, then flags_extra FL_EXTRA_MULTI_ENGINE with extra_engines 255)
    ("xa-prepare", "0900000000000000000000004c010000000602677472696431627101ff", 9, 0, 0x4C, None,
     (1, b"gtrid1bq"), 1, {"extra_engines": 255}),
    # 10.11: XA COMMIT 'gtrid1','bq';  (FL_COMPLETED_XA, no flags_extra)
    ("xa-commit", "0a00000000000000000000008d0100000006026774726964316271", 10, 0, 0x8D, None,
     (1, b"gtrid1bq"), None, {}),
    # 11.8.5 (fixture mariadb-operator__mariadb-poc/.../domain_id_0__mariadb-repl-bin.000002):
    # DDL with FL_EXTRA_THREAD_ID (thread 71), then one zero padding byte.
    ("11.8-thread-id", "e0d00300000000000000000029104700000000", 250080, 0, 0x29, None, None, 0x10,
     {"thread_id": 71}),
]


@pytest.mark.parametrize("body,seq_no,domain_id,flags2,commit_id,xid,flags_extra,extra",
                         [c[1:] for c in GTID_CASES], ids=[c[0] for c in GTID_CASES])
def test_mariadb_gtid_event(body, seq_no, domain_id, flags2, commit_id, xid, flags_extra, extra):
    ev = EventMariadb.MariadbGtidEvent(stream(body))
    assert (ev.seq_no, ev.domain_id, ev.flags2) == (seq_no, domain_id, flags2)
    assert ev.has_commit_id == (commit_id is not None)
    if commit_id is not None:
        assert ev.commit_id == commit_id
    assert ev.is_xa == (xid is not None)
    if xid is not None:
        assert (ev.xid_format_id, ev.xid_data) == xid
        assert ev.xid_gtrid_len + ev.xid_bqual_len == len(xid[1])
    assert ev.has_flags_extra == (flags_extra is not None)
    if flags_extra is not None:
        assert ev.flags_extra == flags_extra
    for name, value in extra.items():
        assert getattr(ev, name) == value
    assert ev.has_thread_id == ("thread_id" in extra)
    assert ev.is_multi_engine == ("extra_engines" in extra)
    # Whatever is left is zero padding up to GTID_HEADER_LEN (19).
    rest = ev._io.read_bytes_full()
    assert rest == bytes(len(rest))


def test_mariadb_gtid_flag_instances():
    ddl = EventMariadb.MariadbGtidEvent(stream("01000000000000000000000029000000000000"))
    assert ddl.is_standalone and ddl.is_allow_parallel and ddl.is_ddl
    assert not (ddl.is_transactional or ddl.is_waited or ddl.is_prepared_xa or ddl.is_completed_xa)
    xa = EventMariadb.MariadbGtidEvent(stream("0a00000000000000000000008d0100000006026774726964316271"))
    assert xa.is_standalone and xa.is_transactional and xa.is_allow_parallel and xa.is_completed_xa
    assert not xa.is_prepared_xa


def test_mariadb_gtid_start_and_commit_alter():
    # Synthetic (sql/log_event.cc Gtid_log_event ctor): group commit id 5, flags_extra
    # FL_EXTRA_MULTI_ENGINE | FL_COMMIT_ALTER | FL_EXTRA_THREAD_ID: extra_engines 2, sa_seq_no 42, thread 9.
    body = ("0700000000000000" "01000000" "0e" "0500000000000000" "15" "02" "2a00000000000000" "09000000")
    ev = EventMariadb.MariadbGtidEvent(stream(body))
    assert ev.domain_id == 1 and ev.commit_id == 5
    assert ev.is_multi_engine and ev.is_commit_alter and ev.has_thread_id and not ev.is_start_alter
    assert (ev.extra_engines, ev.sa_seq_no, ev.thread_id) == (2, 42, 9)
    assert ev._io.is_eof()


GTID_LIST_CASES = [
    # 10.11: first binlog of a fresh server: empty list, padded with 2 zero bytes.
    ("empty", "000000000000", 0, []),
    # 10.11: after FLUSH BINARY LOGS, last GTID 0-1-10.
    ("one", "0100000000000000010000000a00000000000000", 1, [(0, 1, 10)]),
    # 11.8.5 (fixture mariadb-operator__mariadb-poc/.../domain_id_0__mariadb-repl-bin.000004): 0-10-262175.
    ("11.8", "01000000000000000a0000001f00040000000000", 1, [(0, 10, 262175)]),
    # Synthetic: two domains and FLAG_IGN_GTIDS (bit 29).
    ("two-with-flags", "02000020" "0000000001000000" "0500000000000000" "0100000002000000" "0700000000000000",
     2, [(0, 1, 5), (1, 2, 7)]),
]


@pytest.mark.parametrize("body,num,gtids", [c[1:] for c in GTID_LIST_CASES], ids=[c[0] for c in GTID_LIST_CASES])
def test_gtid_list_event(body, num, gtids):
    ev = EventMariadb.GtidListEvent(stream(body))
    assert ev.num_gtids == num
    assert [(g.domain_id, g.server_id, g.seq_no) for g in ev.gtids] == gtids


def test_gtid_list_flags():
    ev = EventMariadb.GtidListEvent(stream("02000020" + "00" * 32))
    assert ev.count_and_flags == 0x20000002 and ev.flags == 2
    assert ev.is_ign_gtids and not ev.is_until_reported


def test_binlog_checkpoint_event():
    # 10.11: the checkpoint written at the start of bin.000001.
    ev = EventMariadb.BinlogCheckpointEvent(stream("0a00000062696e2e303030303031"))
    assert ev.len_binlog_file == 10 and ev.binlog_file == "bin.000001"


def test_annotate_rows_event():
    # 10.11: DELETE FROM item WHERE id = 1;
    ev = EventMariadb.AnnotateRowsEvent(stream("44454c4554452046524f4d206974656d205748455245206964203d2031"))
    assert ev.query == b"DELETE FROM item WHERE id = 1"


def test_start_encryption_event():
    # 10.11, --plugin-load-add=file_key_management --encrypt-binlog=ON: first event after the FDE.
    ev = EventMariadb.StartEncryptionEvent(stream("0101000000efb9c3c1b8a8efdd5170b14f"))
    assert (ev.crypto_scheme, ev.key_version) == (1, 1)
    assert ev.nonce == bytes.fromhex("efb9c3c1b8a8efdd5170b14f")


# 10.11, --log-bin-compress=ON --log-bin-compress-min-len=10: the CREATE TABLE shop.item statement of
# test_table_map.py (419 bytes, 2-byte big-endian length).
QUERY_COMPRESSED = (
    "05000000000000000400002300000000000101000020540000000006037374640421002100080081090000000000"
    "000073686f70008201a3789c7550bd6e833010def314b7612486a4cdd02583816b6ad5b89531513312702224302d"
    "7186be7d0fa7525545192c5be7eff7328ddc20189e4a84cedb01d802a06b412803952ac556610eeacd80aaa44ce8"
    "af195b0bd90bd76cb55cc6e1c533831a4a3470f1c7a7e1b0fe4770f56061c775e0ac6f287ded3bb79a819f53d758"
    "c831130597a49e3cc457c37e9c005555b068b26d9444a7c95a47f7a1bfd8e84e8499e9ebd3799eb1a89ed1749a1b"
    "f89ffdb19fe1a930641d8cbffc37941445d22e82dc19725a961105b2c78070a3b760f0c3dccff0aea98ddec32bee"
    "81756d12f6373bc48b984a6d85c28d706ecc536afecc2b79d52295cdafca0fe95b70ba"
)


def test_query_compressed_event():
    ev = EventMariadb.QueryCompressedEvent(13, stream(QUERY_COMPRESSED))
    assert (ev.thread_id, ev.exec_time, ev.error_code) == (5, 0, 0)
    assert ev.len_status_vars == 35
    assert ev.len_schema == 4 and ev.schema == b"shop" and ev.schema_terminator == 0
    q = ev.query
    assert q.header == 0x82 and q.is_valid_header and q.len_len == 2
    assert q.algorithm == EventMariadb.CompressionAlgorithm.zlib
    assert q.len_uncompressed_be == b"\x01\xa3" and q.len_uncompressed == 419
    text = zlib.decompress(q.data)
    assert len(text) == 419
    assert text.startswith(b"CREATE TABLE item (\n  id INT UNSIGNED NOT NULL,")
    assert text.endswith(b") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4")
