"""``extract --follow``: how far behind the server the Delta output is, and how fast it catches up.

    python benchmarks/bench_follow.py latency [--seconds 120] [--interval 5s] [--rate 1000]
    python benchmarks/bench_follow.py catchup [--data DIR]

``latency``: a MariaDB server (binlogs in their own folder, rotating at 16 MB) takes one transaction of
``rate / 10`` inserted rows every 100 ms (``rate`` row changes per second) from one client over a pipe, for
``seconds``; ``extract FOLDER --output OUT --table-format delta --follow --interval 5s --format json`` reads the
folder. A transaction's latency is from the moment its statements were sent to the server (before its commit:
the figures err high) to the moment the follow printed the line of the batch that committed its rows to the
Delta tables (each batch's line comes after its commits; the rows of the transactions are counted in order,
batch by batch, and the Delta table's rows are checked against them at the end). Prints p50, p95 and the
largest, with the bound of the issue: p95 at most the interval plus 5 s.

``catchup``: the 8-file set of ``narrow_workload.py`` (2.3 M changes, about 110 MB) already in the folder when
the follow starts: the time from its start to its first batch line that is no longer behind, against one
``extract`` run over the same folder (both to Delta, both from their process start, JVM included).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
BINLOG_KSY = str(Path(sys.executable).parent / "binlog-ksy")


def _follow(inputs: str, out: str, interval: str) -> tuple[subprocess.Popen[str], list[tuple[float, dict[str, Any]]]]:
    """The follow in a child process, and the list its JSON lines land in (with the time each was read)."""
    proc = subprocess.Popen([BINLOG_KSY, "extract", inputs, "--output", out, "--table-format", "delta", "--follow",
                             "--interval", interval, "--format", "json", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=dict(os.environ, PYSPARK_PYTHON=sys.executable))
    lines: list[tuple[float, dict[str, Any]]] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append((time.time(), json.loads(line)))

    threading.Thread(target=read, daemon=True).start()
    return proc, lines


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()


def _writer(server: Any, rows: int, seconds: float, sent: list[tuple[float, int]], stop: threading.Event) -> None:
    """One transaction of ``rows`` inserts every 100 ms through one client; ``sent``: (time sent, rows)."""
    # the database named: the sequence engine's seq_N_to_M tables are found in the current one
    client = subprocess.Popen([*server._client_args(), "--unbuffered", "-N", "-B", "--database=bench"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert client.stdin is not None and client.stdout is not None
    first, k = 1, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and not stop.is_set():
        began = time.time()
        client.stdin.write(f"BEGIN; INSERT INTO bench.t (id, v, note) SELECT seq, seq * 7, 'row' FROM "
                           f"seq_{first}_to_{first + rows - 1}; COMMIT; SELECT {k};\n")
        try:
            client.stdin.flush()
        except BrokenPipeError:
            raise RuntimeError(f"the client stopped: {client.communicate()[1].strip()}") from None
        client.stdout.readline()  # the commit has returned
        sent.append((began, rows))
        first, k = first + rows, k + 1
        time.sleep(max(0.0, began + 0.1 - time.time()))
    client.stdin.close()
    client.wait()


def latency(seconds: float, interval: str, rate: int) -> dict[str, Any]:
    from tests.mariadb.server import MariaDBServer

    root = Path(tempfile.mkdtemp(prefix="bench-follow-"))
    server = MariaDBServer({"binlog_row_metadata": "FULL", "max_binlog_size": 16 << 20}, binlog_folder=True)
    try:
        server.start()
        server.sql(["CREATE DATABASE bench", "CREATE TABLE bench.t (id BIGINT PRIMARY KEY, v BIGINT, note TEXT)"])
        folder = str(server.binlog_basename.parent)
        proc, lines = _follow(folder, str(root / "out"), interval)
        while not lines:  # its JVM is up and its first batch committed
            time.sleep(0.1)
        sent: list[tuple[float, int]] = []
        stop = threading.Event()
        _writer(server, max(1, rate // 10), seconds, sent, stop)
        total = sum(rows for _, rows in sent)
        while sum(line["changes"] for _, line in lines) < total and proc.poll() is None:
            time.sleep(0.2)
        _stop(proc)
        return _latencies(sent, lines, root / "out", interval, rate)
    finally:
        if server.running:
            server.stop()
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


def _latencies(sent: list[tuple[float, int]], lines: list[tuple[float, dict[str, Any]]], out: Path,
               interval: str, rate: int) -> dict[str, Any]:
    """Each transaction's commit-to-readable time: rows are written in order, batch by batch."""
    from binlog_ksy.runtime.outputs import lake as lake_tables

    readable: list[tuple[float, int]] = []
    done = 0
    for at, line in lines:
        done += line["changes"]
        readable.append((at, done))
    waits = []
    cumulative = 0
    batch = 0
    for began, rows in sent:
        cumulative += rows
        while readable[batch][1] < cumulative:
            batch += 1
        waits.append(readable[batch][0] - began)
    in_table = lake_tables.read_table(str(out), "delta", "changes").num_rows
    assert in_table == cumulative, (in_table, cumulative)
    waits.sort()
    return {"transactions": len(waits), "rows": cumulative, "rate": rate, "interval": interval,
            "batches": len(lines), "p50_s": round(statistics.median(waits), 2),
            "p95_s": round(waits[int(0.95 * (len(waits) - 1))], 2), "max_s": round(waits[-1], 2)}


def catchup(data: Path) -> dict[str, Any]:
    from narrow_workload import build, files

    info = build(data, "eight")
    folder = str(files(data, "eight")[0].parent)
    root = Path(tempfile.mkdtemp(prefix="bench-catchup-"))
    try:
        began = time.monotonic()
        run = subprocess.run([BINLOG_KSY, "extract", folder, "--output", str(root / "plain"), "--table-format",
                              "delta", "--quiet"], env=dict(os.environ, PYSPARK_PYTHON=sys.executable),
                             capture_output=True, text=True)
        plain = time.monotonic() - began
        assert run.returncode == 0, run.stderr[-2000:]
        began = time.monotonic()
        proc, lines = _follow(folder, str(root / "follow"), "5s")
        while not any(line["behind_bytes"] == 0 for _, line in lines) and proc.poll() is None:
            time.sleep(0.05)
        follow = time.monotonic() - began
        _stop(proc)
        mb = info["bytes"] / 1e6
        return {"files": len(info["files"]), "mb": round(mb, 1), "changes": info["changes"],
                "extract_s": round(plain, 1), "follow_caught_up_s": round(follow, 1),
                "extract_mb_s": round(mb / plain, 2), "follow_mb_s": round(mb / follow, 2)}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=("latency", "catchup"))
    p.add_argument("--seconds", type=float, default=120.0)
    p.add_argument("--interval", default="5s")
    p.add_argument("--rate", type=int, default=1000, help="row changes per second")
    p.add_argument("--data", type=Path, default=Path("/tmp/binlog-ksy-bench"))
    a = p.parse_args()
    result = latency(a.seconds, a.interval, a.rate) if a.mode == "latency" else catchup(a.data)
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
