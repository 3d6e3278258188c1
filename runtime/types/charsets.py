"""Collation id -> character set -> Python codec: a data table.

TABLE_MAP optional metadata (DEFAULT_CHARSET, COLUMN_CHARSET,
ENUM_AND_SET_*) gives each character column a *collation* id. The ids are
stable and public; this module maps them to the character set and to the
Python codec that decodes its bytes.

Sources: the MySQL 8.0/9.x collation list (``information_schema.COLLATIONS``,
as generated into mysql-connector-python ``charsets.py`` ``MYSQL_8_CHARSETS``,
ids 1-323); MariaDB strings/ctype-uca1400.h (UCA-14.0.0 ids 2048-4095:
``1ccc tttt tPST``, ``ccc`` = utf8mb3/utf8mb4/ucs2/utf16/utf32) and
include/m_ctype.h (``MY_PAGE2_COLLATION_ID_*`` = 0x240 utf8mb3, 0x260 utf8mb4,
0x280 ucs2, 0x2A0 utf16, 0x2C0 utf16le, 0x2E0 utf32, 32 ids each) and the
``*_nopad_*`` collations at ``id + 1024``.
"""

from __future__ import annotations

__all__ = [
    "BINARY",
    "charset_of_collation",
    "codec_of_charset",
    "codec_of_collation",
    "decode_mysql_latin1",
    "MYSQL_COLLATION_CHARSETS",
]

#: Marker codec for the ``binary`` character set (collation 63): keep bytes.
BINARY = "binary"


def _build_mysql() -> dict[int, str]:
    table: dict[int, str] = {
        1: "big5", 2: "latin2", 3: "dec8", 4: "cp850", 5: "latin1", 6: "hp8",
        7: "koi8r", 8: "latin1", 9: "latin2", 10: "swe7", 11: "ascii",
        12: "ujis", 13: "sjis", 14: "cp1251", 15: "latin1", 16: "hebrew",
        18: "tis620", 19: "euckr", 20: "latin7", 21: "latin2", 22: "koi8u",
        23: "cp1251", 24: "gb2312", 25: "greek", 26: "cp1250", 27: "latin2",
        28: "gbk", 29: "cp1257", 30: "latin5", 31: "latin1", 32: "armscii8",
        33: "utf8mb3", 34: "cp1250", 35: "ucs2", 36: "cp866", 37: "keybcs2",
        38: "macce", 39: "macroman", 40: "cp852", 41: "latin7", 42: "latin7",
        43: "macce", 44: "cp1250", 45: "utf8mb4", 46: "utf8mb4", 47: "latin1",
        48: "latin1", 49: "latin1", 50: "cp1251", 51: "cp1251", 52: "cp1251",
        53: "macroman", 54: "utf16", 55: "utf16", 56: "utf16le", 57: "cp1256",
        58: "cp1257", 59: "cp1257", 60: "utf32", 61: "utf32", 62: "utf16le",
        63: "binary", 64: "armscii8", 65: "ascii", 66: "cp1250", 67: "cp1256",
        68: "cp866", 69: "dec8", 70: "greek", 71: "hebrew", 72: "hp8",
        73: "keybcs2", 74: "koi8r", 75: "koi8u", 76: "utf8mb3", 77: "latin2",
        78: "latin5", 79: "latin7", 80: "cp850", 81: "cp852", 82: "swe7",
        83: "utf8mb3", 84: "big5", 85: "euckr", 86: "gb2312", 87: "gbk",
        88: "sjis", 89: "tis620", 90: "ucs2", 91: "ujis", 92: "geostd8",
        93: "geostd8", 94: "latin1", 95: "cp932", 96: "cp932", 97: "eucjpms",
        98: "eucjpms", 99: "cp1250", 159: "ucs2", 223: "utf8mb3",
        248: "gb18030", 249: "gb18030", 250: "gb18030",
    }
    ranges = (
        (101, 124, "utf16"),    # utf16_unicode_ci .. utf16_vietnamese_ci
        (128, 151, "ucs2"),     # ucs2_unicode_ci .. ucs2_vietnamese_ci
        (160, 183, "utf32"),    # utf32_unicode_ci .. utf32_vietnamese_ci
        (192, 215, "utf8mb3"),  # utf8mb3_unicode_ci .. utf8mb3_vietnamese_ci
        (224, 247, "utf8mb4"),  # utf8mb4_unicode_ci .. utf8mb4_vietnamese_ci
        (255, 323, "utf8mb4"),  # utf8mb4_0900_ai_ci .. utf8mb4_mn_cyrl_0900_as_cs
    )
    for first, last, name in ranges:
        for cid in range(first, last + 1):
            table[cid] = name
    for gap in (272, 276, 295, 299, 301, 302):  # ids MySQL never assigned
        del table[gap]
    return table


#: MySQL collation id -> character set name (MySQL 8.0.30+ names: utf8mb3).
MYSQL_COLLATION_CHARSETS: dict[int, str] = _build_mysql()

# MariaDB: ids 1-247 agree with MySQL (MariaDB >= 10.0.6 moved its old
# croatian collations to "page 2"); the ranges below are MariaDB's own.
_MARIADB_PAGE2 = (
    (0x240, "utf8mb3"),
    (0x260, "utf8mb4"),
    (0x280, "ucs2"),
    (0x2A0, "utf16"),
    (0x2C0, "utf16le"),
    (0x2E0, "utf32"),
)
_MARIADB_UCA1400 = ("utf8mb3", "utf8mb4", "ucs2", "utf16", "utf32")
_MARIADB_EXTRA = {253: "utf8mb3"}  # utf8mb3_general_mysql500_ci on old MariaDB


def charset_of_collation(collation_id: int, flavor: str = "mysql") -> str | None:
    """Name of the character set of a collation id (``None`` when unknown).

    Parameters
    ----------
    collation_id
        The id from TABLE_MAP optional metadata.
    flavor
        ``"mysql"`` or ``"mariadb"``: MariaDB assigns ids above 255 its own way
        (strings/ctype-uca1400.h, include/m_ctype.h).
    """
    if flavor == "mariadb" and collation_id > 247:
        if 2048 <= collation_id <= 4095:
            cs = (collation_id >> 8) & 0x07
            return _MARIADB_UCA1400[cs] if cs < len(_MARIADB_UCA1400) else None
        if 1024 <= collation_id < 2048:
            return charset_of_collation(collation_id - 1024, flavor)
        for base, name in _MARIADB_PAGE2:
            if base <= collation_id < base + 32:
                return name
        if collation_id in _MARIADB_EXTRA:
            return _MARIADB_EXTRA[collation_id]
    return MYSQL_COLLATION_CHARSETS.get(collation_id)


#: Character set name -> Python codec name. ``None``: no Python codec.
CHARSET_CODECS: dict[str, str | None] = {
    "big5": "big5",
    "dec8": None,
    "cp850": "cp850",
    "hp8": None,
    "koi8r": "koi8_r",
    "latin1": "mysql_latin1",  # cp1252 plus 5 pass-through bytes: decode_mysql_latin1
    "latin2": "iso8859_2",
    "swe7": None,
    "ascii": "ascii",
    "ujis": "euc_jp",
    "sjis": "shift_jis",
    "hebrew": "iso8859_8",
    "tis620": "tis_620",
    "euckr": "euc_kr",
    "latin7": "iso8859_13",
    "koi8u": "koi8_u",
    "gb2312": "gb2312",
    "greek": "iso8859_7",
    "cp1250": "cp1250",
    "gbk": "gbk",
    "cp1257": "cp1257",
    "latin5": "iso8859_9",
    "armscii8": None,
    "utf8": "utf-8",
    "utf8mb3": "utf-8",
    "ucs2": "utf-16-be",
    "cp866": "cp866",
    "keybcs2": None,
    "macce": "mac_latin2",
    "macroman": "mac_roman",
    "cp852": "cp852",
    "cp1251": "cp1251",
    "utf16": "utf-16-be",
    "utf16le": "utf-16-le",
    "cp1256": "cp1256",
    "utf32": "utf-32-be",
    "binary": BINARY,
    "geostd8": None,
    "cp932": "cp932",
    "eucjpms": "euc_jp",  # eucJP-ms extends EUC-JP; Python has no exact codec
    "gb18030": "gb18030",
    "utf8mb4": "utf-8",
}


def codec_of_charset(charset: str | None) -> str | None:
    """Python codec for a MySQL character set name (``None`` when there is none)."""
    if charset is None:
        return None
    return CHARSET_CODECS.get(charset)


def codec_of_collation(collation_id: int | None, flavor: str = "mysql") -> str | None:
    """Python codec for a collation id: a codec name, :data:`BINARY`, or ``None``."""
    if collation_id is None:
        return None
    return codec_of_charset(charset_of_collation(collation_id, flavor))


# MySQL's latin1 is Windows-1252 whose five unassigned bytes 0x81, 0x8D,
# 0x8F, 0x90 and 0x9D map to U+0081.. (strings/ctype-latin1.cc
# cs_to_uni); Python's cp1252 rejects them.
_CP1252_FROM_LATIN1 = {
    cp: ch
    for cp, ch in ((b, bytes([b]).decode("cp1252", "ignore")) for b in range(0x80, 0xA0))
    if ch
}
_LATIN1_TRANS = str.maketrans({chr(cp): ch for cp, ch in _CP1252_FROM_LATIN1.items()})


def decode_mysql_latin1(raw: bytes) -> str:
    """Decode MySQL ``latin1`` (cp1252 with 0x81/0x8D/0x8F/0x90/0x9D kept as U+0081..).

    Never fails: every byte has a character (strings/ctype-latin1.cc).
    """
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1").translate(_LATIN1_TRANS)
