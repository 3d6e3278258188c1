"""Benchmark row decoding: rows/s and MB/s on a binlog with one million small rows,
side by side with `mariadb-binlog -vv` on the same file.

    python benchmarks/bench_rows.py [--rows 1000000] [--keep DIR]

Starts a throw-away MariaDB server (tests/mariadb/server.py), writes the rows
with INSERT ... SELECT from the Sequence engine (FULL row metadata, CRC32),
then times, each in its own process: binlog-ksy's ChangeReader (Python
values), `binlog-ksy rows --format jsonl`, and `mariadb-binlog -vv
--base64-output=decode-rows`. Prints a table and the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCHEMA = """
CREATE DATABASE bench;
CREATE TABLE bench.t (
  id INT PRIMARY KEY, qty INT NOT NULL, name VARCHAR(32), created DATETIME(3), price DECIMAL(10,2),
  flag TINYINT UNSIGNED, note CHAR(8)
) ENGINE=InnoDB;
"""


def make_binlog(rows: int, dest: Path) -> list[Path]:
    from tests.mariadb.server import MariaDBServer

    with MariaDBServer({"binlog_row_metadata": "FULL", "max_allowed_packet": "1G"}) as srv:
        srv.sql(SCHEMA)
        chunk = 100_000
        for start in range(0, rows, chunk):
            n = min(chunk, rows - start)
            srv.sql(f"""INSERT INTO bench.t SELECT seq, seq % 1000, CONCAT('item-', seq),
                TIMESTAMP('2024-01-01') + INTERVAL seq SECOND, seq / 100, seq % 256, 'x'
                FROM seq_{start + 1}_to_{start + n}""", database="bench")
        srv.flush_logs()
        return [p for p in srv.copy_binlogs(dest) if p.stat().st_size > 10_000]


def timed(cmd: list[str], stdout=subprocess.DEVNULL) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=stdout)
    return time.perf_counter() - t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rows", type=int, default=1_000_000)
    p.add_argument("--keep", type=Path, help="keep the binlog in this folder")
    a = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-rows-"))
    try:
        t = time.perf_counter()
        files = make_binlog(a.rows, tmp)
        size = sum(f.stat().st_size for f in files)
        print(f"made {len(files)} binlog file(s), {size / 2**20:.1f} MiB, {a.rows} rows "
              f"in {time.perf_counter() - t:.0f} s")
        print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
        py = sys.executable
        count = ("import sys; from binlog_ksy.runtime.changes import iter_changes; "
                 "n = sum(1 for f in sys.argv[1:] for _ in iter_changes(f)); print(n)")
        results = []
        out = subprocess.run([py, "-c", count, *map(str, files)], capture_output=True, text=True, check=True)
        assert int(out.stdout) == a.rows, out.stdout
        results.append(("binlog-ksy ChangeReader (Python values)", timed([py, "-c", count, *map(str, files)])))
        exe = str(Path(py).with_name("binlog-ksy"))
        results.append(("binlog-ksy rows --format jsonl", timed([exe, "rows", "--format", "jsonl", *map(str, files)])))
        mb = shutil.which("mariadb-binlog") or "mariadb-binlog"
        results.append(("mariadb-binlog -vv --base64-output=decode-rows",
                        timed([mb, "-vv", "--base64-output=decode-rows", *map(str, files)])))
        print(f"{'reader':<48} {'seconds':>8} {'rows/s':>10} {'MB/s':>7}")
        for name, secs in results:
            print(f"{name:<48} {secs:>8.1f} {a.rows / secs:>10.0f} {size / 2**20 / secs:>7.1f}")
        if a.keep:
            a.keep.mkdir(parents=True, exist_ok=True)
            for f in files:
                shutil.copy(f, a.keep)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
