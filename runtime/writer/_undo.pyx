# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled loop of the undo binlog (caller: ``_UndoWriter.write`` in ``runtime/writer/flashback.py``, which
is its Python twin: ``_read``, ``_lay_out`` and ``undo_rows_event``; tests/test_flashback_bytes.py holds the two
equal, byte for byte).

``undo_transactions`` lays out the undo of a plan's transactions, last first,
in the undo buffer, as the Python path does: each transaction's opening
frame (a GTID's number replaced), its rows events in reverse order (each
after its TABLE_MAP event: the header's type code turned, an UPDATE's two
column bitmaps swapped, STMT_END_F set, the row images in reverse order,
found by the shared scan of ``rows/image_scan.pxd``), its closing frame. It
stops, leaving the transaction to the Python path, at the first one it is not
sure of: another format, a compressed rows event, a rows event that is not
turned around (the Python path says why), images that do not end with the
event, a transaction the window cannot hold. Nothing of a transaction is laid
out until all of its rows events are known to turn around.
"""
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE, PyByteArray_Resize
from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

from image_scan cimport scan_images

cdef enum:
    _TYPE_CODE_OFFSET = 4
    _STMT_END_F = 1  # rows_event.h ``STMT_END_F``: the low byte of the flags
    _GTID_FIELDS = 5  # a GTID's fields in a transaction's flat record (flashback.py ``UndoTransaction``)
    _ROWS_FIELDS = 11  # a rows event's (``UndoRows``)


cdef struct _Scratch:
    int64_t* starts  # where each image starts, every rows event of the transaction one after the other
    Py_ssize_t starts_cap
    int64_t* values  # offsets then lengths of the values of the event being scanned (read by nobody)
    Py_ssize_t values_cap


cdef int _grow(int64_t** buf, Py_ssize_t* cap, Py_ssize_t need) except -1:
    cdef Py_ssize_t size
    cdef int64_t* grown
    if need <= cap[0]:
        return 0
    size = max(need, 2 * cap[0], 256)
    grown = <int64_t*>realloc(buf[0], size * sizeof(int64_t))
    if grown == NULL:
        raise MemoryError()
    buf[0], cap[0] = grown, size
    return 0


cdef char* _extend(bytearray out, Py_ssize_t n) except NULL:
    """Room for ``n`` more bytes at the end of ``out``: where they go."""
    cdef Py_ssize_t at = PyByteArray_GET_SIZE(out)
    PyByteArray_Resize(out, at + n)
    return PyByteArray_AS_STRING(out) + at


#: Images scanned at a time (the room for their values' offsets and lengths is kept for this many).
cdef Py_ssize_t _CHUNK = 256


cdef Py_ssize_t _scan_event(const uint8_t* images, Py_ssize_t size, tuple turn, _Scratch* room,
                            Py_ssize_t first) except -2:
    """Scan one rows event's ``size`` bytes of images with its layouts (``turn``: ``_UndoWriter._turn_of``'s
    new type code, the layouts' widths as bytes of int64, a row per layout, ``stride`` each, their column
    counts as bytes of int64, ``stride``): the image count, their starts at ``room.starts[first:]``; -1 when
    the images do not end exactly with the event or do not pair with the layouts."""
    cdef bytes widths = turn[1]
    cdef bytes ncols = turn[2]
    cdef Py_ssize_t width = turn[3]
    cdef Py_ssize_t nalt = len(ncols) // 8
    cdef Py_ssize_t pos = 0, img = 0
    cdef int status = 2
    if size <= 0:
        return -1
    _grow(&room.values, &room.values_cap, 2 * _CHUNK * width)
    while status == 2:  # room for _CHUNK more images each time (the values' room reused: nobody reads it)
        _grow(&room.starts, &room.starts_cap, first + img + _CHUNK)
        status = scan_images(images, size, <const int64_t*><const char*>widths, width,
                             <const int64_t*><const char*>ncols, nalt, &pos, &img, room.starts + first,
                             img + _CHUNK, room.values - img * width, room.values + _CHUNK * width - img * width,
                             width)
    if status != 0 or img == 0 or img % nalt:
        return -1
    return img


def undo_transactions(list transactions, Py_ssize_t upto, Py_ssize_t fmt_index, bytearray out, object window,
                      dict numbers, object turn_of, Py_ssize_t flush_bytes):
    """Lay out in ``out`` the undo of ``transactions[:upto]`` (a :class:`FlashbackPlan`'s flat records, see
    :class:`UndoTransaction`), last first, while they are of format ``fmt_index`` and ``out`` holds less than
    ``flush_bytes``: the index below which transactions are left (``upto`` when the last one is left to the
    Python path).

    ``window``: the :class:`BackwardWindow` of the file; ``numbers``: the new numbers of GTID events, by
    position (``_gtid_numbers``); ``turn_of(table, code, partial, width, bitmaps)``: for a rows event its new
    type code and prepared layouts, or None when it is not turned around here.
    """
    cdef _Scratch room
    cdef Py_ssize_t i = upto
    cdef tuple tx, number, turn
    cdef bytes data_bytes = None
    cdef bytes value
    cdef const uint8_t* p = NULL
    cdef char* o
    cdef Py_ssize_t wstart = 0, wend = 0
    cdef Py_ssize_t start, end, k, j, first, last, count, at, s, width, length, checksum_len
    cdef Py_ssize_t map_pos, map_end, pos, flags_at, image_end, nrows, ngtids, g, opening_at, rows_at, closing_at
    cdef Py_ssize_t code, r
    cdef list turns = []
    cdef list firsts = []  # where each rows event's image starts begin in room.starts, and where the last ends
    room.starts = room.values = NULL
    room.starts_cap = room.values_cap = 0
    try:
        while i > 0 and PyByteArray_GET_SIZE(out) < flush_bytes:
            tx = transactions[i - 1]
            if tx[0] != fmt_index:
                break
            start, end = tx[1], tx[2]
            if data_bytes is None or not (wstart <= start and end <= wend):
                window.cover(start, end)
                wstart, wend = window.start, window.end
                if not (wstart <= start and end <= wend):
                    break  # longer than the window: read event by event
                data_bytes = window.data
                p = <const uint8_t*><const char*>data_bytes - wstart  # p[x]: the byte at file offset x
            ngtids = tx[3]
            opening_at = 4 + _GTID_FIELDS * ngtids
            rows_at = opening_at + 1 + <Py_ssize_t>tx[opening_at]
            nrows = tx[rows_at]
            closing_at = rows_at + 1 + _ROWS_FIELDS * nrows
            # every rows event first: turned around here, its images scanned
            del turns[:]
            del firsts[:]
            first = 0
            for k in range(nrows):
                r = rows_at + 1 + _ROWS_FIELDS * k
                pos, end, code, s, width = tx[r + 2], tx[r + 3], tx[r + 5], tx[r + 6], tx[r + 7]
                bitmaps = data_bytes[pos + s - 2 * width - wstart:pos + s - wstart] if code == 24 or code == 31 \
                    else data_bytes[pos + s - width - wstart:pos + s - wstart]
                turn = turn_of(tx[r + 4], code, tx[r + 8], width, bitmaps)
                if turn is None:
                    break
                count = _scan_event(p + pos + s, end - <Py_ssize_t>tx[r + 10] - pos - s, turn, &room, first)
                if count < 0:
                    break
                turns.append(turn)
                firsts.append(first)
                first += count
            if len(turns) != nrows:
                break
            firsts.append(first)
            # the opening frame, a GTID's number replaced
            for k in range(opening_at + 1, rows_at, 2):
                first, last = tx[k], tx[k + 1]
                o = _extend(out, last - first)
                memcpy(o, p + first, last - first)
                for j in range(4, opening_at, _GTID_FIELDS):
                    g = tx[j]
                    if first <= g < last:
                        number = numbers.get(g)
                        if number is not None:
                            value = number[1]
                            memcpy(o + (g - first) + <Py_ssize_t>number[0], <const char*>value, 8)
            # the rows events, last first, each after its TABLE_MAP
            for k in range(nrows - 1, -1, -1):
                r = rows_at + 1 + _ROWS_FIELDS * k
                map_pos, map_end, pos, end = tx[r], tx[r + 1], tx[r + 2], tx[r + 3]
                code, s, width, flags_at, checksum_len = tx[r + 5], tx[r + 6], tx[r + 7], tx[r + 9], tx[r + 10]
                o = _extend(out, map_end - map_pos)
                memcpy(o, p + map_pos, map_end - map_pos)
                length = end - pos
                o = _extend(out, length)
                memcpy(o, p + pos, s)  # header, post-header, bitmaps
                memcpy(o + length - checksum_len, p + end - checksum_len, checksum_len)
                first = firsts[k]
                count = <Py_ssize_t>firsts[k + 1] - first
                image_end = length - checksum_len
                at = s
                for j in range(count - 1, -1, -1):  # the images in reverse order
                    last = room.starts[first + j + 1] if j + 1 < count else image_end - s
                    memcpy(o + at, p + pos + s + room.starts[first + j], last - room.starts[first + j])
                    at += last - room.starts[first + j]
                turn = turns[k]
                o[_TYPE_CODE_OFFSET] = <char>(<Py_ssize_t>turn[0])
                if code == 24 or code == 31:  # an update: its two column bitmaps swapped
                    memcpy(o + s - 2 * width, p + pos + s - width, width)
                    memcpy(o + s - width, p + pos + s - 2 * width, width)
                o[flags_at] = o[flags_at] | _STMT_END_F
            for k in range(closing_at + 1, closing_at + 1 + <Py_ssize_t>tx[closing_at], 2):
                first, last = tx[k], tx[k + 1]
                o = _extend(out, last - first)
                memcpy(o, p + first, last - first)
            i -= 1
    finally:
        free(room.starts)
        free(room.values)
    return i
