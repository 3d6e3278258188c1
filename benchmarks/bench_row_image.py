"""Micro-benchmark of the row-image decoder: rows per second for a small table.

Builds 1,000,000 distinct synthetic row images of an 8-column table (INT,
BIGINT UNSIGNED, VARCHAR(32) utf8mb4, DATETIME(0), DECIMAL(10,2), TINYINT,
DOUBLE, DATE; the BIGINT is NULL in 1 row of 10), cut into ~8 KiB events as
``binlog_row_event_max_size`` does, and times
:func:`binlog_ksy.runtime.rows.image.decode_rows` over them as WRITE_ROWS
images and as UPDATE_ROWS (before, after) pairs. A plain per-column
``struct`` decoder of the same table runs once for comparison on the same
machine.

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
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from binlog_ksy.runtime.column import Column
from binlog_ksy.runtime.constants import MYSQL_TYPE as T
from binlog_ksy.runtime.rows.image import decode_rows

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


def make_events(nrows: int, event_size: int = 8192, pairs: bool = False) -> list[bytes]:
    """``nrows`` distinct row images cut into events (consecutive pairs for UPDATE)."""
    rng = random.Random(42)
    events: list[bytes] = []
    current: list[bytes] = []
    size = 0
    for i in range(nrows):
        row = make_row(rng, i)
        if pairs and i % 2 == 0 and size + 2 * len(row) > event_size and current:
            events.append(b"".join(current))
            current, size = [], 0
        if not pairs and size + len(row) > event_size and current:
            events.append(b"".join(current))
            current, size = [], 0
        current.append(row)
        size += len(row)
    if current:
        events.append(b"".join(current))
    return events


def naive_decode(data: bytes) -> list[dict[str, Any]]:
    """A straightforward per-column struct decoder of the same table (calibration only)."""
    rows = []
    pos = 0
    while pos < len(data):
        nulls = data[pos]
        pos += 1
        row: dict[str, object] = {}
        for k, column in enumerate(COLUMNS):
            if nulls >> k & 1:
                row[column.name] = None
                continue
            t = column.type
            if t == T.LONG:
                row[column.name] = struct.unpack_from("<i", data, pos)[0]
                pos += 4
            elif t == T.LONGLONG:
                row[column.name] = struct.unpack_from("<Q", data, pos)[0]
                pos += 8
            elif t == T.VARCHAR:
                n = data[pos]
                row[column.name] = data[pos + 1 : pos + 1 + n].decode("utf-8")
                pos += 1 + n
            elif t == T.DATETIME2:
                v = int.from_bytes(data[pos : pos + 5], "big") - 0x8000000000
                pos += 5
                ymd, hms = v >> 17, v % (1 << 17)
                row[column.name] = datetime(
                    (ymd >> 5) // 13, (ymd >> 5) % 13, ymd % 32, hms >> 12, (hms >> 6) % 64, hms % 64
                )
            elif t == T.NEWDECIMAL:
                raw = bytearray(data[pos : pos + 5])
                pos += 5
                negative = not raw[0] & 0x80
                raw[0] ^= 0x80
                if negative:
                    raw = bytearray(b ^ 0xFF for b in raw)
                text = f"{'-' if negative else ''}{int.from_bytes(raw[:4], 'big')}.{raw[4]:02d}"
                row[column.name] = Decimal(text)
            elif t == T.TINY:
                row[column.name] = struct.unpack_from("<b", data, pos)[0]
                pos += 1
            elif t == T.DOUBLE:
                row[column.name] = struct.unpack_from("<d", data, pos)[0]
                pos += 8
            elif t == T.DATE:
                v = int.from_bytes(data[pos : pos + 3], "little")
                pos += 3
                row[column.name] = date(v >> 9, (v >> 5) & 15, v & 31)
        rows.append(row)
    return rows


def _time(label: str, func, events: list[bytes], nrows: int, repeat: int) -> tuple[str, float, float]:
    """Best wall-clock and best CPU (process) time over ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        count = 0
        for data in events:
            count += len(func(data))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert count == nrows, (label, count)
    return label, min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-baseline", action="store_true", help="skip the naive decoder")
    args = parser.parse_args()

    events = make_events(args.rows)
    present = b"\xff"
    # UPDATE events: the same images as (before, after) pairs, half as many rows
    update_events = make_events(args.rows, event_size=8192, pairs=True)
    decode_rows(COLUMNS, "insert", None, present, events[0])  # compile outside the timing
    runs = [
        _time(
            "decode_rows insert",
            lambda d: decode_rows(COLUMNS, "insert", None, present, d),
            events,
            args.rows,
            args.repeat,
        ),
        _time(
            "decode_rows update (pairs)",
            lambda d: decode_rows(COLUMNS, "update", present, present, d),
            update_events,
            args.rows // 2,
            args.repeat,
        ),
    ]
    if not args.no_baseline:
        runs.append(_time("naive struct decoder", naive_decode, events, args.rows, 1))
    print(f"machine : {platform.platform()} | {platform.processor() or platform.machine()} | {os.cpu_count()} CPUs")
    print(f"python  : {platform.python_implementation()} {sys.version.split()[0]}")
    print(f"table   : {len(COLUMNS)} columns ({', '.join(c.type_name for c in COLUMNS)})")
    print(f"data    : {args.rows:,} row images in {len(events):,} events of <= 8 KiB")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load    : {load:.2f} (1-minute load average; CPU time is the steadier figure)")
    print()
    print(f"{'decoder':<28} {'wall s':>8} {'images/s wall':>14} {'cpu s':>8} {'images/s cpu':>14}")
    for label, wall, cpu in runs:
        print(f"{label:<28} {wall:>8.3f} {args.rows / wall:>14,.0f} {cpu:>8.3f} {args.rows / cpu:>14,.0f}")


if __name__ == "__main__":
    main()
