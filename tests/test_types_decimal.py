"""NEWDECIMAL row values (runtime/types/decimal.py).

Vectors: strings/decimal.cc's own comment (``decimal2bin``: 1234567890.1234
in DECIMAL(14,4) is ``81 0D FB 38 D2 04 D2``, its negative ``7E F2 04 C7 2D FB
2D``), go-mysql replication/row_event_test.go ``TestDecodeDecimal`` (bytes
captured from MySQL, DECIMAL(13,2)), and values built with an encoder written
from the ``decimal2bin`` description below.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.types.decimal import (
    decimal_binary_size,
    decimal_decoder,
    decimal_groups,
    decode_decimal,
)

DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)


def encode_decimal(text: str, precision: int, scale: int) -> bytes:
    """decimal2bin, written from strings/decimal.cc's description (test oracle)."""
    negative = text.startswith("-")
    digits = text.lstrip("-")
    whole, _, frac = digits.partition(".")
    frac = (frac + "0" * scale)[:scale]
    intg = precision - scale
    whole = whole.lstrip("0").rjust(intg, "0")
    assert len(whole) == intg, "value does not fit"
    out = bytearray()
    lead = intg % 9
    if lead:
        out += int(whole[:lead]).to_bytes(DIG2BYTES[lead], "big")
    for i in range(lead, intg, 9):
        out += int(whole[i : i + 9]).to_bytes(4, "big")
    full = scale - scale % 9
    for i in range(0, full, 9):
        out += int(frac[i : i + 9]).to_bytes(4, "big")
    if scale % 9:
        out += int(frac[full:]).to_bytes(DIG2BYTES[scale % 9], "big")
    out[0] ^= 0x80
    if negative:
        out = bytearray(b ^ 0xFF for b in out)
    return bytes(out)


@pytest.mark.parametrize(
    ("hexbytes", "precision", "scale", "expected"),
    [
        # strings/decimal.cc comment of decimal2bin
        ("810DFB38D204D2", 14, 4, "1234567890.1234"),
        ("7EF204C72DFB2D", 14, 4, "-1234567890.1234"),
        # go-mysql TestDecodeDecimal (captured from MySQL), DECIMAL(13,2)
        ("7ffffff863f1", 13, 2, "-1948.14"),
        ("80000043de60", 13, 2, "17374.96"),
        ("800000000000", 13, 2, "0.00"),
        ("7ffffffdcdc5", 13, 2, "-562.58"),
        ("7ffffff18cfe", 13, 2, "-3699.01"),
        # DECIMAL(2,2): 0x81 = 0.01, 0x1c = -0.99 (precision == scale)
        ("81", 2, 2, "0.01"),
        ("1c", 2, 2, "-0.99"),
        # scale 0
        ("8000007b", 9, 0, "123"),
        ("7fffff84", 9, 0, "-123"),
        ("80", 1, 0, "0"),
        ("89", 1, 0, "9"),
        ("76", 1, 0, "-9"),
        # negative values below 1: the sign is the only thing negative
        ("7fffffff fe", 10, 2, "-0.01"),
        ("7fffffff 9c", 10, 2, "-0.99"),
        ("80000000 0a", 10, 2, "0.10"),
    ],
)
def test_decode_known_vectors(hexbytes: str, precision: int, scale: int, expected: str) -> None:
    raw = bytes.fromhex(hexbytes)
    assert len(raw) == decimal_binary_size(precision, scale)
    value = decode_decimal(raw, precision, scale)
    assert value == Decimal(expected)
    assert str(value) == expected  # every digit, trailing zeros included
    assert encode_decimal(expected, precision, scale) == raw


@pytest.mark.parametrize(
    ("precision", "scale", "size"),
    [(1, 0, 1), (2, 2, 1), (9, 0, 4), (10, 0, 5), (10, 2, 5), (13, 2, 6), (14, 4, 7),
     (18, 9, 8), (19, 0, 9), (65, 0, 29), (65, 30, 30), (65, 65, 29), (30, 30, 14)],
)
def test_binary_size(precision: int, scale: int, size: int) -> None:
    assert decimal_binary_size(precision, scale) == size
    assert sum(n for n, _ in decimal_groups(precision, scale)) == size


@pytest.mark.parametrize(
    ("text", "precision", "scale"),
    [
        ("12345678901234567890123456789012345.123456789012345678901234567890", 65, 30),
        ("-12345678901234567890123456789012345.123456789012345678901234567890", 65, 30),
        ("-99999999999999999999999999999999999.999999999999999999999999999999", 65, 30),
        ("0.000000000000000000000000000001", 65, 30),
        ("-0.000000000000000000000000000001", 65, 30),
        ("99999999999999999999999999999999999999999999999999999999999999999", 65, 0),
        ("-1", 65, 0),
        ("0.12345678901234567890123456789012345678901234567890123456789012345", 65, 65),
        ("-0.5", 1, 1),
        ("123456789.123456789", 18, 9),
        ("-100000000", 9, 0),
        ("1.0000000000", 11, 10),
    ],
)
def test_edge_values_keep_every_digit(text: str, precision: int, scale: int) -> None:
    if text == "-100000000":
        precision = 10
    raw = encode_decimal(text, precision, scale)
    value = decode_decimal(raw, precision, scale)
    assert value == Decimal(text)
    assert format(value, "f") == text
    assert value.as_tuple().exponent == -scale


def test_zero_keeps_scale_and_drops_sign() -> None:
    # all-zero digits with the negative encoding ("-0.00") decode as 0.00
    raw = encode_decimal("0.00", 10, 2)
    negative_zero = bytes(b ^ 0xFF for b in raw)
    for data in (raw, negative_zero):
        value = decode_decimal(data, 10, 2)
        assert format(value, "f") == "0.00"
        assert not value.is_signed()
    assert format(decode_decimal(encode_decimal("0", 65, 30), 65, 30), "f") == "0." + "0" * 30


def test_corrupt_group_raises() -> None:
    # DECIMAL(10,2): 8 integer digits in 4 bytes; 0x05F5E100 = 100000000 has 9
    with pytest.raises(ValueError, match="out of range"):
        decode_decimal(bytes.fromhex("85F5E100 00"), 10, 2)
    with pytest.raises(ValueError, match="needs 5 bytes"):
        decode_decimal(bytes.fromhex("800000"), 10, 2)


def test_bad_metadata() -> None:
    with pytest.raises(ValueError):
        decimal_binary_size(2, 3)
    with pytest.raises(ValueError):
        decimal_binary_size(0, 0)


def test_decoder_is_cached() -> None:
    assert decimal_decoder(10, 2) is decimal_decoder(10, 2)


@settings(deadline=None)
@given(
    st.integers(min_value=1, max_value=65).flatmap(
        lambda p: st.tuples(st.just(p), st.integers(min_value=0, max_value=min(p, 30)))
    ),
    st.data(),
)
def test_roundtrip_property(ps: tuple[int, int], data: st.DataObject) -> None:
    precision, scale = ps
    magnitude = data.draw(st.integers(min_value=0, max_value=10**precision - 1))
    negative = data.draw(st.booleans()) and magnitude != 0
    digits = str(magnitude).rjust(scale + 1, "0")
    text = ("-" if negative else "") + (digits[:-scale] + "." + digits[-scale:] if scale else digits)
    raw = encode_decimal(text, precision, scale)
    assert format(decode_decimal(raw, precision, scale), "f") == text
