"""Micro-benchmark of the row-image decoder: rows per second for a small table.

Builds 1,000,000 synthetic WRITE_ROWS row images of an 8-column table
(INT, BIGINT UNSIGNED, VARCHAR(32) utf8mb4, DATETIME(0), DECIMAL(10,2),
TINYINT, DOUBLE, DATE; one nullable column NULL in 1 row of 10), cut into
~8 KiB events like ``binlog_row_event_max_size`` does, and times
:func:`binlog_ksy.runtime.row_image.decode_rows` over them.

Run from the repository root::

    .venv/bin/python benchmarks/bench_row_image.py [--rows N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import struct
import sys
import time

from binlog_ksy.runtime.column import MYSQL_TYPE as T
from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.row_image import decode_rows

COLUMNS = (
    Column(0, "id", T.LONG, nullable=False, unsigned=False),
    Column(1, "big", T.LONGLONG, unsigned=True),
    Column(2, "name", T.VARCHAR, 128, charset=255),  # VARCHAR(32) utf8mb4: 128 bytes max
    Column(3, "created", T.DATETIME2, 0),
    Column(4, "amount", T.NEWDECIMAL, (10 << 8) | 2),
    Column(5, "flag", T.TINY, unsigned=False),
    Column(6, "score", T.DOUBLE, 8),
    Column(7, "day", T.DATE),
)


def _datetime2(y: int, mo: int, d: int, h: int, mi: int, s: int) -> bytes:
    ymd = ((y * 13 + mo) << 5) | d
    hms = (h << 12) | (mi << 6) | s
    return ((ymd << 17 | hms) + 0x8000000000).to_bytes(5, "big")


def _decimal_10_2(cents: int) -> bytes:
    neg = cents < 0
    whole, frac = divmod(abs(cents), 100)
    raw = bytearray(whole.to_bytes(4, "big") + bytes([frac]))
    raw[0] ^= 0x80
    if neg:
        raw = bytearray(b ^ 0xFF for b in raw)
    return bytes(raw)


def make_row(rng: random.Random, i: int) -> bytes:
    nulls = 0x02 if i % 10 == 0 else 0x00  # column 1 (big) NULL in 1 row of 10
    name = f"user-{rng.randrange(10**6)}".encode()
    out = bytearray([nulls])
    out += struct.pack("<i", i)
    if not nulls:
        out += struct.pack("<Q", rng.randrange(2**63))
    out += bytes([len(name)]) + name
    out += _datetime2(2020 + i % 5, 1 + i % 12, 1 + i % 28, i % 24, i % 60, i % 60)
    out += _decimal_10_2(rng.randrange(-10**9, 10**9))
    out += struct.pack("<b", rng.randrange(-128, 128))
    out += struct.pack("<d", rng.random())
    y, m, d = 2000 + i % 30, 1 + i % 12, 1 + i % 28
    out += (y << 9 | m << 5 | d).to_bytes(3, "little")
    return bytes(out)


def make_events(nrows: int, event_size: int = 8192) -> list[bytes]:
    rng = random.Random(42)
    distinct = [make_row(rng, i) for i in range(4096)]
    events, current, size = [], [], 0
    for i in range(nrows):
        row = distinct[i % len(distinct)]
        if size + len(row) > event_size and current:
            events.append(b"".join(current))
            current, size = [], 0
        current.append(row)
        size += len(row)
    if current:
        events.append(b"".join(current))
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    events = make_events(args.rows)
    present = b"\xff"
    decode_rows(COLUMNS, "insert", None, present, events[0])  # compile outside the timing
    results = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        count = 0
        for data in events:
            count += len(decode_rows(COLUMNS, "insert", None, present, data))
        elapsed = time.perf_counter() - start
        assert count == args.rows, count
        results.append(elapsed)
    best = min(results)
    print(f"machine : {platform.platform()} | {platform.processor() or platform.machine()} | {os.cpu_count()} CPUs")
    print(f"python  : {platform.python_implementation()} {sys.version.split()[0]}")
    print(f"table   : {len(COLUMNS)} columns ({', '.join(c.type_name for c in COLUMNS)})")
    print(f"data    : {args.rows:,} rows in {len(events):,} events of <= 8 KiB")
    print()
    print(f"{'run':>4} {'seconds':>9} {'rows/s':>12}")
    for i, elapsed in enumerate(results, 1):
        print(f"{i:>4} {elapsed:>9.3f} {args.rows / elapsed:>12,.0f}")
    print(f"{'best':>4} {best:>9.3f} {args.rows / best:>12,.0f}")


if __name__ == "__main__":
    main()
