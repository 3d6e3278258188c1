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

from zlib_crc32 cimport zlib_crc32

from binlog_ksy.runtime.event cimport Event  # runtime/event.pxd: its fields are set here directly

cdef enum:
    _HEADER_LEN = 19
#: zlib.crc32 of bytes followed by their own CRC32 (little-endian): see reader.CRC32_RESIDUE.
cdef uint32_t _RESIDUE = 0x2144DF1C


cdef inline uint32_t _u32(const uint8_t* p) noexcept nogil:
    return p[0] | (<uint32_t>p[1] << 8) | (<uint32_t>p[2] << 16) | (<uint32_t>p[3] << 24)


def frame_events(bytes buf, Py_ssize_t base, str file, const uint8_t[::1] type_codes,
                 const uint8_t[::1] post_header_lengths, const uint8_t[::1] stop_types, bint has_crc32,
                 bint verify, Py_ssize_t max_length, list out, object seen):
    """Append to ``out`` the events that start ``buf`` (``buf[0]`` is at file offset ``base``); the bytes used.

    ``type_codes`` and ``post_header_lengths`` are indexed by the type byte as
    written; ``stop_types`` by the type code in today's numbering (non-zero:
    leave it to the caller). ``seen`` (the reader's ``_Seen``) gets the server
    ids and the latest timestamp of the events made.
    """
    cdef const uint8_t* p = buf
    cdef Py_ssize_t n = len(buf)
    cdef Py_ssize_t i = 0
    cdef Py_ssize_t length
    cdef uint8_t raw_type, code
    cdef int crc_len = 4 if has_crc32 else 0
    cdef Py_ssize_t min_len = _HEADER_LEN + crc_len
    cdef bint check = has_crc32 and verify
    cdef object raw
    cdef Event event
    cdef set server_ids = seen.server_ids
    cdef uint32_t server_id, timestamp
    cdef uint32_t last_server_id = 0
    cdef bint any_server_id = False
    cdef long long latest = seen.last
    while i + _HEADER_LEN <= n:
        raw_type = p[i + 4]
        code = type_codes[raw_type]
        if stop_types[code]:
            break
        length = _u32(p + i + 9)
        if length < min_len or length > max_length or i + length > n:
            break
        if check and <uint32_t>zlib_crc32(0, p + i, <unsigned int>length) != _RESIDUE:
            break
        raw = buf[i:i + length]
        event = Event.__new__(Event)
        event.file = file
        event.pos = base + i
        event.type_code = code
        timestamp = _u32(p + i)
        server_id = _u32(p + i + 5)
        event.timestamp = timestamp
        event.server_id = server_id
        if timestamp > latest:
            latest = timestamp
        if server_id != last_server_id or not any_server_id:
            server_ids.add(server_id)
            last_server_id, any_server_id = server_id, True
        event.length = length
        event.end_pos = _u32(p + i + 13)
        event.flags = p[i + 17] | (p[i + 18] << 8)
        event.raw = raw
        event.header_len = _HEADER_LEN
        event.checksum_len = crc_len
        event.post_header_len = post_header_lengths[raw_type]
        event.in_payload = None
        event._body = None
        out.append(event)
        i += length
    seen.last = latest
    return i
