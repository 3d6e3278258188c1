# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The copy loop of :func:`.arrow_text.join`: pieces of text put end to end, row by row.

Arrow's ``binary_join_element_wise`` does the same for any number of arrays and scalars; on the JSON lines and
SQL statements made of many short pieces its cost per element was a third of ``rows --format jsonl`` on the
bulk benchmark. ``arrow_text.join`` works out the rows' lengths and where each starts with numpy, then this
copies the bytes; ``tests/test_arrow_text.py`` holds it equal to ``binary_join_element_wise``.
"""
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memcpy


def copy_pieces(uint8_t[::1] out, int64_t[::1] at, const uint8_t[::1] valid, list pieces) -> None:
    """Append each piece to each valid row of ``out``: ``at[i]``, row ``i``'s next byte, moves on.

    ``pieces``: ``(text, None)`` for a constant (the same bytes in every row), ``(data, offsets)`` for an
    array (row ``i``'s bytes ``data[offsets[i]:offsets[i + 1]]``). ``valid`` empty: every row is valid.
    """
    cdef Py_ssize_t n = at.shape[0], i
    cdef bint every = valid.shape[0] == 0
    cdef const uint8_t[::1] data
    cdef const int32_t[::1] offsets
    cdef const uint8_t* src
    cdef int64_t size, start
    for piece in pieces:
        data = piece[0]
        if piece[1] is None:
            size = data.shape[0]
            if size == 0:
                continue
            src = &data[0]
            for i in range(n):
                if every or valid[i]:
                    memcpy(&out[at[i]], src, size)
                    at[i] += size
            continue
        offsets = piece[1]
        for i in range(n):
            if every or valid[i]:
                start = offsets[i]
                size = offsets[i + 1] - start
                if size:
                    memcpy(&out[at[i]], &data[start], size)
                    at[i] += size
