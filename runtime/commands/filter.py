"""``binlog-ksy filter``: binlog files cut down to the wanted databases and tables, written as binlogs."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import constants as et
from ..bodies import RowsBody, TableMapBody
from ..changes import ChangeReader
from ..constants import STMT_END_F
from ..errors import BinlogError, FlashbackRefusal, MalformedEventError, UsageError
from ..event import Event
from ..event_body import known_rows_head
from ..event_fields import query_text, text_of
from ..filters import ChangeFilter, is_transaction_control, split_names
from ..plain_transactions import Change, PlainTransactions
from ..schema.ddl.state import SchemaState
from ..table_map import TableMap
from ..writer.binlog import BinlogWriter, editable, rename_database
from ..writer.flashback import FlashbackPlan, FlashbackTransaction, write_flashback
from .common import (
    EXIT_DAMAGED,
    EXIT_OK,
    EXIT_USAGE,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_reading_arguments,
    exit_status_for,
    filter_from_args,
    for_each_file,
    report_error,
    report_usage_error,
)

_DESCRIPTION = """\
Write each FILE again into DIR (same names), keeping only the row changes and
statements of the wanted databases and tables (--database/--table, and
--exclude-database/--exclude-table), within the time and GTID windows. A
transaction left with nothing is dropped whole; DDL and other statements are
kept when their database is kept (named by --database, or by the database
part of --table db.table): for DDL the databases of the tables it changes,
for other statements the default database (kept when there is none). Changed events go through the
read-write classes compiled from the specs (--flashback patches the bytes that
change: type code, flags, bitmaps, images); lengths, next positions and CRC32
are written anew, the format description as the input had it. The output passes
mariadb-binlog --verify-binlog-checksum and replays with
`mariadb-binlog OUT | mariadb`."""


def add_filter_parser(sub: Any) -> None:
    """Add the ``filter`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("filter", help="write binlogs cut down to some databases and tables",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    p.add_argument("--output", "-o", metavar="DIR", required=True,
                   help="directory for the written binlogs (created; files of the same names are replaced)")
    p.add_argument("--flashback", action="store_true",
                   help="write undo binlogs instead: WRITE <-> DELETE, UPDATE images swapped, rows, events and "
                        "transactions reversed, DDL left out (apply the outputs in reverse file order)")
    p.add_argument("--rewrite-db", action="append", metavar="OLD=NEW", default=[],
                   help="rename database OLD to NEW in table maps and as statements' default database, as "
                        "mysqlbinlog --rewrite-db (repeatable)")
    p.add_argument("--exclude-database", action="append", metavar="DB[,DB...]",
                   help="leave these databases out (repeatable; comma lists; fnmatch patterns)")
    p.add_argument("--exclude-table", action="append", metavar="[DB.]TABLE[,...]",
                   help="leave these tables out (repeatable; comma lists; fnmatch patterns)")
    add_reading_arguments(p, formats=())
    add_filter_arguments(p, positions=False)
    p.set_defaults(run=run_filter)


@dataclass
class _Selection:
    keep: ChangeFilter
    drop: ChangeFilter | None
    everything: bool = field(init=False)  # no pattern nor window: every table and event passes

    def __post_init__(self) -> None:
        self.everything = self.drop is None and self.keep.keeps_everything

    def wants_table(self, schema: str, table: str) -> bool:
        if not self.keep.wants_table(schema, table):
            return False
        return self.drop is None or not self.drop.wants_table(schema, table)

    def wants_statement(self, schema: str | None) -> bool:
        """Whether statements run on this database are kept (:meth:`ChangeFilter.wants_statement`, less --exclude-*)."""
        if not schema:
            return True
        if not self.keep.wants_statement(schema):
            return False
        return self.drop is None or not (self.drop.databases and self.drop.wants_database(schema))


@dataclass(slots=True)
class _Transaction:
    """A transaction being read, to write again (``--flashback`` keeps a :class:`FlashbackTransaction` instead,
    which takes the same :meth:`add`)."""

    events: list[tuple[Event, bool]] = field(default_factory=list)  # (event, is content)
    content: int = 0

    def add(self, event: Event, content: bool, table: tuple[Event, TableMap] | None) -> None:
        """The transaction's next event (``content``: kept for its own sake; ``table``: not needed here)."""
        self.events.append((event, content))
        self.content += content


def run_filter(args: argparse.Namespace) -> int:
    try:
        flt = filter_from_args(args)
        excluded_dbs = split_names(args.exclude_database)
        excluded_tables = split_names(args.exclude_table)
        drop = ChangeFilter.create(databases=excluded_dbs, tables=excluded_tables) if (
            excluded_dbs or excluded_tables) else None
        os.makedirs(args.output, exist_ok=True)
    except (UsageError, OSError) as err:
        return report_usage_error(UsageError(str(err)), "filter")
    renames: dict[str, str] = {}
    for item in args.rewrite_db:
        old, sep, new = item.partition("=")
        if not sep or not old.strip() or not new.strip():
            return report_usage_error(UsageError(f"--rewrite-db {item!r}: expected OLD=NEW"), "filter")
        renames[old.strip()] = new.strip()
    if renames and args.flashback:
        return report_usage_error(UsageError("--rewrite-db and --flashback do not go together"), "filter")
    args.renames = renames
    selection = _Selection(flt, drop)
    outputs = [os.path.join(args.output, os.path.basename(name)) for name in args.files]
    if len(set(outputs)) != len(outputs):
        return report_usage_error(UsageError("two FILEs have the same name: their outputs would collide"), "filter")
    for name, target in zip(args.files, outputs, strict=True):
        if os.path.abspath(name) == os.path.abspath(target):
            return report_usage_error(UsageError(f"{name}: --output would overwrite the input"), "filter")

    _remove_leftovers(args.output)

    def handle(name: str) -> int:
        target = os.path.join(args.output, os.path.basename(name))
        fd, tmp = tempfile.mkstemp(prefix=f".filter-{os.getpid()}-", dir=args.output)
        try:
            with os.fdopen(fd, "wb") as out:
                status, kept, read = _filter_file(args, name, out, selection, flt)
            os.replace(tmp, target)
        except FlashbackRefusal as err:
            os.unlink(tmp)
            print(f"binlog-ksy filter: error: {name}: {err}; no undo binlog written for it", file=sys.stderr)
            return EXIT_DAMAGED
        except BaseException:
            os.unlink(tmp)
            raise
        if args.flashback:  # the undo repeats a statement's TABLE_MAP before each of its rows events
            print(f"binlog-ksy filter: {name}: {read} events read, {kept} events of their undo written to {target}",
                  file=sys.stderr)
        else:
            print(f"binlog-ksy filter: {name}: {kept} of {read} events written to {target}", file=sys.stderr)
        return status

    return for_each_file(args, handle)


def _filter_file(args: argparse.Namespace, name: str, out: Any, selection: _Selection,
                 flt: ChangeFilter) -> tuple[int, int, int]:
    """Filter one FILE into ``out``: (exit status, events written, events read)."""
    return _FileFilter(args, name, out, selection, flt).run()


class _FileFilter:
    """One FILE through ``filter``: its transactions gathered, each written (or its undo kept) when it ends."""

    def __init__(self, args: argparse.Namespace, name: str, out: Any, selection: _Selection,
                 flt: ChangeFilter) -> None:
        self.args = args
        self.name = name
        self.out = out
        self.selection = selection
        self.flt = flt
        self.reader = ChangeReader(name, filters=ChangeFilter(), on_error=args.on_error,
                                   verify_checksums=args.verify_checksums, history=None)
        self.writer: BinlogWriter | None = None
        self.flashback = bool(getattr(args, "flashback", False))
        self.outside: list[Event] = []  # flashback: the events outside transactions, written first
        self.plan = FlashbackPlan()  # flashback: the transactions to undo, by the bounds of their events
        self.map_events: dict[int, Event] = {}  # table id -> its TABLE_MAP event in the statement
        self.current: _Transaction | FlashbackTransaction | None = None
        self.current_seq: int | None = None
        self.read = 0
        self.warned_payload = False
        self.ddl = SchemaState()  # which tables each DDL statement changes

    def run(self) -> tuple[int, int, int]:
        try:
            for event in self._events():
                if event is None:  # plain transactions are planned next: a GTID event ends the one before
                    if self.current is not None:
                        self._emit(self.current)
                    self.current, self.current_seq = None, None
                    continue
                self._event(event)
            if self.current is not None:
                self._emit(self.current)
                self.current = None
        except BinlogError as err:
            report_error(err, self.args.debug)
            return exit_status_for(err), self._written(), self.read
        except FlashbackRefusal:
            self._report_damage()  # what was met before the refusal is reported too
            raise
        return self._finish()

    def _events(self) -> Iterable[Event | None]:
        """The events :meth:`_event` takes one by one: with ``--flashback`` and every event wanted, the plain
        transactions are planned whole instead (:meth:`_plan_plain`, :meth:`.PlainTransactions.feed`)."""
        reader = self.reader
        if self.flashback and self.selection.everything and PlainTransactions.applies(reader):
            return PlainTransactions(reader, self._plan_plain, counts=False).feed(reader.reader.blocks())
        return reader.reader

    def _plan_plain(self, events: list[Event], changes: list[Change], size: int, seconds: int) -> None:
        """Plan the undo of a plain transaction (:mod:`..plain_transactions`) as :meth:`_event` would, event by
        event (:meth:`FlashbackPlan.add_plain`). Its TABLE_MAP events are not noted in :attr:`map_events`: its
        last statement ends in it, so no rows event after it uses them."""
        self.read += len(events)
        fmt = self.reader.reader.format
        assert fmt is not None  # its events were framed
        if self.writer is None:
            self.writer = BinlogWriter(self.out, fmt)
        self.plan.add_plain(fmt, events, changes, self.map_events)

    def _report_damage(self) -> None:
        for problem in self.reader.errors:
            report_error(problem, self.args.debug)

    def _written(self) -> int:
        return self.writer.events if self.writer else 0

    def _event(self, event: Event) -> None:
        self.read += 1
        code = event.type_code
        table_map = None  # a rows event's
        if code in _MAP_OR_ROWS:
            try:
                table_map = self._note_maps(event)
            except MalformedEventError:
                pass  # accept() reports the body that does not parse
        reader = self.reader
        reader.accept(event)
        if event.in_payload is not None:
            return  # written with their TRANSACTION_PAYLOAD
        writer = self.writer
        if writer is None:
            fmt = reader.reader.format
            if fmt is None:
                return
            writer = self.writer = BinlogWriter(self.out, fmt)
        seq = reader.state.seq
        if seq is None:  # outside transactions: format description, rotate, GTID lists...
            self._outside_transaction(event, writer)
            return
        current = self.current
        if seq != self.current_seq or current is None:
            if current is not None:
                self._emit(current)
            fmt = reader.reader.format
            assert fmt is not None  # the writer was made with it
            current = self.current = self.plan.begin(fmt, event.pos) if self.flashback else _Transaction()
            self.current_seq = seq
        content = False  # GTID, XID, INTVAR, RAND, USER_VAR...: with their transaction's content
        if code in _CONTENT_CODES:
            table = (table_map.schema, table_map.table) if table_map is not None else None
            try:
                content = _is_content(reader, event, table, self.selection, self.flt, self.ddl)
            except MalformedEventError:
                pass  # reported by accept(); a body that does not parse is not kept for itself
        if code == et.TRANSACTION_PAYLOAD_EVENT and not self.warned_payload:
            self.warned_payload = True
            print(f"binlog-ksy filter: warning: {self.name}: compressed transactions (TRANSACTION_PAYLOAD) are "
                  "kept whole", file=sys.stderr)
        current.add(event, content, (self.map_events[table_map.table_id], table_map)
                    if table_map is not None and self.flashback else None)

    def _note_maps(self, event: Event) -> TableMap | None:
        """Keep the TABLE_MAP events and, for a rows event, return its table's map (before accept() forgets the
        statement's maps)."""
        if event.type_code in et.ROWS_EVENTS:
            known = known_rows_head(event.type_code, event.post_header_len, event.body_bytes)
            rows_body: RowsBody = known[0] if known is not None else event.body  # a head parsed before: its own
            return self.reader.tables.get(rows_body.table_id)
        if event.type_code == et.TABLE_MAP_EVENT:  # a map made before of these bytes has their table id: no parse
            made = self.reader.known_table_map(event)
            if made is not None:
                self.map_events[made.table_id] = event
            else:
                map_body: TableMapBody = event.body
                self.map_events[map_body.table_id] = event
        return None

    def _outside_transaction(self, event: Event, writer: BinlogWriter) -> None:
        if self.current is not None:
            self._emit(self.current)
            self.current, self.current_seq = None, None
        if event.type_code == et.FORMAT_DESCRIPTION_EVENT and writer.events == 0 and not self.outside:
            writer.write(event)
        elif self.flashback:
            self.outside.append(event)
        elif event.type_code != et.FORMAT_DESCRIPTION_EVENT:
            try:
                writer.write(event)
            except MalformedEventError as err:  # framed, but its body cannot be rewritten: left out
                self.reader.report(err)

    def _emit(self, tx: _Transaction | FlashbackTransaction) -> None:
        if not tx.content:
            return  # a transaction left empty is dropped whole
        writer = self.writer
        assert writer is not None
        if isinstance(tx, FlashbackTransaction):
            self.plan.end(tx)
            return
        fmt = self.reader.reader.format
        kept_rows = [i for i, (e, c) in enumerate(tx.events) if c and e.type_code in et.ROWS_EVENTS]
        for i, (event, content) in enumerate(tx.events):
            try:
                if not content and _dropped_unless_content(event):
                    continue
                self._write_kept(tx, i, event, kept_rows, fmt)
            except MalformedEventError as err:  # framed, but its body cannot be rewritten: left out
                if not any(e.offset == err.offset for e in self.reader.errors):
                    self.reader.report(err)

    def _write_kept(self, tx: _Transaction, i: int, event: Event, kept_rows: list[int], fmt: Any) -> None:
        writer = self.writer
        assert writer is not None
        renames = self.args.renames
        rw = None
        size = None
        if renames and (event.type_code == et.TABLE_MAP_EVENT or event.type_code in et.QUERY_EVENTS):
            rw = editable(event, fmt)
            size = rename_database(event, rw, renames)
            if size is None:
                rw = None
        # a kept rows event that now ends its statement gains STMT_END_F; any other is written as it was read
        # (its bytes, the positions and CRC32 made right: BinlogWriter.write), with no read-write parse
        if (event.type_code in et.ROWS_EVENTS and i in kept_rows and not event.body.is_stmt_end
                and _statement_ends(tx, i)):
            rw = editable(event, fmt)
            rw.body.data.flags |= STMT_END_F
        writer.write(event, rw, size)

    def _finish(self) -> tuple[int, int, int]:
        writer = self.writer
        if self.flashback and writer is not None:
            try:
                skipped = write_flashback(self.name, writer, self.outside, self.plan)
            except FlashbackRefusal:
                self._report_damage()  # what was met before the refusal is reported too
                raise
            except BinlogError as err:  # an event that cannot be rewritten: the undo binlog stops before it
                self.reader.errors.append(err)
                print(f"binlog-ksy filter: error: {self.name}: the undo binlog stops at the event that cannot be "
                      "rewritten (it undoes only what precedes it in its output)", file=sys.stderr)
                skipped = 0
            if skipped:
                print(f"binlog-ksy filter: warning: {self.name}: {skipped} DDL statements left out of the undo "
                      "binlog (DDL cannot be undone from a binlog)", file=sys.stderr)
        status = EXIT_OK if writer is not None else EXIT_USAGE
        for problem in self.reader.errors:
            report_error(problem, self.args.debug)
            status = max(status, exit_status_for(problem))
        return status, self._written(), self.read


def _statement_ends(tx: _Transaction, index: int) -> bool:
    """Whether kept rows event ``index`` is the last kept one of its statement (it then carries STMT_END_F)."""
    for event, content in tx.events[index + 1:]:
        code = event.type_code
        if code in et.ROWS_EVENTS:
            if content:
                return False
            if event.body.is_stmt_end:
                return True
            continue
        if code == et.TABLE_MAP_EVENT:
            continue
        return True
    return True


def _dropped_unless_content(event: Event) -> bool:
    """Table maps, rows events and statements are written only when kept; framing events go with their transaction."""
    code = event.type_code
    if code in et.QUERY_EVENTS:
        return not is_transaction_control(query_text(event.body))
    return code in et.ROWS_EVENTS or code == et.TABLE_MAP_EVENT


def _is_content(reader: ChangeReader, event: Event, table: tuple[str, str] | None, selection: _Selection,
                flt: ChangeFilter, ddl: SchemaState) -> bool:
    """Whether an event inside a transaction is kept for its own sake (framing events follow the content)."""
    code = event.type_code
    if code not in _CONTENT_CODES:
        return False  # GTID, XID, INTVAR, RAND, USER_VAR...: with their transaction's content
    everything = selection.everything  # flt is selection.keep: then each test below passes
    if not everything and (not flt.wants_event(event) or not flt.wants_gtid(reader.state.gtid)):
        return False
    if code == et.TABLE_MAP_EVENT:
        if everything and reader.known_table_map(event) is not None:  # a map made of these bytes: they parse
            return True
        body = event.body
        schema, name = text_of(body.schema) or "", text_of(body.table) or ""
        return everything or selection.wants_table(schema, name)
    if code in et.ROWS_EVENTS:
        return table is not None and (everything or selection.wants_table(*table))
    if code in et.QUERY_EVENTS:
        body = event.body
        sql = query_text(body)
        if is_transaction_control(sql):
            return False  # BEGIN/COMMIT frame the content
        if everything:  # every statement is kept: which tables a DDL statement changes does not matter
            return True
        database = text_of(body.schema)
        outcome = ddl.apply(sql or "", database)
        if outcome.is_ddl and outcome.changed:  # DDL: the databases of the tables it changes
            return all(selection.wants_statement(schema) for schema, _ in outcome.changed)
        return selection.wants_statement(database)
    return True  # a compressed transaction is kept whole


#: The events that can be kept for their own sake: table maps, rows events, statements, a compressed transaction.
_CONTENT_CODES = frozenset((et.TABLE_MAP_EVENT, et.TRANSACTION_PAYLOAD_EVENT, *et.ROWS_EVENTS, *et.QUERY_EVENTS))
#: The events :meth:`_FileFilter._note_maps` looks at.
_MAP_OR_ROWS = frozenset((et.TABLE_MAP_EVENT, *et.ROWS_EVENTS))


def _remove_leftovers(output: str) -> None:
    """The half-written files of killed runs (``.filter-<pid>-*`` of a process that is gone)."""
    try:
        entries = os.listdir(output)
    except FileNotFoundError:
        return
    leftovers = [entry for entry in entries if entry.startswith(".filter-")]
    if not leftovers:
        return
    from ..atomic import pid_alive  # ctypes and subprocess: loaded only when there is a leftover

    for entry in leftovers:
        parts = entry.split("-")
        if len(parts) >= 3 and parts[1].isdigit() and not pid_alive(int(parts[1])):
            try:
                os.unlink(os.path.join(output, entry))
            except FileNotFoundError:
                pass
