"""Read a binlog file event by event, in constant memory.

The data path starts here: ``path -> BinlogReader -> Event``. The reader frames
events with ``struct`` (the common header layout is ``event_header`` in
ksy/binlog_event.ksy), applies each FORMAT_DESCRIPTION_EVENT it meets, verifies
CRC32 checksums, expands TRANSACTION_PAYLOAD events into their inner events and
leaves the body bytes to the generated parsers, which run lazily when
``Event.body`` is read.

Layout sources: libs/mysql/binlog/event/binlog_event.h (header, magic, binlog
versions), control_events.h (Format_description_event), codecs/binary.cpp
(Transaction_payload); MySQL Internals "Binary Log Versions" for v1/v3 files.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterator

from kaitaistruct import KaitaiStream

from ..generated.event_control import EventControl
from ..generated.event_gtid import EventGtid
from .errors import (
    BinlogError,
    ChecksumMismatchError,
    EncryptedBinlogError,
    MalformedEventError,
    NotABinlogError,
    TruncatedEventError,
)
from .event import Event
from .event_types import (
    FORMAT_DESCRIPTION_EVENT,
    START_ENCRYPTION_EVENT,
    START_EVENT_V3,
    TRANSACTION_PAYLOAD_EVENT,
    event_type_name,
    is_known_event_type,
)

BINLOG_MAGIC = b"\xfebin"
ENCRYPTED_BINLOG_MAGIC = b"\xfdbin"
V1_HEADER_LEN = 13
V4_HEADER_LEN = 19
CHECKSUM_LEN = 4
#: Largest event a server can write (max_allowed_packet is at most 1 GiB) plus headers.
MAX_EVENT_LENGTH = (1 << 30) + 4096

_HEADER_V4 = struct.Struct("<IBIIIH")
_HEADER_V1 = struct.Struct("<IBII")
_LEN_AND_POS = struct.Struct("<II")

# Post-header lengths MySQL assumes for files without a format description
# (sql/log_event.cc, Format_description_log_event ctor, binlog_ver 1 and 3).
_V1_POST_HEADER_LENGTHS = bytes([56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0])
_V3_POST_HEADER_LENGTHS = bytes([56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0])

# Early 5.1/5.2 trees numbered TABLE_MAP 16, pre-GA rows 17-19, XID 20,
# BEGIN_LOAD_QUERY 21, EXECUTE_LOAD_QUERY 22 (5.1 log_event.cc event_type_permutation).
_PRE_GA_TYPE_CODES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 16, 17, 18)


@dataclass(frozen=True, slots=True)
class BinlogFormat:
    """How the events of a file are framed, from its format description (or version).

    Attributes
    ----------
    binlog_version
        1 (MySQL 3.23), 3 (MySQL 4.x) or 4 (MySQL 5.0+, MariaDB).
    header_len
        Length of the common header of every event.
    post_header_lengths
        Post-header length per event type code minus 1 (the file's numbering).
    has_crc32
        Every event but the format description ends with a CRC32.
    server_version
        The server version string, '' when the file does not say.
    uses_pre_ga_numbering
        Event types 16-22 are numbered as in the 5.1/5.2 development trees.
    """

    binlog_version: int
    header_len: int
    post_header_lengths: bytes
    has_crc32: bool = False
    server_version: str = ""
    uses_pre_ga_numbering: bool = False

    def post_header_len(self, raw_type_code: int) -> int:
        """Post-header length of a type code as written in the file (0 if not listed)."""
        if 1 <= raw_type_code <= len(self.post_header_lengths):
            return self.post_header_lengths[raw_type_code - 1]
        return 0

    def canonical_type(self, raw_type_code: int) -> int:
        """The type code in today's numbering."""
        if self.uses_pre_ga_numbering and raw_type_code < len(_PRE_GA_TYPE_CODES):
            return _PRE_GA_TYPE_CODES[raw_type_code]
        return raw_type_code

    @property
    def is_mariadb(self) -> bool:
        return "mariadb" in self.server_version.lower()


ErrorCallback = Callable[[BinlogError], None]


class BinlogReader:
    """Iterate over the events of one binlog file, lazily and in constant memory.

    Parameters
    ----------
    source
        A path, or a binary file object (seekable for ``on_error="skip"``).
    name
        The file name used in events and errors (default: the path).
    verify_checksums
        Check the CRC32 of every event of a checksummed file.
    on_error
        ``"stop"`` (default): after the last good event, raise the error that
        ended the read (a truncated tail raises :class:`TruncatedEventError`).
        ``"skip"``: record the error in :attr:`errors`, resume at the next
        position where a valid event starts, and keep reading.
    expand_payloads
        Yield the inner events of TRANSACTION_PAYLOAD events after the
        payload event itself (``Event.in_payload`` is their index).

    Examples
    --------
    >>> reader = BinlogReader("binlog.000001")
    >>> for event in reader:
    ...     print(event.pos, event.type_name)
    """

    def __init__(
        self,
        source: str | os.PathLike | BinaryIO,
        *,
        name: str | None = None,
        verify_checksums: bool = True,
        on_error: str = "stop",
        expand_payloads: bool = True,
    ) -> None:
        if on_error not in ("stop", "skip"):
            raise ValueError(f"on_error must be 'stop' or 'skip', not {on_error!r}")
        self._source = source
        if name is None:
            name = os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(source, "name", "<stream>")
        self.name = str(name)
        self.verify_checksums = verify_checksums
        self.on_error = on_error
        self.expand_payloads = expand_payloads
        #: Errors met so far (with ``on_error="skip"``, every skipped range; always the truncated tail).
        self.errors: list[BinlogError] = []
        #: The framing in force (None until the first event is read).
        self.format: BinlogFormat | None = None
        #: The file size when known.
        self.size: int | None = None
        #: Bytes of the file read so far (the end of the last complete event).
        self.position = 0

    # -- the public iterator -------------------------------------------------

    def __iter__(self) -> Iterator[Event]:
        if isinstance(self._source, (str, os.PathLike)):
            try:
                f = open(self._source, "rb", buffering=1 << 20)
            except OSError as exc:
                raise NotABinlogError(f"cannot open file: {exc.strerror or exc}", file=self.name) from None
            with f:
                yield from self._read(f)
        else:
            yield from self._read(self._source)

    # -- framing ---------------------------------------------------------------

    def _fail(self, error: BinlogError) -> None:
        """Record an error; raise it in stop mode."""
        self.errors.append(error)
        if self.on_error == "stop":
            raise error

    def _read(self, f: BinaryIO) -> Iterator[Event]:
        self.size = _size_of(f)
        magic = f.read(4)
        if magic == ENCRYPTED_BINLOG_MAGIC:
            raise EncryptedBinlogError(
                "the binlog is encrypted (binlog_encryption=ON, magic FD 'bin'); "
                "decrypt it with the server (mysqlbinlog --read-from-remote-server) first",
                file=self.name, offset=0, length=self.size)
        if magic != BINLOG_MAGIC:
            if not magic:
                what = "the file is empty"
            elif len(magic) < 4:
                what = f"the file has only {len(magic)} bytes"
            else:
                what = f"the file starts with {magic.hex(' ')}, not the binlog magic fe 62 69 6e"
            raise NotABinlogError(f"not a binlog: {what}", file=self.name, offset=0, length=self.size)
        self.position = 4
        first = f.read(V4_HEADER_LEN)
        pos = 4
        self.format = self._guess_format(first)
        pending = first
        fmt = self.format
        while True:
            header_len = fmt.header_len
            head = pending if pending is not None else f.read(header_len)
            pending = None
            if len(head) > header_len:  # the first read took 19 bytes of a 13-byte-header file
                extra = head[header_len:]
                head = head[:header_len]
            else:
                extra = b""
            if not head:
                return
            if len(head) < header_len:
                self._truncated(pos, len(head), "inside an event header")
                return
            if header_len >= V4_HEADER_LEN:
                timestamp, raw_type, server_id, length, next_pos, flags = _HEADER_V4.unpack_from(head)
            else:
                timestamp, raw_type, server_id, length = _HEADER_V1.unpack_from(head)
                next_pos, flags = pos + length, 0
            type_code = fmt.canonical_type(raw_type)
            min_len = header_len + (CHECKSUM_LEN if fmt.has_crc32 and type_code != FORMAT_DESCRIPTION_EVENT else 0)
            if length < min_len or length > MAX_EVENT_LENGTH:
                err = MalformedEventError(
                    f"impossible event length {length} (type code {raw_type})",
                    file=self.name, offset=pos, event_type=event_type_name(type_code))
                resume = self._resync(f, pos, err)
                if resume is None:
                    return
                pos = resume
                continue
            need = length - header_len
            rest = extra + f.read(need - len(extra)) if need > len(extra) else extra[:need]
            if len(rest) < need:
                have = header_len + len(rest)
                resume = None
                if self.size is not None and f.seekable():
                    resume = _find_next_event(f, pos + 1, fmt, self.size)
                if resume is None:
                    self._truncated(pos, have, f"inside an event of {length} bytes",
                                    event_type=event_type_name(type_code))
                    return
                # Not the end of the file: the length field itself is damaged.
                err = MalformedEventError(
                    f"event length {length} runs past the end of the file, but a valid event follows at {resume}",
                    file=self.name, offset=pos, event_type=event_type_name(type_code))
                resume = self._resync(f, pos, err)
                if resume is None:
                    return
                pos = resume
                continue
            raw = head + rest
            crc_len = 0
            if type_code == FORMAT_DESCRIPTION_EVENT:
                try:
                    fmt, crc_len = self._apply_format_description(raw, pos, header_len)
                except BinlogError as err:
                    resume = self._resync(f, pos, err)
                    if resume is None:
                        return
                    pos = resume
                    continue
                self.format = fmt
            elif fmt.has_crc32:
                crc_len = CHECKSUM_LEN
            if crc_len and self.verify_checksums and type_code != FORMAT_DESCRIPTION_EVENT:
                stored = int.from_bytes(raw[-4:], "little")
                computed = zlib.crc32(memoryview(raw)[:-4])
                if stored != computed:
                    err = ChecksumMismatchError(
                        f"CRC32 mismatch: stored {stored:08x}, computed {computed:08x} over {length - 4} bytes",
                        file=self.name, offset=pos, event_type=event_type_name(type_code), length=length)
                    resume = self._resync(f, pos, err)
                    if resume is None:
                        return
                    pos = resume
                    continue
            event = Event(
                file=self.name,
                pos=pos,
                type_code=type_code,
                timestamp=timestamp,
                server_id=server_id,
                length=length,
                end_pos=next_pos,
                flags=flags,
                raw=raw,
                header_len=header_len,
                # The FDE body type reads its own checksum trailer (event_control.ksy).
                checksum_len=0 if type_code == FORMAT_DESCRIPTION_EVENT else crc_len,
                post_header_len=fmt.post_header_len(raw_type),
                in_payload=None,
            )
            self.position = pos + length
            yield event
            if type_code == TRANSACTION_PAYLOAD_EVENT and self.expand_payloads:
                yield from self._inner_events(event, fmt)
            if type_code == START_ENCRYPTION_EVENT:
                raise EncryptedBinlogError(
                    "the events after this START_ENCRYPTION_EVENT are encrypted (MariaDB encrypt_binlog=ON); "
                    "read the file with mariadb-binlog on the server, which has the key",
                    file=self.name, offset=pos + length, event_type=event.type_name,
                    length=None if self.size is None else self.size - pos - length)
            pos += length

    def _guess_format(self, first: bytes) -> BinlogFormat:
        """The binlog version from the first event (MySQL Internals, "Binary Log Versions")."""
        if len(first) >= 13:
            type_code = first[4]
            length = int.from_bytes(first[9:13], "little")
            if type_code == FORMAT_DESCRIPTION_EVENT:
                return BinlogFormat(4, V4_HEADER_LEN, b"")
            if type_code == START_EVENT_V3 and length < 75:
                return BinlogFormat(1, V1_HEADER_LEN, _V1_POST_HEADER_LENGTHS)
        return BinlogFormat(3, V4_HEADER_LEN, _V3_POST_HEADER_LENGTHS)

    def _apply_format_description(self, raw: bytes, pos: int, header_len: int) -> tuple[BinlogFormat, int]:
        """Parse a FORMAT_DESCRIPTION_EVENT, check its CRC, return the new format and its CRC length."""
        body = raw[header_len:]
        try:
            fde = EventControl.FormatDescriptionEvent(KaitaiStream(io.BytesIO(body)))
            has_alg = bool(fde.has_checksum_alg)
            server_version = fde.server_version
            new_header_len = fde.len_header
            post_header_lengths = bytes(fde.post_header_lengths)
            has_crc32 = bool(fde.has_crc32)
            pre_ga = bool(fde.uses_pre_ga_numbering)
        except Exception as exc:  # generated parsers raise many types on bad bytes
            raise MalformedEventError(f"unreadable format description: {exc}", file=self.name, offset=pos,
                                      event_type="FORMAT_DESCRIPTION_EVENT", length=len(raw)) from None
        if new_header_len < V4_HEADER_LEN:
            raise MalformedEventError(f"format description declares a {new_header_len}-byte header",
                                      file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT",
                                      length=len(raw))
        if has_crc32 and self.verify_checksums:
            # The CRC is computed with LOG_EVENT_BINLOG_IN_USE_F cleared (binlog_event.h).
            check = bytearray(raw[:-4])
            check[17] &= 0xFE
            stored = int.from_bytes(raw[-4:], "little")
            computed = zlib.crc32(check)
            if stored != computed:
                raise ChecksumMismatchError(
                    f"CRC32 mismatch: stored {stored:08x}, computed {computed:08x}",
                    file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT", length=len(raw))
        fmt = BinlogFormat(4, new_header_len, post_header_lengths, has_crc32, server_version, pre_ga)
        return fmt, (CHECKSUM_LEN if has_alg else 0)

    def _truncated(self, pos: int, have: int, what: str, event_type: str | None = None) -> None:
        err = TruncatedEventError(
            f"the file ends {what} ({have} bytes of a partial event at its end); "
            "every complete event before it was read",
            file=self.name, offset=pos, event_type=event_type, length=have)
        self._fail(err)

    # -- recovery ----------------------------------------------------------------

    def _resync(self, f: BinaryIO, pos: int, err: BinlogError) -> int | None:
        """In skip mode, find where the next valid event starts after a bad one at ``pos``.

        Returns the position to resume at (the stream is left there), or None
        when nothing valid follows (the rest of the file is reported).
        """
        self._fail(err)  # raises in stop mode
        fmt = self.format
        if fmt is None or not f.seekable():
            err.length = None
            return None
        resume = _find_next_event(f, pos + 1, fmt, self.size)
        end = resume if resume is not None else (self.size if self.size is not None else pos)
        err.length = end - pos
        if resume is None:
            f.seek(0, io.SEEK_END)
            return None
        f.seek(resume)
        return resume

    # -- TRANSACTION_PAYLOAD -------------------------------------------------------

    def _inner_events(self, payload_event: Event, fmt: BinlogFormat) -> Iterator[Event]:
        """Decompress a TRANSACTION_PAYLOAD and yield its events (full headers, no CRC).

        Layout: libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode;
        the inner events' log_pos is 0 and they carry the payload event's position.
        """
        pos = payload_event.pos
        try:
            body = payload_event.body
            compression = int(body.compression_type)
            payload = body.payload
        except BinlogError as err:
            self._fail(err)
            return
        except Exception as exc:
            self._fail(MalformedEventError(f"unreadable TRANSACTION_PAYLOAD header: {exc}", file=self.name,
                                           offset=pos, event_type=payload_event.type_name,
                                           length=payload_event.length))
            return
        if compression == 0:
            import zstandard

            stream: BinaryIO = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(payload), read_across_frames=True)
        elif compression == 255:
            stream = io.BytesIO(payload)
        else:
            self._fail(MalformedEventError(f"unknown payload compression type {compression}", file=self.name,
                                           offset=pos, event_type=payload_event.type_name,
                                           length=payload_event.length))
            return
        index = 0
        try:
            while True:
                head = _read_exact(stream, V4_HEADER_LEN)
                if not head:
                    return
                if len(head) < V4_HEADER_LEN:
                    raise MalformedEventError(f"payload ends inside the header of inner event {index}")
                timestamp, raw_type, server_id, length, next_pos, flags = _HEADER_V4.unpack_from(head)
                if length < V4_HEADER_LEN or length > MAX_EVENT_LENGTH:
                    raise MalformedEventError(f"inner event {index} has an impossible length {length}")
                rest = _read_exact(stream, length - V4_HEADER_LEN)
                if len(rest) < length - V4_HEADER_LEN:
                    raise MalformedEventError(f"payload ends inside inner event {index}")
                type_code = fmt.canonical_type(raw_type)
                yield Event(
                    file=self.name, pos=pos, type_code=type_code, timestamp=timestamp, server_id=server_id,
                    length=length, end_pos=next_pos, flags=flags, raw=head + rest, header_len=V4_HEADER_LEN,
                    checksum_len=0, post_header_len=fmt.post_header_len(raw_type), in_payload=index)
                index += 1
        except MalformedEventError as err:
            err.file, err.offset, err.event_type = self.name, pos, payload_event.type_name
            err.length = payload_event.length
            self._fail(err)
        except Exception as exc:  # zstd errors
            self._fail(MalformedEventError(f"cannot decompress the payload: {exc}", file=self.name, offset=pos,
                                           event_type=payload_event.type_name, length=payload_event.length))


def _read_exact(stream: BinaryIO, n: int) -> bytes:
    """Read n bytes from a stream that may return short reads (zstd)."""
    data = stream.read(n)
    if len(data) == n or not data:
        return data
    parts = [data]
    got = len(data)
    while got < n:
        more = stream.read(n - got)
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def _size_of(f: BinaryIO) -> int | None:
    try:
        if f.seekable():
            here = f.tell()
            size = f.seek(0, io.SEEK_END)
            f.seek(here)
            return size
    except (OSError, AttributeError, ValueError):
        pass
    return None


def _plausible_event(buf: bytes, i: int, pos: int, fmt: BinlogFormat, size: int | None) -> bool:
    """Whether an event header starting at buf[i] (file position pos) looks valid."""
    header_len = fmt.header_len
    if i + header_len > len(buf):
        return False
    type_code = fmt.canonical_type(buf[i + 4])
    if not is_known_event_type(type_code):
        return False
    length = int.from_bytes(buf[i + 9:i + 13], "little")
    if length < header_len or length > MAX_EVENT_LENGTH or (size is not None and pos + length > size):
        return False
    if header_len >= V4_HEADER_LEN:
        next_pos = int.from_bytes(buf[i + 13:i + 17], "little")
        if next_pos not in (0, pos + length) and not fmt.has_crc32:
            return False
    if fmt.has_crc32 and type_code != FORMAT_DESCRIPTION_EVENT:
        if i + length > len(buf):
            return False
        return zlib.crc32(buf[i:i + length - 4]) == int.from_bytes(buf[i + length - 4:i + length], "little")
    return True


def _find_next_event(f: BinaryIO, start: int, fmt: BinlogFormat, size: int | None) -> int | None:
    """The first position at or after ``start`` where a plausible event begins."""
    window = 1 << 20
    pos = start
    while size is None or pos < size:
        f.seek(pos)
        buf = f.read(window + MAX_SCAN_EVENT)
        if len(buf) < fmt.header_len:
            return None
        limit = min(window, len(buf))
        for i in range(limit):
            if _plausible_event(buf, i, pos + i, fmt, size):
                length = int.from_bytes(buf[i + 9:i + 13], "little")
                if i + length > len(buf) and fmt.has_crc32:
                    f.seek(pos + i)
                    whole = f.read(length)
                    if not _plausible_event(whole, 0, pos + i, fmt, size):
                        continue
                return pos + i
        pos += limit
    return None


#: How far past a scan window an event found in it may extend and still be checked in memory.
MAX_SCAN_EVENT = 1 << 16
