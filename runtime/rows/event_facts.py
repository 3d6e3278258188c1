"""What each rows event of a window says of itself, as arrays read once for all the window's runs.

A typed row carries its event's file, position, timestamp and server id (the
common header: libs/mysql/binlog/event/binlog_event.h ``Log_event_header``)
and its transaction's GTID and number. A window's runs of one key are decoded
together, and each key's rows then need these facts of its own events, spread
over their rows: reading them from the events once per window, into arrays
that every run takes its rows' facts from, costs one pass over the events
instead of one per fact and per run (a window of 72 k small transactions had
720 runs of about a hundred events each).
"""

from __future__ import annotations

from operator import attrgetter

import numpy as np
import pyarrow as pa

from .encoded_texts import EncodedTexts
from .events import RowsEvent

__all__ = ["EventFacts"]

_EVENT, _TRANSACTION = attrgetter("event"), attrgetter("transaction")
_POS, _TIMESTAMP, _SERVER_ID = attrgetter("pos"), attrgetter("timestamp"), attrgetter("server_id")


class EventFacts:
    """The facts of each event of ``window``, read when first asked for.

    :meth:`numbers` holds, per event, its position, timestamp in microseconds,
    server id and transaction number; :meth:`gtids` its transaction's GTID;
    :meth:`file` the file every event comes from.
    """

    __slots__ = ("window", "_numbers", "_nulls", "_gtids", "_file")

    def __init__(self, window: list[RowsEvent]) -> None:
        self.window = window
        self._numbers: np.ndarray | None = None
        self._nulls: np.ndarray | None = None
        self._gtids: EncodedTexts | None = None
        self._file: str | None = None

    def numbers(self) -> tuple[np.ndarray, np.ndarray | None]:
        """``(4 x events int64: pos, timestamp in microseconds, server_id, transaction; where those are
        missing, or None when none is)``."""
        if self._numbers is None:
            window = self.window
            events = list(map(_EVENT, window))
            n = len(window)
            numbers = np.empty((4, n), dtype=np.int64)
            numbers[0] = np.fromiter(map(_POS, events), np.int64, n)
            numbers[1] = np.fromiter(map(_TIMESTAMP, events), np.int64, n)
            numbers[1] *= 1_000_000
            numbers[2] = np.fromiter(map(_SERVER_ID, events), np.int64, n)
            try:
                numbers[3] = np.fromiter(map(_TRANSACTION, window), np.int64, n)
            except TypeError:  # an event outside any transaction: null there
                transactions = list(map(_TRANSACTION, window))
                self._nulls = np.zeros((4, n), dtype=np.bool_)
                self._nulls[3] = [t is None for t in transactions]
                numbers[3] = [0 if t is None else t for t in transactions]
            self._numbers = numbers
        return self._numbers, self._nulls

    def gtids(self, at: np.ndarray) -> pa.Array:
        """The GTID of events ``at`` (null where the transaction has none)."""
        if self._gtids is None:
            self._gtids = EncodedTexts([r.gtid for r in self.window])
        return self._gtids.take(at)

    def files(self, at: np.ndarray) -> pa.Array:
        """The file of events ``at``."""
        file = self.file()
        if file is not None:
            return pa.repeat(pa.scalar(file, pa.string()), len(at))
        return EncodedTexts([r.event.file for r in self.window]).take(at)

    def file(self) -> str | None:
        """The file of every event of the window; None when they come from more than one."""
        if self._file is None:
            files = {r.event.file for r in self.window}
            self._file = files.pop() if len(files) == 1 else ""
        return self._file or None
