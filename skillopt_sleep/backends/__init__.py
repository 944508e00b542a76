"""Backend registry. Modules are imported lazily so that a missing optional SDK only matters
when that backend is asked for, and then it is a clear error, never a silent fallback."""

from __future__ import annotations

import importlib
from typing import Any

from skillopt_sleep.backends.base import Backend, Completion, CompletionRequest, Message, ToolCall, ToolSpec, Usage
from skillopt_sleep.errors import ConfigError

# name -> "module:factory". A factory takes (model: str, options: dict) and returns a Backend.
REGISTRY: dict[str, str] = {
    "local": "skillopt_sleep.backends.local:create",
    "scripted": "skillopt_sleep.backends.scripted:create",
    "anthropic": "skillopt_sleep.backends.anthropic_api:create",
    "openai": "skillopt_sleep.backends.openai_api:create",
    "claude-code": "skillopt_sleep.backends.claude_code:create",
    "codex": "skillopt_sleep.backends.codex_cli:create",
}


def create_backend(name: str, model: str, options: dict[str, Any] | None = None) -> Backend:
    target = REGISTRY.get(name)
    if target is None:
        raise ConfigError(f"unknown backend {name!r}; known backends: {', '.join(sorted(REGISTRY))}")
    module_name, factory_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise ConfigError(f"backend {name!r} is not available: {exc}") from None
    return getattr(module, factory_name)(model, dict(options or {}))


__all__ = [
    "Backend",
    "Completion",
    "CompletionRequest",
    "Message",
    "REGISTRY",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "create_backend",
]
