"""The one way out of a sandbox without a network: to the model API, through a unix socket.

A headless agent CLI inside the sandbox (no network namespace of its own) must still reach its
model. Outside, an `Egress` listens on a unix socket in a folder that is bound into the sandbox,
and forwards each connection to exactly one place: a fixed `host:port` (a server on this machine
or network, such as a local model server), or, as an HTTP CONNECT proxy, only to the hosts it
allows (an HTTPS API: the tunnel carries TLS end to end, so the CLI still checks the API's
certificate). On a fixed target it can also keep the episode's turn bound (turnbound.py). Inside, `inside_relay_command` starts a tiny relay that listens on 127.0.0.1:PORT
in the sandbox's own loopback and passes each connection to the socket. Nothing else leaves.
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import shlex
import socket
import threading
from pathlib import Path

from skillopt_sleep.agent.turnbound import RequestBudget, forward_counted
from skillopt_sleep.sandbox.identity import hand_over

log = logging.getLogger(__name__)

_CHUNK = 65536
_CONNECT_HEAD_LIMIT = 8192

# Runs inside the sandbox with the system python3 (-I -S: nothing from the copy or a site dir).
# It binds before it forks, so the agent started after it finds the port open.
RELAY_SOURCE = r"""
import os, socket, sys, threading
path, port = sys.argv[1], int(sys.argv[2])
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(64)
if os.fork():
    os._exit(0)
def pipe(a, b):
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    finally:
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
while True:
    client, _ = server.accept()
    upstream = socket.socket(socket.AF_UNIX)
    try:
        upstream.connect(path)
    except OSError:
        client.close()
        continue
    threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
    threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
"""


def inside_relay_command(socket_path: str, port: int, python: str = "python3") -> str:
    """A shell command that leaves the relay listening on 127.0.0.1:`port` inside the sandbox."""
    return f"{shlex.quote(python)} -I -S -c {shlex.quote(RELAY_SOURCE)} {shlex.quote(socket_path)} {int(port)}"


class Egress:
    """Forwards connections from a unix socket to `target` ("host:port"), or, when `allow_hosts`
    is given, acts as a CONNECT proxy to those hosts only. With `max_requests`, a target gets at
    most that many HTTP requests; later ones are refused here. Use as a context manager."""

    def __init__(self, folder: Path, *, target: str = "", allow_hosts: tuple[str, ...] = (),
                 max_requests: int | None = None):
        if bool(target) == bool(allow_hosts):
            raise ValueError("an egress forwards to one target or proxies to allowed hosts, not both or neither")
        self.budget = RequestBudget(max_requests) if max_requests is not None and target else None
        self.folder = Path(folder)
        self.path = self.folder / "model.sock"
        self.target = _host_port(target) if target else None
        self.allow_hosts = tuple(h.lower() for h in allow_hosts)
        self.connections = 0
        self.refused: list[str] = []
        self._server: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()

    def __enter__(self) -> "Egress":
        self.folder.mkdir(parents=True, exist_ok=True)
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(self.path))
        os.chmod(self.path, 0o600)
        hand_over(self.path)  # the sandbox user connects, and is not root (identity.py)
        server.listen(64)
        server.settimeout(0.2)
        self._server = server
        self._thread = threading.Thread(target=self._serve, name="skillopt-egress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._closing.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self._server is not None:
            self._server.close()
        self.path.unlink(missing_ok=True)

    def _serve(self) -> None:
        while not self._closing.is_set():
            try:
                client, _ = self._server.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket) -> None:
        try:
            if self.target is not None:
                upstream = socket.create_connection(self.target, timeout=30)
                if self.budget is None:
                    _splice(client, upstream)
                else:
                    _splice_counted(client, upstream, self.budget)
                return
            upstream = self._tunnel(client)
            if upstream is not None:
                _splice(client, upstream)
        except OSError as exc:
            log.debug("egress connection failed: %s", exc)
        finally:
            client.close()

    def _tunnel(self, client: socket.socket) -> socket.socket | None:
        head = b""
        while b"\r\n\r\n" not in head and len(head) < _CONNECT_HEAD_LIMIT:
            data = client.recv(1024)
            if not data:
                return None
            head += data
        request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = request_line.split()
        if len(parts) < 2 or parts[0].upper() != "CONNECT":
            client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
            return None
        host, port = _host_port(parts[1])
        if host.lower() not in self.allow_hosts:
            self.refused.append(parts[1])
            client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            return None
        upstream = socket.create_connection((host, port), timeout=30)
        client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        return upstream


def _host_port(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"expected host:port, got {value!r}")
    return host.strip("[]"), int(port)


def _splice(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways until both sides are done."""
    a.settimeout(None)
    b.settimeout(None)
    selector = selectors.DefaultSelector()
    selector.register(a, selectors.EVENT_READ, b)
    selector.register(b, selectors.EVENT_READ, a)
    open_sides = 2
    try:
        while open_sides:
            for key, _ in selector.select():
                source, sink = key.fileobj, key.data
                data = source.recv(_CHUNK)
                if data:
                    sink.sendall(data)
                    continue
                selector.unregister(source)
                open_sides -= 1
                try:
                    sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
    finally:
        selector.close()
        b.close()


def _splice_counted(client: socket.socket, upstream: socket.socket, budget: RequestBudget) -> None:
    """Requests go up counted, answers come back as they are."""
    client.settimeout(None)
    upstream.settimeout(None)
    answers = threading.Thread(target=_copy, args=(upstream, client), daemon=True)
    answers.start()
    try:
        forward_counted(client, upstream, budget)
    except OSError as exc:
        log.debug("egress request failed: %s", exc)
    finally:
        for side in (upstream, client):
            with contextlib.suppress(OSError):  # already closed by the other side
                side.shutdown(socket.SHUT_RDWR)
        answers.join(timeout=5)
        upstream.close()


def _copy(source: socket.socket, sink: socket.socket) -> None:
    try:
        for data in iter(lambda: source.recv(_CHUNK), b""):
            sink.sendall(data)
    except OSError:
        pass  # either side closed: the counted direction ends the connection
