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

import numpy as np
import pyarrow as pa

from .encoded_texts import EncodedTexts
from .events import RowsEvent

__all__ = ["EventFacts"]


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
        """``(events x 4 int64: pos, timestamp in microseconds, server_id, transaction; where those are
        missing, or None when none is)``."""
        if self._numbers is None:
            try:
                self._numbers = np.array([(r.event.pos, r.event.timestamp * 1_000_000, r.event.server_id,
                                           r.transaction) for r in self.window], dtype=np.int64).reshape(-1, 4)
            except TypeError:  # a missing one (an event outside any transaction): null there
                facts = [(r.event.pos, r.event.timestamp * 1_000_000, r.event.server_id, r.transaction)
                         for r in self.window]
                self._nulls = np.array([[v is None for v in row] for row in facts], dtype=np.bool_).reshape(-1, 4)
                self._numbers = np.array([[0 if v is None else v for v in row] for row in facts],
                                         dtype=np.int64).reshape(-1, 4)
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
