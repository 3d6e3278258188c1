"""What a DDL statement does to the rows of the tables it names, as the server does it.

The schema history (:mod:`..schema.history`) follows the columns; a state also follows the rows:

* ``CREATE TABLE`` (also ``OR REPLACE``, ``LIKE``, ``... SELECT``, whose rows follow as rows events): an
  empty table whose every row the binlogs hold from now on (*complete*); ``IF NOT EXISTS`` on a table that
  exists does nothing;
* ``DROP TABLE``, ``DROP DATABASE``: the rows are gone; ``TRUNCATE TABLE``: the table is empty, and so
  complete;
* ``RENAME TABLE a TO b, ...`` and ``ALTER TABLE ... RENAME TO``: the rows move, in the statement's order;
* ``ALTER TABLE``: the columns each new column comes from (``ADD``: none, it takes its default; ``DROP``:
  gone; ``CHANGE``/``MODIFY``/``RENAME COLUMN``: the old one, converted when the type changes), replayed
  with the schema history's own ALTER TABLE rules (``schema.ddl.alter._AlterTable``, MariaDB 10.11's
  placement of FIRST/AFTER and of columns an ALTER adds and changes) on the columns the state holds, so the
  mapping is by column identity, not by name. ``ADD``/``DROP PRIMARY KEY`` change the key the rows are
  kept by. An ALTER that cannot be replayed loses the table's rows (:class:`Lost`): never guessed.

Temporary tables, views, indexes and every other statement leave the rows alone. sql/sql_table.cc
(``mysql_alter_table``, ``mysql_rename_tables``), sql/sql_truncate.cc.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..schema.ddl.alter import _AlterTable
from ..schema.ddl.model import ColumnDef, TableDef
from ..schema.ddl.parser import _ParseError, _Parser
from ..schema.ddl.tokens import tokenize
from .steps import DdlStep

__all__ = ["Alter", "ColumnSource", "Create", "Drop", "DropDatabase", "Effect", "Lost", "Rename", "Truncate",
           "effects_of"]

Key = tuple[str, str]
#: The type of the placeholder columns an ALTER is replayed on when the history does not know the table.
_UNKNOWN_TYPE = "\0unknown"


@dataclass(frozen=True, slots=True)
class Create:
    key: Key
    definition: TableDef | None


@dataclass(frozen=True, slots=True)
class Drop:
    key: Key


@dataclass(frozen=True, slots=True)
class DropDatabase:
    name: str


@dataclass(frozen=True, slots=True)
class Truncate:
    key: Key


@dataclass(frozen=True, slots=True)
class Rename:
    old: Key
    new: Key


@dataclass(frozen=True, slots=True)
class ColumnSource:
    """A column after an ALTER: its name, the column it comes from (None: added), its new definition when
    this ALTER defines it (ADD, CHANGE, MODIFY), and whether it is in the primary key."""

    name: str
    source: str | None
    definition: ColumnDef | None
    primary_key: bool


@dataclass(frozen=True, slots=True)
class Alter:
    key: Key
    new_key: Key
    columns: tuple[ColumnSource, ...]
    #: The table as the history knows it after the statement (None when it does not).
    definition: TableDef | None


@dataclass(frozen=True, slots=True)
class Lost:
    """The statement changes a table's rows in a way that is not followed: they are no longer known."""

    key: Key
    reason: str


Effect = Create | Drop | DropDatabase | Truncate | Rename | Alter | Lost

#: The state's columns of a table it holds (names in order, and the primary key's), None when it holds none.
HeldColumns = Callable[[Key], tuple[tuple[str, ...], tuple[str, ...]] | None]


def effects_of(step: DdlStep, held: HeldColumns) -> list[Effect]:
    """What ``step``'s statement does to the tables' rows (see the module docstring)."""
    p = _Parser(tokenize(step.sql))
    try:
        lead = p.next()[2]
        if lead == "CREATE":
            return _create(p, step, held)
        if lead == "DROP":
            return _drop(p, step)
        if lead == "RENAME":
            return _rename(p, step)
        if lead == "TRUNCATE":
            p.accept("TABLE")
            return [Truncate(p.qualified(step.database))]
        if lead == "ALTER":
            return _alter(p, step, held)
    except _ParseError:
        return []  # a statement the server ran but that names no table this can resolve: nothing to follow
    return []


def _create(p: _Parser, step: DdlStep, held: HeldColumns) -> list[Effect]:
    or_replace = temporary = False
    kind = None
    while kind is None and not p.at_end():
        word = p.next()[2]
        if word == "REPLACE":
            or_replace = True
        elif word == "TEMPORARY":
            temporary = True
        elif word in ("TABLE", "DATABASE", "SCHEMA", "INDEX", "VIEW", "TRIGGER", "PROCEDURE", "FUNCTION",
                      "EVENT", "SEQUENCE", "USER", "ROLE", "SERVER", "PACKAGE"):
            kind = word
    if kind in ("DATABASE", "SCHEMA") and or_replace:
        p.if_not_exists()
        return [DropDatabase(p.ident())]
    if kind != "TABLE" or temporary:
        return []
    if_not_exists = p.if_not_exists()
    key = p.qualified(step.database)
    if if_not_exists and (key in step.before or held(key) is not None):
        return []
    return [Create(key, step.after.get(key))]


def _drop(p: _Parser, step: DdlStep) -> list[Effect]:
    temporary = p.accept("TEMPORARY") is not None
    kind = p.accept("TABLE", "TABLES", "DATABASE", "SCHEMA")
    if kind is None or temporary:
        return []
    p.if_exists()
    if kind in ("DATABASE", "SCHEMA"):
        return [DropDatabase(p.ident())]
    effects: list[Effect] = []
    while True:
        effects.append(Drop(p.qualified(step.database)))
        if not p.accept_op(","):
            return effects


def _rename(p: _Parser, step: DdlStep) -> list[Effect]:
    if p.accept("TABLE", "TABLES") is None:
        return []
    p.if_exists()
    effects: list[Effect] = []
    while True:
        old = p.qualified(step.database)
        p.expect("TO")
        effects.append(Rename(old, p.qualified(step.database)))
        if not p.accept_op(","):
            return effects


def _alter(p: _Parser, step: DdlStep, held: HeldColumns) -> list[Effect]:
    while p.accept("ONLINE", "OFFLINE", "IGNORE"):
        pass
    if p.accept("TABLE") is None:
        return []
    p.if_exists()
    key = p.qualified(step.database)
    columns = held(key)
    if columns is None:
        return []  # rows the state does not hold: the next TABLE_MAP of the table says its columns
    names, primary_key = columns
    start = _replay_start(key, names, primary_key, step.before.get(key))
    replay = _AlterTable(step.history.state, start, p)
    try:
        new_key, _ = replay.run()
    except _ParseError as exc:
        return [Lost(key, f"ALTER TABLE not followed: {exc}")]
    old = {c.name.lower(): c for c in start.columns}
    columns_after = []
    for entry in replay.entries:
        col, source = entry.col, old.get(entry.orig) if entry.orig is not None else None
        definition = None if source is not None and _same_values(source, col) else col
        columns_after.append(ColumnSource(col.name, source.name if source is not None else None, definition,
                                          col.primary_key))
    return [Alter(key, new_key, tuple(columns_after), step.after.get(new_key))]


def _replay_start(key: Key, names: tuple[str, ...], primary_key: tuple[str, ...], known: TableDef | None
                  ) -> TableDef:
    """The table an ALTER is replayed on: the history's definition when its columns are the state's, else the
    state's column names with placeholder types."""
    if known is not None:
        visible = tuple(c for c in known.columns if not c.hidden)
        if tuple(c.name.lower() for c in visible) == tuple(n.lower() for n in names):
            return TableDef(known.schema, known.table, visible, known.charset, known.collation, known.indexes)
    keyed = {n.lower() for n in primary_key}
    columns = tuple(ColumnDef(n, _UNKNOWN_TYPE, primary_key=n.lower() in keyed) for n in names)
    return TableDef(key[0], key[1], columns)


def _same_values(old: ColumnDef, new: ColumnDef) -> bool:
    """Whether a column's values stay as they are (a rename, a default, a charset: not its type)."""
    if old.data_type == _UNKNOWN_TYPE and new.data_type == _UNKNOWN_TYPE:
        return True
    return (old.data_type, old.unsigned, old.length, old.precision, old.scale, old.fsp, old.values) == (
        new.data_type, new.unsigned, new.length, new.precision, new.scale, new.fsp, new.values)
