"""Integer, YEAR and FLOAT/DOUBLE values through the row decoder (runtime/types/integers.py, floats.py)."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.rows.image import RowImageDecoder
from binlog_ksy.runtime.types.floats import float32_shortest

INT_TYPES = {1: T.TINY, 2: T.SHORT, 3: T.INT24, 4: T.LONG, 8: T.LONGLONG}


def decode(column: Column, raw: bytes) -> object:
    """The value of a one-column row image holding ``raw``."""
    row, end = RowImageDecoder([column], b"\x01").decode(b"\x00" + raw)
    assert end == 1 + len(raw)
    return row[column.name]


@pytest.mark.parametrize(
    ("hexbytes", "signed", "expected"),
    [
        ("ff", True, -1),
        ("ff", False, 255),
        ("80", True, -128),
        ("0080", True, -32768),
        ("ffff", False, 65535),
        ("ffffff7f", True, 2147483647),
        ("00000080", True, -2147483648),
        ("ffffffffffffffff", False, 18446744073709551615),
        ("0000000000000080", True, -9223372036854775808),
    ],
)
def test_int(hexbytes: str, signed: bool, expected: int) -> None:
    raw = bytes.fromhex(hexbytes)
    assert decode(Column(0, "i", INT_TYPES[len(raw)], unsigned=not signed), raw) == expected


@pytest.mark.parametrize(
    ("hexbytes", "signed", "expected"),
    [("ffff7f", True, 8388607), ("000080", True, -8388608), ("ffffff", True, -1), ("ffffff", False, 16777215)],
)
def test_int24(hexbytes: str, signed: bool, expected: int) -> None:
    assert decode(Column(0, "i", T.INT24, unsigned=not signed), bytes.fromhex(hexbytes)) == expected


def test_int_without_signedness_is_signed() -> None:
    assert decode(Column(0, "i", T.SHORT), b"\xff\xff") == -1


@pytest.mark.parametrize(("byte", "year"), [(0, 0), (1, 1901), (106, 2006), (255, 2155)])
def test_year(byte: int, year: int) -> None:
    assert decode(Column(0, "y", T.YEAR), bytes([byte])) == year


@pytest.mark.parametrize(
    ("value", "shortest"),
    [(1.1, 1.1), (0.1, 0.1), (3.0, 3.0), (-2.5, -2.5), (1e-45, 1e-45), (3.4028234663852886e38, 3.4028235e38),
     (16777217.0, 16777216.0), (0.0, 0.0), (123.456, 123.456), (1.0 / 3, 0.33333334)],
)
def test_float32_shortest(value: float, shortest: float) -> None:
    exact = decode(Column(0, "f", T.FLOAT, 4), struct.pack("<f", value))
    assert isinstance(exact, float)
    assert float32_shortest(exact) == shortest
    assert repr(float32_shortest(exact)) == repr(shortest)


def test_float_exact_value_is_kept() -> None:
    assert decode(Column(0, "f", T.FLOAT, 4), struct.pack("<f", 1.1)) == 1.100000023841858
    assert decode(Column(0, "d", T.DOUBLE, 8), struct.pack("<d", 0.1)) == 0.1


@settings(deadline=None)
@given(st.floats(width=32, allow_nan=False, allow_infinity=False))
def test_float32_shortest_roundtrips(value: float) -> None:
    short = float32_shortest(value)
    assert struct.unpack("<f", struct.pack("<f", short))[0] == value
    assert len(repr(short)) <= len(repr(value))
