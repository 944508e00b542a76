"""The local models the `local` backend runs: the known ones, each one's parts and assembled
file, and making one ready (joining and hash-checking its weights once)."""

from __future__ import annotations

from typing import Callable

from skillopt_sleep.backends import extras, localmodel, modelparts, pipextras

__all__ = ["in_plugin_environment", "install_what_it_needs", "localmodel", "modelparts"]


def in_plugin_environment() -> bool:
    """Whether the engine runs in the environment the plugin built (where it installs what it needs)."""
    return pipextras.managed_prefix() is not None


def install_what_it_needs(name: str, say: Callable[[str], None] | None = None) -> None:
    """In the plugin's environment, install what the local model `name` needs (llama-cpp-python,
    its weight packages), as a night would; elsewhere nothing."""
    extras.ensure(pipextras.LOCAL_BACKEND, name, say=say)
