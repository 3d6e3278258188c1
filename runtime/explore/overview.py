"""The overview of binlog files: the figures of ``binlog-ksy stats`` and what a picture of them needs.

:class:`Overview` *is* the ``stats`` engine (:class:`~binlog_ksy.runtime.stats.BinlogStats`): the same
pass over the same events counts the same rows, bytes and transactions, so ``overview["stats"]`` equals
``binlog-ksy stats --format json`` with the same flags. On top of it, while the events go by, it keeps:

* per file: size, server version and flavor, binlog version, checksum, first and last event time, events;
* bytes per event type (whole events: header, body, checksum; inner events of a compressed
  TRANSACTION_PAYLOAD are not counted again, the payload counts once);
* row changes per table over time (per second, folded into at most :data:`MAX_BUCKETS` buckets);
* every counted transaction in histograms of its rows, bytes and seconds (powers of two);
* the GTID ranges of the counted transactions, per source (MySQL uuid[:tag], MariaDB domain-server);
* the big and long transactions with their times, and the errors met (skip mode: the damaged ranges).

Aggregates only: the size of the result grows with tables and time buckets, never with events.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from .. import constants as et
from ..changes import ChangeReader
from ..constants import event_type_name
from ..errors import BinlogError
from ..event import Event
from ..filters import ChangeFilter
from ..present.describe import event_to_dict
from ..reader import BinlogReader
from ..rows.events import RowsEvent
from ..schema.file import SchemaFile
from ..schema.history import SchemaHistory
from ..stats import DEFAULT_BIG_BYTES, DEFAULT_BIG_ROWS, DEFAULT_LONG_SECONDS, BinlogStats, TransactionStats

__all__ = ["MAX_BUCKETS", "Overview", "build_overview", "bucket_label"]

_GTID_SET_EVENTS = frozenset({et.EventType.previous_gtids_log_event.value, et.EventType.gtid_list_event.value})

#: The most time buckets the timeline of row changes has.
MAX_BUCKETS = 240
_STEPS = (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400)


def bucket_label(index: int, unit: str = "") -> str:
    """The label of histogram bucket ``index`` (0: exactly 0; k >= 1: 2**(k-1) to 2**k - 1)."""
    if index == 0:
        return f"0{unit}"
    low, high = 1 << (index - 1), (1 << index) - 1
    return f"{low}{unit}" if low == high else f"{low}–{high}{unit}"


class _FileInfo:
    __slots__ = ("name", "size", "server_version", "binlog_version", "checksum", "first", "last", "events",
                 "bytes", "gtids_before")

    def __init__(self, name: str) -> None:
        self.name = name
        self.size: int | None = None
        self.server_version = ""
        self.binlog_version: int | None = None
        self.checksum: str | None = None
        self.first: int | None = None
        self.last: int | None = None
        self.events = 0
        self.bytes = 0
        self.gtids_before: str | None = None  # PREVIOUS_GTIDS (MySQL) or GTID_LIST (MariaDB): the set before it

    def to_json(self) -> dict[str, Any]:
        version = self.server_version
        flavor = ("MariaDB" if "mariadb" in version.lower() else "MySQL") if version else None
        return {"name": self.name, "size": self.size, "server_version": version, "flavor": flavor,
                "binlog_version": self.binlog_version, "checksum": self.checksum, "first_timestamp": self.first,
                "last_timestamp": self.last, "events": self.events, "bytes": self.bytes,
                "gtids_before": self.gtids_before}


class _ObservingReader(BinlogReader):
    """A :class:`BinlogReader` that shows every event it yields to an :class:`Overview`."""

    def __init__(self, overview: Overview, info: _FileInfo, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._overview = overview
        self._info = info

    def __iter__(self) -> Iterator[Event]:
        info = self._info
        by_code = self._overview.code_bytes
        error_times = self._overview.error_times
        errors = self.errors
        seen = 0
        events = size = 0
        first = last = last_ts = 0  # 0: none yet (event times are > 0)
        try:
            for event in super().__iter__():
                if len(errors) > seen:  # damage skipped before this event: between the last event and it
                    for err in errors[seen:]:
                        error_times[id(err)] = last_ts or event.timestamp
                    seen = len(errors)
                code = event.type_code
                if code in _GTID_SET_EVENTS and info.gtids_before is None:
                    try:
                        info.gtids_before = (event_to_dict(event)["body"] or {}).get("gtid_set")
                    except BinlogError:
                        pass
                if event.in_payload is None:
                    events += 1
                    length = event.length
                    size += length
                    by_code[code] = by_code.get(code, 0) + length
                ts = event.timestamp
                if ts:
                    last_ts = ts
                    if ts < first or not first:
                        first = ts
                    if ts > last:
                        last = ts
                if info.binlog_version is None and self.format is not None:
                    fmt = self.format
                    info.server_version = fmt.server_version
                    info.binlog_version = fmt.binlog_version
                    info.checksum = "CRC32" if fmt.has_crc32 else "NONE"
                yield event
            for err in errors[seen:]:
                error_times[id(err)] = last_ts or None
        finally:
            info.events += events
            info.bytes += size
            info.first = first or None
            info.last = last or None
            info.size = self.size


class _GtidRanges:
    """GTIDs folded into ranges per source, in the order sources were first seen."""

    def __init__(self) -> None:
        self.ranges: dict[tuple[str, str], list[list[int]]] = {}

    def add(self, gtid: str) -> None:
        if ":" in gtid:  # MySQL uuid:gno or uuid:tag:gno
            source, _, number = gtid.rpartition(":")
            key = ("mysql", source)
        else:  # MariaDB domain-server-seq
            domain, server, number = gtid.split("-", 2)
            key = ("mariadb", f"{domain}-{server}")
        try:
            n = int(number)
        except ValueError:
            return
        spans = self.ranges.setdefault(key, [])
        for span in reversed(spans[-4:]):  # GTIDs mostly come in order: look at the last few spans only
            if span[0] - 1 <= n <= span[1] + 1:
                span[0], span[1] = min(span[0], n), max(span[1], n)
                return
        spans.append([n, n])

    def to_json(self) -> list[dict[str, Any]]:
        out = []
        for (flavor, source), spans in self.ranges.items():
            merged: list[list[int]] = []
            for low, high in sorted(spans):
                if merged and low <= merged[-1][1] + 1:
                    merged[-1][1] = max(merged[-1][1], high)
                else:
                    merged.append([low, high])
            if flavor == "mysql":
                text = source + "".join(f":{a}" if a == b else f":{a}-{b}" for a, b in merged)
            else:
                text = ",".join(f"{source}-{a}" if a == b else f"{source}-{a}-{b}" for a, b in merged)
            out.append({"source": source, "flavor": flavor, "ranges": merged, "text": text,
                        "count": sum(b - a + 1 for a, b in merged)})
        return out


class Overview(BinlogStats):
    """The ``stats`` engine, keeping what the overview shows besides (see the module docstring)."""

    #: Every transaction and rows event is watched (:meth:`_close`, :meth:`_add_rows`): none is counted whole.
    COUNTS_PLAIN_WHOLE = False

    def __init__(self, *, big_rows: int = DEFAULT_BIG_ROWS, big_bytes: int = DEFAULT_BIG_BYTES,
                 long_seconds: float = DEFAULT_LONG_SECONDS) -> None:
        super().__init__(big_rows=big_rows, big_bytes=big_bytes, long_seconds=long_seconds)
        self.files: list[_FileInfo] = []
        self.code_bytes: dict[int, int] = {}  # event type code -> bytes
        self.per_second: dict[str, dict[int, int]] = {}  # table -> second -> row changes
        self.histograms: dict[str, list[int]] = {"rows": [], "bytes": [], "seconds": []}
        self.gtids = _GtidRanges()
        self.marked: dict[int, dict[str, Any]] = {}  # id(TransactionStats) of big/long ones -> times
        self.errors: list[dict[str, Any]] = []
        self.error_times: dict[int, int | None] = {}  # id(BinlogError) -> the time of the last event before it

    # -- reading -------------------------------------------------------------------------------

    def read_file(self, name: str, *, filters: ChangeFilter | None = None, schema: SchemaFile | None = None,
                  history: SchemaHistory | None = None, on_error: str = "skip",
                  verify_checksums: bool = True) -> None:
        """Count one file (in order after the previous ones); errors are kept, and raised in stop mode."""
        info = _FileInfo(name)
        self.files.append(info)
        reader = _ObservingReader(self, info, name, on_error=on_error, verify_checksums=verify_checksums)
        changes = ChangeReader(name, schema=schema, filters=filters, on_error=on_error,  # type: ignore[arg-type]
                               verify_checksums=verify_checksums, undecodable="keep", reader=reader,
                               history=history)
        try:
            self.read(changes)
        finally:
            if info.size is None:
                try:
                    info.size = os.path.getsize(name)
                except OSError:
                    pass
            for err in changes.errors:
                self.errors.append(_error_json(err, self.error_times.get(id(err))))

    def _add_rows(self, reader: ChangeReader, rows_event: RowsEvent, transaction: TransactionStats) -> None:
        before = transaction.rows
        super()._add_rows(reader, rows_event, transaction)
        table_map = rows_event.table_map
        key = f"{table_map.schema}.{table_map.table}"
        seconds = self.per_second.setdefault(key, {})
        ts = rows_event.event.timestamp
        seconds[ts] = seconds.get(ts, 0) + transaction.rows - before

    def _close(self, transaction: TransactionStats) -> None:
        counted, big, long = self.transactions, len(self.big), len(self.long)
        super()._close(transaction)
        if self.transactions == counted:
            return
        for key, value in (("rows", transaction.rows), ("bytes", transaction.bytes),
                           ("seconds", transaction.seconds)):
            hist = self.histograms[key]
            index = int(value).bit_length()
            if len(hist) <= index:
                hist.extend([0] * (index + 1 - len(hist)))
            hist[index] += 1
        if transaction.gtid:
            self.gtids.add(transaction.gtid)
        if len(self.big) > big or len(self.long) > long:
            self.marked[id(transaction)] = {"earliest": transaction.earliest, "latest": transaction.latest}

    # -- output --------------------------------------------------------------------------------

    def timeline(self) -> dict[str, Any]:
        """Row changes per table in time buckets: ``{"start", "step", "buckets", "series": {table: [n...]}}``."""
        seconds = [ts for per in self.per_second.values() for ts in per]
        if not seconds:
            return {"start": None, "step": 1, "buckets": 0, "series": {}}
        first, last = min(seconds), max(seconds)
        span = last - first + 1
        step = next((s for s in _STEPS if span / s <= MAX_BUCKETS), -(-span // MAX_BUCKETS))
        start = first - first % step
        buckets = (last - start) // step + 1
        series: dict[str, list[int]] = {}
        for table in sorted(self.per_second):
            counts = [0] * buckets
            for ts, n in self.per_second[table].items():
                counts[(ts - start) // step] += n
            series[table] = counts
        return {"start": start, "step": step, "buckets": buckets, "series": series}

    def to_overview(self) -> dict[str, Any]:
        """Everything the overview shows, JSON-ready: ``stats`` is exactly ``stats --format json``."""
        stats = self.to_json()
        firsts = [f.first for f in self.files if f.first is not None]
        lasts = [f.last for f in self.files if f.last is not None]

        def marked(items: list[TransactionStats]) -> list[dict[str, Any]]:
            return [{**t.to_json(), **self.marked.get(id(t), {"earliest": t.earliest, "latest": t.latest})}
                    for t in items]

        return {
            "files": [f.to_json() for f in self.files],
            "time_span": {"first": min(firsts) if firsts else None, "last": max(lasts) if lasts else None},
            "gtid_ranges": self.gtids.to_json(),
            "thresholds": {"big_rows": self.big_rows, "big_bytes": self.big_bytes,
                           "long_seconds": self.long_seconds},
            "stats": stats,
            "type_bytes": dict(sorted(((event_type_name(code), n) for code, n in self.code_bytes.items()),
                                      key=lambda kv: (-kv[1], kv[0]))),
            "timeline": self.timeline(),
            "histograms": {key: [{"label": bucket_label(i), "count": n} for i, n in enumerate(hist)]
                           for key, hist in self.histograms.items()},
            "big_transactions": marked(self.big),
            "long_transactions": marked(self.long),
            "errors": self.errors,
        }


def _error_json(err: BinlogError, timestamp: int | None = None) -> dict[str, Any]:
    return {"file": err.file, "offset": err.offset, "length": err.length, "event_type": err.event_type,
            "kind": err.kind, "message": err.message, "timestamp": timestamp}


def build_overview(files: list[str], *, filters: ChangeFilter | None = None, schema: SchemaFile | None = None,
                   history: SchemaHistory | None = None, on_error: str = "skip", verify_checksums: bool = True,
                   big_rows: int = DEFAULT_BIG_ROWS, big_bytes: int = DEFAULT_BIG_BYTES,
                   long_seconds: float = DEFAULT_LONG_SECONDS) -> dict[str, Any]:
    """The overview of ``files`` read in order (see :meth:`Overview.to_overview`).

    In skip mode damage is listed in ``errors`` and reading goes on; in stop mode a file's reading ends at
    its first error (listed too), and the next file is read.
    """
    overview = Overview(big_rows=big_rows, big_bytes=big_bytes, long_seconds=long_seconds)
    for name in files:
        try:
            overview.read_file(name, filters=filters, schema=schema, history=history, on_error=on_error,
                               verify_checksums=verify_checksums)
        except BinlogError as err:
            if not any(e["file"] == err.file and e["offset"] == err.offset for e in overview.errors):
                overview.errors.append(_error_json(err))
    return overview.to_overview()
