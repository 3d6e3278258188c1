"""One spelling of each reading option on every surface: the CLI, the Python API, the job file and the data source.

The vocabulary is the API's: the keyword arguments of ``read_changes``. Each surface's options are derived
from the surface itself (argparse's actions, the function signature, the config dataclass, the data
source's option list), never listed here by hand, so a new or renamed option on one surface fails this test.
"""

from __future__ import annotations

import argparse
import inspect
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import binlog_ksy
from binlog_ksy.cli import build_parser
from binlog_ksy.runtime.errors import ConfigError
from binlog_ksy.runtime.types.strings import ERRORS_MODES
from binlog_ksy.spark_jobs.datasource import OPTIONS, BinlogDataSource
from binlog_ksy.spark_jobs.job.config import ExtractConfig

ROOT = Path(__file__).resolve().parent.parent

#: What only a command line has: where output goes, how it looks, what to read; ``extract --repair OUTPUT``, a
#: command of its own (no job setting: a job file's run repairs its output before it starts).
CLI_ONLY = {"help", "files", "inputs", "format", "output", "debug", "run", "command", "config", "quiet", "verbose",
            "repair"}


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[name]
    raise AssertionError("no subcommands")


def _cli_options(command: str) -> dict[str, argparse.Action]:
    return {a.dest: a for a in _subparser(command)._actions if a.dest not in CLI_ONLY}


def _api_options() -> set[str]:
    params = inspect.signature(binlog_ksy.read_changes).parameters
    return set(params) - {"paths", "filters"}


def test_the_api_vocabulary_is_not_empty() -> None:
    assert {"databases", "tables", "include_gtids", "schema", "undecodable", "on_error"} <= _api_options()


@pytest.mark.parametrize("command", ["rows", "extract"])
def test_every_api_option_is_a_cli_option_of_the_same_name(command: str) -> None:
    assert _api_options() - set(_cli_options(command)) == set()


def test_sql_reads_with_the_same_options_as_rows() -> None:
    assert _api_options() - set(_cli_options("sql")) == set()


def test_every_api_option_is_a_job_file_setting() -> None:
    assert _api_options() - {f.name for f in fields(ExtractConfig)} == set()


def test_every_api_option_is_a_data_source_option() -> None:
    assert _api_options() - set(OPTIONS) == set()


def test_extract_flags_are_job_file_settings() -> None:
    """Every extract flag sets the job file's setting of the same name (besides what only a CLI has)."""
    settings = {f.name for f in fields(ExtractConfig)}
    flags = set(_cli_options("extract")) - {"spark_conf"} - {"version"}
    assert flags - settings == set()


@pytest.mark.parametrize("command", ["rows", "sql", "extract"])
def test_undecodable_takes_the_decoders_modes(command: str) -> None:
    action = _cli_options(command)["undecodable"]
    assert tuple(action.choices or ()) == ERRORS_MODES
    annotation = inspect.signature(binlog_ksy.read_changes).parameters["undecodable"].annotation
    for mode in ERRORS_MODES:
        assert repr(mode) in str(annotation) or f'"{mode}"' in str(annotation)


@pytest.mark.parametrize("command", [["rows", "--format", "jsonl"], ["sql"], ["sql", "--flashback"]])
@pytest.mark.parametrize("mode", ERRORS_MODES)
def test_undecodable_reaches_the_reader(command: list[str], mode: str, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """--undecodable is given to every file's reader (sql once ignored it)."""
    from binlog_ksy.cli import main
    from binlog_ksy.runtime import changes

    seen: list[str] = []
    original = changes.ChangeReader.__init__

    def record(self: Any, *args: Any, **kwargs: Any) -> None:
        seen.append(kwargs.get("undecodable", "strict"))
        original(self, *args, **kwargs)

    monkeypatch.setattr(changes.ChangeReader, "__init__", record)
    sample = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001"
    assert main([*command, "--undecodable", mode, str(sample)]) == 0
    capsys.readouterr()
    assert seen and set(seen) == {mode}


def test_the_old_spellings_still_work(tmp_path: Path) -> None:
    schema = tmp_path / "columns.yaml"
    schema.write_text("shop: {orders: [id]}\n")
    args = build_parser().parse_args(["rows", "--undecodable", "error", "--schema-file", str(schema), "x"])
    assert args.undecodable == "strict" and args.schema == str(schema)
    cfg = ExtractConfig.from_mapping({"schema_file": str(schema)})
    assert cfg.schema == str(schema)
    with pytest.raises(ConfigError, match="give one"):
        ExtractConfig.from_mapping({"schema_file": str(schema), "schema": str(schema)})


def test_a_job_file_checks_undecodable(tmp_path: Path) -> None:
    cfg = ExtractConfig.from_mapping({"inputs": [str(tmp_path)], "output": str(tmp_path / "o"),
                                      "undecodable": "hex"})
    with pytest.raises(ConfigError, match="undecodable"):
        cfg.validate()


def test_the_data_source_refuses_an_option_it_does_not_know() -> None:
    source = BinlogDataSource({"path": "x", "kind": "changes", "schema_fil": "columns.yaml"})
    with pytest.raises(ConfigError, match="schema_fil"):
        source.reader(source.schema())


def test_state_selects_and_reads_with_the_spellings_of_rows() -> None:
    """``state`` takes rows' table selection and reading flags under the same names (its moments replace the
    time, position and GTID windows), and read_state the same keywords."""
    state, rows = _cli_options("state"), _cli_options("rows")
    for dest in ("databases", "tables", "schema", "schema_sql", "on_error", "verify_checksums", "undecodable"):
        assert state[dest].option_strings == rows[dest].option_strings, dest
    params = set(inspect.signature(binlog_ksy.read_state).parameters) - {"paths", "table"}
    assert params - set(state) == set()
