"""The one protocol every model backend speaks.

A backend turns a `CompletionRequest` into a `Completion` carrying the text, any tool calls,
the real token usage the provider reported, and the cost. Backends do no caching, logging or
budgeting: the `CallRecorder` wraps them for that, so every backend gets it for free.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass
class ToolSpec:
    name: str
    description: str
    parameters: dict  # JSON schema of the arguments object


@dataclass
class ToolCall:
    name: str
    arguments: dict
    call_id: str = ""


@dataclass
class Image:
    """An image a user message carries (a document page), base64-encoded as the APIs take it."""

    media_type: str  # image/png, image/jpeg, image/gif, image/webp
    data: str  # base64


@dataclass
class Message:
    """role: "user" | "assistant" | "tool". A "tool" message answers `tool_call_id`. Only the
    backends that set `supports_images` take a user message's `images`."""

    role: str
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str = ""
    images: list[Image] = field(default_factory=list)


@dataclass
class CompletionRequest:
    system: str
    messages: list[Message]
    max_tokens: int = 512
    temperature: float = 0.0
    seed: int | None = None
    json_schema: dict | None = None  # constrain the reply to this schema where the backend can
    tools: list[ToolSpec] = field(default_factory=list)
    # Text that repeats across many calls of a night (the skill): backends that support prompt
    # caching mark the system prompt as cacheable when this is set.
    cache_system: bool = False

    def to_dict(self) -> dict:
        out = asdict(self)
        for message in out["messages"]:  # a text-only request hashes as it did before images existed
            if not message["images"]:
                del message["images"]
        return out


@dataclass
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens + self.cache_read_tokens + self.cache_write_tokens

    def add(self, other: "Usage") -> None:
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cache_read_tokens += other.cache_read_tokens
        self.cache_write_tokens += other.cache_write_tokens


@dataclass
class Completion:
    text: str
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    model: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    stop_reason: str = ""
    raw: dict[str, Any] | None = None

    def to_dict(self) -> dict:
        out = asdict(self)
        out.pop("raw", None)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Completion":
        return cls(
            text=data.get("text", ""),
            usage=Usage(**data.get("usage", {})),
            cost_usd=float(data.get("cost_usd", 0.0)),
            model=data.get("model", ""),
            tool_calls=[ToolCall(**tc) for tc in data.get("tool_calls", [])],
            stop_reason=data.get("stop_reason", ""),
        )


@runtime_checkable
class Backend(Protocol):
    """name: the backend's registry name; model: the concrete model it calls. A backend may also
    set `max_concurrency` (an int) when it can only serve that many calls at once."""

    name: str
    model: str
    supports_tools: bool

    def complete(self, request: CompletionRequest) -> Completion: ...
