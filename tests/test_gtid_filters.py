"""--include-gtids / --exclude-gtids: whole transactions by GTID, the same in every command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from binlog_ksy.cli import main
from binlog_ksy.runtime.errors import UsageError
from binlog_ksy.runtime.filters import ChangeFilter, parse_gtid_set

ROOT = Path(__file__).resolve().parent.parent
SHOP = sorted(str(p) for p in (ROOT / "samples" / "mariadb-10.11" / "shop-full").iterdir() if "binlog." in p.name)
UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562"


def test_gtid_sets_parse_match_and_round_trip() -> None:
    flt = ChangeFilter.create(include_gtids=[f"0-1-5-10,{UUID.upper()}:1-5:7", f"{UUID}:tg:3"],
                              exclude_gtids="0-1-7")
    assert [flt.wants_gtid(g) for g in ("0-1-5", "0-1-7", "0-1-11", "0-2-5", f"{UUID}:7", f"{UUID}:6",
                                        f"{UUID}:tg:3", f"{UUID}:tg:4", "ANONYMOUS", None)] == [
        True, False, False, False, True, False, True, False, False, False]
    assert ChangeFilter.from_options(flt.to_options()) == flt
    only_out = ChangeFilter.create(exclude_gtids="0-1-7")
    assert only_out.wants_gtid(None) and only_out.wants_gtid("0-1-8") and not only_out.wants_gtid("0-1-7")
    for bad in ("0-1", "nonsense", f"{UUID}", f"{UUID}:x-1", "0-1-a"):
        with pytest.raises(UsageError, match="not a GTID set"):
            parse_gtid_set(bad)


def _rows(capsysbinary: pytest.CaptureFixture[bytes], *args: str) -> list[dict[str, Any]]:
    assert main(["rows", "--format", "jsonl", *args, *SHOP]) == 0
    return [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]


def test_rows_sql_and_events_keep_the_same_transactions(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    every = _rows(capsysbinary)
    gtids = sorted({c["gtid"] for c in every}, key=lambda g: int(g.rsplit("-", 1)[1]))
    assert len(gtids) > 10
    chosen = [gtids[2], gtids[5]]
    kept = _rows(capsysbinary, "--include-gtids", ",".join(chosen))
    assert kept == [c for c in every if c["gtid"] in chosen]
    dropped = _rows(capsysbinary, "--exclude-gtids", chosen[0], "--exclude-gtids", chosen[1])
    assert dropped == [c for c in every if c["gtid"] not in chosen]
    domain, server, first = gtids[2].split("-")
    last = gtids[5].rsplit("-", 1)[1]
    ranged = _rows(capsysbinary, "--include-gtids", f"{domain}-{server}-{first}-{last}")
    assert {c["gtid"] for c in ranged} == set(gtids[2:6])

    assert main(["sql", "--include-gtids", ",".join(chosen), *SHOP]) == 0
    sql = capsysbinary.readouterr().out.decode()
    assert [line.split(" gtid ")[1].split()[0] for line in sql.splitlines() if line.startswith("-- ")] == chosen

    assert main(["events", "--format", "jsonl", "--include-gtids", chosen[0], *SHOP]) == 0
    events = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]
    inside = [e for e in events if e.get("type") in ("WRITE_ROWS_EVENT", "UPDATE_ROWS_EVENT", "DELETE_ROWS_EVENT",
                                                     "XID_EVENT", "TABLE_MAP_EVENT")]
    assert inside and len({e["file"] for e in inside}) == 1
    assert any(e["type"] == "FORMAT_DESCRIPTION_EVENT" for e in events)  # outside transactions: kept


def test_every_command_spells_the_gtid_flags_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    from binlog_ksy.cli import build_parser

    for command in ("events", "rows", "sql", "stats", "extract"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        text = capsys.readouterr().out
        assert "--include-gtids GTIDS" in text and "--exclude-gtids GTIDS" in text, command


@pytest.mark.parametrize("option", [{}, {"databases": "elsewhere"}, {"tables": "orders"}, {"start_position": 400},
                                    {"stop_position": 900}, {"start_datetime": "2030-01-01"},
                                    {"stop_datetime": "2000-01-01"}, {"include_gtids": "0-1-1"},
                                    {"exclude_gtids": "0-1-1-1000"}])
def test_keeps_every_event_only_without_a_filter(option: dict[str, Any]) -> None:
    """``events`` skips the selection when it keeps everything: true only when it does, of every event."""
    from binlog_ksy.runtime.filters import EventSelection
    from binlog_ksy.runtime.reader import BinlogReader

    selection = EventSelection(ChangeFilter.create(**option))
    kept = [selection.wants(event) for path in SHOP for event in BinlogReader(path)]
    assert selection.keeps_every_event == (not option)
    if not option:
        assert all(kept)
    else:  # each of these filters leaves some event of the sample out
        assert not all(kept), option
