"""The one line a new session hears about skillopt-sleep, and only when there is news.

"1 proposal pending for skill X: held-out 0.33 → 0.83; /skillopt-sleep review". Nothing when no
proposal waits. Staging, adopting and reverting write the notice file beside the store
(`write_notice`), which the SessionStart hook reads without the engine (`pending_notice.py`);
`session_context` is the engine's own answer, for when that file cannot give it. It runs inside
the hook, so it never creates the store, never raises, and prints nothing when anything goes wrong.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from skillopt_sleep.atomicfile import write_json_atomic
from skillopt_sleep.proposals.pending_notice import combined, notice_data, notice_path, pending_line
from skillopt_sleep.proposals.review import status_data
from skillopt_sleep.store import Store

log = logging.getLogger(__name__)


def write_notice(store: Store) -> None:
    """Write the pending proposals of `store` to its notice file. A file that cannot be written is
    removed instead, so the hook asks the engine rather than repeat old news; neither fails the
    change that called this."""
    path = Path(notice_path(store.path))
    try:
        write_json_atomic(path, notice_data(store.path, status_data(store)["pending"]))
    except OSError as exc:
        log.warning("cannot write the pending-proposal notice %s: %s", path, exc)
        try:
            os.unlink(path)
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
