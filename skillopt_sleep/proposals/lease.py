"""A write lease on the live file while it is swapped, where the system gives one (Linux).

Comparing a file's bytes and then replacing them leaves a moment in which an editor's save can
land unseen. A write lease closes it: the kernel grants one only while no other program has the
file open, and while it is held any other open of the file waits (up to the kernel's lease-break
time, 45 s by default) and the lease reads as broken. So a swap made under the lease knows that
no save started before it can still land, and sees one that starts during it in time to step
aside and let that save go first. Elsewhere (another system, a network file system, a file
another program holds open, a call from a thread other than the main one, which cannot set the
signal the kernel sends) there is no lease, `held` is False, and the swap does what it can
without one. A file another program keeps open is `busy`: that program could write it at any
moment, unseen, so the swap refuses rather than guess."""

from __future__ import annotations

import errno
import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


BUSY_WAIT_S = 0.5  # an editor that has just saved closes the file within this


@dataclass
class Lease:
    fd: int
    held: bool = False
    busy: bool = False  # another program holds the file open

    def broken(self) -> bool:
        """Is another program waiting to open the file (so it must go first)?"""
        return self.held and fcntl.fcntl(self.fd, fcntl.F_GETLEASE) != fcntl.F_WRLCK


def _possible() -> bool:
    return (fcntl is not None and hasattr(fcntl, "F_SETLEASE") and hasattr(signal, "SIGIO")
            and threading.current_thread() is threading.main_thread())


def _take(fd: int) -> tuple[bool, bool]:
    """(held, busy): try for a while when another program has the file open."""
    deadline = time.monotonic() + BUSY_WAIT_S
    while True:
        try:
            fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)
            return True, False
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EBUSY):
                return False, False  # not the user's file, or a file system without leases
            if time.monotonic() >= deadline:
                return False, True
            time.sleep(0.02)


@contextmanager
def write_lease(fd: int) -> Iterator[Lease]:
    """Hold a write lease on the open file `fd` for the block, where one can be had."""
    lease = Lease(fd)
    if not _possible():
        yield lease
        return
    # The kernel signals a lease break with SIGIO, which would end the process: ignored while held.
    previous = signal.signal(signal.SIGIO, signal.SIG_IGN)
    try:
        lease.held, lease.busy = _take(fd)
        try:
            yield lease
        finally:
            if lease.held:
                fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
    finally:
        signal.signal(signal.SIGIO, previous)


def open_leased(path: os.PathLike) -> int:
    """The file at `path` opened for the lease (read and write, not through a link)."""
    return os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
