"""Every rule earns its place: after a candidate passes the gate, each of its edits is left out
in turn and the held-out tasks replayed; an edit whose removal does not lower the score is
dropped (a tie goes to the shorter document). Each kept edit carries its measured effect."""

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
    effects: dict[str, float] = field(default_factory=dict)  # edit key -> full score - score without it
    final_score: float = 0.0
    replays: int = 0  # held-out replays spent


def attribute(edits: list[Edit], full_score: float, base_score: float, evaluate: Evaluate) -> Attribution:
    """Leave-one-out over `edits` (all landed in the candidate that scored `full_score`; the
    document without any of them scored `base_score`)."""
    if len(edits) == 1:
        return Attribution(list(edits), effects={edits[0].key(): round(full_score - base_score, 4)}, final_score=full_score)
    without: dict[str, float] = {}
    for edit in edits:
        without[edit.key()] = evaluate([e for e in edits if e is not edit])
    effects = {key: round(full_score - score, 4) for key, score in without.items()}
    kept = [e for e in edits if effects[e.key()] > EPSILON]
    if not kept:
        # Each edit is redundant given the others: keep the one whose absence costs most, the
        # shorter on a tie.
        kept = [min(edits, key=lambda e: (-effects[e.key()], len(e.text)))]
    dropped = [(e, f"leaving it out scored {without[e.key()]:.3f} vs {full_score:.3f} with it: no measured gain")
               for e in edits if e not in kept]
    result = Attribution(kept, dropped, effects, full_score, replays=len(edits))
    if not dropped:
        return result
    if len(dropped) == 1:
        result.final_score = without[dropped[0][0].key()]
    else:
        result.final_score = evaluate(kept)
        result.replays += 1
    if len(kept) == 1:
        result.effects[kept[0].key()] = round(result.final_score - base_score, 4)
    return result
