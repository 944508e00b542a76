"""Which sandbox this machine has; refusing to go on without one unless the user opted in."""

from __future__ import annotations

import logging
import os
import shutil
import sys
from pathlib import Path

from .base import Sandbox
from .bubblewrap import BubblewrapSandbox
from .errors import SandboxUnavailable
from .sandbox_exec import SANDBOX_EXEC, SandboxExecSandbox
from .toolchain import find_toolchain
from .unsandboxed import UnsandboxedRunner

log = logging.getLogger(__name__)

INSTALL_HINT = "install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap)"


def _why_none(platform: str) -> tuple[Sandbox | None, str]:
    path_env = os.environ.get("PATH", "")
    if platform.startswith("linux"):
        bwrap = shutil.which("bwrap", path=path_env)
        if not bwrap:
            return None, f"bubblewrap (bwrap) is not on PATH; {INSTALL_HINT}"
        sandbox = BubblewrapSandbox(bwrap=bwrap, toolchain=find_toolchain(path_env))
        try:
            sandbox.check()
        except SandboxUnavailable as exc:
            return None, str(exc)
        return sandbox, ""
    if platform == "darwin":
        if Path(SANDBOX_EXEC).exists():
            return SandboxExecSandbox(toolchain=find_toolchain(path_env)), ""
        return None, f"{SANDBOX_EXEC} is missing"
    return None, f"no sandbox is supported on {platform}; repo replays need Linux with bubblewrap or macOS"


def find_sandbox(*, allow_unsandboxed: bool = False, platform: str | None = None) -> Sandbox:
    """bubblewrap on Linux, sandbox-exec on macOS. With none, raises SandboxUnavailable with a
    one-line reason, unless the user opted in by name to running commands unsandboxed."""
    sandbox, reason = _why_none(platform or sys.platform)
    if sandbox is not None:
        return sandbox
    if allow_unsandboxed:
        log.warning("running repo commands WITHOUT a sandbox, as asked: %s", reason)
        return UnsandboxedRunner(reason=reason, toolchain=find_toolchain(os.environ.get("PATH", "")))
    raise SandboxUnavailable(f"no sandbox for repo replays: {reason}; or opt in by name to running them unsandboxed")
