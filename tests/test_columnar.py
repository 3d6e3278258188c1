"""The columnar decoder gives exactly what the row decoder gives, converted to Arrow.

The row decoder (``runtime/rows/image.py``) is the reference; the columnar one
(``runtime/rows/columnar.py``) must agree on every rows event of every shared
fixture and bundled sample, event by event and over whole runs of events
(``iter_change_columns``). The MariaDB oracle tests run the same check on
binlogs of every column type (``test_mariadb_rows_oracle.py``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.rows import columnar
from binlog_ksy.runtime.rows.columnar import (
    ChangeColumns,
    ImageColumns,
    columns_of_rows,
    decode_run,
    iter_change_columns,
    iter_change_groups,
)
from binlog_ksy.runtime.rows.events import RowsEvent
from binlog_ksy.runtime.rows.image import decode_rows
from binlog_ksy.runtime.rows.scan import VALUE_NULL, gather_values, scan_images
from fixture_index import FIXTURES as FIXTURES_DIR

ROOT = Path(__file__).resolve().parent.parent


def binlog_files() -> list[Path]:
    paths = [p for p in FIXTURES_DIR.rglob("*") if p.is_file()]
    paths += [p for p in (ROOT / "samples").rglob("*") if p.is_file()]
    out = []
    for p in sorted(paths):
        with open(p, "rb") as fh:
            if fh.read(4) == b"\xfebin":
                out.append(p)
    return out


def _decoded_events(path: Path) -> Iterator[tuple[RowsEvent, list[Any]]]:
    """Every rows event of a file that the row decoder decodes, with its (before, after) pairs."""
    reader = ChangeReader(path, on_error="skip")
    for ev in reader.rows_events():
        try:
            pairs = decode_rows(ev.table_map.columns, ev.op, ev.present_before, ev.present_after, ev.data,
                                partial_json=ev.partial_json, memo=ev.table_map.memo)
        except Exception:  # noqa: BLE001 - events the row decoder rejects (any error) are not compared here
            continue
        yield ev, pairs


def _side_tables(runs: list[ChangeColumns], side: str) -> list[tuple[int, str, list[tuple[str, pa.Array]]]]:
    out: list[tuple[int, str, list[tuple[str, pa.Array]]]] = []
    for run in runs:
        image = getattr(run, side)
        if image is None:
            continue
        for i in range(run.count):
            ev = run.events[int(run.event_of_row[i])]
            out.append((ev.event.pos, run.op, [(c.name, a[i]) for c, a in zip(image.columns, image.arrays,
                                                                              strict=True)]))
    return out


def assert_columnar_equals_row_decoder(path: Path) -> int:
    """Check one file both ways; returns how many events took the columnar path."""
    fast_events = 0
    slow_runs = []  # the row decoder's runs, one per event it decodes (what the whole runs are compared with)
    for ev, pairs in _decoded_events(path):
        slow = columns_of_rows(ev, pairs)
        slow_runs.append(slow)
        fast = decode_run([ev])
        if fast is None:
            continue
        fast_events += 1
        assert fast.count == slow.count == len(pairs)
        assert fast.row_index.tolist() == list(range(len(pairs)))
        for side in ("before", "after"):
            a, b = getattr(fast, side), getattr(slow, side)
            assert (a is None) == (b is None)
            if a is None:
                continue
            assert a.exact == b.exact, (path, ev.event.pos, side)
            for column, x, y in zip(a.columns, a.arrays, b.arrays, strict=True):
                assert x.type == y.type, (path, ev.event.pos, column)
                assert x.equals(y), (path, ev.event.pos, column, x.to_pylist()[:5], y.to_pylist()[:5])
    # whole runs: same rows, same order, same values
    fast_runs = list(iter_change_columns(ChangeReader(path, on_error="skip")))
    for side in ("before", "after"):
        got, want = _side_tables(fast_runs, side), _side_tables(slow_runs, side)
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            assert g[:2] == w[:2]
            assert [(n, v.as_py()) for n, v in g[2]] == [(n, v.as_py()) for n, v in w[2]], (path, g[0])
    return fast_events


FILES = binlog_files()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_columnar_decoder_equals_row_decoder(path: Path) -> None:
    assert_columnar_equals_row_decoder(path)


def test_most_fixture_events_take_the_columnar_path() -> None:
    fast = total = 0
    for path in FILES:
        reader = ChangeReader(path, on_error="skip")
        for ev in reader.rows_events():
            total += 1
            fast += decode_run([ev]) is not None
    assert total > 1000
    assert fast / total > 0.95


def test_scan_finds_every_value_and_null() -> None:
    # two columns: a 2-byte integer and a 1-byte-prefixed string; images: (7, "ab"), (NULL, ""), (9, NULL)
    data = bytes([0b00, 7, 0, 2, ord("a"), ord("b"), 0b01, 0, 0b10, 9, 0])
    scan = scan_images(np.frombuffer(data, np.uint8), [[2, -1]])
    assert scan.count == 3 and scan.truncated_at is None
    assert scan.starts.tolist() == [0, 6, 8]
    assert scan.offsets.tolist() == [[1, 4], [VALUE_NULL, 8], [9, VALUE_NULL]]
    assert scan.lengths[:, 1].tolist()[:2] == [2, 0]
    bounds, values = gather_values(np.frombuffer(data, np.uint8), scan.offsets[:, 1].copy(),
                                   scan.lengths[:, 1].copy())
    assert bounds.tolist() == [0, 2, 2, 2] and values.tobytes() == b"ab"


def test_scan_reports_a_truncated_image_and_grows_past_its_capacity(monkeypatch: pytest.MonkeyPatch) -> None:
    """The room is made for as many images as fit without NULLs; NULLs make more, and the room grows."""
    from binlog_ksy.runtime.rows import scan as row_scan

    calls = []
    compiled = getattr(row_scan, "scan")  # noqa: B009 - the loop the module uses, not in its __all__

    def counted(*args: Any) -> Any:
        calls.append(args)
        return compiled(*args)

    monkeypatch.setattr(row_scan, "scan", counted)
    image, null = bytes([0, 1, 0, 0, 0]), bytes([1])  # one 4-byte integer; that column NULL
    data = image * 1000 + null * 1000 + bytes([0, 1, 2])
    scan = scan_images(np.frombuffer(data, np.uint8), [[4]], capacity=1)
    assert scan.count == 2000 and len(calls) > 1
    assert scan.truncated_at == 6000
    assert scan.offsets[:1000, 0].tolist() == list(range(1, 5000, 5)) and set(scan.offsets[1000:, 0]) == {-1}


def test_update_images_alternate_layouts() -> None:
    before, after = bytes([0, 5]), bytes([0, 1, 0, 0, 0, 0, 0, 0, 0])  # 1-byte then 8-byte column
    scan = scan_images(np.frombuffer((before + after) * 3, np.uint8), [[1], [8]])
    assert scan.count == 6
    assert scan.offsets[::2, 0].tolist() == [1, 12, 23]


def row_path_json_lines(path: Path) -> bytes:
    """What ``rows --format jsonl`` printed before it was built from columns: one change at a time
    (with the schema history, as the command's default)."""
    from binlog_ksy.runtime.present.value_json import change_json
    from binlog_ksy.runtime.schema.history import SchemaHistory
    from binlog_ksy.runtime.types.json_text import dumps

    reader = ChangeReader(path, on_error="skip", history=SchemaHistory())
    return b"".join(dumps(change_json(c)).encode("utf-8") + b"\n" for c in reader)


def assert_jsonl_equals_row_path(path: Path, capsysbinary: pytest.CaptureFixture[bytes],
                                 got: bytes | None = None) -> None:
    """``rows --format jsonl --on-error skip`` of ``path`` (run here unless ``got`` is what it printed) is the
    row path's lines."""
    from binlog_ksy.cli import main

    if got is None:
        main(["rows", "--format", "jsonl", "--on-error", "skip", str(path)])
        got = capsysbinary.readouterr().out
    want = row_path_json_lines(path)
    if got != want:
        g, w = got.splitlines(), want.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(g, w, strict=False)) if a != b), min(len(g), len(w)))
        raise AssertionError(f"{path}: line {first}: {g[first:first + 1]} != {w[first:first + 1]} "
                             f"({len(g)} vs {len(w)} lines)")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_json_lines_from_columns_equal_the_row_path(path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert_jsonl_equals_row_path(path, capsysbinary, _column_path_jsonl(path, "skip", monkeypatch, capsysbinary)[1])


@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_small_files_written_change_by_change_equal_the_column_path(on_error: str, monkeypatch: pytest.MonkeyPatch,
                                                                    capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """``rows --format jsonl`` on a file under SMALL_FILE (change by change) prints what the column path prints:
    the same lines, messages and exit status, on every fixture and sample."""
    compared = 0
    for path in FILES:
        outcomes = [_column_path_jsonl(path, on_error, monkeypatch, capsysbinary),
                    _rows_jsonl(path, on_error, 1 << 40, monkeypatch, capsysbinary)]
        assert outcomes[0] == outcomes[1], path
        compared += bool(outcomes[0][1])
    assert compared > 50


def _rows_jsonl(path: Path, on_error: str, small_file: int, monkeypatch: pytest.MonkeyPatch,
                capsys: pytest.CaptureFixture[bytes]) -> tuple[int, bytes, bytes]:
    """``rows --format jsonl`` of one file with ``rows.SMALL_FILE`` set: its status, stdout and stderr."""
    from binlog_ksy.cli import main
    from binlog_ksy.runtime.commands import rows

    monkeypatch.setattr(rows, "SMALL_FILE", small_file)
    status = main(["rows", "--format", "jsonl", "--on-error", on_error, str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


#: ``rows --format jsonl`` of a fixture with every change from columns (SMALL_FILE 0), by (path, on_error): the
#: same bytes each time, so the tests that compare other paths with it (and the row path) run it once.
_COLUMN_PATH: dict[tuple[Path, str], tuple[int, bytes, bytes]] = {}


def _column_path_jsonl(path: Path, on_error: str, monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture[bytes]) -> tuple[int, bytes, bytes]:
    """:func:`_rows_jsonl` with SMALL_FILE 0, computed once per (path, on_error)."""
    if (path, on_error) not in _COLUMN_PATH:
        _COLUMN_PATH[path, on_error] = _rows_jsonl(path, on_error, 0, monkeypatch, capsys)
    return _COLUMN_PATH[path, on_error]


@pytest.mark.parametrize("on_error", ["stop", "skip"])
def test_few_changes_of_a_table_written_change_by_change_equal_the_column_path(
        on_error: str, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """``rows --format jsonl`` on a file past SMALL_FILE writes a table's few changes in a window change by
    change (columnar.iter_change_runs): the same lines, messages and exit status as every change from columns,
    on every fixture and sample, and some runs of each kind."""
    from binlog_ksy.runtime.rows.columnar import iter_change_runs

    compared = few = many = 0
    for path in FILES:
        # 0: every change from columns; 1: every file past it, its few changes by row
        outcomes = [_column_path_jsonl(path, on_error, monkeypatch, capsysbinary),
                    _rows_jsonl(path, on_error, 1, monkeypatch, capsysbinary)]
        assert outcomes[0] == outcomes[1], path
        compared += bool(outcomes[0][1])
        if on_error == "skip":
            for run in iter_change_runs(ChangeReader(path, on_error="skip")):
                few += isinstance(run, list)
                many += not isinstance(run, list)
    assert compared > 50
    assert on_error == "stop" or (few > 100 and many > 100)


def test_most_fixture_runs_get_their_json_from_columns() -> None:
    from binlog_ksy.runtime.present.json_lines import json_lines

    bulk = total = 0
    for path in FILES:
        for columns in iter_change_columns(ChangeReader(path, on_error="skip")):
            total += 1
            bulk += json_lines(columns) is not None
    assert total > 500
    assert bulk / total > 0.9


# -- runs of one layout gathered across a window of events (iter_change_columns) ------------------------------

def _event_pool() -> list[RowsEvent]:
    """A few rows events of every (table layout, op, bitmaps) the fixtures hold, some truncated (undecodable)."""
    from binlog_ksy.runtime.rows.columnar import run_key

    pool: list[RowsEvent] = []
    seen: dict[Any, int] = {}
    for path in FILES:
        for ev in ChangeReader(path, on_error="skip").rows_events():
            key = run_key(ev)
            if seen.get(key, 0) >= 2 or len(pool) >= 400:
                continue
            seen[key] = seen.get(key, 0) + 1
            pool.append(ev)
    broken = [dataclasses.replace(ev, data=ev.data[:-1]) for ev in pool[::37] if len(ev.data) > 1]
    return pool + broken


class _ListSource:
    """A :class:`~binlog_ksy.runtime.rows.events.RowsEventSource` over a list of rows events (skip mode)."""

    undecodable = "strict"

    def __init__(self, events: list[RowsEvent]) -> None:
        self.events = events
        self.errors: list[Any] = []

    def rows_events(self) -> Iterator[RowsEvent]:
        yield from self.events

    def report(self, err: Any) -> None:
        self.errors.append(err)

    def decode_error(self, rows_event: RowsEvent, exc: Exception) -> Any:
        return ChangeReader.decode_error(rows_event, exc)

    def decode(self, rows_event: RowsEvent) -> list[Any]:
        return ChangeReader.decode(self, rows_event)  # type: ignore[arg-type]  # what it uses, this has


_POOL: list[RowsEvent] = []


def _pool() -> list[RowsEvent]:
    if not _POOL:
        _POOL.extend(_event_pool())
    return _POOL


def test_few_changes_are_counted_not_guessed_from_bytes() -> None:
    """fewer_changes counts a run's changes from its images' sizes: for every (layout, op, bitmaps) of the
    fixtures, the answer at each limit is what the row decoder's count says; a run with an event the row
    decoder rejects is always few (it goes to the row decoder, which reports it)."""
    from binlog_ksy.runtime.rows.columnar import run_key
    from binlog_ksy.runtime.rows.image_bounds import fewer_changes

    groups: dict[Any, list[RowsEvent]] = {}
    for ev in _pool():
        groups.setdefault(run_key(ev), []).append(ev)
    counted = 0
    for events in groups.values():
        try:
            changes = sum(len(decode_rows(ev.table_map.columns, ev.op, ev.present_before, ev.present_after,
                                          ev.data, partial_json=ev.partial_json)) for ev in events)
        except Exception:  # noqa: BLE001 - an event the row decoder rejects
            assert fewer_changes(events, 1 << 30)
            continue
        if events[0].partial_json:
            continue
        for limit in {1, changes, changes + 1, 2 * changes + 1}:
            assert fewer_changes(events, limit) == (changes < limit), (events[0].event.pos, changes, limit)
        counted += 1
    assert counted > 50


def test_few_changes_decoded_by_row_equal_the_column_decode(monkeypatch: pytest.MonkeyPatch) -> None:
    """decode_changes takes a run of few changes through the row decoder: for every (layout, op, bitmaps) of
    the fixtures whose run the column decoder takes, the same rows, in the same events, with the same values
    (Arrow arrays, exactness) as decode_run."""
    from binlog_ksy.runtime.rows.columnar import decode_changes, decode_run, run_key

    monkeypatch.setattr(columnar, "FEW_ROWS", 1 << 30)  # every run is few
    groups: dict[Any, list[RowsEvent]] = {}
    for ev in _pool():
        groups.setdefault(run_key(ev), []).append(ev)
    compared = 0
    for events in groups.values():
        want = decode_run(events)
        if want is None:
            continue
        got = decode_changes(events)
        assert got is not None, events[0].event.pos
        assert got.count == want.count and got.events == want.events
        assert got.event_of_row.tolist() == want.event_of_row.tolist()
        assert got.row_index.tolist() == want.row_index.tolist()
        for side in ("before", "after"):
            mine, theirs = getattr(got, side), getattr(want, side)
            assert (mine is None) == (theirs is None)
            if mine is not None:
                assert mine.columns == theirs.columns and mine.exact == theirs.exact
                for column, a, b in zip(mine.columns, mine.arrays, theirs.arrays, strict=True):
                    assert a.equals(b), (events[0].event.pos, side, column.name, a, b)
        compared += 1
    assert compared > 50


def _want_rows(events: list[RowsEvent]) -> tuple[list[ChangeColumns], list[int]]:
    """The row decoder's runs of single events, and the positions of the events it rejects (file order)."""
    runs, rejected = [], []
    for ev in events:
        try:
            pairs = decode_rows(ev.table_map.columns, ev.op, ev.present_before, ev.present_after, ev.data,
                                partial_json=ev.partial_json, memo=ev.table_map.memo)
        except Exception:  # noqa: BLE001 - the columnar path must reject (and report) the same events
            rejected.append(ev.event.pos)
            continue
        runs.append(columns_of_rows(ev, pairs))
    return runs, rejected


def _rows_in_order(runs: list[ChangeColumns]) -> list[tuple[Any, ...]]:
    out = []
    for run in runs:
        for i in range(run.count):
            ev = run.events[int(run.event_of_row[i])]
            row: list[Any] = [ev.event.file, ev.event.pos, run.op, int(run.row_index[i])]
            for side in (run.before, run.after):
                row.append(None if side is None else [(c.name, a[i].as_py()) for c, a in
                                                      zip(side.columns, side.arrays, strict=True)])
            out.append(tuple(row))
    return out


def _json_lines_of_runs(source: _ListSource, runs: list[ChangeColumns]) -> bytes:
    """What ``rows --format jsonl`` writes for these runs."""
    import io

    from binlog_ksy.runtime.commands.rows import _write_json_lines

    out = io.BytesIO()
    for run in runs:
        _write_json_lines(source, run, out.write)  # type: ignore[arg-type]  # reads undecodable and decode only
    return out.getvalue()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chosen=st.lists(st.integers(min_value=0), min_size=1, max_size=8),
       picks=st.lists(st.integers(min_value=0, max_value=63), min_size=1, max_size=60),
       budget=st.one_of(st.integers(min_value=1, max_value=3000), st.just(1 << 20)),
       many_keys=st.sampled_from([1, 2, 3, 32]))
def test_runs_gathered_per_layout_equal_the_row_decoder_in_file_order(chosen: list[int], picks: list[int],
                                                                      budget: int, many_keys: int,
                                                                      tmp_path_factory: pytest.TempPathFactory
                                                                      ) -> None:
    from binlog_ksy.runtime.outputs.parquet import TypedParquetOutput
    from binlog_ksy.runtime.outputs.typed import typed_batch
    from binlog_ksy.runtime.present.value_json import change_json
    from binlog_ksy.runtime.types.json_text import dumps

    pool = _pool()
    # a few events (pool neighbours often share a layout) interleaved: tables, ops and bitmaps in turn, repeats
    events = [pool[(chosen[p % len(chosen)] + p // len(chosen) % 2) % len(pool)] for p in picks]
    source = _ListSource(events)
    with mock.patch.object(columnar, "MANY_KEYS", many_keys):  # windows of many keys read twice as far
        got = list(iter_change_columns(source, max_run_bytes=budget))
    want, rejected = _want_rows(events)
    assert _rows_in_order(got) == _rows_in_order(want)
    assert [err.offset for err in source.errors] == rejected
    # runs are consecutive events of one key, and a slice is its group's rows
    for run in got:
        assert len({(e.table_map.columns, e.op, e.present_before, e.present_after) for e in run.events}) == 1
        if run.group is not None:
            whole = typed_batch(run.group).slice(run.group_start, run.count)
            assert typed_batch(run).equals(whole)
    # rows --format jsonl: the lines of runs (from their group's lines) are the row path's, in file order
    want_lines = []
    for ev in events:
        with contextlib.suppress(BinlogError):  # rejected: reported above
            want_lines += [dumps(change_json(c)).encode("utf-8") + b"\n" for c in source.decode(ev)]
    assert _json_lines_of_runs(source, got) == b"".join(want_lines)
    # the Parquet datasets hold each table's rows in file order, as the row decoder's runs give them, one part
    # per layout in turn: written from the groups a window's runs of one key make (iter_change_groups)
    grouped_source = _ListSource(events)
    with mock.patch.object(columnar, "MANY_KEYS", many_keys):
        grouped = list(iter_change_groups(grouped_source, max_run_bytes=budget))
    assert [err.offset for err in grouped_source.errors] == rejected
    out = tmp_path_factory.mktemp("typed") / "out"
    output = TypedParquetOutput(str(out))
    for columns, ordinals in grouped:
        assert len(ordinals) == len(columns.events)
        output.write(columns, ordinals)
    summary = output.commit()
    expected: dict[str, list[list[pa.RecordBatch]]] = {}  # a table's parts: its runs of one layout in turn
    for run in want:
        parts = expected.setdefault(run.table_map.qualified_name, [])
        batch = typed_batch(run)
        if not parts or not parts[-1][-1].schema.equals(batch.schema):
            parts.append([])
        parts[-1].append(batch)
    assert {name: (t["rows"], t["layouts"]) for name, t in summary["tables"].items()} == {
        name: (sum(b.num_rows for part in parts for b in part), len(parts)) for name, parts in expected.items()}
    for name, info in summary["tables"].items():
        files = sorted((out / info["folder"]).glob("part-*.parquet"))
        for written, part in zip(files, expected[name], strict=True):
            assert pq.read_table(written).to_pylist() == pa.Table.from_batches(part).to_pylist()


def test_a_window_hands_out_each_key_once_when_its_tables_take_turns() -> None:
    """Two tables written in turn: iter_change_groups hands out one group per key, whose ordinals are its
    events' places in the stream; iter_change_columns the same rows run by run."""
    from binlog_ksy.runtime.rows.columnar import run_key

    pool = [ev for ev in _pool() if columnar.decode_run([ev]) is not None]
    first = pool[0]
    second = next(ev for ev in pool if ev.table_map.qualified_name != first.table_map.qualified_name)
    events = [first, second, first, first, second, first]
    groups = list(iter_change_groups(_ListSource(events)))
    assert [(run_key(columns.events[0]), ordinals.tolist()) for columns, ordinals in groups] == [
        (run_key(first), [0, 2, 3, 5]), (run_key(second), [1, 4])]
    runs = list(iter_change_columns(_ListSource(events)))
    assert [len(run.events) for run in runs] == [1, 1, 2, 1, 1]
    assert sum(run.count for run in runs) == sum(columns.count for columns, _ in groups)


# -- text of single-byte charsets turned into UTF-8 a column at a time ----------------------------------------

def _single_byte_codecs() -> list[str]:
    from binlog_ksy.runtime.types.charsets import CHARSET_CODECS
    from binlog_ksy.runtime.types.text_columns import single_byte_table

    return sorted({c for c in CHARSET_CODECS.values() if c and single_byte_table(c) is not None})


def test_single_byte_tables_cover_latin1_and_the_8_bit_sets() -> None:
    codecs = _single_byte_codecs()
    assert {"mysql_latin1", "iso8859_2", "koi8_r", "cp850"} <= set(codecs)
    assert not {"utf-8", "big5", "utf-16-be", "shift_jis"} & set(codecs)


@settings(max_examples=200, deadline=None)
@given(codec=st.sampled_from(_single_byte_codecs()),
       values=st.lists(st.one_of(st.none(), st.binary(max_size=40)), min_size=1, max_size=30))
def test_single_byte_text_to_utf8_equals_the_row_decoder_text(codec: str, values: list[bytes | None]) -> None:
    from binlog_ksy.runtime.types.charsets import decode_mysql_latin1
    from binlog_ksy.runtime.types.text_columns import single_byte_table, to_utf8

    table = single_byte_table(codec)
    assert table is not None
    data = np.frombuffer(b"".join(v or b"" for v in values) + bytes(16), dtype=np.uint8)
    starts = np.cumsum([0] + [len(v or b"") for v in values])[:-1]
    offsets = np.array([s if v is not None else VALUE_NULL for s, v in zip(starts, values, strict=True)],
                       dtype=np.int64)
    lengths = np.array([len(v or b"") for v in values], dtype=np.int64)
    bounds, raw = gather_values(data, offsets, lengths)
    bounds, utf8 = to_utf8(bounds, raw, table)
    arr = pa.Array.from_buffers(pa.string(), len(values), [None, pa.py_buffer(bounds), pa.py_buffer(utf8)])
    arr.validate(full=True)

    def decode(v: bytes) -> str:
        return decode_mysql_latin1(v) if codec == "mysql_latin1" else v.decode(codec)

    assert arr.to_pylist() == [decode(v) if v is not None else "" for v in values]


def test_slice_events_of_events_without_rows() -> None:
    """A slice's rows, index arrays and images are the group's, even where its first event has no rows."""
    ids = pa.array([10, 11, 12, 13], pa.int32())
    image = ImageColumns((), [ids], True)
    events: list[Any] = ["e0", "e1", "e2", "e3"]  # stand-ins: slicing only counts them
    table_map: Any = None
    group = ChangeColumns(table_map, "insert", events,
                          np.array([0, 0, 2, 2], dtype=np.int64), np.array([0, 1, 0, 1], dtype=np.int32),
                          None, image)
    part = group.slice_events(1, 3, table_map)
    assert part.group is group and (part.group_start, part.count) == (2, 2) and part.events == events[1:3]
    assert part.event_of_row.tolist() == [1, 1] and part.row_index.tolist() == [0, 1]
    assert part.before is None and part.after is not None and part.after.arrays[0].to_pylist() == [12, 13]
    empty = group.slice_events(1, 2, table_map)
    assert empty.count == 0 and empty.event_of_row.tolist() == [] and empty.after is not None


def test_window_runs_of_an_empty_window_is_nothing() -> None:
    """A window with no rows event (a task whose rows events are all filtered out) hands out no run."""
    assert list(columnar.window_runs([])) == []
