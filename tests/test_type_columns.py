"""The vectorized column decoders agree with the scalar decoders they stand in for.

DATE, DATETIME2, TIMESTAMP2 and DECIMAL have two: the numpy ones and their compiled
twins (``_column_loops.pyx``, which the columnar decoder uses when they load); both
are checked here, and held equal to each other array for array.

For each type: random bytes, hand-picked edge cases and values encoded from
fields (including fields out of range), decoded row by row with the scalar
decoder of runtime/types/temporal.py or decimal.py. Wherever the scalar gives a
``date``/``datetime``/``timedelta``/``Decimal`` the Arrow type holds, ``ok`` must
be True and the value identical; everywhere else (``MySQLDate``/``MySQLDateTime``,
or the scalar raises) ``ok`` must be False.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, timedelta
from decimal import Context, Decimal
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from binlog_ksy.runtime.types import _column_loops, column_loops, decimal_columns, temporal_columns
from binlog_ksy.runtime.types.decimal import decimal_binary_size, decimal_decoder, decimal_groups
from binlog_ksy.runtime.types.decimal_columns import decimal128_array
from binlog_ksy.runtime.types.temporal import (
    MySQLDate,
    MySQLDateTime,
    datetime2_decoder,
    datetime2_size,
    decode_date,
    decode_datetime,
    decode_time,
    decode_timestamp,
    hires_decoder,
    hires_size,
    time2_decoder,
    time2_size,
    timestamp2_decoder,
    timestamp2_size,
)
from binlog_ksy.runtime.types.temporal_columns import (
    datetime_column,
    hires_column,
    time2_column,
    time_column,
    timestamp_column,
)

#: The decoders with a compiled twin, each way: numpy, compiled.
TWINS: dict[str, dict[str, Callable[..., tuple[np.ndarray, np.ndarray]]]] = {
    "numpy": {"date": temporal_columns.date_column, "datetime2": temporal_columns.datetime2_column,
              "timestamp2": temporal_columns.timestamp2_column, "decimal": decimal_columns.decimal_column},
    "compiled": {"date": _column_loops.date_column, "datetime2": _column_loops.datetime2_column,
                 "timestamp2": _column_loops.timestamp2_column, "decimal": _column_loops.decimal_column},
}
date_column = temporal_columns.date_column
datetime2_column = temporal_columns.datetime2_column
decimal_column = decimal_columns.decimal_column

FSPS = range(7)
US = timedelta(microseconds=1)
NAIVE_EPOCH = datetime(1970, 1, 1)
UTC_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
DATE_EPOCH = date(1970, 1, 1)
N_RANDOM = 1500
EXACT = Context(prec=100)  # Decimal's default 28 digits would round


def _rng(*key: object) -> random.Random:
    return random.Random(repr(key))


def _random_rows(size: int, count: int, *key: object) -> list[bytes]:
    rng = _rng("bytes", size, *key)
    rows = [rng.randbytes(size) for _ in range(count)]
    return rows + [bytes(size), b"\xff" * size, b"\x80" + bytes(size - 1), b"\x7f" + b"\xff" * (size - 1)]


def _array(rows: list[bytes], size: int) -> np.ndarray:
    assert all(len(r) == size for r in rows)
    return np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), size).copy()


def _expected(value: Any, kind: str) -> int | None:
    """The Arrow integer of a scalar result, or None where it is not representable."""
    if isinstance(value, MySQLDate | MySQLDateTime):
        return None
    if kind == "date":
        assert type(value) is date
        return (value - DATE_EPOCH).days
    if kind == "naive":
        assert isinstance(value, datetime) and value.tzinfo is None
        return (value - NAIVE_EPOCH) // US
    if kind == "utc":
        assert isinstance(value, datetime) and value.tzinfo is UTC
        return (value - UTC_EPOCH) // US
    assert kind == "duration" and isinstance(value, timedelta)
    return value // US


def _compare(
    rows: list[bytes],
    size: int,
    vectorized: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    scalar: Callable[[bytes], Any],
    kind: str,
) -> int:
    """Check agreement row by row; returns how many rows were representable."""
    raw = _array(rows, size)
    values, ok = vectorized(raw)
    assert values.shape == (len(rows),) and ok.shape == (len(rows),) and ok.dtype == np.bool_
    assert values.dtype == (np.int32 if kind == "date" else np.int64)
    representable = 0
    for i, row in enumerate(rows):
        try:
            want = _expected(scalar(row), kind)
        except (ValueError, OverflowError):
            want = None
        if want is None:
            assert not ok[i], (row.hex(), int(values[i]))
        else:
            representable += 1
            assert ok[i], (row.hex(), want)
            assert int(values[i]) == want, (row.hex(), int(values[i]), want)
    return representable


def _twins_agree(kind: str, rows: list[bytes], size: int, *args: int) -> None:
    """The numpy decoder and its compiled twin give the same arrays, bit for bit (values where not ok too)."""
    raw = _array(rows, size)
    (numpy_values, numpy_ok), (compiled_values, compiled_ok) = (TWINS[way][kind](raw, *args) for way in TWINS)
    assert compiled_values.dtype == numpy_values.dtype and compiled_ok.dtype == numpy_ok.dtype == np.bool_
    assert np.array_equal(compiled_ok, numpy_ok), kind
    assert np.array_equal(compiled_values, numpy_values), kind
    # a column's bytes as the columnar decoder gathers them: a view of a bigger buffer works the same
    wide = np.zeros((len(rows), size + 3), dtype=np.uint8)
    wide[:, 1:size + 1] = raw
    values, ok = TWINS["compiled"][kind](wide[:, 1:size + 1], *args)
    assert np.array_equal(ok, numpy_ok) and np.array_equal(values, numpy_values), kind


# -- test-side encoders (from the layouts in temporal.py) -----------------------

YEARS = (0, 1, 2, 4, 99, 100, 400, 1600, 1900, 1969, 1970, 1971, 2000, 2024, 2100, 9998, 9999, 10000)


def _frac_bytes(usec: int, fsp: int) -> bytes:
    nfrac = (fsp + 1) // 2
    if nfrac == 0:
        return b""
    return ({1: usec // 10000, 2: usec // 100, 3: usec}[nfrac] & ((1 << (8 * nfrac)) - 1)).to_bytes(nfrac, "big")


def _enc_date(year: int, month: int, day: int) -> bytes:
    return ((year << 9) | (month << 5) | day).to_bytes(3, "little")


def _enc_datetime2(y: int, mo: int, d: int, h: int, mi: int, s: int, usec: int, fsp: int) -> bytes:
    intpart = ((((y * 13 + mo) << 5 | d) << 17) | h << 12 | mi << 6 | s) + 0x8000000000
    return (intpart & (2**40 - 1)).to_bytes(5, "big") + _frac_bytes(usec, fsp)


def _enc_time2(negative: bool, h: int, mi: int, s: int, usec: int, fsp: int) -> bytes:
    """mysys/my_time.cc ``my_time_packed_to_binary`` of ``sign * ((h<<12|mi<<6|s) << 24 | usec)``."""
    nr = ((h << 12 | mi << 6 | s) << 24) | usec
    if negative:
        nr = -nr
    if fsp >= 5:
        return (nr + 0x800000000000).to_bytes(6, "big")
    head = ((nr >> 24) + 0x800000).to_bytes(3, "big")
    frac = -(-nr & 0xFFFFFF) if nr < 0 else nr & 0xFFFFFF  # C's %: sign of the dividend
    if fsp == 0:
        return head
    unit, nbytes = (10000, 1) if fsp <= 2 else (100, 2)
    q = -(-frac // unit) if frac < 0 else frac // unit  # C's /: truncated
    return head + (q & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "big")


def _fields(rng: random.Random, valid: bool) -> tuple[int, int, int, int, int, int, int]:
    if valid:
        day = rng.choice([1, 28, 29, 30, 31, rng.randint(1, 31)])
        return (rng.choice(YEARS[1:-1] + (rng.randint(1, 9999),)), rng.randint(1, 12), day, rng.randint(0, 23),
                rng.randint(0, 59), rng.randint(0, 59), rng.choice([0, 1, 999999, rng.randint(0, 999999)]))
    return (rng.choice(YEARS), rng.randint(0, 12), rng.randint(0, 31), rng.randint(0, 31), rng.randint(0, 63),
            rng.randint(0, 63), rng.choice([0, 999999, 1000000, rng.randint(0, 2**24 - 1)]))


def _truncate(usec: int, fsp: int) -> int:
    return usec - usec % 10 ** (6 - fsp)


# -- DATE, old TIME/DATETIME/TIMESTAMP -------------------------------------------


@pytest.mark.parametrize("way", TWINS)
def test_date_column(way: str) -> None:
    date_column = TWINS[way]["date"]
    rows = [_enc_date(y, m, d) for y in YEARS + (32767,) for m in range(16) for d in range(32)]
    rows += _random_rows(3, N_RANDOM, "date")
    _twins_agree("date", rows, 3)
    n = _compare(rows, 3, date_column, lambda r: decode_date(int.from_bytes(r, "little")), "date")
    assert n > 3000
    days, ok = date_column(_array([_enc_date(1970, 1, 1), _enc_date(1, 1, 1), _enc_date(9999, 12, 31),
                                   _enc_date(2024, 2, 29), _enc_date(2023, 2, 29), bytes(3)], 3))
    assert ok.tolist() == [True, True, True, True, False, False]
    assert days[:4].tolist() == [0, -719162, 2932896, 19782]


def test_datetime_column() -> None:
    rng = _rng("datetime")
    rows = []
    for _ in range(3000):
        y, mo, d, h, mi, s, _usec = _fields(rng, rng.random() < 0.6)
        rows.append((y * 10**10 + mo * 10**8 + d * 10**6 + h * 10**4 + mi * 100 + s).to_bytes(8, "little"))
    rows += [(19700101000000).to_bytes(8, "little"), (99991231235959).to_bytes(8, "little"),
             (10101000000).to_bytes(8, "little"), (20240229120000).to_bytes(8, "little"),
             (20240230120000).to_bytes(8, "little"), (20241301000000).to_bytes(8, "little"),
             (20240101240000).to_bytes(8, "little"), (20240101006000).to_bytes(8, "little"),
             (20240101000099).to_bytes(8, "little"), (2**63).to_bytes(8, "little")]
    rows += _random_rows(8, N_RANDOM, "datetime")
    n = _compare(rows, 8, datetime_column, lambda r: decode_datetime(int.from_bytes(r, "little")), "naive")
    assert n > 1000


def test_timestamp_column() -> None:
    rows = [s.to_bytes(4, "little") for s in (0, 1, 86399, 86400, 2**31 - 1, 2**31, 2**32 - 1, 1700000000)]
    rows += _random_rows(4, N_RANDOM, "timestamp")
    n = _compare(rows, 4, timestamp_column, lambda r: decode_timestamp(int.from_bytes(r, "little")), "utc")
    assert n == len(rows) - 2  # the zero rows


def test_time_column() -> None:
    rng = _rng("time")
    values = [0, 1, -1, 8385959, -8385959, 2**23 - 1, -(2**23), 235959, -235959, 99, 9999, -9999]
    values += [rng.choice([-1, 1]) * (rng.randint(0, 838) * 10000 + rng.randint(0, 59) * 100 + rng.randint(0, 59))
               for _ in range(2000)]
    rows = [(v & 0xFFFFFF).to_bytes(3, "little") for v in values]
    rows += _random_rows(3, N_RANDOM, "time")

    def scalar(r: bytes) -> timedelta:
        return decode_time(int.from_bytes(r, "little", signed=True))

    assert _compare(rows, 3, time_column, scalar, "duration") == len(rows)
    micros, _ = time_column(_array([(-8385959 & 0xFFFFFF).to_bytes(3, "little")], 3))
    assert micros.tolist() == [-(838 * 3600 + 59 * 60 + 59) * 10**6]


# -- MySQL 5.6+ formats ----------------------------------------------------------


@pytest.mark.parametrize("way", TWINS)
@pytest.mark.parametrize("fsp", FSPS)
def test_datetime2_column(fsp: int, way: str) -> None:
    datetime2_column = TWINS[way]["datetime2"]
    rng = _rng("datetime2", fsp)
    rows = []
    for _ in range(2000):
        valid = rng.random() < 0.6
        y, mo, d, h, mi, s, usec = _fields(rng, valid)
        rows.append(_enc_datetime2(y, mo, d, h, mi, s, _truncate(usec, fsp) if valid else usec, fsp))
    edges = [(1970, 1, 1, 0, 0, 0, 0), (1, 1, 1, 0, 0, 0, 0), (9999, 12, 31, 23, 59, 59, 999999),
             (2000, 2, 29, 12, 0, 0, 1), (1900, 2, 29, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0), (2024, 0, 0, 0, 0, 0, 0)]
    rows += [_enc_datetime2(*e, fsp) for e in edges]
    size = datetime2_size(fsp)
    rows += _random_rows(size, N_RANDOM, "datetime2", fsp)
    _twins_agree("datetime2", rows, size, fsp)
    assert _compare(rows, size, lambda a: datetime2_column(a, fsp), datetime2_decoder(fsp), "naive") > 1000
    micros, ok = datetime2_column(_array([_enc_datetime2(1970, 1, 1, 0, 0, 1, _truncate(990000, fsp), fsp)], size), fsp)
    assert ok.tolist() == [True] and micros.tolist() == [10**6 + _truncate(990000, fsp)]


@pytest.mark.parametrize("way", TWINS)
@pytest.mark.parametrize("fsp", FSPS)
def test_timestamp2_column(fsp: int, way: str) -> None:
    timestamp2_column = TWINS[way]["timestamp2"]
    rng = _rng("timestamp2", fsp)
    seconds = [0, 1, 86400, 2**31 - 1, 2**31, 2**32 - 1] + [rng.randint(0, 2**32 - 1) for _ in range(500)]
    rows = [s.to_bytes(4, "big") + _frac_bytes(usec, fsp) for s in seconds for usec in (0, 1, 999999)]
    size = timestamp2_size(fsp)
    rows += _random_rows(size, N_RANDOM, "timestamp2", fsp)
    if size > 4:
        rows.append(bytes(4) + b"\x01" * (size - 4))  # seconds 0 with a fraction: still the zero TIMESTAMP
    _twins_agree("timestamp2", rows, size, fsp)
    n = _compare(rows, size, lambda a: timestamp2_column(a, fsp), timestamp2_decoder(fsp), "utc")
    assert n > 1000


@pytest.mark.parametrize("fsp", FSPS)
def test_time2_column(fsp: int) -> None:
    rng = _rng("time2", fsp)
    size = time2_size(fsp)
    rows = []
    for _ in range(2000):
        usec = rng.choice([0, 1, 10**(6 - fsp), 500000, 999999, rng.randint(0, 999999)])
        rows.append(_enc_time2(rng.random() < 0.5, rng.choice([0, 1, 23, 838, 1023, rng.randint(0, 1023)]),
                               rng.randint(0, 59), rng.randint(0, 59), _truncate(usec, fsp), fsp))
    # Every fraction byte pattern around zero and the extremes of the integer part.
    heads = [0x800000, 0x7FFFFF, 0x7FFFFE, 0x800001, 0x000000, 0xFFFFFF, 0x000001, 0x7FF000, 0x7FEFFF]
    if fsp in (1, 2):
        rows += [h.to_bytes(3, "big") + bytes([f]) for h in heads for f in range(256)]
    elif fsp in (3, 4):
        fracs = list(range(0, 65536, 97)) + [0, 1, 9999, 10000, 65535, 65536 - 5000]
        rows += [h.to_bytes(3, "big") + f.to_bytes(2, "big") for h in heads for f in fracs]
    rows += _random_rows(size, N_RANDOM, "time2", fsp)
    assert _compare(rows, size, lambda a: time2_column(a, fsp), time2_decoder(fsp), "duration") == len(rows)
    if fsp:
        half = _enc_time2(True, 0, 0, 0, 500000, fsp)  # '-00:00:00.5'
        most = _enc_time2(True, 838, 59, 59, _truncate(999999, fsp), fsp)
        micros, ok = time2_column(_array([half, most], size), fsp)
        most_micros = (838 * 3600 + 59 * 60 + 59) * 10**6 + _truncate(999999, fsp)
        assert ok.all() and micros.tolist() == [-500000, -most_micros]


# -- MariaDB 5.3 "hires" formats -------------------------------------------------


def _enc_hires(type_code: int, fsp: int, fields: tuple[int, ...]) -> bytes:
    size = hires_size(type_code, fsp)
    unit = 10 ** (6 - fsp)
    if type_code == 7:
        seconds, usec = fields
        return seconds.to_bytes(4, "big") + (usec // unit).to_bytes(size - 4, "big")
    if type_code == 11:
        (micros,) = fields
        zero_point = ((838 * 3600 + 59 * 60 + 60) * 10**6) // unit
        return (micros // unit + zero_point).to_bytes(size, "big")
    y, mo, d, h, mi, s, usec = fields
    packed = (((((y * 13 + mo) * 32 + d) * 24 + h) * 60 + mi) * 60 + s) * 10**6 + usec
    return (packed // unit % 2 ** (8 * size)).to_bytes(size, "big")


@pytest.mark.parametrize("fsp", FSPS)
@pytest.mark.parametrize("type_code", [7, 11, 12])
def test_hires_column(type_code: int, fsp: int) -> None:
    rng = _rng("hires", type_code, fsp)
    size = hires_size(type_code, fsp)
    fields: list[tuple[int, ...]] = []
    for _ in range(1500):
        usec = _truncate(rng.choice([0, 1, 999999, rng.randint(0, 999999)]), fsp)
        if type_code == 7:
            fields.append((rng.choice([0, 1, 2**31, 2**32 - 1, rng.randint(0, 2**32 - 1)]), usec))
        elif type_code == 11:
            seconds = rng.choice([0, 838 * 3600 + 59 * 60 + 59, rng.randint(0, 838 * 3600 + 3599)])
            fields.append((rng.choice([-1, 1]) * seconds * 10**6 + usec,))
        else:
            valid = rng.random() < 0.6
            y, mo, d, h, mi, s, _ = _fields(rng, valid)
            fields.append((y, mo, d, min(h, 23), mi % 60, s % 60, usec))
    rows = [_enc_hires(type_code, fsp, f) for f in fields]
    rows += _random_rows(size, N_RANDOM, "hires", type_code, fsp)
    kind = {7: "utc", 11: "duration", 12: "naive"}[type_code]
    n = _compare(rows, size, lambda a: hires_column(a, type_code, fsp), hires_decoder(type_code, fsp), kind)
    assert n > 500


# -- DECIMAL -----------------------------------------------------------------


def _enc_decimal(negative: bool, unscaled: int, precision: int, scale: int) -> bytes:
    """strings/decimal.cc ``decimal2bin`` of ``(-1 if negative else 1) * unscaled / 10**scale``."""
    out = b""
    digits_after = precision
    for nbytes, digits in decimal_groups(precision, scale):
        digits_after -= digits
        out += ((unscaled // 10**digits_after) % 10**digits).to_bytes(nbytes, "big")
    b = bytearray(out)
    b[0] |= 0x80
    return bytes(x ^ 0xFF for x in b) if negative else bytes(b)


DECIMAL_TYPES = [(1, 0), (5, 2), (10, 2), (18, 9), (18, 0), (9, 9), (19, 4), (27, 9), (38, 10), (38, 0),
                 (30, 30), (65, 30)]


def _decimal_rows(precision: int, scale: int) -> list[bytes]:
    rng = _rng("decimal", precision, scale)
    top = 10**precision
    values = [0, 1, top - 1, top // 10, 10**scale, 10**scale - 1, (top - 1) // 10**scale * 10**scale]
    values += [rng.randrange(10 ** rng.randint(0, precision)) for _ in range(1500)]
    rows = [_enc_decimal(neg, v, precision, scale) for v in values for neg in (False, True)]
    size = decimal_binary_size(precision, scale)
    rows += _random_rows(size, 800, "decimal", precision, scale)
    # Every group pushed out of range in turn.
    pos = 0
    for nbytes, _digits in decimal_groups(precision, scale):
        row = bytearray(_enc_decimal(False, 0, precision, scale))
        row[pos:pos + nbytes] = b"\x7f" + b"\xff" * (nbytes - 1) if pos == 0 else b"\xff" * nbytes
        rows.append(bytes(row))
        pos += nbytes
    return rows


def _unscaled_int(pair: np.ndarray) -> int:
    return int.from_bytes(np.ascontiguousarray(pair, dtype="<u8").tobytes(), "little", signed=True)


@pytest.mark.parametrize("way", TWINS)
@pytest.mark.parametrize(("precision", "scale"), DECIMAL_TYPES)
def test_decimal_column(precision: int, scale: int, way: str) -> None:
    decimal_column = TWINS[way]["decimal"]
    rows = _decimal_rows(precision, scale)
    size = decimal_binary_size(precision, scale)
    _twins_agree("decimal", rows, size, precision, scale)
    raw = _array(rows, size)
    unscaled, ok = decimal_column(raw, precision, scale)
    assert unscaled.shape == (len(rows), 2) and unscaled.dtype == np.uint64 and ok.dtype == np.bool_
    decode = decimal_decoder(precision, scale)
    wants: list[Decimal | None] = []
    for i, row in enumerate(rows):
        try:
            want: Decimal | None = decode(row)
        except ValueError:
            want = None
        wants.append(want)
        if precision > 38:
            assert not ok[i]
        elif want is None:
            assert not ok[i], row.hex()
        else:
            assert ok[i], row.hex()
            got = Decimal(_unscaled_int(unscaled[i])).scaleb(-scale, EXACT)
            assert got == want and got.as_tuple().exponent == want.as_tuple().exponent, (row.hex(), got, want)
    if precision <= 38:
        assert ok.sum() > 2000
        array = decimal128_array(unscaled, ok, precision, scale)
        assert array.type == pa.decimal128(precision, scale)
        assert array.null_count == int((~ok).sum())
        assert array.to_pylist() == wants
        array.validate(full=True)


@pytest.mark.parametrize("way", TWINS)
def test_decimal_known_values(way: str) -> None:
    decimal_column = TWINS[way]["decimal"]
    cases = [("7ffffffef5", 10, 2, Decimal("-1.10")), (_enc_decimal(True, 1, 5, 2).hex(), 5, 2, Decimal("-0.01")),
             (_enc_decimal(False, 10**38 - 1, 38, 0).hex(), 38, 0, Decimal(10**38 - 1)),
             (_enc_decimal(True, 10**38 - 1, 38, 10).hex(), 38, 10, Decimal(-(10**38 - 1)).scaleb(-10, EXACT)),
             (_enc_decimal(True, 0, 19, 4).hex(), 19, 4, Decimal("0.0000"))]
    for hexed, precision, scale, want in cases:
        unscaled, ok = decimal_column(_array([bytes.fromhex(hexed)], decimal_binary_size(precision, scale)),
                                      precision, scale)
        assert ok.tolist() == [True]
        assert decimal128_array(unscaled, ok, precision, scale).to_pylist() == [want]
        assert decimal_decoder(precision, scale)(bytes.fromhex(hexed)) == want


def test_decimal128_array_all_valid_and_masked() -> None:
    rows = [_enc_decimal(neg, v, 12, 3) for v in (0, 5, 123456789012) for neg in (False, True)]
    unscaled, ok = decimal_column(_array(rows, decimal_binary_size(12, 3)), 12, 3)
    assert ok.all()
    full = decimal128_array(unscaled, ok, 12, 3)
    assert full.null_count == 0 and full.buffers()[0] is None
    assert full.to_pylist() == [decimal_decoder(12, 3)(r) for r in rows]
    mask = np.array([True, False, True, False, True, False])
    assert decimal128_array(unscaled, mask, 12, 3).to_pylist() == [
        Decimal("0.000"), None, Decimal("0.005"), None, Decimal("123456789.012"), None]


# -- argument checks -------------------------------------------------------------


@pytest.mark.parametrize("way", TWINS)
def test_wrong_shapes_raise(way: str) -> None:
    twins = TWINS[way]
    with pytest.raises(ValueError):
        twins["date"](np.zeros((2, 4), dtype=np.uint8))
    with pytest.raises(ValueError):
        twins["datetime2"](np.zeros((2, 5), dtype=np.uint8), 3)
    with pytest.raises(ValueError):
        twins["datetime2"](np.zeros((2, 5), dtype=np.uint8), 7)
    with pytest.raises(ValueError):
        twins["timestamp2"](np.zeros((2, 4), dtype=np.uint8), 2)
    with pytest.raises(ValueError):
        twins["decimal"](np.zeros((2, 4), dtype=np.uint8), 10, 2)
    with pytest.raises(ValueError):
        twins["decimal"](np.zeros((2, 4), dtype=np.int16), 9, 0)
    with pytest.raises(ValueError):
        time2_column(np.zeros((2, 3), dtype=np.uint8), 7)
    with pytest.raises(ValueError):
        hires_column(np.zeros((2, 5), dtype=np.uint8), 10, 0)


def test_empty_columns() -> None:
    empties: Iterable[tuple[np.ndarray, np.ndarray]] = [
        date_column(np.zeros((0, 3), dtype=np.uint8)),
        time2_column(np.zeros((0, time2_size(6)), dtype=np.uint8), 6),
        hires_column(np.zeros((0, hires_size(12, 6)), dtype=np.uint8), 12, 6),
    ]
    for values, ok in empties:
        assert values.shape == (0,) and ok.shape == (0,)
    for twins in TWINS.values():
        for values, ok in (twins["date"](np.zeros((0, 3), dtype=np.uint8)),
                           twins["datetime2"](np.zeros((0, datetime2_size(4)), dtype=np.uint8), 4),
                           twins["timestamp2"](np.zeros((0, timestamp2_size(1)), dtype=np.uint8), 1)):
            assert values.shape == (0,) and ok.shape == (0,)
        unscaled, ok = twins["decimal"](np.zeros((0, decimal_binary_size(30, 2)), dtype=np.uint8), 30, 2)
        assert unscaled.shape == (0, 2) and len(decimal128_array(unscaled, ok, 30, 2)) == 0


def test_the_columnar_decoder_uses_the_compiled_twins() -> None:
    """The installed package has the compiled loops, and the columnar decoder takes them."""
    from binlog_ksy.runtime.rows import columnar

    assert column_loops.COMPILED
    for kind, compiled in TWINS["compiled"].items():
        assert vars(columnar)[f"{kind}_column"] is compiled, kind
