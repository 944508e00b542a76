"""The night lock: two nights on the same skill file never overlap, whichever store each writes
to, and whether each was scheduled or started by hand.

An OS file lock (flock via `filelock`) guards each skill file, in the data folder's `locks/`.
A night holds two (`skill_lock`): one named by a hash of the file's real path (a skill reached
through a symlink is the same file, and so is one an adopt or an editor replaced by a new
inode), then one named by the file's identity, its device and inode (a hard-linked SKILL.md is
one file under two paths). Taken in that order by everyone, the two cannot deadlock. The
kernel drops a lock when its process dies, so a night killed with SIGKILL leaves nothing to
clean up. Beside it `<lock>.json` names the holder (pid, host, start time, command)
so a refused run can say who holds the lock, and so a lock kept by the orphaned child of a dead
night (a forked worker still holding the descriptor) can be recognised: its recorded pid is dead
on this host, and the lock file is then replaced and taken over. Re-entering the lock in the
thread that holds it is allowed (a scheduled run holds it around a night that asks for it again).
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import threading
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout

from skillopt_sleep.atomicfile import write_text_atomic
from skillopt_sleep.errors import NightLockedError
from skillopt_sleep.paths import data_dir
from skillopt_sleep.store import utc_now

LOCK_SUFFIX = ".night.lock"
HOLDER_SUFFIX = ".json"
TAKEOVER_GUARD_SUFFIX = ".takeover"


@dataclass(frozen=True)
class LockHolder:
    pid: int
    host: str
    started_at: str
    command: str = ""
    thread: int = 0

    def describe(self) -> str:
        where = "" if self.host == socket.gethostname() else f" on {self.host}"
        return f"pid {self.pid}{where} since {self.started_at}"


@dataclass(frozen=True)
class HeldLock:
    """What `night_lock` yields: who holds it now, and the dead holder it replaced, if any."""

    path: Path
    holder: LockHolder
    took_over_from: LockHolder | None = None
    nested: bool = False


def lock_path_for(skill_path: Path | str) -> Path:
    """The lock that guards nights on this skill file. It does not depend on the store, so two
    stores (two projects, two schedules) cannot run nights on one SKILL.md at once."""
    real = os.path.realpath(Path(skill_path).expanduser())
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return data_dir() / "locks" / f"skill-{digest}{LOCK_SUFFIX}"


def identity_lock_path_for(skill_path: Path | str) -> Path | None:
    """The lock named by the skill file's device and inode; None while the file does not exist."""
    try:
        st = os.stat(Path(skill_path).expanduser())
    except (OSError, ValueError):
        return None
    return data_dir() / "locks" / f"file-{st.st_dev:x}-{st.st_ino:x}{LOCK_SUFFIX}"


def holder_path(lock_path: Path) -> Path:
    return lock_path.with_name(lock_path.name + HOLDER_SUFFIX)


def read_holder(lock_path: Path) -> LockHolder | None:
    """The recorded holder, or None when there is none or the record is unreadable."""
    try:
        data = json.loads(holder_path(lock_path).read_text(encoding="utf-8"))
        return LockHolder(
            pid=int(data["pid"]), host=str(data["host"]), started_at=str(data["started_at"]),
            command=str(data.get("command", "")), thread=int(data.get("thread", 0)),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    except OSError:
        return False
    return True


def is_dead_here(holder: LockHolder) -> bool:
    """True only when the holder ran on this host and its process is gone (pids elsewhere are unknowable)."""
    return holder.host == socket.gethostname() and not pid_alive(holder.pid)


def _me(command: str) -> LockHolder:
    return LockHolder(pid=os.getpid(), host=socket.gethostname(), started_at=utc_now(),
                      command=command, thread=threading.get_ident())


def _write_holder(lock_path: Path, holder: LockHolder) -> None:
    write_text_atomic(holder_path(lock_path), json.dumps(asdict(holder), sort_keys=True))


def _clear_holder(lock_path: Path, holder: LockHolder) -> None:
    current = read_holder(lock_path)
    if current is not None and (current.pid, current.started_at) == (holder.pid, holder.started_at):
        try:
            holder_path(lock_path).unlink()
        except FileNotFoundError:
            pass


def _try(lock: FileLock, timeout: float) -> bool:
    try:
        lock.acquire(timeout=timeout)
        return True
    except Timeout:
        return False


def _take_over_orphaned(path: Path, lock: FileLock) -> LockHolder | None:
    """The lock is held but its recorded holder is dead here: a leftover child keeps the old file's
    descriptor. Replace the file and lock the new one, under a guard so two contenders cannot both
    replace it. Returns the dead holder on success."""
    guard = FileLock(str(path.with_name(path.name + TAKEOVER_GUARD_SUFFIX)))
    with guard.acquire(timeout=30):
        if _try(lock, 0):  # freed meanwhile
            return read_holder(path)
        holder = read_holder(path)
        if holder is None or not is_dead_here(holder):
            return None
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        return holder if _try(lock, 0) else None


@contextmanager
def night_lock(
    lock_path: Path | str, *, wait_s: float = 0.0, command: str | None = None,
) -> Iterator[HeldLock]:
    """Hold the night lock for the duration of the block.

    wait_s: how long to wait for a running night (0: fail at once). Raises `NightLockedError`
    ("another night is running (pid N since T)") when it stays held by a live process.
    """
    path = Path(lock_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    command = command if command is not None else " ".join(Path(a).name if i == 0 else a for i, a in enumerate(sys.argv))
    lock = FileLock(str(path))

    recorded = read_holder(path)
    if recorded and (recorded.pid, recorded.thread, recorded.host) == (os.getpid(), threading.get_ident(), socket.gethostname()):
        if not _try(lock, 0):
            yield HeldLock(path=path, holder=recorded, nested=True)
            return
    elif not _try(lock, max(0.0, wait_s)):
        recorded = read_holder(path)
        took = _take_over_orphaned(path, lock) if recorded and is_dead_here(recorded) else None
        if took is None:
            holder = read_holder(path)
            raise NightLockedError(holder, path)
        recorded = took

    previous = recorded if recorded is not None and is_dead_here(recorded) else None
    me = _me(command)
    try:
        _write_holder(path, me)
        yield HeldLock(path=path, holder=me, took_over_from=previous)
    finally:
        _clear_holder(path, me)
        lock.release()


@contextmanager
def skill_lock(skill_path: Path | str, *, wait_s: float = 0.0, command: str | None = None) -> Iterator[HeldLock]:
    """Hold both locks of a skill file (its path's, then its identity's) for the block; raises
    `NightLockedError` like `night_lock` when either is held by a live process."""
    with ExitStack() as stack:
        held = stack.enter_context(night_lock(lock_path_for(skill_path), wait_s=wait_s, command=command))
        identity = identity_lock_path_for(skill_path)
        if identity is not None:
            stack.enter_context(night_lock(identity, wait_s=wait_s, command=command))
        yield held
