"""A binlog folder that moves while runs read it: a MariaDB server writing, and a sync copying it to S3.

The run-sequence property of tests/test_run_sequences.py draws *snapshots*, copies that do not change while a
run reads them. Users point ``extract --incremental`` at the folder a server is still writing: files grow,
rotate, get their ROTATE or STOP event and have the in-use flag of their format description cleared *during*
a run. This module makes that world for tests/test_live_folder.py:

* :class:`LiveWorkload`: a drawn workload (its seed, how large a binlog may grow before
  the server rotates it, how often it is flushed or a table altered, the pause between transactions);
* :class:`LiveWriter`: a MariaDB server whose binlogs go into a folder of their own, fed the workload's
  statements by one ``mariadb`` client over a pipe, from a thread, until the test has run what it wanted to
  run while the folder moved;
* :class:`ChunkedSync`: a sync job copying that folder to an S3 prefix while it grows, oldest file first, the
  newest object replaced by a longer prefix of its file, cut at any byte (as a sync that uploads what it
  finds does).

Standard library and the project's test helpers only.
"""

from __future__ import annotations

import random
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from binlog_ksy.runtime.storage import filesystem_of
from tests.mariadb.server import MariaDBServer

__all__ = ["ChunkedSync", "LiveWorkload", "LiveWriter", "TABLES", "statements"]

#: The tables every live workload writes.
TABLES = ("live.orders", "live.items", "live.notes")

_CREATE = (
    "CREATE TABLE live.orders (id INT PRIMARY KEY, customer VARCHAR(40), total DECIMAL(12,2), qty BIGINT, "
    "placed DATETIME(3), state ENUM('new','paid','sent'), tags SET('a','b','c'), flags BIT(5), doc JSON)",
    "CREATE TABLE live.items (order_id INT, line SMALLINT UNSIGNED, sku CHAR(8), price DOUBLE, shipped DATE, "
    "at TIME(2), note TEXT, PRIMARY KEY (order_id, line))",
    # no primary key: a table the output can only hold as a multiset of rows
    "CREATE TABLE live.notes (who VARCHAR(20), body BLOB, seen TIMESTAMP(6) NULL, n MEDIUMINT)",
)


@dataclass(frozen=True)
class LiveWorkload:
    """The drawn settings of one live workload (every choice inside it comes from ``seed``)."""

    seed: int
    #: The most transactions it writes; then it waits for ``LiveWriter.stop()`` (a folder that stops moving).
    transactions: int = 600
    #: ``max_binlog_size``: the server rotates its binlog once it grows past this (4096 is the smallest).
    max_binlog_size: int = 16384
    #: Chance per transaction of a ``FLUSH BINARY LOGS`` after it, and of an ``ALTER TABLE`` before it.
    flush_every: float = 0.03
    alter_every: float = 0.02
    #: Longest pause between two transactions, in seconds (each pause is drawn up to it).
    pause: float = 0.02

    def server_options(self) -> dict[str, object]:
        return {"binlog_row_metadata": "FULL", "binlog_row_image": "FULL",
                "max_binlog_size": self.max_binlog_size}


def _text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz éü'") for _ in range(rng.randint(0, n))).replace("'", "''")


def _order_values(rng: random.Random, key: int) -> str:
    doc = f'{{"k": {rng.randint(-9, 9)}, "v": "{_text(rng, 8)}"}}'
    return (f"({key}, '{_text(rng, 30)}', {rng.randint(-10**6, 10**6)}.{rng.randint(0, 99):02d}, "
            f"{rng.randint(-2**40, 2**40)}, '2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} "
            f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}', "
            f"'{rng.choice(('new', 'paid', 'sent'))}', '{','.join(rng.sample('abc', rng.randint(0, 3)))}', "
            f"b'{rng.randint(0, 31):05b}', '{doc}')")


def _item_values(rng: random.Random, order: int, line: int) -> str:
    shipped = "NULL" if rng.random() < 0.3 else f"'2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}'"
    return (f"({order}, {line}, '{_text(rng, 8)}', {rng.uniform(-1e6, 1e6)!r}, {shipped}, "
            f"'{rng.randint(-800, 800)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 99):02d}', "
            f"'{_text(rng, 300)}')")


def statements(w: LiveWorkload) -> Iterator[tuple[str, float]]:
    """The workload's statements after the tables exist, each with the pause before it (seconds)."""
    rng = random.Random(w.seed)
    orders: set[int] = set()
    items: set[tuple[int, int]] = set()
    added: list[str] = []
    next_key = 1
    for tx in range(w.transactions):
        if rng.random() < w.alter_every:
            if added and rng.random() < 0.4:
                yield f"ALTER TABLE live.orders DROP COLUMN {added.pop()}", 0.0
            else:
                added.append(f"extra{tx}")
                yield f"ALTER TABLE live.orders ADD COLUMN {added[-1]} INT DEFAULT {tx}", 0.0
        body: list[str] = []
        for _ in range(rng.randint(1, 4)):
            action = rng.random()
            if action < 0.45 or not orders:
                keys = list(range(next_key, next_key + rng.randint(1, 3)))
                next_key += len(keys)
                orders.update(keys)
                body.append("INSERT INTO live.orders (id, customer, total, qty, placed, state, tags, flags, doc) "
                            "VALUES " + ", ".join(_order_values(rng, k) for k in keys))
                lines = [(k, line) for k in keys for line in range(1, rng.randint(1, 3) + 1)]
                items.update(lines)
                body.append("INSERT INTO live.items VALUES " + ", ".join(_item_values(rng, *kl) for kl in lines))
            elif action < 0.7:
                key = rng.choice(sorted(orders))
                body.append(f"UPDATE live.orders SET qty = qty + {rng.randint(1, 9)}, state = "
                            f"'{rng.choice(('paid', 'sent'))}', customer = '{_text(rng, 30)}' WHERE id = {key}")
            elif action < 0.8 and items:
                order, line = rng.choice(sorted(items))
                items.discard((order, line))
                body.append(f"DELETE FROM live.items WHERE order_id = {order} AND line = {line}")
            elif action < 0.9:
                body.append(f"INSERT INTO live.notes VALUES ('{_text(rng, 20)}', "
                            f"x'{rng.randbytes(rng.randint(0, 40)).hex()}', "
                            f"'2026-12-0{rng.randint(1, 6)} 10:00:00.{rng.randint(0, 999999):06d}', "
                            f"{rng.randint(-8388608, 8388607)})")
            else:
                key = rng.choice(sorted(orders))
                orders.discard(key)
                body.append(f"DELETE FROM live.orders WHERE id = {key}")
        yield "BEGIN; " + "; ".join(body) + "; COMMIT", round(rng.uniform(0.0, w.pause), 4)
        if rng.random() < w.flush_every:
            yield "FLUSH BINARY LOGS", 0.0


class LiveWriter:
    """A MariaDB server writing a :class:`LiveWorkload` into ``folder`` from a thread.

    ``start()`` starts the server (binlogs in their own folder), creates the tables and starts the writer
    thread, which writes until ``stop()``: that lets the last statement finish, then shuts the server down
    cleanly (its last binlog gets a STOP event, every format description its in-use flag cleared) and removes
    nothing: the folder is the final state a plain run is compared with. ``cleanup()`` removes the server's
    directory.
    """

    def __init__(self, workload: LiveWorkload) -> None:
        self.workload = workload
        self.server = MariaDBServer(workload.server_options(), binlog_folder=True)
        self.thread: threading.Thread | None = None
        self.error: BaseException | None = None
        self.written = 0
        self._enough = threading.Event()
        self._done = threading.Event()

    @property
    def folder(self) -> Path:
        return self.server.binlog_basename.parent

    def start(self) -> LiveWriter:
        self.server.start()
        self.server.sql(["CREATE DATABASE live", *_CREATE])
        self.thread = threading.Thread(target=self._write, name="live-writer", daemon=True)
        self.thread.start()
        return self

    def _write(self) -> None:
        client = subprocess.Popen([*self.server._client_args(), "--unbuffered"], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert client.stdin is not None
        try:
            for statement, pause in statements(self.workload):
                if self._enough.wait(pause) if pause else self._enough.is_set():
                    break
                client.stdin.write(statement.encode("utf-8") + b";\n")
                client.stdin.flush()
                self.written += 1
            self._done.set()
            self._enough.wait()  # the folder stands still until the test stops the server
            _, err = client.communicate(timeout=300)  # closes the pipe: the client ends after the last one
            if client.returncode != 0:
                raise RuntimeError(f"the live workload's client failed: {err.decode('utf-8', 'replace')}")
        except BaseException as exc:  # noqa: BLE001 - kept for wait(), which raises it in the test's thread
            self.error = exc
            client.kill()

    @property
    def writing(self) -> bool:
        """Statements are still being sent (the folder moves)."""
        return self.thread is not None and self.thread.is_alive() and not self._done.is_set()

    def stop(self, timeout: float = 300.0) -> None:
        """Stop writing (the statement under way finishes), then the server; raises what went wrong in the
        writer."""
        self._enough.set()
        if self.thread is not None:
            self.thread.join(timeout)
            if self.thread.is_alive():
                raise TimeoutError(f"the live workload's client did not finish within {timeout} s")
        if self.error is not None:
            raise self.error
        self.server.stop()

    def cleanup(self) -> None:
        self._enough.set()
        try:
            if self.server.running:
                self.server.stop()
        finally:
            self.server.cleanup()

    def __enter__(self) -> LiveWriter:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.cleanup()




class ChunkedSync:
    """Copies a growing local folder to an S3 prefix from a thread, as a sync job that uploads what it finds.

    Each round walks the binlogs oldest first, as ``aws s3 sync`` or a single-transfer ``rclone`` does: a
    binlog the server has moved past (a newer one exists) is uploaded whole once it changed, and the newest,
    which the server is writing, is replaced by a longer prefix of it, up to a drawn number of bytes more
    (the chunk), so its object may end anywhere, inside an event or a transaction. An older binlog is
    therefore whole before a newer one appears in the store. ``finish()`` stops the thread after a last
    round that copies every file whole.
    """

    def __init__(self, folder: Path, uri: str, seed: int, chunk: int = 6000, interval: float = 0.05) -> None:
        self.folder, self.uri, self.chunk, self.interval = folder, uri.rstrip("/"), chunk, interval
        self.rng = random.Random(seed)
        self.uploaded: dict[str, int] = {}
        self.rounds = 0
        self._stop = threading.Event()
        self.error: BaseException | None = None
        self._store: tuple[Any, str] | None = None  # the pyarrow filesystem and the prefix's path in it
        self.thread = threading.Thread(target=self._loop, name="chunked-sync", daemon=True)

    def start(self) -> ChunkedSync:
        self.thread.start()
        return self

    def _loop(self) -> None:
        try:
            while not self._stop.is_set():
                self.sync_once(whole=False)
                time.sleep(self.interval)
        except BaseException as exc:  # noqa: BLE001 - raised by finish() in the test's thread
            self.error = exc

    def sync_once(self, whole: bool) -> None:
        if self._store is None:  # one client for every round
            self._store = filesystem_of(self.uri)
        filesystem, inner = self._store
        binlogs = sorted(p for p in self.folder.iterdir() if p.name.startswith("binlog.") and p.suffix[1:].isdigit())
        for number, path in enumerate(binlogs):
            done = self.uploaded.get(path.name, -1)
            if path.stat().st_size == done:  # unchanged since its last upload: not read again
                continue
            data = path.read_bytes()
            newest = number == len(binlogs) - 1
            end = len(data) if whole or not newest else min(len(data), max(done, 0) + self.rng.randint(1, self.chunk))
            with filesystem.open_output_stream(f"{inner}/{path.name}") as stream:
                stream.write(data[:end])
            self.uploaded[path.name] = end
        self.rounds += 1

    def finish(self) -> None:
        """Stop the thread, then copy every file whole."""
        self._stop.set()
        self.thread.join(60)
        if self.error is not None:
            raise self.error
        self.sync_once(whole=True)
