"""The Info column of ``events`` (text) from a few body fields equals the one made from the whole plain body.

``describe.info_of`` is the fast path of ``binlog-ksy events``; ``event_info(event, body_to_dict(event))``
is what ``events --format jsonl``'s body says. Every event of every fixture and sample: the same text,
or the same error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from binlog_ksy.runtime.errors import BinlogError
from binlog_ksy.runtime.present.describe import body_to_dict, event_info, info_of
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import FIXTURES, ROOT

FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix not in (".tsv", ".md")) + sorted(
    (ROOT / "samples").rglob("binlog.0*"))


def _outcome(call: object) -> tuple[str, str]:
    try:
        return "text", call()  # type: ignore[operator]
    except BinlogError as err:
        return "error", type(err).__name__


def _compare(path: Path) -> int:
    compared = 0
    try:
        for event in BinlogReader(path, on_error="skip"):
            fast = _outcome(lambda e=event: info_of(e))
            event._body = None  # parse again for the reference path
            reference = _outcome(lambda e=event: event_info(e, body_to_dict(e)))
            assert fast == reference, (event, fast, reference)
            compared += 1
    except BinlogError:
        pass  # files that are not binlogs (or encrypted): nothing to compare
    return compared


@pytest.mark.parametrize("path", FILES, ids=[p.name[-60:] for p in FILES])
def test_info_of_equals_event_info_of_the_plain_body(path: Path) -> None:
    _compare(path)


def test_the_comparison_covers_every_event_type_with_an_info() -> None:
    from collections import Counter

    types: Counter[str] = Counter()
    for path in FILES:
        try:
            types.update(e.type_name for e in BinlogReader(path, on_error="skip"))
        except BinlogError:
            continue
    for name in ("QUERY_EVENT", "XID_EVENT", "TABLE_MAP_EVENT", "WRITE_ROWS_EVENT", "GTID_LOG_EVENT", "GTID_EVENT",
                 "ROTATE_EVENT", "FORMAT_DESCRIPTION_EVENT", "PREVIOUS_GTIDS_LOG_EVENT", "GTID_LIST_EVENT",
                 "INTVAR_EVENT", "BINLOG_CHECKPOINT_EVENT", "ANNOTATE_ROWS_EVENT"):
        assert types[name] > 0, name
