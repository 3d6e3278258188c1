"""The value widths of a rows event's row images, by image kind: what the image scanners need.

A row image's present columns each have a fixed size or a length prefix
(:mod:`.image` builds a codec per column that knows which); the widths of
one image kind, in column order, are its *layout* (see :mod:`.scan`). Kept
apart from :mod:`.columnar` (Arrow) so that a command which only needs to
find where images end (``filter --flashback``) does not load numpy or
pyarrow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..column import Column
from ..table_map import TableMap
from .events import Op
from .image import _Codec, column_codec, present_columns

__all__ = ["image_layouts"]


class _Slow(Exception):
    """This run goes to the row decoder."""


def _side(columns: Sequence[Column], present: bytes, errors: str, memo: dict[Any, Any]
          ) -> tuple[tuple[Column, ...], list[_Codec]]:
    """An image kind's present columns and their codecs (remembered in the table map's ``memo``)."""
    key = ("side", present, errors)
    side = memo.get(key)
    if side is None:
        chosen = present_columns(columns, present)
        side = memo[key] = (chosen, [column_codec(c, errors) for c in chosen])
    return side


def _width(codec: _Codec) -> int:
    if codec.error is not None:
        raise _Slow
    return codec.size if codec.fmt is not None else -codec.prefix


def _sides(table_map: TableMap, op: Op, present_before: bytes, present_after: bytes, errors: str
           ) -> list[tuple[str, tuple[Column, ...], list[_Codec]]]:
    """The image kinds of a rows event in the order its images come: (name, present columns, codecs)."""
    sides = []
    if op != "insert":
        sides.append(("before", *_side(table_map.columns, present_before, errors, table_map.memo)))
    if op != "delete":
        sides.append(("after", *_side(table_map.columns, present_after, errors, table_map.memo)))
    return sides


def image_layouts(table_map: TableMap, op: Op, present_before: bytes, present_after: bytes,
                  errors: str = "keep") -> list[list[int]] | None:
    """What :func:`.scan.scan_images` needs for a rows event: its image kinds' value widths, in order.

    ``None`` when a column cannot be sized or an image kind has no column
    (the row decoder then reads the event, and reports what is wrong).
    """
    key = ("layouts", op, present_before, present_after, errors)
    layouts = table_map.memo.get(key)
    if layouts is None:
        try:
            layouts = [[_width(codec) for codec in codecs]
                       for _, _, codecs in _sides(table_map, op, present_before, present_after, errors)]
        except Exception:  # noqa: BLE001 - _Slow, or a layout the row decoder rejects (it then reports why)
            layouts = []
        table_map.memo[key] = layouts
    return layouts if layouts and all(layouts) else None
