"""A night's change that fails the document screen is held for the user, never staged.

The rounds and the slow update screen what they propose; this looks once more at everything the
night would write, skill and memory, as the files would change (`docscreen`). Whatever fails
there is kept in the ledger with its reason, the night ends `held`, and no proposal is pending:
`review` and the report show the user what was held and why. Adopt and revert screen again what
they are about to write (`held_on_write`), so a staged file or a backup changed on disk since,
or a route missed here, still meets the same screen."""

from __future__ import annotations

import json

from skillopt_sleep.night.docscreen import Held, screen_change
from skillopt_sleep.night.provenance import Provenance, user_provenance
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo

HELD = "held"
HELD_NOTE = "held for you, not proposed: "


def night_change_held(store: Store, report, tasks: list[Task]) -> list[Held]:
    """What of the night's final skill and memory the screen stops, against the texts it started from."""
    provenance = user_provenance(store, tasks)
    memory = report.original_memory_text
    own = report.original_skill_text + "\n" + memory
    return (screen_change("skill", report.original_skill_text, report.final_skill_text, memory=memory, own=own,
                          provenance=provenance)
            + screen_change("memory", memory, report.final_memory_text, memory=memory, own=own, provenance=provenance))


def hold_if_unscreened(store: Store, report, tasks: list[Task]) -> list[Held]:
    """End an accepted night `held` when part of its change fails the screen, saying why."""
    held = night_change_held(store, report, tasks)
    if not held:
        return held
    report.status = HELD
    for item in held:
        report.notes.append(HELD_NOTE + item.line())
        if not report.dry_run:
            ledger.record(store, report.skill_path, report.night_id, item.edit, item.status, reason=item.why)
    return held


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
    """`held_on_write` as adopt and revert take it (`proposals.screened.Screen`): one line each."""
    return [held.line() for held in held_on_write(store, night_id, files)]
