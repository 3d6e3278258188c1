"""Temporal column values: DATE, TIME, DATETIME, TIMESTAMP (old and ``*2``), YEAR aside.

Python values:

* DATE -> :class:`datetime.date`; DATETIME -> naive :class:`datetime.datetime`;
  TIMESTAMP -> :class:`datetime.datetime` in UTC (``tzinfo=timezone.utc``);
  TIME -> :class:`datetime.timedelta` (negative times allowed).
* Values Python cannot hold - the zero date ``0000-00-00``, dates with a zero
  month or day (``2020-00-00``), year 0, invalid days kept by
  ``ALLOW_INVALID_DATES`` (``2021-02-30``), the zero TIMESTAMP - are a
  :class:`MySQLDate` or :class:`MySQLDateTime`: small frozen value classes
  with the same field names as ``date``/``datetime`` whose ``str()`` is
  MySQL's text (``0000-00-00``, ``0000-00-00 00:00:00``). :data:`ZERO_DATE`
  and :data:`ZERO_DATETIME` are the zero values.

Sources: mysys/my_time.cc (MySQL 8.0) ``my_time_packed_from_binary``,
``my_datetime_packed_from_binary``, ``my_timestamp_from_binary``,
``TIME_from_longlong_time_packed``, ``TIME_from_longlong_datetime_packed``;
MariaDB sql/compat56.cc (the same ``*2`` formats); sql/log_event.cc
``log_event_print_value`` (old TIME/DATETIME/TIMESTAMP/DATE); MariaDB
sql/field.cc ``Field_time_hires``/``Field_datetime_hires``/
``Field_timestamp_hires`` and sql/sql_time.cc ``pack_time``/``unpack_time``
(MariaDB 5.3 "hires" formats), sql/sql_type.cc ``m_hires_bytes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

__all__ = [
    "MySQLDate",
    "MySQLDateTime",
    "ZERO_DATE",
    "ZERO_DATETIME",
    "datetime2_size",
    "decode_date",
    "decode_datetime",
    "decode_datetime2",
    "decode_datetime_hires",
    "decode_time",
    "decode_time2",
    "decode_time_hires",
    "decode_timestamp",
    "decode_timestamp_hires",
    "datetime_from_packed",
    "date_from_packed",
    "time_from_packed",
    "time2_size",
    "timestamp2_size",
    "format_date",
    "format_datetime",
    "format_time",
    "MARIADB_TIME_HIRES_BYTES",
    "MARIADB_DATETIME_HIRES_BYTES",
    "MARIADB_TIMESTAMP_SEC_PART_BYTES",
    "datetime2_decoder",
    "timestamp2_decoder",
    "time2_decoder",
    "hires_decoder",
    "hires_size",
    "date_source",
    "datetime2_source",
    "timestamp2_source",
    "TEMPORAL_SOURCE_NAMES",
]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

# mysys/my_time.cc: on-disk offsets that make the values binary comparable.
_TIMEF_INT_OFS = 0x800000
_TIMEF_OFS = 0x800000000000
_DATETIMEF_INT_OFS = 0x8000000000

#: MariaDB sql/sql_type.cc: bytes of a MariaDB 5.3 TIME(n)/DATETIME(n) value and
#: of the fraction of TIMESTAMP(n), for n = 0..6.
MARIADB_TIME_HIRES_BYTES = (3, 4, 4, 5, 5, 5, 6)
MARIADB_DATETIME_HIRES_BYTES = (5, 6, 6, 7, 7, 7, 8)
MARIADB_TIMESTAMP_SEC_PART_BYTES = (0, 1, 1, 2, 2, 3, 3)
_TIME_MAX_VALUE_SECONDS = 838 * 3600 + 59 * 60 + 59  # MariaDB include/my_time.h


@dataclass(frozen=True, slots=True)
class MySQLDate:
    """A DATE that :class:`datetime.date` cannot hold (zero parts, year 0, Feb 30).

    ``str()`` gives MySQL's text, e.g. ``0000-00-00``.
    """

    year: int
    month: int
    day: int

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    def isoformat(self) -> str:
        """MySQL's text (named like :meth:`datetime.date.isoformat`)."""
        return str(self)


@dataclass(frozen=True, slots=True)
class MySQLDateTime:
    """A DATETIME/TIMESTAMP that :class:`datetime.datetime` cannot hold.

    Zero parts, year 0, invalid days and the zero TIMESTAMP. ``str()`` gives
    MySQL's text without fraction (``0000-00-00 00:00:00``); use
    :func:`format_datetime` for a fraction of ``fsp`` digits.
    """

    year: int
    month: int
    day: int
    hour: int = 0
    minute: int = 0
    second: int = 0
    microsecond: int = 0

    def __str__(self) -> str:
        return (
            f"{self.year:04d}-{self.month:02d}-{self.day:02d} "
            f"{self.hour:02d}:{self.minute:02d}:{self.second:02d}"
        )

    def isoformat(self, sep: str = " ") -> str:
        """MySQL's text (with ``sep`` between date and time)."""
        return str(self).replace(" ", sep, 1)


#: The zero DATE ``0000-00-00``.
ZERO_DATE = MySQLDate(0, 0, 0)
#: The zero DATETIME / TIMESTAMP ``0000-00-00 00:00:00``.
ZERO_DATETIME = MySQLDateTime(0, 0, 0)


def _make_date(year: int, month: int, day: int) -> date | MySQLDate:
    if year == 0 and month == 0 and day == 0:
        return ZERO_DATE
    try:
        return date(year, month, day)
    except ValueError:
        return MySQLDate(year, month, day)


def _make_datetime(
    year: int, month: int, day: int, hour: int, minute: int, second: int, usec: int
) -> datetime | MySQLDateTime:
    try:
        return datetime(year, month, day, hour, minute, second, usec)
    except ValueError:
        if not (year or month or day or hour or minute or second or usec):
            return ZERO_DATETIME
        return MySQLDateTime(year, month, day, hour, minute, second, usec)


# -- sizes ---------------------------------------------------------------


def time2_size(fsp: int) -> int:
    """Bytes of a TIME2(fsp) value: ``3 + (fsp + 1) // 2`` (binary_log_funcs.cpp)."""
    return 3 + (fsp + 1) // 2


def datetime2_size(fsp: int) -> int:
    """Bytes of a DATETIME2(fsp) value: ``5 + (fsp + 1) // 2``."""
    return 5 + (fsp + 1) // 2


def timestamp2_size(fsp: int) -> int:
    """Bytes of a TIMESTAMP2(fsp) value: ``4 + (fsp + 1) // 2``."""
    return 4 + (fsp + 1) // 2


# -- packed in-memory formats ---------------------------------------------


def time_from_packed(packed: int) -> timedelta:
    """TIME from MySQL's packed numeric time (``TIME_from_longlong_time_packed``).

    ``packed = sign * ((hour << 12 | minute << 6 | second) << 24 | microsecond)``.
    """
    negative = packed < 0
    if negative:
        packed = -packed
    hms = packed >> 24
    usec = packed & 0xFFFFFF
    hour = (hms >> 12) & 0x3FF
    minute = (hms >> 6) & 0x3F
    second = hms & 0x3F
    value = timedelta(seconds=hour * 3600 + minute * 60 + second, microseconds=usec)
    return -value if negative else value


def _datetime_fields(packed: int) -> tuple[int, int, int, int, int, int, int]:
    if packed < 0:
        raise ValueError("negative packed DATETIME")
    usec = packed & 0xFFFFFF
    ymdhms = packed >> 24
    ymd = ymdhms >> 17
    hms = ymdhms & 0x1FFFF
    ym = ymd >> 5
    return (ym // 13, ym % 13, ymd & 0x1F, hms >> 12, (hms >> 6) & 0x3F, hms & 0x3F, usec)


def datetime_from_packed(packed: int) -> datetime | MySQLDateTime:
    """DATETIME from MySQL's packed numeric datetime (``TIME_from_longlong_datetime_packed``).

    Bits: ``year*13+month`` (17) | day (5) | hour (5) | minute (6) | second (6),
    then 24 bits of microseconds.
    """
    return _make_datetime(*_datetime_fields(packed))


def date_from_packed(packed: int) -> date | MySQLDate:
    """DATE from a packed numeric datetime (``TIME_from_longlong_date_packed``)."""
    year, month, day, *_ = _datetime_fields(packed)
    return _make_date(year, month, day)


# -- DATE, old TIME/DATETIME/TIMESTAMP -------------------------------------


def decode_date(value: int) -> date | MySQLDate:
    """Decode a MYSQL_TYPE_DATE value given as its 3-byte little-endian integer.

    Layout: sql/log_event.cc ``log_event_print_value`` (``uint3korr``): day =
    bits 0-4, month = bits 5-8, year = bits 9-23.
    """
    return _make_date(value >> 9, (value >> 5) & 0x0F, value & 0x1F)


def decode_time(value: int) -> timedelta:
    """Decode an old MYSQL_TYPE_TIME value given as its signed 3-byte integer.

    Layout: ``sign * (hours * 10000 + minutes * 100 + seconds)`` (sql/field.cc
    ``Field_time::store_TIME``; mysqlbinlog reads it with ``sint3korr``).
    """
    negative = value < 0
    if negative:
        value = -value
    hours, rest = divmod(value, 10000)
    minutes, seconds = divmod(rest, 100)
    result = timedelta(seconds=hours * 3600 + minutes * 60 + seconds)
    return -result if negative else result


def decode_datetime(value: int) -> datetime | MySQLDateTime:
    """Decode an old MYSQL_TYPE_DATETIME value given as its 8-byte integer.

    Layout: the decimal number ``YYYYMMDDhhmmss`` (sql/log_event.cc
    ``log_event_print_value``; sql/field.cc ``Field_datetime::get_TIME``).
    """
    d, t = divmod(value, 1000000)
    return _make_datetime(d // 10000, (d // 100) % 100, d % 100, t // 10000, (t // 100) % 100, t % 100, 0)


def decode_timestamp(seconds: int, usec: int = 0) -> datetime | MySQLDateTime:
    """Decode a TIMESTAMP given as seconds since the epoch (0 = the zero TIMESTAMP).

    The old MYSQL_TYPE_TIMESTAMP is 4 bytes little endian (sql/log_event.cc
    ``uint4korr``). The result is in UTC.
    """
    if seconds == 0:
        return ZERO_DATETIME
    value = datetime.fromtimestamp(seconds, UTC)
    return value + timedelta(0, 0, usec) if usec else value


# -- MySQL 5.6+ formats ----------------------------------------------------


def decode_time2(raw: bytes, fsp: int) -> timedelta:
    """Decode a MYSQL_TYPE_TIME2 value of :func:`time2_size` bytes.

    Layout: mysys/my_time.cc ``my_time_packed_from_binary``; MariaDB
    sql/compat56.cc. 3 bytes big endian minus 0x800000 hold sign, hour (10
    bits), minute (6), second (6); fsp 1-2 add 1 byte of 1/100 s and fsp 3-4
    2 bytes of 1/10000 s, stored for negative values as ``0x100 - frac`` (resp.
    ``0x10000 - frac``) of the *next* integer second; fsp 5-6 store all 6
    bytes as one big-endian number minus 0x800000000000.
    """
    if fsp >= 5:
        packed = int.from_bytes(raw[:6], "big") - _TIMEF_OFS
        return time_from_packed(packed)
    intpart = int.from_bytes(raw[:3], "big") - _TIMEF_INT_OFS
    if fsp <= 0:
        return time_from_packed(intpart << 24)
    if fsp <= 2:
        frac = raw[3]
        if intpart < 0 and frac:
            intpart += 1
            frac -= 0x100
        return time_from_packed((intpart << 24) + frac * 10000)
    frac = (raw[3] << 8) | raw[4]
    if intpart < 0 and frac:
        intpart += 1
        frac -= 0x10000
    return time_from_packed((intpart << 24) + frac * 100)


def _frac_usec(raw: bytes, start: int, fsp: int) -> int:
    if fsp <= 0:
        return 0
    if fsp <= 2:
        return raw[start] * 10000
    if fsp <= 4:
        return ((raw[start] << 8) | raw[start + 1]) * 100
    return (raw[start] << 16) | (raw[start + 1] << 8) | raw[start + 2]


def decode_datetime2(raw: bytes, fsp: int) -> datetime | MySQLDateTime:
    """Decode a MYSQL_TYPE_DATETIME2 value of :func:`datetime2_size` bytes.

    Layout: mysys/my_time.cc ``my_datetime_packed_from_binary``; MariaDB
    sql/compat56.cc. 5 bytes big endian minus 0x8000000000 =
    ``(year*13+month) << 22 | day << 17 | hour << 12 | minute << 6 | second``,
    then 0-3 bytes of fraction as for TIME2 (never negative here).
    """
    intpart = int.from_bytes(raw[:5], "big") - _DATETIMEF_INT_OFS
    if intpart < 0:
        raise ValueError("negative DATETIME2 value")
    ymd = intpart >> 17
    hms = intpart & 0x1FFFF
    ym = ymd >> 5
    return _make_datetime(
        ym // 13, ym % 13, ymd & 0x1F, hms >> 12, (hms >> 6) & 0x3F, hms & 0x3F, _frac_usec(raw, 5, fsp)
    )


# -- MariaDB 5.3 "hires" formats -------------------------------------------


def _unshift(value: int, fsp: int) -> int:
    return value * 10 ** (6 - fsp)


def decode_time_hires(raw: bytes, fsp: int) -> timedelta:
    """Decode a MariaDB 5.3-format TIME(fsp) value (logged as type 11, no metadata).

    Layout: MariaDB sql/field.cc ``Field_time_hires::store_TIME``/``get_date``:
    ``MARIADB_TIME_HIRES_BYTES[fsp]`` bytes big endian = ``pack_time(t) /
    10**(6-fsp) + zero_point`` with ``zero_point = (838:59:59 + 1 s) in µs /
    10**(6-fsp)``; ``pack_time`` = signed microseconds (sql/sql_time.cc).
    """
    zero_point = ((_TIME_MAX_VALUE_SECONDS + 1) * 1000000) // 10 ** (6 - fsp)
    packed = _unshift(int.from_bytes(raw, "big") - zero_point, fsp)
    return timedelta(microseconds=packed)


def decode_datetime_hires(raw: bytes, fsp: int) -> datetime | MySQLDateTime:
    """Decode a MariaDB 5.3-format DATETIME(fsp) value (logged as type 12, no metadata).

    Layout: MariaDB sql/field.cc ``Field_datetime_hires::store_TIME``:
    ``MARIADB_DATETIME_HIRES_BYTES[fsp]`` bytes big endian =
    ``pack_time(t) / 10**(6-fsp)`` where ``pack_time`` =
    ``((((((year*13+month)*32+day)*24+hour)*60+minute)*60+second)*10**6+usec``
    (sql/sql_time.cc ``pack_time``/``unpack_time``).
    """
    packed = _unshift(int.from_bytes(raw, "big"), fsp)
    packed, usec = divmod(packed, 1000000)
    packed, second = divmod(packed, 60)
    packed, minute = divmod(packed, 60)
    packed, hour = divmod(packed, 24)
    packed, day = divmod(packed, 32)
    year, month = divmod(packed, 13)
    return _make_datetime(year, month, day, hour, minute, second, usec)


def decode_timestamp_hires(raw: bytes, fsp: int) -> datetime | MySQLDateTime:
    """Decode a MariaDB 5.3-format TIMESTAMP(fsp) value (logged as type 7, no metadata).

    Layout: MariaDB sql/field.cc ``Field_timestamp_hires::store_TIME``: 4 bytes
    big-endian seconds, then ``MARIADB_TIMESTAMP_SEC_PART_BYTES[fsp]`` bytes big
    endian of ``usec / 10**(6-fsp)``. The result is in UTC.
    """
    seconds = int.from_bytes(raw[:4], "big")
    return decode_timestamp(seconds, _unshift(int.from_bytes(raw[4:], "big"), fsp))


# -- MySQL text --------------------------------------------------------------


def _fraction(usec: int, fsp: int) -> str:
    if fsp <= 0:
        return ""
    return "." + f"{usec:06d}"[:fsp]


def format_date(value: date | MySQLDate) -> str:
    """MySQL's DATE text ``YYYY-MM-DD``."""
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def format_datetime(value: datetime | MySQLDateTime, fsp: int = 0) -> str:
    """MySQL's DATETIME text ``YYYY-MM-DD HH:MM:SS[.f]`` with ``fsp`` fraction digits.

    Aware datetimes (TIMESTAMP) are converted to UTC first.
    """
    if isinstance(value, datetime) and value.tzinfo is not None:
        value = value.astimezone(UTC)
    return (
        f"{value.year:04d}-{value.month:02d}-{value.day:02d} "
        f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}{_fraction(value.microsecond, fsp)}"
    )


def format_time(value: timedelta, fsp: int = 0) -> str:
    """MySQL's TIME text ``[-]HH:MM:SS[.f]`` (hours may have 3 digits)."""
    total = (value.days * 86400 + value.seconds) * 1000000 + value.microseconds
    sign = "-" if total < 0 else ""
    total = abs(total)
    seconds, usec = divmod(total, 1000000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{sign}{hours:02d}:{minutes:02d}:{secs:02d}{_fraction(usec, fsp)}"


# -- per-column decoders (the row decoder's fast path) ----------------------

_FRAC_MULT = {0: 1, 1: 10000, 2: 100, 3: 1}  # by fraction bytes: 1/100 s, 1/10000 s, µs


def datetime2_decoder(fsp: int):
    """A function decoding DATETIME2(fsp) values; same result as :func:`decode_datetime2`.

    Reads the whole value as one big-endian integer, so a row costs one
    ``int.from_bytes`` and one ``datetime`` constructor.
    """
    nfrac = (fsp + 1) // 2
    shift = 8 * nfrac
    mask = (1 << shift) - 1
    mult = _FRAC_MULT[nfrac]
    size = datetime2_size(fsp)

    def decode(raw: bytes) -> datetime | MySQLDateTime:
        v = int.from_bytes(raw, "big")
        usec = (v & mask) * mult
        v = (v >> shift) - _DATETIMEF_INT_OFS
        ymd = v >> 17
        hms = v & 0x1FFFF
        ym = ymd >> 5
        try:
            return datetime(ym // 13, ym % 13, ymd & 0x1F, hms >> 12, (hms >> 6) & 0x3F, hms & 0x3F, usec)
        except (ValueError, OverflowError):
            if len(raw) != size:
                raise ValueError(f"DATETIME2({fsp}) needs {size} bytes, got {len(raw)}") from None
            return decode_datetime2(raw, fsp)

    return decode


def timestamp2_decoder(fsp: int):
    """A function decoding MYSQL_TYPE_TIMESTAMP2(fsp) values of :func:`timestamp2_size` bytes.

    Layout: mysys/my_time.cc ``my_timestamp_from_binary``; MariaDB
    sql/compat56.cc: 4 bytes big-endian seconds since the epoch (0 = zero
    TIMESTAMP), then the fraction as for DATETIME2. The result is in UTC.
    """
    nfrac = (fsp + 1) // 2
    shift = 8 * nfrac
    mask = (1 << shift) - 1
    mult = _FRAC_MULT[nfrac]

    def decode(raw: bytes) -> datetime | MySQLDateTime:
        v = int.from_bytes(raw, "big")
        seconds = v >> shift
        if seconds == 0:
            return ZERO_DATETIME
        value = datetime.fromtimestamp(seconds, UTC)
        return value + timedelta(0, 0, (v & mask) * mult) if mask else value

    return decode


def time2_decoder(fsp: int):
    """A function decoding TIME2(fsp) values (:func:`decode_time2` with fsp bound)."""
    if fsp <= 0:
        def decode0(raw: bytes) -> timedelta:
            return time_from_packed((int.from_bytes(raw, "big") - _TIMEF_INT_OFS) << 24)

        return decode0

    def decode(raw: bytes) -> timedelta:
        return decode_time2(raw, fsp)

    return decode


def hires_decoder(type_code: int, fsp: int):
    """A function decoding MariaDB 5.3-format values of type 7, 11 or 12 with ``fsp``."""
    func = {7: decode_timestamp_hires, 11: decode_time_hires, 12: decode_datetime_hires}[type_code]

    def decode(raw: bytes):
        return func(raw, fsp)

    return decode


def hires_size(type_code: int, fsp: int) -> int:
    """Bytes of a MariaDB 5.3-format TIMESTAMP(7)/TIME(11)/DATETIME(12) value."""
    if type_code == 7:
        return 4 + MARIADB_TIMESTAMP_SEC_PART_BYTES[fsp]
    if type_code == 11:
        return MARIADB_TIME_HIRES_BYTES[fsp]
    return MARIADB_DATETIME_HIRES_BYTES[fsp]


# -- inline source for the row decoders' fast path ---------------------------
#
# These generate statements equivalent to the decoders above; zero values are
# handled inline, and a value Python cannot represent otherwise (zero month or
# day, year 0, invalid days) raises ValueError, after which the row decoder
# re-reads the row with the full decoders, which return MySQLDate/MySQLDateTime.

#: Names the generated statements need.
TEMPORAL_SOURCE_NAMES = {
    "_ifb": int.from_bytes,
    "_date": date,
    "_datetime": datetime,
    "_fromts": datetime.fromtimestamp,
    "_td": timedelta,
    "_UTC": UTC,
    "_SPECIAL": ValueError("special temporal value"),
    "_ZERO_DATE": ZERO_DATE,
    "_ZERO_DATETIME": ZERO_DATETIME,
}


def date_source(src: str, dst: str) -> list[str]:
    """Statements setting ``dst`` to the ``date`` of the 3-byte DATE integer ``src``."""
    return [
        f"{dst} = {src}",
        f"{dst} = _date({dst} >> 9, ({dst} >> 5) & 15, {dst} & 31) if {dst} else _ZERO_DATE",
    ]


def datetime2_source(fsp: int, src: str, dst: str) -> list[str]:
    """Statements setting ``dst`` to the ``datetime`` of the DATETIME2(fsp) bytes ``src``."""
    nfrac = (fsp + 1) // 2
    v, ymd, ym, hms, usec = (f"{dst}_{s}" for s in ("v", "d", "m", "t", "u"))
    lines = [f"{v} = _ifb({src}, 'big')"]
    if nfrac:
        lines.append(f"{usec} = ({v} & {(1 << (8 * nfrac)) - 1}) * {_FRAC_MULT[nfrac]}")
        lines.append(f"{v} = ({v} >> {8 * nfrac}) - {_DATETIMEF_INT_OFS}")
    else:
        lines.append(f"{v} -= {_DATETIMEF_INT_OFS}")
    lines += [
        f"if {v}{f' or {usec}' if nfrac else ''}:",
        f"    {ymd} = {v} >> 17",
        f"    {ym} = {ymd} >> 5",
        f"    {hms} = {v} & 131071",
        f"    {dst} = _datetime({ym} // 13, {ym} % 13, {ymd} & 31, {hms} >> 12, ({hms} >> 6) & 63, {hms} & 63"
        + (f", {usec})" if nfrac else ")"),
        "else:",
        f"    {dst} = _ZERO_DATETIME",
    ]
    return lines


def timestamp2_source(fsp: int, src: str, dst: str) -> list[str]:
    """Statements setting ``dst`` to the UTC ``datetime`` of the TIMESTAMP2(fsp) bytes ``src``."""
    nfrac = (fsp + 1) // 2
    v, sec = f"{dst}_v", f"{dst}_s"
    lines = [f"{v} = _ifb({src}, 'big')", f"{sec} = {v} >> {8 * nfrac}" if nfrac else f"{sec} = {v}"]
    lines += [f"if {sec}:", f"    {dst} = _fromts({sec}, _UTC)"]
    if nfrac:
        lines.append(f"    {dst} = {dst} + _td(0, 0, ({v} & {(1 << (8 * nfrac)) - 1}) * {_FRAC_MULT[nfrac]})")
    lines += ["else:", f"    {dst} = _ZERO_DATETIME"]
    return lines
