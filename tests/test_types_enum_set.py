"""ENUM and SET values (runtime/types/enum_set.py).

Cross-checked with rust_mysql_common's test of
fixtures/blackbeam__rust_mysql_common/test-data__binlogs__mysql-enum-string-set.000001
(ENUM index 1, SET 0b101 -> labels 0 and 2), see tests/test_row_image.py.
"""

from __future__ import annotations

import pytest

from binlog_ksy.runtime.types.enum_set import decode_set, enum_decoder, set_decoder

LABELS = ("var1", "variant2", "x")
MEMBERS64 = tuple(f"m{i}" for i in range(64))


@pytest.mark.parametrize(
    ("index", "labels", "expected"),
    [(1, LABELS, "var1"), (3, LABELS, "x"), (0, LABELS, ""), (7, LABELS, 7), (2, None, 2), (0, None, 0)],
)
def test_enum(index: int, labels: tuple[str, ...] | None, expected: object) -> None:
    assert enum_decoder(labels)(index) == expected


@pytest.mark.parametrize(
    ("mask", "labels", "expected"),
    [
        (0b101, ("one", "two", "three", "four"), ("one", "three")),
        (0b1010, ("one", "two", "three", "four"), ("two", "four")),
        (0, ("a",), ()),
        (0b10, ("a",), 0b10),  # bit beyond the labels: the mask
        (12, None, 12),
        ((1 << 64) - 1, MEMBERS64, MEMBERS64),
        (1 << 63, MEMBERS64, ("m63",)),
        (1 | 1 << 32, MEMBERS64, ("m0", "m32")),
    ],
)
def test_set(mask: int, labels: tuple[str, ...] | None, expected: object) -> None:
    assert decode_set(mask, labels) == expected
    decoder = set_decoder(labels)
    assert decoder(mask) == expected
    assert decoder(mask) == expected  # cached path
