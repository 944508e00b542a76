"""The interpreters and build tools a sandboxed command needs, found on the host.

System installs (/usr, /bin, /lib...) are in every sandbox already. A tool installed elsewhere
(pyenv under ~/.pyenv/versions/X, nvm under ~/.nvm/versions/node/X, /opt/...) is made visible by
binding only its prefix's bin/ and lib/ read-only, never the rest of the home folder, and its bin/
goes first on PATH. A pyenv shim is never used: it reads the home folder to choose a version, and
an inactive version exits 127; the real interpreter behind it is asked for its prefix instead."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from .errors import SandboxError

SYSTEM_ROOTS = (Path("/usr"), Path("/bin"), Path("/sbin"), Path("/lib"), Path("/lib32"), Path("/lib64"),
                Path("/libx32"), Path("/etc"))
TOOLS = ("node", "npm", "npx", "pnpm", "yarn", "make", "git")
PREFIX_PARTS = ("bin", "lib")  # what a sandbox sees of a prefix outside the system folders


@dataclass(frozen=True)
class Toolchain:
    bin_dirs: tuple[Path, ...] = ()  # first on PATH, in order
    mounts: tuple[Path, ...] = ()  # folders to show read-only at the same path
    missing: tuple[str, ...] = field(default=())  # tools not found on the host

    def with_mounts(self, folders) -> "Toolchain":
        """This toolchain with `folders` also shown read-only. A folder that holds the home
        folder (or is it) would show the user's keys: refused."""
        home = Path.home().resolve()
        added = []
        for folder in folders:
            real = Path(folder).resolve()
            if real == home or real in home.parents:
                raise SandboxError(f"refusing to show {folder} in a sandbox: it holds the home folder")
            added.append(real)
        return replace(self, mounts=tuple(dict.fromkeys([*self.mounts, *added])))


def _is_system(path: Path) -> bool:
    return any(path == root or root in path.parents for root in SYSTEM_ROOTS)


def _safe_prefix(prefix: Path) -> bool:
    """A prefix that is an install, not a home folder or a catch-all under it."""
    home = Path.home().resolve()
    return len(prefix.parts) > 2 and prefix not in (home, home / ".local") and prefix not in home.parents


def _python_prefix(path_env: str) -> Path:
    """The base prefix of the python3 the user's PATH runs, else of the interpreter running us."""
    found = shutil.which("python3", path=path_env)
    if found:
        try:
            probe = subprocess.run([found, "-I", "-c", "import sys; print(sys.base_prefix)"], capture_output=True,
                                   text=True, timeout=20)
            if probe.returncode == 0 and probe.stdout.strip():
                return Path(probe.stdout.strip()).resolve()
        except (OSError, subprocess.SubprocessError):
            pass
    return Path(sys.base_prefix).resolve()


def _add_prefix(prefix: Path, bins: list[Path], mounts: list[Path]) -> None:
    if _is_system(prefix) or not _safe_prefix(prefix):
        return
    for part in PREFIX_PARTS:
        folder = prefix / part
        if folder.is_dir() and folder not in mounts:
            mounts.append(folder)
    if (prefix / "bin").is_dir() and prefix / "bin" not in bins:
        bins.append(prefix / "bin")


@lru_cache(maxsize=1)
def own_interpreter() -> tuple[str, tuple[Path, ...]]:
    """The real path of the python running this, and the folders a sandbox must show for it to
    start (none for a system install). The sandbox runs its own few steps with it."""
    bins: list[Path] = []
    mounts: list[Path] = []
    _add_prefix(Path(sys.base_prefix).resolve(), bins, mounts)
    return str(Path(sys.executable).resolve()), tuple(mounts)


@lru_cache(maxsize=8)
def find_toolchain(path_env: str) -> Toolchain:
    """What to show a sandbox so that python3 and the TOOLS on `path_env` run as they do for the
    user (cached: it runs python3 once)."""
    bins: list[Path] = []
    mounts: list[Path] = []
    missing: list[str] = []
    _add_prefix(_python_prefix(path_env), bins, mounts)
    for tool in TOOLS:
        found = shutil.which(tool, path=path_env)
        if not found:
            missing.append(tool)
            continue
        where = Path(found).parent.resolve()
        if where.name == "bin":
            _add_prefix(where.parent, bins, mounts)
    return Toolchain(bin_dirs=tuple(bins), mounts=tuple(mounts), missing=tuple(missing))
