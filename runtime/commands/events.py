"""``binlog-ksy events``: every event of binlog files, like SHOW BINLOG EVENTS, or as JSON lines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import BinlogError, UsageError
from ..filters import EventSelection
from ..reader import BinlogReader
from .common import (
    EXIT_DAMAGED,
    EXIT_OK,
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
List every event of each FILE: Log_name, Pos, Event_type, Server_id, End_log_pos, Info
(or, with --format jsonl, one JSON object per event with its decoded body). Events
inside a compressed TRANSACTION_PAYLOAD follow it, carry its position and
'in_payload' (their index). With --database/--table, TABLE_MAP and rows events
of other tables and statements on other databases are left out."""


def add_events_parser(sub: Any) -> None:
    """Add the ``events`` subcommand to an argparse subparsers object."""
    p = sub.add_parser("events", help="list events like SHOW BINLOG EVENTS", description=_DESCRIPTION,
                       epilog=SHARED_FLAGS_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_files_argument(p)
    add_reading_arguments(p, formats=("text", "jsonl"),
                          format_help="text (default): tab-separated columns; jsonl: one JSON object per line")
    add_filter_arguments(p)
    p.set_defaults(run=run_events)


def run_events(args: argparse.Namespace) -> int:
    from ..present.describe import event_info, event_json, event_to_dict, info_of

    try:
        flt = filter_from_args(args)
    except UsageError as err:
        return report_usage_error(err, "events")
    out = sys.stdout
    jsonl = args.format == "jsonl"
    if not jsonl:
        out.write("Log_name\tPos\tEvent_type\tServer_id\tEnd_log_pos\tInfo\n")

    def handle(name: str) -> int:
        reader = BinlogReader(name, verify_checksums=args.verify_checksums, on_error=args.on_error)
        selection = EventSelection(flt)
        every = selection.keeps_every_event
        status = EXIT_OK
        for event in reader:
            if flt.past_stop(event.pos) and event.in_payload is None:
                break
            try:
                if not every and not selection.wants(event):
                    continue
                if not jsonl:  # the Info column needs a few fields, not the whole body as plain data
                    info = info_of(event)
                    if "\n" in info:
                        info = info.replace("\n", " ")
                    out.write(f"{event.file}\t{event.pos}\t{event.type_name}\t{event.server_id}\t"
                              f"{event.end_pos}\t{info}\n")
                    continue
                out.write(event_json(event))
                out.write("\n")
                continue
            except BinlogError as err:
                if args.on_error == "stop":
                    raise
                report_error(err, args.debug)
                status = EXIT_DAMAGED
                record = event_to_dict(event, with_body=False)
                record["body"] = None
                record["error"] = err.message
                if not jsonl:
                    info = event_info(event, {}).replace("\n", " ")
                    out.write(f"{event.file}\t{event.pos}\t{event.type_name}\t{event.server_id}\t"
                              f"{event.end_pos}\t{info}\n")
                    continue
            out.write(json.dumps(record, ensure_ascii=False, default=str))
            out.write("\n")
        for problem in reader.errors:  # skip mode: every damaged range (stop mode raised already)
            report_error(problem, args.debug)
            status = max(status, exit_status_for(problem))
        return status

    return for_each_file(args, handle)
