"""No hand-written function is longer than 80 lines (ruff's C901 and PLR0915 check complexity and statements).

A function counts from its ``def`` line to its last line, docstring, comments and nested functions
included. generated/ is compiled from ksy/ and not checked.
"""

from __future__ import annotations

import ast

from fixture_index import ROOT

MAX_LINES = 80
FOLDERS = ("runtime", "spark_jobs", "binlog_ksy", "tests", "benchmarks", "tools")

#: Functions allowed over the limit (none).
PENDING: dict[str, set[str]] = {}


def _long_functions() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "node_modules" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), rel)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    assert node.end_lineno is not None
                    if node.end_lineno - node.lineno + 1 > MAX_LINES:
                        found.setdefault(rel, set()).add(node.name)
    return found


def test_no_function_is_over_80_lines() -> None:
    assert _long_functions() == PENDING

