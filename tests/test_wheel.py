"""The sdist and the wheel, built as ``python -m build`` builds them and installed where the checkout is not.

Once for the module (:func:`installed`):

1. the checkout's files, as a clone of it would have them (tracked and new files, no build output, no
   ``binlog_ksy.egg-info``), are copied into a temporary folder, so that the build writes nothing into the
   checkout and a stale file there cannot slip into the sdist;
2. ``python -m build`` makes the sdist, then the wheel from the sdist (so the sdist is complete enough to
   build a wheel), in isolated build environments. The C compiler runs without optimisation (``CFLAGS=-O0``):
   what is checked is what the wheel holds and that it runs, and the compile takes a third of the time;
3. a fresh virtual environment (``python -m venv``: the base interpreter, neither the checkout nor the dev
   .venv's site-packages on its path) gets the wheel with the ``spark`` extra, by pip from its cache or PyPI
   (``--no-compile``; the venv itself has no pip: the dev .venv's pip installs into it with ``--python``).

The tests then look inside the sdist and the wheel, ask the installed package where it lives and which
compiled modules it runs, walk its modules for the error hierarchy, and run every command with the venv's own
``binlog-ksy`` from a folder outside the checkout, on a copy of samples/mariadb-10.11: the output of each is
the dev install's for the same command (and the numbers the samples' manifest and the Python API give).
``extract`` runs on one local core with ``PYSPARK_PYTHON`` the venv's Python.

About two minutes on two otherwise idle cores (more when they are busy): the build 40 s, the install 12 s,
``extract`` (a JVM) 20 s, every other command a second or two, twice (the venv's and the dev install's).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import sysconfig
import tarfile
import time
import tomllib
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_errors_hierarchy import PRIVATE, exception_classes

from fixture_index import ROOT

pytestmark = pytest.mark.slow

#: The compiled modules setup.py builds.
EXTENSIONS = ("binlog_ksy.runtime.rows._scan", "binlog_ksy.runtime._framing", "binlog_ksy.runtime._checksums_ahead",
              "binlog_ksy.runtime.writer._seal", "binlog_ksy.runtime.writer._undo", "binlog_ksy.runtime.event",
              "binlog_ksy.runtime.types._column_loops", "binlog_ksy.runtime._plain_rows",
              "binlog_ksy.runtime.present._text_join")
SAMPLES = ROOT / "samples" / "mariadb-10.11"
#: The files the commands read, relative to the working directory (so that the outputs name them alike).
FILES = [f"mariadb-10.11/shop-full/binlog.00000{n}" for n in (1, 2, 3)]
#: What would let the venv's Python see something else than the venv: dropped from its environment.
_FOREIGN = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV", "PYSPARK_PYTHON",
            "PYSPARK_DRIVER_PYTHON", "SPARK_HOME", "PYTHONUNBUFFERED")


@dataclass
class Installed:
    """The built distributions and the venv the wheel is installed in."""

    sdist: Path
    wheel: Path
    venv: Path
    work: Path  #: the working directory of the commands, outside the checkout, with the samples copied
    env: dict[str, str]  #: the environment of the venv's commands
    seconds: dict[str, float]

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """The venv's ``binlog-ksy ARGS`` in the working directory."""
        return subprocess.run([str(self.venv / "bin" / "binlog-ksy"), *args], cwd=self.work, env=self.env,
                              capture_output=True, text=True, check=False, timeout=timeout)

    def run_dev(self, *args: str) -> subprocess.CompletedProcess[str]:
        """The same command with the dev install (the checkout), in the same working directory."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "PYSPARK_PYTHON")}
        env["XDG_CACHE_HOME"] = self.env["XDG_CACHE_HOME"]
        return subprocess.run([sys.executable, "-m", "binlog_ksy.cli", *args], cwd=self.work, env=env,
                              capture_output=True, text=True, check=False, timeout=300)


def _copy_checkout(dest: Path) -> None:
    """The files of the checkout a clone would have, with the changes not committed yet (no ignored files)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"the checkout's files are listed by git: {exc}")
    for rel in sorted(set(filter(None, listed.decode().split("\0")))):
        source, target = ROOT / rel, dest / rel
        if not source.is_symlink() and not source.is_file():
            continue  # deleted in the working tree, not yet in the index
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))  # .typecheck/binlog_ksy/* link to the package folders
        else:
            shutil.copy2(source, target)


def _step(seconds: dict[str, float], name: str, command: list[str], env: dict[str, str], timeout: float) -> None:
    """Run one step of the set-up; its time goes into ``seconds`` (printed: pytest -s or -rP shows them)."""
    start = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, timeout=timeout)
    seconds[name] = round(time.monotonic() - start, 1)
    print(f"test_wheel: {name}: {seconds[name]} s")
    assert done.returncode == 0, f"{name} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    seconds: dict[str, float] = {}
    source, dist, venv, work = root / "source", root / "dist", root / "venv", root / "work"
    _copy_checkout(source)
    clean = {k: v for k, v in os.environ.items() if k not in _FOREIGN}
    _step(seconds, "build", [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
          env={**clean, "CFLAGS": "-O0"}, timeout=900)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    _step(seconds, "venv", [sys.executable, "-m", "venv", "--without-pip", str(venv)], env=clean, timeout=300)
    _step(seconds, "install", [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                               "--no-compile", "--disable-pip-version-check", "--quiet", f"{wheel}[spark]"],
          env=clean, timeout=900)
    work.mkdir()
    shutil.copytree(SAMPLES, work / SAMPLES.name)
    env = {**clean, "PATH": f"{venv / 'bin'}{os.pathsep}{clean.get('PATH', '')}", "VIRTUAL_ENV": str(venv),
           "PYTHONNOUSERSITE": "1", "XDG_CACHE_HOME": str(root / "cache"),
           "PYSPARK_PYTHON": str(venv / "bin" / "python")}
    return Installed(sdist, wheel, venv, work, env, seconds)


def _packages() -> dict[str, str]:
    """Each package of pyproject.toml -> its folder in the checkout."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = dict(config["package-dir"])
    return {pkg: folders.get(pkg, pkg.replace(".", "/")) for pkg in config["packages"]}


def _tracked(folder: str, suffixes: tuple[str, ...]) -> set[str]:
    """The checkout's files under ``folder`` (its own level) ending in one of ``suffixes``."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).iterdir() if p.name.endswith(suffixes)}


def test_the_sdist_holds_what_a_wheel_is_built_from(installed: Installed) -> None:
    with tarfile.open(installed.sdist) as tar:
        names = {name.partition("/")[2] for name in tar.getnames()}
    wanted = {"LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in", "PKG-INFO"}
    for folder in _packages().values():
        wanted |= _tracked(folder, (".py", ".pyx", ".pxd", ".pxi", ".pyi", ".ksy"))
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "runtime" / "explore" / "static").rglob("*")
               if p.is_file()}
    assert wanted <= names, f"missing from the sdist: {sorted(wanted - names)}"
    assert not [n for n in names if n.endswith((".c", ".so", ".pyc")) or n.startswith(("tests/", "build/"))]
    assert installed.sdist.stat().st_size < 2_000_000


def test_the_wheel_holds_the_packages_the_compiled_modules_the_specs_and_the_explorers_files(
        installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as whl:
        names = set(whl.namelist())
        info = next(n.partition("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = whl.read(f"{info}/METADATA").decode()
        assert whl.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        assert "binlog-ksy = binlog_ksy.cli:run" in whl.read(f"{info}/entry_points.txt").decode()
    wanted = {f"{name.replace('.', '/')}{sysconfig.get_config_var('EXT_SUFFIX')}" for name in EXTENSIONS}
    for pkg, folder in _packages().items():
        wanted |= {f"{pkg.replace('.', '/')}/{Path(rel).name}" for rel in _tracked(folder, (".py", ".pyi", ".ksy"))}
    static = ROOT / "runtime" / "explore" / "static"
    wanted |= {f"binlog_ksy/runtime/explore/static/{p.relative_to(static).as_posix()}" for p in static.rglob("*")
               if p.is_file()}
    assert wanted <= names, f"missing from the wheel: {sorted(wanted - names)}"
    assert len([n for n in names if n.startswith("binlog_ksy/ksy/") and n.endswith(".ksy")]) >= 9
    assert not [n for n in names if n.endswith((".c", ".pyx", ".pxd", ".pyc"))]
    assert "License-Expression: GPL-2.0-only" in metadata and "License-File: LICENSE" in metadata
    assert re.search(r"^Requires-Dist: pyspark.*extra == \"spark\"$", metadata, re.M)


_PROBE = """
import importlib, importlib.metadata, importlib.resources, json, sys
import binlog_ksy
from binlog_ksy.runtime import reader
from binlog_ksy.runtime.rows import scan
static = importlib.resources.files("binlog_ksy.runtime.explore") / "static"
print(json.dumps({
    "file": binlog_ksy.__file__, "version": binlog_ksy.__version__, "prefix": sys.prefix, "path": sys.path,
    "compiled": {name: importlib.import_module(name).__file__ for name in sys.argv[1:]},
    "in_use": [scan.COMPILED, reader.frame_events is not None, reader.ChecksumsAhead is not None],
    "specs": sorted(p.name for p in importlib.resources.files("binlog_ksy.ksy").iterdir()),
    "static": sorted(p.name for p in static.iterdir()),
    "license": importlib.metadata.metadata("binlog-ksy")["License-Expression"],
}))
"""


def test_the_installed_package_is_the_venvs_and_runs_its_compiled_modules(installed: Installed) -> None:
    done = subprocess.run([str(installed.python), "-c", _PROBE, *EXTENSIONS], cwd=installed.work, env=installed.env,
                          capture_output=True, text=True, check=True, timeout=120)
    probe = json.loads(done.stdout)
    venv = str(installed.venv.resolve())
    assert Path(probe["prefix"]).resolve() == installed.venv.resolve()
    assert probe["file"].startswith(venv) and "site-packages" in probe["file"]
    outside = [p for p in probe["path"] if p.startswith((str(ROOT), sys.prefix + os.sep))
               or ("site-packages" in p and not p.startswith(venv))]
    assert outside == [], "the venv sees the checkout, the dev .venv or another site-packages"
    for name, file in probe["compiled"].items():
        assert file.startswith(venv) and file.endswith(sysconfig.get_config_var("EXT_SUFFIX")), name
    assert probe["in_use"] == [True, True, True]  # the row scanner, the framing loop, the checksums ahead
    assert probe["specs"] == sorted(p.name for p in (ROOT / "ksy").glob("*.ksy"))
    assert {"app.html", "app.js", "style.css", "kaitai", "vendor"} <= set(probe["static"])
    assert probe["license"] == "GPL-2.0-only"
    assert probe["version"] == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_installed_package_has_one_error_hierarchy(installed: Installed) -> None:
    """Every module of the installed package walked (tests/test_errors_hierarchy.py's rule)."""
    code = f"{inspect.getsource(exception_classes)}\nimport json\nprint(json.dumps(exception_classes()))\n"
    done = subprocess.run([str(installed.python), "-c", code], cwd=installed.work, env=installed.env,
                          capture_output=True, text=True, check=True, timeout=300)
    found: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    outside = {name for name, mro in found.items() if "binlog_ksy.runtime.errors.BinlogKsyError" not in mro}
    assert outside == set(PRIVATE)
    assert {"binlog_ksy.spark_jobs.job.pack_env.PackError", "binlog_ksy.spark_jobs.datasource.UnreachableInputError",
            "binlog_ksy.spark_jobs.job.cluster_checks.SharedOutputError"} <= set(found)


def test_version(installed: Installed) -> None:
    done = installed.run("--version")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert (done.returncode, done.stdout, done.stderr) == (0, f"binlog-ksy {version}\n", "")


def _count_changes(files: list[Path]) -> int:
    import binlog_ksy

    return sum(1 for _ in binlog_ksy.read_changes([str(f) for f in files]))


@pytest.mark.parametrize("command", [["events"], ["events", "--format", "jsonl"], ["rows", "--format", "jsonl"],
                                     ["sql"], ["sql", "--flashback"], ["stats"], ["schema"]])
def test_a_command_prints_what_the_dev_install_prints(installed: Installed, command: list[str]) -> None:
    done = installed.run(*command, *FILES)
    dev = installed.run_dev(*command, *FILES)
    assert done.returncode == 0 == dev.returncode, done.stderr
    assert done.stdout == dev.stdout and len(done.stdout) > 500
    assert "not in use" not in done.stderr  # no fallback from a compiled module to pure Python
    lines = done.stdout.splitlines()
    if command == ["events", "--format", "jsonl"]:
        manifest = json.loads((SAMPLES / "manifest.json").read_text())["sets"]["shop-full"]["files"]
        assert len(lines) == sum(f["events"] for f in manifest)
    elif command[0] == "rows":
        assert len(lines) == _count_changes([installed.work / f for f in FILES]) > 100
    elif command[0] == "sql":
        assert sum(line.startswith(("INSERT", "UPDATE", "DELETE")) for line in lines) > 100


def test_rows_as_parquet_are_the_dev_installs(installed: Installed) -> None:
    import pyarrow.parquet as pq

    assert installed.run("rows", "--format", "parquet", "--output", "parquet", *FILES).returncode == 0
    assert installed.run_dev("rows", "--format", "parquet", "--output", "parquet-dev", *FILES).returncode == 0
    ours = sorted(p.relative_to(installed.work / "parquet") for p in (installed.work / "parquet").rglob("*.parquet"))
    theirs = sorted(p.relative_to(installed.work / "parquet-dev")
                    for p in (installed.work / "parquet-dev").rglob("*.parquet"))
    assert ours == theirs and len(ours) >= 5
    rows = 0
    for rel in ours:
        table = pq.read_table(installed.work / "parquet" / rel)
        assert table.equals(pq.read_table(installed.work / "parquet-dev" / rel)), rel
        rows += table.num_rows
    assert rows == _count_changes([installed.work / f for f in FILES])


def test_filter_writes_the_dev_installs_binlogs(installed: Installed) -> None:
    done = installed.run("filter", "--table", "shop.orders", "--output", "filtered", *FILES)
    assert done.returncode == 0, done.stderr
    assert installed.run_dev("filter", "--table", "shop.orders", "--output", "filtered-dev", *FILES).returncode == 0
    for name in ("binlog.000001", "binlog.000002", "binlog.000003"):
        ours = (installed.work / "filtered" / name).read_bytes()
        assert ours == (installed.work / "filtered-dev" / name).read_bytes(), name
    kept = installed.run("rows", "--format", "jsonl", *(f"filtered/binlog.00000{n}" for n in (1, 2, 3)))
    wanted = installed.run_dev("rows", "--format", "jsonl", "--table", "shop.orders", *FILES)
    assert kept.returncode == 0 and kept.stdout.count("\n") == wanted.stdout.count("\n") > 10


def test_report_writes_one_html_file(installed: Installed) -> None:
    done = installed.run("report", "--output", "report.html", *FILES)
    assert done.returncode == 0, done.stderr
    html = (installed.work / "report.html").read_text(encoding="utf-8")
    assert len(html) > 100_000 and "<html" in html and "shop.orders" in html  # Chart.js is inside


def test_explore_serves_its_page_and_files(installed: Installed) -> None:
    server = subprocess.Popen([str(installed.venv / "bin" / "binlog-ksy"), "explore", "--no-browser", *FILES],
                              cwd=installed.work, env=installed.env, stderr=subprocess.PIPE, text=True)
    try:
        url = _served_url(server)
        with urllib.request.urlopen(url, timeout=60) as response:
            page = response.read().decode()
        assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
        assert len(assets) >= 10 and "/static/kaitai/BinlogEvent.js" in assets
        for asset in assets:
            with urllib.request.urlopen(url.rstrip("/") + asset, timeout=60) as response:
                assert response.status == 200 and response.read(), asset
    finally:
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=60)
    assert status == 0


def _served_url(server: subprocess.Popen[str]) -> str:
    """The URL ``explore`` says it serves (its first line on standard error)."""
    assert server.stderr is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([server.stderr], [], [], 1)
        if ready:
            line = server.stderr.readline()
            found = re.search(r"serving (http://127\.0\.0\.1:\d+/)", line)
            if found:
                return found.group(1)
            assert line, f"explore ended ({server.poll()}) without serving"
    raise AssertionError("explore did not start serving in 120 s")


def test_pack_env_help(installed: Installed) -> None:
    done = installed.run("pack-env", "--help")
    assert done.returncode == 0 and "--output" in done.stdout and "venv-pack" in done.stdout


@pytest.mark.spark
def test_extract_with_the_spark_extra(installed: Installed) -> None:
    """The Spark job on one local core, its workers the venv's Python: every change of the samples."""
    import pyarrow.dataset as ds

    done = installed.run("extract", SAMPLES.name, "--output", "lake", "--master", "local[1]", "--format", "json",
                         "--quiet", timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout)
    want = sum(_count_changes(sorted(folder.glob("binlog.*")))
               for folder in (installed.work / SAMPLES.name).iterdir() if folder.is_dir())
    assert summary["files"] == 9 and summary["errors"] == 0
    assert summary["total_changes"] == want > 1000
    assert ds.dataset(installed.work / "lake" / "changes", partitioning="hive").count_rows() == want
