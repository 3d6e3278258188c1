"""``sql`` statements built from Arrow columns equal the per-change path's, byte for byte.

The per-change path (:func:`runtime.present.sql.change_sql`, one
:func:`sql_literal` per value) is the reference; the per-run path
(:mod:`runtime.present.sql_columns`) must give the same text or hand the run
back (``None``). Checked three ways:

* a property test over a table with a column of every type (NULLs, edge
  values, odd charsets, binary strings with quotes/backslashes/NUL, zero
  dates, JSON scalars, MINIMAL images, keys known or not): every literal and
  every statement, redo and undo, against the per-change path;
* ``sql`` and ``sql --flashback`` of every shared fixture and bundled sample,
  with every run built from columns where it can be and with none: the same
  output, errors and exit status;
* the same on the every-type workload of a real server (``test_sql_oracle.py``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Context, Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_columnar import FILES

from binlog_ksy.cli import main
from binlog_ksy.runtime.changes import ChangeReader, RowChange
from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.commands import sql as sql_command
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.errors import SqlRefusal
from binlog_ksy.runtime.present.sql import change_sql, literal_writer, sql_literal
from binlog_ksy.runtime.present.sql_columns import literal_texts, run_statements
from binlog_ksy.runtime.rows.columnar import ChangeColumns, ImageColumns, iter_change_columns
from binlog_ksy.runtime.rows.events import Op
from binlog_ksy.runtime.table_map import TableMap
from binlog_ksy.runtime.types.arrow import arrow_type, value_converter
from binlog_ksy.runtime.types.geometry import Geometry
from binlog_ksy.runtime.types.temporal import MySQLDate, MySQLDateTime

UTF8MB4, LATIN1, BINARY = 255, 8, 63
ODD = "'\\\0\n\r\x1a\"`%_\t€𝄞é"
LABELS = ("a", "b'c", "d\\e", "fg", "ü", "")
ENUM_LABELS = ("x", "y'z", "back\\slash", "ü")

#: One column of every type the row decoder gives values for (SQL: ``sql_literal``'s cases).
COLUMNS = (
    Column(0, "id", T.LONG, nullable=False),
    Column(1, "ti", T.TINY, unsigned=True),
    Column(2, "sm", T.SHORT),
    Column(3, "me", T.INT24),
    Column(4, "bi", T.LONGLONG, unsigned=True),
    Column(5, "bs", T.LONGLONG),
    Column(6, "yr", T.YEAR),
    Column(7, "fl", T.FLOAT, 4),
    Column(8, "db", T.DOUBLE, 8),
    Column(9, "d2", T.NEWDECIMAL, 10 << 8 | 2),
    Column(10, "d30", T.NEWDECIMAL, 38 << 8 | 30),
    Column(11, "d0", T.NEWDECIMAL, 20 << 8 | 0),
    Column(12, "big", T.NEWDECIMAL, 65 << 8 | 30),
    Column(13, "da", T.DATE),
    Column(14, "dt0", T.DATETIME2, 0),
    Column(15, "dt6", T.DATETIME2, 6),
    Column(16, "dtold", T.DATETIME),
    Column(17, "ts3", T.TIMESTAMP2, 3),
    Column(18, "ts0", T.TIMESTAMP2, 0),
    Column(19, "tm2", T.TIME2, 2),
    Column(20, "tmold", T.TIME),
    Column(21, "bit", T.BIT, 0x0103),
    Column(22, "en", T.STRING, 0xF701, enum_values=ENUM_LABELS),
    Column(23, "st", T.STRING, 0xF801, set_values=LABELS),
    Column(24, "en_n", T.STRING, 0xF702),
    Column(25, "st_n", T.STRING, 0xF808),
    Column(26, "vc", T.VARCHAR, 400, charset=UTF8MB4),
    Column(27, "tx", T.BLOB, 2, charset=UTF8MB4),
    Column(28, "l1", T.STRING, 0xFE0A, charset=LATIN1),
    Column(29, "vb", T.VARCHAR, 10, charset=BINARY),
    Column(30, "bn", T.STRING, 0xFE08, charset=BINARY),
    Column(31, "bl", T.BLOB, 2, charset=BINARY),
    Column(32, "geo", T.GEOMETRY, 4),
    Column(33, "js", T.JSON, 4),
    Column(34, "nul", T.NULL),
    Column(35, "we`ird name", T.VARCHAR, 40, charset=UTF8MB4),
)

_JSON_SCALARS = st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1) | st.text(ODD + "ab", max_size=5)
_json = st.recursive(_JSON_SCALARS, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(ODD + "k", max_size=3), inner, max_size=3), max_leaves=6)


def _decimal(precision: int, scale: int) -> st.SearchStrategy[Decimal]:
    bound = 10 ** precision - 1
    # as the row decoder makes them: exactly ``scale`` decimals (an exact context: no rounding to 28 digits)
    return st.integers(-bound, bound).map(lambda i: Decimal(i).scaleb(-scale, Context(prec=100)))


def _fsp(fsp: int) -> st.SearchStrategy[int]:
    step = 10 ** (6 - fsp)
    return st.integers(0, 999999 // step).map(lambda u: u * step)


def _datetimes(fsp: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(lambda d, u: d.replace(microsecond=u), st.datetimes(dt.datetime(1, 1, 1), dt.datetime(9999, 12, 31)),
                  _fsp(fsp)),
        st.sampled_from([MySQLDateTime(0, 0, 0), MySQLDateTime(2020, 2, 30, 1, 2, 3)]))


def _timestamps(fsp: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(lambda s, u: dt.datetime.fromtimestamp(s, dt.UTC).replace(microsecond=u),
                  st.integers(1, (1 << 31) - 1), _fsp(fsp)),
        st.just(MySQLDateTime(0, 0, 0)))


def _times(fsp: int) -> st.SearchStrategy[dt.timedelta]:
    limit = (838 * 3600 + 59 * 60 + 59) * 10 ** 6
    step = 10 ** (6 - fsp)
    return st.integers(-limit // step, limit // step).map(lambda u: dt.timedelta(microseconds=u * step))


def _float32(x: float) -> float:
    return float(np.float32(x))


#: Text a decoded column can hold: any character but a lone surrogate (the decoder never makes one, and Arrow
#: refuses one; ``st.characters()`` draws them, rarely: a CI run drew ``'\ud800'``).
_TEXT = st.text(st.sampled_from(ODD + "abc ") | st.characters(exclude_categories=["Cs"]), max_size=12)
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "id": st.integers(-(1 << 31), (1 << 31) - 1),
    "ti": st.integers(0, 255),
    "sm": st.integers(-(1 << 15), (1 << 15) - 1),
    "me": st.integers(-(1 << 23), (1 << 23) - 1),
    "bi": st.integers(0, (1 << 64) - 1),
    "bs": st.integers(-(1 << 63), (1 << 63) - 1),
    "yr": st.sampled_from([0, 1901, 2000, 2155]),
    "fl": st.floats(width=32, allow_nan=False, allow_infinity=False).map(_float32),
    "db": st.floats(allow_nan=False, allow_infinity=False),
    "d2": _decimal(10, 2),
    "d30": _decimal(38, 30) | st.sampled_from([Decimal("0E-30"), Decimal("1E-30")]),
    "d0": _decimal(20, 0),
    "big": _decimal(65, 30),
    "da": st.dates() | st.sampled_from([MySQLDate(0, 0, 0), MySQLDate(2020, 0, 1)]),
    "dt0": _datetimes(0),
    "dt6": _datetimes(6),
    "dtold": _datetimes(0),
    "ts3": _timestamps(3),
    "ts0": _timestamps(0),
    "tm2": _times(2),
    "tmold": _times(0),
    "bit": st.integers(0, (1 << 11) - 1),
    "en": st.sampled_from(("", *ENUM_LABELS)),
    "st": st.lists(st.sampled_from(LABELS[:-1]), unique=True).map(lambda v: tuple(x for x in LABELS if x in v)),
    "en_n": st.integers(0, 65535),
    "st_n": st.integers(0, (1 << 64) - 1),
    "vc": _TEXT,
    "tx": _TEXT,
    "l1": st.text(st.sampled_from(ODD[:9] + "éÿ€a"), max_size=10),
    "vb": st.binary(max_size=10) | st.sampled_from([b"'\\\0", b"\0\0", b""]),
    "bn": st.binary(max_size=8).map(lambda b: b.rstrip(b"\0")),  # logged without trailing 0x00
    "bl": st.binary(max_size=20),
    "geo": st.binary(min_size=0, max_size=30).map(Geometry),
    "js": _json,
    "nul": st.none(),
    "we`ird name": _TEXT,
}


def _value(name: str) -> st.SearchStrategy[Any]:
    return VALUES[name] if name == "id" else st.none() | VALUES[name]


@st.composite
def _images(draw: st.DrawFn, present: tuple[Column, ...], n: int) -> list[dict[str, Any]]:
    return [{c.name: draw(_value(c.name)) for c in present} for _ in range(n)]


def _present(data: st.DataObject, columns: tuple[Column, ...]) -> tuple[Column, ...]:
    if data.draw(st.booleans()):
        return columns  # FULL
    chosen = data.draw(st.sets(st.sampled_from(columns), min_size=1))
    return tuple(c for c in columns if c in chosen)


def _side(present: tuple[Column, ...], images: list[dict[str, Any]]) -> ImageColumns:
    """An image as the columnar decoder holds it (the row decoder's values, converted as ``columns_of_rows``)."""
    arrays = []
    exact = True
    for column in present:
        convert = value_converter(column)
        values = []
        for image in images:
            value, ok = convert(image[column.name])
            exact &= ok
            values.append(value)
        arrays.append(pa.array(values, type=arrow_type(column)))
    return ImageColumns(present, arrays, exact)


def _assert_literals(side: ImageColumns, images: list[dict[str, Any]]) -> None:
    """Per column and per value (and the per-change path's writers), the same literal for every value the
    column holds exactly."""
    for column, arr in zip(side.columns, side.arrays, strict=True):
        texts = literal_texts(column, arr)
        kept = [image[column.name] for image in images]
        write = literal_writer(column)  # the per-change path's shortcuts for common values
        assert [write(v) for v in kept] == [sql_literal(column, v) for v in kept], column.name
        if texts is None:
            assert column.real_type == T.JSON, column  # only JSON scalars are handed back
            continue
        for got, value, arrow_value in zip(texts.to_pylist(), kept, arr.to_pylist(), strict=True):
            if arrow_value is None and value is not None:
                continue  # not held exactly (a zero date): the run goes to the per-change path
            want = None if value is None else sql_literal(column, value)
            assert got == want, (column.name, value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_statements_from_columns_equal_the_per_change_path(data: st.DataObject) -> None:
    columns = COLUMNS[:1] + tuple(data.draw(st.sets(st.sampled_from(COLUMNS[1:]), min_size=1, max_size=8)))
    columns = tuple(sorted(columns, key=lambda c: c.index))
    key = data.draw(st.sampled_from([(), ("id",), ("id", columns[-1].name)]))
    table_map = TableMap(7, "db`x", "t'able", columns, has_names=True, primary_key=key)
    op: Op = data.draw(st.sampled_from(["insert", "update", "delete"]))
    n = data.draw(st.integers(1, 4))
    before = after = None
    if op != "insert":
        present = _present(data, columns)
        before = (present, data.draw(_images(present, n)))
    if op != "delete":
        present = _present(data, columns)
        after = (present, data.draw(_images(present, n)))
    sides = {name: _side(*side) for name, side in (("before", before), ("after", after)) if side is not None}
    for name, side in (("before", before), ("after", after)):
        if side is not None:
            _assert_literals(sides[name], side[1])
    run = ChangeColumns(table_map, op, [], np.zeros(n, np.int64), np.arange(n, dtype=np.int32),
                        sides.get("before"), sides.get("after"))
    for undo in (False, True):
        changes = [RowChange("f", 4, 0, 1, None, None, "db`x", "t'able", op, before[1][i] if before else None,
                             after[1][i] if after else None, i, table_map) for i in range(n)]
        try:
            want: list[str] | None = [change_sql(c, undo=undo) + "\n" for c in changes]
        except SqlRefusal:
            want = None
        got = run_statements(run, undo=undo)
        if got is not None:
            assert want is not None, "the per-change path refuses this run"
            assert got.to_pylist() == want
        else:
            json_scalar = any(not isinstance(img.get("js"), (dict, list, type(None)))
                              for side in (before, after) if side is not None for img in side[1])
            assert want is None or not run.exact or json_scalar, "a run the columns could write"


def test_vector_and_unknown_charset_columns_go_to_the_per_change_path() -> None:
    vector = Column(0, "v", T.VECTOR, 4)
    assert literal_texts(vector, pa.array([[1.0]], arrow_type(vector))) is None
    no_charset = Column(0, "b", T.BLOB, 2)  # UTF-8 text or bytes, value by value in the row decoder
    assert literal_texts(no_charset, pa.array([b"x"], arrow_type(no_charset))) is None


def _cli(capsysbinary: pytest.CaptureFixture[bytes], *args: str) -> tuple[int, bytes, bytes]:
    status = main(["sql", *args])
    out = capsysbinary.readouterr()
    return status, out.out, out.err


def assert_both_paths_agree(capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch,
                            *args: str) -> None:
    """``sql ARGS`` with every run built from columns where it can be, and change by change: the same."""
    with monkeypatch.context() as m:
        m.setattr(sql_command, "COLUMNS_MIN_CHANGES", 0)
        m.setattr(sql_command, "COLUMNS_MIN_WINDOW_BYTES", 0)
        columns = _cli(capsysbinary, *args)
    with monkeypatch.context() as m:
        m.setattr(sql_command, "statements_from_columns", lambda *a, **k: None)
        changes = _cli(capsysbinary, *args)
    assert columns[0] == changes[0], args
    assert columns[2] == changes[2], args
    if columns[1] != changes[1]:
        g, w = columns[1].splitlines(), changes[1].splitlines()
        first = next((i for i, (a, b) in enumerate(zip(g, w, strict=False)) if a != b), min(len(g), len(w)))
        raise AssertionError(f"{args}: line {first}: {g[first:first + 1]} != {w[first:first + 1]}")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_sql_from_columns_equals_the_per_change_path(path: Path, capsysbinary: pytest.CaptureFixture[bytes],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for flags in ((), ("--flashback",), ("--on-error", "skip"), ("--flashback", "--on-error", "skip")):
        assert_both_paths_agree(capsysbinary, monkeypatch, *flags, str(path))


def test_many_fixture_runs_get_their_sql_from_columns() -> None:
    from binlog_ksy.runtime.schema.history import SchemaHistory

    bulk = total = 0
    for path in FILES:
        for columns in iter_change_columns(ChangeReader(path, on_error="skip", history=SchemaHistory())):
            if columns.table_map.has_names:
                total += 1
                bulk += run_statements(columns) is not None
    assert total > 100
    assert bulk / total > 0.8


@pytest.mark.parametrize("stretch", [1 << 20, 100, 1])
@pytest.mark.parametrize("undo", [False, True])
def test_the_script_keeps_blocks_whole_whatever_its_stretches(stretch: int, undo: bool,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Redo: transactions and statements in file order. Undo: transactions last first, statements last first
    (pieces of several statements come last first already), whatever the stretch the script is written (and
    spooled) by."""
    import tempfile

    monkeypatch.setattr(sql_command, "_STRETCH_BYTES", stretch)
    sizes = [1, 63, 64, 500, 2]

    def statement(t: int, k: int) -> bytes:
        return f"S{t}-{k}{'é' * (k % 3)};\n".encode()

    def head(t: int) -> bytes:
        return f"-- {'undo ' if undo else ''}transaction at f:{t} time 1970-01-01 00:00:0{t} UTC\nBEGIN;\n".encode()

    out: list[bytes] = []
    with tempfile.TemporaryFile() as spool:
        script = sql_command._Script(lambda data: out.append(bytes(data)), spool if undo else None)
        for t, size in enumerate(sizes):
            script.begin(("f", t), "f", t, None, t)
            for k in range(0, size, 3):  # pieces of up to three statements
                ks = range(k, min(k + 3, size))
                script.add_piece(b"".join(statement(t, j) for j in (reversed(ks) if undo else ks)))
        script.finish()
    if undo:
        want = b"".join(head(t) + b"".join(statement(t, k) for k in reversed(range(size))) + b"COMMIT;\n\n"
                        for t, size in reversed(list(enumerate(sizes))))
    else:
        want = b"".join(head(t) + b"".join(statement(t, k) for k in range(size)) + b"COMMIT;\n\n"
                        for t, size in enumerate(sizes))
    assert b"".join(out) == want


@settings(max_examples=300, deadline=None)
@given(st.lists(st.none() | st.floats(allow_nan=False, allow_infinity=False), max_size=40),
       st.lists(st.none() | st.floats(width=32, allow_nan=False, allow_infinity=False), max_size=40))
def test_float_literals_are_their_repr(doubles: list[float | None], floats: list[float | None]) -> None:
    """Arrow's shortest text where it is Python's, ``repr`` elsewhere: always what ``sql_literal`` writes."""
    for column, values in ((COLUMNS[8], doubles), (COLUMNS[7], floats)):
        texts = literal_texts(column, pa.array(values, arrow_type(column)))
        assert texts is not None
        assert texts.to_pylist() == [None if v is None else sql_literal(column, v) for v in values]
