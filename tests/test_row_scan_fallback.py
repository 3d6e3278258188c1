"""The pure-Python row scanner (used where the compiled one cannot load) gives what the compiled one gives.

``runtime/rows/scan.py`` falls back to ``runtime/rows/scan_fallback.py`` when
``rows/_scan`` does not import (the package shipped as a zip with Spark's
``--py-files``) or ``BINLOG_KSY_PURE_PYTHON_SCAN`` is set. Here the fallback
replaces the compiled loops and every rows event of the bundled samples and
shared fixtures decodes to the same Arrow arrays; the loops agree on random
images, truncated ones and full output arrays; a process with the variable
set warns once and decodes the same changes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.rows import scan as row_scan
from binlog_ksy.runtime.rows import scan_fallback as row_scan_fallback
from binlog_ksy.runtime.rows.columnar import ChangeColumns, iter_change_columns
from fixture_index import FIXTURES as FIXTURES_DIR

ROOT = Path(__file__).resolve().parent.parent


def _binlogs() -> list[Path]:
    paths = [p for p in (ROOT / "samples").rglob("*") if p.is_file()]
    paths += [p for p in FIXTURES_DIR.rglob("*") if p.is_file()]
    out = []
    for p in sorted(paths):
        with open(p, "rb") as fh:
            if fh.read(4) == b"\xfebin":
                out.append(p)
    return out


def _runs(path: Path) -> list[ChangeColumns]:
    return list(iter_change_columns(ChangeReader(path, on_error="skip")))


def _assert_same_runs(got: list[ChangeColumns], want: list[ChangeColumns], path: Path) -> None:
    assert len(got) == len(want), path
    for g, w in zip(got, want, strict=True):
        assert g.op == w.op and g.count == w.count
        assert g.row_index.tolist() == w.row_index.tolist()
        for side in ("before", "after"):
            a, b = getattr(g, side), getattr(w, side)
            assert (a is None) == (b is None)
            if a is None:
                continue
            for column, x, y in zip(a.columns, a.arrays, b.arrays, strict=True):
                assert x.equals(y), (path, column.name, x.to_pylist()[:3], y.to_pylist()[:3])


def test_the_compiled_scanner_is_in_use_here() -> None:
    assert row_scan.COMPILED  # otherwise the comparisons below compare the fallback with itself


def test_fallback_decodes_every_sample_and_fixture_like_the_compiled_scanner(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _binlogs()
    assert any("samples" in str(p) for p in files)
    compiled = {p: _runs(p) for p in files}
    monkeypatch.setattr(row_scan, "scan", row_scan_fallback.scan)
    monkeypatch.setattr(row_scan, "gather", row_scan_fallback.gather)
    monkeypatch.setattr(row_scan, "gather_sized", row_scan_fallback.gather_sized)
    rows = 0
    for path in files:
        runs = _runs(path)
        _assert_same_runs(runs, compiled[path], path)
        rows += sum(r.count for r in runs)
    assert rows > 1000


def _random_images(rng: np.random.Generator, layouts: list[list[int]], count: int) -> bytes:
    out = bytearray()
    for i in range(count):
        layout = layouts[i % len(layouts)]
        nulls = [bool(rng.integers(0, 4) == 0) for _ in layout]
        bitmap = bytearray((len(layout) + 7) // 8)
        for k, null in enumerate(nulls):
            if null:
                bitmap[k >> 3] |= 1 << (k & 7)
        out += bitmap
        for width, null in zip(layout, nulls, strict=True):
            if null:
                continue
            if width >= 0:
                out += rng.integers(0, 256, width, dtype=np.uint8).tobytes()
            else:
                n = int(rng.integers(0, 300 if width < -1 else 256))
                out += n.to_bytes(-width, "little") + rng.integers(0, 256, n, dtype=np.uint8).tobytes()
    return bytes(out)


@pytest.mark.parametrize("seed", range(6))
def test_fallback_loops_equal_the_compiled_ones(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(seed)
    layouts = [[int(w) for w in rng.choice([0, 1, 2, 3, 4, 8, -1, -2, -4], int(rng.integers(1, 12)))]
               for _ in range(int(rng.integers(1, 3)))]
    data = _random_images(rng, layouts, int(rng.integers(1, 200)))
    cut = data[: int(rng.integers(1, len(data) + 1))] if seed % 2 else data  # odd seeds: a truncated tail
    arr = np.frombuffer(cut, np.uint8)
    want = row_scan.scan_images(arr, layouts, capacity=1)  # room for images without NULLs: with them it grows
    want_values = row_scan.gather_values(arr, want.offsets[:, 0].copy(), want.lengths[:, 0].copy())
    fixed = [k for k, w in enumerate(layouts[0]) if w > 0]
    want_fixed = [row_scan.gather_fixed(arr, want.offsets[::len(layouts), k], layouts[0][k]) for k in fixed]
    monkeypatch.setattr(row_scan, "scan", row_scan_fallback.scan)
    monkeypatch.setattr(row_scan, "gather", row_scan_fallback.gather)
    monkeypatch.setattr(row_scan, "gather_sized", row_scan_fallback.gather_sized)
    got = row_scan.scan_images(arr, layouts, capacity=1)
    got_values = row_scan.gather_values(arr, got.offsets[:, 0].copy(), got.lengths[:, 0].copy())
    got_fixed = [row_scan.gather_fixed(arr, got.offsets[::len(layouts), k], layouts[0][k]) for k in fixed]
    assert (got.count, got.truncated_at) == (want.count, want.truncated_at)
    assert want.count > 0 or len(cut) < 8
    assert got.starts.tolist() == want.starts.tolist()
    for a in range(len(layouts)):
        rows = slice(a, None, len(layouts))
        n = len(layouts[a])
        assert got.offsets[rows, :n].tolist() == want.offsets[rows, :n].tolist()
        assert got.lengths[rows, :n].tolist() == want.lengths[rows, :n].tolist()
    assert got_values[0].tolist() == want_values[0].tolist()
    assert got_values[1].tobytes() == want_values[1].tobytes()
    for k, g, w in zip(fixed, got_fixed, want_fixed, strict=True):  # the fixed-size values, NULL ones zeros
        assert g.shape == w.shape == (len(got.offsets[::len(layouts)]), layouts[0][k])
        assert g.tobytes() == w.tobytes()


_CHILD = """
import json, sys, warnings
warnings.simplefilter("default")
from binlog_ksy.runtime.rows import scan as row_scan
from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.rows.columnar import iter_change_columns
rows = [sum(r.count for r in iter_change_columns(ChangeReader(p, on_error="skip"))) for p in sys.argv[1:]]
print(json.dumps({"compiled": row_scan.COMPILED, "rows": rows}))
"""


def test_pure_python_scan_warns_once_and_counts_the_same_rows() -> None:
    files = [str(p) for p in _binlogs() if "samples" in str(p)][:4]
    results = {}
    for forced in ("", "1"):
        env = {**os.environ, "BINLOG_KSY_PURE_PYTHON_SCAN": forced}
        done = subprocess.run([sys.executable, "-c", _CHILD, *files], capture_output=True, text=True, env=env,
                              cwd=ROOT, check=True)
        results[forced] = (json.loads(done.stdout), done.stderr.count("compiled row scanner is not in use"))
    assert results[""] == ({"compiled": True, "rows": results[""][0]["rows"]}, 0)
    assert results["1"][0] == {"compiled": False, "rows": results[""][0]["rows"]}
    assert sum(results["1"][0]["rows"]) > 0
    assert results["1"][1] == 1


_ZIP_CHILD = """
import json, sys, warnings
warnings.simplefilter("default")
sys.meta_path = [f for f in sys.meta_path if "editable" not in repr(f).lower()]  # no link to the checkout
sys.path.insert(0, sys.argv[1])
from binlog_ksy.runtime.rows import scan as row_scan
from binlog_ksy.runtime.changes import ChangeReader
from binlog_ksy.runtime.rows.columnar import iter_change_columns
rows = [sum(r.count for r in iter_change_columns(ChangeReader(p, on_error="skip"))) for p in sys.argv[2:]]
print(json.dumps({"compiled": row_scan.COMPILED, "file": row_scan.__file__, "rows": rows}))
"""


def test_the_package_imported_from_a_zip_falls_back(tmp_path: Path) -> None:
    """What Spark's --py-files does with a wheel: zipimport, which cannot load the compiled module it holds."""
    import tomllib
    import zipfile

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {name: ROOT / setuptools["package-dir"].get(name, name.replace(".", "/"))
               for name in setuptools["packages"]}
    archive = tmp_path / "binlog_ksy.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name, folder in folders.items():  # the packages as the wheel lays them out (binlog_ksy.ksy: the specs)
            for path in sorted(folder.iterdir()):
                if path.suffix in (".py", ".so"):
                    zf.write(path, f"{name.replace('.', '/')}/{path.name}")
        assert any(n.endswith(".so") for n in zf.namelist())  # the compiled scanner is in it, as in a wheel
    files = [str(p) for p in _binlogs() if "samples" in str(p)][:4]
    expected = [sum(r.count for r in _runs(Path(p))) for p in files]
    done = subprocess.run([sys.executable, "-c", _ZIP_CHILD, str(archive), *files], capture_output=True, text=True,
                          cwd=tmp_path, env={k: v for k, v in os.environ.items() if k != "BINLOG_KSY_PURE_PYTHON_SCAN"})
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["file"].startswith(str(archive))
    assert got["compiled"] is False and got["rows"] == expected and sum(expected) > 0
    assert done.stderr.count("compiled row scanner is not in use") == 1
