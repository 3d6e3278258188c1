"""Binlogs of one narrow table, written by a throw-away MariaDB server, for run_targets.py.

    python benchmarks/narrow_workload.py [--data DIR] [--sets one,eight,big,huge]

The table (MariaDB 10.11, ROW format, binlog_row_metadata=FULL, CRC32, FULL row image)::

    CREATE TABLE bench.narrow (id BIGINT PRIMARY KEY, qty INT UNSIGNED NOT NULL, name VARCHAR(32),
      code SMALLINT, price DECIMAL(10,2), created DATETIME(3),
      state ENUM('new','paid','shipped','cancelled'), note VARCHAR(64) NULL)

``note`` is NULL in every other row. Rows are made by INSERT ... SELECT from the
Sequence engine (``seq_1_to_N``); an insert is about 44 bytes of binlog, an
update (before and after image) about 87, a delete about 44.

Data sets, each in its own folder under DIR (default /tmp/binlog-ksy-bench):

* ``one/``: one file, 1,000,000 inserts (statements of 10,000 to 100,000 rows,
  two or three per transaction), 100,000 updates and 50,000 deletes by id
  ranges (about 55 MB).
* ``eight/``: 8 files of about 14 MB (``FLUSH BINARY LOGS`` after each portion
  of 250,000 inserts, 25,000 updates, 12,500 deletes; 2.3 M changes in all).
* ``big/``: one file of about 110 MB made of 2,300 transactions of 1,000 rows
  (2,000 inserts, 200 updates, 100 deletes).
* ``huge/``: one file of about 1 GB (the ``big`` pattern with 10,000-row
  statements, repeated until the file passes 1e9 bytes).
* ``whale/``: one file of about 1 GB whose first transaction inserts
  10,000,000 rows (ten 1 M-row statements, about 450 MB of events), then the
  ``huge`` pattern until the file passes 1e9 bytes (bench_memory.py).

Only binlog files bigger than 1 MB are kept. A set is written into a temporary
folder and renamed when complete, so a folder that exists is complete and is
reused; ``manifest.json`` in it records the change counts, the size and how
long it took to build.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_DATA = Path("/tmp/binlog-ksy-bench")
SETS = ("one", "eight", "big", "huge", "whale")

#: Server options for every set (on top of the harness's DEFAULT_OPTIONS: ROW format, UTC, ...).
SERVER_OPTIONS: dict[str, object] = {
    "binlog_format": "ROW",
    "binlog_row_metadata": "FULL",
    "binlog_checksum": "CRC32",
    "binlog_row_image": "FULL",
    "max_binlog_size": "1G",
    "max_allowed_packet": "1G",
    "innodb_buffer_pool_size": "256M",
}

SCHEMA = """
CREATE DATABASE bench;
CREATE TABLE bench.narrow (
  id BIGINT PRIMARY KEY, qty INT UNSIGNED NOT NULL, name VARCHAR(32), code SMALLINT,
  price DECIMAL(10,2), created DATETIME(3), state ENUM('new','paid','shipped','cancelled'),
  note VARCHAR(64) NULL
) ENGINE=InnoDB;
"""

MIN_FILE = 1 << 20  # smaller binlogs (the server's first and last, nearly empty) are not kept


def insert(first: int, count: int) -> str:
    """One INSERT ... SELECT of ``count`` rows with ids ``first`` .. ``first + count - 1``."""
    return (f"INSERT INTO bench.narrow SELECT seq, seq % 100000, CONCAT('item-', seq % 10000), "
            f"CAST(seq % 30000 AS SIGNED) - 15000, (seq % 1000000) / 100, "
            f"TIMESTAMP'2024-01-01 00:00:00' + INTERVAL seq * 1001 MICROSECOND, 1 + seq % 4, "
            f"IF(seq % 2 = 0, NULL, CONCAT('note ', seq)) FROM seq_{first}_to_{first + count - 1}")


def update(first: int, count: int) -> str:
    """Update ``count`` rows by id range (every column of the FULL image is logged twice)."""
    return (f"UPDATE bench.narrow SET qty = qty + 1, state = 'paid', price = price + 1 "
            f"WHERE id BETWEEN {first} AND {first + count - 1}")


def delete(first: int, count: int) -> str:
    return f"DELETE FROM bench.narrow WHERE id BETWEEN {first} AND {first + count - 1}"


def transaction(statements: list[str]) -> str:
    return "START TRANSACTION;\n" + ";\n".join(statements) + ";\nCOMMIT;\n"


class Counts:
    """Row changes written so far."""

    def __init__(self) -> None:
        self.inserts = self.updates = self.deletes = 0

    def as_dict(self) -> dict[str, int]:
        return {"inserts": self.inserts, "updates": self.updates, "deletes": self.deletes,
                "changes": self.inserts + self.updates + self.deletes}


def portion(srv: Any, first: int, inserts: int, updates: int, deletes: int, counts: Counts) -> int:
    """Inserts in statements of 10,000-100,000 rows (two or three per transaction), then updates and
    deletes by id range over the rows just inserted (10,000 per statement, several transactions).
    Returns the next free id."""
    sizes = (10_000, 25_000, 50_000, 100_000, 15_000, 40_000, 60_000)
    statements: list[str] = []
    done, i = 0, 0
    while done < inserts:
        n = min(sizes[i % len(sizes)], inserts - done)
        statements.append(insert(first + done, n))
        done += n
        i += 1
        if len(statements) == 2 + i % 2 or done == inserts:
            srv.sql(transaction(statements), database="bench", timeout=1800)
            statements = []
    counts.inserts += inserts
    # updates over the first part of the portion, deletes over the part after it
    for start, total, make in ((first, updates, update), (first + updates, deletes, delete)):
        statements = [make(start + k, min(10_000, total - k)) for k in range(0, total, 10_000)]
        for k in range(0, len(statements), 4):
            srv.sql(transaction(statements[k:k + 4]), database="bench", timeout=1800)
    counts.updates += updates
    counts.deletes += deletes
    return first + inserts


def small_transactions(srv: Any, first: int, rows: int, blocks: int, counts: Counts) -> int:
    """``blocks`` inserts of ``rows`` rows, each its own transaction (autocommit); after every 10th
    an update of ``rows`` earlier rows, after every 20th a delete of ``rows`` earlier rows.
    Returns the next free id."""
    statements: list[str] = []
    nxt = first
    for b in range(1, blocks + 1):
        statements.append(insert(nxt, rows))
        nxt += rows
        counts.inserts += rows
        if b % 10 == 0:  # the 1st block of the last ten
            statements.append(update(nxt - 10 * rows, rows))
            counts.updates += rows
        if b % 20 == 0:  # the 2nd block of the last twenty (never updated)
            statements.append(delete(nxt - 19 * rows, rows))
            counts.deletes += rows
        if len(statements) >= 200:
            srv.sql(";\n".join(statements) + ";\n", database="bench", timeout=1800)
            statements = []
    if statements:
        srv.sql(";\n".join(statements) + ";\n", database="bench", timeout=1800)
    return nxt


def binlog_bytes(srv: Any) -> int:
    """Size of the server's current (last) binlog."""
    return int(srv.query("SHOW BINARY LOGS")[-1][1])


def build_one(srv: Any, counts: Counts) -> None:
    portion(srv, 1, 1_000_000, 100_000, 50_000, counts)


def build_eight(srv: Any, counts: Counts) -> None:
    nxt = 1
    for _ in range(8):
        nxt = portion(srv, nxt, 250_000, 25_000, 12_500, counts)
        srv.flush_logs()


def build_big(srv: Any, counts: Counts) -> None:
    small_transactions(srv, 1, 1_000, 2_000, counts)


def build_huge(srv: Any, counts: Counts, size: int = 1_000_000_000) -> None:
    nxt = 1
    while binlog_bytes(srv) < size:  # each round adds about 48 MB: the file stays below max_binlog_size (1 GiB)
        nxt = small_transactions(srv, nxt, 10_000, 100, counts)


def build_whale(srv: Any, counts: Counts, rows: int = 10_000_000, size: int = 1_000_000_000) -> None:
    srv.sql(transaction([insert(1 + k, 1_000_000) for k in range(0, rows, 1_000_000)]), database="bench",
            timeout=3600)
    counts.inserts += rows
    nxt = rows + 1
    while binlog_bytes(srv) < size:
        nxt = small_transactions(srv, nxt, 10_000, 100, counts)


BUILDERS: dict[str, Callable[[Any, Counts], None]] = {
    "one": build_one, "eight": build_eight, "big": build_big, "huge": build_huge, "whale": build_whale,
}


def files(data: Path, name: str) -> list[Path]:
    """The binlogs of a set, oldest first (empty if the set is not built)."""
    folder = data / name
    if not (folder / "manifest.json").is_file():
        return []
    return sorted(p for p in folder.iterdir() if p.name.startswith("binlog.") and p.name[7:].isdigit())


def manifest(data: Path, name: str) -> dict[str, Any]:
    return json.loads((data / name / "manifest.json").read_text())


def build(data: Path, name: str, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Build set ``name`` under ``data`` unless it is there; return its manifest."""
    from tests.mariadb.server import MariaDBServer

    if files(data, name):
        return manifest(data, name)
    data.mkdir(parents=True, exist_ok=True)
    tmp = data / f".{name}.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    log(f"building {name}/ in {data} ...")
    start = time.perf_counter()
    counts = Counts()
    with MariaDBServer(SERVER_OPTIONS, basedir=data) as srv:
        srv.sql(SCHEMA)
        BUILDERS[name](srv, counts)
        srv.flush_logs()
        copies = srv.copy_binlogs(tmp)
        version = srv.scalar("SELECT VERSION()")
    for p in copies:
        if p.stat().st_size <= MIN_FILE:
            p.unlink()
    kept = sorted(p for p in tmp.iterdir() if p.name.startswith("binlog."))
    info: dict[str, Any] = {
        "set": name,
        "server": version,
        "options": SERVER_OPTIONS,
        "files": {p.name: p.stat().st_size for p in kept},
        "bytes": sum(p.stat().st_size for p in kept),
        "build_seconds": round(time.perf_counter() - start, 1),
        **counts.as_dict(),
    }
    (tmp / "manifest.json").write_text(json.dumps(info, indent=2) + "\n")
    shutil.rmtree(data / name, ignore_errors=True)
    tmp.rename(data / name)
    log(f"built {name}/: {len(kept)} file(s), {info['bytes'] / 1e6:.1f} MB, {info['changes']:,} changes "
        f"in {info['build_seconds']:.0f} s")
    return info


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"cache folder (default {DEFAULT_DATA})")
    p.add_argument("--sets", default="one,eight,big", help="comma list of " + ",".join(SETS))
    a = p.parse_args()
    for name in a.sets.split(","):
        if name not in SETS:
            p.error(f"unknown set {name!r}")
        build(a.data, name)


if __name__ == "__main__":
    main()
