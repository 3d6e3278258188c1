"""``binlog-ksy explore``: a local web app over binlog files (placeholder)."""

from __future__ import annotations

from typing import Any


def add_explore_parser(sub: Any) -> None:
    pass
