"""binlog-ksy: read MySQL and MariaDB binary logs as data.

>>> import binlog_ksy
>>> for event in binlog_ksy.read_events("binlog.000001"):
...     print(event.pos, event.type_name)
>>> for change in binlog_ksy.read_changes("binlog.000001"):
...     print(change.op, change.schema, change.table, change.after)

The subpackages: ``binlog_ksy.generated`` (parsers compiled from the Kaitai
specs), ``binlog_ksy.runtime`` (reader, table maps, row images, CLI) and
``binlog_ksy.spark_jobs`` (the Spark data source and extraction job).
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

try:
    __version__ = version("binlog-ksy")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0+unknown"

__all__ = ["read_events", "read_changes", "__version__"]


def read_events(path: Any, **kwargs: Any) -> Any:
    """The events of a binlog file, lazily (see :class:`binlog_ksy.runtime.reader.BinlogReader`)."""
    from .runtime.reader import BinlogReader

    return iter(BinlogReader(path, **kwargs))


def read_changes(paths: Any, **kwargs: Any) -> Any:
    """The row changes of one or more binlog files (see :func:`binlog_ksy.runtime.changes.read_changes`)."""
    from .runtime.changes import read_changes as _read_changes

    return _read_changes(paths, **kwargs)
