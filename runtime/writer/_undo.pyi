from collections.abc import Callable
from typing import Any

def undo_transactions(transactions: list[tuple[Any, ...]], upto: int, fmt_index: int, out: bytearray, window: Any,
                      numbers: dict[int, tuple[int, bytes]],
                      turn_of: Callable[[int, int, bool, int, bytes], tuple[int, bytes, bytes, int] | None],
                      flush_bytes: int) -> int: ...
