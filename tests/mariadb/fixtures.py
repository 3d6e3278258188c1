"""pytest fixtures for the real-server harness.

tests/conftest.py registers this module as a plugin, so every test module can
ask for them by name::

    pytest_plugins = ["tests.mariadb.fixtures"]

Fixtures
--------
mariadb_server (module scope)
    A started ``MariaDBServer``. Options come from, in order: indirect
    parametrisation (``@pytest.mark.parametrize("mariadb_server",
    [{"binlog_row_metadata": "FULL"}], indirect=True)``), else a
    ``MARIADB_OPTIONS`` dict at module level, else the defaults.
mariadb_server_factory (session scope)
    ``make(options=None, **kwargs) -> MariaDBServer``: starts a new server
    per call; all are stopped and removed at the end of the session.

If ``mariadbd`` is not installed, the fixtures **fail** (they never skip):
CI installs MariaDB, and a silent skip would hide a broken test job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .server import MariaDBNotFound, MariaDBServer

__all__ = ["mariadb_server", "mariadb_server_factory", "start_server"]


def start_server(options: Any = None, **kwargs: Any) -> MariaDBServer:
    """Start a server or fail the test with an install hint."""
    try:
        srv = MariaDBServer(options, **kwargs)
    except MariaDBNotFound as e:
        pytest.fail(f"MariaDB server/client programs are required by this test: {e}",
                    pytrace=False)
    srv.start()
    return srv


def _shutdown(srv: MariaDBServer) -> None:
    try:
        srv.stop()
    finally:
        srv.cleanup()


@pytest.fixture(scope="module")
def mariadb_server(request: pytest.FixtureRequest) -> Iterator[MariaDBServer]:
    """A module-scoped throw-away MariaDB server (see module docstring)."""
    options = getattr(request, "param", None)
    if options is None and request.module is not None:
        options = getattr(request.module, "MARIADB_OPTIONS", None)
    srv = start_server(options)
    try:
        yield srv
    finally:
        _shutdown(srv)


@pytest.fixture(scope="session")
def mariadb_server_factory() -> Iterator[Callable[..., MariaDBServer]]:
    """A callable that starts servers; all are cleaned up at session end."""
    servers: list[MariaDBServer] = []

    def make(options: Any = None, **kwargs: Any) -> MariaDBServer:
        srv = start_server(options, **kwargs)
        servers.append(srv)
        return srv

    try:
        yield make
    finally:
        for srv in servers:
            _shutdown(srv)

