"""Build the student and teacher backends from the config. An unknown backend or model is an
error, never a silent fallback."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.backends import Backend, create_backend
from skillopt_sleep.backends.auto import choose
from skillopt_sleep.config import Config

ROLES = ("student", "teacher")
# Config sections whose keys pass through to a backend of that name.
BACKEND_SECTIONS = {"local": "local", "anthropic": "anthropic", "openai": "openai", "codex": "codex", "scripted": "scripted"}


@dataclass
class RoleChoice:
    role: str
    backend: Backend
    why: str  # how it was chosen, printed by the night


def backend_options(config: Config, role: str, name: str) -> dict:
    """Options for backend `name` playing `role` (name is the resolved one, never 'auto')."""
    options = {
        "role": role,
        "base_url": config.section(role).get("base_url"),
        "timeout_s": config["calls.timeout_s"],
        "max_retries": config["calls.max_retries"],
        "concurrency": config["calls.concurrency"],
        "store_path": config["store.path"],
        "batch_poll_s": config["batch.poll_s"],
    }
    section = BACKEND_SECTIONS.get(name)
    if section:
        options.update(config.section(section))
    return options


def backend_for_role(config: Config, role: str) -> RoleChoice:
    section = config.section(role)
    name = section["backend"]
    source = config.sources.get(f"{role}.backend", "default")
    extra: dict = {}
    if name == "auto":
        choice = choose(config, role)
        name, model, why, extra = choice.name, choice.model, f"auto: {choice.why}", dict(choice.options)
    else:
        model, why = section.get("model") or "", f"{role}.backend={name} ({source})"
    options = backend_options(config, role, name)
    options.update({k: v for k, v in extra.items() if v is not None})
    return RoleChoice(role=role, backend=create_backend(name, model, options), why=why)


def close_backends(*choices: RoleChoice) -> None:
    """Release what backends hold (HTTP clients, batch pollers); not every backend holds any."""
    for choice in choices:
        close = getattr(choice.backend, "close", None)
        if close:
            close()
