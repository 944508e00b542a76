"""A copy's total size, bounded.

Where this process may mount (root, as in a container or CI), each copy gets a filesystem of its
own: a tmpfs of the cap's size at the folder that holds it, so a command that writes past the cap
gets ENOSPC as on a full disk, however many files it writes; the host's disk never sees it. An
ordinary user may not mount, and Linux offers it no size-limited filesystem of its own (a loop
device, a quota or a FUSE image each need root or a setup the user may not have): there the
copy's size is measured while each command runs (every second, or less often where a walk of the
copy takes longer) and the command is killed once the copy is past its cap; the command is
reported failed with the reason and no later command runs in that copy. So it outgrows the cap by
what one command writes between two measurements, never more; RLIMIT_FSIZE still caps each file. Measured here, a
tmpfs copy costs memory only for what it holds: a 1 MiB repository in a 2 GiB tmpfs takes 1 MiB."""

from __future__ import annotations

import ctypes
import errno
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Callable

from .records import CommandResult

log = logging.getLogger(__name__)

COPY_MB = 2048  # a copy's cap, its history included
MS_NOSUID, MS_NODEV = 0x2, 0x4
MNT_DETACH = 0x2


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def mount_sized(folder: Path, size_mb: int) -> bool:
    """A tmpfs of `size_mb` at the empty `folder`, only its owner let in; False where this
    process may not mount (not root, or a container without the capability)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return False
    options = f"size={size_mb}m,mode=0700".encode()
    if _libc().mount(b"tmpfs", os.fsencode(folder), b"tmpfs", MS_NOSUID | MS_NODEV, options) != 0:
        log.debug("no tmpfs for the copy at %s: %s", folder, os.strerror(ctypes.get_errno()))
        return False
    return True


def unmount(folder: Path) -> None:
    """The tmpfs at `folder` gone, with what it held; lazily if something still has it open."""
    if _libc().umount2(os.fsencode(folder), MNT_DETACH) != 0 and ctypes.get_errno() not in (errno.EINVAL, errno.ENOENT):
        log.warning("could not unmount the copy's tmpfs at %s: %s", folder, os.strerror(ctypes.get_errno()))


def usage_bytes(root: Path, stop_above: int) -> int:
    """The space the files under `root` take, no link followed; the count stops soon after it
    passes `stop_above`."""
    total = 0
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            try:
                info = os.lstat(os.path.join(folder, name))
            except OSError:
                continue
            if not stat.S_ISLNK(info.st_mode):
                total += info.st_blocks * 512
        if total > stop_above:
            break
    return total


def within_cap(workspace, command: str, run: Callable[[Callable[[], str] | None], CommandResult]) -> CommandResult:
    """`run(stop_when)` for `command` in `workspace`, unless the copy is already past its cap.
    `stop_when` (None for a copy on a tmpfs of its own, which needs no check) says why the run
    must stop once the copy passes its cap while it runs; a run that took it past is reported
    failed, and no later command runs in that copy."""
    over = getattr(workspace, "over_cap", None)
    why = over() if over is not None else ""
    if why:
        return CommandResult(command=command, exit_code=1, output=f"[not run: {why}]")
    result = run(over if over is not None and not getattr(workspace, "sized", False) else None)
    why = over() if over is not None else ""
    if why and why not in result.output:
        result.exit_code = result.exit_code or 1
        result.output += f"\n[{why}]"
    return result
