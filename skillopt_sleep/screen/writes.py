"""The screen of a write to a live file: what adopt or revert would put there is judged as a
proposed rule is, whatever route it came by, against the texts the night started from and the
sessions its tasks came from (as the night's record in the store says)."""

from __future__ import annotations

import json

from skillopt_sleep.screen.docscreen import Held, screen_change
from skillopt_sleep.screen.provenance import Provenance, user_provenance
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo


def _recorded_report(store: Store, night_id: str) -> dict:
    row = store.query_one("SELECT report_json FROM nights WHERE id = ?", (night_id,))
    try:
        data = json.loads(row["report_json"]) if row is not None and row["report_json"] else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _night_provenance(store: Store, report: dict) -> Provenance | None:
    split = report.get("split") if isinstance(report.get("split"), dict) else {}
    ids = [i for part in ("train", "val") for i in split.get(part) or [] if isinstance(i, str)]
    repo = TaskRepo(store)
    tasks = [task for task in (repo.get(i) for i in ids) if task is not None]
    return user_provenance(store, tasks) if tasks else None


def held_on_write(store: Store, night_id: str, files: list[tuple[str, str, str]]) -> list[Held]:
    """What of the writes `files` ((kind, live text now, text to write)) the screen stops. The
    texts the night started from (as its record in the store says) are the user's own: a line
    of them put back adds nothing."""
    report = _recorded_report(store, night_id)
    started = "\n".join(str(report.get(k) or "") for k in ("original_skill_text", "original_memory_text"))
    memory = next((before for kind, before, _ in files if kind == "memory"), str(report.get("original_memory_text") or ""))
    own = "\n".join(before for _, before, _ in files) + "\n" + started
    provenance = _night_provenance(store, report)
    return [held for kind, before, after in files
            for held in screen_change(kind, before, after, memory=memory, own=own, provenance=provenance)]


def write_screen(store: Store, night_id: str, files: list[tuple[str, str, str]]) -> list[str]:
    """`held_on_write`, one line for each part it stops."""
    return [held.line() for held in held_on_write(store, night_id, files)]
