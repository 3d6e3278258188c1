"""BIT(n) values (runtime/types/bit.py): ``(n + 7) // 8`` bytes, big endian."""

from __future__ import annotations

import pytest

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.rows.image import RowImageDecoder
from binlog_ksy.runtime.types.bit import bit_size


def bit_meta(width: int) -> int:
    """TABLE_MAP metadata of BIT(width): byte0 = bits % 8, byte1 = whole bytes."""
    return (width // 8) << 8 | (width % 8)


@pytest.mark.parametrize("width", range(1, 65))
def test_every_width(width: int) -> None:
    meta = bit_meta(width)
    size = bit_size(meta)
    assert size == (width + 7) // 8
    decoder = RowImageDecoder([Column(0, "b", T.BIT, meta)], b"\x01")
    for value in {0, 1, (1 << width) - 1, 1 << (width - 1), 0x5A5A5A5A5A5A5A5A & ((1 << width) - 1)}:
        raw = value.to_bytes(size, "big")
        row, end = decoder.decode(b"\x00" + raw)
        assert row == {"b": value}
        assert end == 1 + size


@pytest.mark.parametrize(
    ("meta", "hexbytes", "value"),
    [
        (3, "04", 0b100),  # BIT(3) = b'100' (mysql_type_bit.000001, column a)
        (256, "20", 0b100000),  # BIT(8) = b'100000' (column c)
        (0x0800, "8000000000000001", (1 << 63) + 1),
    ],
)
def test_known(meta: int, hexbytes: str, value: int) -> None:
    raw = bytes.fromhex(hexbytes)
    assert bit_size(meta) == len(raw)
    row, end = RowImageDecoder([Column(0, "b", T.BIT, meta)], b"\x01").decode(b"\x00" + raw)
    assert (row, end) == ({"b": value}, 1 + len(raw))
