"""QUERY_EVENT and LOAD DATA event bodies (ksy/event_query.ksy).

Layouts: libs/mysql/binlog/event/statement_events.h/.cpp (Query_event and its status
variables), load_data_events.h/.cpp (Execute_load_query_event, Append_block_event,
Begin_load_query_event, Delete_file_event), libbinlogevents/src/load_data_events.cpp of 5.7
(Load_event, Create_file_event, Execute_load_event, sql_ex_data_info::init); MariaDB
sql/log_event.cc (Query_log_event: Q_HRNOW, Q_XID, Q_GTID_FLAGS3) and sql/charset_collations.h
(Q_CHARACTER_SET_COLLATIONS).

Every case is an event body (common header and CRC32 removed) from a fixture in
tests/fixtures, named with the byte offset of the event in the file, or marked synthetic.
The statement text, database and file names stay bytes: the runtime decodes them with the
connection charset (Q_CHARSET_CODE).
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from kaitaistruct import KaitaiStream

from binlog_ksy.generated.event_query import EventQuery

Code = EventQuery.StatusVarCode


def stream(data: str | bytes) -> KaitaiStream:
    return KaitaiStream(BytesIO(bytes.fromhex(data) if isinstance(data, str) else data))


def query_body(status_vars: bytes, schema: bytes, query: bytes) -> bytes:
    """A v4 QUERY body: thread_id 7, exec_time 0, error_code 0 (statement_events.h layout)."""
    return (
        (7).to_bytes(4, "little") + b"\0\0\0\0" + bytes([len(schema)]) + b"\0\0"
        + len(status_vars).to_bytes(2, "little") + status_vars + schema + b"\0" + query
    )


def entries(ev: EventQuery.QueryEvent) -> list[Any]:
    return list(getattr(getattr(ev, "status_vars", None), "entries", None) or [])


# ---------------------------------------------------------------------------------------------
# QUERY_EVENT
# ---------------------------------------------------------------------------------------------

QUERY_CASES = [
    pytest.param(
        # MySQL 4.1.24, binlog v3 (fixture pieter__mysql-server/
        # mysql-test__suite__binlog__std_data__binlog_old_version_4_1.000001, event at offset 79):
        # 11-byte post-header, no status variables.
        11,
        "01000000000000000400007465737400435245415445205441424c4520743120286120696e742c20622063686172283530"
        "292920454e47494e45203d204d794953414d",
        dict(thread_id=1, exec_time=0, error_code=0, schema=b"test",
             query=b"CREATE TABLE t1 (a int, b char(50)) ENGINE = MyISAM"),
        [],
        id="mysql-4.1-no-status-vars",
    ),
    pytest.param(
        # MySQL 4.0.23 (fixture pieter__mysql-server/mysql-test__std_data__trunc_binlog.000001,
        # event at offset 79).
        11, "01000000000000000400007465737400424547494e",
        dict(thread_id=1, schema=b"test", query=b"BEGIN"), [],
        id="mysql-4.0-begin",
    ),
    pytest.param(
        # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
        # event at offset 106).
        13,
        "02000000000000000400001a0000004000000100000000000000000603737464040800080008007465737400435245"
        "415445205441424c4520743120286120696e742c20622063686172283530292920454e47494e45203d204d794953414d",
        dict(thread_id=2, len_status_vars=26, schema=b"test",
             query=b"CREATE TABLE t1 (a int, b char(50)) ENGINE = MyISAM"),
        [(Code.q_flags2_code, 0x4000), (Code.q_sql_mode_code, 0), (Code.q_catalog_nz_code, b"std"),
         (Code.q_charset_code, (8, 8, 8))],
        id="mysql-5.1.23",
    ),
    pytest.param(
        # MySQL 8.0.22 (fixture blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001,
        # event at offset 235): ALTER USER, 10 status variables (atomic DDL with its XID).
        13,
        "08000000000000000000004a000000000000012000a04500000000060373746404ff00ff00ff00050653595354454d0b"
        "04726f6f74096c6f63616c686f73740c016d7973716c000dc5350a11030000000000000012ff0000414c544552205553"
        "45522027726f6f742740276c6f63616c686f737427204944454e5449464945442057495448202763616368696e675f73"
        "6861325f70617373776f726427204153202724412430303524075e7f2536073b3b156c601e796f09100429706d45454b"
        "7673723244665a4c556d32703048417756487a62473654324c5777776b617a476f62635275755a4127",
        dict(thread_id=8, len_status_vars=74, schema=b"", is_malformed=False),
        [(Code.q_flags2_code, 0), (Code.q_sql_mode_code, 0x45A00020), (Code.q_catalog_nz_code, b"std"),
         (Code.q_charset_code, (255, 255, 255)), (Code.q_time_zone_code, b"SYSTEM"),
         (Code.q_invoker, (b"root", b"localhost")), (Code.q_updated_db_names, [b"mysql"]),
         (Code.q_microseconds, 669125), (Code.q_ddl_logged_with_xid, 3),
         (Code.q_default_collation_for_utf8mb4, 255)],
        id="mysql-8.0.22-ten-status-vars",
    ),
    pytest.param(
        # MariaDB 11.8.5 (fixture mariadb-operator__mariadb-poc/
        # mariadb-binlog__binlogs__domain_id_0__mariadb-repl-bin.000009, event at offset 588): a GRANT
        # with Q_INVOKER root@%.
        13,
        "9105000000000000000000220000000000010100002054000000000603737464040009000900090b04726f6f74012500"
        "4752414e5420414c4c2050524956494c45474553204f4e20607362746573742d7265706c602e2a20544f202773627465"
        "73742d7265706c2740272527",
        dict(thread_id=0x591, schema=b"",
             query=b"GRANT ALL PRIVILEGES ON `sbtest-repl`.* TO 'sbtest-repl'@'%'"),
        [(Code.q_flags2_code, 0x01000000), (Code.q_sql_mode_code, 0x54200000), (Code.q_catalog_nz_code, b"std"),
         (Code.q_charset_code, (2304, 2304, 2304)),  # utf8mb4_uca1400_ai_ci
         (Code.q_invoker, (b"root", b"%"))],
        id="mariadb-11.8",
    ),
]


def value_of(entry: EventQuery.StatusVar):
    body = entry.body
    code = entry.code
    if code in (Code.q_catalog_nz_code, Code.q_time_zone_code):
        return body.value
    if code == Code.q_charset_code:
        return (body.character_set_client, body.collation_connection, body.collation_server)
    if code == Code.q_invoker:
        return (body.user, body.host)
    if code == Code.q_updated_db_names:
        return list(body.db_names)
    if code in (Code.q_microseconds, Code.q_hrnow):
        return body.value
    return body


@pytest.mark.parametrize(("post_header_len", "hex_body", "fields", "status_vars"), QUERY_CASES)
def test_query_event(post_header_len: int, hex_body: str, fields: dict[str, Any], status_vars: list[Any]) -> None:
    ev = EventQuery.QueryEvent(post_header_len, stream(hex_body))
    for name, want in fields.items():
        assert getattr(ev, name) == want, name
    assert [(e.code, value_of(e)) for e in entries(ev)] == status_vars
    assert all(e.is_known for e in entries(ev))
    assert ev.schema_terminator == 0
    if post_header_len < 13:
        assert not hasattr(ev, "status_vars")


def test_query_event_bytes_not_utf8() -> None:
    # Synthetic: a latin1 statement (character_set_client 8 = latin1_swedish_ci) whose text is not
    # valid UTF-8: `schema` and `query` are bytes, so parsing never fails on the charset.
    sv = bytes.fromhex("0000000000" "01" "0000000000000000" "04080008000800")
    ev = EventQuery.QueryEvent(13, stream(query_body(sv, b"caf\xe9", b"INSERT INTO t VALUES ('\xe9t\xe9')")))
    assert ev.schema == b"caf\xe9"
    assert ev.query == b"INSERT INTO t VALUES ('\xe9t\xe9')"
    assert value_of(entries(ev)[2]) == (8, 8, 8)


def test_query_event_mariadb_status_vars() -> None:
    # Synthetic (MariaDB sql/log_event.cc Query_log_event ctor, sql/charset_collations.h):
    # Q_CHARACTER_SET_COLLATIONS (MariaDB 11.5+ writes it before Q_CHARSET_CODE; readers take any
    # order) with utf8mb4(45) -> utf8mb4_uca1400_ai_ci(2304), then Q_CHARSET_CODE, Q_HRNOW 123456,
    # Q_XID 77 and Q_GTID_FLAGS3 with FL_COMMIT_ALTER_E1 and the START ALTER sequence number 9.
    sv = bytes.fromhex(
        "83" "01" "2d00" "0009"
        "04" "2d00" "2d00" "2d00"
        "80" "40e201"
        "81" "4d00000000000000"
        "82" "04" "0900000000000000"
    )
    ev = EventQuery.QueryEvent(13, stream(query_body(sv, b"db", b"ALTER TABLE t ADD c INT")))
    es = entries(ev)
    assert [e.code for e in es] == [Code.q_character_set_collations, Code.q_charset_code, Code.q_hrnow,
                                    Code.q_xid, Code.q_gtid_flags3]
    assert [(p.charset_id, p.collation_id) for p in es[0].body.pairs] == [(45, 2304)]
    assert es[2].body.value == 123456
    assert es[3].body == 77
    assert (es[4].body.flags_extra, es[4].body.sa_seq_no) == (4, 9)
    assert ev.query == b"ALTER TABLE t ADD c INT"


@pytest.mark.parametrize(
    ("status_vars_hex", "known_codes", "unparsed_hex"),
    [
        # Synthetic: an unknown code (0xfe) stops the parse; the rest of the block stays raw, and
        # the schema and query after the block are unaffected (MySQL: "go_to end_variable_part").
        pytest.param("04080008000800" "fe0102030405" "0100000000", [Code.q_charset_code],
                     "0102030405" "0100000000", id="unknown-code"),
        # Q_COMMIT_TS (14) never shipped: no reader knows its size, so it stops the parse too.
        pytest.param("00000000000e0a0b", [Code.q_flags2_code], "0a0b", id="q_commit_ts"),
        # A known code whose value does not fit in the block (corrupt): kept raw, never an error.
        pytest.param("00000000000100010203", [Code.q_flags2_code], "00010203", id="sql_mode-cut"),
    ],
)
def test_query_event_status_vars_stop(status_vars_hex: str, known_codes: list[Any], unparsed_hex: str) -> None:
    ev = EventQuery.QueryEvent(13, stream(query_body(bytes.fromhex(status_vars_hex), b"test", b"SELECT 1")))
    es = entries(ev)
    assert [e.code for e in es if e.is_known] == known_codes
    assert not es[-1].is_known
    assert es[-1].unparsed == bytes.fromhex(unparsed_hex)
    assert (ev.schema, ev.query) == (b"test", b"SELECT 1")


def test_query_event_malformed() -> None:
    # MySQL 5.0.46 relay log with a corrupted event (fixture blackbeam__rust_mysql_common/
    # test-data__binlogs__corrupt-relay-bin.000624, event at offset 91204): the body starts in the
    # middle of a statement, so status_vars_len (0x3038 here) points past the end. MySQL rejects
    # the event; the spec flags it and keeps the bytes instead of failing the whole file.
    body = (
        "9778084530413745434431354235333132413736433044334645272c2027323030372d31302d31372030303a33313a31"
        "3227291d0000ed0040ba1547059d2a00001c000000e3000000000002bc0cd286000000001e0100ee0040ba1547029d2a"
        "00001d0100000002000000002c920800000000000600001a000000400000010000000000000000060373746404210021"
        "00210052454c4154"
    )
    ev = EventQuery.QueryEvent(13, stream(body))
    assert ev.is_malformed
    assert not hasattr(ev, "status_vars")
    assert len(ev.status_vars_raw) == 152 - 13


# ---------------------------------------------------------------------------------------------
# LOAD DATA INFILE events
# ---------------------------------------------------------------------------------------------


def test_execute_load_query_event() -> None:
    # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
    # event at offset 150262): LOAD DATA INFILE 'big_file.dat' INTO TABLE t3; 26-byte post-header.
    ev = EventQuery.ExecuteLoadQueryEvent(26, stream(
        "02000000000000000400001a000200000009000000240000000000004000000100000000000000000603737464040800"
        "0800080074657374004c4f4144204441544120494e46494c4520276269675f66696c652e6461742720494e544f205441"
        "424c45207433"))
    assert (ev.thread_id, ev.file_id, ev.dup_handling) == (2, 2, EventQuery.LoadDupHandling.load_dup_error)
    assert ev.schema == b"test"
    assert ev.query == b"LOAD DATA INFILE 'big_file.dat' INTO TABLE t3"
    # fn_pos_start/end delimit the part a replica rewrites (" LOCAL INFILE '<tmp file>' INTO").
    assert ev.query[ev.ofs_file_name_start:ev.ofs_file_name_end] == b" INFILE 'big_file.dat' INTO"
    assert [e.code for e in ev.status_vars.entries] == [
        Code.q_flags2_code, Code.q_sql_mode_code, Code.q_catalog_nz_code, Code.q_charset_code]


@pytest.mark.parametrize(
    ("cls", "hex_body", "file_id", "block"),
    [
        # MySQL 5.1.23 (fixture blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001,
        # event at offset 1480; block cut to its first 16 bytes here).
        pytest.param(EventQuery.BeginLoadQueryEvent, "02000000" "4161726875730a4161726f6e0a416261", 2,
                     b"Aarhus\nAaron\nAba", id="begin_load_query-5.1.23"),
        # Same fixture, event at offset 132575 (block cut to 14 bytes).
        pytest.param(EventQuery.AppendBlockEvent, "02000000" "696174650a616262726576696174", 2,
                     b"iate\nabbreviat", id="append_block-5.1.23"),
    ],
)
def test_file_block_events(cls, hex_body: str, file_id: int, block: bytes) -> None:
    ev = cls(4, stream(hex_body))
    assert (ev.file_id, ev.block) == (file_id, block)


def test_create_file_event() -> None:
    # MySQL 4.1.24, binlog v3 (fixture pieter__mysql-server/
    # mysql-test__suite__binlog__std_data__binlog_old_version_4_1.000001, event at offset 580;
    # the 131 KB data block cut to its first 20 bytes): LOAD DATA INFILE 'big_file.dat' INTO TABLE t3
    # (a), LOAD post-header, file_id, new sql_ex (FIELDS TERMINATED BY '\t' ESCAPED BY '\\',
    # LINES TERMINATED BY '\n'), column names, table, database, file name, first block.
    ev = EventQuery.CreateFileEvent(4, stream(
        "01000000000000000000000002040100000002000000010900010a00015c0001610074330074657374006269675f6669"
        "6c652e646174004161726875730a4161726f6e0a41626162610a"))
    ph = ev.load_post_header
    assert (ph.thread_id, ph.skip_lines, ph.len_table_name, ph.len_schema, ph.num_fields) == (1, 0, 2, 4, 1)
    assert ev.file_id == 2
    sql_ex = ev.data.sql_ex_new
    assert [s.value for s in (sql_ex.field_term, sql_ex.enclosed, sql_ex.line_term, sql_ex.line_start,
                              sql_ex.escaped)] == [b"\t", b"", b"\n", b"", b"\\"]
    assert sql_ex.opt_flags == 0
    assert (ev.data.fields, ev.data.table_name, ev.data.schema, ev.data.file_name) == (
        [b"a"], b"t3", b"test", b"big_file.dat")
    assert ev.block == b"Aarhus\nAaron\nAbaba\n"


def test_exec_load_and_delete_file_events() -> None:
    # MySQL 4.1.24 (fixture pieter__mysql-server/
    # mysql-test__suite__binlog__std_data__binlog_old_version_4_1.000001, event at offset 149413).
    assert EventQuery.ExecLoadEvent(4, stream("02000000")).file_id == 2
    # Synthetic (load_data_events.cpp Delete_file_event ctor): same layout.
    assert EventQuery.DeleteFileEvent(4, stream("05000000")).file_id == 5


def load_body(sql_ex: bytes) -> bytes:
    """A LOAD/NEW_LOAD body: thread 3, exec 1, skip 0 lines, table t (1), db d (1), 2 fields."""
    post = (3).to_bytes(4, "little") + (1).to_bytes(4, "little") + (0).to_bytes(4, "little") + b"\x01\x01" + (
        2).to_bytes(4, "little")
    return post + sql_ex + b"\x01\x02" + b"a\0bc\0" + b"t\0" + b"d\0" + b"/tmp/x.txt"


def test_load_event_old_sql_ex() -> None:
    # Synthetic (5.7 load_data_events.cpp Load_event::copy_load_event, old sql_ex of LOAD_EVENT):
    # LOAD DATA INFILE '/tmp/x.txt' REPLACE INTO TABLE t FIELDS TERMINATED BY ',' (a, bc) on a
    # 3.23 server: single-character options, ENCLOSED/LINE_START empty; the file name runs to the end.
    sql_ex = b",\0\n\0\\" + bytes([0x04, 0x02 | 0x08])
    ev = EventQuery.LoadEvent(18, KaitaiStream(BytesIO(load_body(sql_ex))))
    assert (ev.post_header.thread_id, ev.post_header.exec_time, ev.post_header.num_fields) == (3, 1, 2)
    old = ev.data.sql_ex_old
    assert (old.field_term, old.line_term, old.escaped) == (b",", b"\n", b"\\")
    assert old.opt_flags == EventQuery.LoadOptFlag.replace_flag.value
    assert old.empty_flags == (EventQuery.LoadEmptyFlag.enclosed_empty.value
                               | EventQuery.LoadEmptyFlag.line_start_empty.value)
    assert (ev.data.len_fields, ev.data.fields) == ([1, 2], [b"a", b"bc"])
    assert (ev.data.table_name, ev.data.schema, ev.data.file_name) == (b"t", b"d", b"/tmp/x.txt")


def test_new_load_event_new_sql_ex() -> None:
    # Synthetic (sql_ex_data_info::init, new format of NEW_LOAD_EVENT): multi-byte terminators.
    sql_ex = b"\x02||" + b"\x01\"" + b"\x02\r\n" + b"\x00" + b"\x01\\" + bytes([0x02])
    ev = EventQuery.NewLoadEvent(18, KaitaiStream(BytesIO(load_body(sql_ex))))
    new = ev.data.sql_ex_new
    assert (new.field_term.value, new.enclosed.value, new.line_term.value, new.line_start.value,
            new.escaped.value) == (b"||", b'"', b"\r\n", b"", b"\\")
    assert new.opt_flags == EventQuery.LoadOptFlag.opt_enclosed_flag.value
    assert ev.data.fields == [b"a", b"bc"]
    assert ev.data.file_name == b"/tmp/x.txt"
