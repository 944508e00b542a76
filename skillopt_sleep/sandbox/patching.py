"""A patch applied to a copy inside the sandbox: the judge's own tests after an episode, or a
recorded episode's change on a resumed night.

Such a patch lands in a copy an agent has had its hands on, or was written by one: `git apply`
writes wherever the patch and the copy's links and attributes lead it, so it runs where the copy
is the only thing it can write. It runs with a git directory made fresh in the sandbox's own temp
folder, never the copy's .git, so a filter or hook the agent configured there is never started,
not even in the sandbox, and the judge's tests go in as written. The patch comes in read-only,
from a folder beside the copy."""

from __future__ import annotations

import shlex
import shutil
import tempfile
from typing import TYPE_CHECKING

from .errors import PatchRejected, SandboxError
from .hostgit import GIT_SETTINGS, OVERRIDES, first_line
from .identity import hand_over
from .records import Limits

if TYPE_CHECKING:
    from .base import Sandbox
    from .workspace import Workspace

APPLY_LIMITS = Limits(wall_s=120)
REJECTED = (1, 128)  # git apply's exits for a patch that does not fit (128: one it cannot read)
SETUP_FAILED = 125


def apply_inside(sandbox: "Sandbox", workspace: "Workspace", patch: str, *, what: str = "the patch") -> None:
    """Applies `patch` to the copy in the sandbox. PatchRejected, with git's reason, where it does
    not apply to the copy as it is; SandboxError where the sandbox could not run it."""
    if not patch.endswith("\n"):
        patch += "\n"
    folder = tempfile.mkdtemp(prefix="patch-", dir=workspace.state_dir("patches"))
    hand_over(folder)  # read by the sandbox user, who is not root (identity.py)
    try:
        with open(f"{folder}/change.patch", "wb") as handle:
            handle.write(patch.encode("utf-8", "surrogateescape"))
        git = shlex.join(["git", *OVERRIDES])
        command = "\n".join([
            f'made=$(mktemp -d "${{TMPDIR:-/tmp}}/apply.XXXXXX") || exit {SETUP_FAILED}',
            f'{git} init -q --bare "$made/git" || exit {SETUP_FAILED}',
            f'GIT_DIR="$made/git" GIT_WORK_TREE=. {git} apply --binary --whitespace=nowarn '
            f"{shlex.quote(folder + '/change.patch')}",
        ])
        result = sandbox.with_read_only([folder]).run(workspace, command, limits=APPLY_LIMITS, env=dict(GIT_SETTINGS))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if result.timed_out:
        raise SandboxError(f"applying {what} took longer than {APPLY_LIMITS.wall_s:g} s")
    if result.exit_code in REJECTED:
        raise PatchRejected(first_line(result.output))
    if result.exit_code != 0:
        raise SandboxError(f"applying {what} failed in the sandbox (exit {result.exit_code}): "
                           f"{first_line(result.output)}")
