"""runtime/bodies.py's Protocols name fields the generated classes really have.

Every fixture's events of each Protocol's types are parsed, and each field the
Protocol lists is read from the generated body: always, or (the fields the spec
reads under a condition) from at least one body of the fixtures, or when no
fixture has the condition (MariaDB's compressed rows), from the generated
class's ``_read``, which assigns it.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from binlog_ksy.runtime import bodies
from binlog_ksy.runtime import constants as et
from binlog_ksy.runtime.reader import BinlogReader
from fixture_index import load_index

E = et.EventType

#: Protocol -> the event types whose bodies it describes.
TYPES: dict[type, frozenset[int]] = {
    bodies.FormatDescriptionBody: frozenset({E.format_description_event.value}),
    bodies.QueryBody: frozenset({E.query_event.value}),
    bodies.TableMapBody: frozenset({E.table_map_event.value}),
    bodies.RowsBody: et.ROWS_EVENTS,
    bodies.GtidBody: frozenset({E.gtid_log_event.value, E.anonymous_gtid_log_event.value}),
    bodies.GtidTaggedBody: frozenset({E.gtid_tagged_log_event.value}),
    bodies.MariadbGtidBody: frozenset({et.MARIADB_GTID_EVENT}),
    bodies.TransactionPayloadBody: frozenset({E.transaction_payload_event.value}),
}

#: Fields the spec reads only under a condition (see each Protocol's comments): on some body, not on each.
CONDITIONAL: dict[type, frozenset[str]] = {
    bodies.RowsBody: frozenset({"columns_after_image", "rows", "compressed_rows"}),
    bodies.GtidBody: frozenset({"last_committed", "sequence_number"}),
}

#: Bodies kept per Protocol and file (enough to meet every variant of the fixtures).
PER_FILE = 50


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory) -> dict[type, list[Any]]:
    tmp = tmp_path_factory.mktemp("bodies")
    out: dict[type, list[Any]] = {proto: [] for proto in TYPES}
    for fx in load_index():
        counts = dict.fromkeys(TYPES, 0)
        for event in BinlogReader(str(fx.readable_path(tmp)), on_error="skip"):
            for proto, codes in TYPES.items():
                if event.type_code in codes and counts[proto] < PER_FILE:
                    counts[proto] += 1
                    out[proto].append(event.body)
    return out


def _fields(proto: type) -> list[str]:
    return list(proto.__annotations__)


@pytest.mark.parametrize("proto", list(TYPES), ids=lambda p: p.__name__)
def test_every_protocol_field_is_a_generated_field(proto: type, parsed: dict[type, list[Any]]) -> None:
    found = parsed[proto]
    assert found, f"no fixture event for {proto.__name__}"
    conditional = CONDITIONAL.get(proto, frozenset())
    for name in _fields(proto):
        if name in conditional:
            assert any(hasattr(body, name) for body in found) or any(
                f"self.{name} = " in inspect.getsource(type(body)._read) for body in found
            ), f"{proto.__name__}.{name} on no body"
        else:
            missing = [type(body).__qualname__ for body in found if not hasattr(body, name)]
            assert not missing, f"{proto.__name__}.{name} missing on {missing[:3]}"


def test_the_protocols_are_all_checked() -> None:
    assert set(TYPES) == {getattr(bodies, name) for name in bodies.__all__}


def test_a_missing_field_is_seen(parsed: dict[type, list[Any]]) -> None:
    assert not any(hasattr(body, "no_such_field") for body in parsed[bodies.QueryBody])
