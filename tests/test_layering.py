"""The import graph reads top to bottom: each module imports only its own layer or the ones below.

The layers, from the top (docs/how-it-is-built.md):

    binlog_ksy.cli
    binlog_ksy (the API), binlog_ksy.write
    spark_jobs.job (the extraction job)
    spark_jobs (the data source and the rows both produce)
    runtime.commands, runtime.explore (the CLI and its web app)
    runtime.state (tables as they were at a moment: changes and DDL applied in binlog order)
    runtime.present, runtime.writer, runtime.stats
    runtime.outputs, runtime.changes, runtime.plain_transactions
    runtime.rows
    runtime.table_map, runtime.filters
    runtime.schema, runtime.transactions, runtime.reader
    runtime.types, runtime.event, runtime.event_body, runtime.bodies, runtime.event_fields,
    runtime.mariadb_compression
    runtime.constants, runtime.errors, runtime.column, runtime.storage, runtime.atomic
    generated

Every import counts: at module level, inside functions and under ``TYPE_CHECKING``. Within a
layer, imports may go either way as long as there is no cycle. A module nobody placed fails the
test until it is given a layer here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fixture_index import ROOT

#: Folder -> the package it is installed as (pyproject.toml's package-dir).
PACKAGES = {"runtime": "binlog_ksy.runtime", "spark_jobs": "binlog_ksy.spark_jobs",
            "generated": "binlog_ksy.generated", "binlog_ksy": "binlog_ksy"}

#: Layers from the bottom; each entry is a module or a package prefix (names under binlog_ksy).
LAYERS: list[tuple[str, ...]] = [
    ("generated",),
    ("runtime.constants", "runtime.errors", "runtime.column", "runtime.storage", "runtime.atomic",
     "runtime.bounded_cache", "runtime.cache_folder"),
    ("runtime.types", "runtime.event", "runtime.event_body", "runtime.bodies", "runtime.event_fields",
     "runtime.mariadb_compression"),
    ("runtime.schema", "runtime.transactions", "runtime.reader"),
    ("runtime.table_map", "runtime.filters"),
    ("runtime.rows",),
    ("runtime.outputs", "runtime.changes", "runtime.plain_transactions"),
    ("runtime.present", "runtime.writer", "runtime.stats"),
    ("runtime.state",),
    ("runtime.commands", "runtime.explore"),
    ("spark_jobs.arrow_schemas", "spark_jobs.change_batches", "spark_jobs.incremental", "spark_jobs.records",
     "spark_jobs.typed", "spark_jobs.state_rows", "spark_jobs.stream", "spark_jobs.datasource"),
    ("spark_jobs.job",),
    ("binlog_ksy", "write"),
    ("cli",),
]
#: Package __init__ modules that only mark a folder (no code, no imports).
MARKERS = {"runtime", "spark_jobs", "runtime.explore", "runtime.types", "runtime.rows", "runtime.schema",
           "runtime.present", "runtime.outputs", "runtime.writer", "runtime.commands", "spark_jobs.job",
           "runtime.schema.ddl", "runtime.state"}


def _modules() -> dict[str, Path]:
    out = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            if "__pycache__" in path.parts:
                continue
            rel = path.relative_to(ROOT / folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            out[".".join([package, *parts])] = path
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports (a ``from pkg import mod`` names the module)."""
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = ".".join(base[: len(base) - node.level + 1])
                module = f"{stem}.{node.module}" if node.module else stem
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" for a in node.names] + [module]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
                break
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _short(module: str) -> str:
    return module.removeprefix("binlog_ksy.") if module != "binlog_ksy" else "binlog_ksy"


def layer_of(module: str) -> int | None:
    short = _short(module)
    best: tuple[int, int] | None = None  # (prefix length, layer)
    for index, entries in enumerate(LAYERS):
        for entry in entries:
            if (short == entry or short.startswith(entry + ".")) and (best is None or len(entry) > best[0]):
                best = (len(entry), index)
    return None if best is None else best[1]


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(_short(m) for m in _modules() if layer_of(m) is None and _short(m) not in MARKERS)
    assert unplaced == [], "give these modules a layer in tests/test_layering.py"


def test_imports_point_down() -> None:
    upward = []
    for module, deps in _graph().items():
        here = layer_of(module)
        for dep in deps:
            there = layer_of(dep)
            if here is not None and there is not None and there > here:
                upward.append(f"{_short(module)} (layer {here}) imports {_short(dep)} (layer {there})")
    assert sorted(upward) == []


def test_no_import_cycles() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                cycles.append(stack[stack.index(dep):] + [dep] if dep in stack else [node, dep])
            elif dep not in state:
                visit(dep, [*stack, dep])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_runtime_imports_neither_spark_jobs_nor_the_api() -> None:
    offenders = {m: sorted(d for d in deps if not d.startswith(("binlog_ksy.runtime", "binlog_ksy.generated")))
                 for m, deps in _graph().items() if m.startswith("binlog_ksy.runtime")}
    assert {m: d for m, d in offenders.items() if d} == {}


def test_spark_jobs_never_imports_generated() -> None:
    offenders = {m: sorted(d for d in deps if d.startswith("binlog_ksy.generated"))
                 for m, deps in _graph().items() if m.startswith("binlog_ksy.spark_jobs")}
    assert {m: d for m, d in offenders.items() if d} == {}


@pytest.mark.parametrize("package", sorted(MARKERS))
def test_package_markers_reexport_nothing(package: str) -> None:
    path = _modules()["binlog_ksy." + package]
    tree = ast.parse(path.read_text())
    code = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    assert code == [], f"{path}: keep the package's __init__.py free of imports and code, so the edges stay visible"


def test_an_upward_import_would_be_caught(tmp_path: Path) -> None:
    """The checker itself: a reader importing the commands is an upward edge."""
    fake = tmp_path / "reader.py"
    fake.write_text("from .commands import common\n")
    known = set(_modules())
    deps = _imports("binlog_ksy.runtime.reader", fake, known)
    assert deps == {"binlog_ksy.runtime.commands.common"}
    assert layer_of("binlog_ksy.runtime.commands.common") > layer_of("binlog_ksy.runtime.reader")  # type: ignore[operator]
