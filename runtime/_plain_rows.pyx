# cython: language_level=3, boundscheck=False, wraparound=False
"""The compiled walk of plain transactions for ``ChangeReader.rows_events`` (caller: ``runtime/changes.py``,
``_rows_events_in_blocks``).

A MariaDB transaction is *plain* when it is a GTID_EVENT, then ANNOTATE_ROWS, TABLE_MAP and rows events, and
an XID_EVENT (sql/log_event.h ``Gtid_log_event``, ``Xid_log_event``), all of it inside one block of framed
events, and the reader has read each piece before: the GTID's bytes after ``seq_no``
(``event_body.known_gtid_tail``), every TABLE_MAP's bytes (``ChangeReader.known_table_map``) and every rows
head (``ChangeReader.known_head_facts``); its last rows event ends its statement. The rule is
``plain_transactions.PlainTransactions``' (``stats``, ``filter --flashback``), which the same tests hold to
the event by event pass.

:meth:`PlainRows.walk` takes such transactions from a GTID event of a block on and makes the ``RowsEvent``
of each rows event as ``ChangeReader.accept`` would (its table map, op, bitmaps, row images, the
transaction's GTID and id), with no Python step per event: the pieces met in the last transaction are
compared byte for byte (an OLTP binlog repeats them), and only a piece not met just before is looked up by
the reader's own functions. It stops before the first transaction that is not plain (or ends past the
block), which the caller feeds event by event.
"""
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcmp

from binlog_ksy.runtime.event cimport Event  # runtime/event.pxd: its fields are read here directly

#: What each type code is to the walk (``kinds``, a bytes of 256, made by the caller from constants.py).
cdef enum:
    _OTHER = 0
    _TABLE_MAP = 1
    _ROWS = 2  # not compressed
    _ANNOTATE = 3
    _XID = 4
    _GTID = 5


cdef inline uint64_t _u64(const char* p) noexcept nogil:
    cdef const uint8_t* b = <const uint8_t*> p
    cdef uint64_t v = 0
    cdef int k
    for k in range(7, -1, -1):
        v = (v << 8) | b[k]
    return v


cdef inline bint _same(bytes known, const char* p, Py_ssize_t n):
    """Whether ``known`` is exactly the ``n`` bytes at ``p``."""
    return known is not None and PyBytes_GET_SIZE(known) == n and memcmp(PyBytes_AS_STRING(known), p, n) == 0


cdef class PlainRows:
    """The rows events of a ``ChangeReader``'s plain transactions, block by block (see the module docstring)."""

    cdef object reader
    cdef object rows_event
    cdef object tables
    cdef object known_gtid_tail
    cdef const uint8_t[::1] kinds
    # the pieces of the last transaction taken: GTID tail (with its post-header length) and domain id, the
    # TABLE_MAP body (and the schema history's version) and map, the rows head (with type code and post-header
    # length) and its facts
    cdef bytes tail
    cdef object tail_phl, domain
    cdef bytes map_body
    cdef object map_version, table_map
    cdef bytes head
    cdef object head_code, head_phl, facts

    def __init__(self, reader, rows_event, known_gtid_tail, const uint8_t[::1] kinds):
        self.reader = reader
        self.rows_event = rows_event
        self.tables = reader.tables
        self.known_gtid_tail = known_gtid_tail
        self.kinds = kinds

    def walk(self, list block, Py_ssize_t start, version):
        """The rows events of the plain transactions from ``block[start]`` (a MariaDB GTID event) on, in
        order, the index in ``block`` after the last of them, and its GTID event (None: none was plain).

        ``version``: the schema history's version (0 without one), part of a TABLE_MAP's identity.
        """
        cdef list out = []
        cdef list rows
        cdef Py_ssize_t i = start, j, n = len(block), body_len, head_len
        cdef Event g, ev
        cdef object last = None
        cdef int kind
        cdef const char* body
        cdef dict maps
        cdef bint earlier = True, ended
        cdef str gtid
        cdef object table_map, facts, known, rows_event, seq
        while i < n:
            g = <Event> block[i]
            if self.kinds[<int> g.type_code] != _GTID or g.in_payload is not None:
                break
            body = PyBytes_AS_STRING(g.raw) + <Py_ssize_t> g.header_len
            body_len = <Py_ssize_t> g.length - <Py_ssize_t> g.header_len - <Py_ssize_t> g.checksum_len
            if body_len <= 8:
                break
            if not (g.post_header_len == self.tail_phl and _same(self.tail, body + 8, body_len - 8)):
                known = self.known_gtid_tail(g.post_header_len, g.body_bytes)
                if known is None:
                    break
                self.tail, self.tail_phl, self.domain = PyBytes_FromStringAndSize(body + 8, body_len - 8), \
                    g.post_header_len, known[0].domain_id
            gtid = f"{self.domain}-{g.server_id}-{_u64(body)}"  # as event_fields.known_mariadb_gtid
            seq = g.pos
            rows = []
            maps = {}
            ended = False
            j = i + 1
            while j < n:
                ev = <Event> block[j]
                j += 1
                if ev.in_payload is not None:
                    break
                kind = self.kinds[<int> ev.type_code]
                body = PyBytes_AS_STRING(ev.raw) + <Py_ssize_t> ev.header_len
                body_len = <Py_ssize_t> ev.length - <Py_ssize_t> ev.header_len - <Py_ssize_t> ev.checksum_len
                if kind == _TABLE_MAP:
                    if version == self.map_version and _same(self.map_body, body, body_len):
                        table_map = self.table_map
                    else:
                        table_map = self.reader.known_table_map(ev)
                        if table_map is None:
                            break
                        self.map_body, self.map_version, self.table_map = \
                            PyBytes_FromStringAndSize(body, body_len), version, table_map
                    maps[table_map.table_id] = table_map
                    ended = False
                elif kind == _ROWS:
                    head_len = PyBytes_GET_SIZE(self.head) if self.head is not None else -1
                    if (ev.type_code == self.head_code and ev.post_header_len == self.head_phl
                            and 0 <= head_len <= body_len and memcmp(PyBytes_AS_STRING(self.head), body, head_len) == 0):
                        facts = self.facts
                    else:
                        known = self.reader.known_head_facts(ev)
                        if known is None:
                            break
                        facts = known[0]
                        head_len = body_len - len(known[1])
                        self.head, self.head_code, self.head_phl, self.facts = \
                            PyBytes_FromStringAndSize(body, head_len), ev.type_code, ev.post_header_len, facts
                    if facts.version == 0 or facts.partial_json:
                        break
                    table_map = maps.get(facts.table_id)
                    if table_map is None and earlier:
                        table_map = self.tables.get(facts.table_id)
                    if table_map is None:
                        break
                    rows_event = self.rows_event.__new__(self.rows_event)
                    rows_event.event = ev
                    rows_event.table_map = table_map
                    rows_event.op = facts.op
                    rows_event.present_before = facts.present_before
                    rows_event.present_after = facts.present_after
                    rows_event.data = PyBytes_FromStringAndSize(body + head_len, body_len - head_len)
                    rows_event.partial_json = False
                    rows_event.gtid = gtid
                    rows_event.transaction = seq
                    rows.append(rows_event)
                    if facts.stmt_end:  # the statement ends: every map is forgotten
                        maps = {}
                        earlier = False
                        ended = True
                elif kind == _XID:
                    if ended:
                        out.extend(rows)
                        self.tables.end_statement()
                        last = g
                        i = j
                    break
                elif kind != _ANNOTATE:
                    break
            if last is not g:  # not plain, or not whole in the block: from its GTID event on, event by event
                break
            earlier = True  # the statement ended: the reader's maps are forgotten (end_statement above)
        return out, i, last
