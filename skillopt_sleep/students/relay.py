"""The one way out of a sandbox without a network: to the model API, through a unix socket.

A headless agent CLI inside the sandbox (no network namespace of its own) must still reach its
model. Outside, an `Egress` listens on a unix socket in a folder that is bound into the sandbox,
and sends each request it gets there to one place only, the route's model API, as the route
allows it (forward.py): the API's own methods and paths, the credential added here so that the
key never enters the sandbox (the CLI inside holds a placeholder), each request counted as it is
forwarded, and on a bounded route none past the bound (turnbound.py). An https API is reached from
here, its certificate checked here. Inside, `inside_relay_command` starts a tiny relay that
listens on 127.0.0.1:PORT in the sandbox's own loopback and passes each connection to the socket.
Nothing else leaves.
"""

from __future__ import annotations

import logging
import os
import shlex
import socket
import threading
from pathlib import Path

from skillopt_sleep.students.forward import (Reader, Refused, Route, check, connect, pass_answer, read_request, refusal,
                                          upstream_request)
from skillopt_sleep.students.turnbound import TURN_LIMIT_MESSAGE, RequestBudget
from skillopt_sleep.sandbox.identity import hand_over

log = logging.getLogger(__name__)

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
    """Forwards the requests that come on a unix socket in `folder` to `route`'s model API, at most
    `max_requests` of them when that is given. `forwarded` counts what reached the API, `refused`
    says what did not and why. Use as a context manager."""

    def __init__(self, folder: Path, route: Route, *, max_requests: int | None = None):
        self.route = route
        self.budget = RequestBudget(max_requests) if max_requests is not None else None
        self.folder = Path(folder)
        self.path = self.folder / "model.sock"
        self.forwarded = 0
        self.refused: list[str] = []
        self._lock = threading.Lock()
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
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket) -> None:
        """One request of this connection, forwarded or refused; then the connection ends."""
        try:
            request = read_request(Reader(client), client)
            if request is None:
                return
            check(request, self.route)
            if self.budget is not None and not self.budget.take():
                raise Refused(400, TURN_LIMIT_MESSAGE)
            with connect(self.route) as upstream:
                upstream.sendall(upstream_request(request, self.route))
                with self._lock:
                    self.forwarded += 1
                pass_answer(upstream, client)
        except Refused as refused:
            with self._lock:
                self.refused.append(str(refused))
            _send_quietly(client, refusal(refused.status, str(refused)))
        except OSError as exc:
            log.debug("egress request failed: %s", exc)
        finally:
            client.close()


def _send_quietly(client: socket.socket, data: bytes) -> None:
    try:
        client.sendall(data)
    except OSError:
        pass  # the sandbox side is gone
