"""Why a sandboxed command could not be set up or run."""

from __future__ import annotations

from ..errors import SkilloptError


class SandboxError(SkilloptError):
    """A workspace or sandboxed run failed: a missing repository or commit, a patch that does not
    apply, a path that escapes the copy. The message is one line."""


class SandboxUnavailable(SandboxError):
    """No usable sandbox on this machine, and the user did not opt in to running unsandboxed."""


class PatchRejected(SandboxError):
    """A patch that does not apply to a copy as the copy is: a fact about the copy (an episode
    wrote over what the patch changes), not a failure of the machine."""
