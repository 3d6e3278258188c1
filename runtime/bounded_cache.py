"""A cache of things derived per table or per layout, sized by what the binlog holds, within a memory budget.

A binlog of a multi-tenant database holds thousands of tables, each with its
TABLE_MAP, its row layouts and what is made from them (parsed bodies,
decoders, formatters). A cache of a fixed number of entries that is emptied
when full holds a benchmark's handful of tables and thrashes on such a
binlog: every table map parsed again, every decoder built again. This one
keeps every entry until the estimated size of what it holds passes its
budget, then lets the oldest entries go, one at a time (the ones still in use
come back at once and are new again), so its size follows the binlog's
number of tables and its memory stays bounded whatever that number is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

__all__ = ["BoundedCache", "LayoutCache"]

V = TypeVar("V")


class BoundedCache(Generic[V]):
    """``key -> value`` holding at most ``budget`` estimated bytes: past it, the oldest entries are dropped.

    ``get`` is a dict lookup (no reordering on a hit: the per-event paths stay cheap), ``put`` adds an entry
    with its estimated cost. ``cost`` estimates one entry when ``put`` is not given one.
    """

    __slots__ = ("_costs", "_entries", "budget", "cost", "held")

    def __init__(self, budget: int, cost: Callable[[Any, V], int] | None = None) -> None:
        self._entries: dict[Hashable, V] = {}
        self._costs: dict[Hashable, int] = {}
        self.budget = budget
        self.cost = cost
        #: The estimated bytes held.
        self.held = 0

    def get(self, key: Hashable) -> V | None:
        return self._entries.get(key)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def put(self, key: Hashable, value: V, cost: int | None = None) -> V:
        """Keep ``value`` under ``key`` (replacing an entry of that key); returns it."""
        if cost is None:
            cost = self.cost(key, value) if self.cost is not None else 1
        entries, costs = self._entries, self._costs
        if key in entries:
            self.held -= costs.pop(key)
            del entries[key]
        entries[key] = value
        costs[key] = cost
        self.held += cost
        while self.held > self.budget and len(entries) > 1:
            oldest = next(iter(entries))
            del entries[oldest]
            self.held -= costs.pop(oldest)
        return value

    def clear(self) -> None:
        self._entries.clear()
        self._costs.clear()
        self.held = 0


class LayoutCache(Generic[V]):
    """``layout -> value`` for layouts that are shared objects (a table map's columns tuple, its decoders'):
    looked up by the object's identity, so a hit hashes no column, within a :class:`BoundedCache` budget. An
    entry holds its layout, so that the identity it is kept under is not another object's."""

    __slots__ = ("_cache", "_entry_cost")

    def __init__(self, budget: int, entry_cost: int = 256) -> None:
        self._cache: BoundedCache[tuple[Sequence[Any], V]] = BoundedCache(budget)
        self._entry_cost = entry_cost

    def get(self, layout: Sequence[Any], make: Callable[[Sequence[Any]], V]) -> V:
        """The value made for ``layout`` (made by ``make`` when first asked for)."""
        known = self._cache.get(id(layout))
        if known is not None and known[0] is layout:
            return known[1]
        value = make(layout)
        self._cache.put(id(layout), (layout, value), self._entry_cost * (len(layout) + 1))
        return value
