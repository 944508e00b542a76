"""Compare-and-swap of the user's live files, all of a proposal's files or none.

An editor may save a skill at any moment, also while adopt or revert runs, so checking the file
and then replacing it would overwrite a save that lands in between. Instead each file is swapped
in three steps: its current inode is renamed aside (after this, a save creates a new file at the
path rather than changing what is being replaced), the bytes set aside are compared with the
expected ones (which the caller has already backed up), and the new file is hard-linked into
place, which fails rather than overwrite a file saved meanwhile. Whenever the comparison or the
link fails, the user's save stays at the path and the swap is refused.

The price: for the microseconds between the rename and the link the path does not exist, so a
reader may find no file (never a mixed one). A process killed in that instant leaves the old
text beside the path as `.NAME.*.replaced`, and in the backup folder.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from filelock import FileLock, Timeout

from skillopt_sleep.atomicfile import fsync_dir, write_temp_beside
from skillopt_sleep.errors import StagingError

LOCK_TIMEOUT_S = 60.0


class LiveFileChanged(Exception):
    """The live file did not hold the expected bytes at the moment of the swap; nothing was changed."""


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


def _set_aside(target: Path, expected: bytes) -> Path:
    """Rename the live file aside and return its new name, once its bytes are the expected ones;
    otherwise put it back and raise."""
    aside = target.parent / f".{target.name}.{secrets.token_hex(4)}.replaced"
    try:
        os.rename(target, aside)
    except FileNotFoundError:
        raise LiveFileChanged(str(target)) from None
    try:
        matches = aside.read_bytes() == expected
    except OSError:
        matches = False
    if not matches:
        _put_back(aside, target)
        raise LiveFileChanged(str(target))
    return aside


def swap(rep: Replacement) -> None:
    """Replace the target's expected bytes by the new ones, or raise LiveFileChanged and change nothing."""
    target = rep.target
    if rep.expected is None and os.path.lexists(target):
        raise LiveFileChanged(str(target))
    if rep.new is not None:
        for folder in rep.make_dirs:
            folder.mkdir(exist_ok=True)
    # The new bytes are written and synced before the old file is set aside, to keep that short.
    temp = write_temp_beside(target, rep.new, mode=rep.new_mode, owner=rep.new_owner) if rep.new is not None else None
    aside = None
    try:
        if rep.expected is not None:
            aside = _set_aside(target, rep.expected)
        if temp is not None:
            try:
                _link_no_clobber(temp, target)
            except BaseException:
                # A save that took the path while the old file was aside is kept; the set-aside
                # bytes were the expected ones, which the caller holds.
                if aside is not None:
                    _put_back(aside, target)
                raise
        if aside is not None:
            aside.unlink(missing_ok=True)
        fsync_dir(target.parent)
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)
    if rep.new is None:
        _remove_empty_dirs(rep.remove_dirs)


def replace_all(replacements: list[Replacement], *, doing: str) -> None:
    """Swap every file or, when one fails, swap back those already done and raise.

    `doing` names the operation for messages, e.g. "proposal p-1 was being adopted"."""
    done: list[Replacement] = []
    for rep in replacements:
        try:
            swap(rep)
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
