"""Binlogs of four shapes, written by a throw-away MariaDB 10.11 server, for run_shapes.py (issue 20).

    python benchmarks/shape_workloads.py [--data DIR] [--shapes wide,oltp,bulk,ddl] [--scale 1.0]

Every set: ROW format, binlog_row_metadata=FULL, CRC32, FULL row image (the
server options of narrow_workload.py), one binlog file that also holds the
CREATE statements. ``--scale`` multiplies the number of changes (default 1.0:
each set builds in about a minute on a loaded 2-core machine); a scaled set
lives in its own folder (``wide-x4``).

Shapes, each in its own folder under DIR (default /tmp/binlog-ksy-bench):

* ``wide/``: one table of 24 columns of mixed types: strings in three charsets
  (utf8mb4, latin1, binary/varbinary), DATETIME(6), TIMESTAMP(3), TIME(2),
  DATE, YEAR, DECIMAL(20,6), DOUBLE, FLOAT, SET, ENUM, BIT(7), TINYINT,
  MEDIUMINT UNSIGNED, JSON, TEXT, BLOB, BINARY(16), INET6; most nullable
  columns are NULL in a third to a half of the rows. 60,000 inserts in
  statements of 2,000 rows (three per transaction), 20,000 updates (six
  columns, 2,000 rows a statement), 10,000 deletes.
* ``oltp/``: a sysbench-like table (INT id, INT k, CHAR(120), CHAR(60),
  DATETIME) of 10,000 rows, then 20,000 single-row autocommit UPDATE
  transactions (GTID, TABLE_MAP, UPDATE_ROWS, XID each).
* ``bulk/``: narrow_workload.py's narrow table, 300,000 inserts in big
  multi-row statements, 30,000 updates and 15,000 deletes (a 30 % copy of
  its ``one/`` set).
* ``ddl/``: 30 small tables; 40 rounds of, per table, a 20-row insert, a
  5-row update and a 2-row delete (autocommit); after round 20 every table
  gets ``ADD COLUMN`` and one ``MODIFY`` and a table is dropped and made
  anew: many distinct table maps, and the schema changes in the middle.

A set is written into a temporary folder and renamed when complete;
``manifest.json`` in it records the change counts, the size and how long it
took to build (as narrow_workload.py does).
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

import narrow_workload  # noqa: E402
from narrow_workload import Counts  # noqa: E402

DEFAULT_DATA = narrow_workload.DEFAULT_DATA
SHAPES = ("wide", "oltp", "bulk", "ddl")
SERVER_OPTIONS = narrow_workload.SERVER_OPTIONS

WIDE_SCHEMA = """
CREATE DATABASE IF NOT EXISTS bench;
CREATE TABLE bench.wide (
  id BIGINT PRIMARY KEY,
  s_utf8 VARCHAR(64) CHARACTER SET utf8mb4 NULL,
  s_latin1 VARCHAR(64) CHARACTER SET latin1 NULL,
  s_bin VARBINARY(64) NULL,
  c_utf8 CHAR(8) CHARACTER SET utf8mb4 NULL,
  dt DATETIME(6) NOT NULL,
  ts TIMESTAMP(3) NULL DEFAULT NULL,
  tm TIME(2) NULL,
  d DATE NULL,
  y YEAR NULL,
  amount DECIMAL(20,6) NULL,
  dbl DOUBLE NULL,
  flt FLOAT NULL,
  st SET('a','b','c','d') NULL,
  en ENUM('x','y','z') NULL,
  bt BIT(7) NULL,
  ti TINYINT NULL,
  mi MEDIUMINT UNSIGNED NULL,
  js JSON NULL,
  tx TEXT NULL,
  bl BLOB NULL,
  b16 BINARY(16) NULL,
  ip INET6 NULL,
  note VARCHAR(32) NULL
) ENGINE=InnoDB;
"""


def wide_insert(first: int, count: int) -> str:
    return (
        "INSERT INTO bench.wide SELECT seq, "
        "IF(seq % 5 = 0, NULL, CONCAT('naïve-€-', seq)), "
        "IF(seq % 4 = 0, NULL, CONVERT(CONCAT('café ', seq % 1000) USING latin1)), "
        "IF(seq % 3 = 0, NULL, UNHEX(SHA1(seq))), "
        "IF(seq % 2 = 0, NULL, LEFT(CONCAT('ü', seq), 8)), "
        "TIMESTAMP'2024-01-01 00:00:00' + INTERVAL seq * 1000003 MICROSECOND, "
        "IF(seq % 6 = 0, NULL, TIMESTAMP'2023-06-01 00:00:00.123' + INTERVAL seq SECOND), "
        "IF(seq % 7 = 0, NULL, SEC_TO_TIME(CAST(seq % 172800 AS SIGNED) - 86400 + 0.25)), "
        "IF(seq % 8 = 0, NULL, DATE'2020-01-01' + INTERVAL seq % 3000 DAY), "
        "IF(seq % 9 = 0, NULL, 1901 + seq % 255), "
        "IF(seq % 4 = 1, NULL, CAST(seq AS DECIMAL(20,6)) * 1.000001 - 50000), "
        "IF(seq % 5 = 1, NULL, seq / 7.0e0), "
        "IF(seq % 3 = 2, NULL, seq / 3.0e0), "
        "IF(seq % 6 = 1, NULL, ELT(1 + seq % 4, 'a', 'a,b', 'b,c,d', '')), "
        "IF(seq % 5 = 2, NULL, 1 + seq % 3), "
        "IF(seq % 4 = 2, NULL, seq % 128), "
        "IF(seq % 3 = 1, NULL, CAST(seq % 256 AS SIGNED) - 128), "
        "seq % 16777216, "
        "IF(seq % 4 = 0, NULL, JSON_OBJECT('id', seq, 'tags', JSON_ARRAY('a', seq % 10), 'ok', seq % 2 = 0, "
        "'v', seq / 4)), "
        "IF(seq % 3 = 1, NULL, REPEAT(CONCAT('text ', seq, ' '), 1 + seq % 5)), "
        "IF(seq % 2 = 1, NULL, UNHEX(REPEAT(SHA2(seq, 256), 2))), "
        "UNHEX(MD5(seq)), "
        "IF(seq % 3 = 0, NULL, CONCAT('2001:db8::', HEX(seq % 65536))), "
        "NULL "
        f"FROM seq_{first}_to_{first + count - 1}")


def wide_update(first: int, count: int) -> str:
    return (f"UPDATE bench.wide SET s_utf8 = CONCAT('upd-ü-', id), amount = amount + 1, ts = NULL, "
            f"js = JSON_SET(COALESCE(js, '{{}}'), '$.n', id), en = 'z', note = 'updated' "
            f"WHERE id BETWEEN {first} AND {first + count - 1}")


def wide_delete(first: int, count: int) -> str:
    return f"DELETE FROM bench.wide WHERE id BETWEEN {first} AND {first + count - 1}"


def transaction(statements: list[str]) -> str:
    return narrow_workload.transaction(statements)


def ranges(first: int, total: int, step: int) -> list[tuple[int, int]]:
    return [(first + k, min(step, total - k)) for k in range(0, total, step)]


def build_wide(srv: Any, counts: Counts, scale: float) -> None:
    srv.sql(WIDE_SCHEMA)
    inserts, updates, deletes = int(60_000 * scale), int(20_000 * scale), int(10_000 * scale)
    for group in chunks([wide_insert(a, n) for a, n in ranges(1, inserts, 2_000)], 3):
        srv.sql(transaction(group), database="bench", timeout=1800)
    for group in chunks([wide_update(a, n) for a, n in ranges(1, updates, 2_000)], 2):
        srv.sql(transaction(group), database="bench", timeout=1800)
    for group in chunks([wide_delete(a, n) for a, n in ranges(updates + 1, deletes, 2_000)], 2):
        srv.sql(transaction(group), database="bench", timeout=1800)
    counts.inserts += inserts
    counts.updates += updates
    counts.deletes += deletes


def chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[k:k + size] for k in range(0, len(items), size)]


OLTP_SCHEMA = """
CREATE DATABASE IF NOT EXISTS bench;
CREATE TABLE bench.oltp (
  id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL, updated DATETIME NULL,
  KEY (k)
) ENGINE=InnoDB;
"""


def build_oltp(srv: Any, counts: Counts, scale: float) -> None:
    srv.sql(OLTP_SCHEMA)
    rows = 10_000
    srv.sql("INSERT INTO bench.oltp SELECT seq, seq % 1000, CONCAT('c-', SHA1(seq), '-', SHA1(seq + 1)), "
            f"CONCAT('pad-', MD5(seq)), NULL FROM seq_1_to_{rows}", database="bench")
    counts.inserts += rows
    n = int(20_000 * scale)
    stmts = []
    for i in range(n):
        row = 1 + (i * 7919) % rows  # a different row each time, spread over the table
        stmts.append(f"UPDATE bench.oltp SET k = k + 1, c = CONCAT('u{i}-', SHA1({i})), "
                     f"updated = TIMESTAMP'2024-01-01 00:00:00' + INTERVAL {i} SECOND WHERE id = {row}")
    for group in chunks(stmts, 5_000):  # autocommit: each statement is its own transaction
        srv.sql(";\n".join(group) + ";\n", database="bench", timeout=1800)
    counts.updates += n


def build_bulk(srv: Any, counts: Counts, scale: float) -> None:
    srv.sql(narrow_workload.SCHEMA)
    narrow_workload.portion(srv, 1, int(300_000 * scale), int(30_000 * scale), int(15_000 * scale), counts)


DDL_TABLES = 30


def ddl_table(t: int) -> str:
    return (f"CREATE TABLE bench.t{t:02d} (id INT PRIMARY KEY, a VARCHAR(40), b INT, c DECIMAL(8,2), "
            f"d DATETIME(3) NULL) ENGINE=InnoDB")


def build_ddl(srv: Any, counts: Counts, scale: float) -> None:
    srv.sql("CREATE DATABASE IF NOT EXISTS bench;\n" + ";\n".join(ddl_table(t) for t in range(DDL_TABLES)) + ";\n")
    rounds = max(2, int(40 * scale))
    per = 20
    for r in range(rounds):
        stmts = []
        if r == rounds // 2:  # the schema changes in the middle
            for t in range(DDL_TABLES):
                stmts.append(f"ALTER TABLE bench.t{t:02d} ADD COLUMN extra VARCHAR(20) NULL DEFAULT 'x'")
                stmts.append(f"ALTER TABLE bench.t{t:02d} MODIFY b BIGINT")
            stmts.append("DROP TABLE bench.t00")
            stmts.append(ddl_table(0).replace("d DATETIME(3) NULL)", "d DATETIME(3) NULL, e JSON NULL)"))
        for t in range(DDL_TABLES):
            first = r * per + 1
            stmts.append(f"INSERT INTO bench.t{t:02d} (id, a, b, c, d) SELECT seq, CONCAT('r{r}-', seq), seq * {t}, "
                         f"seq / 4, TIMESTAMP'2024-01-01 00:00:00' + INTERVAL seq MINUTE "
                         f"FROM seq_{first}_to_{first + per - 1}")
            stmts.append(f"UPDATE bench.t{t:02d} SET b = b + 1, a = CONCAT(a, '+') "
                         f"WHERE id BETWEEN {first} AND {first + 4}")
            stmts.append(f"DELETE FROM bench.t{t:02d} WHERE id BETWEEN {first + 18} AND {first + 19}")
            counts.inserts += per
            counts.updates += 5
            counts.deletes += 2
        srv.sql(";\n".join(stmts) + ";\n", database="bench", timeout=1800)


BUILDERS: dict[str, Callable[[Any, Counts, float], None]] = {
    "wide": build_wide, "oltp": build_oltp, "bulk": build_bulk, "ddl": build_ddl,
}


def folder_name(shape: str, scale: float) -> str:
    return shape if scale == 1.0 else f"{shape}-x{scale:g}"


def files(data: Path, shape: str, scale: float = 1.0) -> list[Path]:
    return narrow_workload.files(data, folder_name(shape, scale))


def manifest(data: Path, shape: str, scale: float = 1.0) -> dict[str, Any]:
    return narrow_workload.manifest(data, folder_name(shape, scale))


def build(data: Path, shape: str, scale: float = 1.0, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Build ``shape`` at ``scale`` under ``data`` unless it is there; return its manifest."""
    from tests.mariadb.server import MariaDBServer

    name = folder_name(shape, scale)
    if files(data, shape, scale):
        return manifest(data, shape, scale)
    data.mkdir(parents=True, exist_ok=True)
    tmp = data / f".{name}.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    log(f"building {name}/ in {data} ...")
    start = time.perf_counter()
    counts = Counts()
    with MariaDBServer(SERVER_OPTIONS, basedir=data) as srv:
        BUILDERS[shape](srv, counts, scale)
        srv.flush_logs()
        copies = srv.copy_binlogs(tmp)
        version = srv.scalar("SELECT VERSION()")
    # keep the file with the data (the server's last binlog, opened by the flush, is nearly empty)
    for p in copies:
        if p.stat().st_size <= 4096:
            p.unlink()
    kept = sorted(p for p in tmp.iterdir() if p.name.startswith("binlog."))
    info: dict[str, Any] = {
        "set": name,
        "shape": shape,
        "scale": scale,
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
    p.add_argument("--shapes", default=",".join(SHAPES), help="comma list of " + ",".join(SHAPES))
    p.add_argument("--scale", type=float, default=1.0, help="multiply the number of changes (default 1.0)")
    a = p.parse_args()
    for name in a.shapes.split(","):
        if name not in SHAPES:
            p.error(f"unknown shape {name!r}")
        build(a.data, name, a.scale)


if __name__ == "__main__":
    main()
