# cython: annotation_typing=False
"""One event of a binlog file: its header fields, its bytes, and its body parsed on demand.

Installed, this module is compiled by Cython as it is, ``Event`` an extension type whose fields ``event.pxd``
declares (so that the compiled framing loop, ``_framing.pyx``, sets them directly); its annotations are not
taken as C types, so it behaves as the plain Python module it also is.
"""

from __future__ import annotations

from typing import Any

from .constants import event_type_name
from .errors import MalformedEventError
from .event_body import parse_body


class Event:
    """An event as read from a file.

    The header fields are plain attributes. ``body`` parses the body with the
    generated Kaitai parser (``event_body`` in ksy/binlog_event.ksy, through
    :func:`.event_body.parse_body`) the first time it is read, so events that nobody looks at cost no parsing.

    Attributes
    ----------
    file
        The file name the event was read from.
    pos
        Byte offset of the event in the file (for an inner event of a
        TRANSACTION_PAYLOAD: the offset of the payload event).
    type_code
        The event type code in today's numbering.
    timestamp, server_id, length, flags
        The common header fields.
    end_pos
        The header's next-position field (``log_pos``): where the next event
        starts in the writing server's file.
    in_payload
        Index of the event inside its TRANSACTION_PAYLOAD, else None.
    raw
        The whole event (header, body and checksum).
    """

    __slots__ = (
        "file", "pos", "type_code", "timestamp", "server_id", "length", "end_pos", "flags",
        "raw", "header_len", "checksum_len", "post_header_len", "in_payload", "_body",
    )

    def __init__(
        self,
        *,
        file: str,
        pos: int,
        type_code: int,
        timestamp: int,
        server_id: int,
        length: int,
        end_pos: int,
        flags: int,
        raw: bytes,
        header_len: int,
        checksum_len: int,
        post_header_len: int,
        in_payload: int | None,
    ) -> None:
        self.file = file
        self.pos = pos
        self.type_code = type_code
        self.timestamp = timestamp
        self.server_id = server_id
        self.length = length
        self.end_pos = end_pos
        self.flags = flags
        self.raw = raw
        self.header_len = header_len
        self.checksum_len = checksum_len
        self.post_header_len = post_header_len
        self.in_payload = in_payload
        self._body: Any = None

    @property
    def type_name(self) -> str:
        """MySQL's name of the event type, e.g. ``GTID_LOG_EVENT``."""
        return event_type_name(self.type_code)

    @property
    def body_bytes(self) -> bytes:
        """The event body: the bytes between the common header and the checksum."""
        return self.raw[self.header_len:len(self.raw) - self.checksum_len]

    @property
    def body(self) -> Any:
        """The body parsed by the generated parser for this type (raw ``bytes`` for unknown types).

        Raises
        ------
        MalformedEventError
            When the body does not parse as its type says.
        """
        if self._body is None:
            try:
                self._body = parse_body(self.type_code, self.post_header_len, self.body_bytes)
            except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors: any is a malformed body
                raise MalformedEventError(
                    f"body does not parse: {type(exc).__name__}: {exc}",
                    file=self.file, offset=self.pos, event_type=self.type_name, length=self.length,
                ) from None
        return self._body

    def __repr__(self) -> str:
        inner = f" in_payload={self.in_payload}" if self.in_payload is not None else ""
        return f"<Event {self.type_name} {self.file}@{self.pos} len={self.length}{inner}>"
