"""Which transaction each event belongs to.

A transaction starts at a GTID event (MySQL GTID_LOG_EVENT / ANONYMOUS_GTID /
GTID_TAGGED, MariaDB GTID_EVENT), or at a ``BEGIN`` query, or is a single
statement written outside BEGIN...COMMIT (DDL, statement-based autocommit). It
ends at an XID event, a ``COMMIT``/``ROLLBACK`` query, an XA_PREPARE, or after
its single statement. Events that frame the file (FORMAT_DESCRIPTION, ROTATE,
PREVIOUS_GTIDS, GTID_LIST, BINLOG_CHECKPOINT, STOP, ...) belong to none.

Layout of the GTID flags: MariaDB sql/log_event.h ``Gtid_log_event::FL_STANDALONE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from . import constants as et
from .errors import CompressionError, MalformedEventError
from .event import Event
from .event_fields import gtid_text, query_text
from .reader import BinlogFormat

_ENDS = et.TRANSACTION_END_EVENTS
_OUTSIDE = frozenset({
    et.FORMAT_DESCRIPTION_EVENT, et.START_EVENT_V3, et.ROTATE_EVENT, et.STOP_EVENT,
    et.EventType.previous_gtids_log_event.value, et.EventType.gtid_list_event.value,
    et.EventType.binlog_checkpoint_event.value, et.EventType.heartbeat_log_event.value,
    et.EventType.heartbeat_log_event_v2.value, et.EventType.incident_event.value,
    et.EventType.start_encryption_event.value, et.TRANSACTION_PAYLOAD_EVENT,
})


#: What each type code is to the tracker (by type code): content of a transaction, outside any, a GTID event
#: that starts one, a QUERY, or an event that ends one.
_CONTENT, _OUTSIDE_KIND, _GTID, _QUERY, _END = range(5)
_KINDS = bytes(
    _OUTSIDE_KIND if code in _OUTSIDE else _GTID if code in et.GTID_EVENTS else _QUERY if code in et.QUERY_EVENTS
    else _END if code in _ENDS else _CONTENT
    for code in range(256))


class StatementRole(Enum):
    """What a QUERY event's statement does to the transaction it is in (the one rule every command uses)."""

    #: ``BEGIN``, ``START TRANSACTION [...]``, ``XA START``/``XA BEGIN``: opens a transaction.
    BEGIN = "begin"
    #: ``COMMIT``, ``ROLLBACK``, ``XA COMMIT``, ``XA ROLLBACK``: ends one.
    END = "end"
    #: ``XA END``, ``XA PREPARE``, ``SAVEPOINT``, ``RELEASE SAVEPOINT``, ``ROLLBACK TO``: marks a point inside one.
    MARK = "mark"


_ROLE_PREFIXES = (
    ("ROLLBACK TO ", StatementRole.MARK), ("ROLLBACK WORK TO ", StatementRole.MARK),
    ("SAVEPOINT ", StatementRole.MARK), ("RELEASE SAVEPOINT ", StatementRole.MARK),
    ("XA END", StatementRole.MARK), ("XA PREPARE", StatementRole.MARK),
    ("XA START", StatementRole.BEGIN), ("XA BEGIN", StatementRole.BEGIN),
    ("START TRANSACTION", StatementRole.BEGIN),
    ("XA COMMIT", StatementRole.END), ("XA ROLLBACK", StatementRole.END),
)
_ROLE_WORDS = {"BEGIN": StatementRole.BEGIN, "BEGIN WORK": StatementRole.BEGIN, "COMMIT": StatementRole.END,
               "COMMIT WORK": StatementRole.END, "ROLLBACK": StatementRole.END, "ROLLBACK WORK": StatementRole.END}


def statement_role(statement: str | None) -> StatementRole | None:
    """Whether a QUERY event's statement begins, ends or marks a transaction; None for content (DML, DDL).

    The server writes these as QUERY events (sql/log_event.cc ``Query_log_event`` for BEGIN,
    sql/handler.cc for COMMIT/ROLLBACK of non-transactional changes, sql/xa.cc for XA).
    """
    if not statement:
        return None
    text = " ".join(statement.strip().rstrip(";").split()).upper()
    role = _ROLE_WORDS.get(text)
    if role is not None:
        return role
    for prefix, role in _ROLE_PREFIXES:
        if text.startswith(prefix):
            return role
    return None


def transaction_gtid(event: Event) -> str | None:
    """The GTID of the transaction a GTID event starts: its text, None for MySQL's anonymous ones."""
    gtid = gtid_text(event)
    return None if gtid == "ANONYMOUS" else gtid


@dataclass(frozen=True, slots=True)
class TransactionState:
    """The transaction an event belongs to: its id in the file (the offset of its first event) and its GTID.

    Read only: the tracker gives every event of a transaction the same object."""

    seq: int | None
    gtid: str | None


#: The state of events outside any transaction.
_NO_TRANSACTION = TransactionState(None, None)


def every_transaction_has_a_gtid(fmt: BinlogFormat | None) -> bool:
    """Whether every transaction of a file starts with a GTID event (so GTID events are where they begin).

    MariaDB 10.0+ logs a GTID_EVENT for every transaction (sql/log_event.h
    ``Gtid_log_event``); MySQL 5.7.6+ a GTID or ANONYMOUS_GTID event
    (``gtid_mode=OFF`` included; libs/mysql/binlog/event/control_events.h).
    """
    if fmt is None or fmt.binlog_version != 4:
        return False
    numbers = []
    for part in fmt.server_version.split("-")[0].split(".")[:3]:
        digits = "".join(ch for ch in part if ch.isdigit())
        numbers.append(int(digits) if digits else 0)
    version = tuple(numbers + [0] * (3 - len(numbers)))
    return version >= (10, 0, 0) if fmt.is_mariadb else version >= (5, 7, 6)


class TransactionTracker:
    """Feed events in file order; :meth:`update` tells each one's transaction.

    ``seq`` identifies the transaction in its file: the byte offset of its
    first event (for events inside a TRANSACTION_PAYLOAD, the payload's), so a
    reader that starts in the middle of a file (a split) gives every
    transaction the id a reader from the start gives it. ``gtid`` is the GTID
    text (``uuid:gno``, ``uuid:tag:gno``, ``domain-server-seq``), or None for
    MySQL's anonymous GTIDs and in files without GTIDs.
    """

    def __init__(self) -> None:
        self._current = _NO_TRANSACTION  # the state of the last transaction begun
        self._open = False  # inside a transaction
        self._after_gtid = False  # a GTID started it and no statement has come yet

    def _start(self, event: Event, gtid: str | None) -> None:
        self._current = TransactionState(event.pos, gtid)
        self._open = True
        self._after_gtid = False

    def _state(self, close: bool = False) -> TransactionState:
        state = self._current
        if close:
            self._open = False
            self._after_gtid = False
        return state

    def closed_after(self, gtid_event: Event) -> TransactionState:
        """Be as after a whole transaction fed event by event: begun by ``gtid_event``, then content events
        (TABLE_MAP, rows, ANNOTATE_ROWS), ended by an XID; its state."""
        self._start(gtid_event, transaction_gtid(gtid_event))
        return self._state(close=True)

    @property
    def in_transaction(self) -> bool:
        """Whether the events so far left a transaction open (begun, not yet committed)."""
        return self._open

    def update(self, event: Event) -> TransactionState:
        """The transaction of ``event`` (call once per event, in order)."""
        kind = _KINDS[event.type_code]
        if kind == _CONTENT:  # rows, TABLE_MAP, ANNOTATE_ROWS...: the most frequent, first
            if not self._open:
                # Rows or other events with no BEGIN before them (a file that starts mid-transaction).
                self._start(event, None)
            self._after_gtid = False
            return self._current
        if kind == _OUTSIDE_KIND:
            return _NO_TRANSACTION
        if kind == _GTID:
            self._start(event, transaction_gtid(event))
            self._after_gtid = True
            return self._current
        if kind == _END:
            if not self._open:
                self._start(event, None)
            return self._state(close=True)
        try:  # a QUERY
            query = query_text(event.body)
        except CompressionError as exc:
            raise MalformedEventError(f"compressed query: {exc}", file=event.file, offset=event.pos,
                                      event_type=event.type_name, length=event.length) from None
        role = statement_role(query)
        if role is StatementRole.BEGIN:
            if not (self._open and self._after_gtid):
                self._start(event, None)
            self._after_gtid = False
            return self._state()
        if role is not None:
            if not self._open:
                self._start(event, None)
            return self._state(close=role is StatementRole.END)
        if not self._open:
            self._start(event, None)
            return self._state(close=True)
        # A statement right after a GTID is a whole transaction of its own (DDL).
        return self._state(close=self._after_gtid)
