"""A real S3-compatible server on 127.0.0.1 for the object-storage tests.

``moto`` (a pinned test dependency) serves the S3 API over HTTP in a child
process; the tests reach it only through the standard AWS environment
(``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
``AWS_REGION``, ``AWS_ALLOW_HTTP``), as users reach their own stores.

Fixtures
--------
s3_server (session scope)
    The running server: ``endpoint``, ``env`` (the variables above) and
    ``bucket(name)``, which creates a bucket and returns ``s3://name``.
s3_env (function scope)
    Puts ``s3_server.env`` into ``os.environ`` for one test (monkeypatch).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

__all__ = ["S3Server", "s3_env", "s3_server"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class S3Server:
    """A moto S3 server in a child process."""

    port: int
    process: subprocess.Popen[bytes]
    buckets: set[str] = field(default_factory=set)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def env(self) -> dict[str, str]:
        return {"AWS_ENDPOINT_URL": self.endpoint, "AWS_ACCESS_KEY_ID": "binlog-ksy-test",
                "AWS_SECRET_ACCESS_KEY": "binlog-ksy-secret", "AWS_REGION": "us-east-1", "AWS_ALLOW_HTTP": "true",
                "AWS_EC2_METADATA_DISABLED": "true"}

    def bucket(self, name: str) -> str:
        """Create bucket ``name`` (once) and return ``s3://name``."""
        if name not in self.buckets:
            request = urllib.request.Request(f"{self.endpoint}/{name}", data=b"", method="PUT")
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.status == 200, response.status
            self.buckets.add(name)
        return f"s3://{name}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def serve(host: str, port: int) -> None:
    """moto's S3 app alone, as ``python -m moto.server`` serves it among all of moto's services: a request
    goes straight to S3 without being matched against every service's URLs first (a third of the server's
    CPU per PUT or GET, and the suite sends it tens of thousands)."""
    from moto.moto_server.werkzeug_app import create_backend_app
    from werkzeug.serving import WSGIRequestHandler, run_simple

    class Quiet(WSGIRequestHandler):
        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            pass

    run_simple(host, port, create_backend_app("s3"), threaded=True, request_handler=Quiet)


def start_s3_server() -> S3Server:
    """Start moto's S3 server (:func:`serve`) on a free port and wait until it answers."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, __file__, "127.0.0.1", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = S3Server(port, process)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{server.endpoint}/", timeout=2):
                return server
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                server.stop()
                pytest.fail(f"the S3 test server (moto) did not start on port {port}", pytrace=False)
            time.sleep(0.2)


@pytest.fixture(scope="session")
def s3_server() -> Iterator[S3Server]:
    server = start_s3_server()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def s3_env(s3_server: S3Server, monkeypatch: pytest.MonkeyPatch) -> S3Server:
    for key, value in s3_server.env.items():
        monkeypatch.setenv(key, value)
    return s3_server


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
