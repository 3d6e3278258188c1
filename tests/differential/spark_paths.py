"""The Spark paths of a case: ``extract`` (Parquet, Delta or Iceberg, a split size) and the ``binlog`` data source.

Against the API's changes and the other commands' outputs, for one case's binlogs:

* ``changes/``: every change once (``(file, pos, row_index)`` unique), its op and table, its
  ``before``/``after`` JSON text the API's (``image_json``);
* ``tables/<db>.<table>``: the typed rows of ``rows --format parquet`` (same values, null fields
  dropped on both sides: a layout an ALTER added);
* ``transactions/``: as many transactions as ``stats`` counts, holding every change;
* ``cdc/``: the envelopes of ``rows --format debezium`` (their times aside);
* the data source, ``kind=changes``: the rows of ``changes/``; ``kind=typed`` of a table with one
  layout: the rows of its ``tables/`` folder (Parquet outputs).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

from binlog_ksy.runtime.present.value_json import image_json
from binlog_ksy.runtime.types.json_text import dumps
from differential.case import CaseRun
from differential.paths import cli_ok, parquet_changes
from run_outputs import dataset_rows, strip_nulls
from test_one_read_path import _canon

#: Envelope fields that say when the envelope was made, not what it says.
_MADE_AT = ("ts_ms", "ts_us", "ts_ns")


def _key(row: dict[str, Any]) -> tuple[str, int, int]:
    return Path(row["file"]).name, int(row["pos"]), int(row["row_index"])


def check_changes(rows: list[dict[str, Any]], changes: list[Any]) -> None:
    keys = [_key(r) for r in rows]
    assert len(keys) == len(set(keys)), "a change written twice"
    by_key = dict(zip(keys, rows, strict=True))
    assert set(by_key) == {(Path(c.file).name, c.pos, c.row_index) for c in changes}
    for c in changes:
        row = by_key[(Path(c.file).name, c.pos, c.row_index)]
        assert (row["op"], row["schema"], row["table"]) == (c.op, c.schema, c.table), (c.pos, row["op"])
        for side in ("before", "after"):
            image = image_json(c, side)
            assert row[side] == (None if image is None else dumps(image)), (c.file, c.pos, side)


def _as_lake(value: Any) -> Any:
    """A Parquet value as the lake formats keep it (runtime/outputs/lake.py): TIME as int64 microseconds."""
    if isinstance(value, dict):
        return {k: _as_lake(v) for k, v in value.items() if v is not None}
    if isinstance(value, timedelta):
        return value // timedelta(microseconds=1)
    return value


def check_tables(read: Any, run: CaseRun, work: Path, lake: bool) -> int:
    """``tables/`` against ``rows --format parquet``, table by table, change by change."""
    cli_ok(["rows", "--format", "parquet", "--output", work / "rows-parquet", *run.files])
    want: dict[str, dict[tuple[str, int, int], Any]] = {}
    for row in parquet_changes(work / "rows-parquet"):
        want.setdefault(f"{row['schema']}.{row['table']}", {})[_key(row)] = row
    compared = 0
    for name, rows in want.items():
        got = {_key(r): r for r in read(f"tables/{name}")}
        assert set(got) == set(rows), name
        for key, row in rows.items():
            for side in ("before", "after"):
                mine, theirs = strip_nulls(got[key][side]), strip_nulls(row[side])
                if lake:
                    theirs = _as_lake(theirs)
                assert mine == theirs, (name, key, side, {k: (v, (theirs or {}).get(k)) for k, v in (mine or {}).items()
                                                          if v != (theirs or {}).get(k)})
            compared += 1
    return compared


def check_cdc(rows: list[dict[str, Any]], run: CaseRun) -> None:
    want = [json.loads(line) for line in cli_ok(["rows", "--format", "debezium", *run.files]).splitlines()]
    got = [json.loads(r["value"]) for r in rows]

    def canon(envelopes: list[dict[str, Any]]) -> Counter[str]:
        return Counter(json.dumps({k: v for k, v in e.items() if k not in _MADE_AT}, sort_keys=True)
                       for e in envelopes)

    assert canon(got) == canon(want)


def check_extract(spark: Any, run: CaseRun, changes: list[Any], table_format: str, split_size: int | None,
                  work: Path) -> Counter[str]:
    """One ``extract`` run over the case's binlogs, and the data source, against the API and the commands."""
    from binlog_ksy.spark_jobs.job.extract import run_extract

    out = str(work / "extract")
    extra: dict[str, Any] = {"cdc": True}
    if split_size is not None:
        extra["split_size"] = split_size
    summary = run_extract([str(f) for f in run.files], out, spark=spark, progress=None, table_format=table_format,
                          **extra)
    seen: Counter[str] = Counter()

    def read(dataset: str) -> list[dict[str, Any]]:
        return dataset_rows(out, table_format, dataset, {})

    check_changes(read("changes"), changes)
    seen["typed rows"] += check_tables(read, run, work, lake=table_format != "parquet")
    transactions = read("transactions")
    stats = json.loads(cli_ok(["stats", "--format", "json", *run.files]))
    assert len(transactions) == stats["transactions"] == summary.transactions, (len(transactions), stats)
    assert sum(int(t["rows"]) for t in transactions) == len(changes)
    check_cdc(read("cdc"), run)
    if table_format == "parquet":
        seen["data source rows"] += check_data_source(spark, run, Path(out), summary)
    seen[f"extract {table_format}"] += 1
    seen["extract split" if split_size else "extract whole files"] += 1
    return seen


def _same(source: Any, dataset: Any) -> int:
    assert source.schema == dataset.schema, (source.schema.simpleString(), dataset.schema.simpleString())
    mine = Counter(_canon(r) for r in source.collect())
    theirs = Counter(_canon(r) for r in dataset.collect())
    assert mine == theirs, (list((mine - theirs).elements())[:1], list((theirs - mine).elements())[:1])
    return sum(mine.values())


def check_data_source(spark: Any, run: CaseRun, out: Path, summary: Any) -> int:
    """``kind=changes`` equals ``changes/``; ``kind=typed`` equals ``tables/`` for each table of one layout."""
    import pyarrow.parquet as pq

    from binlog_ksy.runtime.outputs.typed import table_dir_name

    files = [str(f) for f in run.files]
    # schema and table come last (the partition columns); ``columns`` names a layout on its first change in each
    # task, and extract packs small files into one task
    dataset = spark.read.parquet(str(out / "changes")).drop("columns")
    compared = _same(spark.read.format("binlog").option("kind", "changes").load(files).where("error IS NULL")
                     .select(*dataset.columns), dataset)
    for name in summary.typed_tables:
        folder = out / "tables" / table_dir_name(*name.split(".", 1))
        if len({pq.read_schema(p).remove_metadata() for p in folder.glob("*.parquet")}) > 1:
            continue  # an ALTER between its rows: kind=typed refuses a table of two layouts (test_one_read_path)
        source = spark.read.format("binlog").option("kind", "typed").option("tables", name).load(files)
        compared += _same(source, spark.read.parquet(str(folder)))
    return compared
