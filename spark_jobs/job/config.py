"""Settings of the extraction job, from a YAML job file and/or command-line flags.

A job file (``binlog-ksy extract --config job.yaml``)::

    inputs:                      # files, directories (recursive), globs, URIs
      - /backups/binlogs/
    output: /data/binlog_parquet # replaced as a whole at the end of the run
    databases: [shop]            # optional filters (names or fnmatch patterns)
    tables: [shop.orders, shop.order_items]
    start_datetime: "2024-05-01 00:00:00"   # UTC unless an offset is given
    include_gtids: ["0-1-100-200"]          # or exclude_gtids; MySQL 'uuid:1-5', MariaDB 'domain-server-seqno'
    stop_datetime: "2024-05-02 00:00:00"    # exclusive
    schema: columns.yaml         # column names for tables logged without them (schema_file: the old spelling)
    undecodable: strict          # text not in its column's charset: strict (an error), keep or replace
    schema_sql: [dump.sql]       # CREATE TABLEs when the first binlog starts (the schema history's start)
    schema_history: true         # follow the binlogs' DDL to name columns (the default)
    typed: true                  # write tables/<schema>.<table>/ (the default; false: leave them out)
    table_format: delta          # parquet (default), delta or iceberg
    incremental: true            # only what is new since the last run, appended
    state: true                  # also write state/ and history/: the tables as they were
    verify_checksums: true
    with_body: true              # events.body as JSON text
    master: local[2]             # Spark master (default: spark-submit's, else local[*])
    env: binlog-ksy-env.tar.gz   # binlog-ksy pack-env's archive, shipped to the workers (spark.archives)
    spark_conf:
      spark.driver.memory: 4g

Relative paths in a job file are taken from the job file's directory. Flags
given on the command line override the file's values. Imports nothing from
pyspark (the CLI parses its arguments before it starts Spark).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ...runtime.changes import Undecodable
from ...runtime.errors import ConfigError, UsageError
from ...runtime.filters import ChangeFilter
from ...runtime.types.strings import ERRORS_MODES

__all__ = ["ExtractConfig", "ConfigError", "TABLE_FORMATS", "load_job_file"]

#: What ``table_format`` may be.
TABLE_FORMATS = ("parquet", "delta", "iceberg")


def _as_list(value: Any, key: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ConfigError(f"{key}: expected a list of strings or a comma-separated string")


def _as_bool(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    raise ConfigError(f"{key}: expected true or false, not {value!r}")


@dataclass
class ExtractConfig:
    """What to read, what to keep and where to write.

    Attributes
    ----------
    inputs
        Files, directories (read recursively), globs or URIs (see ``runtime/storage.py``).
    output
        The output directory: a local path or a URI (``s3://bucket/prefix``, ``gs://``, ``abfs://``,
        ``hdfs://``; ``s3a://`` is taken as ``s3://``), written through pyarrow unless ``hadoop_fs``.
    table_format
        ``parquet`` (default: Parquet datasets, the directory swapped in whole), ``delta`` (Delta Lake
        tables through delta-rs) or ``iceberg`` (Iceberg tables in a SQL catalog through pyiceberg):
        one table per dataset, one commit per table per run.
    incremental
        Read only what is new since the last run into this output (new files, the grown tail of a
        file, from its first transaction not yet written) and append it; see ``spark_jobs/incremental.py``.
    hadoop_fs
        Reach the output through the Spark driver's Hadoop FileSystem API (a cluster's own
        ``hdfs://`` or ``s3a://``) instead of pyarrow; Parquet only.
    iceberg_catalog
        SQLAlchemy URI of the Iceberg SQL catalog (default: ``sqlite:///<output>/_iceberg_catalog.db``
        for a local output; required for a remote one).
    iceberg_namespace
        The Iceberg namespace of the tables (default ``binlog``).
    databases, tables
        Filters: names or fnmatch patterns (``tables`` as ``db.table`` or ``table``).
    start_datetime, stop_datetime
        Keep events with ``start <= timestamp < stop`` (ISO text, UTC unless an offset is given).
    start_position, stop_position
        Keep events with ``start <= pos < stop`` (byte offsets; only with one input file).
    on_error
        ``skip`` (default): resume after a damaged event at the next valid one; ``stop``: stop
        reading a file at its first damaged event. Either way the damage is in ``errors/``.
    schema
        YAML with column names for tables logged without them (``runtime/schema/file.py``);
        ``schema_file`` in a job file is the old spelling.
    undecodable
        Text that does not decode in its column's charset: ``strict`` (an error row), ``keep``
        (the bytes) or ``replace`` (U+FFFD for the bad bytes).
    schema_sql
        SQL files with the CREATE TABLE statements of the tables when the first
        binlog starts: the schema history starts from them.
    schema_history
        Follow the DDL of the inputs (in file order) to name the columns of
        tables logged without names (default true; ``runtime/schema/history.py``).
    typed
        Write one typed dataset per table under ``tables/`` (default true).
    state
        Also write ``state/<schema>.<table>/`` (SCD type 1: the rows after the last complete transaction read)
        and ``history/<schema>.<table>/`` (SCD type 2: every version of every row): see
        ``spark_jobs/job/state_task.py``; as Delta or Iceberg tables merged run after run
        (``runtime/outputs/lake_merge.py``). Not with ``follow`` nor the time, position and GTID filters.
    cdc
        Also write ``cdc/``: each change as a Debezium MySQL connector change event (``key`` and
        ``value`` JSON text, partitioned by schema and table; ``runtime/present/debezium.py``).
    topic_prefix
        ``source.name`` of those events (the connector's ``topic.prefix``; default ``binlog-ksy``).
    verify_checksums
        Check the CRC32 of every event.
    with_body
        Fill ``events.body`` (the decoded body as JSON text).
    master
        Spark master URL; None: the one spark-submit gives, else ``local[*]``.
    env
        An environment archive made by ``binlog-ksy pack-env`` for workers whose Python lacks
        binlog-ksy: shipped through ``spark.archives`` (unpacked as ``./environment``) and run as the
        workers' Python, unless ``spark.pyspark.python`` or ``PYSPARK_PYTHON`` names another.
    spark_conf
        Extra Spark settings.
    batch_size
        Rows per Arrow batch in the data source.
    split_size
        Files larger than this many bytes are read by several tasks, one byte range each.
    """

    inputs: list[str] = field(default_factory=list)
    output: str = ""
    databases: list[str] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    start_datetime: str | None = None
    stop_datetime: str | None = None
    start_position: int | None = None
    stop_position: int | None = None
    on_error: str = "skip"
    schema: str | None = None
    undecodable: Undecodable = "strict"
    include_gtids: list[str] = field(default_factory=list)
    exclude_gtids: list[str] = field(default_factory=list)
    schema_sql: list[str] = field(default_factory=list)
    schema_history: bool = True
    typed: bool = True
    verify_checksums: bool = True
    with_body: bool = True
    master: str | None = None
    env: str | None = None
    spark_conf: dict[str, str] = field(default_factory=dict)
    batch_size: int = 8192
    split_size: int = 64 << 20
    table_format: str = "parquet"
    cdc: bool = False
    topic_prefix: str = "binlog-ksy"
    incremental: bool = False
    state: bool = False
    #: ``extract --follow``: micro-batches (incremental runs) every ``interval`` until stopped.
    follow: bool = False
    interval: str = "10s"
    hadoop_fs: bool = False
    iceberg_catalog: str | None = None
    iceberg_namespace: str = "binlog"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], base_dir: str | None = None) -> ExtractConfig:
        """Settings from a mapping (a parsed job file); relative paths are taken from ``base_dir``."""
        known = {f.name for f in fields(cls)}
        if "schema_file" in data:  # the spelling before 0.2
            if "schema" in data:
                raise ConfigError("schema and schema_file name the same setting: give one")
            data = {("schema" if k == "schema_file" else k): v for k, v in data.items()}
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown settings: {', '.join(sorted(unknown))} (known: {', '.join(sorted(known))})")
        cfg = cls()
        for key, value in data.items():
            if value is not None:
                setattr(cfg, key, _setting(key, value))
        if base_dir:
            cfg.inputs = [_resolve(p, base_dir) for p in cfg.inputs]
            cfg.output = _resolve(cfg.output, base_dir) if cfg.output else cfg.output
            cfg.schema = _resolve(cfg.schema, base_dir) if cfg.schema else None
            cfg.env = _resolve(cfg.env, base_dir) if cfg.env else None
            cfg.schema_sql = [_resolve(p, base_dir) for p in cfg.schema_sql]
        return cfg

    def merged(self, **overrides: Any) -> ExtractConfig:
        """A copy with the given non-empty values replacing these (command-line flags over the file)."""
        given = {k: v for k, v in overrides.items() if v is not None and v != [] and v != {}}
        if "spark_conf" in given:
            given["spark_conf"] = {**self.spark_conf, **given["spark_conf"]}
        return replace(self, **given)

    def validate(self) -> ExtractConfig:
        """Check what can be checked without Spark; raise :class:`ConfigError`."""
        if not self.inputs:
            raise ConfigError("no inputs: give INPUT... or 'inputs:' in the job file")
        if not self.output:
            raise ConfigError("no output: give --output DIR or 'output:' in the job file")
        if self.on_error not in ("stop", "skip"):
            raise ConfigError(f"on_error: expected stop or skip, not {self.on_error!r}")
        try:
            flt = self.filter()
        except UsageError as exc:
            raise ConfigError(str(exc)) from None
        if flt.selects_positions and (len(self.inputs) != 1 or not os.path.isfile(self.inputs[0])):
            raise ConfigError("start_position/stop_position are byte offsets in one file: give exactly one "
                              "input file")
        if self.schema and "://" not in self.schema and not os.path.isfile(self.schema):
            raise ConfigError(f"schema: no such file: {self.schema}")
        if self.undecodable not in ERRORS_MODES:
            raise ConfigError(f"undecodable must be one of {', '.join(ERRORS_MODES)}, not {self.undecodable!r}")
        for path in self.schema_sql:
            if not os.path.isfile(path):
                raise ConfigError(f"schema_sql: no such file: {path}")
        if self.env and "://" not in self.env and not os.path.isfile(self.env):
            raise ConfigError(f"env: no such file: {self.env} (make it with binlog-ksy pack-env --output FILE.tar.gz)")
        if self.table_format not in TABLE_FORMATS:
            raise ConfigError(f"table_format: expected one of {', '.join(TABLE_FORMATS)}, not {self.table_format!r}")
        if self.hadoop_fs and self.table_format != "parquet":
            raise ConfigError("hadoop_fs: only with table_format parquet (Delta and Iceberg tables are written "
                              "through their own libraries)")
        self._validate_follow(flt)
        self._validate_state(flt)
        if self.table_format == "iceberg" and not self.iceberg_catalog and "://" in self.output:
            raise ConfigError("iceberg_catalog: an Iceberg output in a remote store needs a catalog: give "
                              "--iceberg-catalog (e.g. sqlite:////var/lib/binlog-ksy/catalog.db or a "
                              "postgresql:// URI)")
        return self


    def _validate_state(self, flt: ChangeFilter) -> None:
        if not self.state:
            return
        if self.follow:
            raise ConfigError("state: not with follow yet (each micro-batch would read every file again): run "
                              "extract --state --incremental when the state is wanted")
        if (flt.selects_positions or self.start_datetime or self.stop_datetime or self.include_gtids
                or self.exclude_gtids):
            raise ConfigError("state: the tables as they were follow every transaction: not with start/stop "
                              "positions, datetimes or GTID filters (--database and --table are fine)")

    def _validate_follow(self, flt: ChangeFilter) -> None:
        if (self.incremental or self.follow) and flt.selects_positions:
            raise ConfigError("incremental, follow: not with start_position/stop_position (they choose the "
                              "positions)")
        try:
            interval_seconds(self.interval)
        except ValueError as exc:
            raise ConfigError(f"interval: {exc}") from None

    def filter(self) -> ChangeFilter:
        """The runtime's filter for these settings (the same matching as every other command)."""
        return ChangeFilter.create(databases=self.databases, tables=self.tables,
                                   start_position=self.start_position, stop_position=self.stop_position,
                                   start_datetime=self.start_datetime, stop_datetime=self.stop_datetime,
                                   include_gtids=self.include_gtids, exclude_gtids=self.exclude_gtids)


_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0}


def interval_seconds(text: str) -> float:
    """``10s``, ``500ms``, ``2m``, ``1h`` or a plain number of seconds, as seconds (a ``ValueError`` otherwise)."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(ms|s|min|m|h)?\s*", str(text))
    if match is None:
        raise ValueError(f"not an interval: {text!r} (e.g. 10s, 500ms, 2m)")
    seconds = float(match[1]) * _UNITS[match[2] or "s"]
    if not 0.0 < seconds <= 86400.0:
        raise ValueError(f"more than 0 and at most a day, not {text!r}")
    return seconds


def _conf_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _resolve(path: str, base_dir: str) -> str:
    if "://" in path or os.path.isabs(path):
        return path
    return os.path.normpath(os.path.join(base_dir, os.path.expanduser(path)))


def load_job_file(path: str) -> ExtractConfig:
    """Read a YAML job file; raise :class:`ConfigError` naming what is wrong."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from None
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise ConfigError(f"{path}: expected a mapping of settings")
    try:
        return ExtractConfig.from_mapping(data, base_dir=os.path.dirname(os.path.abspath(path)))
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _setting(key: str, value: Any) -> Any:
    """One job-file setting, checked and in the type its field holds."""
    if key in ("inputs", "databases", "tables", "schema_sql", "include_gtids", "exclude_gtids"):
        return _as_list(value, key)
    if key in ("typed", "verify_checksums", "with_body", "schema_history", "incremental", "hadoop_fs", "cdc",
               "follow", "state"):
        return _as_bool(value, key)
    if key == "spark_conf":
        if not isinstance(value, Mapping):
            raise ConfigError("spark_conf: expected a mapping of Spark settings")
        return {str(k): _conf_text(v) for k, v in value.items()}
    if key in ("batch_size", "split_size"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(f"{key}: expected a positive integer")
        return value
    if key in ("start_position", "stop_position"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"{key}: expected a byte offset (an integer >= 0)")
        return value
    if not isinstance(value, str):
        raise ConfigError(f"{key}: expected a string, not {value!r}")
    return value
