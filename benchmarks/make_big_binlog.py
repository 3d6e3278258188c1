"""Make a large, valid binlog by repeating the transactions of a real one.

    python benchmarks/make_big_binlog.py OUT --size-mb 1024 [--source FILE]

The FDE and PREVIOUS_GTIDS of the source are kept; its transactions are then
written again and again with every event's next-position field rewritten and
its CRC32 recomputed, so the result reads like a file written by the server.
Not committed: the benchmark makes it on demand.
"""

from __future__ import annotations

import argparse
import struct
import zlib
from pathlib import Path

from binlog_ksy.runtime.reader import BinlogReader

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT / "tests/fixtures/rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693"


def make(out: Path, size: int, source: Path = DEFAULT_SOURCE) -> int:
    """Write ``out`` of at least ``size`` bytes; return the number of events written."""
    reader = BinlogReader(source)
    events = list(reader)
    assert reader.format is not None and reader.format.has_crc32
    head = [e for e in events if e.type_name in ("FORMAT_DESCRIPTION_EVENT", "PREVIOUS_GTIDS_LOG_EVENT")]
    body = [e for e in events if e not in head and e.type_name not in ("STOP_EVENT", "ROTATE_EVENT")
            and e.in_payload is None]
    count = 0
    with open(out, "wb", buffering=1 << 22) as f:
        f.write(b"\xfebin")
        pos = 4
        for e in head:
            f.write(e.raw)
            pos += len(e.raw)
            count += 1
        while pos < size:
            for e in body:
                raw = bytearray(e.raw)
                struct.pack_into("<I", raw, 13, pos + len(raw))
                struct.pack_into("<I", raw, len(raw) - 4, zlib.crc32(memoryview(raw)[:-4]))
                f.write(raw)
                pos += len(raw)
                count += 1
    return count


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", type=Path)
    p.add_argument("--size-mb", type=int, default=1024)
    p.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    a = p.parse_args()
    n = make(a.out, a.size_mb << 20, a.source)
    print(f"wrote {a.out}: {a.out.stat().st_size} bytes, {n} events")


if __name__ == "__main__":
    main()
