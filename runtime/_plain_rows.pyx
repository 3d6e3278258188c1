# cython: language_level=3, boundscheck=False, wraparound=False
"""The compiled walk of plain transactions: ``ChangeReader.rows_events`` takes their rows events
(:class:`PlainRows`), ``stats`` and ``filter --flashback`` their changes (:class:`PlainChanges`, through
``plain_transactions.PlainTransactions``), with no Python step per event.

A MariaDB transaction is *plain* when it is a GTID_EVENT, then ANNOTATE_ROWS, TABLE_MAP and rows events, and
an XID_EVENT (sql/log_event.h ``Gtid_log_event``, ``Xid_log_event``), all of it inside one block of framed
events (``BinlogReader.blocks``), and the ``ChangeReader`` has read each piece before: the GTID's bytes after
``seq_no`` (``event_body.known_gtid_tail``), every TABLE_MAP's bytes (``ChangeReader.known_table_map``) and
every rows head (``ChangeReader.known_head_facts``, a head not of partial JSON nor of a pre-GA 5.1 server);
each rows event's table map is one of the transaction's, or the reader's before its first statement ended;
its last rows event ends its statement. Nothing in it is then parsed and nothing can fail, and the reader is
after it as after the event by event pass (``ChangeReader.after_plain_transaction``; the maps of its
statements forgotten).

The pieces met in the last transaction are compared byte for byte (an OLTP binlog repeats them); TABLE_MAP
bodies and rows heads met earlier are kept by their bytes too (a binlog that writes to a few tables in turn
repeats them, not in a row): only a piece not met before is looked up by the reader's own functions. A walk stops before the first transaction
that is not plain, or does not end in the block, which the caller feeds event by event
(``ChangeReader.accept``). ``tests/test_plain_rows.py``, ``tests/test_plain_transactions.py`` and
``tests/test_flashback_fast_paths.py`` hold what each caller makes equal to the event by event pass.
"""
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcmp

from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.event_body import known_gtid_tail

from binlog_ksy.runtime.event cimport Event  # runtime/event.pxd: its fields are read here directly

cdef enum:
    _OTHER = 0
    _TABLE_MAP = 1
    _ROWS = 2  # not compressed
    _ANNOTATE = 3
    _XID = 4
    _GTID = 5

#: What each type code is to the walk.
cdef bytes _KINDS = bytes(
    _TABLE_MAP if code == et.TABLE_MAP_EVENT
    else _ROWS if code in et.ROWS_EVENTS and "compressed" not in et.EventType(code).name
    else _ANNOTATE if code == et.ANNOTATE_ROWS_EVENT else _XID if code == et.XID_EVENT
    else _GTID if code == et.MARIADB_GTID_EVENT else _OTHER
    for code in range(256))
cdef const uint8_t* _kinds = <const uint8_t*> PyBytes_AS_STRING(_KINDS)


#: TABLE_MAP bodies and rows heads a walk keeps at most (then it forgets them all and starts again).
KEPT = 1024


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


cdef inline const char* _body(Event ev, Py_ssize_t* body_len):
    body_len[0] = <Py_ssize_t> ev.length - <Py_ssize_t> ev.header_len - <Py_ssize_t> ev.checksum_len
    return PyBytes_AS_STRING(ev.raw) + <Py_ssize_t> ev.header_len


def is_plain_start(Event event):
    """Whether a walk may start at ``event``: a MariaDB GTID event (not inside a compressed transaction)."""
    return _kinds[<int> event.type_code] == _GTID and event.in_payload is None


cdef class _Walk:
    """A walk over a reader's plain transactions: the pieces of the last one taken, and a transaction's
    rows events with their table maps and heads."""

    cdef object reader, tables
    # the last GTID tail (with its post-header length) and its domain id; TABLE_MAP body (with the schema
    # history's version) and map; rows head (with type code and post-header length) and its facts
    cdef bytes tail
    cdef object tail_phl, domain
    cdef bytes map_body
    cdef object map_version, table_map
    cdef bytes head
    cdef object head_code, head_phl, facts
    # TABLE_MAP bodies met under the schema history's version ``maps_version``: body -> map; rows heads met:
    # type code, post-header length and post-header -> (head, facts). At most KEPT of each.
    cdef dict maps_met, heads_met
    cdef object maps_version
    # the transaction being walked: each rows event with its table map, head facts, head length and its
    # map's event (None: a map of before the transaction)
    cdef list found

    def __init__(self, reader):
        self.reader = reader
        self.tables = reader.tables
        self.found = []
        self.maps_met = {}
        self.heads_met = {}

    cdef object _domain(self, Event g):
        """The domain id of a GTID event whose tail is known (None: not known, or no tail); :attr:`domain` too."""
        cdef Py_ssize_t body_len
        cdef const char* body = _body(g, &body_len)
        if body_len <= 8:
            return None
        if g.post_header_len == self.tail_phl and _same(self.tail, body + 8, body_len - 8):
            return self.domain
        known = known_gtid_tail(g.post_header_len, g.body_bytes)
        if known is None:
            return None
        self.tail, self.tail_phl, self.domain = PyBytes_FromStringAndSize(body + 8, body_len - 8), \
            g.post_header_len, known[0].domain_id
        return self.domain

    cdef object _table_map(self, Event ev, object version):
        cdef Py_ssize_t body_len
        cdef const char* body = _body(ev, &body_len)
        if version == self.map_version and _same(self.map_body, body, body_len):
            return self.table_map
        if version != self.maps_version:
            self.maps_met.clear()
            self.maps_version = version
        key = PyBytes_FromStringAndSize(body, body_len)
        table_map = self.maps_met.get(key)
        if table_map is None:
            table_map = self.reader.known_table_map(ev)
            if table_map is None:
                return None
            if len(self.maps_met) >= KEPT:
                self.maps_met.clear()
            self.maps_met[key] = table_map
        self.map_body, self.map_version, self.table_map = key, version, table_map
        return table_map

    cdef object _facts(self, Event ev, Py_ssize_t* head_len):
        cdef Py_ssize_t body_len
        cdef const char* body = _body(ev, &body_len)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(self.head) if self.head is not None else -1
        cdef Py_ssize_t phl = <Py_ssize_t> ev.post_header_len
        cdef bytes head
        if (ev.type_code == self.head_code and ev.post_header_len == self.head_phl and 0 <= n <= body_len
                and memcmp(PyBytes_AS_STRING(self.head), body, n) == 0):
            head_len[0] = n
            return self.facts
        key = (ev.type_code, ev.post_header_len, PyBytes_FromStringAndSize(body, phl if phl <= body_len else body_len))
        met = self.heads_met.get(key)
        if met is not None:
            head = <bytes> met[0]
            n = PyBytes_GET_SIZE(head)
            if n <= body_len and memcmp(PyBytes_AS_STRING(head), body, n) == 0:
                facts = met[1]
            else:
                met = None
        if met is None:
            known = self.reader.known_head_facts(ev)
            if known is None:
                return None
            facts = known[0]
            n = body_len - len(known[1])
            head = PyBytes_FromStringAndSize(body, n)
            if len(self.heads_met) >= KEPT:
                self.heads_met.clear()
            self.heads_met[key] = (head, facts)
        self.head, self.head_code, self.head_phl, self.facts = head, ev.type_code, ev.post_header_len, facts
        head_len[0] = n
        return facts

    cdef Py_ssize_t _transaction(self, list block, Py_ssize_t start, object version, bint earlier):
        """Walk the transaction ``block[start]`` begins: the index after its XID when it is plain (its rows events
        in :attr:`found`, its GTID's domain in :attr:`domain`), -1 otherwise. ``earlier``: the reader's maps of
        before it hold until a statement ends in it."""
        cdef Py_ssize_t j = start + 1, n = len(block), head_len
        cdef Event ev
        cdef int kind
        cdef dict maps = {}  # by table id: the map and its event, since the last statement ended in it
        cdef bint ended = False  # a rows event ended its statement and no TABLE_MAP came after it
        del self.found[:]
        if not is_plain_start(block[start]) or self._domain(<Event> block[start]) is None:
            return -1
        while j < n:
            ev = <Event> block[j]
            j += 1
            if ev.in_payload is not None:
                return -1
            kind = _kinds[<int> ev.type_code]
            if kind == _TABLE_MAP:
                table_map = self._table_map(ev, version)
                if table_map is None:
                    return -1
                maps[table_map.table_id] = (table_map, ev)
                ended = False
            elif kind == _ROWS:
                facts = self._facts(ev, &head_len)
                if facts is None or facts.version == 0 or facts.partial_json:
                    return -1
                found = maps.get(facts.table_id)
                if found is not None:
                    table_map, map_event = found
                else:
                    table_map = self.tables.get(facts.table_id) if earlier else None
                    map_event = None
                if table_map is None:
                    return -1
                self.found.append((ev, table_map, facts, head_len, map_event))
                if facts.stmt_end:  # the statement ends: every map is forgotten
                    maps = {}
                    earlier = False
                    ended = True
            elif kind == _XID:
                return j if ended else -1
            elif kind != _ANNOTATE:
                return -1
        return -1  # it does not end in the block


cdef class PlainRows(_Walk):
    """The rows events of a ``ChangeReader``'s plain transactions (see the module docstring)."""

    cdef object rows_event

    def __init__(self, reader, rows_event):
        super().__init__(reader)
        self.rows_event = rows_event

    def walk(self, list block, Py_ssize_t start, version):
        """The rows events of the plain transactions from ``block[start]`` (:func:`is_plain_start`) on, as
        ``ChangeReader.accept`` makes them, the index in ``block`` after the last of them, and its GTID event
        (None: none was plain). ``version``: the schema history's version (0 without one)."""
        cdef list out = []
        cdef Py_ssize_t i = start, j, n = len(block), body_len, head_len
        cdef Event g, ev
        cdef object last = None
        cdef const char* body
        cdef str gtid
        while i < n:
            j = self._transaction(block, i, version, last is None)
            if j < 0:
                break
            g = <Event> block[i]
            body = _body(g, &body_len)
            gtid = f"{self.domain}-{g.server_id}-{_u64(body)}"  # as event_fields.known_mariadb_gtid
            seq = g.pos
            for ev, table_map, facts, head_len, _ in self.found:
                body = _body(ev, &body_len)
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
                out.append(rows_event)
            last = g
            i = j
        if last is not None:  # each transaction ended its statements (only the first could use earlier maps)
            self.tables.end_statement()
        return out, i, last


cdef class PlainChanges(_Walk):
    """The changes of a ``ChangeReader``'s plain transactions, each transaction given to ``commit(events,
    changes, size, seconds)`` (``plain_transactions.Commit``; a change is a ``plain_transactions.Change``)."""

    cdef object commit, image_counter
    cdef dict counters  # by id() of a head's facts: the facts, table map and image counter last used with them

    def __init__(self, reader, commit, image_counter):
        super().__init__(reader)
        self.commit = commit
        self.image_counter = image_counter
        self.counters = {}

    cdef object _count(self, object facts, object table_map, Event ev, Py_ssize_t head_len):
        """The row changes of a rows event's images (None: they do not scan)."""
        cdef Py_ssize_t body_len
        cdef const char* body = _body(ev, &body_len)
        counter = self.counters.get(id(facts))
        if counter is None or counter[0] is not facts or counter[1] is not table_map:
            counter = (facts, table_map, self.image_counter(table_map, facts.op, facts.present_before,
                                                            facts.present_after))
            if len(self.counters) >= 1024:
                self.counters.clear()
            self.counters[id(facts)] = counter
        if counter[2] is None:
            return None
        return counter[2](PyBytes_FromStringAndSize(body + head_len, body_len - head_len))

    def walk(self, list block, Py_ssize_t start, version):
        """Commit the plain transactions from ``block[start]`` (:func:`is_plain_start`) on, in order: the index
        in ``block`` after the last of them and its GTID event (None: none was plain). Changes are counted
        with an ``image_counter``, else each counts 0. ``version``: the schema history's version."""
        cdef Py_ssize_t i = start, j, m, n = len(block), head_len
        cdef Event g, ev
        cdef object last = None
        cdef list changes
        cdef object size, earliest, latest, timestamp
        while i < n:
            j = self._transaction(block, i, version, last is None)
            if j < 0:
                break
            changes = []
            for ev, table_map, facts, head_len, map_event in self.found:
                count = 0
                if self.image_counter is not None:
                    count = self._count(facts, table_map, ev, head_len)
                    if count is None:
                        break
                changes.append((table_map, facts.op, count, ev.length, facts, <Py_ssize_t> ev.header_len + head_len,
                                map_event))
            if len(changes) != len(self.found):  # images that do not scan: event by event
                break
            g = <Event> block[i]
            size = 0
            earliest = latest = g.timestamp
            for m in range(i, j):
                ev = <Event> block[m]
                size += ev.length
                timestamp = ev.timestamp
                if timestamp < earliest:
                    earliest = timestamp
                elif timestamp > latest:
                    latest = timestamp
            self.commit(block[i:j], changes, size, latest - earliest)
            self.tables.end_statement()
            last = g
            i = j
        return i, last
