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
repeats them, not in a row): only a piece not met before is looked up by the reader's own functions. A walk
stops before the first transaction that is not plain, or does not end in the block, which the caller feeds
event by event (``ChangeReader.accept``).

A walk goes over a block of framed events, or (``PlainRows.take``, which ``BinlogReader.blocks`` calls before
it frames a block) over the file's bytes themselves, framed here as ``_framing.pyx`` frames them
(``event_frame.pxd``): then only the rows events of the transactions taken are made into ``Event`` objects,
not their GTID, ANNOTATE_ROWS, TABLE_MAP and XID events. ``tests/test_plain_rows.py``,
``tests/test_plain_transactions.py`` and ``tests/test_flashback_fast_paths.py`` hold what each caller makes
equal to the event by event pass.
"""
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp

from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.event_body import known_gtid_tail

from event_frame cimport HEADER_LEN, new_event, sure_length, u32  # runtime/event_frame.pxd

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


cdef struct _Piece:
    # an event of the walk: where it is (its index in the block, or its offset in the bytes) and where the next
    # one is; what it is to the walk, its type code and post-header length; its body; its header's server id
    # (of a GTID event; of every event of the bytes)
    Py_ssize_t at, next
    int kind, type_code, post_header_len
    const char* body
    Py_ssize_t body_len
    uint32_t server_id


cdef class TakenRows:
    """What :meth:`PlainRows.take` took: the rows events of plain transactions, and the last one's GTID event."""

    cdef readonly list rows_events
    cdef readonly Event last

    def __init__(self, list rows_events, Event last):
        self.rows_events = rows_events
        self.last = last


cdef class _Walk:
    """A walk over a reader's plain transactions: the pieces of the last one taken, and a transaction's
    rows events with their table maps and heads."""

    cdef object reader, tables
    # the last GTID tail (with its post-header length) and its domain id; TABLE_MAP body (with the schema
    # history's version) and map; rows head (with type code and post-header length) and its facts
    cdef bytes tail
    cdef int tail_phl
    cdef object domain
    cdef bytes map_body
    cdef object map_version, table_map
    cdef bytes head
    cdef int head_code, head_phl
    cdef object facts
    # TABLE_MAP bodies met under the schema history's version ``maps_version``: body -> map; rows heads met:
    # type code, post-header length and post-header -> (head, facts). At most KEPT of each.
    cdef dict maps_met, heads_met
    cdef object maps_version
    # the transaction being walked: its GTID event, and each rows event with its table map, head facts, head
    # length and where its map's event is (-1: a map of before the transaction)
    cdef _Piece gtid
    cdef list found
    # what is walked: a block of framed events, or (``buf`` not None) the bytes of a file at offset ``base``,
    # framed as ``_framing.frame_events`` frames them, the server ids and latest timestamp of their events
    # noted as it notes them
    cdef list block
    cdef bytes buf
    cdef const uint8_t* p
    cdef Py_ssize_t n, base, min_len, max_length, verified
    cdef bytes type_codes, post_header_lengths, stop_types
    cdef bint check
    cdef int crc_len
    cdef str file
    cdef set server_ids
    cdef bint short  # the last piece not taken: the bytes end inside it
    cdef uint32_t last_server_id
    cdef bint any_server_id
    cdef long long latest

    def __init__(self, reader):
        self.reader = reader
        self.tables = reader.tables
        self.found = []
        self.maps_met = {}
        self.heads_met = {}
        self.tail_phl = self.head_code = self.head_phl = -1

    cdef bint _piece(self, Py_ssize_t at, _Piece* piece) except -1:
        """The event at ``at`` into ``piece``; False when there is none the walk can take (the block ends, an
        event inside a compressed transaction, bytes the framing is not sure of)."""
        cdef Event ev
        cdef Py_ssize_t length
        cdef uint8_t raw_type
        cdef uint32_t timestamp
        piece.at = at
        if self.buf is None:
            if at >= len(self.block):
                return False
            ev = <Event> self.block[at]
            if ev.in_payload is not None:
                return False
            piece.next = at + 1
            piece.type_code = <int> ev.type_code
            piece.post_header_len = <int> ev.post_header_len
            piece.body = _body(ev, &piece.body_len)
            if _kinds[piece.type_code] == _GTID:  # only a GTID's is read (the transaction's GTID text)
                piece.server_id = <uint32_t> ev.server_id
        else:
            length = sure_length(self.p, at, self.n, <const uint8_t*> PyBytes_AS_STRING(self.type_codes),
                                 <const uint8_t*> PyBytes_AS_STRING(self.stop_types), self.min_len,
                                 self.max_length, self.check, self.verified)
            if length < 0:
                self.short = at + HEADER_LEN > self.n or at + <Py_ssize_t> u32(self.p + at + 9) > self.n
                return False
            raw_type = self.p[at + 4]
            piece.next = at + length
            piece.type_code = (<const uint8_t*> PyBytes_AS_STRING(self.type_codes))[raw_type]
            piece.post_header_len = (<const uint8_t*> PyBytes_AS_STRING(self.post_header_lengths))[raw_type]
            piece.body = <const char*> self.p + at + HEADER_LEN
            piece.body_len = length - HEADER_LEN - self.crc_len
            piece.server_id = u32(self.p + at + 5)
            timestamp = u32(self.p + at)
            if timestamp > self.latest:
                self.latest = timestamp
            if piece.server_id != self.last_server_id or not self.any_server_id:
                self.server_ids.add(piece.server_id)
                self.last_server_id, self.any_server_id = piece.server_id, True
        piece.kind = _kinds[piece.type_code]
        return True

    cdef Event _event(self, _Piece* piece):
        """The event of ``piece``: the block's, or one made of the bytes as the framing makes it."""
        if self.buf is None:
            return <Event> self.block[piece.at]
        return new_event(self.p, piece.at, piece.next - piece.at, self.base, self.file, <uint8_t> piece.type_code,
                         <uint8_t> piece.post_header_len, self.crc_len)

    cdef object _domain(self, _Piece* g):
        """The domain id of a GTID event whose tail is known (None: not known, or no tail); :attr:`domain` too."""
        if g.body_len <= 8:
            return None
        if g.post_header_len == self.tail_phl and _same(self.tail, g.body + 8, g.body_len - 8):
            return self.domain
        known = known_gtid_tail(g.post_header_len, PyBytes_FromStringAndSize(g.body, g.body_len))
        if known is None:
            return None
        self.tail, self.tail_phl, self.domain = PyBytes_FromStringAndSize(g.body + 8, g.body_len - 8), \
            g.post_header_len, known[0].domain_id
        return self.domain

    cdef object _table_map(self, _Piece* piece, object version):
        if version == self.map_version and _same(self.map_body, piece.body, piece.body_len):
            return self.table_map
        if version != self.maps_version:
            self.maps_met.clear()
            self.maps_version = version
        key = PyBytes_FromStringAndSize(piece.body, piece.body_len)
        table_map = self.maps_met.get(key)
        if table_map is None:
            table_map = self.reader.known_table_map(self._event(piece))
            if table_map is None:
                return None
            if len(self.maps_met) >= KEPT:
                self.maps_met.clear()
            self.maps_met[key] = table_map
        self.map_body, self.map_version, self.table_map = key, version, table_map
        return table_map

    cdef object _facts(self, _Piece* piece, Py_ssize_t* head_len):
        cdef const char* body = piece.body
        cdef Py_ssize_t body_len = piece.body_len
        cdef Py_ssize_t n = PyBytes_GET_SIZE(self.head) if self.head is not None else -1
        cdef Py_ssize_t phl = piece.post_header_len
        cdef bytes head
        if (piece.type_code == self.head_code and piece.post_header_len == self.head_phl and 0 <= n <= body_len
                and memcmp(PyBytes_AS_STRING(self.head), body, n) == 0):
            head_len[0] = n
            return self.facts
        key = (piece.type_code, piece.post_header_len,
               PyBytes_FromStringAndSize(body, phl if phl <= body_len else body_len))
        met = self.heads_met.get(key)
        if met is not None:
            head = <bytes> met[0]
            n = PyBytes_GET_SIZE(head)
            if n <= body_len and memcmp(PyBytes_AS_STRING(head), body, n) == 0:
                facts = met[1]
            else:
                met = None
        if met is None:
            known = self.reader.known_head_facts(self._event(piece))
            if known is None:
                return None
            facts = known[0]
            n = body_len - len(known[1])
            head = PyBytes_FromStringAndSize(body, n)
            if len(self.heads_met) >= KEPT:
                self.heads_met.clear()
            self.heads_met[key] = (head, facts)
        self.head, self.head_code, self.head_phl, self.facts = head, piece.type_code, piece.post_header_len, facts
        head_len[0] = n
        return facts

    cdef Py_ssize_t _transaction(self, Py_ssize_t start, object version, bint earlier) except -2:
        """Walk the transaction the event at ``start`` begins: where the event after its XID is when it is
        plain (its GTID event in :attr:`gtid`, its rows events in :attr:`found`, its GTID's domain in
        :attr:`domain`), -1 otherwise. ``earlier``: the reader's maps of before it hold until a statement ends
        in it."""
        cdef Py_ssize_t head_len, j
        cdef _Piece piece
        cdef int kind
        cdef dict maps = {}  # by table id: the map and where its event is, since the last statement ended
        cdef bint ended = False  # a rows event ended its statement and no TABLE_MAP came after it
        del self.found[:]
        if not self._piece(start, &self.gtid) or self.gtid.kind != _GTID or self._domain(&self.gtid) is None:
            return -1
        j = self.gtid.next
        while self._piece(j, &piece):
            j = piece.next
            kind = piece.kind
            if kind == _TABLE_MAP:
                table_map = self._table_map(&piece, version)
                if table_map is None:
                    return -1
                maps[table_map.table_id] = (table_map, piece.at)
                ended = False
            elif kind == _ROWS:
                facts = self._facts(&piece, &head_len)
                if facts is None or facts.version == 0 or facts.partial_json:
                    return -1
                found = maps.get(facts.table_id)
                if found is not None:
                    table_map, map_at = found
                else:
                    table_map = self.tables.get(facts.table_id) if earlier else None
                    map_at = -1
                if table_map is None:
                    return -1
                self.found.append((self._event(&piece), table_map, facts, head_len, map_at))
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

    cdef int _rows_events(self, list out) except -1:
        """The rows events of the transaction walked, as ``ChangeReader.accept`` makes them, onto ``out``."""
        cdef Py_ssize_t body_len, head_len
        cdef const char* body
        cdef Event ev
        gtid = f"{self.domain}-{self.gtid.server_id}-{_u64(self.gtid.body)}"  # as event_fields.known_mariadb_gtid
        seq = self.base + self.gtid.at if self.buf is not None else (<Event> self.block[self.gtid.at]).pos
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
        return 0

    def walk(self, list block, Py_ssize_t start, version):
        """The rows events of the plain transactions from ``block[start]`` (:func:`is_plain_start`) on, as
        ``ChangeReader.accept`` makes them, the index in ``block`` after the last of them, and its GTID event
        (None: none was plain). ``version``: the schema history's version (0 without one)."""
        cdef list out = []
        cdef Py_ssize_t i = start, j
        cdef object last = None
        self.block = block
        try:
            while True:
                j = self._transaction(i, version, last is None)
                if j < 0:
                    break
                self._rows_events(out)
                last = block[i]
                i = j
        finally:
            self.block = None
        if last is not None:  # each transaction ended its statements (only the first could use earlier maps)
            self.tables.end_statement()
        return out, i, last

    def take(self, bytes buf, Py_ssize_t base, str file, fmt, seen, bint verify, Py_ssize_t max_length,
             Py_ssize_t verified_end=0):
        """Take the plain transactions at the start of ``buf``, the bytes of ``file`` at offset ``base`` of
        the format ``fmt`` (a ``BinlogFormat`` of v4 headers), before the reader frames them: the bytes taken,
        a :class:`TakenRows` (None when none was plain) and whether the bytes end inside the transaction after
        them. Their events are framed as ``_framing.frame_events`` frames them (``verify``: their CRC32, known
        good for events that end by file offset ``verified_end``; ``max_length``; the server ids and latest
        timestamp go to ``seen``); the reader's maps hold for the first."""
        cdef list out = []
        cdef Py_ssize_t i = 0, j
        cdef _Piece last
        last.at = -1
        history = self.reader.history
        version = history.version if history is not None else 0
        self.buf, self.p, self.n, self.base, self.file = buf, <const uint8_t*> PyBytes_AS_STRING(buf), len(buf), \
            base, file
        self.type_codes, self.post_header_lengths, self.stop_types = \
            fmt.type_codes, fmt.post_header_lengths_by_raw, fmt.stop_types
        self.crc_len = 4 if fmt.has_crc32 else 0
        self.min_len = HEADER_LEN + self.crc_len
        self.max_length = max_length
        self.check = fmt.has_crc32 and verify
        self.verified = verified_end - base
        self.server_ids, self.latest, self.any_server_id = seen.server_ids, seen.last, False
        self.short = False
        try:
            while True:
                self.short = False
                j = self._transaction(i, version, last.at < 0)
                if j < 0:
                    break
                self._rows_events(out)
                last = self.gtid
                i = j
        finally:
            seen.last = self.latest
            self.buf = None
            self.p = NULL
        if last.at < 0:
            return 0, None, self.short
        self.tables.end_statement()  # each transaction ended its statements
        return i, TakenRows(out, new_event(<const uint8_t*> PyBytes_AS_STRING(buf), last.at, last.next - last.at,
                                           base, file, <uint8_t> last.type_code, <uint8_t> last.post_header_len,
                                           self.crc_len)), self.short


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
        self.block = block
        try:
            return self._walk(block, start, version)
        finally:
            self.block = None

    cdef tuple _walk(self, list block, Py_ssize_t start, object version):
        cdef Py_ssize_t i = start, j, m, head_len, map_at
        cdef Event g, ev
        cdef object last = None
        cdef list changes
        cdef object size, earliest, latest, timestamp
        while True:
            j = self._transaction(i, version, last is None)
            if j < 0:
                break
            changes = []
            for ev, table_map, facts, head_len, map_at in self.found:
                count = 0
                if self.image_counter is not None:
                    count = self._count(facts, table_map, ev, head_len)
                    if count is None:
                        break
                changes.append((table_map, facts.op, count, ev.length, facts, <Py_ssize_t> ev.header_len + head_len,
                                block[map_at] if map_at >= 0 else None))
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
