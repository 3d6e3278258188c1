"""Every path's reading of a case, compared with the server and with the API's changes.

The API's changes (``binlog_ksy.read_changes`` over the case's binlogs in order, with the schema
history) are compared with the server's own decoder (``mariadb-binlog -vv``, value by value, as
tests/test_mariadb_rows_oracle.py does); every other path is compared with them after its
format's documented encoding:

* ``rows --format jsonl``: byte for byte the JSON of each change (``change_json``);
* ``rows --format text``: each line's head (file, position, time, GTID) and its
  ``name=JSON value`` pairs;
* ``rows --format parquet``: the typed values, read back with pyarrow (zero dates are null there,
  decimals of over 38 digits text);
* ``rows --format debezium``: one envelope per change (an update of the key: a delete and a
  create), its source position, its fields, and the values whose Debezium encoding is the
  value itself (integers and text);
* ``stats``: the rows per table and op;
* ``filter --table``: the changes of the kept table, in the same order with the same values.

The replays (``sql``, ``sql --flashback``, ``filter --flashback``) are in :mod:`.replay`.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import binlog_ksy
from binlog_ksy.runtime import plain_transactions
from binlog_ksy.runtime.present.value_json import change_json
from binlog_ksy.runtime.types.json_text import dumps
from differential.case import CaseRun
from tests.mariadb import compare, oracle

#: What the workload's tables carry when the history is followed: names, signedness,
#: charsets, labels and the primary key (FULL metadata carries them; MINIMAL's come from the DDL).
WITH_HISTORY = compare.Level.of("FULL")


def run_cli(argv: Sequence[str | Path]) -> tuple[int, bytes, str]:
    """``binlog-ksy ARGV`` in this process: (exit status, stdout bytes, stderr)."""
    from binlog_ksy import cli

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main([str(a) for a in argv])
        except SystemExit as exc:  # argparse
            status = int(exc.code or 0)
        with contextlib.suppress(ValueError):  # closed by a command that closes its output
            out.flush()
    return status, raw.getvalue(), err.getvalue()


def filter_flashback_both_ways(argv: Sequence[str | Path], out: Path) -> tuple[int, str]:
    """``binlog-ksy filter --flashback --output OUT ARGV`` with plain transactions planned whole and the undo
    laid out by the compiled loop, then event by event and by the Python path (``runtime/plain_transactions.py``,
    ``runtime/writer/_undo.pyx``): the same exit status, messages and undo binlogs, byte for byte. Returns the
    first run's status and messages (its outputs in ``OUT``)."""
    from binlog_ksy.runtime.writer import flashback

    slow = out.with_name(out.name + "-event-by-event")
    fast = run_cli(["filter", "--flashback", "--output", out, *argv])
    plain_transactions.PREFER_PLAIN, flashback.PREFER_COMPILED = False, False
    try:
        one_by_one = run_cli(["filter", "--flashback", "--output", slow, *argv])
    finally:
        plain_transactions.PREFER_PLAIN, flashback.PREFER_COMPILED = True, True
    assert fast[0] == one_by_one[0], (argv, fast, one_by_one)
    assert fast[2].replace(str(out), str(slow)) == one_by_one[2], argv
    written = sorted(p.name for p in out.iterdir()) if out.is_dir() else []
    assert written == (sorted(p.name for p in slow.iterdir()) if slow.is_dir() else []), argv
    for name in written:
        assert (out / name).read_bytes() == (slow / name).read_bytes(), (argv, name)
    return fast[0], fast[2]


def cli_ok(argv: Sequence[str | Path]) -> bytes:
    status, out, err = run_cli(argv)
    assert status == 0, f"binlog-ksy {' '.join(map(str, argv))}: exit {status}\n{err}"
    assert "Traceback" not in err, err
    return out


def api_changes(run: CaseRun) -> list[Any]:
    """The changes of the case's binlogs through the public API (history followed, errors raised)."""
    return list(binlog_ksy.read_changes(run.files))


def by_file(changes: Sequence[Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for c in changes:
        out.setdefault(Path(c.file).name, []).append(c)
    return out


def check_server_decoder(run: CaseRun, changes: Sequence[Any]) -> Counter[str]:
    """The API's changes equal what ``mariadb-binlog -vv`` prints, file by file, value by value."""
    grouped = by_file(changes)
    seen: Counter[str] = Counter()
    mismatches: list[compare.Mismatch] = []
    for phase in run.phases:
        theirs = oracle.decode_rows(phase.file)
        found, counts = compare.compare_with_oracle(phase.file.name, grouped.get(phase.file.name, []), theirs,
                                                    phase.schema, WITH_HISTORY)
        mismatches += found
        seen += counts
        seen["printed"] += len(theirs)
    assert not mismatches, compare.summarize(mismatches)
    assert seen["changes"] == seen["printed"] == len(changes)
    return seen


def check_jsonl(run: CaseRun, changes: Sequence[Any]) -> None:
    """``rows --format jsonl`` (built from Arrow columns) is the JSON of each API change, byte for byte."""
    got = cli_ok(["rows", "--format", "jsonl", *run.files])
    want = b"".join(dumps(change_json(c)).encode("utf-8") + b"\n" for c in changes)
    if got != want:
        g, w = got.splitlines(), want.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(g, w, strict=False)) if a != b), min(len(g), len(w)))
        raise AssertionError(f"jsonl line {first}: {g[first:first + 1]!r} != {w[first:first + 1]!r} "
                             f"({len(g)} vs {len(w)} lines)")


# -- rows --format text ------------------------------------------------------------------------

_DECODER = json.JSONDecoder()
_HEADS = (("INSERT INTO ", "insert"), ("UPDATE ", "update"), ("DELETE FROM ", "delete"))


def parse_text_change(line: str) -> tuple[str, str, str, dict[str, Any], dict[str, Any]]:
    """One change line of ``rows --format text``: (op, db, table, WHERE pairs, SET pairs)."""
    op = next(name for head, name in _HEADS if line.startswith(head))
    rest = line[len(next(h for h, n in _HEADS if n == op)):]
    db, _, rest = rest[1:].partition("`.`")
    table, _, rest = rest.partition("`")
    sides: dict[str, dict[str, Any]] = {"WHERE": {}, "SET": {}}
    side = "SET" if op == "insert" else "WHERE"
    at = 0
    while at < len(rest):
        while rest.startswith((" ", ","), at):
            at += 1
        for keyword in ("WHERE ", "SET "):
            if rest.startswith(keyword, at):
                side, at = keyword.strip(), at + len(keyword)
        name_end = rest.index("=", at)
        name = rest[at:name_end]
        value, at = _DECODER.raw_decode(rest, name_end + 1)
        sides[side][name] = value
    return op, db, table, sides["WHERE"], sides["SET"]


def check_text(run: CaseRun, changes: Sequence[Any]) -> None:
    """``rows --format text``: a head line and a change line per change, the values as in JSON."""
    lines = cli_ok(["rows", "--format", "text", *run.files]).decode("utf-8").splitlines()
    assert len(lines) == 2 * len(changes), (len(lines), len(changes))
    for c, head, line in zip(changes, lines[0::2], lines[1::2], strict=True):
        doc = json.loads(dumps(change_json(c)))
        assert head.startswith(f"# {c.file} @{c.pos} "), (head, c.file, c.pos)
        assert head.endswith(f" gtid {c.gtid}"), (head, c.gtid)
        op, db, table, where, sets = parse_text_change(line)
        assert (op, db, table) == (c.op, c.schema, c.table), (line[:200], c.op, c.table)
        assert where == (doc["before"] if c.op != "insert" else {}), (c.pos, where, doc["before"])
        assert sets == (doc["after"] if c.op != "delete" else {}), (c.pos, sets, doc["after"])


# -- rows --format parquet ---------------------------------------------------------------------


def parquet_changes(out: Path) -> Iterator[dict[str, Any]]:
    """The rows of ``rows --format parquet`` read back (one folder per table), with their table."""
    import pyarrow.parquet as pq

    for folder in sorted(p for p in out.iterdir() if p.is_dir()):
        db, _, table = folder.name.partition(".")
        for part in sorted(folder.glob("*.parquet")):
            for row in pq.read_table(part).to_pylist():
                yield dict(row, schema=db, table=table)


def _parquet_image(row: dict[str, Any], side: str) -> dict[str, Any] | None:
    image = row[side]
    if image is None:
        return None
    absent = set(row[f"{side}_absent"] or ())
    return {k: (tuple(v) if isinstance(v, list) else v) for k, v in image.items() if k not in absent}


def _same_typed(got: Any, want: Any) -> bool:
    """A Parquet value against the API's: equal, or the documented differences (zero dates, wide decimals)."""
    if isinstance(got, str) and isinstance(want, Decimal):
        return Decimal(got) == want
    if got is None and want is not None:
        return type(want).__name__ in ("MySQLDate", "MySQLDateTime")
    if isinstance(want, tuple) and isinstance(got, tuple):
        return set(got) == set(want)
    if isinstance(want, bytes) and isinstance(got, str | bytes):  # BIT and geometries
        return got == want or bytes(want) == got
    return bool(got == want) or (isinstance(got, float) and isinstance(want, float) and got != got and want != want)


def check_parquet(run: CaseRun, changes: Sequence[Any], out: Path) -> int:
    """``rows --format parquet``: every change once, with the API's typed values."""
    cli_ok(["rows", "--format", "parquet", "--output", out, *run.files])
    want = {(Path(c.file).name, c.pos, c.row_index): c for c in changes}
    compared = 0
    for row in parquet_changes(out):
        c = want.pop((Path(row["file"]).name, row["pos"], row["row_index"]))
        assert (row["op"], row["schema"], row["table"]) == (c.op, c.schema, c.table), (row["pos"], c.table)
        for side in ("before", "after"):
            got, mine = _parquet_image(row, side), getattr(c, side)
            assert (got is None) == (mine is None), (c.pos, side)
            if got is None:
                continue
            assert set(got) == set(mine), (c.pos, side, sorted(set(got) ^ set(mine)))
            bad = {k: (got[k], mine[k]) for k in got if not _same_typed(got[k], mine[k])}
            assert not bad, (c.file, c.pos, c.table, side, bad)
            compared += len(got)
    assert not want, f"changes missing from the Parquet output: {sorted(want)[:5]}"
    return compared


# -- rows --format debezium --------------------------------------------------------------------

_DEBEZIUM_OP = {"insert": "c", "update": "u", "delete": "d"}


def _debezium_expected(c: Any) -> list[tuple[str, Any, Any]]:
    """(op, before, after) envelopes of one change: an update of the key is a delete and a create."""
    if c.op == "update" and c.primary_key and c.before is not None and c.after is not None and any(
            k in c.after and c.before.get(k) != c.after[k] for k in c.primary_key):
        return [("d", c.before, None), ("c", None, c.after)]
    return [(_DEBEZIUM_OP[c.op], c.before, c.after)]


def _plain(column: compare.SqlColumn | None, value: Any) -> bool:
    """A value whose Debezium encoding is itself: of an integer column (not BIGINT UNSIGNED, a wrapped long
    in Debezium's default mode) or of a character column."""
    if column is None or value is None:
        return False
    if column.family == "int":
        return type(value) is int and not (column.unsigned and column.int_bits == 64)
    return type(value) is str and column.family == "text" and column.data_type != "json"


def check_debezium(run: CaseRun, changes: Sequence[Any]) -> int:
    """``rows --format debezium``: the envelopes, their source positions, fields and plain values."""
    lines = cli_ok(["rows", "--format", "debezium", *run.files]).splitlines()
    envelopes = [json.loads(line) for line in lines]
    expected = [(c, *e) for c in changes for e in _debezium_expected(c)]
    assert len(envelopes) == len(expected), (len(envelopes), len(expected))
    schemas = {p.file.name: p.schema for p in run.phases}
    compared = 0
    for env, (c, op, before, after) in zip(envelopes, expected, strict=True):
        columns = {col.name: col for col in schemas[Path(c.file).name].get(c.table, ())}
        src = env["source"]
        assert (env["op"], src["db"], src["table"], src["file"], src["pos"], src["row"], src["gtid"]) == (
            op, c.schema, c.table, Path(c.file).name, c.pos, c.row_index, c.gtid), (env["op"], src, c.pos)
        for side, mine in (("before", before), ("after", after)):
            theirs = env[side]
            assert (theirs is None) == (mine is None), (c.pos, side)
            if mine is None:
                continue
            assert set(mine) <= set(theirs), (c.pos, side, sorted(set(mine) - set(theirs)))
            for name, value in mine.items():
                if _plain(columns.get(name), value):
                    assert theirs[name] == value, (c.pos, side, name, theirs[name], value)
                    compared += 1
    return compared


# -- stats and filter --------------------------------------------------------------------------


def check_stats(run: CaseRun, changes: Sequence[Any]) -> None:
    """``stats --format json``: the rows per table and op are the API's; every transaction's figures are the same
    with plain transactions counted whole and event by event (``runtime/plain_transactions.py``)."""
    doc = json.loads(cli_ok(["stats", "--format", "json", *run.files]))
    want: dict[str, Counter[str]] = {}
    for c in changes:
        want.setdefault(f"{c.schema}.{c.table}", Counter())[c.op] += 1
    got = {t: Counter({k: v for k, v in ops.items() if v}) for t, ops in doc["tables"].items()}
    assert got == {t: ops for t, ops in want.items()}, (got, want)
    every_one: list[str | Path] = ["stats", "--format", "json", "--big-bytes", "0", "--long-seconds", "0", *run.files]
    whole = cli_ok(every_one)
    plain_transactions.PREFER_PLAIN = False
    try:
        assert cli_ok(every_one) == whole
    finally:
        plain_transactions.PREFER_PLAIN = True


def check_filter(run: CaseRun, changes: Sequence[Any], table: str, out: Path) -> int:
    """``filter --table DB.T``: the written binlogs hold that table's changes, in order, and nothing else."""
    cli_ok(["filter", "--table", table, "--output", out, *run.files])
    kept = list(binlog_ksy.read_changes([out / p.file.name for p in run.phases]))
    db, _, name = table.partition(".")
    want = [c for c in changes if (c.schema, c.table) == (db, name)]

    def key(c: Any) -> tuple[Any, ...]:
        doc = change_json(c)
        return (Path(c.file).name, c.gtid, c.op, c.schema, c.table, c.row_index, dumps(doc["before"]),
                dumps(doc["after"]))

    assert [key(c) for c in kept] == [key(c) for c in want]
    return len(kept)
