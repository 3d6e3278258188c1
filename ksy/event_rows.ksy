meta:
  id: event_rows
  title: MySQL/MariaDB binlog rows events (WRITE/UPDATE/DELETE_ROWS, all versions)
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - packed_int
    - event_mariadb
  endian: le
doc: |
  The rows events of row-based replication: the pre-GA events of MySQL
  5.1.0-5.1.17 (types 20-22), the v1 events of 5.1.18+ (23-25), the v2
  events of 5.6+ (30-32), MySQL's PARTIAL_UPDATE_ROWS (39) and MariaDB's
  zlib-compressed rows events (166-171).

  This spec reads everything up to the row images: table id, flags, the
  v2 extra row info, the column count and the column bitmaps. The row
  images themselves (`rows`) depend on the TABLE_MAP of `table_id` and are
  decoded by the runtime.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
  - libs/mysql/binlog/event/rows_event.h (Rows_event, enum_flag, Extra_row_info)
  - libs/mysql/binlog/event/rows_event.cpp (Rows_event ctor)
  - MariaDB sql/log_event.cc (Rows_log_event ctor, row_log_event_uncompress)
types:
  rows_event:
    doc: |
      Body of a rows event. Layout:

      * post header: table id (6 bytes, 4 when `post_header_len` is 6),
        flags, and for v2 events (`post_header_len` 10) a variable-length
        header with the extra row info;
      * `num_columns`, the columns-present bitmap of the before image (of
        the only image for WRITE and DELETE) and, for v1/v2 UPDATE and
        PARTIAL_UPDATE, the one of the after image;
      * the row images up to the end of the event: `rows`, or for MariaDB's
        compressed types `compressed_rows`, a zlib stream that inflates to
        what `rows` would be.

      Each row image is a NULL bitmap with one bit per column present in the
      image's bitmap, then the values of the present, non-NULL columns.
      UPDATE events hold pairs of images (before, after); in
      PARTIAL_UPDATE_ROWS each after image starts with a packed
      `value_options` (bit 0: partial JSON) and, when set, a bitmap of the
      table's JSON columns.
    doc-ref: libs/mysql/binlog/event/rows_event.cpp Rows_event::Rows_event
    params:
      - id: type_code
        type: u1
        doc: Event type in today's numbering (20-25, 30-32, 39, 166-171).
      - id: post_header_len
        type: u1
        doc: |
          Post-header length from the format description: 10 for v2 events
          (with the variable-length header), 8 for v1 events and for the
          pre-GA events of 5.1.15-5.1.17, 6 for the intermediate trees that
          wrote a 4-byte table id (5.1 before 5.1.4; seen in a 5.2.2
          development tree).
    seq:
      - id: table_id_low
        type: u4
        doc: Low 32 bits of the table id (the whole id when `post_header_len` is 6).
      - id: table_id_high
        type: u2
        if: post_header_len != 6
        doc: High 16 bits of the 6-byte table id.
      - id: flags
        -orig-id: m_flags
        type: u2
        doc: Rows event flags (`enum_flag`), see the `is_*` instances.
      - id: len_var_header
        -orig-id: var_header_len
        type: u2
        if: has_var_header
        doc: Length of the variable-length header, these 2 bytes included.
      - id: extra_row_info
        -orig-id: m_extra_row_info
        size: len_var_header - 2
        type: extra_row_info(is_update)
        if: has_var_header
        doc: Extra row info chunks of a v2 event (usually none).
      - id: num_columns
        -orig-id: m_width
        type: packed_int
        doc: Number of columns of the table (width of the bitmaps).
      - id: columns_before_image
        -orig-id: columns_before_image
        size: len_columns_bitmap
        doc: |
          Columns present in the before image (DELETE, UPDATE) or in the only
          image (WRITE): column i is bit (i & 7) of byte (i >> 3).
      - id: columns_after_image
        -orig-id: columns_after_image
        size: len_columns_bitmap
        if: has_after_image_bitmap
        doc: |
          Columns present in the after image of UPDATE / PARTIAL_UPDATE
          events (v1, v2 and MariaDB's compressed ones). Pre-GA UPDATE events
          have a single bitmap for both images.
      - id: rows
        -orig-id: m_rows_buf
        size-eos: true
        if: not is_compressed
        doc: The row images, decoded by the runtime with the table's TABLE_MAP.
      - id: compressed_rows
        type: event_mariadb::compressed_data
        size-eos: true
        if: is_compressed
        doc: |
          MariaDB compressed rows events: the row images as a zlib stream
          (`compressed_rows.data` inflates to `len_uncompressed` bytes).
    instances:
      table_id:
        -orig-id: m_table_id
        value: 'table_id_low + (post_header_len == 6 ? 0 : table_id_high * 4294967296)'
        doc: Id of the table, as announced by the preceding TABLE_MAP event.
      has_var_header:
        value: post_header_len == 10
        doc: True for v2 events (MySQL 30-32 and 39, MariaDB 169-171).
      len_columns_bitmap:
        value: (num_columns.value + 7) / 8
        doc: Size in bytes of each columns bitmap.
      event_type:
        value: type_code
        enum: rows_event_type
        doc: The event type as an enum (same numbers as `binlog_event::event_type`).
      is_write:
        value: |
          event_type == rows_event_type::pre_ga_write_rows_event
          or event_type == rows_event_type::write_rows_event_v1
          or event_type == rows_event_type::write_rows_event
          or event_type == rows_event_type::write_rows_compressed_event_v1
          or event_type == rows_event_type::write_rows_compressed_event
        doc: WRITE_ROWS (INSERT); the rows are after images.
      is_update:
        value: |
          event_type == rows_event_type::pre_ga_update_rows_event
          or event_type == rows_event_type::update_rows_event_v1
          or event_type == rows_event_type::update_rows_event
          or event_type == rows_event_type::partial_update_rows_event
          or event_type == rows_event_type::update_rows_compressed_event_v1
          or event_type == rows_event_type::update_rows_compressed_event
        doc: UPDATE_ROWS or PARTIAL_UPDATE_ROWS; the rows are (before, after) pairs.
      is_delete:
        value: |
          event_type == rows_event_type::pre_ga_delete_rows_event
          or event_type == rows_event_type::delete_rows_event_v1
          or event_type == rows_event_type::delete_rows_event
          or event_type == rows_event_type::delete_rows_compressed_event_v1
          or event_type == rows_event_type::delete_rows_compressed_event
        doc: DELETE_ROWS; the rows are before images.
      is_partial:
        value: event_type == rows_event_type::partial_update_rows_event
        doc: PARTIAL_UPDATE_ROWS (MySQL 8.0.3+, binlog_row_value_options=PARTIAL_JSON).
      is_compressed:
        value: |
          event_type == rows_event_type::write_rows_compressed_event_v1
          or event_type == rows_event_type::update_rows_compressed_event_v1
          or event_type == rows_event_type::delete_rows_compressed_event_v1
          or event_type == rows_event_type::write_rows_compressed_event
          or event_type == rows_event_type::update_rows_compressed_event
          or event_type == rows_event_type::delete_rows_compressed_event
        doc: One of MariaDB's compressed rows events (log_bin_compress=ON).
      version:
        value: |
          event_type == rows_event_type::pre_ga_write_rows_event
          or event_type == rows_event_type::pre_ga_update_rows_event
          or event_type == rows_event_type::pre_ga_delete_rows_event ? 0
          : event_type == rows_event_type::write_rows_event_v1
          or event_type == rows_event_type::update_rows_event_v1
          or event_type == rows_event_type::delete_rows_event_v1
          or event_type == rows_event_type::write_rows_compressed_event_v1
          or event_type == rows_event_type::update_rows_compressed_event_v1
          or event_type == rows_event_type::delete_rows_compressed_event_v1 ? 1
          : 2
        doc: 0 for the pre-GA events (5.1.0-5.1.17), 1 for v1, 2 for v2.
      has_after_image_bitmap:
        value: is_update and version != 0
        doc: True when the event carries `columns_after_image`.
      is_stmt_end:
        value: (flags & 0x1) != 0
        doc: STMT_END_F, the last rows event of the statement (its table maps can be dropped).
      is_no_foreign_key_checks:
        value: (flags & 0x2) != 0
        doc: NO_FOREIGN_KEY_CHECKS_F.
      is_relaxed_unique_checks:
        value: (flags & 0x4) != 0
        doc: RELAXED_UNIQUE_CHECKS_F.
      is_complete_rows:
        value: (flags & 0x8) != 0
        doc: COMPLETE_ROWS_F, the images hold every column of the table.
      is_use_sql_foreign_key:
        value: (flags & 0x10) != 0
        doc: USE_SQL_FOREIGN_KEY_F (recent MySQL 9.x).
      is_no_check_constraint_checks:
        value: (flags & 0x80) != 0
        doc: MariaDB's NO_CHECK_CONSTRAINT_CHECKS_F.

  extra_row_info:
    doc: |
      The chunks of the variable-length header of a v2 rows event. An
      unknown chunk type ends the list: its bytes and all that follow are
      kept in `data` of that chunk.
    doc-ref:
      - libs/mysql/binlog/event/rows_event.h Extra_row_info, enum_extra_row_info_typecode
      - MariaDB sql/log_event.cc Rows_log_event ctor (RW_V_EXTRAINFO_TAG)
    params:
      - id: is_update
        type: bool
    seq:
      - id: entries
        type: extra_row_info_entry(is_update)
        repeat: eos

  extra_row_info_entry:
    doc: |
      One chunk of the extra row info: a type code, then NDB info or the
      partition id(s); any other type code makes the rest of the header opaque.
    params:
      - id: is_update
        type: bool
    seq:
      - id: type
        -orig-id: type_code
        type: u1
        enum: extra_row_info_type
      - id: ndb_info
        type: ndb_info
        if: type == extra_row_info_type::ndb
      - id: partition_id
        type: u2
        if: type == extra_row_info_type::part
        doc: Partition of the rows (WRITE/DELETE), or of the after image (UPDATE).
      - id: source_partition_id
        type: u2
        if: type == extra_row_info_type::part and is_update
        doc: Partition of the before image of an UPDATE.
      - id: data
        size-eos: true
        if: type != extra_row_info_type::ndb and type != extra_row_info_type::part
        doc: Unknown chunk type; the reader skips the rest of the header.

  ndb_info:
    doc: NDB cluster's extra row info (also MariaDB's RW_V_EXTRAINFO_TAG chunk).
    seq:
      - id: len_info
        type: u1
        doc: Length of the info, this byte and `format` included.
      - id: format
        type: u1
      - id: data
        size: len_info - 2

enums:
  rows_event_type:
    20: pre_ga_write_rows_event
    21: pre_ga_update_rows_event
    22: pre_ga_delete_rows_event
    23: write_rows_event_v1
    24: update_rows_event_v1
    25: delete_rows_event_v1
    30: write_rows_event
    31: update_rows_event
    32: delete_rows_event
    39: partial_update_rows_event
    166: write_rows_compressed_event_v1
    167: update_rows_compressed_event_v1
    168: delete_rows_compressed_event_v1
    169: write_rows_compressed_event
    170: update_rows_compressed_event
    171: delete_rows_compressed_event
  extra_row_info_type:
    0: ndb
    1: part
