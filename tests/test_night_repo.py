"""A night over repo tasks: each sample is an episode of the built-in tool loop in a sandboxed copy
of a real git repository, judged by the repository's own tests (run by the judge) and the
trajectory check the user's corrections gave ("run the tests before you finish"). The student
follows its skill literally, so the rule the night learns from the failing check is what turns
its episodes from "fixed but never checked" into "fixed and checked"."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest

from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import load_config
from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store
from tests.agent_kit import git

# name: (the right expression, the bug, a case the bug fails); each bug's text is unique in the file.
FUNCTIONS = {"add": ("a + b", "a - b", (2, 3, 5)), "sub": ("a - b", "b - a", (5, 3, 2)),
             "mul": ("a * b", "a + b", (2, 4, 8)), "div": ("a / b", "b / a", (8, 2, 4)),
             "mod": ("a % b", "b % a", (7, 4, 3)), "pow": ("a ** b", "a * b", (2, 3, 8))}
CHECK_COMMAND = "python3 -m unittest -q"
SKILL = "# Fixer\n\nFix what the user asks in the repository.\n"
RULE_MARK = "run `python3 -m unittest"  # how the learned rule names the command


def make_repo(root: Path, broken: str) -> RepoSpec:
    """A repository whose functions all work but `broken`, with a test for each."""
    root.mkdir(parents=True)
    (root / "ops.py").write_text("".join(f"def {name}(a, b):\n    return {bad if name == broken else good}\n\n\n"
                                         for name, (good, bad, _) in FUNCTIONS.items()))
    tests = ["import unittest\n\nimport ops\n\n\nclass OpsTest(unittest.TestCase):\n"]
    tests += [f"    def test_{name}(self):\n        self.assertEqual(ops.{name}({x}, {y}), {z})\n\n"
              for name, (_, _, (x, y, z)) in FUNCTIONS.items()]
    (root / "test_ops.py").write_text("".join(tests))
    (root / ".gitignore").write_text("__pycache__/\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", f"ops with a bug in {broken}")
    return RepoSpec(root=str(root), commit=git(root, "rev-parse", "HEAD"), found_by="hook",
                    verification=[Verification(CHECK_COMMAND, 0)])


def repo_tasks(root: Path) -> list[Task]:
    """One task a repository: fix its broken function."""
    tasks = []
    for name, (good, bad, _) in FUNCTIONS.items():
        tasks.append(Task(task_id=f"fix-{name}", intent=f"{name}() in ops.py is wrong: it should return {good}. Fix it.",
                          judge=Judge(kind="repo", checks=[Check("ran_before_finish", CHECK_COMMAND)]),
                          repo=make_repo(root / name, name),
                          # No user's sessions stand behind these tasks, so no provenance holds the
                          # command the rule names (mined tasks carry the sessions that ran it).
                          origin="benchmark", meta={"fix": (f"def {name}(a, b):\n    return {bad}\n",
                                                                     f"def {name}(a, b):\n    return {good}\n")}))
    return tasks


def literal_student(tasks: list[Task]):
    """Fixes the function the request names; runs the tests first only when its skill says so."""
    fixes = {t.intent: t.meta["fix"] for t in tasks}

    def respond(request: CompletionRequest) -> Completion:
        request_text = request.messages[0].content
        bad, good = next(fix for intent, fix in fixes.items() if intent in request_text)
        turn = sum(1 for m in request.messages if m.role == "assistant")
        plan = [("edit", {"path": "ops.py", "old": bad, "new": good})]
        if RULE_MARK in request.system:
            plan.append(("run", {"command": CHECK_COMMAND}))
        plan.append(("finish", {"message": "fixed"}))
        name, args = plan[min(turn, len(plan) - 1)]
        return Completion(text="", tool_calls=[ToolCall(name, args, f"call-{turn}")])

    return ScriptedBackend(respond)


def silent_teacher(request: CompletionRequest) -> str:
    return json.dumps({"diagnosis": "n/a", "edits": []})


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def night_inputs(tmp_path: Path, store: Store, tasks: list[Task], **flags) -> NightInputs:
    skill = tmp_path / "SKILL.md"
    if not skill.exists():
        skill.write_text(SKILL)
    config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={
        "staging.dir": str(tmp_path / "staging"), "night.seed": "3", "night.concurrency": "2", "night.rollouts": "2",
        # Three of the six tasks held out: the gate tests tasks, and fewer than three can never pass at 0.8.
        "gate.extra_samples": "0", "night.val_fraction": "0.5", **flags})
    return NightInputs(config=config, store=store, skill_path=skill, tasks=tasks, student=literal_student(tasks),
                       teacher=ScriptedBackend(silent_teacher))


def test_a_night_learns_to_run_the_checks_from_repo_episodes(tmp_path, sandbox):
    tasks = repo_tasks(tmp_path / "user-repos")
    before = tree_digest(tmp_path / "user-repos")
    with Store(tmp_path / "store.db") as store:
        report = run_night(night_inputs(tmp_path, store, tasks))
    assert report.status == "accepted", report.notes
    assert report.val_before["hard"] == 0.0 and report.val_after["hard"] == 1.0
    assert RULE_MARK in report.final_skill_text and "return a + b" not in report.final_skill_text  # behaviour, no patch
    assert tree_digest(tmp_path / "user-repos") == before  # the user's repositories, .git included, are untouched
    assert (tmp_path / "SKILL.md").read_text() == SKILL  # staged for review, not applied
    changed = {c["task_id"]: c for c in report.changes}
    assert set(changed) == set(report.split["val"])  # every held-out episode now checks its work
    first = changed[report.split["val"][0]]
    assert first["now_passing"] == ["ran_before_finish 'python3 -m unittest -q'"] and first["repo"]
    assert "ran `python3 -m unittest -q` (exit 0)" in first["after"] and "ran `" not in first["before"]
    review = (Path(report.stage_dir) / "report.md").read_text()  # what `review` shows
    assert "## What changed on the held-out tasks" in review and "trajectory after:" in review


def test_episodes_are_judged_by_the_repository_and_say_which_part_failed(tmp_path, sandbox):
    from skillopt_sleep.backends.recorder import CallRecorder
    from skillopt_sleep.students.base import RepoLimits, StudentSetup, Texts
    from skillopt_sleep.students.sandboxed import LoopStudent

    task = repo_tasks(tmp_path / "user-repos")[0]
    with Store(tmp_path / "store.db") as store:
        setup = StudentSetup(literal_student([task]), CallRecorder(store, None), temperature=0.0, max_tokens=200,
                             sandbox=sandbox, repo=RepoLimits(max_turns=6, verify_wall_s=60))
        rollout = LoopStudent(setup).replay(task, 0, Texts(SKILL), 1)
    parts = {r.op: r for r in rollout.score.checks}
    assert parts["outcome"].passed and "exit 0" in parts["outcome"].detail  # the judge ran the test itself
    assert not parts["ran_before_finish"].passed and rollout.score.hard == 0.0
    assert rollout.episode.changed_files == ["ops.py"] and "edited ops.py" in rollout.answer


def test_without_a_sandbox_repo_tasks_are_refused_with_one_line(tmp_path, monkeypatch):
    tasks = repo_tasks(tmp_path / "user-repos")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # no bwrap to be found
    with Store(tmp_path / "store.db") as store:
        with pytest.raises(SkilloptError) as refused:
            run_night(night_inputs(tmp_path, store, tasks))
        assert "bubblewrap" in str(refused.value) and "\n" not in str(refused.value)
        assert store.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 0  # refused before any work


def test_the_plan_bounds_the_student_calls_of_a_night_of_repo_episodes(tmp_path, sandbox):
    from skillopt_sleep.night.plan.steps import night_plan
    from skillopt_sleep.night.sequencing.settings import NightSettings

    tasks = repo_tasks(tmp_path / "user-repos")
    # One round, no attribution and no lead: the plan's bound is close to what the night does.
    inputs = night_inputs(tmp_path, Store(tmp_path / "store.db"), tasks, **{"night.rounds": "1", "gate.attribution": "false",
                                                                            "rules.lead": "false"})
    with inputs.store:
        report = run_night(inputs)
    by_id = {t.task_id: t for t in tasks}
    settings = NightSettings.from_config(inputs.config)
    plan = night_plan(settings, [by_id[i] for i in report.split["train"]], [by_id[i] for i in report.split["val"]])
    sent = report.calls["by_role"]["student"]["calls"]
    one_call_a_replay = night_plan(replace(settings, repo=replace(settings.repo, limits=replace(settings.repo.limits, max_turns=1))),
                                   [by_id[i] for i in report.split["train"]], [by_id[i] for i in report.split["val"]])
    assert sent > one_call_a_replay.calls("student")  # each episode took several model turns
    assert sent <= plan.calls("student")
