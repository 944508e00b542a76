"""Reading untrusted files and JSON without letting them stop an ingest.

A transcript path comes from a hook payload or a directory walk, so it may name a FIFO (opening
it would block forever), a device, a folder or a symlink loop; `stat_regular` refuses all of
those from a stat alone, before anything is opened. A transcript is never read through a link
(`lstat_regular`, and the opener's O_NOFOLLOW): a link can lead anywhere on the disk. A line of a transcript may nest arrays a
thousand deep, which makes the decoder (and any walk over the value) exhaust the stack;
`loads_limited` refuses a value nested deeper than any real record.
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Any

try:
    import orjson  # optional: parses transcript lines several times faster than the json module
except ImportError:
    orjson = None

BOM = b"\xef\xbb\xbf"  # an editor's mark before a file's first record, not part of it
MAX_JSON_DEPTH = 64  # real records nest about ten deep; tool inputs a little more
# Every byte but "{" and "[": deleting them counts the openers in one pass, not one count per kind.
_NOT_OPENERS = bytes(set(range(256)) - set(b"{["))
_SURROGATE = re.compile("[\ud800-\udfff]")
_OPEN_FLAGS = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NOFOLLOW", 0)


class NotRegularFile(OSError):
    """The path exists but is a FIFO, device, socket or folder."""


class LinkedPath(OSError):
    """The path is a symbolic link; `target` is where it leads."""

    def __init__(self, path: str, target: str):
        super().__init__(f"a link, to {target}: {path}")
        self.path = path
        self.target = target


class TooDeep(ValueError):
    """A JSON value nested deeper than MAX_JSON_DEPTH."""


def file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "directory"), (stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "character device"),
                       (stat.S_ISBLK, "block device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "special file"


def stat_regular(path: str) -> os.stat_result:
    """os.stat(path), raising NotRegularFile for anything but a regular file. A NUL byte in
    the path (os.stat raises ValueError) is reported as an OSError like any unreadable path."""
    try:
        st = os.stat(path)
    except ValueError as exc:
        raise OSError(f"unusable path: {exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(f"not a regular file ({file_kind(st.st_mode)}): {path}")
    return st


def lstat_regular(path: str) -> os.stat_result:
    """`stat_regular` that does not follow a link: raises LinkedPath for one (whatever its target)."""
    try:
        st = os.lstat(path)
    except ValueError as exc:
        raise OSError(f"unusable path: {exc}") from None
    if stat.S_ISLNK(st.st_mode):
        raise LinkedPath(path, os.path.realpath(path))
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(f"not a regular file ({file_kind(st.st_mode)}): {path}")
    return st


def regular_opener(path: str, flags: int) -> int:
    """An `opener` for open(): never blocks on a FIFO nor follows a last link (ELOOP), and checks
    the opened descriptor too, since the path may have been replaced by a FIFO or device after it
    was stat'ed."""
    fd = os.open(path, flags | _OPEN_FLAGS)
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise NotRegularFile(f"not a regular file ({file_kind(st.st_mode)}): {path}")
    return fd


def depth_exceeds(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when a decoded value nests containers deeper than `limit` (level by level: no
    recursion, and no per-container tuple, for the large request snapshots that come here)."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below = []
        for item in level:
            for child in item.values() if isinstance(item, dict) else item:
                if isinstance(child, (dict, list)):
                    below.append(child)
        level = below
    return False


def loads_limited(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> Any:
    """json.loads that raises TooDeep for a value nested deeper than `limit` and ValueError
    for anything that is not JSON. Only text holding more brackets than the limit is walked."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep(f"JSON nested deeper than {limit}") from None
    if isinstance(value, (dict, list)):
        brackets = text.count("{") + text.count("[") if isinstance(text, str) else text.count(b"{") + text.count(b"[")
        if brackets > limit and depth_exceeds(value, limit):
            raise TooDeep(f"JSON nested deeper than {limit}")
    return value


# What `loads_line` returns for a line the fast parser refused; the caller takes the stdlib way.
UNREAD = object()


def loads_line(data: bytes, limit: int = MAX_JSON_DEPTH) -> Any:
    """One transcript line decoded by orjson, or UNREAD when orjson is missing or refuses it
    (not JSON, bad UTF-8, a lone surrogate, a huge integer, NaN): `loads_limited` then reads or
    refuses it exactly as it always did. Raises TooDeep like `loads_limited`."""
    if orjson is None:
        return UNREAD
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        return UNREAD
    if isinstance(value, (dict, list)) and len(data.translate(None, _NOT_OPENERS)) > limit and depth_exceeds(value, limit):
        raise TooDeep(f"JSON nested deeper than {limit}")
    return value


def json_text(value: Any) -> str:
    """The compact JSON text a value is stored as (UTF-8 kept, no spaces): orjson's where it can
    (several times faster), the json module's same text otherwise."""
    if orjson is not None:
        try:
            return orjson.dumps(value).decode("utf-8")
        except TypeError:  # a lone surrogate, an integer past 64 bits: the json module takes those
            pass
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def plain(text: object) -> str:
    """Text that can be hashed and stored: JSON may decode to lone surrogates, which UTF-8
    (and so SQLite) refuses."""
    if not isinstance(text, str):
        return ""
    if text.isascii():  # no surrogates, and no copy made to find out
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
