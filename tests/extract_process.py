"""``binlog-ksy extract`` in a child process, for tests that interrupt a run from outside.

Shared by tests/test_run_sequences.py (runs killed with SIGKILL) and
tests/test_store_outage.py (the object store going away in the middle of a run).

Usage::

    proc = subprocess.Popen(extract_command(inputs, out, "delta", True, {}), start_new_session=True, ...)
    wait_until_running(proc, out)  # its run file (or temporary directory) exists: the run has begun
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from binlog_ksy.runtime.storage import Files

__all__ = ["extract_command", "wait_until_running"]

#: How long a child's JVM and first store requests may take before its run begins (seconds).
START_LIMIT = 120


def extract_command(inputs: str, out: str, table_format: str, incremental: bool, lake: dict[str, str],
                    state: bool = False) -> list[str]:
    """The command line of one quiet ``extract`` run on one local core (``lake``: ``iceberg_catalog``, if any;
    ``state``: ``--state``)."""
    command = [str(Path(sys.executable).parent / "binlog-ksy"), "extract", inputs, "--output", out,
               "--table-format", table_format, "--quiet", "--master", "local[1]"]
    if incremental:
        command.append("--incremental")
    if state:
        command.append("--state")
    if "iceberg_catalog" in lake:
        command += ["--iceberg-catalog", lake["iceberg_catalog"]]
    return command


def wait_until_running(proc: subprocess.Popen[bytes], out: str) -> bool:
    """Wait until the run of ``proc`` has begun (its run file ``.<name>.run-*.json``, written first, or its
    ``.<name>.tmp-*`` directory is beside ``out``; the JVM takes seconds to start before). False: the process
    ended, or :data:`START_LIMIT` passed, first.

    The store is looked at with this process's settings (the test's direct way to it)."""
    parent, _, name = out.rpartition("/")
    store = Files(out)
    deadline = time.monotonic() + START_LIMIT
    while proc.poll() is None and time.monotonic() < deadline:
        if any(n.startswith((f".{name}.run-", f".{name}.tmp-")) for n in store.list_names(parent)):
            return True
        time.sleep(0.02)
    return False
