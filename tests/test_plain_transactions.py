"""``stats`` counts plain transactions whole (``runtime/plain_transactions.py``): it says what the event by event
pass says.

Every output of ``stats`` (JSON and text, every transaction listed as big and long so that each one's figures
are compared, the exit status and the messages) is the same with the plain transactions counted whole and with
the switch off: on every fixture and sample binlog; on the samples cut short at many places (stop and skip
modes: the events held when reading fails are still counted) and with a damaged byte; on binlogs hypothesis
draws from a sample's events put together again (plain transactions and odd ones, thresholds at their
figures); and where the table maps a transaction leaves behind matter. ``tests/differential/paths.check_stats``
does the same on every drawn server workload, and ``tests/test_stats.py`` checks the figures against the
server's.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime import plain_transactions, reader, stats
from binlog_ksy.runtime.reader import BinlogReader
from binlog_ksy.write import BinlogBuilder
from differential.paths import run_cli
from fixture_index import ROOT, load_index

SAMPLES = sorted((ROOT / "samples").glob("*/*/binlog.0*"))
#: Every counted transaction listed, with its figures.
EVERY_ONE = ("--big-bytes", "0", "--long-seconds", "0")


def both_ways(monkeypatch: pytest.MonkeyPatch, argv: Sequence[str | Path]) -> tuple[int, bytes, str]:
    """``binlog-ksy stats ARGV`` with plain transactions counted whole, then event by event: the same result."""
    whole = run_cli(["stats", *argv])
    with monkeypatch.context() as m:
        m.setattr(plain_transactions, "PREFER_PLAIN", False)
        one_by_one = run_cli(["stats", *argv])
    assert whole == one_by_one, argv
    return whole


def test_the_samples_count_plain_transactions_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The MariaDB samples' row transactions are counted whole (so the comparisons below compare something)."""
    counted: list[int] = []
    real = stats.BinlogStats._count_plain

    def count(self: stats.BinlogStats, *args: object) -> None:
        counted.append(1)
        real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(stats.BinlogStats, "_count_plain", count)
    files = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))
    status, out, _ = run_cli(["stats", "--format", "json", *files])
    assert status == 0
    assert '"transactions"' in out.decode()
    assert len(counted) >= 10


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: "/".join(p.parts[-3:]))
@pytest.mark.parametrize("form", ["json", "text"])
def test_samples_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, path: Path, form: str) -> None:
    status, out, _ = both_ways(monkeypatch, ["--format", form, *EVERY_ONE, path])
    assert status == 0 and out
    both_ways(monkeypatch, ["--format", form, path])


def test_every_fixture_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for fixture in load_index():
        both_ways(monkeypatch, ["--format", "json", "--on-error", "skip", *EVERY_ONE,
                                fixture.readable_path(tmp_path)])


def test_a_file_set_read_in_turn_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    for folder in sorted((ROOT / "samples" / "mariadb-10.11").iterdir()):
        files = sorted(folder.glob("binlog.0*"))
        if files:
            both_ways(monkeypatch, ["--format", "json", *EVERY_ONE, *files])


def test_transactions_across_blocks_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """A transaction that does not end in its block of framed events is fed event by event: the same figures."""
    files = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))
    counted: list[int] = []
    real = stats.BinlogStats._count_plain

    def count(self: stats.BinlogStats, events: list[Any], *args: object) -> None:
        counted.append(len(events))
        real(self, events, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(stats.BinlogStats, "_count_plain", count)
    for block in (300, 1000, 4096):
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        counted.clear()
        _, out, _ = both_ways(monkeypatch, ["--format", "json", *EVERY_ONE, *files])
        listed = len(json.loads(out)["big_transactions"])
        assert len(counted) < listed and (len(counted) > 0) == (block >= 1000), block  # some whole, not all


@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_cut_short_anywhere_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               on_error: str) -> None:
    """Reading fails inside a plain transaction, between two, inside an event: what was read before counts."""
    data = (ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002").read_bytes()
    cut = tmp_path / "binlog.000002"
    statuses = set()
    for size in range(300, len(data), max(1, len(data) // 37)):
        cut.write_bytes(data[:size])
        status, _, _ = both_ways(monkeypatch, ["--format", "json", "--on-error", on_error, *EVERY_ONE, cut])
        statuses.add(status)
    assert statuses - {0}, "no cut was reported"


def damaged_copies(source: Path, target: Path, places: int) -> Iterator[Path]:
    """``source`` written to ``target`` with one byte flipped, at each of ``places`` places in turn."""
    data = source.read_bytes()
    for where in range(len(data) // places, len(data), len(data) // places):
        damaged = bytearray(data)
        damaged[where] ^= 0x5A
        target.write_bytes(damaged)
        yield target


def test_a_damaged_byte_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A checksum that does not match inside a run of plain transactions: skipped or stopped at, the same."""
    source = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002"
    for bad in damaged_copies(source, tmp_path / "binlog.000002", 5):
        for on_error in ("stop", "skip"):
            both_ways(monkeypatch, ["--format", "json", "--on-error", on_error, *EVERY_ONE, bad])


# -- drawn transactions --------------------------------------------------------------------------------------

_SOURCE = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000002"


@functools.cache
def _pieces() -> dict[Any, list[Any]]:
    """The sample's events by what they are, and by table id: its TABLE_MAPs, rows events and statements
    (ANNOTATE_ROWS, TABLE_MAP and rows event)."""
    events = list(BinlogReader(str(_SOURCE)))
    out: dict[Any, list[Any]] = {"gtid": [], "xid": [], "query": []}
    for i, event in enumerate(events):
        code = event.type_code
        if code == et.MARIADB_GTID_EVENT:
            out["gtid"].append(event)
        elif code == et.XID_EVENT:
            out["xid"].append(event)
        elif code in et.QUERY_EVENTS:
            out["query"].append(event)
        elif code == et.TABLE_MAP_EVENT:
            out.setdefault(("table_map", event.body.table_id), []).append(event)
        elif code in et.ROWS_EVENTS:
            table_id = event.body.table_id
            out.setdefault(("rows", table_id), []).append(event)
            if events[i - 1].type_code == et.TABLE_MAP_EVENT and events[i - 2].type_code == et.ANNOTATE_ROWS_EVENT:
                out.setdefault(("statement", table_id), []).append(tuple(events[i - 2:i + 1]))
    return out


#: The shapes of drawn transactions: mostly plain ones, and the odd ones a plain one must not be taken for.
_SHAPES = ("plain",) * 5 + ("map after the rows", "rows with no map first", "no xid", "a statement", "nothing",
                            "anything")


@st.composite
def drawn_transactions(draw: Any) -> bytes:
    """A binlog of the sample's events put together again: mostly plain transactions (the same ones again and
    again, as OLTP writes them) of one or two tables, and odd ones among them."""
    pieces = _pieces()
    ids = sorted(key[1] for key in pieces if key[0] == "statement")
    tables = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=2, unique=True))

    def statements(builder: BinlogBuilder, least: int) -> None:
        for _ in range(draw(st.integers(least, 3))):
            for event in draw(st.sampled_from(pieces["statement", draw(st.sampled_from(tables))])):
                builder.add(event)

    builder = BinlogBuilder.like(_SOURCE)
    for _ in range(draw(st.integers(1, 14))):
        shape = draw(st.sampled_from(_SHAPES))
        builder.add(draw(st.sampled_from(pieces["gtid"])))
        if shape == "rows with no map first":
            builder.add(draw(st.sampled_from(pieces["rows", draw(st.sampled_from(tables))])))
        if shape == "anything":
            for _ in range(draw(st.integers(0, 4))):
                what = draw(st.sampled_from(("rows", "table_map", "query", "statement")))
                if what == "query":
                    builder.add(draw(st.sampled_from(pieces["query"])))
                elif what == "statement":
                    statements(builder, 1)
                else:
                    builder.add(draw(st.sampled_from(pieces[what, draw(st.sampled_from(tables))])))
        elif shape != "nothing":
            statements(builder, 0 if shape != "plain" else 1)
        if shape == "a statement":
            builder.add(draw(st.sampled_from(pieces["query"])))
            statements(builder, 0)
        if shape == "map after the rows":
            builder.add(draw(st.sampled_from(pieces["table_map", draw(st.sampled_from(tables))])))
        if shape != "no xid" and (shape != "anything" or draw(st.booleans())):
            builder.add(draw(st.sampled_from(pieces["xid"])))
    return builder.to_bytes()


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=drawn_transactions(), which=st.integers(0, 20), on_error=st.sampled_from(["stop", "skip"]))
def test_drawn_transactions_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data: bytes,
                                              which: int, on_error: str) -> None:
    """Every transaction's figures; then each threshold at some transactions' figures (the others out of
    reach)."""
    path = tmp_path / "binlog.000001"
    path.write_bytes(data)
    _, out, _ = both_ways(monkeypatch, ["--format", "json", "--on-error", on_error, *EVERY_ONE, path])
    listed = json.loads(out)["big_transactions"] if out else []
    if not listed:
        return
    for flag, figure in (("--big-rows", "rows"), ("--big-bytes", "bytes"), ("--long-seconds", "seconds")):
        # at a transaction's figure: one that counts it short is missed (one over it lists no more: the
        # figures listed are the event by event ones)
        values = sorted({one[figure] for one in listed})
        for at in values[which % len(values)::max(1, len(values) // 4)]:
            thresholds = {"--big-rows": "1099511627776", "--big-bytes": "1099511627776",
                          "--long-seconds": "1099511627776", flag: str(at)}
            both_ways(monkeypatch, ["--format", "json", "--on-error", on_error,
                                    *(part for pair in thresholds.items() for part in pair), path])


#: Transactions put together from the sample's events: G a GTID, S a statement (ANNOTATE_ROWS, TABLE_MAP,
#: rows event), M a TABLE_MAP and R a rows event of the same table, X an XID, | between transactions.
_SCENARIOS = {
    "a map after the rows stays for the next transaction": "GSMX|GRX",
    "a transaction with no rows forgets no map": "GSMX|GX|GRX",
    "a rows event after its statement ended has no map": "GSRX",
    "a map of before is gone after its statement ended too": "GSMX|GSRX",
    "a map of before is gone after its statement ended in another transaction": "GSMX|GSX|GRX",
    "a map of before and a statement": "GSMX|GRSX",
    "a map before the statement": "GMSX",
    "no xid before the next gtid": "GS|GSX|GSMX|GRX",
}


def scenario_binlog(scenario: str) -> BinlogBuilder:
    """A binlog of :data:`_SCENARIOS`' transactions, after plain transactions that taught the reader every
    event (so that the ones of the scenario may be taken whole) and before one more."""
    pieces = _pieces()
    table = sorted(key[1] for key in pieces if key[0] == "statement")[0]
    parts = {"G": [pieces["gtid"][0]], "S": list(pieces["statement", table][0]), "M": [pieces["table_map", table][0]],
             "R": [pieces["rows", table][0]], "X": [pieces["xid"][0]], "|": []}
    builder = BinlogBuilder.like(_SOURCE)
    for letter in "GSX|GSX|" + _SCENARIOS[scenario] + "|GSX":
        for event in parts[letter]:
            builder.add(event)
    return builder


@pytest.mark.parametrize("scenario", list(_SCENARIOS), ids=list(_SCENARIOS))
@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_table_maps_held_and_forgotten_as_event_by_event(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         scenario: str, on_error: str) -> None:
    """After plain transactions that taught the reader every event (so that the ones below may be taken
    whole), the table maps a transaction leaves behind are the ones the event by event pass leaves."""
    path = tmp_path / "binlog.000001"
    scenario_binlog(scenario).save(path)
    status, out, err = both_ways(monkeypatch, ["--format", "json", "--on-error", on_error, *EVERY_ONE, path])
    assert ("no TABLE_MAP" in err) == ("after its statement ended" in scenario), err


def test_the_overview_watches_every_transaction(monkeypatch: pytest.MonkeyPatch) -> None:
    """The explorer's overview (a ``stats`` engine that watches each transaction and rows event) counts none
    whole: its histograms hold every transaction ``stats`` counts, its figures are ``stats``' and its GTID
    ranges hold every GTID; so does every other engine that watches them."""
    from binlog_ksy.runtime.explore.overview import build_overview

    files = [str(p) for p in sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))]
    overview = build_overview(files)
    _, out, _ = run_cli(["stats", "--format", "json", *files])
    counted = json.loads(out)
    assert overview["stats"] == counted
    assert sum(bucket["count"] for bucket in overview["histograms"]["rows"]) == counted["transactions"]
    gtids = sum(r[1] - r[0] + 1 for source in overview["gtid_ranges"] for r in source["ranges"])
    assert gtids == counted["transactions"]
    for engine in stats.BinlogStats.__subclasses__():
        if engine._close is not stats.BinlogStats._close or engine._add_rows is not stats.BinlogStats._add_rows:
            assert not engine.COUNTS_PLAIN_WHOLE, engine
