meta:
  id: event_mariadb
  endian: le
types:
  annotate_rows_event:
    seq:
      - {id: raw, size-eos: true}
  binlog_checkpoint_event:
    seq:
      - {id: raw, size-eos: true}
  mariadb_gtid_event:
    seq:
      - {id: raw, size-eos: true}
  gtid_list_event:
    seq:
      - {id: raw, size-eos: true}
  start_encryption_event:
    seq:
      - {id: raw, size-eos: true}
  query_compressed_event:
    params:
      - {id: post_header_len, type: u1}
    seq:
      - {id: raw, size-eos: true}
