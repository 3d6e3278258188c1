"""``binlog-ksy report FILE... --output report.html``: one self-contained HTML file to attach to a ticket.

The overview of the files (:mod:`.explore.overview`: the ``stats`` figures plus per-file facts, GTID
ranges, time buckets and histograms) drawn by the vendored Chart.js; no network needed or used.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any

from ..errors import UsageError
from .common import (
    EXIT_DAMAGED,
    EXIT_OK,
    EXIT_USAGE,
    MAX_SECONDS,
    SHARED_FLAGS_EPILOG,
    add_files_argument,
    add_filter_arguments,
    add_schema_argument,
    filter_from_args,
    history_from_args,
    report_usage_error,
    schema_from_args,
    seconds_arg,
)

__all__ = ["MAX_COUNT", "MAX_SECONDS", "add_overview_arguments", "add_report_parser", "bytes_threshold",
           "overview_from_args", "rows_threshold", "run_report"]

_DESCRIPTION = """\
Write one self-contained HTML file about FILEs (read together, in order): the
files (server version and flavor, checksum, time span), the GTID ranges, charts
of row changes over time by table, of transactions by rows, bytes and
duration, of bytes by table and by event type; the big and long transactions
(the thresholds of `stats`), per-table statistics and the errors met. The
figures are those of `binlog-ksy stats --format json` with the same flags.
The file opens from file:// with no network (it embeds its charting library
and aggregates only, never events). Damaged events are listed and skipped
(--on-error skip is the default here). Files are named as given (absolute
paths when given so); --redact-paths names them without their folders."""

#: The largest row count and byte count a threshold takes (of ``report`` and ``explore``, flags and form alike).
MAX_COUNT = (1 << 63) - 1
_DIGITS = re.compile(r"\s*[0-9]{1,19}\s*")


def rows_threshold(text: str) -> int:
    """A row count threshold: a whole number from 0 to :data:`MAX_COUNT` (an argparse ``type``)."""
    if _DIGITS.fullmatch(text) is None or int(text) > MAX_COUNT:
        raise argparse.ArgumentTypeError(f"not a row count (a whole number from 0 to {MAX_COUNT}): {text[:40]!r}")
    return int(text)


def bytes_threshold(text: str) -> int:
    """A byte count threshold: digits with an optional K, M or G suffix, up to :data:`MAX_COUNT` bytes."""
    from .stats import parse_size

    value = parse_size(text)
    if value > MAX_COUNT:
        raise argparse.ArgumentTypeError(f"not a byte count up to {MAX_COUNT}: {text[:40]!r}")
    return value


def add_overview_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of the overview (``report`` and ``explore``): reading, thresholds, filters, schema."""
    from ..stats import DEFAULT_BIG_BYTES, DEFAULT_BIG_ROWS, DEFAULT_LONG_SECONDS

    add_files_argument(p)
    p.add_argument("--on-error", choices=("stop", "skip"), default="skip",
                   help="skip (default): list a damaged event and resume at the next valid one; "
                        "stop: end a file's reading at its first error")
    p.add_argument("--no-verify-checksums", dest="verify_checksums", action="store_false",
                   help="do not check the CRC32 of each event")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    p.add_argument("--redact-paths", action="store_true",
                   help="name the files by their file names only, without their folders (default: as given)")
    g = p.add_argument_group("thresholds (inclusive; as in stats)")
    g.add_argument("--big-rows", type=rows_threshold, default=DEFAULT_BIG_ROWS, metavar="N",
                   help=f"a transaction with at least N row changes is big (default {DEFAULT_BIG_ROWS})")
    g.add_argument("--big-bytes", type=bytes_threshold, default=DEFAULT_BIG_BYTES, metavar="N[K|M|G]",
                   help=f"a transaction of at least N bytes is big (default 100M = {DEFAULT_BIG_BYTES})")
    g.add_argument("--long-seconds", type=seconds_arg, default=DEFAULT_LONG_SECONDS, metavar="S",
                   help=f"a transaction spanning at least S seconds is long (default {DEFAULT_LONG_SECONDS:g})")
    add_filter_arguments(p)
    add_schema_argument(p)


def overview_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The overview of ``args.files`` with the parsed flags (a :class:`UsageError` for bad ones)."""
    from ..explore.overview import build_overview

    return build_overview(list(args.files), filters=filter_from_args(args), schema=schema_from_args(args),
                          history=history_from_args(args), on_error=args.on_error,
                          verify_checksums=args.verify_checksums, big_rows=args.big_rows,
                          big_bytes=args.big_bytes, long_seconds=args.long_seconds)


def add_report_parser(sub: Any) -> None:
    """Add the ``report`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("report", help="one self-contained HTML report (charts, big transactions, tables, errors)",
                       description=_DESCRIPTION, epilog=SHARED_FLAGS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--output", "-o", required=True, metavar="FILE.html", help="the HTML file to write")
    p.add_argument("--title", default=None, help="the page title (default: 'binlog report: FILE...')")
    add_overview_arguments(p)
    p.set_defaults(run=run_report)


def run_report(args: argparse.Namespace) -> int:
    """Run ``binlog-ksy report``; returns the exit status (1 when errors were met, after writing the report)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        __version__ = version("binlog-ksy")
    except PackageNotFoundError:  # a source tree never installed
        __version__ = "0+unknown"
    from ..explore.page import render_report
    from ..explore.paths import FileNames

    try:
        names_of = FileNames(list(args.files), redact=args.redact_paths)
        overview = overview_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "report")
    if not overview["files"] or all(f["binlog_version"] is None for f in overview["files"]):
        for e in overview["errors"]:
            print(f"binlog-ksy report: error: {e['file']}: {e['message']}", file=sys.stderr)
        return EXIT_USAGE
    names = [os.path.basename(f["name"]) for f in overview["files"]]
    more = f" (+{len(names) - 3})" if len(names) > 3 else ""
    title = args.title or "binlog report: " + ", ".join(names[:3]) + more
    page = render_report(names_of.json(overview), title=title, generator=f"binlog-ksy {__version__}")
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(page)
    os.replace(tmp, args.output)
    for e in overview["errors"]:
        where = f"{e['file']} at byte {e['offset']}" if e["offset"] is not None else str(e["file"])
        print(f"binlog-ksy report: {e['kind']}: {where}: {e['message']}", file=sys.stderr)
    print(f"binlog-ksy report: wrote {args.output} ({len(page.encode('utf-8'))} bytes)", file=sys.stderr)
    return EXIT_DAMAGED if overview["errors"] else EXIT_OK
