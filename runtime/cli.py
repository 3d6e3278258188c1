"""The ``binlog-ksy`` command line.

Exit status: 0 when every file was read to its end, 1 when a file was
truncated or corrupt (after printing every good event), 2 for usage errors
and files that are not (readable) binlogs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Sequence, TextIO

from .errors import BinlogError, EncryptedBinlogError, NotABinlogError

EXIT_OK = 0
EXIT_DAMAGED = 1
EXIT_USAGE = 2

_DESCRIPTION = """\
Read MySQL and MariaDB binary log files (binlogs) as data.

  binlog-ksy events FILE...    one line (or JSON object) per event, like SHOW BINLOG EVENTS
  binlog-ksy rows FILE...      the row changes (insert/update/delete) with typed values
  binlog-ksy extract INPUT... --output DIR
                               a Spark job writing Parquet tables (events, changes, transactions, errors)

Files of MySQL 3.23 to 9.x and MariaDB are read event by event in constant
memory; CRC32 checksums are verified; zstd-compressed transaction payloads are
expanded. A damaged file prints every good event, then says what is wrong and
where (file, byte offset, event type)."""


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="binlog or relay log files")
    p.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help="text (default): aligned columns; jsonl: one JSON object per line")
    p.add_argument("--on-error", choices=("stop", "skip"), default="stop",
                   help="stop (default): stop a file at the first damaged event; "
                        "skip: report it and resume at the next valid event")
    p.add_argument("--no-verify-checksums", dest="verify_checksums", action="store_false",
                   help="do not check the CRC32 of each event")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="binlog-ksy", description=_DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p_events = sub.add_parser(
        "events", help="list events like SHOW BINLOG EVENTS",
        description="List every event of each FILE: Log_name, Pos, Event_type, Server_id, End_log_pos, Info "
                    "(or, with --format jsonl, one JSON object per event with its decoded body). "
                    "Events inside a compressed TRANSACTION_PAYLOAD follow it, carry its position and "
                    "'in_payload' (their index).")
    _add_common(p_events)
    p_events.set_defaults(run=_run_events)

    from .rows_cli import add_rows_parser

    add_rows_parser(sub, _add_common)

    from .extract_cli import add_extract_parser

    add_extract_parser(sub)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `binlog-ksy events big.bin | head`
        try:
            sys.stdout.close()
        except Exception:
            pass
        return EXIT_OK


def report_error(err: BinlogError, debug: bool, stream: TextIO | None = None) -> None:
    """Print an error as one line (with the traceback under --debug)."""
    stream = stream or sys.stderr
    if debug:
        import traceback

        traceback.print_exception(err, file=stream)
    level = "warning" if err.kind == "truncated" else "error"
    print(f"binlog-ksy: {level}: {err}", file=stream)


def exit_status_for(err: BinlogError) -> int:
    """2 for files that cannot be read at all, 1 for damage found after good events."""
    if isinstance(err, NotABinlogError) or (isinstance(err, EncryptedBinlogError) and err.offset == 0):
        return EXIT_USAGE
    return EXIT_DAMAGED


def for_each_file(args: argparse.Namespace, handle: Callable[[str], int]) -> int:
    """Run handle(file) for every file; the exit status is the worst one."""
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
            if args.debug:
                raise
            print(f"binlog-ksy: error: {name}: internal error: {type(exc).__name__}: {exc} "
                  "(run with --debug and report it)", file=sys.stderr)
            status = max(status, EXIT_DAMAGED)
    sys.stdout.flush()
    return status


def _run_events(args: argparse.Namespace) -> int:
    from .describe import event_info, event_to_dict
    from .reader import BinlogReader

    out = sys.stdout
    jsonl = args.format == "jsonl"
    if not jsonl:
        out.write("Log_name\tPos\tEvent_type\tServer_id\tEnd_log_pos\tInfo\n")

    def handle(name: str) -> int:
        reader = BinlogReader(name, verify_checksums=args.verify_checksums, on_error=args.on_error)
        status = EXIT_OK
        for event in reader:
            try:
                record = event_to_dict(event)
            except BinlogError as err:
                if args.on_error == "stop":
                    raise
                report_error(err, args.debug)
                status = EXIT_DAMAGED
                record = event_to_dict(event, with_body=False)
                record["body"] = None
                record["error"] = err.message
            if jsonl:
                out.write(json.dumps(record, ensure_ascii=False, default=str))
                out.write("\n")
            else:
                info = event_info(event, record["body"] or {}).replace("\n", " ")
                out.write(f"{record['file']}\t{record['pos']}\t{record['type']}\t{record['server_id']}\t"
                          f"{record['end_pos']}\t{info}\n")
        for err in reader.errors:  # skip mode: every damaged range (stop mode raised already)
            report_error(err, args.debug)
            status = max(status, exit_status_for(err))
        return status

    return for_each_file(args, handle)


if __name__ == "__main__":
    sys.exit(main())
