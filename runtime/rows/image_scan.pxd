# cython: language_level=3
"""The scan of row images, shared by the compiled modules that cimport it (``_scan.pyx``, the columnar
decoder's and ``filter``'s; ``writer/_undo.pyx``, the undo binlog's): declarations and one inline function, no
module of its own.

``scan_images`` walks row images (null bitmap, then the values of present
non-NULL columns; the layouts used in turn, see ``runtime/rows/scan.py``) and
records where every image starts and where every value starts and how long it
is. A layout's widths: ``w >= 0`` a value of ``w`` bytes, ``w < 0`` a length of
``-w`` bytes then that many bytes. Bounds are checked against ``end``. Status:
0 every byte up to ``end`` used, 1 an image does not end before ``end`` (left
out), 2 ``cap`` images found and bytes left.
"""
from libc.stdint cimport int64_t, uint8_t


cdef inline int scan_images(const uint8_t* data, Py_ssize_t end, const int64_t* widths, Py_ssize_t widths_stride,
                            const int64_t* ncols, Py_ssize_t nalt, Py_ssize_t* pos_io, Py_ssize_t* img_io,
                            int64_t* starts, Py_ssize_t cap, int64_t* offsets, int64_t* lengths,
                            Py_ssize_t values_stride) noexcept nogil:
    cdef Py_ssize_t pos = pos_io[0]
    cdef Py_ssize_t img = img_io[0]
    cdef Py_ssize_t a, nc, nb, start, k, p, i
    cdef int64_t w, n
    cdef int64_t* offs
    cdef int64_t* lens
    cdef int status = 0
    while pos < end:
        if img >= cap:
            status = 2
            break
        a = img % nalt
        nc = ncols[a]
        nb = (nc + 7) >> 3
        start = pos
        if pos + nb > end:
            status = 1
            break
        pos += nb
        offs = offsets + img * values_stride
        lens = lengths + img * values_stride
        for k in range(nc):
            if (data[start + (k >> 3)] >> (k & 7)) & 1:
                offs[k] = -1
                lens[k] = 0
                continue
            w = widths[a * widths_stride + k]
            if w >= 0:
                offs[k] = pos
                lens[k] = w
                pos += w
            else:
                p = -w
                if pos + p > end:
                    status = 1
                    break
                n = 0
                for i in range(p):
                    n |= (<int64_t>data[pos + i]) << (8 * i)
                pos += p
                offs[k] = pos
                lens[k] = n
                pos += n
            if pos > end:
                status = 1
                break
        if status:
            pos = start
            break
        starts[img] = start
        img += 1
    pos_io[0] = pos
    img_io[0] = img
    return status
