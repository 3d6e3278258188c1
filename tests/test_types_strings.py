"""String values and charsets (runtime/types/strings.py, runtime/types/charsets.py).

Collation ids: MySQL ``information_schema.COLLATIONS`` (8.0/9.x), MariaDB
strings/ctype-uca1400.h and include/m_ctype.h.
"""

from __future__ import annotations

import zlib

import pytest

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.errors import RowDecodeError
from binlog_ksy.runtime.rows.image import RowImageDecoder
from binlog_ksy.runtime.types.charsets import (
    BINARY,
    charset_of_collation,
    codec_of_collation,
    decode_mysql_latin1,
)
from binlog_ksy.runtime.types.strings import (
    TextDecodeError,
    decode_utf8_or_bytes,
    text_decoder,
    uncompress_mariadb,
)


@pytest.mark.parametrize(
    ("collation", "flavor", "charset", "codec"),
    [
        (8, "mysql", "latin1", "mysql_latin1"),  # latin1_swedish_ci
        (47, "mysql", "latin1", "mysql_latin1"),  # latin1_bin
        (33, "mysql", "utf8mb3", "utf-8"),
        (83, "mysql", "utf8mb3", "utf-8"),
        (45, "mysql", "utf8mb4", "utf-8"),
        (224, "mysql", "utf8mb4", "utf-8"),
        (255, "mysql", "utf8mb4", "utf-8"),  # utf8mb4_0900_ai_ci
        (309, "mysql", "utf8mb4", "utf-8"),  # utf8mb4_0900_bin
        (323, "mysql", "utf8mb4", "utf-8"),
        (63, "mysql", "binary", BINARY),
        (11, "mysql", "ascii", "ascii"),
        (35, "mysql", "ucs2", "utf-16-be"),
        (54, "mysql", "utf16", "utf-16-be"),
        (56, "mysql", "utf16le", "utf-16-le"),
        (60, "mysql", "utf32", "utf-32-be"),
        (26, "mysql", "cp1250", "cp1250"),
        (51, "mysql", "cp1251", "cp1251"),
        (57, "mysql", "cp1256", "cp1256"),
        (59, "mysql", "cp1257", "cp1257"),
        (13, "mysql", "sjis", "shift_jis"),
        (28, "mysql", "gbk", "gbk"),
        (1, "mysql", "big5", "big5"),
        (19, "mysql", "euckr", "euc_kr"),
        (248, "mysql", "gb18030", "gb18030"),
        (95, "mysql", "cp932", "cp932"),
        (3, "mysql", "dec8", None),
        (272, "mysql", None, None),  # never assigned
        (2000, "mysql", None, None),
        # MariaDB: nopad (+1024), page 2, UCA 14.0.0
        (1069, "mariadb", "utf8mb4", "utf-8"),  # utf8mb4_general_nopad_ci
        (1032, "mariadb", "latin1", "mysql_latin1"),  # latin1_swedish_nopad_ci
        (576, "mariadb", "utf8mb3", "utf-8"),  # utf8mb3_croatian_mysql561_ci
        (608, "mariadb", "utf8mb4", "utf-8"),  # utf8mb4_croatian_mysql561_ci
        (640, "mariadb", "ucs2", "utf-16-be"),
        (2048, "mariadb", "utf8mb3", "utf-8"),
        (2304, "mariadb", "utf8mb4", "utf-8"),  # utf8mb4_uca1400_ai_ci
        (2560, "mariadb", "ucs2", "utf-16-be"),
        (2816, "mariadb", "utf16", "utf-16-be"),
        (3072, "mariadb", "utf32", "utf-32-be"),
        (45, "mariadb", "utf8mb4", "utf-8"),
    ],
)
def test_collation_table(collation: int, flavor: str, charset: str | None, codec: str | None) -> None:
    assert charset_of_collation(collation, flavor) == charset
    assert codec_of_collation(collation, flavor) == codec


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (b"\x80", "\u20ac"),  # latin1 0x80 is the euro sign in MySQL (cp1252)
        (b"caf\xe9", "caf\u00e9"),
        (b"\x81\x8d\x8f\x90\x9d", "\x81\x8d\x8f\x90\x9d"),  # the 5 bytes cp1252 leaves undefined
        (b"\x9f\x81", "\u0178\x81"),
        (bytes(range(256)), None),
    ],
)
def test_mysql_latin1(raw: bytes, text: str | None) -> None:
    decoded = decode_mysql_latin1(raw)
    assert len(decoded) == len(raw)
    if text is not None:
        assert decoded == text


def col(collation: int | None, flavor: str = "mysql") -> Column:
    return Column(0, "s", T.VARCHAR, 100, charset=collation, flavor=flavor)


@pytest.mark.parametrize(
    ("collation", "raw", "expected"),
    [
        (255, "héllo €".encode(), "héllo €"),
        (8, b"\x80 10", "€ 10"),
        (63, b"\x00\xff", b"\x00\xff"),
        (35, "ab€".encode("utf-16-be"), "ab€"),
        (54, "😀".encode("utf-16-be"), "😀"),
        (56, "ab".encode("utf-16-le"), "ab"),
        (60, "a😀".encode("utf-32-be"), "a😀"),
        (51, "привет".encode("cp1251"), "привет"),
        (13, "日本".encode("shift_jis"), "日本"),
        (28, "中文".encode("gbk"), "中文"),
        (248, "中文".encode("gb18030"), "中文"),
        (3, b"dec8", b"dec8"),  # no Python codec: bytes
        (None, "ok ✓".encode(), "ok ✓"),  # unknown collation: text when UTF-8
        (None, b"\xff\xfe", b"\xff\xfe"),  # ... bytes otherwise
    ],
)
def test_text_decoder(collation: int | None, raw: bytes, expected: str | bytes) -> None:
    assert text_decoder(col(collation))(raw) == expected


def test_undecodable_text_errors() -> None:
    bad = b"ok\xff\xfe"
    with pytest.raises(TextDecodeError, match=r"column s: value is not valid utf8mb4 \(byte 2 of 4: 0xfffe\)"):
        text_decoder(col(255))(bad)
    assert text_decoder(col(255), "keep")(bad) == bad
    assert text_decoder(col(255), "replace")(bad) == "ok\ufffd\ufffd"
    with pytest.raises(ValueError):
        text_decoder(col(255), "ignore")


def test_decode_utf8_or_bytes() -> None:
    assert decode_utf8_or_bytes(b"abc") == "abc"
    assert decode_utf8_or_bytes(b"\xc3") == b"\xc3"


@pytest.mark.parametrize(
    ("column", "buf", "value", "end"),
    [
        (Column(0, "c", T.VARCHAR, 10, charset=63), b"\x03abcX", b"abc", 4),
        (Column(0, "c", T.VARCHAR, 300, charset=63), b"\x03\x00abc", b"abc", 5),
        (Column(0, "c", T.BLOB, 1, charset=63), b"\x00", b"", 1),
        (Column(0, "c", T.BLOB, 3, charset=63), b"\x02\x00\x00abX", b"ab", 5),
        (Column(0, "c", T.BLOB, 4, charset=63), b"\x01\x00\x00\x00a", b"a", 5),
    ],
)
def test_length_prefixed(column: Column, buf: bytes, value: bytes, end: int) -> None:
    """VARCHAR: 1 length byte up to 255 bytes, else 2; BLOB: ``meta`` length bytes (63 = binary)."""
    row, pos = RowImageDecoder([column], b"\x01").decode(b"\x00" + buf)
    assert (row, pos) == ({"c": value}, 1 + end)


def test_length_prefixed_overrun() -> None:
    with pytest.raises(RowDecodeError, match="runs past the end"):
        RowImageDecoder([Column(0, "c", T.VARCHAR, 10, charset=63)], b"\x01").decode(b"\x00\x05abc")
    with pytest.raises(RowDecodeError, match="length prefix"):
        RowImageDecoder([Column(0, "c", T.BLOB, 2, charset=63)], b"\x01").decode(b"\x00\x05")


def test_mariadb_compressed_column() -> None:
    text = b"hello hello hello hello hello hello"
    # header: 0x80 | raw-deflate flag 8 | 1 length byte; sql/field_comp.cc compress_zlib
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw_deflate = deflater.compress(text) + deflater.flush()
    assert uncompress_mariadb(bytes([0x89, len(text)]) + raw_deflate) == text
    assert uncompress_mariadb(bytes([0x81, len(text)]) + zlib.compress(text)) == text
    assert uncompress_mariadb(b"\x00short") == b"short"
    assert uncompress_mariadb(b"") == b""
    with pytest.raises(ValueError):
        uncompress_mariadb(b"\x40abc")
