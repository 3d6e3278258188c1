"""``binlog-ksy pack-env --output FILE.tar.gz``: the package and its dependencies for Spark workers.

Workers of a cluster run the tasks of ``extract`` and of the ``binlog`` data
source in their own Python, which usually lacks binlog-ksy. This packs a
relocatable virtual environment that Spark ships to them through
``spark.archives`` (``extract --env FILE.tar.gz``, or ``env:`` in the job
file), unpacked as ``./environment`` in each executor's working directory,
whose ``./environment/bin/python`` then runs the tasks.

What goes in: binlog-ksy as it is *installed* here (an editable install,
``./setup.sh``, is rebuilt into a wheel from its source folder, so real code
and the compiled row scanner are packed, never a link back to the checkout; a
regular install is copied file by file), and its runtime dependencies at the
versions installed here (``pip install`` from the pip cache or the index).
Spark, pyspark and the extras for Delta/Iceberg are not packed: the executors
run pyspark's worker from Spark's own ``pyspark.zip``.

The archive is made with venv-pack, which keeps ``bin/python`` as a link to
the base interpreter this environment was made from: every worker needs the
same Python (same version, at the same path) — the message says which. The
compiled scanner is built for that Python; a worker where it cannot load
falls back to the pure-Python scan (one warning; same results, slower).

Nothing here imports pyspark.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any, TextIO

from binlog_ksy.runtime.commands.common import EXIT_OK, EXIT_USAGE
from binlog_ksy.runtime.errors import BinlogKsyError

__all__ = ["PackedEnv", "PackError", "add_pack_env_parser", "installed_distribution", "pack_env",
           "runtime_requirements"]

_DIST = "binlog-ksy"
_PROG = "binlog-ksy pack-env"


class PackError(BinlogKsyError):
    """The environment could not be built or packed (the message says what failed)."""


@dataclass
class PackedEnv:
    """What :func:`pack_env` wrote."""

    output: str
    bytes: int
    version: str
    python_version: str
    base_python: str
    packages: list[str]
    seconds: float

    def to_text(self) -> str:
        return (f"packed {self.output} ({self.bytes / 1e6:.0f} MB, {self.seconds:.0f} s): binlog-ksy {self.version} "
                f"with {', '.join(self.packages)}\n"
                f"the workers need Python {self.python_version} at {self.base_python} (the environment's "
                f"bin/python links to it; venv-pack does not pack the interpreter)\n"
                f"use it: binlog-ksy extract ... --env {self.output}   (or env: in the job file; "
                f"spark-submit: --archives {self.output}#environment "
                f"--conf spark.pyspark.python=./environment/bin/python)")


def runtime_requirements(dist: metadata.Distribution | None = None) -> list[str]:
    """``name==version`` of each runtime dependency of binlog-ksy (no extras), at the version installed here."""
    dist = dist or installed_distribution()
    pins = []
    for req in dist.requires or []:
        if "extra ==" in req.replace('"', "'").replace("extra==", "extra =="):
            continue
        name = re.split(r"[\s<>=!~;\[(]", req.strip(), maxsplit=1)[0]
        try:
            pins.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pins.append(req.split(";", 1)[0].strip())
    return pins


def installed_distribution() -> metadata.Distribution:
    """binlog-ksy as pip installed it: a metadata folder with an ``INSTALLER`` file first.

    A checkout on ``sys.path`` (the current directory, say) may hold a
    ``binlog_ksy.egg-info`` left by a build, which is not the installed package.
    """
    found = list(metadata.distributions(name=_DIST))
    if not found:
        raise PackError("binlog-ksy is not installed in this Python: pip install it first")
    return next((d for d in found if d.read_text("INSTALLER") is not None), found[0])


def _editable_source(dist: metadata.Distribution) -> str | None:
    """The source folder of an editable install (PEP 610 ``direct_url.json``), else None."""
    text = dist.read_text("direct_url.json")
    if not text:
        return None
    info = json.loads(text)
    if not info.get("dir_info", {}).get("editable"):
        return None
    url = str(info.get("url", ""))
    return url[len("file://"):] if url.startswith("file://") else None


def _run(cmd: list[str], what: str, cwd: str | None = None) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise PackError(f"{what} failed ({' '.join(cmd[:4])} ...):\n{tail}")


def _copy_installed(dist: metadata.Distribution, site_packages: str) -> None:
    """Copy a regular install's files (package and dist-info, not its scripts) into ``site_packages``."""
    for entry in dist.files or []:
        rel = str(entry)
        if rel.startswith("..") or "__pycache__" in rel:
            continue
        source = str(dist.locate_file(entry))
        if not os.path.isfile(source):
            continue
        target = os.path.join(site_packages, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)


def pack_env(output: str, *, progress: TextIO | None = sys.stderr, compress_level: int = 1) -> PackedEnv:
    """Build a fresh virtual environment with binlog-ksy and its dependencies and pack it into ``output``.

    Raises :class:`PackError` when binlog-ksy is not installed, venv-pack is
    missing, or a build or install step fails.
    """
    started = time.perf_counter()
    if not output.endswith((".tar.gz", ".tgz")):
        raise PackError(f"--output {output}: expected a .tar.gz file name")
    try:
        import venv_pack
    except ImportError:
        raise PackError("venv-pack is not installed: pip install 'binlog-ksy[spark]' (or venv-pack==0.2.0)") from None
    dist = installed_distribution()

    def say(text: str) -> None:
        if progress is not None:
            print(f"{_PROG}: {text}", file=progress, flush=True)

    work = tempfile.mkdtemp(prefix="binlog-ksy-pack-")
    try:
        env = os.path.join(work, "environment")
        say(f"creating a virtual environment from {sys._base_executable}")  # type: ignore[attr-defined]
        _run([sys._base_executable, "-m", "venv", env], "creating the environment")  # type: ignore[attr-defined]
        env_python = os.path.join(env, "bin", "python")
        pins = runtime_requirements(dist)
        source = _editable_source(dist)
        pip = [env_python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if source is not None:
            say(f"building a wheel of the editable install at {source}")
            wheels = os.path.join(work, "wheels")
            _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                  "-w", wheels, source], "building the binlog-ksy wheel")
            built = [os.path.join(wheels, n) for n in os.listdir(wheels) if n.endswith(".whl")]
            say(f"installing {os.path.basename(built[0])} and {', '.join(pins)}")
            _run([*pip, *built, *pins], "installing into the environment")
        else:
            say(f"installing {', '.join(pins)}")
            _run([*pip, *pins], "installing the dependencies")
            site = sysconfig.get_path("purelib", vars={"base": env, "platbase": env})
            say(f"copying the installed binlog-ksy from {dist.locate_file('')}")
            _copy_installed(dist, site)
        # From the work folder: a checkout in the current directory would shadow the installed package.
        _run([env_python, "-c", "import binlog_ksy.runtime.rows._scan, binlog_ksy.runtime.rows.columnar"],
             "importing binlog-ksy in the environment", cwd=work)
        # pip and setuptools are not needed on the workers.
        _run([env_python, "-m", "pip", "uninstall", "--quiet", "-y", "pip"], "removing pip")
        say(f"packing {output}")
        out_dir = os.path.dirname(os.path.abspath(output))
        os.makedirs(out_dir, exist_ok=True)
        venv_pack.pack(prefix=env, output=output, force=True, compress_level=compress_level)
    except PackError:
        raise
    except Exception as exc:  # noqa: BLE001 - venv-pack raises its own and the OS errors: each becomes a PackError
        raise PackError(f"packing failed: {type(exc).__name__}: {exc}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    base = os.path.realpath(sys._base_executable)  # type: ignore[attr-defined]
    return PackedEnv(output=output, bytes=os.path.getsize(output), version=dist.version,
                     python_version=".".join(map(str, sys.version_info[:3])), base_python=base,
                     packages=pins, seconds=time.perf_counter() - started)


def add_pack_env_parser(sub: Any) -> None:
    """Add the ``pack-env`` subcommand to an argparse subparsers object (sets ``run=``)."""
    p = sub.add_parser(
        "pack-env", help="pack binlog-ksy and its dependencies for Spark workers (extract --env FILE)",
        description="Build a relocatable virtual environment with binlog-ksy as installed here (compiled "
                    "scanner included) and its runtime dependencies, packed with venv-pack, for Spark workers "
                    "whose Python lacks binlog-ksy: extract --env FILE.tar.gz ships it (spark.archives) and "
                    "runs the tasks in its ./environment/bin/python. The workers need the same base Python as "
                    "this one, at the same path (printed at the end).",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--output", "-o", required=True, metavar="FILE.tar.gz", help="the archive to write")
    p.add_argument("--format", choices=("text", "json"), default="text", help="what to print at the end")
    p.set_defaults(run=run_pack_env_command)


def run_pack_env_command(args: argparse.Namespace) -> int:
    try:
        packed = pack_env(args.output)
    except PackError as exc:
        print(f"{_PROG}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.format == "json":
        from dataclasses import asdict

        print(json.dumps(asdict(packed), sort_keys=True))
    else:
        print(packed.to_text())
    return EXIT_OK
