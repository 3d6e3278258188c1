"""Column defaults, followed through the DDL: what a row holds in a column no image wrote.

Two kinds of rows need them: rows that exist when ``ALTER TABLE ... ADD COLUMN`` runs (the server shows
the new column's default in them: sql/sql_table.cc copies the rows, or MariaDB's instant ADD COLUMN keeps
the default in the table's metadata, storage/innobase/handler/handler0alter.cc), and MINIMAL or NOBLOB
inserts, whose after image holds only the columns the INSERT named (sql/log_event_server.cc
``binlog_prepare_row_images``: the others took their defaults).

The schema history keeps column types, not defaults, so this module follows the same statements for the
``DEFAULT`` clauses: ``CREATE TABLE`` (and ``LIKE``), ``ALTER TABLE`` (``ADD``, ``CHANGE``, ``MODIFY``,
``ALTER COLUMN ... SET/DROP DEFAULT``, ``RENAME COLUMN``, ``DROP``, ``RENAME TO``), ``RENAME TABLE``,
``DROP TABLE``/``DATABASE``. A column's clause is one of: a literal, ``NULL``, ``CURRENT_TIMESTAMP[(n)]``
(and its synonyms), an expression, none; ``AUTO_INCREMENT`` and generated columns (``AS (...)``) have no
default a row can be given without the server. The typed value of a clause for a column:
:mod:`.default_values`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..schema.ddl.parser import _ParseError, _Parser
from ..schema.ddl.tokens import Token, split_statements, tokenize

__all__ = ["ENGINE", "DefaultClause", "DefaultsCatalog", "TableDefaults"]

Key = tuple[str, str]


@dataclass(frozen=True, slots=True)
class DefaultClause:
    """What a column definition says a row holds when nothing is written to it.

    ``kind``: ``"none"`` (no DEFAULT clause: NULL, or the type's implicit value when NOT NULL), ``"null"``,
    ``"number"``, ``"string"``, ``"hex"`` (``X'..'``/``0x..``), ``"bit"`` (``b'..'``), ``"bool"``, ``"now"``
    (``CURRENT_TIMESTAMP`` with ``fsp`` fraction digits), ``"expression"``, ``"auto_increment"``,
    ``"generated"``. ``text``: the literal (without quotes and escapes).
    """

    kind: str
    text: str = ""
    nullable: bool = True
    fsp: int = 0


#: A table's columns (lower-case names) -> their default clause; under the key ``""`` (no column's name) the
#: table's storage engine, as ``DefaultClause("engine", name)``: CHECKSUM TABLE reads rows as the engine stores
#: them (MyISAM keeps BIT bits beside the NULL flags), so a restore names it.
TableDefaults = dict[str, DefaultClause]
ENGINE = ""

_NOW_WORDS = frozenset({"CURRENT_TIMESTAMP", "NOW", "LOCALTIME", "LOCALTIMESTAMP"})
_CONSTRAINT_LEADS = frozenset({"PRIMARY", "KEY", "INDEX", "UNIQUE", "CONSTRAINT", "FOREIGN", "CHECK", "FULLTEXT",
                               "SPATIAL", "PERIOD"})


def _elements(toks: list[Token], start: int) -> tuple[list[list[Token]], int]:
    """The comma-separated elements of the parenthesized group opening at ``toks[start]``, and the index after it."""
    out: list[list[Token]] = [[]]
    depth = 0
    i = start
    while i < len(toks):
        tok = toks[i]
        if tok[0] == "o" and tok[1] == "(":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif tok[0] == "o" and tok[1] == ")":
            depth -= 1
            if depth == 0:
                return out, i + 1
        elif tok[0] == "o" and tok[1] == "," and depth == 1:
            out.append([])
            i += 1
            continue
        out[-1].append(tok)
        i += 1
    return out, i


def _top_level_split(toks: list[Token]) -> list[list[Token]]:
    """Tokens split at the commas outside parentheses."""
    out: list[list[Token]] = [[]]
    depth = 0
    for tok in toks:
        if tok[0] == "o" and tok[1] in "()":
            depth += 1 if tok[1] == "(" else -1
        elif tok[0] == "o" and tok[1] == "," and depth == 0:
            out.append([])
            continue
        out[-1].append(tok)
    return out


def _value(toks: list[Token], i: int) -> DefaultClause:
    """The DEFAULT value starting at ``toks[i]``."""
    tok = toks[i] if i < len(toks) else ("o", "", "")
    sign = ""
    if tok[0] == "o" and tok[1] in "+-" and i + 1 < len(toks):
        sign, i = ("-" if tok[1] == "-" else ""), i + 1
        tok = toks[i]
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if tok[0] == "n":
        return DefaultClause("number", sign + tok[1])
    if tok[0] in ("s", "d"):
        return DefaultClause("string", tok[1])
    if tok[0] == "w":
        word = tok[2]
        if nxt is not None and nxt[0] in ("s", "d"):
            if word == "X":
                return DefaultClause("hex", nxt[1])
            if word == "B":
                return DefaultClause("bit", nxt[1])
            if word.startswith("_") or word == "N":  # a charset introducer
                return DefaultClause("string", nxt[1])
        if word == "NULL":
            return DefaultClause("null")
        if word in ("TRUE", "FALSE"):
            return DefaultClause("bool", "1" if word == "TRUE" else "0")
        if word.startswith("0X") and len(word) > 2:
            return DefaultClause("hex", word[2:])
        if word in _NOW_WORDS:
            fsp = 0
            if nxt is not None and nxt[1] == "(" and i + 2 < len(toks) and toks[i + 2][0] == "n":
                fsp = int(toks[i + 2][1])
            return DefaultClause("now", fsp=fsp)
    return DefaultClause("expression")


def _engine(toks: list[Token]) -> str | None:
    """The ``ENGINE [=] name`` table option among ``toks`` (outside parentheses), if any."""
    depth = 0
    for i, tok in enumerate(toks):
        if tok[0] == "o" and tok[1] in "()":
            depth += 1 if tok[1] == "(" else -1
        elif not depth and tok[0] == "w" and tok[2] == "ENGINE":
            rest = [t for t in toks[i + 1:i + 3] if t[1] != "="]
            return rest[0][1] if rest else None
    return None


def column_clause(toks: list[Token]) -> tuple[str, DefaultClause]:
    """A column definition's name and default clause (``toks``: ``name type attributes...``)."""
    name = toks[0][1]
    nullable = True
    clause = DefaultClause("none")
    depth = 0
    for i, tok in enumerate(toks[1:], start=1):
        if tok[0] == "o" and tok[1] in "()":
            depth += 1 if tok[1] == "(" else -1
            continue
        if depth or tok[0] != "w":
            continue
        word = tok[2]
        if word == "NOT" and i + 1 < len(toks) and toks[i + 1][2] == "NULL":
            nullable = False
        elif word == "DEFAULT" and clause.kind == "none" and toks[i - 1][2] != "ON":
            clause = _value(toks, i + 1)
        elif word in ("AUTO_INCREMENT", "SERIAL"):
            clause = DefaultClause("auto_increment")
        elif word == "AS" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            clause = DefaultClause("generated")
        elif word == "PRIMARY":
            nullable = False
    return name, DefaultClause(clause.kind, clause.text, nullable, clause.fsp)


class _Tracked(dict[Key, TableDefaults]):
    """The catalog's tables, noting each key a statement sets or removes (:attr:`DefaultsCatalog.last_changed`)."""

    __slots__ = ("changed",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.changed: set[Any] = set()

    def __setitem__(self, key: Any, value: Any) -> None:
        self.changed.add(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.changed.add(key)
        super().__delitem__(key)

    def pop(self, key: Any, *default: Any) -> Any:
        self.changed.add(key)
        return super().pop(key, *default)


class DefaultsCatalog:
    """The default clause of every column of every table the statements defined (see the module docstring).

    Each table's mapping is replaced, never changed in place, so a copy of :attr:`tables` is a snapshot.
    """

    def __init__(self) -> None:
        self.tables = _Tracked()
        self.database: str | None = None
        #: Grows whenever a statement changes a table's defaults.
        self.version = 0
        #: The version :meth:`follow` made last and the tables its statement changed.
        self.last_changed: tuple[int, tuple[Key, ...]] | None = None

    def load_sql(self, text: str) -> None:
        """Follow every statement of a SQL script (``--schema-sql``, a dump's table definitions)."""
        for statement in split_statements(text):
            self.follow(statement, None)

    def follow(self, sql: str, database: str | None) -> None:
        """Follow one statement run with ``database`` as its default database."""
        self.tables.changed = set()
        self._follow(sql, database)
        if self.tables.changed:
            self.version += 1
            self.last_changed = (self.version, tuple(self.tables.changed))

    def _follow(self, sql: str, database: str | None) -> None:
        toks = tokenize(sql)
        if not toks or toks[0][0] != "w":
            return
        db = database if database is not None else self.database
        p = _Parser(toks)
        try:
            lead = p.next()[2]
            if lead == "USE":
                self.database = p.ident()
            elif lead == "CREATE":
                self._create(p, db)
            elif lead == "ALTER" and p.accept("ONLINE", "OFFLINE", "IGNORE", "TABLE"):
                while p.accept("ONLINE", "OFFLINE", "IGNORE", "TABLE"):
                    pass
                p.if_exists()
                self._alter(p, p.qualified(db))
            elif lead in ("DROP", "RENAME"):
                self._drop_or_rename(p, lead, db)
        except _ParseError:
            return

    def _create(self, p: _Parser, db: str | None) -> None:
        while not p.at_end() and not p.is_word("TABLE"):
            if p.is_word("TEMPORARY", "DATABASE", "SCHEMA", "INDEX", "VIEW"):
                return
            p.pos += 1
        if not p.accept("TABLE"):
            return
        if_not_exists = p.if_not_exists()
        key = p.qualified(db)
        if if_not_exists and key in self.tables:
            return
        if p.accept("LIKE") or (p.is_op("(") and p.is_word("LIKE", ahead=1)):
            p.accept_op("(")
            self.tables[key] = dict(self.tables.get(p.qualified(key[0]), {}))
            return
        if not p.is_op("("):
            self.tables.pop(key, None)
            return
        elements, end = _elements(p.toks, p.pos)
        columns: TableDefaults = {}
        for element in elements:
            if element and element[0][0] in ("w", "q", "d") and element[0][2] not in _CONSTRAINT_LEADS:
                name, clause = column_clause(element)
                columns[name.lower()] = clause
        engine = _engine(p.toks[end:])
        if engine is not None:
            columns[ENGINE] = DefaultClause("engine", engine)
        self.tables[key] = columns

    def _alter(self, p: _Parser, key: Key) -> None:
        columns = dict(self.tables.get(key, {}))
        new_key = key
        for clause in _top_level_split(p.toks[p.pos:]):
            new_key = self._alter_clause(clause, columns, key) or new_key
        self.tables.pop(key, None)
        self.tables[new_key] = columns

    def _alter_clause(self, toks: list[Token], columns: TableDefaults, key: Key) -> Key | None:
        """One clause of an ALTER TABLE applied to ``columns``; the new name of the table for ``RENAME TO``."""
        words = [t[2] for t in toks]
        i = 1
        if not words:
            return None
        lead = words[0]
        engine = _engine(toks) if lead not in ("ADD", "CHANGE", "MODIFY") else None
        if engine is not None:
            columns[ENGINE] = DefaultClause("engine", engine)
        if lead in ("ADD", "CHANGE", "MODIFY", "DROP", "ALTER") and len(words) > 1 and words[1] == "COLUMN":
            i = 2
        if lead in ("ADD", "CHANGE", "MODIFY", "DROP") and words[i:i + 2] in (["IF", "EXISTS"], ["IF", "NOT"]):
            i += 3 if words[i + 1] == "NOT" else 2
        if lead == "ADD" and i < len(toks) and toks[i][1] == "(" and toks[i][0] == "o":
            for element in _elements(toks, i)[0]:
                if element and element[0][2] not in _CONSTRAINT_LEADS:
                    name, clause = column_clause(element)
                    columns[name.lower()] = clause
        elif lead == "ADD" and i < len(toks) and (i > 1 or words[1] not in _CONSTRAINT_LEADS):
            name, clause = column_clause(toks[i:])
            columns[name.lower()] = clause
        elif lead in ("CHANGE", "MODIFY") and i < len(toks):
            if lead == "CHANGE":
                columns.pop(toks[i][1].lower(), None)
                i += 1
            name, clause = column_clause(toks[i:])
            columns[name.lower()] = clause
        elif lead == "ALTER" and i + 1 < len(toks):
            self._alter_default(toks, i, columns)
        elif lead == "DROP" and i < len(toks) and (i > 1 or words[1] not in _CONSTRAINT_LEADS | {"PARTITION"}):
            columns.pop(toks[i][1].lower(), None)
        elif lead == "RENAME":
            return self._rename_clause(toks, columns, key)
        return None

    @staticmethod
    def _alter_default(toks: list[Token], i: int, columns: TableDefaults) -> None:
        """``ALTER [COLUMN] name SET DEFAULT value | DROP DEFAULT``."""
        name = toks[i][1].lower()
        old = columns.get(name, DefaultClause("none"))
        if toks[i + 1][2] == "SET" and i + 3 < len(toks) + 1 and toks[i + 2][2] == "DEFAULT":
            value = _value(toks, i + 3)
            columns[name] = DefaultClause(value.kind, value.text, old.nullable, value.fsp)
        elif toks[i + 1][2] == "DROP":
            columns[name] = DefaultClause("none", "", old.nullable)

    @staticmethod
    def _rename_clause(toks: list[Token], columns: TableDefaults, key: Key) -> Key | None:
        """``RENAME COLUMN a TO b`` (a column) or ``RENAME [TO|AS] name`` (the table)."""
        words = [t[2] for t in toks]
        if len(toks) >= 5 and words[1] == "COLUMN":
            clause = columns.pop(toks[2][1].lower(), None)
            if clause is not None:
                columns[toks[4][1].lower()] = clause
            return None
        if len(words) > 1 and words[1] in ("INDEX", "KEY"):
            return None
        p = _Parser(toks[1:])
        if p.accept("TO", "AS") is None:
            p.accept_op("=")
        return p.qualified(key[0])

    def _drop_or_rename(self, p: _Parser, lead: str, db: str | None) -> None:
        if lead == "DROP":
            if p.accept("TEMPORARY"):
                return
            kind = p.accept("TABLE", "TABLES", "DATABASE", "SCHEMA")
            p.if_exists()
            if kind in ("DATABASE", "SCHEMA"):
                name = p.ident()
                for key in [k for k in self.tables if k[0] == name]:
                    del self.tables[key]
                return
            while kind is not None:
                self.tables.pop(p.qualified(db), None)
                if not p.accept_op(","):
                    return
            return
        if p.accept("TABLE", "TABLES") is None:
            return
        while True:
            old = p.qualified(db)
            p.expect("TO")
            new = p.qualified(db)
            columns = self.tables.pop(old, None)
            if columns is not None:
                self.tables[new] = columns
            if not p.accept_op(","):
                return

    def snapshot(self) -> dict[Key, TableDefaults]:
        """The catalog as it is now (the tables' mappings are shared: they are replaced, never changed)."""
        return dict(self.tables)
