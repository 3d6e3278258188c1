meta:
  id: event_control
  title: MySQL/MariaDB binlog control events (format description, rotate, xid, ...)
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - packed_int
  endian: le
doc: |
  Body types of the events that frame and control a binary log: the
  start events of v1/v3 files, FORMAT_DESCRIPTION, ROTATE, INTVAR, RAND,
  USER_VAR, XID, INCIDENT, HEARTBEAT and ROWS_QUERY. Each type parses the
  event body only: the common header and the CRC32 trailer are outside it
  (except for the format description, see there).
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
  - libs/mysql/binlog/event/control_events.h
types:
  start_event_v3:
    doc: |
      START_EVENT_V3, the first event of a v1 (MySQL 3.23) or v3 (MySQL
      4.0/4.1) binary log. Its fixed 56-byte body gives the binlog version
      and server version; the common header length is implied by the
      version (13 bytes for v1, 19 for v3).
    doc-ref: libs/mysql/binlog/event/control_events.h Start_event_v3
    seq:
      - id: binlog_version
        type: u2
        doc: 1 for MySQL 3.23, 3 for MySQL 4.x (4.0.0 wrote 2).
      - id: server_version
        type: strz
        size: 50
        encoding: ASCII
      - id: create_timestamp
        -orig-id: created
        type: u4
        doc: When the file was created (0 when written at a rotation).
  format_description_event:
    doc: |
      FORMAT_DESCRIPTION_EVENT, the first event of every v4 binary log
      (MySQL 5.0+, MariaDB). It gives the common header length, the
      post-header length of every event type the server knows, and, from
      MySQL 5.6.1 and MariaDB 5.3 on, the checksum algorithm of the file.

      This body type receives the whole event minus the common header: the
      checksum trailer (`checksum_alg` + a 4-byte CRC) is present whenever
      the server version has checksums, even when the algorithm is OFF, so
      it cannot be told from the checksum flag of the file itself.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Format_description_event
      - libs/mysql/binlog/event/binlog_event.h checksum_version_split
      - MariaDB sql/log_event.cc Format_description_log_event ctor (checksum_version_split_mariadb)
    seq:
      - id: binlog_version
        type: u2
        valid: 4
      - id: server_version
        type: strz
        size: 50
        encoding: ASCII
      - id: create_timestamp
        -orig-id: created
        type: u4
        doc: When the file was created (0 when the server started a new file at a rotation).
      - id: len_header
        -orig-id: common_header_len
        type: u1
        doc: Length of the common header of every other event (19).
      - id: post_header_lengths
        -orig-id: post_header_len
        size: '_io.size - _io.pos - (has_checksum_alg ? 5 : 0)'
        doc: Post-header length per event type, indexed by type code minus 1.
      - id: checksum_alg
        type: u1
        enum: checksum_alg
        if: has_checksum_alg
        doc: Checksum algorithm of every event of the file after this one.
      - id: checksum
        -orig-id: crc
        type: u4
        if: has_checksum_alg
        doc: |
          CRC32 of this event, computed with the header flag
          LOG_EVENT_BINLOG_IN_USE_F cleared (garbage when the algorithm is OFF).
    instances:
      version:
        pos: 2
        size: 50
        type: server_version_split
        doc: The server version split into numbers, as do_server_version_split() does.
      has_checksum_alg:
        value: 'version.product >= 50601 or (version.is_mariadb and version.product >= 50300)'
        doc: True for servers that write the checksum trailer (MySQL 5.6.1+, MariaDB 5.3+).
      has_crc32:
        value: 'has_checksum_alg and checksum_alg == checksum_alg::crc32'
        doc: True when every other event of the file ends with a CRC32.
      num_event_types:
        value: post_header_lengths.size
        doc: How many event types this server knows (27 on 5.5, 38 on 5.7, 171 on MariaDB).
      uses_pre_ga_numbering:
        value: |
          server_version.length >= 13
          and server_version.substring(5, 12) == "-a_drop"
          and ((version.major == 5 and version.minor == 1 and version.patch >= 1
                and version.patch <= 5 and server_version.substring(12, 13) == "5")
            or (version.major == 5 and version.minor == 2 and version.patch <= 2
                and server_version.substring(12, 13) == "6"))
        doc: |
          True for the 5.1/5.2 development trees (5.1.1-5.1.5 "a_drop5p",
          5.2.0-5.2.2 "a_drop6p") that numbered event types 16-22 differently.
        doc-ref: sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
  server_version_split:
    doc: |
      "major.minor.patch" read from the start of a server version string,
      plus whether a "-MariaDB" suffix follows the patch number.
    doc-ref: libs/mysql/binlog/event/control_events.cpp do_server_version_split()
    seq:
      - id: major_str
        type: str
        terminator: 0x2e
        eos-error: false
        encoding: ASCII
      - id: minor_str
        type: str
        terminator: 0x2e
        eos-error: false
        encoding: ASCII
      - id: patch_digits
        type: u1
        repeat: until
        repeat-until: '_ < 0x30 or _ > 0x39 or _io.eof'
        doc: The digits of the patch number and the byte that ends it.
      - id: suffix
        type: str
        size: 7
        encoding: ASCII
        if: 'patch_digits.last == 0x2d and _io.size - _io.pos >= 7'
    instances:
      major:
        value: 'major_str.length > 0 and major_str.length <= 3 ? major_str.to_i : 0'
      minor:
        value: 'minor_str.length > 0 and minor_str.length <= 3 ? minor_str.to_i : 0'
      num_patch_digits:
        value: 'patch_digits.last >= 0x30 and patch_digits.last <= 0x39 ? patch_digits.size : patch_digits.size - 1'
      patch:
        value: |
          num_patch_digits == 0 ? 0
          : num_patch_digits == 1 ? patch_digits[0] - 0x30
          : (patch_digits[0] - 0x30) * 10 + (patch_digits[1] - 0x30)
      product:
        value: 'major * 10000 + minor * 100 + patch'
      is_mariadb:
        value: 'patch_digits.last == 0x2d and _io.size - _io.pos >= 0 and suffix == "MariaDB"'
  rotate_event:
    doc: |
      ROTATE_EVENT: the last event of a binary log file that names the next
      one (also written at the start of a relay log, with the
      LOG_EVENT_ARTIFICIAL_F flag, and sent first by a source to a replica).

      The 8-byte position is the post-header: MySQL reads it whenever the
      post-header length is not 0. Binlog v1 (MySQL 3.23) has no
      post-header; the position is then implicitly 4.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Rotate_event
      - libs/mysql/binlog/event/control_events.cpp Rotate_event::Rotate_event
    params:
      - id: post_header_len
        type: u1
        doc: ROTATE post-header length from the format description (8, 0 in v1).
    seq:
      - id: position
        -orig-id: pos
        type: u8
        if: post_header_len >= 8
        doc: Position of the first event to read in the next file (4).
      - id: extra_post_header
        size: post_header_len - 8
        if: post_header_len > 8
        doc: Post-header bytes of a newer server that this spec does not know.
      - id: next_file
        -orig-id: new_log_ident
        type: str
        size-eos: true
        encoding: UTF-8
        doc: Name of the next binary log file, without a trailing NUL.
    instances:
      next_position:
        value: 'post_header_len >= 8 ? position : 4'
        doc: The position to continue at (4 when the event has no position field).
  intvar_event:
    doc: |
      INTVAR_EVENT: the value of LAST_INSERT_ID() or of the next
      AUTO_INCREMENT value for the QUERY that follows (statement-based
      logging only). No post-header.
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h Intvar_event
      - libs/mysql/binlog/event/statement_events.cpp Intvar_event::Intvar_event
    seq:
      - id: var_type
        -orig-id: type
        type: u1
        enum: intvar_type
        doc: Which variable the value is for.
      - id: value
        -orig-id: val
        type: u8
        doc: The variable's value.
  rand_event:
    doc: |
      RAND_EVENT: the two seeds of the random generator for a RAND() call
      in the QUERY that follows (statement-based logging only).
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h Rand_event
      - libs/mysql/binlog/event/statement_events.cpp Rand_event::Rand_event
    seq:
      - id: seed1
        type: u8
      - id: seed2
        type: u8
  user_var_event:
    doc: |
      USER_VAR_EVENT: the value of a user variable (`@name`) used by the
      QUERY that follows (statement-based logging only).

      `value` is the binary image of the value: for INT_RESULT an 8-byte
      little-endian integer (unsigned when `is_unsigned`), for REAL_RESULT
      an 8-byte IEEE double, for DECIMAL_RESULT precision u1, scale u1 and
      the packed decimal (bin2decimal), for STRING_RESULT the string in
      the collation `charset`. The `int_value`/`uint_value`/`real_value`
      instances decode the fixed-size ones.
    doc-ref:
      - libs/mysql/binlog/event/statement_events.h User_var_event
      - libs/mysql/binlog/event/statement_events.cpp User_var_event::User_var_event
    seq:
      - id: len_name
        -orig-id: name_len
        type: u4
      - id: name
        type: str
        size: len_name
        encoding: UTF-8
        doc: Variable name without the `@` (system charset, utf8).
      - id: is_null
        type: u1
        doc: Non-zero when the value is SQL NULL; nothing follows then.
      - id: value_type
        -orig-id: type
        type: u1
        enum: item_result
        if: is_null == 0
      - id: charset
        -orig-id: charset_number
        type: u4
        if: is_null == 0
        doc: Collation id of a string value (63 = binary).
      - id: len_value
        -orig-id: val_len
        type: u4
        if: is_null == 0
      - id: value
        -orig-id: val
        size: len_value
        if: is_null == 0
        doc: The value's binary image (see the type doc).
      - id: flags
        type: u1
        enum: user_var_flag
        if: is_null == 0 and not _io.eof
        doc: Absent in events of old servers (then UNDEF_F).
    instances:
      ofs_value:
        value: 14 + len_name
        doc: Offset of `value` in the body.
      is_unsigned:
        value: 'is_null == 0 and _io.size > ofs_value + len_value and flags == user_var_flag::unsigned_f'
        doc: True when an INT_RESULT value is unsigned (UNSIGNED_F).
      int_value:
        pos: ofs_value
        type: s8
        if: is_null == 0 and value_type == item_result::int_result and len_value >= 8
        doc: The value of an INT_RESULT variable read as signed.
      uint_value:
        pos: ofs_value
        type: u8
        if: is_null == 0 and value_type == item_result::int_result and len_value >= 8
        doc: The value of an INT_RESULT variable read as unsigned (use when `is_unsigned`).
      real_value:
        pos: ofs_value
        type: f8
        if: is_null == 0 and value_type == item_result::real_result and len_value >= 8
        doc: The value of a REAL_RESULT variable.
  xid_event:
    doc: |
      XID_EVENT: the commit of a transaction on an XA-capable engine
      (InnoDB); ends the transaction's event group.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Xid_event
      - libs/mysql/binlog/event/control_events.cpp Xid_event::Xid_event
    seq:
      - id: xid
        type: u8
        doc: The transaction's XID (server-internal number, host byte order; little-endian in practice).
  incident_event:
    doc: |
      INCIDENT_EVENT: something out of the ordinary happened on the source
      (events may be lost); a replica stops on it. The layout is fixed
      (post-header = the incident number).
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Incident_event
      - libs/mysql/binlog/event/control_events.cpp Incident_event::Incident_event
    seq:
      - id: incident
        type: u2
        enum: incident_type
      - id: len_message
        -orig-id: message_length
        type: u1
      - id: message
        size: len_message
        doc: The message (not NUL-terminated), kept as bytes; server text, normally ASCII.
  heartbeat_event:
    doc: |
      HEARTBEAT_LOG_EVENT: sent by a source to an idle replica, never
      written to a file. The body is the name of the source's current
      binary log; the position is the header's `next_position`.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Heartbeat_event
      - libs/mysql/binlog/event/control_events.cpp Heartbeat_event::Heartbeat_event
    seq:
      - id: log_filename
        -orig-id: log_ident
        type: str
        size-eos: true
        encoding: UTF-8
  heartbeat_event_v2:
    doc: |
      HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+): a heartbeat whose body is a
      list of type-length-value fields (each part a packed integer) ended
      by the type END_MARK. Stream only, never in a file.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Heartbeat_event_v2
      - libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
      - libs/mysql/binlog/event/codecs/binary.h Heartbeat::fields
    seq:
      - id: fields
        type: heartbeat_field
        repeat: until
        repeat-until: _.is_end or _io.eof
    instances:
      log_filename:
        value: |
          fields.size > 0 and fields[0].field_type.value == 1 ? fields[0].log_filename
          : fields.size > 1 and fields[1].field_type.value == 1 ? fields[1].log_filename
          : fields.size > 2 and fields[2].field_type.value == 1 ? fields[2].log_filename
          : fields.size > 3 and fields[3].field_type.value == 1 ? fields[3].log_filename
          : ""
        doc: The LOG_FILENAME field (empty when absent; looks at the first 4 fields).
      log_position:
        value: |
          fields.size > 0 and fields[0].field_type.value == 2 ? fields[0].int_value
          : fields.size > 1 and fields[1].field_type.value == 2 ? fields[1].int_value
          : fields.size > 2 and fields[2].field_type.value == 2 ? fields[2].int_value
          : fields.size > 3 and fields[3].field_type.value == 2 ? fields[3].int_value
          : 0
        doc: The LOG_POSITION field (0 when absent; looks at the first 4 fields).
  heartbeat_field:
    doc: One TLV field of a HEARTBEAT_LOG_EVENT_V2.
    doc-ref: libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
    seq:
      - id: field_type
        -orig-id: type
        type: packed_int
        doc: Field type (see `heartbeat_field_type`); 0 ends the list.
      - id: len_value
        -orig-id: length
        type: packed_int
        if: not is_end
      - id: value
        size: len_value.value
        type:
          switch-on: field_type.value
          cases:
            2: packed_int
        if: not is_end
        doc: LOG_FILENAME is the name's bytes, LOG_POSITION a packed integer; others are skipped.
    instances:
      is_end:
        value: field_type.value == 0
      field_type_enum:
        value: field_type.value
        enum: heartbeat_field_type
      log_filename:
        value: 'value.as<bytes>.to_s("UTF-8")'
        if: field_type.value == 1
      int_value:
        value: value.as<packed_int>.value
        if: field_type.value == 2
  rows_query_event:
    doc: |
      ROWS_QUERY_LOG_EVENT (MySQL 5.6+, binlog_rows_query_log_events=ON):
      the statement text that produced the rows events that follow. It
      carries the LOG_EVENT_IGNORABLE_F flag.

      The text is kept as bytes in the client's character set (not
      validated by the server); the runtime decodes it.
    doc-ref:
      - libs/mysql/binlog/event/rows_event.h Rows_query_event
      - libs/mysql/binlog/event/rows_event.cpp Rows_query_event::Rows_query_event
    seq:
      - id: len_query_truncated
        type: u1
        doc: The query length stored in one byte (truncated, so ignored by MySQL).
      - id: query
        -orig-id: m_rows_query
        size-eos: true
        doc: The statement text, up to the end of the event, as bytes.
enums:
  checksum_alg:
    0: off
    1: crc32
    255: undef
  intvar_type:
    0:
      id: invalid_int_event
      doc: Never written.
    1:
      id: last_insert_id_event
      doc: Value of LAST_INSERT_ID() for the next statement.
    2:
      id: insert_id_event
      doc: Value of the next AUTO_INCREMENT value (INSERT_ID).
  item_result:
    0:
      id: string_result
      -orig-id: STRING_RESULT
    1:
      id: real_result
      -orig-id: REAL_RESULT
    2:
      id: int_result
      -orig-id: INT_RESULT
    3:
      id: row_result
      -orig-id: ROW_RESULT
    4:
      id: decimal_result
      -orig-id: DECIMAL_RESULT
  user_var_flag:
    0:
      id: undef_f
      -orig-id: UNDEF_F
    1:
      id: unsigned_f
      -orig-id: UNSIGNED_F
      doc: The INT_RESULT value is unsigned.
  incident_type:
    0:
      id: incident_none
      -orig-id: INCIDENT_NONE
    1:
      id: incident_lost_events
      -orig-id: INCIDENT_LOST_EVENTS
      doc: There are possibly lost events in the replication stream.
  heartbeat_field_type:
    0:
      id: end_mark
      -orig-id: OTW_HB_HEADER_END_MARK
    1:
      id: log_filename
      -orig-id: OTW_HB_LOG_FILENAME_FIELD
    2:
      id: log_position
      -orig-id: OTW_HB_LOG_POSITION_FIELD
