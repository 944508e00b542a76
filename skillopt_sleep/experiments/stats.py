"""Statistics for experiment tables: a mean with a 95% bootstrap interval, and a paired test of
after vs baseline on the same tasks and sampling seeds, with the raw counts beside them.

The unit of every interval and every test here is the task. A task's sampling seeds (and, across
independent nights, its nights) share the task, so they are not independent of each other: a
task's differences are averaged first, the interval resamples tasks, and the sign-flip test flips
the sign of a whole task's mean difference. Flipping (task, seed) pairs one by one would count one
lucky task three times and reject a true null far more often than its level says. Standard
library only."""

from __future__ import annotations

import random
from statistics import mean, pstdev, stdev

from skillopt_sleep.night.gate.verdict import sign_flip_p

BOOTSTRAP_SAMPLES = 4000
UNIT = "task"  # what the interval resamples and the test flips; reports state it
TIE = 1e-3  # per-task scores are kept to 4 decimals; a smaller difference is rounding
# Two-sided 95% quantiles of Student's t by degrees of freedom: a few nights are too few to
# resample, so their interval is the t interval of the nights' mean gain.
T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
         12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042}


def t_quantile(df: int) -> float:
    """The 97.5% t quantile for `df`, the table's next smaller df where it skips (wider, never narrower)."""
    return T_975[max(k for k in T_975 if k <= df)] if df <= 30 else 1.96


def night_interval(deltas: list[float]) -> list[float]:
    """95% t interval of the mean gain with the night as the unit ([d, d] for one night)."""
    if len(deltas) < 2:
        return [round(deltas[0], 4)] * 2 if deltas else [0.0, 0.0]
    half = t_quantile(len(deltas) - 1) * stdev(deltas) / len(deltas) ** 0.5
    return [round(mean(deltas) - half, 4), round(mean(deltas) + half, 4)]


def _per_task(per_seed: list[dict], key: str = "per_task_hard") -> dict[str, list[float]]:
    tasks: dict[str, list[float]] = {}
    for seed in per_seed:
        for task, value in seed.get(key, {}).items():
            tasks.setdefault(task, []).append(float(value))
    return tasks


def bootstrap_interval(per_task: dict[str, list[float]], *, seed: int = 0) -> tuple[float, float]:
    """95% percentile interval of the mean over tasks (each task's mean over its seeds)."""
    means = [mean(values) for values in per_task.values() if values]
    if not means:
        return (0.0, 0.0)
    rng = random.Random(seed)
    draws = sorted(mean(rng.choice(means) for _ in means) for _ in range(BOOTSTRAP_SAMPLES))
    return (draws[int(0.025 * len(draws))], draws[int(0.975 * len(draws)) - 1])


def summarize_scores(per_seed: list[dict]) -> dict:
    tasks = _per_task(per_seed)
    values = [v for vs in tasks.values() for v in vs]
    low, high = bootstrap_interval(tasks)
    return {"mean": round(mean(values), 4) if values else 0.0, "ci95": [round(low, 4), round(high, 4)],
            "passed": int(sum(values)), "units": len(values)}


def _by_unit(per_seed: list[dict], key: str = "per_task_hard") -> dict[tuple, float]:
    return {(s["seed"], t): v for s in per_seed for t, v in s.get(key, {}).items()}


def with_soft(scored: dict) -> list[dict] | None:
    """The per_seed list of a scored split (a row's baseline or after) with each seed's
    `per_task_soft`, the share of checks met per task; None where it cannot be known.
    Rows written before it was kept give it through their selection score: under the mixed
    metric a task's score is the mean of hard and soft, so soft is 2 x score - hard; under soft it
    is the score. Which metric a row used shows in its own means (score beside hard and soft).
    Both kept and derived values carry the rounding of 4 decimals; `settled` reads such a
    difference as the tie it is."""
    per_seed = scored.get("per_seed") or []
    if per_seed and all("per_task_soft" in s for s in per_seed):
        return per_seed
    score, hard, soft = (scored.get(k) for k in ("score", "hard", "soft"))
    if None in (score, hard, soft) or abs(hard - soft) < 1e-3:
        return None  # hard alone, or a metric the means cannot tell apart
    if abs(score - (hard + soft) / 2) < 1e-3:
        mixed = True
    elif abs(score - soft) < 1e-3:
        mixed = False
    else:
        return None

    def soft_of(value: float, hard_one: float) -> float:
        return round(2 * value - hard_one, 4) if mixed else value

    return [{**s, "per_task_soft": {t: soft_of(v, s["per_task_hard"][t]) for t, v in s.get("per_task", {}).items()
                                    if t in s.get("per_task_hard", {})}} for s in per_seed]


def settled(value: float) -> float:
    """A difference within rounding of zero is a tie. Rows keep per-task scores to 4 decimals, so
    a task at 1/3 before and at (1/3 + 2/3 + 0) / 3 after differs by 0.0001 in the row: counted
    as a sign it made a win (or, through 2 x score - hard, a loss) that no answer made."""
    return 0.0 if abs(value) < TIE else value


def task_test(task_deltas: dict[str, list[float]]) -> dict:
    """The mean difference with its interval and p, all with the task as the unit."""
    means = [settled(mean(values)) for values in task_deltas.values() if values]
    low, high = bootstrap_interval(task_deltas, seed=1)
    return {"delta": round(mean(means), 4) if means else 0.0, "ci95": [round(low, 4), round(high, 4)],
            "p": round(sign_flip_p(means), 4), "unit": UNIT, "tasks": len(means),
            "tasks_better": sum(m > 0 for m in means), "tasks_worse": sum(m < 0 for m in means)}


def compare(baseline: list[dict], after: list[dict]) -> dict:
    """Paired after - baseline over the (task, seed) units scored under both, tested by task."""
    before_by, after_by = _by_unit(baseline), _by_unit(after)
    units = sorted(set(before_by) & set(after_by))
    task_deltas: dict[str, list[float]] = {}
    for seed, task in units:
        task_deltas.setdefault(task, []).append(after_by[(seed, task)] - before_by[(seed, task)])
    differences = [d for values in task_deltas.values() for d in values]
    per_seed = []
    for seed in sorted({s for s, _ in units}):
        pairs = [(before_by[u], after_by[u]) for u in units if u[0] == seed]
        # Within one seed the tasks are the units, each once.
        per_seed.append({"seed": seed, "before": f"{int(sum(b for b, _ in pairs))}/{len(pairs)}",
                         "after": f"{int(sum(a for _, a in pairs))}/{len(pairs)}",
                         "p": round(sign_flip_p([a - b for b, a in pairs]), 4)})
    return {**task_test(task_deltas), "units": len(units), "wins": sum(d > 0 for d in differences),
            "losses": sum(d < 0 for d in differences), "per_seed": per_seed}


def compare_nights(runs: list[tuple[list[dict], list[dict]]], key: str = "per_task_hard") -> dict:
    """Independent nights of one cell, each a (baseline per_seed, after per_seed) pair over the
    same tasks: the test by task (each task's difference averaged over nights and seeds), and
    beside it the spread of the mean difference across nights and across sampling seeds. `key`
    names the per-task measure: hard (every check met) or `per_task_soft` (see `with_soft`)."""
    task_deltas: dict[str, list[float]] = {}
    night_deltas: list[float] = []
    seed_spreads: list[float] = []  # within each night, across its sampling seeds
    for baseline, after in runs:
        before_by, after_by = _by_unit(baseline, key), _by_unit(after, key)
        units = sorted(set(before_by) & set(after_by))
        for seed, task in units:
            task_deltas.setdefault(task, []).append(after_by[(seed, task)] - before_by[(seed, task)])
        if units:
            night_deltas.append(mean(after_by[u] - before_by[u] for u in units))
        seed_deltas = [mean(after_by[u] - before_by[u] for u in units if u[0] == seed) for seed in sorted({s for s, _ in units})]
        if len(seed_deltas) > 1:
            seed_spreads.append(pstdev(seed_deltas))
    return {**task_test(task_deltas), "nights": len(night_deltas),
            "night_deltas": [round(d, 4) for d in night_deltas],
            "night_delta": round(mean(night_deltas), 4) if night_deltas else 0.0,
            "night_ci95": night_interval(night_deltas),
            "sd_nights": round(pstdev(night_deltas), 4) if len(night_deltas) > 1 else 0.0,
            "sd_seeds": round(mean(seed_spreads), 4) if seed_spreads else 0.0,
            # With nights as the unit: 3 nights can never go below p 1/8, which the table says.
            "p_nights": round(sign_flip_p([settled(d) for d in night_deltas]), 4)}
