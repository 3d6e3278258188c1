"""``binlog-ksy extract``: the Spark extraction job from the command line.

Wired into ``binlog_ksy/cli.py`` with :func:`add_extract_parser`, and the
flags of ``spark-submit spark_jobs/job/cli.py``. Nothing here imports
pyspark until the command runs, so the rest of the CLI works without Spark
installed and ``extract`` without it exits 2 with one line naming the extra.

Exit status: 0 when every file was read to its end, 1 when the job finished
but some files or events could not be read (they are in ``errors/``; a file
ending inside a transaction while a newer binlog of its sequence exists is
damage) or the newest file of a sequence ends inside an event, 2 for
usage errors (bad flags or job file, an input matching nothing, an output
directory that is not ours to replace), 3 when Spark could not start or the job
itself failed (nothing was written; the previous output, if any, is untouched).

What it prints is its own: progress lines and warnings on stderr, the summary
on stdout. The JVM it starts writes to a log file instead (:mod:`.jvm_log`:
the JVM's own lines, Spark's log, the local Python workers' stderr), which
``--verbose`` names first and a failed run's error line names last.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from binlog_ksy.runtime.commands.common import (
    EXIT_DAMAGED,
    EXIT_OK,
    EXIT_USAGE,
    SHARED_FLAGS_EPILOG,
    add_filter_arguments,
    add_schema_argument,
    add_undecodable_argument,
)
from binlog_ksy.runtime.errors import ConfigError, MissingExtraError, UsageError
from binlog_ksy.runtime.filters import ChangeFilter

EXIT_FAILED = 3

_DESCRIPTION = """\
Read binlog files with Spark and write Parquet datasets into DIR:
  events/        one row per event
  changes/       one row per inserted/updated/deleted row, partitioned by schema and table
  transactions/  one row per transaction (GTID, positions, commit time, tables, row counts)
  errors/        every file, event or row that could not be read (file, offset, length, kind, message)
  tables/<schema>.<table>/   one row per change with the table's own column types: file, pos,
                 row_index, timestamp, server_id, gtid, transaction, op, and the images as two
                 structs, before and after (--no-typed leaves them out)
  cdc/           with --cdc: each change as a Debezium MySQL connector change event (op, key, value)
  state/<schema>.<table>/    with --state: each table's rows after the last complete transaction
                 read (SCD type 1), with _file, _pos, _gtid, _commit_time of the change that
                 left each row so
  history/<schema>.<table>/  with --state: every version of every row (SCD type 2), with
                 _valid_from, _valid_to, _from_pos, _to_pos, _op, _current

INPUTs are files, directories (read recursively; *.index and hidden files are
skipped), globs or URIs (s3://, gs://, abfs://, hdfs://, file://). DIR may be a
URI too (s3://bucket/prefix): both go through pyarrow, configured by the store's
standard environment (for S3: AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID,
AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ALLOW_HTTP). A damaged file never fails
the job: its good events are kept and its problems go to errors/. DIR is written
atomically (Parquet: into a temporary directory beside it, renamed at the end;
Delta/Iceberg: one commit per table, a run's commits undone together when it
fails) and replaced on a rerun, or, with --incremental, appended to."""

_EPILOG = """\
examples:
  binlog-ksy extract /backups/binlogs/ --output /data/binlogs_parquet
  binlog-ksy extract 'binlog.0000*' --output out --table shop.orders --no-typed
  binlog-ksy extract --config job.yaml --master local[4] --conf spark.driver.memory=4g
  binlog-ksy extract s3://archive/binlogs/ --output s3://lake/binlogs --table-format delta --incremental
  binlog-ksy extract /var/lib/mysql/binlogs/ --output s3://lake/binlogs --table-format delta --follow --interval 10s
  binlog-ksy pack-env --output env.tar.gz
  binlog-ksy extract s3://archive/binlogs/ --output s3://lake/binlogs --master spark://host:7077 --env env.tar.gz
  spark-submit spark_jobs/job/cli.py /backups/binlogs/ --output out

Spark's log is not printed: the JVM's output (its warnings, Spark's log, the
Python workers' stderr) goes to a file per run, $XDG_CACHE_HOME/binlog-ksy/logs/
(else ~/.cache/binlog-ksy/logs/) extract-<date>-<time>-<pid>.log, the 20 newest
kept; --verbose prints its path first, and a failed run's error names it. Under
spark-submit, Spark's log is spark-submit's own."""


def _megabytes(text: str) -> int:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of megabytes: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("the split size must be positive")
    return max(1, int(value * (1 << 20)))


def add_extract_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of ``extract`` (shared with ``spark-submit spark_jobs/job/cli.py``)."""
    p.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="binlog files, directories, globs or URIs (or 'inputs:' in --config)")
    p.add_argument("-o", "--output", metavar="DIR", help="output directory (replaced when the run succeeds)")
    p.add_argument("--config", metavar="JOB.yaml",
                   help="YAML job file with any of the settings below (flags override it)")
    p.add_argument("--format", choices=("text", "json"), default=None,
                   help="the summary at the end: text (default) or json (one object on stdout)")
    p.add_argument("--json", dest="format", action="store_const", const="json", help=argparse.SUPPRESS)
    p.add_argument("--on-error", choices=("stop", "skip"), default=None,
                   help="skip (default): resume after a damaged event at the next valid one; stop: stop "
                        "reading a file at its first damaged event (both list the damage in errors/)")
    p.add_argument("--no-verify-checksums", dest="verify_checksums", action="store_false", default=None,
                   help="do not check the CRC32 of each event")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    add_filter_arguments(p, old_spellings=True)
    add_schema_argument(p)
    add_undecodable_argument(p, default=None)  # None: the job file's, else strict
    p.add_argument("--no-typed", dest="typed", action="store_false", default=None,
                   help="do not write tables/<schema>.<table>/ (the typed tables)")
    p.add_argument("--typed", dest="typed", action="store_true", help=argparse.SUPPRESS)  # the default now
    p.add_argument("--no-body", dest="with_body", action="store_false", default=None,
                   help="leave events.body empty (faster, smaller)")
    p.add_argument("--cdc", action="store_true", default=None,
                   help="also write cdc/: each change as a Debezium MySQL connector change event (key and value "
                        "JSON, the connector's default value encodings; see binlog-ksy rows --format debezium)")
    p.add_argument("--state", action="store_true", default=None,
                   help="also write state/<schema>.<table>/ (the rows after the last complete transaction read, "
                        "as binlog-ksy state gives them) and history/<schema>.<table>/ (every version of every "
                        "row), computed from every file read so far by each run, --incremental ones too; "
                        "Delta/Iceberg tables are merged into, run after run")
    p.add_argument("--topic-prefix", metavar="NAME", help="source.name of the cdc/ events (default binlog-ksy)")
    p.add_argument("--table-format", choices=("parquet", "delta", "iceberg"), default=None,
                   help="parquet (default): Parquet datasets, DIR swapped in whole; delta: Delta Lake tables "
                        "(delta-rs); iceberg: Iceberg tables in a SQL catalog (pyiceberg). One table per "
                        "dataset, one commit per table per run")
    p.add_argument("--incremental", action="store_true", default=None,
                   help="read only what is new since the last run into DIR (new files, the grown tail of a "
                        "file from its first unwritten transaction) and append it; a file that shrank or "
                        "changed under the same name is an errors/ row, not reread")
    p.add_argument("--follow", action="store_true", default=None,
                   help="keep DIR current while the inputs grow: an --incremental run (a micro-batch) every "
                        "--interval in one Spark session, until SIGTERM or SIGINT, which stop it after the batch in "
                        "flight; one progress line per batch on stderr (changes, MB, how far behind the folder), "
                        "with --format json one JSON line per batch on stdout")
    p.add_argument("--interval", metavar="TIME",
                   help="with --follow: time between the starts of two micro-batches (10s by default; 500ms, 2m)")
    p.add_argument("--iceberg-catalog", metavar="URI",
                   help="SQLAlchemy URI of the Iceberg SQL catalog (default sqlite:///DIR/_iceberg_catalog.db "
                        "for a local DIR; required for a remote one)")
    p.add_argument("--iceberg-namespace", metavar="NAME", help="Iceberg namespace of the tables (default binlog)")
    p.add_argument("--hadoop-fs", action="store_true", default=None,
                   help="reach DIR through Spark's Hadoop FileSystem (a cluster's own hdfs:// or s3a://) "
                        "instead of pyarrow; the tasks stage their parts locally (local mode)")
    p.add_argument("--split-size", type=_megabytes, metavar="MB",
                   help="read files larger than this by several tasks, one byte range each (default 64)")
    p.add_argument("--master", metavar="URL", help="Spark master (default: spark-submit's, else local[*])")
    p.add_argument("--env", metavar="FILE.tar.gz",
                   help="an environment made by binlog-ksy pack-env, shipped to the workers (spark.archives) "
                        "and run as their Python, for workers whose Python lacks binlog-ksy")
    p.add_argument("--conf", dest="spark_conf", action="append", metavar="KEY=VALUE", default=[],
                   help="a Spark setting (repeatable)")
    p.add_argument("--repair", nargs="?", const="", metavar="OUTPUT",
                   help="only repair OUTPUT (or --output's, the job file's), reading no input and starting no "
                        "Spark: put back the previous output when a run's swap was cut short, undo the table "
                        "commits of a Delta/Iceberg run that died between them, and remove what runs that are "
                        "over left beside it (.OUTPUT.tmp-*, .OUTPUT.old-*, .OUTPUT.run-*.json), never what a run "
                        "that may still be running on this or another host has; prints what it did")
    p.add_argument("--quiet", action="store_true", help="no progress lines, only the summary")
    p.add_argument("--verbose", action="store_true",
                   help="first print the path of this run's log file: what its JVM writes (Spark's log, the JVM's "
                        "own warnings, the Python workers' stderr) goes there, never to the console (see below)")


def add_extract_parser(sub: Any) -> None:
    """Add the ``extract`` subcommand to an argparse subparsers object (sets ``run=``)."""
    p = sub.add_parser(
        "extract", help="Spark job: write events, changes, transactions and errors as Parquet",
        description=_DESCRIPTION, epilog=_EPILOG + "\n\n" + SHARED_FLAGS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_extract_arguments(p)
    p.set_defaults(run=run_extract_command)


def config_from_args(args: argparse.Namespace) -> Any:
    """The :class:`binlog_ksy.spark_jobs.job.config.ExtractConfig` of the parsed flags (job file first)."""
    from binlog_ksy.spark_jobs.job.config import ExtractConfig, load_job_file

    cfg = load_job_file(args.config) if args.config else ExtractConfig()
    conf = {}
    for item in args.spark_conf or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--conf {item!r}: expected KEY=VALUE")
        conf[key.strip()] = value
    flt = ChangeFilter.create(databases=args.databases, tables=args.tables)
    cfg = cfg.merged(
        inputs=list(args.inputs) or None,
        output=args.output,
        databases=list(flt.databases) or None,
        tables=list(flt.tables) or None,
        start_datetime=args.start_datetime.isoformat() if args.start_datetime else None,
        stop_datetime=args.stop_datetime.isoformat() if args.stop_datetime else None,
        start_position=args.start_position,
        stop_position=args.stop_position,
        on_error=args.on_error,
        split_size=args.split_size,
        include_gtids=list(args.include_gtids or []) or None,
        exclude_gtids=list(args.exclude_gtids or []) or None,
        schema=args.schema,
        undecodable=args.undecodable,
        schema_sql=list(args.schema_sql) or None,
        schema_history=None if args.schema_history else False,
        typed=args.typed,
        table_format=args.table_format,
        cdc=args.cdc,
        topic_prefix=args.topic_prefix,
        incremental=args.incremental,
        state=args.state,
        follow=args.follow,
        interval=args.interval,
        iceberg_catalog=args.iceberg_catalog,
        iceberg_namespace=args.iceberg_namespace,
        hadoop_fs=args.hadoop_fs,
        with_body=args.with_body,
        verify_checksums=args.verify_checksums,
        master=args.master,
        env=args.env,
        spark_conf=conf or None,
    )
    return cfg.validate()


def spark_is_installed() -> bool:
    """Whether pyspark imports (the ``spark`` extra is installed)."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return False
    return True


def run_extract_command(args: argparse.Namespace) -> int:
    """Run the job for parsed ``extract`` flags; returns the exit status."""
    if getattr(args, "repair", None) is not None:
        return run_repair_command(args)
    try:
        cfg = config_from_args(args)
        if not spark_is_installed():
            raise MissingExtraError("Spark is not installed: pip install 'binlog-ksy[spark]' "
                                    "(the spark extra: pyspark and Java 17)")
    except UsageError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from binlog_ksy.spark_jobs.job.extract import run_extract_config  # imports pyspark

    err: Any = sys.stderr
    log = _jvm_log(args.verbose)
    spark = None
    try:
        spark = _session(cfg, log, args.debug)
        if not args.debug:
            from binlog_ksy.spark_jobs.job.cluster_checks import console_stream

            err = console_stream(spark)  # spark-submit merges our stderr into its stdout
            _note_env_not_used(cfg, spark, err)
        if args.verbose and log is None:
            print("binlog-ksy extract: Spark's log: the JVM's own stderr (spark-submit's, or that of the session "
                  "already running)", file=err, flush=True)
        if cfg.follow:
            return _follow(cfg, spark, args, err)
        summary = run_extract_config(cfg, spark=spark, progress=None if args.quiet else err)
    except ConfigError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=err, flush=True)
        return EXIT_USAGE
    except FileNotFoundError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=err, flush=True)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("binlog-ksy extract: interrupted; nothing was written", file=err, flush=True)
        return 130
    except Exception as exc:
        _say_failure(exc, spark, log, err, args.debug)
        if args.debug:  # the traceback after the line (the first real cause may be in the JVM's log only)
            raise
        return EXIT_FAILED
    if args.format == "json":
        import json

        print(json.dumps(summary.to_dict(), sort_keys=True))
    else:
        print(summary.to_text())
    sys.stdout.flush()
    # A file that ends inside an event is 1, as for `binlog-ksy rows` (its unfinished tail waits all the same).
    return EXIT_DAMAGED if summary.errors or summary.cut else EXIT_OK


def _follow(cfg: Any, spark: Any, args: argparse.Namespace, err: Any) -> int:
    """``extract --follow``: micro-batches until SIGTERM or SIGINT (0, after the batch in flight); a batch that
    fails ends it with the cause (3: the store or the inputs failed, a supervisor restarts it)."""
    import signal

    from binlog_ksy.spark_jobs.job.follow import StopFlag, follow

    stop = StopFlag()

    def on_signal(number: int, _frame: Any) -> None:
        stop.set(signal.Signals(number).name)
        if not args.quiet:
            print(f"binlog-ksy extract: {stop.reason}: stopping after the batch in flight", file=err, flush=True)

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        reports = follow(cfg, spark, progress=None if args.quiet else err,
                         lines=sys.stdout if args.format == "json" else None, stop=stop)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if args.format != "json":
        changes = sum(r.changes for r in reports)
        print(f"stopped ({stop.reason or 'done'}) after {len(reports)} batches: {changes} changes written to "
              f"{cfg.output}")
    sys.stdout.flush()
    return EXIT_OK


def _repair_target(args: argparse.Namespace) -> tuple[str, Any]:
    """The output ``--repair`` works on and the job file's settings (a :class:`UsageError` for anything else)."""
    from binlog_ksy.spark_jobs.job.config import ExtractConfig, load_job_file

    cfg = load_job_file(args.config) if args.config else ExtractConfig()
    if args.inputs:
        raise ConfigError("--repair reads no input: give only the output (--repair OUTPUT)")
    if args.repair and args.output and args.repair != args.output:
        raise ConfigError(f"--repair {args.repair} and --output {args.output}: give the output once")
    target = args.repair or args.output or cfg.output
    if not target:
        raise ConfigError("--repair: give the output (--repair OUTPUT, --output DIR or 'output:' in the job file)")
    if args.hadoop_fs or cfg.hadoop_fs:
        raise ConfigError("--repair works through pyarrow: not with --hadoop-fs (a run with it repairs its output)")
    return target, cfg.merged(iceberg_catalog=args.iceberg_catalog, iceberg_namespace=args.iceberg_namespace)


def run_repair_command(args: argparse.Namespace) -> int:
    """``extract --repair OUTPUT``: the recovery a run starts with, alone; prints what it did. 0, or 2 for usage
    errors (an output that is not ours, a run committing to it now), 3 when the store fails."""
    try:
        target, cfg = _repair_target(args)
        if not spark_is_installed():
            raise MissingExtraError("Spark is not installed: pip install 'binlog-ksy[spark]' "
                                    "(the spark extra: pyspark and Java 17)")
    except UsageError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from binlog_ksy.runtime.storage import store_failure_text
    from binlog_ksy.spark_jobs.job.extract import repair_output  # imports pyspark (no JVM)

    try:
        done = repair_output(target, iceberg_catalog=cfg.iceberg_catalog, iceberg_namespace=cfg.iceberg_namespace)
    except UsageError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # the store failing (StorageError, pyarrow's OSError): named on one line
        if args.debug:
            raise
        print(f"binlog-ksy extract: error: --repair {target}: {store_failure_text(exc)}", file=sys.stderr)
        return EXIT_FAILED
    for line in done or [f"nothing to repair in {target}"]:
        print(line)
    sys.stdout.flush()
    return EXIT_OK


def _jvm_log(verbose: bool) -> Any:
    """The :class:`.jvm_log.JvmLog` of a run that starts its JVM (None under spark-submit, or with a session
    already running in this process); ``verbose`` prints its path."""
    from binlog_ksy.spark_jobs.job.jvm_log import JvmLog, launches_jvm

    log = JvmLog.create() if launches_jvm() else None
    if verbose and log is not None:
        print(f"binlog-ksy extract: Spark's log: {log.path}", file=sys.stderr, flush=True)
    return log


def _session(cfg: Any, log: Any, debug: bool) -> Any:
    """The run's SparkSession, its JVM writing to ``log``; Spark's log at WARN (spark-submit's INFO lines
    would bury the progress on its console)."""
    from binlog_ksy.spark_jobs.job.cluster_checks import quiet_task_failures
    from binlog_ksy.spark_jobs.job.extract import build_session

    spark = build_session(cfg, log)
    if not debug:
        spark.sparkContext.setLogLevel("WARN")
        if log is None:  # the JVM's log is on a console: a failed task's traceback would bury our error line
            quiet_task_failures(spark)
    return spark


def _say_failure(exc: Exception, spark: Any, log: Any, err: Any, debug: bool = False) -> None:
    """The error line of a run that failed: the first real cause (a worker's, the JVM's, the log's) and
    where Spark's log is."""
    from binlog_ksy.runtime.storage import s3_object_names
    from binlog_ksy.spark_jobs.job.cluster_checks import worker_cause

    if spark is not None:
        try:  # the cancelled tasks' warnings would follow (and bury) the message
            spark.sparkContext.setLogLevel("ERROR")
        except Exception:  # noqa: BLE001 - the JVM may be gone
            pass
    gone = isinstance(exc, ConnectionError) or type(exc).__name__ == "Py4JNetworkError"  # the JVM died mid-run
    from_log = log.first_error() if log is not None and (spark is None or gone) else None
    if spark is None:
        what = "Spark could not start, nothing was written"
        cause = from_log or _exception_cause(exc)
    else:
        what = ("the job failed, the output is as it was (Delta/Iceberg commits this run could not undo are undone "
                "by the next run)")
        cause = worker_cause(exc) or from_log or _exception_cause(exc)
    cause = s3_object_names(cause)  # a store's failure names the object as the user spells it
    notes = [f"Spark's log: {log.path}"] if log is not None else []
    if not debug:  # with it, the traceback follows
        notes.append("run with --debug for details")
    after = f" ({'; '.join(notes)})" if notes else ""
    print(f"binlog-ksy extract: error: {what}: {cause}{after}", file=err, flush=True)


def _exception_cause(exc: Exception) -> str:
    """A failure's cause from its exception: the Java exception a Py4J error holds, else its first line."""
    from binlog_ksy.spark_jobs.job.jvm_log import java_cause

    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - a Py4J error asks the JVM for its text, and the JVM may be gone
        text = ""
    if hasattr(exc, "java_exception"):
        found = java_cause(text.splitlines()[1:])  # after "An error occurred while calling ..."
        if found:
            return found
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"


def _note_env_not_used(cfg: Any, spark: Any, err: Any) -> None:
    """Say so when ``env`` is shipped but the user's own Python setting runs the tasks instead."""
    import os

    from binlog_ksy.spark_jobs.job.cluster_checks import ENV_PYTHON

    python = os.environ.get("PYSPARK_PYTHON")
    if cfg.env and not str(spark.sparkContext.master).startswith("local") and python != ENV_PYTHON:
        print(f"binlog-ksy extract: note: the workers run {python} (spark.pyspark.python or PYSPARK_PYTHON as "
              f"given), not the Python of --env {cfg.env}", file=err, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``spark-submit spark_jobs/job/cli.py INPUT... --output DIR [options]``."""
    parser = argparse.ArgumentParser(prog="spark_jobs/job/cli.py", description=_DESCRIPTION, epilog=_EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_extract_arguments(parser)
    args = parser.parse_args(argv)
    return run_extract_command(args)


if __name__ == "__main__":
    sys.exit(main())
