meta:
  id: event_mariadb
  title: MariaDB-specific binlog events
  application: MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - event_query
  endian: le
doc: |
  Body types of the events only MariaDB writes (types 160-165):
  ANNOTATE_ROWS, BINLOG_CHECKPOINT, MariaDB's GTID and GTID_LIST,
  START_ENCRYPTION and QUERY_COMPRESSED, plus `compressed_data`, the zlib
  container of QUERY_COMPRESSED and of the compressed rows events
  (166-171, parsed by `event_rows::rows_event`).
doc-ref:
  - https://mariadb.com/kb/en/replication-protocol/
  - MariaDB sql/log_event.h (Log_event_type, Gtid_log_event, Gtid_list_log_event, Start_encryption_log_event)
  - MariaDB sql/log_event.cc (the events' ctors, binlog_get_uncompress_len, binlog_buf_uncompress)
types:
  annotate_rows_event:
    doc: |
      ANNOTATE_ROWS_EVENT (160), written before the TABLE_MAP events of a
      row-based statement when binlog_annotate_row_events is ON: the text
      of the statement that produced the rows. It is in the client's
      character set (the same bytes a QUERY event would carry), so it is
      kept as bytes.
    doc-ref: MariaDB sql/log_event.cc Annotate_rows_log_event ctor
    seq:
      - id: query
        -orig-id: m_query_txt
        size-eos: true
        doc: The SQL statement, without terminator.

  binlog_checkpoint_event:
    doc: |
      BINLOG_CHECKPOINT_EVENT (161): names the oldest binlog file that
      crash recovery may still need (every XA transaction of earlier files
      is durably committed in the engines).
    doc-ref: MariaDB sql/log_event.cc Binlog_checkpoint_log_event ctor
    seq:
      - id: len_binlog_file
        -orig-id: binlog_file_len
        type: u4
      - id: binlog_file
        -orig-id: binlog_file_name
        size: len_binlog_file
        type: str
        encoding: UTF-8
        doc: Base name of the binlog file (no directory).

  mariadb_gtid_event:
    doc: |
      MariaDB's GTID_EVENT (162): starts an event group (transaction or
      standalone DDL) and gives its global transaction id
      domain_id-server_id-seq_no, where server_id is the common header's.
      Fields after `flags2` depend on the flags; the body is zero-padded to
      at least 19 bytes (GTID_HEADER_LEN), and a zero padding byte read as
      `flags_extra` adds nothing.
    doc-ref:
      - MariaDB sql/log_event.cc Gtid_log_event ctor
      - MariaDB sql/log_event_server.cc Gtid_log_event::write
      - https://mariadb.com/kb/en/gtid_event/
    seq:
      - id: seq_no
        type: u8
        doc: Sequence number within the replication domain.
      - id: domain_id
        type: u4
        doc: Replication domain id.
      - id: flags2
        type: u1
        doc: FL_* flags (`gtid_flags2`), see the `is_*` instances.
      - id: commit_id
        type: u8
        if: has_commit_id
        doc: |
          Group commit id (FL_GROUP_COMMIT_ID): event groups with the same
          id were committed together and may be applied in parallel.
      - id: xid_format_id
        -orig-id: xid.formatID
        type: u4
        if: is_xa
        doc: XA transaction id, formatID part (FL_PREPARED_XA / FL_COMPLETED_XA).
      - id: xid_gtrid_len
        -orig-id: xid.gtrid_length
        type: u1
        if: is_xa
      - id: xid_bqual_len
        -orig-id: xid.bqual_length
        type: u1
        if: is_xa
      - id: xid_data
        -orig-id: xid.data
        size: xid_gtrid_len + xid_bqual_len
        if: is_xa
        doc: gtrid followed by bqual.
      - id: flags_extra
        type: u1
        if: has_flags_extra
        doc: |
          FL_EXTRA_* flags (`gtid_flags_extra`, MariaDB 10.5+), present when
          bytes remain (may be a zero padding byte).
      - id: extra_engines
        type: u1
        if: has_flags_extra and (flags_extra & 0x01) != 0
        doc: FL_EXTRA_MULTI_ENGINE, the number of engines beyond the first in the transaction.
      - id: sa_seq_no
        type: u8
        if: has_flags_extra and (flags_extra & 0x0c) != 0
        doc: |
          FL_COMMIT_ALTER / FL_ROLLBACK_ALTER (10.8+, binlog_alter_two_phase):
          seq_no of the START ALTER event group this one completes.
      - id: thread_id
        type: u4
        if: has_flags_extra and (flags_extra & 0x10) != 0
        doc: |
          FL_EXTRA_THREAD_ID (11.5+): id of the connection that ran the
          transaction.
    instances:
      ofs_flags_extra:
        value: '13 + (has_commit_id ? 8 : 0) + (is_xa ? 6 + xid_gtrid_len + xid_bqual_len : 0)'
      has_flags_extra:
        value: _io.size > ofs_flags_extra
      is_standalone:
        value: (flags2 & 0x01) != 0
        doc: FL_STANDALONE, no terminating COMMIT/XID event (DDL, or non-transactional).
      has_commit_id:
        value: (flags2 & 0x02) != 0
        doc: FL_GROUP_COMMIT_ID.
      is_transactional:
        value: (flags2 & 0x04) != 0
        doc: FL_TRANSACTIONAL, the group can be rolled back.
      is_allow_parallel:
        value: (flags2 & 0x08) != 0
        doc: FL_ALLOW_PARALLEL.
      is_waited:
        value: (flags2 & 0x10) != 0
        doc: FL_WAITED, the transaction waited for a row lock on the primary.
      is_ddl:
        value: (flags2 & 0x20) != 0
        doc: FL_DDL.
      is_prepared_xa:
        value: (flags2 & 0x40) != 0
        doc: FL_PREPARED_XA, XA PREPARE of an XA transaction.
      is_completed_xa:
        value: (flags2 & 0x80) != 0
        doc: FL_COMPLETED_XA, XA COMMIT / XA ROLLBACK.
      is_xa:
        value: is_prepared_xa or is_completed_xa
      is_multi_engine:
        value: has_flags_extra and (flags_extra & 0x01) != 0
        doc: FL_EXTRA_MULTI_ENGINE.
      is_start_alter:
        value: has_flags_extra and (flags_extra & 0x02) != 0
        doc: FL_START_ALTER.
      is_commit_alter:
        value: has_flags_extra and (flags_extra & 0x04) != 0
        doc: FL_COMMIT_ALTER.
      is_rollback_alter:
        value: has_flags_extra and (flags_extra & 0x08) != 0
        doc: FL_ROLLBACK_ALTER.
      has_thread_id:
        value: has_flags_extra and (flags_extra & 0x10) != 0
        doc: FL_EXTRA_THREAD_ID.

  gtid_list_event:
    doc: |
      GTID_LIST_EVENT (163), written after the format description of every
      binlog file: the last GTID of every (domain, server) pair written
      to the binlogs so far. An empty list is padded with 2 zero bytes (an
      old-replica compatibility minimum), which are left unread.
    doc-ref: MariaDB sql/log_event.cc Gtid_list_log_event ctor
    seq:
      - id: count_and_flags
        -orig-id: count
        type: u4
        doc: Number of GTIDs (low 28 bits) and list flags (high 4 bits).
      - id: gtids
        -orig-id: list
        type: gtid
        repeat: expr
        repeat-expr: num_gtids
    instances:
      num_gtids:
        value: count_and_flags & 0x0fffffff
      flags:
        -orig-id: gl_flags
        value: (count_and_flags >> 28) & 0xf
        doc: List flags shifted down (bit 0 FLAG_UNTIL_REPORTED, bit 1 FLAG_IGN_GTIDS).
      is_until_reported:
        value: (flags & 0x1) != 0
      is_ign_gtids:
        value: (flags & 0x2) != 0
    types:
      gtid:
        -orig-id: rpl_gtid
        doc: The last GTID binlogged for one (domain_id, server_id) pair.
        seq:
          - id: domain_id
            type: u4
          - id: server_id
            type: u4
          - id: seq_no
            type: u8

  start_encryption_event:
    doc: |
      START_ENCRYPTION_EVENT (164), written after the format description when
      encrypt_binlog is ON: every event after it is encrypted (AES with a
      per-event IV built from `nonce` and the event position), so it cannot
      be parsed without the key of `key_version`.
    doc-ref: MariaDB sql/log_event.cc Start_encryption_log_event ctor
    seq:
      - id: crypto_scheme
        type: u1
        doc: Always 1.
      - id: key_version
        type: u4
      - id: nonce
        size: 12

  query_compressed_event:
    doc: |
      QUERY_COMPRESSED_EVENT (165, log_bin_compress=ON): a QUERY event whose
      statement text is zlib-compressed. Post header, status variables and
      default schema are those of QUERY_EVENT (same field names as
      `event_query::query_event`); only `query` is a `compressed_data`
      whose inflated bytes are the statement in the connection charset.
    doc-ref:
      - MariaDB sql/log_event.cc query_event_uncompress, Query_compressed_log_event ctor
      - libs/mysql/binlog/event/statement_events.h (Query_event layout)
    params:
      - id: post_header_len
        type: u1
        doc: QUERY_COMPRESSED post-header length from the format description (13).
    seq:
      - id: thread_id
        -orig-id: slave_proxy_id
        type: u4
        doc: Id of the connection that ran the statement.
      - id: exec_time
        -orig-id: query_exec_time
        type: u4
        doc: Seconds from the start of the statement to its logging.
      - id: len_schema
        -orig-id: db_len
        type: u1
      - id: error_code
        type: u2
        doc: Error the statement ended with on the source (0 = none).
      - id: len_status_vars
        -orig-id: status_vars_len
        type: u2
      - id: extra_post_header
        size: post_header_len - 13
        if: post_header_len > 13
        doc: Post-header bytes of a newer format, skipped.
      - id: status_vars
        size: len_status_vars
        type: event_query::status_vars
        doc: Session state of the statement, as in QUERY_EVENT.
      - id: schema
        -orig-id: db
        size: len_schema
        doc: Default database of the statement (bytes; may be empty).
      - id: schema_terminator
        type: u1
        doc: The NUL after the database name.
      - id: query
        type: compressed_data
        size-eos: true
        doc: The compressed statement text.

  compressed_data:
    doc: |
      MariaDB's compressed binlog record: a header byte (bit 7 always set,
      bits 4-6 the algorithm, 0 = zlib; bits 0-2 the number of length
      bytes, 1-4), the uncompressed length big-endian, then the compressed
      stream (for zlib: zlib header, deflate data, adler32).
    doc-ref: MariaDB sql/log_event.cc binlog_buf_compress, binlog_get_uncompress_len, binlog_buf_uncompress
    seq:
      - id: header
        type: u1
      - id: len_uncompressed_be
        size: len_len
        doc: The uncompressed length, big-endian (see `len_uncompressed`).
      - id: data
        size-eos: true
        doc: The compressed stream (zlib when `algorithm` is 0).
    instances:
      is_valid_header:
        value: (header & 0xe0) == 0x80
        doc: MariaDB rejects a header without bit 7 or with bits 5-6 set.
      algorithm:
        value: (header >> 4) & 0x7
        enum: compression_algorithm
      len_len:
        value: header & 0x7
        doc: Number of length bytes, 1-4.
      len_uncompressed:
        value: |
          len_len == 1 ? len_uncompressed_be[0]
          : len_len == 2 ? len_uncompressed_be[0] * 256 + len_uncompressed_be[1]
          : len_len == 3 ? (len_uncompressed_be[0] * 256 + len_uncompressed_be[1]) * 256 + len_uncompressed_be[2]
          : len_len == 4 ? ((len_uncompressed_be[0] * 256 + len_uncompressed_be[1]) * 256 + len_uncompressed_be[2]) * 256 + len_uncompressed_be[3]
          : 0
        doc: Size of the inflated data (0 for an invalid length width).

enums:
  gtid_flags2:
    0x01: standalone
    0x02: group_commit_id
    0x04: transactional
    0x08: allow_parallel
    0x10: waited
    0x20: ddl
    0x40: prepared_xa
    0x80: completed_xa
  gtid_flags_extra:
    0x01: multi_engine
    0x02: start_alter
    0x04: commit_alter
    0x08: rollback_alter
    0x10: thread_id
  compression_algorithm:
    0: zlib
