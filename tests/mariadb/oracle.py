r"""``mariadb-binlog`` as an oracle: its text output parsed into data.

Two entry points:

``list_events(path)``
    Runs ``mariadb-binlog --hexdump --base64-output=decode-rows`` and returns
    one ``OracleEvent`` per event (offset, end offset, type code and name,
    server id, timestamp, checksum, GTID, table map ...).
``decode_rows(path)``
    Runs ``mariadb-binlog -vv --base64-output=decode-rows`` and returns one
    ``OracleRowChange`` per row (INSERT/UPDATE/DELETE) with its before/after
    images as printed (``@N=value /* TYPE meta=M nullable=X is_null=Y */``).

Everything below was checked against mariadb-binlog from MariaDB 10.11.19
(``Ver 3.5``), source ``sql/log_event_client.cc`` (``log_event_print_value``,
``Rows_log_event::print_helper``, ``my_b_write_quoted``) and
``sql/log_event.cc`` (``Log_event::get_type_str``).

How the text is laid out
========================
* Every event starts with ``# at N`` (N = file offset of the event), printed
  by mysqlbinlog.cc before the event is printed. Then comes the header line
  ``#YYMMDD HH:MM:SS server id S  end_log_pos E CRC32 0xXXXXXXXX \t<label ...>``
  (time in the local zone of mariadb-binlog: we run it with ``TZ=UTC``; the
  hour is space-padded, ``# 9:05:03``; ``CRC32 0x...`` is absent when the
  event has no checksum, i.e. ``binlog_checksum=NONE``).
* **Where ``# at`` points:** Annotate_rows, Table_map and rows events print
  their header into a deferred cache that is flushed by the Table_map event
  and by the rows event carrying ``STMT_END_F``. So the ``# at`` lines of a
  statement come in a run, and the header lines follow in the same order::

      # at 584                  <- Annotate_rows
      # at 693                  <- Table_map
      #... end_log_pos 693 ...  Annotate_rows:
      #Q> insert into ...
      #... end_log_pos 752 ...  Table_map: `d`.`b` mapped to number 22
      # at 752                  <- Write_rows (no STMT_END_F)
      # at 5794                 <- Write_rows
      # at 10836                <- Write_rows (STMT_END_F)
      #... end_log_pos 5794 ...  Write_rows: table id 22
      #... end_log_pos 10836 ... Write_rows: table id 22
      #... end_log_pos 15878 ... Write_rows: table id 22 flags: STMT_END_F
      ### INSERT INTO `d`.`b`     <- rows of all three events, concatenated
      ...
      # Number of rows: 3

  The parser keeps a FIFO of ``# at`` offsets; each header line takes the
  oldest. ``end_log_pos`` is the end offset (= next event's ``# at``).
* **Rows of a multi-event statement are not separable.** The ``###`` lines
  of all rows events of one statement are printed after the last header,
  with no separator (``--stop-position`` does not help: the deferred output
  is then never flushed). ``OracleRowChange.pos`` is therefore set only when
  the statement has exactly one rows event for that table; otherwise it is
  None and ``candidates`` lists the offsets of the statement's rows events
  for that table, in order (compare your rows concatenated over those
  events). A statement gets several rows events for one table when its rows
  exceed ``binlog_row_event_max_size`` (8 KiB by default).
* Old MariaDB 5.3 "hires" temporal columns (``TIME(n)``/``DATETIME(n)``/
  ``TIMESTAMP(n)`` with n>0 created with ``mysql56_temporal_format=OFF``)
  make mariadb-binlog stop silently with exit code 1 after their Table_map.
  ``run_mariadb_binlog`` raises ``OracleError`` on any non-zero exit.
* ``--hexdump`` quirks: the ``Position`` column of the dump is wrong for
  deferred events (it repeats the latest ``# at``), and compressed rows
  events are dumped *after decompression* (type 23-25 and the decompressed
  size). ``list_events`` ignores that column, puts the compressed code back
  (166-168, from the printed label) and takes the size from the offsets;
  the dumped values stay in ``extra["hexdump_type_code"/"hexdump_size"]``.

Event labels (``OracleEvent.printed``) and names (``OracleEvent.type``)
=====================================================================
``printed`` is the label mariadb-binlog writes after the header; ``type`` is
``Log_event::get_type_str()`` of the type code, the name ``SHOW BINLOG
EVENTS`` shows in ``Event_type``. They differ for several events:

=========================  =========================  ====  ===========================
printed (first words)      type (get_type_str)        code  canonical (EVENT_TYPE_NAMES)
=========================  =========================  ====  ===========================
``Start: binlog v 4, ..``  Format_desc                15    FORMAT_DESCRIPTION_EVENT
``Gtid list [0-1-5]``      Gtid_list                  163   MARIADB_GTID_LIST_EVENT
``Binlog checkpoint F``    Binlog_checkpoint          161   BINLOG_CHECKPOINT_EVENT
``GTID 0-1-6 ddl``         Gtid                       162   MARIADB_GTID_EVENT
``Query\tthread_id=..``    Query                      2     QUERY_EVENT
``Query_compressed\t...``  Query_compressed           165   QUERY_COMPRESSED_EVENT
``Annotate_rows:``         Annotate_rows              160   ANNOTATE_ROWS_EVENT
``Table_map: `d`.`t` ..``  Table_map                  19    TABLE_MAP_EVENT
``Write_rows: table id N`` Write_rows_v1              23    WRITE_ROWS_EVENT_V1
``Update_rows: ...``       Update_rows_v1             24    UPDATE_ROWS_EVENT_V1
``Delete_rows: ...``       Delete_rows_v1             25    DELETE_ROWS_EVENT_V1
``Write_compressed_rows:`` Write_rows_compressed_v1   166   WRITE_ROWS_COMPRESSED_EVENT_V1
``Update_compressed_rows:``Update_rows_compressed_v1  167   UPDATE_ROWS_COMPRESSED_EVENT_V1
``Delete_compressed_rows:``Delete_rows_compressed_v1  168   DELETE_ROWS_COMPRESSED_EVENT_V1
``Xid = 12``               Xid                        16    XID_EVENT
``Rotate to F  pos: 4``    Rotate                     4     ROTATE_EVENT
``Stop``                   Stop                       3     STOP_EVENT
``Intvar`` / ``Rand`` /    Intvar / RAND / User var   5/13/14
``User_var``
=========================  =========================  ====  ===========================

MariaDB 10.11 writes the *v1* rows events (23-25, 166-168) even though
mariadb-binlog prints ``Write_rows`` (the same label it uses for v2, 30-32).
``list_events`` reads the type code from the ``--hexdump`` header, so
``OracleEvent.type_code`` is exact; ``PRINTED_NAME_TO_CODE`` gives the code
MariaDB writes for a label, ``PRINTED_NAME_TO_CODES`` all codes that print
that label. GTID flags printed after the GTID: `` cid=N`` (commit id), `` ddl``,
`` trans``, `` waited``, `` START ALTER`` ...; no ``trans`` for a non-transactional
(MyISAM) group. With ``log_bin_compress=ON`` (and ``log_bin_compress_min_len``
reached) a statement's Query and rows events become the compressed kinds;
BEGIN/COMMIT Query events and short ones stay plain (with
``log_bin_compress_min_len=10`` every rows event was compressed).
Start_encryption prints no header line, only ``# Encryption scheme: ...``;
``list_events`` handles it, but mariadb-binlog cannot decrypt the events
after it (``encrypt_binlog=ON``): it exits 1 with "Event decryption
failure", so encrypted binlogs cannot be checked with this oracle.

How values are printed (``-vv``; one line per column, always)
=============================================================
``###   @N=<value> /* <TYPE> meta=<M> nullable=<0|1> is_null=<0|1> */``
(N is 1-based; NULL prints ``@N=NULL``; only columns present in the image are
printed, so MINIMAL images skip numbers). Strings are written by
``my_b_write_quoted``: between single quotes, every byte > 0x1F raw (so UTF-8
passes through, latin1 0xE9 is the raw byte 0xE9, and ``'`` and ``\`` are
**not** escaped although the source has code for it: ``'it's'``,
``'back\slash'``), bytes 0x00-0x1F as ``\xNN`` (so a value never spans two
lines). A literal text ``\x0a`` in the data is indistinguishable from a
newline byte; the workload never generates ``\x``. The parser does not look
inside the value: it takes everything between ``=`` and the last
`` /* ... */`` on the line, and reads the output as bytes.

``meta`` is the column metadata as one integer, as ``table_def`` stores it
(MariaDB sql/rpl_utility.cc): DECIMAL ``precision << 8 | scale``; STRING
(CHAR/BINARY/ENUM/SET) ``byte0 << 8 | byte1`` (real type, length); BIT
``bytes << 8 | bits % 8``; VARCHAR max bytes; BLOB/GEOMETRY length-prefix
size; FLOAT/DOUBLE 4/8; TIME2/DATETIME2/TIMESTAMP2 fsp. Examples, all from
real 10.11 output:

==============================  =====================================  ==============================================
column type                     TYPE in the comment (meta)             printed value
==============================  =====================================  ==============================================
TINYINT [UNSIGNED]              ``TINYINT`` (0)                        ``-128 (128)``, ``-1 (255)``, ``127``
SMALLINT                        ``SHORTINT`` (0)                       ``-1660 (63876)``, ``17158``
MEDIUMINT                       ``MEDIUMINT`` (0)                      ``-8388608 (8388608)``, ``-1 (16777215)``
INT                             ``INT`` (0)                            ``-2147483648 (2147483648)``
BIGINT                          ``LONGINT`` (0)                        ``-1 (18446744073709551615)``
  Signed reading first; when negative, the unsigned reading follows in
  parentheses. Signedness metadata is not used (UNSIGNED 255 prints ``-1 (255)``).
FLOAT                           ``FLOAT`` (4)                          ``%-20g``: 6 significant digits, padded with
                                                                       spaces to 20 chars: ``1.5e-07             ``,
                                                                       ``3.40282e+38         ``,
                                                                       ``-4672.92            ``, ``0   ..``
DOUBLE                          ``DOUBLE`` (8)                         ``%.20g``: ``3.141592653589793116``,
                                                                       ``4.9406564584124654418e-324``,
                                                                       ``-1.7976931348623157081e+308``
DECIMAL(p,s)                    ``DECIMAL(10,2)`` (2562)               exactly s decimals: ``-0.01``, ``0.00``,
                                                                       ``-99999999.99``, (10,0) ``0``,
                                                                       (5,5) ``0.00000``,
                                                                       (65,30) ``-0.000000000000000000000000000001``
BIT(n)                          ``BIT(17)`` (513)                      ``b'00000000000010101'`` (exactly n digits)
ENUM                            ``ENUM(1 byte)`` (63233),              the index: ``2``; ``0`` for the '' error value;
                                ``ENUM(2 bytes)`` (63234)              up to ``300``
SET                             ``SET(1 bytes)`` (63489) ..            bitmap, 8*bytes digits, MSB first:
                                ``SET(8 bytes)`` (63496)               ``b'00000101'`` = {a, c}
DATE                            ``DATE`` (0)                           colons, not dashes: ``'2020:01:02'``,
                                                                       ``'0000:00:00'``, ``'2020:00:00'``,
                                                                       ``'2020:05:00'``
TIME(n) (TIME2, fsp 0-6)        ``TIME(0)`` .. ``TIME(6)`` (fsp)       exactly n decimals: ``'-838:59:59.999999'``,
                                                                       ``'-00:00:00.000001'``, ``'-00:00:01'``,
                                                                       ``'12:34:56'``
DATETIME(n) (DATETIME2)         ``DATETIME(0)`` .. ``DATETIME(6)``     ``'2020-01-02 03:04:05.678'``,
                                                                       ``'0000-00-00 00:00:00.000000'``,
                                                                       ``'2020-00-00 12:00:00.00000'``
TIMESTAMP(n) (TIMESTAMP2)       ``TIMESTAMP(0)`` .. ``TIMESTAMP(6)``   epoch seconds, unquoted, n decimals:
                                                                       ``946684800.500000``, ``0.000000`` (zero date),
                                                                       ``2147483647`` (n=0), ``1.00``
old TIME / DATETIME / TIMESTAMP ``TIME`` / ``DATETIME`` /              ``'-371:22:51'``, ``'9999-12-31 23:59:59'``,
  (mysql56_temporal_format=OFF) ``TIMESTAMP`` (0)                      ``1``, ``0`` (the TYPE without ``(n)`` tells
                                                                       them apart)
YEAR                            ``YEAR`` (0)                           ``2024``, ``2155``; YEAR 0000 prints ``1900``
                                                                       (stored 0, printed 0 + 1900)
CHAR(n)                         ``STRING(bytes)`` (0xFE<<8 | len)      ``'ab'``: trailing spaces stripped (``'é '``
                                                                       latin1 prints the raw byte ``'\xe9'``); CHAR(255)
                                                                       utf8mb4 is ``STRING(1020)`` meta=52988 (long-CHAR
                                                                       packing)
BINARY(n), INET6, UUID, INET4   ``STRING(16)`` (65040), ``STRING(4)``  trailing 0x00 bytes stripped: INET6 ``::1`` =
                                                                       ``'\x00``...``\x01'`` (16), ``::`` = ``''``, UUID
                                                                       nil = ``''``, INET4 ``0.0.0.0`` = ``''``
VARCHAR(n) / VARBINARY(n)       ``VARSTRING(max bytes)`` (max bytes)   ``'it's\x0ax'``; ucs2 ``'\x00a\x00b'``;
                                                                       VARCHAR(300) utf8mb4 = ``VARSTRING(1200)``
TINYBLOB/TINYTEXT ..            ``TINYBLOB/TINYTEXT`` (1),             raw bytes: ``'\x00\xff''``; MariaDB JSON is
  LONGBLOB/LONGTEXT, JSON       ``BLOB/TEXT`` (2),                     LONGTEXT and prints its text: ``'{"k": 1}'``,
                                ``MEDIUMBLOB/MEDIUMTEXT`` (3),         ``'null'``, ``'{}'``
                                ``LONGBLOB/LONGTEXT`` (4)
VARCHAR(n) COMPRESSED           ``VARSTRING(4001) COMPRESSED``         the *stored* bytes, not the value: a header byte
TEXT/BLOB COMPRESSED            ``BLOB/TEXT COMPRESSED`` (2)           0x00 + raw text (``'\x00short'``) when not
                                                                       compressed, else 0x8X + zlib data
GEOMETRY, POINT, ... (all 8)    ``GEOMETRY`` (4)                       4-byte LE SRID + WKB, quoted raw:
                                                                       ``'\x00\x00\x00\x00\x01\x01\x00..'``, SRID 4326:
                                                                       ``'\xe6\x10\x00\x00\x01\x05..'``
==============================  =====================================  ==============================================

``OracleValue.parsed()`` turns these into Python values (see there).
"""

from __future__ import annotations

import os
import re
import subprocess
from calendar import timegm
from collections import deque
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .server import find_binary

__all__ = [
    "OracleError",
    "OracleEvent",
    "OracleValue",
    "OracleRowChange",
    "list_events",
    "decode_rows",
    "run_mariadb_binlog",
    "TYPE_STR_TO_CODE",
    "PRINTED_NAME_TO_CODE",
    "PRINTED_NAME_TO_CODES",
    "EVENT_TYPE_NAMES",
]


# --- event type tables -------------------------------------------------------

#: ``Log_event::get_type_str()`` (MariaDB sql/log_event.cc) -> type code
#: (digest b.2). This is what ``OracleEvent.type`` holds and what
#: ``SHOW BINLOG EVENTS`` prints as Event_type.
TYPE_STR_TO_CODE: dict[str, int] = {
    "Unknown": 0,
    "Start_v3": 1,
    "Query": 2,
    "Stop": 3,
    "Rotate": 4,
    "Intvar": 5,
    "Load": 6,
    "Slave": 7,
    "Create_file": 8,
    "Append_block": 9,
    "Exec_load": 10,
    "Delete_file": 11,
    "New_load": 12,
    "RAND": 13,
    "User var": 14,
    "Format_desc": 15,
    "Xid": 16,
    "Begin_load_query": 17,
    "Execute_load_query": 18,
    "Table_map": 19,
    "Write_rows_event_old": 20,
    "Update_rows_event_old": 21,
    "Delete_rows_event_old": 22,
    "Write_rows_v1": 23,
    "Update_rows_v1": 24,
    "Delete_rows_v1": 25,
    "Incident": 26,
    "Heartbeat": 27,
    "Ignorable log event": 28,
    "MySQL Rows_query": 29,
    "Write_rows": 30,
    "Update_rows": 31,
    "Delete_rows": 32,
    "MySQL Gtid": 33,
    "MySQL Anonymous_Gtid": 34,
    "MySQL Previous_gtids": 35,
    "Transaction_context": 36,
    "View_change": 37,
    "XA_prepare": 38,
    "Annotate_rows": 160,
    "Binlog_checkpoint": 161,
    "Gtid": 162,
    "Gtid_list": 163,
    "Start_encryption": 164,
    "Query_compressed": 165,
    "Write_rows_compressed_v1": 166,
    "Update_rows_compressed_v1": 167,
    "Delete_rows_compressed_v1": 168,
    "Write_rows_compressed": 169,
    "Update_rows_compressed": 170,
    "Delete_rows_compressed": 171,
}
_CODE_TO_TYPE_STR = {v: k for k, v in TYPE_STR_TO_CODE.items()}

#: mariadb-binlog's printed label -> all type codes that print it (first =
#: the one MariaDB 10.11 writes). Labels are what ``OracleEvent.printed``
#: holds (the words before ``:``/``\\t``/the GTID etc.).
PRINTED_NAME_TO_CODES: dict[str, tuple[int, ...]] = {
    "Start": (15,),                      # "Start: binlog v 4, server v ... created ..."
    "Query": (2,),
    "Query_compressed": (165,),
    "Stop": (3,),
    "Rotate": (4,),                      # "Rotate to binlog.000002  pos: 4"
    "Intvar": (5,),
    "Rand": (13,),
    "User_var": (14,),
    "Xid": (16,),                        # "Xid = 12"
    "XID": (38,),                        # XA_prepare: "XID = ..."
    "Begin_load_query": (17,),
    "Execute_load_query": (18,),
    "Append_block": (9,),
    "Delete_file": (11,),
    "Table_map": (19,),
    "Write_rows": (23, 30),
    "Update_rows": (24, 31),
    "Delete_rows": (25, 32),
    "Write_compressed_rows": (166, 169),
    "Update_compressed_rows": (167, 170),
    "Delete_compressed_rows": (168, 171),
    "Annotate_rows": (160,),
    "Binlog checkpoint": (161,),
    "GTID": (162,),                      # "GTID 0-1-5 trans"
    "Gtid list": (163,),                 # "Gtid list [0-1-5]"
    "Start_encryption": (164,),          # no header; "# Encryption scheme: ..."
    "Encrypted": (),                     # "# Encrypted event" (type unknown)
    "Unknown": (),                       # "# Unknown event"
}

#: printed label -> the type code MariaDB 10.11 writes for it (the brief's
#: "printed name -> code" table; use ``EVENT_TYPE_NAMES`` for names).
PRINTED_NAME_TO_CODE: dict[str, int] = {
    k: v[0] for k, v in PRINTED_NAME_TO_CODES.items() if v}

#: type code -> canonical upper-case name (MySQL binlog_event.h spelling;
#: MariaDB's 162/163 prefixed MARIADB_ to avoid clashing with MySQL's GTID).
EVENT_TYPE_NAMES: dict[int, str] = {
    0: "UNKNOWN_EVENT", 1: "START_EVENT_V3", 2: "QUERY_EVENT", 3: "STOP_EVENT",
    4: "ROTATE_EVENT", 5: "INTVAR_EVENT", 6: "LOAD_EVENT", 7: "SLAVE_EVENT",
    8: "CREATE_FILE_EVENT", 9: "APPEND_BLOCK_EVENT", 10: "EXEC_LOAD_EVENT",
    11: "DELETE_FILE_EVENT", 12: "NEW_LOAD_EVENT", 13: "RAND_EVENT",
    14: "USER_VAR_EVENT", 15: "FORMAT_DESCRIPTION_EVENT", 16: "XID_EVENT",
    17: "BEGIN_LOAD_QUERY_EVENT", 18: "EXECUTE_LOAD_QUERY_EVENT",
    19: "TABLE_MAP_EVENT", 20: "PRE_GA_WRITE_ROWS_EVENT",
    21: "PRE_GA_UPDATE_ROWS_EVENT", 22: "PRE_GA_DELETE_ROWS_EVENT",
    23: "WRITE_ROWS_EVENT_V1", 24: "UPDATE_ROWS_EVENT_V1", 25: "DELETE_ROWS_EVENT_V1",
    26: "INCIDENT_EVENT", 27: "HEARTBEAT_LOG_EVENT", 28: "IGNORABLE_LOG_EVENT",
    29: "ROWS_QUERY_LOG_EVENT", 30: "WRITE_ROWS_EVENT", 31: "UPDATE_ROWS_EVENT",
    32: "DELETE_ROWS_EVENT", 33: "GTID_LOG_EVENT", 34: "ANONYMOUS_GTID_LOG_EVENT",
    35: "PREVIOUS_GTIDS_LOG_EVENT", 36: "TRANSACTION_CONTEXT_EVENT",
    37: "VIEW_CHANGE_EVENT", 38: "XA_PREPARE_LOG_EVENT",
    39: "PARTIAL_UPDATE_ROWS_EVENT", 40: "TRANSACTION_PAYLOAD_EVENT",
    41: "HEARTBEAT_LOG_EVENT_V2", 42: "GTID_TAGGED_LOG_EVENT",
    160: "ANNOTATE_ROWS_EVENT", 161: "BINLOG_CHECKPOINT_EVENT",
    162: "MARIADB_GTID_EVENT", 163: "MARIADB_GTID_LIST_EVENT",
    164: "START_ENCRYPTION_EVENT", 165: "QUERY_COMPRESSED_EVENT",
    166: "WRITE_ROWS_COMPRESSED_EVENT_V1", 167: "UPDATE_ROWS_COMPRESSED_EVENT_V1",
    168: "DELETE_ROWS_COMPRESSED_EVENT_V1", 169: "WRITE_ROWS_COMPRESSED_EVENT",
    170: "UPDATE_ROWS_COMPRESSED_EVENT", 171: "DELETE_ROWS_COMPRESSED_EVENT",
}

_ROWS_LABELS = {"Write_rows", "Update_rows", "Delete_rows", "Write_compressed_rows",
                "Update_compressed_rows", "Delete_compressed_rows",
                "Write_rows_old", "Update_rows_old", "Delete_rows_old"}

#: Events followed by SQL text that ends with a line "/*!*/;" (the delimiter).
_QUERY_LABELS = {"Query", "Query_compressed", "Execute_load_query"}
_DELIM = b"/*!*/;"

_COMPRESSED_ROWS_LABELS = {"Write_compressed_rows", "Update_compressed_rows",
                           "Delete_compressed_rows"}
_COMPRESSED_FROM_PLAIN = {23: 166, 24: 167, 25: 168, 30: 169, 31: 170, 32: 171}


class OracleError(RuntimeError):
    """mariadb-binlog failed, or printed something the parser does not know."""


# --- data --------------------------------------------------------------------

@dataclass(frozen=True)
class OracleEvent:
    """One event as mariadb-binlog prints it.

    Attributes
    ----------
    pos, end_pos : int
        ``# at`` offset and ``end_log_pos`` (offset just past the event).
    type : str
        ``get_type_str`` name of ``type_code`` (``Write_rows_v1``,
        ``Format_desc``, ``Gtid``...); without hexdump, the first candidate
        of ``PRINTED_NAME_TO_CODES[printed]``.
    printed : str
        The label as printed (``Start``, ``GTID``, ``Write_compressed_rows``).
    type_code : int or None
        From the ``--hexdump`` header dump (None if ``hexdump=False`` and the
        label is unknown).
    server_id, timestamp : int
        Header fields; timestamp parsed from the printed UTC time (seconds).
    checksum : int or None
        The printed ``CRC32 0x...`` value, None without checksums.
    flags, size : int or None
        Header flags and event length from the hexdump (None without it).
    info : str
        The rest of the label line (``table id 18 flags: STMT_END_F``...).
    gtid : str or None
        ``"domain-server-seq"`` for GTID events.
    gtid_flags : tuple of str
        Words after the GTID: ``("trans",)``, ``("ddl",)``, ``("cid=7", "trans")``.
    table : tuple (db, table) or None
        For Table_map events, and for rows events (resolved by table id).
    table_id : int or None
        Table_map / rows events.
    stmt_end : bool or None
        Rows events: ``flags: STMT_END_F`` printed.
    xid : int or None
        Xid events.
    annotate : str or None
        Annotate_rows: the ``#Q>`` lines joined with ``\\n``.
    extra : dict
        ``rotate_to``/``rotate_pos`` (Rotate), ``checkpoint_file``,
        ``gtid_list`` (list of GTIDs), ``server_version`` (Start) ...
    """

    pos: int
    end_pos: int | None
    type: str
    printed: str
    type_code: int | None
    server_id: int
    timestamp: int | None
    checksum: int | None
    flags: int | None
    size: int | None
    info: str
    gtid: str | None = None
    gtid_flags: tuple[str, ...] = ()
    table: tuple[str, str] | None = None
    table_id: int | None = None
    stmt_end: bool | None = None
    xid: int | None = None
    annotate: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def canonical_name(self) -> str | None:
        """``EVENT_TYPE_NAMES[type_code]`` (e.g. ``WRITE_ROWS_EVENT_V1``)."""
        return EVENT_TYPE_NAMES.get(self.type_code) if self.type_code is not None else None


_INT_TYPES = {"TINYINT", "SHORTINT", "MEDIUMINT", "INT", "LONGINT"}


@dataclass(frozen=True)
class OracleValue:
    """One ``@N=value /* TYPE meta=M nullable=X is_null=Y */`` line.

    Attributes
    ----------
    index : int
        1-based column number (``@N``).
    raw : bytes
        The value exactly as printed (quotes, padding and ``\\xNN`` escapes
        kept; ``b"NULL"`` for NULL).
    type : str
        The TYPE text of the comment (``DECIMAL(10,2)``, ``VARSTRING(300)``,
        ``BLOB/TEXT COMPRESSED``...).
    meta : int
        Column metadata as one integer (as mariadb-binlog prints it).
    nullable, is_null : bool
    """

    index: int
    raw: bytes
    type: str
    meta: int
    nullable: bool
    is_null: bool

    @property
    def text(self) -> str:
        """``raw`` decoded as UTF-8 (bad bytes as surrogate escapes)."""
        return self.raw.decode("utf-8", "surrogateescape")

    @property
    def base_type(self) -> str:
        """TYPE without its parenthesised part and ``COMPRESSED``: ``DECIMAL``,
        ``STRING``, ``VARSTRING``, ``BLOB/TEXT``, ``TIME``..."""
        return re.sub(r"\(.*?\)", "", self.type).replace(" COMPRESSED", "").strip()

    def string_bytes(self) -> bytes:
        """The bytes of a quoted value: outer quotes removed, ``\\xNN`` undone.

        Ambiguous only if the data itself contains ``\\x`` + two hex digits.
        """
        r = self.raw
        if len(r) < 2 or r[:1] != b"'" or r[-1:] != b"'":
            raise ValueError(f"not a quoted value: {r!r}")
        return _unescape_quoted(r[1:-1])

    def parsed(self):
        """A Python value for comparisons.

        ================  ==============================================
        TYPE              result
        ================  ==============================================
        NULL              None
        integer types     int, the *signed* reading (``unsigned`` gives
                          the other)
        DECIMAL           decimal.Decimal (scale kept: ``Decimal('0.00')``)
        FLOAT, DOUBLE     float
        BIT, SET          int (from the ``b'0101'`` digits)
        ENUM, YEAR        int (YEAR 0000 comes back as 1900, see above)
        TIMESTAMP*        decimal.Decimal epoch seconds
        DATE              str ``YYYY-MM-DD`` (the printed colons replaced)
        TIME*, DATETIME*  str without quotes
        everything else   bytes (``string_bytes()``)
        ================  ==============================================
        """
        if self.is_null:
            return None
        t = self.base_type
        s = self.raw.decode("ascii", "replace").strip()
        if t in _INT_TYPES:
            return int(s.split(" ", 1)[0])
        if t == "DECIMAL":
            return Decimal(s)
        if t in ("FLOAT", "DOUBLE"):
            return float(s)
        if t in ("BIT", "SET"):
            return int(s[2:-1], 2) if len(s) > 3 else 0
        if t in ("ENUM", "YEAR"):
            return int(s)
        if t == "TIMESTAMP":
            return Decimal(s)
        if t == "DATE":
            return s.strip("'").replace(":", "-")
        if t in ("TIME", "DATETIME"):
            return s.strip("'")
        return self.string_bytes()

    @property
    def unsigned(self) -> int:
        """Integer types: the unsigned reading (the ``(N)`` part if printed)."""
        s = self.raw.decode("ascii").strip()
        if "(" in s:
            return int(s[s.index("(") + 1:s.index(")")])
        return int(s)


@dataclass(frozen=True)
class OracleRowChange:
    """One row change (``### INSERT INTO`` / ``### UPDATE`` / ``### DELETE FROM``).

    Attributes
    ----------
    kind : str
        ``INSERT``, ``UPDATE`` or ``DELETE``.
    db, table : str
    pos : int or None
        ``# at`` of the rows event holding this row when known (the
        statement has one rows event for this table), else None.
    candidates : tuple of int
        Offsets of this statement's rows events for this table, in order.
    event : str
        Printed label of those rows events (``Write_rows``, ``Update_compressed_rows``...).
    before : tuple of OracleValue or None
        The ``### WHERE`` image (UPDATE, DELETE).
    after : tuple of OracleValue or None
        The ``### SET`` image (INSERT, UPDATE); ``()`` for
        ``INSERT ... VALUES ()`` and ``SET /* no columns */``.
    statement : int
        0-based number of the statement group in the file (rows events up to
        the one with STMT_END_F).
    query : str or None
        The Annotate_rows text of that statement, if logged.
    """

    kind: str
    db: str
    table: str
    pos: int | None
    candidates: tuple[int, ...]
    event: str
    before: tuple[OracleValue, ...] | None
    after: tuple[OracleValue, ...] | None
    statement: int
    query: str | None = None

    def row(self, image: str = "after") -> dict[int, object]:
        """``{column number: OracleValue.parsed()}`` of one image."""
        vals = self.after if image == "after" else self.before
        return {v.index: v.parsed() for v in (vals or ())}


# --- running -----------------------------------------------------------------

def run_mariadb_binlog(paths, *args: str, timeout: float = 300.0) -> bytes:
    """Run ``mariadb-binlog --no-defaults <args> <paths>`` with ``TZ=UTC``.

    Returns stdout as bytes. Raises ``OracleError`` (with stderr) on a
    non-zero exit.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    exe = find_binary("mariadb-binlog", "mysqlbinlog")
    env = dict(os.environ, TZ="UTC", LC_ALL="C")
    cmd = [exe, "--no-defaults", *args, *map(str, paths)]
    r = subprocess.run(cmd, capture_output=True, env=env, timeout=timeout)
    if r.returncode != 0:
        raise OracleError(
            f"{' '.join(cmd)} exited with {r.returncode}: "
            f"{r.stderr.decode('utf-8', 'replace').strip() or '(no message)'}; "
            f"last output line: {r.stdout.rstrip().splitlines()[-1:] if r.stdout else ''}")
    return r.stdout


# --- line grammar ------------------------------------------------------------

_AT = re.compile(rb"^# at (\d+)$")
_HEADER = re.compile(
    rb"^#(\d{6})\s+(\d{1,2}):(\d\d):(\d\d) server id (\d+)\s+end_log_pos (\d+) "
    rb"(?:(CRC32|NONE|UNDEF) 0x([0-9a-f]{8}) )?(?:\t(.*))?$")
_HEXHEAD = re.compile(
    rb"^#\s+([0-9a-f]+)\s+\|([0-9a-f ]{11}) \|([0-9a-f]{2})\s+\|([0-9a-f ]{11}) "
    rb"\|([0-9a-f ]{11}) \|([0-9a-f ]{11}) \|([0-9a-f]{2}) ([0-9a-f]{2})")
_EVENT_LINE = re.compile(rb"^# Event: \t(.*)$")
_ROWS_HDR = re.compile(r"^(\w+): table id (\d+)( flags: STMT_END_F)?$")
_TABLE_MAP = re.compile(r"^Table_map: `((?:[^`]|``)*)`\.`((?:[^`]|``)*)` mapped to number (\d+)")
_GTID = re.compile(r"^GTID (\d+-\d+-\d+)(.*)$")
_VALUE = re.compile(
    rb"^###   @(\d+)=(.*) /\* (.*?) ?meta=(\d+) nullable=(\d) is_null=(\d) \*/$")
_CHANGE = re.compile(rb"^### (INSERT INTO|UPDATE|DELETE FROM) `((?:[^`]|``)*)`\.`((?:[^`]|``)*)`( VALUES \(\))?$")


def _le_hex(s: bytes) -> int:
    return int.from_bytes(bytes.fromhex(s.decode()), "little")


def _unquote_ident(b: str) -> str:
    return b.replace("``", "`")


def _ts(m: re.Match[bytes]) -> int:
    d = m.group(1).decode()
    yy, mo, dd = int(d[:2]), int(d[2:4]), int(d[4:6])
    year = 1900 + yy if yy >= 70 else 2000 + yy
    return timegm((year, mo, dd, int(m.group(2)), int(m.group(3)), int(m.group(4)), 0, 0, 0))


def _label(text: str) -> tuple[str, str]:
    """Split the event text after the header into (printed label, rest)."""
    for multi in ("Binlog checkpoint", "Gtid list", "Rotate to"):
        if text.startswith(multi):
            lab = "Rotate" if multi == "Rotate to" else multi
            return lab, text[len(multi):].strip()
    m = re.match(r"^([A-Za-z_]+)[:\t ]?(.*)$", text, re.S)
    if not m:
        return text, ""
    return m.group(1), m.group(2).strip()


def _unescape_quoted(b: bytes) -> bytes:
    if b"\\x" not in b:
        return b
    return re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]), b)


# --- list_events ---------------------------------------------------------------

def list_events(path: str | os.PathLike[str], *, hexdump: bool = True) -> list[OracleEvent]:
    """All events of one binlog file, in file order.

    Parameters
    ----------
    path : path-like
        One binlog file.
    hexdump : bool
        Add ``--hexdump`` to get the type code, header flags and event size
        straight from the bytes mariadb-binlog read (default). Without it,
        ``type_code`` comes from ``PRINTED_NAME_TO_CODE``.

    Returns
    -------
    list of OracleEvent
        Sorted by ``pos``; within a file ``events[i].end_pos ==
        events[i+1].pos``.
    """
    args = ["--base64-output=decode-rows"]
    if hexdump:
        args.append("--hexdump")
    out = run_mariadb_binlog(path, *args)
    return _parse_events(out.split(b"\n"))


def _parse_events(lines: list[bytes]) -> list[OracleEvent]:
    parser = _EventsParser()
    for line in lines:
        parser.feed(line)
    return parser.result()


class _EventsParser:
    """The events of ``mariadb-binlog --base64-output=decode-rows [--hexdump]`` output, line by line."""

    def __init__(self) -> None:
        self.pending: deque[int] = deque()
        self.events: list[dict[str, Any]] = []
        self.tables: dict[int, tuple[str, str]] = {}
        self.cur: dict[str, Any] | None = None     # event awaiting its "# Event:" line (hexdump)
        self.last: dict[str, Any] | None = None    # last event, for continuation lines
        self.in_sql = False              # inside the SQL text printed after a Query event

    def feed(self, line: bytes) -> None:
        if self.in_sql:
            self.in_sql = line != _DELIM
            return
        m = _AT.match(line)
        if m:
            self.pending.append(int(m.group(1)))
            self.last = None
            return
        m = _HEADER.match(line)
        if m:
            self._header(line, m)
        elif self.cur is not None:
            self._hexdump(line, self.cur)
        elif line.startswith(b"# Encryption scheme:") or line == b"# Encrypted event":
            self._encryption(line)
        elif self.last is not None:
            self._continuation(line, self.last)

    def _header(self, line: bytes, m: re.Match[bytes]) -> None:
        if not self.pending:
            raise OracleError(f"event header without '# at': {line!r}")
        ev: dict[str, Any] = {"pos": self.pending.popleft(), "end_pos": int(m.group(6)),
                              "server_id": int(m.group(5)), "timestamp": _ts(m),
                              "checksum": int(m.group(8), 16) if m.group(8) else None,
                              "type_code": None, "flags": None, "size": None}
        self.events.append(ev)
        if m.group(9) is not None:
            _finish(ev, m.group(9).decode("utf-8", "surrogateescape"), self.tables)
            self.cur, self.last = None, ev
            self.in_sql = ev["printed"] in _QUERY_LABELS
        else:
            self.cur, self.last = ev, None

    def _hexdump(self, line: bytes, cur: dict[str, Any]) -> None:
        """A line after a header without its label: the hex dump, then the "# Event:" line."""
        m = _HEXHEAD.match(line)
        if m:
            # The "Position" column is wrong for deferred events (it shows
            # the latest "# at"), so it is not checked against pos.
            cur["type_code"] = int(m.group(3), 16)
            cur["size"] = _le_hex(m.group(5))
            cur["flags"] = _le_hex(m.group(7) + m.group(8))
            return
        m = _EVENT_LINE.match(line)
        if m:
            _finish(cur, m.group(1).decode("utf-8", "surrogateescape"), self.tables)
            self.in_sql = cur["printed"] in _QUERY_LABELS
            self.cur, self.last = None, cur
            return
        if line.startswith(b"# Event: ") or line == b"# Unknown event":
            # Unknown_log_event: header, then "\n# Unknown event".
            _finish(cur, "Unknown", self.tables)
            self.cur, self.last = None, cur

    def _encryption(self, line: bytes) -> None:
        if not self.pending:
            raise OracleError(f"{line!r} without '# at'")
        label = "Start_encryption" if b"scheme" in line else "Encrypted"
        ev = {"pos": self.pending.popleft(), "end_pos": None, "server_id": None,
              "timestamp": None, "checksum": None, "type_code": None,
              "flags": None, "size": None}
        self.events.append(ev)
        _finish(ev, label + " " + line.decode("utf-8", "surrogateescape")[2:], self.tables)
        self.last = None

    def _continuation(self, line: bytes, last: dict[str, Any]) -> None:
        if line == b"# Unknown event":
            last["printed"] = "Unknown"
        elif line.startswith(b"#Q> ") and last["printed"] == "Annotate_rows":
            txt = line[4:].decode("utf-8", "surrogateescape")
            last["annotate"] = txt if last.get("annotate") is None else last["annotate"] + "\n" + txt
        elif last["printed"] == "Gtid list" and line.startswith(b"# ") and not last["_closed"]:
            _gtid_list_more(last, line[2:].decode())

    def result(self) -> list[OracleEvent]:
        out = []
        events = self.events
        events.sort(key=lambda e: e["pos"])
        for k, ev in enumerate(events):
            if "printed" not in ev:                  # header seen, label never printed
                _finish(ev, "Unknown", self.tables)
            if ev.get("end_pos") is None:            # Start_encryption / Encrypted: no header
                if ev.get("size") is not None:
                    ev["end_pos"] = ev["pos"] + ev["size"]
                elif k + 1 < len(events):
                    ev["end_pos"] = events[k + 1]["pos"]
            ev.pop("_closed", None)
            out.append(OracleEvent(**ev))
        return out


def _gtid_list_more(ev: dict[str, Any], text: str) -> None:
    body = text.rstrip()
    if body.endswith("]"):
        ev["_closed"] = True
        body = body[:-1]
    ev["extra"]["gtid_list"] += [g for g in body.strip("[").split(",") if g]
    ev["info"] += "\n" + text


def _finish(ev: dict[str, Any], text: str, tables: dict[int, tuple[str, str]]) -> None:
    """Fill label-derived fields of ``ev`` from the printed text."""
    printed, rest = _label(text)
    ev["printed"] = printed
    ev["info"] = rest
    ev["extra"] = {}
    ev["_closed"] = True
    code = ev.get("type_code")
    if printed in _COMPRESSED_ROWS_LABELS and code is not None:
        # mariadb-binlog decompresses these before printing, and --hexdump
        # then dumps the *decompressed* event: plain rows type code, and
        # the decompressed size. Put the real code back; size from offsets.
        ev["extra"]["hexdump_type_code"] = code
        ev["extra"]["hexdump_size"] = ev["size"]
        code = _COMPRESSED_FROM_PLAIN.get(code, code)
        ev["type_code"] = code
        ev["size"] = ev["end_pos"] - ev["pos"]
    if code is None:
        codes = PRINTED_NAME_TO_CODES.get(printed, ())
        code = codes[0] if codes else None
        ev["type_code"] = code
    ev["type"] = _CODE_TO_TYPE_STR.get(code, printed) if code is not None else printed
    if printed in ("GTID", "Table_map", "Xid") or printed in _ROWS_LABELS:
        _event_ids(ev, printed, text, tables)
    else:
        _event_extra(ev, printed, rest)


def _event_ids(ev: dict[str, Any], printed: str, text: str, tables: dict[int, tuple[str, str]]) -> None:
    """The GTID, table, or XID a GTID, TABLE_MAP, rows or XID event's text names."""
    if printed == "GTID":
        m = _GTID.match(text)
        if m:
            ev["gtid"] = m.group(1)
            ev["gtid_flags"] = tuple(_gtid_words(m.group(2)))
    elif printed == "Table_map":
        m = _TABLE_MAP.match(text)
        if m:
            tid = int(m.group(3))
            tbl = (_unquote_ident(m.group(1)), _unquote_ident(m.group(2)))
            tables[tid] = tbl
            ev["table_id"], ev["table"] = tid, tbl
    elif printed in _ROWS_LABELS:
        m = _ROWS_HDR.match(text)
        if m:
            tid = int(m.group(2))
            ev["table_id"] = tid
            ev["table"] = tables.get(tid)
            ev["stmt_end"] = bool(m.group(3))
    else:
        m = re.match(r"^Xid = (\d+)", text)
        if m:
            ev["xid"] = int(m.group(1))


def _event_extra(ev: dict[str, Any], printed: str, rest: str) -> None:
    """What a ROTATE, checkpoint, GTID list or START event's text says, in ``extra``."""
    if printed == "Rotate":
        m = re.match(r"^(.*?)\s+pos: (\d+)$", rest)
        if m:
            ev["extra"].update(rotate_to=m.group(1), rotate_pos=int(m.group(2)))
    elif printed == "Binlog checkpoint":
        ev["extra"]["checkpoint_file"] = rest
    elif printed == "Gtid list":
        ev["extra"]["gtid_list"] = []
        ev["_closed"] = False
        ev["info"] = ""
        _gtid_list_more(ev, rest)
    elif printed == "Start":
        m = re.search(r"server v (\S+) created", rest)
        if m:
            ev["extra"]["server_version"] = m.group(1)


def _gtid_words(s: str) -> list[str]:
    s = s.strip()
    out = []
    for w in re.findall(r"cid=\d+|START ALTER|COMMIT ALTER id= \d+|ROLLBACK ALTER id= \d+|\S+", s):
        out.append(w)
    return out


# --- decode_rows -------------------------------------------------------------

def decode_rows(path: str | os.PathLike[str], *extra_args: str) -> list[OracleRowChange]:
    """All row changes of one binlog file, in file order.

    Runs ``mariadb-binlog -vv --base64-output=decode-rows``; ``extra_args``
    are appended (e.g. ``--table=t``). Raises ``OracleError`` if a rows
    event's table is unknown or mariadb-binlog's row count disagrees with
    the parsed changes.
    """
    out = run_mariadb_binlog(path, "-vv", "--base64-output=decode-rows", *extra_args)
    return _parse_rows(out.split(b"\n"))


def _parse_rows(lines: list[bytes]) -> list[OracleRowChange]:
    parser = _RowsParser()
    for line in lines:
        parser.feed(line)
    return parser.result()


class _RowsParser:
    """The row changes of ``mariadb-binlog -vv --base64-output=decode-rows`` output, line by line."""

    def __init__(self) -> None:
        self.pending: deque[int] = deque()
        self.tables: dict[int, tuple[str, str]] = {}
        self.group: list[tuple[int, str, int]] = []      # (pos, label, table_id) of this statement
        self.group_done = False
        self.statement = -1
        self.query: str | None = None
        self.last_label: str | None = None
        self.changes: list[dict[str, Any]] = []
        self.cur: dict[str, Any] | None = None
        self.image: list[Any] | None = None
        self.counted_from = 0
        self.in_sql = False

    def close_change(self) -> None:
        if self.cur is not None:
            self.changes.append(self.cur)
        self.cur = None
        self.image = None

    def feed(self, line: bytes) -> None:
        if self.in_sql:
            self.in_sql = line != _DELIM
            return
        if line.startswith(b"###"):
            self._row_line(line)
            return
        self.close_change()
        m = _AT.match(line)
        if m:
            self.pending.append(int(m.group(1)))
            return
        m = _HEADER.match(line)
        if m:
            self._header(line, m)
        elif line.startswith(b"#Q> ") and self.last_label == "Annotate_rows":
            txt = line[4:].decode("utf-8", "surrogateescape")
            self.query = txt if self.query is None else self.query + "\n" + txt
        elif line.startswith(b"# Number of rows: "):
            self._row_count(line)

    def _row_line(self, line: bytes) -> None:
        """A ``###`` line: a value, an image, or a change's first line."""
        m = _VALUE.match(line)
        if m:
            if self.image is None:
                raise OracleError(f"value outside an image: {line!r}")
            self.image.append(OracleValue(
                index=int(m.group(1)), raw=m.group(2),
                type=m.group(3).decode("ascii", "replace").strip(),
                meta=int(m.group(4)), nullable=m.group(5) == b"1",
                is_null=m.group(6) == b"1"))
            return
        if line in (b"### SET", b"### WHERE", b"### SET /* no columns */"):
            if self.cur is None:
                raise OracleError(f"image outside a change: {line!r}")
            self.image = []
            self.cur["before" if line == b"### WHERE" else "after"] = self.image
            return
        m = _CHANGE.match(line)
        if m:
            self._change(m)
            return
        if line.startswith(b"### Row event for unknown table"):
            raise OracleError(line.decode("utf-8", "replace"))
        if line.startswith(b"### Extra row data"):
            return
        raise OracleError(f"unexpected row line: {line[:200]!r}")

    def _change(self, m: re.Match[bytes]) -> None:
        self.close_change()
        self.group_done = True
        kind = {b"INSERT INTO": "INSERT", b"UPDATE": "UPDATE",
                b"DELETE FROM": "DELETE"}[m.group(1)]
        db = _unquote_ident(m.group(2).decode("utf-8", "surrogateescape"))
        tb = _unquote_ident(m.group(3).decode("utf-8", "surrogateescape"))
        tables = self.tables
        cands = tuple(p for p, _, tid in self.group if tables.get(tid) == (db, tb))
        labels = {lab for p, lab, tid in self.group if tables.get(tid) == (db, tb)}
        self.cur = {"kind": kind, "db": db, "table": tb,
                    "pos": cands[0] if len(cands) == 1 else None,
                    "candidates": cands, "event": "/".join(sorted(labels)),
                    "before": None, "after": None, "statement": self.statement,
                    "query": self.query}
        if m.group(4):
            self.cur["after"] = []

    def _header(self, line: bytes, m: re.Match[bytes]) -> None:
        if not self.pending:
            raise OracleError(f"event header without '# at': {line!r}")
        pos = self.pending.popleft()
        text = (m.group(9) or b"").decode("utf-8", "surrogateescape")
        label, _ = _label(text)
        self.last_label = label
        if label == "Table_map":
            tm = _TABLE_MAP.match(text)
            if tm:
                self.tables[int(tm.group(3))] = (_unquote_ident(tm.group(1)),
                                                 _unquote_ident(tm.group(2)))
        elif label in _ROWS_LABELS:
            if self.group_done or not self.group:       # first rows event of a statement
                self.statement += 1
                self.group, self.group_done = [], False
            rm = _ROWS_HDR.match(text)
            self.group.append((pos, label, int(rm.group(2)) if rm else -1))
        elif label == "Annotate_rows":
            self.query = None
        else:                                 # GTID, Query, Xid ...: no statement open
            self.query = None
            self.in_sql = label in _QUERY_LABELS

    def _row_count(self, line: bytes) -> None:
        n = int(line.split(b":")[1])
        got = len(self.changes) - self.counted_from
        if got != n:
            raise OracleError(f"mariadb-binlog counted {n} rows for statement "
                              f"{self.statement}, parsed {got}")
        self.counted_from = len(self.changes)
        self.group, self.group_done, self.query = [], False, None

    def result(self) -> list[OracleRowChange]:
        self.close_change()
        changes = self.changes
        for c in changes:
            for k in ("before", "after"):
                if c[k] is not None:
                    c[k] = tuple(c[k])
        return [OracleRowChange(**c) for c in changes]
