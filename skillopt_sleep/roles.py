"""Build the student and teacher backends from the config. An unknown backend or model is an
error, never a silent fallback."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.backends import Backend, create_backend
from skillopt_sleep.config import Config

ROLES = ("student", "teacher")


@dataclass
class RoleChoice:
    role: str
    backend: Backend
    why: str  # how it was chosen, printed by the night


def backend_options(config: Config, role: str) -> dict:
    section = config.section(role)
    options = {
        "base_url": section.get("base_url"),
        "timeout_s": config["calls.timeout_s"],
        "max_retries": config["calls.max_retries"],
    }
    name = section["backend"]
    # Backend-specific sections (local.*, anthropic.*, openai.*) pass through.
    prefix = {"local": "local", "anthropic": "anthropic", "openai": "openai", "scripted": "scripted"}.get(name)
    if prefix:
        options.update(config.section(prefix))
    options["batch_poll_s"] = config["batch.poll_s"]
    return options


def backend_for_role(config: Config, role: str) -> RoleChoice:
    section = config.section(role)
    name = section["backend"]
    source = config.sources.get(f"{role}.backend", "default")
    if name == "auto":
        from skillopt_sleep.backends.auto import choose_backend  # noqa: PLC0415 - optional module

        name, model, why = choose_backend(config, role)
    else:
        model, why = section.get("model") or "", f"{role}.backend={name} ({source})"
    backend = create_backend(name, model, backend_options(config, role))
    return RoleChoice(role=role, backend=backend, why=why)
