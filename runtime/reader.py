"""Read a binlog file event by event, in constant memory.

The data path starts here: ``path -> BinlogReader -> Event``. The reader frames
events with ``struct`` (the common header layout is ``event_header`` in
ksy/binlog_event.ksy), applies each FORMAT_DESCRIPTION_EVENT it meets, verifies
CRC32 checksums, expands TRANSACTION_PAYLOAD events into their inner events and
leaves the body bytes to the generated parsers, which run lazily when
``Event.body`` is read.

Damaged input never stops the reader with anything but a :class:`BinlogError`,
and with ``on_error="skip"`` it loses nothing it can read: every byte of the
file after the magic is either in a yielded event or in the ``offset`` /
``length`` range of exactly one error in :attr:`BinlogReader.errors` (the books
balance). After a bad event the reader scans for the next position where an
event provably starts (a valid CRC32 in checksummed files; a header whose
next-position field or successor header agrees, in the others), so a damaged
event costs that event only and a garbage region is one error covering it.

Layout sources: libs/mysql/binlog/event/binlog_event.h (header, magic, binlog
versions), control_events.h (Format_description_event), codecs/binary.cpp
(Transaction_payload); MySQL Internals "Binary Log Versions" for v1/v3 files;
MariaDB sql/log_event.h (Start_encryption_log_event).
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import struct
import zlib
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from kaitaistruct import KaitaiStream

from ..generated.event_control import EventControl
from .bodies import FormatDescriptionBody, TransactionPayloadBody
from .constants import (
    BINLOG_MAGIC,
    ENCRYPTED_BINLOG_MAGIC,
    FORMAT_DESCRIPTION_EVENT,
    MARIADB_GTID_EVENT,
    START_ENCRYPTION_EVENT,
    START_EVENT_V3,
    TRANSACTION_PAYLOAD_EVENT,
    XID_EVENT,
    event_type_name,
    is_known_event_type,
)
from .errors import (
    BinlogError,
    ChecksumMismatchError,
    EncryptedBinlogError,
    MalformedEventError,
    NotABinlogError,
    TruncatedEventError,
    UnreadableFileError,
    UsageError,
)
from .event import Event
from .storage import open_binlog

if TYPE_CHECKING:
    from . import _checksums_ahead

frame_events: Callable[..., int] | None
try:
    from ._framing import frame_events
except ImportError:  # not compiled (a zip on --py-files, no compiler): every event framed by _next_event
    frame_events = None
ChecksumsAhead: type[_checksums_ahead.ChecksumsAhead] | None
try:
    from ._checksums_ahead import ChecksumsAhead
except ImportError:  # not compiled: the framing loops check every CRC32 themselves (or there are none)
    ChecksumsAhead = None

V1_HEADER_LEN = 13
V4_HEADER_LEN = 19
CHECKSUM_LEN = 4
#: zlib.crc32 of any bytes followed by their own CRC32, little-endian as binlogs store it: an event whose
#: whole bytes give this has a good checksum (one pass, no slice).
CRC32_RESIDUE = 0x2144DF1C
#: Largest event a server can write (max_allowed_packet is at most 1 GiB) plus headers.
MAX_EVENT_LENGTH = (1 << 30) + 4096
#: Body of START_EVENT_V3: binlog_version (2), server_version (50), created (4).
START_V3_BODY_LEN = 56
#: Body of START_ENCRYPTION_EVENT: crypto_scheme (1), key_version (4), nonce (12).
START_ENCRYPTION_BODY_LEN = 17
#: Offset of the flags byte holding LOG_EVENT_BINLOG_IN_USE_F in a v4 header.
_IN_USE_FLAG_OFFSET = 17
#: Reads are split into pieces of at most this size: Python allocates the whole
#: requested size before reading, so a damaged length field must never become one read.
READ_CHUNK = 1 << 20
#: A TRANSACTION_PAYLOAD's inner events up to this many bytes are checked and held
#: before the payload event is yielded; larger payloads are decompressed twice.
PAYLOAD_BUFFER = 16 << 20
#: Bytes scanned per step when looking for the next valid event after damage.
SCAN_WINDOW = 1 << 20
#: How far past a scan window an event found in it may extend and still be checked in memory.
MAX_SCAN_EVENT = 1 << 16

#: Bytes read at a time by the compiled framing loop (BinlogReader._frame_block).
FRAME_BLOCK = 1 << 20
#: A local file with more than this many bytes after the first block framed has its events' CRC32 checked by a
#: thread of its own, ahead of the framing (``_checksums_ahead.pyx``; BinlogReader._verified_end).
CHECKSUMS_AHEAD_MIN_BYTES = 2 * FRAME_BLOCK

#: What may take the events at the head of a block before they are framed (:meth:`BinlogReader.blocks`):
#: called with the block's bytes, its file offset, the file name, the ``BinlogFormat`` (v4 headers), the
#: reader's ``_Seen`` (to note the server ids and latest timestamp of what it takes), whether CRC32s are
#: verified, the largest event length and the file offset where the events whose CRC32 is known good end;
#: returns the bytes it took (whole events, framed as the compiled loop
#: frames them), what to hand out for them (0, None: nothing) and whether the bytes end inside what it would
#: take next (then, when it took something, the next block starts there: nothing after it is framed).
TakeHead = Callable[[bytes, int, str, "BinlogFormat", "_Seen", bool, int, int], tuple[int, Any, bool]]

_HEADER_V4 = struct.Struct("<IBIIIH")
_HEADER_V1 = struct.Struct("<IBII")

# Post-header lengths MySQL assumes for files without a format description
# (sql/log_event.cc, Format_description_log_event ctor, binlog_ver 1 and 3).
_V1_POST_HEADER_LENGTHS = bytes([56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0])
_V3_POST_HEADER_LENGTHS = bytes([56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0])

# Early 5.1/5.2 trees numbered TABLE_MAP 16, pre-GA rows 17-19, XID 20,
# BEGIN_LOAD_QUERY 21, EXECUTE_LOAD_QUERY 22 (5.1 log_event.cc event_type_permutation).
_PRE_GA_TYPE_CODES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 16, 17, 18)


#: Events the reader checks beyond their framing (BinlogReader._checked_event).
_CHECKED_TYPES = frozenset((FORMAT_DESCRIPTION_EVENT, START_ENCRYPTION_EVENT))
#: Events the reader does more with than hand them out (``BinlogReader._special``).
_NOT_PLAIN = frozenset((FORMAT_DESCRIPTION_EVENT, START_ENCRYPTION_EVENT, TRANSACTION_PAYLOAD_EVENT))

#: Type codes a server writes to a file (UNKNOWN_EVENT, 0, never is).
_REAL_TYPES = frozenset(c for c in range(256) if c != 0 and is_known_event_type(c))
# The raw type bytes a real event can have (the pre-GA numbering only permutes 16-22).
_REAL_TYPE_BYTE = re.compile(b"[" + b"".join(re.escape(bytes([c])) for c in sorted(_REAL_TYPES)) + b"]")


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
    #: Per raw type byte: (type code in today's numbering, post-header length), for the framing loop.
    by_raw_type: tuple[tuple[int, int], ...] = dataclasses.field(init=False, repr=False, compare=False)

    #: For the compiled framing loop: the type code per raw type byte, the post-header length per raw type
    #: byte, and per type code whether the loop leaves the event to ``BinlogReader._next_event`` (non-zero:
    #: the events the reader does more with, and unknown types without checksums).
    type_codes: bytes = dataclasses.field(init=False, repr=False, compare=False)
    post_header_lengths_by_raw: bytes = dataclasses.field(init=False, repr=False, compare=False)
    stop_types: bytes = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_raw_type", tuple(
            (self.canonical_type(raw), self.post_header_len(raw)) for raw in range(256)))
        object.__setattr__(self, "type_codes", bytes(code for code, _ in self.by_raw_type))
        object.__setattr__(self, "post_header_lengths_by_raw", bytes(length for _, length in self.by_raw_type))
        object.__setattr__(self, "stop_types", bytes(
            int(code in _NOT_PLAIN or (not self.has_crc32 and code not in _REAL_TYPES)) for code in range(256)))

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


#: The framing assumed for a v4 file until its format description is read.
_V4_BEFORE_FDE = BinlogFormat(4, V4_HEADER_LEN, b"")


class BinlogReader:
    """Iterate over the events of one binlog file, lazily and in constant memory.

    Parameters
    ----------
    source
        A path, or a binary file object (seekable for ``on_error="skip"`` to
        resume after damage; a stream's damaged rest is reported as one error).
    name
        The file name used in events and errors (default: the path).
    verify_checksums
        Check the CRC32 of every event of a checksummed file.
    on_error
        ``"stop"`` (default): after the last good event, raise the error that
        ended the read (a truncated tail raises :class:`TruncatedEventError`).
        ``"skip"``: record the error in :attr:`errors`, resume at the next
        position where a valid event starts, and keep reading. Each recorded
        error's ``offset`` and ``length`` give the bytes it skipped: together
        with the yielded events they cover the file from byte 4 to its end,
        with no gap and no overlap. In both modes a file that is not a
        binlog (:class:`NotABinlogError`) or is MySQL-encrypted raises at
        offset 0; after a MariaDB START_ENCRYPTION_EVENT, stop mode raises
        :class:`EncryptedBinlogError` and skip mode records it (its range is
        the encrypted rest of the file) and ends.
    expand_payloads
        Yield the inner events of TRANSACTION_PAYLOAD events after the
        payload event itself (``Event.in_payload`` is their index). A payload
        whose inner events do not decode is reported (and skipped) whole.
    start
        Read the events that begin at or after this byte offset (a split of
        the file): the format description is still read from the file start
        (and yielded), then reading goes on at the first position at or after
        ``start`` where an event provably begins (a valid CRC32, or a header
        its successor vouches for, as after damage). Needs a seekable v4 file.

    Examples
    --------
    >>> reader = BinlogReader("binlog.000001")
    >>> for event in reader:
    ...     print(event.pos, event.type_name)
    """

    def __init__(
        self,
        source: str | os.PathLike[str] | BinaryIO,
        *,
        name: str | None = None,
        verify_checksums: bool = True,
        on_error: str = "stop",
        expand_payloads: bool = True,
        start: int | None = None,
    ) -> None:
        if on_error not in ("stop", "skip"):
            raise UsageError(f"on_error must be 'stop' or 'skip', not {on_error!r}")
        self._source = source
        if name is None:
            name = os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(source, "name", "<stream>")
        self.name = str(name)
        self.verify_checksums = verify_checksums
        self.on_error = on_error
        self.expand_payloads = expand_payloads
        self.start = start
        #: Errors met so far (with ``on_error="skip"``, every skipped range; always the truncated tail).
        self.errors: list[BinlogError] = []
        #: The framing in force (None until the first event is read).
        self.format: BinlogFormat | None = None
        #: The file size when known.
        self.size: int | None = None
        #: Bytes of the file accounted for so far (the end of the last event read or range skipped).
        self.position = 0
        # True once a format description (or a v1/v3 start event) fixed the framing.
        self._format_known = False
        # Bytes already read from the file that start at the next event (only the first read of a v1 file).
        self._carry = b""
        self._seen = _Seen()
        # Whether the plain events of a block are framed at once (no: a block read failed).
        self._framing_blocks = True
        # What the ``take`` of :meth:`blocks` took at the head of the block being framed: bytes, and what to hand out.
        self._taken: tuple[int, Any] | None = None
        # The CRC32 checks running ahead of the framing (None: none yet, or none since the reader moved elsewhere)
        # and whether the file may have them (the reader opened it: a local file).
        self._ahead: Any = None
        self._ahead_file = False

    # -- the public iterator -------------------------------------------------

    def __iter__(self) -> Iterator[Event]:
        return self._reading(blocks=False)

    def blocks(self, take: TakeHead | None = None) -> Iterator[Any]:
        """The same events as iterating the reader, in blocks: the plain events the compiled loop framed
        together, or one event (``itertools.chain.from_iterable`` gives them one by one, with no Python step
        per event). :attr:`position` is then the end of the last block handed out.

        ``take`` may take the events at the head of a block of file bytes before the compiled loop frames
        them (:data:`TakeHead`): what it returns for them is handed out in their place, and their events are
        not.
        """
        return self._reading(blocks=True, take=take)

    def _reading(self, blocks: bool, take: TakeHead | None = None) -> Iterator[Any]:
        if isinstance(self._source, (str, os.PathLike)):
            try:
                f = open_binlog(os.fspath(self._source))  # a local path or a URI (s3://...); closed below
            except OSError as exc:
                raise NotABinlogError(f"cannot open file: {exc.strerror or exc}", file=self.name, offset=0) from None
        else:
            f = self._source
        self._ahead_file = f is not self._source and isinstance(getattr(f, "raw", None), io.FileIO)
        try:
            yield from self._read(f, blocks, take)
        except OSError as exc:  # a disk or network error, not the bytes: still a BinlogError
            raise UnreadableFileError(f"read error: {exc.strerror or exc}", file=self.name,
                                      offset=self.position) from None
        finally:
            self._stop_ahead()
            if f is not self._source:
                f.close()

    # -- framing ---------------------------------------------------------------

    def _fail(self, error: BinlogError) -> None:
        """Record an error; raise it in stop mode."""
        self.errors.append(error)
        if self.on_error == "stop":
            raise error

    def _check_magic(self, f: BinaryIO) -> None:
        magic = _read_upto(f, 4)
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

    def _read(self, f: BinaryIO, blocks: bool, take: TakeHead | None) -> Iterator[Any]:
        """The events (``blocks``: in blocks, see :meth:`blocks`)."""
        self.size = _size_of(f)
        self._format_known = False
        self._seen = seen = _Seen()
        seen_ids = seen.server_ids
        self._check_magic(f)
        self.position = pos = 4
        # Bytes already read from the file that start at ``pos`` (only the first read of a v1 file).
        self._carry = _read_upto(f, V4_HEADER_LEN)
        fmt, problem = self._guess_format(self._carry)
        self.format = fmt
        jump = self.start if self.start is not None and self.start > pos else None
        seekable = _seekable(f)
        self._framing_blocks = True
        framed: list[Event] = []
        while True:
            if jump is not None and self._format_known and not self._carry:
                found = self._jump(f, jump)
                jump = None
                if found is None:
                    return
                pos = found
            step = self._next_batch(f, pos, fmt, problem, jump is None, seekable, framed, take)
            if step is None:
                return
            batch, pos, fmt = step
            problem = None
            if batch is framed:  # plain events (fmt.stop_types), noted in ``seen`` by the compiled loop already
                if self._taken is not None:  # taken by ``take`` (blocks only), before the events framed
                    pos = yield from self._hand_out_taken(pos)
                    if not batch:
                        continue
                if blocks:
                    last = batch[-1]
                    self.position = pos = last.pos + last.length
                    yield batch
                else:
                    for event in batch:
                        self.position = pos = pos + event.length
                        yield event
                continue
            for event in batch:  # one event framed here (none after damage)
                if event.type_code in _NOT_PLAIN:
                    special = self._special(f, event, pos, fmt)
                    step_end = yield from (_one_by_one(special) if blocks else special)
                    if step_end is None:
                        return
                    pos, fmt = step_end
                    continue
                self.position = pos = pos + event.length
                seen_ids.add(event.server_id)
                if event.timestamp > seen.last:
                    seen.last = event.timestamp
                yield (event,) if blocks else event

    def _hand_out_taken(self, pos: int) -> Generator[Any, None, int]:
        """Hand out what the ``take`` of :meth:`blocks` took at ``pos``: the position after it."""
        assert self._taken is not None
        used, taken = self._taken
        self._taken = None
        self.position = pos + used
        yield taken
        return pos + used

    def _special(self, f: BinaryIO, event: Event, pos: int,
                 fmt: BinlogFormat) -> Generator[Event, None, tuple[int, BinlogFormat] | None]:
        """Yield a FORMAT_DESCRIPTION, TRANSACTION_PAYLOAD (and its inner events) or START_ENCRYPTION event at
        ``pos``: the position and format to go on with, None when the file ends here (encrypted events follow)."""
        length = event.length
        code = event.type_code
        seen = self._seen
        if code == FORMAT_DESCRIPTION_EVENT:
            assert self.format is not None  # set by the framing of this event
            fmt = self.format
        inner: list[Event] | None = []
        if code == TRANSACTION_PAYLOAD_EVENT and self.expand_payloads:
            inner, payload_err = self._check_payload(event, fmt)
            if payload_err is not None:
                # The framing is sound (the next event starts right after): skip this event only.
                payload_err.length = length
                self._fail(payload_err)
                self.position = pos + length
                return pos + length, fmt
        self.position = pos + length
        seen.server_ids.add(event.server_id)
        if event.timestamp > seen.last:
            seen.last = event.timestamp
        yield event
        if inner:
            yield from inner
        elif inner is None:  # too large to hold: decompress again, event by event
            yield from self._second_pass(event, fmt)
        pos += length
        # A START_ENCRYPTION_EVENT yielded is a real one (_check_start_encryption): encrypted events follow.
        if code == START_ENCRYPTION_EVENT and (self.size is None or pos < self.size):
            self._encrypted_rest(f, pos, len(self._carry), event)
            return None
        return pos, fmt

    def _next_batch(self, f: BinaryIO, pos: int, fmt: BinlogFormat, problem: str | None, fast: bool,
                    seekable: bool, framed: list[Event], take: TakeHead | None = None
                    ) -> tuple[Sequence[Event], int, BinlogFormat] | None:
        """The events that start at ``pos``: a block's plain events (and what ``take`` took before them, in
        :attr:`_taken`), or one event; None at the end.

        After a damaged event is skipped, no events and the position and framing to resume with.
        """
        framed.clear()
        if fast and self._framing_blocks and frame_events is not None and problem is None and self._format_known \
                and fmt.header_len == V4_HEADER_LEN:
            self._frame_block(f, pos, fmt, seekable, framed, take)
            if framed or self._taken is not None:
                return framed, pos, fmt
        try:
            event = self._next_event(f, pos, fmt, problem)
        except _BadEvent as bad:
            resumed = self._skip(f, pos, bad.error, bad.consumed, bad.resume)
            if resumed is None:
                return None
            self._carry = b""
            assert self.format is not None
            return (), resumed, self.format
        if event is None:
            return None
        return (event,), pos, fmt

    def _frame_block(self, f: BinaryIO, pos: int, fmt: BinlogFormat, seekable: bool, out: list[Event],
                     take: TakeHead | None = None) -> None:
        """Frame the plain events of the next FRAME_BLOCK bytes at ``pos`` with the compiled loop, into ``out``
        (after those ``take`` takes at their head: :attr:`_taken`).

        The loop (``_framing.pyx``) stops at the first event it is not sure
        of (see ``fmt.stop_types``); the file is left at that event (or the
        bytes read past it kept in ``self._carry``), which
        :meth:`_next_event` frames next. Every event it makes is the one
        ``_next_event`` would make: ``tests/test_framing.py``.
        """
        carry = self._carry
        try:
            block = f.read(FRAME_BLOCK - len(carry))
        except OSError:  # an unreadable spot: frame event by event up to it (every complete event before it)
            self._framing_blocks = False
            if seekable:
                f.seek(pos)
            return
        buf = carry + block if carry else block
        if len(buf) < V4_HEADER_LEN:
            used = 0
        else:
            assert frame_events is not None
            taken, short = 0, False
            verified = self._verified_end(f, pos, fmt)
            if take is not None:
                taken, took, short = take(buf, pos, self.name, fmt, self._seen, self.verify_checksums,
                                          MAX_EVENT_LENGTH, verified)
                if taken:
                    self._taken = (taken, took)
            if taken and short:  # the next block starts with the transaction the bytes end inside of
                used = taken
            else:
                rest = buf[taken:] if taken else buf
                used = taken + frame_events(rest, pos + taken, self.name, fmt.type_codes,
                                            fmt.post_header_lengths_by_raw, fmt.stop_types, fmt.has_crc32,
                                            self.verify_checksums, MAX_EVENT_LENGTH, out, self._seen, verified)
                if take is not None:
                    used = _end_before_open_transaction(out, pos, used, taken)
        if used == len(buf):
            self._carry = b""
        elif seekable:
            f.seek(pos + used)
            self._carry = b""
        else:
            self._carry = buf[used:]

    def _verified_end(self, f: BinaryIO, pos: int, fmt: BinlogFormat) -> int:
        """Where the events whose CRC32 the checks running ahead found good end (0: none), for the framing of
        the block at ``pos``; the checks start there when they are not running yet (a local file with CRC32s
        and more than CHECKSUMS_AHEAD_MIN_BYTES to go, read from ``pos`` on by this reader's own framing, which
        goes from event to event as they do)."""
        ahead = self._ahead
        if ahead is None:
            if not (self._ahead_file and ChecksumsAhead is not None and fmt.has_crc32 and self.verify_checksums
                    and self.size is not None and self.size - pos > CHECKSUMS_AHEAD_MIN_BYTES):
                return 0
            import threading

            self._ahead_file = False  # one start per file, and again only after the reader moved (_stop_ahead)
            ahead = self._ahead = ChecksumsAhead(os.dup(f.fileno()), pos, MAX_EVENT_LENGTH)
            threading.Thread(target=ahead.run, name="binlog-checksums", daemon=True).start()
        verified: int = ahead.verified_end
        return verified

    def _stop_ahead(self, restart: bool = False) -> None:
        """Stop the checks running ahead (the reader is done, or moves elsewhere: ``restart`` lets the framing
        start them again from where it goes on)."""
        if self._ahead is not None:
            self._ahead.stop()
            self._ahead = None
            self._ahead_file = restart

    def _next_event(self, f: BinaryIO, pos: int, fmt: BinlogFormat, problem: str | None) -> Event | None:
        """Frame the event at ``pos`` (reading ``self._carry`` first, then the file).

        None at the end of the file (a partial event there is recorded as
        truncated); raises _BadEvent for a damaged event, ``problem`` being
        one found before its header was read.
        """
        header_len = fmt.header_len
        head = self._read_head(f, header_len)
        carry = self._carry
        if not head:
            return None
        if len(head) < header_len:
            self._truncated(pos, len(head), "inside an event header")
            return None
        if header_len >= V4_HEADER_LEN:
            timestamp, raw_type, server_id, length, next_pos, flags = _HEADER_V4.unpack_from(head)
        else:
            timestamp, raw_type, server_id, length = _HEADER_V1.unpack_from(head)
            next_pos, flags = pos + length, 0
        type_code, post_header_len = fmt.by_raw_type[raw_type]
        with_crc = fmt.has_crc32 and type_code != FORMAT_DESCRIPTION_EVENT
        min_len = header_len + (CHECKSUM_LEN if with_crc else 0)
        if problem is None and (length < min_len or length > MAX_EVENT_LENGTH
                                or (not fmt.has_crc32 and type_code not in _REAL_TYPES)):
            problem = _header_problem(fmt, pos, raw_type, type_code, length, next_pos, min_len)
        if problem is not None:
            raise _BadEvent(MalformedEventError(problem, file=self.name, offset=pos,
                                                event_type=event_type_name(type_code)), header_len)
        # The rest of the event; never a read longer than what the file holds.
        need = length - header_len
        size = self.size
        if size is not None and pos + length > size:
            self.size = size = _size_of(f) or size  # a binlog still being written grows
        if size is not None and pos + length > size:
            self._missing_rest(f, pos, size - pos, length, type_code)
            return None
        if carry:
            rest, carry = carry[:need], carry[need:]
            self._carry = carry
        else:
            rest = f.read(need) if need <= READ_CHUNK else b""
        if len(rest) < need:
            rest += _read_upto(f, need - len(rest))
            if len(rest) < need:
                self._missing_rest(f, pos, header_len + len(rest), length, type_code)
                return None
        raw = head + rest
        crc_len = CHECKSUM_LEN if with_crc else 0
        verified = False
        if with_crc and self.verify_checksums:
            if zlib.crc32(raw) != CRC32_RESIDUE:  # the CRC32 of data followed by its own CRC32 (little-endian)
                stored = int.from_bytes(raw[-4:], "little")
                computed = zlib.crc32(memoryview(raw)[:-4])
                raise _BadEvent(ChecksumMismatchError(
                    f"CRC32 mismatch: stored {stored:08x}, computed {computed:08x} over {length - 4} bytes",
                    file=self.name, offset=pos, event_type=event_type_name(type_code), length=length), length)
            verified = True
        if type_code in _CHECKED_TYPES:
            fmt, crc_len = self._checked_event(type_code, raw, pos, header_len, crc_len, verified, fmt)
            post_header_len = fmt.by_raw_type[raw_type][1]  # a format description's own, as it gives it
        return Event(
            file=self.name, pos=pos, type_code=type_code, timestamp=timestamp, server_id=server_id,
            length=length, end_pos=next_pos, flags=flags, raw=raw, header_len=header_len,
            # The FDE body type reads its own checksum trailer (event_control.ksy).
            checksum_len=0 if type_code == FORMAT_DESCRIPTION_EVENT else crc_len,
            post_header_len=post_header_len, in_payload=None)

    def _read_head(self, f: BinaryIO, header_len: int) -> bytes:
        """The next ``header_len`` bytes (fewer only at the end), from ``self._carry`` first."""
        if self._carry:
            head, self._carry = _take(f, self._carry, header_len)
            return head
        head = f.read(header_len)
        if 0 < len(head) < header_len:  # a stream's short read
            head += _read_upto(f, header_len - len(head))
        return head

    def _missing_rest(self, f: BinaryIO, pos: int, have: int, length: int, type_code: int) -> None:
        """The event at ``pos`` runs past the end of the file: truncated, or (a valid event follows) damaged."""
        resume = self._resume_after(f, pos)
        if resume is None:
            self._truncated(pos, have, f"inside an event of {length} bytes", event_type=event_type_name(type_code))
            return
        # Not the end of the file: the length field itself is damaged.
        raise _BadEvent(MalformedEventError(
            f"event length {length} runs past the end of the file, but a valid event follows at {resume}",
            file=self.name, offset=pos, event_type=event_type_name(type_code), length=resume - pos),
            have, resume)

    def _checked_event(self, type_code: int, raw: bytes, pos: int, header_len: int, crc_len: int, verified: bool,
                       fmt: BinlogFormat) -> tuple[BinlogFormat, int]:
        """A format description applied, a START_ENCRYPTION_EVENT checked: the framing and CRC length after it."""
        if type_code == FORMAT_DESCRIPTION_EVENT:
            return self._format_event(raw, pos, header_len)
        self._check_start_encryption(raw, pos, header_len, crc_len, verified)
        return fmt, crc_len

    def _format_event(self, raw: bytes, pos: int, header_len: int) -> tuple[BinlogFormat, int]:
        """Apply a FORMAT_DESCRIPTION_EVENT: the new framing and its CRC length (_BadEvent if it is unusable)."""
        try:
            new_fmt, crc_len = self._apply_format_description(raw, pos, header_len)
        except BinlogError as exc:
            raise _BadEvent(exc, len(raw)) from None
        self.format = new_fmt
        self._format_known = True
        return new_fmt, crc_len

    def _check_start_encryption(self, raw: bytes, pos: int, header_len: int, crc_len: int, verified: bool) -> None:
        """Check that a START_ENCRYPTION_EVENT is real (the events after it are encrypted); _BadEvent if damaged."""
        body_len = len(raw) - header_len - crc_len
        scheme = raw[header_len] if body_len > 0 else None
        if verified or (body_len == START_ENCRYPTION_BODY_LEN and scheme == 1):
            return
        raise _BadEvent(MalformedEventError(
            f"a START_ENCRYPTION_EVENT has a {body_len}-byte body (crypto scheme {scheme}); "
            f"MariaDB writes {START_ENCRYPTION_BODY_LEN} bytes with scheme 1",
            file=self.name, offset=pos, event_type=event_type_name(START_ENCRYPTION_EVENT), length=len(raw)),
            len(raw))

    def _encrypted_rest(self, f: BinaryIO, pos: int, carried: int, event: Event) -> None:
        """Record the encrypted rest of the file, from ``pos`` (after a START_ENCRYPTION_EVENT)."""
        rest_len = _drain(f) + carried if self.size is None else self.size - pos
        err = EncryptedBinlogError(
            "the events after this START_ENCRYPTION_EVENT are encrypted (MariaDB encrypt_binlog=ON); "
            "read the file with mariadb-binlog on the server, which has the key",
            file=self.name, offset=pos, event_type=event.type_name, length=rest_len)
        self.position = pos + rest_len
        self._fail(err)

    def _jump(self, f: BinaryIO, start: int) -> int | None:
        """Go to the first provable event start at or after ``start`` (None: none before the end)."""
        fmt = self.format
        assert fmt is not None
        self._stop_ahead(restart=True)
        if self.size is None:
            raise UsageError("reading from a start offset needs a seekable file")
        found = _find_next_event(f, start, fmt, self.size, crc=fmt.has_crc32 and self.verify_checksums)
        self.position = self.size if found is None else found
        if found is not None:
            f.seek(found)
        return found

    def _guess_format(self, first: bytes) -> tuple[BinlogFormat, str | None]:
        """The binlog version from the first event (MySQL Internals, "Binary Log Versions").

        Returns the framing to start with and, when the first event is neither
        a format description nor a start event, why the file's format is unknown.
        """
        if len(first) < V1_HEADER_LEN:
            return _V4_BEFORE_FDE, None  # the file ends inside the first header: reported as truncated
        type_code = first[4]
        length = int.from_bytes(first[9:13], "little")
        if type_code == FORMAT_DESCRIPTION_EVENT:
            return _V4_BEFORE_FDE, None
        if type_code == START_EVENT_V3:
            if length == V1_HEADER_LEN + START_V3_BODY_LEN:
                self._format_known = True
                return BinlogFormat(1, V1_HEADER_LEN, _V1_POST_HEADER_LENGTHS), None
            if length == V4_HEADER_LEN + START_V3_BODY_LEN:
                self._format_known = True
                return BinlogFormat(3, V4_HEADER_LEN, _V3_POST_HEADER_LENGTHS), None
        return _V4_BEFORE_FDE, (
            f"the first event (type code {type_code}, {length} bytes) is neither a FORMAT_DESCRIPTION_EVENT "
            "nor a START_EVENT_V3: the file's format description is damaged")

    def _apply_format_description(self, raw: bytes, pos: int, header_len: int) -> tuple[BinlogFormat, int]:
        """Parse a FORMAT_DESCRIPTION_EVENT, check it, return the new format and its CRC length.

        An FDE whose CRC32 vouches for it may declare any header length of 19
        or more; one without (servers before MySQL 5.6.1 / MariaDB 5.3) must look like
        what every server writes (a 19-byte header, a text server version), so
        that damage in it cannot silently reframe the rest of the file.
        """
        body = raw[header_len:]
        try:
            fde: FormatDescriptionBody = EventControl.FormatDescriptionEvent(KaitaiStream(io.BytesIO(body)))
            has_alg = bool(fde.has_checksum_alg)
            server_version = fde.server_version
            new_header_len = fde.len_header
            post_header_lengths = bytes(fde.post_header_lengths)
            has_crc32 = bool(fde.has_crc32)
            pre_ga = bool(fde.uses_pre_ga_numbering)
        except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation, Unicode... errors on bad bytes
            raise MalformedEventError(f"unreadable format description: {type(exc).__name__}: {exc}",
                                      file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT",
                                      length=len(raw)) from None
        verified = False
        if has_alg and self.verify_checksums:
            # A checksum-aware server checksums its FDE even when binlog_checksum is OFF/NONE
            # (Log_event::need_checksum); the CRC is computed with LOG_EVENT_BINLOG_IN_USE_F
            # cleared (binlog_event.h).
            stored = int.from_bytes(raw[-4:], "little")
            computed = _fde_crc(memoryview(raw)[:-4])
            verified = stored == computed
            if not verified:
                raise ChecksumMismatchError(
                    f"CRC32 mismatch: stored {stored:08x}, computed {computed:08x}",
                    file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT", length=len(raw))
        if new_header_len < V4_HEADER_LEN:
            raise MalformedEventError(f"format description declares a {new_header_len}-byte header",
                                      file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT",
                                      length=len(raw))
        if not verified:
            if new_header_len != V4_HEADER_LEN:
                raise MalformedEventError(
                    f"format description declares a {new_header_len}-byte header and has no valid CRC32 to "
                    "vouch for it (every server writes 19)",
                    file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT", length=len(raw))
            if not server_version or not server_version.isprintable():
                raise MalformedEventError(
                    f"format description's server version {server_version!r} is not text",
                    file=self.name, offset=pos, event_type="FORMAT_DESCRIPTION_EVENT", length=len(raw))
        fmt = BinlogFormat(4, new_header_len, post_header_lengths, has_crc32, server_version, pre_ga)
        return fmt, (CHECKSUM_LEN if has_alg else 0)

    def _truncated(self, pos: int, have: int, what: str, event_type: str | None = None) -> None:
        err = TruncatedEventError(
            f"the file ends {what} ({have} bytes of a partial event at its end); "
            "every complete event before it was read",
            file=self.name, offset=pos, event_type=event_type, length=have)
        self.position = pos + have
        self._fail(err)

    # -- recovery ----------------------------------------------------------------

    def _skip(self, f: BinaryIO, pos: int, err: BinlogError, consumed: int, resume: int | None = None) -> int | None:
        """Record a bad event at ``pos``; in skip mode, find where the next valid event starts.

        ``consumed`` is how many bytes from ``pos`` were read already;
        ``resume``, where the next valid event starts when that is known
        already. Returns the position to resume at (the stream is left there),
        or None when nothing valid follows; ``err.length`` is set to the
        skipped range.
        """
        self._fail(err)  # raises in stop mode
        self._stop_ahead(restart=True)  # the reader goes on elsewhere than where the checks ahead go
        if self.size is None:  # a stream cannot go back: its rest is the damaged range
            err.length = consumed + len(self._carry) + _drain(f)  # bytes already read after the consumed ones too
            self._carry = b""
            self.position = pos + err.length
            return None
        if resume is None:
            resume = self._resume_after(f, pos)
        end = resume if resume is not None else self.size
        err.length = end - pos
        self.position = end
        f.seek(end)
        return resume

    def _resume_after(self, f: BinaryIO, pos: int) -> int | None:
        """The position of the first valid event after a bad one at ``pos`` (None: none, or a stream)."""
        if self.size is None:
            return None
        if not self._format_known:
            return self._recover_format(f, pos)
        fmt = self.format
        assert fmt is not None
        return _find_next_event(f, pos + 1, fmt, self.size, crc=fmt.has_crc32 and self.verify_checksums,
                                seen=self._seen)

    def _recover_format(self, f: BinaryIO, pos: int) -> int | None:
        """After a damaged first event of a v4 file, find the next event and the file's framing.

        Every v4 server writes 19-byte headers; whether events end with a CRC32
        is decided by the events that follow (a CRC-valid event is proof). The
        post-header lengths are taken from the damaged event's bytes when they
        still parse as a format description.
        """
        size = self.size
        assert size is not None
        crc_fmt = dataclasses.replace(_V4_BEFORE_FDE, has_crc32=True)
        # The next event is usually right after the damaged one: look for a CRC-valid one nearby first.
        resume = _find_next_event(f, pos + 1, crc_fmt, size, crc=True, stop=pos + 1 + SCAN_WINDOW)
        fmt = crc_fmt
        if resume is None:
            resume = _find_next_event(f, pos + 1, _V4_BEFORE_FDE, size, crc=False, seen=self._seen)
            if resume is None:
                return None
            f.seek(resume)
            head = f.read(V4_HEADER_LEN)
            length = int.from_bytes(head[9:13], "little")
            if not (length >= V4_HEADER_LEN + CHECKSUM_LEN
                    and _crc_valid(f, b"", 0, resume, length, head[4] == FORMAT_DESCRIPTION_EVENT)):
                fmt = _V4_BEFORE_FDE
        if resume - pos <= READ_CHUNK:
            f.seek(pos)
            damaged = f.read(resume - pos)
            try:
                fde: FormatDescriptionBody = EventControl.FormatDescriptionEvent(
                    KaitaiStream(io.BytesIO(damaged[V4_HEADER_LEN:])))
                fmt = dataclasses.replace(fmt, post_header_lengths=bytes(fde.post_header_lengths),
                                          server_version=fde.server_version,
                                          uses_pre_ga_numbering=bool(fde.uses_pre_ga_numbering))
            except Exception:  # noqa: BLE001 - not even that (any parser error): bodies are parsed without post-header lengths
                pass
        self.format = fmt
        self._format_known = True
        return resume

    # -- TRANSACTION_PAYLOAD -------------------------------------------------------

    def _check_payload(self, payload_event: Event, fmt: BinlogFormat) -> tuple[list[Event] | None, BinlogError | None]:
        """Decode a payload's inner events before the payload is yielded.

        Returns (the inner events, None), (None, None) when they are too large
        to hold (they are decoded again while yielding), or (None, the error).
        """
        inner: list[Event] | None = []
        held = 0
        try:
            for event in self._payload_events(payload_event, fmt):
                if inner is not None:
                    inner.append(event)
                    held += event.length
                    if held > PAYLOAD_BUFFER:
                        inner = None
        except BinlogError as err:
            err.file, err.offset, err.event_type = self.name, payload_event.pos, payload_event.type_name
            return None, err
        except Exception as exc:  # noqa: BLE001 - zstandard raises ZstdError and others: any is an undecodable payload
            return None, MalformedEventError(f"cannot decompress the payload: {type(exc).__name__}: {exc}",
                                             file=self.name, offset=payload_event.pos,
                                             event_type=payload_event.type_name)
        return inner, None

    def _second_pass(self, payload_event: Event, fmt: BinlogFormat) -> Iterator[Event]:
        try:
            yield from self._payload_events(payload_event, fmt)
        except Exception as exc:  # noqa: BLE001 - the first pass decoded the same bytes: not reached, but reported if it is
            self._fail(MalformedEventError(f"payload decodes differently the second time: {exc}", file=self.name,
                                           offset=payload_event.pos, event_type=payload_event.type_name, length=0))

    def _payload_events(self, payload_event: Event, fmt: BinlogFormat) -> Iterator[Event]:
        """Decompress a TRANSACTION_PAYLOAD and yield its events (full headers, no CRC).

        Layout: libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode;
        the inner events' log_pos is 0 and they carry the payload event's position.
        Raises MalformedEventError (or a zstd error) when the payload does not decode.
        """
        pos = payload_event.pos
        body: TransactionPayloadBody = payload_event.body
        try:
            compression = int(body.compression_type)
            payload = bytes(body.payload)
            declared = None
            for field in body.fields:
                if not field.is_end and field.field_type.value == 3:
                    declared = int(field.int_value)
        except Exception as exc:  # noqa: BLE001 - the generated parser raises EOF, validation... errors: any is an unreadable header
            raise MalformedEventError(f"unreadable TRANSACTION_PAYLOAD header: {type(exc).__name__}: {exc}") from None
        if compression == 0:
            import zstandard

            stream: BinaryIO = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(payload), read_across_frames=True)
        elif compression == 255:
            stream = io.BytesIO(payload)
        else:
            raise MalformedEventError(f"unknown payload compression type {compression}")
        index = 0
        total = 0
        while True:
            head = _read_upto(stream, V4_HEADER_LEN)
            if not head:
                break
            if len(head) < V4_HEADER_LEN:
                raise MalformedEventError(f"payload ends inside the header of inner event {index}")
            timestamp, raw_type, server_id, length, next_pos, flags = _HEADER_V4.unpack_from(head)
            if length < V4_HEADER_LEN or length > MAX_EVENT_LENGTH:
                raise MalformedEventError(f"inner event {index} has an impossible length {length}")
            if declared is not None and total + length > declared:
                raise MalformedEventError(f"inner event {index} ({length} bytes) runs past the payload's "
                                          f"uncompressed size {declared}")
            rest = _read_upto(stream, length - V4_HEADER_LEN)
            if len(rest) < length - V4_HEADER_LEN:
                raise MalformedEventError(f"payload ends inside inner event {index}")
            total += length
            type_code = fmt.canonical_type(raw_type)
            yield Event(
                file=self.name, pos=pos, type_code=type_code, timestamp=timestamp, server_id=server_id,
                length=length, end_pos=next_pos, flags=flags, raw=head + rest, header_len=V4_HEADER_LEN,
                checksum_len=0, post_header_len=fmt.post_header_len(raw_type), in_payload=index)
            index += 1
        if declared is not None and total != declared:
            raise MalformedEventError(f"payload holds {total} bytes of events, its header says {declared}")


def _one_by_one(events: Generator[Event, None, Any]) -> Generator[tuple[Event], None, Any]:
    """``events`` as blocks of one event; what it returns."""
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            return stop.value
        yield (event,)


class _BadEvent(Exception):
    """A damaged event met while framing: recorded, then skipped (BinlogReader._skip)."""

    def __init__(self, error: BinlogError, consumed: int, resume: int | None = None) -> None:
        super().__init__(error)
        #: The error recorded for it.
        self.error = error
        #: How many of its bytes were read already.
        self.consumed = consumed
        #: Where the next valid event starts, when that is known already.
        self.resume = resume


def _header_problem(fmt: BinlogFormat, pos: int, raw_type: int, type_code: int, length: int, next_pos: int,
                    min_len: int) -> str | None:
    """Why a header read at ``pos`` is not an event header (None: it may be one)."""
    if length < min_len or length > MAX_EVENT_LENGTH:
        return f"impossible event length {length} (type code {raw_type})"
    if not fmt.has_crc32 and type_code not in _REAL_TYPES and (
            fmt.header_len < V4_HEADER_LEN or next_pos != pos + length):
        return (f"unknown event type code {raw_type} with a next-position field ({next_pos}) "
                f"that does not match its length ({length}): not an event header")
    return None


def _take(f: BinaryIO, carry: bytes, n: int) -> tuple[bytes, bytes]:
    """The next ``n`` bytes (fewer only at the end), from ``carry`` first, then the file; and the carry left."""
    data, carry = carry[:n], carry[n:]
    if len(data) < n:
        data += _read_upto(f, n - len(data))
    return data, carry


def _read_upto(stream: BinaryIO, n: int) -> bytes:
    """Up to n bytes (fewer only at the end), read in pieces of at most READ_CHUNK."""
    if n <= READ_CHUNK:
        data = stream.read(n)
        if len(data) == n or not data:
            return data
        parts = [data]
        got = len(data)
    else:
        parts, got = [], 0
    while got < n:  # short reads (zstd) and long requests
        more = stream.read(min(n - got, READ_CHUNK))
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def _drain(stream: BinaryIO) -> int:
    """Read a stream to its end; how many bytes it had."""
    count = 0
    while True:
        data = stream.read(READ_CHUNK)
        if not data:
            return count
        count += len(data)


def _seekable(f: BinaryIO) -> bool:
    try:
        return bool(f.seekable())
    except (OSError, AttributeError, ValueError):
        return False


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


def _fde_crc(data: memoryview | bytes) -> int:
    """CRC32 of a format description without its checksum, LOG_EVENT_BINLOG_IN_USE_F cleared."""
    crc = zlib.crc32(data[:_IN_USE_FLAG_OFFSET])
    crc = zlib.crc32(bytes([data[_IN_USE_FLAG_OFFSET] & 0xFE]), crc)
    return zlib.crc32(data[_IN_USE_FLAG_OFFSET + 1:], crc)


def _crc_valid(f: BinaryIO, buf: bytes, i: int, pos: int, length: int, is_fde: bool) -> bool:
    """Whether the event of ``length`` bytes at buf[i] (file position pos) ends with its CRC32."""
    if i + length <= len(buf):
        data = memoryview(buf)[i:i + length]
        stored = int.from_bytes(data[-4:], "little")
        return stored == (_fde_crc(data[:-4]) if is_fde else zlib.crc32(data[:-4]))
    # An event longer than the scan buffer: stream it through the CRC.
    f.seek(pos)
    todo = length - CHECKSUM_LEN
    first = f.read(min(todo, READ_CHUNK))
    if len(first) <= _IN_USE_FLAG_OFFSET:
        return False
    crc = _fde_crc(first) if is_fde else zlib.crc32(first)
    todo -= len(first)
    while todo > 0:
        chunk = f.read(min(todo, READ_CHUNK))
        if not chunk:
            return False
        crc = zlib.crc32(chunk, crc)
        todo -= len(chunk)
    trailer = f.read(CHECKSUM_LEN)
    return len(trailer) == CHECKSUM_LEN and int.from_bytes(trailer, "little") == crc


def _end_before_open_transaction(out: list[Event], pos: int, used: int, taken: int) -> int:
    """The bytes of a block (at ``pos``) to frame when a ``take`` may take its head: the framed events ``out``
    end before the last MariaDB GTID event no XID follows (when there is something before it), so that the next
    block starts with its transaction."""
    for k in range(len(out) - 1, -1, -1):
        code = out[k].type_code
        if code == XID_EVENT:
            return used
        if code == MARIADB_GTID_EVENT:
            if k == 0 and not taken:  # nothing would be left of the block
                return used
            end = out[k].pos - pos
            del out[k:]
            return end
    return used


class _Seen:
    """Server ids and the latest time of the good events read so far (to vouch for a last event)."""

    __slots__ = ("server_ids", "last")

    #: How far from the latest event seen an event's timestamp may be and still look like a successor.
    SLACK = 86400

    def __init__(self) -> None:
        self.server_ids: set[int] = set()
        self.last = 0

    def matches(self, server_id: int, timestamp: int) -> bool:
        return server_id in self.server_ids and self.last > 0 and abs(timestamp - self.last) <= self.SLACK


def _header_plausible(head: bytes, pos: int, fmt: BinlogFormat, size: int) -> bool:
    """Whether a header at ``pos`` has a real type and a length that fits in the file."""
    if len(head) < fmt.header_len:
        return False
    length = int.from_bytes(head[9:13], "little")
    return fmt.canonical_type(head[4]) in _REAL_TYPES and fmt.header_len <= length and pos + length <= size


def _chained(f: BinaryIO, buf: bytes, i: int, pos: int, length: int, fmt: BinlogFormat, size: int,
             seen: _Seen | None) -> bool:
    """Without checksums: whether the header at buf[i] is vouched for by what follows it.

    Its next-position field points right after it (binlogs, not relay logs),
    or another plausible header starts where it ends, or it ends exactly at
    the end of the file and has the server id and time of the events read
    before. (Ending at the end of the file alone is no proof: inside a
    truncated last event, some byte pattern always does.)
    """
    header_len = fmt.header_len
    end = pos + length
    if header_len >= V4_HEADER_LEN and int.from_bytes(buf[i + 13:i + 17], "little") == end:
        return True
    if end == size:
        return seen is not None and seen.matches(int.from_bytes(buf[i + 5:i + 9], "little"),
                                                 int.from_bytes(buf[i:i + 4], "little"))
    j = i + length
    if j + header_len <= len(buf):
        head = buf[j:j + header_len]
    else:
        f.seek(end)
        head = f.read(header_len)
    return _header_plausible(head, end, fmt, size)


def _find_next_event(f: BinaryIO, start: int, fmt: BinlogFormat, size: int, *, crc: bool,
                     seen: _Seen | None = None, stop: int | None = None) -> int | None:
    """The first position in ``[start, stop)`` where a valid event begins (None: none before the end).

    With ``crc``, a valid event is one whose CRC32 matches; without, one
    whose header is plausible and vouched for by what follows (see
    :func:`_chained`). ``stop`` defaults to the end of the file.
    """
    header_len = fmt.header_len
    stop = size if stop is None else min(stop, size)
    pos = start
    while pos < stop:
        f.seek(pos)
        buf = f.read(min(SCAN_WINDOW + MAX_SCAN_EVENT, size - pos))
        if len(buf) < header_len:
            return None
        limit = min(SCAN_WINDOW, len(buf) - header_len + 1)
        for match in _REAL_TYPE_BYTE.finditer(buf, 4, limit + 4):  # the type byte is at offset 4
            i = match.start() - 4
            here = pos + i
            if here >= stop:
                return None
            length = int.from_bytes(buf[i + 9:i + 13], "little")
            if length < header_len or length > MAX_EVENT_LENGTH or here + length > size:
                continue
            is_fde = fmt.canonical_type(buf[i + 4]) == FORMAT_DESCRIPTION_EVENT
            if crc:
                if length >= header_len + CHECKSUM_LEN and _crc_valid(f, buf, i, here, length, is_fde):
                    return here
            elif _chained(f, buf, i, here, length, fmt, size, seen):
                return here
        pos += limit
    return None
