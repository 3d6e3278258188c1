meta:
  id: binlog_event
  title: MySQL/MariaDB binary log event (common header and body)
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - event_control
    - event_gtid
    - event_mariadb
    - event_query
    - event_rows
    - event_table_map
  endian: le
doc: |
  One event of a binary log: the common header, the body and, when the
  file's FORMAT_DESCRIPTION_EVENT announces CRC32, a 4-byte checksum.

  The body is sized from the header (`event_length` minus header and
  checksum) and parsed by `event_body`, a router that picks the body type
  from the event type code. Each body type gets the post-header length that
  the format description event lists for its type, so a layout that grew
  over server versions (QUERY, TABLE_MAP, ROWS) is read the way the writing
  server wrote it, and an unknown or newer event type still parses as raw
  bytes.

  The format description event itself never counts its trailing 4 bytes as
  a checksum here: its body type reads them (they are present even when
  checksums are off), see `event_control::format_description_event`.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
  - libs/mysql/binlog/event/binlog_event.h (Log_event_header, Log_event_type)
  - MariaDB sql/log_event.h (Log_event_type)
params:
  - id: len_header
    type: u1
    doc: Common header length, 13 in v1 files (MySQL 3.23), 19 otherwise.
  - id: post_header_lengths
    type: bytes
    doc: |
      The format description's post-header lengths, indexed by event type
      code minus 1 (in the file's own numbering).
  - id: has_crc32
    type: bool
    doc: True when the format description announces CRC32 checksums.
  - id: uses_pre_ga_numbering
    type: bool
    doc: |
      True for files of the early 5.1/5.2 development trees that numbered
      event types 16-22 differently (see `type_code`).
seq:
  - id: header
    type: event_header(len_header)
  - id: body
    size: len_body
    type: event_body(type_code, post_header_len)
  - id: checksum
    -orig-id: crc
    type: u4
    if: has_checksum
    doc: CRC32 (zlib, IEEE) of every preceding byte of the event, header included.
instances:
  type_code:
    value: |
      uses_pre_ga_numbering and header.type_code.to_i < 23
      ? pre_ga_type_codes[header.type_code.to_i]
      : header.type_code.to_i
    enum: event_type
    doc: |
      The event type in today's numbering. Early 5.1/5.2 trees wrote
      TABLE_MAP as 16, the pre-GA rows events as 17-19 and XID,
      BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY as 20-22.
    doc-ref: sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
  pre_ga_type_codes:
    value: '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 16, 17, 18]'
    doc: Today's type code for each type code 0-22 of the early 5.1/5.2 numbering.
  post_header_len:
    value: |
      header.type_code.to_i >= 1 and header.type_code.to_i <= post_header_lengths.size
      ? post_header_lengths[header.type_code.to_i - 1]
      : 0
    doc: |
      Post-header length of this event's type as listed by the format
      description (0 for types it does not list).
  has_checksum:
    value: has_crc32 and type_code != event_type::format_description_event
  len_body:
    value: 'header.event_length - len_header - (has_checksum ? 4 : 0)'
types:
  event_header:
    doc: |
      The common header in front of every event: 19 bytes since binlog
      version 3 (MySQL 4.0), 13 bytes in version 1 (MySQL 3.23), which has
      neither `next_position` nor `flags`. A format description may declare
      a longer header; the extra bytes are kept as `extra_headers`.
    doc-ref:
      - libs/mysql/binlog/event/binlog_event.h Log_event_header (LOG_EVENT_HEADER_LEN, OLD_HEADER_LEN)
    params:
      - id: len_header
        type: u1
    seq:
      - id: timestamp
        -orig-id: when
        type: u4
        doc: Seconds since the Unix epoch when the statement began.
      - id: type_code
        type: u1
        enum: event_type
        doc: Event type as written (see `binlog_event.type_code` for early 5.1 files).
      - id: server_id
        type: u4
        doc: Id of the server that originally wrote the event.
      - id: event_length
        -orig-id: data_written
        type: u4
        doc: Size of the whole event, header and checksum included.
      - id: next_position
        -orig-id: log_pos
        type: u4
        if: len_header >= 17
        doc: |
          Position of the next event in the file of the server that wrote
          it (0 for events inside a TRANSACTION_PAYLOAD and in some relay logs).
      - id: flags
        type: u2
        if: len_header >= 19
        doc: Event flags (LOG_EVENT_*_F), see the `is_*` instances.
      - id: extra_headers
        size: len_header - 19
        if: len_header > 19
    instances:
      is_binlog_in_use:
        value: 'len_header >= 19 and (flags & 0x1) != 0'
        doc: LOG_EVENT_BINLOG_IN_USE_F, set in the FDE of a file still open (or of a crashed server).
      is_thread_specific:
        value: 'len_header >= 19 and (flags & 0x4) != 0'
        doc: LOG_EVENT_THREAD_SPECIFIC_F (statement used temporary tables).
      is_suppress_use:
        value: 'len_header >= 19 and (flags & 0x8) != 0'
        doc: LOG_EVENT_SUPPRESS_USE_F (no USE before the query).
      is_artificial:
        value: 'len_header >= 19 and (flags & 0x20) != 0'
        doc: LOG_EVENT_ARTIFICIAL_F (made up by a replica, e.g. a fake ROTATE).
      is_relay_log:
        value: 'len_header >= 19 and (flags & 0x40) != 0'
        doc: LOG_EVENT_RELAY_LOG_F (written by the replica's SQL thread).
      is_ignorable:
        value: 'len_header >= 19 and (flags & 0x80) != 0'
        doc: LOG_EVENT_IGNORABLE_F (a reader that does not know the type may skip it).
  event_body:
    doc: |
      Routes an event body to its type by event type code. Types without a
      body type (STOP, IGNORABLE, UNKNOWN, type 100 and any code this spec
      does not know) are kept as raw bytes.
    doc-ref: libs/mysql/binlog/event/binlog_event.h Log_event_type
    params:
      - id: type_code
        type: u1
        enum: event_type
      - id: post_header_len
        type: u1
    seq:
      - id: data
        size-eos: true
        type:
          switch-on: type_code
          cases:
            event_type::start_event_v3: event_control::start_event_v3
            event_type::query_event: event_query::query_event(post_header_len)
            event_type::rotate_event: event_control::rotate_event(post_header_len)
            event_type::intvar_event: event_control::intvar_event
            event_type::load_event: event_query::load_event(post_header_len)
            event_type::create_file_event: event_query::create_file_event(post_header_len)
            event_type::append_block_event: event_query::append_block_event(post_header_len)
            event_type::exec_load_event: event_query::exec_load_event(post_header_len)
            event_type::delete_file_event: event_query::delete_file_event(post_header_len)
            event_type::new_load_event: event_query::new_load_event(post_header_len)
            event_type::rand_event: event_control::rand_event
            event_type::user_var_event: event_control::user_var_event
            event_type::format_description_event: event_control::format_description_event
            event_type::xid_event: event_control::xid_event
            event_type::begin_load_query_event: event_query::begin_load_query_event(post_header_len)
            event_type::execute_load_query_event: event_query::execute_load_query_event(post_header_len)
            event_type::table_map_event: event_table_map::table_map_event(post_header_len)
            event_type::pre_ga_write_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::pre_ga_update_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::pre_ga_delete_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::write_rows_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::update_rows_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::delete_rows_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::incident_event: event_control::incident_event
            event_type::heartbeat_log_event: event_control::heartbeat_event
            event_type::rows_query_log_event: event_control::rows_query_event
            event_type::write_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::update_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::delete_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::gtid_log_event: event_gtid::gtid_event
            event_type::anonymous_gtid_log_event: event_gtid::gtid_event
            event_type::previous_gtids_log_event: event_gtid::previous_gtids_event
            event_type::transaction_context_event: event_gtid::transaction_context_event
            event_type::view_change_event: event_gtid::view_change_event
            event_type::xa_prepare_log_event: event_gtid::xa_prepare_event
            event_type::partial_update_rows_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::transaction_payload_event: event_gtid::transaction_payload_event
            event_type::heartbeat_log_event_v2: event_control::heartbeat_event_v2
            event_type::gtid_tagged_log_event: event_gtid::gtid_tagged_event
            event_type::annotate_rows_event: event_mariadb::annotate_rows_event
            event_type::binlog_checkpoint_event: event_mariadb::binlog_checkpoint_event
            event_type::gtid_event: event_mariadb::mariadb_gtid_event
            event_type::gtid_list_event: event_mariadb::gtid_list_event
            event_type::start_encryption_event: event_mariadb::start_encryption_event
            event_type::query_compressed_event: event_mariadb::query_compressed_event(post_header_len)
            event_type::write_rows_compressed_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::update_rows_compressed_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::delete_rows_compressed_event_v1: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::write_rows_compressed_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::update_rows_compressed_event: event_rows::rows_event(type_code.to_i, post_header_len)
            event_type::delete_rows_compressed_event: event_rows::rows_event(type_code.to_i, post_header_len)
enums:
  event_type:
    0: unknown_event
    1:
      id: start_event_v3
      doc: Start of a v1/v3 binlog (MySQL 3.23-4.x); replaced by format_description_event.
    2: query_event
    3:
      id: stop_event
      doc: The server shut down; the event has no body.
    4: rotate_event
    5: intvar_event
    6: load_event
    7:
      id: slave_event
      doc: Never written.
    8: create_file_event
    9: append_block_event
    10: exec_load_event
    11: delete_file_event
    12: new_load_event
    13: rand_event
    14: user_var_event
    15: format_description_event
    16: xid_event
    17: begin_load_query_event
    18: execute_load_query_event
    19: table_map_event
    20: pre_ga_write_rows_event
    21: pre_ga_update_rows_event
    22: pre_ga_delete_rows_event
    23: write_rows_event_v1
    24: update_rows_event_v1
    25: delete_rows_event_v1
    26: incident_event
    27: heartbeat_log_event
    28: ignorable_log_event
    29: rows_query_log_event
    30: write_rows_event
    31: update_rows_event
    32: delete_rows_event
    33: gtid_log_event
    34: anonymous_gtid_log_event
    35: previous_gtids_log_event
    36: transaction_context_event
    37: view_change_event
    38: xa_prepare_log_event
    39: partial_update_rows_event
    40: transaction_payload_event
    41: heartbeat_log_event_v2
    42: gtid_tagged_log_event
    100:
      id: aurora_padding_event
      doc: Written by Amazon Aurora MySQL 5.7 with the ignorable flag; no public layout.
    160: annotate_rows_event
    161: binlog_checkpoint_event
    162:
      id: gtid_event
      doc: MariaDB's GTID event (domain-server-sequence), not MySQL's gtid_log_event.
    163: gtid_list_event
    164: start_encryption_event
    165: query_compressed_event
    166: write_rows_compressed_event_v1
    167: update_rows_compressed_event_v1
    168: delete_rows_compressed_event_v1
    169: write_rows_compressed_event
    170: update_rows_compressed_event
    171: delete_rows_compressed_event
