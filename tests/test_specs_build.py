"""The specs compile with the pinned compiler, generated/ is what they produce, and the
JavaScript build (what the Kaitai Web IDE runs) reads real binlogs to the last field."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from fixture_index import ROOT, load_index

KSY = sorted((ROOT / "ksy").glob("*.ksy"))
TOOLS = ROOT / "tools"


def _compile(target: str, out: Path, *extra: str) -> None:
    cmd = ["node", str(TOOLS / "ksc.js"), "-t", target, "-d", str(out), *extra]
    if target == "python":
        cmd += ["--python-package", "."]
    result = subprocess.run(cmd + [str(p) for p in KSY], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_generated_matches_specs(tmp_path: Path) -> None:
    _compile("python", tmp_path)
    produced = {p.name: p.read_text() for p in tmp_path.glob("*.py")}
    committed = {p.name: p.read_text() for p in (ROOT / "generated").glob("*.py") if p.name != "__init__.py"}
    assert produced.keys() == committed.keys(), "generated/ has other files than ksy/ produces: run ./build.sh"
    stale = sorted(name for name in produced if produced[name] != committed[name])
    assert not stale, f"generated/ is stale for {stale}: run ./build.sh and commit"


def test_generated_read_write_classes_match_specs(tmp_path: Path) -> None:
    _compile("python", tmp_path, "--read-write")
    produced = {p.name: p.read_text() for p in tmp_path.glob("*.py")}
    committed = {p.name: p.read_text() for p in (ROOT / "generated" / "rw").glob("*.py") if p.name != "__init__.py"}
    assert produced.keys() == committed.keys(), "generated/rw/ has other files than ksy/ produces: run ./build.sh"
    stale = sorted(name for name in produced if produced[name] != committed[name])
    assert not stale, f"generated/rw/ is stale for {stale}: run ./build.sh and commit"
    assert "def _write__seq(self, io=None)" in produced["binlog_event.py"]  # read-write classes indeed


def test_every_spec_compiles_to_javascript(tmp_path: Path) -> None:
    _compile("javascript", tmp_path)
    names = {p.name for p in tmp_path.glob("*.js")}
    for ksy in KSY:
        camel = "".join(part.capitalize() for part in ksy.stem.split("_")) + ".js"
        assert camel in names


def test_specs_follow_house_style() -> None:
    import yaml

    for ksy in KSY:
        spec = yaml.safe_load(ksy.read_text())
        meta = spec["meta"]
        assert meta["id"] == ksy.stem, ksy
        assert meta.get("title") and meta.get("license") and meta.get("ks-version"), ksy
        assert spec.get("doc") and spec.get("doc-ref"), f"{ksy.name}: top-level doc and doc-ref"
        for name, typ in (spec.get("types") or {}).items():
            assert typ.get("doc"), f"{ksy.name}: type {name} has no doc"


def test_web_ide_build_reads_every_fixture(tmp_path: Path) -> None:
    """Load every complete fixture through the JS build, walking every field and instance."""
    fixtures = [f for f in load_index() if not f.is_gzip and not f.trailing_bytes]
    paths = [str(f.path) for f in fixtures]
    result = subprocess.run(["node", str(TOOLS / "webide_check.js"), str(ROOT / "ksy" / "binlog_file.ksy"), *paths],
                            capture_output=True, text=True, cwd=ROOT, timeout=600)
    reports = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    failed = [(r["file"], r.get("error")) for r in reports if not r["ok"]]
    assert not failed, failed
    assert len(reports) == len(paths)
    by_file = {r["file"]: r for r in reports}
    for f in fixtures:
        assert by_file[str(f.path)]["events"] == sum(f.histogram.values()), f.name
    assert result.returncode == 0, result.stderr
