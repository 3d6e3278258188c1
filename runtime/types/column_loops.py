"""The DATE, DATETIME2, TIMESTAMP2 and DECIMAL column decoders the columnar decoder uses.

The compiled loops of ``_column_loops.pyx`` (one pass per value), built when the package is installed; where they
cannot load, or when ``BINLOG_KSY_PURE_PYTHON_SCAN`` is set as for the row scanner (:mod:`..rows.scan`), their
numpy twins (:mod:`.temporal_columns`, :mod:`.decimal_columns`), which take and return the same arrays. A table
written in turn with others is decoded in runs of a few hundred rows, where the numpy twins' forty-odd whole-array
operations per column cost more than the values (the benchmark's ddl shape: 115 and 68 microseconds a DATETIME2
and a DECIMAL column of a run). ``tests/test_type_columns.py`` holds the loops equal to their twins and to the
scalar decoders.
"""

from __future__ import annotations

import os

__all__ = ["COMPILED", "date_column", "datetime2_column", "decimal_column", "timestamp2_column"]

try:
    if os.environ.get("BINLOG_KSY_PURE_PYTHON_SCAN", "") not in ("", "0"):
        raise ImportError("BINLOG_KSY_PURE_PYTHON_SCAN is set")
    from ._column_loops import date_column, datetime2_column, decimal_column, timestamp2_column

    #: Whether the compiled loops are in use (False: the numpy twins).
    COMPILED = True
except ImportError:  # the row scanner warns once for every compiled loop missing
    from .decimal_columns import decimal_column
    from .temporal_columns import date_column, datetime2_column, timestamp2_column

    COMPILED = False
