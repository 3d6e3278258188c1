"""What a CREATE statement creates, and the table a CREATE TABLE's column list defines (no state needed)."""

from __future__ import annotations

from dataclasses import dataclass

from .model import IndexDef, TableDef, collation_charset
from .parser import (
    _CREATE_KINDS,
    _add_index,
    _duplicate,
    _mark_primary_key,
    _ParseError,
    _Parser,
    _select_adds_columns,
    _table_elements,
    _table_options,
    with_hidden_columns,
)


@dataclass(frozen=True, slots=True)
class CreateLead:
    """The words of a CREATE statement up to what it creates (``TABLE``, ``DATABASE``, ``INDEX``...)."""

    kind: str | None
    or_replace: bool = False
    temporary: bool = False
    index_kind: str = "key"


def create_lead(p: _Parser) -> CreateLead:
    """Read the words after ``CREATE`` up to the kind of object (None: a ``(`` or the end came first)."""
    or_replace = temporary = False
    index_kind = "key"
    while not p.at_end():
        tok = p.next()
        if tok[0] == "o" and tok[1] == "(":
            break
        if tok[0] != "w":
            continue
        if tok[2] == "REPLACE":
            or_replace = True
        elif tok[2] == "TEMPORARY":
            temporary = True
        elif tok[2] in ("UNIQUE", "FULLTEXT"):
            index_kind = tok[2].lower()
        elif tok[2] == "SPATIAL" and p.is_word("INDEX"):
            index_kind = "spatial"
        elif tok[2] in _CREATE_KINDS:
            return CreateLead(tok[2], or_replace, temporary, index_kind)
    return CreateLead(None, or_replace, temporary, index_kind)


def defined_table(p: _Parser, key: tuple[str, str], database_default: tuple[str | None, str | None]
                  ) -> TableDef | str:
    """The table a CREATE TABLE defines from its column list on (``p`` after the table's name; not ``LIKE``),
    or why its columns cannot be known; a :class:`_ParseError` when the statement does not parse.
    ``database_default``: the charset and collation of the table's database when the statement ran (the
    table's own when it names none)."""
    cols, pk, keys = _table_elements(p)
    table_cs, table_coll, versioned, select_at = _table_options(p)
    if versioned or any(c.versioned for c in cols):
        return "system-versioned table: implicit columns not followed"
    if select_at is not None:
        problem = _select_adds_columns(p.toks[select_at:], {c.name.lower() for c in cols})
        if problem is not None:
            return problem
    if not cols:
        return "CREATE TABLE without columns"
    if table_cs is None and table_coll is not None:
        table_cs = collation_charset(table_coll)
    unknown = _mark_primary_key(cols, pk)
    if unknown is not None:
        return f"primary key names unknown column {unknown!r}"
    if table_cs is None:  # the table takes the database's defaults when it is created
        table_cs, table_coll = database_default
    columns = tuple(c.resolve(table_cs, table_coll, None) for c in cols)
    dup = _duplicate(columns)
    if dup is not None:
        return f"duplicate column {dup!r}"
    indexes: list[IndexDef] = []
    try:
        for k in keys:
            _add_index(indexes, k, columns)
    except _ParseError as e:
        return str(e)
    return with_hidden_columns(TableDef(key[0], key[1], columns, table_cs, table_coll, tuple(indexes)))
