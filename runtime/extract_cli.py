"""``binlog-ksy extract``: the Spark extraction job from the command line.

Wired into ``runtime/cli.py`` with :func:`add_extract_parser`. Nothing here
imports pyspark (or ``spark_jobs``) until the command runs, so the rest of the
CLI works without Spark installed.

Exit status: 0 when every file was read to its end, 1 when the job finished
but some files or events could not be read (they are in ``errors/``), 2 for
usage errors (bad flags or job file, an input matching nothing, an output
directory that is not ours to replace), 3 when the job itself failed (nothing
was written; the previous output, if any, is untouched).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

EXIT_OK = 0
EXIT_DAMAGED = 1
EXIT_USAGE = 2
EXIT_FAILED = 3

_DESCRIPTION = """\
Read binlog files with Spark and write Parquet datasets into DIR:
  events/        one row per event
  changes/       one row per inserted/updated/deleted row, partitioned by schema and table
  transactions/  one row per transaction (GTID, positions, commit time, tables, row counts)
  errors/        every file, event or row that could not be read (file, offset, length, kind, message)
  tables/<schema>.<table>/   with --typed: one typed column per table column

INPUTs are files, directories (read recursively; *.index and hidden files are
skipped), globs or URIs (s3://, gs://, hdfs://, file://). A damaged file never
fails the job: its good events are kept and its problems go to errors/. DIR is
written atomically (into a temporary directory beside it, renamed at the end)
and replaced on a rerun."""

_EPILOG = """\
examples:
  binlog-ksy extract /backups/binlogs/ --output /data/binlogs_parquet
  binlog-ksy extract 'binlog.0000*' --output out --tables shop.orders --typed
  binlog-ksy extract --config job.yaml --master local[4] --conf spark.driver.memory=4g
  spark-submit spark_jobs/extract_job.py /backups/binlogs/ --output out"""


def add_extract_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of ``extract`` (shared with ``spark-submit spark_jobs/extract_job.py``)."""
    p.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="binlog files, directories, globs or URIs (or 'inputs:' in --config)")
    p.add_argument("-o", "--output", metavar="DIR", help="output directory (replaced when the run succeeds)")
    p.add_argument("--config", metavar="JOB.yaml",
                   help="YAML job file with any of the settings below (flags override it)")
    p.add_argument("--databases", metavar="DB,...", help="keep only these databases (names or fnmatch patterns)")
    p.add_argument("--tables", metavar="[DB.]TABLE,...", help="keep only these tables (names or fnmatch patterns)")
    p.add_argument("--start-datetime", metavar="TIME",
                   help="keep events at or after TIME (ISO, e.g. '2024-05-01 12:00:00'; UTC unless an offset is given)")
    p.add_argument("--stop-datetime", metavar="TIME", help="keep events before TIME")
    p.add_argument("--schema", "--schema-file", dest="schema_file", metavar="FILE.yaml",
                   help="column names for tables logged without them (see runtime/schema_file.py)")
    p.add_argument("--typed", action="store_true", default=None,
                   help="also write tables/<schema>.<table>/ with one typed column per table column")
    p.add_argument("--no-body", dest="with_body", action="store_false", default=None,
                   help="leave events.body empty (faster, smaller)")
    p.add_argument("--no-verify-checksums", dest="verify_checksums", action="store_false", default=None,
                   help="do not check the CRC32 of each event")
    p.add_argument("--master", metavar="URL", help="Spark master (default: spark-submit's, else local[*])")
    p.add_argument("--conf", dest="spark_conf", action="append", metavar="KEY=VALUE", default=[],
                   help="a Spark setting (repeatable)")
    p.add_argument("--quiet", action="store_true", help="no progress lines, only the summary")
    p.add_argument("--json", dest="json_summary", action="store_true",
                   help="print the summary as JSON on stdout")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")


def add_extract_parser(sub: Any) -> None:
    """Add the ``extract`` subcommand to an argparse subparsers object (sets ``run=``)."""
    p = sub.add_parser(
        "extract", help="Spark job: write events, changes, transactions and errors as Parquet",
        description=_DESCRIPTION, epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_extract_arguments(p)
    p.set_defaults(run=run_extract_command)


def config_from_args(args: argparse.Namespace) -> Any:
    """The :class:`binlog_ksy.spark_jobs.config.ExtractConfig` of the parsed flags (job file first)."""
    from ..spark_jobs.config import ConfigError, ExtractConfig, load_job_file

    cfg = load_job_file(args.config) if args.config else ExtractConfig()
    conf = {}
    for item in args.spark_conf or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--conf {item!r}: expected KEY=VALUE")
        conf[key.strip()] = value
    split = (lambda text: [s.strip() for s in text.split(",") if s.strip()] if text else None)
    cfg = cfg.merged(
        inputs=list(args.inputs) or None,
        output=args.output,
        databases=split(args.databases),
        tables=split(args.tables),
        start_datetime=args.start_datetime,
        stop_datetime=args.stop_datetime,
        schema_file=args.schema_file,
        typed=args.typed,
        with_body=args.with_body,
        verify_checksums=args.verify_checksums,
        master=args.master,
        spark_conf=conf or None,
    )
    return cfg.validate()


def run_extract_command(args: argparse.Namespace) -> int:
    """Run the job for parsed ``extract`` flags; returns the exit status."""
    from ..spark_jobs.config import ConfigError

    try:
        cfg = config_from_args(args)
    except ConfigError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        from ..spark_jobs.extract_job import run_extract_config  # imports pyspark
    except ImportError as exc:
        print(f"binlog-ksy extract: error: Spark is not installed ({exc}); "
              "pip install 'binlog-ksy[spark]'", file=sys.stderr)
        return EXIT_USAGE
    try:
        spark = None
        if not args.debug:
            from ..spark_jobs.extract_job import build_session

            spark = build_session(cfg)
            spark.sparkContext.setLogLevel("WARN")  # spark-submit's INFO lines would bury the progress
        summary = run_extract_config(cfg, spark=spark, progress=None if args.quiet else sys.stderr)
    except ConfigError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except FileNotFoundError as exc:
        print(f"binlog-ksy extract: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("binlog-ksy extract: interrupted; nothing was written", file=sys.stderr)
        return 130
    except Exception as exc:
        if args.debug:
            raise
        print(f"binlog-ksy extract: error: the job failed, nothing was written: {type(exc).__name__}: "
              f"{str(exc).splitlines()[0] if str(exc) else ''} (run with --debug for details)", file=sys.stderr)
        return EXIT_FAILED
    if args.json_summary:
        import json

        print(json.dumps(summary.to_dict(), sort_keys=True))
    else:
        print(summary.to_text())
    sys.stdout.flush()
    return EXIT_DAMAGED if summary.errors else EXIT_OK
