"""Vectorized (numpy) decoders of temporal row-image values, one column at a time.

Each function takes ``raw``, a C-contiguous ``(n, size)`` ``uint8`` array whose
row ``i`` holds the ``size`` bytes of the column's value in row ``i`` (rows whose
value is SQL NULL hold arbitrary bytes), and returns ``(values, ok)``, two numpy
arrays of length ``n``:

* ``values`` is the value in the Arrow representation: ``int32`` days since
  1970-01-01 (``date32``) for DATE; ``int64`` microseconds since
  1970-01-01T00:00 for DATETIME (a naive wall-clock time, ``timestamp('us')``)
  and TIMESTAMP (UTC, ``timestamp('us', 'UTC')``); ``int64`` signed
  microseconds for TIME (``duration('us')``);
* ``ok[i]`` is False where the value cannot be represented that way - the
  zero date/datetime/timestamp, a zero month or day, year 0, an invalid day such
  as 2021-02-30, a field out of range, or bytes the scalar decoder rejects by
  raising. The caller decodes those rows with the scalar decoder instead;
  ``values[i]`` is 0 there.

The reference is the scalar decoders of :mod:`binlog_ksy.runtime.types.temporal`
(``decode_date``, ``datetime2_decoder``, ``timestamp2_decoder``,
``time2_decoder``, ``decode_datetime``, ``decode_timestamp``, ``decode_time``,
``hires_decoder``): where ``ok`` is True the value equals theirs exactly, bit
quirks included (e.g. the 10-bit hour mask of ``TIME_from_longlong_time_packed``
and fractions of 1/100 s up to 2.55 s that TIMESTAMP2 adds as they are). The
layouts come from mysys/my_time.cc (MySQL 8.0) and MariaDB sql/compat56.cc,
sql/log_event.cc ``log_event_print_value`` and MariaDB sql/field.cc /
sql/sql_time.cc (the 5.3 "hires" formats). Dates convert with Howard Hinnant's
``days_from_civil`` (http://howardhinnant.github.io/date_algorithms.html).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .temporal import (
    MARIADB_DATETIME_HIRES_BYTES,
    MARIADB_TIME_HIRES_BYTES,
    MARIADB_TIMESTAMP_SEC_PART_BYTES,
    datetime2_size,
    time2_size,
    timestamp2_size,
)

__all__ = [
    "date_column",
    "datetime2_column",
    "datetime_column",
    "days_from_civil",
    "hires_column",
    "time2_column",
    "time_column",
    "timestamp2_column",
    "timestamp_column",
]

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
U64 = npt.NDArray[np.uint64]
Bool = npt.NDArray[np.bool_]
Raw = npt.NDArray[np.uint8]

_USEC_PER_SEC = 1_000_000
_USEC_PER_DAY = 86_400 * _USEC_PER_SEC
# mysys/my_time.cc: on-disk offsets that make the values binary comparable.
_TIMEF_INT_OFS = 0x800000
_TIMEF_OFS = 0x800000000000
_DATETIMEF_INT_OFS = 0x8000000000
_TIME_MAX_VALUE_SECONDS = 838 * 3600 + 59 * 60 + 59  # MariaDB include/my_time.h
# Microseconds per unit of the 0-3 fraction bytes of TIME2/DATETIME2/TIMESTAMP2.
_FRAC_MULT = (1, 10000, 100, 1)
_DAYS_IN_MONTH = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], dtype=np.int64)


# -- helpers ---------------------------------------------------------------


def _check(raw: Raw, size: int, what: str) -> Raw:
    arr = np.asarray(raw)
    if arr.dtype != np.uint8 or arr.ndim != 2 or arr.shape[1] != size:
        raise ValueError(f"{what} needs an (n, {size}) uint8 array, got {arr.dtype} {arr.shape}")
    return arr


def _be_u64(raw: Raw, start: int, stop: int) -> U64:
    """Bytes ``start:stop`` (at most 8) of each row as an unsigned big-endian integer."""
    out = np.zeros(raw.shape[0], dtype=np.uint64)
    for j in range(start, stop):
        out = (out << np.uint64(8)) | raw[:, j].astype(np.uint64)
    return out


def _be(raw: Raw, start: int, stop: int) -> I64:
    """Bytes ``start:stop`` (at most 7) of each row as an unsigned big-endian integer, in int64."""
    if stop - start > 7:
        raise ValueError("more than 7 bytes do not fit an int64")
    return _be_u64(raw, start, stop).astype(np.int64)


def _le_u64(raw: Raw) -> U64:
    """Each row (at most 8 bytes) as an unsigned little-endian integer."""
    out = np.zeros(raw.shape[0], dtype=np.uint64)
    for j in range(raw.shape[1] - 1, -1, -1):
        out = (out << np.uint64(8)) | raw[:, j].astype(np.uint64)
    return out


def days_from_civil(year: I64, month: I64, day: I64) -> I64:
    """Days since 1970-01-01 of proleptic Gregorian dates (Howard Hinnant's ``days_from_civil``).

    Exact for any year given valid month (1-12) and day; garbage in, garbage out otherwise, never an error.
    """
    y = year - (month <= 2)
    era = y // 400
    yoe = y - era * 400
    mp = (month + 9) % 12  # March = 0
    doy = (153 * mp + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _date_ok(year: I64, month: I64, day: I64) -> Bool:
    """Where ``datetime.date(year, month, day)`` would succeed."""
    month_ok = (month >= 1) & (month <= 12)
    dim = _DAYS_IN_MONTH[np.where(month_ok, month, 0)]
    leap = (year % 4 == 0) & ((year % 100 != 0) | (year % 400 == 0))
    dim = dim + ((month == 2) & leap)
    return (year >= 1) & (year <= 9999) & month_ok & (day >= 1) & (day <= dim)


def _datetime_micros(
    year: I64, month: I64, day: I64, hour: I64, minute: I64, second: I64, usec: I64
) -> tuple[I64, Bool]:
    """Wall-clock microseconds since 1970-01-01 and where ``datetime(...)`` would succeed."""
    ok = (
        _date_ok(year, month, day)
        & (hour >= 0) & (hour < 24)
        & (minute >= 0) & (minute < 60)
        & (second >= 0) & (second < 60)
        & (usec >= 0) & (usec < _USEC_PER_SEC)
    )
    micros = (
        days_from_civil(year, month, day) * _USEC_PER_DAY
        + (hour * 3600 + minute * 60 + second) * _USEC_PER_SEC
        + usec
    )
    return np.where(ok, micros, 0), ok


def _time_from_packed(packed: I64) -> I64:
    """Signed microseconds of MySQL's packed time (temporal.py ``time_from_packed``).

    Source: mysys/my_time.cc ``TIME_from_longlong_time_packed``, including its
    10-bit hour mask and a microsecond field of up to 24 bits.
    """
    negative = packed < 0
    a = np.abs(packed)
    hms = a >> 24
    usec = a & 0xFFFFFF
    hour = (hms >> 12) & 0x3FF
    minute = (hms >> 6) & 0x3F
    second = hms & 0x3F
    total = (hour * 3600 + minute * 60 + second) * _USEC_PER_SEC + usec
    return np.where(negative, -total, total)


def _fraction(raw: Raw, start: int, fsp: int) -> I64:
    """Microseconds of the 0-3 fraction bytes at ``start`` (DATETIME2/TIMESTAMP2; never negative)."""
    nfrac = (fsp + 1) // 2
    if not nfrac:
        return np.zeros(raw.shape[0], dtype=np.int64)
    return _be(raw, start, start + nfrac) * _FRAC_MULT[nfrac]


def _check_fsp(fsp: int) -> None:
    if not 0 <= fsp <= 6:
        raise ValueError(f"fractional-second precision {fsp} is not 0-6")


# -- DATE, old TIME/DATETIME/TIMESTAMP -------------------------------------


def date_column(raw: Raw) -> tuple[I32, Bool]:
    """Days since 1970-01-01 of 3-byte little-endian DATE values (scalar: ``decode_date``).

    Layout: sql/log_event.cc ``log_event_print_value`` (``uint3korr``): day =
    bits 0-4, month = bits 5-8, year = bits 9-23.
    """
    raw = _check(raw, 3, "DATE")
    v = _le_u64(raw).astype(np.int64)
    year, month, day = v >> 9, (v >> 5) & 0x0F, v & 0x1F
    ok = _date_ok(year, month, day)
    days = np.where(ok, days_from_civil(year, month, day), 0)
    return days.astype(np.int32), ok


def datetime_column(raw: Raw) -> tuple[I64, Bool]:
    """Microseconds since 1970-01-01 of old 8-byte DATETIME values (scalar: ``decode_datetime``).

    Layout: the unsigned little-endian decimal number ``YYYYMMDDhhmmss``
    (sql/log_event.cc ``log_event_print_value``; sql/field.cc ``Field_datetime::get_TIME``).
    """
    raw = _check(raw, 8, "DATETIME")
    v = _le_u64(raw)
    d = (v // np.uint64(1000000)).astype(np.int64)
    t = (v % np.uint64(1000000)).astype(np.int64)
    zero = np.zeros_like(d)
    return _datetime_micros(d // 10000, (d // 100) % 100, d % 100, t // 10000, (t // 100) % 100, t % 100, zero)


def timestamp_column(raw: Raw) -> tuple[I64, Bool]:
    """UTC microseconds since the epoch of old 4-byte TIMESTAMP values (scalar: ``decode_timestamp``).

    Layout: unsigned little-endian seconds (sql/log_event.cc ``uint4korr``);
    0 is the zero TIMESTAMP (ok False).
    """
    raw = _check(raw, 4, "TIMESTAMP")
    seconds = _le_u64(raw).astype(np.int64)
    ok = seconds != 0
    return seconds * _USEC_PER_SEC, ok


def time_column(raw: Raw) -> tuple[I64, Bool]:
    """Signed microseconds of old 3-byte TIME values (scalar: ``decode_time``); always ok.

    Layout: signed little-endian ``sign * (hours * 10000 + minutes * 100 +
    seconds)`` (sql/field.cc ``Field_time::store_TIME``; mysqlbinlog ``sint3korr``).
    """
    raw = _check(raw, 3, "TIME")
    v = _le_u64(raw).astype(np.int64)
    v = np.where(v >= 0x800000, v - 0x1000000, v)
    a = np.abs(v)
    hours, rest = a // 10000, a % 10000
    minutes, seconds = rest // 100, rest % 100
    total = (hours * 3600 + minutes * 60 + seconds) * _USEC_PER_SEC
    return np.where(v < 0, -total, total), np.ones(raw.shape[0], dtype=np.bool_)


# -- MySQL 5.6+ formats ----------------------------------------------------


def datetime2_column(raw: Raw, fsp: int) -> tuple[I64, Bool]:
    """Wall-clock microseconds since 1970-01-01 of DATETIME2(fsp) values (scalar: ``datetime2_decoder``).

    Layout: mysys/my_time.cc ``my_datetime_packed_from_binary``; MariaDB
    sql/compat56.cc. 5 bytes big endian minus 0x8000000000 =
    ``(year*13+month) << 22 | day << 17 | hour << 12 | minute << 6 | second``,
    then 0-3 big-endian fraction bytes (1/100 s, 1/10000 s or µs).
    """
    _check_fsp(fsp)
    raw = _check(raw, datetime2_size(fsp), f"DATETIME2({fsp})")
    intpart = _be(raw, 0, 5) - _DATETIMEF_INT_OFS
    ymd = intpart >> 17
    hms = intpart & 0x1FFFF
    ym = ymd >> 5
    micros, ok = _datetime_micros(
        ym // 13, ym % 13, ymd & 0x1F, hms >> 12, (hms >> 6) & 0x3F, hms & 0x3F, _fraction(raw, 5, fsp)
    )
    ok &= intpart >= 0
    return np.where(ok, micros, 0), ok


def timestamp2_column(raw: Raw, fsp: int) -> tuple[I64, Bool]:
    """UTC microseconds since the epoch of TIMESTAMP2(fsp) values (scalar: ``timestamp2_decoder``).

    Layout: mysys/my_time.cc ``my_timestamp_from_binary``; MariaDB
    sql/compat56.cc: 4 bytes big-endian seconds, then the fraction as for
    DATETIME2, added as it is (1/100 s units up to 2.55 s). Seconds 0 is the
    zero TIMESTAMP whatever the fraction (ok False), as in the scalar decoder.
    """
    _check_fsp(fsp)
    raw = _check(raw, timestamp2_size(fsp), f"TIMESTAMP2({fsp})")
    seconds = _be(raw, 0, 4)
    ok = seconds != 0
    micros = seconds * _USEC_PER_SEC + _fraction(raw, 4, fsp)
    return np.where(ok, micros, 0), ok


def time2_column(raw: Raw, fsp: int) -> tuple[I64, Bool]:
    """Signed microseconds of TIME2(fsp) values (scalar: ``time2_decoder``); always ok.

    Layout: mysys/my_time.cc ``my_time_packed_from_binary``; MariaDB
    sql/compat56.cc. 3 bytes big endian minus 0x800000 = sign, hour (10 bits),
    minute (6), second (6); fsp 1-2 add 1 byte of 1/100 s and fsp 3-4 2 bytes
    of 1/10000 s, stored for a negative value as ``0x100 - frac`` (resp.
    ``0x10000 - frac``) of the next integer second; fsp 5-6 store all 6 bytes as
    one big-endian number minus 0x800000000000.
    """
    _check_fsp(fsp)
    raw = _check(raw, time2_size(fsp), f"TIME2({fsp})")
    ones = np.ones(raw.shape[0], dtype=np.bool_)
    if fsp >= 5:
        return _time_from_packed(_be(raw, 0, 6) - _TIMEF_OFS), ones
    intpart = _be(raw, 0, 3) - _TIMEF_INT_OFS
    if fsp == 0:
        return _time_from_packed(intpart << 24), ones
    if fsp <= 2:
        frac, mod, mult = _be(raw, 3, 4), 0x100, 10000
    else:
        frac, mod, mult = _be(raw, 3, 5), 0x10000, 100
    borrow = (intpart < 0) & (frac != 0)
    intpart = np.where(borrow, intpart + 1, intpart)
    frac = np.where(borrow, frac - mod, frac)
    return _time_from_packed((intpart << 24) + frac * mult), ones


# -- MariaDB 5.3 "hires" formats -------------------------------------------


def hires_column(raw: Raw, type_code: int, fsp: int) -> tuple[I64, Bool]:
    """Microseconds of MariaDB 5.3-format values of type 7, 11 or 12 (scalar: ``hires_decoder``).

    * 7, TIMESTAMP(fsp): UTC microseconds since the epoch; 4 bytes big-endian
      seconds (0 = the zero TIMESTAMP, ok False), then
      ``MARIADB_TIMESTAMP_SEC_PART_BYTES[fsp]`` bytes of ``usec / 10**(6-fsp)``
      (MariaDB sql/field.cc ``Field_timestamp_hires::store_TIME``).
    * 11, TIME(fsp): signed microseconds, always ok; big endian
      ``pack_time(t) / 10**(6-fsp) + zero_point`` (``Field_time_hires``).
    * 12, DATETIME(fsp): wall-clock microseconds since 1970-01-01; big endian
      ``pack_time(t) / 10**(6-fsp)`` with ``pack_time`` =
      ``((((((year*13+month)*32+day)*24+hour)*60+minute)*60+second)*10**6+usec``
      (``Field_datetime_hires``; sql/sql_time.cc ``pack_time``/``unpack_time``).
    """
    _check_fsp(fsp)
    unit = 10 ** (6 - fsp)  # microseconds per stored unit
    if type_code == 7:
        raw = _check(raw, 4 + MARIADB_TIMESTAMP_SEC_PART_BYTES[fsp], f"TIMESTAMP({fsp})")
        seconds = _be(raw, 0, 4)
        ok = seconds != 0
        micros = seconds * _USEC_PER_SEC + _be(raw, 4, raw.shape[1]) * unit
        return np.where(ok, micros, 0), ok
    if type_code == 11:
        raw = _check(raw, MARIADB_TIME_HIRES_BYTES[fsp], f"TIME({fsp})")
        zero_point = ((_TIME_MAX_VALUE_SECONDS + 1) * _USEC_PER_SEC) // unit
        return (_be(raw, 0, raw.shape[1]) - zero_point) * unit, np.ones(raw.shape[0], dtype=np.bool_)
    if type_code == 12:
        raw = _check(raw, MARIADB_DATETIME_HIRES_BYTES[fsp], f"DATETIME({fsp})")
        # value * unit would overflow 64 bits for fsp 1, 3 and 6: split it exactly instead,
        # value * unit = (value // 10**fsp) * 10**6 + (value % 10**fsp) * unit.
        value = _be_u64(raw, 0, raw.shape[1])
        per_second = np.uint64(10**fsp)
        usec = (value % per_second).astype(np.int64) * unit
        packed = (value // per_second).astype(np.int64)  # < 2**45: whole seconds
        packed, second = packed // 60, packed % 60
        packed, minute = packed // 60, packed % 60
        packed, hour = packed // 24, packed % 24
        packed, day = packed // 32, packed % 32
        year, month = packed // 13, packed % 13
        return _datetime_micros(year, month, day, hour, minute, second, usec)
    raise ValueError(f"no MariaDB 5.3 temporal format for type {type_code}")
