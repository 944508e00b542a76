"""Nothing secret in a copy or its sandbox: only the objects the commit reaches, an /etc with what
programs need and no keys, and a sandbox user that is never the host's root."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.sandbox import Workspace
from tests.sandbox_kit import git, make_repo

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is the Linux sandbox")

STAGED_SECRET = "AWS_SECRET_ACCESS_KEY=staged-once-7f3a\n"


def test_a_file_staged_then_unstaged_in_the_users_repository_is_not_in_the_copy(sandbox, tmp_path):
    spec = make_repo(tmp_path / "calc")
    root = Path(spec.root)
    (root / ".env").write_text(STAGED_SECRET)
    git(root, "add", ".env")  # the blob is written to .git/objects ...
    git(root, "reset", "-q", ".env")  # ... and stays there, unreachable, until gc
    blob = git(root, "hash-object", ".env").strip()
    git(root, "cat-file", "-e", blob)
    (root / ".env").unlink()
    with Workspace.create(spec, parent=tmp_path / "ws") as workspace:
        listed = sandbox.run(workspace, "git cat-file --batch-all-objects --batch-check")
        dumped = sandbox.run(workspace, "git cat-file --batch-all-objects --batch | grep -ac staged-once || true")
        history = sandbox.run(workspace, "git log --format=%s")
    assert listed.exit_code == 0 and " commit " in listed.output, listed.output
    assert blob not in listed.output
    assert dumped.output.strip() == "0"
    # What the commit reaches is there, so the agent still has its history; later commits are not.
    assert history.output.split() == ["first"]
