"""Table definitions followed through the DDL statements of a binlog.

Binlog TABLE_MAP events carry column types but no names; the QUERY events
carry every DDL statement. :class:`SchemaState` applies SQL statements in
order (each with the default database the server was in) and keeps each
table's columns: names, order, types and the attributes the row decoder and
the outputs need (signedness, character set, ENUM/SET labels, lengths,
precision, fractional seconds, nullability, primary key).

Followed: ``CREATE [OR REPLACE] TABLE [IF NOT EXISTS]`` (column definitions,
PRIMARY KEY inline or as a table constraint, table default CHARSET/COLLATE),
``CREATE TABLE ... LIKE``, ``CREATE TABLE ... [AS] SELECT`` (only when the
SELECT adds no column beyond the listed ones), ``ALTER TABLE`` (ADD, DROP,
CHANGE, MODIFY, RENAME COLUMN, RENAME TO, ADD/DROP PRIMARY KEY, CONVERT TO
CHARACTER SET, DEFAULT CHARACTER SET/COLLATE, and every clause that leaves the
columns alone), ``RENAME TABLE``, ``DROP TABLE``, ``CREATE/ALTER/DROP
DATABASE|SCHEMA`` and ``USE``. Executable comments (``/*!40101 ... */``,
``/*M!100100 ... */``) are read as code, like the server does.

Not followed (``handled=True, is_ddl=False``): temporary tables, views,
triggers, routines, indexes, users, sequences, and every non-DDL statement;
a cheap first-keyword check sends those back at once. Temporary tables that
shadow a permanent table of the same name cannot be told apart from it here.

Deferred (``apply(..., defer=True)``, as the row commands' schema history asks): a plain
``CREATE TABLE name (...)`` is kept as text, with its database's defaults at
that point, and parsed when its table's definition is first needed (see
:mod:`.deferred`); every statement that reads a table's definition (ALTER,
RENAME, CREATE INDEX, ``LIKE``, ``IF NOT EXISTS``...) parses it first, so the
definitions are the same as without. A DROP of a table never asked for parses
nothing. A deferred statement that cannot be followed is found when parsed: its
problem comes from :meth:`SchemaState.take_problems` then, not from ``apply``.

Never guessed: a DDL statement that cannot be followed returns a ``problem``;
when it concerns a known table (an ALTER TABLE that could not be parsed, a
CREATE TABLE ... SELECT whose columns come from the SELECT, a table with
system versioning and its implicit columns) the table's definition is
removed until the next CREATE TABLE. Column names compare case-insensitively
and table names case-sensitively, like MySQL on Linux.

The statements are parsed by a small tokenizer and recursive-descent parser
of MySQL's DDL grammar rather than with sqlglot (30.x, MySQL dialect). sqlglot
keeps UNSIGNED, ZEROFILL, display widths and ENUM/SET labels, but it rejects
some MariaDB and spatial types (``INET6``, ``POINT``: a parse error), reads
executable comments (``/*!40101 ... */``) as plain comments (a whole statement
inside one parses to nothing; table options inside one are dropped), and
several ALTER/RENAME forms fall back to an opaque ``exp.Command`` with no
clauses to follow (``CONVERT TO CHARACTER SET``, ``ADD COLUMN (a INT, b INT)``,
``CHANGE COLUMN IF EXISTS``, multi-table ``RENAME TABLE``). sqlglot only reads
the SELECT of ``CREATE TABLE ... SELECT`` to learn its column names.

Beyond the grammar the history follows what the server derives (MariaDB 10.11
checked against its information_schema): ``TEXT(n)``/``BLOB(n)`` become the
smallest TEXT/BLOB type holding n characters in the column's charset; ``CONVERT
TO CHARACTER SET`` keeps TEXT columns' length in characters (utf8mb3 TEXT to
utf8mb4: MEDIUMTEXT; to ``binary``: BLOB types, JSON a LONGBLOB, CHAR/VARCHAR
to BINARY/VARBINARY, for good); the ``BINARY`` attribute is the charset's
``_bin`` collation; a database or table created without a charset takes the
default the QUERY event's ``collation_server``/``collation_database`` status
variables name; and each UNIQUE key MariaDB keeps as a hash (a BLOB/TEXT part
without prefix, or more than 3072 bytes) adds a hidden ``DB_ROW_HASH_n`` column
at the end of the row images (a :class:`ColumnDef` with ``hidden=True``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from .alter import _AlterTable
from .create import create_lead, defined_table
from .deferred import DeferredTable, deferrable_head
from .model import NOT_DDL, DdlOutcome, TableDef, collation_charset, collation_name
from .parser import (
    _DDL_LEADS,
    _LEAD_RE,
    _add_index,
    _database_options,
    _Key,
    _key_parts,
    _like_source,
    _ParseError,
    _Parser,
    _rebuilt,
    with_hidden_columns,
)
from .tokens import split_statements, tokenize

Key = tuple[str, str]


class SchemaState:
    """Table definitions kept up to date by the DDL statements applied in order."""

    database_charsets: dict[str, str]
    database_collations: dict[str, str]
    database: str | None

    def __init__(self) -> None:
        # a DeferredTable until the table's definition is first needed (see apply's ``defer``)
        self._tables: dict[Key, TableDef | DeferredTable] = {}
        self._deferred = False  # whether _tables may hold a DeferredTable (none since the last full parse)
        # deferred CREATE TABLE statements found not followable when parsed, with why (see take_problems)
        self._late_problems: list[tuple[DeferredTable, str]] = []
        self.database_charsets = {}
        self.database_collations = {}  # when not the charset's default
        self.database = None
        # of the statement being applied: its default database, the server's and that database's collation
        self.statement_database: str | None = None
        self.collation_server: str | None = None
        self.collation_database: str | None = None

    def table(self, schema: str, table: str) -> TableDef | None:
        """The current definition of ``schema.table``, None when unknown."""
        return self._resolve((schema, table))

    @property
    def tables(self) -> dict[Key, TableDef]:
        """Every table's current definition (the deferred ones parsed now)."""
        if self._deferred:
            for key, entry in list(self._tables.items()):
                if type(entry) is DeferredTable:
                    self._resolve(key)
            self._deferred = False
        return cast("dict[Key, TableDef]", self._tables)

    def take_problems(self) -> list[tuple[DeferredTable, str]]:
        """The deferred CREATE TABLE statements found not followable since the last call, with why (in the
        order found: a table's statement when its definition was first needed); their tables are unknown."""
        problems, self._late_problems = self._late_problems, []
        return problems

    def _resolve(self, key: Key) -> TableDef | None:
        """The definition of table ``key``, its deferred CREATE TABLE parsed now when it has one."""
        entry = self._tables.get(key)
        if type(entry) is not DeferredTable:
            return cast("TableDef | None", entry)
        outcome = entry.definition()
        if isinstance(outcome, str):
            del self._tables[key]
            self._late_problems.append((entry, outcome))
            return None
        self._tables[key] = outcome
        return outcome

    def copy(self) -> SchemaState:
        """An independent copy (the TableDefs and deferred statements are immutable and shared)."""
        other = SchemaState()
        other._tables = dict(self._tables)
        other._deferred = self._deferred
        other.database_charsets = dict(self.database_charsets)
        other.database_collations = dict(self.database_collations)
        other.database = self.database
        return other

    def load_sql(self, text: str, default_db: str | None = None) -> list[str]:
        """Apply every statement of a SQL script; return one problem string per DDL statement not followed.

        ``default_db``, when given, becomes :attr:`database` first; ``USE`` statements change it.
        """
        if default_db is not None:
            self.database = default_db
        problems: list[str] = []
        for stmt in split_statements(text):
            outcome = self.apply(stmt)
            if outcome.problem is not None:
                snippet = " ".join(stmt.split())
                if len(snippet) > 120:
                    snippet = snippet[:117] + "..."
                problems.append(f"{outcome.problem}: {snippet}")
        return problems

    def apply(self, sql: str, default_db: str | None = None, *, collation_server: int | str | None = None,
              collation_database: int | str | None = None, defer: bool = False,
              origin: object = None) -> DdlOutcome:
        """Follow one statement run with ``default_db`` (else :attr:`database`) as the default database.

        ``collation_server`` and ``collation_database`` (ids or names: the QUERY event's Q_CHARSET_CODE and
        Q_CHARSET_DATABASE_CODE status variables) are the defaults the server used for databases and tables
        created without a character set, where the history does not know the database's own.

        With ``defer``, a plain ``CREATE TABLE name (...)`` is kept as text and parsed when its table's
        definition is first needed (by :meth:`table`, :attr:`tables` or a later statement that reads it): its
        outcome is then that of a statement followed, and a definition that cannot be known is removed then
        and the statement (with ``origin``) goes to :meth:`take_problems`. The definitions are those of
        ``defer=False``.
        """
        m = _LEAD_RE.match(sql)
        if m is None or m.group(1).upper() not in _DDL_LEADS:
            return NOT_DDL
        db = default_db if default_db is not None else self.database
        self.statement_database = db
        self.collation_server = collation_name(collation_server)
        self.collation_database = collation_name(collation_database)
        if defer and m.group(1).upper() == "CREATE":
            head = deferrable_head(sql, db)
            if head is not None:
                if head.if_not_exists and self._resolve(head.key) is not None:
                    return DdlOutcome(handled=True, is_ddl=True)
                self._tables[head.key] = DeferredTable(sql, head.key, head.body_at,
                                                       *self.database_default(head.key[0]), origin=origin)
                self._deferred = True
                return DdlOutcome(handled=True, is_ddl=True, changed=(head.key,))
        p = _Parser(tokenize(sql))
        lead = p.next()[2]
        try:
            if lead == "USE":
                name = p.ident()
                self.database = name
                return DdlOutcome(handled=True, is_ddl=True)
            if lead == "CREATE":
                return self._create(p, db)
            if lead == "ALTER":
                return self._alter(p, db)
            if lead == "DROP":
                return self._drop(p, db)
            return self._rename(p, db)
        except _ParseError as e:
            return DdlOutcome(handled=False, is_ddl=True, problem=f"cannot parse: {e}")

    # ----------------------------------------------------------------- CREATE

    def _create(self, p: _Parser, db: str | None) -> DdlOutcome:
        lead = create_lead(p)
        if lead.kind in ("DATABASE", "SCHEMA"):
            return self._create_database(p, lead.or_replace)
        if lead.kind == "INDEX":
            return self._create_index(p, db, lead.index_kind)
        if lead.kind != "TABLE" or lead.temporary:
            return NOT_DDL
        if_not_exists = p.if_not_exists()
        key = p.qualified(db)
        if if_not_exists and self._resolve(key) is not None:
            return DdlOutcome(handled=True, is_ddl=True)
        try:
            return self._create_table(p, key)
        except _ParseError as e:
            return self._forget(key, f"cannot parse CREATE TABLE: {e}")

    def _create_index(self, p: _Parser, db: str | None, kind: str) -> DdlOutcome:
        """CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX name ON table (parts): a UNIQUE one may add a hidden column."""
        if_not_exists = p.if_not_exists()
        name = p.ident()
        while not p.at_end() and not p.is_word("ON"):
            p.pos += 1
        p.expect("ON")
        key = p.qualified(db)
        tdef = self._resolve(key)
        if tdef is None:
            return DdlOutcome(handled=True, is_ddl=True)
        try:
            index = _Key(kind, name, _key_parts(p), if_not_exists)
            indexes = _rebuilt(tdef.indexes)
            _add_index(indexes, index, tdef.columns)
        except _ParseError as e:
            return self._forget(key, f"cannot follow CREATE INDEX: {e}")
        return self._put(key, with_hidden_columns(replace(tdef, indexes=tuple(indexes))))

    def _put(self, key: Key, tdef: TableDef) -> DdlOutcome:
        old = self._resolve(key)
        self._tables[key] = tdef
        if old is not None and old.columns == tdef.columns:
            return DdlOutcome(handled=True, is_ddl=True)
        return DdlOutcome(handled=True, is_ddl=True, changed=(key,))

    def _forget(self, key: tuple[str, str], problem: str) -> DdlOutcome:
        """Drop the definition of a table whose columns can no longer be known."""
        changed = (key,) if self._tables.pop(key, None) is not None else ()
        return DdlOutcome(handled=False, is_ddl=True, changed=changed, problem=problem)

    def _create_table(self, p: _Parser, key: Key) -> DdlOutcome:
        like = _like_source(p, key[0])
        if like is not None:
            src = self._resolve(like)
            if src is None:
                return self._forget(key, f"unknown table {like[0]}.{like[1]} in CREATE TABLE ... LIKE")
            self._tables[key] = replace(src, schema=key[0], table=key[1])
            return DdlOutcome(handled=True, is_ddl=True, changed=(key,))
        tdef = defined_table(p, key, self.database_default(key[0]))
        if isinstance(tdef, str):
            return self._forget(key, tdef)
        self._tables[key] = tdef
        return DdlOutcome(handled=True, is_ddl=True, changed=(key,))

    def database_default(self, name: str) -> tuple[str | None, str | None]:
        """The default charset and collation of database ``name``, as far as known.

        Known from its CREATE/ALTER DATABASE; else, for the statement's default database, the
        ``collation_database`` its QUERY event carries; else the server's ``collation_server`` (the
        default of a database created without one).
        """
        if name in self.database_charsets:
            return self.database_charsets[name], self.database_collations.get(name)
        coll = None
        if name == self.statement_database and self.collation_database is not None:
            coll = self.collation_database
        elif self.collation_server is not None:
            coll = self.collation_server
        return (collation_charset(coll), coll) if coll is not None else (None, None)

    def _create_database(self, p: _Parser, or_replace: bool) -> DdlOutcome:
        if_not_exists = p.if_not_exists()
        name = p.ident()
        in_it = [k for k in self._tables if k[0] == name]
        exists = name in self.database_charsets or any(self._resolve(k) is not None for k in in_it)
        if if_not_exists and exists:
            return DdlOutcome(handled=True, is_ddl=True)
        changed: tuple[tuple[str, str], ...] = ()
        if or_replace:
            changed = self._drop_database_tables(name)
        self._set_database_charset(name, *_database_options(p), created=True)
        return DdlOutcome(handled=True, is_ddl=True, changed=changed)

    def _set_database_charset(self, name: str, cs: str | None, coll: str | None, created: bool = False) -> None:
        if cs is None and coll is None and created and self.collation_server is not None:
            coll = self.collation_server  # CREATE DATABASE without a charset: the server's default
        if cs is None and coll is not None:
            cs = collation_charset(coll)
        if cs is not None:
            self.database_charsets[name] = cs
            if coll is not None:
                self.database_collations[name] = coll
            else:
                self.database_collations.pop(name, None)
        elif created:
            self.database_charsets.pop(name, None)
            self.database_collations.pop(name, None)

    def _drop_database_tables(self, name: str) -> tuple[Key, ...]:
        gone = tuple(k for k in self._tables if k[0] == name)
        for k in gone:
            del self._tables[k]
        return gone

    # ----------------------------------------------------------------- DROP / RENAME

    def _drop(self, p: _Parser, db: str | None) -> DdlOutcome:
        temporary = bool(p.accept("TEMPORARY"))
        kind = p.accept("TABLE", "TABLES", "DATABASE", "SCHEMA", "INDEX")
        if kind is None or temporary:
            return NOT_DDL
        p.if_exists()
        if kind == "INDEX":
            name = p.ident().lower()
            p.expect("ON")
            key = p.qualified(db)
            tdef = self._resolve(key)
            if tdef is None:
                return DdlOutcome(handled=True, is_ddl=True)
            indexes = tuple(i for i in _rebuilt(tdef.indexes) if i.name.lower() != name)
            return self._put(key, with_hidden_columns(replace(tdef, indexes=indexes)))
        if kind in ("DATABASE", "SCHEMA"):
            name = p.ident()
            self.database_charsets.pop(name, None)
            self.database_collations.pop(name, None)
            if self.database == name:
                self.database = None
            return DdlOutcome(handled=True, is_ddl=True, changed=self._drop_database_tables(name))
        changed: list[tuple[str, str]] = []
        while True:
            key = p.qualified(db)
            if self._tables.pop(key, None) is not None:
                changed.append(key)
            if not p.accept_op(","):
                break
        return DdlOutcome(handled=True, is_ddl=True, changed=tuple(changed))

    def _rename(self, p: _Parser, db: str | None) -> DdlOutcome:
        if p.accept("TABLE", "TABLES") is None:
            return NOT_DDL
        p.if_exists()
        pairs: list[tuple[tuple[str, str], tuple[str, str]]] = []
        while True:
            old = p.qualified(db)
            p.expect("TO")
            pairs.append((old, p.qualified(db)))
            if not p.accept_op(","):
                break
        changed: list[tuple[str, str]] = []
        unknown: list[str] = []
        for old, new in pairs:
            tdef = self._resolve(old)
            if tdef is None:
                unknown.append(f"{old[0]}.{old[1]}")
                if self._tables.pop(new, None) is not None:
                    changed.append(new)
                continue
            del self._tables[old]
            self._tables[new] = replace(tdef, schema=new[0], table=new[1])
            changed += [old, new]
        problem = f"unknown table {', '.join(unknown)} in RENAME TABLE" if unknown else None
        return DdlOutcome(handled=problem is None, is_ddl=True, changed=tuple(changed), problem=problem)

    # ----------------------------------------------------------------- ALTER

    def _alter(self, p: _Parser, db: str | None) -> DdlOutcome:
        while p.accept("ONLINE", "OFFLINE", "IGNORE"):
            pass
        kind = p.accept("TABLE", "DATABASE", "SCHEMA")
        if kind is None:
            return NOT_DDL
        if kind != "TABLE":
            return self._alter_database(p, db)
        p.if_exists()
        key = p.qualified(db)
        tdef = self._resolve(key)
        if tdef is None:
            return DdlOutcome(handled=False, is_ddl=True, problem=f"unknown table {key[0]}.{key[1]}")
        try:
            new_key, new_def = _AlterTable(self, tdef, p).run()
        except _ParseError as e:
            return self._forget(key, f"cannot follow ALTER TABLE: {e}")
        if new_key == key and replace(new_def, indexes=()) == replace(tdef, indexes=()):
            self._tables[key] = new_def  # the columns are the same (changed: what readers must look up again)
            return DdlOutcome(handled=True, is_ddl=True)
        del self._tables[key]
        self._tables[new_key] = new_def
        changed = (key,) if new_key == key else (key, new_key)
        return DdlOutcome(handled=True, is_ddl=True, changed=changed)

    def _alter_database(self, p: _Parser, db: str | None) -> DdlOutcome:
        name = db
        if not p.is_word("DEFAULT", "CHARACTER", "CHARSET", "COLLATE", "UPGRADE", "READ", "COMMENT", "ENCRYPTION"):
            name = p.ident()
        cs, coll = _database_options(p)
        if name is None or (cs is None and coll is None):
            return DdlOutcome(handled=True, is_ddl=True)
        self._set_database_charset(name, cs, coll)
        return DdlOutcome(handled=True, is_ddl=True)
