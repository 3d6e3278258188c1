# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled loops of the columnar row decoder (callers: ``row_scan.py``, which documents them).

``scan`` walks row images (null bitmap, then the values of present non-NULL
columns) and records where every value starts and how long it is (the loop
is ``image_scan.pxd``'s, shared with the undo binlog's); ``gather``
copies variable-length values end to end, ``gather_sized`` values of one size. Bounds are checked against ``end``
by ``scan`` itself; ``gather`` trusts what ``scan`` found.
"""
from libc.stdint cimport int64_t, uint8_t
from libc.string cimport memcpy

from image_scan cimport scan_images


cdef inline int _scan(const uint8_t[::1] data, Py_ssize_t end, const int64_t[:, ::1] widths,
                      const int64_t[::1] ncols, Py_ssize_t nalt, Py_ssize_t* pos_io, Py_ssize_t* img_io,
                      int64_t[::1] starts, int64_t[:, ::1] offsets, int64_t[:, ::1] lengths) noexcept nogil:
    """``image_scan.scan_images`` over typed views (``offsets`` and ``lengths`` a row per image)."""
    if data.shape[0] == 0 or end <= 0:
        return 0
    return scan_images(&data[0], end, &widths[0, 0], widths.shape[1], &ncols[0], nalt, pos_io, img_io,
                       &starts[0], starts.shape[0], &offsets[0, 0], &lengths[0, 0], offsets.shape[1])


def scan(const uint8_t[::1] data, Py_ssize_t end, const int64_t[:, ::1] widths, const int64_t[::1] ncols,
         Py_ssize_t nalt, Py_ssize_t pos, Py_ssize_t img, int64_t[::1] starts, int64_t[:, ::1] offsets,
         int64_t[:, ::1] lengths):
    cdef int status
    with nogil:
        status = _scan(data, end, widths, ncols, nalt, &pos, &img, starts, offsets, lengths)
    return img, pos, status


def gather(const uint8_t[::1] data, const int64_t[::1] offsets, const int64_t[::1] lengths,
           const int64_t[::1] out_offsets, uint8_t[::1] out):
    cdef Py_ssize_t i
    with nogil:
        for i in range(offsets.shape[0]):
            if offsets[i] >= 0 and lengths[i] > 0:
                memcpy(&out[out_offsets[i]], &data[offsets[i]], lengths[i])


def gather_sized(const uint8_t[::1] data, const int64_t[::1] offsets, Py_ssize_t size, uint8_t[::1] out):
    """Copy the ``size`` bytes at ``offsets[i]`` to ``out[i * size]`` (none for a NULL, whose offset is < 0)."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(offsets.shape[0]):
            if offsets[i] >= 0:
                memcpy(&out[i * size], &data[offsets[i]], size)


cdef class KeptRoom:
    """``scan`` from the first byte of a buffer into room kept with a table's layouts (``image_bounds``): the
    typed views of the layouts and of the room are taken once, not at every call, for rows events of few
    images (OLTP). ``scan(data)`` gives ``(images, status)``; the starts are in ``starts``."""

    cdef const int64_t[:, ::1] widths
    cdef const int64_t[::1] ncols
    cdef int64_t[::1] starts
    cdef int64_t[:, ::1] offsets
    cdef int64_t[:, ::1] lengths
    cdef Py_ssize_t nalt

    def __init__(self, const int64_t[:, ::1] widths, const int64_t[::1] ncols, int64_t[::1] starts,
                 int64_t[:, ::1] offsets, int64_t[:, ::1] lengths):
        self.widths, self.ncols, self.starts, self.offsets, self.lengths = widths, ncols, starts, offsets, lengths
        self.nalt = ncols.shape[0]

    def scan(self, const uint8_t[::1] data):
        cdef Py_ssize_t pos = 0
        cdef Py_ssize_t img = 0
        cdef int status = _scan(data, data.shape[0], self.widths, self.ncols, self.nalt, &pos, &img, self.starts,
                                self.offsets, self.lengths)
        return img, status
