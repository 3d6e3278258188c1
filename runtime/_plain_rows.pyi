from collections.abc import Callable
from typing import Any

from .changes import ChangeReader
from .event import Event
from .rows.events import RowsEvent

class PlainRows:
    def __init__(self, reader: ChangeReader, rows_event: type[RowsEvent],
                 known_gtid_tail: Callable[[int, bytes], tuple[Any, int] | None], kinds: bytes) -> None: ...
    def walk(self, block: list[Event], start: int, version: int) -> tuple[list[RowsEvent], int, Event | None]: ...
