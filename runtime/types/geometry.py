"""GEOMETRY column values.

Row image: a little-endian length of ``meta`` (4) bytes, then MySQL's
internal geometry: a 4-byte little-endian SRID followed by WKB (sql/field.cc
``Field_geom``; sql/log_event.cc ``log_event_print_value`` ``uint4korr`` +
data). The Python value is a :class:`Geometry`: the full value as ``bytes``,
with the SRID and the WKB available as properties.
"""

from __future__ import annotations

__all__ = ["Geometry"]


class Geometry(bytes):
    """MySQL's internal geometry value: SRID (u4 LE) + WKB, as ``bytes``."""

    __slots__ = ()

    @property
    def srid(self) -> int | None:
        """The spatial reference id (``None`` for a value shorter than 4 bytes)."""
        if len(self) < 4:
            return None
        return int.from_bytes(self[:4], "little")

    @property
    def wkb(self) -> bytes:
        """The well-known-binary geometry after the SRID."""
        return bytes(self[4:])

    def __repr__(self) -> str:
        return f"Geometry(srid={self.srid}, wkb={self.wkb.hex()})"
