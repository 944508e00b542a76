"""The one line a new session hears about skillopt-sleep, and only when there is news.

"1 proposal pending for skill X: held-out 0.33 → 0.83; /skillopt-sleep review". Nothing when no
proposal waits. Staging, adopting and reverting write the notice file beside the store
(`write_notice`), which the SessionStart hook reads without the engine (`pending_notice.py`), and
answer again the session starts that saved an answer from it (`refresh_stamps`);
`session_context` is the engine's own answer, for when that file cannot give it. It runs inside
the hook, so it never creates the store, never raises, and prints nothing when anything goes wrong.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
from pathlib import Path

from skillopt_sleep.atomicfile import write_json_atomic, write_text_atomic
from skillopt_sleep.proposals import answer_stamp
from skillopt_sleep.proposals.pending_notice import ROOT, STAMP_ENV, answer, combined, notice_data, notice_path, pending_line
from skillopt_sleep.proposals.review import status_data
from skillopt_sleep.store import Store

log = logging.getLogger(__name__)


def write_notice(store: Store) -> None:
    """Write the pending proposals of `store` to its notice file. A file that cannot be written is
    removed instead, so the hook asks the engine rather than repeat old news; neither fails the
    change that called this."""
    path = Path(notice_path(store.path))
    data = notice_data(store.path, status_data(store)["pending"])
    # First, so that it is the file's second line (pending_notice.DIGEST_LINE), which the runner reads.
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()
    try:
        write_json_atomic(path, {"digest": digest, **data})
    except OSError as exc:
        log.warning("cannot write the pending-proposal notice %s: %s", path, exc)
        try:
            os.unlink(path)
        except OSError:
            pass
    else:
        refresh_stamps(str(store.path))


# What a session start's answer is made by, besides the notice: a tree whose copies of these are
# the same gives the same answer.
READER_FILES = ("skillopt_sleep/proposals/pending_notice.py", "skillopt_sleep/proposals/answer_stamp.py",
                "skillopt_sleep/capture/bare.py")


@functools.lru_cache(maxsize=None)
def _reads_as_this_engine(root: str) -> bool:
    if os.path.realpath(root) == os.path.realpath(ROOT):
        return True
    try:
        return all(Path(root, name).read_bytes() == Path(ROOT, name).read_bytes() for name in READER_FILES)
    except (OSError, ValueError):
        return False


def refresh_stamps(store: str) -> None:
    """Answer again, as its reader would now, each session start that saved an answer from this
    store's notice (answer_stamp.register), so that the first start after a proposal is staged,
    adopted or reverted starts no Python either. Only the stamps of a runner whose reader is this
    one, byte for byte, are answered (another version of the plugin has its own say), and only
    where the stamp's environment gives a home; the list drops what is no longer a stamp. A stamp
    left as it was still answers only while its own grounds hold. Never fails the change."""
    registry = answer_stamp.stamps_path(store)
    listed = [line for line in dict.fromkeys(answer_stamp.read_lines(registry)) if line]
    kept = []
    for stamp in listed:
        asked = answer_stamp.question(stamp, len(STAMP_ENV)) if os.path.basename(stamp) == answer_stamp.STAMP_NAME else None
        if asked is None:
            continue
        kept.append(stamp)
        root, values, argv = asked
        env = {name: value for name, value in zip(STAMP_ENV, values) if value}
        try:
            if "HOME" in env and _reads_as_this_engine(root):
                answer(["--stamp", stamp, *argv], env, None, root)
        except Exception as exc:  # noqa: BLE001 - AskEngine, a folder gone, a path unfit: that start asks its reader
            log.debug("session start %s not answered again: %s", stamp, exc)
    if kept != listed:
        try:
            write_text_atomic(Path(registry), "".join(f"{stamp}\n" for stamp in kept))
        except OSError:
            pass


def session_context(store_path: Path, agent: str = "claude-code", snapshots: list[dict] | None = None) -> str | None:
    """What to add to a starting session's context, or None for nothing; the notice file is
    written on the way, so the next start reads it without the engine."""
    line = None
    if store_path.is_file():  # a hook must not create the store as a side effect
        with Store(store_path) as store:
            line = pending_line(status_data(store)["pending"], agent)
            write_notice(store)
    return combined(line, snapshots or [])
