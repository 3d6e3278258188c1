meta:
  id: event_rows
  endian: le
types:
  rows_event:
    params:
      - {id: type_code, type: u1}
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
