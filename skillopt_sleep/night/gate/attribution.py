"""Every rule earns its place: after a candidate passes the gate, its edits are left out one at a
time and the held-out tasks replayed. While some edit's removal does not lower the score, the one
the document misses least is dropped (the one that adds the most text on a tie: a tie goes to the
shorter document) and the rest are measured again, so two edits that say the same thing, each
free while the other stays, are not both dropped. Each kept edit carries its measured effect."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from skillopt_sleep.records import Edit

EPSILON = 1e-9

# (edits to apply) -> the held-out selection score of the document they make
Evaluate = Callable[[list[Edit]], float]


@dataclass
class Attribution:
    kept: list[Edit]
    dropped: list[tuple[Edit, str]] = field(default_factory=list)
    # edit key -> score with it - score without it, measured among the edits still kept then
    effects: dict[str, float] = field(default_factory=dict)
    final_score: float = 0.0
    replays: int = 0  # held-out replays spent


def added_length(edit: Edit) -> int:
    """How much longer the edit makes the document (negative for a delete)."""
    if edit.op == "delete":
        return -len(edit.anchor)
    if edit.op == "replace":
        return len(edit.text) - len(edit.anchor)
    return len(edit.text)


def attribute(edits: list[Edit], full_score: float, base_score: float, evaluate: Evaluate) -> Attribution:
    """Backward elimination over `edits` (all landed in the candidate that scored `full_score`;
    the document without any of them scored `base_score`). One edit always stays: the gate
    accepted the bundle, so together they helped."""
    result = Attribution(list(edits), final_score=full_score)
    while len(result.kept) > 1:
        without = {e.key(): evaluate([other for other in result.kept if other is not e]) for e in result.kept}
        result.replays += len(result.kept)
        for edit in result.kept:
            result.effects[edit.key()] = round(result.final_score - without[edit.key()], 4)
        idle = [e for e in result.kept if result.effects[e.key()] <= EPSILON]
        if not idle:
            return result
        edit = max(idle, key=lambda e: (without[e.key()], added_length(e)))
        result.dropped.append((edit, f"leaving it out scored {without[edit.key()]:.3f} vs "
                                     f"{result.final_score:.3f} with it: no measured gain"))
        result.kept = [e for e in result.kept if e is not edit]
        result.final_score = without[edit.key()]
    result.effects[result.kept[0].key()] = round(result.final_score - base_score, 4)
    return result
