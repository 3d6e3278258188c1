meta:
  id: event_table_map
  endian: le
types:
  table_map_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
