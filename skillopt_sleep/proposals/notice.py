"""The one line a new session hears about skillopt-sleep, and only when there is news.

"1 proposal pending for skill X: held-out 0.33 → 0.83; /skillopt-sleep review". Nothing when no
proposal waits. It runs inside the SessionStart hook, so it never creates the store, never
raises, and prints nothing at all when anything goes wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.proposals.review import status_data
from skillopt_sleep.store import Store

REVIEW_HINT = {"claude-code": "/skillopt-sleep review", "codex": "ask to run `skillopt-sleep review`"}


def _score(value: float | None) -> str:
    return "?" if value is None else f"{value:.2f}"


def _held_out(proposal: dict) -> str:
    return f"held-out {_score(proposal.get('val_before'))} → {_score(proposal.get('val_after'))}"


def pending_line(pending: list[dict], agent: str = "claude-code") -> str | None:
    """The announcement for these pending proposals (rows of `staging.status_data`), or None."""
    ready = [p for p in pending if p.get("stage_complete", True)]
    if not ready:
        return None
    hint = REVIEW_HINT.get(agent, REVIEW_HINT["claude-code"])
    if len(ready) == 1:
        only = ready[0]
        return f"skillopt-sleep: 1 proposal pending for skill {only.get('skill') or '?'}: {_held_out(only)}; {hint}"
    parts = ", ".join(f"skill {p.get('skill') or '?'} {_held_out(p)}" for p in ready)
    return f"skillopt-sleep: {len(ready)} proposals pending: {parts}; {hint}"


def stale_schedule_note(snapshots: list[dict]) -> str | None:
    """A schedule whose engine folder is gone (a plugin update removed the old version) runs
    nothing; say so, since its log is the only other place that would."""
    broken = [s.get("name", "?") for s in snapshots if not Path(s.get("engine", {}).get("pythonpath", "/")).is_dir()]
    if not broken:
        return None
    return f"the overnight schedule {', '.join(broken)} points to an engine that is no longer installed; run `skillopt-sleep schedule` again"


def session_context(store_path: Path, agent: str = "claude-code", snapshots: list[dict] | None = None) -> str | None:
    """What to add to a starting session's context, or None for nothing."""
    parts: list[str] = []
    if store_path.is_file():  # a hook must not create the store as a side effect
        with Store(store_path) as store:
            line = pending_line(status_data(store)["pending"], agent)
        if line:
            parts.append(line)
    note = stale_schedule_note(snapshots or [])
    if note:
        parts.append(("" if parts else "skillopt-sleep: ") + note)
    return "; ".join(parts) or None


def hook_output(text: str, event: str = "SessionStart") -> str:
    """The hook reply that both Claude Code and Codex read: `additionalContext` tells the model,
    `systemMessage` shows the same line to the user (both agents' SessionStart output takes both)."""
    return json.dumps({"systemMessage": text, "hookSpecificOutput": {"hookEventName": event, "additionalContext": text}},
                      ensure_ascii=False)
