"""Build binlog files from events: the Python API of binlog writing.

A :class:`BinlogBuilder` starts from the format description of an existing
binlog (the server version, header length, post-header lengths and checksum
algorithm a reader needs), then takes events: copied from other binlogs, or
changed first through their read-write objects (``generated/rw``, compiled
from the same ``ksy/`` specs as the parsers)::

    from binlog_ksy import read_events
    from binlog_ksy.write import BinlogBuilder

    builder = BinlogBuilder.like("binlog.000001")
    for event in read_events("binlog.000001"):
        if event.type_name == "WRITE_ROWS_EVENT":
            rw = builder.edit(event)
            rw.body.data.flags |= 1          # any field of the spec
            builder.add(event, rw)
        elif event.type_name != "FORMAT_DESCRIPTION_EVENT":
            builder.add(event)
    builder.save("copy.000001")

Lengths, next positions and CRC32 are written anew (see
:mod:`binlog_ksy.runtime.binlog_writer`); ``binlog-ksy filter`` is built on the
same pieces.
"""

from __future__ import annotations

import io
import os
from typing import Any

from .runtime.binlog_writer import BinlogWriter, editable, rename_database
from .runtime.errors import UsageError
from .runtime.event import Event
from .runtime.event_types import FORMAT_DESCRIPTION_EVENT
from .runtime.reader import BinlogFormat, BinlogReader

__all__ = ["BinlogBuilder", "rename_database"]


class BinlogBuilder:
    """A binlog under construction, in memory: its format description first, then the events added."""

    def __init__(self, format_description: Event, fmt: BinlogFormat) -> None:
        self.format = fmt
        self._buffer = io.BytesIO()
        self._writer = BinlogWriter(self._buffer, fmt)
        self._writer.write(format_description)

    @classmethod
    def like(cls, path: str | os.PathLike[str]) -> BinlogBuilder:
        """A builder with the format description of the binlog at ``path``."""
        reader = BinlogReader(path)
        for event in reader:
            if event.type_code == FORMAT_DESCRIPTION_EVENT and reader.format is not None:
                return cls(event, reader.format)
        raise UsageError(f"{os.fspath(path)}: no format description event")

    def edit(self, event: Event) -> Any:
        """The read-write object of an event (header, body, checksum): change its fields, then :meth:`add` it."""
        return editable(event, self.format)

    def add(self, event: Event, rw: Any | None = None, *, body_size: int | None = None) -> int:
        """Append an event (changed through ``rw`` when given); returns the position it is written at.

        ``body_size``: the body's size when a change resized it (e.g. :func:`rename_database`'s result).
        """
        return self._writer.write(event, rw, body_size)

    @property
    def events(self) -> int:
        """Events written so far, the format description included."""
        return self._writer.events

    def to_bytes(self) -> bytes:
        """The binlog as it stands."""
        return self._buffer.getvalue()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the binlog to ``path``."""
        with open(path, "wb") as fh:
            fh.write(self.to_bytes())
