"""The coding workload's held-out measurement: each held-out request replayed as an agent episode
in a sandboxed copy of the person's repository at its commit, under a skill, once per sampling
seed, and judged by the repository (the answer key's judge patch applied after the episode,
then the verification) and by the conventions' trajectory and diff checks.

Two rates per episode: the outcome (every verification passed) and the convention rate (the
share of the request's convention checks that passed). Statistics take the request as the unit
(stats.py): a request's seeds are averaged first, the 95% interval is a bootstrap over requests
and the paired test flips the sign of a request's mean difference."""

from __future__ import annotations

from typing import Callable

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.experiments.stats import compare, summarize_scores
from skillopt_sleep.records import Check, Rollout, Task
from skillopt_sleep.store import Store
from skillopt_sleep.students.base import Student, Texts
from skillopt_sleep.tasks.judges.repo import OUTCOME_OP

RATES = ("outcome", "convention")

StudentFor = Callable[[CallRecorder], Student]  # the held-out student, its calls in the arm's record


def episode_rates(rollout: Rollout) -> dict[str, float]:
    """The outcome (1 when every verification part passed) and the share of checks passed."""
    parts = rollout.score.checks
    outcomes = [r for r in parts if r.op == OUTCOME_OP]
    checks = [r for r in parts if r.op != OUTCOME_OP]
    return {"outcome": float(bool(outcomes) and all(r.passed for r in outcomes)),
            "convention": sum(r.passed for r in checks) / len(checks) if checks else 1.0}


def replay_arm(tasks: list[Task], skill_text: str, student: Student, seeds: list[int]) -> list[dict]:
    """Every request once under each seed; per seed, each request's rates, which checks passed,
    the trajectory, and the episodes the machine could not judge (left out of the rates)."""
    per_seed = []
    for seed in seeds:
        row: dict = {"seed": seed, "errors": {}, "checks": {}, "trajectory": {}, "failed": {}, "sandboxed": 0,
                     **{f"per_task_{rate}": {} for rate in RATES}}
        for task in tasks:
            rollout = student.replay(task, seed, Texts(skill_text), seed)
            row["trajectory"][task.task_id] = rollout.answer
            if rollout.error:
                row["errors"][task.task_id] = rollout.error
                continue
            row["sandboxed"] += any(r.op == OUTCOME_OP and r.detail.startswith("exit ") for r in rollout.score.checks)
            row["failed"][task.task_id] = rollout.score.rationale
            row["checks"][task.task_id] = {f"{r.op} {r.arg}" if r.arg is not None else r.op: r.passed
                                           for r in rollout.score.checks}
            for rate, value in episode_rates(rollout).items():
                row[f"per_task_{rate}"][task.task_id] = value
        per_seed.append(row)
    return per_seed


def rate_stats(baseline: list[dict], after: list[dict], rate: str) -> dict:
    """Before, after and the paired difference of one rate, the request as the unit."""
    before = [{"seed": s["seed"], "per_task_hard": s[f"per_task_{rate}"]} for s in baseline]
    later = [{"seed": s["seed"], "per_task_hard": s[f"per_task_{rate}"]} for s in after]
    return {"baseline": summarize_scores(before), "after": summarize_scores(later), "paired": compare(before, later)}


def convention_rates(per_seed: list[dict], conventions: dict[str, list[Check]]) -> dict[str, dict]:
    """Per convention: its checks passed over the episodes whose request names it."""
    names = {f"{c.op} {c.arg}" if c.arg is not None else c.op: cid for cid, checks in conventions.items() for c in checks}
    counts: dict[str, list[int]] = {}
    for seed in per_seed:
        for parts in seed["checks"].values():
            for name, passed in parts.items():
                if name in names:
                    tally = counts.setdefault(names[name], [0, 0])
                    tally[0] += int(passed)
                    tally[1] += 1
    return {cid: {"passed": p, "of": n, "rate": round(p / n, 4)} for cid, (p, n) in sorted(counts.items())}


def measure_heldout(tasks: list[Task], skills: dict[str, str], student_for: StudentFor | dict[str, StudentFor],
                    store: Store, seeds: list[int], conventions: dict[str, list[Check]], *, tag: str,
                    namespaces: dict[str, str] | None = None) -> tuple[dict, dict]:
    """Both arms (`skills`: baseline and after), the rates with their statistics, and the calls.
    `student_for` may differ by arm (held to other guardrails). Each arm records its calls in a
    namespace of its own (`namespaces` names them), so the arms share no replies."""
    arms, calls = {}, {}
    for label, skill_text in skills.items():
        recorder = CallRecorder(store, tag, namespace=(namespaces or {}).get(label, f"{tag}-{label}"))
        make = student_for[label] if isinstance(student_for, dict) else student_for
        arms[label] = replay_arm(tasks, skill_text, make(recorder), seeds)
        calls[label] = recorder.stats.to_dict()
    stats = {rate: rate_stats(arms["baseline"], arms["after"], rate) for rate in RATES}
    changed = [t.task_id for t in tasks
               if any(b["trajectory"].get(t.task_id) != a["trajectory"].get(t.task_id)
                      for b, a in zip(arms["baseline"], arms["after"]))]
    return {"n_tasks": len(tasks), "unit": "request", "stats": stats, "arms": arms,
            "conventions": {label: convention_rates(arms[label], conventions) for label in arms},
            "episodes_judged": sum(s["sandboxed"] for arm in arms.values() for s in arm),
            "errors": sum(len(s["errors"]) for arm in arms.values() for s in arm),
            "trajectory_changed": changed}, calls
