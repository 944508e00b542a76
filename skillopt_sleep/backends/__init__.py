"""Backends, found by name in the `skillopt_sleep.backends` entry-point group (see entrypoints.py).
An entry is imported only when asked for, so a missing optional SDK only matters when that
backend is asked for, and then it is a clear error, never a silent fallback."""

from __future__ import annotations

from typing import Any

from skillopt_sleep.backends.base import Backend, Completion, CompletionRequest, Message, ToolCall, ToolSpec, Usage
from skillopt_sleep.backends import extras
from skillopt_sleep.backends.entrypoints import ExtensionGroup
from skillopt_sleep.errors import ConfigError

# An entry is a factory that takes (model: str, options: dict) and returns a Backend.
BACKENDS = ExtensionGroup("skillopt_sleep.backends", "backend", ConfigError, hint=extras.backend_hint)


def backend_names() -> list[str]:
    return BACKENDS.names()


def create_backend(name: str, model: str, options: dict[str, Any] | None = None) -> Backend:
    options = dict(options or {})
    extras.ensure(name, model, options)  # the plugin's own environment gets what the backend needs
    return BACKENDS.load(name)(model, options)


__all__ = [
    "Backend",
    "Completion",
    "CompletionRequest",
    "Message",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "backend_names",
    "create_backend",
]
