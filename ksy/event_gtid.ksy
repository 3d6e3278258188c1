meta:
  id: event_gtid
  endian: le
types:
  gtid_event:
    seq:
      - {id: raw, size-eos: true}
  gtid_tagged_event:
    seq:
      - {id: raw, size-eos: true}
  previous_gtids_event:
    seq:
      - {id: raw, size-eos: true}
  transaction_context_event:
    seq:
      - {id: raw, size-eos: true}
  view_change_event:
    seq:
      - {id: raw, size-eos: true}
  xa_prepare_event:
    seq:
      - {id: raw, size-eos: true}
  transaction_payload_event:
    seq:
      - {id: raw, size-eos: true}
