"""What every way of running a command in a workspace provides."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .records import CommandResult, Limits
    from .workspace import Workspace


@runtime_checkable
class Sandbox(Protocol):
    name: str  # "bubblewrap", "sandbox-exec", "none (opted in)"
    is_sandbox: bool  # False only for the opted-in unsandboxed runner

    def run(self, workspace: "Workspace", command: str, *, limits: "Limits | None" = None,
            env: dict[str, str] | None = None) -> "CommandResult":
        """Runs `command` with /bin/sh -c in the copy's start folder (`from_start`)."""
        ...

    def with_read_only(self, folders) -> "Sandbox":
        """The same sandbox, also showing `folders` read-only at their own paths; a folder that
        holds the user's home folder is refused (SandboxError)."""
        ...


def from_start(workspace: object, command: str) -> str:
    """`command` run from the workspace's start folder (a repo task's session folder; a workspace
    without one starts at its root), by the shell in the sandbox: the host never enters a folder
    of a copy that a command may have turned into a link."""
    folder = getattr(workspace, "start_folder", "")
    return f"cd {shlex.quote(folder)} && {command}" if folder else command
