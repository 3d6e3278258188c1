"""`binlog-ksy events`: the SHOW BINLOG EVENTS lines, the JSON contract and the exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.cli import main
from fixture_index import fixture

REQUIRED_KEYS = {"file", "pos", "end_pos", "type", "type_code", "timestamp", "server_id", "length", "flags", "body"}


def run_jsonl(capsys, *files: str, extra: tuple[str, ...] = ()) -> tuple[int, list[dict[str, Any]], str]:
    status = main(["events", "--format", "jsonl", *extra, *files])
    captured = capsys.readouterr()
    return status, [json.loads(line) for line in captured.out.splitlines()], captured.err


def test_jsonl_has_the_contract_keys(capsys) -> None:
    status, events, err = run_jsonl(capsys, str(fixture("EasyPost__rust-mysql-binlog/test_data__bin-log.000001").path))
    assert status == 0 and err == ""
    assert all(REQUIRED_KEYS <= e.keys() for e in events)
    fde = events[0]
    assert fde["type"] == "FORMAT_DESCRIPTION_EVENT" and fde["type_code"] == 15 and fde["pos"] == 4
    assert fde["body"]["server_version"] == "5.7.24-27-log"
    assert fde["body"]["binlog_version"] == 4 and fde["body"]["checksum_alg"] == "crc32"
    for prev, cur in pairwise(events):
        assert cur["pos"] == prev["end_pos"] == prev["pos"] + prev["length"]
    assert "in_payload" not in events[0]


def test_gtid_xid_query_table_map_fields(capsys) -> None:
    status, events, _ = run_jsonl(capsys, str(fixture("EasyPost__rust-mysql-binlog/test_data__bin-log.000001").path))
    gtids = [e["body"]["gtid"] for e in events if e["type"] == "GTID_LOG_EVENT"]
    assert len(gtids) == 3
    uuid_part, gno = gtids[0].rsplit(":", 1)
    assert len(uuid_part) == 36 and gno.isdigit()
    assert all("last_committed" in e["body"] and "sequence_number" in e["body"]
               for e in events if e["type"] == "GTID_LOG_EVENT")
    queries = [e["body"] for e in events if e["type"] == "QUERY_EVENT"]
    assert any(q["query"] == "BEGIN" for q in queries)
    tm = [e["body"] for e in events if e["type"] == "TABLE_MAP_EVENT"][0]
    assert {"table_id", "schema", "table"} <= tm.keys() and isinstance(tm["table_id"], int)
    assert all(isinstance(e["body"]["xid"], int) for e in events if e["type"] == "XID_EVENT")


def test_rotate_and_previous_gtids(capsys) -> None:
    path = fixture("percona__percona-server-mysql-operator/pkg__binlogsource__testdata__binlog.000002").path
    status, events, _ = run_jsonl(capsys, str(path))
    assert status == 0
    rotate = [e for e in events if e["type"] == "ROTATE_EVENT"][0]["body"]
    assert rotate["next_file"] == "binlog.000003" and rotate["position"] == 4
    prev = [e for e in events if e["type"] == "PREVIOUS_GTIDS_LOG_EVENT"][0]["body"]
    assert "gtid_set" in prev


def test_payload_inner_events_carry_payload_pos(capsys) -> None:
    path = fixture("osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.compressed").path
    status, events, _ = run_jsonl(capsys, str(path))
    assert status == 0
    payload = [e for e in events if e["type"] == "TRANSACTION_PAYLOAD_EVENT"][0]
    inner = [e for e in events if "in_payload" in e]
    assert inner and all(e["pos"] == payload["pos"] for e in inner)
    assert [e["in_payload"] for e in inner] == list(range(len(inner)))


def test_mariadb_gtid_and_gtid_list(capsys) -> None:
    path = fixture("blackbeam__rust_mysql_common/test-data__binlogs__mariadb-bin.000001").path
    status, events, _ = run_jsonl(capsys, str(path))
    assert status == 0
    gtids = [e["body"]["gtid"] for e in events if e["type"] == "GTID_EVENT"]
    assert gtids and all(len(g.split("-")) == 3 for g in gtids)
    assert [e for e in events if e["type"] == "GTID_LIST_EVENT"][0]["body"]["gtid_set"] is not None


def test_truncated_file_prints_good_events_then_warns(capsys) -> None:
    fx = fixture("binlog_truncated_prev_gtid_event")
    status, events, err = run_jsonl(capsys, str(fx.path))
    assert status == 1
    assert [e["type"] for e in events] == ["FORMAT_DESCRIPTION_EVENT"]
    assert f"at byte {fx.size - fx.trailing_bytes}" in err and "Traceback" not in err


@pytest.mark.parametrize("content,needle", [
    (b"", "empty"), (b"\xfeb", "only 2 bytes"), (b"hello world", "not the binlog magic"),
    (b"\xfdbin\x01" + bytes(600), "encrypted"),
])
def test_not_a_binlog_exits_2(tmp_path: Path, capsys, content: bytes, needle: str) -> None:
    p = tmp_path / "bad.bin"
    p.write_bytes(content)
    status = main(["events", str(p)])
    err = capsys.readouterr().err
    assert status == 2 and needle in err and str(p) in err


def test_missing_file_and_usage_errors_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["events", str(tmp_path / "nope")]) == 2
    assert main(["events"]) == 2
    assert main(["frobnicate"]) == 2


def test_text_output_like_show_binlog_events(capsys) -> None:
    path = str(fixture("EasyPost__rust-mysql-binlog/test_data__bin-log.000001").path)
    assert main(["events", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t") == ["Log_name", "Pos", "Event_type", "Server_id", "End_log_pos", "Info"]
    first = lines[1].split("\t")
    assert first[1] == "4" and first[2] == "FORMAT_DESCRIPTION_EVENT" and first[5].startswith("Server ver: 5.7.24")


def test_console_script_runs(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("binlog-ksy")
    out = subprocess.run([str(exe), "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "events" in out.stdout and "rows" in out.stdout


from fixture_index import load_index  # noqa: E402

CORRUPT = {"blackbeam__rust_mysql_common/test-data__binlogs__corrupt-relay-bin.000624": 91204}


@pytest.mark.parametrize("fx", load_index(), ids=lambda f: f.name)
def test_every_fixture_through_the_cli(fx, tmp_path: Path, capsys) -> None:
    """Exit 0 and every event printed for whole files; 1 and a located message for damaged ones."""
    path = fx.readable_path(tmp_path)
    status, events, err = run_jsonl(capsys, str(path))
    if fx.trailing_bytes:
        assert status == 1 and f"at byte {fx.size - fx.trailing_bytes}" in err
    elif fx.name in CORRUPT:
        assert status == 1 and f"at byte {CORRUPT[fx.name]}" in err and "QUERY_EVENT" in err
        # with --on-error skip, the damaged event is reported and every other event printed
        status, skipped, err = run_jsonl(capsys, str(path), extra=("--on-error", "skip"))
        assert status == 1 and f"at byte {CORRUPT[fx.name]}" in err
        assert len([e for e in skipped if "in_payload" not in e]) == sum(fx.histogram.values())
        assert [e["pos"] for e in skipped if e.get("error")] == [CORRUPT[fx.name]]
    else:
        assert status == 0, err
        assert err == ""
        assert len([e for e in events if "in_payload" not in e]) == sum(fx.histogram.values())
    assert "Traceback" not in err
