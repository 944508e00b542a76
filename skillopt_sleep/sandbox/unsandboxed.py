"""Commands run without a sandbox, for a user who opted in by name where none is available.

Not a sandbox: the command can read and write whatever this user can, and reach the network.
It still runs in the copy, under the same rlimits, wall limit and output budget, with the
environment scrubbed of keys and HOME and TMPDIR in the workspace's private folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from .base import from_start
from .environment import scrubbed_env, search_path
from .process import run_bounded
from .records import CommandResult, Limits
from .sized import within_cap
from .toolchain import Toolchain
from .workspace import Workspace


@dataclass
class UnsandboxedRunner:
    reason: str = ""  # why no sandbox was found
    toolchain: Toolchain = field(default_factory=Toolchain)
    name: str = "none (opted in)"
    is_sandbox: bool = False

    def with_read_only(self, folders) -> "UnsandboxedRunner":
        """This sandbox, also showing `folders` read-only at their own paths (an agent CLI, say)."""
        return replace(self, toolchain=self.toolchain.with_mounts(folders))

    def run(self, workspace: Workspace, command: str, *, limits: Limits | None = None,
            env: dict[str, str] | None = None) -> CommandResult:
        limits = limits or Limits()
        path = search_path(self.toolchain.bin_dirs, os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep))
        full_env = scrubbed_env(path=path, home=str(workspace.state_dir("home")), tmp=str(workspace.state_dir("tmp")),
                                extra=env)
        argv = ["/bin/sh", "-c", from_start(workspace, command)]
        return within_cap(workspace, command, lambda stop: run_bounded(argv, command=command, cwd=workspace.path,
                                                                       env=full_env, limits=limits, stop_when=stop))
