"""Events read by binlog-ksy equal what mariadb-binlog and the server say, on fresh real binlogs.

Starts MariaDB 10.11 servers with different binlog settings (checksums on and off, compressed
events, FULL and MINIMAL metadata), runs the seeded workload, and compares every event's position,
type code and end position with `mariadb-binlog`, and the last GTIDs with @@gtid_binlog_pos.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from binlog_ksy.runtime.present.describe import event_to_dict
from binlog_ksy.runtime.reader import BinlogReader
from tests.mariadb import oracle, workload
from tests.mariadb.fixtures import start_server

pytestmark = pytest.mark.server

SETTINGS = {
    "crc32-full": {"binlog_row_metadata": "FULL"},
    "nocrc-minimal-image": {"binlog_checksum": "NONE", "binlog_row_metadata": "MINIMAL",
                            "binlog_row_image": "MINIMAL"},
    "compressed": {"log_bin_compress": True, "log_bin_compress_min_len": 10, "binlog_row_metadata": "FULL"},
}


@pytest.fixture(scope="module", params=sorted(SETTINGS), ids=sorted(SETTINGS))
def written(request, tmp_path_factory):
    """(binlog copies, @@gtid_binlog_pos) after a seeded workload under one setting."""
    srv = start_server(SETTINGS[request.param])
    try:
        srv.sql(workload.make_schema())
        statements = workload.make_statements(seed=7, n=180)
        setup = [s for s in statements if s in workload.SESSION_SETUP]
        workload.apply(srv, statements[:120])
        srv.flush_logs()
        workload.apply(srv, setup + statements[120:])
        gtid_pos = srv.gtid_binlog_pos()
        srv.flush_logs()
        files = srv.copy_binlogs(tmp_path_factory.mktemp(request.param))
    finally:
        srv.stop()
        srv.cleanup()
    return files, gtid_pos


def test_positions_types_and_end_positions_equal_mariadb_binlog(written) -> None:
    files, _ = written
    compared = 0
    for path in files:
        ours = [e for e in BinlogReader(path) if e.in_payload is None]
        theirs = oracle.list_events(path)
        assert [(e.pos, e.type_code, e.end_pos) for e in ours] == \
            [(e.pos, e.type_code, e.end_pos) for e in theirs], path.name
        assert [e.server_id for e in ours] == [e.server_id for e in theirs]
        for e in ours:
            event_to_dict(e)  # every body decodes
        compared += len(ours)
    assert compared > 100


def test_gtids_equal_the_servers_gtid_binlog_pos(written) -> None:
    files, gtid_pos = written
    last_by_domain: dict[str, str] = {}
    oracle_gtids = []
    for path in files:
        for e in BinlogReader(path):
            if e.type_name == "GTID_EVENT":
                gtid = event_to_dict(e)["body"]["gtid"]
                last_by_domain[gtid.split("-")[0]] = gtid
        oracle_gtids += [o.gtid for o in oracle.list_events(path) if o.gtid]
    assert ",".join(sorted(last_by_domain.values())) == gtid_pos
    ours = [event_to_dict(e)["body"]["gtid"] for p in files for e in BinlogReader(p) if e.type_name == "GTID_EVENT"]
    assert ours == oracle_gtids


def test_gtid_list_of_next_file_holds_the_previous_gtids(written) -> None:
    files, _ = written
    for prev, nxt in pairwise(files):
        last = [event_to_dict(e)["body"]["gtid"] for e in BinlogReader(prev) if e.type_name == "GTID_EVENT"]
        lists = [event_to_dict(e)["body"]["gtid_set"] for e in BinlogReader(nxt) if e.type_name == "GTID_LIST_EVENT"]
        if last:
            assert last[-1] in lists[0].split(",")
