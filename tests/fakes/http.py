"""A small threaded HTTP server on 127.0.0.1 with routes, a request log and SSE streaming.

Stdlib only. Each fake API subclasses `LoopbackServer` and registers routes; a route handler
gets the parsed `FakeRequest` and returns a `JsonResponse`, `RawResponse` or `SseResponse`.
"""

from __future__ import annotations

import gzip
import json
import re
import threading
import time
import zlib
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP as HTTP_POLICY
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs, urlsplit


@dataclass
class FakeRequest:
    """One request as the server saw it. `api` names the endpoint kind (e.g. "anthropic.messages")
    so a responder can tell real turns from side requests; batch items carry their batch id and
    custom id."""

    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]  # lower-cased names
    body: bytes
    json: Any = None
    api: str = ""
    batch_id: str = ""
    custom_id: str = ""
    received_at: float = field(default_factory=time.time)

    @property
    def model(self) -> str:
        return str(self.json.get("model", "")) if isinstance(self.json, dict) else ""

    @property
    def stream(self) -> bool:
        return bool(self.json.get("stream")) if isinstance(self.json, dict) else False

    @property
    def text(self) -> str:
        """All prompt text (system, instructions, messages, tool results) for matching."""
        from tests.fakes.conversation import prompt_text

        return prompt_text(self)

    @property
    def system(self) -> str:
        from tests.fakes.conversation import system_text

        return system_text(self)

    @property
    def last_user_text(self) -> str:
        from tests.fakes.conversation import last_user_text

        return last_user_text(self)

    @property
    def tool_results(self) -> list[str]:
        """Outputs of tool calls already present in the conversation, oldest first."""
        from tests.fakes.conversation import tool_results

        return tool_results(self)

    @property
    def tool_names(self) -> list[str]:
        """Names of the tools the request offers the model."""
        from tests.fakes.conversation import tool_names

        return tool_names(self)


@dataclass
class JsonResponse:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


@dataclass
class RawResponse:
    status: int
    body: bytes
    content_type: str = "application/octet-stream"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class SseResponse:
    """Server-sent events; each event is (event name or None, JSON-able data or a raw string)."""

    events: Iterable[tuple[str | None, Any]]
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


Response = JsonResponse | RawResponse | SseResponse
Handler = Callable[[FakeRequest, "re.Match[str]"], Response]


class _QuietThreadingServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001
        # A client that hangs up mid-stream (timeouts under test) is expected, not an error.
        pass


class LoopbackServer:
    """Base of the fakes: start with `with Fake() as fake:`; `fake.url` is the base URL."""

    def __init__(self) -> None:
        self.requests: list[FakeRequest] = []
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._lock = threading.RLock()
        self._server: _QuietThreadingServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ------------------------------------------------------------------------
    def start(self) -> "LoopbackServer":
        if self._server is not None:
            return self
        self._server = _QuietThreadingServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=lambda: self._server.serve_forever(poll_interval=0.05), name=type(self).__name__, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        self._server = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the fake server is not started")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- routes and log -------------------------------------------------------------------
    def route(self, method: str, pattern: str, handler: Handler) -> None:
        """Serve `method pattern` with `handler`; a later route for the same path wins, so a
        test can replace an endpoint (for example to make it missing)."""
        self._routes.append((method.upper(), re.compile(f"^{pattern}$"), handler))

    def requests_to(self, path_prefix: str) -> list[FakeRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.startswith(path_prefix)]

    def classify(self, request: FakeRequest) -> str:
        """The `api` label of a request; subclasses name their endpoints."""
        return ""

    def check_auth(self, request: FakeRequest) -> Response | None:
        """A response that rejects the request's credentials, or None to let it through."""
        return None

    def not_found(self, request: FakeRequest) -> Response:
        return JsonResponse(404, {"error": {"message": f"fake server: no route for {request.method} {request.path}"}})

    def dispatch(self, request: FakeRequest) -> Response:
        with self._lock:
            self.requests.append(request)
        rejected = self.check_auth(request)
        if rejected is not None:
            return rejected
        for method, pattern, handler in reversed(self._routes):
            if method != request.method:
                continue
            match = pattern.match(request.path)
            if match:
                return handler(request, match)
        return self.not_found(request)

    # -- the stdlib handler ---------------------------------------------------------------
    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
                pass

            def _serve(self) -> None:
                parts = urlsplit(self.path)
                headers = {k.lower(): v for k, v in self.headers.items()}
                body = _read_body(self, headers)
                request = FakeRequest(
                    method=self.command,
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers=headers,
                    body=body,
                    json=_parse_json(body, headers),
                )
                request.api = fake.classify(request)
                try:
                    response = fake.dispatch(request)
                except Exception as exc:  # a bug in a responder: tell the client, keep serving
                    response = JsonResponse(500, {"error": {"type": "fake_server_error", "message": repr(exc)}})
                try:
                    _write(self, response)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

            do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = _serve

        return Handler


def _read_body(handler: BaseHTTPRequestHandler, headers: dict[str, str]) -> bytes:
    if headers.get("transfer-encoding", "").lower() == "chunked":
        chunks = []
        while True:
            size_line = handler.rfile.readline().strip()
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                handler.rfile.readline()
                break
            chunks.append(handler.rfile.read(size))
            handler.rfile.readline()
        raw = b"".join(chunks)
    else:
        raw = handler.rfile.read(int(headers.get("content-length", "0") or 0))
    encoding = headers.get("content-encoding", "").lower()
    if encoding == "gzip":
        return gzip.decompress(raw)
    if encoding == "deflate":
        return zlib.decompress(raw)
    return raw


def _parse_json(body: bytes, headers: dict[str, str]) -> Any:
    if not body:
        return None
    content_type = headers.get("content-type", "")
    if content_type.startswith("multipart/form-data"):
        return parse_multipart(body, content_type)
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None


def parse_multipart(body: bytes, content_type: str) -> dict[str, Any]:
    """Form fields as strings; file fields as {"filename": ..., "content": bytes}."""
    message = BytesParser(policy=HTTP_POLICY).parsebytes(
        f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode() + body
    )
    fields: dict[str, Any] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_param("filename", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        fields[str(name)] = {"filename": filename, "content": payload} if filename else payload.decode("utf-8")
    return fields


def _write(handler: BaseHTTPRequestHandler, response: Response) -> None:
    delay = getattr(response, "delay_s", 0.0)
    if delay:
        time.sleep(delay)
    if isinstance(response, SseResponse):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
        handler.send_header("Cache-Control", "no-cache")
        handler.send_header("Transfer-Encoding", "chunked")
        for name, value in response.headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        for event, data in response.events:
            payload = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
            frame = (f"event: {event}\n" if event else "") + f"data: {payload}\n\n"
            _chunk(handler, frame.encode("utf-8"))
        _chunk(handler, b"")
        return
    if isinstance(response, JsonResponse):
        body = json.dumps(response.body).encode("utf-8")
        content_type = "application/json"
    else:
        body, content_type = response.body, response.content_type
    handler.send_response(response.status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    for name, value in response.headers.items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(body)
    handler.wfile.flush()


def _chunk(handler: BaseHTTPRequestHandler, data: bytes) -> None:
    handler.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
    handler.wfile.flush()
