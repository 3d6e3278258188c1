"""Where each row image of a rows event starts, and how many there are, without numpy: the compiled scan
over plain buffers.

``filter --flashback`` only reorders row images, so it needs their bounds,
not their values: :func:`image_starts` runs the compiled loop of
:mod:`.scan` (``_scan.scan``) on ``array`` buffers, which it takes as it
takes numpy arrays, so the command loads neither numpy nor pyarrow. Where the
compiled module is not there it is :func:`.scan.scan_images` itself (with
numpy). Both give the same starts (tests/test_flashback_bytes.py).
``stats`` counts the changes of an event from them (:func:`count_changes`),
so it loads neither numpy nor pyarrow either.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

from ..bounded_cache import BoundedCache
from ..table_map import TableMap
from .events import Op, RowsEvent
from .layouts import image_layouts

__all__ = ["FEW_ROWS", "count_changes", "fewer_changes", "image_counter", "image_starts", "prepared_layouts"]

_compiled_scan: Any  # typed for numpy arrays (_scan.pyi); it takes any buffer of the right item type
_KeptRoom: Any
try:
    from ._scan import KeptRoom as _KeptRoom
    from ._scan import scan as _compiled_scan
except ImportError:  # pragma: no cover - an install without the compiled module
    _compiled_scan = _KeptRoom = None

_FULL, _TRUNCATED = 2, 1  # _scan.scan's statuses (0: every byte used)
#: Use the compiled loop over plain buffers (tests switch it off to compare with :func:`.scan.scan_images`).
PREFER_COMPILED = True


#: Layouts prepared for the compiled loop, by identity (the layouts of a table's images are memoized, so
#: the same list comes back): (the layouts, kept alive; widths matrix; column counts; widest layout).
#: Sized by an estimate of their memory: every layout of a binlog of thousands of tables.
_PREPARED: BoundedCache[tuple[list[list[int]], Any, array[int], int, Any]] = BoundedCache(
    64 << 20, lambda key, entry: 2048 + 8 * _SMALL + 24 * entry[3])
#: Images an event of few rows has at most to be scanned in the room kept with its layouts (no allocation).
_SMALL = 64
#: The room the compiled loop writes the values' offsets and lengths into for an event of few images, which
#: nobody reads: one pair of buffers per power of two of layout widths, shared by the layouts of that width
#: (one pair per layout was 200 KB for a table of 199 columns: 64 MB on a binlog whose wide tables an ALTER
#: changes often).
_SMALL_ROOMS: dict[int, tuple[bytearray, bytearray]] = {}


def _small_room(width: int) -> tuple[memoryview, memoryview]:
    """Views of ``_SMALL`` x ``width`` int64 over the shared room of the width's class."""
    size = 1 << max(width - 1, 0).bit_length()
    rooms = _SMALL_ROOMS.get(size)
    if rooms is None:
        rooms = _SMALL_ROOMS[size] = (bytearray(8 * _SMALL * size), bytearray(8 * _SMALL * size))
    offsets, lengths = (memoryview(room)[:8 * _SMALL * width].cast("q", [_SMALL, width]) for room in rooms)
    return offsets, lengths
#: Room the compiled loop writes each value's offset and length into (read by nobody here), reused.
_SCRATCH = bytearray()


def _prepared(layouts: list[list[int]]) -> tuple[list[list[int]], Any, array[int], int, Any]:
    entry = _PREPARED.get(id(layouts))
    if entry is None or entry[0] is not layouts:
        if not layouts or any(not layout for layout in layouts):
            raise ValueError("every layout needs at least one present column")
        width = max(len(layout) for layout in layouts)
        flat = array("q", [w for layout in layouts for w in (*layout, *[0] * (width - len(layout)))])
        widths = memoryview(flat).cast("B").cast("q", [len(layouts), width])
        ncols = array("q", [len(layout) for layout in layouts])
        kept = array("q", bytes(8 * _SMALL))
        small = (kept, _KeptRoom(widths, ncols, kept, *_small_room(width)))
        entry = _PREPARED.put(id(layouts), (layouts, widths, ncols, width, small))
    return entry


def prepared_layouts(layouts: list[list[int]]) -> tuple[Any, array[int], int]:
    """The layouts as the compiled scan takes them: the widths (a row per layout, ``widest`` columns), the
    column counts, ``widest`` (``rows/image_scan.pxd``; the undo binlog's compiled loop scans with them)."""
    _, widths, ncols, width, _ = _prepared(layouts)
    return widths, ncols, width


def image_starts(data: bytes, layouts: list[list[int]]) -> tuple[list[int], bool]:
    """The offset of every whole row image in ``data`` (the layouts used in turn, see :mod:`.scan`), and
    whether the images end exactly where ``data`` does."""
    if _compiled_scan is None or not PREFER_COMPILED:
        return _numpy_starts(data, layouts)
    _, widths, ncols, width, small = _prepared(layouts)
    end = len(data)
    if end // (8 * width + 8) <= _SMALL:  # few images (OLTP): the room kept with the layouts
        kept, room = small
        img, status = room.scan(data)
        if status != _FULL:
            return kept[:img].tolist(), status != _TRUNCATED
    cap = max(_SMALL, end // (8 * width + 8))
    starts = array("q", bytes(8 * cap))
    img, pos = 0, 0
    while True:
        size = 8 * cap * width
        if len(_SCRATCH) < 2 * size:
            _SCRATCH.extend(bytes(2 * size - len(_SCRATCH)))
        with memoryview(_SCRATCH) as room:
            img, pos, status = _compiled_scan(data, end, widths, ncols, len(layouts), pos, img, starts,
                                              room[:size].cast("q", [cap, width]),
                                              room[size:2 * size].cast("q", [cap, width]))
        if status != _FULL:
            return starts[:img].tolist(), status != _TRUNCATED
        starts.frombytes(bytes(8 * cap))  # full: twice the room, the starts found kept, and on from there
        cap *= 2


def _numpy_starts(data: bytes, layouts: list[list[int]]) -> tuple[list[int], bool]:
    import numpy as np

    from .scan import scan_images

    scan = scan_images(np.frombuffer(data, dtype=np.uint8), layouts)
    return scan.starts.tolist(), scan.truncated_at is None


def count_changes(rows_event: RowsEvent) -> int | None:
    """How many row changes a rows event holds, from where its images start (no value decoded; ``stats``).

    ``None`` when the scan cannot walk them (partial JSON, a column it cannot
    size, images that do not end with the data): decode the event instead.
    """
    if rows_event.partial_json:
        return None
    counter = image_counter(rows_event.table_map, rows_event.op, rows_event.present_before,
                            rows_event.present_after)
    return None if counter is None else counter(rows_event.data)


#: Rows events of one layout with fewer changes than this (a key in a window of
#: :func:`.columnar.iter_change_runs`, a run in one of ``sql``) go to the row decoder: a decode into columns
#: has a fixed cost per column, key and window (with its text, 100-200 microseconds a column) that a few
#: changes do not repay, whatever the width, as the row decoder's cost a change grows with the columns too.
#: The changes are counted from the sizes of their images (:func:`fewer_changes`), not guessed from their
#: bytes: 4 KB are 100 changes of a narrow table and 3 of one of 200 columns. Many tables, small transactions
#: (2,000 tables, 24,468 transactions of 1-3 single-row changes: 10,997 decodes of 4.4 changes each),
#: ``rows --format jsonl``: the column path 28.5 s of CPU, the row decoder 16.1 s.
FEW_ROWS = 32


def fewer_changes(events: Sequence[RowsEvent], limit: int) -> bool:
    """Whether rows events of one table layout, op and column bitmaps hold fewer than ``limit`` changes,
    counted from the sizes of their images; True as well for events whose images cannot be sized (the row
    decoder reads them all the same, and reports what is wrong)."""
    first = events[0]
    counter = image_counter(first.table_map, first.op, first.present_before, first.present_after)
    if counter is None or first.partial_json:
        return True
    changes = 0
    for rows_event in events:
        count = counter(rows_event.data)
        if count is None:
            return True
        changes += count
        if changes >= limit:
            return False
    return True


def image_counter(table_map: TableMap, op: Op, present_before: bytes,
                  present_after: bytes) -> Callable[[bytes], int | None] | None:
    """What :func:`count_changes` counts the images of such rows events with (made once per table map, op and
    bitmaps): a function of their images; None when those cannot be sized."""
    key = ("counter", op, present_before, present_after)
    memo = table_map.memo
    counter: Callable[[bytes], int | None] | None = memo.get(key)
    if counter is None and key not in memo:
        layouts = image_layouts(table_map, op, present_before, present_after)
        counter = memo[key] = None if layouts is None else _counter(layouts)
    return counter


def _counter(layouts: list[list[int]]) -> Callable[[bytes], int | None]:
    kinds = len(layouts)

    def count(data: bytes) -> int | None:
        starts, whole = image_starts(data, layouts)
        if not whole or len(starts) % kinds:
            return None
        return len(starts) // kinds

    if _compiled_scan is None or not PREFER_COMPILED:
        return count
    _, _, _, width, (_, room) = _prepared(layouts)
    scan, small = room.scan, (_SMALL + 1) * (8 * width + 8)

    def count_few(data: bytes) -> int | None:
        if len(data) < small:  # few images: counted in the room kept with the layouts, no list made
            img, status = scan(data)
            if status != _FULL:
                return img // kinds if status != _TRUNCATED and not img % kinds else None
        return count(data)

    return count_few
