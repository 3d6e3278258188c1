from collections.abc import Callable

from .changes import ChangeReader
from .event import Event
from .plain_transactions import Commit
from .rows.events import Op, RowsEvent
from .table_map import TableMap

def is_plain_start(event: Event) -> bool: ...

class PlainRows:
    def __init__(self, reader: ChangeReader, rows_event: type[RowsEvent]) -> None: ...
    def walk(self, block: list[Event], start: int, version: int) -> tuple[list[RowsEvent], int, Event | None]: ...

class PlainChanges:
    def __init__(self, reader: ChangeReader, commit: Commit,
                 image_counter: Callable[[TableMap, Op, bytes, bytes], Callable[[bytes], int | None] | None] | None
                 ) -> None: ...
    def walk(self, block: list[Event], start: int, version: int) -> tuple[int, Event | None]: ...

