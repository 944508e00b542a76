"""A pids cgroup per command, where this process may create one.

Why a cgroup: RLIMIT_NPROC counts the processes of a real uid across the whole machine, and for
root it is not enforced at all (nor inside a user namespace whose uids map to root). Measured on
a Linux 6.x container running as root: a fork bomb under `--unshare-user --uid 1000` plus
RLIMIT_NPROC=64 grew without bound, while a pids cgroup with pids.max=64 held it at 64 tasks.
pids.max counts threads too, which is what exhausts a machine."""

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
            rows.append((parts[1], parts[2]))
    return rows


def _candidate_parents(root: Path) -> list[Path]:
    parents = []
    for controllers, path in _own_cgroups():
        relative = path.lstrip("/")
        if "pids" in controllers.split(","):  # cgroup v1
            parents.append(root / "pids" / relative)
        elif controllers == "":  # cgroup v2, mounted at the root (unified) or beside v1 (hybrid)
            parents.extend([root / relative, root / "unified" / relative])
    return parents


class PidsCgroup:
    """A fresh cgroup with pids.max set; processes that join it (and all their children) can
    never be more than `limit` tasks at once."""

    def __init__(self, path: Path):
        self.path = path

    @classmethod
    def create(cls, limit: int, *, root: Path = CGROUP_ROOT) -> "PidsCgroup | None":
        """A new cgroup under this process's own, or None when none can be made here."""
        for parent in _candidate_parents(root):
            if not parent.is_dir():
                continue
            path = parent / f"skillopt-sandbox-{uuid.uuid4().hex[:12]}"
            try:
                path.mkdir()
            except OSError:
                continue
            try:
                (path / "pids.max").write_text(str(limit))
                return cls(path)
            except OSError:
                cls(path).remove()
        return None

    def pids(self) -> list[int]:
        try:
            return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

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
        log.warning("processes still alive in %s after %.0f s", self.path, timeout_s)

    def remove(self) -> None:
        self.kill_all()
        deadline = time.monotonic() + 5.0
        while True:
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError as exc:
                if time.monotonic() > deadline:
                    log.warning("could not remove %s: %s", self.path, exc)
                    return
                time.sleep(0.02)  # a killed task leaves the cgroup a moment after it dies
