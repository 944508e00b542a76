"""A turn bound kept outside the agent: the egress counts the HTTP requests an agent CLI sends to
its model API and answers those past the bound itself, without passing them on.

Not every agent CLI has a turn limit of its own (`codex exec` has none), and one the CLI keeps is
only as good as the CLI. On a plain-http route (a local or loopback model server) the egress sees
each request; it reads the head and the body (Content-Length or chunked) so that keep-alive
connections, which carry many turns, are counted right. An HTTPS route is a TLS tunnel and cannot
be counted; there the CLI's own limit and the sandbox's wall time bound the episode.
"""

from __future__ import annotations

import json
import socket
import threading

TURN_LIMIT_MESSAGE = "skillopt-sleep turn limit reached"
_HEAD_LIMIT = 65536
_CHUNK = 65536


class RequestBudget:
    """How many model requests an episode may still send; shared by all its connections."""

    def __init__(self, limit: int):
        self.limit = limit
        self.sent = 0
        self.refused = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.sent >= self.limit:
                self.refused += 1
                return False
            self.sent += 1
            return True


def refusal() -> bytes:
    """What a refused request gets: an error both Anthropic and OpenAI clients read as final."""
    body = json.dumps({"type": "error", "error": {"type": "invalid_request_error", "message": TURN_LIMIT_MESSAGE,
                                                  "code": "turn_limit", "param": None}}).encode()
    return (b"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nConnection: close\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


class _Reader:
    """Buffered reads from a socket, so a head and its body may arrive in any pieces."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""

    def fill(self) -> bool:
        data = self.sock.recv(_CHUNK)
        self.buffer += data
        return bool(data)

    def until(self, marker: bytes, limit: int) -> bytes | None:
        while marker not in self.buffer:
            if len(self.buffer) > limit or not self.fill():
                return None
        end = self.buffer.index(marker) + len(marker)
        found, self.buffer = self.buffer[:end], self.buffer[end:]
        return found

    def exactly(self, count: int, sink: socket.socket) -> bool:
        """Pass `count` bytes on to `sink` as they come."""
        while count > 0:
            if not self.buffer and not self.fill():
                return False
            piece, self.buffer = self.buffer[:count], self.buffer[count:]
            sink.sendall(piece)
            count -= len(piece)
        return True


def _headers(head: bytes) -> dict[str, str]:
    fields = {}
    for line in head.split(b"\r\n")[1:]:
        name, sep, value = line.partition(b":")
        if sep:
            fields[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
    return fields


def _chunked_body(reader: _Reader, sink: socket.socket) -> bool:
    while True:
        size_line = reader.until(b"\r\n", _HEAD_LIMIT)
        if size_line is None:
            return False
        sink.sendall(size_line)
        try:
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
        except ValueError:
            return False
        if size == 0:  # the trailers, up to an empty line
            while True:
                line = reader.until(b"\r\n", _HEAD_LIMIT)
                if line is None:
                    return False
                sink.sendall(line)
                if line == b"\r\n":
                    return True
        if not reader.exactly(size + 2, sink):
            return False


def forward_counted(client: socket.socket, upstream: socket.socket, budget: RequestBudget) -> None:
    """Pass the client's requests to `upstream` one by one while the budget lasts; a request past
    it is answered with `refusal()` and the connection closed. Returns when the client is done."""
    reader = _Reader(client)
    while True:
        head = reader.until(b"\r\n\r\n", _HEAD_LIMIT)
        if head is None:
            return
        if not budget.take():
            client.sendall(refusal())
            return
        upstream.sendall(head)
        fields = _headers(head)
        if "chunked" in fields.get("transfer-encoding", "").lower():
            complete = _chunked_body(reader, upstream)
        else:
            length = fields.get("content-length", "0")
            complete = length.isdigit() and reader.exactly(int(length), upstream)
        if not complete:
            return
