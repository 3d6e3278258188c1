from typing import Any

from .event import Event

def frame_events(buf: bytes, base: int, file: str, type_codes: bytes,
                 post_header_lengths: bytes, stop_types: bytes, has_crc32: bool, verify: bool, max_length: int,
                 out: list[Event], seen: Any, verified_end: int = 0) -> int: ...
