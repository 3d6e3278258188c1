"""What the explorer's pages show, read lazily from the binlog files: event pages, one event, one transaction.

Every read starts where it is needed (:class:`~binlog_ksy.runtime.reader.BinlogReader` ``start=``, which finds
the first event at or after a byte offset), so a page or one event costs the events it shows, not the file.
When the filters need what came before (the TABLE_MAP of a table, the GTID of a transaction), reading starts at
the transaction that holds the position, found in a :class:`PositionIndex` of every transaction's first event,
built by one pass over a file the first time it is needed.
"""

from __future__ import annotations

import base64
import fnmatch
import threading
import time
from array import array
from bisect import bisect_right
from typing import Any

import numpy as np

from .. import constants as et
from ..changes import ChangeReader, RowChange
from ..commands.sql import transaction_block
from ..errors import BinlogError, SqlRefusal
from ..event import Event
from ..filters import ChangeFilter, EventSelection
from ..present.describe import event_info, event_to_dict
from ..present.value_json import change_json
from ..reader import BinlogReader
from ..rows.columnar import image_layouts
from ..rows.events import RowsEvent
from ..rows.scan import VALUE_NULL, scan_images
from ..schema.file import SchemaFile
from ..schema.history import DdlStatement, SchemaHistory
from ..transactions import TransactionTracker

__all__ = ["FileIndexes", "event_detail", "events_page", "transaction_detail"]

#: How long one events page may read before it returns what it found (and where to go on).
PAGE_BUDGET_SECONDS = 0.15


class FileIndexes:
    """What pages need from before a position, built by one pass over each file, in file order, when first needed.

    Per file, the byte offset of every transaction's first event (and of every event outside one), to start
    reading at the transaction that holds a position; over the files, the DDL statements (with the schema
    history of ``--schema-sql``), to name columns at any position as ``rows`` and ``sql`` do reading from the
    first file on.
    """

    def __init__(self, files: list[str], history: SchemaHistory | None = None, *,
                 verify_checksums: bool = True) -> None:
        self.files = list(files)
        self.verify_checksums = verify_checksums
        self._base = history
        self._history = history.copy() if history is not None else None  # followed to the end of the last scan
        self._statements: list[DdlStatement] = []
        self._starts: dict[str, array[int]] = {}
        self._lock = threading.Lock()
        self.seconds = 0.0

    def _ensure(self, path: str) -> int:
        index = self.files.index(path)
        with self._lock:
            while len(self._starts) <= index:
                self._scan(len(self._starts))
        return index

    def _scan(self, file_index: int) -> None:
        began = time.perf_counter()
        path = self.files[file_index]
        starts = array("q")
        tracker = TransactionTracker()
        history = self._history
        if history is not None:
            history.statements = self._statements
            history.record(file_index)
        last = -1
        for event in BinlogReader(path, on_error="skip", verify_checksums=self.verify_checksums):
            if history is not None and event.type_code in et.QUERY_EVENTS:
                history.follow(event)
            try:
                seq = tracker.update(event).seq  # inner events too: a payload's BEGIN and XID
            except BinlogError:
                seq = None
            if event.in_payload is not None:
                continue
            if seq is None:
                if tracker.in_transaction:
                    continue  # a TRANSACTION_PAYLOAD: inside the transaction its GTID began
                start = event.pos
            else:
                start = seq
            if start != last:
                starts.append(start)
                last = start
        self._starts[path] = starts
        self.seconds += time.perf_counter() - began

    @property
    def indexed(self) -> int:
        """How many files (from the first) are indexed."""
        return len(self._starts)

    def build(self) -> tuple[dict[str, array[int]], list[DdlStatement]]:
        """Index every file now; what :meth:`install` takes (for an index built in another process)."""
        self._ensure(self.files[-1])
        return dict(self._starts), list(self._statements)

    def install(self, built: tuple[dict[str, array[int]], list[DdlStatement]]) -> None:
        """Take an index of every file built elsewhere (:meth:`build`), unless one is being built here."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            starts, statements = built
            if len(self._starts) < len(self.files) and set(starts) == set(self.files):
                self._statements[:] = statements
                self._starts = dict(starts)
        finally:
            self._lock.release()

    def transaction_start(self, path: str, pos: int) -> int:
        """Where the transaction holding byte ``pos`` of ``path`` starts (``pos`` itself outside transactions)."""
        self._ensure(path)
        starts = self._starts[path]
        i = bisect_right(starts, pos)
        return starts[i - 1] if i else pos

    def history_at(self, path: str, pos: int) -> SchemaHistory | None:
        """The schema history as it stands at byte ``pos`` of ``path`` (None when histories are off)."""
        if self._base is None:
            return None
        index = self._ensure(path)
        history = self._base.copy()
        history.replay(self._statements, (index, pos))
        return history


def _reader(path: str, start: int, verify_checksums: bool) -> BinlogReader:
    return BinlogReader(path, on_error="skip", verify_checksums=verify_checksums, start=start if start > 4 else None)


def event_summary(event: Event) -> dict[str, Any]:
    """One line of the events list: the header fields and SHOW BINLOG EVENTS' Info."""
    try:
        record = event_to_dict(event)
        info, error = event_info(event, record.pop("body") or {}), None
    except BinlogError as err:
        record = event_to_dict(event, with_body=False)
        info, error = "", err.message
    record.update(info=info.replace("\n", " "), inner=event.in_payload, error=error)
    return record


def _error_json(err: BinlogError) -> dict[str, Any]:
    return {"file": err.file, "offset": err.offset, "length": err.length, "event_type": err.event_type,
            "message": err.message}


def events_page(path: str, index: FileIndexes, *, start: int = 4, inner: int = -1, limit: int = 100,
                filters: ChangeFilter | None = None, types: tuple[str, ...] = (), exact: bool = False,
                verify_checksums: bool = True) -> dict[str, Any]:
    """Up to ``limit`` events at or after (``start``, ``inner``) that the filters and type patterns keep.

    ``exact`` says that ``start`` is where an event begins (a ``next`` cursor): reading then seeks there; other
    positions are read from the transaction holding them, by the position index.
    ``next`` is the cursor of the following page (None at the end of the file); a page whose reading took
    :data:`PAGE_BUDGET_SECONDS` ends early with what it found and a ``next`` where it stopped.
    """
    flt = filters or ChangeFilter()
    begin = start
    if start > 4 and (flt.selects_tables or flt.selects_gtids or not exact):
        # from the start of the transaction holding the position: the filters see its TABLE_MAPs and GTID, and
        # damage between an arbitrary byte and the next event is met (a reader that seeks skips it silently)
        begin = index.transaction_start(path, start)
    reader = _reader(path, begin, verify_checksums)
    selection = EventSelection(flt)
    patterns = tuple(p.upper() for p in types)
    out: list[dict[str, Any]] = []
    cursor: dict[str, int] | None = None
    deadline = time.perf_counter() + PAGE_BUDGET_SECONDS
    scanned = 0
    for event in reader:
        position = (event.pos, -1 if event.in_payload is None else event.in_payload)
        if flt.past_stop(event.pos) and event.in_payload is None:
            break
        try:
            wanted = selection.wants(event)
        except BinlogError:
            wanted = True  # shown, with its error
        if position < (start, inner):
            continue
        scanned += 1
        if len(out) >= limit or (scanned % 256 == 0 and time.perf_counter() > deadline):
            cursor = {"pos": position[0], "inner": position[1]}
            break
        if not wanted or (patterns and not any(fnmatch.fnmatchcase(event.type_name, p) for p in patterns)):
            continue
        out.append(event_summary(event))
    errors = [_error_json(e) for e in reader.errors if e.offset is None or e.offset >= begin]
    return {"file": path, "start": start, "inner": inner, "events": out, "next": cursor, "errors": errors,
            "size": reader.size}


def event_detail(path: str, index: FileIndexes, pos: int, inner: int | None = None, *,
                 schema: SchemaFile | None = None, verify_checksums: bool = True) -> dict[str, Any] | None:
    """One event: its JSON (as ``events --format jsonl``), bytes, framing, transaction, and for a rows event
    its table map and rows (as ``rows --format jsonl``). None when no event starts at ``pos``."""
    begin = index.transaction_start(path, pos)
    reader = _reader(path, begin, verify_checksums)
    changes = ChangeReader(path, reader=reader, on_error="skip", undecodable="keep", schema=schema,
                           history=index.history_at(path, begin))
    table_maps: dict[int, Event] = {}
    target: Event | None = None
    rows: list[dict[str, Any]] | None = None
    rows_error: str | None = None
    value_ranges: list[dict[str, Any]] | None = None
    columns: dict[str, Any] | None = None
    for event in reader:
        rows_event = changes.accept(event)
        if event.type_code == et.TABLE_MAP_EVENT:
            try:
                table_maps[event.body.table_id] = event
            except Exception:  # noqa: BLE001 - a damaged TABLE_MAP is shown as such
                pass
        if event.pos == pos and event.in_payload == inner:
            target = event
            if event.type_code in et.ROWS_EVENTS:
                rows = []
                if rows_event is not None:
                    try:
                        rows = [change_json(c) for c in changes.decode(rows_event)]
                        value_ranges = _value_ranges(rows_event, len(rows))
                        columns = _columns(rows_event)
                    except BinlogError as err:
                        rows_error = str(err)
                elif changes.errors:
                    rows_error = str(changes.errors[-1])
            break
        if event.pos > pos:
            break
    if target is None:
        return None
    fmt = reader.format
    record = event_to_dict(target)
    detail: dict[str, Any] = {
        "event": record,
        "info": event_summary(target)["info"],
        "raw": base64.b64encode(target.raw).decode("ascii"),
        "framing": {
            "len_header": fmt.header_len if fmt else target.header_len,
            "post_header_lengths": list(fmt.post_header_lengths) if fmt else [],
            "has_crc32": bool(fmt and fmt.has_crc32 and target.in_payload is None),
            "uses_pre_ga_numbering": bool(fmt and fmt.uses_pre_ga_numbering),
        },
        "transaction": changes.state.seq if changes.state.seq is not None or not changes.transactions.in_transaction
        else begin,
        "gtid": changes.state.gtid,
        "rows": rows,
        "rows_error": rows_error,
        "value_ranges": value_ranges,
        "columns": columns,
        "table_map": None,
    }
    if target.type_code in et.ROWS_EVENTS:
        try:
            table_map = table_maps.get(target.body.table_id)
        except Exception:  # noqa: BLE001
            table_map = None
        if table_map is not None:
            detail["table_map"] = event_to_dict(table_map)
    return detail


def _columns(rows_event: RowsEvent) -> dict[str, Any]:
    """The table as the decoder sees it: each column's name, type and flags, and where the names came from."""
    table_map = rows_event.table_map
    return {"names_from": table_map.names_from, "primary_key": list(table_map.primary_key), "columns": [
        {"index": c.index, "name": c.name, "type": c.type_name, "nullable": c.nullable, "unsigned": c.unsigned,
         "charset": c.charset, "primary_key": c.is_primary_key} for c in table_map.columns]}


def _value_ranges(rows_event: RowsEvent, changes: int) -> list[dict[str, Any]] | None:
    """Where each change's images and values lie in the event's bytes, from the scan ``stats`` counts with.

    Per change, ``{"before"|"after": {"image": [start, end], "values": [[start, end] or None (NULL), ...]}}``,
    values in the order of the image's present columns (the keys of ``rows --format jsonl``'s images), each
    without its length prefix. None when the images are not the event's own bytes (compressed events) or the
    scan cannot walk them (partial JSON, a column it cannot size).
    """
    event = rows_event.event
    data = rows_event.data
    if rows_event.partial_json or not data:
        return None
    base = len(event.raw) - event.checksum_len - len(data)
    if base < 0 or event.raw[base:base + len(data)] != data:
        return None
    layouts = image_layouts(rows_event.table_map, rows_event.op, rows_event.present_before,
                            rows_event.present_after)
    if layouts is None:
        return None
    scan = scan_images(np.frombuffer(data, dtype=np.uint8), layouts)
    sides = {"insert": ("after",), "delete": ("before",), "update": ("before", "after")}[rows_event.op]
    if scan.truncated_at is not None or scan.count != changes * len(sides) or len(layouts) != len(sides):
        return None
    out = []
    for i in range(changes):
        images: dict[str, Any] = {}
        for s, which in enumerate(sides):
            j = i * len(sides) + s
            end = int(scan.starts[j + 1]) if j + 1 < scan.count else len(data)
            values = [None if int(scan.offsets[j, k]) == VALUE_NULL else
                      [base + int(scan.offsets[j, k]), base + int(scan.offsets[j, k]) + int(scan.lengths[j, k])]
                      for k in range(len(layouts[s]))]
            images[which] = {"image": [base + int(scan.starts[j]), base + end], "values": values}
        out.append(images)
    return out


def transaction_detail(path: str, index: FileIndexes, pos: int, *, schema: SchemaFile | None = None,
                       verify_checksums: bool = True) -> dict[str, Any] | None:
    """The transaction whose first event is at ``pos``: its events, changes (as ``rows --format jsonl``) and
    its redo and undo SQL (as ``sql`` and ``sql --flashback`` print them). None when none starts there."""
    reader = _reader(path, pos, verify_checksums)
    changes = ChangeReader(path, reader=reader, on_error="skip", schema=schema, history=index.history_at(path, pos))
    events: list[dict[str, Any]] = []
    found: list[RowChange] = []
    problems: list[str] = []
    gtid = None
    for event in reader:
        rows_event = changes.accept(event)
        seq = changes.state.seq
        if seq is None and events and changes.transactions.in_transaction:
            seq = pos  # a TRANSACTION_PAYLOAD inside the transaction (its events follow it)
        if seq != pos:
            if events or event.pos > pos:
                break
            continue
        gtid = changes.state.gtid
        events.append(event_summary(event))
        if rows_event is not None:
            try:
                found.extend(changes.decode(rows_event))
            except BinlogError as err:
                problems.append(str(err))
        if not changes.transactions.in_transaction and event.in_payload is None \
                and event.type_code != et.TRANSACTION_PAYLOAD_EVENT:
            break
    if not events:
        return None
    redo = undo = None
    if found:
        try:
            redo, undo = transaction_block(found, False), transaction_block(found, True)
        except SqlRefusal as err:
            problems.append(str(err))
    problems.extend(str(e) for e in changes.errors)
    return {"file": path, "pos": pos, "gtid": gtid, "events": events, "changes": [change_json(c) for c in found],
            "redo_sql": redo, "undo_sql": undo, "problems": problems}
