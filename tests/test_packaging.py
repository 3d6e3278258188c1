"""Every Python package in the tree is listed in pyproject.toml (else `pip install .` drops it), and what else the
wheel carries; the program's exit and output (tests/test_wheel.py installs the wheel and runs every command)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tomllib

import pytest

from fixture_index import ROOT


def test_every_package_is_listed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    dirs = {pkg: ROOT / path for pkg, path in config["package-dir"].items()}
    dirs.setdefault("binlog_ksy", ROOT / "binlog_ksy")
    found = set()
    for pkg, path in dirs.items():
        for init in path.rglob("__init__.py"):
            if "__pycache__" in init.parts:
                continue
            rel = init.parent.relative_to(path)
            found.add(".".join([pkg, *rel.parts]) if rel.parts else pkg)
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"
    data_only = set(config["package-data"]) - found
    for pkg in listed - data_only:
        assert pkg in found, f"{pkg} is listed but has no __init__.py"
    for pkg in data_only:  # a folder of package data alone (the specs): no modules, its files in package-data
        assert pkg in listed and not list(dirs[pkg].glob("*.py")), pkg


def test_the_wheel_carries_the_specs_and_the_license() -> None:
    """ksy/*.ksy as the package data binlog_ksy/ksy/, the LICENSE (GPL-2.0-only) as the distribution's license
    file, and the Cython sources in the sdist (MANIFEST.in); tests/test_wheel.py looks inside the built ones."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    config = project["tool"]["setuptools"]
    assert config["package-dir"]["binlog_ksy.ksy"] == "ksy" and config["package-data"]["binlog_ksy.ksy"] == ["*.ksy"]
    assert len(list((ROOT / "ksy").glob("*.ksy"))) >= 9
    assert project["project"]["license"] == "GPL-2.0-only" and project["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.lstrip().startswith("GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991")
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "recursive-include runtime *.pyx *.pxd *.pxi" in manifest and "include ksy/*.ksy" in manifest


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``binlog-ksy --version``: ``binlog-ksy VERSION`` (the distribution's), exit 0, no command imported."""
    from importlib.metadata import version

    import binlog_ksy
    from binlog_ksy.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"binlog-ksy {version('binlog-ksy')}\n"
    assert binlog_ksy.__version__ == version("binlog-ksy")
    code = ("import sys; from binlog_ksy.cli import main; status = main(['--version']); "
            "print(status, sorted(m for m in sys.modules if m.startswith('binlog_ksy.runtime.commands.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "0 ['binlog_ksy.runtime.commands.common']"


def test_version_of_a_source_tree_that_is_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the distribution's metadata (the checkout on sys.path, nothing installed): pyproject.toml's."""
    import importlib.metadata

    import binlog_ksy

    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert binlog_ksy._version() == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_console_script_points_at_run() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["binlog-ksy"] == "binlog_ksy.cli:run"
    from binlog_ksy.cli import run

    assert callable(run)


_SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full" / "binlog.000001"
#: Standard output buffered, as it is for a user (PYTHONUNBUFFERED would flush every write).
_BUFFERED = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}


@pytest.mark.parametrize("argv", [["events", str(_SAMPLE)], ["rows", "--format", "jsonl", str(_SAMPLE)],
                                  ["sql", str(_SAMPLE)], ["events", str(_SAMPLE), "/no/such/binlog"],
                                  ["rows", "--no-such-option"], ["rows", "--help"], ["--version"]])
def test_the_program_leaves_with_mains_output_and_status(argv: list[str], capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """``run`` leaves without tearing the interpreter down: every line main writes is there all the same
    (flushed, though the output is a file and not a terminal), and the status is main's."""
    from binlog_ksy.cli import main

    status = main(argv)
    want = capsys.readouterr()
    done = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", *argv], capture_output=True, text=True,
                          check=False, timeout=120, env=_BUFFERED)
    assert done.returncode == status
    assert done.stdout == want.out
    assert done.stderr.splitlines()[:3] == want.err.splitlines()[:3]
    assert len(done.stdout) > (10 if argv == ["--version"] else 1000) or status != 0


def test_a_closed_pipe_ends_the_program_quietly() -> None:
    """``binlog-ksy events FILE | head -1``: the first line, no traceback, status 0."""
    command = f"{shlex.quote(sys.executable)} -m binlog_ksy.cli events {shlex.quote(str(_SAMPLE))} | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, check=False,
                          timeout=120, env=_BUFFERED)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_output_that_cannot_be_written_fails_the_program() -> None:
    """Standard output on a full disk (/dev/full): the last write fails when the program leaves, and it says so
    and exits 1 instead of losing the output silently."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", "rows", "--help"], stdout=full,
                              stderr=subprocess.PIPE, text=True, check=False, timeout=120, env=_BUFFERED)
    assert done.returncode == 1
    assert "cannot write standard output: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["events"], ["rows", "--format", "jsonl"], ["sql"]])
def test_a_full_disk_in_the_middle_of_a_run_is_said_once_and_ends_it(command: list[str]) -> None:
    """Output that fills the disk while files are read: one message, exit 1, no traceback, and the files after
    it are not read (nothing could be written of them)."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", *command, str(_SAMPLE), str(_SAMPLE)],
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False, timeout=120, env=_BUFFERED)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["binlog-ksy: error: cannot write the output: No space left on device"]
