"""Column hashes: equal columns hash equal, and the columns of many similar tables (the same names, types and
metadata, told apart by nullability, sign, charset, key or labels) do not collide: Column-keyed caches
(Arrow types, converters, table layouts) stay one comparison per lookup with thousands of tables."""

from __future__ import annotations

import dataclasses
import itertools

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE


def _variants() -> list[Column]:
    base = Column(2, "c", MYSQL_TYPE.STRING, (MYSQL_TYPE.ENUM << 8) | 1, enum_values=("a", "b"))
    changes: list[dict[str, object]] = [{"nullable": False}, {"unsigned": True}, {"charset": 45},
                                        {"is_primary_key": True}, {"enum_values": ("a", "b", "c")},
                                        {"set_values": ("x",)}]
    return [base] + [dataclasses.replace(base, **change) for change in changes]  # type: ignore[arg-type]


def test_equal_columns_hash_equal() -> None:
    for column in _variants():
        copy = dataclasses.replace(column)
        assert copy == column and copy is not column and hash(copy) == hash(column)


def test_similar_columns_hash_apart() -> None:
    columns = _variants()
    for a, b in itertools.combinations(columns, 2):
        assert a != b and hash(a) != hash(b), (a, b)
