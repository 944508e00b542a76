"""A night over repo tasks whose student backend is claude-code replays them with the real
`claude -p`, headless in the sandbox, against the loopback fake Anthropic server. The fake model
opens the skill Claude Code lists (the Skill tool loads its body), fixes the function, and runs
the tests only when the loaded skill says so: the rule the night learns reaches the student
through Claude Code's own skill mechanism."""

from __future__ import annotations

import dataclasses
import json

import pytest

from skillopt_sleep.backends import create_backend
from skillopt_sleep.night.sequencing.engine import run_night
from skillopt_sleep.sandbox.bubblewrap import INSIDE_ROOT
from skillopt_sleep.store import Store
from tests.fakes import FakeAnthropic, codex_cli_path, text, tool_use
from tests.test_night_repo import CHECK_COMMAND, FUNCTIONS, RULE_MARK, night_inputs, repo_tasks, tree_digest

MODEL = "claude-haiku-4-5"
SKILL = "---\nname: fixer\ndescription: Fixes what the user asks in this repository; use for any change.\n---\n# Fixer\n"


def claude_like(tasks):
    """Per request: which task (the prompt), how far along (the assistant turns so far), and
    whether the loaded skill asks for the tests."""
    by_intent = {t.intent: t for t in tasks}

    def respond(request):
        messages = request.json["messages"]
        task = next(t for intent, t in by_intent.items() if intent in request.text)
        path = f"{INSIDE_ROOT}/{task.task_id.removeprefix('fix-')}/ops.py"
        bad, good = task.meta["fix"]
        plan = [tool_use("Skill", {"skill": "fixer"}), tool_use("Read", {"file_path": path}),
                tool_use("Edit", {"file_path": path, "old_string": bad, "new_string": good})]
        if RULE_MARK in request.text:
            plan.append(tool_use("Bash", {"command": CHECK_COMMAND, "description": "run the tests"}))
        plan.append(text("fixed"))
        turn = sum(1 for m in messages if m["role"] == "assistant")
        return plan[min(turn, len(plan) - 1)]

    return respond


def test_a_claude_code_night_replays_repo_tasks_with_claude_headless(tmp_path, sandbox):
    tasks = [t for t in repo_tasks(tmp_path / "user-repos") if t.task_id in ("fix-add", "fix-sub", "fix-mul", "fix-div")]
    assert len(FUNCTIONS) > len(tasks)  # a small night
    before = tree_digest(tmp_path / "user-repos")
    (tmp_path / "SKILL.md").write_text(SKILL)
    with FakeAnthropic() as fake, Store(tmp_path / "store.db") as store:
        fake.respond_with(claude_like(tasks))
        student = create_backend("claude-code", MODEL, {"base_url": fake.url, "api_key": "sk-ant-dummy"})
        # One sample a task keeps the night small; the strict gate takes any mean gain on it.
        inputs = dataclasses.replace(night_inputs(tmp_path, store, tasks, **{"night.rollouts": "1", "gate.mode": "strict"}), student=student)
        try:
            report = run_night(inputs)
        finally:
            student.close()
        backends = {row[0] for row in store.execute("SELECT DISTINCT backend FROM model_calls WHERE role = 'student'")}
        episode = json.loads(store.execute("SELECT response_json FROM model_calls WHERE role = 'student' LIMIT 1").fetchone()[0])
        requests = fake.model_requests()
    assert backends == {"claude-headless"}  # every episode was the CLI, none the built-in loop
    steps = json.loads(episode["text"])["steps"]
    assert [s["name"] for s in steps if s["kind"] == "tool"][:3] == ["Skill", "read", "edit"]  # claude's tools, mapped
    assert {r.model for r in requests} == {MODEL} and all("Skill" in r.tool_names for r in requests)
    assert report.status == "accepted", report.notes
    assert report.val_before["hard"] == 0.0 and report.val_after["hard"] == 1.0
    first = {c["task_id"]: c for c in report.changes}[report.split["val"][0]]
    assert "edited ops.py" in first["before"] and "ran `python3 -m unittest -q` (exit 0)" in first["after"]
    assert tree_digest(tmp_path / "user-repos") == before


def test_the_choice_of_student_follows_repo_student(sandbox, monkeypatch, tmp_path):
    from skillopt_sleep.students.claude import HeadlessClaude
    from skillopt_sleep.students.codex import HeadlessCodex
    from skillopt_sleep.backends.recorder import CallRecorder
    from skillopt_sleep.backends.scripted import ScriptedBackend
    from skillopt_sleep.errors import ConfigError
    from skillopt_sleep.students.base import RepoLimits, StudentSetup
    from skillopt_sleep.students.registry import repo_student
    from skillopt_sleep.students.sandboxed import HeadlessStudent, LoopStudent

    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    store = Store(tmp_path / "store.db")

    def choose(backend, name, max_turns, notes):
        setup = StudentSetup(backend, CallRecorder(store, None), sandbox=sandbox, repo=RepoLimits(max_turns=max_turns))
        return repo_student(setup, name, notes)

    notes: list[str] = []
    keyed = create_backend("claude-code", MODEL, {"api_key": "sk-ant-dummy"})
    logged_in_only = create_backend("claude-code", MODEL, {})
    scripted = ScriptedBackend(lambda request: "")
    chosen = choose(keyed, "auto", 5, notes)
    assert isinstance(chosen, HeadlessStudent) and isinstance(chosen.agent, HeadlessClaude)
    assert chosen.agent.max_turns == 5 and chosen.agent.model == MODEL
    assert chosen.agent.base_url == "https://api.anthropic.com" and chosen.agent.api_env == {"ANTHROPIC_API_KEY": "sk-ant-dummy"}
    assert isinstance(choose(keyed, "loop", 5, notes), LoopStudent) and notes == []
    assert isinstance(choose(scripted, "auto", 5, notes), LoopStudent) and notes == []
    # A subscription login stays in the user's home: the loop replays, and the night says why.
    assert isinstance(choose(logged_in_only, "auto", 5, notes), LoopStudent)
    assert notes and "API key" in notes[0] and "built-in loop" in notes[0]
    for student in (logged_in_only, scripted):
        with pytest.raises(ConfigError, match="repo.student is headless"):
            choose(student, "headless", 5, [])
    if codex_cli_path() is not None:  # the codex backend becomes codex exec, with its CLI, model and server
        codex = create_backend("codex", "gpt-5.5", {"path": str(codex_cli_path()), "base_url": "http://127.0.0.1:9/v1"})
        chosen = choose(codex, "headless", 4, []).agent
        assert isinstance(chosen, HeadlessCodex) and chosen.cli == codex_cli_path() and chosen.model == "gpt-5.5"
        assert chosen.base_url == "http://127.0.0.1:9/v1" and chosen.max_turns == 4
    store.close()
