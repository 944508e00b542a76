"""Cgroups per command, where this process may create them: a pids limit, and a memory limit for
the whole process tree.

Why a cgroup for processes: RLIMIT_NPROC counts the processes of a real uid across the whole
machine, and for root it is not enforced at all (nor inside a user namespace whose uids map to
root). Measured on a Linux 6.x container running as root: a fork loop under bubblewrap's
`--unshare-user --uid 1000` plus RLIMIT_NPROC=10 forked all 50 of its children (and 400 of 400
at RLIMIT_NPROC=32), while a pids cgroup with pids.max=32 refused the 29th fork (bubblewrap and
the shell hold the other tasks). pids.max counts threads too, which is what exhausts a machine.
Why one for memory: RLIMIT_AS bounds each process, so many processes could still take N times
as much; the memory cgroup bounds their sum, tmpfs files they write included."""

from __future__ import annotations

import logging
import os
import signal
import time
import uuid
from pathlib import Path

log = logging.getLogger(__name__)

CGROUP_ROOT = Path("/sys/fs/cgroup")


def _own_cgroups() -> list[tuple[str, str]]:
    """(controllers, path) of this process, from /proc/self/cgroup ("" controllers for cgroup v2)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []
    rows = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) == 3:
            rows.append((parts[1], parts[2].lstrip("/")))
    return rows


def _v1_parents(root: Path, controller: str) -> list[Path]:
    return [root / controllers / path for controllers, path in _own_cgroups() if controller in controllers.split(",")]


def _v2_parents(root: Path) -> list[Path]:
    """cgroup v2 mounted at the root (unified) or beside v1 (hybrid, usually without controllers)."""
    parents = []
    for controllers, path in _own_cgroups():
        if controllers == "":
            parents += [root / path, root / "unified" / path]
    return parents


def _make_child(parents: list[Path], required: dict[str, int], optional: dict[str, int] | None = None) -> Path | None:
    """A new cgroup under the first parent where it can be made and `required` written."""
    for parent in parents:
        if not parent.is_dir():
            continue
        path = parent / f"skillopt-sandbox-{uuid.uuid4().hex[:12]}"
        try:
            path.mkdir()
        except OSError:
            continue
        try:
            if not (path / "cgroup.procs").exists():  # not a cgroup file system (a plain tmpfs, say)
                raise OSError("not a cgroup")
            for name, value in required.items():
                _write(path / name, value)
        except OSError:
            _remove_dir(path)
            continue
        for name, value in (optional or {}).items():
            try:
                _write(path / name, value)
            except OSError:
                pass
        return path
    return None


def _write(path: Path, value: int) -> None:
    """Writes a control file the kernel made; never creates one (a missing file means the
    controller is not there)."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, str(value).encode())
    finally:
        os.close(fd)


def _remove_dir(path: Path) -> None:
    deadline = time.monotonic() + 5.0
    while True:
        try:
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError as exc:
            if time.monotonic() > deadline:
                log.warning("could not remove %s: %s", path, exc)
                return
            time.sleep(0.02)  # a killed task leaves its cgroup a moment after it dies


class CommandCgroup:
    """Fresh cgroups that a command joins before it starts; it and all its children can never be
    more than `processes` tasks (when `bounds_processes`) or use more than the memory limit in
    all (when `bounds_memory`)."""

    def __init__(self, paths: list[Path], *, bounds_processes: bool, bounds_memory: bool):
        self.paths = paths
        self.bounds_processes = bounds_processes
        self.bounds_memory = bounds_memory

    @classmethod
    def create(cls, *, processes: int, memory_bytes: int, root: Path = CGROUP_ROOT) -> "CommandCgroup | None":
        """New cgroups under this process's own, or None when none can be made here."""
        unified = _make_child(_v2_parents(root), {"pids.max": processes}, {"memory.max": memory_bytes,
                                                                            "memory.swap.max": 0})
        if unified is not None:
            return cls([unified], bounds_processes=True, bounds_memory=(unified / "memory.max").exists())
        paths = []
        pids = _make_child(_v1_parents(root, "pids"), {"pids.max": processes})
        memory = _make_child(_v1_parents(root, "memory"), {"memory.limit_in_bytes": memory_bytes})
        paths = [p for p in (pids, memory) if p is not None]
        if not paths:
            return None
        return cls(paths, bounds_processes=pids is not None, bounds_memory=memory is not None)

    def pids(self) -> list[int]:
        found: set[int] = set()
        for path in self.paths:
            try:
                found.update(int(p) for p in (path / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                pass
        return sorted(found)

    def kill_all(self, timeout_s: float = 5.0) -> None:
        """SIGKILL every member until none is left (a fork bomb refills between reads)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            members = self.pids()
            if not members:
                return
            for pid in members:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            time.sleep(0.01)
        log.warning("processes still alive in %s after %.0f s", self.paths, timeout_s)

    def remove(self) -> None:
        self.kill_all()
        for path in self.paths:
            _remove_dir(path)
