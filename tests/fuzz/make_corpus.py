"""Write the hand-made files of tests/fuzz/corpus/ (run from the repository root).

    .venv/bin/python tests/fuzz/make_corpus.py

Each file is a seed for the fuzzers or the smallest input that showed a bug;
the name says which, and CORPUS_NOTES below says what each one broke. Files
that the fuzzers found and saved themselves (``found-*.bin``) are not
rewritten here.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from fixture_index import fixture  # noqa: E402

CORPUS = HERE / "corpus"

#: What each file is for (README.md repeats it).
CORPUS_NOTES = {
    "seed-empty.bin": "empty file: NotABinlogError, exit status 2",
    "seed-three-bytes.bin": "3 bytes of the magic: NotABinlogError",
    "seed-magic-only.bin": "the magic and nothing else: no events, no error",
    "seed-not-a-binlog.bin": "a text file: NotABinlogError",
    "seed-mysql-encrypted.bin": "MySQL encrypted binlog (FD 'bin' + a 512-byte v1 header): EncryptedBinlogError at 0",
    "bug-start-encryption-empty-body.bin":
        "fixed in reader.py: a START_ENCRYPTION_EVENT type code on a 19-byte event raised IndexError",
    "bug-huge-length-inside-file.bin":
        "fixed in reader.py: an event announcing ~1 GiB was read with one f.read(), which allocates the "
        "announced size before reading",
    "bug-payload-inner-length-huge.bin":
        "fixed in reader.py: an inner event of a zstd TRANSACTION_PAYLOAD announcing ~1 GiB made the zstd "
        "reader allocate it",
    "bug-fde-length-flipped.bin":
        "fixed in reader.py: a format description whose length byte was damaged was accepted as a checksum-free "
        "FDE and the rest of a CRC32 file was misframed (every event lost)",
    "bug-fde-type-flipped.bin":
        "fixed in reader.py: a damaged type code on the first event made the reader guess binlog v3 and read a "
        "CRC32 file without checksums",
    "bug-query-compressed-bad-algorithm.bin":
        "fixed in transactions.py (ea3a509): a QUERY_COMPRESSED_EVENT whose compressed header names an unknown "
        "algorithm made iter_changes raise CompressionError (TransactionTracker.update -> describe.query_text "
        "-> inflate)",
    "bug-query-compressed-bad-zlib.bin":
        "fixed in transactions.py (ea3a509): same path, zlib data that does not inflate",
}


def _fix_crc(data: bytearray, pos: int, length: int) -> None:
    data[pos + length - 4:pos + length] = zlib.crc32(bytes(data[pos:pos + length - 4])).to_bytes(4, "little")


def _header(type_code: int, length: int, next_pos: int, timestamp: int = 1_500_000_000, server_id: int = 1) -> bytes:
    return (timestamp.to_bytes(4, "little") + bytes([type_code]) + server_id.to_bytes(4, "little")
            + length.to_bytes(4, "little") + next_pos.to_bytes(4, "little") + bytes(2))


def mysql_encrypted_header() -> bytes:
    """FD 'bin', version 1, then the v1 header's key id, encrypted password and IV fields, padded to 512."""
    key_id = b"MySQLReplicationKey_" + b"3e11fa47-71ca-11e1-9e33-c80aa9429562" + b"_1"
    out = b"\xfdbin" + bytes([1])
    out += bytes([1, len(key_id)]) + key_id  # KEY_ID
    out += bytes([2]) + bytes(range(32))  # ENCRYPTED_FILE_PASSWORD
    out += bytes([3]) + bytes(range(100, 116))  # IV_FOR_FILE_PASSWORD
    out += bytes(512 - len(out))
    return out + bytes((i * 37 + 11) & 0xFF for i in range(256))  # "encrypted" events


def start_encryption_empty_body() -> bytes:
    data = fixture("bug40482-bin.000001").path.read_bytes()  # pre-5.6, no checksums
    fde_end = 4 + int.from_bytes(data[13:17], "little")
    return data[:fde_end] + _header(164, 19, fde_end + 19) + data[fde_end:]


def huge_length_inside_file() -> bytes:
    d = bytearray(fixture("time_issue.000001").path.read_bytes())
    pos = 4 + int.from_bytes(d[13:17], "little")  # the event after the FDE
    d[pos + 9:pos + 13] = (0x3FFF0000).to_bytes(4, "little")
    return bytes(d)


def payload_inner_length_huge() -> bytes:
    import zstandard

    data = fixture("transaction_compression.000001").path.read_bytes()
    pos = 274  # the TRANSACTION_PAYLOAD_EVENT
    length = int.from_bytes(data[pos + 9:pos + 13], "little")
    body = data[pos + 19:pos + length - 4]
    assert body[:9] == bytes.fromhex("020100 0301b3 01017c") and body[9] == 0
    inner = bytearray(zstandard.ZstdDecompressor().decompress(body[10:], max_output_size=1 << 16))
    inner[9:13] = (0x3FFFFFF0).to_bytes(4, "little")  # the first inner event announces ~1 GiB
    packed = zstandard.ZstdCompressor().compress(bytes(inner))
    assert len(packed) < 251
    new_body = bytes.fromhex("020100 0301b3") + bytes([1, 1, len(packed), 0]) + packed
    new_len = 19 + len(new_body) + 4
    event = bytearray(data[pos:pos + 19] + new_body + bytes(4))
    event[9:13] = new_len.to_bytes(4, "little")
    event[13:17] = (pos + new_len).to_bytes(4, "little")
    _fix_crc(event, 0, new_len)
    return data[:pos] + bytes(event)  # the file ends after the payload (later log_pos would not match)


def fde_length_flipped() -> bytes:
    d = bytearray(fixture("Percona-Lab__percona-binlog-server/mtr__binlog_streaming__std_data__data_80045_gtid"
                          ".zip__data_80045_gtid__binlog.000002").path.read_bytes())
    d[4 + 9] ^= 0x01
    return bytes(d)


def fde_type_flipped() -> bytes:
    d = bytearray(fixture("time_issue.000001").path.read_bytes())
    d[4 + 4] ^= 0xFF
    return bytes(d)


def query_compressed(first_bytes: bytes) -> bytes:
    """time_issue.000001 with its QUERY 'BEGIN' retyped QUERY_COMPRESSED_EVENT (CRC fixed)."""
    d = bytearray(fixture("time_issue.000001").path.read_bytes())
    pos, length = 236, 76
    assert d[pos + 4] == 2
    d[pos + 4] = 165
    text = d.find(b"BEGIN", pos, pos + length)
    d[text:text + len(first_bytes)] = first_bytes
    _fix_crc(d, pos, length)
    return bytes(d)


def main() -> None:
    CORPUS.mkdir(exist_ok=True)
    files = {
        "seed-empty.bin": b"",
        "seed-three-bytes.bin": b"\xfebi",
        "seed-magic-only.bin": b"\xfebin",
        "seed-not-a-binlog.bin": b"-- MySQL dump 10.13  Distrib 8.0.36\n",
        "seed-mysql-encrypted.bin": mysql_encrypted_header(),
        "bug-start-encryption-empty-body.bin": start_encryption_empty_body(),
        "bug-huge-length-inside-file.bin": huge_length_inside_file(),
        "bug-payload-inner-length-huge.bin": payload_inner_length_huge(),
        "bug-fde-length-flipped.bin": fde_length_flipped(),
        "bug-fde-type-flipped.bin": fde_type_flipped(),
        "bug-query-compressed-bad-algorithm.bin": query_compressed(b"\xc1"),  # algorithm 4
        "bug-query-compressed-bad-zlib.bin": query_compressed(b"\x81\x05BE"),  # zlib header 'BE' is invalid
    }
    assert set(files) == set(CORPUS_NOTES)
    for name, data in files.items():
        (CORPUS / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
