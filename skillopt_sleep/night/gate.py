"""The validation gate, vendored and self-contained (standard library only) so that it can be
read, audited and copied on its own.

A candidate is accepted only on a strict improvement of the mean selection score over the same
held-out task ids; ties reject. Optionally no single task may get worse. With fewer held-out
tasks than `min_tasks` the gate cannot judge and says "unverified", which never accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ACCEPT = "accept"
REJECT = "reject"
UNVERIFIED = "unverified"


@dataclass
class GateVerdict:
    decision: str
    reason: str
    current_score: float
    candidate_score: float
    task_ids: list[str] = field(default_factory=list)
    regressions: list[str] = field(default_factory=list)
    arithmetic: str = ""

    @property
    def accepted(self) -> bool:
        return self.decision == ACCEPT


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def judge_candidate(
    current: dict[str, float],
    candidate: dict[str, float],
    *,
    min_tasks: int = 1,
    no_regression: bool = False,
    min_delta: float = 0.0,
    epsilon: float = 1e-9,
) -> GateVerdict:
    """current / candidate: held-out task id -> selection score of the current and the candidate
    document. Only ids scored under both are compared."""
    ids = sorted(set(current) & set(candidate))
    cur = _mean([current[i] for i in ids])
    cand = _mean([candidate[i] for i in ids])
    if len(ids) < max(1, min_tasks):
        return GateVerdict(
            UNVERIFIED,
            f"only {len(ids)} held-out task(s) scored under both; the gate needs at least {max(1, min_tasks)}",
            cur,
            cand,
            ids,
            arithmetic=f"n={len(ids)} < {max(1, min_tasks)}: not judged",
        )
    delta = cand - cur
    regressions = [i for i in ids if candidate[i] < current[i] - epsilon]
    arithmetic = (
        f"candidate {cand:.3f} - current {cur:.3f} = {delta:+.3f} over {len(ids)} held-out task(s)"
        f" (needs > {min_delta:+.3f})"
    )
    if delta <= min_delta + epsilon:
        why = "tie" if abs(delta) <= epsilon else ("worse" if delta < 0 else "improvement too small")
        return GateVerdict(REJECT, f"no strict improvement ({why})", cur, cand, ids, regressions, arithmetic)
    if no_regression and regressions:
        return GateVerdict(
            REJECT,
            f"improves the mean but regresses {len(regressions)} task(s): {', '.join(regressions[:5])}",
            cur,
            cand,
            ids,
            regressions,
            arithmetic,
        )
    return GateVerdict(ACCEPT, "strict improvement on held-out tasks", cur, cand, ids, regressions, arithmetic)
