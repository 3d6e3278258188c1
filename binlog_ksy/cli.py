"""The ``binlog-ksy`` command line: one parser with a subcommand per job.

Sits above ``runtime`` (events, rows) and ``spark_jobs`` (extract), so neither
imports the other's CLI and ``runtime`` never imports ``spark_jobs``. Nothing
here imports pyspark: ``extract`` checks for it when it runs.

Exit status: 0 when every file was read to its end, 1 when a file was
truncated or corrupt (after printing every good event), 2 for usage errors
and files that are not (readable) binlogs; ``extract`` adds 3 when the Spark
job itself failed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

# Arrow's jemalloc pool hands freed memory back to the system; its default pool keeps it (for
# `rows --format parquet`, about 40 MB more peak RSS). Before anything imports pyarrow; a user's
# setting wins.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "jemalloc")
# numpy's OpenBLAS starts a thread per core that spins a while after it starts; nothing here does linear
# algebra, and on a small machine those threads take CPU from ours (8 ms of a small file's 0.15 s).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import importlib

#: Each command and where its parser is defined: only the command being run is imported, so a
#: command that needs only the reader starts without pyarrow, numpy or the row decoders.
COMMANDS: dict[str, tuple[str, str]] = {
    "events": ("binlog_ksy.runtime.commands.events", "add_events_parser"),
    "rows": ("binlog_ksy.runtime.commands.rows", "add_rows_parser"),
    "schema": ("binlog_ksy.runtime.commands.schema", "add_schema_parser"),
    "sql": ("binlog_ksy.runtime.commands.sql", "add_sql_parser"),
    "stats": ("binlog_ksy.runtime.commands.stats", "add_stats_parser"),
    "state": ("binlog_ksy.runtime.commands.state", "add_state_parser"),
    "filter": ("binlog_ksy.runtime.commands.filter", "add_filter_parser"),
    "extract": ("binlog_ksy.spark_jobs.job.cli", "add_extract_parser"),
    "report": ("binlog_ksy.runtime.commands.report", "add_report_parser"),
    "explore": ("binlog_ksy.runtime.explore.server", "add_explore_parser"),
    "pack-env": ("binlog_ksy.spark_jobs.job.pack_env", "add_pack_env_parser"),
}

_DESCRIPTION = """\
Read MySQL and MariaDB binary log files (binlogs) as data.

  binlog-ksy events FILE...    one line (or JSON object) per event, like SHOW BINLOG EVENTS
  binlog-ksy rows FILE...      the row changes (insert/update/delete) with typed values,
                               as text, JSON lines or typed Parquet tables
  binlog-ksy schema FILE...    the tables as the binlogs' DDL left them (CREATE TABLE statements)
  binlog-ksy sql FILE...       SQL that redoes the row changes, or undoes them (--flashback)
  binlog-ksy stats FILE...     row changes per table and op; big and long transactions
  binlog-ksy state FILE...     the rows of tables as they were at a moment (--at, --at-gtid, --at-position),
                               as text, JSON lines, SQL (a point-in-time restore) or Parquet
  binlog-ksy filter FILE... --output DIR
                               binlogs cut down to some databases and tables (written as binlogs)
  binlog-ksy extract INPUT... --output DIR
                               a Spark job writing Parquet tables (events, changes, transactions, errors)
  binlog-ksy report FILE... --output report.html
                               one self-contained HTML report: charts, big transactions, tables, errors
  binlog-ksy explore FILE...   a local web app: overview, events, one event's fields and bytes, transactions
  binlog-ksy pack-env --output FILE.tar.gz
                               binlog-ksy and its dependencies packed for Spark workers (extract --env)

Every command takes the same filters (--database, --table, --start-datetime,
--stop-datetime, --start-position, --stop-position), --schema, --schema-sql,
--on-error, --format and --debug. Column names come from the binlog's FULL
metadata, else --schema, else the schema history (the CREATE/ALTER TABLE
statements in the binlogs, starting from --schema-sql). Files of MySQL 3.23 to 9.x and MariaDB are read event by
event in constant memory; CRC32 checksums are verified; zstd-compressed
transaction payloads are expanded. A damaged file prints every good event,
then says what is wrong and where (file, byte offset, event type)."""


class _VersionAction(argparse.Action):
    """``--version``: print ``binlog-ksy VERSION`` and exit 0; the version is looked up only then (importlib.metadata
    would add to the start-up of every command)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> NoReturn:
        from . import _version

        sys.stdout.write(f"binlog-ksy {_version()}\n")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command ``only`` (the others are not imported; none when ``only`` is
    no command's name)."""
    parser = argparse.ArgumentParser(prog="binlog-ksy", description=_DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_VersionAction, help="print the version of binlog-ksy and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (module, function) in COMMANDS.items():
        if only is None or name == only:
            getattr(importlib.import_module(module), function)(sub)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The command named by the first argument, when it is one; ``--version`` needs none (else every parser is
    built)."""
    if argv and argv[0] == "--version":
        return "--version"
    return argv[0] if argv and argv[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    from .runtime.commands.common import command_collections

    with command_collections():  # from the start: importing the command's modules makes many objects too
        return _main(sys.argv[1:] if argv is None else list(argv))


def _main(arguments: list[str]) -> int:
    parser = build_parser(_command_of(arguments))
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    from .runtime.commands.common import EXIT_DAMAGED, EXIT_OK, EXIT_USAGE, expand_file_arguments, output_full

    try:
        status = expand_file_arguments(args)  # directories, globs, s3://... URIs -> files
        if status == EXIT_USAGE:
            return status
        return max(status, int(args.run(args)))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `binlog-ksy events big.bin | head`
        try:
            sys.stdout.close()
        except Exception:  # noqa: BLE001 - the pipe is gone either way
            pass
        return EXIT_OK
    except OSError as exc:
        if not output_full(exc):
            raise
        _say(f"binlog-ksy: error: cannot write the output: {exc.strerror or exc}\n")
        # what standard output still holds cannot be written either: not again when the program leaves
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - stands for stdout to the end
        return EXIT_DAMAGED


#: Commands that leave the interpreter the usual way (:func:`run`): they own threads or processes that must
#: be shut down in order (Spark's JVM, the explorer's server, a packing's temporary folder).
USUAL_EXIT = frozenset({"extract", "explore", "pack-env"})


def run() -> NoReturn:
    """The ``binlog-ksy`` program: :func:`main`, then leave at once.

    Every file a command writes is closed when :func:`main` returns, and
    standard output and error are flushed here; tearing the interpreter down
    (numpy's and Arrow's modules and pools, ours) would add 10-20 ms to every
    command, a sixth of a small file's whole run. Commands in
    :data:`USUAL_EXIT` exit the usual way.
    """
    arguments = sys.argv[1:]
    status = main(arguments)
    if _command_of(arguments) in USUAL_EXIT:
        sys.exit(status)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # the reader went away (`| head`), or main closed the pipe then
        pass
    except OSError as exc:  # a full disk, say: the output is incomplete, and the run failed
        _say(f"binlog-ksy: error: cannot write standard output: {exc.strerror or exc}\n")
        status = max(status, 1)
    _say("")  # standard error flushed
    os._exit(status)


def _say(text: str) -> None:
    """Write ``text`` to standard error and flush it (a closed or failing stderr is left alone)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    run()
