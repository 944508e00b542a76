"""The rule judge: checks with gbrain skillopt-v1 semantics, each op from the check registry;
soft = fraction passed, hard = all passed. A check that cannot be evaluated makes the whole score
an error naming it."""

from __future__ import annotations

from skillopt_sleep.records import Check, CheckResult, Score, ToolCallRecord
from skillopt_sleep.tasks.checks import check_problem, evaluate, needs_episode
from skillopt_sleep.tasks.judges.errors import error_score

EPISODE_ONLY = "judges a repo task's commands or diff; a text answer has neither"


def score_rule(checks: list[Check], answer: str, calls: list[ToolCallRecord]) -> Score:
    if not checks:
        return error_score("rule", None, "a rule judge needs at least one check")
    results: list[CheckResult] = []
    errors: list[str] = []
    for number, check in enumerate(checks, 1):
        problem = check_problem(check) or (EPISODE_ONLY if needs_episode(check) else None)
        if problem:
            results.append(CheckResult(op=check.op, arg=check.arg, passed=False, detail=f"cannot evaluate: {problem}"))
            errors.append(f"check {number} ({check.name()}): {problem}")
            continue
        outcome = evaluate(check, answer, calls)
        results.append(CheckResult(op=check.op, arg=check.arg, passed=outcome.passed, detail=outcome.detail,
                                   evidence=outcome.evidence))
    if errors:
        return Score(hard=0.0, soft=0.0, checks=results, error="; ".join(errors))
    passed_count = sum(1 for r in results if r.passed)
    return Score(hard=1.0 if passed_count == len(results) else 0.0, soft=passed_count / len(results), checks=results)
