"""``binlog-ksy pack-env`` without packing: what it pins, how it finds an editable install's source,
how it copies a regular install, and what it refuses. tests/test_cluster.py packs a real environment
and runs it on bare workers."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest

from binlog_ksy.spark_jobs.job import pack_env

ROOT = Path(__file__).resolve().parent.parent


def test_runtime_requirements_pin_the_installed_versions_without_extras() -> None:
    pins = dict(p.split("==", 1) for p in pack_env.runtime_requirements())
    assert {"numpy", "pyarrow", "kaitaistruct", "pyyaml", "zstandard", "sqlglot"} <= set(pins)
    assert pins["numpy"] == metadata.version("numpy") and pins["pyarrow"] == metadata.version("pyarrow")
    assert not {"pyspark", "deltalake", "pytest", "venv-pack"} & set(pins)  # extras are not the workers' needs


def test_this_editable_install_is_built_from_its_source_folder() -> None:
    source = pack_env._editable_source(pack_env.installed_distribution())  # not the checkout's egg-info
    assert source is not None and Path(source).resolve() == ROOT  # ./setup.sh: pip install -e .


def _fake_install(site: Path, editable: bool) -> metadata.Distribution:
    info = site / "demo-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "demo").mkdir()
    (site / "demo" / "__init__.py").write_text("X = 1\n")
    (site / "demo" / "_fast.so").write_bytes(b"\x7fELF")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: demo\nVersion: 1.0\nRequires-Dist: numpy>=2\n"
                                   "Requires-Dist: pytest; extra == 'test'\n")
    (info / "RECORD").write_text("demo/__init__.py,,\ndemo/_fast.so,,\ndemo-1.0.dist-info/METADATA,,\n"
                                 "../../../bin/demo,,\ndemo/__pycache__/__init__.cpython-311.pyc,,\n")
    if editable:
        (info / "direct_url.json").write_text('{"dir_info": {"editable": true}, "url": "file:///src/demo"}')
    return metadata.PathDistribution(info)


def test_a_regular_install_is_copied_file_by_file(tmp_path: Path) -> None:
    dist = _fake_install(tmp_path / "site", editable=False)
    assert pack_env._editable_source(dist) is None
    target = tmp_path / "env-site"
    pack_env._copy_installed(dist, str(target))
    copied = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
    assert copied == ["demo-1.0.dist-info/METADATA", "demo/__init__.py", "demo/_fast.so"]  # no scripts, no caches
    assert pack_env.runtime_requirements(dist) == [f"numpy=={metadata.version('numpy')}"]


def test_an_editable_fake_install_names_its_source(tmp_path: Path) -> None:
    assert pack_env._editable_source(_fake_install(tmp_path, editable=True)) == "/src/demo"


def test_pack_env_refuses_an_output_that_is_not_a_tar_gz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from binlog_ksy.cli import main

    assert main(["pack-env", "--output", str(tmp_path / "env.zip")]) == 2
    assert "expected a .tar.gz" in capsys.readouterr().err
    assert not (tmp_path / "env.zip").exists()


def test_the_message_names_the_base_python() -> None:
    packed = pack_env.PackedEnv(output="e.tar.gz", bytes=10**8, version="0.1.0", python_version="3.11.7",
                                base_python="/usr/bin/python3.11", packages=["numpy==2.4.6"], seconds=20.0)
    text = packed.to_text()
    assert "the workers need Python 3.11.7 at /usr/bin/python3.11" in text
    assert "--env e.tar.gz" in text and "--archives e.tar.gz#environment" in text
    assert sys.version_info >= (3, 11)
