"""Why a sandboxed command could not be set up or run."""

from __future__ import annotations

from ..errors import SkilloptError


class SandboxError(SkilloptError):
    """A workspace or sandboxed run failed: a missing repository or commit, a patch that does not
    apply, a path that escapes the copy. The message is one line."""


class SandboxUnavailable(SandboxError):
    """No usable sandbox on this machine, and the user did not opt in to running unsandboxed."""
