"""GEOMETRY values (runtime/types/geometry.py): SRID (u4 LE) + WKB."""

from __future__ import annotations

import struct

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.present.value_json import json_value
from binlog_ksy.runtime.rows.image import RowImageDecoder
from binlog_ksy.runtime.types.geometry import Geometry

# POINT(1 2) with SRID 4326: SRID, then WKB (byte order 1, type 1, x, y)
WKB = b"\x01" + struct.pack("<I", 1) + struct.pack("<dd", 1.0, 2.0)
VALUE = struct.pack("<I", 4326) + WKB


def test_geometry_value() -> None:
    g = Geometry(VALUE)
    assert isinstance(g, bytes)
    assert g == VALUE
    assert g.srid == 4326
    assert g.wkb == WKB
    assert "srid=4326" in repr(g)
    assert Geometry(b"\x01").srid is None


def test_geometry_in_row_and_json() -> None:
    column = Column(0, "g", T.GEOMETRY, 4, geometry_type=1)
    row, end = RowImageDecoder([column], b"\x01").decode(b"\x00" + struct.pack("<I", len(VALUE)) + VALUE)
    assert end == 5 + len(VALUE)
    assert row["g"].srid == 4326
    assert json_value(column, row["g"]) == VALUE.hex()
