# cython: language_level=3, boundscheck=False, wraparound=False
"""The compiled loop of ``BinlogWriter.write_joined`` (runtime/writer/binlog.py; its Python twin there is
``_seal_events_python``, held equal to this one by tests/test_flashback_bytes.py).

``seal_events`` walks events laid back to back in a buffer by their own
event-length fields (the common header: libs/mysql/binlog/event/binlog_event.h
``EVENT_LEN_OFFSET`` 9, ``LOG_POS_OFFSET`` 13) and writes, in place, each
one's next position (where the next event starts in the file being written)
and its CRC32 over header and body (sql/log_event.cc
``Log_event::write_footer``).
"""
from libc.stdint cimport uint8_t, uint32_t

from zlib_crc32 cimport zlib_crc32

cdef enum:
    _LENGTH_START = 9
    _NEXT_POSITION_START = 13
    _CHECKSUM_LEN = 4


cdef inline uint32_t _u32(const uint8_t* p) noexcept nogil:
    return p[0] | (<uint32_t>p[1] << 8) | (<uint32_t>p[2] << 16) | (<uint32_t>p[3] << 24)


cdef inline void _put_u32(uint8_t* p, uint32_t v) noexcept nogil:
    p[0] = v & 0xFF
    p[1] = (v >> 8) & 0xFF
    p[2] = (v >> 16) & 0xFF
    p[3] = (v >> 24) & 0xFF


def seal_events(bytearray buf, Py_ssize_t position, bint next_position, bint checksum):
    """Seal the events of ``buf``, the first written at file offset ``position``: (the offset after the
    last one, how many events)."""
    cdef Py_ssize_t n = len(buf)
    cdef Py_ssize_t i = 0
    cdef Py_ssize_t length
    cdef Py_ssize_t count = 0
    cdef Py_ssize_t least = (_NEXT_POSITION_START + 4 if next_position else _LENGTH_START + 4) + \
        (_CHECKSUM_LEN if checksum else 0)
    cdef unsigned char* p = buf
    while i < n:
        if n - i < least:
            raise ValueError(f"{n - i} bytes at {i} are not a whole event")
        length = _u32(p + i + _LENGTH_START)
        if length < least or length > n - i:
            raise ValueError(f"event at {i} of length {length} does not fit in {n - i} bytes")
        position += length
        if position > 0xFFFFFFFF:
            raise ValueError(f"next position {position} past 4 GiB")
        if next_position:
            _put_u32(p + i + _NEXT_POSITION_START, <uint32_t>position)
        if checksum:
            _put_u32(p + i + length - _CHECKSUM_LEN,
                     <uint32_t>zlib_crc32(0, p + i, <unsigned int>(length - _CHECKSUM_LEN)))
        i += length
        count += 1
    return position, count
