meta:
  id: event_query
  title: MySQL/MariaDB binlog statement events (QUERY and the LOAD DATA family)
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - packed_int
  endian: le
doc: |
  Body types of the statement events: QUERY_EVENT with its status
  variables, and the events that carry LOAD DATA INFILE: LOAD and
  NEW_LOAD (MySQL 3.23-4.x), CREATE_FILE, APPEND_BLOCK, EXEC_LOAD and
  DELETE_FILE (4.x), BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY (5.0+).
  Each type parses the event body only (common header and CRC32 removed).

  Statement text, database names and file names are kept as bytes: they
  are in the character set of the client connection (see the
  Q_CHARSET_CODE status variable), which may be latin1, gbk, ... and is
  not validated by the server. The binlog-ksy runtime decodes them.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html
  - libs/mysql/binlog/event/statement_events.h Query_event
  - libs/mysql/binlog/event/load_data_events.h
  - 'libbinlogevents/src/load_data_events.cpp (5.7: Load_event, Create_file_event)'
  - MariaDB sql/log_event.h, sql/log_event.cc Query_log_event
types:
  query_event:
    doc: |
      QUERY_EVENT: a statement (DDL, statement-based DML, BEGIN, COMMIT of
      non-transactional engines, ...).

      The post-header is 13 bytes in binlog v4 (MySQL 5.0+, MariaDB) and
      11 bytes in v1/v3 (MySQL 3.23-4.x), which have no status variables.
      A post-header longer than known is skipped, as MySQL does.

      `schema` and `query` are raw bytes in the connection character set
      (`character_set_client` of the Q_CHARSET_CODE status variable, or
      the server default for old events); decode them in the runtime.
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h Query_event
      - libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
      - MariaDB sql/log_event.cc Query_log_event::Query_log_event
    params:
      - id: post_header_len
        type: u1
        doc: QUERY post-header length from the format description (13; 11 in v1/v3).
    seq:
      - id: thread_id
        type: u4
        doc: Id of the connection that ran the statement (for temporary tables).
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
        if: post_header_len >= 13
        doc: Size of `status_vars`; absent in v1/v3 (post-header of 11).
      - id: extra_post_header
        size: 'post_header_len - (post_header_len >= 13 ? 13 : 11)'
        if: post_header_len > 13 or (post_header_len > 11 and post_header_len < 13)
        doc: Post-header bytes this spec does not know (skipped, as MySQL does).
      - id: status_vars
        size: len_status_vars
        type: status_vars
        if: post_header_len >= 13 and not is_malformed
        doc: Session state of the statement (sql_mode, charsets, time zone, ...).
      - id: status_vars_raw
        size: _io.size - _io.pos
        if: post_header_len >= 13 and is_malformed
        doc: The rest of a malformed event (lengths beyond its end), kept raw.
      - id: schema
        -orig-id: db
        size: 'len_schema <= _io.size - _io.pos ? len_schema : _io.size - _io.pos'
        doc: Default database of the statement (bytes in the connection charset; may be empty).
      - id: schema_terminator
        type: u1
        if: not _io.eof
        doc: The NUL after the database name (redundant, not checked by MySQL).
      - id: query
        size-eos: true
        doc: The statement text up to the end of the event, as bytes in the connection charset.
    instances:
      ofs_status_vars:
        value: 'post_header_len > 11 ? post_header_len : 11'
        doc: Offset of the status variables (the end of the post-header).
      is_malformed:
        value: |
          ofs_status_vars + (post_header_len >= 13 ? len_status_vars : 0) + len_schema + 1 > _io.size
        doc: |
          True when the lengths point past the end of the event (a corrupt
          event, which MySQL rejects). The status variables are then kept
          raw in `status_vars_raw` and `schema`/`query` get what is left.
  execute_load_query_event:
    doc: |
      EXECUTE_LOAD_QUERY_EVENT (MySQL 5.0.3+): the LOAD DATA statement
      that loads the file built by BEGIN_LOAD_QUERY and APPEND_BLOCK
      events. A QUERY_EVENT whose post-header (26 bytes) also has the
      file id, the position of the file name inside the statement and
      the duplicate handling.
    doc-ref:
      - libs/mysql/binlog/event/load_data_events.h Execute_load_query_event
      - libs/mysql/binlog/event/load_data_events.cpp Execute_load_query_event::Execute_load_query_event
    params:
      - id: post_header_len
        type: u1
        doc: EXECUTE_LOAD_QUERY post-header length from the format description (26).
    seq:
      - id: thread_id
        type: u4
      - id: exec_time
        -orig-id: query_exec_time
        type: u4
      - id: len_schema
        -orig-id: db_len
        type: u1
      - id: error_code
        type: u2
      - id: len_status_vars
        -orig-id: status_vars_len
        type: u2
      - id: file_id
        type: u4
        doc: Id of the file created by BEGIN_LOAD_QUERY.
      - id: ofs_file_name_start
        -orig-id: fn_pos_start
        type: u4
        doc: |
          Offset in `query` of the part a replica replaces with its own
          temporary file (`[LOCAL] INFILE 'name' ... INTO`, space included).
      - id: ofs_file_name_end
        -orig-id: fn_pos_end
        type: u4
        doc: Offset in `query` of the byte after that part.
      - id: dup_handling
        type: u1
        enum: load_dup_handling
      - id: extra_post_header
        size: post_header_len - 26
        if: post_header_len > 26
        doc: Post-header bytes this spec does not know.
      - id: status_vars
        size: len_status_vars
        type: status_vars
        if: not is_malformed
      - id: status_vars_raw
        size: _io.size - _io.pos
        if: is_malformed
        doc: The rest of a malformed event, kept raw.
      - id: schema
        -orig-id: db
        size: 'len_schema <= _io.size - _io.pos ? len_schema : _io.size - _io.pos'
      - id: schema_terminator
        type: u1
        if: not _io.eof
      - id: query
        size-eos: true
        doc: The LOAD DATA statement, as bytes in the connection charset.
    instances:
      ofs_status_vars:
        value: 'post_header_len > 26 ? post_header_len : 26'
      is_malformed:
        value: ofs_status_vars + len_status_vars + len_schema + 1 > _io.size
        doc: True when the lengths point past the end of the event (corrupt event).
  status_vars:
    doc: |
      The status variables of a QUERY_EVENT: a list of (code, value)
      entries whose value size depends on the code. Like MySQL and
      MariaDB, parsing stops at the first code it does not know: that
      entry keeps the rest of the block as raw bytes. The block is a
      substream of its own, so it never reaches the database name or the
      statement.
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h Query_event_status_vars
      - libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
      - MariaDB sql/log_event.cc Query_log_event::Query_log_event
    seq:
      - id: entries
        type: status_var
        repeat: until
        repeat-until: _io.eof or not _.is_known
        if: not _io.eof
  status_var:
    doc: One status variable of a QUERY_EVENT.
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h Query_event::Query_event_status_vars
      - MariaDB sql/log_event.h (Q_HRNOW, Q_XID, Q_GTID_FLAGS3, Q_CHARACTER_SET_COLLATIONS)
    seq:
      - id: code
        type: u1
        enum: status_var_code
      - id: body
        type:
          switch-on: code
          cases:
            status_var_code::q_flags2_code: u4
            status_var_code::q_sql_mode_code: u8
            status_var_code::q_catalog_code: sv_catalog_old
            status_var_code::q_auto_increment: sv_auto_increment
            status_var_code::q_charset_code: sv_charset
            status_var_code::q_time_zone_code: sv_string
            status_var_code::q_catalog_nz_code: sv_string
            status_var_code::q_lc_time_names_code: u2
            status_var_code::q_charset_database_code: u2
            status_var_code::q_table_map_for_update_code: u8
            status_var_code::q_master_data_written_code: u4
            status_var_code::q_invoker: sv_invoker
            status_var_code::q_updated_db_names: sv_updated_db_names
            status_var_code::q_microseconds: packed_int::u3_le
            status_var_code::q_explicit_defaults_for_timestamp: u1
            status_var_code::q_ddl_logged_with_xid: u8
            status_var_code::q_default_collation_for_utf8mb4: u2
            status_var_code::q_sql_require_primary_key: u1
            status_var_code::q_default_table_encryption: u1
            status_var_code::q_enable_cascade_triggers: u1
            status_var_code::q_hrnow: packed_int::u3_le
            status_var_code::q_xid: u8
            status_var_code::q_gtid_flags3: sv_gtid_flags3
            status_var_code::q_character_set_collations: sv_character_set_collations
        if: is_known
        doc: |
          The value: an integer for the fixed-size codes, a small structure
          for the others (Q_MICROSECONDS / Q_HRNOW: `.value` microseconds).
      - id: unparsed
        size-eos: true
        if: not is_known
        doc: The rest of the status variables from an unknown code (or a value that does not fit) on, kept raw.
    instances:
      len_min:
        value: |
          code == status_var_code::q_flags2_code ? 4
          : code == status_var_code::q_sql_mode_code ? 8
          : code == status_var_code::q_catalog_code ? 2
          : code == status_var_code::q_auto_increment ? 4
          : code == status_var_code::q_charset_code ? 6
          : code == status_var_code::q_time_zone_code ? 1
          : code == status_var_code::q_catalog_nz_code ? 1
          : code == status_var_code::q_lc_time_names_code ? 2
          : code == status_var_code::q_charset_database_code ? 2
          : code == status_var_code::q_table_map_for_update_code ? 8
          : code == status_var_code::q_master_data_written_code ? 4
          : code == status_var_code::q_invoker ? 2
          : code == status_var_code::q_updated_db_names ? 1
          : code == status_var_code::q_microseconds ? 3
          : code == status_var_code::q_explicit_defaults_for_timestamp ? 1
          : code == status_var_code::q_ddl_logged_with_xid ? 8
          : code == status_var_code::q_default_collation_for_utf8mb4 ? 2
          : code == status_var_code::q_sql_require_primary_key ? 1
          : code == status_var_code::q_default_table_encryption ? 1
          : code == status_var_code::q_enable_cascade_triggers ? 1
          : code == status_var_code::q_hrnow ? 3
          : code == status_var_code::q_xid ? 8
          : code == status_var_code::q_gtid_flags3 ? 1
          : code == status_var_code::q_character_set_collations ? 1
          : -1
        doc: |
          Smallest size of the value for this code, -1 for the codes whose
          size is unknown: Q_COMMIT_TS (14) and Q_COMMIT_TS2 (15) were never
          released and have no reader, and any newer code.
      is_known:
        value: len_min >= 0 and _io.size - _io.pos >= len_min
        doc: |
          True when the code is known and its value fits in the block
          (evaluated right after `code` is read). Parsing stops at the
          first entry for which it is false, as MySQL and MariaDB do.
  sv_string:
    doc: |
      A string of at most 255 bytes with a 1-byte length (time zone,
      catalog; also the terminators of `sql_ex_new`). A length past the
      end of the block is cut to what is left (corrupt events only).
    doc-ref: libs/mysql/binlog/event/event_reader.cpp Event_reader::read_str_at_most_255_bytes
    seq:
      - id: len_value
        type: u1
      - id: value
        size: 'len_value <= _io.size - _io.pos ? len_value : _io.size - _io.pos'
  sv_catalog_old:
    doc: Q_CATALOG_CODE of MySQL 5.0.0-5.0.3, a catalog name with a trailing NUL.
    doc-ref: libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_CATALOG_CODE)
    seq:
      - id: len_value
        type: u1
      - id: value
        size: 'len_value <= _io.size - _io.pos ? len_value : _io.size - _io.pos'
      - id: terminator
        type: u1
        if: not _io.eof
  sv_auto_increment:
    doc: Q_AUTO_INCREMENT (written when auto_increment_increment or _offset is not 1).
    doc-ref: libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_AUTO_INCREMENT)
    seq:
      - id: increment
        -orig-id: auto_increment_increment
        type: u2
      - id: offset
        -orig-id: auto_increment_offset
        type: u2
  sv_charset:
    doc: Q_CHARSET_CODE, three collation ids (SELECT id FROM information_schema.COLLATIONS).
    doc-ref: libs/mysql/binlog/event/statement_events.h Query_event (charset)
    seq:
      - id: character_set_client
        type: u2
        doc: Collation of the client, i.e. of the statement text.
      - id: collation_connection
        type: u2
      - id: collation_server
        type: u2
  sv_invoker:
    doc: Q_INVOKER, the user and host of CURRENT_USER() for definer clauses.
    doc-ref: libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_INVOKER)
    seq:
      - id: len_user
        -orig-id: user_len
        type: u1
      - id: user
        size: 'len_user <= _io.size - _io.pos ? len_user : _io.size - _io.pos'
      - id: len_host
        -orig-id: host_len
        type: u1
        if: not _io.eof
      - id: host
        size: 'len_host <= _io.size - _io.pos ? len_host : _io.size - _io.pos'
        if: not _io.eof
  sv_updated_db_names:
    doc: |
      Q_UPDATED_DB_NAMES (MySQL 5.6+): the databases the statement
      changes, for the multi-threaded applier. A count above 16
      (OVER_MAX_DBS_IN_EVENT_MTS = 254) has no names.
    doc-ref: libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_UPDATED_DB_NAMES)
    seq:
      - id: num_dbs
        -orig-id: mts_accessed_dbs
        type: u1
      - id: db_names
        -orig-id: mts_accessed_db_names
        terminator: 0
        eos-error: false
        repeat: expr
        repeat-expr: 'num_dbs <= 16 ? num_dbs : 0'
        doc: NUL-terminated database names (bytes).
  sv_gtid_flags3:
    doc: |
      MariaDB Q_GTID_FLAGS3 (10.8+, ALTER TABLE replication): the GTID
      extra flags, plus the sequence number of the START ALTER for a
      COMMIT/ROLLBACK ALTER.
    doc-ref: MariaDB sql/log_event.cc Query_log_event::Query_log_event (Q_GTID_FLAGS3)
    seq:
      - id: flags_extra
        -orig-id: gtid_flags_extra
        type: u1
        doc: Gtid_log_event FL_*_E1 bits, see `gtid_flags_extra`.
      - id: sa_seq_no
        type: u8
        if: (flags_extra & 0x0c) != 0 and _io.size - _io.pos >= 8
        doc: Present with FL_COMMIT_ALTER_E1 (0x4) or FL_ROLLBACK_ALTER_E1 (0x8).
  sv_character_set_collations:
    doc: |
      MariaDB Q_CHARACTER_SET_COLLATIONS (11.2+): the session's
      @@character_set_collations map, a count then (charset id, collation
      id) pairs.
    doc-ref: MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
    seq:
      - id: num_pairs
        -orig-id: m_count
        type: u1
      - id: pairs
        type: sv_charset_collation
        repeat: expr
        repeat-expr: 'num_pairs * 4 <= _io.size - _io.pos ? num_pairs : (_io.size - _io.pos) / 4'
  sv_charset_collation:
    doc: One @@character_set_collations pair (character set id, collation id).
    doc-ref: MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
    seq:
      - id: charset_id
        -orig-id: from
        type: u2
      - id: collation_id
        -orig-id: to
        type: u2
  load_event:
    doc: |
      LOAD_EVENT (6): LOAD DATA INFILE as written by MySQL 3.23 and 4.x,
      with the old 7-byte `sql_ex` (single-character terminators). The
      data itself follows in the file named by `file_name` (3.23) or in
      CREATE_FILE/APPEND_BLOCK events (4.x).

      The post-header is always 18 bytes (LOAD_HEADER_LEN); the
      post_header_len param is accepted for the router's uniform call.
    doc-ref:
      - libbinlogevents/include/load_data_events.h Load_event (5.7)
      - libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
    params:
      - id: post_header_len
        type: u1
    seq:
      - id: post_header
        type: load_post_header
      - id: data
        type: load_data(false, post_header.num_fields, post_header.len_table_name, post_header.len_schema)
  new_load_event:
    doc: |
      NEW_LOAD_EVENT (12): as LOAD_EVENT, with the new `sql_ex` whose
      terminators are length-prefixed strings (MySQL 4.0+).
    doc-ref:
      - libbinlogevents/include/load_data_events.h Load_event (5.7)
      - libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
    params:
      - id: post_header_len
        type: u1
    seq:
      - id: post_header
        type: load_post_header
      - id: data
        type: load_data(true, post_header.num_fields, post_header.len_table_name, post_header.len_schema)
  create_file_event:
    doc: |
      CREATE_FILE_EVENT (MySQL 4.x): starts a LOAD DATA INFILE. It has the
      LOAD post-header (18 bytes), its own post-header (the file id),
      the LOAD variable part with the new `sql_ex`, and then the first
      block of the file's data.
    doc-ref:
      - libbinlogevents/include/load_data_events.h Create_file_event (5.7)
      - libbinlogevents/src/load_data_events.cpp Create_file_event::Create_file_event
    params:
      - id: post_header_len
        type: u1
        doc: CREATE_FILE post-header length (4).
    seq:
      - id: load_post_header
        type: load_post_header
      - id: file_id
        type: u4
        if: post_header_len >= 4
        doc: Id of the temporary file on the replica (absent in binlog v1).
      - id: extra_post_header
        size: post_header_len - 4
        if: post_header_len > 4
      - id: data
        type: load_data(true, load_post_header.num_fields, load_post_header.len_table_name, load_post_header.len_schema)
      - id: block
        size-eos: true
        doc: The first block of the loaded file's data.
  append_block_event:
    doc: |
      APPEND_BLOCK_EVENT: the next block of a file being loaded by LOAD
      DATA INFILE (after CREATE_FILE or BEGIN_LOAD_QUERY).
    doc-ref:
      - libs/mysql/binlog/event/load_data_events.h Append_block_event
      - libs/mysql/binlog/event/load_data_events.cpp Append_block_event::Append_block_event
    params:
      - id: post_header_len
        type: u1
        doc: APPEND_BLOCK post-header length (4).
    seq:
      - id: file_id
        type: u4
      - id: extra_post_header
        size: post_header_len - 4
        if: post_header_len > 4
      - id: block
        size-eos: true
  begin_load_query_event:
    doc: |
      BEGIN_LOAD_QUERY_EVENT (MySQL 5.0.3+): the first block of the file
      of a LOAD DATA INFILE; same layout as APPEND_BLOCK.
    doc-ref:
      - libs/mysql/binlog/event/load_data_events.h Begin_load_query_event
      - libs/mysql/binlog/event/load_data_events.cpp Begin_load_query_event::Begin_load_query_event
    params:
      - id: post_header_len
        type: u1
        doc: BEGIN_LOAD_QUERY post-header length (4).
    seq:
      - id: file_id
        type: u4
      - id: extra_post_header
        size: post_header_len - 4
        if: post_header_len > 4
      - id: block
        size-eos: true
  exec_load_event:
    doc: 'EXEC_LOAD_EVENT (MySQL 4.x): load the file built by CREATE_FILE and APPEND_BLOCK.'
    doc-ref:
      - libbinlogevents/include/load_data_events.h Execute_load_event (5.7)
      - libbinlogevents/src/load_data_events.cpp Execute_load_event::Execute_load_event
    params:
      - id: post_header_len
        type: u1
    seq:
      - id: file_id
        type: u4
  delete_file_event:
    doc: 'DELETE_FILE_EVENT: drop the temporary file of a failed LOAD DATA INFILE.'
    doc-ref:
      - libs/mysql/binlog/event/load_data_events.h Delete_file_event
      - libs/mysql/binlog/event/load_data_events.cpp Delete_file_event::Delete_file_event
    params:
      - id: post_header_len
        type: u1
    seq:
      - id: file_id
        type: u4
  load_post_header:
    doc: The 18-byte post-header of LOAD, NEW_LOAD and CREATE_FILE events (LOAD_HEADER_LEN).
    doc-ref: libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event (L_*_OFFSET)
    seq:
      - id: thread_id
        -orig-id: slave_proxy_id
        type: u4
      - id: exec_time
        -orig-id: load_exec_time
        type: u4
      - id: skip_lines
        type: u4
        doc: IGNORE n LINES.
      - id: len_table_name
        -orig-id: table_name_len
        type: u1
      - id: len_schema
        -orig-id: db_len
        type: u1
      - id: num_fields
        type: u4
        doc: Number of columns listed in the statement.
  load_data:
    doc: The variable part of LOAD, NEW_LOAD and CREATE_FILE events.
    doc-ref: libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
    params:
      - id: is_new_format
        type: bool
        doc: True for the new `sql_ex` (NEW_LOAD, CREATE_FILE), false for LOAD.
      - id: num_fields
        type: u4
      - id: len_table_name
        type: u1
      - id: len_schema
        type: u1
    seq:
      - id: sql_ex_old
        type: sql_ex_old
        if: not is_new_format
      - id: sql_ex_new
        type: sql_ex_new
        if: is_new_format
      - id: len_fields
        -orig-id: field_lens
        type: u1
        repeat: expr
        repeat-expr: num_fields
        doc: Length of each column name.
      - id: fields
        size: len_fields[_index] + 1
        terminator: 0
        repeat: expr
        repeat-expr: num_fields
        doc: The column names (bytes, each stored with a trailing NUL).
      - id: table_name
        size: len_table_name + 1
        terminator: 0
        doc: Table name (bytes, stored with a trailing NUL).
      - id: schema
        -orig-id: db
        size: len_schema + 1
        terminator: 0
        doc: Database name (bytes, stored with a trailing NUL).
      - id: file_name
        -orig-id: fname
        terminator: 0
        eos-error: false
        doc: Name of the loaded file on the source (bytes, NUL-terminated or up to the end).
  sql_ex_old:
    doc: |
      The old `sql_ex` (LOAD_EVENT): the FIELDS/LINES options of LOAD DATA
      as single characters, with `empty_flags` marking the absent ones.
    doc-ref: libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
    seq:
      - id: field_term
        size: 1
      - id: enclosed
        size: 1
      - id: line_term
        size: 1
      - id: line_start
        size: 1
      - id: escaped
        size: 1
      - id: opt_flags
        type: u1
        doc: Bits of `load_opt_flag`.
      - id: empty_flags
        type: u1
        doc: Bits of `load_empty_flag` (set = option empty).
  sql_ex_new:
    doc: |
      The new `sql_ex` (NEW_LOAD, CREATE_FILE): the FIELDS/LINES options of
      LOAD DATA as length-prefixed strings.
    doc-ref: libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
    seq:
      - id: field_term
        type: sv_string
      - id: enclosed
        type: sv_string
      - id: line_term
        type: sv_string
      - id: line_start
        type: sv_string
      - id: escaped
        type: sv_string
      - id: opt_flags
        type: u1
        doc: Bits of `load_opt_flag`.
enums:
  status_var_code:
    0:
      id: q_flags2_code
      -orig-id: Q_FLAGS2_CODE
      doc: u4, thd->options & OPTIONS_WRITTEN_TO_BIN_LOG (see `query_flags2`).
    1:
      id: q_sql_mode_code
      -orig-id: Q_SQL_MODE_CODE
      doc: u8, @@sql_mode.
    2:
      id: q_catalog_code
      -orig-id: Q_CATALOG_CODE
      doc: Catalog with a trailing NUL (MySQL 5.0.0-5.0.3 only).
    3:
      id: q_auto_increment
      -orig-id: Q_AUTO_INCREMENT
      doc: u2 auto_increment_increment, u2 auto_increment_offset.
    4:
      id: q_charset_code
      -orig-id: Q_CHARSET_CODE
      doc: u2 character_set_client, u2 collation_connection, u2 collation_server.
    5:
      id: q_time_zone_code
      -orig-id: Q_TIME_ZONE_CODE
      doc: u1 length + @@time_zone.
    6:
      id: q_catalog_nz_code
      -orig-id: Q_CATALOG_NZ_CODE
      doc: u1 length + catalog ("std").
    7:
      id: q_lc_time_names_code
      -orig-id: Q_LC_TIME_NAMES_CODE
      doc: u2, locale number of @@lc_time_names (0 = en_US).
    8:
      id: q_charset_database_code
      -orig-id: Q_CHARSET_DATABASE_CODE
      doc: u2, @@collation_database.
    9:
      id: q_table_map_for_update_code
      -orig-id: Q_TABLE_MAP_FOR_UPDATE_CODE
      doc: u8, bitmap of the tables a multi-table UPDATE changes.
    10:
      id: q_master_data_written_code
      -orig-id: Q_MASTER_DATA_WRITTEN_CODE
      doc: u4, original event size (relay logs of pre-5.0 sources only).
    11:
      id: q_invoker
      -orig-id: Q_INVOKER
      doc: u1 length + user, u1 length + host.
    12:
      id: q_updated_db_names
      -orig-id: Q_UPDATED_DB_NAMES
      doc: u1 count + NUL-terminated database names (MySQL only).
    13:
      id: q_microseconds
      -orig-id: Q_MICROSECONDS
      doc: u3, microseconds of the event timestamp (MySQL only).
    14:
      id: q_commit_ts
      -orig-id: Q_COMMIT_TS
      doc: Never released; no known size (parsing stops).
    15:
      id: q_commit_ts2
      -orig-id: Q_COMMIT_TS2
      doc: Never released; no known size (parsing stops).
    16:
      id: q_explicit_defaults_for_timestamp
      -orig-id: Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP
      doc: u1, @@explicit_defaults_for_timestamp (0 = OFF).
    17:
      id: q_ddl_logged_with_xid
      -orig-id: Q_DDL_LOGGED_WITH_XID
      doc: u8, XID of an atomic (2PC) DDL statement (MySQL 8.0).
    18:
      id: q_default_collation_for_utf8mb4
      -orig-id: Q_DEFAULT_COLLATION_FOR_UTF8MB4
      doc: u2, @@default_collation_for_utf8mb4 (MySQL 8.0).
    19:
      id: q_sql_require_primary_key
      -orig-id: Q_SQL_REQUIRE_PRIMARY_KEY
      doc: u1, @@sql_require_primary_key (MySQL 8.0.13+).
    20:
      id: q_default_table_encryption
      -orig-id: Q_DEFAULT_TABLE_ENCRYPTION
      doc: u1, @@default_table_encryption (MySQL 8.0.16+).
    21:
      id: q_enable_cascade_triggers
      -orig-id: Q_ENABLE_CASCADE_TRIGGERS
      doc: u1, enable_cascade_triggers (MySQL 9.x).
    128:
      id: q_hrnow
      -orig-id: Q_HRNOW
      doc: u3, microseconds of the event timestamp (MariaDB only).
    129:
      id: q_xid
      -orig-id: Q_XID
      doc: u8, XID of the transaction (MariaDB only).
    130:
      id: q_gtid_flags3
      -orig-id: Q_GTID_FLAGS3
      doc: u1 GTID extra flags [+ u8 start-alter sequence number] (MariaDB 10.8+).
    131:
      id: q_character_set_collations
      -orig-id: Q_CHARACTER_SET_COLLATIONS
      doc: u1 count + count x (u2 charset, u2 collation) (MariaDB 11.2+).
  query_flags2:
    0x4000:
      id: option_auto_is_null
      -orig-id: OPTION_AUTO_IS_NULL
    0x80000:
      id: option_not_autocommit
      -orig-id: OPTION_NOT_AUTOCOMMIT
    0x4000000:
      id: option_no_foreign_key_checks
      -orig-id: OPTION_NO_FOREIGN_KEY_CHECKS
    0x8000000:
      id: option_relaxed_unique_checks
      -orig-id: OPTION_RELAXED_UNIQUE_CHECKS
  gtid_flags_extra:
    0x01:
      id: fl_extra_multi_engine_e1
      -orig-id: FL_EXTRA_MULTI_ENGINE_E1
    0x02:
      id: fl_start_alter_e1
      -orig-id: FL_START_ALTER_E1
    0x04:
      id: fl_commit_alter_e1
      -orig-id: FL_COMMIT_ALTER_E1
    0x08:
      id: fl_rollback_alter_e1
      -orig-id: FL_ROLLBACK_ALTER_E1
  load_dup_handling:
    0:
      id: load_dup_error
      -orig-id: LOAD_DUP_ERROR
    1:
      id: load_dup_ignore
      -orig-id: LOAD_DUP_IGNORE
    2:
      id: load_dup_replace
      -orig-id: LOAD_DUP_REPLACE
  load_opt_flag:
    0x1:
      id: dumpfile_flag
      -orig-id: DUMPFILE_FLAG
    0x2:
      id: opt_enclosed_flag
      -orig-id: OPT_ENCLOSED_FLAG
    0x4:
      id: replace_flag
      -orig-id: REPLACE_FLAG
    0x8:
      id: ignore_flag
      -orig-id: IGNORE_FLAG
  load_empty_flag:
    0x1:
      id: field_term_empty
      -orig-id: FIELD_TERM_EMPTY
    0x2:
      id: enclosed_empty
      -orig-id: ENCLOSED_EMPTY
    0x4:
      id: line_term_empty
      -orig-id: LINE_TERM_EMPTY
    0x8:
      id: line_start_empty
      -orig-id: LINE_START_EMPTY
    0x10:
      id: escaped_empty
      -orig-id: ESCAPED_EMPTY
