"""Atomic file writes: a reader sees the old bytes or the new ones, never a mix, and a killed
process leaves no half-written file behind (at most a hidden temp file, which is removed on error)."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a directory for fsync; os.replace is durable enough there.
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_temp_beside(path: Path, data: bytes, *, mode: int | None = None,
                      owner: tuple[int, int] | None = None) -> Path:
    """Write `data` to a new hidden file in `path`'s folder and fsync it; the caller moves it into
    place (a same-folder rename or link cannot cross file systems). Removed again on error."""
    path = Path(path)
    temp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            if mode is not None:
                os.chmod(temp, mode)
            if owner is not None and hasattr(os, "chown"):
                _chown_best_effort(temp, owner)
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def write_atomic(path: Path, data: bytes, *, mode: int | None = None, owner: tuple[int, int] | None = None) -> None:
    """Replace `path` with `data` so a reader sees the old bytes or the new, never a mix: a temp
    file in the same folder, fsync, os.replace. Without `mode` a new file gets the umask default."""
    path = Path(path)
    temp = write_temp_beside(path, data, mode=mode, owner=owner)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def write_text_atomic(path: Path, text: str, *, mode: int | None = None) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text.encode("utf-8"), mode=mode)


def write_json_atomic(path: Path, value: object, *, sort_keys: bool = False) -> None:
    """`value` as indented UTF-8 JSON (anything JSON lacks, such as a Path, written as its str)."""
    write_text_atomic(path, json.dumps(value, indent=2, ensure_ascii=False, sort_keys=sort_keys, default=str) + "\n")


def _chown_best_effort(path: Path, owner: tuple[int, int]) -> None:
    stat = os.stat(path)
    if (stat.st_uid, stat.st_gid) == owner:
        return
    try:
        os.chown(path, *owner)
    except PermissionError:
        # Only root may give a file away; an ordinary user's own file already has the right owner.
        pass
