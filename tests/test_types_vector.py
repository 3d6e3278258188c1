"""VECTOR values (runtime/types/vector.py): float32 little endian."""

from __future__ import annotations

import struct

import pytest

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.present.value_json import json_value
from binlog_ksy.runtime.rows.image import RowImageDecoder
from binlog_ksy.runtime.types.vector import decode_vector


def test_vector() -> None:
    raw = struct.pack("<3f", 1.1, 2.2, 3.3)
    assert decode_vector(raw) == list(struct.unpack("<3f", raw))
    assert decode_vector(b"") == []
    with pytest.raises(ValueError):
        decode_vector(b"\x00\x00\x00")


def test_vector_row_and_json() -> None:
    # go-mysql PR #1004 sample: length 12, then 3 floats
    column = Column(0, "v", T.VECTOR, 4)
    raw = b"\x0c\x00\x00\x00" + struct.pack("<3f", 1.1, 2.2, 3.3)
    row, _ = RowImageDecoder([column], b"\x01").decode(b"\x00" + raw)
    assert json_value(column, row["v"]) == [1.1, 2.2, 3.3]
