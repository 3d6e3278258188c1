from collections.abc import Callable
from typing import Any

from .event import Event
from .rows.events import RowsEvent

# ``reader``: a ChangeReader; ``commit``: a plain_transactions.Commit (both above this module: not imported here)
def is_plain_start(event: Event) -> bool: ...

class TakenRows:
    rows_events: list[RowsEvent]
    last: Event

class PlainRows:
    def __init__(self, reader: Any, rows_event: type[RowsEvent]) -> None: ...
    def walk(self, block: list[Event], start: int, version: int) -> tuple[list[RowsEvent], int, Event | None]: ...
    # ``fmt``: a reader.BinlogFormat, ``seen`` its _Seen (above this module: not imported here)
    def take(self, buf: bytes, base: int, file: str, fmt: Any, seen: Any, verify: bool,
             max_length: int, verified_end: int = 0) -> tuple[int, TakenRows | None, bool]: ...

class PlainChanges:
    def __init__(self, reader: Any, commit: Callable[..., None],
                 image_counter: Callable[..., Callable[[bytes], int | None] | None] | None) -> None: ...
    def walk(self, block: list[Event], start: int, version: int) -> tuple[int, Event | None]: ...
