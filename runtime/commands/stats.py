"""``binlog-ksy stats``: row counts and bytes per table and op, and the big and long transactions.

The command line: its flags, and the text and JSON it prints. What is counted and how (rows, bytes,
transactions, seconds, which transactions a filter keeps) is :mod:`..stats`, shared with the extraction
job's ``transactions/`` and the report. A transaction is *big* with at least ``--big-rows`` rows or
``--big-bytes`` bytes, *long* when it took at least ``--long-seconds``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from ..changes import ChangeReader
from ..errors import BinlogError, UsageError
from ..stats import DEFAULT_BIG_BYTES, DEFAULT_BIG_ROWS, DEFAULT_LONG_SECONDS, BinlogStats
from .common import (
    EXIT_OK,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_reading_arguments,
    add_schema_argument,
    exit_status_for,
    filter_from_args,
    for_each_file,
    history_from_args,
    report_error,
    report_usage_error,
    schema_from_args,
    seconds_arg,
    whole_number_arg,
)

__all__ = ["add_stats_parser", "parse_size", "run_stats"]

_DESCRIPTION = f"""\
Summarize FILEs (read together, in order): per table and op (insert, update,
delete) the number of row changes and the bytes of their rows events; the
number of transactions; the big transactions (at least --big-rows row
changes or at least --big-bytes bytes) and the long ones (at least
--long-seconds from their first statement to their commit).

Rows are counted as mariadb-binlog -vv prints them (one per inserted or
deleted row, one per updated row: an UPDATE event holds a before and an
after image per row), without decoding values. Bytes of a table and op are
the whole sizes of its rows events (header, body, checksum). A transaction
runs from its GTID (or BEGIN) event to its XID (or COMMIT) event, or is one
DDL statement; it belongs to the file it starts in (one that goes on in the
next FILE counts once; its end_pos is then in that file). Its start_pos is the
offset of its first event, end_pos where its last event ends, bytes the sum
of the sizes of all its events, rows its row changes of wanted tables,
seconds its latest event timestamp minus its earliest (whole seconds, as the
binlog stores them): from its first statement to its commit, since the GTID
event that opens it is written at commit and carries the commit time.

Filters: only events inside the position and time windows count. With
--database/--table only rows of wanted tables count, and only transactions
that changed rows of a wanted table (their bytes stay all of their events).

--format json prints one object:
  {{"tables": {{"db.table": {{"insert": n, "update": n, "delete": n}}}},
   "table_bytes": {{"db.table": {{"insert": n, "update": n, "delete": n}}}},
   "transactions": n,
   "big_transactions": [{{"gtid", "file", "start_pos", "end_pos", "rows", "bytes", "seconds"}}, ...],
   "long_transactions": [...]}}
(tables sorted by name; gtid is null in files without GTIDs).

A damaged file: the damage is reported on standard error with the file and
byte offset, everything read before it is still counted and printed, and
the exit status is 1. Defaults: --big-rows {DEFAULT_BIG_ROWS}, --big-bytes 100M
({DEFAULT_BIG_BYTES}), --long-seconds {DEFAULT_LONG_SECONDS:g}."""

_SIZE = re.compile(r"\s*(\d+)\s*([kmg]?)(?:i?b)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def parse_size(text: str) -> int:
    """A byte count: digits with an optional K, M or G suffix (powers of 1024; ``100M``, ``64KB``)."""
    m = _SIZE.fullmatch(text)
    if m is None:
        raise argparse.ArgumentTypeError(f"not a byte count: {text!r} (digits, optionally followed by K, M or G)")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


_count_arg = whole_number_arg("row count")


def add_stats_parser(sub: Any) -> None:
    """Add the ``stats`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("stats", help="row counts and bytes per table and op; big and long transactions",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    add_reading_arguments(p, formats=("text", "json"),
                          format_help="text (default): readable tables; json: one JSON object (see above)")
    g = p.add_argument_group("thresholds (inclusive)")
    g.add_argument("--big-rows", type=_count_arg, default=DEFAULT_BIG_ROWS, metavar="N",
                   help=f"a transaction with at least N row changes is big (default {DEFAULT_BIG_ROWS})")
    g.add_argument("--big-bytes", type=parse_size, default=DEFAULT_BIG_BYTES, metavar="N[K|M|G]",
                   help="a transaction of at least N bytes (all its events) is big; K, M, G are powers of "
                        f"1024 (default 100M = {DEFAULT_BIG_BYTES})")
    g.add_argument("--long-seconds", type=seconds_arg, default=DEFAULT_LONG_SECONDS, metavar="S",
                   help="a transaction whose event timestamps span at least S seconds (first statement to "
                        f"commit) is long (default {DEFAULT_LONG_SECONDS:g})")
    add_filter_arguments(p)
    add_schema_argument(p)
    p.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """Run ``binlog-ksy stats``: count every FILE, then print the report; returns the exit status."""
    try:
        flt = filter_from_args(args)
        schema = schema_from_args(args)
        history = history_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "stats")
    stats = BinlogStats(big_rows=args.big_rows, big_bytes=args.big_bytes, long_seconds=args.long_seconds)

    def handle(name: str) -> int:
        # undecodable text does not change how many rows there are: keep it
        reader = ChangeReader(name, schema=schema, filters=flt, on_error=args.on_error,
                              verify_checksums=args.verify_checksums, undecodable="keep", history=history)
        reported = 0

        def flush() -> None:
            nonlocal reported
            while reported < len(reader.errors):  # warnings and skipped damage that did not stop the read
                report_error(reader.errors[reported], args.debug)
                reported += 1

        try:
            stats.read(reader, on_problem=flush)
        except BinlogError as stop:
            for err in reader.errors[reported:]:
                if err is not stop:
                    report_error(err, args.debug)
            raise
        flush()
        status = EXIT_OK
        for err in reader.errors:
            status = max(status, exit_status_for(err))
        return status

    status = for_each_file(args, handle)
    out = sys.stdout
    if args.format == "json":
        out.write(json.dumps(stats.to_json(), ensure_ascii=False))
        out.write("\n")
    else:
        stats.write_text(out)
    out.flush()
    return status
