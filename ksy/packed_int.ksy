meta:
  id: packed_int
  title: MySQL packed (length-encoded) integer
  application: MySQL Server, MariaDB Server
  license: CC0-1.0
  ks-version: '0.11'
  endian: le
doc: |
  A variable-length unsigned integer as written by `net_store_length()` and
  read by `net_field_length_ll()`: one byte below 251 is the value itself;
  0xfc, 0xfd and 0xfe announce a 2-, 3- and 8-byte little-endian value.
  Used for counts and lengths in TABLE_MAP, ROWS, TRANSACTION_PAYLOAD and
  optional-metadata fields. (0xfb means SQL NULL in the client protocol and
  does not occur in binlog events.)
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html
  - mysys/pack.cc net_field_length_ll()
seq:
  - id: first
    type: u1
  - id: rest
    type:
      switch-on: first
      cases:
        0xfc: u2
        0xfd: u3_le
        0xfe: u8
    doc: The wider value announced by `first`, absent below 251.
instances:
  value:
    value: |
      first < 0xfb ? first
      : first == 0xfc ? rest.as<u2>
      : first == 0xfd ? rest.as<u3_le>.value
      : first == 0xfe ? rest.as<u8>
      : 0
    doc: The decoded integer (0 for the NULL marker 0xfb and the invalid 0xff).
types:
  u3_le:
    doc: 3-byte little-endian unsigned integer (uint3korr).
    seq:
      - id: lo
        type: u2
      - id: hi
        type: u1
    instances:
      value:
        value: lo + hi * 65536
