"""Commands in a bubblewrap sandbox (Linux).

Inside, only the copy is writable. The system folders are read-only, /tmp and HOME are fresh
tmpfs, /etc shows only what programs need to start (not shadow, not ssh host keys), and the
user's home, keys, agent settings and other repositories are simply not there. Every namespace
is new: no network but loopback, no view of host processes, a non-root uid, no further user
namespaces; when the night is root, that uid is an id that owns nothing on the host
(identity.py). The copy is mounted at a fixed path (/workspace/<name>) so that tool output, and so
the replay cache, does not depend on where the host's temp folder happens to be. For the same
reason, and so that a command is given no path of the night's, /etc/passwd and /etc/group are
copied in from memory and a folder of the copy's state shown to a command (the record of what
runs, the relay's socket, a patch) is at /run/skillopt: no host path is in a command's argv,
settings or mount points. /proc/self/mountinfo still names the host folder each bind mount comes
from (the kernel says so, and only a filesystem of its own would hide it): the copy's folder, as a
path in its own tmpfs where the night may mount one (sized.py), and the state folders shown."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from .base import from_start
from .environment import scrubbed_env, search_path
from .errors import SandboxError, SandboxUnavailable
from .identity import DROP_CAPABILITIES, ID_MAP, INSIDE_ID, drop_command, maps_to_nobody
from .process import MIB, run_bounded
from .records import CommandResult, Limits
from .sized import within_cap
from .toolchain import Toolchain, own_interpreter
from .workspace import Workspace

INSIDE_ROOT = Path("/workspace")
INSIDE_HOME = "/home/sandbox"
INSIDE_UID = INSIDE_ID
SYSTEM_PATH = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"]
TOP_LEVEL = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")  # beside /usr; symlinks on merged-/usr systems
# What programs read of /etc to start, resolve names and check certificates; nothing that holds
# a secret (shadow, gshadow, sudoers, ssh host keys, /etc/ssl/private, /etc/pki/tls/private) or
# a credential a tool reads (gitconfig, npmrc and pip.conf may carry tokens).
ETC_ENTRIES = (
    "alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "nsswitch.conf", "hosts", "host.conf", "resolv.conf",
    "localtime", "timezone", "ssl/certs", "ssl/openssl.cnf", "pki/tls/certs", "pki/tls/cert.pem", "pki/tls/openssl.cnf",
    "pki/ca-trust", "ca-certificates.conf", "crypto-policies", "os-release", "debian_version", "lsb-release",
    "mime.types", "protocols", "services", "inputrc", "terminfo", "perl", "python3",
)
PROBE_TIMEOUT_S = 30
# The sandbox's own root is a tmpfs with no size: read-only once every mount point is made in it.
SEALED_ROOT = ("--remount-ro", "/")
WRITABLE = ("/tmp", "/dev/shm", INSIDE_HOME)  # the fresh folders a command writes, besides the copy
INSIDE_STATE = "/run/skillopt"  # where a folder of the copy's state is shown


@lru_cache(maxsize=4)
def bwrap_options(bwrap: str) -> frozenset[str]:
    """The options this bwrap build knows (--disable-userns came in 0.8, --size in 0.7)."""
    try:
        text = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=PROBE_TIMEOUT_S).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(word for word in text.split() if word.startswith("--"))


def _etc_entries() -> list[str]:
    names = list(ETC_ENTRIES)
    try:  # Debian's per-version python config (/etc/python3.11)
        names += sorted(entry.name for entry in Path("/etc").iterdir() if entry.name.startswith("python3."))
    except OSError:
        pass
    return names


@dataclass
class BubblewrapSandbox:
    bwrap: str
    toolchain: Toolchain = field(default_factory=Toolchain)
    name: str = "bubblewrap"
    is_sandbox: bool = True
    in_copy: tuple[tuple[str, Path], ...] = ()  # (path in the copy, host file shown there read-only)

    def inside_path(self, workspace: Workspace) -> str:
        """Where the copy is inside the sandbox."""
        return str(INSIDE_ROOT / workspace.path.name)

    def base_args(self, limits: Limits, state: Path | None = None) -> list[str]:
        """Everything but the copy: namespaces, the read-only system, fresh /tmp and HOME."""
        known = bwrap_options(self.bwrap)
        args = [self.bwrap, "--unshare-all", *self._user_args(known), "--hostname", "sandbox", "--die-with-parent",
                "--new-session"]
        args += ["--ro-bind", "/usr", "/usr"]
        for name in TOP_LEVEL:
            host = Path("/") / name
            if host.is_symlink():
                args += ["--symlink", os.readlink(host), str(host)]
            elif host.is_dir():
                args += ["--ro-bind", str(host), str(host)]
        made: set[str] = set()
        for name in _etc_entries():
            if os.path.exists(f"/etc/{name}"):
                args += [*_parents(f"/etc/{name}", made), "--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
        size = ["--size", str(limits.file_mb * MIB)] if "--size" in known else []
        # /dev is a tmpfs of its own: read-only once its nodes are in, with a sized /dev/shm.
        args += ["--proc", "/proc", "--dev", "/dev", *size, "--tmpfs", "/dev/shm", "--remount-ro", "/dev"]
        args += [*size, "--tmpfs", "/tmp", *size, "--tmpfs", "/home", "--dir", INSIDE_HOME,
                 "--dir", "/var", "--symlink", "../tmp", "/var/tmp"]
        for folder in self._mounts():
            shown = _shown(str(folder), state)
            args += [*_parents(shown, made), "--ro-bind", str(folder), shown]
        return args

    def _user_args(self, known: frozenset[str]) -> list[str]:
        if maps_to_nobody():
            # The launcher maps the namespace (launch.py); the command drops root itself (identity.py).
            kept = [word for cap in DROP_CAPABILITIES for word in ("--cap-add", cap)]
            return ["--unshare-user", "--info-fd", "@INFO_FD@", "--userns-block-fd", "@BLOCK_FD@",
                    "--cap-drop", "ALL", *kept]
        args = ["--unshare-user", "--uid", str(INSIDE_UID), "--gid", str(INSIDE_UID), "--cap-drop", "ALL"]
        return args + (["--disable-userns"] if "--disable-userns" in known else [])

    def _mounts(self) -> tuple[Path, ...]:
        if not maps_to_nobody():
            return self.toolchain.mounts
        return tuple(dict.fromkeys([*self.toolchain.mounts, *own_interpreter()[1]]))

    def _program(self, command: list[str]) -> list[str]:
        """What bubblewrap starts: `command`, through the drop of root where the night is root."""
        if not maps_to_nobody():
            return command
        return drop_command(own_interpreter()[0], list(WRITABLE), command)

    def command_line(self, workspace: Workspace, command: str, limits: Limits, env: dict[str, str] | None,
                     identity_fds: tuple[int, int]) -> list[str]:
        """bubblewrap's argv for `command`; `identity_fds` are open files of /etc/passwd and
        /etc/group's text (IDENTITY), which bubblewrap copies in."""
        inside = self.inside_path(workspace)
        state = workspace.base / "state"
        args = self.base_args(limits, state)
        for fd, name in zip(identity_fds, ("/etc/passwd", "/etc/group")):
            args += ["--perms", "0444", "--ro-bind-data", str(fd), name]
        args += ["--dir", str(INSIDE_ROOT), "--bind", str(workspace.path), inside]
        for relative, host in self.in_copy:
            args += ["--ro-bind", str(host), f"{inside}/{relative}"]
        args += ["--chdir", inside, "--clearenv"]
        path = search_path(self.toolchain.bin_dirs, SYSTEM_PATH)
        for name, value in scrubbed_env(path=path, home=INSIDE_HOME, tmp="/tmp", extra=env).items():
            args += ["--setenv", name, _shown_in(value, state)]
        program = ["/bin/sh", "-c", from_start(workspace, _shown_in(command, state))]
        return [*args, *SEALED_ROOT, "--", *self._program(program)]

    def with_files_in_copy(self, files: dict[str, Path]) -> "BubblewrapSandbox":
        """This sandbox, also showing each host file read-only at its path in the copy (a file
        that is there, not a link: bubblewrap would make one where none is, and follow a link)."""
        return replace(self, in_copy=(*self.in_copy, *files.items()))

    def with_read_only(self, folders) -> "BubblewrapSandbox":
        """This sandbox, also showing `folders` read-only at their own paths (an agent CLI, say)."""
        return replace(self, toolchain=self.toolchain.with_mounts(folders))

    def run(self, workspace: Workspace, command: str, *, limits: Limits | None = None,
            env: dict[str, str] | None = None) -> CommandResult:
        limits = limits or Limits()
        fds = tuple(_in_memory(name, text) for name, text in IDENTITY)
        try:
            argv = self.command_line(workspace, command, limits, env, fds)
            return within_cap(workspace, command, lambda stop: run_bounded(
                argv, command=command, cwd=workspace.path, env=_host_env(), limits=limits, id_map=_id_map(),
                pass_fds=fds, stop_when=stop))
        finally:
            for fd in fds:
                os.close(fd)

    def check(self) -> None:
        """Starts an empty sandbox once; raises SandboxUnavailable with bwrap's reason if it
        cannot (user namespaces disabled or restricted, a seccomp policy, an old kernel)."""
        argv = [*self.base_args(Limits()), *SEALED_ROOT, "--", *self._program(["/bin/true"])]
        try:
            done = run_bounded(argv, command="true", cwd=Path("/"), env=_host_env(), limits=Limits(wall_s=PROBE_TIMEOUT_S),
                               id_map=_id_map())
        except (OSError, SandboxError) as exc:
            raise SandboxUnavailable(f"bubblewrap ({self.bwrap}) cannot start: {exc}") from exc
        if done.exit_code != 0:
            reason = (done.output.strip().splitlines() or [f"exit status {done.exit_code}"])[-1]
            raise SandboxUnavailable(
                f"bubblewrap ({self.bwrap}) cannot create a sandbox here: {reason} (user namespaces may be "
                "disabled or restricted; on Ubuntu 24.04 an AppArmor profile for bwrap allows them)")


# /etc/passwd and /etc/group inside: the sandbox user, root (which set the sandbox up) and nobody.
IDENTITY = (
    ("passwd", f"root:x:0:0:root:/root:/bin/sh\nsandbox:x:{INSIDE_UID}:{INSIDE_UID}:sandbox:{INSIDE_HOME}:/bin/sh\n"
               "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"),
    ("group", f"root:x:0:\nsandbox:x:{INSIDE_UID}:\nnogroup:x:65534:\n"),
)


def _in_memory(name: str, text: str) -> int:
    """An fd of a file in memory holding `text`, read from its start."""
    fd = os.memfd_create(f"sandbox-{name}", os.MFD_CLOEXEC)
    os.write(fd, text.encode())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def _shown(folder: str, state: Path | None) -> str:
    """Where a folder shown to a command is inside: a folder of the copy's state at INSIDE_STATE,
    any other at its own path."""
    if state is not None and (folder == str(state) or folder.startswith(f"{state}/")):
        return INSIDE_STATE + folder[len(str(state)):]
    return folder


def _shown_in(text: str, state: Path) -> str:
    """`text` (a command, a setting) with the state folder's host path as it is shown inside."""
    return text.replace(str(state), INSIDE_STATE)


def _parents(dest: str, made: set[str]) -> list[str]:
    """A --dir for each folder above `dest` not made yet. bubblewrap makes the ones it needs 0700,
    which the sandbox user cannot enter where they belong to root of the namespace (identity.py)."""
    args = []
    for parent in reversed(Path(dest).parents[:-1]):
        if str(parent) not in made:
            made.add(str(parent))
            args += ["--dir", str(parent)]
    return args


def _host_env() -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}


def _id_map() -> str:
    return ID_MAP if maps_to_nobody() else ""
