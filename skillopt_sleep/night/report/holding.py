"""A night's change that fails the document screen is held for the user, never staged.

The rounds and the slow update screen what they propose; this looks once more at everything the
night would write, skill and memory, as the files would change (`docscreen`). Whatever fails
there is kept in the ledger with its reason, the night ends `held`, and no proposal is pending:
`review` and the report show the user what was held and why. Adopt and revert screen again what
they are about to write (`screen.writes`), so a staged file or a backup changed on disk since,
or a route missed here, still meets the same screen."""

from __future__ import annotations

from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Task
from skillopt_sleep.screen.docscreen import Held, screen_change
from skillopt_sleep.screen.provenance import user_provenance
from skillopt_sleep.store import Store

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
