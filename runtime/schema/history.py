"""Column names and types from the binlog's own DDL: the schema history.

Binlogs written without ``binlog_row_metadata=FULL`` have no column names,
but their QUERY events hold every ``CREATE TABLE``, ``ALTER TABLE``,
``RENAME TABLE``, ``DROP TABLE`` and ``CREATE/DROP DATABASE`` the server ran.
A :class:`SchemaHistory` starts from the tables the user gives as SQL
(``--schema-sql``: e.g. ``mariadb-dump --no-data`` taken when the first binlog
starts) and follows those statements in file order (:mod:`.ddl` parses them),
so at every position it knows each table's columns: names, order, types,
UNSIGNED, charsets, ENUM/SET labels, fractional digits and primary key.

A reader asks it for a table's definition when a TABLE_MAP lacks names
(:func:`.table_map.table_map_from_event`): names from FULL metadata win, then
the YAML schema file, then the history. A DDL statement it cannot follow is a
:class:`~.errors.SchemaHistoryWarning` (file, position, statement); the table
it names has no known columns until it is created again: never guessed.

With :attr:`SchemaHistory.defer_creates` (the row commands) a ``CREATE TABLE``
is parsed only when its table's definition is first asked for (see
:mod:`.ddl.deferred`): a binlog of thousands of tables whose rows touch a few
parses those few. One that cannot be followed is a warning then, from
:meth:`SchemaHistory.take_warnings`, with the statement's own file and
position; one whose table is never asked for is never a warning.

For the Spark job, :meth:`SchemaHistory.record` keeps the followed statements
with their (file index, position), so a task that starts in the middle of the
input can :meth:`SchemaHistory.replay` everything before its start.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..constants import QUERY_EVENTS
from ..errors import SchemaFileError, SchemaHistoryWarning
from ..event import Event
from ..event_fields import query_text, text_of
from .ddl.model import TableDef
from .ddl.state import SchemaState

__all__ = ["DdlStatement", "SchemaHistory"]


@dataclass(frozen=True, slots=True)
class DdlStatement:
    """A DDL statement of the input, where it stands (picklable, for Spark tasks)."""

    file_index: int
    pos: int
    sql: str
    database: str | None
    collation_server: int | None = None
    collation_database: int | None = None


class SchemaHistory:
    """Table definitions, kept up to date by the DDL statements of the binlogs read in order.

    Parameters
    ----------
    state
        The tables known before the first binlog (default: none).
    defer_creates
        Parse the CREATE TABLE statements :meth:`follow` meets when their table is first asked for, a problem
        then a warning of :meth:`take_warnings` (default: at once, each problem a warning of :meth:`follow`).
    """

    def __init__(self, state: SchemaState | None = None, *, defer_creates: bool = False) -> None:
        self.state = state if state is not None else SchemaState()
        self.defer_creates = defer_creates
        #: The DDL statements followed so far, when :attr:`recording` (see :meth:`record`).
        self.statements: list[DdlStatement] = []
        self.recording = False
        self.file_index = 0
        #: Problems of the ``--schema-sql`` files (statements that could not be followed).
        self.problems: list[str] = []
        #: Grows whenever a definition changes: what readers cache per table map is valid for one version.
        self.version = 0
        #: The version :meth:`follow` made last and the tables its statement changed (None: not known).
        self.last_changed: tuple[int, tuple[tuple[str, str], ...]] | None = None

    @classmethod
    def from_sql_files(cls, paths: Iterable[str | os.PathLike[str]]) -> SchemaHistory:
        """A history starting from the CREATE statements of SQL files (``--schema-sql``), in order."""
        texts = []
        for path in paths:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    texts.append((os.fspath(path), fh.read()))
            except OSError as exc:
                raise SchemaFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
        return cls.from_sql_texts(texts)

    @classmethod
    def from_sql_texts(cls, texts: Iterable[tuple[str, str]]) -> SchemaHistory:
        """A history starting from SQL scripts given as ``(name, text)`` pairs, in order."""
        history = cls()
        for name, text in texts:
            history.problems += [f"{name}: {problem}" for problem in history.state.load_sql(text)]
        return history

    def copy(self) -> SchemaHistory:
        """An independent history in the same state."""
        other = SchemaHistory(self.state.copy(), defer_creates=self.defer_creates)
        other.file_index = self.file_index
        return other

    def table(self, schema: str, table: str) -> TableDef | None:
        """The definition of a table at the current position, ``None`` when unknown."""
        return self.state.table(schema, table)

    def follow(self, event: Event) -> SchemaHistoryWarning | None:
        """Apply a QUERY event's statement; the warning to report when it is DDL that cannot be followed."""
        if event.type_code not in QUERY_EVENTS:
            return None
        try:
            body = event.body
            sql = query_text(body)
        except Exception:  # noqa: BLE001 - a body that does not parse or inflate: the reader reports it itself
            return None
        if not sql:
            return None
        database = text_of(getattr(body, "schema", None)) or None
        server, db = _collations(body)
        where = _Where(event.file, event.pos, event.type_name, event.length)
        outcome = self.state.apply(sql, database, collation_server=server, collation_database=db,
                                   defer=self.defer_creates, origin=where)
        if outcome.changed:
            self.version += 1
            self.last_changed = (self.version, outcome.changed)
        if outcome.is_ddl and self.recording:
            self.statements.append(DdlStatement(self.file_index, event.pos, sql, database, server, db))
        return None if outcome.problem is None else where.warning(outcome.problem, sql)

    def take_warnings(self) -> list[SchemaHistoryWarning]:
        """The warnings of deferred CREATE TABLE statements found not followable since the last call (when their
        table was first asked for, here or by a later statement), at the statements' own positions.

        A reader reports them before the warning of the :meth:`follow` or the definition it just asked for.
        """
        return [deferred.origin.warning(problem, deferred.sql) for deferred, problem in self.state.take_problems()
                if isinstance(deferred.origin, _Where)]  # a replayed statement's is its own reader's

    def record(self, file_index: int) -> None:
        """Keep the DDL statements followed from now on, as those of input file ``file_index``."""
        self.recording = True
        self.file_index = file_index

    def replay(self, statements: Sequence[DdlStatement], until: tuple[int, int]) -> None:
        """Apply the recorded statements that stand before ``until`` (file index, position).

        Their problems are those of the reader that followed them: never warnings here (a CREATE TABLE is
        parsed when its table is first asked for).
        """
        for st in statements:
            if (st.file_index, st.pos) >= until:
                break
            self.state.apply(st.sql, st.database, collation_server=st.collation_server,
                             collation_database=st.collation_database, defer=True)
            self.version += 1
            self.last_changed = None


@dataclass(frozen=True, slots=True)
class _Where:
    """The event of a followed statement, for its warning."""

    file: str | None
    pos: int
    event_type: str
    length: int

    def warning(self, problem: str, sql: str) -> SchemaHistoryWarning:
        """The warning that ``sql``, read here, was not followed."""
        statement = " ".join(sql.split())
        if len(statement) > 200:
            statement = statement[:197] + "..."
        return SchemaHistoryWarning(f"DDL not followed ({problem}): {statement}", file=self.file,
                                    offset=self.pos, event_type=self.event_type, length=self.length)


def _collations(body: object) -> tuple[int | None, int | None]:
    """The ``collation_server`` (Q_CHARSET_CODE) and ``collation_database`` (Q_CHARSET_DATABASE_CODE) ids of a
    QUERY event's status variables, None when absent."""
    server = database = None
    try:
        for entry in getattr(getattr(body, "status_vars", None), "entries", None) or ():
            code = getattr(getattr(entry, "code", None), "name", None)
            if code == "q_charset_code":
                server = int(entry.body.collation_server)
            elif code == "q_charset_database_code":
                database = int(entry.body)
    except Exception:  # noqa: BLE001 - damaged status variables (any parse error): the defaults stay unknown
        return None, None
    return server or None, database or None
