"""``extract --follow``: the outputs of ``extract`` kept current while a binlog folder grows.

Each micro-batch is one ``--incremental`` run in the same Spark session (one JVM start for the whole
follow): plan the new bytes from the state the output holds (:func:`..incremental.plan_ranges`: new files, the
grown tail of a file to the end of its last complete transaction), read them with the job's tasks (each
stops exactly at its planned end), then one commit per table (Delta, Iceberg: tagged with the run id, a run
that died between two commits undone by the next) or one swap (Parquet), the summary and its state written
last. ``--incremental`` already promises that any sequence of runs, killed ones included, leaves what one
plain run over the folder's last state leaves; a follow is such a sequence, so a follow killed at any moment
and started again continues exactly where its last committed batch ended: no change twice, none lost.

A batch begins every ``interval`` seconds (the next one at once when a batch took longer). Each prints one
line: the changes and transactions written, the new bytes read, and how far the output is behind the folder
(:class:`BatchReport`). SIGTERM and SIGINT stop the follow after the batch in flight (:class:`StopFlag`).
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, TextIO

from pyspark.sql import SparkSession

from binlog_ksy.runtime.storage import expand_inputs
from binlog_ksy.spark_jobs.incremental import IncrementalPlan
from binlog_ksy.spark_jobs.job.config import ExtractConfig, interval_seconds
from binlog_ksy.spark_jobs.job.extract import RunWatch, run_extract_config

__all__ = ["BatchReport", "StopFlag", "behind_bytes", "follow"]

class StopFlag:
    """Set by a signal (or a test): the follow stops once the batch in flight has committed."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.reason = ""

    def set(self, reason: str = "stopped") -> None:
        self.reason = self.reason or reason
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def wait(self, seconds: float) -> bool:
        return self._event.wait(max(0.0, seconds))


@dataclass
class BatchReport:
    """One micro-batch, as its progress line and its JSON line tell it."""

    batch: int
    #: When the batch listed the folder (UTC): every transaction complete in the folder then is in the output.
    as_of: float
    seconds: float
    changes: int
    transactions: int
    events: int
    errors: int
    #: New bytes read from the folder.
    bytes: int
    files: int
    #: Bytes in the folder now that the output does not hold (a transaction still being written, what arrived
    #: during the batch); ``behind_s``: 0 when there are none, else the seconds since ``as_of``.
    behind_bytes: int
    behind_s: float

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["as_of"] = dt.datetime.fromtimestamp(self.as_of, dt.UTC).isoformat(timespec="milliseconds")
        data["seconds"], data["behind_s"] = round(self.seconds, 3), round(self.behind_s, 3)
        return data

    def to_text(self) -> str:
        return (f"batch {self.batch}: {self.changes} changes, {self.transactions} transactions, "
                f"{self.bytes / 1e6:.2f} MB in {self.seconds:.1f} s, {self.errors} errors; "
                f"behind: {self.behind_bytes} bytes, {self.behind_s:.1f} s")


def behind_bytes(cfg: ExtractConfig, plan: IncrementalPlan | None) -> int:
    """The bytes of the inputs, as listed now, past what the output holds after ``plan`` (files changed under
    their name and damaged files never move: not counted)."""
    try:
        files = expand_inputs(cfg.inputs)
    except FileNotFoundError:
        return 0
    state = plan.state if plan is not None else {}
    total = 0
    for item in files:
        known = state.get(item.uri)
        if known is not None and (known.changed or known.damaged_at is not None):
            continue
        total += max(0, (item.size or 0) - (known.read_to if known is not None else 0))
    return total


def _one_batch(cfg: ExtractConfig, spark: SparkSession, number: int, notes: TextIO | None) -> BatchReport:
    """One incremental run, and its report."""
    watch = RunWatch(notes=notes, warn_unfinished=False)
    as_of, began = time.time(), time.monotonic()
    summary = run_extract_config(cfg, spark=spark, progress=None, watch=watch)
    seconds = time.monotonic() - began
    lag = behind_bytes(cfg, watch.plan)
    return BatchReport(number, as_of, seconds, summary.total_changes, summary.transactions, summary.events,
                       summary.errors, summary.bytes, summary.files, lag,
                       time.time() - as_of if lag else 0.0)


def follow(cfg: ExtractConfig, spark: SparkSession, *, progress: TextIO | None = None, lines: TextIO | None = None,
           stop: StopFlag | None = None, batches: int | None = None) -> list[BatchReport]:
    """Run micro-batches every ``cfg.interval`` until ``stop`` is set (or ``batches`` have run); each batch's
    line on ``progress`` and its JSON line on ``lines``. A batch that fails raises (its output is as the last
    committed batch left it: the next follow or run goes on from there)."""
    cfg = replace(cfg, incremental=True, follow=False)
    interval = interval_seconds(cfg.interval)
    stop = stop or StopFlag()
    reports: list[BatchReport] = []
    number = 0
    while not stop.is_set() and (batches is None or number < batches):
        number += 1
        began = time.monotonic()
        report = _one_batch(cfg, spark, number, progress)
        reports.append(report)
        if progress is not None:
            print(f"binlog-ksy extract: {report.to_text()}", file=progress, flush=True)
        if lines is not None:
            print(json.dumps(report.to_json(), sort_keys=True), file=lines, flush=True)
        if batches is not None and number >= batches:
            break
        stop.wait(began + interval - time.monotonic())
    return reports
