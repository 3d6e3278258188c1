"""Integer column values: TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT and YEAR.

All are little-endian two's complement in the row image (MySQL
``Field_*::pack`` copies the record bytes; mysqlbinlog reads them with
``sint2korr``/``sint3korr``/``sint8korr``: sql/log_event.cc
``log_event_print_value``). The TABLE_MAP carries no signedness: it comes from
optional metadata SIGNEDNESS (libs/mysql/binlog/event/rows_event.h), and when
that is missing the value is read as signed, as mysqlbinlog prints it first.
YEAR is one unsigned byte, ``1900 + byte`` (0 stays 0; sql/field.cc
``Field_year::val_int``). :mod:`binlog_ksy.runtime.rows.image` compiles the
decoders; this module gives it the ``struct`` codes.
"""

from __future__ import annotations

from ..constants import MYSQL_TYPE

__all__ = ["STRUCT_CODES"]

#: ``struct`` codes (signed, unsigned) for the types ``struct`` knows natively.
STRUCT_CODES: dict[int, tuple[str, str]] = {
    MYSQL_TYPE.TINY: ("b", "B"),
    MYSQL_TYPE.SHORT: ("h", "H"),
    MYSQL_TYPE.LONG: ("i", "I"),
    MYSQL_TYPE.LONGLONG: ("q", "Q"),
}
