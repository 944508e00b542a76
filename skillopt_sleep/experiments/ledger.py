"""The held-out ledger: one line per held-out scored, kept in the repository beside the results.
A held-out whose figures anyone has seen is no longer held out; scoring it again is refused
unless asked for, and a row scored on it says so ("viewed")."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.records import Task, stable_json, text_hash
from skillopt_sleep.store import utc_now

LEDGER_NAME = "heldout-ledger.jsonl"


def heldout_content_hash(tasks: list[Task]) -> str:
    """The held-out's identity by content: the requests and their checks, in a fixed order."""
    items = sorted(stable_json({"intent": t.intent, "judge": t.judge.to_dict()}) for t in tasks)
    return text_hash("\n".join(items))[:16]


@dataclass(frozen=True)
class LedgerEntry:
    heldout: str  # the held-out's label: a file, or the benchmark with its generating options
    content: str  # heldout_content_hash
    cell_id: str
    commit: str
    scored_at: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


class HeldoutLedger:
    def __init__(self, path: Path):
        self.path = path

    def entries(self) -> list[LedgerEntry]:
        if not self.path.exists():
            return []
        out = []
        for number, line in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                out.append(LedgerEntry(**json.loads(line)))
            except (json.JSONDecodeError, TypeError):
                raise ExperimentError(f"{self.path}:{number}: malformed ledger line") from None
        return out

    def earlier_uses(self, label: str, content: str, cell_id: str) -> list[LedgerEntry]:
        """Entries that scored this held-out (same label or same content) for another cell. The
        same cell resuming after a kill repeats its own measurement from the call record."""
        return [e for e in self.entries()
                if (e.heldout == label or (e.content and e.content == content)) and e.cell_id != cell_id]

    def claim(self, label: str, tasks: list[Task], cell_id: str, commit: str, *, allow_viewed: bool) -> bool:
        """Record that `cell_id` scores this held-out; True when it was scored before (the row is
        then "viewed"). Refused when it was and `allow_viewed` is not set."""
        content = heldout_content_hash(tasks)
        earlier = self.earlier_uses(label, content, cell_id)
        if earlier and not allow_viewed:
            first = earlier[0]
            raise ExperimentError(f"held-out {label} was scored before (cell {first.cell_id}, commit "
                                  f"{first.commit[:12] or 'unknown'}); a held-out is used once: give the cell a new "
                                  "request seed, or pass --rescore-heldout to score it again as a viewed figure")
        mine = [e for e in self.entries() if e.cell_id == cell_id and e.content == content]
        if not mine:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as handle:
                entry = LedgerEntry(heldout=label, content=content, cell_id=cell_id, commit=commit, scored_at=utc_now())
                handle.write(json.dumps(entry.to_dict(), sort_keys=True) + "\n")
        return bool(earlier)
