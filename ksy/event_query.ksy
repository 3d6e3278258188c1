meta:
  id: event_query
  endian: le
types:
  query_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  load_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  create_file_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  append_block_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  exec_load_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  delete_file_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  begin_load_query_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
  execute_load_query_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
