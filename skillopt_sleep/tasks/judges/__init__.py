"""Judges: turn a task's answer (and the tool calls made while writing it) into a Score.

Five judge kinds (see `records.Judge`), one module each: rule (checks from the check registry),
exact (SQuAD-style match), rubric (the teacher grades), qrels (the answer must come from a
`search` call whose top-k holds an expected slug), repo (a coding episode, judged by the
repository's own verification and checks over its trajectory and diff: `repo.score_episode`). A judge that cannot be evaluated never passes
or fails silently: the Score gets hard = soft = 0 and an `error` naming why.
"""

from __future__ import annotations

from typing import Any, Callable

from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.records import JUDGE_KINDS, Check, Judge, Score, Task, ToolCallRecord
from skillopt_sleep.tasks.checks import check_problem, describe, needs_episode, op_names
from skillopt_sleep.tasks.checks.regex_examples import regex_example
from skillopt_sleep.tasks.judges.errors import error_score
from skillopt_sleep.tasks.judges.exact import best_token_f1, exact_match, normalize_answer, score_exact, token_f1
from skillopt_sleep.tasks.judges.qrels import SEARCH_TOOL, ndcg_at_k, qrels_problems, score_qrels
from skillopt_sleep.tasks.judges.rubric import RUBRIC_SCHEMA, RubricGrader, parse_rubric_reply
from skillopt_sleep.tasks.judges.repo import OUTCOME_OP, repo_check_problems
from skillopt_sleep.tasks.judges.rule import EPISODE_ONLY, score_rule

RubricGraderFn = Callable[[Task, str, list[ToolCallRecord]], Score]

__all__ = [
    "RUBRIC_SCHEMA", "SEARCH_TOOL", "RubricGrader", "RubricGraderFn", "best_token_f1", "check_problem", "describe_check",
    "describe_judge", "exact_match", "ndcg_at_k", "normalize_answer", "op_names", "parse_rubric_reply", "regex_example",
    "score_answer", "token_f1", "validate_judge",
]


def score_answer(task: Task, answer: str, tool_calls: list[ToolCallRecord] | None = None, *,
                 rubric_grader: RubricGraderFn | None = None) -> Score:
    """Score one answer to `task`. Never raises for a bad judge: that is `Score.error`."""
    judge = task.judge
    calls = list(tool_calls or [])
    answer = answer or ""
    if judge.kind == "rule":
        return score_rule(judge.checks, answer, calls)
    if judge.kind == "exact":
        return score_exact(judge.answers, answer)
    if judge.kind == "qrels":
        return score_qrels(judge, calls)
    if judge.kind == "rubric":
        if not judge.rubric.strip():
            return error_score("rubric", judge.rubric, "the rubric judge has an empty rubric")
        if rubric_grader is None:
            return error_score("rubric", judge.rubric, "a rubric judge needs a grader (the teacher model); none was given")
        return rubric_grader(task, answer, calls)
    if judge.kind == "repo":
        return error_score("repo", None, "a repo task needs an episode: it is judged on what an agent did in a copy "
                           "of its repository (score_episode), never on a text answer alone")
    return error_score("judge", judge.kind, f"unknown judge kind {judge.kind!r} (expected one of {', '.join(JUDGE_KINDS)})")


def validate_judge(judge: Judge | dict) -> list[str]:
    """Problems that can be found without an answer; an empty list means the judge is usable."""
    if isinstance(judge, dict):
        try:
            judge = Judge.from_dict(judge)
        except (ValueError, TypeError) as exc:
            return [str(exc)]
    if judge.kind not in JUDGE_KINDS:
        return [f"unknown judge kind {judge.kind!r} (expected one of {', '.join(JUDGE_KINDS)})"]
    problems: list[str] = []
    if judge.kind == "rule":
        if not judge.checks:
            problems.append("a rule judge needs at least one check")
        for number, check in enumerate(judge.checks, 1):
            problem = check_problem(check) or (EPISODE_ONLY if needs_episode(check) else None)
            if problem:
                problems.append(f"check {number} ({check.op}): {problem}")
    elif judge.kind == "repo":
        problems += repo_check_problems(judge.checks)
    elif judge.kind == "exact":
        if not judge.answers:
            problems.append("an exact judge needs at least one acceptable answer in 'answers'")
        for answer in judge.answers:
            if not normalize_answer(answer):
                problems.append(f"acceptable answer {answer!r} is empty once normalised (articles and punctuation are dropped)")
    elif judge.kind == "rubric":
        if not judge.rubric.strip():
            problems.append("a rubric judge needs a non-empty 'rubric'")
    elif judge.kind == "qrels":
        problems += qrels_problems(judge)
    return problems


_EXACT_TEXT = "reply with only the short answer itself (a name, number or phrase), no explanation"
_QRELS_TEXT = f"call the `{SEARCH_TOOL}` tool with a query that finds the relevant page, and answer from what it returns"
# Never shows the expected answers or slugs: a skill edit must not memorise a task's solution.
_JUDGE_RESULT_OPS: dict[str, Callable[[Any], str]] = {
    "exact": lambda arg: _EXACT_TEXT,
    "qrels": lambda arg: _QRELS_TEXT,
    OUTCOME_OP: lambda arg: f"leave `{arg}` passing: the judge runs it in the repository after your work",
    "rubric": lambda arg: f"satisfy this rubric: {str(arg or '').strip()}" if str(arg or "").strip() else "satisfy the task's rubric",
}


def describe_check(check: Check) -> str:
    """A plain-English instruction saying what `check` requires of an answer. Also accepts the
    ops of the CheckResults that exact, rubric and qrels judges produce."""
    if check.op in _JUDGE_RESULT_OPS:
        return _JUDGE_RESULT_OPS[check.op](check.arg)
    return describe(check)


def describe_judge(judge: Judge, repo: RepoSpec | None = None) -> list[str]:
    """What a judge requires, one instruction per line, for prompts that show the target; a repo
    judge's verification commands come from the task's `repo`."""
    if judge.kind == "rule":
        return [describe_check(check) for check in judge.checks]
    if judge.kind == "repo":
        commands = [describe_check(Check(OUTCOME_OP, v.command)) for v in (repo.verification if repo else [])]
        return commands + [describe_check(check) for check in judge.checks]
    if judge.kind in _JUDGE_RESULT_OPS:
        return [_JUDGE_RESULT_OPS[judge.kind](judge.rubric)]
    return [f"(unknown judge kind {judge.kind!r})"]
