"""The rows of one table, kept by primary key or as a multiset, with row changes applied in binlog order.

A table whose primary key is known (FULL metadata, the YAML schema or the schema history) keeps a dict
``key -> row``; without one the table is a multiset of whole rows, ``row -> [rows equal to it]``, which is
exact with FULL images: the server finds the row a change names by comparing every column
(sql/log_event_server.cc ``Rows_log_event::find_row``, ``record_compare``). The values themselves stay in
Arrow batches (:mod:`.batches`); only the key columns (or, without a key, every column) become Python
values, to look rows up.

Per op (rows of a run: consecutive rows events of one table, op and column bitmaps):

* insert: the after image is the row; a MINIMAL/NOBLOB image that lacks columns takes their defaults
  (:mod:`.default_values`), and a row whose default cannot be known is an *unknown-row change*;
* delete: the row with the before image's key goes;
* update: the row with the before image's key is replaced by the after image, under the after image's key
  when it holds the key columns (a key update moves the row). A partial after image (MINIMAL, NOBLOB) is
  laid over the row it replaces; when that row is not known the change is an unknown-row change and the
  row stays unknown: never guessed.

A change that finds no row in a *complete* table (every row of it is known: created inside the binlogs,
truncated, or loaded from a base) is counted as an unknown-row change too: the binlogs and the base disagree.
In a *partial* table (rows the binlogs never showed exist) a FULL image delete or update of an unseen row is
exact and not counted. The first few unknown-row changes are named (file, position, row).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..column import Column
from ..constants import MYSQL_TYPE
from ..rows.events import Op
from ..schema.ddl.model import TableDef
from ..types.arrow import arrow_type, value_converter
from .batches import ROW_BITS, Batch, BatchStore, Exceptions, python_values
from .default_values import UNKNOWN, default_value
from .defaults import ENGINE, TableDefaults
from .versions import Origin, VersionLog

__all__ = ["COMPACT_ROWS", "Image", "RunRows", "SharedAfter", "StateTable", "TableRows", "constant_array"]

#: Dead rows a table's batches may hold beyond twice its live rows before the live ones are copied out (a copy holds
#: the live rows beside the old batches: copying sooner makes the peak higher, not lower).
COMPACT_ROWS = 1 << 16
#: Batches a table may hold beyond one per 1,024 live rows before its live rows are copied out into one: a batch's
#: arrays cost their objects whatever their rows, and a small table changed by thousands of small runs (thousands
#: of tables changed a row at a time) held thousands of them.
COMPACT_BATCHES = 16
#: Ended versions gathered together (their rows stay in the batches until then: before any compaction, DDL or
#: change of the columns they are gathered all the same).
FLUSH_VERSIONS = 8192
#: Unknown-row changes named per table (the rest are counted).
NAMED_UNKNOWN = 5


@dataclass(slots=True)
class Image:
    """The before or after images of a run: the present (visible) columns' names and arrays, and exceptions
    (:mod:`.batches`) by column index."""

    names: tuple[str, ...]
    arrays: list[pa.Array]
    exceptions: Exceptions

    def position(self, name: str) -> int | None:
        low = name.lower()
        for k, n in enumerate(self.names):
            if n.lower() == low:
                return k
        return None

    def python(self, k: int) -> list[Any]:
        return python_values(self.arrays[k], self.exceptions.get(k))


@dataclass(slots=True)
class SharedAfter:
    """The full after images of the runs decoded together with this one (:attr:`..rows.columnar.ChangeColumns
    .group`): kept once as one batch, this run's rows from ``start`` on. ``memo``: the group's, where the
    batch's number is kept."""

    memo: dict[Any, Any]
    start: int
    arrays: list[pa.Array]


@dataclass(slots=True)
class RunRows:
    """A run of row changes of one table as :class:`TableRows` applies them."""

    op: Op
    count: int
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    before: Image | None
    after: Image | None
    timestamp: int
    where: Callable[[int], str]
    shared: SharedAfter | None = None
    #: The change each row is (only when the table's versions are logged: :mod:`.versions`).
    origin: Callable[[int], Origin] | None = None


@dataclass(slots=True)
class StateTable:
    """A table's rows as the outputs take them: columns, one array per column, exceptions, facts."""

    schema: str
    table: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    arrays: list[pa.Array]
    exceptions: Exceptions
    complete: bool
    unknown: int
    unknown_examples: list[str]
    notes: list[str]
    #: The table as the schema history knew it at the moment (its CREATE TABLE), None when it did not.
    definition: TableDef | None = None
    #: Generated columns (lower-case names): their values are the server's to compute.
    generated: frozenset[str] = frozenset()
    #: The table's storage engine, when its CREATE/ALTER TABLE named it.
    engine: str | None = None
    #: With versions logged (:mod:`.versions`): per row, the change that left it so (``file``, ``pos``,
    #: ``row_index``, ``gtid``, ``commit_time``) and its ``op``.
    origins: dict[str, pa.Array] | None = None

    @property
    def rows(self) -> int:
        return len(self.arrays[0]) if self.arrays else 0

    def slice(self, start: int, length: int) -> StateTable:
        """Rows ``start`` to ``start + length`` (the outputs write a big table a slice at a time)."""
        stop = start + length
        cells = {k: {row - start: v for row, v in c.items() if start <= row < stop} for k, c in self.exceptions.items()}
        return replace(self, arrays=[a.slice(start, length) for a in self.arrays],
                       exceptions={k: c for k, c in cells.items() if c})

    def arrow(self) -> pa.Table:
        """The rows as an Arrow table (exceptions are null, as in Parquet)."""
        return pa.Table.from_arrays(self.arrays, names=[c.name for c in self.columns]) if self.columns else \
            pa.table({})

    def python_rows(self) -> Iterator[dict[str, Any]]:
        """Each row as ``{column: value}`` with the row decoder's values (exceptions put back)."""
        values = [_decoder_values(c, python_values(a, self.exceptions.get(k)))
                  for k, (c, a) in enumerate(zip(self.columns, self.arrays, strict=True))]
        names = [c.name for c in self.columns]
        for row in zip(*values, strict=True):
            yield dict(zip(names, row, strict=True))


def _decoder_values(column: Column, values: list[Any]) -> list[Any]:
    """Values as the row decoder types them where the Arrow type differs: DECIMAL over 38 digits (text)."""
    if column.real_type == MYSQL_TYPE.NEWDECIMAL and values and any(isinstance(v, str) for v in values):
        return [Decimal(v) if isinstance(v, str) else v for v in values]
    return values


def constant_array(column: Column, value: Any, n: int) -> tuple[pa.Array, dict[int, Any] | None]:
    """``n`` times a value of ``column`` as an array, and its exceptions when Arrow cannot hold it."""
    typ = arrow_type(column)
    arrow_value, exact = value_converter(column)(value)
    if arrow_value is None:
        array = pa.nulls(n, typ)
    elif pa.types.is_list(typ) or not n:  # (Arrow repeats no list scalar, nor anything 0 times)
        array = pa.array([arrow_value] * n, typ)
    else:
        array = pa.repeat(pa.scalar(arrow_value, typ), n)
    return array, (None if exact else dict.fromkeys(range(n), value))


class TableRows:
    """The rows of one table (see the module docstring)."""

    def __init__(self, key: tuple[str, str], columns: tuple[Column, ...] = (), primary_key: tuple[str, ...] = (),
                 *, complete: bool = False) -> None:
        self.key = key
        self.columns = columns
        self.primary_key = primary_key
        self.complete = complete
        self.store = BatchStore()
        self.index: dict[Any, int] = {}
        self.multi: dict[Any, list[int]] = {}
        self.count = 0
        self.unknown = 0
        self.unknown_examples: list[str] = []
        self.notes: list[str] = []
        #: The columns' default clauses, as the DDL before the changes being applied left them.
        self.defaults: TableDefaults | None = None
        #: The table's definition in the schema history as the DDL applied so far left it.
        self.definition: TableDef | None = None
        #: The versions of the rows, when they are logged (:mod:`.versions`).
        self.log: VersionLog | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def keyed(self) -> bool:
        return bool(self.primary_key)

    # -- what the table holds

    def refs(self) -> list[int]:
        """The references of the live rows (keyed: in key insertion order; multiset: group by group)."""
        if self.keyed:
            return list(self.index.values())
        return [ref for refs in self.multi.values() for ref in refs]

    def snapshot(self, *, final: bool = False) -> StateTable:
        """The live rows for the outputs, sorted by primary key (a multiset keeps the order rows came in).

        ``final``: nothing is applied after, so each column of the batches is let go once taken (the memory of
        the batches goes back as the output's is made) and the table holds no rows afterwards."""
        if self.log is not None:
            self.log.flush(self)
        refs = np.fromiter(self.index.values(), np.int64, len(self.index)) if self.keyed else np.array(
            self.refs(), np.int64)
        if final:
            self.index, self.multi = {}, {}  # (the rows are in refs: the keys' memory goes back before gathering)
        types = self._types()
        if self.keyed and len(refs) > 1:
            refs = self._in_key_order(refs, types)
        origins = self._origins(refs)
        plan = self.store.plan(refs)
        del refs
        arrays: list[pa.Array] = []
        exceptions: Exceptions = {}
        for k, typ in enumerate(types):
            array, cells = self.store.take(plan, k, typ, release=final)
            arrays.append(array)
            if cells:
                exceptions[k] = cells
        if final:
            self.clear(self.complete)
        defaults = self.defaults or {}
        generated = frozenset(n for n, c in defaults.items() if c.kind == "generated")
        engine = defaults[ENGINE].text if ENGINE in defaults else None
        return StateTable(self.key[0], self.key[1], self.columns, self.primary_key, arrays, exceptions,
                          self.complete, self.unknown, list(self.unknown_examples), list(self.notes),
                          self.definition, generated, engine, origins if self.log is not None else None)

    def _in_key_order(self, refs: np.ndarray, types: list[pa.DataType]) -> np.ndarray:
        """``refs`` sorted by the rows' primary key (Arrow's order of the key columns), before any other column
        is gathered: the rows are gathered once, in order."""
        key = [self.names.index(k) for k in self.primary_key]
        arrays, _ = self.store.gather(refs, types, key)
        table = pa.Table.from_arrays(arrays, names=[str(k) for k in key])
        order = pc.sort_indices(table, sort_keys=[(str(k), "ascending") for k in key]).to_numpy()
        return refs if np.array_equal(order, np.arange(len(order))) else refs[order]

    def _origins(self, refs: np.ndarray) -> dict[str, pa.Array]:
        """The change that made each live row and its op, as arrays (empty when versions are not logged)."""
        if self.log is None:
            return {}
        return self.log.made_arrays(refs.tolist())

    def _types(self) -> list[pa.DataType]:
        return [arrow_type(c) for c in self.columns]

    def arrow_types(self) -> list[pa.DataType]:
        """The Arrow type of each column."""
        return self._types()

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def count_unknown(self, run: RunRows, row: int, why: str) -> None:
        self.unknown += 1
        if len(self.unknown_examples) < NAMED_UNKNOWN:
            self.unknown_examples.append(f"{run.op} at {run.where(row)}: {why}")

    # -- whole-table changes

    def clear(self, complete: bool) -> None:
        """Forget every row; the table is then complete (created, truncated) or partial (its rows were lost)."""
        if self.log is not None:
            self.log.flush(self)
            self.log.forget()
        self.store.clear()
        self.index = {}
        self.multi = {}
        self.count = 0
        self.complete = complete

    def lose(self, reason: str) -> None:
        """The rows can no longer be known (a DDL not followed): none are kept, and the table is partial."""
        if self.count or self.complete:
            self.note(f"rows lost: {reason}")
        if self.log is not None:
            self.log.end_all(self, None)
        self.clear(complete=False)

    def compact(self) -> None:
        """Copy the live rows out into one batch (dead rows and unused batches go)."""
        if self.log is not None:
            self.log.flush(self)
        refs = self.refs()
        arrays, exceptions = self.store.gather(refs, self._types())
        self.store.clear()
        if self.log is not None:
            self.log.renumbered(refs)
        if not refs:
            self.index, self.multi = {}, {}
            return
        self.store.add(Batch(arrays, exceptions))
        # the rows were gathered in the order refs() lists them: row i is the i-th of the index's order
        if self.keyed:
            self.index = dict(zip(self.index, range(len(refs)), strict=True))
            return
        numbers = iter(range(len(refs)))
        self.multi = {key: [next(numbers) for _ in same] for key, same in self.multi.items()}

    def load(self, arrays: list[pa.Array], exceptions: Exceptions) -> None:
        """Hold these rows (a base's) as the table's only rows."""
        self.clear(self.complete)
        if arrays and len(arrays[0]):
            self.store.add(Batch(arrays, exceptions))
            self._index_rows()

    def _index_rows(self) -> None:
        """Rebuild the key index over the single batch :meth:`compact` or :meth:`reshape` left."""
        batch = self.store.batches[0]
        assert batch is not None
        self.index, self.multi = {}, {}
        if self.keyed:
            positions = [self.names.index(k) for k in self.primary_key]
            for row, key in enumerate(_keys([python_values(batch.arrays[k], batch.exceptions.get(k))
                                              for k in positions])):
                self.index[key] = row
            self.count = len(self.index)
        else:
            rows = _keys([python_values(a, batch.exceptions.get(k)) for k, a in enumerate(batch.arrays)])
            for row, key in enumerate(rows):
                self.multi.setdefault(key, []).append(row)
            self.count = len(rows)

    def maybe_compact(self) -> None:
        if (self.store.stored > 2 * self.count + COMPACT_ROWS
                or len(self.store.batches) > COMPACT_BATCHES + (self.count >> 10)):
            self.compact()

    # -- layouts

    def adopt(self, columns: tuple[Column, ...], primary_key: tuple[str, ...]) -> None:
        """Take the columns a TABLE_MAP gives the table (its rows cast to their types when they change)."""
        if columns == self.columns and (primary_key == self.primary_key or not primary_key):
            return
        if self.log is not None:
            self.log.flush(self)  # (the ended versions in the columns they had)
        names = tuple(c.name.lower() for c in columns)
        key = primary_key or (self.primary_key if all(k.lower() in names for k in self.primary_key) else ())
        if names != tuple(n.lower() for n in self.names):
            if self.columns:
                self.lose(f"its columns became ({', '.join(c.name for c in columns)}) without a DDL statement "
                          "the state followed")
            self.columns, self.primary_key = columns, key
            return
        changed = [k for k, (a, b) in enumerate(zip(self.columns, columns, strict=True))
                   if arrow_type(a) != arrow_type(b)]
        rekey = tuple(k.lower() for k in key) != tuple(k.lower() for k in self.primary_key)
        if (changed or rekey) and self.count:
            self.compact()
        self.columns, self.primary_key = columns, key
        if changed and self.count and not self._cast(changed):
            return
        if rekey and self.count:
            self._index_rows()

    def _cast(self, changed: list[int]) -> bool:
        """Cast the single batch's ``changed`` columns to the columns' types; False (rows lost) when they do not
        fit."""
        batch = self.store.batches[0]
        assert batch is not None
        try:
            for k in changed:
                if batch.exceptions.get(k):
                    raise pa.ArrowInvalid("values Arrow cannot hold")
                batch.arrays[k] = batch.arrays[k].cast(arrow_type(self.columns[k]))
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
            self.lose(f"its values do not fit the new column types ({exc})")
            return False
        return True

    def reshape(self, columns: tuple[Column, ...], primary_key: tuple[str, ...],
                sources: list[tuple[int | None, bool, Any]]) -> str | None:
        """An ALTER TABLE: column ``j`` comes from old column ``sources[j][0]`` (converted when ``[1]``), or is
        added with the value ``sources[j][2]``; None, or why the rows are lost."""
        if self.log is not None:
            self.log.flush(self)
        if self.count:
            self.compact()
        old = self.store.batches[0] if self.count else None
        n = old.size if old is not None else 0
        arrays: list[pa.Array] = []
        exceptions: Exceptions = {}
        for j, (source, convert, value) in enumerate(sources):
            column = columns[j]
            if source is None:
                if value is UNKNOWN:
                    if n:
                        return f"the default of the added column {column.name} is not known"
                    value = None
                array, cells = constant_array(column, value, n)
            else:
                assert old is not None or not n
                array = old.arrays[source] if old is not None else pa.array([], arrow_type(column))
                cells = old.exceptions.get(source) if old is not None else None
                if convert:
                    if cells:
                        return f"column {column.name}: values Arrow cannot hold change type"
                    try:
                        array = array.cast(arrow_type(column))
                    except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
                        return f"column {column.name}: its values do not convert ({exc})"
            arrays.append(array)
            if cells:
                exceptions[j] = cells
        log = self.log if n and not _same_layout(self.columns, columns, sources) else None
        if log is not None:
            log.end_all(self, None)  # (each version ends in the columns it had; the rows are made again)
        self.store.clear()
        self.columns, self.primary_key = columns, primary_key
        if n:
            self.store.add(Batch(arrays, exceptions))
            self._index_rows()
            if log is not None:
                log.remade(self.refs())
        return None

    # -- row changes

    def apply(self, run: RunRows) -> None:
        """Apply a run of changes of this table (its columns already adopted)."""
        if run.op == "insert":
            self._insert(run)
        elif run.op == "delete":
            self._delete(run)
        else:
            self._update(run)
        if self.log is not None and self.log.pending >= FLUSH_VERSIONS:
            self.log.flush(self)
        self.maybe_compact()

    def _store_after(self, run: RunRows) -> int:
        """Keep a run's full after images as a batch; the reference of its first row."""
        after = run.after
        assert after is not None
        shared = run.shared
        if shared is None:
            return self.store.add(Batch(list(after.arrays), dict(after.exceptions))) << ROW_BITS
        memo_key = ("binlog-ksy state batch", self.store.token)
        number = shared.memo.get(memo_key)
        if number is None:
            number = shared.memo[memo_key] = self.store.add(Batch(list(shared.arrays)))
        batch = self.store.batches[number]
        assert batch is not None
        for k, cells in after.exceptions.items():
            target = batch.exceptions.setdefault(k, {})
            for row, value in cells.items():
                target[shared.start + row] = value
        return (number << ROW_BITS) + shared.start

    def _key_positions(self, image: Image) -> list[int] | None:
        positions = [image.position(k) for k in self.primary_key]
        return None if any(p is None for p in positions) else positions  # type: ignore[return-value]

    def _image_keys(self, image: Image) -> list[Any] | None:
        """The key of each row of an image (keyed: its primary key; multiset: the whole row), None when the
        image lacks a column it needs."""
        if self.keyed:
            positions = self._key_positions(image)
            return None if positions is None else _keys([image.python(k) for k in positions])
        if len(image.names) != len(self.columns):
            return None
        order = [image.position(n) for n in self.names]
        return _keys([image.python(k) for k in order])  # type: ignore[arg-type]

    def _insert(self, run: RunRows) -> None:
        after = run.after
        assert after is not None
        if len(after.names) == len(self.columns):
            base = self._store_after(run)
        else:
            filled = self._with_defaults(run)
            if filled is None:
                keys = self._image_keys(after) if self.keyed else None
                for row, key in enumerate(keys or ()):
                    self._forget(key, run, row)
                return
            base = self.store.add(Batch(*filled)) << ROW_BITS
            after = Image(self.names, filled[0], filled[1])
        keys = self._image_keys(after)
        if keys is None:
            for row in range(run.count):
                self.count_unknown(run, row, "the after image lacks the key columns")
            return
        self._add_rows(keys, base, run)

    def _add_rows(self, keys: list[Any], base: int, run: RunRows) -> None:
        log = self.log
        if log is not None:
            log.began_rows(base, run, len(keys), "insert")
        if self.keyed:
            index = self.index
            if log is None:
                index.update(zip(keys, range(base, base + len(keys)), strict=True))
            else:
                for i, key in enumerate(keys):
                    old = index.get(key)
                    if old is not None:  # an insert over a known row: it replaces it
                        log.ended(old, run, i)
                    index[key] = base + i
            self.count = len(index)
        else:
            for i, key in enumerate(keys):
                self.multi.setdefault(key, []).append(base + i)
            self.count += len(keys)

    def _forget(self, key: Any, run: RunRows, row: int) -> None:
        ref = self.index.pop(key, None)
        if ref is not None:
            self.count = len(self.index)
            if self.log is not None:
                self.log.ended(ref, run, row)

    def _with_defaults(self, run: RunRows) -> tuple[list[pa.Array], Exceptions] | None:
        """A partial insert's rows with the absent columns' defaults; None (each row an unknown-row change)
        when a default is not known."""
        after = run.after
        assert after is not None
        arrays: list[pa.Array] = []
        exceptions: Exceptions = {}
        for j, column in enumerate(self.columns):
            k = after.position(column.name)
            if k is not None:
                arrays.append(after.arrays[k])
                if k in after.exceptions:
                    exceptions[j] = after.exceptions[k]
                continue
            clause = self.defaults.get(column.name.lower()) if self.defaults is not None else None
            value = default_value(clause, column, timestamp=run.timestamp)
            if value is UNKNOWN:
                for row in range(run.count):
                    self.count_unknown(run, row, f"the insert leaves out {column.name}, whose default is not known")
                return None
            array, cells = constant_array(column, value, run.count)
            arrays.append(array)
            if cells:
                exceptions[j] = cells
        return arrays, exceptions

    def _delete(self, run: RunRows) -> None:
        before = run.before
        assert before is not None
        keys = self._image_keys(before)
        if keys is None:
            self._unfound(run, before)
            return
        log = self.log
        if self.keyed:
            index = self.index
            for row, key in enumerate(keys):
                ref = index.pop(key, None)
                if ref is None:
                    if self.complete:
                        self.count_unknown(run, row, "no such row")
                elif log is not None:
                    log.ended(ref, run, row, "delete")
            self.count = len(index)
            return
        for row, key in enumerate(keys):
            ref = self._take_equal(key)
            if ref is None:
                if self.complete:
                    self.count_unknown(run, row, "no such row")
            elif log is not None:
                log.ended(ref, run, row, "delete")

    def _unfound(self, run: RunRows, before: Image) -> None:
        """Changes whose before image lacks the columns that find their row (a MINIMAL image of a table whose key
        is not known here): without a key, the rows equal to it on the columns it has are no longer known and
        are left out, unless the table is complete and one row only matches a delete's image (that row goes)."""
        why = "the before image lacks the columns that find the row"
        if self.keyed:
            for row in range(run.count):
                self.count_unknown(run, row, why)
            return
        places = [(self.names.index(name), k) for k, name in enumerate(before.names) if name in self.names]
        values = [before.python(k) for _, k in places]
        for row in range(run.count):
            wanted = [(place, column[row]) for (place, _), column in zip(places, values, strict=True)]
            matches = [key for key in self.multi if all(key[place] == value for place, value in wanted)]
            if self.complete and run.op == "delete" and len(matches) == 1 and len(self.multi[matches[0]]) == 1:
                ref = self._take_equal(matches[0])
                if self.log is not None and ref is not None:
                    self.log.ended(ref, run, row, "delete")
                continue
            gone = [ref for key in matches for ref in self.multi.pop(key)]
            if self.log is not None:
                for ref in gone:
                    self.log.ended(ref, run, row)
            left_out = len(gone)
            self.count -= left_out
            self.count_unknown(run, row, why + (f" ({left_out} rows it may name left out)" if left_out else ""))

    def _take_equal(self, key: Any) -> int | None:
        """Remove one row equal to ``key`` from the multiset; its reference, None when there is none."""
        refs = self.multi.get(key)
        if not refs:
            return None
        ref = refs.pop()
        if not refs:
            del self.multi[key]
        self.count -= 1
        return ref

    def _update(self, run: RunRows) -> None:
        before, after = run.before, run.after
        assert before is not None and after is not None
        old_keys = self._image_keys(before)
        if old_keys is None:
            self._unfound(run, before)
            return
        if not self.keyed:
            self._update_multiset(run, old_keys)
            return
        new_keys = old_keys if self._key_positions(after) is None else self._image_keys(after)
        assert new_keys is not None
        if len(after.names) == len(self.columns):
            base = self._store_after(run)
            index = self.index
            log = self.log
            for row, (old, new) in enumerate(zip(old_keys, new_keys, strict=True)):
                ref = index.pop(old, None)
                if ref is None and self.complete:
                    self.count_unknown(run, row, "no such row")
                if log is not None:
                    self._log_update(log, ref, new, base + row, run, row)
                index[new] = base + row
            self.count = len(index)
            return
        self._update_partial(run, old_keys, new_keys)

    def _update_partial(self, run: RunRows, old_keys: list[Any], new_keys: list[Any]) -> None:
        """Partial after images laid over the rows they replace (a row this run changed before: its source)."""
        after = run.after
        assert after is not None
        base = len(self.store.batches) << ROW_BITS
        sources = [-1] * run.count
        index = self.index
        for row, (old, new) in enumerate(zip(old_keys, new_keys, strict=True)):
            ref = index.pop(old, None)
            if ref is None:
                self.count_unknown(run, row, "a partial after image of a row that is not known")
                continue
            sources[row] = sources[ref - base] if ref >= base else ref
            if self.log is not None:
                self._log_update(self.log, ref, new, base + row, run, row)
            index[new] = base + row
        self.count = len(index)
        self.store.add(Batch(*self._laid_over(after, sources)))

    def _log_update(self, log: VersionLog, ref: int | None, new: Any, made: int, run: RunRows, row: int) -> None:
        """Row ``row`` of an update run replaces the row at ``ref`` (None: not known) by the one at ``made``,
        under the key ``new`` (a row already there, another row's key before, goes too)."""
        if ref is not None:
            log.ended(ref, run, row)
        there = self.index.get(new)
        if there is not None:
            log.ended(there, run, row)
        log.began(made, run, row, "update")

    def _laid_over(self, after: Image, sources: list[int]) -> tuple[list[pa.Array], Exceptions]:
        """The table's columns: the after image's where it has them, else the rows ``sources`` name."""
        absent = [j for j, c in enumerate(self.columns) if after.position(c.name) is None]
        gathered, cells = self.store.gather(sources, self._types(), absent)
        arrays: list[pa.Array] = []
        exceptions: Exceptions = {}
        for j, column in enumerate(self.columns):
            k = after.position(column.name)
            if k is None:
                arrays.append(gathered[absent.index(j)])
                if absent.index(j) in cells:
                    exceptions[j] = cells[absent.index(j)]
            else:
                arrays.append(after.arrays[k])
                if k in after.exceptions:
                    exceptions[j] = after.exceptions[k]
        return arrays, exceptions

    def _update_multiset(self, run: RunRows, old_keys: list[Any]) -> None:
        """Updates of a table without a key: each before image takes one equal row out, the after image (laid
        over the before image when partial) goes in."""
        before, after = run.before, run.after
        assert before is not None and after is not None
        if len(after.names) == len(self.columns):
            base = self._store_after(run)
            new_image = after
        else:
            arrays, exceptions = [], {}
            for j, column in enumerate(self.columns):
                k = after.position(column.name)
                source, at = (after, k) if k is not None else (before, before.position(column.name))
                assert at is not None
                arrays.append(source.arrays[at])
                if at in source.exceptions:
                    exceptions[j] = source.exceptions[at]
            base = self.store.add(Batch(arrays, exceptions)) << ROW_BITS
            new_image = Image(self.names, arrays, exceptions)
        new_keys = self._image_keys(new_image)
        assert new_keys is not None
        multi = self.multi
        log = self.log
        for row, (old, new) in enumerate(zip(old_keys, new_keys, strict=True)):  # row by row: a row an earlier
            ref = self._take_equal(old)  # row of the run changed may change again
            if ref is None and self.complete:
                self.count_unknown(run, row, "no such row")
            if log is not None:
                if ref is not None:
                    log.ended(ref, run, row)
                log.began(base + row, run, row, "update")
            multi.setdefault(new, []).append(base + row)
            self.count += 1


def _same_layout(old: tuple[Column, ...], new: tuple[Column, ...], sources: list[tuple[int | None, bool, Any]]
                 ) -> bool:
    """An ALTER TABLE left the rows' values as they were: the same column names and Arrow types, each column from
    itself, unconverted (a new key, comment or index changes no version)."""
    if len(old) != len(new):
        return False
    same = all(a.name == b.name and arrow_type(a) == arrow_type(b) for a, b in zip(old, new, strict=True))
    return same and all(source == j and not convert for j, (source, convert, _) in enumerate(sources))


def _keys(columns: list[list[Any]]) -> list[Any]:
    """Row keys from key columns' values: the value itself for one column, tuples for several."""
    if len(columns) == 1:
        return columns[0]
    return list(zip(*columns, strict=True))
