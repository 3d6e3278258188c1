"""The JSON text mapping of column values (runtime/value_json.py)."""

from __future__ import annotations

import json
import struct
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.present.value_json import json_formatter, json_value
from binlog_ksy.runtime.rows.image import JsonPartialUpdate, RowDecodeError
from binlog_ksy.runtime.types.geometry import Geometry
from binlog_ksy.runtime.types.json_binary import JsonOpaque
from binlog_ksy.runtime.types.json_diff import JsonDiff
from binlog_ksy.runtime.types.json_text import dumps, json_document
from binlog_ksy.runtime.types.temporal import ZERO_DATE, ZERO_DATETIME, MySQLDate

F32_1_1 = struct.unpack("<f", struct.pack("<f", 1.1))[0]


def c(type_: int, meta: int = 0, **kw: Any) -> Column:
    return Column(0, "c", type_, meta, **kw)


@pytest.mark.parametrize(
    ("column", "value", "expected"),
    [
        (c(T.LONG), -5, -5),
        (c(T.LONGLONG, unsigned=True), 2**64 - 1, 2**64 - 1),
        (c(T.YEAR), 0, 0),
        (c(T.YEAR), 2155, 2155),
        (c(T.BIT, 0x0800), 2**63, 2**63),
        (c(T.FLOAT, 4), F32_1_1, 1.1),
        (c(T.FLOAT, 4), float("nan"), None),
        (c(T.DOUBLE, 8), 0.1, 0.1),
        (c(T.DOUBLE, 8), float("inf"), None),
        (c(T.NEWDECIMAL, 10 << 8 | 2), Decimal("-0.01"), "-0.01"),
        (c(T.NEWDECIMAL, 10 << 8 | 2), Decimal("1.50"), "1.50"),
        (c(T.NEWDECIMAL, 65 << 8 | 30), Decimal("0E-30"), "0." + "0" * 30),
        (c(T.NEWDECIMAL, 65 << 8 | 0), Decimal("9" * 65), "9" * 65),
        (c(T.DATE), date(2020, 1, 2), "2020-01-02"),
        (c(T.DATE), ZERO_DATE, "0000-00-00"),
        (c(T.DATE), MySQLDate(2020, 0, 0), "2020-00-00"),
        (c(T.DATETIME2, 0), datetime(2020, 1, 2, 3, 4, 5), "2020-01-02 03:04:05"),
        (c(T.DATETIME2, 3), datetime(2020, 1, 2, 3, 4, 5, 123000), "2020-01-02 03:04:05.123"),
        (c(T.DATETIME2, 6), datetime(2020, 1, 2, 3, 4, 5, 7), "2020-01-02 03:04:05.000007"),
        (c(T.DATETIME2, 0), ZERO_DATETIME, "0000-00-00 00:00:00"),
        (c(T.DATETIME2, 2), ZERO_DATETIME, "0000-00-00 00:00:00.00"),
        (c(T.DATETIME), datetime(2006, 2, 14, 22, 4, 36), "2006-02-14 22:04:36"),
        (c(T.TIMESTAMP2, 1), datetime(2022, 4, 20, 22, 18, 4, 500000, tzinfo=UTC), "2022-04-20 22:18:04.5"),
        (
            c(T.TIMESTAMP2, 0),
            datetime(2022, 4, 21, 0, 18, 4, tzinfo=timezone(timedelta(hours=2))),
            "2022-04-20 22:18:04",
        ),
        (c(T.TIMESTAMP), ZERO_DATETIME, "0000-00-00 00:00:00"),
        (c(T.TIME2, 2), -timedelta(microseconds=10000), "-00:00:00.01"),
        (c(T.TIME2, 0), timedelta(hours=838, minutes=59, seconds=59), "838:59:59"),
        (c(T.TIME), -timedelta(hours=1), "-01:00:00"),
        (c(T.STRING, 0xF701, enum_values=("a", "b")), "b", "b"),
        (c(T.STRING, 0xF701, enum_values=("a", "b")), "", ""),
        (c(T.STRING, 0xF701), 3, 3),
        (c(T.STRING, 0xF801, set_values=("a", "b")), ("a", "b"), ["a", "b"]),
        (c(T.STRING, 0xF801), 5, 5),
        (c(T.VARCHAR, 100, charset=255), "text", "text"),
        (c(T.VARCHAR, 100, charset=63), b"\x00\xff", "00ff"),
        (c(T.BLOB, 2, charset=63), b"blob", "626c6f62"),
        (c(T.BLOB, 2), "looks like text", "looks like text"),
        (c(T.BLOB, 2), b"\xff\xfe", "fffe"),
        (c(T.VARCHAR, 100, charset=8), b"\x80", "€"),  # bytes with a text charset are decoded
        (c(T.GEOMETRY, 4), Geometry(b"\xe6\x10\x00\x00\x01"), "e610000001"),
        (c(T.VECTOR, 4), [F32_1_1, -2.0], [1.1, -2.0]),
        (c(T.JSON, 4), {"a": [1, None, True]}, {"a": [1, None, True]}),
        (c(T.LONG), None, None),
    ],
)
def test_json_value(column: Column, value: Any, expected: Any) -> None:
    assert json_value(column, value) == expected
    json.dumps(json_value(column, value))


def test_json_document_opaque_values() -> None:
    doc = {
        "d": date(2012, 3, 18),
        "dt": datetime(2012, 3, 18, 11, 30, 45),
        "t": timedelta(hours=87, minutes=31, seconds=46, microseconds=654321),
        "neg": -timedelta(seconds=1),
        "dec": Decimal("123.456"),
        "bit": JsonOpaque(15, b"U"),
        "blob": JsonOpaque(252, b"\x00\x01"),
        "f": 1.5,
    }
    out = json_document(doc)
    assert out == {
        "d": "2012-03-18",
        "dt": "2012-03-18 11:30:45.000000",
        "t": "87:31:46.654321",
        "neg": "-00:00:01.000000",
        "dec": Decimal("123.456"),
        "bit": "base64:type15:VQ==",
        "blob": "base64:type252:AAE=",
        "f": 1.5,
    }
    assert dumps(out) == (
        '{"d":"2012-03-18","dt":"2012-03-18 11:30:45.000000","t":"87:31:46.654321",'
        '"neg":"-00:00:01.000000","dec":123.456,"bit":"base64:type15:VQ==",'
        '"blob":"base64:type252:AAE=","f":1.5}'
    )


def test_partial_update_value() -> None:
    value = JsonPartialUpdate([JsonDiff("REPLACE", "$.age", 26), JsonDiff("REMOVE", "$.x")])
    assert value == {"json_diff": [{"op": "REPLACE", "path": "$.age", "value": 26},
                                   {"op": "REMOVE", "path": "$.x", "value": None}]}
    assert json_value(c(T.JSON, 4), value) == value


def test_dumps() -> None:
    assert dumps({"a": "é", "b": [1, 2.5, None, True]}) == '{"a":"é","b":[1,2.5,null,true]}'
    assert dumps([Decimal("1.50"), Decimal("-0E-3"), float("nan")]) == "[1.50,-0.000,null]"
    assert json.loads(dumps({"x": Decimal("9.00"), "s": "q\"\n"})) == {"x": 9.0, "s": 'q"\n'}


def test_text_errors() -> None:
    column = c(T.VARCHAR, 100, charset=255)
    with pytest.raises(RowDecodeError, match=r"column c \(#1\): value is not valid utf8mb4"):
        json_value(column, b"\xff")
    assert json_value(column, b"\xff", errors="keep") == "ff"
    assert json_value(column, b"\xff", errors="replace") == "\ufffd"


def test_row_text() -> None:
    """A row through the per-column formatters, written by dumps, as the rows output does."""
    columns = (
        Column(0, "id", T.LONG),
        Column(1, "price", T.NEWDECIMAL, 10 << 8 | 2),
        Column(2, "at", T.DATETIME2, 3),
    )
    row = {"id": 7, "price": Decimal("-0.01"), "at": datetime(2020, 1, 2, 3, 4, 5, 678000)}
    values = {c.name: json_formatter(c)(row[c.name]) for c in columns}
    assert values == {"id": 7, "price": "-0.01", "at": "2020-01-02 03:04:05.678"}
    assert dumps(values) == '{"id":7,"price":"-0.01","at":"2020-01-02 03:04:05.678"}'


def test_json_formatter_equals_json_value() -> None:
    """The per-column fast path gives exactly what json_value gives."""
    cases: list[tuple[Column, list[Any]]] = [
        (Column(0, "a", T.LONG), [None, 5, -7]),
        (Column(0, "b", T.NEWDECIMAL, meta=(10 << 8) | 2), [Decimal("-0.01"), Decimal("12.50")]),
        (Column(0, "c", T.DATETIME2, meta=3), [datetime(2024, 1, 2, 3, 4, 5, 678000), ZERO_DATETIME,
                                               datetime(9, 1, 1, 0, 0, 0)]),
        (Column(0, "d", T.DATETIME2, meta=0), [datetime(2024, 1, 2, 3, 4, 5)]),
        (Column(0, "e", T.TIMESTAMP2, meta=6), [datetime(2024, 1, 2, 3, 4, 5, 1, tzinfo=UTC)]),
        (Column(0, "f", T.DATE), [date(2024, 2, 29), ZERO_DATE]),
        (Column(0, "g", T.TIME2, meta=2), [timedelta(hours=-1, seconds=-1)]),
        (Column(0, "h", T.VARCHAR, meta=64, charset=45), ["héllo", None]),
        (Column(0, "i", T.VARCHAR, meta=64), [b"\xff\x00", b"ok"]),
    ]
    for column, values in cases:
        fmt = json_formatter(column)
        for value in values:
            assert fmt(value) == json_value(column, value), (column.name, value)
