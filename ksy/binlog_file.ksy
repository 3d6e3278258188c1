meta:
  id: binlog_file
  title: MySQL/MariaDB binary log file
  application: MySQL Server, MariaDB Server
  file-extension:
    - '000001'
    - bin
    - log
  license: CC0-1.0
  ks-version: '0.11'
  imports:
    - binlog_event
    - event_control
  endian: le
doc: |
  A binary log (or relay log) file of MySQL 3.23 to 9.x or MariaDB: the
  magic `FE 'bin'` and then events up to the end of the file.

  The first event decides how the rest is read (binlog version):

  * v4 (MySQL 5.0+, MariaDB): a FORMAT_DESCRIPTION_EVENT gives the header
    length, the post-header length of every event type and whether each
    event ends with a CRC32;
  * v3 (MySQL 4.x): a 75-byte START_EVENT_V3, or no start event at all in
    a file begun by a rotation; 19-byte headers;
  * v1 (MySQL 3.23): a 69-byte START_EVENT_V3 and 13-byte headers.

  v1 and v3 files get the post-header lengths that MySQL itself assumes
  for them. A file still being written may end inside an event: this
  spec then fails on the last event (use the binlog-ksy runtime to read
  such files event by event).

  Encrypted MySQL binlogs start with `FD 'bin'` instead and cannot be
  read without the server's keyring.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
  - libs/mysql/binlog/event/binlog_event.h (BIN_LOG_HEADER_SIZE, binary log versions)
  - sql/log_event.cc (5.7) Format_description_log_event ctor for binlog versions 1 and 3
seq:
  - id: magic
    contents: [0xfe, 'bin']
  - id: events
    type: binlog_event(len_header, post_header_lengths, has_crc32, uses_pre_ga_numbering)
    repeat: eos
instances:
  first_type_code:
    pos: 8
    type: u1
    enum: binlog_event::event_type
    doc: Type code of the first event (in the same place in every header version).
  first_event_length:
    pos: 13
    type: u4
  binlog_version:
    value: |
      first_type_code == binlog_event::event_type::format_description_event ? 4
      : first_type_code == binlog_event::event_type::start_event_v3 and first_event_length < 75 ? 1
      : 3
    doc: 4, 3 or 1, from the first event as MySQL's own readers tell it.
  fde:
    pos: 4
    type: binlog_event(19, [0], false, false)
    if: binlog_version == 4
    doc: The format description event, read first to learn how to read the others.
  fde_body:
    value: fde.body.data.as<event_control::format_description_event>
    if: binlog_version == 4
  len_header:
    value: 'binlog_version == 1 ? 13 : binlog_version == 3 ? 19 : fde_body.len_header'
  post_header_lengths:
    value: |
      binlog_version == 1 ? v1_post_header_lengths
      : binlog_version == 3 ? v3_post_header_lengths
      : fde_body.post_header_lengths
  has_crc32:
    value: 'binlog_version == 4 ? fde_body.has_crc32 : false'
  uses_pre_ga_numbering:
    value: 'binlog_version == 4 ? fde_body.uses_pre_ga_numbering : false'
  v1_post_header_lengths:
    value: '[56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]'
    doc: |
      START_V3 56, QUERY 11, ROTATE 0 (no position), LOAD/NEW_LOAD 18, the
      file events 4 (log_event.cc, binlog_ver 1).
  v3_post_header_lengths:
    value: '[56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]'
    doc: As v1, but ROTATE has its 8-byte position (log_event.cc, binlog_ver 3).
