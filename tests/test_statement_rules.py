"""One rule for what a statement does to its transaction, and one for which statements a selection keeps.

``runtime.transactions.statement_role`` decides BEGIN/COMMIT/XA/SAVEPOINT for the transaction tracker,
the event selection, ``stats`` and the Debezium source; ``ChangeFilter.wants_statement`` decides which
QUERY events ``events``, ``extract``'s events and ``filter`` keep for ``--database``/``--table``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import binlog_ksy
from binlog_ksy.cli import main
from binlog_ksy.runtime.event_fields import query_text, text_of
from binlog_ksy.runtime.filters import ChangeFilter, EventSelection, is_transaction_control
from binlog_ksy.runtime.transactions import StatementRole, statement_role
from binlog_ksy.write import BinlogBuilder, bitmap, column_metadata, row_image
from fixture_index import ROOT

B, E, M = StatementRole.BEGIN, StatementRole.END, StatementRole.MARK


@pytest.mark.parametrize(("statement", "role"), [
    ("BEGIN", B), ("begin", B), ("BEGIN WORK", B), ("START TRANSACTION", B),
    ("START TRANSACTION WITH CONSISTENT SNAPSHOT", B), ("XA START X'61',X'',1", B), ("XA BEGIN 'x'", B),
    ("COMMIT", E), ("COMMIT;", E), ("  commit  ", E), ("COMMIT WORK", E), ("ROLLBACK", E),
    ("XA COMMIT X'61',X'',1", E), ("XA ROLLBACK 'x'", E),
    ("XA END X'61',X'',1", M), ("XA PREPARE 'x'", M), ("SAVEPOINT s1", M), ("RELEASE SAVEPOINT s1", M),
    ("ROLLBACK TO SAVEPOINT s1", M), ("ROLLBACK TO s1", M), ("ROLLBACK WORK TO SAVEPOINT s1", M),
    ("INSERT INTO t VALUES (1)", None), ("CREATE TABLE begin_log (a INT)", None), ("COMMITTED_READ", None),
    ("BEGINNING", None), ("", None), (None, None),
])
def test_statement_role(statement: str | None, role: StatementRole | None) -> None:
    assert statement_role(statement) is role
    assert is_transaction_control(statement) is (role is not None)


def test_no_other_module_decides_begin_or_commit_by_its_text() -> None:
    """Comparisons of a statement with BEGIN/COMMIT/ROLLBACK/XA live in transactions.py only."""
    decision = re.compile(r"""(==|!=|\bin\b|startswith\()\s*\(?\s*["'](BEGIN|COMMIT|ROLLBACK|XA |START TRANSACTION)""")
    offenders = []
    for folder in ("runtime", "spark_jobs", "binlog_ksy"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "transactions.py" and path.parent.name == "runtime":
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if decision.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_query_event_sets_are_defined_once() -> None:
    """QUERY_EVENTS and the GTID event sets are built from the spec's enum in constants.py, nowhere else:
    no other module writes a collection of two or more of those event types."""
    members = {"query_event", "query_compressed_event", "gtid_log_event", "anonymous_gtid_log_event",
               "gtid_tagged_log_event", "gtid_event", "xid_event", "xa_prepare_log_event"}
    offenders = []
    for folder in ("runtime", "spark_jobs"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "constants.py":
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, (ast.Tuple, ast.Set, ast.List)):
                    named = [e for e in node.elts if isinstance(e, ast.Attribute) and e.attr == "value"
                             and isinstance(e.value, ast.Attribute) and e.value.attr in members]
                    if len(named) >= 2:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


# -- which statements a selection keeps ---------------------------------------------------------------

INT, VARCHAR = 3, 15


def _two_database_binlog(path: Path) -> None:
    """A MariaDB-style binlog: DDL and DML in shop and in crm, statements without a database, a savepoint."""
    builder = BinlogBuilder.new("10.11.6", "mariadb", timestamp=1_700_000_000)
    types, metas = [INT, VARCHAR], [0, 80]
    table_id = 70
    for n, (db, table) in enumerate([("shop", "orders"), ("crm", "leads"), ("shop", "items")], 1):
        builder.query(f"CREATE TABLE {table} (id INT, note VARCHAR(20))", schema=db)
        builder.query("BEGIN", schema=db)
        builder.query(f"UPDATE {table} SET note = 'x' WHERE id < 0", schema=db)
        builder.query("SAVEPOINT s1", schema=db)
        builder.table_map(table_id + n, db, table, types, column_metadata(types, metas), bitmap([1, 1]))
        builder.rows("write", table_id + n, 2, bitmap([1, 1]), row_image(types, [n, f"row {n}"], metadata=metas))
        builder.xid(100 + n)
    builder.query("FLUSH PRIVILEGES", schema="")
    builder.save(str(path))


def _queries(events: list[dict[str, object]]) -> list[tuple[object, object]]:
    return [(e["body"]["schema"], e["body"]["query"]) for e in events  # type: ignore[index]
            if e["type"] == "QUERY_EVENT"]


@pytest.mark.parametrize("flags", [
    ["--table", "shop.orders"], ["--table", "shop.*"], ["--table", "orders"], ["--database", "crm"],
    ["--database", "shop", "--table", "shop.items"], ["--table", "shop.orders,crm.leads"],
])
def test_events_and_filter_keep_the_same_statements(tmp_path: Path, flags: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import json

    source = tmp_path / "in" / "binlog.000001"
    source.parent.mkdir()
    _two_database_binlog(source)
    assert main(["events", "--format", "jsonl", *flags, str(source)]) == 0
    kept_by_events = _queries([json.loads(line) for line in capsys.readouterr().out.splitlines()])
    out = tmp_path / "out"
    assert main(["filter", *flags, "--output", str(out), str(source)]) == 0
    capsys.readouterr()
    assert main(["events", "--format", "jsonl", str(out / "binlog.000001")]) == 0
    kept_by_filter = _queries([json.loads(line) for line in capsys.readouterr().out.splitlines()])
    # filter drops a transaction left with no content; events keeps the framing of every transaction
    content = {q for q in kept_by_events if not is_transaction_control(str(q[1]))}
    assert {q for q in kept_by_filter if not is_transaction_control(str(q[1]))} == content
    # and the rule itself: a statement on another database than the selection's is not kept
    flt = ChangeFilter.create(databases=flags[1] if flags[0] == "--database" else None,
                              tables=flags[flags.index("--table") + 1] if "--table" in flags else None)
    for schema, query in content:
        assert flt.wants_statement(str(schema)), (schema, query)
    every = _queries([json.loads(line) for line in _all_events(source)])
    for schema, query in every:
        if (schema, query) not in content and not is_transaction_control(str(query)):
            assert not flt.wants_statement(str(schema)), (schema, query)


def _all_events(path: Path) -> list[str]:
    import json

    from binlog_ksy.runtime.present.describe import event_to_dict

    return [json.dumps(event_to_dict(e)) for e in binlog_ksy.read_events(str(path))]


@pytest.mark.parametrize(("databases", "tables", "database", "kept"), [
    (None, None, "any", True),
    (None, "shop.orders", "shop", True), (None, "shop.orders", "crm", False),
    (None, "shop.*,crm.leads", "crm", True), (None, "s*.orders", "sales", True),
    (None, "orders", "crm", True),                      # a bare table matches in every database
    (None, "shop.orders,orders", "crm", True),
    ("crm", None, "crm", True), ("crm", None, "shop", False),
    ("crm", "shop.orders", "shop", False),              # --database decides when given
    (None, "shop.orders", "", True), (None, "shop.orders", None, True),   # no default database
])
def test_wants_statement(databases: str | None, tables: str | None, database: str | None, kept: bool) -> None:
    flt = ChangeFilter.create(databases=databases, tables=tables)
    assert flt.wants_statement(database) is kept


def test_event_selection_follows_wants_statement(tmp_path: Path) -> None:
    source = tmp_path / "binlog.000001"
    _two_database_binlog(source)
    flt = ChangeFilter.create(tables="shop.orders")
    selection = EventSelection(flt)
    kept = [e for e in binlog_ksy.read_events(str(source)) if selection.wants(e)]
    schemas = {text_of(e.body.schema) for e in kept if e.type_name == "QUERY_EVENT"
               and not is_transaction_control(query_text(e.body))}
    assert schemas == {"shop", ""}
