"""``ChangeReader.rows_events`` takes plain transactions whole (``runtime/_plain_rows.pyx``): it gives what the
event by event pass gives.

The rows events (their event, table map, op, bitmaps, row images, GTID and transaction id), the errors met and
the reader's state after them are the same with the compiled walk and with the switch off, and so is what
``rows --format jsonl`` and ``sql`` print (the messages and exit status too): on every fixture and sample
binlog, a sample's files read in turn (one schema history), the samples cut short at many places and with a
damaged byte (stop and skip modes), blocks so small that transactions cross them, binlogs hypothesis draws
from a sample's events put together again (plain transactions and odd ones), and where the table maps a
transaction leaves behind matter. ``tests/differential/paths.py`` compares ``rows`` with the server on every
drawn workload, through this walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_framing import _Stream
from test_plain_transactions import _SCENARIOS, damaged_copies, drawn_transactions, scenario_binlog

from binlog_ksy.runtime import _plain_rows, changes, reader
from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.rows.events import RowsEvent
from binlog_ksy.runtime.schema.history import SchemaHistory
from binlog_ksy.write import BinlogBuilder
from differential.paths import run_cli
from fixture_index import ROOT, load_index

SAMPLES = sorted((ROOT / "samples").glob("*/*/binlog.0*"))
SHOP = sorted((ROOT / "samples" / "mariadb-10.11" / "shop-full").glob("binlog.0*"))


def _rows_event(rows_event: RowsEvent) -> tuple[Any, ...]:
    event, table_map = rows_event.event, rows_event.table_map
    return (event.pos, event.type_code, event.timestamp, event.server_id, table_map.table_id,
            table_map.qualified_name, table_map.columns, rows_event.op, rows_event.present_before,
            rows_event.present_after, rows_event.data, rows_event.partial_json, rows_event.gtid,
            rows_event.transaction)


def _read(paths: Sequence[Path], on_error: str, verify: bool = True) -> list[Any]:
    """Each file's rows events, errors and the reader's state after them (one schema history for all)."""
    history = SchemaHistory()
    return [_read_one(ChangeReader(str(path), on_error=on_error, history=history,  # type: ignore[arg-type]
                                   verify_checksums=verify)) for path in paths]


def _read_one(reader_: ChangeReader) -> tuple[Any, ...]:
    rows: list[Any] = []
    stopped = None
    try:
        for rows_event in reader_.rows_events():
            rows.append(_rows_event(rows_event))
    except Exception as exc:  # noqa: BLE001 - the stop-mode error, compared as a result
        stopped = f"{type(exc).__name__}: {exc}"
    seen = reader_.reader._seen  # what a resync after damage trusts: the server ids and latest time met
    return (rows, stopped, [str(e) for e in reader_.errors], reader_.state, reader_.transactions.in_transaction,
            sorted(m.table_id for m in reader_.tables), sorted(seen.server_ids), seen.last)


def both_ways(monkeypatch: pytest.MonkeyPatch, paths: Sequence[Path], on_error: str = "skip",
              cli: bool = True, verify: bool = True) -> list[Any]:
    """The rows events of ``paths`` taken whole where plain, then event by event: the same. With ``cli``, also
    ``rows --format jsonl`` and ``sql``. After each file's result: how many rows events the take at a block's
    head took (from the file's bytes), then how many were taken whole in all (that and the walk over framed
    events)."""
    taken: list[int] = []
    took: list[int] = []
    real_walk, real_take = _plain_rows.PlainRows.walk, _plain_rows.PlainRows.take

    class Counting(_plain_rows.PlainRows):
        def walk(self, block: Any, start: int, version: int) -> Any:
            got = real_walk(self, block, start, version)
            taken.append(len(got[0]))
            return got

        def take(self, *args: Any) -> Any:
            got = real_take(self, *args)
            took.append(len(got[1].rows_events) if got[1] is not None else 0)
            return got

    flags = ["--on-error", on_error] + ([] if verify else ["--no-verify-checksums"])
    monkeypatch.setattr(changes, "PlainRows", Counting)
    whole = _read(paths, on_error, verify)
    runs = [run_cli([*argv, *flags, *paths]) for argv in (["rows", "--format", "jsonl"], ["sql"])] if cli else []
    with monkeypatch.context() as m:
        m.setattr(changes, "PREFER_PLAIN_ROWS", False)
        assert _read(paths, on_error, verify) == whole, paths
        if cli:
            again = [run_cli([*argv, *flags, *paths]) for argv in (["rows", "--format", "jsonl"], ["sql"])]
            assert again == runs, paths
    whole.append(sum(took))
    whole.append(sum(taken) + sum(took))
    return whole


def test_the_samples_take_plain_transactions_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most rows events of the MariaDB samples come from the walk (so the comparisons below compare something)."""
    for path in SHOP:
        result = both_ways(monkeypatch, [path], cli=False)
        rows, taken = len(result[0][0]), result[-1]
        assert taken and taken >= rows // 2, (path, taken, rows)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: "/".join(p.parts[-3:]))
@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_samples_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, path: Path, on_error: str) -> None:
    both_ways(monkeypatch, [path], on_error)


def test_every_fixture_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for fixture in load_index():
        both_ways(monkeypatch, [fixture.readable_path(tmp_path)], cli=False)


def test_a_file_set_read_in_turn_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """One schema history over the files: a TABLE_MAP met under an earlier version is looked up again."""
    for folder in sorted((ROOT / "samples" / "mariadb-10.11").iterdir()):
        files = sorted(folder.glob("binlog.0*"))
        if files:
            both_ways(monkeypatch, files)


#: Blocks so small that transactions cross them (a few to a few dozen events each): a block that starts with a
#: GTID event has its plain transactions taken from the file's bytes (``PlainRows.take``).
SMALL_BLOCKS = (700, 1000, 2000, 4096)


def test_blocks_that_cut_transactions_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """Transactions that do not end in their block go event by event; the ones that do are still taken, and
    with small blocks most from the file's bytes, since a block then ends before the transaction it cuts."""
    for block in (300, *SMALL_BLOCKS):
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        *_, took, taken = both_ways(monkeypatch, SHOP[1:2])
        assert (taken > 0) == (block > 300), block  # 300 bytes: no transaction ends in its block
        assert (took > 0) == (block > 300), block


@pytest.mark.parametrize("on_error", ["stop", "skip"])
@pytest.mark.parametrize("block", [None, 1000], ids=["default-blocks", "small-blocks"])
def test_cut_short_anywhere_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               on_error: str, block: int | None) -> None:
    if block is not None:
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
    data = SHOP[1].read_bytes()
    cut = tmp_path / "binlog.000002"
    stopped = 0
    for size in range(300, len(data), max(1, len(data) // 37)):
        cut.write_bytes(data[:size])
        result = both_ways(monkeypatch, [cut], on_error, cli=size % 3 == 0)
        stopped += result[0][1] is not None or bool(result[0][2])
    assert stopped, "no cut was reported"


def test_a_stream_that_cannot_seek_gives_what_the_file_gives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Read from a stream, the bytes after what a block frames are kept for the next block (not read again):
    the same rows events, errors and state as from the file, with small blocks, whole and damaged."""
    for path in (SHOP[1], *damaged_copies(SHOP[1], tmp_path / "binlog.000002", 3)):
        data = path.read_bytes()
        for block in SMALL_BLOCKS:
            monkeypatch.setattr(reader, "FRAME_BLOCK", block)
            for on_error in ("stop", "skip"):
                from_file = _read([path], on_error)
                stream = ChangeReader(_Stream(data, 333), name=str(path), on_error=on_error,  # type: ignore[arg-type]
                                      history=SchemaHistory())
                assert _read_one(stream) == from_file[0], (path, block, on_error)


def test_times_and_servers_met_in_transactions_taken_the_same_both_ways(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    """Transactions later than the format description, the second half of them from another server, cut at
    each XID: the take notes their times and server ids as the framing does (after damage, the reader trusts
    a candidate event by them)."""
    source = SHOP[1]
    builder = BinlogBuilder.like(source)
    fde, *events = [e for e in reader.BinlogReader(str(source)) if e.type_code != et.ROTATE_EVENT]
    ends = []
    for k, event in enumerate(events):
        rw = builder.edit(event)
        rw.header.timestamp = fde.timestamp + 1000 + k
        rw.header.server_id = 1 if k < len(events) // 2 else 2
        at = builder.add(event, rw)
        if event.type_code == et.XID_EVENT:
            ends.append(at + event.length)
    data = builder.to_bytes()
    path = tmp_path / "binlog.000002"
    for block in SMALL_BLOCKS:
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        for end in ends[len(ends) // 3::4]:
            path.write_bytes(data[:end])
            assert both_ways(monkeypatch, [path], "stop", cli=False)[-2], (block, end)


def test_a_damaged_byte_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With the default blocks and small ones (the take frames the file's bytes itself: it must stop at a
    checksum that does not match, or take it when checksums are not verified)."""
    took = 0
    for block in (reader.FRAME_BLOCK, 1000):
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        for bad in damaged_copies(SHOP[1], tmp_path / "binlog.000002", 5):
            for on_error in ("stop", "skip"):
                took += both_ways(monkeypatch, [bad], on_error)[-2]
            both_ways(monkeypatch, [bad], "skip", cli=False, verify=False)
    assert took


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=drawn_transactions(), block=st.sampled_from((reader.FRAME_BLOCK, *SMALL_BLOCKS)))
def test_drawn_transactions_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              data: bytes, block: int) -> None:
    monkeypatch.setattr(reader, "FRAME_BLOCK", block)
    path = tmp_path / "binlog.000001"
    path.write_bytes(data)
    both_ways(monkeypatch, [path], "skip", cli=False)
    both_ways(monkeypatch, [path], "stop", cli=False)


@pytest.mark.parametrize("scenario", list(_SCENARIOS), ids=list(_SCENARIOS))
@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_table_maps_held_and_forgotten_as_event_by_event(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         scenario: str, on_error: str) -> None:
    path = tmp_path / "binlog.000001"
    scenario_binlog(scenario).save(path)
    result = both_ways(monkeypatch, [path], on_error)
    assert result[-1] > 0  # the plain transactions before and after the scenario's were taken
    for block in SMALL_BLOCKS:  # a block may start with any of the scenario's transactions
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        both_ways(monkeypatch, [path], on_error, cli=False)


def test_a_table_altered_between_transactions_of_tables_in_turn(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """Two tables written in turn, one of them renamed a column of in between, in a binlog with no column names
    (the schema history names them): the walk keeps the table maps it met, and after the ALTER it takes none
    met before it (the same TABLE_MAP bytes name other columns now)."""
    source = ROOT / "samples" / "mariadb-10.11" / "shop-minimal-nocrc" / "binlog.000001"
    events = list(reader.BinlogReader(str(source)))
    gtids = [i for i, e in enumerate(events) if e.type_code == et.MARIADB_GTID_EVENT]
    tables = {e.body.table: i for i, e in reversed(list(enumerate(events))) if e.type_code == et.TABLE_MAP_EVENT}
    xids = [i for i, e in enumerate(events) if e.type_code == et.XID_EVENT]

    def transaction(table: str) -> list[Any]:  # its first statement alone: GTID, TABLE_MAP, rows event, XID
        at = tables[table]
        return [events[max(g for g in gtids if g < at)], events[at], events[at + 1],
                events[min(x for x in xids if x > at)]]

    builder = BinlogBuilder.like(source)
    for event in events[1:]:
        if event.type_code != et.ROTATE_EVENT:
            builder.add(event)
    one, other = transaction("customers"), transaction("products")
    for event in [*one, *other, *one]:
        builder.add(event)
    builder.add(events[gtids[0]])
    builder.query("ALTER TABLE customers CHANGE COLUMN email mail VARCHAR(255) NOT NULL", schema="shop")
    for event in [*one, *other] * 3:
        builder.add(event)
    path = tmp_path / "binlog.000001"
    builder.save(path)
    for block in (reader.FRAME_BLOCK, *SMALL_BLOCKS):
        monkeypatch.setattr(reader, "FRAME_BLOCK", block)
        result = both_ways(monkeypatch, [path])
        names = [[c.name for c in row[6]] for row in result[0][0] if row[5] == "shop.customers"]
        assert "email" in names[0] and "mail" in names[-1], names
        assert result[-1] >= 4  # transactions after the ALTER were taken whole
