"""JSON diffs of PARTIAL_UPDATE_ROWS (runtime/types/json_diff.py).

The captured vector is the after value of the one PARTIAL_UPDATE_ROWS event in
fixtures/blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001
(``UPDATE t SET json_col = JSON_SET(json_col, '$.age', 26)``-style); the rest
follow sql/json_diff.cc ``Json_diff::write_binary``.
"""

from __future__ import annotations

from typing import Any

import pytest

from binlog_ksy.runtime.types.json_diff import (
    JsonDiff,
    JsonDiffError,
    apply_json_diffs,
    decode_json_diff,
    parse_json_path,
)


def encode(value: Any) -> bytes:
    """Binary JSON of an int16, a short string or a small array of int16 (json_binary.h)."""
    if isinstance(value, int):
        return b"\x05" + value.to_bytes(2, "little", signed=True)
    if isinstance(value, str):
        raw = value.encode()
        return b"\x0c" + bytes([len(raw)]) + raw
    entries = b"".join(b"\x05" + v.to_bytes(2, "little", signed=True) for v in value)
    size = 4 + len(entries)
    return b"\x02" + len(value).to_bytes(2, "little") + size.to_bytes(2, "little") + entries


def diff_bytes(op: int, path: str, value: Any = None) -> bytes:
    raw_path = path.encode()
    out = bytes([op, len(raw_path)]) + raw_path
    if op != 2:
        doc = encode(value)
        out += bytes([len(doc)]) + doc
    return out


def test_captured_replace() -> None:
    # after image column value: 0b000000 (length 11) then the vector
    assert decode_json_diff(bytes.fromhex("0005242e61676503051a00")) == [JsonDiff("REPLACE", "$.age", 26)]


def test_all_operations() -> None:
    data = diff_bytes(0, "$.a", "x") + diff_bytes(1, '$."new key"', [1, 2]) + diff_bytes(2, "$.b[0]")
    assert decode_json_diff(data) == [
        JsonDiff("REPLACE", "$.a", "x"),
        JsonDiff("INSERT", '$."new key"', [1, 2]),
        JsonDiff("REMOVE", "$.b[0]", None),
    ]


@pytest.mark.parametrize("data", ["03", "0005242e61", "0005242e616765", "000124fc", "0001"])
def test_corrupt_vector(data: str) -> None:
    with pytest.raises(JsonDiffError):
        decode_json_diff(bytes.fromhex(data))


@pytest.mark.parametrize(
    ("path", "legs"),
    [
        ("$", []),
        ("$.a", ["a"]),
        ("$.a[1].b", ["a", 1, "b"]),
        ('$."a b"', ["a b"]),
        ('$."q\\"uote".x', ['q"uote', "x"]),
        ('$."dots.in.key"[0]', ["dots.in.key", 0]),
        ("$[last]", [("last", 0)]),
        ("$[last - 2]", [("last", 2)]),
        ("$ . a [ 3 ]", ["a", 3]),
        ("$.ünï", ["ünï"]),
    ],
)
def test_parse_path(path: str, legs: list[Any]) -> None:
    assert parse_json_path(path) == legs


@pytest.mark.parametrize("path", ["a.b", "$.*", "$[*]", '$."open', "$[1", "$.a**", "$[x]"])
def test_bad_paths(path: str) -> None:
    with pytest.raises(JsonDiffError):
        parse_json_path(path)


DOC: dict[str, Any] = {"age": 24, "name": "Joe", "tags": ["a", "b", "c"], "n": {"x y": {"z": 1}}}


@pytest.mark.parametrize(
    ("diffs", "expected"),
    [
        ([JsonDiff("REPLACE", "$.age", 26)], {**DOC, "age": 26}),
        ([JsonDiff("REPLACE", "$.tags[1]", "B")], {**DOC, "tags": ["a", "B", "c"]}),
        ([JsonDiff("REPLACE", "$.tags[last]", "C")], {**DOC, "tags": ["a", "b", "C"]}),
        ([JsonDiff("REPLACE", '$.n."x y".z', [1])], {**DOC, "n": {"x y": {"z": [1]}}}),
        ([JsonDiff("INSERT", "$.city", "Oslo")], {**DOC, "city": "Oslo"}),
        ([JsonDiff("INSERT", "$.tags[0]", "first")], {**DOC, "tags": ["first", "a", "b", "c"]}),
        ([JsonDiff("INSERT", "$.tags[10]", "end")], {**DOC, "tags": ["a", "b", "c", "end"]}),
        ([JsonDiff("REMOVE", "$.name")], {k: v for k, v in DOC.items() if k != "name"}),
        ([JsonDiff("REMOVE", "$.tags[0]")], {**DOC, "tags": ["b", "c"]}),
        (
            [JsonDiff("REPLACE", "$.age", 1), JsonDiff("INSERT", "$.age2", 2), JsonDiff("REMOVE", "$.tags")],
            {"age": 1, "name": "Joe", "n": {"x y": {"z": 1}}, "age2": 2},
        ),
    ],
)
def test_apply(diffs: list[JsonDiff], expected: Any) -> None:
    before = {**DOC, "tags": list(DOC["tags"])}
    assert apply_json_diffs(before, diffs) == expected
    assert before == DOC  # the before value is not modified


@pytest.mark.parametrize(
    "diff",
    [
        JsonDiff("REPLACE", "$.missing", 1),
        JsonDiff("REPLACE", "$.tags[7]", 1),
        JsonDiff("INSERT", "$.age", 1),  # member exists
        JsonDiff("INSERT", "$.nope.x", 1),
        JsonDiff("REMOVE", "$.tags[9]"),
        JsonDiff("REMOVE", "$.age.x"),
        JsonDiff("REPLACE", "$", {}),  # the whole document is not a diff
    ],
)
def test_rejected(diff: JsonDiff) -> None:
    with pytest.raises(JsonDiffError):
        apply_json_diffs(DOC, [diff])
