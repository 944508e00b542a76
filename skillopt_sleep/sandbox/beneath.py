"""Files beneath a copy's root as the host opens them: never through a link, never a FIFO.

A command in the copy may leave a link to the user's files, or a FIFO, at any path the host later
reads or writes (the built-in file tools, the skill put back after a headless episode). So every
path is relative to the copy's root, and each of its components is opened without following a
link: on Linux in one `openat2` call (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS), elsewhere one
component at a time with O_NOFOLLOW from the folder before it. Files are opened with O_NONBLOCK
and checked to be regular before a byte moves, and reads are capped. What the host makes in a
copy is owned as the copy's root is, so that the sandbox user can still write it (identity.py)."""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import secrets
import stat
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from .errors import SandboxError
from .identity import give_like

# openat2 has one number on the architectures that share the kernel's common syscall table.
OPENAT2 = 437
OPENAT2_MACHINES = ("x86_64", "amd64", "aarch64", "arm64", "i386", "i686", "armv7l", "riscv64", "ppc64le", "s390x")
RESOLVE_NO_MAGICLINKS = 0x02
RESOLVE_NO_SYMLINKS = 0x04
RESOLVE_BENEATH = 0x08
FOLDER = os.O_RDONLY | os.O_DIRECTORY
READ = os.O_RDONLY | os.O_NONBLOCK
NO_OPENAT2 = (errno.ENOSYS, errno.EPERM, errno.EINVAL)  # an old kernel, or a seccomp filter


class _OpenHow(ctypes.Structure):
    _fields_ = [("flags", ctypes.c_uint64), ("mode", ctypes.c_uint64), ("resolve", ctypes.c_uint64)]


@lru_cache(maxsize=1)
def _syscall():
    """libc's syscall(), where this machine numbers openat2 as OPENAT2; else None."""
    if platform.system() != "Linux" or platform.machine().lower() not in OPENAT2_MACHINES:
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).syscall
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_long
    return function


def parts_of(relative: str) -> list[str]:
    """The components of a path relative to the copy's root ([] for the root itself). `a/../b`
    is read as `b`: no link is ever followed, so that is where it lands."""
    if not isinstance(relative, str) or "\0" in relative:
        raise SandboxError(f"not a usable path: {relative!r}")
    if os.path.isabs(relative) or relative.startswith("~"):
        raise SandboxError(f"path must be relative to the repository: {relative}")
    normal = os.path.normpath(relative)
    if normal == ".":
        return []
    parts = normal.split(os.sep)
    if parts[0] == "..":
        raise SandboxError(f"path escapes the repository: {relative}")
    return parts


def _link_error(relative: str) -> SandboxError:
    return SandboxError(f"{relative} is or goes through a link; links in the copy are not followed")


def _openat2(folder_fd: int, path: str, flags: int, mode: int) -> int | None:
    """The fd, or None where openat2 is not to be had here."""
    syscall = _syscall()
    if syscall is None:
        return None
    how = _OpenHow(flags, mode if flags & os.O_CREAT else 0,
                   RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS)
    for _ in range(8):  # EAGAIN: a rename raced the lookup; the kernel asks for a retry
        fd = syscall(ctypes.c_long(OPENAT2), ctypes.c_int(folder_fd), ctypes.c_char_p(os.fsencode(path)),
                     ctypes.byref(how), ctypes.c_size_t(ctypes.sizeof(how)))
        if fd >= 0:
            return fd
        code = ctypes.get_errno()
        if code in NO_OPENAT2:
            return None
        if code != errno.EAGAIN:
            raise OSError(code, os.strerror(code), path)
    raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN), path)


def _opened(name: str, flags: int, mode: int, folder_fd: int) -> int:
    """os.open at `folder_fd`; a link opened as a folder fails ENOTDIR, which is ELOOP here."""
    try:
        return os.open(name, flags, mode, dir_fd=folder_fd)
    except NotADirectoryError:
        if stat.S_ISLNK(os.stat(name, dir_fd=folder_fd, follow_symlinks=False).st_mode):
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), name) from None
        raise


def _walk_open(folder_fd: int, parts: list[str], flags: int, mode: int) -> int:
    """Each component opened from the one before, none followed if it is a link."""
    current = os.dup(folder_fd)
    try:
        for part in parts[:-1]:
            following = _opened(part, FOLDER | os.O_NOFOLLOW | os.O_CLOEXEC, 0, current)
            os.close(current)
            current = following
        return _opened(parts[-1] if parts else ".", flags, mode, current)
    finally:
        os.close(current)


def _open_at(folder_fd: int, parts: list[str], flags: int, mode: int, shown: str) -> int:
    flags |= os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        try:
            fd = _openat2(folder_fd, "/".join(parts) or ".", flags, mode)
        except NotADirectoryError:
            fd = None  # a link where a folder was asked for, or a file: the walk tells which
        return fd if fd is not None else _walk_open(folder_fd, parts, flags, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _link_error(shown) from None
        if exc.errno == errno.EXDEV:
            raise SandboxError(f"path escapes the repository: {shown}") from None
        raise


def open_beneath(root: Path, relative: str, flags: int, mode: int = 0o666) -> int:
    """An fd for `relative` beneath `root`, no link on the way or at the end followed."""
    parts = parts_of(relative)
    root_fd = os.open(root, FOLDER | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        return _open_at(root_fd, parts, flags, mode, relative)
    finally:
        os.close(root_fd)


def _open_parent(root: Path, relative: str) -> tuple[int, str]:
    """The folder that holds `relative`, opened, and the name in it."""
    parts = parts_of(relative)
    if not parts:
        raise SandboxError("the copy's root is not a file")
    return open_beneath(root, "/".join(parts[:-1]) or ".", FOLDER), parts[-1]


def kind_of(mode: int) -> str:
    """What a non-regular entry is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file"


def entry(root: Path, relative: str) -> os.stat_result | None:
    """What is at `relative` (a link itself, not what it points to); None where nothing is."""
    if not parts_of(relative):
        return os.stat(root)
    try:
        folder_fd, name = _open_parent(root, relative)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        return os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
    except (FileNotFoundError, NotADirectoryError):
        return None
    finally:
        os.close(folder_fd)


def _read_regular(fd: int, shown: str, limit: int) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise SandboxError(f"{shown} is not a regular file ({kind_of(info.st_mode)})")
    if info.st_size > limit:
        raise SandboxError(f"{shown} is too large to read ({info.st_size} bytes)")
    chunks, size = [], 0
    while size <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise SandboxError(f"{shown} is too large to read (it grew past {limit} bytes)")


def read_file(root: Path, relative: str, limit: int) -> bytes:
    """The bytes of the regular file at `relative`, at most `limit` of them (else SandboxError)."""
    fd = open_beneath(root, relative, READ)
    try:
        return _read_regular(fd, relative, limit)
    finally:
        os.close(fd)


def write_file(root: Path, relative: str, data: bytes, mode: int | None = None) -> None:
    """A regular file holding `data` at `relative`, in place of whatever is there but a folder: a
    link or FIFO the agent left is replaced, never followed. The folder it is in must exist; the
    file gets `mode` where it is given, else an existing file's."""
    folder_fd, name = _open_parent(root, relative)
    try:
        try:
            old = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        except FileNotFoundError:
            old = None
        if old is not None and stat.S_ISDIR(old.st_mode):
            raise SandboxError(f"{relative} is a folder")
        temporary = f".skillopt-{secrets.token_hex(8)}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666,
                     dir_fd=folder_fd)
        try:
            try:
                _owned_as_root(fd, root)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                if mode is not None:
                    os.fchmod(fd, mode)
                elif old is not None and stat.S_ISREG(old.st_mode):
                    os.fchmod(fd, stat.S_IMODE(old.st_mode))
            finally:
                os.close(fd)
            os.replace(temporary, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
        except BaseException:
            try:
                os.unlink(temporary, dir_fd=folder_fd)
            except OSError:
                pass
            raise
    finally:
        os.close(folder_fd)


def _owned_as_root(fd: int, root: Path) -> None:
    root_fd = os.open(root, FOLDER | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        give_like(fd, root_fd)
    finally:
        os.close(root_fd)


def make_folders(root: Path, relative: str) -> list[str]:
    """The folders of `relative` made where missing, never through a link; returns those it
    made, outermost first."""
    parts = parts_of(relative)
    current = os.open(root, FOLDER | os.O_NOFOLLOW | os.O_CLOEXEC)
    made = []
    try:
        for number, part in enumerate(parts, 1):
            try:
                os.mkdir(part, dir_fd=current)
                made.append("/".join(parts[:number]))
            except FileExistsError:
                pass
            following = _open_at(current, [part], FOLDER, 0, "/".join(parts[:number]))
            os.close(current)
            current = following
            if made and made[-1] == "/".join(parts[:number]):
                _owned_as_root(current, root)
    finally:
        os.close(current)
    return made


def remove_file(root: Path, relative: str) -> bool:
    """Removes what is at `relative` unless it is a folder (a link itself, never its target);
    False where nothing was there."""
    try:
        folder_fd, name = _open_parent(root, relative)
    except (FileNotFoundError, NotADirectoryError):
        return False
    try:
        try:
            if stat.S_ISDIR(os.stat(name, dir_fd=folder_fd, follow_symlinks=False).st_mode):
                raise SandboxError(f"{relative} is a folder")
            os.unlink(name, dir_fd=folder_fd)
        except FileNotFoundError:
            return False
        return True
    finally:
        os.close(folder_fd)


def remove_empty_folder(root: Path, relative: str) -> bool:
    """Removes the folder at `relative` if it is empty (a link there is left alone)."""
    try:
        folder_fd, name = _open_parent(root, relative)
    except (FileNotFoundError, NotADirectoryError, SandboxError):
        return False
    try:
        os.rmdir(name, dir_fd=folder_fd)
        return True
    except OSError:  # not empty, gone, or not a folder
        return False
    finally:
        os.close(folder_fd)


def list_folder(root: Path, relative: str) -> list[tuple[str, int]]:
    """(name, st_mode) of each entry of the folder at `relative`, links as links, in name order."""
    fd = open_beneath(root, relative, FOLDER)
    try:
        return sorted((name, os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode) for name in os.listdir(fd))
    finally:
        os.close(fd)


def regular_files(root: Path, relative: str, skipped: frozenset[str] = frozenset()) -> Iterator[tuple[str, int]]:
    """(path, size) of each regular file at or under `relative`, in a stable order, never into a
    link or a folder named in `skipped`."""
    info = entry(root, relative)
    base = "/".join(parts_of(relative))
    if info is not None and stat.S_ISREG(info.st_mode):
        yield base, info.st_size
        return
    fd = open_beneath(root, relative, FOLDER)
    try:
        for folder, folders, files, folder_fd in os.fwalk(".", dir_fd=fd):
            folders[:] = sorted(f for f in folders if f not in skipped)
            for name in sorted(files):
                found = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
                if stat.S_ISREG(found.st_mode):
                    yield os.path.normpath(os.path.join(base, folder, name)), found.st_size
    finally:
        os.close(fd)
