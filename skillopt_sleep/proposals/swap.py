"""Compare-and-swap of the user's live files, all of a proposal's files or none.

An editor may save a skill at any moment, also while adopt or revert runs, so checking the file
and then replacing it would overwrite a save that lands in between. Instead each file is swapped
in three steps: its current inode is renamed aside (after this, a save creates a new file at the
path rather than changing what is being replaced), the bytes set aside are compared with the
expected ones (which the caller has already backed up), and the new file is hard-linked into
place, which fails rather than overwrite a file saved meanwhile. Whenever the comparison or the
link fails, the user's save stays at the path and the swap is refused.

Where the system grants one (`lease`), the swap holds a write lease on the live file throughout:
no other program has it open when the swap starts, and a save that starts to open it meanwhile
waits, so a save through a descriptor opened just before the rename cannot land in the file set
aside; the swap sees the waiting save and steps back, putting the old file at the path, and the
save goes first. Under the lease the bytes are compared through the swap's own descriptor (any
other open would wait for the lease). A file another program keeps open is refused: it could
write at any moment, unseen. What the lease leaves is an open that looked the path up before
the rename and reaches the lease only in the microseconds between the swap's last look at it and
its release: that save lands in the file set aside.

The price: for the microseconds between the rename and the link the path does not exist, so a
reader may find no file (never a mixed one). A process killed in that instant leaves the old
text beside the path as `.NAME.*.replaced`, and in the backup folder.

A file with more than one name (a hard link the user made) is written in place instead, so
every name keeps seeing the one file: its bytes are compared through the open descriptor and
then overwritten, under the lease where there is one, so a save that starts between the
comparison and the write waits and finds the old bytes put back. Without a lease a save landing
in that instant is lost and is only noticed when it lands during the write (the file is read
again after it); breaking the user's link would be worse, and the bytes replaced are in the
backup folder. A file nobody may write (mode 0444) is refused before anything is written: the
user made it read-only on purpose.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout

from skillopt_sleep.atomicfile import fsync_dir, write_temp_beside
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.lease import Lease, open_leased, write_lease

LOCK_TIMEOUT_S = 60.0


class LiveFileChanged(Exception):
    """The live file did not hold the expected bytes at the moment of the swap; nothing was changed."""


class LiveFileBusy(LiveFileChanged):
    """Another program holds the live file open, so a save could land unseen; nothing was changed."""


@dataclass
class Replacement:
    label: str  # the user's path, for messages
    target: Path  # the real file written (a symlinked skill is written through its link)
    expected: bytes | None  # what the target must hold when it is swapped (None: it must not exist)
    new: bytes | None  # None: the file must not exist afterwards
    new_mode: int | None
    new_owner: tuple[int, int] | None
    old_mode: int | None  # the expected file's mode and owner, for the inverse swap
    old_owner: tuple[int, int] | None
    make_dirs: list[Path] = field(default_factory=list)  # folders to create first, outermost first
    remove_dirs: list[Path] = field(default_factory=list)  # folders to remove after deleting, if empty

    def inverse(self) -> Replacement:
        # Folders the forward step made are removed by the inverse, ones it removed remade.
        return Replacement(self.label, self.target, self.new, self.expected, self.old_mode, self.old_owner,
                           self.new_mode, self.new_owner, make_dirs=self.remove_dirs, remove_dirs=self.make_dirs)


def missing_dirs(folder: Path) -> list[Path]:
    missing: list[Path] = []
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return list(reversed(missing))


def _remove_empty_dirs(folders: list[Path]) -> None:
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            # Not empty (the user put something there) or already gone: leave it.
            return


def _link_no_clobber(source: Path, target: Path) -> None:
    """Give `source`'s file the name `target` unless `target` exists (then LiveFileChanged)."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise LiveFileChanged(str(target)) from None
    except OSError:
        # A file system without hard links: check, then rename (a far narrower window remains).
        if os.path.lexists(target):
            raise LiveFileChanged(str(target)) from None
        os.rename(source, target)


def _put_back(aside: Path, target: Path) -> None:
    try:
        _link_no_clobber(aside, target)
    except LiveFileChanged:
        pass  # saved again meanwhile: that newer save is what the user keeps
    aside.unlink(missing_ok=True)


def _set_aside(target: Path, expected: bytes, lease: Lease) -> Path:
    """Rename the live file aside and return its new name, once its bytes are the expected ones;
    otherwise put it back and raise."""
    aside = target.parent / f".{target.name}.{secrets.token_hex(4)}.replaced"
    if lease.held:
        # Nobody else has the file open: its bytes are read through the lease's own descriptor
        # (any other open would wait for the lease), before it moves.
        if not _same_file(lease.fd, target) or _read_fd(lease.fd) != expected or lease.broken():
            raise LiveFileChanged(str(target))
    try:
        os.rename(target, aside)
    except FileNotFoundError:
        raise LiveFileChanged(str(target)) from None
    if lease.held:
        matches = _same_file(lease.fd, aside)  # not a file an editor renamed over the path meanwhile
    else:
        try:
            matches = aside.read_bytes() == expected
        except OSError:
            matches = False
    if not matches:
        _put_back(aside, target)
        raise LiveFileChanged(str(target))
    return aside


def _same_file(fd: int, path: Path) -> bool:
    try:
        opened, now = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (now.st_dev, now.st_ino)


@contextmanager
def _leased(target: Path | None) -> Iterator[Lease]:
    """The write lease on `target` for the block (a lease not held where there is none to have)."""
    try:
        fd = open_leased(target) if target is not None else None
    except OSError:
        fd = None
    if fd is None:
        yield Lease(-1)
        return
    try:
        with write_lease(fd) as lease:
            if lease.busy:
                raise LiveFileBusy(str(target))
            yield lease
    finally:
        os.close(fd)


def _step_back(target: Path, temp: Path, aside: Path | None) -> bool:
    """Undo a swap a waiting save must go before: the old file back at the path, if the path
    still holds the new one. False when someone else's file stands there now."""
    if aside is None:
        return True
    try:
        ours = os.stat(target, follow_symlinks=False).st_ino == os.stat(temp).st_ino
    except OSError:
        ours = False
    if ours:
        os.rename(aside, target)
    return ours


def read_only_reason(target: Path, mode: int | None) -> str | None:
    """Why the live file must not be replaced, or None: no write bit at all (the user's 0444 says
    "leave it"; root could still write it), or not writable by this user."""
    if mode is None:
        return None
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return f"is read-only (mode {mode:04o})"
    if not os.access(target, os.W_OK):
        return "is not writable by this user"
    return None


def _linked_elsewhere(target: Path) -> bool:
    try:
        return os.stat(target).st_nlink > 1
    except OSError:
        return False


def _read_fd(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


def _write_fd(fd: int, data: bytes) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.ftruncate(fd, len(data))
    os.fsync(fd)


def _swap_in_place(target: Path, expected: bytes, new: bytes) -> None:
    """Overwrite a hard-linked target's bytes through one descriptor, so all its names keep it."""
    fd = open_leased(target)
    try:
        with write_lease(fd) as lease:
            if lease.busy:
                raise LiveFileBusy(str(target))
            opened = os.fstat(fd)
            if _read_fd(fd) != expected or lease.broken():
                raise LiveFileChanged(str(target))
            _write_fd(fd, new)
            if lease.broken():  # a save waits to open the file: the old bytes go back and it goes first
                _write_fd(fd, expected)
                raise LiveFileChanged(str(target))
            if not lease.held and _read_fd(fd) != new:  # a save landed during the write: its bytes stay
                raise LiveFileChanged(str(target))
            try:
                now = os.stat(target)
                moved = (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino)
            except FileNotFoundError:
                moved = True
            if moved:  # an editor saved by a rename meanwhile: its save stays, the other names get back the old bytes
                _write_fd(fd, expected)
                raise LiveFileChanged(str(target))
    finally:
        os.close(fd)


def swap(rep: Replacement) -> None:
    """Replace the target's expected bytes by the new ones, or raise LiveFileChanged and change nothing."""
    target = rep.target
    if rep.expected is not None and rep.new is not None and _linked_elsewhere(target):
        _swap_in_place(target, rep.expected, rep.new)
        return
    if rep.expected is None and os.path.lexists(target):
        raise LiveFileChanged(str(target))
    if rep.new is not None:
        for folder in rep.make_dirs:
            folder.mkdir(exist_ok=True)
    # The new bytes are written and synced before the old file is set aside, to keep that short.
    temp = write_temp_beside(target, rep.new, mode=rep.new_mode, owner=rep.new_owner) if rep.new is not None else None
    aside = None
    try:
        with _leased(target if rep.expected is not None else None) as lease:
            if rep.expected is not None:
                aside = _set_aside(target, rep.expected, lease)
            if temp is not None:
                try:
                    _link_no_clobber(temp, target)
                except BaseException:
                    # A save that took the path while the old file was aside is kept; the set-aside
                    # bytes were the expected ones, which the caller holds.
                    if aside is not None:
                        _put_back(aside, target)
                    raise
            if lease.broken():
                # A save opened the old file just before it moved and waits on the lease: the old
                # file goes back to the path for it (or, where a newer save stands there, stays
                # beside it, so the waiting save is not lost either).
                if _step_back(target, temp, aside) if temp is not None else _put_back_kept(aside, target):
                    aside = None
                raise LiveFileChanged(str(target))
        if aside is not None:
            aside.unlink(missing_ok=True)
        fsync_dir(target.parent)
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)
    if rep.new is None:
        _remove_empty_dirs(rep.remove_dirs)


def _put_back_kept(aside: Path | None, target: Path) -> bool:
    """A deleted file put back for a save waiting on it; False when the path is taken meanwhile."""
    if aside is None:
        return True
    try:
        _link_no_clobber(aside, target)
    except LiveFileChanged:
        return False
    aside.unlink(missing_ok=True)
    return True


def replace_all(replacements: list[Replacement], *, doing: str) -> None:
    """Swap every file or, when one fails, swap back those already done and raise.

    `doing` names the operation for messages, e.g. "proposal p-1 was being adopted"."""
    done: list[Replacement] = []
    for rep in replacements:
        try:
            swap(rep)
        except LiveFileBusy:
            failure = (f"{rep.label} is open in another program while {doing}, which could save it unseen; "
                       "refused (close it there and try again)")
            break
        except LiveFileChanged:
            failure = f"{rep.label} changed while {doing}; refused so your save is kept"
            break
        except OSError as exc:
            failure = f"cannot write {rep.label}: {exc}"
            break
        done.append(rep)
    else:
        return
    undo(done, failure=failure)


def undo(done: list[Replacement], *, failure: str) -> None:
    """Swap back what `done` replaced, newest first, then raise naming the original failure. A
    file saved again since it was swapped keeps that save."""
    problems, kept = [], []
    for rep in reversed(done):
        try:
            swap(rep.inverse())
        except LiveFileBusy:
            problems.append(f"{rep.label}: open in another program")
        except LiveFileChanged:
            kept.append(rep.label)
        except OSError as exc:
            problems.append(f"{rep.label}: {exc}")
    if problems:
        raise StagingError(f"{failure}; restoring the files already changed also failed ({'; '.join(problems)}): "
                           "the previous texts are in the backup folder")
    restored = ", ".join(rep.label for rep in reversed(done) if rep.label not in kept)
    note = (f" (put back {restored})" if restored else "") + (f" (kept your newer save of {', '.join(kept)})" if kept else "")
    raise StagingError(f"{failure}; no file was changed" + note)


class AdoptLock:
    """One adopt or revert at a time per backups folder, across processes."""

    def __init__(self, backups_root: Path):
        backups_root.mkdir(parents=True, exist_ok=True)
        self.lock = FileLock(str(backups_root / ".adopt.lock"), timeout=LOCK_TIMEOUT_S)

    def __enter__(self) -> None:
        try:
            self.lock.acquire()
        except Timeout:
            raise StagingError(f"another adopt or revert holds {self.lock.lock_file}; try again when it ends") from None

    def __exit__(self, *exc: object) -> None:
        self.lock.release()
