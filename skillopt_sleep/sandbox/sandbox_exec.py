"""Commands under macOS's sandbox-exec, with a profile written for each run.

The profile allows by default and then denies what could hurt the user: all network (unix
sockets too: an ssh-agent or docker socket is a way out), every file write outside the copy and
its private HOME and temp folder, reads of the home folders and the shared temp folders (keys,
agent settings, other repositories), and the keychain services. Later rules win in this language,
so the allows after a deny carve out the copy and the tool prefixes. macOS has no pids cgroup:
processes are bounded by RLIMIT_NPROC, which counts all of the user's processes."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from .environment import scrubbed_env, search_path
from .process import run_bounded
from .records import CommandResult, Limits
from .sized import within_cap
from .toolchain import Toolchain
from .workspace import Workspace

SANDBOX_EXEC = "/usr/bin/sandbox-exec"
SYSTEM_PATH = ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
DEVICES = ("/dev/null", "/dev/zero", "/dev/tty", "/dev/dtracehelper")
KEYCHAIN_SERVICES = ("com.apple.SecurityServer", "com.apple.securityd", "com.apple.secd")


def sbpl_string(text: str) -> str:
    """A string literal of the sandbox profile language."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _real(path: Path | str) -> str:
    return os.path.realpath(path)  # the profile matches resolved paths (/tmp is /private/tmp)


def _ancestors(paths: list[str]) -> list[str]:
    found: list[str] = []
    for path in paths:
        for parent in Path(path).parents:
            if str(parent) not in found:
                found.append(str(parent))
    return found


def profile(*, writable: list[str], readable: list[str], hidden: list[str]) -> str:
    """The profile text: writes only under `writable`; nothing under `hidden` is readable except
    what is under `readable` (which should include `writable`)."""
    subpaths = lambda paths: " ".join(f"(subpath {sbpl_string(p)})" for p in paths)  # noqa: E731
    literals = lambda paths: " ".join(f"(literal {sbpl_string(p)})" for p in paths)  # noqa: E731
    services = " ".join(f"(global-name {sbpl_string(s)})" for s in KEYCHAIN_SERVICES)
    return "\n".join([
        "(version 1)",
        "(allow default)",
        "(deny network*)",
        "(deny file-write*)",
        f'(allow file-write* {subpaths(writable)} {literals(list(DEVICES))} (regex #"^/dev/fd/[0-9]+$"))',
        f"(deny file-read* {subpaths(hidden)})",
        f"(allow file-read* {subpaths(readable)})",
        f"(allow file-read-metadata {literals(_ancestors(readable))})",
        f"(deny mach-lookup {services})",
        "",
    ])


@dataclass
class SandboxExecSandbox:
    toolchain: Toolchain = field(default_factory=Toolchain)
    name: str = "sandbox-exec"
    is_sandbox: bool = True

    def profile_for(self, workspace: Workspace) -> str:
        writable = [_real(workspace.path), _real(workspace.state_dir("home")), _real(workspace.state_dir("tmp"))]
        readable = writable + [_real(folder) for folder in self.toolchain.mounts]
        hidden = [_real(Path.home()), "/Users", "/Volumes", "/private/tmp", "/private/var/root",
                  _real(tempfile.gettempdir())]
        return profile(writable=writable, readable=readable, hidden=hidden)

    def with_read_only(self, folders) -> "SandboxExecSandbox":
        """This sandbox, also showing `folders` read-only at their own paths (an agent CLI, say)."""
        return replace(self, toolchain=self.toolchain.with_mounts(folders))

    def run(self, workspace: Workspace, command: str, *, limits: Limits | None = None,
            env: dict[str, str] | None = None) -> CommandResult:
        limits = limits or Limits()
        path = search_path(self.toolchain.bin_dirs, SYSTEM_PATH)
        full_env = scrubbed_env(path=path, home=str(workspace.state_dir("home")), tmp=str(workspace.state_dir("tmp")),
                                extra=env)
        argv = [SANDBOX_EXEC, "-p", self.profile_for(workspace), "/bin/sh", "-c", command]
        return within_cap(workspace, command,
                          lambda: run_bounded(argv, command=command, cwd=workspace.path, env=full_env, limits=limits))
