"""One HTTP request from inside a sandbox, checked and sent on to the model API by the relay.

The relay is the only way out, so it is strict. It takes a request line in origin form (a path,
never an absolute URL or CONNECT), and only a method and path the API's route allows; it reads the
body by its own framing (Content-Length or chunked, never both, within a bound) and sends upstream
a request it wrote itself: that one body with its length, no credential of the sandbox's, the
route's credential (the key never enters the sandbox), and `Connection: close`, so that the API
sees exactly the requests counted here and never a second one hidden in a body. The answer is
passed back as it comes (a stream stays a stream), marked `Connection: close`: each connection
from the sandbox carries one request, and nothing sent after it on that connection goes anywhere.
"""

from __future__ import annotations

import json
import socket
import ssl
from dataclasses import dataclass, field
from urllib.parse import urlsplit

HEAD_LIMIT = 65536
BODY_LIMIT = 64 * 1024 * 1024  # far above any model request
CHUNK = 65536
CONNECT_TIMEOUT_S = 30
ANSWER_TIMEOUT_S = 900  # a slow model may think for minutes before its first byte
# Headers about this hop, or a credential: never passed on as the sandbox sent them.
DROPPED = frozenset({"connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer",
                     "transfer-encoding", "upgrade", "content-length", "host", "expect", "authorization",
                     "x-api-key", "api-key", "cookie"})


@dataclass(frozen=True)
class Route:
    """Where the relay forwards: the API's base URL (scheme, host, port; its path is the prefix of
    every request), the (METHOD, path) pairs it allows, and the headers that carry the credential."""

    base_url: str
    allowed: frozenset[tuple[str, str]]
    credentials: dict[str, str] = field(default_factory=dict)

    @property
    def host(self) -> str:
        return urlsplit(self.base_url).hostname or ""

    @property
    def port(self) -> int:
        parts = urlsplit(self.base_url)
        return parts.port or (443 if parts.scheme == "https" else 80)

    @property
    def tls(self) -> bool:
        return urlsplit(self.base_url).scheme == "https"


@dataclass
class Request:
    method: str
    target: str  # the path and query, as sent
    headers: list[tuple[str, str]]
    body: bytes

    @property
    def path(self) -> str:
        return self.target.split("?", 1)[0]


class Refused(Exception):
    """A request the relay does not forward; `status` is what the sandbox is answered."""

    def __init__(self, status: int, why: str):
        super().__init__(why)
        self.status = status


class Reader:
    """Buffered reads from the sandbox's side of a connection."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""

    def _fill(self) -> bool:
        data = self.sock.recv(CHUNK)
        self.buffer += data
        return bool(data)

    def until(self, marker: bytes, limit: int) -> bytes | None:
        """Up to and with `marker`; None where the connection ended first."""
        while marker not in self.buffer:
            if len(self.buffer) > limit:
                raise Refused(431, "the request head is too large")
            if not self._fill():
                return None
        end = self.buffer.index(marker) + len(marker)
        found, self.buffer = self.buffer[:end], self.buffer[end:]
        return found

    def exactly(self, count: int) -> bytes:
        while len(self.buffer) < count:
            if not self._fill():
                raise Refused(400, "the request ended before its body")
        found, self.buffer = self.buffer[:count], self.buffer[count:]
        return found


def read_request(reader: Reader, client: socket.socket) -> Request | None:
    """The next request, or None where the sandbox closed the connection before sending one."""
    head = reader.until(b"\r\n\r\n", HEAD_LIMIT)
    if head is None:
        return None
    lines = head[:-4].decode("latin-1").split("\r\n")
    words = lines[0].split(" ")
    if len(words) != 3 or not words[2].startswith("HTTP/1."):
        raise Refused(400, "not an HTTP/1.x request line")
    method, target = words[0], words[1]
    if method == "CONNECT" or not target.startswith("/"):
        raise Refused(405, "only the model API's own paths are forwarded, never a tunnel or another address")
    headers = []
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if not sep or not name or name != name.strip() or line[:1] in (" ", "\t"):
            raise Refused(400, "a malformed header line")
        headers.append((name.lower(), value.strip()))
    return Request(method, target, headers, _body(reader, client, headers))


def _body(reader: Reader, client: socket.socket, headers: list[tuple[str, str]]) -> bytes:
    lengths = [value for name, value in headers if name == "content-length"]
    encodings = [value.lower() for name, value in headers if name == "transfer-encoding"]
    if encodings and lengths or len(lengths) > 1 or len(encodings) > 1:
        raise Refused(400, "the body's length is given twice")  # what request smuggling needs
    if any(name == "expect" and value.lower() == "100-continue" for name, value in headers):
        client.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
    if encodings:
        if encodings[0] != "chunked":
            raise Refused(400, f"transfer encoding {encodings[0]!r}")
        return _chunked(reader)
    if not lengths:
        return b""
    if not lengths[0].isdigit() or int(lengths[0]) > BODY_LIMIT:
        raise Refused(413 if lengths[0].isdigit() else 400, "the body is too large or its length is not a number")
    return reader.exactly(int(lengths[0]))


def _chunked(reader: Reader) -> bytes:
    body = b""
    while True:
        line = reader.until(b"\r\n", HEAD_LIMIT)
        size_text = (line or b"").split(b";")[0].strip()
        try:
            size = int(size_text, 16)
        except ValueError:
            raise Refused(400, "a malformed chunk") from None
        if size == 0:
            while (reader.until(b"\r\n", HEAD_LIMIT) or b"\r\n") != b"\r\n":  # trailers, dropped
                pass
            return body
        if len(body) + size > BODY_LIMIT:
            raise Refused(413, "the body is too large")
        body += reader.exactly(size)
        if reader.exactly(2) != b"\r\n":
            raise Refused(400, "a malformed chunk")


def check(request: Request, route: Route) -> None:
    """Refused unless the route allows the request's method and path, exactly."""
    if (request.method, request.path) not in route.allowed:
        raise Refused(403, f"{request.method} {request.path} is not a request of the model API")


def upstream_request(request: Request, route: Route) -> bytes:
    """The request as the relay sends it: its own framing, the route's credential, no other."""
    host = route.host if route.port == (443 if route.tls else 80) else f"{route.host}:{route.port}"
    lines = [f"{request.method} {request.target} HTTP/1.1", f"Host: {host}"]
    lines += [f"{name}: {value}" for name, value in request.headers if name not in DROPPED]
    lines += [f"{name}: {value}" for name, value in route.credentials.items()]
    lines += [f"Content-Length: {len(request.body)}", "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + request.body


def connect(route: Route) -> socket.socket:
    sock = socket.create_connection((route.host, route.port), timeout=CONNECT_TIMEOUT_S)
    sock.settimeout(ANSWER_TIMEOUT_S)
    if route.tls:  # the certificate is checked here, on the host, against the system's authorities
        return ssl.create_default_context().wrap_socket(sock, server_hostname=route.host)
    return sock


def pass_answer(upstream: socket.socket, client: socket.socket) -> None:
    """The API's answer back to the sandbox as it comes, its head saying the connection closes."""
    head = b""
    while b"\r\n\r\n" not in head:
        data = upstream.recv(CHUNK)
        if not data:
            raise OSError("the model API closed the connection before answering")
        head += data
        if len(head) > HEAD_LIMIT and b"\r\n\r\n" not in head:
            raise OSError("the model API's answer head is too large")
    end = head.index(b"\r\n\r\n")
    lines = [line for line in head[:end].split(b"\r\n")
             if line.split(b":", 1)[0].strip().lower() not in (b"connection", b"keep-alive")]
    client.sendall(b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + head[end + 4:])
    while data := upstream.recv(CHUNK):
        client.sendall(data)


def refusal(status: int, why: str) -> bytes:
    """An error answer both Anthropic's and OpenAI's clients read as final."""
    body = json.dumps({"type": "error", "error": {"type": "permission_error" if status == 403 else "invalid_request_error",
                                                  "message": f"skillopt-sleep relay: {why}", "code": "relay_refused",
                                                  "param": None}}).encode()
    reason = {400: "Bad Request", 403: "Forbidden", 405: "Method Not Allowed", 413: "Payload Too Large",
              431: "Request Header Fields Too Large"}.get(status, "Error")
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nConnection: close\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body
