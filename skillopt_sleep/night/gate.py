"""The validation gate, vendored and self-contained (standard library only) so that it can be
read, audited and copied on its own.

Two modes over the same held-out task ids:
- strict (`judge_candidate`): accepted only on a strict improvement of the mean selection score;
  ties reject. Optionally no single task may get worse.
- paired (`judge_paired`): the candidate and the current document are compared sample by sample
  (each held-out task replayed K times with the same sampling seeds under both), and the mean
  gain must be positive and unlikely under sampling noise: an exact one-sided sign-flip test of
  the paired differences at the chosen confidence.
With fewer held-out tasks than `min_tasks` the gate cannot judge and says "unverified", which
never accepts.
"""

from __future__ import annotations

import itertools
import random
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
    p_value: float | None = None

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


EXACT_LIMIT = 16  # up to 2**16 sign patterns are enumerated; more are sampled
SAMPLED_PATTERNS = 20000


def sign_flip_p(differences: list[float], *, seed: int = 0) -> float:
    """One-sided p-value that the mean of `differences` is this large by chance: the share of
    sign patterns (each difference kept or negated) whose sum is at least the observed sum.
    Zero differences carry no sign and are left out."""
    values = [d for d in differences if abs(d) > 1e-12]
    if not values:
        return 1.0
    observed = sum(values) - 1e-12
    if len(values) <= EXACT_LIMIT:
        patterns = itertools.product((1, -1), repeat=len(values))
        hits = total = 0
        for signs in patterns:
            total += 1
            hits += sum(s * v for s, v in zip(signs, values)) >= observed
        return hits / total
    rng = random.Random(seed)
    hits = sum(sum(v if rng.random() < 0.5 else -v for v in values) >= observed for _ in range(SAMPLED_PATTERNS))
    return (hits + 1) / (SAMPLED_PATTERNS + 1)


def judge_paired(
    current: dict[str, list[float]],
    candidate: dict[str, list[float]],
    *,
    confidence: float = 0.8,
    min_tasks: int = 1,
    no_regression: bool = False,
    epsilon: float = 1e-9,
) -> GateVerdict:
    """current / candidate: held-out task id -> the selection score of each sample, in sample
    order (sample k of a task used the same sampling seed under both documents)."""
    ids = sorted(set(current) & set(candidate))
    pairs = [(c, d) for i in ids for c, d in zip(current[i], candidate[i])]
    cur_task = {i: _mean(current[i]) for i in ids}
    cand_task = {i: _mean(candidate[i]) for i in ids}
    cur, cand = _mean(list(cur_task.values())), _mean(list(cand_task.values()))
    if len(ids) < max(1, min_tasks):
        return GateVerdict(UNVERIFIED, f"only {len(ids)} held-out task(s) scored under both; the gate needs at least "
                           f"{max(1, min_tasks)}", cur, cand, ids, arithmetic=f"n={len(ids)} < {max(1, min_tasks)}: not judged")
    differences = [d - c for c, d in pairs]
    p = sign_flip_p(differences)
    wins, losses = sum(x > epsilon for x in differences), sum(x < -epsilon for x in differences)
    regressions = [i for i in ids if cand_task[i] < cur_task[i] - epsilon]
    alpha = 1.0 - confidence
    arithmetic = (f"candidate {cand:.3f} - current {cur:.3f} = {cand - cur:+.3f} over {len(ids)} task(s) x samples; "
                  f"{wins} better, {losses} worse of {len(pairs)} pairs; sign-flip p = {p:.3f} (needs <= {alpha:.3f})")
    if cand - cur <= epsilon:
        why = "tie" if abs(cand - cur) <= epsilon else "worse"
        return GateVerdict(REJECT, f"no improvement ({why})", cur, cand, ids, regressions, arithmetic, p)
    if p > alpha + epsilon:
        return GateVerdict(REJECT, f"the gain could be sampling noise (p = {p:.3f} > {alpha:.3f})", cur, cand, ids,
                           regressions, arithmetic, p)
    if no_regression and regressions:
        return GateVerdict(REJECT, f"improves the mean but regresses {len(regressions)} task(s): {', '.join(regressions[:5])}",
                           cur, cand, ids, regressions, arithmetic, p)
    return GateVerdict(ACCEPT, f"paired improvement on held-out tasks (p = {p:.3f})", cur, cand, ids, regressions, arithmetic, p)
