"""What `status` shows: the nights so far, the proposals waiting, the skills the sessions used
and the transcripts held back. It reads the store and builds no backend."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.api.options import Settings, as_config
from skillopt_sleep.capture.quarantine import quarantine_text, quarantined
from skillopt_sleep.places import Places
from skillopt_sleep.proposals.review import status_data, status_text
from skillopt_sleep.tasks.skills import describe
from skillopt_sleep.tasks.skilluse import resolutions


@dataclass(frozen=True)
class Status:
    """The store's state as data (what `status --json` prints) and as text (what `status` prints)."""

    data: dict  # nights, proposals, capture losses, skills, quarantined transcripts
    text: str  # the same, as `status` prints it


def status(settings: Settings) -> Status:
    """The store's nights and pending proposals, the skills its sessions used and the transcripts
    ingest quarantined; an older store is read as it is, without migrating it."""
    config = as_config(settings)
    places = Places.from_config(config)
    with places.read_store() as store:
        current = not store.missing_migrations  # an older store, read-only: these tables may be missing
        data = status_data(store, staging_root=places.staging)
        used = resolutions(store) if current else []
        data["quarantined_transcripts"] = quarantined(store) if current else []
        data["skills"] = [r.to_dict() for r in used]
        text = status_text(store, staging_root=places.staging)
        if used:
            text += "\n\nSkills the sessions used:\n" + "\n".join("  " + describe(r) for r in used)
        held = quarantine_text(store) if current else ""
    return Status(data, text + ("\n\n" + held if held else ""))
