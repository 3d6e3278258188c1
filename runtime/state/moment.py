"""Where a state stands in the binlogs: the moment to stop at, and the position of a base.

A table's state is the rows after a *prefix* of the binlogs made of whole transactions, in binlog order
(the server's commit order). A transaction is seen whole once its last event is read: an XID, a ``COMMIT``
or ``ROLLBACK`` query (the changes of non-transactional tables stay), or the single DDL statement that is a
transaction of its own (:class:`..transactions.TransactionTracker` says where each one ends). Each moment
cuts the binlogs after one transaction:

``--at TIME``
    after every transaction committed before TIME, where a transaction's commit time is the timestamp of
    its last event (the XID event is written at commit: sql/log_event_server.cc ``Xid_log_event``). The
    prefix ends before the first transaction committed at or after TIME, as ``mariadb-binlog
    --stop-datetime`` stops at the first event at or after it.
``--at-gtid GTID``
    after the transaction with that GTID (an error when no file holds it).
``--at-position FILE:POS``
    after every transaction that ends at or before byte offset POS of FILE, and every transaction of the
    files before FILE. MariaDB's ``binlog_snapshot_file``/``binlog_snapshot_position`` status (of a
    ``START TRANSACTION WITH CONSISTENT SNAPSHOT``) is such a position: the end of the last transaction the
    snapshot sees (sql/log.cc ``MYSQL_BIN_LOG::set_status_variables``, the binlog offset after the last
    commit in the snapshot).
(none)
    after the last complete transaction: a transaction the files end inside is left out.

A *base* position (``--base-position``) says which transactions a base already holds: ``FILE:POS`` the
transactions that end at or before it (and those of earlier files), a MariaDB GTID position
(``0-1-100[,1-2-7]``, as ``@@gtid_binlog_pos`` writes it) every transaction whose sequence number in its
domain is at or below the position's, a MySQL GTID set (``uuid:1-100``) the transactions in it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..errors import UsageError
from ..filters import GtidRange, parse_datetime, parse_gtid_set

__all__ = ["BasePosition", "BinlogPosition", "GtidPosition", "Moment", "TransactionEnd", "file_matches",
           "parse_base_position", "parse_position"]

_MARIADB_GTID = re.compile(r"^(\d+)-(\d+)-(\d+)$")


@dataclass(frozen=True, slots=True)
class BinlogPosition:
    """A byte offset in one binlog file, named by its file name (``binlog.000042:1234``)."""

    file: str
    pos: int

    def __str__(self) -> str:
        return f"{self.file}:{self.pos}"


def parse_position(text: str) -> BinlogPosition:
    """``FILE:POS`` (the last ``:`` splits; POS a byte offset)."""
    name, sep, number = text.strip().rpartition(":")
    if not sep or not name or not number.isdigit():
        raise UsageError(f"not a binlog position: {text!r} (use FILE:POS, e.g. binlog.000042:1234)")
    return BinlogPosition(name, int(number))


def file_matches(wanted: str, path: str) -> bool:
    """Whether a position's file name names the file read from ``path`` (the same path, or its base name)."""
    if wanted == path:
        return True
    return os.path.basename(wanted.rstrip("/")) == os.path.basename(path.rstrip("/"))


@dataclass(frozen=True, slots=True)
class GtidPosition:
    """The transactions a base holds by GTID: per MariaDB domain the last sequence number, or MySQL ranges."""

    text: str
    domains: dict[int, int] = field(default_factory=dict)
    ranges: tuple[GtidRange, ...] = ()

    def holds(self, gtid: str | None) -> bool:
        """Whether the transaction with this GTID is at or before the position."""
        if gtid is None:
            return False
        m = _MARIADB_GTID.match(gtid)
        if m is not None and self.domains:
            last = self.domains.get(int(m.group(1)))
            return last is not None and int(m.group(3)) <= last
        source, _, number = gtid.rpartition(":")
        return number.isdigit() and any(r.source == source.lower() and r.first <= int(number) <= r.last
                                        for r in self.ranges)


BasePosition = BinlogPosition | GtidPosition


def parse_base_position(text: str) -> BasePosition:
    """``FILE:POS``, a MariaDB GTID position (``0-1-100,1-2-7``) or a MySQL GTID set (``uuid:1-100``)."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if items and all(_MARIADB_GTID.match(item) for item in items):
        domains: dict[int, int] = {}
        for item in items:
            m = _MARIADB_GTID.match(item)
            assert m is not None
            domain, seq = int(m.group(1)), int(m.group(3))
            domains[domain] = max(seq, domains.get(domain, seq))
        return GtidPosition(text, domains)
    head = items[0].split(":", 1)[0] if items else ""
    if re.fullmatch(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}", head):
        return GtidPosition(text, ranges=parse_gtid_set(text))
    return parse_position(text)


@dataclass(frozen=True, slots=True)
class TransactionEnd:
    """Where a whole transaction ends: its file, the offset after its last event, its commit time, its GTID."""

    file: str
    end: int
    commit_time: int
    gtid: str | None

    @property
    def position(self) -> BinlogPosition:
        return BinlogPosition(os.path.basename(self.file), self.end)


@dataclass(frozen=True, slots=True)
class Moment:
    """The transaction a state stops after (see the module docstring); at most one of the three is given."""

    at_time: datetime | None = None
    at_gtid: str | None = None
    at_position: BinlogPosition | None = None

    @classmethod
    def create(cls, at: str | datetime | None = None, at_gtid: str | None = None,
               at_position: str | BinlogPosition | None = None) -> Moment:
        """A moment from the command line's texts (one of them at most)."""
        if sum(x is not None for x in (at, at_gtid, at_position)) > 1:
            raise UsageError("give one of --at, --at-gtid and --at-position")
        position = parse_position(at_position) if isinstance(at_position, str) else at_position
        gtid = at_gtid.strip() if at_gtid is not None else None
        if gtid is not None and not gtid:
            raise UsageError("--at-gtid: empty GTID")
        return cls(parse_datetime(at) if at is not None else None, gtid, position)

    def __str__(self) -> str:
        if self.at_time is not None:
            if self.at_time.utcoffset() == timedelta(0):
                return f"at {self.at_time.strftime('%Y-%m-%d %H:%M:%S')} UTC"
            return f"at {self.at_time.isoformat(' ')}"
        if self.at_gtid is not None:
            return f"at GTID {self.at_gtid}"
        if self.at_position is not None:
            return f"at {self.at_position}"
        return "at the end of the last complete transaction"

    def includes(self, end: TransactionEnd, file_index: int, stop_file: int | None) -> bool:
        """Whether the transaction ending so is in the state (``stop_file``: the index of --at-position's file
        among the inputs)."""
        if self.at_time is not None:
            return end.commit_time < self.at_time.timestamp()
        if self.at_position is not None and stop_file is not None:
            return file_index < stop_file or (file_index == stop_file and end.end <= self.at_position.pos)
        return True

    def is_last(self, end: TransactionEnd) -> bool:
        """Whether nothing after this (included) transaction belongs to the state."""
        return self.at_gtid is not None and end.gtid == self.at_gtid

    def stop_file(self, paths: list[str]) -> int | None:
        """The index of --at-position's file among ``paths`` (a usage error when none matches)."""
        if self.at_position is None:
            return None
        for i, path in enumerate(paths):
            if file_matches(self.at_position.file, path):
                return i
        raise UsageError(f"--at-position {self.at_position}: no FILE given is {self.at_position.file}")
