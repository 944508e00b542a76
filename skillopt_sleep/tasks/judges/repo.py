"""The repo judge: a coding episode judged by the repository itself.

After an episode, the judge reads the change from the workspace (never the student's account of
it), puts back the check as the original commit defines it (original.py: the scripts the
verification names, its Makefile rules, test settings and every test it had; nothing the agent
added that stands in for the standard library; the agent's other changes to those files stay),
then runs the task's verification commands in the sandbox itself. The score has one part
per verification command (op "outcome": the command, its exit code and the tail of its output)
and one per check: trajectory and diff checks over the episode, text checks over its final
message. hard = 1 only when every part passed; soft = the fraction that passed.

A verification the machine could not run (no sandbox, the workspace gone, a timeout) makes the
score an error, never a 0: a failure of the machine is no evidence about a skill edit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from skillopt_sleep.episode import Episode
from skillopt_sleep.records import Check, CheckResult, Score, Task
from skillopt_sleep.tasks.checks import check_problem, evaluate
from skillopt_sleep.tasks.checks.manifests import is_manifest
from skillopt_sleep.tasks.judges.errors import error_score

OUTCOME_OP = "outcome"
VERIFY_WALL_S = 300.0
OUTPUT_TAIL_CHARS = 800
MANIFEST_BYTES = 1 << 20


def repo_judge_problems(task: Task) -> list[str]:
    """What makes a repo task unjudgeable, found without an episode."""
    problems = []
    if task.repo is None:
        problems.append("a repo judge needs the task's repository and commit")
    elif not task.repo.verification and not task.judge.checks:
        problems.append("a repo judge needs a verification command or a check")
    return problems + repo_check_problems(task.judge.checks)


def repo_check_problems(checks: list[Check]) -> list[str]:
    """Checks of a repo judge that cannot be evaluated (any op may judge an episode or its text)."""
    problems = []
    for number, check in enumerate(checks, 1):
        problem = check_problem(check)
        if problem:
            problems.append(f"check {number} ({check.op}): {problem}")
    return problems


def score_episode(task: Task, episode: Episode, workspace: Any, sandbox: Any, *,
                  wall_s: float = VERIFY_WALL_S) -> Score:
    """Judge `episode` on `task` from `workspace` (a sandbox Workspace the episode ran in), running
    the verification commands through `sandbox`. Never raises for a judge or machine problem."""
    from skillopt_sleep.sandbox import SandboxError  # only a repo replay needs the sandbox

    problems = repo_judge_problems(task)
    if problems:
        return error_score("repo", None, "; ".join(problems))
    try:
        # The change as the workspace holds it, read before verification writes build outputs.
        changed = list(workspace.changed_files())
        seen = replace(episode, diff=workspace.diff(), changed_files=changed, manifests=_manifest_texts(workspace, changed))
    except (SandboxError, OSError) as exc:
        return error_score("repo", None, f"the workspace's change could not be read: {_one_line(exc)}")
    checks = [_check_part(check, seen) for check in task.judge.checks]
    outcomes: list[CheckResult] = []
    kept_out = _put_back_original(workspace, [v.command for v in task.repo.verification])
    if kept_out is not None:
        return Score(hard=0.0, soft=0.0, checks=[kept_out, *checks], rationale=render_failed([kept_out]))
    judge_patch = str(task.meta.get("judge_patch") or "")
    if judge_patch:  # tests the task adds only when judged: after the change is read, before it is verified
        added = _apply_judge_patch(judge_patch, workspace, sandbox)
        if isinstance(added, str):
            return Score(hard=0.0, soft=0.0, checks=checks, error=added)
        if added is not None:
            outcomes.append(added)
    for verification in task.repo.verification:
        part = _outcome_part(verification.command, workspace, sandbox, wall_s)
        if isinstance(part, str):
            return Score(hard=0.0, soft=0.0, checks=outcomes + checks, error=part)
        outcomes.append(part)
    results = outcomes + checks
    passed = sum(1 for r in results if r.passed)
    return Score(hard=1.0 if passed == len(results) else 0.0, soft=passed / len(results), checks=results,
                 rationale=render_failed(results))


def _manifest_texts(workspace: Any, changed: list[str]) -> dict[str, dict]:
    """The changed manifests' texts before and after the episode, for the dependency checks."""
    return {path: {"before": workspace.text_at_start(path, MANIFEST_BYTES), "after": workspace.text_now(path, MANIFEST_BYTES)}
            for path in changed if is_manifest(path)}


def _check_part(check, episode: Episode) -> CheckResult:
    outcome = evaluate(check, episode.final_message, [], episode=episode)
    return CheckResult(op=check.op, arg=check.arg, passed=outcome.passed, detail=outcome.detail, evidence=outcome.evidence)


def _put_back_original(workspace: Any, commands: list[str]) -> CheckResult | None:
    """The copy's check made the commit's again; a failed outcome where a link the agent left keeps
    a file of it from being put back (the verification would not be the commit's)."""
    from skillopt_sleep.sandbox import SandboxError
    from skillopt_sleep.tasks.judges.original import put_back

    try:
        put_back(workspace, commands)
    except (SandboxError, OSError) as exc:
        return CheckResult(op=OUTCOME_OP, arg="the commit's check", passed=False,
                           detail=f"the commit's check could not be put back in the copy: {_one_line(exc)[:200]}")
    return None


def _apply_judge_patch(patch: str, workspace: Any, sandbox: Any) -> CheckResult | str | None:
    """Apply the judge's own tests to the copy, in the sandbox; None when they applied. A patch
    that does not apply (the episode wrote over the files it adds) fails the outcome: the change
    is judged by those tests or not at all. Why the machine could not apply it, as text."""
    from skillopt_sleep.sandbox import PatchRejected, SandboxError
    from skillopt_sleep.sandbox.patching import apply_inside

    try:
        apply_inside(sandbox, workspace, patch, what="the judge's tests")
    except PatchRejected as exc:
        return CheckResult(op=OUTCOME_OP, arg="judge patch", passed=False,
                           detail=f"the judge's tests do not apply after the episode: {_one_line(exc)[:200]}")
    except (SandboxError, OSError) as exc:
        return f"the judge's tests could not be applied: {_one_line(exc)}"
    return None


def _outcome_part(command: str, workspace: Any, sandbox: Any, wall_s: float) -> CheckResult | str:
    """The verification's part, or why the machine could not run it."""
    from skillopt_sleep.sandbox import Limits, SandboxError

    try:
        result = sandbox.run(workspace, command, limits=Limits(wall_s=wall_s))
    except (SandboxError, OSError) as exc:
        return f"verification `{command}` could not run: {_one_line(exc)}"
    if result.timed_out:
        return f"verification `{command}` timed out after {wall_s:g} s"
    tail = (result.output or "")[-OUTPUT_TAIL_CHARS:].strip()
    detail = f"exit {result.exit_code}" + (f": {tail}" if tail else "")
    return CheckResult(op=OUTCOME_OP, arg=command, passed=result.exit_code == 0, detail=detail,
                       evidence=tail if result.exit_code == 0 else "")


def render_failed(results: list[CheckResult]) -> str:
    """One line per failed part, for reports: which part failed and what it saw."""
    return "\n".join(f"{part_name(r)}: {_one_line(r.detail)[:200]}" for r in results if not r.passed)


def part_name(result: CheckResult) -> str:
    return f"outcome `{result.arg}`" if result.op == OUTCOME_OP else f"{result.op} {result.arg!r}"


def _one_line(value: object) -> str:
    return " ".join(str(value).split())


def judge_recorded(task: Task, episode: Episode, sandbox: Any) -> Score:
    """Judge an episode recorded earlier: its change is applied to a fresh copy of the task's
    repository, where the verification then runs. A change that does not apply is an error."""
    from skillopt_sleep.sandbox import PatchRejected, SandboxError, Workspace
    from skillopt_sleep.sandbox.patching import apply_inside

    if task.repo is None:
        return error_score("repo", None, "a repo judge needs the task's repository and commit")
    try:
        workspace = Workspace.create(task.repo)
    except SandboxError as exc:
        return error_score("repo", None, f"no copy of the repository: {_one_line(exc)}")
    try:
        if episode.diff.strip():
            apply_inside(sandbox, workspace, episode.diff, what="the episode's change")
        return score_episode(task, episode, workspace, sandbox)
    except PatchRejected as exc:
        return error_score("repo", None, f"the episode's change does not apply to the task's start: {_one_line(exc)[:200]}")
    except (SandboxError, OSError) as exc:
        return error_score("repo", None, f"the episode's change could not be applied: {_one_line(exc)[:200]}")
    finally:
        workspace.cleanup()


def score_lines(score: Score) -> list[str]:
    """Each part of a repo score as a line that says whether it passed and what it saw."""
    lines = [f"{'PASS' if r.passed else 'FAIL'} {part_name(r)}: {_one_line(r.detail)[:300]}" for r in score.checks]
    if score.error:
        lines.append(f"ERROR {score.error}")
    return lines
