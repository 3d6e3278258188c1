"""The command-line vocabulary every ``binlog-ksy`` command shares, and how commands end.

One spelling per option in every command (``events``, ``rows``, ``extract``
and later ones): ``--database``/``--table`` (repeatable, comma lists, fnmatch
patterns), ``--start-datetime``/``--stop-datetime``,
``--start-position``/``--stop-position`` (with one FILE), ``--schema FILE``,
``--schema-sql FILE``, ``--no-schema-history``,
``--on-error stop|skip``, ``--format``, ``--no-verify-checksums``,
``--debug``. :func:`filter_from_args` turns them into the one
:class:`~.filters.ChangeFilter` the runtime, the API and Spark use.

Exit status: 0 when every file was read to its end, 1 when a file was
truncated or corrupt (after printing every good event), 2 for usage errors
and files that are not (readable) binlogs.
"""

from __future__ import annotations

import argparse
import errno
import gc
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from ..errors import BinlogError, EncryptedBinlogError, NotABinlogError, SchemaHistoryWarning, StorageError, UsageError
from ..filters import ChangeFilter, parse_datetime
from ..storage import expand_inputs, is_uri
from ..types.strings import ERRORS_MODES

if TYPE_CHECKING:  # imported where used: events and filter never read a schema
    from ..schema.file import SchemaFile
    from ..schema.history import SchemaHistory

EXIT_OK = 0
EXIT_DAMAGED = 1
EXIT_USAGE = 2

#: The help text that ends every command's ``--help``: the shared flags, said once.
SHARED_FLAGS_EPILOG = """\
filters (the same in every command, the Python API and Spark):
  --database and --table repeat and take comma lists of names or fnmatch
  patterns ('shop_*'); --table NAME matches db.table when NAME has a dot, else
  the table in any database. Times are ISO ('2024-05-01 12:00:00'), UTC unless
  they carry an offset. Positions are byte offsets and need exactly one FILE.
  --include-gtids/--exclude-gtids keep or drop whole transactions by GTID."""


def _datetime_arg(text: str) -> object:
    try:
        return parse_datetime(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: The most seconds a threshold (``--long-seconds``) may be: a figure JSON can hold, as every output holds it.
MAX_SECONDS = 1e9


def seconds_arg(text: str) -> float:
    """An argparse ``type`` for a number of seconds from 0 to :data:`MAX_SECONDS`, finite (no ``nan``, ``inf``
    or ``1e400``, which JSON cannot hold) (``--long-seconds`` of every command, the explorer's thresholds)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 <= value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"not a number of seconds from 0 to {MAX_SECONDS:.0f}: {text[:40]!r}")
    return value


def whole_number_arg(what: str) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number >= 0 whose errors call it ``what`` ("byte offset", "row count")."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a {what}: {text!r}") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"a {what} is >= 0, not {value}")
        return value

    return parse


_position_arg = whole_number_arg("byte offset")


def add_files_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="binlog or relay log files")


def add_filter_arguments(p: argparse.ArgumentParser, *, positions: bool = True,
                         old_spellings: bool = False) -> None:
    """``--database``, ``--table``, the time window and (when ``positions``) the position window."""
    g = p.add_argument_group("filters")
    db_flags = ["--database", "-d"] + (["--databases"] if old_spellings else [])
    table_flags = ["--table", "-t"] + (["--tables"] if old_spellings else [])
    g.add_argument(*db_flags, dest="databases", action="append", metavar="DB[,DB...]",
                   help="only these databases (repeatable; comma lists; fnmatch patterns)")
    g.add_argument(*table_flags, dest="tables", action="append", metavar="[DB.]TABLE[,...]",
                   help="only these tables: db.table, or a table in any database (repeatable; comma lists; "
                        "fnmatch patterns)")
    g.add_argument("--start-datetime", type=_datetime_arg, metavar="TIME",
                   help="only events at or after TIME (ISO; UTC unless TIME has an offset)")
    g.add_argument("--stop-datetime", type=_datetime_arg, metavar="TIME", help="only events before TIME")
    if positions:
        g.add_argument("--start-position", type=_position_arg, metavar="N",
                       help="only events at byte offset >= N (one FILE)")
        g.add_argument("--stop-position", type=_position_arg, metavar="N",
                       help="only events at byte offset < N (one FILE)")
    g.add_argument("--include-gtids", action="append", metavar="GTIDS",
                   help="only these transactions: MySQL 'uuid:1-5:7', MariaDB 'domain-server-seqno' or "
                        "'domain-server-first-last' (repeatable; comma lists)")
    g.add_argument("--exclude-gtids", action="append", metavar="GTIDS", help="leave these transactions out")


def add_reading_arguments(p: argparse.ArgumentParser, *, formats: Sequence[str], default_format: str = "text",
                          format_help: str = "") -> None:
    """``--format`` (unless ``formats`` is empty), ``--on-error``, ``--no-verify-checksums``, ``--debug``."""
    if formats:
        p.add_argument("--format", choices=tuple(formats), default=default_format,
                       help=format_help or f"output format (default {default_format})")
    p.add_argument("--on-error", choices=("stop", "skip"), default="stop",
                   help="stop (default): stop a file at the first damaged event; "
                        "skip: report it and resume at the next valid event")
    p.add_argument("--no-verify-checksums", dest="verify_checksums", action="store_false",
                   help="do not check the CRC32 of each event")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")


def _undecodable_arg(value: str) -> str:
    return "strict" if value == "error" else value  # "error": the spelling before 0.2


def add_undecodable_argument(p: argparse.ArgumentParser, default: str | None = "strict") -> None:
    """``--undecodable strict|keep|replace``: text that does not decode in its column's charset."""
    p.add_argument("--undecodable", type=_undecodable_arg, choices=ERRORS_MODES, default=default,
                   help="text that does not decode in its column's charset: strict (default: report the column "
                        "and byte offset), keep (the bytes, as hex in JSON) or replace (U+FFFD for the bad bytes)")


def add_schema_argument(p: argparse.ArgumentParser) -> None:
    """``--schema FILE.yaml``, ``--schema-sql FILE`` and ``--no-schema-history``: where column names come from."""
    p.add_argument("--schema", "--schema-file", dest="schema", metavar="FILE.yaml",
                   help="column names (and unsigned/charset) per database and table, for binlogs logged "
                        "without them")
    p.add_argument("--schema-sql", dest="schema_sql", action="append", metavar="FILE.sql", default=[],
                   help="CREATE TABLE statements of the tables as they were when the first binlog starts (e.g. "
                        "mariadb-dump --no-data; repeatable): the schema history starts from them")
    p.add_argument("--no-schema-history", dest="schema_history", action="store_false",
                   help="do not follow the DDL (CREATE/ALTER/RENAME/DROP TABLE) of the binlogs to name the "
                        "columns of tables logged without names")


def filter_from_args(args: argparse.Namespace) -> ChangeFilter:
    """The :class:`ChangeFilter` of the parsed shared flags; a usage error for positions over several files."""
    start = getattr(args, "start_position", None)
    stop = getattr(args, "stop_position", None)
    files = getattr(args, "files", None) or getattr(args, "inputs", None) or []
    if (start is not None or stop is not None) and len(files) != 1:
        raise UsageError("--start-position/--stop-position are byte offsets in one file: give exactly one FILE")
    return ChangeFilter.create(
        databases=args.databases,
        tables=args.tables,
        start_position=start,
        stop_position=stop,
        start_datetime=args.start_datetime,
        stop_datetime=args.stop_datetime,
        include_gtids=getattr(args, "include_gtids", None),
        exclude_gtids=getattr(args, "exclude_gtids", None),
    )


def schema_from_args(args: argparse.Namespace) -> SchemaFile | None:
    """The schema file named by ``--schema`` (a :class:`SchemaFileError` when it is not usable)."""
    from ..schema.file import SchemaFile

    return SchemaFile.load(args.schema) if getattr(args, "schema", None) else None


def history_from_args(args: argparse.Namespace) -> SchemaHistory | None:
    """The schema history of ``--schema-sql`` (None with ``--no-schema-history`` and no SQL files), for a
    command that reads rows: a binlog's CREATE TABLE is parsed when its table is first asked for.

    Problems of the SQL files are printed as warnings.
    """
    sql_files = getattr(args, "schema_sql", None) or []
    if not getattr(args, "schema_history", True) and not sql_files:
        return None
    from ..schema.history import SchemaHistory

    history = SchemaHistory.from_sql_files(sql_files)
    history.defer_creates = True  # the tables whose rows are read are parsed: not every one the binlogs create
    for problem in history.problems:
        print(f"binlog-ksy: warning: --schema-sql {problem}", file=sys.stderr)
    return history


def report_error(err: BinlogError, debug: bool, stream: TextIO | None = None) -> None:
    """Print an error as one line (with the traceback under --debug)."""
    stream = stream or sys.stderr
    if debug:
        import traceback

        traceback.print_exception(err, file=stream)
    level = "warning" if isinstance(err, SchemaHistoryWarning) or err.kind == "truncated" else "error"
    print(f"binlog-ksy: {level}: {err}", file=stream)


def report_usage_error(err: UsageError, command: str | None = None) -> int:
    """Print a usage error as one line; returns the exit status (2)."""
    prefix = f"binlog-ksy {command}" if command else "binlog-ksy"
    print(f"{prefix}: error: {err}", file=sys.stderr)
    return EXIT_USAGE


def exit_status_for(err: BinlogError) -> int:
    """2 for files that cannot be read at all, 1 for damage found after good events, 0 for warnings."""
    if isinstance(err, SchemaHistoryWarning):
        return EXIT_OK
    if isinstance(err, NotABinlogError) or (isinstance(err, EncryptedBinlogError) and err.offset == 0):
        return EXIT_USAGE
    return EXIT_DAMAGED


def input_names(given: str) -> list[str]:
    """The files one FILE argument names: itself, or for a directory, a glob or a URI, what it expands to.

    The rules are the extraction job's (:func:`~binlog_ksy.runtime.storage.expand_inputs`): directories
    recursively, globs, ``s3://``-style URIs; a plain local path is read as given (its errors come from reading).
    """
    if is_uri(given) or any(c in given for c in "*?[") or os.path.isdir(given):
        return [f.uri for f in expand_inputs(given)]
    return [given]


def expand_file_arguments(args: argparse.Namespace) -> int:
    """Replace ``args.files`` by the files they name (:func:`input_names`); the exit status so far.

    An argument that names nothing is reported (``binlog-ksy: error: ...``)
    and left out; the status is then :data:`EXIT_DAMAGED`, or :data:`EXIT_USAGE`
    when nothing is left to read.
    """
    status = EXIT_OK
    names: list[str] = []
    for given in getattr(args, "files", None) or []:
        try:
            names.extend(input_names(given))
        except (FileNotFoundError, StorageError) as exc:
            print(f"binlog-ksy: error: {exc}", file=sys.stderr)
            status = EXIT_DAMAGED
    if hasattr(args, "files"):
        args.files = names
        if not names:
            return EXIT_USAGE
    return status


#: What writing an output raises when its disk or quota is full (reading never does).
OUTPUT_FULL = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG))


def output_full(exc: BaseException) -> bool:
    """Whether ``exc`` says an output's disk (or quota, or file size limit) is full."""
    return isinstance(exc, OSError) and exc.errno in OUTPUT_FULL


#: The collector's first threshold while a command starts (Python's default: 700 allocations): the imports of
#: numpy, pyarrow and the command's modules make about 30 000 objects that all stay; collecting among them took
#: 28 passes and 9 ms of a small file's ``rows --format parquet`` (0.148 -> 0.139 s, 20 pairs). A command that
#: does not call :func:`reading_starts` collects at this threshold.
GC_START_THRESHOLD = 100_000
#: The collector's first threshold once the command reads (:func:`reading_starts`).
GC_YOUNG_THRESHOLD = 50_000

_starting = False


@contextmanager
def command_collections() -> Iterator[None]:
    """Collect cycles as a command needs (Python's thresholds back afterwards): hardly while it starts, then every
    :data:`GC_YOUNG_THRESHOLD` allocations from :func:`reading_starts` on, among the objects made after it.

    Reading allocates a few short-lived objects per event, few in cycles, while a block of framed
    events, a window of rows events and the imported modules stay alive: with the default thresholds
    the collector's passes over them cost a quarter of ``rows --format jsonl`` on 500 k small OLTP
    events (CPU, min of 3: 3.6 -> 2.6 s) and about 0.3 s of ``filter --flashback``.
    """
    global _starting
    old = gc.get_threshold()
    gc.set_threshold(GC_START_THRESHOLD, *old[1:])
    _starting = True
    try:
        yield
    finally:
        _starting = False
        gc.unfreeze()
        gc.set_threshold(*old)


def reading_starts() -> None:
    """The command starts reading its files: what it made so far (modules, parsers) is left out of every later
    collection (``gc.freeze``), which comes every :data:`GC_YOUNG_THRESHOLD` allocations. Once per command, in
    :func:`command_collections`; nothing outside it."""
    global _starting
    if _starting:
        _starting = False
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def for_each_file(args: argparse.Namespace, handle: Callable[[str], int]) -> int:
    """Run handle(file) for every file (:func:`reading_starts` first); the exit status is the worst one."""
    reading_starts()
    status = EXIT_OK
    for name in args.files:
        try:
            status = max(status, handle(name))
        except BinlogError as err:
            report_error(err, args.debug)
            status = max(status, exit_status_for(err))
        except BrokenPipeError:
            raise
        except Exception as exc:  # never a bare traceback for a user
            if args.debug or output_full(exc):  # the output cannot take more: no use reading on (main says so)
                raise
            print(f"binlog-ksy: error: {name}: internal error: {type(exc).__name__}: {exc} "
                  "(run with --debug and report it)", file=sys.stderr)
            status = max(status, EXIT_DAMAGED)
    sys.stdout.flush()
    return status


def stdout_bytes() -> Callable[[bytes | memoryview], object]:
    """Where a command's UTF-8 bytes go: standard output's binary buffer, after the text written so far (or its
    text, for a stream without one, as in tests)."""
    binary = getattr(sys.stdout, "buffer", None)
    if binary is not None:
        sys.stdout.flush()
        write: Callable[[bytes | memoryview], object] = binary.write
        return write
    return lambda data: sys.stdout.write(bytes(data).decode("utf-8"))
