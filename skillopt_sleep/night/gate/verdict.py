"""The validation gate, vendored and self-contained (standard library only) so that it can be
read, audited and copied on its own.

Two modes over the same held-out task ids:
- strict (`judge_candidate`): accepted only on a strict improvement of the mean selection score;
  ties reject. Optionally no single task may get worse.
- paired (`judge_paired`): the candidate and the current document are compared task by task
  (each held-out task replayed K times with the same sampling seeds under both, its samples
  averaged), and the mean gain must be positive and unlikely under sampling noise: an exact
  one-sided sign-flip test over the tasks' differences at the chosen confidence. The task is the
  unit because a task's samples share whatever the task itself does to the student: counting
  them as independent would make three samples of one task look like three tasks. With n tasks
  the smallest p the test can reach is 1/2^n, so fewer tasks than that needs for the level make
  the gate "unverified" (three at the default 0.2). A positive gain the test cannot yet tell from
  noise is "undecided": the caller may replay one more sample per task under both documents and
  look again, at the level the earlier looks left unspent, so that over all looks an edit that
  does nothing is accepted at most 1 - confidence of the time. (A night holds several gates; they
  share that budget through the confidence each is given: night/gate/budget.py.)
With fewer held-out tasks than `min_tasks` the gate cannot judge and says "unverified", which
never accepts.
"""

from __future__ import annotations

import math
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
    # paired only: a positive gain the test could not yet tell from noise, and the chance this
    # look had of accepting an edit that does nothing (what a further look, or a later gate of
    # the night, must leave unspent)
    undecided: bool = False
    size: float = 0.0

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
    needed = tasks_to_judge(min_tasks)
    if len(ids) < needed:
        return GateVerdict(
            UNVERIFIED,
            f"only {len(ids)} held-out task(s) scored under both; the gate needs at least {needed}",
            cur,
            cand,
            ids,
            arithmetic=f"n={len(ids)} < {needed}: not judged",
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


QUANTUM = 10**6  # differences are scores in [-1, 1]; summed exactly on this grid
MAX_SUMS = 200_000  # past this many distinct sums the null distribution is sampled instead
SAMPLED_PATTERNS = 20000


def _nonzero(differences: list[float]) -> list[int]:
    """Zero differences carry no sign and are left out."""
    return [q for q in (round(d * QUANTUM) for d in differences) if q]


def _null_counts(values: list[int]) -> dict[int, int] | None:
    """Sum -> number of sign patterns (each value kept or negated) with that sum, or None when
    the values spread over too many sums to count exactly."""
    counts = {0: 1}
    for value in values:
        grown: dict[int, int] = {}
        for total, n in counts.items():
            grown[total + value] = grown.get(total + value, 0) + n
            grown[total - value] = grown.get(total - value, 0) + n
        if len(grown) > MAX_SUMS:
            return None
        counts = grown
    return counts


def sign_flip_p(differences: list[float], *, seed: int = 0) -> float:
    """One-sided p-value that the mean of `differences` is this large by chance: the share of
    sign patterns whose sum is at least the observed sum."""
    values = _nonzero(differences)
    if not values:
        return 1.0
    observed = sum(values)
    counts = _null_counts(values)
    if counts is not None:
        return sum(n for total, n in counts.items() if total >= observed) / 2 ** len(values)
    rng = random.Random(seed)
    hits = sum(sum(v if rng.random() < 0.5 else -v for v in values) >= observed for _ in range(SAMPLED_PATTERNS))
    return (hits + 1) / (SAMPLED_PATTERNS + 1)


def attained_size(differences: list[float], alpha: float) -> float:
    """How often the sign-flip test at level `alpha` accepts when the edit does nothing, given
    these differences' sizes: the largest tail share at or below `alpha`. With few pairs that
    differ it is well under `alpha` (two wins can never reach p 0.2), and what is left of
    `alpha` may be spent on a further look. Without an exact count the whole `alpha` is spent."""
    values = _nonzero(differences)
    counts = _null_counts(values) if values else {}
    if counts is None:
        return alpha
    size, tail = 0.0, 0
    for total in sorted(counts, reverse=True):
        tail += counts[total]
        share = tail / 2 ** len(values)
        if share > alpha + 1e-12:
            break
        size = share
    return size


def tasks_to_judge(min_tasks: int, confidence: float | None = None) -> int:
    """The fewest held-out tasks a gate can judge on: its configured least, and for the paired
    gate (which has a `confidence`) the fewest on which its sign-flip over tasks can reach it."""
    return max(1, min_tasks, tasks_needed(1.0 - confidence) if confidence is not None else 1)


def tasks_needed(alpha: float) -> int:
    """The fewest tasks on which a one-sided sign-flip test over tasks can reach p <= alpha: with n
    tasks the smallest p is 1/2^n (every task better)."""
    if alpha <= 0:
        return 1 << 30
    return max(1, math.ceil(math.log2(1 / alpha) - 1e-9))


def judge_paired(
    current: dict[str, list[float]],
    candidate: dict[str, list[float]],
    *,
    confidence: float,
    spent: float = 0.0,
    min_tasks: int = 1,
    no_regression: bool = False,
    epsilon: float = 1e-9,
) -> GateVerdict:
    """current / candidate: held-out task id -> the selection score of each sample, in sample
    order (sample k of a task used the same sampling seed under both documents); only samples
    scored under both are compared. `spent`: the share of the 1 - confidence false-accept budget
    that earlier looks at the same comparison used (see `attained_size`)."""
    ids = sorted(set(current) & set(candidate))
    paired = {i: list(zip(current[i], candidate[i])) for i in ids}
    ids = [i for i in ids if paired[i]]
    pairs = [pair for i in ids for pair in paired[i]]
    cur_task = {i: _mean([c for c, _ in paired[i]]) for i in ids}
    cand_task = {i: _mean([d for _, d in paired[i]]) for i in ids}
    cur, cand = _mean(list(cur_task.values())), _mean(list(cand_task.values()))
    needed = tasks_to_judge(min_tasks, confidence)
    if len(ids) < needed:
        return GateVerdict(UNVERIFIED, f"only {len(ids)} held-out task(s) scored under both; the gate needs at least "
                           f"{needed} (with n tasks a sign-flip over tasks reaches no p below 1/2^n)", cur, cand, ids,
                           arithmetic=f"n={len(ids)} < {needed}: not judged")
    differences = [cand_task[i] - cur_task[i] for i in ids]
    p = sign_flip_p(differences)
    wins, losses = sum(x > epsilon for x in differences), sum(x < -epsilon for x in differences)
    regressions = [i for i, x in zip(ids, differences) if x < -epsilon]
    alpha = max(0.0, 1.0 - confidence - spent)
    arithmetic = (f"candidate {cand:.3f} - current {cur:.3f} = {cand - cur:+.3f} over {len(ids)} task(s) "
                  f"({len(pairs)} paired samples, averaged within each task); {wins} better, {losses} worse; "
                  f"sign-flip over tasks p = {p:.3f} (needs <= {alpha:.3f})")
    # Whatever this look decides, it had this chance of accepting an edit that does nothing.
    size = attained_size(differences, alpha)
    if cand - cur <= epsilon:
        why = "tie" if abs(cand - cur) <= epsilon else "worse"
        return GateVerdict(REJECT, f"no improvement ({why})", cur, cand, ids, regressions, arithmetic, p, size=size)
    if p > alpha + epsilon:
        return GateVerdict(REJECT, f"the gain could be sampling noise (p = {p:.3f} > {alpha:.3f})", cur, cand, ids,
                           regressions, arithmetic, p, undecided=True, size=size)
    if no_regression and regressions:
        return GateVerdict(REJECT, f"improves the mean but regresses {len(regressions)} task(s): {', '.join(regressions[:5])}",
                           cur, cand, ids, regressions, arithmetic, p, size=size)
    return GateVerdict(ACCEPT, f"paired improvement on held-out tasks (p = {p:.3f})", cur, cand, ids, regressions, arithmetic,
                       p, size=size)
