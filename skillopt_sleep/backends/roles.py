"""Build the student and teacher backends from the config. An unknown backend or model is an
error, never a silent fallback."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.backends import Backend, create_backend
from skillopt_sleep.backends.auto import choose
from skillopt_sleep.config import Config
from skillopt_sleep.errors import ConfigError

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


def prepare_backends(config: Config, student: RoleChoice, teacher: RoleChoice, progress=None) -> Config:
    """Say what was picked, check keys / logins / model names before any token is spent, and
    size the replay concurrency for batch mode (a batch holds what is in flight at once)."""
    for choice in (student, teacher):
        backend = choice.backend
        if progress:
            progress(f"{choice.role}: {backend.name}:{backend.model} ({choice.why})")
        preflight = getattr(backend, "preflight", None)
        if preflight:
            preflight()
        if not getattr(backend, "cost_known", True):
            if config["budget.max_usd"] is not None:
                raise ConfigError(f"budget.max_usd cannot cap {backend.name}:{backend.model}: {backend.price_note}")
            if progress:
                progress(f"note: {backend.price_note}")
    preferred = getattr(student.backend, "preferred_concurrency", None)
    if getattr(student.backend, "batch", None) and preferred and preferred > config["night.concurrency"]:
        config = config.with_overrides({"night.concurrency": preferred}, source="batch mode")
    return config
