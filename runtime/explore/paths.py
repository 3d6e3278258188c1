"""How the report and the explorer name the input files in what they show.

Both name a file as it was given on the command line (an absolute path when one was given), the same in the
report's embedded JSON and in every answer of the explorer's API. With ``--redact-paths`` both name it by its
file name only: :class:`FileNames` rewrites every string of the JSON (names, error messages), so neither the
folders given nor the absolute or real paths they stand for appear.
"""

from __future__ import annotations

import os
import re
from typing import Any

from ..errors import UsageError

__all__ = ["FileNames"]


class FileNames:
    """The naming of ``files`` in outputs: as given, or (``redact``) by file name without any folder."""

    def __init__(self, files: list[str], redact: bool = False) -> None:
        self.files = list(files)
        self.redact = redact
        self._pattern: re.Pattern[str] | None = None
        self._replace: dict[str, str] = {}
        if not redact:
            return
        seen: dict[str, str] = {}
        for name in self.files:
            short = os.path.basename(name)
            if short in seen and seen[short] != name:
                raise UsageError(f"--redact-paths names files by their names only, and two files are named "
                                 f"{short!r}: copy or link them under distinct names")
            seen[short] = name
        folders: set[str] = set()
        for name in self.files:
            short = os.path.basename(name)
            for spelling in (name, os.path.abspath(name), os.path.realpath(name)):
                self._replace.setdefault(spelling, short)
                folder = os.path.dirname(spelling)
                if not set(folder.split(os.sep)) <= {"", ".", ".."}:  # "./x", "../x" name no folder
                    folders.add(folder.rstrip(os.sep) + os.sep)
        for folder in folders:
            self._replace.setdefault(folder, "")
        self._pattern = re.compile("|".join(re.escape(s) for s in sorted(self._replace, key=len, reverse=True)))

    def name(self, path: str) -> str:
        """How ``path`` (one of the files) is named in outputs."""
        return os.path.basename(path) if self.redact else path

    def text(self, text: str) -> str:
        """``text`` with the files' paths and folders taken out (unchanged when not redacting)."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self._replace[m.group(0)], text)

    def json(self, value: Any) -> Any:
        """A copy of the JSON value ``value`` with :meth:`text` applied to every string and key (itself when
        not redacting)."""
        if self._pattern is None:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(k) if isinstance(k, str) else k: self.json(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.json(v) for v in value]
        return value
