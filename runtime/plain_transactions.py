"""Plain transactions taken whole, for ``stats`` (counted) and ``filter --flashback`` (planned): the small
transactions of an OLTP binlog without the event by event pass.

A transaction of a MariaDB binlog is *plain* when it is a GTID_EVENT, then
ANNOTATE_ROWS, TABLE_MAP and rows events, and an XID_EVENT (sql/log_event.h
``Gtid_log_event``, ``Xid_log_event``), inside one block of framed events
(``BinlogReader.blocks``), and the :class:`~.changes.ChangeReader` has already
read everything in it once: the GTID's bytes after ``seq_no``, every
TABLE_MAP's bytes and every rows head. Nothing in it is then parsed and
nothing can fail; its last rows event must end its statement, so the table
maps are forgotten after it as event by event. The compiled walk
(``_plain_rows.pyx``, :class:`PlainChanges`, which has the whole rule) finds
such transactions; ``ChangeReader.rows_events`` takes their rows events with
the same walk.

:meth:`PlainTransactions.feed` hands each plain transaction, with the row
changes of its rows events counted by the compiled scanner
(:func:`.rows.image_bounds.image_counter`; not counted with ``counts=False``),
to a ``commit`` callable, and gives back every other event, which the caller
feeds event by event (``ChangeReader.accept``): a transaction is either
taken whole or not at all. Without the compiled modules, :meth:`~PlainTransactions.applies`
is False and the callers read every event one by one.
``tests/test_plain_transactions.py`` checks that ``stats`` says the same
with and without it, ``tests/test_flashback_fast_paths.py`` that
``filter --flashback`` writes the same undo binlogs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .changes import ChangeReader, HeadFacts
from .event import Event
from .rows.events import Op
from .rows.image_bounds import image_counter
from .table_map import TableMap

if TYPE_CHECKING:
    from . import _plain_rows

__all__ = ["PREFER_PLAIN", "Change", "Commit", "PlainTransactions"]

PlainChanges: type[_plain_rows.PlainChanges] | None
try:
    from ._plain_rows import PlainChanges, is_plain_start
except ImportError:  # without the compiled modules: every event through ChangeReader.accept
    PlainChanges = None

#: Take plain transactions whole (tests switch it off to compare with the event by event pass).
PREFER_PLAIN = True

#: A rows event's table map, op, row changes (0 when not counted), length, head facts, where its row images start
#: in it, and its TABLE_MAP event when that is in the same transaction (else None: the map was read before it).
Change = tuple[TableMap, Op, int, int, HeadFacts, int, Event | None]
#: ``commit(events, changes, size, seconds)``: a plain transaction's events, its rows events' changes, the sum of
#: its events' lengths and its latest event time minus its earliest.
Commit = Callable[[list[Event], list[Change], int, int], None]


class PlainTransactions:
    """Take whole the plain transactions a :class:`~.changes.ChangeReader` reads, for ``commit`` to count or plan
    (see the module docstring)."""

    def __init__(self, reader: ChangeReader, commit: Commit, counts: bool = True) -> None:
        self.reader = reader
        self.commit = commit
        #: Whether rows events' row changes are counted (and a transaction whose images do not scan is not plain);
        #: without, each change counts 0 (``filter --flashback`` scans the images when it turns them around).
        self.counts = counts

    @staticmethod
    def applies(reader: ChangeReader) -> bool:
        """Whether a plain transaction can be taken whole: every event of the file is wanted (and the compiled
        walk is there)."""
        return PREFER_PLAIN and PlainChanges is not None and reader.filters.keeps_everything

    def feed(self, blocks: Iterable[Sequence[Event]]) -> Iterator[Event | None]:
        """The events of ``blocks`` (the reader's, :meth:`.BinlogReader.blocks`) that are not taken whole, in
        order, for the caller to feed one by one; ``None`` before plain transactions may be taken (a GTID event
        ends the transaction before it)."""
        assert PlainChanges is not None
        reader = self.reader
        walk = PlainChanges(reader, self.commit, image_counter if self.counts else None).walk
        history = reader.history
        for block in blocks:
            i, n = 0, len(block)
            while i < n:
                event = block[i]
                if isinstance(block, list) and is_plain_start(event):
                    yield None
                    i, last = walk(block, i, history.version if history is not None else 0)
                    if last is not None:
                        reader.after_plain_transaction(last)
                        if i == n:
                            break
                        event = block[i]
                i += 1
                yield event
