"""CREATE TABLE statements kept as text until their table's definition is first asked for.

A binlog can create thousands of tables and change rows of a few: parsing every
CREATE TABLE when it is read costs more than all the rest. A statement whose
outcome depends on nothing but its own text and the defaults of its database
(a plain ``CREATE TABLE name (...)``: not ``LIKE``, not ``TEMPORARY``) is
recognised from its first tokens alone and kept as a :class:`DeferredTable`;
:meth:`DeferredTable.definition` parses it as :class:`.state.SchemaState` would
have when it was applied.
"""

from __future__ import annotations

from dataclasses import dataclass

from .create import create_lead, defined_table
from .model import TableDef
from .parser import _ParseError, _Parser
from .tokens import head_tokens, tokenize

#: Enough tokens for ``CREATE OR REPLACE TABLE IF NOT EXISTS db . name ( x``.
_HEAD_TOKENS = 16


@dataclass(frozen=True, slots=True)
class DeferredHead:
    """What the first tokens of a deferrable CREATE TABLE say: the table, IF NOT EXISTS, where the body starts."""

    key: tuple[str, str]
    if_not_exists: bool
    body_at: int


@dataclass(frozen=True, slots=True)
class DeferredTable:
    """A CREATE TABLE not parsed yet: its text, where its column list starts, and its database's defaults then.

    ``origin``: whatever the caller of :meth:`.state.SchemaState.apply` gave to know the statement by when its
    definition turns out not to be followable (see :meth:`.state.SchemaState.take_problems`).
    """

    sql: str
    key: tuple[str, str]
    body_at: int
    charset: str | None
    collation: str | None
    origin: object = None

    def definition(self) -> TableDef | str:
        """The table the statement defines, or why its columns cannot be known (as when applied at once)."""
        p = _Parser(tokenize(self.sql))
        p.pos = self.body_at
        try:
            return defined_table(p, self.key, (self.charset, self.collation))
        except _ParseError as e:
            return f"cannot parse CREATE TABLE: {e}"


def deferrable_head(sql: str, database: str | None) -> DeferredHead | None:
    """The head of ``CREATE [OR REPLACE] TABLE [IF NOT EXISTS] name (...``, read from its first tokens; None for
    any other statement, or when the first tokens do not settle it (the statement is then applied at once)."""
    toks = head_tokens(sql, _HEAD_TOKENS)
    p = _Parser(toks)
    if not toks or toks[0][2] != "CREATE":
        return None
    p.pos = 1
    lead = create_lead(p)
    if lead.kind != "TABLE" or lead.temporary:
        return None
    try:
        if_not_exists = p.if_not_exists()
        key = p.qualified(database)
    except _ParseError:
        return None
    # every token read so far lies before the two looked at next: none was guessed past the end of the head
    if p.pos + 2 > len(toks) or not p.is_op("(") or p.is_word("LIKE", ahead=1):
        return None
    return DeferredHead(key, if_not_exists, p.pos)
