meta:
  id: event_control
  title: MySQL/MariaDB binlog control events (format description, rotate, xid, ...)
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
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
    params:
      - id: post_header_len
        type: u1
    seq:
      - id: position
        type: u8
        if: post_header_len >= 8
      - id: next_file
        type: str
        size-eos: true
        encoding: UTF-8
  intvar_event:
    seq:
      - id: raw
        size-eos: true
  rand_event:
    seq:
      - id: raw
        size-eos: true
  user_var_event:
    seq:
      - id: raw
        size-eos: true
  xid_event:
    seq:
      - id: xid
        type: u8
  incident_event:
    seq:
      - id: raw
        size-eos: true
  heartbeat_event:
    seq:
      - id: raw
        size-eos: true
  heartbeat_event_v2:
    seq:
      - id: raw
        size-eos: true
  rows_query_event:
    seq:
      - id: raw
        size-eos: true
enums:
  checksum_alg:
    0: off
    1: crc32
    255: undef
