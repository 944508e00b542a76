"""Noticing a transcript rewritten in place: same inode, same size, its old mtime put back.

Size, mtime and inode alone say such a file is unchanged. Its status-change time (ctime) does
not: every write moves it, and no ordinary call can set it back. So each transcript's row keeps
the ctime it had when read and a fingerprint of what was read (a hash of its first and last
blocks before the cursor). An unchanged ctime costs nothing more than the stat already made; a
moved one (a rewrite, a chmod, a new hard link, or simply growth) has the fingerprint read
again, and a transcript whose read part no longer matches it is read from the start.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from skillopt_sleep.capture.safe_read import regular_opener

BLOCK = 4096
SEEN = "seen"  # the state key: [ctime_ns, fingerprint]


def fingerprint(handle: BinaryIO, cursor: int) -> str:
    """A hash of the first and the last BLOCK bytes before `cursor` (read by offset: the
    handle's own position and buffer are left alone)."""
    fd = handle.fileno()
    head = os.pread(fd, min(BLOCK, cursor), 0)
    tail_start = max(0, cursor - BLOCK)
    tail = os.pread(fd, cursor - tail_start, tail_start)
    import hashlib  # here, not at the top: a no-change ingest need not load it

    return hashlib.blake2b(head + b"\0" + tail, digest_size=12).hexdigest()


def remembered(handle: BinaryIO, st: os.stat_result, cursor: int) -> list:
    """What a row keeps under SEEN once `cursor` bytes of the file `st` describes were read."""
    return [st.st_ctime_ns, fingerprint(handle, cursor)]


def ctime_moved(state: dict, st: os.stat_result) -> bool:
    """True when the file's ctime is not the one the row remembers (False for a row without one:
    read before fingerprints were kept, it is trusted as it always was)."""
    seen = state.get(SEEN)
    return isinstance(seen, list) and len(seen) == 2 and seen[0] != st.st_ctime_ns


def read_part_changed(state: dict, path: str, cursor: int) -> bool:
    """True when the first `cursor` bytes of the file no longer match the row's fingerprint."""
    seen = state.get(SEEN)
    if not (isinstance(seen, list) and len(seen) == 2):
        return False
    try:
        with open(path, "rb", opener=regular_opener) as handle:
            return fingerprint(handle, cursor) != seen[1]
    except OSError:
        return False  # the read that follows reports it
