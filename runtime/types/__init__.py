"""Decoders of row-image values, one module per MySQL type family.

``integers`` (TINYINT..BIGINT, YEAR), ``floats`` (FLOAT, DOUBLE), ``decimal``
(NEWDECIMAL), ``temporal`` (DATE, TIME, DATETIME, TIMESTAMP, old and ``*2``,
MariaDB 5.3 formats), ``strings`` (CHAR..LONGTEXT, charsets), ``charsets``
(collation id table), ``enum_set``, ``bit``, ``json_binary`` and ``json_diff``
(MySQL JSON), ``geometry``, ``vector``. :mod:`binlog_ksy.runtime.rows.image`
assembles them into per-table decoders.
"""
