meta:
  id: event_table_map
  title: MySQL/MariaDB binlog TABLE_MAP_EVENT
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - packed_int
  endian: le
doc: |
  TABLE_MAP_EVENT (type 19): written before the rows events of a
  statement, it maps a table id to a schema and table name and describes
  every column: its type, its type metadata (precision, length, pack
  length, fractional seconds ...), whether it may be NULL and, since MySQL
  8.0.1 / MariaDB 10.5 (`binlog_row_metadata` = MINIMAL or FULL), optional
  metadata such as signedness, character sets, column names, ENUM/SET
  labels and the primary key.

  The row images of the rows events that follow are decoded with this
  description; the rows events only carry the table id.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
  - libs/mysql/binlog/event/rows_event.h (Table_map_event, Optional_metadata_field_type)
  - libs/mysql/binlog/event/rows_event.cpp (Table_map_event ctor, Optional_metadata_fields ctor)
  - sql/rpl_utility.cc (table_def ctor, read_field_metadata)
  - MariaDB sql/log_event.cc (Table_map_log_event ctor)
types:
  table_map_event:
    doc: |
      Body of a TABLE_MAP_EVENT. Servers before the column metadata was
      added in 5.1 (seen on 5.1.15, 5.1.17 and a 5.2.2 development tree;
      5.1.23 has it) end the event after `column_types`: no column
      metadata and no NULL bitmap, so `len_metadata`, `column_metadata`
      and `null_bits` are absent (`has_column_metadata` is false), as in
      MySQL's reader, which checks whether bytes remain.
    doc-ref: libs/mysql/binlog/event/rows_event.cpp Table_map_event::Table_map_event
    params:
      - id: post_header_len
        type: u1
        doc: |
          TABLE_MAP post-header length from the format description: 8, or 6
          for the intermediate 5.1 trees (before 5.1.4; also a 5.2.2
          development tree) that wrote a 4-byte table id.
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
        doc: TM_*_F flags, see the `is_*` instances.
      - id: len_schema
        -orig-id: m_dblen
        type: u1
        doc: |
          Length of the schema name. MySQL 8 reads it as a packed integer;
          names are at most 192 bytes (NAME_LEN), so the one byte is the same.
      - id: schema
        -orig-id: m_dbnam
        size: len_schema + 1
        type: str
        terminator: 0
        encoding: UTF-8
        doc: Schema (database) name, stored in utf8 (utf8mb3) and followed by a NUL.
      - id: len_table
        -orig-id: m_tbllen
        type: u1
        doc: Length of the table name (see `len_schema`).
      - id: table
        -orig-id: m_tblnam
        size: len_table + 1
        type: str
        terminator: 0
        encoding: UTF-8
        doc: Table name, stored in utf8 (utf8mb3) and followed by a NUL.
      - id: num_columns
        -orig-id: m_colcnt
        type: packed_int
        doc: Number of columns of the table.
      - id: column_types
        -orig-id: m_coltype
        type: u1
        enum: column_type
        repeat: expr
        repeat-expr: num_columns.value
        doc: |
          Binlog type of each column, left to right (`Field::binlog_type()`;
          CHAR/ENUM/SET are all `string`, see `column_meta.real_type`).
      - id: len_metadata
        -orig-id: m_field_metadata_size
        type: packed_int
        if: has_column_metadata
        doc: Size of `column_metadata` in bytes.
      - id: column_metadata
        -orig-id: m_field_metadata
        size: len_metadata.value
        type: column_metadata_block
        if: has_column_metadata
        doc: The per-column type metadata.
      - id: null_bits
        -orig-id: m_null_bits
        size: (num_columns.value + 7) / 8
        if: has_column_metadata
        doc: |
          One bit per column, set when the column may be NULL: column i is
          bit (i & 7) of byte (i >> 3) (least significant bit first).
      - id: optional_metadata
        -orig-id: m_optional_metadata
        type: optional_metadata_field
        repeat: eos
        doc: |
          Optional metadata fields (MySQL 8.0.1+, MariaDB 10.5+), in no
          defined order; none when `binlog_row_metadata` is NO_LOG.
    instances:
      table_id:
        -orig-id: m_table_id
        value: 'table_id_low + (post_header_len == 6 ? 0 : table_id_high * 4294967296)'
        doc: The table id that the following rows events refer to.
      ofs_len_metadata:
        value: |
          (post_header_len == 6 ? 4 : 6) + 2 + 1 + len_schema + 1 + 1 + len_table + 1
          + (num_columns.first < 0xfc ? 1 : num_columns.first == 0xfc ? 3 : num_columns.first == 0xfd ? 4 : 9)
          + num_columns.value
        doc: Offset of `len_metadata` in the body.
      has_column_metadata:
        value: _io.size > ofs_len_metadata
        doc: |
          False for the early 5.1 events that end after `column_types`
          (then `len_metadata`, `column_metadata` and `null_bits` are absent).
      is_bit_len_exact:
        value: (flags & 0x1) != 0
        doc: TM_BIT_LEN_EXACT_F.
      is_referred_fk_db:
        value: (flags & 0x2) != 0
        doc: TM_REFERRED_FK_DB_F.
      has_generated_invisible_pk:
        value: (flags & 0x4) != 0
        doc: TM_GENERATED_INVISIBLE_PK_F (MySQL 8.0.30+ generated a hidden primary key).

  column_metadata_block:
    doc: |
      The metadata block: the metadata of each column in turn, each 0, 1,
      2 or (typed arrays) up to 4 bytes long depending on the column type.
    doc-ref: sql/rpl_utility.cc table_def::table_def, read_field_metadata
    seq:
      - id: columns
        type: column_meta(_parent.column_types[_index])
        repeat: expr
        repeat-expr: _parent.num_columns.value
        doc: Metadata of column i, in the order of `table_map_event.column_types`.

  column_meta:
    doc: |
      The type metadata of one column. Which fields are present depends on
      `column_type`; `value` rebuilds the 16-bit integer that MySQL keeps in
      `table_def::m_field_metadata` (and go-mysql in `ColumnMeta`), for row
      decoders written against that form.
    doc-ref:
      - sql/rpl_utility.cc table_def::table_def, read_field_metadata
      - libs/mysql/binlog/event/rows_event.h (Table_map_event column type table)
      - go-mysql replication/row_event.go decodeMeta
    params:
      - id: column_type
        type: u1
        enum: column_type
    seq:
      - id: pack_length
        type: u1
        if: has_pack_length
        doc: sizeof(float) = 4 or sizeof(double) = 8 on the source server.
      - id: len_length
        type: u1
        if: has_len_length
        doc: |
          Size in bytes (1-4) of the little-endian length that precedes each
          value in a row image (TINYBLOB/TINYTEXT 1, BLOB/TEXT 2,
          MEDIUM* 3, LONG* 4; JSON, GEOMETRY and VECTOR 4).
      - id: fsp
        type: u1
        if: has_fsp
        doc: Fractional seconds precision, 0-6.
      - id: max_length
        type: u2
        if: has_max_length
        doc: |
          Maximum length in bytes; the value's length prefix in a row image
          is 1 byte when this is below 256, 2 bytes otherwise.
      - id: precision
        type: u1
        if: is_newdecimal
        doc: DECIMAL precision (total digits).
      - id: scale
        -orig-id: decimals
        type: u1
        if: is_newdecimal
        doc: DECIMAL scale (digits after the point).
      - id: bits
        type: u1
        if: is_bit
        doc: Length of the BIT column in bits, modulo 8.
      - id: bytes
        type: u1
        if: is_bit
        doc: |
          Whole bytes of the BIT column; a value takes `bytes` + (`bits` > 0 ? 1 : 0) bytes.
      - id: type_byte
        type: u1
        if: is_string
        doc: |
          First metadata byte of a CHAR/ENUM/SET (or VAR_STRING) column: the
          real type, with bits 4-5 holding bits 8-9 of the length (inverted)
          for CHAR columns longer than 255 bytes (see `real_type`).
      - id: length_byte
        type: u1
        if: is_string
        doc: Low 8 bits of the length (see `max_string_length`, `pack_length_enum_set`).
      - id: typed_array
        type: typed_array_meta
        if: is_typed_array
        doc: Element type and metadata of a TYPED_ARRAY column.
    instances:
      has_pack_length:
        value: column_type == column_type::float or column_type == column_type::double
        doc: FLOAT, DOUBLE (1 byte, `pack_length`).
      has_len_length:
        value: |
          column_type == column_type::blob or column_type == column_type::tiny_blob
          or column_type == column_type::medium_blob or column_type == column_type::long_blob
          or column_type == column_type::geometry or column_type == column_type::json
          or column_type == column_type::vector or column_type == column_type::blob_compressed
        doc: BLOB/TEXT, GEOMETRY, JSON, VECTOR, MariaDB BLOB COMPRESSED (1 byte, `len_length`).
      has_fsp:
        value: |
          column_type == column_type::timestamp2 or column_type == column_type::datetime2
          or column_type == column_type::time2
        doc: TIMESTAMP2, DATETIME2, TIME2 (1 byte, `fsp`).
      has_max_length:
        value: column_type == column_type::varchar or column_type == column_type::varchar_compressed
        doc: VARCHAR and MariaDB VARCHAR COMPRESSED (2 bytes, `max_length`).
      is_newdecimal:
        value: column_type == column_type::newdecimal
        doc: NEWDECIMAL (2 bytes, `precision`, `scale`).
      is_bit:
        value: column_type == column_type::bit
        doc: BIT (2 bytes, `bits`, `bytes`).
      is_string:
        value: |
          column_type == column_type::string or column_type == column_type::enum
          or column_type == column_type::set or column_type == column_type::var_string
        doc: |
          STRING columns (CHAR/BINARY, ENUM and SET, see `real_type`), and
          VAR_STRING, the type a pre-5.0 VARCHAR table reports: its field is
          a Field_string, whose metadata (type byte, length byte) is written
          the same way (MySQL's table_def reads no metadata for it, go-mysql
          reads 2 bytes as a little-endian length; the writer decides).
        doc-ref: sql/field.cc Field_string::do_save_field_metadata, Field_string::type
      is_typed_array:
        value: column_type == column_type::typed_array
        doc: TYPED_ARRAY (1-4 bytes, `typed_array`).
      is_packed_string_length:
        value: 'is_string and (type_byte & 0x30) != 0x30'
        doc: True when `type_byte` carries the high bits of a CHAR length (> 255 bytes).
      real_type:
        value: |
          not is_string ? column_type.to_i
          : is_packed_string_length ? (type_byte | 0x30)
          : type_byte
        enum: column_type
        doc: |
          For STRING columns the type that was declared: `string` (CHAR,
          BINARY), `enum` or `set`. For every other column the column type
          itself (for typed arrays see `typed_array.element_type`).
        doc-ref: sql/log_event.cc log_event_print_value (MYSQL_TYPE_STRING case)
      max_string_length:
        value: |
          not is_string ? 0
          : is_packed_string_length ? (length_byte | (((type_byte & 0x30) ^ 0x30) * 16))
          : length_byte
        doc: |
          For CHAR/BINARY (`real_type` = string): the maximum length in
          bytes; the value's length prefix is 1 byte when this is below 256,
          2 bytes otherwise. For ENUM/SET: the size of the stored value
          (see `pack_length_enum_set`).
      pack_length_enum_set:
        value: 'is_string ? length_byte : 0'
        doc: |
          For ENUM (1 or 2) and SET (1-8): the size in bytes of the
          little-endian index / bitmap in a row image.
      value:
        value: |
          has_pack_length ? pack_length
          : has_len_length ? len_length
          : has_fsp ? fsp
          : has_max_length ? max_length
          : is_newdecimal ? precision * 256 + scale
          : is_bit ? bits + bytes * 256
          : is_string ? type_byte * 256 + length_byte
          : is_typed_array ? typed_array.element_value
          : 0
        doc: |
          The metadata as the integer of `table_def::m_field_metadata`
          (STRING/ENUM/SET and NEWDECIMAL: first byte high; BIT and VARCHAR:
          little-endian; typed arrays: the element's metadata).
      len_meta:
        value: |
          has_pack_length or has_len_length or has_fsp ? 1
          : has_max_length or is_newdecimal or is_bit or is_string ? 2
          : is_typed_array ? typed_array.len_meta
          : 0
        doc: Number of metadata bytes this column used.

  typed_array_meta:
    doc: |
      Metadata of a TYPED_ARRAY column (multi-valued index support): the
      element type, then 0-3 bytes of the element type's own metadata,
      laid out as for a plain column of that type except that a VARCHAR
      element has a 3-byte maximum length.
    doc-ref: sql/rpl_utility.cc read_field_metadata (MYSQL_TYPE_TYPED_ARRAY)
    seq:
      - id: element_type
        type: u1
        enum: column_type
      - id: element_meta
        size: len_element_meta
        doc: The element's metadata bytes (see `element_value`).
    instances:
      len_element_meta:
        value: |
          element_type == column_type::varchar ? 3
          : element_type == column_type::newdecimal or element_type == column_type::bit
            or element_type == column_type::string or element_type == column_type::enum
            or element_type == column_type::set ? 2
          : element_type == column_type::float or element_type == column_type::double
            or element_type == column_type::blob or element_type == column_type::tiny_blob
            or element_type == column_type::medium_blob or element_type == column_type::long_blob
            or element_type == column_type::geometry
            or element_type == column_type::json or element_type == column_type::timestamp2
            or element_type == column_type::datetime2 or element_type == column_type::time2 ? 1
          : 0
      element_value:
        value: |
          len_element_meta == 3 ? element_meta[0] + element_meta[1] * 256 + element_meta[2] * 65536
          : element_type == column_type::bit ? element_meta[0] + element_meta[1] * 256
          : len_element_meta == 2 ? element_meta[0] * 256 + element_meta[1]
          : len_element_meta == 1 ? element_meta[0]
          : 0
        doc: The element's metadata as an integer (see `column_meta.value`; VARCHAR is 3-byte little-endian).
      len_meta:
        value: 1 + len_element_meta

  optional_metadata_field:
    doc: |
      One optional metadata field (type, length, value). Unknown types keep
      their value as raw bytes.
    doc-ref:
      - libs/mysql/binlog/event/rows_event.h Table_map_event::Optional_metadata_field_type
      - libs/mysql/binlog/event/rows_event.cpp Optional_metadata_fields ctor, parse_*()
    seq:
      - id: type
        type: u1
        enum: optional_metadata_type
      - id: length
        type: packed_int
      - id: value
        size: length.value
        type:
          switch-on: type
          cases:
            optional_metadata_type::default_charset: default_charset
            optional_metadata_type::column_charset: packed_int_list
            optional_metadata_type::column_name: column_names
            optional_metadata_type::set_str_value: str_value_lists
            optional_metadata_type::enum_str_value: str_value_lists
            optional_metadata_type::geometry_type: packed_int_list
            optional_metadata_type::simple_primary_key: packed_int_list
            optional_metadata_type::primary_key_with_prefix: primary_key_with_prefix
            optional_metadata_type::enum_and_set_default_charset: default_charset
            optional_metadata_type::enum_and_set_column_charset: packed_int_list
            optional_metadata_type::vector_dimensionality: packed_int_list
        doc: |
          By `type`:

          * signedness, column_visibility: raw bitmap bytes, most significant
            bit first (bit 7 of byte 0 is the first column counted): one bit
            per numeric column (1 = UNSIGNED) resp. per column (1 = visible);
          * default_charset, enum_and_set_default_charset: `default_charset`;
          * column_charset, enum_and_set_column_charset: `packed_int_list` of
            collation ids, one per character resp. ENUM/SET column;
          * column_name: `column_names`;
          * set_str_value, enum_str_value: `str_value_lists`;
          * geometry_type: `packed_int_list`, one geometry type per GEOMETRY column;
          * simple_primary_key: `packed_int_list` of column indexes;
          * primary_key_with_prefix: `primary_key_with_prefix`;
          * vector_dimensionality: `packed_int_list`, dimensions per VECTOR column;
          * anything else: raw bytes.

  packed_int_list:
    doc: Packed integers up to the end of the field.
    seq:
      - id: items
        type: packed_int
        repeat: eos

  default_charset:
    doc: |
      DEFAULT_CHARSET / ENUM_AND_SET_DEFAULT_CHARSET: the most used
      collation, then the exceptions as (column index, collation) pairs.
      The index counts character columns only (resp. ENUM/SET columns).
    doc-ref: libs/mysql/binlog/event/rows_event.cpp parse_default_charset
    seq:
      - id: default_collation
        -orig-id: default_charset
        type: packed_int
        doc: Collation id of every counted column not listed in `exceptions`.
      - id: exceptions
        -orig-id: charset_pairs
        type: column_collation
        repeat: eos

  column_collation:
    doc: One exception of a `default_charset` field.
    seq:
      - id: column_index
        type: packed_int
        doc: Index among the counted (character resp. ENUM/SET) columns.
      - id: collation
        type: packed_int
        doc: Collation id of that column.

  column_names:
    doc: |
      COLUMN_NAME (binlog_row_metadata = FULL): the name of every column.
    doc-ref: libs/mysql/binlog/event/rows_event.cpp parse_column_name
    seq:
      - id: names
        type: column_name
        repeat: eos

  column_name:
    doc: One column name (packed length, then the bytes; the doc says 1 byte, the code packs it).
    seq:
      - id: len_name
        type: packed_int
      - id: name
        size: len_name.value
        type: str
        encoding: UTF-8
        doc: Column name (utf8, no terminator).

  str_value_lists:
    doc: |
      SET_STR_VALUE / ENUM_STR_VALUE (binlog_row_metadata = FULL): the
      labels of each SET (resp. ENUM) column, in column order.
    doc-ref: libs/mysql/binlog/event/rows_event.cpp parse_set_str_value
    seq:
      - id: columns
        type: str_value_list
        repeat: eos

  str_value_list:
    doc: The labels of one ENUM or SET column.
    seq:
      - id: num_values
        type: packed_int
      - id: values
        type: str_value
        repeat: expr
        repeat-expr: num_values.value
        doc: Labels in definition order (ENUM index 1 is `values[0]`, SET bit 0 is `values[0]`).

  str_value:
    doc: One ENUM or SET label (packed length, then the bytes).
    seq:
      - id: len_value
        type: packed_int
      - id: value
        size: len_value.value
        doc: |
          The label, in the column's character set (see
          ENUM_AND_SET_DEFAULT_CHARSET / ENUM_AND_SET_COLUMN_CHARSET), so kept
          as bytes.

  primary_key_with_prefix:
    doc: |
      PRIMARY_KEY_WITH_PREFIX: the primary key columns with their prefix lengths.
    doc-ref: libs/mysql/binlog/event/rows_event.cpp parse_pk_with_prefix
    seq:
      - id: parts
        type: primary_key_part
        repeat: eos

  primary_key_part:
    doc: One column of a PRIMARY_KEY_WITH_PREFIX field.
    seq:
      - id: column_index
        type: packed_int
      - id: prefix_length
        type: packed_int
        doc: Prefix length in characters; 0 means the whole column.

enums:
  column_type:
    0: decimal
    1: tiny
    2: short
    3: long
    4: float
    5: double
    6: 'null'
    7: timestamp
    8: longlong
    9: int24
    10: date
    11: time
    12: datetime
    13: year
    14: newdate
    15: varchar
    16: bit
    17: timestamp2
    18: datetime2
    19: time2
    20: typed_array
    140:
      id: blob_compressed
      doc: |
        MariaDB BLOB/TEXT ... COMPRESSED column (binlog-only code; metadata
        like BLOB; values are zlib-compressed with a 1-byte header).
      doc-ref: MariaDB include/mysql_com.h MYSQL_TYPE_BLOB_COMPRESSED, sql/field_comp.cc
    141:
      id: varchar_compressed
      doc: |
        MariaDB VARCHAR ... COMPRESSED column (binlog-only code; metadata
        like VARCHAR: the maximum length, which counts the 1-byte header).
      doc-ref: MariaDB include/mysql_com.h MYSQL_TYPE_VARCHAR_COMPRESSED, sql/field_comp.cc
    242: vector
    243: invalid
    244: bool
    245: json
    246: newdecimal
    247: enum
    248: set
    249: tiny_blob
    250: medium_blob
    251: long_blob
    252: blob
    253: var_string
    254: string
    255: geometry
  optional_metadata_type:
    1: signedness
    2: default_charset
    3: column_charset
    4: column_name
    5: set_str_value
    6: enum_str_value
    7: geometry_type
    8: simple_primary_key
    9: primary_key_with_prefix
    10: enum_and_set_default_charset
    11: enum_and_set_column_charset
    12: column_visibility
    13: vector_dimensionality
