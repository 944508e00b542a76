"""Statistics for experiment tables: a mean with a 95% bootstrap interval, and a paired test of
after vs baseline on the same tasks and sampling seeds, with the raw counts beside them.

Units are (task, sampling seed) pairs scored under both skills. The interval resamples tasks
(each with all its seeds), since seeds of one task are not independent of each other; the paired
test is the gate's exact sign-flip test on the unit differences. Standard library only."""

from __future__ import annotations

import random
from statistics import mean

from skillopt_sleep.night.gate import sign_flip_p

BOOTSTRAP_SAMPLES = 4000


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


def compare(baseline: list[dict], after: list[dict]) -> dict:
    """Paired after - baseline over the (task, seed) units scored under both."""
    before_by = {(s["seed"], t): v for s in baseline for t, v in s.get("per_task_hard", {}).items()}
    after_by = {(s["seed"], t): v for s in after for t, v in s.get("per_task_hard", {}).items()}
    units = sorted(set(before_by) & set(after_by))
    differences = [after_by[u] - before_by[u] for u in units]
    task_deltas: dict[str, list[float]] = {}
    for (seed, task), difference in zip(units, differences):
        task_deltas.setdefault(task, []).append(difference)
    low, high = bootstrap_interval(task_deltas, seed=1)
    per_seed = []
    for seed in sorted({s for s, _ in units}):
        pairs = [(before_by[u], after_by[u]) for u in units if u[0] == seed]
        per_seed.append({"seed": seed, "before": f"{int(sum(b for b, _ in pairs))}/{len(pairs)}",
                         "after": f"{int(sum(a for _, a in pairs))}/{len(pairs)}",
                         "p": round(sign_flip_p([a - b for b, a in pairs]), 4)})
    return {"delta": round(mean(differences), 4) if differences else 0.0, "ci95": [round(low, 4), round(high, 4)],
            "p": round(sign_flip_p(differences), 4), "units": len(units),
            "wins": sum(d > 0 for d in differences), "losses": sum(d < 0 for d in differences), "per_seed": per_seed}
