"""What the kept text changed on the held-out tasks: for each task whose score moved, the first
sample's answer (for a repo task, its trajectory: commands with exit codes, files changed) under
the original text and under the final one, and the parts of the judge that went the other way.
`review` shows it, so a user sees what the student now does differently, not only a number."""

from __future__ import annotations

from skillopt_sleep.records import Rollout
from skillopt_sleep.shorten import cut

EXCERPT_CHARS = 600


def _first(rollouts: list[Rollout]) -> dict[str, Rollout]:
    firsts: dict[str, Rollout] = {}
    for rollout in sorted(rollouts, key=lambda r: r.sample):
        if not rollout.error:
            firsts.setdefault(rollout.task_id, rollout)
    return firsts


def _parts(rollout: Rollout) -> dict[str, bool]:
    return {f"{r.op} {r.arg!r}": r.passed for r in rollout.score.checks}


def changed_answers(before: list[Rollout], after: list[Rollout], per_task_before: dict[str, float],
                    per_task_after: dict[str, float]) -> list[dict]:
    """One entry per held-out task whose score moved, in task order."""
    first_before, first_after = _first(before), _first(after)
    changes = []
    for task_id in sorted(set(per_task_before) & set(per_task_after)):
        was, now = per_task_before[task_id], per_task_after[task_id]
        if abs(now - was) < 1e-9 or task_id not in first_before or task_id not in first_after:
            continue
        old, new = _parts(first_before[task_id]), _parts(first_after[task_id])
        changes.append({
            "task_id": task_id, "score_before": round(was, 4), "score_after": round(now, 4),
            "now_passing": sorted(p for p, ok in new.items() if ok and old.get(p) is False),
            "now_failing": sorted(p for p, ok in new.items() if not ok and old.get(p) is True),
            "before": cut(first_before[task_id].answer, EXCERPT_CHARS),
            "after": cut(first_after[task_id].answer, EXCERPT_CHARS),
            "repo": first_after[task_id].episode is not None,
        })
    return changes


def render_changes(changes: list[dict]) -> list[str]:
    """The markdown section of report.md (and so of `review`)."""
    if not changes:
        return []
    lines = ["## What changed on the held-out tasks", ""]
    for change in changes:
        kind = "trajectory" if change["repo"] else "answer"
        lines.append(f"### {change['task_id']}: {change['score_before']:.2f} -> {change['score_after']:.2f}")
        if change["now_passing"]:
            lines.append("Now passing: " + "; ".join(change["now_passing"]))
        if change["now_failing"]:
            lines.append("Now failing: " + "; ".join(change["now_failing"]))
        lines += ["", f"{kind} before:", "", _quoted(change["before"]), "", f"{kind} after:", "", _quoted(change["after"]), ""]
    return lines


def _quoted(text: str) -> str:
    return "\n".join("    " + line for line in (text or "(empty)").splitlines())
