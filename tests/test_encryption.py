"""Encrypted binlogs are named as such, after every event that can be read.

A real MariaDB 10.11 binlog written with ``encrypt_binlog=ON`` (key from the
``file_key_management`` plugin) starts with a FORMAT_DESCRIPTION_EVENT and a
START_ENCRYPTION_EVENT in clear; every event after them is encrypted. The
reader returns those two, then raises EncryptedBinlogError at the offset where
the encrypted events start (in skip mode: records it, covering the rest of the
file, and stops). The CLI prints both events and exits 1 saying the file is
encrypted. MySQL's encrypted files (magic ``FD 'bin'``) are refused as a whole:
tests/test_robustness.py.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from binlog_ksy import cli
from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.errors import BinlogError, EncryptedBinlogError
from fuzz.harness import books_problem, read
from tests.mariadb.fixtures import start_server

pytestmark = pytest.mark.server

#: A 256-bit AES key for key id 1 (file_key_management's plain-text key file: ``id;hex``).
KEY_FILE_LINE = "1;" + "a1b2c3d4" * 8


@pytest.fixture(scope="module")
def encrypted_binlogs(tmp_path_factory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("encrypted")
    keys = tmp / "keys.txt"
    keys.write_text(KEY_FILE_LINE + "\n")
    srv = start_server({
        "plugin_load_add": "file_key_management",
        "file_key_management_filename": str(keys),
        "encrypt_binlog": "ON",
    })
    try:
        assert srv.query("SELECT @@encrypt_binlog") == [("1",)]
        srv.sql("CREATE DATABASE shop; CREATE TABLE shop.item (id INT PRIMARY KEY, name VARCHAR(40))")
        for i in range(3):
            srv.sql(f"INSERT INTO shop.item VALUES ({i}, 'secret {i}')")
        srv.sql("UPDATE shop.item SET name = 'renamed' WHERE id = 1")
        srv.flush_logs()
        files = srv.copy_binlogs(tmp / "binlogs")
    finally:
        srv.stop()
        srv.cleanup()
    assert files
    return files


def test_reader_returns_the_clear_events_then_names_the_encrypted_offset(encrypted_binlogs) -> None:
    path = encrypted_binlogs[0]
    size = path.stat().st_size
    got = read(path)
    assert [e.type_name for e in got.events] == ["FORMAT_DESCRIPTION_EVENT", "START_ENCRYPTION_EVENT"]
    start = got.events[1]
    assert start.body.crypto_scheme == 1 and len(start.body.nonce) == 12
    err = got.error
    assert isinstance(err, EncryptedBinlogError)
    assert (err.offset, err.length) == (start.pos + start.length, size - start.pos - start.length)
    assert err.file == str(path) and err.event_type == "START_ENCRYPTION_EVENT"
    assert f"at byte {err.offset}" in str(err) and "encrypted" in str(err)
    assert b"secret" not in path.read_bytes()  # the rows really are encrypted


def test_skip_mode_reports_the_encrypted_rest_as_one_range(encrypted_binlogs) -> None:
    for path in encrypted_binlogs:
        got = read(path, "skip")
        assert got.error is None
        assert [type(e) for e in got.errors] == [EncryptedBinlogError]
        assert books_problem(path.stat().st_size, got.events, got.errors) is None


def test_changes_stop_at_the_encrypted_offset(encrypted_binlogs) -> None:
    path = encrypted_binlogs[0]
    with pytest.raises(EncryptedBinlogError):
        list(iter_changes(path))
    errors: list[BinlogError] = []
    assert list(iter_changes(path, on_error="skip", errors=errors)) == []
    assert [type(e) for e in errors] == [EncryptedBinlogError]


@pytest.mark.parametrize("mode", ["stop", "skip"])
def test_cli_prints_the_clear_events_and_exits_1(encrypted_binlogs, mode: str) -> None:
    path = encrypted_binlogs[0]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["events", "--format", "jsonl", "--on-error", mode, str(path)])
    assert status == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in lines] == ["FORMAT_DESCRIPTION_EVENT", "START_ENCRYPTION_EVENT"]
    message = err.getvalue()
    assert "encrypted" in message and str(path) in message and "Traceback" not in message
    assert f"at byte {lines[1]['pos'] + lines[1]['length']}" in message
