"""One error hierarchy: every exception class of binlog-ksy derives from ``BinlogKsyError`` (runtime/errors.py).

The rule, checked over every module of the package as installed (each one imported, compiled ones too):

* every exception class a module defines (its ``__module__`` is that module) derives from
  :class:`binlog_ksy.runtime.errors.BinlogKsyError`, the base of :class:`BinlogError`, :class:`UsageError`,
  :class:`StorageError` and the Spark jobs' own errors, so that ``except BinlogKsyError`` catches whatever
  binlog-ksy raises about its input, its settings or its stores;
* except private helpers: a class whose name starts with ``_`` may derive from anything, provided it never
  leaves the module that raises it (or the package, for a helper shared by its modules): it is caught there and
  becomes one of the errors above, or a fallback to a slower path. Each is listed in :data:`PRIVATE` with
  where it is caught, so that a new one is looked at before it is allowed;
* the classes keep the built-in bases callers catch them by (a :class:`UsageError` is a ``ValueError``, a
  :class:`StorageError` an ``OSError``).

tests/test_wheel.py runs :func:`exception_classes` in a fresh virtual environment where the wheel is installed.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import tomllib

import pytest

import binlog_ksy
from binlog_ksy.runtime import errors
from binlog_ksy.runtime.errors import BinlogKsyError
from fixture_index import ROOT

#: Private helper exceptions and where each is caught before it could reach a user.
PRIVATE = {
    "binlog_ksy.runtime.reader._BadEvent": "BinlogReader._next_batch: the BinlogError it carries is skipped or raised",
    "binlog_ksy.runtime.rows.image._Overrun": "rows/image.py's fast row readers: the checked path reads the row again",
    "binlog_ksy.runtime.rows.layouts._Slow": "layouts.py and rows/columnar.py: the rows take the row decoder",
    "binlog_ksy.runtime.schema.ddl.parser._ParseError": "schema/ddl/state.py: a SchemaHistoryWarning",
    "binlog_ksy.runtime.types.json_binary._Corrupt": "rows/image.py's readers (any decoder's error): a RowDecodeError",
    "binlog_ksy.runtime.types.json_text._NeedsSlowPath": "json_text.dumps: the value takes json.dumps",
}


def exception_classes() -> dict[str, list[str]]:
    """Every exception class defined in a module of binlog_ksy: its ``module.name`` -> the names of its bases
    (the whole method resolution order). Imports every module; self-contained, so that tests/test_wheel.py runs it
    in a fresh environment."""
    import importlib as _importlib
    import inspect as _inspect
    import pkgutil as _pkgutil

    # binlog_ksy's folders as pyproject.toml's package-dir maps them: an editable install's finder does not list
    # them under binlog_ksy.__path__ (an installed wheel does; walking them again finds nothing new).
    roots = ("binlog_ksy", "binlog_ksy.generated", "binlog_ksy.runtime", "binlog_ksy.spark_jobs")
    names = set(roots)
    for root in roots:
        package = _importlib.import_module(root)
        names.update(info.name for info in _pkgutil.walk_packages(package.__path__, f"{root}."))
    found = {}
    for name in sorted(names):
        module = _importlib.import_module(name)
        for attr, value in vars(module).items():
            if _inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == name:
                found[f"{name}.{attr}"] = [f"{base.__module__}.{base.__qualname__}" for base in value.__mro__]
    return found


def test_every_module_is_walked() -> None:
    """The walk reaches every package pyproject.toml lists (but the data folder binlog_ksy.ksy) and the compiled
    modules."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    exception_classes()
    loaded = {name for name in sys.modules if name.startswith("binlog_ksy")}
    assert listed - {"binlog_ksy.ksy"} <= loaded
    assert {"binlog_ksy.runtime._framing", "binlog_ksy.runtime.rows._scan", "binlog_ksy.cli"} <= loaded


def test_every_exception_class_derives_from_the_one_base() -> None:
    base = f"{BinlogKsyError.__module__}.{BinlogKsyError.__qualname__}"
    found = exception_classes()
    outside = sorted(name for name, mro in found.items()
                     if base not in mro and not name.rpartition(".")[2].startswith("_"))
    assert outside == [], f"exception classes outside the hierarchy of runtime/errors.py: {outside}"
    private = {name for name, mro in found.items() if base not in mro}
    assert private == set(PRIVATE), ("a private exception class is new or gone: check that it never leaves its "
                                     "module, then list it in PRIVATE with where it is caught")
    assert base in found and len(found) > len(PRIVATE) + 20


def test_the_spark_jobs_errors_are_in_the_hierarchy() -> None:
    """The three defined beside the code that raises them, with the bases their callers catch."""
    from binlog_ksy.spark_jobs.datasource import UnreachableInputError
    from binlog_ksy.spark_jobs.job.cluster_checks import SharedOutputError
    from binlog_ksy.spark_jobs.job.pack_env import PackError

    assert issubclass(UnreachableInputError, errors.StorageError) and issubclass(UnreachableInputError, OSError)
    assert issubclass(SharedOutputError, errors.ConfigError) and issubclass(SharedOutputError, ValueError)
    assert issubclass(PackError, BinlogKsyError) and not issubclass(PackError, (OSError, ValueError))
    raised = UnreachableInputError("a task cannot open s3://bucket/binlog.000001")
    assert str(raised) == "a task cannot open s3://bucket/binlog.000001" and raised.errno is None


@pytest.mark.parametrize(("name", "builtin"), [("BinlogError", Exception), ("UsageError", ValueError),
                                               ("ConfigError", ValueError), ("StorageError", OSError),
                                               ("TextDecodeError", ValueError), ("JsonDiffError", ValueError)])
def test_the_classes_keep_the_builtin_bases_callers_catch(name: str, builtin: type[Exception]) -> None:
    cls = getattr(errors, name)
    assert issubclass(cls, BinlogKsyError) and issubclass(cls, builtin)


def test_a_binlog_error_still_says_where() -> None:
    error = errors.ChecksumMismatchError("CRC32 mismatch", file="binlog.000001", offset=120,
                                         event_type="QUERY_EVENT")
    assert str(error) == "binlog.000001, at byte 120: QUERY_EVENT: CRC32 mismatch"
    assert error.to_dict()["error"] == "checksum_mismatch"
    with pytest.raises(BinlogKsyError):
        raise error


def test_the_api_exports_the_base() -> None:
    assert binlog_ksy.BinlogKsyError is BinlogKsyError and "BinlogKsyError" in binlog_ksy.__all__


def test_the_walk_sees_private_helpers_as_private() -> None:
    """The helpers of PRIVATE exist where listed (a renamed one must be listed again)."""
    for name in PRIVATE:
        module, _, attr = name.rpartition(".")
        cls = getattr(importlib.import_module(module), attr)
        assert inspect.isclass(cls) and issubclass(cls, Exception) and not issubclass(cls, BinlogKsyError)
