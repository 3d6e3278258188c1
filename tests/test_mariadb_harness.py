"""End-to-end checks of the real-server harness (tests/mariadb/).

Starts real MariaDB 10.11 servers (about 1 s each), runs the seeded workload,
and checks the mariadb-binlog oracle against what the server says it did:
row counts (ROW_COUNT()), SHOW BINLOG EVENTS, @@gtid_binlog_pos. Five server
starts; the module takes about 10 s on an idle 2-core machine (35 s under load).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:          # `tests` is not a package; make `tests.mariadb` importable
    sys.path.insert(0, str(_ROOT))

from tests.mariadb import oracle, workload  # noqa: E402
from tests.mariadb.server import MariaDBError, MariaDBServer  # noqa: E402

pytestmark = pytest.mark.server

MARIADB_OPTIONS = {"binlog_row_metadata": "FULL"}


# --- helpers -------------------------------------------------------------------

def show_binlog_events(srv: MariaDBServer, name: str) -> list[tuple[int, str, int, int]]:
    """(pos, Event_type, server_id, end_log_pos) from SHOW BINLOG EVENTS."""
    out = []
    for row in srv.query(f"SHOW BINLOG EVENTS IN '{name}'"):
        _, pos, kind, server_id, end_pos = (str(cell) for cell in row[:5])  # none is NULL
        out.append((int(pos), kind, int(server_id), int(end_pos)))
    return out


def check_file_events(srv: MariaDBServer, path: Path) -> list[oracle.OracleEvent]:
    """list_events() is consistent in itself and with SHOW BINLOG EVENTS."""
    events = oracle.list_events(path)
    assert events, path
    assert events[0].pos == 4 and events[0].type == "Format_desc"
    for a, b in pairwise(events):
        assert a.end_pos == b.pos, (a, b)
    assert events[-1].end_pos == path.stat().st_size
    for e in events:
        assert e.end_pos is not None and e.type_code is not None, e
        assert e.size == e.end_pos - e.pos, e
        assert e.type == oracle._CODE_TO_TYPE_STR[e.type_code]
        assert e.type_code in oracle.PRINTED_NAME_TO_CODES[e.printed], e
        assert e.canonical_name == oracle.EVENT_TYPE_NAMES[e.type_code]
        assert e.server_id == srv.server_id
    # The server's own view (its Event_type is get_type_str(), our `type`).
    server_view = show_binlog_events(srv, path.name)
    assert [(e.pos, e.type, e.server_id, e.end_pos) for e in events] == server_view
    # hexdump=False gives the same events, with codes from the printed label.
    plain = oracle.list_events(path, hexdump=False)
    assert [(e.pos, e.end_pos, e.printed) for e in plain] == \
           [(e.pos, e.end_pos, e.printed) for e in events]
    return events


def run_workload(srv: MariaDBServer, seed: int, n: int) -> tuple[list[str], list[int]]:
    srv.sql(workload.make_schema())
    stmts = workload.make_statements(seed, n)
    counts = workload.apply(srv, stmts)
    return stmts, counts


def expected_kinds(stmts: list[str], counts: list[int]) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for s, c in zip((s for s in stmts if workload.is_dml(s)), counts, strict=True):
        kinds[s.split(None, 1)[0].upper()] += c
    return kinds


def last_gtids(events: list[oracle.OracleEvent]) -> dict[int, str]:
    out: dict[int, str] = {}
    for e in events:
        if e.gtid:
            out[int(e.gtid.split("-")[0])] = e.gtid
    return out


# --- server --------------------------------------------------------------------

def test_server_starts_fast(mariadb_server):
    srv = mariadb_server
    assert srv.running
    assert srv.startup_seconds is not None and srv.startup_seconds < 30
    print(f"\nMariaDB start-up: {srv.startup_seconds:.2f} s")
    assert srv.variable("binlog_format") == "ROW"
    assert srv.variable("binlog_row_metadata") == "FULL"
    assert srv.variable("log_bin") == "1"
    assert srv.variable("server_id") == "1"


def test_query_roundtrip(mariadb_server):
    rows = mariadb_server.query(
        "SELECT NULL, 'a\\tb\\nc\\\\d', X'FF00', '😀', '', 'NULL' IS NULL")
    assert rows == [(None, "a\tb\nc\\d", "\udcff\x00", "😀", "", "0")]
    assert rows[0][2].encode("utf-8", "surrogateescape") == b"\xff\x00"
    assert mariadb_server.query("SELECT 1 FROM DUAL WHERE 0") == []
    assert mariadb_server.scalar("SELECT 6*7") == "42"


def test_sql_error_carries_stderr(mariadb_server):
    with pytest.raises(MariaDBError) as ei:
        mariadb_server.sql("SELECT * FROM no_such_db.no_such_table")
    assert "1146" in str(ei.value) or "1049" in str(ei.value)
    assert ei.value.stderr


def test_bad_option_fails_with_log_tail():
    srv = MariaDBServer({"no_such_option": 1}, startup_timeout=30)
    with pytest.raises(MariaDBError, match="unknown variable 'no-such-option=1'"):
        srv.start()
    assert srv.root is None and not srv.running       # temp dir removed, process gone


def test_missing_server_fails_instead_of_skipping(monkeypatch):
    from tests.mariadb import fixtures
    from tests.mariadb import server as server_mod
    monkeypatch.setattr(server_mod, "_SEARCH_DIRS", ())
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(pytest.fail.Exception, match="mariadbd"):
        fixtures.start_server()


# --- workload + oracle, FULL metadata, default image --------------------------------

def test_workload_is_deterministic():
    a = workload.make_statements(11, 120)
    assert a == workload.make_statements(11, 120)
    assert a != workload.make_statements(12, 120)
    assert a[:len(workload.SESSION_SETUP)] == workload.SESSION_SETUP
    assert sum(1 for s in a if workload.is_dml(s)) == 120
    ddl = "\n".join(workload.make_schema())
    for t in ("TINYINT UNSIGNED", "BIGINT UNSIGNED", "DECIMAL(65,30)", "DECIMAL(5,5)", "BIT(64)",
              "TIME(6)", "DATETIME(6)", "TIMESTAMP(6)", "YEAR", "CHAR(255)", "VARCHAR(300)",
              "LONGBLOB", "JSON", "GEOMETRYCOLLECTION", "INET6", "INET4", "UUID",
              "CHARACTER SET ucs2", "CHARACTER SET utf16", "CHARACTER SET latin1",
              "CHARACTER SET utf8mb3", "COMPRESSED", "ENGINE=MyISAM", "VIRTUAL", "STORED"):
        assert t in ddl, t


def test_workload_end_to_end(mariadb_server):
    srv = mariadb_server
    t0 = time.monotonic()
    stmts, counts = run_workload(srv, seed=7, n=250)
    srv.flush_logs()
    files = srv.binlog_files()
    closed = files[:-1]
    assert closed, files

    all_events: list[oracle.OracleEvent] = []
    changes: list[oracle.OracleRowChange] = []
    for f in closed:
        events = check_file_events(srv, f)
        all_events += events
        file_changes = oracle.decode_rows(f)
        rows_events = {e.pos: e for e in events if e.stmt_end is not None}
        for c in file_changes:
            assert c.candidates and all(p in rows_events for p in c.candidates), c
            for p in c.candidates:
                assert rows_events[p].table == (c.db, c.table)
            if c.pos is not None:
                assert c.candidates == (c.pos,)
            img = c.after if c.kind == "INSERT" else c.before
            assert img, c
        changes += file_changes

    # Every row the server changed is in the binlog, and nothing else.
    assert len(changes) == sum(counts)
    got = Counter(c.kind for c in changes)
    assert got == expected_kinds(stmts, counts)
    # Rows of multi-event statements could not be pinned to one event.
    assert any(c.pos is None for c in changes)          # some statements span > 8 KiB

    # MariaDB writes v1 rows events; labels and codes as documented.
    types = Counter(e.type for e in all_events)
    assert types["Write_rows_v1"] and types["Update_rows_v1"] and types["Delete_rows_v1"]
    assert not (types["Write_rows"] or types["Update_rows"] or types["Delete_rows"])
    assert types["Annotate_rows"] == sum(1 for s in stmts if workload.is_dml(s))

    # @@gtid_binlog_pos is the last GTID in the logs.
    assert srv.gtid_binlog_pos() == ",".join(last_gtids(all_events).values())

    # FULL row metadata: one value per column in every image, NULL flags coherent.
    for c in changes:
        for img in (c.before, c.after):
            if img is None:
                continue
            assert [v.index for v in img] == list(range(1, len(img) + 1))
            for v in img:
                assert v.is_null == (v.raw == b"NULL")
                assert v.nullable or not v.is_null
                v.parsed()                                   # every printed form parses
    print(f"\nworkload: {len(stmts)} statements, {len(changes)} row changes, "
          f"{sum(f.stat().st_size for f in closed)} bytes, {time.monotonic() - t0:.1f} s")


def test_decoded_values_match_inserted(mariadb_server):
    """A fixed row: the printed forms the oracle docstring documents."""
    srv = mariadb_server
    srv.flush_logs()                                            # start a fresh file
    srv.sql(["CREATE DATABASE d",
             "CREATE TABLE d.t (id INT PRIMARY KEY, tu TINYINT UNSIGNED, bi BIGINT, "
             "dc DECIMAL(10,2), f FLOAT, db DOUBLE, b BIT(17), dt DATE, tm TIME(6), "
             "dtm DATETIME(3), ts TIMESTAMP(6) NULL, y YEAR, e ENUM('x','y'), s SET('a','b','c'), "
             "v VARCHAR(300), bl BLOB, js JSON, ip INET6)"])
    srv.sql("SET sql_mode=''; SET time_zone='+00:00'; INSERT INTO d.t VALUES (1, 255, -1, -0.01, "
            "1.5e-7, 3.141592653589793, b'10101', '0000-00-00', '-838:59:59', "
            "'2020-01-02 03:04:05.678', '2000-01-01 00:00:00.5', 0, 'y', 'a,c', "
            "CONCAT('it''s', CHAR(10), 'x'), X'00FF27', '{\"k\": 1}', '::1')")
    path = srv.binlog_files()[-1]
    (c,) = oracle.decode_rows(path)
    assert c.after is not None
    raw = {v.index: v.raw for v in c.after}
    assert raw == {
        1: b"1", 2: b"-1 (255)", 3: b"-1 (18446744073709551615)", 4: b"-0.01",
        5: b"1.5e-07" + b" " * 13, 6: b"3.141592653589793116", 7: b"b'00000000000010101'",
        8: b"'0000:00:00'", 9: b"'-838:59:59.000000'", 10: b"'2020-01-02 03:04:05.678'",
        11: b"946684800.500000", 12: b"1900", 13: b"2", 14: b"b'00000101'",
        15: b"'it's\\x0ax'", 16: b"'\\x00\xff''", 17: b"'{\"k\": 1}'",
        18: b"'" + b"\\x00" * 15 + b"\\x01'"}
    types = {v.index: v.type for v in c.after}
    assert types[2] == "TINYINT" and types[3] == "LONGINT" and types[4] == "DECIMAL(10,2)"
    assert types[9] == "TIME(6)" and types[11] == "TIMESTAMP(6)" and types[17] == "LONGBLOB/LONGTEXT"
    row = c.row()
    assert row[4] == __import__("decimal").Decimal("-0.01")
    assert row[7] == 0b10101 and row[14] == 0b101 and row[8] == "0000-00-00"
    assert row[15] == b"it's\nx" and row[16] == b"\x00\xff'" and row[18] == b"\0" * 15 + b"\1"
    assert c.after[1].unsigned == 255 and row[2] == -1


# --- other server settings -----------------------------------------------------

def test_compressed_events_and_two_domains(mariadb_server_factory):
    srv = mariadb_server_factory({"log_bin_compress": True, "log_bin_compress_min_len": 10,
                                  "binlog_row_metadata": "MINIMAL"})
    stmts, counts = run_workload(srv, seed=3, n=60)
    srv.sql("SET SESSION gtid_domain_id=5; INSERT INTO bk_wl.t_myisam (id, s) VALUES (100000, "
            "REPEAT('z', 40)); INSERT INTO bk_wl.t_myisam (id, s) VALUES (100001, 'w')")
    srv.flush_logs()
    files = srv.binlog_files()
    events, changes = [], []
    for f in files[:-1]:
        events += check_file_events(srv, f)
        changes += oracle.decode_rows(f)
    assert len(changes) == sum(counts) + 2
    types = Counter(e.type for e in events)
    for t in ("Query_compressed", "Write_rows_compressed_v1", "Update_rows_compressed_v1",
              "Delete_rows_compressed_v1"):
        assert types[t], (t, types)
    printed = {e.printed for e in events}
    assert {"Write_compressed_rows", "Update_compressed_rows", "Delete_compressed_rows"} <= printed
    compressed = [e for e in events if e.type_code in (166, 167, 168)]
    assert all(e.type_code is not None and e.extra["hexdump_type_code"] == e.type_code - 143 for e in compressed)
    # Two GTID domains: pos lists both; the next file's Gtid_list too.
    pos = srv.gtid_binlog_pos()
    assert pos == ",".join(last_gtids(events).values()) and pos.count(",") == 1
    nxt = oracle.list_events(files[-1])
    assert sorted(nxt[1].extra["gtid_list"]) == sorted(pos.split(","))


def test_minimal_image_no_checksum_no_annotate(mariadb_server_factory):
    srv = mariadb_server_factory({"binlog_checksum": "NONE", "binlog_row_image": "MINIMAL",
                                  "binlog_annotate_row_events": False})
    stmts, counts = run_workload(srv, seed=5, n=80)
    srv.flush_logs()
    events, changes = [], []
    for f in srv.binlog_files()[:-1]:
        events += check_file_events(srv, f)
        changes += oracle.decode_rows(f)
    assert all(e.checksum is None for e in events)
    assert not any(e.type == "Annotate_rows" for e in events)
    assert len(changes) == sum(counts)
    for c in changes:
        if c.kind in ("UPDATE", "DELETE") and c.table != "t_nopk":
            assert c.before is not None and [v.index for v in c.before] == [1], c   # MINIMAL: PK only
        if c.kind == "UPDATE":
            assert c.after is not None and 2 in {v.index for v in c.after}         # `ver` always changes


def test_stop_writes_stop_event(mariadb_server_factory):
    srv = mariadb_server_factory()
    srv.sql("CREATE DATABASE s1")
    first = srv.binlog_files()[-1]
    flags = oracle.list_events(first)[0].flags
    assert flags is not None and flags & 0x1                    # LOG_EVENT_BINLOG_IN_USE_F
    srv.stop()
    files = srv.binlog_files()                                  # from the index file
    assert files[-1] == first
    events = oracle.list_events(first)
    assert events[-1].type == "Stop" and events[-1].type_code == 3
    flags = events[0].flags
    assert flags is not None and not flags & 0x1
    assert last_gtids(events) == {0: "0-1-1"}
