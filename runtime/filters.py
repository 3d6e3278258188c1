"""Which events and row changes to keep: one filter for every command, the Python API and Spark.

The options are mysqlbinlog's (client/mysqlbinlog.cc ``--database``,
``--table``, ``--start-position``, ``--stop-position``, ``--start-datetime``,
``--stop-datetime``), with two differences a data engineer expects:

* names are fnmatch patterns (``shop_*``, ``shop.order?``), matched
  case-sensitively as the server does on Linux, and both options repeat
  and take comma lists;
* a time without an offset is UTC (mysqlbinlog uses the local zone), so the
  same command selects the same rows on every machine.

``--table NAME`` matches ``db.table`` when NAME has a dot, else the table in
any database. Positions are byte offsets of events in one file.

``--include-gtids``/``--exclude-gtids`` keep or drop whole transactions by
GTID (mysqlbinlog's ``--include-gtids``/``--exclude-gtids``): a comma list of
MySQL GTID sets ``uuid:1-5:7`` (tagged: ``uuid:tag:1-5``) or MariaDB GTIDs
``domain-server-seqno`` with ranges ``domain-server-first-last``.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from . import constants as et
from .bodies import RowsBody
from .bounded_cache import BoundedCache
from .errors import UsageError
from .event_fields import query_text, text_of
from .transactions import TransactionTracker, statement_role

if TYPE_CHECKING:
    from .event import Event

__all__ = ["ChangeFilter", "EventSelection", "GtidRange", "is_transaction_control", "parse_datetime",
           "parse_gtid_set", "split_names"]

#: How many tables' answers a filter keeps (:meth:`ChangeFilter.wants_table`, and the table ids of TABLE_MAP
#: events an :class:`EventSelection` kept): every table of a binlog of thousands, the oldest let go past it.
TABLES_KEPT = 1 << 16


def parse_datetime(text: str | datetime) -> datetime:
    """An aware datetime from ISO text (``2024-05-01``, ``2024-05-01 12:00:00``, ``...+02:00``); UTC by default."""
    if isinstance(text, datetime):
        value = text
    else:
        try:
            value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
        except ValueError:
            raise UsageError(f"not a date and time: {text!r} (use e.g. '2024-05-01 12:00:00')") from None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def split_names(values: str | Iterable[str] | None) -> tuple[str, ...]:
    """Names or patterns from a comma list or a list of comma lists (``["a,b", "c"]`` -> ``("a", "b", "c")``)."""
    if not values:
        return ()
    items = [values] if isinstance(values, str) else list(values)
    return tuple(name.strip() for item in items for name in item.split(",") if name.strip())


@dataclass(frozen=True, slots=True)
class GtidRange:
    """The GTIDs ``source:first..last`` (MySQL: ``uuid`` or ``uuid:tag``; MariaDB: ``domain-server``)."""

    source: str
    first: int
    last: int

    def __str__(self) -> str:
        if re.fullmatch(r"\d+-\d+", self.source):  # MariaDB domain-server
            return f"{self.source}-{self.first}" + (f"-{self.last}" if self.last != self.first else "")
        return f"{self.source}:{self.first}" + (f"-{self.last}" if self.last != self.first else "")


_MARIADB_GTID = re.compile(r"^(\d+-\d+)-(\d+)(?:-(\d+))?$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$")


def parse_gtid_set(text: str | Iterable[str] | None) -> tuple[GtidRange, ...]:
    """GTID ranges from a comma list (see the module docstring); a :class:`UsageError` names a bad item."""
    out: list[GtidRange] = []
    for item in split_names(text):
        m = _MARIADB_GTID.match(item)
        if m:
            first = int(m.group(2))
            last = int(m.group(3)) if m.group(3) else first
            out.append(GtidRange(m.group(1), first, max(first, last)))
            continue
        parts = item.split(":")
        if len(parts) < 2 or not _UUID.match(parts[0]):
            raise UsageError(f"not a GTID set: {item!r} (MySQL 'uuid:1-5', MariaDB 'domain-server-seqno')")
        source = parts[0].lower()
        intervals = 0
        for part in parts[1:]:
            lo, sep, hi = part.partition("-")
            if lo.isdigit() and (not sep or hi.isdigit()):
                first, last = int(lo), int(hi) if sep else int(lo)
                out.append(GtidRange(source, first, max(first, last)))
                intervals += 1
            elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,31}", part):
                source = f"{parts[0].lower()}:{part.lower()}"  # a tag: the intervals after it are tagged
            else:
                raise UsageError(f"not a GTID set: {item!r} (bad interval {part!r})")
        if not intervals:
            raise UsageError(f"not a GTID set: {item!r} (no transaction numbers)")
    return tuple(out)


def _gtid_key(gtid: str) -> tuple[str, int] | None:
    """``(source, number)`` of a transaction's GTID text, None for ANONYMOUS or unknown forms."""
    m = _MARIADB_GTID.match(gtid)
    if m and not m.group(3):
        return m.group(1), int(m.group(2))
    source, sep, number = gtid.rpartition(":")
    if sep and number.isdigit():
        return source.lower(), int(number)
    return None


def _pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{fnmatch.translate(n)})" for n in names)) if names else None


@dataclass(frozen=True, slots=True)
class ChangeFilter:
    """Which databases, tables, positions and times to keep (an empty filter keeps everything).

    Build it with :meth:`create`, which accepts comma lists and ISO times.

    Attributes
    ----------
    databases
        Database names or fnmatch patterns; empty: every database.
    tables
        ``db.table`` or ``table`` names or patterns; empty: every table.
    start_position, stop_position
        Keep events with ``start_position <= pos < stop_position`` (byte offsets in one file).
    start_datetime, stop_datetime
        Keep events with ``start_datetime <= timestamp < stop_datetime`` (aware datetimes).
    include_gtids, exclude_gtids
        Keep only the transactions whose GTID is in ``include_gtids`` (when
        given) and not in ``exclude_gtids``.
    """

    databases: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    start_position: int | None = None
    stop_position: int | None = None
    start_datetime: datetime | None = None
    stop_datetime: datetime | None = None
    include_gtids: tuple[GtidRange, ...] = ()
    exclude_gtids: tuple[GtidRange, ...] = ()
    _start: float | None = field(default=None, init=False, repr=False, compare=False)
    _stop: float | None = field(default=None, init=False, repr=False, compare=False)
    _db_re: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    _statement_db_re: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    _qualified_re: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    _bare_re: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    _seen: BoundedCache[bool] = field(
        default_factory=lambda: BoundedCache(TABLES_KEPT), init=False, repr=False, compare=False)
    #: Whether a position or time window is given; whether nothing at all is left out (see the properties).
    _windows: bool = field(default=False, init=False, repr=False, compare=False)
    _everything: bool = field(default=True, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        start = parse_datetime(self.start_datetime) if self.start_datetime is not None else None
        stop = parse_datetime(self.stop_datetime) if self.stop_datetime is not None else None
        for name, value in (("start_position", self.start_position), ("stop_position", self.stop_position)):
            if value is not None and value < 0:
                raise UsageError(f"{name.replace('_', '-')} must be >= 0, not {value}")
        setter = object.__setattr__
        setter(self, "databases", split_names(self.databases))
        setter(self, "tables", split_names(self.tables))
        setter(self, "start_datetime", start)
        setter(self, "stop_datetime", stop)
        setter(self, "_start", start.timestamp() if start else None)
        setter(self, "_stop", stop.timestamp() if stop else None)
        setter(self, "_db_re", _pattern(self.databases))
        setter(self, "_qualified_re", _pattern(tuple(t for t in self.tables if "." in t)))
        setter(self, "_bare_re", _pattern(tuple(t for t in self.tables if "." not in t)))
        # --table db.t without --database: statements are kept on the tables' databases
        # (a table without a database matches in every database, so then every statement is kept).
        table_dbs = tuple(t.split(".", 1)[0] for t in self.tables)
        setter(self, "_statement_db_re", _pattern(table_dbs) if table_dbs and all("." in t for t in self.tables)
               else None)
        windows = self.start_position is not None or self.stop_position is not None or start is not None \
            or stop is not None
        setter(self, "_windows", windows)
        setter(self, "_everything", not (windows or self.databases or self.tables or self.include_gtids
                                         or self.exclude_gtids))

    @classmethod
    def create(
        cls,
        *,
        databases: str | Iterable[str] | None = None,
        tables: str | Iterable[str] | None = None,
        start_position: int | None = None,
        stop_position: int | None = None,
        start_datetime: str | datetime | None = None,
        stop_datetime: str | datetime | None = None,
        include_gtids: str | Iterable[str] | None = None,
        exclude_gtids: str | Iterable[str] | None = None,
    ) -> ChangeFilter:
        """A filter from comma lists (or lists of them) and ISO times (UTC unless they carry an offset)."""
        return cls(
            include_gtids=parse_gtid_set(include_gtids),
            exclude_gtids=parse_gtid_set(exclude_gtids),
            databases=split_names(databases),
            tables=split_names(tables),
            start_position=start_position,
            stop_position=stop_position,
            start_datetime=parse_datetime(start_datetime) if start_datetime is not None else None,
            stop_datetime=parse_datetime(stop_datetime) if stop_datetime is not None else None,
        )

    @property
    def selects_tables(self) -> bool:
        """Whether some databases or tables are left out."""
        return bool(self.databases or self.tables)

    @property
    def selects_windows(self) -> bool:
        """Whether a position or time window is given (:meth:`wants_event` may be false)."""
        return self._windows

    @property
    def keeps_everything(self) -> bool:
        """Whether nothing is left out: no database, table, window or GTID set (every ``wants_*`` is true)."""
        return self._everything

    @property
    def selects_positions(self) -> bool:
        return self.start_position is not None or self.stop_position is not None

    @property
    def selects_gtids(self) -> bool:
        return bool(self.include_gtids or self.exclude_gtids)

    def wants_gtid(self, gtid: str | None) -> bool:
        """Whether the transaction with this GTID is kept (``None``/ANONYMOUS: only without ``include_gtids``)."""
        if not (self.include_gtids or self.exclude_gtids):
            return True
        key = _gtid_key(gtid) if gtid else None

        def hit(ranges: tuple[GtidRange, ...]) -> bool:
            return key is not None and any(r.source == key[0] and r.first <= key[1] <= r.last for r in ranges)

        if self.include_gtids and not hit(self.include_gtids):
            return False
        return not hit(self.exclude_gtids)

    def wants_table(self, schema: str | None, table: str | None) -> bool:
        """Whether the table ``schema.table`` passes the database and table patterns."""
        if not (self.databases or self.tables):
            return True
        key = (schema, table)
        hit = self._seen.get(key)
        if hit is None:
            hit = self._seen.put(key, self._match(schema, table))
        return hit

    def _match(self, schema: str | None, table: str | None) -> bool:
        if self._db_re is not None and (schema is None or not self._db_re.match(schema)):
            return False
        if not self.tables:
            return True
        if table is None:
            return False
        if self._bare_re is not None and self._bare_re.match(table):
            return True
        return self._qualified_re is not None and bool(self._qualified_re.match(f"{schema}.{table}"))

    def wants_database(self, schema: str | None) -> bool:
        """Whether statements on ``schema`` pass the database patterns (table patterns are not applied)."""
        return self._db_re is None or (schema is not None and bool(self._db_re.match(schema)))

    def wants_statement(self, database: str | None) -> bool:
        """Whether a statement (QUERY event) run on ``database`` is kept: the one rule of every command.

        Transaction control (BEGIN, COMMIT, XA...) is kept by the callers whatever its database,
        and so is a statement without a default database. Otherwise, with ``databases`` the
        database must match them (``mysqlbinlog --database``); with only ``tables`` given as
        ``db.table``, it must be one of those tables' databases; with a table pattern without a
        database, or no pattern, every statement is kept.
        """
        if not database:
            return True
        if self._db_re is not None:
            return bool(self._db_re.match(database))
        return self._statement_db_re is None or bool(self._statement_db_re.match(database))

    def wants_position(self, pos: int) -> bool:
        if self.start_position is not None and pos < self.start_position:
            return False
        return self.stop_position is None or pos < self.stop_position

    def wants_time(self, timestamp: float) -> bool:
        """Whether an event header's timestamp (epoch seconds) is in the time window."""
        if self._start is not None and timestamp < self._start:
            return False
        return self._stop is None or timestamp < self._stop

    def wants_event(self, event: Event) -> bool:
        """Whether an event passes the position and time window."""
        return self.wants_position(event.pos) and self.wants_time(event.timestamp)

    def past_stop(self, pos: int) -> bool:
        """Whether reading can end: ``pos`` is at or after the stop position."""
        return self.stop_position is not None and pos >= self.stop_position

    def to_options(self) -> dict[str, str]:
        """The filter as string options (for the Spark data source); :meth:`from_options` reads them back."""
        out: dict[str, str] = {}
        if self.databases:
            out["databases"] = ",".join(self.databases)
        if self.tables:
            out["tables"] = ",".join(self.tables)
        if self.start_position is not None:
            out["start_position"] = str(self.start_position)
        if self.stop_position is not None:
            out["stop_position"] = str(self.stop_position)
        if self.start_datetime is not None:
            out["start_datetime"] = self.start_datetime.isoformat()
        if self.stop_datetime is not None:
            out["stop_datetime"] = self.stop_datetime.isoformat()
        if self.include_gtids:
            out["include_gtids"] = ",".join(map(str, self.include_gtids))
        if self.exclude_gtids:
            out["exclude_gtids"] = ",".join(map(str, self.exclude_gtids))
        return out

    @classmethod
    def from_options(cls, options: dict[str, str]) -> ChangeFilter:
        """The filter of :meth:`to_options` (keys are case-insensitive, as Spark's options are)."""
        lower = {k.lower(): v for k, v in options.items()}

        def number(key: str) -> int | None:
            text = lower.get(key.lower())
            if text in (None, ""):
                return None
            try:
                return int(str(text))
            except ValueError:
                raise UsageError(f"option {key}: not a byte offset: {text!r}") from None

        return cls.create(
            databases=lower.get("databases"),
            tables=lower.get("tables"),
            start_position=number("start_position"),
            stop_position=number("stop_position"),
            start_datetime=lower.get("start_datetime") or None,
            stop_datetime=lower.get("stop_datetime") or None,
            include_gtids=lower.get("include_gtids") or None,
            exclude_gtids=lower.get("exclude_gtids") or None,
        )


def is_transaction_control(statement: str | None) -> bool:
    """Whether a QUERY event's statement only begins, ends or marks a transaction (:func:`.statement_role`)."""
    return statement_role(statement) is not None


class EventSelection:
    """The events a :class:`ChangeFilter` keeps, one file in order (``binlog-ksy events`` and the events table).

    Every event must be inside the position and time windows, and its
    transaction inside the GTID sets when some are given. With databases
    or tables selected, a TABLE_MAP event is kept when its table is wanted, a
    rows event when the TABLE_MAP of its table id was, and a QUERY event (but
    transaction control: BEGIN, COMMIT, XA...) when its default database
    passes the database patterns, as ``mysqlbinlog --database`` does.
    """

    def __init__(self, flt: ChangeFilter) -> None:

        self.filter = flt
        self._table_ids: BoundedCache[bool] = BoundedCache(TABLES_KEPT)
        #: With GTID sets: the transaction of each event (events outside transactions are kept).
        self._tracker = TransactionTracker() if flt.selects_gtids else None

    @property
    def keeps_every_event(self) -> bool:
        """Whether :meth:`wants` is true of every event (no window, GTID set, database or table given)."""
        flt = self.filter
        return not (flt.selects_gtids or flt.selects_tables or flt.selects_positions
                    or flt.start_datetime is not None or flt.stop_datetime is not None)

    def wants(self, event: Event) -> bool:
        flt = self.filter
        if self._tracker is not None:
            state = self._tracker.update(event)
            if state.seq is not None and not flt.wants_gtid(state.gtid):
                return False
        if not flt.wants_event(event):
            return False
        if not flt.selects_tables:
            return True
        code = event.type_code
        if code == et.TABLE_MAP_EVENT:
            body = event.body
            return self._table_ids.put(body.table_id, flt.wants_table(text_of(body.schema), text_of(body.table)))
        if code in et.ROWS_EVENTS:
            rows_body: RowsBody = event.body
            return self._table_ids.get(rows_body.table_id) or False
        if code in et.QUERY_EVENTS:
            body = event.body
            return is_transaction_control(query_text(body)) or flt.wants_statement(text_of(body.schema))
        return True
