"""The extraction job: binlog files -> Parquet datasets (events, changes, transactions, errors, tables).

Run it as ``binlog-ksy extract INPUT... --output DIR`` or
``spark-submit spark_jobs/job/cli.py INPUT... --output DIR`` (same flags),
or from Python with :func:`run_extract`.

Output (one directory, replaced as a whole)
-------------------------------------------
``events/``
    One row per event: the ``binlog`` source's ``events`` schema without
    ``error`` (see ``spark_jobs/datasource.py``).
``changes/``
    One row per row change, partitioned by ``schema`` and ``table``
    (``changes/schema=shop/table=orders/``): the ``changes`` schema without
    ``error``.
``transactions/``
    One row per transaction, totalled by the task that reads it:
    ``file, transaction, gtid, first_pos, last_pos, events, start_time,
    commit_time, tables (array of "schema.table"), inserts, updates, deletes,
    rows, bytes, end_pos, seconds``. ``first_pos``/``last_pos`` are the positions of its
    first and last event, ``end_pos`` where its last event ends, ``bytes`` the size of
    its events, ``seconds`` its last event's time minus its first (the figures of
    ``binlog-ksy stats``: big transactions are ``rows >= N`` or ``bytes >= N``, long
    ones ``seconds >= S``), ``start_time`` the earliest event time, ``commit_time`` the time of
    its last event (the XID or COMMIT). With filters, only the events and
    changes kept are counted.
``errors/``
    ``file, offset, length, event_type, kind, message``: every byte range,
    event or row image that could not be read, and every file that could not
    be opened or is not a binlog, each once.
``tables/<schema>.<table>/`` (unless ``--no-typed``)
    One row per change with the table's own column types
    (:mod:`binlog_ksy.runtime.outputs.typed`): ``file, pos, row_index,
    timestamp, server_id, gtid, transaction, op``, the images as two structs
    ``before`` and ``after`` (null where the op has none), and
    ``before_absent``/``after_absent`` naming the columns a MINIMAL or NOBLOB
    image left out. Values Arrow cannot hold (zero dates) are null. Each table
    layout is its own part file; after an ALTER TABLE read them together with
    ``mergeSchema``. In the directory name, ``/``, backslash, ``.``, ``:``,
    ``%``, spaces and control characters of the names are written as ``%XX``.
``state/<schema>.<table>/``, ``history/<schema>.<table>/`` (with ``--state``)
    The tables as they were: SCD type 1 (the rows after the last complete transaction read, with the change
    that left each so) and type 2 (every version of every row), computed from every file read so far by
    one more task of each run (:mod:`.state_task`); Delta and Iceberg tables of them are merged into, run after
    run (:mod:`binlog_ksy.runtime.outputs.lake_merge`).
``_binlog_ksy_extract.json``
    The run's summary (also the marker that lets a rerun replace the directory).

How it runs
-----------
The driver lists the inputs and plans the tasks: one per file, or one per
``split_size`` bytes of a bigger file (:func:`.task.plan_tasks`: a
split starts at its first GTID event and reads past its end to finish its
last transaction). One Spark job runs them; each task reads its bytes once
and writes its own Parquet parts of every dataset with pyarrow
(:mod:`.task`), returning its counts, which make the summary. No row
goes through the JVM, and nothing is read twice.

Everything is written into ``.<output name>.tmp-<id>`` beside the output
(:mod:`.output`), which replaces the output only when every dataset is
complete: a failed or interrupted run leaves the previous output (or none)
and no partial dataset. A rerun over the same inputs gives the same rows.

Each file is read to the end of its last complete transaction
(:mod:`.incremental`; the rest, a transaction still being written, is named in
the summary's ``unfinished`` and read by the next ``--incremental`` run), and
every run records how far it read each file, so an ``--incremental`` run may
follow a plain one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, TextIO

import pyarrow as pa
from pyspark.sql import SparkSession

from binlog_ksy.runtime.schema.history import SchemaHistory
from binlog_ksy.runtime.storage import (
    InputFile,
    expand_inputs,
    store_bounds,
    store_environment,
    write_target,
)
from binlog_ksy.spark_jobs import arrow_schemas
from binlog_ksy.spark_jobs.datasource import _read_text
from binlog_ksy.spark_jobs.incremental import (
    STATE_KEY,
    IncrementalPlan,
    load_state,
    plan_ranges,
    planning_history,
    state_json,
)
from binlog_ksy.spark_jobs.job.class_archive import archive_options
from binlog_ksy.spark_jobs.job.cluster_checks import check_shared_output, env_archive, worker_python
from binlog_ksy.spark_jobs.job.config import ConfigError, ExtractConfig
from binlog_ksy.spark_jobs.job.driver_jvm import start_driver_jvm
from binlog_ksy.spark_jobs.job.jvm_log import JvmLog
from binlog_ksy.spark_jobs.job.output import MARKER_FILE, PENDING_FILE, OutputDirectory
from binlog_ksy.spark_jobs.job.progress import JobProgress
from binlog_ksy.spark_jobs.job.state_task import StateResult, StateSpec, run_state_task, state_table_lines
from binlog_ksy.spark_jobs.job.task import TaskOptions, TaskResult, TaskSpec, plan_tasks, run_task
from binlog_ksy.spark_jobs.typed import follow_ddl

__all__ = ["ExtractSummary", "RunWatch", "run_extract", "run_extract_config", "default_spark_conf",
           "driver_java_options",
           "TRANSACTIONS_COLUMNS", "MARKER_FILE"]

TRANSACTIONS_COLUMNS = ("file", "transaction", "gtid", "first_pos", "last_pos", "events", "start_time",
                        "commit_time", "tables", "inserts", "updates", "deletes", "rows", "bytes", "end_pos",
                        "seconds")
_PROG = "binlog-ksy extract"
#: The Python worker daemon that imports the task's modules before it forks (:mod:`.worker_daemon`).
WORKER_DAEMON = "binlog_ksy.spark_jobs.job.worker_daemon"


def driver_java_options() -> str:
    """The driver JVM's options when this process starts it, whatever the master: the quick-starting C1
    compiler, the serial collector and Spark's classes from a class-data archive (:mod:`.class_archive`).

    The driver only plans the tasks, collects their summaries and commits (the tasks read and write in
    Python): the C2 compiler and G1's threads cost it more than they give back, about 0.7 s less per run on 2
    cores for the first two and 2.5 s of CPU for the archive (from the second run on); on a standalone cluster
    a driver JVM took 13 s of CPU with the JVM's defaults and 3 s with these.
    ``--conf spark.driver.extraJavaOptions=...`` replaces all three.
    """
    return " ".join(filter(None, ["-XX:TieredStopAtLevel=1 -XX:+UseSerialGC", archive_options()]))


def default_spark_conf(cores: int | None = None) -> dict[str, str]:
    """Settings for a small local run: :func:`driver_java_options`, no UI, few shuffle partitions, UTC session
    time zone, Python workers forked with the task's modules imported.

    The Python workers are forked from :mod:`.worker_daemon`, which imports
    the task's modules once for all of them (about 0.35 s of CPU less per
    worker after the first).
    """
    cores = cores or os.cpu_count() or 2
    return {
        "spark.driver.extraJavaOptions": driver_java_options(),
        "spark.ui.enabled": "false",
        "spark.ui.showConsoleProgress": "false",
        "spark.sql.shuffle.partitions": str(max(2, cores)),
        "spark.sql.session.timeZone": "UTC",
        "spark.python.daemon.module": WORKER_DAEMON,
    }


@dataclass
class ExtractSummary:
    """What a run read and wrote.

    Attributes
    ----------
    output
        The output directory.
    files, bytes
        Input files and their total size.
    files_with_errors
        Files with at least one row in ``errors/``.
    events, transactions, errors
        Rows written to ``events/``, ``transactions/``, ``errors/``.
    changes
        Rows written to ``changes/`` per ``schema.table``.
    error_kinds
        Rows of ``errors/`` per ``kind``.
    typed_tables
        ``schema.table`` of each dataset written under ``tables/``.
    state_tables, history_tables, state_notes
        With ``--state``: rows per ``schema.table`` written under ``state/``, versions under ``history/``, and
        what the state could not read.
    state_summary
        With ``--state``: the state's summary of the tables of ``state/``, as ``binlog-ksy state`` writes it in
        ``_state.json``: the position reached (``position``, ``gtid``, ``commit_time``), and per table
        (``tables``) its ``rows``, whether it is ``complete``, its ``unknown_row_changes`` (the first ones in
        ``unknown_examples``), ``notes`` and ``position``; the tables dropped on the way (``dropped``).
    typed_layouts
        Per dataset of ``tables/``, how many layouts (column sets and types) it holds: more than one
        when the table was altered mid-stream; read them together with ``mergeSchema``.
    elapsed_s
        Wall-clock seconds of the whole run.
    steps
        Seconds per step (``read events``, ``write events/``...).
    unfinished, cut
        The files whose tail (an unfinished transaction) was left for the next run, and those of them
        that end inside an event.
    """

    output: str
    files: int = 0
    bytes: int = 0
    files_with_errors: int = 0
    events: int = 0
    transactions: int = 0
    errors: int = 0
    changes: dict[str, int] = field(default_factory=dict)
    error_kinds: dict[str, int] = field(default_factory=dict)
    typed_tables: list[str] = field(default_factory=list)
    typed_layouts: dict[str, int] = field(default_factory=dict)
    state_tables: dict[str, int] = field(default_factory=dict)
    history_tables: dict[str, int] = field(default_factory=dict)
    #: What the state task could not read (files that are not binlogs; an error that ended its reading).
    state_notes: list[str] = field(default_factory=list)
    state_summary: dict[str, Any] = field(default_factory=dict)
    elapsed_s: float = 0.0
    steps: dict[str, float] = field(default_factory=dict)
    #: Per input file whose end is not the end of a complete transaction (a binlog still being written, or
    #: a copy cut short): the byte where its unfinished tail begins. That tail is not read; the next
    #: ``--incremental`` run reads it once its transaction is complete.
    unfinished: dict[str, int] = field(default_factory=dict)
    #: The files of ``unfinished`` whose last event is cut (the file ends inside it): its offset. The exit
    #: status is then 1, as for ``binlog-ksy rows`` on such a file.
    cut: dict[str, int] = field(default_factory=dict)

    @property
    def total_changes(self) -> int:
        return sum(self.changes.values())

    @property
    def mb_per_s(self) -> float:
        return self.bytes / 1e6 / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["total_changes"] = self.total_changes
        d["mb_per_s"] = round(self.mb_per_s, 3)
        return d

    def to_text(self) -> str:
        """A short human summary (printed at the end of a run)."""
        lines = [
            f"output:       {self.output}",
            f"files:        {self.files} ({self.bytes / 1e6:.1f} MB), {self.files_with_errors} with errors",
            f"events:       {self.events}",
            f"transactions: {self.transactions}",
            f"changes:      {self.total_changes}",
        ]
        for name, count in sorted(self.changes.items()):
            lines.append(f"  {name}: {count}")
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(self.error_kinds.items()))
        lines.append(f"errors:       {self.errors}" + (f" ({kinds})" if kinds else ""))
        if self.unfinished:
            lines.append(f"unfinished:   {len(self.unfinished)} files end inside a transaction "
                         f"({len(self.cut)} inside an event): their tails are left for the next --incremental run")
        if self.typed_tables:
            lines.append(f"tables/:      {len(self.typed_tables)} typed datasets")
            for name, count in sorted(self.typed_layouts.items()):
                if count > 1:
                    lines.append(f"  {name}: {count} layouts (altered mid-stream: read with mergeSchema)")
        if self.state_tables or self.history_tables:
            lines.append(f"state/:       {len(self.state_tables)} tables, {sum(self.state_tables.values())} rows; "
                         f"history/: {sum(self.history_tables.values())} versions")
            lines += state_table_lines(self.state_summary)
        lines.append(f"elapsed:      {self.elapsed_s:.1f} s, {self.mb_per_s:.3g} MB/s")
        return "\n".join(lines)


# -- the job --------------------------------------------------------------------------------------


def _task_options(cfg: ExtractConfig, out: OutputDirectory, reporter: JobProgress,
                  history: SchemaHistory | None, part_prefix: str = "") -> TaskOptions:
    schema_yaml = _read_text(cfg.schema) if cfg.schema else None
    return TaskOptions(out_root=out.staging, part_prefix=part_prefix, store_environment=store_environment(),
                       cdc_name=cfg.topic_prefix if cfg.cdc else None, cdc_ts_ms=int(time.time() * 1000),
                       filter=cfg.filter(),
                       on_error="stop" if cfg.on_error == "stop" else "skip", undecodable=cfg.undecodable,
                       verify_checksums=cfg.verify_checksums, with_body=cfg.with_body, schema_yaml=schema_yaml,
                       typed=cfg.typed, batch_size=cfg.batch_size, progress_dir=reporter.dir,
                       history=history, ddl=tuple(history.statements) if history is not None else ())


def schema_history(cfg: ExtractConfig, uris: list[str]) -> SchemaHistory | None:
    """The schema history the tasks start from: ``schema_sql``, and the DDL of every input in file order.

    The driver reads the inputs' events once for their QUERY events (bodies of
    other events are not decoded); each task replays the statements before its
    start. Problems are reported by the tasks (as ``schema_history`` rows of
    ``errors/``) when they meet the statements themselves.
    """
    if not cfg.schema_history and not cfg.schema_sql:
        return None
    base = SchemaHistory.from_sql_files(cfg.schema_sql)
    recorder = base.copy()
    follow_ddl(recorder, uris)  # a file that cannot be read is skipped: the task reading it reports it
    base.statements = recorder.statements
    return base


def _write_empty(out: OutputDirectory, dataset: str, schema: pa.Schema, prefix: str = "") -> None:
    """An empty part with the dataset's schema, so a dataset nothing was written to still reads."""
    import pyarrow.parquet as pq

    filesystem, target = write_target(out.staged(dataset, f"part-{prefix}empty.parquet"))
    pq.write_table(schema.empty_table(), target, filesystem=filesystem)


def _staged_exists(out: OutputDirectory, dataset: str) -> bool:
    path = out.staged(dataset)
    return out.exists(path) if out.staging == out.tmp else os.path.exists(path)


def _fill_empty(out: OutputDirectory, prefix: str = "", cdc: bool = False) -> None:
    """Give every dataset nothing was written to an empty part (its schema) in the staging directory."""
    partitions = [pa.field("schema", pa.string()), pa.field("table", pa.string())]
    datasets = [("events", arrow_schemas.EVENTS), ("transactions", arrow_schemas.TRANSACTIONS),
                ("errors", arrow_schemas.ERRORS), ("changes", pa.schema([*arrow_schemas.CHANGES, *partitions]))]
    if cdc:
        datasets.append(("cdc", pa.schema([*arrow_schemas.CDC, *partitions])))
    for dataset, schema in datasets:
        if not _staged_exists(out, dataset):
            _write_empty(out, dataset, schema, prefix)


def _write_plan_errors(out: OutputDirectory, rows: list[dict[str, Any]], prefix: str) -> None:
    """The ``errors/`` rows the plan found: input files an incremental run will not reread (``file_changed``),
    files that will not grow and end inside a transaction (``truncated``)."""
    import pyarrow.parquet as pq

    if not rows:
        return
    table = pa.Table.from_pylist(rows, schema=arrow_schemas.ERRORS)
    filesystem, target = write_target(out.staged("errors", f"part-{prefix}plan.parquet"))
    pq.write_table(table, target, filesystem=filesystem)


def _summarize(summary: ExtractSummary, results: list[TaskResult]) -> None:
    files_with_errors = set()
    layouts: dict[str, set[str]] = {}
    for r in results:
        summary.events += r.events
        summary.transactions += r.transactions
        for name, count in r.changes.items():
            summary.changes[name] = summary.changes.get(name, 0) + count
        for kind, count in r.errors.items():
            summary.error_kinds[kind] = summary.error_kinds.get(kind, 0) + count
        if r.errors:
            files_with_errors.add(r.uri)
        for name, fingerprints in r.typed.items():
            layouts.setdefault(name, set()).update(fingerprints)
    summary.typed_tables = sorted(layouts)
    summary.typed_layouts = {name: len(fps) for name, fps in sorted(layouts.items())}
    summary.errors = sum(summary.error_kinds.values())
    summary.files_with_errors = len(files_with_errors)


def run_extract(inputs: str | Sequence[str], output: str, *, spark: SparkSession | None = None,
                progress: TextIO | None = sys.stderr, **settings: Any) -> ExtractSummary:
    """Read binlog files with Spark and write the Parquet datasets (see the module docstring).

    Parameters
    ----------
    inputs
        Files, directories, globs or URIs.
    output
        The output directory; replaced when the run succeeds.
    spark
        A SparkSession to use (default: one built from ``master``/``spark_conf``).
    progress
        Where progress lines go (None: nowhere).
    **settings
        Any other :class:`~.config.ExtractConfig` field (``databases``,
        ``tables``, ``start_datetime``, ``stop_datetime``, ``schema``,
        ``typed``, ``master``, ``spark_conf``...).

    Returns
    -------
    ExtractSummary

    Raises
    ------
    ConfigError
        Bad settings, or an output that is not ours to replace.
    FileNotFoundError
        An input that matches no file.

    Examples
    --------
    >>> summary = run_extract(["/backups/binlogs/"], "/data/binlogs_parquet")
    >>> print(summary.to_text())
    """
    cfg = ExtractConfig(inputs=[inputs] if isinstance(inputs, str) else list(inputs), output=output)
    cfg = cfg.merged(**settings)
    return run_extract_config(cfg, spark=spark, progress=progress)


def build_session(cfg: ExtractConfig, log: JvmLog | None = None) -> SparkSession:
    """The SparkSession for a run.

    The master is ``cfg.master``, else ``spark.master`` from ``spark_conf``,
    else spark-submit's (when the job runs under spark-submit), else
    ``local[*]``. A local master given here also gets :func:`default_spark_conf`
    (under ``spark_conf``); every master gets Spark's console progress bar off, and
    the driver JVM started here :func:`driver_java_options`.
    The executors' Python is :func:`.cluster_checks.worker_python`'s:
    ``spark.pyspark.python`` or ``PYSPARK_PYTHON`` when given, else the shipped
    environment's (``env``, added to ``spark.archives``, whose workers are then
    forked from :mod:`.worker_daemon` too), else this interpreter.
    A JVM started here is in a session of its own (:mod:`.driver_jvm`). With
    ``log``, it writes its stdout and stderr (the JVM's own lines, Spark's log,
    the local Python workers' stderr) to that file (:mod:`.jvm_log`), not to
    ours.
    """
    master = cfg.master or cfg.spark_conf.get("spark.master")
    if master is None and not os.environ.get("PYSPARK_GATEWAY_PORT"):  # not under spark-submit
        master = "local[*]"
    # The executors run PYSPARK_PYTHON as it is when the SparkContext starts: the user's choice first.
    # Local masters run the tasks here, with this interpreter: no archive to ship.
    env = None if master is not None and master.startswith("local") else cfg.env
    python, source = worker_python(cfg.spark_conf, env)
    os.environ["PYSPARK_PYTHON"] = python
    builder = SparkSession.builder.appName(_PROG)
    if master is not None:
        builder = builder.master(master)
    conf: dict[str, str] = {"spark.ui.showConsoleProgress": "false"}  # our progress lines, for every master
    if master is not None and master.startswith("local"):
        conf.update(default_spark_conf())
    else:
        conf["spark.driver.extraJavaOptions"] = driver_java_options()
    if source == "env":  # binlog-ksy's own environment: its workers can import the daemon
        conf["spark.python.daemon.module"] = WORKER_DAEMON
    if env:
        archives = [a for a in cfg.spark_conf.get("spark.archives", "").split(",") if a.strip()]
        conf["spark.archives"] = ",".join([*archives, env_archive(env)])
    conf.update({k: v for k, v in cfg.spark_conf.items() if not (env and k == "spark.archives")})
    for key, value in conf.items():
        builder = builder.config(key, value)
    with log.inherited() if log is not None else contextlib.nullcontext():
        # In a session of its own, so that a SIGTERM to our process group stops only us (after the batch in flight)
        start_driver_jvm({"spark.app.name": _PROG, **({"spark.master": master} if master else {}), **conf})
        return builder.getOrCreate()


@dataclass
class RunWatch:
    """What a caller running runs back to back (``extract --follow``) wants of each: where notes go (None: the
    progress stream), whether the unfinished files are warned about, and the run's plan once made."""

    notes: TextIO | None = None
    warn_unfinished: bool = True
    plan: IncrementalPlan | None = None


def run_extract_config(cfg: ExtractConfig, *, spark: SparkSession | None = None,
                       progress: TextIO | None = sys.stderr, watch: RunWatch | None = None,
                       _before_commit: Callable[[str], None] | None = None) -> ExtractSummary:
    """:func:`run_extract` with the settings in an :class:`~.config.ExtractConfig`.

    ``_before_commit`` (tests only) is called with the temporary directory just
    before it replaces the output (Parquet) or the tables are committed (Delta, Iceberg).
    """
    cfg.validate()
    started = time.perf_counter()
    files = expand_inputs(cfg.inputs)  # FileNotFoundError for an input matching nothing
    spark = spark or build_session(cfg)
    out = OutputDirectory(spark, cfg.output, hadoop_fs=cfg.hadoop_fs)
    watch = watch or RunWatch()
    run = _Run(cfg, spark, out, watch.notes or progress)
    files = _outside_the_output(files, out)
    reporter = JobProgress(spark, files, progress)
    summary = run.summary = ExtractSummary(output=out.output, files=len(files), bytes=sum(f.size or 0 for f in files))
    sc = spark.sparkContext
    uris = [f.uri for f in files]
    run_id = f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{out.token}"
    try:
        previous = run.open_output()  # claims the output: a failure from here on gives it back (abort below)
        # Every run plans as an incremental run does, and records the state: a plain run from nothing (it
        # replaces the output), an --incremental run from the state the output holds (it appends). An output
        # without a state (written before runs recorded one) is rebuilt, never appended to.
        appending = cfg.incremental and previous is not None and STATE_KEY in previous
        plan, history = run.step("schema history",
                                 lambda: _incremental_plan(cfg, files, previous if appending else None))()
        watch.plan = plan
        specs = _range_specs(plan, uris, cfg.split_size)
        run.note_unfinished(plan, uris, appending, watch.warn_unfinished)
        if appending and not plan.ranges and not plan.errors:  # nothing new: no commit, no table version (an
            out.abort()  # idle batch of a follow); the state is the output's already
            summary.elapsed_s = time.perf_counter() - started
            return summary
        state_spec = _state_spec(cfg, plan, uris, out) if cfg.state else None
        reporter.tasks = len(specs)
        if not str(sc.master).startswith("local"):  # tasks on other machines: do they write where we read?
            run.step("check output", lambda: check_shared_output(spark, out, store_environment()))()
        opts = _task_options(cfg, out, reporter, history, part_prefix=f"{run_id}-" if appending else "")
        reporter.start("extract")
        results = run.step("read and write", lambda: run.read_all(specs, opts, state_spec))()
        reporter.stop()
        _summarize(summary, results)
        run.write_plan_errors(plan, run_id, results)
        _fill_empty(out, opts.part_prefix, cfg.cdc)
        summary.elapsed_s = time.perf_counter() - started
        run.commit(plan, run_id, appending, _before_commit)
    except BaseException:
        _give_back(sc, reporter, out)
        raise
    finally:
        reporter.close()
    summary.elapsed_s = time.perf_counter() - started
    return summary


def _give_back(sc: Any, reporter: JobProgress, out: OutputDirectory) -> None:
    """A run that fails: its jobs cancelled, its progress closed, what it wrote beside the output removed."""
    try:
        sc.cancelAllJobs()
    except Exception:  # noqa: BLE001 - the JVM may be gone after an interrupt
        pass
    reporter.stop(completed=False)
    out.abort()


def _outside_the_output(files: list[InputFile], out: OutputDirectory) -> list[InputFile]:
    """The inputs, less our own datasets when the output lies inside an input directory."""
    inside = [f for f in files if f.uri.startswith(out.output + "/")]
    if not inside:
        return files
    files = [f for f in files if f not in inside]
    if not files:
        raise ConfigError(f"no input files outside the output directory {out.output}")
    return files


class _Run:
    """One run of the job on the driver: its output, its timed steps, its summary and its commit."""

    def __init__(self, cfg: ExtractConfig, spark: SparkSession, out: OutputDirectory,
                 progress: TextIO | None) -> None:
        self.cfg, self.spark, self.out, self.progress = cfg, spark, out, progress
        self.summary = ExtractSummary(output=out.output)

    def say(self, text: str) -> None:
        if self.progress is not None:
            print(f"{_PROG}: {text}", file=self.progress, flush=True)

    def open_output(self) -> dict[str, Any] | None:
        """Claim the output, recover what runs that are over left, check the output is ours, undo unfinished
        table commits; the previous run's summary."""
        out, cfg = self.out, self.cfg
        out.claim()  # the run file first: what this run leaves is judged by it (output.py)
        for note in out.recover():
            self.say(note)
        out.check_replaceable()
        previous = _previous_summary(out, cfg)
        if cfg.table_format != "parquet":
            for note in _undo_unfinished(out, cfg, previous):
                self.say(note)
        return previous

    def step(self, name: str, action: Callable[[], Any]) -> Callable[[], Any]:
        """``action`` as a timed step with its own Spark job description (runs in any thread)."""
        sc, summary = self.spark.sparkContext, self.summary

        def run() -> Any:
            sc.setJobDescription(f"binlog-ksy extract: {name}")
            t = time.perf_counter()
            try:
                return action()
            finally:
                summary.steps[name] = round(time.perf_counter() - t, 3)
        return run

    def read_all(self, specs: list[TaskSpec], opts: TaskOptions, state_spec: StateSpec | None) -> list[TaskResult]:
        """Run the file tasks, and the state task (``--state``) beside them in the same Spark job; the file tasks'
        results (the state task's go into the summary)."""
        work: list[Any] = [state_spec, *specs] if state_spec is not None else list(specs)  # the longest first
        if not work:
            return []
        if state_spec is not None:
            self.say(f"state/, history/: one more task reads the {len(state_spec.uris)} files read so far")
        tasks = self.spark.sparkContext.parallelize(work, len(work))
        done = tasks.map(lambda spec: run_state_task(spec) if isinstance(spec, StateSpec)
                         else run_task(spec, opts)).collect()
        for state in (r for r in done if isinstance(r, StateResult)):
            self.summary.state_tables, self.summary.history_tables = state.state, state.history
            self.summary.state_notes, self.summary.state_summary = state.notes, state.summary
            for note in state.notes:
                self.say(f"warning: state/, history/: {note}")
        return [r for r in done if isinstance(r, TaskResult)]

    def note_unfinished(self, plan: IncrementalPlan, uris: list[str], appending: bool, warn: bool = True) -> None:
        """The files ending inside a transaction (left for the next run), in the summary and as warnings."""
        summary = self.summary
        summary.unfinished = {uri: s.read_to for uri, s in plan.state.items()
                              if uri in uris and not s.changed and uri not in plan.damaged and s.read_to < s.size}
        summary.cut = {uri: at for uri, at in plan.cut.items() if uri in summary.unfinished}
        if appending:
            summary.bytes = sum(r.end - r.start for r in plan.ranges)
        for uri, at in sorted(summary.unfinished.items()) if warn else ():
            cut = f", its last event (at byte {summary.cut[uri]}) cut short" if uri in summary.cut else ""
            self.say(f"warning: {uri}: ends inside a transaction (from byte {at}{cut}): not read, "
                     "left for the next --incremental run")

    def write_plan_errors(self, plan: IncrementalPlan, run_id: str, results: list[TaskResult]) -> None:
        """The plan's own ``errors/`` rows (files changed under their name, damaged files), in the summary too."""
        if not plan.errors:
            return
        summary = self.summary
        _write_plan_errors(self.out, plan.errors, f"{run_id}-")
        for row in plan.errors:
            summary.error_kinds[row["kind"]] = summary.error_kinds.get(row["kind"], 0) + 1
        summary.errors += len(plan.errors)
        with_errors = {r.uri for r in results if r.errors}
        summary.files_with_errors += len({row["file"] for row in plan.errors} - with_errors)

    def commit(self, plan: IncrementalPlan, run_id: str, appending: bool,
               before_commit: Callable[[str], None] | None) -> None:
        """The summary (with the run's state) written, and the output replaced or the tables committed."""
        cfg, out = self.cfg, self.out
        marker = self.summary.to_dict()
        marker["table_format"] = cfg.table_format
        marker["run_id"] = run_id
        marker["state"] = cfg.state
        marker[STATE_KEY] = state_json(plan)
        marker_text = json.dumps(marker, indent=2, sort_keys=True) + "\n"
        if cfg.table_format == "parquet":
            if appending:
                self.step("keep previous parts", lambda: _copy_previous(out, RECOMPUTED if cfg.state else ()))()
            out.upload_staged()
            out.stage_marker(marker_text)
            if before_commit is not None:
                before_commit(out.tmp)
            self.step("commit", lambda: out.commit(marker_text))()
        else:
            if before_commit is not None:
                before_commit(out.tmp)
            self.step("commit tables", lambda: _publish_tables(cfg, out, run_id, marker_text, appending))()


def _range_specs(plan: IncrementalPlan, uris: list[str], split_size: int) -> list[TaskSpec]:
    """The tasks reading a plan's ranges: a range from a file's start is split as :func:`plan_tasks` splits
    files, each split starting on the GTID event the driver's pass found; the grown tail of a file is one task
    of exactly its range. Every task stops at its range's end, which is where the state says the file was
    read to, even when the file has grown past it by the time the task reads (a folder the server writes)."""
    specs: list[TaskSpec] = []
    for r in plan.ranges:
        index = uris.index(r.uri)
        if r.start == 0:
            tasks = plan_tasks([(r.uri, r.size)], split_size, {r.uri: r.split_starts} if r.split_starts else None)
            specs += [replace(spec, file_index=index, stop=r.end) for spec in tasks if (spec.start or 0) < r.end]
        else:
            specs.append(TaskSpec(r.uri, r.size, index, 0, r.start, r.end, exact=True))
    return specs


def _previous_summary(out: OutputDirectory, cfg: ExtractConfig) -> dict[str, Any] | None:
    """The summary file of the run that wrote the output (None: no output yet); checks the table format."""
    if not out.exists(out.final(MARKER_FILE)):
        return None
    try:
        previous = json.loads(out.read_text(out.final(MARKER_FILE)))
    except (OSError, ValueError):
        return None
    before = previous.get("table_format", "parquet")
    if cfg.incremental and before != cfg.table_format:
        raise ConfigError(f"--incremental: {out.output} holds {before} output, not {cfg.table_format}: give "
                          f"--table-format {before}, or rebuild it without --incremental")
    if cfg.incremental and previous.get("state") and not cfg.state:
        raise ConfigError(f"--incremental: {out.output} holds state/ and history/ (written with --state): give "
                          "--state to keep them current, or rebuild it without --incremental")
    return dict(previous)


def _incremental_plan(cfg: ExtractConfig, files: list[Any],
                      previous: dict[str, Any] | None) -> tuple[IncrementalPlan, SchemaHistory | None]:
    """What this incremental run reads, with the schema history its tasks start from (and the DDL they replay:
    the state's log and the new bytes' statements)."""
    state = load_state(previous)
    initial = SchemaHistory.from_sql_files(cfg.schema_sql) if cfg.schema_history or cfg.schema_sql else None
    history = planning_history(state, initial)
    plan = plan_ranges(files, state, history, cfg.verify_checksums, cfg.split_size)
    if history is not None:
        history.statements = plan.ddl
    return plan, history


#: The datasets every ``--state`` run writes whole (an incremental one too): not kept from the previous output.
RECOMPUTED = ("state", "history")


def _copy_previous(out: OutputDirectory, recomputed: Sequence[str] = ()) -> None:
    """Parquet with --incremental: the parts the output holds go into the new directory too (but the datasets
    this run writes whole)."""
    store_names = out.list_names(out.output)
    for name in store_names:
        if name != MARKER_FILE and not name.startswith(".") and name not in recomputed:
            out.copy_previous(name)


def _state_spec(cfg: ExtractConfig, plan: IncrementalPlan, uris: list[str], out: OutputDirectory) -> StateSpec:
    """The state task of a ``--state`` run: every file read so far (the previous runs' and this one's), in the
    inputs' order, each to where the plan leaves it read."""
    gone = sorted(uri for uri in plan.state if uri not in uris)
    if gone:
        raise ConfigError(f"--state reads again every file read so far, and {gone[0]} is no longer among the "
                          f"inputs ({len(gone)} such files): give it again, or rebuild the output without "
                          "--incremental")
    read_to = tuple((uri, plan.state[uri].read_to) for uri in uris if uri in plan.state)
    return StateSpec(uris=tuple(uri for uri, _ in read_to), read_to=read_to, out_root=out.staging,
                     tables=tuple(cfg.tables), databases=tuple(cfg.databases),
                     schema_sql=tuple(_read_text(path) for path in cfg.schema_sql),
                     schema_yaml=_read_text(cfg.schema) if cfg.schema else None, on_error=cfg.on_error,
                     verify_checksums=cfg.verify_checksums, undecodable=cfg.undecodable,
                     store_environment=store_environment())


def _lake_settings(cfg: ExtractConfig) -> dict[str, Any]:
    return {"iceberg_catalog": cfg.iceberg_catalog, "iceberg_namespace": cfg.iceberg_namespace}


def _undo_unfinished(out: OutputDirectory, cfg: ExtractConfig, previous: dict[str, Any] | None) -> list[str]:
    """Delta/Iceberg: a run that died between its tables' commits is undone before this one starts."""
    from binlog_ksy.runtime.outputs import lake as lake_tables

    if not out.exists(out.final(PENDING_FILE)):
        return []
    pending = json.loads(out.read_text(out.final(PENDING_FILE)))
    live = out.live_runs.get(str(pending.get("run_id", "")).rsplit("-", 1)[-1])
    if live is not None:  # its commits are under way: undoing them would break that run
        raise ConfigError(f"output {out.output}: {live} is committing its tables to it ({PENDING_FILE}); run "
                          "again once it has finished")
    if previous is not None and previous.get("run_id") == pending.get("run_id"):
        out.delete(out.final(PENDING_FILE))  # it died after writing its summary: every commit is in
        return []
    undone = lake_tables.undo_run(out.output, pending.get("table_format", cfg.table_format), pending["run_id"],
                                  **_lake_settings(cfg))
    out.delete(out.final(PENDING_FILE))
    return [f"undid the unfinished run {pending['run_id']} in {name}" for name in undone]


def _publish_tables(cfg: ExtractConfig, out: OutputDirectory, run_id: str, marker_text: str,
                    appending: bool) -> None:
    """Delta/Iceberg: one commit per table, then the summary; a failure undoes this run's commits."""
    from binlog_ksy.runtime.outputs import lake as lake_tables
    from binlog_ksy.runtime.outputs.lake_merge import merge_state_tables

    mode = "append" if appending else "overwrite"
    out.check_claim()  # its staged datasets are still there: no other run judged it over
    out.write_text(out.final(PENDING_FILE), json.dumps({"run_id": run_id, "table_format": cfg.table_format}))
    try:
        lake_tables.publish(out.tmp, out.output, cfg.table_format, mode=mode, run_id=run_id, **_lake_settings(cfg))
        if cfg.state:  # state/ and history/: merged into their tables, whatever the mode
            merge_state_tables(out.tmp, out.output, cfg.table_format, run_id=run_id, **_lake_settings(cfg))
    except BaseException as exc:
        # An interrupt is not kept waiting; a store that failed the commits gets its chance to come back.
        _undo_failed_run(cfg, out, run_id, undo_patience() if isinstance(exc, Exception) else 0.0)
        raise
    out.write_text(out.final(MARKER_FILE), marker_text)
    out.delete(out.final(PENDING_FILE))
    out.delete(out.tmp)
    out.release()


#: How long a Delta/Iceberg run whose table commits failed keeps trying to undo the ones made (seconds). The
#: commit is one per table: a store gone in the middle (a restart, a network cut) leaves some tables with this
#: run's rows and others without, a mix readers see until the undo. Stores are often back within this; past it
#: the pending file stays and the next run undoes them. At most half the store's bound (:func:`undo_patience`).
UNDO_PATIENCE = 30.0


def undo_patience() -> float:
    """:data:`UNDO_PATIENCE`, or half of ``BINLOG_KSY_STORE_TIMEOUT`` when that is shorter: the whole failed run
    stays within a few times the store's bound (``runtime/storage.py``)."""
    return min(UNDO_PATIENCE, store_bounds().call / 2)


#: The pause between two tries of that undo (seconds).
UNDO_PAUSE = 1.0


def _undo_failed_run(cfg: ExtractConfig, out: OutputDirectory, run_id: str, patience: float) -> None:
    """Put the tables a failed run committed to back, trying for ``patience`` seconds; then drop its pending file."""
    from binlog_ksy.runtime.outputs import lake as lake_tables

    deadline = time.monotonic() + patience
    while True:
        try:
            lake_tables.undo_run(out.output, cfg.table_format, run_id, **_lake_settings(cfg))
            out.delete(out.final(PENDING_FILE))
            return
        except Exception:  # noqa: BLE001 - the store may still be away: try again, else the next run undoes it
            if time.monotonic() + UNDO_PAUSE > deadline:
                return
            time.sleep(UNDO_PAUSE)


def repair_output(output: str, *, iceberg_catalog: str | None = None, iceberg_namespace: str = "binlog") -> list[str]:
    """``extract --repair OUTPUT``: only the recovery a run starts with, without Spark and without inputs.

    Puts back the previous output when a run's swap was cut short, removes what runs that are over left
    beside it (:meth:`.output.OutputDirectory.recover`: never what a run that may be alive has), and undoes
    the table commits of a Delta/Iceberg run that died between them. Returns what it did, one line each
    (nothing: nothing to repair). Raises :class:`ConfigError` (an output that is not ours, a run that is
    committing to it now) and the store's errors.
    """
    out = OutputDirectory(None, output)
    done = out.recover(strict=True)
    out.check_replaceable()
    cfg = ExtractConfig(output=out.output, iceberg_catalog=iceberg_catalog, iceberg_namespace=iceberg_namespace)
    if out.exists(out.final(PENDING_FILE)):
        pending = json.loads(out.read_text(out.final(PENDING_FILE)))
        cfg.table_format = str(pending.get("table_format", "delta"))
        done += _undo_unfinished(out, cfg, _previous_summary(out, cfg))
        if not out.exists(out.final(PENDING_FILE)):
            done.append(f"removed {out.final(PENDING_FILE)}")
    return done
