"""What the robustness and fuzz tests share: reading helpers, the books-balance check, mutations.

Used by tests/test_robustness.py, tests/test_fuzz.py and benchmarks/fuzz_long.py.

- :func:`read` reads bytes or a path in one error mode and keeps everything
  (events, the raised error, ``reader.errors``).
- :func:`books_problem` checks that, in skip mode, the events yielded and the
  ranges reported in errors cover ``[4, size)`` with no gap and no overlap.
- :func:`exercise` runs one input through every public entry point a damaged
  file reaches (the reader in both modes, ``event_to_dict`` on every event,
  ``iter_changes`` with skip) and lets any exception that is not a
  ``BinlogError`` escape.
- :func:`exercise_commands` runs one input through every command (``events``, ``rows`` in
  every format, ``sql`` and ``sql --flashback``, ``stats``, ``schema``, ``filter`` and
  ``filter --flashback``) and the data source's rows (``spark_jobs.records``, no Spark):
  no traceback, an exit status of 0, 1 or 2, and every byte range the reader reports as
  damaged reported by each of them.
- :func:`guarded` bounds a case's CPU time and memory.
- The mutation classes turn a seed binlog into a damaged one; each is a small
  frozen dataclass so a failing case prints as the recipe that made it.
"""

from __future__ import annotations

import io
import os
import signal
import tracemalloc
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from binlog_ksy.runtime.changes import iter_changes
from binlog_ksy.runtime.constants import _NAMES as _KNOWN_TYPE_NAMES
from binlog_ksy.runtime.errors import BinlogError, EncryptedBinlogError, NotABinlogError
from binlog_ksy.runtime.event import Event
from binlog_ksy.runtime.present.describe import event_to_dict
from binlog_ksy.runtime.present.value_json import change_json
from binlog_ksy.runtime.reader import BinlogReader

#: CPU seconds one case may use (the fuzz seeds are at most SEED_BYTES long; a case takes milliseconds).
CPU_LIMIT_S = 2.0
#: Peak Python memory one case may allocate (tracemalloc); a damaged length must never become an allocation.
MEMORY_LIMIT = 64 << 20
#: Fuzz seeds are fixtures cut at the last event boundary before this many bytes.
SEED_BYTES = 24 << 10

CORPUS = Path(__file__).resolve().parent / "corpus"


# -- reading -----------------------------------------------------------------------------------


@dataclass
class Reading:
    """Everything one read produced."""

    events: list[Event]
    error: BinlogError | None
    errors: list[BinlogError]
    reader: BinlogReader

    @property
    def top(self) -> list[Event]:
        """The events of the file itself (not the inner events of payloads)."""
        return [e for e in self.events if e.in_payload is None]


def read(source: bytes | str | os.PathLike[str], mode: str = "stop", **kwargs: Any) -> Reading:
    """Read bytes (as a seekable file object) or a path to its end or its first raised error."""
    if isinstance(source, (bytes, bytearray)):
        reader = BinlogReader(io.BytesIO(bytes(source)), name=kwargs.pop("name", "case.bin"), on_error=mode, **kwargs)
    else:
        reader = BinlogReader(source, on_error=mode, **kwargs)
    events: list[Event] = []
    error = None
    try:
        for event in reader:
            events.append(event)
    except BinlogError as exc:
        error = exc
    return Reading(events, error, reader.errors, reader)


def books_problem(size: int, events: Sequence[Event], errors: Sequence[BinlogError]) -> str | None:
    """None when events and error ranges tile ``[4, size)``; else what is wrong."""
    ranges = [(e.pos, e.length, e.type_name) for e in events if e.in_payload is None]
    for err in errors:
        if err.offset is None or err.length is None:
            return f"{type(err).__name__} without a range: offset {err.offset}, length {err.length}"
        ranges.append((err.offset, err.length, type(err).__name__))
    ranges.sort()
    at = 4
    for start, length, what in ranges:
        if start != at:
            kind = "gap" if start > at else "overlap"
            return f"{kind} at byte {at}: the next range is {what} [{start}, {start + length})"
        if length <= 0 and what.endswith("Error") and start < size:
            return f"empty {what} range at {start}"
        at = start + length
    if at != size:
        return f"the ranges end at {at}, the file at {size}"
    return None


#: Exceptions known to escape ``iter_changes`` through code outside the reader while a fix is
#: pending (reported with their corpus inputs, listed in test_fuzz.OPEN, which replays them as
#: xfail(strict=True): the fix turns them into failures that say "empty this tuple").
#: Empty: the last one, CompressionError from TransactionTracker.update, was fixed in ea3a509.
OPEN_BUGS: tuple[type[BaseException], ...] = ()


def is_whole_file_error(err: BaseException) -> bool:
    """Errors about the file as a whole, raised in every mode (no magic, MySQL-encrypted)."""
    return isinstance(err, (NotABinlogError, EncryptedBinlogError)) and err.offset == 0


def exercise(data: bytes, path: Path) -> dict[str, int]:
    """Run one input through the reader (both modes), event_to_dict and iter_changes.

    Exceptions that are not ``BinlogError`` escape (the test fails with them);
    broken promises of the reader raise AssertionError. Returns counts.
    """
    path.write_bytes(data)
    stop = read(data, "stop")
    assert stop.error is None or stop.error.offset is not None, f"{stop.error!r} without an offset"

    reader = BinlogReader(path, on_error="skip")
    events: list[Event] = []
    dicts = 0
    try:
        for event in reader:
            events.append(event)
            try:
                event_to_dict(event)
                dicts += 1
            except BinlogError:
                pass
    except BinlogError as err:
        assert is_whole_file_error(err), f"skip mode raised {err!r} ({err})"
        assert not events and stop.error is not None and type(stop.error) is type(err)
        return {"events": 0, "dicts": 0, "changes": 0, "open_bugs": 0}
    problem = books_problem(len(data), events, reader.errors)
    assert problem is None, f"books do not balance: {problem}; errors: {[str(e) for e in reader.errors]}"
    # Stop mode is skip mode cut at the first error.
    assert [(e.pos, e.raw) for e in stop.events] == [(e.pos, e.raw) for e in events[:len(stop.events)]]
    if stop.error is not None:
        first = reader.errors[0]
        assert (type(stop.error), stop.error.offset) == (type(first), first.offset), (stop.error, first)
    else:
        assert not reader.errors and len(stop.events) == len(events)

    changes = 0
    errors: list[BinlogError] = []
    try:
        for change in iter_changes(path, on_error="skip", errors=errors):
            change_json(change)
            changes += 1
    except BinlogError as err:
        assert is_whole_file_error(err), f"iter_changes(on_error='skip') raised {err!r} ({err})"
    except OPEN_BUGS:
        return {"events": len(events), "dicts": dicts, "changes": changes, "open_bugs": 1}
    return {"events": len(events), "dicts": dicts, "changes": changes, "open_bugs": 0}


#: Every command, as a user runs it on a damaged file (skip mode, so the whole file is read); OUT is a fresh folder.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("events", "--on-error", "skip"),
    ("events", "--format", "jsonl", "--on-error", "skip"),
    ("rows", "--format", "jsonl", "--on-error", "skip"),
    ("rows", "--format", "text", "--on-error", "skip", "--undecodable", "keep"),
    ("rows", "--format", "parquet", "--output", "OUT", "--on-error", "skip"),
    ("rows", "--format", "debezium", "--on-error", "skip"),
    ("sql", "--on-error", "skip"),
    ("sql", "--flashback", "--on-error", "skip"),
    ("stats", "--format", "json", "--on-error", "skip"),
    ("schema", "--on-error", "skip"),
    ("filter", "--output", "OUT", "--on-error", "skip"),
    ("filter", "--flashback", "--output", "OUT", "--on-error", "skip"),
)


def run_command(argv: Sequence[str]) -> tuple[int, str, str]:
    """``binlog-ksy ARGV`` in this process: (exit status, stdout, stderr)."""
    import contextlib

    from binlog_ksy import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:  # argparse
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def _reported(err: BinlogError, stderr: str) -> bool:
    return f"at byte {err.offset}:" in stderr


def exercise_commands(path: Path, work: Path) -> dict[str, int]:
    """Run ``path`` through every command and the data source's rows; returns how many ran.

    Fails (AssertionError) on a traceback or an internal error, an exit status outside 0/1/2,
    and on a byte range the reader reports as damaged (skip mode) that a command does not
    report. ``sql`` may refuse a change it cannot write exactly (no column names): it then
    still reports the damage it met before the refusal, not after.
    """
    from binlog_ksy.spark_jobs.records import ReadOptions, iter_rows

    reading = read(path, "skip") if path.stat().st_size else None
    damage = [] if reading is None else [e for e in reading.errors if e.offset is not None]
    ran = 0
    for number, command in enumerate(COMMANDS):
        out = work / f"out-{number}"
        argv = [out.as_posix() if part == "OUT" else part for part in command] + [str(path)]
        status, _, stderr = run_command(argv)
        ran += 1
        where = f"binlog-ksy {' '.join(argv)}"
        assert status in (0, 1, 2), f"{where}: exit status {status}\n{stderr}"
        assert "Traceback" not in stderr and "internal error" not in stderr, f"{where}:\n{stderr}"
        if status == 2 or "sql" == command[0] and "sql: error:" in stderr:
            # a file that is no binlog is refused whole; a refusal of sql ends the read early
            limit = _refusal_position(stderr)
            missing = [e for e in damage if (limit is None or (e.offset or 0) < limit) and not _reported(e, stderr)]
        else:
            missing = [e for e in damage if not _reported(e, stderr)]
        if status != 2:
            assert not missing, f"{where}: damage not reported: {[str(e) for e in missing]}\n{stderr}"
    for kind in ("events", "changes", "errors"):
        rows = list(iter_rows(str(path), path.stat().st_size, ReadOptions(kind=kind)))
        ran += 1
        offsets = {row[1] for row in rows if row[-1] is not None} if kind != "errors" else {row[1] for row in rows}
        if kind != "changes":  # changes stops at neither: its errors are those of the events it decoded
            missing_offsets = [e.offset for e in damage if e.offset not in offsets]
            assert not missing_offsets, f"data source kind={kind}: damage not reported at {missing_offsets}"
    return {"commands": ran}


def _refusal_position(stderr: str) -> int | None:
    """Where sql stopped: the position of the rows event it refused (``... at FILE:POS): ...``)."""
    import re

    found = re.search(r"rows event at .*:(\d+)\)", stderr)
    return int(found.group(1)) if found else None


class Hang(BaseException):
    """A case ran longer than its CPU budget.

    A BaseException, so that no ``except Exception`` in the code under test swallows it.
    """


@contextmanager
def guarded(cpu_seconds: float = CPU_LIMIT_S, memory: int | None = MEMORY_LIMIT) -> Iterator[None]:
    """Fail a case that uses more than ``cpu_seconds`` of CPU time or ``memory`` bytes at its peak.

    CPU time (``ITIMER_PROF``), not wall time, so a loaded machine does not
    fail the test. Memory is the tracemalloc peak of Python allocations
    (``memory=None``: not measured, which is faster).
    """
    def on_timer(signum: int, frame: Any) -> None:
        raise Hang(f"the case used more than {cpu_seconds} s of CPU time (a loop that does not end?)")

    started = memory is not None and not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    if memory is not None:
        tracemalloc.reset_peak()
    old = signal.signal(signal.SIGPROF, on_timer)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    peak = 0
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
        if memory is not None:
            peak = tracemalloc.get_traced_memory()[1]
        if started:
            tracemalloc.stop()
    assert memory is None or peak < memory, f"the case allocated {peak / 2**20:.1f} MiB at its peak"


# -- seeds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    """A fixture (cut to at most SEED_BYTES at an event boundary) and how its events are framed."""

    name: str
    data: bytes = field(repr=False)
    header_len: int = field(repr=False)
    crc: bool = field(repr=False)
    events: tuple[tuple[int, int], ...] = field(repr=False)  # (pos, length) of each event

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis prints the name, not 24 KiB
        printer.text(f"seed({self.name!r})")


def _seed(name: str, data: bytes) -> Seed | None:
    reading = read(data)
    top = reading.top
    if not top or reading.reader.format is None:
        return None
    cut = max([e.pos + e.length for e in top if e.pos + e.length <= SEED_BYTES] or [top[0].pos + top[0].length])
    kept = tuple((e.pos, e.length) for e in top if e.pos + e.length <= cut)
    fmt = reading.reader.format
    return Seed(name, data[:cut], fmt.header_len, fmt.has_crc32, kept)


def _fixture_bytes(limit: int) -> Iterator[tuple[str, bytes]]:
    """(name, first ``limit`` bytes) of every fixture (the gzip one unpacked in memory)."""
    import gzip

    from fixture_index import load_index

    for fx in load_index():
        if fx.is_gzip:
            with gzip.open(fx.path, "rb") as f:
                yield fx.name, f.read(limit)
        else:
            with open(fx.path, "rb") as f:
                yield fx.name, f.read(limit)


@lru_cache(maxsize=1)
def seeds() -> tuple[Seed, ...]:
    """One seed per fixture: its first SEED_BYTES, cut at an event boundary."""
    out = []
    for name, raw in _fixture_bytes(4 * SEED_BYTES):
        seed = _seed(name, raw)
        if seed is not None:
            out.append(seed)
    return tuple(out)


#: Event types a transaction (or a statement outside one) starts with: GTID, ANONYMOUS_GTID,
#: GTID_TAGGED (MySQL), GTID (MariaDB), QUERY (BEGIN or DDL in binlogs without GTIDs).
_TRANSACTION_STARTS = frozenset({33, 34, 42, 162, 2})


@lru_cache(maxsize=4)
def window_seeds(size: int, per_fixture: int = 8, scan: int = 1 << 20) -> tuple[Seed, ...]:
    """Small seeds from the whole of each fixture, not only its start.

    A window is the magic, the events before the fixture's first transaction
    (its format description, previous-GTIDs and the like) and then whole events
    from one of ``per_fixture`` transaction starts spread over the first ``scan``
    bytes, up to ``size`` bytes. The moved events get their next-position field
    rewritten and their CRC32 recomputed, so a window is a valid binlog: the
    mutations, not the cutting, make the damage. Smaller seeds make a case
    cheaper, so the long fuzz run meets more inputs (``fuzz_long.py --seed-bytes``).
    """
    out = []
    for name, raw in _fixture_bytes(scan):
        reading = read(raw)
        top, fmt = reading.top, reading.reader.format
        if not top or fmt is None:
            continue
        starts = [i for i, e in enumerate(top) if e.type_code in _TRANSACTION_STARTS]
        if not starts:
            continue
        head = [(e.pos, e.length) for e in top[:starts[0]]]
        picks = sorted({starts[k * len(starts) // per_fixture] for k in range(min(per_fixture, len(starts)))})
        for first in picks:
            data = bytearray(raw[:4])
            for pos, length in head + [(e.pos, e.length) for e in top[first:]]:
                if len(data) + length > size and len(data) > 4 + sum(n for _, n in head):
                    break
                _append_event(data, raw[pos:pos + length], fmt.header_len, fmt.has_crc32)
            out.append(Seed(f"{name}@{top[first].pos}", bytes(data), fmt.header_len, fmt.has_crc32,
                            tuple(frame(bytes(data), fmt.header_len))))
    return tuple(out)


def _append_event(data: bytearray, event: bytes, header_len: int, crc: bool) -> None:
    """Append one event at the end of ``data`` with its next position (v4 headers) and CRC32 fixed."""
    pos = len(data)
    data += event
    if header_len >= 19 and len(event) >= 17:
        data[pos + 13:pos + 17] = (pos + len(event)).to_bytes(4, "little")
    if crc:
        fix_crc(data, pos, len(event))


# -- mutations -----------------------------------------------------------------------------------


def frame(data: bytes, header_len: int) -> list[tuple[int, int]]:
    """(pos, length) of the events found by following length fields from byte 4 (stops at damage)."""
    out = []
    pos = 4
    while pos + header_len <= len(data):
        length = int.from_bytes(data[pos + 9:pos + 13], "little")
        if length < header_len or pos + length > len(data):
            break
        out.append((pos, length))
        pos += length
    return out


def fix_crc(data: bytearray, pos: int, length: int) -> None:
    """Recompute the CRC32 of the event at pos (the FDE's with LOG_EVENT_BINLOG_IN_USE_F cleared)."""
    if length < 23 or pos + length > len(data):
        return
    body = bytearray(data[pos:pos + length - 4])
    if body[4] == 15:
        body[17] &= 0xFE
    data[pos + length - 4:pos + length] = zlib.crc32(body).to_bytes(4, "little")


class Mutation:
    """One edit of a binlog; ``apply`` works on the current bytes (events are re-framed)."""

    def apply(self, data: bytes, seed: Seed) -> bytes:
        raise NotImplementedError

    @staticmethod
    def _event(data: bytes, seed: Seed, index: int) -> tuple[int, int] | None:
        events = frame(data, seed.header_len)
        return events[index % len(events)] if events else None


@dataclass(frozen=True)
class Flip(Mutation):
    offset: int
    xor: int

    def apply(self, data: bytes, seed: Seed) -> bytes:
        if len(data) <= 4:
            return data
        d = bytearray(data)
        d[4 + self.offset % (len(d) - 4)] ^= self.xor or 0xFF
        return bytes(d)


@dataclass(frozen=True)
class Insert(Mutation):
    offset: int
    blob: bytes

    def apply(self, data: bytes, seed: Seed) -> bytes:
        at = self.offset % (len(data) + 1)
        return data[:at] + self.blob + data[at:]


@dataclass(frozen=True)
class Delete(Mutation):
    offset: int
    count: int

    def apply(self, data: bytes, seed: Seed) -> bytes:
        at = self.offset % (len(data) + 1)
        return data[:at] + data[at + self.count:]


@dataclass(frozen=True)
class Truncate(Mutation):
    keep: int

    def apply(self, data: bytes, seed: Seed) -> bytes:
        return data[:self.keep % (len(data) + 1)]


@dataclass(frozen=True)
class Splice(Mutation):
    """Put an event of another seed before event ``at`` (or instead of it)."""

    at: int
    donor: int
    event: int
    replace: bool

    def apply(self, data: bytes, seed: Seed) -> bytes:
        donors = seeds()
        donor = donors[self.donor % len(donors)]
        if not donor.events:
            return data
        pos, length = donor.events[self.event % len(donor.events)]
        blob = donor.data[pos:pos + length]
        target = self._event(data, seed, self.at)
        if target is None:
            return data + blob
        end = target[0] + (target[1] if self.replace else 0)
        return data[:target[0]] + blob + data[end:]


@dataclass(frozen=True)
class SetLength(Mutation):
    """Write a new length into an event's header (optionally with a CRC that matches the edit)."""

    event: int
    value: int
    fix: bool

    def apply(self, data: bytes, seed: Seed) -> bytes:
        target = self._event(data, seed, self.event)
        if target is None:
            return data
        d = bytearray(data)
        d[target[0] + 9:target[0] + 13] = (self.value & 0xFFFFFFFF).to_bytes(4, "little")
        if self.fix and seed.crc:
            fix_crc(d, target[0], self.value)
        return bytes(d)


@dataclass(frozen=True)
class SetType(Mutation):
    """Give an event another type code (with its CRC fixed, so the body parsers see it)."""

    event: int
    value: int
    fix: bool

    def apply(self, data: bytes, seed: Seed) -> bytes:
        target = self._event(data, seed, self.event)
        if target is None:
            return data
        d = bytearray(data)
        d[target[0] + 4] = self.value & 0xFF
        if self.fix and seed.crc:
            fix_crc(d, *target)
        return bytes(d)


@dataclass(frozen=True)
class EditBody(Mutation):
    """Overwrite bytes inside an event's body (with its CRC fixed, so the body parsers see it)."""

    event: int
    offset: int
    blob: bytes
    fix: bool

    def apply(self, data: bytes, seed: Seed) -> bytes:
        target = self._event(data, seed, self.event)
        if target is None:
            return data
        pos, length = target
        body = length - seed.header_len - (4 if seed.crc else 0)
        if body <= 0:
            return data
        at = pos + seed.header_len + self.offset % body
        d = bytearray(data)
        d[at:at + len(self.blob)] = self.blob[:pos + length - at]
        if self.fix and seed.crc:
            fix_crc(d, pos, length)
        return bytes(d)


def mutate(seed: Seed, mutations: Sequence[Mutation]) -> bytes:
    data = seed.data
    for m in mutations:
        data = m.apply(data, seed)
    return data


#: Length values that sit on the edges the reader checks.
SPECIAL_LENGTHS = (0, 1, 12, 13, 18, 19, 20, 22, 23, 24, 0x7F, 0x80, 0xFF, 0x100, 0xFFFF, 0x10000,
                   (1 << 30) + 4096, (1 << 30) + 4097, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF)
#: Bytes that mean something in length-encoded integers, flags and enums.
SPECIAL_BYTES = (0x00, 0x01, 0x02, 0x7F, 0x80, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF)


#: Type codes a mutation may write: every known one and a few the specs do not know.
TYPE_CODES = sorted(_KNOWN_TYPE_NAMES) + [43, 99, 101, 159, 172, 200, 255]
