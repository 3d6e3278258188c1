# cython: language_level=3
"""The framing of one v4 event in a block of file bytes, shared by the compiled loops that frame events
(``_framing.pyx``) and that take plain transactions from the bytes (``_plain_rows.pyx``): the common header
(``event_header`` in ksy/binlog_event.ksy; libs/mysql/binlog/event/binlog_event.h, LOG_EVENT_HEADER_LEN 19), the
length bounds and the CRC32, and the ``Event`` the reader's own framing (``BinlogReader._next_event``) makes.
Inline functions only: no module of its own."""

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdint cimport uint8_t, uint32_t

from zlib_crc32 cimport zlib_crc32

from binlog_ksy.runtime.event cimport Event

cdef enum:
    HEADER_LEN = 19
    #: zlib.crc32 of bytes followed by their own CRC32 (little-endian): see reader.CRC32_RESIDUE.
    CRC32_RESIDUE = 0x2144DF1C


cdef inline uint32_t u32(const uint8_t* p) noexcept nogil:
    return p[0] | (<uint32_t>p[1] << 8) | (<uint32_t>p[2] << 16) | (<uint32_t>p[3] << 24)


cdef inline Py_ssize_t sure_length(const uint8_t* p, Py_ssize_t i, Py_ssize_t n, const uint8_t* type_codes,
                                   const uint8_t* stop_types, Py_ssize_t min_len, Py_ssize_t max_length,
                                   bint check, Py_ssize_t verified) noexcept nogil:
    """The length of the event at ``p[i]`` (of ``n`` bytes) when the framing is sure of it, else -1: a type
    ``stop_types`` marks (by the type code in today's numbering, ``type_codes`` of the type byte), a length out
    of bounds or past ``n``, a CRC32 that does not match (``check``; not checked again for an event that ends
    by ``p[verified]``, one whose CRC32 ``_checksums_ahead.pyx`` found good)."""
    if i + HEADER_LEN > n or stop_types[type_codes[p[i + 4]]]:
        return -1
    cdef Py_ssize_t length = u32(p + i + 9)
    if length < min_len or length > max_length or i + length > n:
        return -1
    if check and i + length > verified and <uint32_t>zlib_crc32(0, p + i, <unsigned int>length) != CRC32_RESIDUE:
        return -1
    return length


cdef inline Event new_event(const uint8_t* p, Py_ssize_t i, Py_ssize_t length, Py_ssize_t base, str file,
                            uint8_t code, uint8_t post_header_len, int crc_len):
    """The event of ``length`` bytes at ``p[i]`` (file offset ``base + i``; ``code``: its type code in today's
    numbering)."""
    cdef Event event = Event.__new__(Event)
    event.file = file
    event.pos = base + i
    event.type_code = code
    event.timestamp = u32(p + i)
    event.server_id = u32(p + i + 5)
    event.length = length
    event.end_pos = u32(p + i + 13)
    event.flags = p[i + 17] | (p[i + 18] << 8)
    event.raw = PyBytes_FromStringAndSize(<const char*> p + i, length)
    event.header_len = HEADER_LEN
    event.checksum_len = crc_len
    event.post_header_len = post_header_len
    event.in_payload = None
    event._body = None
    return event
