# cython: language_level=3, boundscheck=False, wraparound=False
"""The CRC32 of a file's events verified ahead of the reader, by a thread that holds no GIL (caller:
``runtime/reader.py``, ``BinlogReader._frame_block``).

From an event start, :class:`ChecksumsAhead` goes from event to event by the length in each common header
(``event_header`` in ksy/binlog_event.ksy; libs/mysql/binlog/event/binlog_event.h, LOG_EVENT_HEADER_LEN 19,
EVENT_LEN_OFFSET 9) and checks each event's CRC32 as the framing loops do (``event_frame.pxd``: the whole
event, its checksum included, gives ``CRC32_RESIDUE``). :attr:`ChecksumsAhead.verified_end` is where the
events it vouches for end: every event from the start up to there has a matching CRC32. It stops, vouching for
nothing more, at the first event it cannot check: a length out of bounds, a CRC32 that does not match (a
format description's, whose flag byte is cleared first, say), the end of the file.

The reader frames the same file from the same start, going from event to event by the same lengths, so each
event it frames before ``verified_end`` is one of those (as long as it did not jump elsewhere: after damage it
stops asking). The framing loops then skip the CRC32 of those events (``sure_length``'s ``verified``): the
same events, errors and positions as checking them again, with the work on another core.
"""
from libc.stdint cimport uint8_t, uint32_t
from libc.stdlib cimport free, malloc
from posix.unistd cimport close, pread

from event_frame cimport CRC32_RESIDUE, HEADER_LEN, u32  # runtime/event_frame.pxd
from zlib_crc32 cimport zlib_crc32

cdef enum:
    CHECKSUM_LEN = 4
    #: Bytes read at a time (an event longer than this is checked in pieces).
    CHUNK = 1 << 20


cdef class ChecksumsAhead:
    """Checks the CRC32 of the events of the file open as ``fd`` (which it closes when done) from the event
    at ``start`` on; :meth:`run` does it (in a thread of its own), :meth:`stop` ends it early."""

    cdef int fd
    cdef long long start, max_length
    cdef long long _verified
    cdef int _stopped

    def __cinit__(self, int fd, long long start, long long max_length):
        self.fd = fd
        self.start = start
        self.max_length = max_length
        self._verified = start
        self._stopped = 0

    @property
    def verified_end(self) -> int:
        """Where the events it vouches for end (``start`` until it has checked one)."""
        return self._verified

    def stop(self) -> None:
        """End :meth:`run` at its next event (it vouches for no more)."""
        self._stopped = 1

    def run(self) -> None:
        """Check event after event until one cannot be checked, the file ends or :meth:`stop`; then close the
        file. The GIL is released throughout."""
        with nogil:
            self._run()
            close(self.fd)

    cdef void _run(self) noexcept nogil:
        cdef uint8_t* buf = <uint8_t*> malloc(CHUNK)
        cdef long long pos = self.start, at = 0, length, done
        cdef Py_ssize_t have = 0, got, piece
        cdef uint32_t crc
        if buf == NULL:
            return
        while not self._stopped:
            # the window buf[0:have] holds the file's bytes from ``at``: the event at ``pos`` must be in it
            if pos + HEADER_LEN > at + have or pos + HEADER_LEN > at + CHUNK:
                at, have = pos, pread(self.fd, buf, CHUNK, pos)
                if have < HEADER_LEN:
                    break
            length = u32(buf + (pos - at) + 9)
            if length < HEADER_LEN + CHECKSUM_LEN or length > self.max_length:
                break
            if pos + length <= at + have:
                crc = <uint32_t> zlib_crc32(0, buf + (pos - at), <unsigned int> length)
            elif length <= CHUNK:  # read again from the event's start
                at, have = pos, pread(self.fd, buf, CHUNK, pos)
                if have < length:
                    break
                crc = <uint32_t> zlib_crc32(0, buf, <unsigned int> length)
            else:  # longer than a window: in pieces (the window is then read again after it)
                crc, done = 0, 0
                while done < length and not self._stopped:
                    piece = CHUNK if length - done > CHUNK else <Py_ssize_t> (length - done)
                    got = pread(self.fd, buf, piece, pos + done)
                    if got != piece:
                        break
                    crc = <uint32_t> zlib_crc32(crc, buf, <unsigned int> piece)
                    done += piece
                at, have = pos, 0
                if done < length:
                    break
            if crc != CRC32_RESIDUE:
                break
            pos += length
            self._verified = pos
        free(buf)
