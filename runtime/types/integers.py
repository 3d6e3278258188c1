"""Integer column values: TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT and YEAR.

All are little-endian two's complement in the row image (MySQL
``Field_*::pack`` copies the record bytes; mysqlbinlog reads them with
``sint2korr``/``sint3korr``/``sint8korr``: sql/log_event.cc
``log_event_print_value``). The TABLE_MAP carries no signedness: it comes from
optional metadata SIGNEDNESS (libs/mysql/binlog/event/rows_event.h), and when
that is missing the value is read as signed, as mysqlbinlog prints it first.
"""

from __future__ import annotations

from ..column import MYSQL_TYPE

__all__ = ["INT_SIZES", "STRUCT_CODES", "decode_int", "decode_int24", "decode_year"]

#: Size in bytes of each integer type (binary_log_funcs.cpp ``calc_field_size``).
INT_SIZES: dict[int, int] = {
    MYSQL_TYPE.TINY: 1,
    MYSQL_TYPE.SHORT: 2,
    MYSQL_TYPE.INT24: 3,
    MYSQL_TYPE.LONG: 4,
    MYSQL_TYPE.LONGLONG: 8,
    MYSQL_TYPE.YEAR: 1,
}

#: ``struct`` codes (signed, unsigned) for the types ``struct`` knows natively.
STRUCT_CODES: dict[int, tuple[str, str]] = {
    MYSQL_TYPE.TINY: ("b", "B"),
    MYSQL_TYPE.SHORT: ("h", "H"),
    MYSQL_TYPE.LONG: ("i", "I"),
    MYSQL_TYPE.LONGLONG: ("q", "Q"),
}


def decode_int(raw: bytes, signed: bool = True) -> int:
    """Decode a little-endian integer of ``len(raw)`` bytes.

    Layout: sql/log_event.cc ``log_event_print_value`` (``sint4korr`` etc.).
    """
    return int.from_bytes(raw, "little", signed=signed)


def decode_int24(raw: bytes, signed: bool = True) -> int:
    """Decode a MYSQL_TYPE_INT24 (MEDIUMINT) value: 3 bytes little endian.

    Layout: sql/log_event.cc ``log_event_print_value`` (``sint3korr``).
    """
    if len(raw) != 3:
        raise ValueError(f"MEDIUMINT needs 3 bytes, got {len(raw)}")
    return int.from_bytes(raw, "little", signed=signed)


def decode_year(byte: int) -> int:
    """Decode a MYSQL_TYPE_YEAR byte: 0 stays 0 (YEAR 0000), else ``1900 + byte``.

    Layout: sql/field.cc ``Field_year::val_int`` (4-digit YEAR).
    """
    return byte + 1900 if byte else 0
