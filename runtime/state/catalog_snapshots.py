"""Snapshots of a catalog (tables by key) after each DDL statement, sharing what did not change.

A :class:`~.steps.DdlStep` keeps the tables as the schema history knew them around its statement, and the
column defaults, until the state applies it: with thousands of tables created before the first row, thousands
of steps wait at once, and a whole copy each made the memory grow with the square of the tables (2,000
``CREATE TABLE`` statements: 230 MB). A :class:`CatalogSnapshots` instead gives each snapshot as the keys
whose values differ from the snapshot before, laid over it; every :data:`FLATTEN` layers it takes a whole
copy, so that a lookup goes through at most that many. The catalogs' values are replaced, never changed in
place (a changed table is a new definition), so a value is compared by identity.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

__all__ = ["FLATTEN", "CatalogSnapshots", "Snapshot"]

K = TypeVar("K")
V = TypeVar("V")
#: Layers of changes at most between a snapshot and the whole copy under it.
FLATTEN = 64
_ABSENT = object()
#: A key a layer removes (a dropped table).
_GONE = object()


class Snapshot(Mapping[K, V], Generic[K, V]):
    """A catalog as it was: the changes of one layer over the snapshot ``below`` (None: ``top`` is whole)."""

    __slots__ = ("below", "depth", "top")

    def __init__(self, top: dict[K, object], below: Snapshot[K, V] | None) -> None:
        self.top: dict[K, object] = top
        self.below: Snapshot[K, V] | None = below
        self.depth: int = 0 if below is None else below.depth + 1

    def get(self, key: K, default: V | None = None) -> V | None:  # type: ignore[override]
        layer: Snapshot[K, V] | None = self
        while layer is not None:
            value = layer.top.get(key, _ABSENT)
            if value is not _ABSENT:
                return default if value is _GONE else value  # type: ignore[return-value]
            layer = layer.below
        return default

    def __getitem__(self, key: K) -> V:
        value = self.get(key, _ABSENT)  # type: ignore[arg-type]
        if value is _ABSENT:
            raise KeyError(key)
        return value  # type: ignore[return-value]

    def __contains__(self, key: object) -> bool:
        return self.get(key, _ABSENT) is not _ABSENT  # type: ignore[arg-type]

    def whole(self) -> dict[K, V]:
        """Every key and value (a copy)."""
        layers: list[dict[K, object]] = []
        layer: Snapshot[K, V] | None = self
        while layer is not None:
            layers.append(layer.top)
            layer = layer.below
        out: dict[K, object] = {}
        for top in reversed(layers):
            out.update(top)
        return {k: v for k, v in out.items() if v is not _GONE}  # type: ignore[misc]

    def __iter__(self) -> Iterator[K]:
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())


class CatalogSnapshots(Generic[K, V]):
    """Takes snapshots of one catalog that changes between them (see the module docstring)."""

    def __init__(self) -> None:
        self._seen: dict[K, V] = {}
        self._last: Snapshot[K, V] | None = None
        self._version: int | None = None

    def take(self, current: Mapping[K, V], version: int | None = None,
             changed: tuple[int, tuple[K, ...]] | None = None) -> Snapshot[K, V]:
        """``current`` as it is now, sharing with the last snapshot what did not change since.

        ``version``: the catalog's version (one that grows whenever it changes): the same as at the last
        snapshot, the last snapshot; ``changed``: the version one statement made and the keys it changed, which
        are then the only ones looked at when the last snapshot was of the version before (else every key
        is compared)."""
        last = self._last
        if last is not None and version is not None and version == self._version:
            return last
        seen = self._seen
        if (last is not None and version is not None and changed is not None and changed[0] == version
                and self._version == version - 1):
            keys = changed[1]
            updated = {k: current[k] for k in keys if k in current and seen.get(k, _ABSENT) is not current[k]}
            gone: set[K] | list[K] = [k for k in keys if k not in current and k in seen]
        else:
            updated = {k: v for k, v in current.items() if seen.get(k, _ABSENT) is not v}
            gone = seen.keys() - current.keys() if len(seen) + len(updated) > len(current) else set()
        self._version = version
        if last is not None and not updated and not gone:
            return last
        for key in gone:
            del seen[key]
        seen.update(updated)
        if last is None or last.depth >= FLATTEN:
            snapshot: Snapshot[K, V] = Snapshot(dict(current), None)
        else:
            layer: dict[K, object] = dict(updated)
            layer.update(dict.fromkeys(gone, _GONE))
            snapshot = Snapshot(layer, last)
        self._last = snapshot
        return snapshot
