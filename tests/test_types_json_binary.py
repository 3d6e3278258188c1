"""MySQL binary JSON (runtime/types/json_binary.py).

Captured vectors come from fixtures/blackbeam__rust_mysql_common (MySQL 8.0.22
test-data__binlogs__json.binlog.000001 and 9.0.1 json-opaque.binlog); the
rest are built by :func:`encode` below, written from the grammar in
sql-common/json_binary.h (small and large containers, inlined scalars).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.types.json_binary import JsonOpaque, decode_json_binary, decode_opaque

# -- a test encoder written from json_binary.h ------------------------------------


def varlen(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def scalar(value: Any) -> tuple[int, bytes]:
    if value is None:
        return 0x04, b"\x00"
    if value is True:
        return 0x04, b"\x01"
    if value is False:
        return 0x04, b"\x02"
    if isinstance(value, int):
        for code, fmt in ((0x05, "<h"), (0x07, "<i"), (0x09, "<q"), (0x0A, "<Q")):
            try:
                return code, struct.pack(fmt, value)
            except struct.error:
                continue
    if isinstance(value, float):
        return 0x0B, struct.pack("<d", value)
    if isinstance(value, str):
        raw = value.encode()
        return 0x0C, varlen(len(raw)) + raw
    if isinstance(value, JsonOpaque):
        return 0x0F, bytes([value.field_type]) + varlen(len(value.data)) + value.data
    raise TypeError(value)


def encode_value(value: Any, large: bool = False) -> tuple[int, bytes]:
    if isinstance(value, dict):
        return (0x01 if large else 0x00), container(list(value.items()), True, large)
    if isinstance(value, list):
        return (0x03 if large else 0x02), container([(None, v) for v in value], False, large)
    return scalar(value)


def container(items: Sequence[tuple[str | None, Any]], is_object: bool, large: bool, gap: int = 0) -> bytes:
    off = 4 if large else 2
    pack = (lambda n: struct.pack("<I", n)) if large else (lambda n: struct.pack("<H", n))
    count = len(items)
    header = 2 * off
    key_entries = (off + 2) * count if is_object else 0
    value_entries = (1 + off) * count
    pos = header + key_entries + value_entries
    keys = b""
    key_index = b""
    if is_object:
        for key, _ in items:
            assert key is not None, "object members have keys"
            raw = key.encode()
            key_index += pack(pos + len(keys)) + struct.pack("<H", len(raw))
            keys += raw
        pos += len(keys)
    pos += gap
    values = b"\x00" * gap
    value_index = b""
    for _, item in items:
        code, body = encode_value(item, large)
        inline = code == 0x04 or code in (0x05, 0x06) or (large and code in (0x07, 0x08))
        if inline:
            value_index += bytes([code]) + body.ljust(off, b"\x00")
        else:
            value_index += bytes([code]) + pack(pos + len(values) - gap)
            values += body
    body = key_index + value_index + keys + values
    size = header + len(body)
    return pack(count) + pack(size) + body


def encode(value: Any, large: bool = False) -> bytes:
    code, body = encode_value(value, large)
    return bytes([code]) + body


# -- captured vectors -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hexbytes", "expected"),
    [
        # INSERT INTO t (json_col) VALUES ('{"age": 24, "data": "xxxxxxxxxx", "name": "Joe"}')  (8.0.22)
        (
            "0003003300190003001c000400200004000518000c24000c2f00616765646174616e616d650a78787878787878787878034a6f65",
            {"age": 24, "data": "xxxxxxxxxx", "name": "Joe"},
        ),
        # json-opaque.binlog (9.0.1): JSON_OBJECT('a', b'01010101') etc.
        ("0001000f000b0001000f0c00610f0155", {"a": JsonOpaque(15, b"U")}),
        ("00010016000b0001000f0c00620a080000000000e48b19", {"b": date(2012, 3, 18)}),
        ("00010016000b0001000f0c00630c08000000adb7e48b19", {"c": datetime(2012, 3, 18, 11, 30, 45)}),
        ("00010016000b0001000f0c00630b08f1fb09ee77050000",
         {"c": timedelta(hours=87, minutes=31, seconds=46, microseconds=654321)}),
        ("00010014000b0001000f0c0064f6060603807b01c8", {"d": Decimal("123.456")}),
        ("00010015000b0001000f0c0065f6070b028000000900", {"e": Decimal("9.00")}),
        ("0001001c000b000100020c006504001000050000050100040100040200", {"e": [0, 1, True, False]}),
        ("0001000c000b00010004000065", {"e": None}),
        # scalars at the top level
        ("0400", None),
        ("0401", True),
        ("0402", False),
        ("05ffff", -1),
        ("06ffff", 65535),
        ("07ffffffff", -1),
        ("08ffffffff", 4294967295),
        ("09ffffffffffffffff", -1),
        ("0affffffffffffffff", 18446744073709551615),
        ("0b000000000000f83f", 1.5),
        ("0c0568656c6c6f", "hello"),
        ("020000" "0400", []),
        ("000000" "0400", {}),
    ],
)
def test_known_documents(hexbytes: str, expected: Any) -> None:
    assert decode_json_binary(bytes.fromhex(hexbytes)) == expected


def test_empty_value_is_null() -> None:
    assert decode_json_binary(b"") is None


def test_decimal_keeps_digits() -> None:
    value = decode_json_binary(bytes.fromhex("00010015000b0001000f0c0065f6070b028000000900"))
    assert str(value["e"]) == "9.00"


@pytest.mark.parametrize("large", [False, True])
def test_all_scalar_types_in_containers(large: bool) -> None:
    doc = {
        "null": None,
        "t": True,
        "f": False,
        "i16": -32768,
        "i32": -2147483648,
        "i64": -(2**63),
        "u64": 2**64 - 1,
        "d": -1.25e-300,
        "s": "ünïcode ☃",
        "long": "x" * 300,  # 2-byte varlen
        "arr": [1, [2, [3, {"deep": "yes"}]], None],
        "opaque": JsonOpaque(252, b"\x00\x01blob"),
    }
    assert decode_json_binary(encode(doc, large)) == doc
    assert decode_json_binary(encode(list(doc.values()), large)) == list(doc.values())


def test_large_object_over_64k() -> None:
    doc = {f"key{i:05d}": "v" * 20 for i in range(3000)}
    raw = encode(doc, large=True)
    assert len(raw) > 65536
    assert raw[0] == 0x01
    assert decode_json_binary(raw) == doc


def test_large_array_inlines_int32() -> None:
    raw = encode([2**31 - 1, -(2**31), 70000], large=True)
    assert decode_json_binary(raw) == [2**31 - 1, -(2**31), 70000]


def test_sparse_offsets_after_partial_update() -> None:
    # 16 unused bytes between the keys and the values (what an in-place
    # JSON_REPLACE of a longer value leaves behind): values are read by offset
    doc = {"a": "first", "b": [1, 2], "c": 3.5}
    items = list(doc.items())
    raw = b"\x00" + container(items, True, False, gap=16)
    assert decode_json_binary(raw) == doc


def test_opaque_values() -> None:
    assert decode_opaque(253, b"text") == "text"
    assert decode_opaque(253, b"\xff") == JsonOpaque(253, b"\xff")
    assert decode_opaque(15, b"U") == JsonOpaque(15, b"U")
    assert decode_opaque(246, bytes.fromhex("0603807b01c8")) == Decimal("123.456")


@pytest.mark.parametrize(
    "hexbytes",
    [
        "00",  # truncated header
        "0001000f000b0001000f0c0061",  # value runs past the end
        "0001000f000b0001000f0c00610f",  # opaque without its length
        "0d00",  # unknown type
        "0c05616263",  # string shorter than its length
        "0406",  # unknown literal
        "0001004000",  # size larger than the data
        "0c0568656cff6f",  # not UTF-8
        "0cffffffffff01",  # varlen longer than 5 bytes
    ],
)
def test_corrupt_documents_raise(hexbytes: str) -> None:
    with pytest.raises(ValueError):
        decode_json_binary(bytes.fromhex(hexbytes))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30,
)


@settings(deadline=None)
@given(json_values, st.booleans())
def test_roundtrip_property(value: Any, large: bool) -> None:
    decoded = decode_json_binary(encode(value, large))
    assert decoded == value or (isinstance(value, float) and math.isnan(value))
