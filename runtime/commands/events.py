"""``binlog-ksy events``: every event of binlog files, like SHOW BINLOG EVENTS, or as JSON lines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..constants import TYPE_NAMES
from ..errors import BinlogError, UsageError
from ..event import Event
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


#: Lines gathered before one write to standard output; a line longer than _BIG_LINE is written at once.
_LINES_PER_WRITE = 512
_BIG_LINE = 4096


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
    from ..present.describe import event_json, info_of

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
        stops = flt.stop_position is not None
        status = EXIT_OK
        lines: list[str] = []  # written a few hundred at a time
        try:
            for event in reader:
                if stops and flt.past_stop(event.pos) and event.in_payload is None:
                    break
                try:
                    if not every and not selection.wants(event):
                        continue
                    if not jsonl:  # the Info column needs a few fields, not the whole body as plain data
                        info = info_of(event)
                        if "\n" in info:
                            info = info.replace("\n", " ")
                        lines.append(f"{event.file}\t{event.pos}\t{TYPE_NAMES[event.type_code]}\t"
                                     f"{event.server_id}\t{event.end_pos}\t{info}\n")
                    else:
                        line = event_json(event)
                        lines.append(line)
                        lines.append("\n")
                        if len(line) > _BIG_LINE:  # a rows event's images: not copied once more by a join
                            out.write("".join(lines))
                            lines.clear()
                    if len(lines) >= _LINES_PER_WRITE:
                        out.write("".join(lines))
                        lines.clear()
                    continue
                except BinlogError as err:
                    if args.on_error == "stop":
                        raise
                    out.write("".join(lines))  # the events before it, then the error
                    lines.clear()
                    report_error(err, args.debug)
                    status = EXIT_DAMAGED
                    lines.append(_damaged_line(event, err, jsonl))
        finally:  # every complete event before a fault is written
            out.write("".join(lines))
        for problem in reader.errors:  # skip mode: every damaged range (stop mode raised already)
            report_error(problem, args.debug)
            status = max(status, exit_status_for(problem))
        return status

    return for_each_file(args, handle)


def _damaged_line(event: Event, err: BinlogError, jsonl: bool) -> str:
    """The line of an event whose body does not decode (skip mode): no Info, or ``"body": null`` and the error."""
    from ..present.describe import event_info, event_to_dict

    if not jsonl:
        info = event_info(event, {}).replace("\n", " ")
        return f"{event.file}\t{event.pos}\t{event.type_name}\t{event.server_id}\t{event.end_pos}\t{info}\n"
    record = event_to_dict(event, with_body=False)
    record["body"] = None
    record["error"] = err.message
    return json.dumps(record, ensure_ascii=False, default=str) + "\n"
