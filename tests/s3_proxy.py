"""A TCP proxy in front of the test S3 server, to make the store go away and come back.

moto keeps its objects in memory, so stopping it would lose them. The tests put
this proxy between the project and moto (``AWS_ENDPOINT_URL`` names the proxy):
:meth:`TcpProxy.stop` closes the listening socket and every open connection,
which is, for a client, the store going away (connections reset, new ones
refused); :meth:`TcpProxy.start` listens again on the same port.

Usage::

    proxy = TcpProxy("127.0.0.1", s3_server.port)
    proxy.start()
    env = dict(s3_server.env, AWS_ENDPOINT_URL=proxy.endpoint)
    ...
    proxy.stop()   # the outage
    proxy.start()  # the store is back, same endpoint

    proxy.cut_reads = True  # listings and HEADs pass, every object read (a ranged GET) loses its connection

``cut_reads`` is a store that answers what a driver asks before a query (list, stat) and then fails the
reads of the files: the connection carrying a request with a ``Range:`` header is closed (both sides).
"""

from __future__ import annotations

import socket
import threading

__all__ = ["TcpProxy"]

#: Bytes moved per read from one side of a connection to the other.
_CHUNK = 64 << 10


class TcpProxy:
    """Forwards every connection to ``127.0.0.1:port`` to ``target_host:target_port``; stoppable, restartable."""

    def __init__(self, target_host: str, target_port: int, port: int = 0) -> None:
        self.target = (target_host, target_port)
        self.port = port  # 0: a free port, chosen by the first start and kept by later ones
        self._listener: socket.socket | None = None
        self._connections: set[socket.socket] = set()
        self._lock = threading.Lock()
        #: Close every connection on which a ranged GET (an object read) arrives.
        self.cut_reads = False

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._listener is not None

    def start(self) -> None:
        """Listen (again) on :attr:`port` and forward what arrives."""
        if self._listener is not None:
            return
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # the port again at once after stop()
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True, name="s3-proxy-accept").start()

    def stop(self) -> None:
        """Close the listening socket and every open connection (both sides): the store is gone."""
        listener, self._listener = self._listener, None
        if listener is not None:
            _close(listener)
        with self._lock:
            connections, self._connections = self._connections, set()
        for conn in connections:
            _close(conn)

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:  # closed by stop()
                return
            try:
                upstream = socket.create_connection(self.target, timeout=10)
                upstream.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                if self._listener is not listener:  # stopped meanwhile
                    _close(client)
                    _close(upstream)
                    return
                self._connections.update((client, upstream))
            for source, sink, requests in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(target=self._pump, args=(source, sink, requests), daemon=True,
                                 name="s3-proxy-pump").start()

    def _pump(self, source: socket.socket, sink: socket.socket, requests: bool = False) -> None:
        tail = b""  # the end of what came before: a header split between two reads is still seen
        try:
            while data := source.recv(_CHUNK):
                if requests and self.cut_reads and b"\r\nrange: bytes=" in (tail + data).lower():
                    break
                tail = data[-64:]
                sink.sendall(data)
        except OSError:
            pass
        finally:
            with self._lock:
                self._connections.discard(source)
                self._connections.discard(sink)
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
