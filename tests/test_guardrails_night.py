"""A night over repo tasks of one project whose student ignores the rule it is given: the prose
line does not pay, but the guardrail that enforces it, judged alone on the held-out tasks, keeps
the convention with every outcome; the night proposes it in Claude Code's own syntax, `adopt`
(the command the plugin's `/skillopt-sleep adopt` runs) writes it into the project's local
settings, and the next session of the real `claude` in that project is stopped by it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli.main import main
from skillopt_sleep.config import load_config
from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.guardrails.gate import KEPT
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store
from tests.agent_kit import git
from tests.fakes import FakeAnthropic, claude_cli_path, claude_env, text, tool_use
from tests.test_night_repo import FUNCTIONS, silent_teacher

SKILL = "# Fixer\n\nFix what the user asks in the repository.\n"
STAMP = "touch .built"  # the habit the user corrected: never `touch` in this repository


def one_project(root: Path) -> list[Task]:
    """Six tasks in one repository, each fixing one broken function, judged by its own test."""
    root.mkdir(parents=True)
    (root / "ops.py").write_text("".join(f"def {name}(a, b):\n    return {bad}\n\n\n" for name, (_, bad, _) in FUNCTIONS.items()))
    tests = ["import unittest\n\nimport ops\n\n\nclass OpsTest(unittest.TestCase):\n"]
    tests += [f"    def test_{name}(self):\n        self.assertEqual(ops.{name}({x}, {y}), {z})\n\n"
              for name, (_, _, (x, y, z)) in FUNCTIONS.items()]
    (root / "test_ops.py").write_text("".join(tests))
    (root / ".gitignore").write_text("__pycache__/\n.built\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "ops")
    commit = git(root, "rev-parse", "HEAD")
    return [Task(task_id=f"fix-{name}", intent=f"{name}() in ops.py is wrong: it should return {good}. Fix it.",
                 judge=Judge(kind="repo", checks=[Check("command_avoided", "touch")]),
                 repo=RepoSpec(root=str(root), commit=commit, found_by="hook",
                               verification=[Verification(f"python3 -m unittest -q test_ops.OpsTest.test_{name}", 0)]),
                 origin="benchmark", meta={"fix": (f"def {name}(a, b):\n    return {bad}\n", f"def {name}(a, b):\n    return {good}\n")})
            for name, (good, bad, _) in FUNCTIONS.items()]


def stubborn_student(tasks: list[Task]):
    """Fixes the function, then stamps the build whatever its skill says; a refusal it reads and moves on."""
    fixes = {t.intent: t.meta["fix"] for t in tasks}

    def respond(request: CompletionRequest) -> Completion:
        bad, good = next(fix for intent, fix in fixes.items() if intent in request.messages[0].content)
        turn = sum(1 for m in request.messages if m.role == "assistant")
        plan = [("edit", {"path": "ops.py", "old": bad, "new": good}), ("run", {"command": STAMP}),
                ("finish", {"message": "fixed"})]
        name, args = plan[min(turn, len(plan) - 1)]
        return Completion(text="", tool_calls=[ToolCall(name, args, f"call-{turn}")])

    return ScriptedBackend(respond)


def test_a_night_proposes_the_guardrail_adopt_installs_it_and_the_next_claude_session_is_stopped(tmp_path, sandbox, monkeypatch,
                                                                                                  capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sk"))
    project = tmp_path / "web"
    tasks = one_project(project)
    skill = tmp_path / "SKILL.md"
    skill.write_text(SKILL)
    config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={
        "staging.dir": str(tmp_path / "staging"), "night.seed": "3", "night.concurrency": "2", "night.rollouts": "1",
        "gate.extra_samples": "0", "night.val_fraction": "0.5", "night.rounds": "1"})
    with Store(tmp_path / "store.db") as store:
        report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks,
                                       student=stubborn_student(tasks), teacher=ScriptedBackend(silent_teacher)))
    assert report.status == "accepted", report.notes
    assert report.final_skill_text == SKILL  # the prose line did not pay: the student ignores it
    [verdict] = report.guardrails
    assert verdict["fate"] == KEPT and verdict["claude_code"]["deny"] == ["Bash(touch:*)"]
    n, before, after = verdict["convention"]
    assert n >= 3 and before == 0 and after == n and verdict["outcome"][1] == verdict["outcome"][2] == n
    review = (Path(report.stage_dir) / "report.md").read_text()
    assert "`Bash(touch:*)`" in review and "## Guardrails" in review
    settings = project / ".claude" / "settings.local.json"
    assert not settings.exists()  # staged, not written
    capsys.readouterr()
    assert main(["review", report.proposal_id, "--store", str(tmp_path / "store.db")]) == 0
    shown = capsys.readouterr().out
    assert f"guardrail  {settings}" in shown and '+    "deny": [' in shown and '+      "Bash(touch:*)"' in shown

    assert main(["adopt", report.proposal_id, "--store", str(tmp_path / "store.db")]) == 0
    assert json.loads(settings.read_text()) == {"permissions": {"deny": ["Bash(touch:*)"]}}

    with FakeAnthropic() as fake:
        fake.push(tool_use("Bash", {"command": STAMP, "description": "stamp the build"}), text("done"))
        done = subprocess.run([str(claude_cli_path()), "-p", "fix add()", "--output-format", "json", "--allowedTools", "Bash",
                               "--model", "claude-haiku-4-5"],
                              env=claude_env(fake, tmp_path / "home"), cwd=project, capture_output=True, text=True, timeout=300)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    assert requests[1].tool_results[-1].startswith(f"Permission to use Bash with command {STAMP} has been denied.")
    assert not (project / ".built").exists()

    assert main(["revert", report.proposal_id, "--store", str(tmp_path / "store.db")]) == 0
    assert not settings.exists()
