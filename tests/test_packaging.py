"""Every Python package in the tree is listed in pyproject.toml (else `pip install .` drops it)."""

from __future__ import annotations

import tomllib

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
    for pkg in listed:
        assert pkg in found, f"{pkg} is listed but has no __init__.py"


def test_console_script_points_at_main() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["binlog-ksy"] == "binlog_ksy.cli:main"
    from binlog_ksy.cli import main

    assert callable(main)
