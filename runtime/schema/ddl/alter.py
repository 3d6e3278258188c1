"""``ALTER TABLE``: its clauses parsed, then applied in order to a copy of the table (MariaDB 10.11's rules for
CHANGE/MODIFY of a column the same statement adds, CONVERT TO, defaults, hashed unique keys)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Protocol

from .model import (
    _LOB_TYPES,
    _TO_BINARY,
    BINARY_TYPES,
    CHARACTER_TYPES,
    ColumnDef,
    IndexDef,
    TableDef,
    _lob_bytes,
    collation_charset,
    lob_type,
    max_bytes_per_char,
)
from .parser import (
    _ALTER_FLAG_WORDS,
    _ALTER_OPTION_WORDS,
    _CLAUSE_WORDS,
    _PARTITION_OPS,
    _add_index,
    _Col,
    _duplicate,
    _is_constraint,
    _Key,
    _parse_column,
    _parse_constraint,
    _ParseError,
    _Parser,
    _rebuilt,
    with_hidden_columns,
)


class _Defaults(Protocol):
    """What an ALTER needs of the schema state: a database's default charset and collation."""

    def database_default(self, name: str) -> tuple[str | None, str | None]: ...


@dataclass(slots=True)
class _Entry:
    """A column during an ALTER TABLE: its name in the original table (None when added) and its definition."""

    orig: str | None
    col: ColumnDef
    binary_collation: bool = False  # defined in this ALTER with the BINARY attribute and no CHARACTER SET


@dataclass(slots=True)
class _AlterTable:
    """Parses the clauses of one ALTER TABLE, then applies them to a copy of the definition."""

    state: _Defaults
    tdef: TableDef
    p: _Parser
    actions: list[Callable[[], None]] = field(default_factory=list)
    final: list[Callable[[], None]] = field(default_factory=list)
    entries: list[_Entry] = field(default_factory=list)
    key: tuple[str, str] = ("", "")
    charset: str | None = None
    collation: str | None = None
    indexes: list[IndexDef] = field(default_factory=list)
    default_given: bool = False  # a DEFAULT CHARACTER SET / COLLATE clause

    def run(self) -> tuple[tuple[str, str], TableDef]:
        t = self.tdef
        self.key = (t.schema, t.table)
        self.charset, self.collation = t.charset, t.collation
        self.entries = [_Entry(c.name.lower(), c) for c in t.columns if not c.hidden]
        self.indexes = list(t.indexes)
        p = self.p
        renames_only = True
        while not p.at_end():
            renames_only = renames_only and p.is_word("RENAME") and not p.is_word("COLUMN", "INDEX", "KEY", ahead=1)
            self._clause()
            p.accept_op(",")
        if not renames_only:  # the table is rebuilt (an ALTER that only renames the table is not)
            self.indexes = _rebuilt(t.indexes)
        for act in self.actions:
            act()
        for act in self.final:
            act()
        columns = tuple(e.col for e in self.entries)
        dup = _duplicate(columns)
        if dup is not None:
            raise _ParseError(f"duplicate column {dup!r}")
        tdef = TableDef(self.key[0], self.key[1], columns, self.charset, self.collation, tuple(self.indexes))
        return self.key, with_hidden_columns(tdef)

    # -- clauses

    def _clause(self) -> None:
        p = self.p
        tok = p.next()
        if tok[0] != "w":
            raise _ParseError(f"unexpected {tok[1]!r}")
        w = tok[2]
        if w == "ADD":
            self._add()
        elif w == "DROP":
            self._drop()
        elif w in ("CHANGE", "MODIFY"):
            self._change_clause(w)
        elif w == "RENAME":
            self._rename()
        elif w == "ALTER":
            if p.accept("INDEX", "KEY", "CHECK", "CONSTRAINT") is None:
                p.accept("COLUMN")
                p.if_exists()
                p.ident()
            p.skip_element()
        elif w == "CONVERT":
            self._convert_clause()
        elif w in ("DEFAULT", "CHARACTER", "CHARSET", "COLLATE"):
            self.p.pos -= 1
            self._table_charset()
        elif not self._option_clause(w):
            raise _ParseError(f"unsupported clause {tok[1]!r}")

    def _change_clause(self, w: str) -> None:
        """``CHANGE [COLUMN] [IF EXISTS] old new_definition`` or ``MODIFY [COLUMN] [IF EXISTS] definition``."""
        p = self.p
        p.accept("COLUMN")
        if_exists = p.if_exists()
        old = p.ident() if w == "CHANGE" else None
        col = _parse_column(p)
        self.actions.append(lambda: self._change(old if old is not None else col.name, col, if_exists))

    def _convert_clause(self) -> None:
        """``CONVERT TO CHARACTER SET cs [COLLATE c]``: the table's new default (unless the ALTER names one
        itself, wherever); every column is converted at the end, those this ALTER defines too."""
        p = self.p
        p.expect("TO")
        if p.accept("CHARACTER"):
            p.expect("SET")
        else:
            p.expect("CHARSET")
        cs = self._convert_charset(p.charset_name())
        coll = p.charset_name() if p.accept("COLLATE") else None
        if not self.default_given:
            self.charset, self.collation = cs, coll
        self.final.append(lambda: self._convert(cs, coll))

    def _option_clause(self, w: str) -> bool:
        """Table options, flags, ORDER BY and partitioning, read and left alone; False for an unknown clause."""
        p = self.p
        if w in _ALTER_OPTION_WORDS or (w in ("DATA", "INDEX") and p.accept("DIRECTORY")):
            p.accept_op("=")
            if p.is_op("("):
                p.skip_group()
            else:
                p.next()
        elif w == "TABLESPACE":
            p.accept_op("=")
            p.next()
            if p.accept("STORAGE"):
                p.next()
        elif w in _ALTER_FLAG_WORDS:
            for sub in _ALTER_FLAG_WORDS[w]:
                p.expect(sub)
        elif w in ("WITH", "WITHOUT") and p.accept("VALIDATION"):
            pass
        elif w in ("WITH", "WITHOUT") and p.is_word("SYSTEM"):
            raise _ParseError("system versioning changes implicit columns")
        elif w == "ORDER":
            self._order_by()
        elif w in _PARTITION_OPS:
            p.pos = len(p.toks)  # partition management and PARTITION BY end the statement
        else:
            return False
        return True

    def _order_by(self) -> None:
        p = self.p
        p.expect("BY")
        while True:
            p.ident()
            p.accept("ASC", "DESC")
            after = p.peek(1)
            if not (p.is_op(",") and after is not None and after[0] in "qdw" and after[2] not in _CLAUSE_WORDS):
                break
            p.pos += 1

    def _add(self) -> None:
        p = self.p
        column = p.accept("COLUMN") is not None
        if not column and (p.is_word("PARTITION") or (p.is_word("SYSTEM") and p.is_word("VERSIONING", ahead=1))):
            if p.is_word("SYSTEM"):
                raise _ParseError("system versioning adds implicit columns")
            p.pos = len(p.toks)
            return
        if_not_exists = p.if_not_exists()
        if not column and _is_constraint(p):
            self._add_key(_parse_constraint(p), if_not_exists)
            return
        if p.accept_op("("):
            while True:
                if _is_constraint(p):
                    self._add_key(_parse_constraint(p), if_not_exists)
                else:
                    self.actions.append(partial(self._add_column, _parse_column(p), if_not_exists))
                if p.accept_op(")"):
                    return
                p.expect_op(",")
        col = _parse_column(p)
        self.actions.append(lambda: self._add_column(col, if_not_exists))

    def _add_key(self, key: _Key | None, if_not_exists: bool) -> None:
        if key is None:
            return
        if key.kind == "primary":
            self.actions.append(partial(self._add_pk, [n for n, _ in key.parts]))
            return
        key.if_not_exists = key.if_not_exists or if_not_exists
        self.actions.append(lambda: _add_index(self.indexes, key, [e.col for e in self.entries]))

    def _drop(self) -> None:
        p = self.p
        if p.accept("PRIMARY"):
            p.expect("KEY")
            self.actions.append(self._drop_pk)
            return
        if p.is_word("PARTITION"):
            p.pos = len(p.toks)
            return
        if p.is_word("SYSTEM") and p.is_word("VERSIONING", ahead=1):
            raise _ParseError("system versioning removes implicit columns")
        kind = p.accept("INDEX", "KEY", "FOREIGN", "CONSTRAINT", "CHECK", "PERIOD")
        if kind is not None:
            if kind == "FOREIGN":
                p.expect("KEY")
            p.if_exists()
            name = p.ident()
            if kind in ("INDEX", "KEY", "CONSTRAINT") and name.upper() == "PRIMARY":
                self.actions.append(self._drop_pk)
            elif kind in ("INDEX", "KEY", "CONSTRAINT"):
                self.actions.append(partial(self._drop_index, name))
            p.skip_element()
            return
        p.accept("COLUMN")
        if_exists = p.if_exists()
        name = p.ident()
        p.accept("RESTRICT", "CASCADE")
        self.actions.append(lambda: self._drop_column(name, if_exists))

    def _rename(self) -> None:
        p = self.p
        if p.accept("COLUMN"):
            if_exists = p.if_exists()
            old = p.ident()
            p.expect("TO")
            new = p.ident()
            self.actions.append(lambda: self._rename_column(old, new, if_exists))
        elif p.accept("INDEX", "KEY"):
            old = p.ident()
            p.expect("TO")
            new = p.ident()
            self.actions.append(lambda: self._rename_index(old, new))
        else:
            if p.accept("TO", "AS") is None:
                p.accept_op("=")
            new_key = p.qualified(self.key[0])
            self.final.append(lambda: setattr(self, "key", new_key))

    def _table_charset(self) -> None:
        p = self.p
        cs = coll = None
        while True:
            p.accept("DEFAULT")
            if p.accept("CHARSET") or (p.accept("CHARACTER") and p.expect("SET")):
                cs = p.charset_name()
            elif p.accept("COLLATE"):
                coll = p.charset_name()
            else:
                break
        if cs is None and coll is None:
            raise _ParseError(f"unexpected {p.near()} after DEFAULT")
        self.default_given = True
        if cs is not None and cs != "default":
            if coll is None and self.default_given and self.collation and collation_charset(self.collation) == cs:
                coll = self.collation  # COLLATE x_bin, DEFAULT CHARSET x: the collation stays
            self.charset = cs
            self.collation = coll
        elif coll is not None:
            self.collation = coll
            self.charset = collation_charset(coll) or self.charset

    # -- actions

    def _find(self, name: str, if_exists: bool, new_name: str | None = None) -> int | None:
        low = name.lower()
        for i, e in enumerate(self.entries):
            if e.orig == low:
                return i
        # else a column an earlier clause added: MariaDB finds it by the CHANGE's new name (MODIFY's only)
        added = (new_name or name).lower()
        for i, e in enumerate(self.entries):
            if e.orig is None and e.col.name.lower() == added:
                return i
        if if_exists:
            return None
        raise _ParseError(f"unknown column {name!r}")

    def _resolve(self, col: _Col) -> ColumnDef:
        return col.resolve(self.charset, self.collation, *self.state.database_default(self.key[0]))

    def _place(self, entry: _Entry, col: _Col) -> None:
        if col.first:
            self.entries.insert(0, entry)
        elif col.after is not None:
            low = col.after.lower()
            for i, e in enumerate(self.entries):
                if e.col.name.lower() == low:
                    self.entries.insert(i + 1, entry)
                    return
            raise _ParseError(f"unknown column {col.after!r} in AFTER")
        else:
            self.entries.append(entry)

    def _add_column(self, col: _Col, if_not_exists: bool) -> None:
        if if_not_exists and any(e.col.name.lower() == col.name.lower() for e in self.entries):
            return
        if col.versioned:
            raise _ParseError("system versioning column")
        self._place(_Entry(None, self._resolve(col), col.binary_collation and col.charset is None), col)
        if col.unique:
            _add_index(self.indexes, _Key("unique", None, [(col.name, None)]), [e.col for e in self.entries])

    def _change(self, old: str, col: _Col, if_exists: bool) -> None:
        i = self._find(old, if_exists, col.name)
        if i is None:
            return
        entry = self.entries[i]
        new = self._resolve(col)
        if entry.col.primary_key and not new.primary_key:
            new = replace(new, primary_key=True, nullable=False)
        if entry.col.name != new.name:
            self._rename_in_indexes(entry.col.name, new.name)
        entry.col = new
        entry.binary_collation = col.binary_collation and col.charset is None
        if col.first or col.after is not None or entry.orig is None:
            # (a column an earlier clause added takes the CHANGE's place, by default the end)
            del self.entries[i]
            self._place(entry, col)
        if col.unique:
            _add_index(self.indexes, _Key("unique", None, [(col.name, None)]), [e.col for e in self.entries])

    def _drop_column(self, name: str, if_exists: bool) -> None:
        i = self._find(name, if_exists)
        if i is not None:
            low = self.entries[i].col.name.lower()
            del self.entries[i]
            indexes = []
            for index in self.indexes:  # the column leaves its keys; a key left without columns goes
                parts = tuple(pt for pt in index.parts if pt[0].lower() != low)
                if parts:
                    indexes.append(replace(index, parts=parts))
            self.indexes = indexes

    def _rename_column(self, old: str, new: str, if_exists: bool) -> None:
        i = self._find(old, if_exists)
        if i is not None:
            self._rename_in_indexes(self.entries[i].col.name, new)
            self.entries[i].col = replace(self.entries[i].col, name=new)

    def _rename_in_indexes(self, old: str, new: str) -> None:
        low = old.lower()
        self.indexes = [replace(i, parts=tuple((new if n.lower() == low else n, k) for n, k in i.parts))
                        for i in self.indexes]

    def _drop_index(self, name: str) -> None:
        self.indexes = [i for i in self.indexes if i.name.lower() != name.lower()]

    def _rename_index(self, old: str, new: str) -> None:
        self.indexes = [replace(i, name=new) if i.name.lower() == old.lower() else i for i in self.indexes]

    def _add_pk(self, names: list[str]) -> None:
        wanted = {n.lower() for n in names}
        for e in self.entries:
            if e.col.name.lower() in wanted:
                e.col = replace(e.col, primary_key=True, nullable=False)
                wanted.discard(e.col.name.lower())
        if wanted:
            raise _ParseError(f"primary key names unknown column {sorted(wanted)[0]!r}")

    def _drop_pk(self) -> None:
        for e in self.entries:
            if e.col.primary_key:
                e.col = replace(e.col, primary_key=False)

    def _convert_charset(self, cs: str) -> str:
        if cs == "default":
            cs = self.state.database_default(self.key[0])[0] or ""
            if not cs:
                raise _ParseError("CONVERT TO CHARACTER SET DEFAULT: database character set unknown")
        return "utf8mb3" if cs == "utf8" else cs

    def _convert(self, cs: str, coll: str | None) -> None:
        """Every character column (JSON too, and those this ALTER defines with their own charset) gets ``cs``
        and ``coll``, but those this ALTER defines with the BINARY attribute keep the table's default and its
        _bin collation, and those of charset binary stay so; TEXT types keep their length in characters, so
        they may grow (utf8mb3 TEXT to utf8mb4: MEDIUMTEXT).

        To ``binary`` (MariaDB 10.11, checked against information_schema): CHAR is BINARY, VARCHAR VARBINARY,
        each TEXT its BLOB, JSON a LONGBLOB, ENUM/SET keep their type in charset and collation ``binary``. It is
        for good: sql/sql_table.cc gives a column the CONVERT TO charset only when its own is not
        ``my_charset_bin`` ("the table charset must not affect the BLOB fields"), so a later CONVERT TO utf8mb4
        leaves all of them as they are.
        """
        for e in self.entries:
            c = e.col
            if (c.data_type not in CHARACTER_TYPES and c.data_type != "json") or e.binary_collation:
                continue
            if c.charset == "binary":  # (an ENUM/SET of charset binary): the server never converts those
                continue
            dt = c.data_type
            if dt == "json":
                # MariaDB's JSON is a LONGTEXT utf8mb4_bin with CHECK (json_valid(...)) (sql/sql_type_json.h:
                # Type_handler_json_longtext is a Type_handler_long_blob), converted as one: to binary it is a
                # LONGBLOB (the CHECK stays), as information_schema, SHOW CREATE TABLE and the TABLE_MAP (BLOB,
                # charset 63) say; to another charset a LONGTEXT in it, kept as JSON here. (MySQL's JSON is a type
                # of its own that no CONVERT TO changes: the charset is never used there, but a table converted
                # to binary has a LONGBLOB in the history where MySQL's TABLE_MAP says JSON.)
                if cs != "binary":
                    e.col = replace(c, charset=cs, collation=coll)
                    continue
                dt = "longtext"
            if dt in _LOB_TYPES and c.charset is not None:  # TEXT keeps its characters: the type may grow
                chars = _lob_bytes(dt) // max_bytes_per_char(c.charset)
                dt = lob_type(chars * max_bytes_per_char(cs), binary=False)
            if cs == "binary":
                dt = _TO_BINARY.get(dt, dt)
                binary = dt in BINARY_TYPES
                e.col = replace(c, data_type=dt, charset="binary", collation=None if binary else coll)
            else:
                e.col = replace(c, data_type=dt, charset=cs, collation=coll)


# --------------------------------------------------------------------------- scripts
