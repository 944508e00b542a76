"""Where the learned rules stand in the skill.

Nights append their rules in a managed region at the end of the skill, after the user's own text.
The small student is swayed by order, and not always the same way: with the same rules, one of
our benchmark skills met its held-out checks far more often with the rules first, another far less
often (a sentence of its own that pulls against a rule then came last). So the order is a
hypothesis like any rule, measured once a night: after the gate accepts a round's candidate that
leaves the region after the user's text, the same candidate with the region first is replayed on
the gate's samples and kept when it scores higher and still passes the gate. Judged alone against
the skill the round left, the gate's few held-out tasks could not confirm a move that tripled the
held-out passes of one skill; riding in the candidate, a move that hurt another skill sank the
round's good rules with it. The user's words are moved below the rules, never changed."""

from __future__ import annotations

from skillopt_sleep.night.propose.skilldoc import managed_text, rules_lead
from skillopt_sleep.records import Edit


def lead_edit(skill_text: str, edits: list[Edit]) -> Edit | None:
    """The move of the managed region to the top of the body, or None where it has no rules or
    already leads. `edits`: the accepted rules, whose tasks are the move's evidence."""
    rules = managed_text(skill_text).strip()
    if not rules or rules_lead(skill_text):
        return None
    evidence = sorted({task for edit in edits for task in edit.evidence})
    return Edit(op="lead", anchor=rules, source="placement", evidence_kind="checks", evidence=evidence,
                rationale="the learned rules before the skill's own text, where the student may follow them better")
