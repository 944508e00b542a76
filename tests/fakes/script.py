"""What a fake server answers: replies, errors, and the script that hands them out.

Replies are provider-neutral. `Reply` is a model turn (text and/or tool calls); `ErrorReply`
is an API error named by kind, rendered in each provider's own error format and status code.
A `Script` gives each request the next queued reply, else asks a responder function, else the
server's default.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Union

if TYPE_CHECKING:
    from tests.fakes.http import FakeRequest


@dataclass
class ToolUse:
    """A tool call the fake model makes. `id` is generated when empty."""

    name: str
    input: dict = field(default_factory=dict)
    id: str = ""


@dataclass
class FakeUsage:
    """Token counts to report instead of the server's estimate."""

    input_tokens: int
    output_tokens: int
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0


@dataclass
class Reply:
    """One model turn.

    stop_reason uses Anthropic's names (end_turn, tool_use, max_tokens); the OpenAI fake maps
    them to stop / tool_calls / length. None means tool_use when there are tool calls.
    """

    text: str = ""
    tool_calls: list[ToolUse] = field(default_factory=list)
    usage: FakeUsage | None = None
    stop_reason: str | None = None
    delay_s: float = 0.0
    model: str | None = None

    def resolved_stop_reason(self) -> str:
        if self.stop_reason:
            return self.stop_reason
        return "tool_use" if self.tool_calls else "end_turn"


# Error kinds and what they mean; each fake maps a kind to its provider's status and body.
ERROR_KINDS = ("rate_limit", "overloaded", "server", "auth", "permission", "quota", "not_found", "bad_request")


@dataclass
class ErrorReply:
    kind: str
    message: str = ""
    retry_after: float | None = None  # sent as the retry-after header (seconds)
    status: int | None = None  # overrides the provider's usual status for the kind
    delay_s: float = 0.0
    model: str = ""  # for not_found: the model named in the provider's own wording

    def __post_init__(self) -> None:
        if self.kind not in ERROR_KINDS:
            raise ValueError(f"unknown error kind {self.kind!r}; expected one of {', '.join(ERROR_KINDS)}")


Answer = Union[Reply, ErrorReply]
Responder = Callable[["FakeRequest"], "Answer | None"]


def text(value: str, **kwargs) -> Reply:
    return Reply(text=value, **kwargs)


def tool_use(name: str, arguments: dict | None = None, *, text: str = "", call_id: str = "", **kwargs) -> Reply:
    return Reply(text=text, tool_calls=[ToolUse(name=name, input=dict(arguments or {}), id=call_id)], **kwargs)


def error(kind: str, message: str = "", **kwargs) -> ErrorReply:
    return ErrorReply(kind=kind, message=message, **kwargs)


def rate_limited(retry_after: float | None = 1.0, message: str = "") -> ErrorReply:
    return ErrorReply(kind="rate_limit", message=message, retry_after=retry_after)


def overloaded(retry_after: float | None = None) -> ErrorReply:
    return ErrorReply(kind="overloaded", retry_after=retry_after)


def server_error(status: int = 500) -> ErrorReply:
    return ErrorReply(kind="server", status=status)


def unauthorized() -> ErrorReply:
    return ErrorReply(kind="auth")


def quota_exhausted() -> ErrorReply:
    return ErrorReply(kind="quota")


def model_not_found(model: str = "") -> ErrorReply:
    return ErrorReply(kind="not_found", model=model)


class Script:
    """Thread-safe source of answers: queued ones first, then the responder, then the default."""

    def __init__(self, default: Answer | None = None):
        self._queue: deque[Answer] = deque()
        self._responder: Responder | None = None
        self._lock = threading.Lock()
        self.default = default
        self.unscripted: list["FakeRequest"] = []

    def push(self, *answers: Answer) -> None:
        with self._lock:
            self._queue.extend(answers)

    def respond_with(self, responder: Responder | None) -> None:
        with self._lock:
            self._responder = responder

    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def next(self, request: "FakeRequest") -> Answer | None:
        """The answer for this request; None when nothing is scripted (the caller reports it)."""
        with self._lock:
            if self._queue:
                return self._queue.popleft()
            responder = self._responder
        if responder is not None:
            answer = responder(request)
            if answer is not None:
                return answer
        if self.default is not None:
            return self.default
        with self._lock:
            self.unscripted.append(request)
        return None
