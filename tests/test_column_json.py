"""The JSON texts of a whole Arrow column equal the per-value path's, value for value.

:func:`binlog_ksy.runtime.present.column_json.value_texts` builds the JSON of
``rows --format jsonl`` (and the value texts of ``changes/``) a column at a
time; the reference is the per-row path, :func:`.value_json.json_formatter`
then :func:`.json_text.dumps` of the value the row decoder gives. Each case
goes through the same conversion the columnar decoder's values go through
(:func:`.types.arrow.value_converter`), with NULLs, edge values and (for text)
bytes that do not decode, in each ``undecodable`` mode.
"""

from __future__ import annotations

import math
import struct
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.present.column_json import value_by_value, value_texts
from binlog_ksy.runtime.present.value_json import json_formatter
from binlog_ksy.runtime.types.arrow import arrow_type, value_converter
from binlog_ksy.runtime.types.geometry import Geometry
from binlog_ksy.runtime.types.json_text import dumps
from binlog_ksy.runtime.types.strings import ERRORS_MODES, TextDecodeError, text_decoder

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reference(column: Column, values: list[Any], errors: str) -> tuple[list[str | None], list[str | None]]:
    """The per-value path: JSON text and plain text of each row decoder value."""
    fmt = json_formatter(column, errors)
    texts: list[str | None] = []
    plains: list[str | None] = []
    for v in values:
        if v is None:
            texts.append(None)
            plains.append(None)
            continue
        x = fmt(v)
        text = dumps(x)
        texts.append(text)
        plains.append(x if type(x) is str else None if x is None else text)
    return texts, plains


def column_array(column: Column, values: list[Any]) -> pa.Array | None:
    """The Arrow column the columnar decoder holds for these values; None when one has no Arrow value."""
    convert = value_converter(column)
    converted = [convert(v) for v in values]
    if not all(ok for _, ok in converted):
        return None  # such runs take the row path
    return pa.array([v for v, _ in converted], arrow_type(column))


def assert_column_texts_equal(column: Column, values: list[Any], errors: str = "strict") -> None:
    arr = column_array(column, values)
    assume(arr is not None)
    assert arr is not None
    assert_texts_equal(column, arr, values, errors)


def assert_texts_equal(column: Column, arr: pa.Array, values: list[Any], errors: str = "strict") -> None:
    want = reference(column, values, errors)
    texts, plains = value_texts(column, arr)
    assert texts.type == plains.type == pa.string()
    assert (texts.to_pylist(), plains.to_pylist()) == want
    # the same values as the second half of a longer array (buffers read from an offset)
    texts, plains = value_texts(column, pa.concat_arrays([arr, arr]).slice(len(arr)))
    assert (texts.to_pylist(), plains.to_pylist()) == want


def c(type_: int, meta: int = 0, **kw: Any) -> Column:
    return Column(0, "c", type_, meta, **kw)


def nullable(values: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
    return st.lists(st.one_of(st.none(), values), max_size=12)


def float32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def rounded32(value: float) -> float:
    return struct.unpack("<f", struct.pack("<f", value))[0]


FLOAT32 = st.one_of(
    st.floats(width=32),
    st.integers(-2**24, 2**24).map(float),
    st.floats(rounded32(1e-6), rounded32(1e-3), width=32), st.floats(rounded32(1e15), rounded32(1e17), width=32),
    st.integers(0, 2**32 - 1).map(float32),
    st.integers(0, 254).flatmap(lambda e: st.sampled_from([e << 23, (e << 23) | 1 << 31])).map(float32),  # 2^k
)
POWERS_OF_TWO = [float32(e << 23) for e in range(1, 255)] + [-float32(e << 23) for e in range(1, 255)]


@SETTINGS
@given(nullable(FLOAT32))
@example([0.0, -0.0, math.inf, -math.inf, math.nan, None, float32(1), float32(0x7F7FFFFF), float32(0x00800000)])
@example(POWERS_OF_TWO)
@example([float32(0x3DCCCCCD), 100.0, 16777216.0, rounded32(1e-4), rounded32(1e16), rounded32(1.5e-7), -3.0])
def test_float(values: list[Any]) -> None:
    assert_column_texts_equal(c(T.FLOAT, 4), values)


@SETTINGS
@given(nullable(st.one_of(st.floats(), st.integers(-10**17, 10**17).map(float),
                          st.integers(-10**9, 10**9).map(lambda i: i / 7),
                          st.floats(1e-6, 1e-3), st.floats(1e15, 1e17))))
@example([0.0, -0.0, math.inf, -math.inf, math.nan, None, 5e-324, 1.7976931348623157e308, 1e16, 1e-5, 0.1])
@example([1e16, 9999999999999998.0, 1e15, 123.0, -7.0, 1e-4, 9.999999999999999e-05, 0.00012, 1e22, 2.0**53 + 2])
def test_double(values: list[Any]) -> None:
    assert_column_texts_equal(c(T.DOUBLE, 8), values)


TIMES = st.timedeltas(min_value=-timedelta(hours=9999), max_value=timedelta(hours=9999))


@SETTINGS
@given(st.sampled_from([(T.TIME2, fsp) for fsp in range(7)] + [(T.TIME, 0)]), nullable(TIMES))
@example((T.TIME2, 6), [timedelta(0), -timedelta(microseconds=1), timedelta(hours=838, minutes=59, seconds=59),
                        -timedelta(hours=838, minutes=59, seconds=59, microseconds=999999), None])
def test_time(type_fsp: tuple[int, int], values: list[Any]) -> None:
    type_, fsp = type_fsp
    assert_column_texts_equal(c(type_, fsp), values)


@SETTINGS
@given(st.sampled_from([(T.DATETIME2, fsp) for fsp in range(7)] + [(T.TIMESTAMP2, fsp) for fsp in range(7)]
                       + [(T.DATETIME, 0), (T.TIMESTAMP, 0)]),
       nullable(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59))))
@example((T.TIMESTAMP2, 3), [datetime(1970, 1, 1), datetime(2038, 1, 19, 3, 14, 7, 999999), None])
def test_datetime(type_fsp: tuple[int, int], values: list[Any]) -> None:
    type_, fsp = type_fsp
    if type_ in (T.TIMESTAMP, T.TIMESTAMP2):  # the row decoder gives TIMESTAMP in UTC
        values = [None if v is None else v.replace(tzinfo=UTC) for v in values]
    assert_column_texts_equal(c(type_, fsp), values)


@SETTINGS
@given(nullable(st.dates(min_value=date(1000, 1, 1))))
def test_date(values: list[Any]) -> None:
    assert_column_texts_equal(c(T.DATE), values)


LABELS = st.lists(st.text(max_size=5), min_size=1, max_size=8, unique=True)


@SETTINGS
@given(LABELS.flatmap(lambda labels: st.tuples(
    st.just(labels),
    nullable(st.lists(st.sampled_from(labels), unique=True).map(
        lambda chosen: tuple(x for x in labels if x in chosen))))))
@example((["a", "b", 'q"\\', "\x00\n", ""], [(), ("a", "b"), ('q"\\', "\x00\n", ""), None]))
def test_set(case: tuple[list[str], list[Any]]) -> None:
    labels, values = case
    assert_column_texts_equal(c(T.STRING, (T.SET << 8) | 1, set_values=labels), values)


TEXT = st.text(st.characters(codec="utf-8"), max_size=20)
SPECIAL = st.text(st.sampled_from(['"', "\\", "\x00", "\x1f", "\n", "\t", "\x7f", "\u2028", "é", "a"]), max_size=8)


@SETTINGS
@given(nullable(st.one_of(TEXT, SPECIAL)), st.sampled_from([33, 45, 255, 8, 63]))
@example(["", '"', "\\", "\x00", "\x1f\x01\b\f\r\n\t", None], 255)
def test_text(values: list[Any], charset: int) -> None:
    column = c(T.VARCHAR, 100, charset=charset)
    if charset == 63:  # binary: the decoder gives bytes
        values = [None if v is None else v.encode("utf-8") for v in values]
    assert_column_texts_equal(column, values)


@SETTINGS
@given(nullable(st.binary(max_size=20)), st.sampled_from([(T.VARCHAR, 100), (T.BLOB, 2), (T.STRING, 0xFE10),
                                                          (T.GEOMETRY, 4)]))
@example([b"", b"\x00\xff", None], (T.BLOB, 2))
def test_binary(values: list[Any], type_meta: tuple[int, int]) -> None:
    type_, meta = type_meta
    if type_ == T.GEOMETRY:
        values = [None if v is None else Geometry(v) for v in values]
        assert_column_texts_equal(c(type_, meta), values)
    else:
        assert_column_texts_equal(c(type_, meta, charset=63), values)


@SETTINGS
@given(nullable(st.one_of(st.binary(max_size=8), SPECIAL)), st.sampled_from(ERRORS_MODES))
@example([b"\xff", "text", None], "strict")
@example(["", "a\x00", None], "keep")
def test_unknown_charset(values: list[Any], errors: str) -> None:
    """Without charset metadata: valid UTF-8 comes as text, other bytes as bytes (hex)."""
    column = c(T.VARCHAR, 100)
    decode = text_decoder(column, errors)
    raw = [None if v is None else v if isinstance(v, bytes) else v.encode("utf-8") for v in values]
    assert_column_texts_equal(column, [None if r is None else decode(r) for r in raw], errors)


@SETTINGS
@given(nullable(st.one_of(st.binary(max_size=8), TEXT.map(lambda s: s.encode("utf-8")))), st.sampled_from(ERRORS_MODES))
@example([b"caf\xc3\xa9", b"\xff", b"", None], "replace")
def test_text_that_does_not_decode(raw: list[bytes | None], errors: str) -> None:
    """UTF-8 text with invalid bytes, in each undecodable mode (kept bytes send the run to the row path)."""
    column = c(T.VARCHAR, 100, charset=45)
    decode = text_decoder(column, errors)
    values: list[Any] = []
    for r in raw:
        try:
            values.append(None if r is None else decode(r))
        except TextDecodeError:  # strict: the reader stops on it
            values.append(None)
    assert_column_texts_equal(column, values, errors)


# No infinity: a JSON document cannot hold one (the server rejects it; MySQL's binary JSON stores finite doubles).
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                         st.floats(allow_nan=False, allow_infinity=False),
                         SPECIAL, TEXT, st.decimals(allow_nan=False, allow_infinity=False, places=3))
JSON_DOCS = st.recursive(JSON_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                             st.dictionaries(TEXT, inner, max_size=3)),
                         max_leaves=8).filter(lambda d: d is not None)


@SETTINGS
@given(nullable(JSON_DOCS))
@example(['a "string" document', {"a": [1, "x"]}, "", None, Decimal("1.50")])
def test_json(values: list[Any]) -> None:
    assert_column_texts_equal(c(T.JSON, 4), values)


@SETTINGS
@given(nullable(st.decimals(allow_nan=False, allow_infinity=False, places=6, min_value=-10**13,
                            max_value=10**13).filter(lambda d: not (d.is_zero() and d.is_signed()))))
@example([Decimal("0.000001"), Decimal("0E-6"), Decimal("-1E-6"), None])
def test_decimal(values: list[Any]) -> None:
    assert_column_texts_equal(c(T.NEWDECIMAL, (20 << 8) | 6), values)


@pytest.mark.parametrize(("column", "values"), [
    (c(T.VARCHAR, 100), [b"\xff", "text", None]),
    (c(T.NEWDECIMAL, (20 << 8) | 6), [Decimal("0.000001"), None]),
    (c(T.VECTOR, 4), [[1.100000023841858, -0.0], None, []]),
])
def test_value_by_value_is_the_per_value_path(column: Column, values: list[Any]) -> None:
    arr = column_array(column, values)
    assert arr is not None
    texts, plains = value_by_value(column, arr)
    assert (texts.to_pylist(), plains.to_pylist()) == reference(column, values, "strict")
    assert_texts_equal(column, arr, values)
