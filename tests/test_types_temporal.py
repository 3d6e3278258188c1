"""Temporal row values (runtime/types/temporal.py).

Vectors: the table in mysys/my_time.cc ``my_time_packed_from_binary``
(``7FFFFF.FF`` = -00:00:00.01 ...), and bytes built by encoders written from
MySQL's writers (``my_time_packed_to_binary``, ``my_datetime_packed_to_binary``,
``my_timestamp_to_binary``, ``TIME_to_longlong_*_packed``) for every fsp.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.types.temporal import (
    ZERO_DATE,
    ZERO_DATETIME,
    MySQLDate,
    MySQLDateTime,
    date_from_packed,
    datetime2_decoder,
    datetime2_size,
    datetime_from_packed,
    decode_date,
    decode_datetime,
    decode_datetime2,
    decode_datetime_hires,
    decode_time,
    decode_time2,
    decode_time_hires,
    decode_timestamp,
    decode_timestamp_hires,
    format_date,
    format_datetime,
    format_time,
    time2_decoder,
    time2_size,
    time_from_packed,
    timestamp2_decoder,
    timestamp2_size,
)

# -- encoders written from MySQL's writers (test oracles) ---------------------


def _c_rem(a: int, b: int) -> int:
    """C's ``%`` (truncating) for the packed-time macros."""
    r = abs(a) % b
    return -r if a < 0 else r


def time_packed(negative: bool, hours: int, minutes: int, seconds: int, usec: int) -> int:
    """TIME_to_longlong_time_packed."""
    hms = (hours << 12) | (minutes << 6) | seconds
    packed = (hms << 24) + usec
    return -packed if negative else packed


def time2_bytes(packed: int, fsp: int) -> bytes:
    """my_time_packed_to_binary."""
    intpart = packed >> 24
    frac = _c_rem(packed, 1 << 24)
    if fsp >= 5:
        return (packed + 0x800000000000).to_bytes(6, "big")
    head = (0x800000 + intpart).to_bytes(3, "big")
    if fsp == 0:
        return head
    if fsp <= 2:
        return head + bytes([(frac // 10000 if frac >= 0 else -((-frac) // 10000)) & 0xFF])
    return head + ((frac // 100 if frac >= 0 else -((-frac) // 100)) & 0xFFFF).to_bytes(2, "big")


def datetime_packed(y: int, mo: int, d: int, h: int, mi: int, s: int, usec: int) -> int:
    """TIME_to_longlong_datetime_packed."""
    ymd = ((y * 13 + mo) << 5) | d
    hms = (h << 12) | (mi << 6) | s
    return (((ymd << 17) | hms) << 24) + usec


def datetime2_bytes(packed: int, fsp: int) -> bytes:
    """my_datetime_packed_to_binary."""
    out = ((packed >> 24) + 0x8000000000).to_bytes(5, "big")
    frac = packed % (1 << 24)
    if fsp in (1, 2):
        out += bytes([frac // 10000])
    elif fsp in (3, 4):
        out += (frac // 100).to_bytes(2, "big")
    elif fsp in (5, 6):
        out += frac.to_bytes(3, "big")
    return out


def timestamp2_bytes(seconds: int, usec: int, fsp: int) -> bytes:
    """my_timestamp_to_binary."""
    out = seconds.to_bytes(4, "big")
    if fsp in (1, 2):
        out += bytes([usec // 10000])
    elif fsp in (3, 4):
        out += (usec // 100).to_bytes(2, "big")
    elif fsp in (5, 6):
        out += usec.to_bytes(3, "big")
    return out


def truncate(usec: int, fsp: int) -> int:
    return usec - usec % 10 ** (6 - fsp)


def td(negative: bool, h: int, m: int, s: int, usec: int = 0) -> timedelta:
    value = timedelta(hours=h, minutes=m, seconds=s, microseconds=usec)
    return -value if negative else value


# -- TIME2 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hexbytes", "fsp", "expected"),
    [
        # mysys/my_time.cc my_time_packed_from_binary table (fsp 1-2)
        ("80000000", 2, td(False, 0, 0, 0)),
        ("7FFFFFFF", 2, td(True, 0, 0, 0, 10000)),
        ("7FFFFF9D", 2, td(True, 0, 0, 0, 990000)),
        ("7FFFFF00", 2, td(True, 0, 0, 1)),
        ("7FFFFEFF", 2, td(True, 0, 0, 1, 10000)),
        ("7FFFFEF6", 2, td(True, 0, 0, 1, 100000)),
        # fsp 0: 3 bytes; -838:59:59 and 838:59:59
        ("800000", 0, td(False, 0, 0, 0)),
        ("b46efb", 0, td(False, 838, 59, 59)),
        ("4b9105", 0, td(True, 838, 59, 59)),
    ],
)
def test_time2_known(hexbytes: str, fsp: int, expected: timedelta) -> None:
    raw = bytes.fromhex(hexbytes)
    assert len(raw) == time2_size(fsp)
    assert decode_time2(raw, fsp) == expected
    assert time2_decoder(fsp)(raw) == expected


TIME_CASES = [
    (False, 0, 0, 0, 0),
    (True, 0, 0, 0, 1),
    (True, 0, 0, 0, 10000),
    (True, 0, 0, 0, 999999),
    (True, 0, 0, 1, 0),
    (True, 0, 0, 1, 10000),
    (True, 0, 0, 1, 500000),
    (True, 12, 34, 56, 789012),
    (False, 12, 34, 56, 789012),
    (True, 838, 59, 59, 0),
    (False, 838, 59, 59, 0),
    (True, 838, 59, 58, 999999),
    (False, 100, 0, 0, 5),
]


@pytest.mark.parametrize("fsp", range(7))
@pytest.mark.parametrize("case", TIME_CASES)
def test_time2_every_fsp(fsp: int, case: tuple[bool, int, int, int, int]) -> None:
    negative, h, m, s, usec = case
    usec = truncate(usec, fsp)
    if negative and not (h or m or s or usec):
        negative = False
    packed = time_packed(negative, h, m, s, usec)
    raw = time2_bytes(packed, fsp)
    assert len(raw) == time2_size(fsp)
    expected = td(negative, h, m, s, usec)
    assert decode_time2(raw, fsp) == expected
    assert time2_decoder(fsp)(raw) == expected
    assert time_from_packed(packed) == expected


@pytest.mark.parametrize(
    ("value", "fsp", "text"),
    [
        (td(True, 0, 0, 0, 10000), 2, "-00:00:00.01"),
        (td(True, 1, 2, 3, 400000), 1, "-01:02:03.4"),
        (td(False, 838, 59, 59), 0, "838:59:59"),
        (td(True, 838, 59, 59), 6, "-838:59:59.000000"),
        (td(False, 0, 0, 0, 123456), 3, "00:00:00.123"),
    ],
)
def test_format_time(value: timedelta, fsp: int, text: str) -> None:
    assert format_time(value, fsp) == text


# -- DATETIME2 / TIMESTAMP2 ---------------------------------------------------

DATETIMES = [
    (2020, 1, 2, 3, 4, 5, 0),
    (2021, 12, 31, 23, 59, 59, 999999),
    (1000, 1, 1, 0, 0, 0, 0),
    (9999, 12, 31, 23, 59, 59, 999999),
    (1970, 1, 1, 0, 0, 1, 123456),
    (2024, 2, 29, 12, 0, 0, 500000),
]


@pytest.mark.parametrize("fsp", range(7))
@pytest.mark.parametrize("fields", DATETIMES)
def test_datetime2_every_fsp(fsp: int, fields: tuple[int, ...]) -> None:
    y, mo, d, h, mi, s, usec = fields
    usec = truncate(usec, fsp)
    raw = datetime2_bytes(datetime_packed(y, mo, d, h, mi, s, usec), fsp)
    assert len(raw) == datetime2_size(fsp)
    expected = datetime(y, mo, d, h, mi, s, usec)
    assert decode_datetime2(raw, fsp) == expected
    assert datetime2_decoder(fsp)(raw) == expected


def test_datetime2_known_bytes() -> None:
    # '2020-01-02 03:04:05' DATETIME(0): ymd=(2020*13+1)<<5|2, hms=3<<12|4<<6|5
    raw = bytes.fromhex("99a5443105")
    assert decode_datetime2(raw, 0) == datetime(2020, 1, 2, 3, 4, 5)
    assert decode_datetime2(bytes.fromhex("99a544310504d2"), 4) == datetime(2020, 1, 2, 3, 4, 5, 123400)


@pytest.mark.parametrize("fsp", range(7))
@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ((0, 0, 0, 0, 0, 0, 0), ZERO_DATETIME),
        ((2020, 0, 0, 0, 0, 0, 0), MySQLDateTime(2020, 0, 0)),
        ((2021, 2, 30, 1, 2, 3, 0), MySQLDateTime(2021, 2, 30, 1, 2, 3)),
        ((0, 1, 1, 0, 0, 0, 0), MySQLDateTime(0, 1, 1)),
    ],
)
def test_datetime2_zero_and_invalid(fsp: int, fields: tuple[int, ...], expected: MySQLDateTime) -> None:
    raw = datetime2_bytes(datetime_packed(*fields), fsp)
    assert decode_datetime2(raw, fsp) == expected
    assert datetime2_decoder(fsp)(raw) == expected


@pytest.mark.parametrize("fsp", range(7))
@pytest.mark.parametrize("seconds", [1, 1600000000, 2**31 - 1, 2**32 - 1])
def test_timestamp2_every_fsp(fsp: int, seconds: int) -> None:
    usec = truncate(654321, fsp)
    raw = timestamp2_bytes(seconds, usec, fsp)
    assert len(raw) == timestamp2_size(fsp)
    expected = datetime.fromtimestamp(seconds, UTC) + timedelta(microseconds=usec)
    value = timestamp2_decoder(fsp)(raw)
    assert value == expected
    assert isinstance(value, datetime) and value.tzinfo is UTC


@pytest.mark.parametrize("fsp", range(7))
def test_timestamp2_zero(fsp: int) -> None:
    raw = timestamp2_bytes(0, 0, fsp)
    assert timestamp2_decoder(fsp)(raw) is ZERO_DATETIME


# -- DATE, old TIME/DATETIME/TIMESTAMP, YEAR -------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2020 << 9 | 1 << 5 | 2, date(2020, 1, 2)),
        (9999 << 9 | 12 << 5 | 31, date(9999, 12, 31)),
        (0, ZERO_DATE),
        (2020 << 9, MySQLDate(2020, 0, 0)),
        (2020 << 9 | 5 << 5, MySQLDate(2020, 5, 0)),
        (2021 << 9 | 2 << 5 | 30, MySQLDate(2021, 2, 30)),
        (1 << 5 | 1, MySQLDate(0, 1, 1)),
    ],
)
def test_date(value: int, expected: object) -> None:
    assert decode_date(value) == expected


def test_zero_values_text() -> None:
    assert str(ZERO_DATE) == "0000-00-00"
    assert str(ZERO_DATETIME) == "0000-00-00 00:00:00"
    assert format_datetime(ZERO_DATETIME, 3) == "0000-00-00 00:00:00.000"
    assert format_date(MySQLDate(2020, 0, 0)) == "2020-00-00"
    assert MySQLDateTime(2021, 2, 30, 1, 2, 3).isoformat("T") == "2021-02-30T01:02:03"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (123456, td(False, 12, 34, 56)),
        (-123456, td(True, 12, 34, 56)),
        (8385959, td(False, 838, 59, 59)),
        (-8385959, td(True, 838, 59, 59)),
        (0, td(False, 0, 0, 0)),
    ],
)
def test_old_time(value: int, expected: timedelta) -> None:
    assert decode_time(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (20200102030405, datetime(2020, 1, 2, 3, 4, 5)),
        (99991231235959, datetime(9999, 12, 31, 23, 59, 59)),
        (0, ZERO_DATETIME),
        (20200000000000, MySQLDateTime(2020, 0, 0)),
    ],
)
def test_old_datetime(value: int, expected: object) -> None:
    assert decode_datetime(value) == expected


def test_old_timestamp() -> None:
    assert decode_timestamp(0) is ZERO_DATETIME
    assert decode_timestamp(1139974473) == datetime(2006, 2, 15, 3, 34, 33, tzinfo=UTC)


# -- packed formats in JSON ------------------------------------------------------


def test_packed_helpers() -> None:
    assert datetime_from_packed(datetime_packed(2012, 3, 18, 11, 30, 45, 0)) == datetime(2012, 3, 18, 11, 30, 45)
    assert date_from_packed(datetime_packed(2012, 3, 18, 0, 0, 0, 0)) == date(2012, 3, 18)
    assert date_from_packed(0) is ZERO_DATE
    assert time_from_packed(time_packed(False, 87, 31, 46, 654321)) == td(False, 87, 31, 46, 654321)


# -- MariaDB 5.3 "hires" formats ------------------------------------------------


def mariadb_pack_time(neg: bool, y: int, mo: int, d: int, h: int, mi: int, s: int, usec: int) -> int:
    """MariaDB sql/sql_time.cc pack_time."""
    value = ((((((y * 13 + mo) * 32 + d) * 24 + h) * 60 + mi) * 60 + s) * 1000000 + usec)
    return -value if neg else value


@pytest.mark.parametrize("fsp", range(1, 7))
def test_mariadb_hires(fsp: int) -> None:
    shift = 10 ** (6 - fsp)
    usec = truncate(123456, fsp)
    # DATETIME(fsp): big endian pack_time / 10**(6-fsp)
    nbytes = (5, 6, 6, 7, 7, 7, 8)[fsp]
    raw = (mariadb_pack_time(False, 2020, 1, 2, 3, 4, 5, usec) // shift).to_bytes(nbytes, "big")
    assert decode_datetime_hires(raw, fsp) == datetime(2020, 1, 2, 3, 4, 5, usec)
    # TIME(fsp): + zero_point
    nbytes = (3, 4, 4, 5, 5, 5, 6)[fsp]
    zero_point = (838 * 3600 + 59 * 60 + 59 + 1) * 1000000 // shift
    for neg in (False, True):
        packed = mariadb_pack_time(neg, 0, 0, 0, 12, 34, 56, usec)
        raw = (int(packed / shift) + zero_point).to_bytes(nbytes, "big")
        assert decode_time_hires(raw, fsp) == td(neg, 12, 34, 56, usec)
    # TIMESTAMP(fsp): seconds big endian + fraction big endian
    nbytes = (0, 1, 1, 2, 2, 3, 3)[fsp]
    raw = (1600000000).to_bytes(4, "big") + (usec // shift).to_bytes(nbytes, "big")
    assert decode_timestamp_hires(raw, fsp) == datetime.fromtimestamp(1600000000, UTC) + timedelta(microseconds=usec)


@settings(deadline=None)
@given(
    st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59, 999999)),
    st.integers(min_value=0, max_value=6),
)
def test_datetime2_property(value: datetime, fsp: int) -> None:
    value = value.replace(microsecond=truncate(value.microsecond, fsp))
    raw = datetime2_bytes(
        datetime_packed(value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond),
        fsp,
    )
    assert datetime2_decoder(fsp)(raw) == value
    assert format_datetime(value, fsp).startswith(value.strftime("%Y-%m-%d %H:%M:%S"))


@settings(deadline=None)
@given(
    st.booleans(),
    st.integers(min_value=0, max_value=838),
    st.integers(min_value=0, max_value=59),
    st.integers(min_value=0, max_value=59),
    st.integers(min_value=0, max_value=999999),
    st.integers(min_value=0, max_value=6),
)
def test_time2_property(neg: bool, h: int, m: int, s: int, usec: int, fsp: int) -> None:
    usec = truncate(usec, fsp)
    if not (h or m or s or usec):
        neg = False
    raw = time2_bytes(time_packed(neg, h, m, s, usec), fsp)
    assert decode_time2(raw, fsp) == td(neg, h, m, s, usec)
