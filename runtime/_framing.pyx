# cython: language_level=3, boundscheck=False, wraparound=False
"""The compiled framing loop of ``BinlogReader`` (caller: ``runtime/reader.py``, ``_frame_block``).

``frame_events`` frames the plain events at the start of a block of file
bytes: the v4 common header (``event_header`` in ksy/binlog_event.ksy;
libs/mysql/binlog/event/binlog_event.h, LOG_EVENT_HEADER_LEN 19), the length
bounds and the CRC32 of each, and makes their ``Event`` objects as the
reader's own framing (``BinlogReader._next_event``) would. It stops, without
judging, at the first event it is not sure of: a type the caller marks
(format descriptions, START_ENCRYPTION, compressed transactions, unknown
types without checksums), a
length out of bounds, an event that does not end inside the block, a CRC32
that does not match. The reader frames that one itself, so every error and
every special event still goes through the one path that knows about them.
"""
from libc.stdint cimport uint8_t, uint32_t

from event_frame cimport HEADER_LEN, new_event, sure_length, u32  # runtime/event_frame.pxd

from binlog_ksy.runtime.event cimport Event  # runtime/event.pxd: its fields are set directly (event_frame.pxd)


def frame_events(bytes buf, Py_ssize_t base, str file, const uint8_t[::1] type_codes,
                 const uint8_t[::1] post_header_lengths, const uint8_t[::1] stop_types, bint has_crc32,
                 bint verify, Py_ssize_t max_length, list out, object seen, Py_ssize_t verified_end=0):
    """Append to ``out`` the events that start ``buf`` (``buf[0]`` is at file offset ``base``); the bytes used.

    ``type_codes`` and ``post_header_lengths`` are indexed by the type byte as
    written; ``stop_types`` by the type code in today's numbering (non-zero:
    leave it to the caller). ``seen`` (the reader's ``_Seen``) gets the server
    ids and the latest timestamp of the events made. The CRC32 of events that
    end by file offset ``verified_end`` is known good (``_checksums_ahead.pyx``).
    """
    cdef const uint8_t* p = buf
    cdef Py_ssize_t n = len(buf)
    cdef Py_ssize_t i = 0
    cdef Py_ssize_t length
    cdef uint8_t raw_type
    cdef int crc_len = 4 if has_crc32 else 0
    cdef Py_ssize_t min_len = HEADER_LEN + crc_len
    cdef bint check = has_crc32 and verify
    cdef Event event
    cdef set server_ids = seen.server_ids
    cdef uint32_t server_id, timestamp
    cdef uint32_t last_server_id = 0
    cdef bint any_server_id = False
    cdef long long latest = seen.last
    cdef Py_ssize_t verified = verified_end - base  # events that end by buf[verified]: CRC32 known good
    while True:
        length = sure_length(p, i, n, &type_codes[0], &stop_types[0], min_len, max_length, check, verified)
        if length < 0:
            break
        raw_type = p[i + 4]
        event = new_event(p, i, length, base, file, type_codes[raw_type], post_header_lengths[raw_type], crc_len)
        timestamp = u32(p + i)
        server_id = u32(p + i + 5)
        if timestamp > latest:
            latest = timestamp
        if server_id != last_server_id or not any_server_id:
            server_ids.add(server_id)
            last_server_id, any_server_id = server_id, True
        out.append(event)
        i += length
    seen.last = latest
    return i
