"""A night replaying with the user's own agent holds it to the guardrails under test through the
agent's own files in the copy: the real `claude` (deny rules and the finish guard as its Stop
hook, from the project settings) and the real `codex exec` (its rules), inside the bubblewrap
sandbox, against the loopback model. Each is stopped where our emulation for the built-in loop
stops it, with the same words, and nothing of the guardrails is left in the copy."""

from __future__ import annotations

import dataclasses
import json

import pytest

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, Guardrail
from skillopt_sleep.guardrails.replay import CODEX, Enforcement
from skillopt_sleep.sandbox import Workspace
from skillopt_sleep.students.base import Texts
from skillopt_sleep.students.claude import HeadlessClaude
from skillopt_sleep.students.codex import HeadlessCodex
from skillopt_sleep.students.headless import run_headless_episode
from tests.agent_clis import missing
from tests.agent_kit import CHECK, FIXED, git, make_repo, repo_task
from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, codex_cli_path, text, tool_use

SKILL = "---\nname: house-rules\ndescription: House rules of this repository; use for any change.\n---\nRun the tests.\n"
YARN = Guardrail(COMMAND, "yarn", "pnpm")
GUARDRAILS = (YARN, Guardrail(FINISH_CHECK, CHECK))
SETTINGS = '{"permissions": {"allow": ["Read"]}}\n'  # the team's own project settings, tracked


@pytest.fixture
def spec(tmp_path):
    spec = make_repo(tmp_path / "calc")
    (tmp_path / "calc" / ".claude").mkdir()
    (tmp_path / "calc" / ".claude" / "settings.json").write_text(SETTINGS)
    git(tmp_path / "calc", "add", "-A")
    git(tmp_path / "calc", "commit", "-qm", "team settings")
    return dataclasses.replace(spec, commit=git(tmp_path / "calc", "rev-parse", "HEAD"))


def claude_agent(fake: FakeAnthropic, guardrails=()) -> HeadlessClaude:
    return HeadlessClaude(cli=claude_cli_path(), model="claude-haiku-4-5", base_url=fake.url,
                          api_env={"ANTHROPIC_API_KEY": "sk-ant-dummy"}, guardrails=guardrails)


def test_claude_is_denied_the_command_and_held_at_finish_as_the_loop_emulation_is(store, spec, sandbox):
    emulated = Enforcement(list(GUARDRAILS))
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        inside = sandbox.inside_path(ws)
        fake.push(tool_use("Bash", {"command": "yarn test", "description": "test"}),
                  tool_use("Read", {"file_path": f"{inside}/calc.py"}),
                  tool_use("Edit", {"file_path": f"{inside}/calc.py", "old_string": "a - b", "new_string": "a + b"}),
                  text("Fixed."), tool_use("Bash", {"command": CHECK, "description": "run the check"}),
                  text("Fixed; the check passes."))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), claude_agent(fake, GUARDRAILS),
                                       CallRecorder(store, None), ws, sandbox)
        requests = fake.model_requests()
        assert (ws.path / "calc.py").read_text() == FIXED
        assert (ws.path / ".claude" / "settings.json").read_text() == SETTINGS  # the team's file, as it was
        assert sorted(p.name for p in (ws.path / ".claude").iterdir()) == ["settings.json"]
        assert ws.changed_files() == ["calc.py"]
    denied = requests[1].tool_results[-1]
    assert emulated.refusal("run", {"command": "yarn test"}) in denied
    held = emulated.finish_hold([("edit", "calc.py")])
    assert held and held in json.dumps(requests[4].json) and held not in json.dumps(requests[3].json)
    assert episode.final_message == "Fixed; the check passes." and len(requests) == 6


def test_a_replay_under_other_guardrails_is_never_answered_from_the_record_of_one_without(store, spec, sandbox):
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(text("Nothing to change."))
        run_headless_episode(repo_task(spec), Texts(SKILL), claude_agent(fake), CallRecorder(store, "n1"), ws, sandbox)
    with FakeAnthropic() as fake, Workspace.create(spec) as ws:
        fake.push(tool_use("Bash", {"command": "yarn install", "description": "deps"}), text("Stopped."))
        recorder = CallRecorder(store, "n1")
        held = run_headless_episode(repo_task(spec), Texts(SKILL), claude_agent(fake, (YARN,)), recorder, ws, sandbox)
        asked = fake.model_requests()
    assert recorder.stats.cached == 0 and len(asked) == 2
    assert held.final_message == "Stopped." and [s.error != "" for s in held.steps if s.kind == "tool"] == [True]


@pytest.mark.skipif(codex_cli_path() is None, reason=missing("codex"))
def test_codex_exec_rejects_the_command_by_its_rules_as_the_loop_emulation_does(store, spec, sandbox):
    emulated = Enforcement([YARN], CODEX)
    codex = HeadlessCodex(cli=codex_cli_path(), model="gpt-5.5", guardrails=(YARN,))
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        codex.base_url = fake.base_url
        fake.push(tool_use("exec_command", {"cmd": "yarn test"}), tool_use("exec_command", {"cmd": "echo ran"}),
                  text("Stopped by the rules."))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), codex, CallRecorder(store, None), ws, sandbox)
        requests = fake.model_requests()
        assert ws.changed_files() == []
    rejected = requests[1].tool_results[-1]
    assert YARN.reason() in rejected and "rejected" in rejected
    # Word for word but the shell: codex names the one it runs (the sandbox's, not the user's bash).
    assert rejected.replace("/bin/sh -lc", "/bin/bash -lc") == emulated.refusal("run", {"command": "yarn test"})
    assert "ran" in requests[2].tool_results[-1]  # a command no rule names still runs
    assert episode.final_message == "Stopped by the rules."


@pytest.mark.skipif(codex_cli_path() is None, reason=missing("codex"))
def test_codex_is_held_at_finish_by_its_own_stop_hook_as_the_loop_emulation_is(store, spec, sandbox):
    """The finish guard as the Stop hook of the replay's fresh CODEX_HOME, reading the rollout codex
    writes there and its data in the copy: held once with the words the loop's emulation says."""
    from tests.fakes.conversation import last_user_text
    from tests.test_agent_codex import PATCH

    emulated = Enforcement(list(GUARDRAILS), CODEX)
    codex = HeadlessCodex(cli=codex_cli_path(), model="gpt-5.5", guardrails=GUARDRAILS)
    with FakeOpenAI() as fake, Workspace.create(spec) as ws:
        codex.base_url = fake.base_url
        fake.push(tool_use("exec_command", {"cmd": PATCH}), text("Fixed."), tool_use("exec_command", {"cmd": CHECK}),
                  text("Fixed; the check passes."))
        episode = run_headless_episode(repo_task(spec), Texts(SKILL), codex, CallRecorder(store, None), ws, sandbox)
        requests = fake.model_requests()
        assert (ws.path / "calc.py").read_text() == FIXED
        assert ws.changed_files() == ["calc.py"]  # the guard's data is gone from the copy again
    held = emulated.finish_hold([("edit", "calc.py")])
    assert len(requests) == 4 and held in last_user_text(requests[2]) and held not in json.dumps(requests[1].json)
    assert episode.final_message == "Fixed; the check passes."


def test_a_night_replaying_with_claude_itself_keeps_the_finish_guard_its_stop_hook_enforces(tmp_path, sandbox):
    """The agent never heeds the skill's line, but Claude Code's Stop hook sends it back to run the
    check: the guardrail, judged alone through the agent itself, is kept where the prose was not."""
    from skillopt_sleep.backends import create_backend
    from skillopt_sleep.guardrails import finish_guard
    from skillopt_sleep.guardrails.gate import KEPT
    from skillopt_sleep.night.sequencing.engine import run_night
    from skillopt_sleep.sandbox.bubblewrap import INSIDE_ROOT
    from skillopt_sleep.store import Store
    from tests.test_night_repo import CHECK_COMMAND, night_inputs, repo_tasks

    tasks = [t for t in repo_tasks(tmp_path / "user-repos") if t.task_id in ("fix-add", "fix-sub", "fix-mul", "fix-div")]
    held = finish_guard.message([CHECK_COMMAND])

    def deaf_to_the_skill(request):
        task = next(t for t in tasks if t.intent in request.text)
        path = f"{INSIDE_ROOT}/{task.task_id.removeprefix('fix-')}/ops.py"
        bad, good = task.meta["fix"]
        plan = [tool_use("Read", {"file_path": path}), tool_use("Edit", {"file_path": path, "old_string": bad, "new_string": good}),
                text("fixed")]
        turn = sum(1 for m in request.json["messages"] if m["role"] == "assistant")
        if held in json.dumps(request.json["messages"][-1]):  # the hook's reason, the last thing it was told
            return tool_use("Bash", {"command": CHECK_COMMAND, "description": "run the tests"})
        return plan[min(turn, len(plan) - 1)]

    with FakeAnthropic() as fake, Store(tmp_path / "store.db") as store:
        fake.respond_with(deaf_to_the_skill)
        student = create_backend("claude-code", "claude-haiku-4-5", {"base_url": fake.url, "api_key": "sk-ant-dummy"})
        inputs = dataclasses.replace(night_inputs(tmp_path, store, tasks, **{"night.rollouts": "1", "gate.mode": "strict",
                                                                             "night.rounds": "1"}), student=student)
        try:
            report = run_night(inputs)
        finally:
            student.close()
    [judged] = report.guardrails
    assert judged["guardrail"] == {"kind": "finish_check", "value": CHECK_COMMAND}, report.notes
    n, before, after = judged["convention"]
    assert judged["fate"] == KEPT and n == len(report.split["val"]) and before == 0 and after == n
    assert judged["outcome"][1] == judged["outcome"][2] == n  # the work still passes
    assert report.final_skill_text == report.original_skill_text  # the prose line alone did not pay
