"""Throwaway copies of a repository, and commands run in them that cannot hurt the user:
bubblewrap on Linux, sandbox-exec on macOS, and only by the user's explicit choice nothing."""

from .base import Sandbox
from .errors import PatchRejected, SandboxError, SandboxUnavailable
from .find import find_sandbox
from .records import CommandResult, Limits
from .workspace import Workspace

__all__ = ["CommandResult", "Limits", "PatchRejected", "Sandbox", "SandboxError", "SandboxUnavailable", "Workspace",
           "find_sandbox"]
