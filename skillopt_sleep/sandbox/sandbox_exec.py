"""Commands under macOS's sandbox-exec, with a profile written for each run.

The profile denies by default and allows only what a build or a test run needs: running programs
and signalling its own, reading the system's folders (/usr, /System, the developer tools,
Homebrew), a few files of /etc (passwd, group, hosts, localtime, the certificate authorities),
the devices every program opens, the copy and the tool prefixes it was shown; writing only the
copy, its private HOME and temp folder; the few system services that resolve a user and log;
and unix sockets only in the copy's own state folder (the sandbox's record of what ran,
execlog.py). No network, no other file of the home folders, no keychain. Of the parents of a
readable folder only their metadata is readable, so that a path can be resolved but not listed.
macOS has no pids cgroup: processes are bounded by RLIMIT_NPROC, which counts all of the user's
processes. Never run on a Mac by this project's tests (docs/install.md): the text is tested."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from .base import from_start
from .environment import scrubbed_env, search_path
from .process import run_bounded
from .records import CommandResult, Limits
from .sized import within_cap
from .toolchain import Toolchain
from .workspace import Workspace

SANDBOX_EXEC = "/usr/bin/sandbox-exec"
SYSTEM_PATH = ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/System", "/Library/Developer", "/Applications/Xcode.app", "/opt/homebrew",
                  "/private/etc/ssl", "/private/var/db/timezone", "/private/var/db/dyld")
SYSTEM_FILES = ("/private/etc/passwd", "/private/etc/group", "/private/etc/hosts", "/private/etc/localtime",
                "/private/var/db/xcode_select_link")
DEVICES = ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/dtracehelper")
# Resolving a user (getpwuid), the system log and notifications: what programs ask for at start.
SERVICES = ("com.apple.system.opendirectoryd.libinfo", "com.apple.system.logger",
            "com.apple.system.notification_center")


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


def profile(*, writable: list[str], readable: list[str], sockets: list[str]) -> str:
    """The profile text: nothing but what is allowed here; writes only under `writable`, reads of
    the system and of `readable` (which should include `writable`), unix sockets under `sockets`."""
    subpaths = lambda paths: " ".join(f"(subpath {sbpl_string(p)})" for p in paths)  # noqa: E731
    literals = lambda paths: " ".join(f"(literal {sbpl_string(p)})" for p in paths)  # noqa: E731
    fds = '(regex #"^/dev/fd/[0-9]+$")'
    names = " ".join(f"(global-name {sbpl_string(s)})" for s in SERVICES)
    local = " ".join(f"(local unix-socket (subpath {sbpl_string(p)}))" for p in sockets)
    remote = " ".join(f"(remote unix-socket (subpath {sbpl_string(p)}))" for p in sockets)
    return "\n".join([
        "(version 1)",
        "(deny default)",
        "(allow process-fork)",
        "(allow process-exec)",
        "(allow signal (target same-sandbox))",
        "(allow process-info* (target same-sandbox))",
        "(allow sysctl-read)",
        "(allow ipc-posix-sem)",
        "(allow ipc-posix-shm)",
        f"(allow file-read* {subpaths(SYSTEM_FOLDERS)} {literals(SYSTEM_FILES)} {literals(list(DEVICES))} {fds})",
        f"(allow file-read* {subpaths(readable)})",
        f"(allow file-read-metadata {literals(_ancestors(readable))})",
        f"(allow file-write* {subpaths(writable)} {literals(list(DEVICES))} {fds})",
        f"(allow file-ioctl {literals(list(DEVICES))} {fds})",
        f"(allow mach-lookup {names})",
        f"(allow network-bind network-inbound {local})",
        f"(allow network-outbound {remote})",
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
        sockets = [_real(workspace.state_dir("home").parent)]
        return profile(writable=writable, readable=readable, sockets=sockets)

    def with_read_only(self, folders) -> "SandboxExecSandbox":
        """This sandbox, also showing `folders` read-only at their own paths (an agent CLI, say)."""
        return replace(self, toolchain=self.toolchain.with_mounts(folders))

    def run(self, workspace: Workspace, command: str, *, limits: Limits | None = None,
            env: dict[str, str] | None = None) -> CommandResult:
        limits = limits or Limits()
        path = search_path(self.toolchain.bin_dirs, SYSTEM_PATH)
        full_env = scrubbed_env(path=path, home=str(workspace.state_dir("home")), tmp=str(workspace.state_dir("tmp")),
                                extra=env)
        argv = [SANDBOX_EXEC, "-p", self.profile_for(workspace), "/bin/sh", "-c", from_start(workspace, command)]
        return within_cap(workspace, command,
                          lambda stop: run_bounded(argv, command=command, cwd=workspace.path, env=full_env, limits=limits,
                                                   stop_when=stop))
