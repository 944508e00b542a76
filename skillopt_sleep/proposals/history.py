"""One ledger entry per rule across nights, with its history: a rule staged on two nights,
adopted, reverted and then rejected by the user reads as one rule with "proposed 2x, adopted 1x,
reverted 1x, rejected by you", not as two unrelated lines.

Rules are the same when the gate would take them for the same (the user's rejections use the same
test): same skill file and the same normalised text."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.proposals.ledger import DECLINED, WITHHELD, LedgerEntry
from skillopt_sleep.proposals.reject import Rejection, normalised, rejections, skill_key
from skillopt_sleep.store import Store

# What each final status of a night says happened to the rule that night, in order.
_STEPS = {
    "proposed": ("proposed",),
    "adopted": ("proposed", "adopted"),
    "reverted": ("proposed", "adopted", "reverted"),
    DECLINED: ("proposed",),
    WITHHELD: ("held back",),
    "rejected": ("rejected by the gate",),
}


@dataclass
class RuleHistory:
    latest: LedgerEntry
    nights: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    rejected_by_you: bool = False

    def words(self) -> str:
        said = [f"{step} {n}x" for step, n in self.counts.items()]
        return ", ".join(said + (["rejected by you"] if self.rejected_by_you else []))

    def to_dict(self) -> dict:
        return {"nights": self.nights, "counts": self.counts, "rejected_by_you": self.rejected_by_you,
                "summary": self.words()}


def _rule_of(entry: LedgerEntry) -> tuple[str, str]:
    return skill_key(entry.skill_path), normalised(entry.text)


def histories(store: Store, entries: list[LedgerEntry]) -> list[RuleHistory]:
    """`entries` (one per rule and night, oldest first) folded into one history per rule."""
    found: dict[tuple[str, str], RuleHistory] = {}
    said_no: dict[str, list[Rejection]] = {}
    for entry in entries:
        rule = _rule_of(entry)
        history = found.setdefault(rule, RuleHistory(entry))
        history.latest = entry
        if entry.night_id not in history.nights:
            history.nights.append(entry.night_id)
        for step in _STEPS.get(entry.status, (entry.status,)):
            history.counts[step] = history.counts.get(step, 0) + 1
        known = said_no.setdefault(rule[0], rejections(store, entry.skill_path))
        history.rejected_by_you = history.rejected_by_you or any(
            r.rule_key == entry.rule_key or r.text_norm == rule[1] for r in known)
    return list(found.values())
