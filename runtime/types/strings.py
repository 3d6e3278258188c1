"""String column values: CHAR/BINARY, VARCHAR/VARBINARY, TEXT/BLOB, and their text.

Row image (libs/mysql/binlog/event/binary_log_funcs.cpp ``calc_field_size``;
sql/log_event.cc ``log_event_print_value``):

* CHAR/BINARY (``MYSQL_TYPE_STRING``) and VARCHAR/VARBINARY
  (``MYSQL_TYPE_VARCHAR``, ``VAR_STRING``): a little-endian length of 1 byte
  when the column's maximum length in bytes is <= 255, else 2 bytes, then the
  bytes (CHAR values arrive without their trailing pad spaces:
  sql/field.cc ``Field_string::pack``);
* TINY/-/MEDIUM/LONG BLOB and TEXT (``MYSQL_TYPE_BLOB``): a little-endian
  length of ``meta`` = 1-4 bytes, then the bytes;
* MariaDB compressed columns (``MYSQL_TYPE_BLOB_COMPRESSED`` 140,
  ``VARCHAR_COMPRESSED`` 141) frame their data the same way, and the data is
  MariaDB sql/field_comp.cc's: a header byte, then either the raw value
  (header 0) or a zlib stream.

Text: the column's collation (optional metadata) picks the codec
(:mod:`.charsets`); ``binary`` (63) keeps bytes. Without a collation, CHAR and
BINARY, VARCHAR and VARBINARY, TEXT and BLOB cannot be told apart, so a value
is text when it is valid UTF-8 and bytes otherwise (mysqlbinlog prints them
the same way).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from ..column import Column
from ..errors import TextDecodeError
from .charsets import BINARY, charset_of_collation, codec_of_collation, decode_mysql_latin1

__all__ = [
    "ERRORS_MODES",
    "TextDecodeError",
    "decode_utf8_or_bytes",
    "text_decoder",
    "uncompress_mariadb",
]

#: Accepted ``errors`` values: raise, keep the raw bytes, or substitute U+FFFD.
#: What to do with text that does not decode in its column's charset: the one vocabulary of every surface
#: (CLI --undecodable, API undecodable=, YAML, data source option).
ERRORS_MODES = ("strict", "keep", "replace")


def decode_utf8_or_bytes(raw: bytes) -> str | bytes:
    """Text when ``raw`` is valid UTF-8, else the bytes (collation unknown)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _identity(raw: bytes) -> bytes:
    return raw


def text_decoder(column: Column, errors: str = "strict") -> Callable[[bytes], str | bytes]:
    """The function turning a string column's bytes into its Python value.

    Parameters
    ----------
    column
        The column; its :attr:`~binlog_ksy.runtime.column.Column.charset`
        (collation id) picks the codec.
    errors
        ``"strict"``: bytes the charset cannot decode raise
        :class:`TextDecodeError` naming the column; ``"keep"``: such a value
        stays ``bytes``; ``"replace"``: bad bytes become U+FFFD.

    Returns
    -------
    callable
        ``bytes -> str`` for text collations, ``bytes -> bytes`` for
        ``binary`` (and for charsets Python has no codec for, e.g. ``dec8``),
        and UTF-8-or-bytes when the collation is unknown.
    """
    if errors not in ERRORS_MODES:
        raise ValueError(f"errors must be one of {ERRORS_MODES}, not {errors!r}")
    if column.charset is None:
        return decode_utf8_or_bytes
    codec = codec_of_collation(column.charset, column.flavor)
    if codec == BINARY or codec is None:
        return _identity
    if codec == "mysql_latin1":
        return decode_mysql_latin1
    charset = charset_of_collation(column.charset, column.flavor) or str(column.charset)
    name = column.name

    if errors == "replace":
        def decode_replace(raw: bytes) -> str:
            return raw.decode(codec, "replace")

        return decode_replace

    keep = errors == "keep"

    def decode(raw: bytes) -> str | bytes:
        try:
            return raw.decode(codec)
        except UnicodeDecodeError as exc:
            if keep:
                return raw
            raise TextDecodeError(name, charset, raw, exc) from exc

    return decode


def uncompress_mariadb(data: bytes) -> bytes:
    """Undo MariaDB column compression (``COMPRESSED`` columns, types 140/141).

    Layout: MariaDB sql/field_comp.cc: header byte 0 = stored as is; else
    ``0x80 | (raw deflate ? 8 : 0) | n`` followed by the original length in
    ``n`` big-endian bytes and a zlib (or raw deflate) stream.
    """
    if not data:
        return b""
    header = data[0]
    if header == 0:
        return data[1:]
    if header & 0xF0 != 0x80:
        raise ValueError(f"unknown MariaDB column compression header 0x{header:02x}")
    nlen = header & 0x07
    wbits = -15 if header & 0x08 else 15
    original = int.from_bytes(data[1 : 1 + nlen], "big")
    out = zlib.decompress(data[1 + nlen :], wbits)
    if len(out) != original:
        raise ValueError(f"MariaDB compressed column: {len(out)} bytes, header says {original}")
    return out
