# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled twins of the numpy column decoders of DATE, DATETIME2, TIMESTAMP2 and DECIMAL (``column_loops.py``
says when they are used).

Each takes and returns what its numpy twin does (``temporal_columns.date_column``, ``datetime2_column``,
``timestamp2_column``; ``decimal_columns.decimal_column``): a C-contiguous ``(n, size)`` ``uint8`` array of the
values' bytes, and ``(values, ok)``. One pass per value instead of some forty whole-array operations: a table
written in turn with others decodes in runs of a few hundred rows, where those operations' fixed cost is most
of the time. Layouts: mysys/my_time.cc ``my_datetime_packed_from_binary``, ``my_timestamp_from_binary``;
MariaDB sql/compat56.cc; sql/log_event.cc ``log_event_print_value`` (DATE); strings/decimal.cc ``bin2decimal``.
``tests/test_type_columns.py`` holds each equal to its numpy twin and to the scalar decoder.
"""
import numpy as np

from binlog_ksy.runtime.types.decimal import decimal_binary_size, decimal_groups
from binlog_ksy.runtime.types.decimal_columns import DECIMAL128_MAX_PRECISION

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

cdef int64_t _USEC_PER_SEC = 1000000
cdef int64_t _USEC_PER_DAY = 86400 * 1000000
cdef int64_t _DATETIMEF_INT_OFS = 0x8000000000
cdef uint64_t _LOW32 = 0xFFFFFFFF
cdef int _DAYS_IN_MONTH[13]
_DAYS_IN_MONTH[:] = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
# microseconds per unit of the 0-3 fraction bytes
cdef int64_t _FRAC_MULT[4]
_FRAC_MULT[:] = [1, 10000, 100, 1]


cdef inline uint64_t _be(const uint8_t[:, ::1] raw, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef uint64_t out = 0
    cdef Py_ssize_t j
    for j in range(start, stop):
        out = (out << 8) | raw[i, j]
    return out


cdef inline bint _date_ok(int64_t year, int64_t month, int64_t day) noexcept nogil:
    """Where ``datetime.date(year, month, day)`` would succeed."""
    if year < 1 or year > 9999 or month < 1 or month > 12 or day < 1:
        return False
    cdef int64_t dim = _DAYS_IN_MONTH[month]
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        dim += 1
    return day <= dim


cdef inline int64_t _days_from_civil(int64_t year, int64_t month, int64_t day) noexcept nogil:
    """Howard Hinnant's ``days_from_civil`` for a valid date of years 1-9999 (no negative division)."""
    cdef int64_t y = year - (1 if month <= 2 else 0)
    cdef int64_t era = y // 400
    cdef int64_t yoe = y - era * 400
    cdef int64_t mp = (month + 9) % 12
    cdef int64_t doy = (153 * mp + 2) // 5 + day - 1
    cdef int64_t doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _check(raw, Py_ssize_t size, str what):
    arr = np.asarray(raw)
    if arr.dtype != np.uint8 or arr.ndim != 2 or arr.shape[1] != size:
        raise ValueError(f"{what} needs an (n, {size}) uint8 array, got {arr.dtype} {arr.shape}")
    return np.ascontiguousarray(arr)


def _check_fsp(int fsp):
    if not 0 <= fsp <= 6:
        raise ValueError(f"fractional-second precision {fsp} is not 0-6")


def date_column(raw):
    """Days since 1970-01-01 of 3-byte little-endian DATE values: day bits 0-4, month 5-8, year 9-23."""
    cdef const uint8_t[:, ::1] r = _check(raw, 3, "DATE")
    cdef Py_ssize_t n = r.shape[0], i
    values = np.zeros(n, dtype=np.int32)
    ok = np.zeros(n, dtype=np.bool_)
    cdef int32_t[::1] v = values
    cdef uint8_t[::1] k = ok.view(np.uint8)
    cdef int64_t packed, year, month, day
    with nogil:
        for i in range(n):
            packed = r[i, 0] | (<int64_t> r[i, 1]) << 8 | (<int64_t> r[i, 2]) << 16
            year, month, day = packed >> 9, (packed >> 5) & 0x0F, packed & 0x1F
            if _date_ok(year, month, day):
                v[i] = <int32_t> _days_from_civil(year, month, day)
                k[i] = 1
    return values, ok


def datetime2_column(raw, int fsp):
    """Wall-clock microseconds since 1970-01-01 of DATETIME2(fsp) values: 5 bytes big endian minus
    0x8000000000 = ``(year*13+month) << 22 | day << 17 | hour << 12 | minute << 6 | second``, then 0-3
    big-endian fraction bytes."""
    _check_fsp(fsp)
    cdef Py_ssize_t nfrac = (fsp + 1) // 2
    cdef const uint8_t[:, ::1] r = _check(raw, 5 + nfrac, f"DATETIME2({fsp})")
    cdef Py_ssize_t n = r.shape[0], i
    values = np.zeros(n, dtype=np.int64)
    ok = np.zeros(n, dtype=np.bool_)
    cdef int64_t[::1] v = values
    cdef uint8_t[::1] k = ok.view(np.uint8)
    cdef int64_t intpart, ymd, hms, ym, year, month, day, hour, minute, second, usec
    cdef int64_t mult = _FRAC_MULT[nfrac]
    with nogil:
        for i in range(n):
            intpart = <int64_t> _be(r, i, 0, 5) - _DATETIMEF_INT_OFS
            if intpart < 0:
                continue
            ymd = intpart >> 17
            hms = intpart & 0x1FFFF
            ym = ymd >> 5
            year, month, day = ym // 13, ym % 13, ymd & 0x1F
            hour, minute, second = hms >> 12, (hms >> 6) & 0x3F, hms & 0x3F
            usec = (<int64_t> _be(r, i, 5, 5 + nfrac)) * mult if nfrac else 0
            if (not _date_ok(year, month, day) or hour >= 24 or minute >= 60 or second >= 60
                    or usec >= _USEC_PER_SEC):
                continue
            v[i] = (_days_from_civil(year, month, day) * _USEC_PER_DAY
                    + (hour * 3600 + minute * 60 + second) * _USEC_PER_SEC + usec)
            k[i] = 1
    return values, ok


def timestamp2_column(raw, int fsp):
    """UTC microseconds since the epoch of TIMESTAMP2(fsp) values: 4 bytes big-endian seconds, then the
    fraction as for DATETIME2, added as it is; seconds 0 is the zero TIMESTAMP (not ok)."""
    _check_fsp(fsp)
    cdef Py_ssize_t nfrac = (fsp + 1) // 2
    cdef const uint8_t[:, ::1] r = _check(raw, 4 + nfrac, f"TIMESTAMP2({fsp})")
    cdef Py_ssize_t n = r.shape[0], i
    values = np.zeros(n, dtype=np.int64)
    ok = np.zeros(n, dtype=np.bool_)
    cdef int64_t[::1] v = values
    cdef uint8_t[::1] k = ok.view(np.uint8)
    cdef int64_t seconds
    cdef int64_t mult = _FRAC_MULT[nfrac]
    with nogil:
        for i in range(n):
            seconds = <int64_t> _be(r, i, 0, 4)
            if seconds == 0:
                continue
            v[i] = seconds * _USEC_PER_SEC + ((<int64_t> _be(r, i, 4, 4 + nfrac)) * mult if nfrac else 0)
            k[i] = 1
    return values, ok


def decimal_column(raw, int precision, int scale):
    """The 128-bit unscaled integers (``(n, 2)`` uint64, low then high) of DECIMAL(precision, scale) values
    and where they are valid (``bin2decimal``: the top bit of the first byte, inverted, is the sign; a
    negative number has every byte complemented; each digit group is below 10**digits); ``ok`` all False
    above precision 38 (Arrow's decimal128)."""
    size = decimal_binary_size(precision, scale)
    if precision > DECIMAL128_MAX_PRECISION:
        _check(raw, size, f"DECIMAL({precision},{scale})")
        return np.zeros((len(raw), 2), dtype=np.uint64), np.zeros(len(raw), dtype=np.bool_)
    groups = decimal_groups(precision, scale)
    cdef Py_ssize_t ngroups = len(groups), g
    group_bytes = np.array([b for b, _ in groups], dtype=np.int64)
    group_limits = np.array([10 ** d for _, d in groups], dtype=np.uint64)
    cdef const int64_t[::1] nbytes = group_bytes
    cdef const uint64_t[::1] limits = group_limits
    cdef const uint8_t[:, ::1] r = _check(raw, size, f"DECIMAL({precision},{scale})")
    cdef Py_ssize_t n = r.shape[0], i, j, pos
    out = np.zeros((n, 2), dtype=np.uint64)
    ok = np.zeros(n, dtype=np.bool_)
    cdef uint64_t[:, ::1] o = out
    cdef uint8_t[::1] k = ok.view(np.uint8)
    cdef bint wide = precision > 18, negative, valid
    cdef uint8_t flip, byte
    cdef uint64_t value, m, lo, hi, p0, p1
    cdef int64_t total
    with nogil:
        for i in range(n):
            negative = (r[i, 0] & 0x80) == 0
            flip = 0xFF if negative else 0
            valid = True
            lo = hi = 0
            total = 0
            pos = 0
            for g in range(ngroups):
                value = 0
                for j in range(pos, pos + nbytes[g]):
                    byte = r[i, j] ^ flip
                    if j == 0:
                        byte &= 0x7F
                    value = (value << 8) | byte
                pos += nbytes[g]
                if value >= limits[g]:
                    valid = False
                    break
                m = limits[g]
                if wide:  # Horner's rule on (hi, lo), as decimal_column's numpy loop does it
                    p0 = (lo & _LOW32) * m + value
                    p1 = (lo >> 32) * m + (p0 >> 32)
                    lo = (p1 << 32) | (p0 & _LOW32)
                    hi = hi * m + (p1 >> 32)
                else:
                    total = total * <int64_t> m + <int64_t> value
            if not valid:
                continue
            k[i] = 1
            if wide:
                if negative:
                    hi = ~hi + (1 if lo == 0 else 0)
                    lo = ~lo + 1
                o[i, 0] = lo
                o[i, 1] = hi
            else:
                if negative:
                    total = -total
                o[i, 0] = <uint64_t> total
                o[i, 1] = ~(<uint64_t> 0) if total < 0 else 0
    return out, ok
