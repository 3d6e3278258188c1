# cython: language_level=3
"""The fields of ``Event`` (runtime/event.py), compiled as an extension type: the compiled framing loop
(``_framing.pyx``) cimports it and sets them directly. The same names and order as its ``__slots__``."""

cdef class Event:
    cdef public object file, pos, type_code, timestamp, server_id, length, end_pos, flags, raw, header_len
    cdef public object checksum_len, post_header_len, in_payload, _body
