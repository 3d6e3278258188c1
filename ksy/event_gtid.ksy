meta:
  id: event_gtid
  title: MySQL binlog GTID and transaction events
  application: MySQL Server
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - packed_int
  endian: le
doc: |
  Body types of MySQL's transaction-level events: GTID_LOG_EVENT and
  ANONYMOUS_GTID_LOG_EVENT (5.6+), GTID_TAGGED_LOG_EVENT (8.3+),
  PREVIOUS_GTIDS_LOG_EVENT, TRANSACTION_CONTEXT and VIEW_CHANGE (group
  replication), XA_PREPARE_LOG_EVENT and TRANSACTION_PAYLOAD_EVENT
  (8.0.20+ binlog transaction compression). Each type parses the event
  body only (common header and CRC32 removed).

  No bit field wider than 32 bits and no shift beyond 31 bits is used, so
  the spec also runs in the JavaScript target / Web IDE (where integers
  above 2^53 lose precision).
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html
  - libs/mysql/binlog/event/control_events.h
  - libs/mysql/binlog/event/control_events.cpp
types:
  gtid_event:
    doc: |
      GTID_LOG_EVENT (33) and ANONYMOUS_GTID_LOG_EVENT (34): the first
      event of a transaction, with its GTID (anonymous: gno 0 and a zero
      sid) and the logical clock used by the parallel applier.

      The body grew over versions; every part after `gno` is read only if
      bytes remain, as MySQL does:

      * 5.6: flags, sid, gno (25 bytes);
      * 5.7: + lt_type (2), last_committed, sequence_number (42 bytes);
      * 8.0.1+: + commit timestamps, transaction length and server
        versions (54 bytes on the originating server, 56+ on replicas);
      * 8.0.x group replication: + commit_group_ticket.

      5.7.0-5.7.4 wrote a different logical-timestamp type code; its data
      is then kept raw in `old_logical_timestamps`.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Gtid_event
      - libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event
    seq:
      - id: gtid_flags
        type: u1
        doc: Bits of `gtid_flag`.
      - id: sid
        -orig-id: tsid_parent_struct.uuid
        size: 16
        doc: Source UUID of the GTID, 16 bytes in the UUID's text order (all zero when anonymous).
      - id: gno
        -orig-id: rpl_gtid_gno
        type: s8
        doc: Transaction number of the GTID (0 when anonymous).
      - id: lt_type
        -orig-id: lc_typecode
        type: u1
        enum: logical_timestamp_typecode
        if: has_lt_type
        doc: Type of the logical timestamps; 2 since MySQL 5.7.5.
      - id: last_committed
        type: s8
        if: has_logical_timestamps
        doc: sequence_number of the transaction this one must wait for (commit parent).
      - id: sequence_number
        type: s8
        if: has_logical_timestamps
        doc: Logical timestamp of this transaction in its binary log.
      - id: old_logical_timestamps
        size-eos: true
        if: has_lt_type and not has_logical_timestamps
        doc: Logical timestamps of MySQL 5.7.0-5.7.4 (another type code and size), kept raw.
      - id: encoded_immediate_commit_timestamp
        -orig-id: immediate_commit_timestamp
        type: u56_le
        if: has_commit_timestamps
        doc: |
          Commit time on the immediate source in microseconds since the
          epoch; bit 55 set means an original commit timestamp follows.
          Use the `immediate_commit_timestamp` instance.
      - id: encoded_original_commit_timestamp
        -orig-id: original_commit_timestamp
        type: u56_le
        if: has_original_commit_timestamp
        doc: Commit time on the originating source (only when it differs); see `original_commit_timestamp`.
      - id: transaction_length
        type: packed_int
        if: has_transaction_length
        doc: Size in bytes of the whole transaction, this event included (`.value`).
      - id: encoded_immediate_server_version
        -orig-id: immediate_server_version
        type: u4
        if: has_server_versions
        doc: |
          Version of the immediate source (e.g. 80045 for 8.0.45); bit 31
          set means the original server version follows. Use the
          `immediate_server_version` instance.
      - id: encoded_original_server_version
        -orig-id: original_server_version
        type: u4
        if: has_original_server_version
        doc: Version of the originating server (only when it differs).
      - id: commit_group_ticket
        type: u8
        if: has_commit_group_ticket
        doc: Binlog group commit ticket (group replication, 8.0.27+).
    instances:
      is_anonymous:
        value: gno == 0
        doc: True for ANONYMOUS_GTID_LOG_EVENT bodies (gno is 0 only there).
      may_have_sbr:
        value: (gtid_flags & gtid_flag::may_have_sbr.to_i) != 0
        doc: FLAG_MAY_HAVE_SBR, the transaction may contain statement-based events.
      has_lt_type:
        value: _io.size > 25
        doc: False for MySQL 5.6 bodies (flags, sid and gno only).
      has_logical_timestamps:
        value: has_lt_type and lt_type == logical_timestamp_typecode::logical_timestamps and _io.size >= 42
        doc: True when last_committed and sequence_number are present (5.7.5+).
      has_commit_timestamps:
        value: has_logical_timestamps and _io.size >= 49
        doc: True when the commit timestamps are present (8.0.1+).
      has_original_commit_timestamp:
        value: has_commit_timestamps and encoded_immediate_commit_timestamp.is_flag_set
      ofs_transaction_length:
        value: '49 + (has_original_commit_timestamp ? 7 : 0)'
      has_transaction_length:
        value: has_commit_timestamps and _io.size > ofs_transaction_length
      len_transaction_length:
        value: |
          not has_transaction_length ? 0
          : transaction_length.first < 0xfb ? 1
          : transaction_length.first == 0xfc ? 3
          : transaction_length.first == 0xfd ? 4
          : 9
        doc: Bytes taken by the packed `transaction_length`.
      ofs_server_version:
        value: ofs_transaction_length + len_transaction_length
      has_server_versions:
        value: has_transaction_length and _io.size - ofs_server_version >= 4
      has_original_server_version:
        value: has_server_versions and encoded_immediate_server_version >= 0x80000000
      ofs_commit_group_ticket:
        value: 'ofs_server_version + (has_original_server_version ? 8 : 4)'
      has_commit_group_ticket:
        value: has_server_versions and _io.size - ofs_commit_group_ticket >= 8
      immediate_commit_timestamp:
        value: encoded_immediate_commit_timestamp.value
        if: has_commit_timestamps
        doc: Commit time on the immediate source, microseconds since the epoch.
      original_commit_timestamp:
        value: 'has_original_commit_timestamp ? encoded_original_commit_timestamp.value : encoded_immediate_commit_timestamp.value'
        if: has_commit_timestamps
        doc: Commit time on the originating source (= immediate when not written).
      immediate_server_version:
        value: 'encoded_immediate_server_version >= 0x80000000 ? encoded_immediate_server_version - 0x80000000 : encoded_immediate_server_version'
        if: has_server_versions
        doc: Version of the immediate source as major*10000 + minor*100 + patch.
      original_server_version:
        value: 'has_original_server_version ? encoded_original_server_version : immediate_server_version'
        if: has_server_versions
        doc: Version of the originating server (= immediate when not written).
  u56_le:
    doc: |
      A 7-byte little-endian integer read as u4 + u2 + u1 (no 56-bit bit
      field: those break the JavaScript target). In an immediate commit
      timestamp bit 55 is a flag, see `is_flag_set`.
    doc-ref: libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event (ENCODED_COMMIT_TIMESTAMP_LENGTH)
    seq:
      - id: lo
        type: u4
      - id: mid
        type: u2
      - id: hi
        type: u1
    instances:
      is_flag_set:
        value: hi >= 0x80
        doc: Bit 55.
      value:
        value: 'lo + mid * 4294967296 + (hi >= 0x80 ? hi - 0x80 : hi) * 281474976710656'
        doc: The low 55 bits.
  gtid_tagged_event:
    doc: |
      GTID_TAGGED_LOG_EVENT (MySQL 8.3+): the GTID event of a transaction
      with a tagged GTID (`uuid:tag:gno`). Its body is a message of the
      mysql::serialization library:

      * `format_version` (the top-level field id, the serialization format
        version 1), `len_message` (size of the whole message, these
        header fields included) and `last_non_ignorable_field_id`, all
        variable-length integers;
      * then the fields in increasing id order, each as its id (varlen)
        and its value. A field can be absent (the encoder skips
        original_commit_timestamp, original_server_version and
        commit_group_ticket when they carry no information).

      Integers are variable-length (`serialization_varlen_uint`, signed
      ones zigzag-encoded in `serialization_varlen_int`); the 16 bytes of
      the UUID are a fixed-size array whose elements are each such an
      integer (1 or 2 bytes each); the tag is a string (varlen length and
      bytes).

      The fields are read as MySQL's decoder does: each field id is peeked
      and the field read only if the id is the expected one.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
      - libs/mysql/binlog/event/control_events.cpp Gtid_event::read_gtid_tagged_log_event
      - libs/mysql/serialization/readme.md (Message format specification)
      - libs/mysql/serialization/serializer_impl.hpp, serializer_default_impl.hpp (decode_serializable)
      - libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
    seq:
      - id: format_version
        -orig-id: serialization_format_version
        type: serialization_varlen_uint
        doc: Id of the top-level message (the serialization format version, 1).
      - id: len_message
        -orig-id: encoded_size
        type: serialization_varlen_uint
        doc: Size of the message from its first byte, in bytes.
      - id: last_non_ignorable_field_id
        type: serialization_varlen_uint
        doc: A reader that does not know a field up to this id must fail.
      - id: fields
        size: 'len_message.value > _io.pos and len_message.value <= _io.size ? len_message.value - _io.pos : _io.size - _io.pos'
        type: gtid_tagged_fields
    instances:
      sid:
        value: fields.sid
        doc: |
          The 16 UUID bytes, each a `serialization_varlen_uint` whose
          `.value` is the byte (Kaitai cannot build a byte array from them:
          `bytes(b.value for b in sid)` in Python).
      tag:
        value: 'fields.has_tag ? fields.tag.value : ""'
        doc: The GTID tag (lower case, 1-32 characters).
      gno:
        value: 'fields.has_gno ? fields.gno.value : 0'
        doc: Transaction number of the GTID.
      last_committed:
        value: 'fields.has_last_committed ? fields.last_committed.value : 0'
      sequence_number:
        value: 'fields.has_sequence_number ? fields.sequence_number.value : 0'
      gtid_flags:
        value: 'fields.has_gtid_flags ? fields.gtid_flags.value : 0'
      may_have_sbr:
        value: (gtid_flags & gtid_flag::may_have_sbr.to_i) != 0
        doc: FLAG_MAY_HAVE_SBR.
      immediate_commit_timestamp:
        value: 'fields.has_immediate_commit_timestamp ? fields.immediate_commit_timestamp.value : 0'
        doc: Commit time on the immediate source, microseconds since the epoch.
      original_commit_timestamp:
        value: 'fields.has_original_commit_timestamp ? fields.original_commit_timestamp.value : immediate_commit_timestamp'
        doc: Commit time on the originating source (= immediate when absent).
      transaction_length:
        value: 'fields.has_transaction_length ? fields.transaction_length.value : 0'
      immediate_server_version:
        value: 'fields.has_immediate_server_version ? fields.immediate_server_version.value : 0'
      original_server_version:
        value: 'fields.has_original_server_version ? fields.original_server_version.value : immediate_server_version'
        doc: Version of the originating server (= immediate when absent).
      commit_group_ticket:
        value: 'fields.has_commit_group_ticket ? fields.commit_group_ticket.value : 0'
        doc: 0 (kGroupTicketUnset) when absent.
  gtid_tagged_fields:
    doc: |
      The fields of a GTID_TAGGED_LOG_EVENT message, in id order, read the
      way MySQL's decoder reads them: before each expected field the next
      field id is peeked (`peek_N`, one byte: ids below 64 are encoded as
      id * 2) and the field is read only when it is the expected one
      (`has_N`). The peeks are evaluated during the parse, in seq order;
      each `has_*` caches its answer.
    doc-ref:
      - libs/mysql/serialization/serializer_default_impl.hpp decode_field_id, decode
      - libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
    seq:
      - id: id_gtid_flags
        type: serialization_varlen_uint
        if: has_gtid_flags
        doc: Field id 0.
      - id: gtid_flags
        type: serialization_varlen_uint
        if: has_gtid_flags
        doc: Field 0, gtid_flags (bit 0 = may have SBR).
      - id: id_sid
        type: serialization_varlen_uint
        if: has_sid
        doc: Field id 1.
      - id: sid
        -orig-id: tsid_parent_struct.uuid
        type: serialization_varlen_uint
        repeat: expr
        repeat-expr: 16
        if: has_sid
        doc: 'Field 1, the source UUID as 16 varlen integers, one per byte (`.value`).'
      - id: id_gno
        type: serialization_varlen_uint
        if: has_gno
        doc: Field id 2.
      - id: gno
        -orig-id: rpl_gtid_gno
        type: serialization_varlen_int
        if: has_gno
        doc: Field 2, the transaction number (signed).
      - id: id_tag
        type: serialization_varlen_uint
        if: has_tag
        doc: Field id 3.
      - id: tag
        type: serialization_string
        if: has_tag
        doc: Field 3, the tag (`.value`).
      - id: id_last_committed
        type: serialization_varlen_uint
        if: has_last_committed
        doc: Field id 4.
      - id: last_committed
        type: serialization_varlen_int
        if: has_last_committed
        doc: Field 4 (signed).
      - id: id_sequence_number
        type: serialization_varlen_uint
        if: has_sequence_number
        doc: Field id 5.
      - id: sequence_number
        type: serialization_varlen_int
        if: has_sequence_number
        doc: Field 5 (signed).
      - id: id_immediate_commit_timestamp
        type: serialization_varlen_uint
        if: has_immediate_commit_timestamp
        doc: Field id 6.
      - id: immediate_commit_timestamp
        type: serialization_varlen_uint
        if: has_immediate_commit_timestamp
        doc: Field 6, microseconds since the epoch.
      - id: id_original_commit_timestamp
        type: serialization_varlen_uint
        if: has_original_commit_timestamp
        doc: Field id 7.
      - id: original_commit_timestamp
        type: serialization_varlen_uint
        if: has_original_commit_timestamp
        doc: Field 7, only when it differs from the immediate one.
      - id: id_transaction_length
        type: serialization_varlen_uint
        if: has_transaction_length
        doc: Field id 8.
      - id: transaction_length
        type: serialization_varlen_uint
        if: has_transaction_length
        doc: Field 8, size of the transaction in bytes, this event included.
      - id: id_immediate_server_version
        type: serialization_varlen_uint
        if: has_immediate_server_version
        doc: Field id 9.
      - id: immediate_server_version
        type: serialization_varlen_uint
        if: has_immediate_server_version
        doc: Field 9.
      - id: id_original_server_version
        type: serialization_varlen_uint
        if: has_original_server_version
        doc: Field id 10.
      - id: original_server_version
        type: serialization_varlen_uint
        if: has_original_server_version
        doc: Field 10, only when it differs from the immediate one.
      - id: id_commit_group_ticket
        type: serialization_varlen_uint
        if: has_commit_group_ticket
        doc: Field id 11.
      - id: commit_group_ticket
        type: serialization_varlen_uint
        if: has_commit_group_ticket
        doc: Field 11, only when set.
      - id: unknown_fields
        size-eos: true
        if: not _io.eof
        doc: Fields of a newer server (ids above 11), kept raw.
    instances:
      peek_0:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 0 is due.
      has_gtid_flags:
        value: _io.pos < _io.size and peek_0 == 0
        doc: True when field 0 (gtid_flags) is present.
      peek_1:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 1 is due.
      has_sid:
        value: _io.pos < _io.size and peek_1 == 2
        doc: True when field 1 (sid) is present.
      peek_2:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 2 is due.
      has_gno:
        value: _io.pos < _io.size and peek_2 == 4
        doc: True when field 2 (gno) is present.
      peek_3:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 3 is due.
      has_tag:
        value: _io.pos < _io.size and peek_3 == 6
        doc: True when field 3 (tag) is present.
      peek_4:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 4 is due.
      has_last_committed:
        value: _io.pos < _io.size and peek_4 == 8
        doc: True when field 4 (last_committed) is present.
      peek_5:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 5 is due.
      has_sequence_number:
        value: _io.pos < _io.size and peek_5 == 10
        doc: True when field 5 (sequence_number) is present.
      peek_6:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 6 is due.
      has_immediate_commit_timestamp:
        value: _io.pos < _io.size and peek_6 == 12
        doc: True when field 6 (immediate_commit_timestamp) is present.
      peek_7:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 7 is due.
      has_original_commit_timestamp:
        value: _io.pos < _io.size and peek_7 == 14
        doc: True when field 7 (original_commit_timestamp) is present.
      peek_8:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 8 is due.
      has_transaction_length:
        value: _io.pos < _io.size and peek_8 == 16
        doc: True when field 8 (transaction_length) is present.
      peek_9:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 9 is due.
      has_immediate_server_version:
        value: _io.pos < _io.size and peek_9 == 18
        doc: True when field 9 (immediate_server_version) is present.
      peek_10:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 10 is due.
      has_original_server_version:
        value: _io.pos < _io.size and peek_10 == 20
        doc: True when field 10 (original_server_version) is present.
      peek_11:
        pos: _io.pos
        type: u1
        if: _io.pos < _io.size
        doc: The byte at the current position when field 11 is due.
      has_commit_group_ticket:
        value: _io.pos < _io.size and peek_11 == 22
        doc: True when field 11 (commit_group_ticket) is present.
  serialization_varlen_uint:
    doc: |
      Unsigned variable-length integer of mysql::serialization: 1 to 9
      bytes, little-endian. The number of trailing one bits of the first
      byte, plus one, is the number of bytes. For 1-8 bytes the value is
      the first byte shifted right by that number, plus the following
      bytes shifted left by (8 - number of bytes); with 9 bytes (first
      byte 0xff) the 8 following bytes are the value.
    doc-ref: libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
    seq:
      - id: first
        type: u1
      - id: rest
        size: num_bytes - 1
        doc: The following bytes, little-endian.
    instances:
      num_bytes:
        value: |
          (first & 0x01) == 0 ? 1
          : (first & 0x03) == 0x01 ? 2
          : (first & 0x07) == 0x03 ? 3
          : (first & 0x0f) == 0x07 ? 4
          : (first & 0x1f) == 0x0f ? 5
          : (first & 0x3f) == 0x1f ? 6
          : (first & 0x7f) == 0x3f ? 7
          : first == 0x7f ? 8
          : 9
        doc: Length of the encoding (countr_one(first) + 1).
      rest_value:
        value: |
          (num_bytes > 1 ? rest[0] : 0)
          + (num_bytes > 2 ? rest[1] * 0x100 : 0)
          + (num_bytes > 3 ? rest[2] * 0x10000 : 0)
          + (num_bytes > 4 ? rest[3] * 0x1000000 : 0)
          + (num_bytes > 5 ? rest[4] * 0x100000000 : 0)
          + (num_bytes > 6 ? rest[5] * 0x10000000000 : 0)
          + (num_bytes > 7 ? rest[6] * 0x1000000000000 : 0)
          + (num_bytes > 8 ? rest[7] * 0x100000000000000 : 0)
      value:
        value: |
          num_bytes == 1 ? first / 2
          : num_bytes == 9 ? rest_value
          : first / (num_bytes == 2 ? 4 : num_bytes == 3 ? 8 : num_bytes == 4 ? 16
                     : num_bytes == 5 ? 32 : num_bytes == 6 ? 64 : num_bytes == 7 ? 128 : 256)
            + rest_value * (num_bytes == 2 ? 64 : num_bytes == 3 ? 32 : num_bytes == 4 ? 16
                            : num_bytes == 5 ? 8 : num_bytes == 6 ? 4 : num_bytes == 7 ? 2 : 1)
        doc: The decoded integer.
  serialization_varlen_int:
    doc: |
      Signed variable-length integer of mysql::serialization: an unsigned
      one holding the zigzag encoding (bit 0 = sign, x >= 0 as x << 1,
      x < 0 as ((-(x + 1)) << 1) | 1).
    doc-ref: libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_signed
    seq:
      - id: raw
        type: serialization_varlen_uint
    instances:
      value:
        value: 'raw.value % 2 == 0 ? raw.value / 2 : -(raw.value / 2) - 1'
        doc: The decoded signed integer.
  serialization_string:
    doc: A string of mysql::serialization (varlen length, then the bytes).
    doc-ref: libs/mysql/serialization/primitive_type_codec.h Primitive_type_codec<std::string>::read_bytes
    seq:
      - id: len_value
        type: serialization_varlen_uint
      - id: value
        type: str
        size: len_value.value
        encoding: ASCII
        doc: GTID tags are ASCII letters, digits and '_' (validated by the server).
  previous_gtids_event:
    doc: |
      PREVIOUS_GTIDS_LOG_EVENT (MySQL 5.6+): the set of GTIDs written to
      all earlier binary logs (gtid_executed at the file's start), the
      second event of every file. The body is an encoded GTID set.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Previous_gtids_event
      - sql/rpl_gtid_set.cc Gtid_set::encode, Gtid_set::add_gtid_encoding
    seq:
      - id: gtid_set
        type: gtid_set
    instances:
      num_sids:
        value: gtid_set.num_sids
        doc: Number of (uuid, tag) entries of the set.
      sids:
        value: gtid_set.sids
        doc: The entries of the set (`uuid`, `tag`, `intervals`).
  gtid_set:
    doc: |
      An encoded GTID set. The first 8 bytes hold the number of sids and
      the format: untagged (byte 7 = 0): the count is the low 56 bits;
      tagged (MySQL 8.3+, byte 7 = 1): byte 0 is also 1 and the count is
      in bytes 1-6. Then per sid: UUID, tag (tagged format only: varlen
      length and characters, length 0 = no tag), interval count and the
      intervals [start, end).
    doc-ref:
      - sql/rpl_gtid_set.cc encode_nsids_format, decode_nsids_format, Gtid_set::encode
      - libs/mysql/gtid/tag.cpp Tag::encode_tag
    seq:
      - id: num_sids_lo
        type: u1
        doc: Byte 0 of the header (count byte 0 untagged; the format 1 tagged).
      - id: num_sids_mid
        type: u4
        doc: Bytes 1-4 of the header.
      - id: num_sids_hi
        type: u2
        doc: Bytes 5-6 of the header.
      - id: gtid_format
        type: u1
        enum: gtid_format
        doc: Byte 7, the encoding format.
      - id: sids
        type: gtid_set_sid(is_tagged)
        repeat: expr
        repeat-expr: num_sids
    instances:
      is_tagged:
        value: gtid_format == gtid_format::tagged
      num_sids:
        -orig-id: n_sids
        value: |
          is_tagged ? num_sids_mid + num_sids_hi * 4294967296
          : num_sids_lo + num_sids_mid * 256 + num_sids_hi * 1099511627776
        doc: Number of (uuid, tag) entries.
  gtid_set_sid:
    doc: The GTIDs of one source (UUID and, in the tagged format, tag) in a GTID set.
    doc-ref: sql/rpl_gtid_set.cc Gtid_set::add_gtid_encoding
    params:
      - id: is_tagged
        type: bool
    seq:
      - id: uuid
        size: 16
        doc: Source UUID, 16 bytes.
      - id: tag
        type: serialization_string
        if: is_tagged
        doc: The tag (`.value`, empty for untagged GTIDs of this UUID).
      - id: num_intervals
        -orig-id: n_intervals
        type: u8
      - id: intervals
        type: gtid_interval
        repeat: expr
        repeat-expr: num_intervals
  gtid_interval:
    doc: GTID numbers `start` to `end - 1` (the end is exclusive).
    doc-ref: sql/rpl_gtid_set.cc Gtid_set::encode (interval start, end)
    seq:
      - id: start
        type: s8
      - id: end
        type: s8
        doc: One past the last GTID number of the interval.
  transaction_context_event:
    doc: |
      TRANSACTION_CONTEXT_EVENT (group replication, 5.7.6+): the write set
      of a transaction, used for certification; written to relay logs.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Transaction_context_event
      - libs/mysql/binlog/event/control_events.cpp Transaction_context_event::Transaction_context_event
    seq:
      - id: len_server_uuid
        -orig-id: server_uuid_len
        type: u1
      - id: thread_id
        type: u4
      - id: gtid_specified
        type: u1
        doc: Non-zero when the transaction's GTID was set by gtid_next.
      - id: len_snapshot_version
        -orig-id: encoded_snapshot_version_length
        type: u4
      - id: num_write_set_items
        -orig-id: write_set_len
        type: u4
      - id: num_read_set_items
        -orig-id: read_set_len
        type: u4
      - id: server_uuid
        type: str
        size: len_server_uuid
        encoding: ASCII
        doc: UUID of the server that ran the transaction, as text.
      - id: snapshot_version
        -orig-id: encoded_snapshot_version
        size: len_snapshot_version
        type: gtid_set
        if: len_snapshot_version >= 8
        doc: gtid_executed when the transaction ran (an encoded GTID set).
      - id: snapshot_version_raw
        size: len_snapshot_version
        if: len_snapshot_version < 8
        doc: A snapshot version too short to be a GTID set (kept raw).
      - id: write_set
        type: set_item
        repeat: expr
        repeat-expr: num_write_set_items
        doc: Hashes of the rows the transaction wrote.
      - id: read_set
        type: set_item
        repeat: expr
        repeat-expr: num_read_set_items
  set_item:
    doc: One item of a transaction context's write or read set (u2 length + bytes).
    doc-ref: libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_set
    seq:
      - id: len_value
        type: u2
      - id: value
        size: len_value
  view_change_event:
    doc: |
      VIEW_CHANGE_EVENT (group replication, 5.7.6+): a member joined or
      left the group; carries the certification information.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h View_change_event
      - libs/mysql/binlog/event/control_events.cpp View_change_event::View_change_event
    seq:
      - id: view_id
        type: str
        size: 40
        terminator: 0
        encoding: ASCII
        doc: Id of the new view (NUL-padded to 40 bytes).
      - id: seq_number
        type: s8
        doc: Next sequence number to give to a certified transaction.
      - id: num_cert_info
        -orig-id: cert_info_len
        type: u4
      - id: cert_info
        -orig-id: certification_info
        type: cert_info_entry
        repeat: expr
        repeat-expr: num_cert_info
  cert_info_entry:
    doc: One key/value pair of the certification information map.
    doc-ref: libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_map
    seq:
      - id: len_key
        type: u2
      - id: key
        size: len_key
      - id: len_value
        type: u4
      - id: value
        size: len_value
  xa_prepare_event:
    doc: |
      XA_PREPARE_LOG_EVENT (5.7.7+): ends the event group of an XA PREPARE
      (or XA COMMIT ... ONE PHASE) with the XID of the XA transaction.
    doc-ref:
      - libs/mysql/binlog/event/control_events.h XA_prepare_event
      - libs/mysql/binlog/event/control_events.cpp XA_prepare_event::XA_prepare_event
    seq:
      - id: one_phase
        type: u1
        doc: Non-zero for XA COMMIT ... ONE PHASE.
      - id: format_id
        -orig-id: formatID
        type: u4
      - id: len_gtrid
        -orig-id: gtrid_length
        type: u4
      - id: len_bqual
        -orig-id: bqual_length
        type: u4
      - id: gtrid
        size: len_gtrid
        doc: Global transaction id part of the XID (bytes).
      - id: bqual
        size: len_bqual
        doc: Branch qualifier part of the XID (bytes).
  transaction_payload_event:
    doc: |
      TRANSACTION_PAYLOAD_EVENT (MySQL 8.0.20+, binlog_transaction_compression):
      the events of a whole transaction, compressed. The body starts with
      a header of type-length-value fields (each part a packed integer)
      ended by the type END_MARK (0), then the payload: for ZSTD a zstd
      frame of the concatenated inner events (full 19-byte headers, no
      CRC32), for NONE the events themselves.

      The format description lists 40 as this type's post-header length,
      but the TLV header starts right at the body start: MySQL decodes it
      from there and so does this spec. Decompression is left to the
      runtime (no `process:`, which the Web IDE cannot run).
    doc-ref:
      - libs/mysql/binlog/event/control_events.h Transaction_payload_event
      - libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
      - libs/mysql/binlog/event/codecs/binary.h Transaction_payload::fields
    seq:
      - id: fields
        type: payload_field
        repeat: until
        repeat-until: _.is_end or _io.eof
      - id: payload
        size-eos: true
        doc: The (compressed) inner events.
    instances:
      payload_size:
        value: |
          fields.size > 0 and fields[0].field_type.value == 1 ? fields[0].int_value
          : fields.size > 1 and fields[1].field_type.value == 1 ? fields[1].int_value
          : fields.size > 2 and fields[2].field_type.value == 1 ? fields[2].int_value
          : fields.size > 3 and fields[3].field_type.value == 1 ? fields[3].int_value
          : fields.size > 4 and fields[4].field_type.value == 1 ? fields[4].int_value
          : payload.size
        doc: PAYLOAD_SIZE, the size of `payload` (the actual size when the field is missing).
      compression_type_value:
        value: |
          fields.size > 0 and fields[0].field_type.value == 2 ? fields[0].int_value
          : fields.size > 1 and fields[1].field_type.value == 2 ? fields[1].int_value
          : fields.size > 2 and fields[2].field_type.value == 2 ? fields[2].int_value
          : fields.size > 3 and fields[3].field_type.value == 2 ? fields[3].int_value
          : fields.size > 4 and fields[4].field_type.value == 2 ? fields[4].int_value
          : 255
        doc: COMPRESSION_TYPE as a number (255 = NONE when the field is missing).
      compression_type:
        value: compression_type_value
        enum: compression_type
        doc: COMPRESSION_TYPE of the payload.
      uncompressed_size:
        value: |
          fields.size > 0 and fields[0].field_type.value == 3 ? fields[0].int_value
          : fields.size > 1 and fields[1].field_type.value == 3 ? fields[1].int_value
          : fields.size > 2 and fields[2].field_type.value == 3 ? fields[2].int_value
          : fields.size > 3 and fields[3].field_type.value == 3 ? fields[3].int_value
          : fields.size > 4 and fields[4].field_type.value == 3 ? fields[4].int_value
          : payload_size
        doc: UNCOMPRESSED_SIZE (informational; = payload_size when missing, as for NONE).
  payload_field:
    doc: One TLV field of a TRANSACTION_PAYLOAD_EVENT header.
    doc-ref: libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
    seq:
      - id: field_type
        -orig-id: type
        type: packed_int
        doc: Field type (see `payload_field_type`); 0 ends the header.
      - id: len_value
        -orig-id: length
        type: packed_int
        if: not is_end
      - id: value
        size: len_value.value
        type:
          switch-on: field_type.value
          cases:
            1: packed_int
            2: packed_int
            3: packed_int
        if: not is_end
        doc: A packed integer for the known types; skipped by length otherwise.
    instances:
      is_end:
        value: field_type.value == 0
      field_type_enum:
        value: field_type.value
        enum: payload_field_type
      is_known:
        value: field_type.value >= 1 and field_type.value <= 3
      int_value:
        value: value.as<packed_int>.value
        if: is_known
enums:
  gtid_flag:
    1:
      id: may_have_sbr
      -orig-id: FLAG_MAY_HAVE_SBR
      doc: The transaction may contain statement-based events (always set in 5.6-5.7.18).
  logical_timestamp_typecode:
    1:
      id: g_commit_ts
      -orig-id: G_COMMIT_TS
      doc: MySQL 5.7.0-5.7.4 (older layout, not decoded).
    2:
      id: logical_timestamps
      -orig-id: LOGICAL_TIMESTAMP_TYPECODE
      doc: last_committed and sequence_number follow (5.7.5+).
  gtid_format:
    0:
      id: untagged
      doc: Classic GTID set (no tags).
    1:
      id: tagged
      doc: Tagged GTID set (MySQL 8.3+).
  payload_field_type:
    0:
      id: end_mark
      -orig-id: OTW_PAYLOAD_HEADER_END_MARK
    1:
      id: payload_size
      -orig-id: OTW_PAYLOAD_SIZE_FIELD
    2:
      id: compression_type
      -orig-id: OTW_PAYLOAD_COMPRESSION_TYPE_FIELD
    3:
      id: uncompressed_size
      -orig-id: OTW_PAYLOAD_UNCOMPRESSED_SIZE_FIELD
  compression_type:
    0:
      id: zstd
      -orig-id: ZSTD
    255:
      id: none
      -orig-id: NONE
