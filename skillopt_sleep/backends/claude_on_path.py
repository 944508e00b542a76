"""The `claude` CLI the user already has, when it can run the claude-code backend.

claude-agent-sdk's wheels carry a copy of the CLI (about 400 MB). A user of this backend has
Claude Code installed already, so where a `claude` on PATH is a supported version the backend runs
that one, and the plugin's environment installs the SDK from its source distribution, which holds
no CLI. Supported: MIN_VERSION or newer, from which the SDK hands a prompt to the CLI verbatim
(an older CLI would reword the replayed requests).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass

MIN_VERSION = (2, 1, 248)
_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)\b")


@dataclass(frozen=True)
class ClaudeOnPath:
    path: str
    version: tuple[int, int, int] | None  # None: it did not say one

    @property
    def supported(self) -> bool:
        return self.version is not None and self.version >= MIN_VERSION

    def said(self) -> str:
        version = ".".join(map(str, self.version)) if self.version else "an unknown version"
        if self.supported:
            return f"the claude CLI on PATH: {self.path} ({version})"
        return (f"the claude CLI on PATH ({self.path}, {version}) is older than "
                f"{'.'.join(map(str, MIN_VERSION))}, so the SDK's own copy")


def claude_on_path(path_env: str | None = None) -> ClaudeOnPath | None:
    """The first `claude` on PATH and the version it reports (None: there is none)."""
    found = shutil.which("claude", path=path_env)
    if found is None:
        return None
    try:
        done = subprocess.run([found, "--version"], capture_output=True, text=True, timeout=20,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ClaudeOnPath(found, None)
    match = _VERSION.match(done.stdout.strip()) if done.returncode == 0 else None
    return ClaudeOnPath(found, tuple(int(part) for part in match.groups()) if match else None)
