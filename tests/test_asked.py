"""Inside Claude Code, adopt / reject / revert / schedule / unschedule run only on the user's own
typed `/skillopt-sleep ACTION ...`: the plugin's UserPromptSubmit hook keeps it, the engine takes it
once. Through the real `claude` CLI with the plugin loaded, against a loopback fake model: a
command the model issues, even under an allow rule or with permissions bypassed, is refused; the
user's typed command runs, once. The model here (claude-haiku-4-5) has no auto mode, so
`--permission-mode auto` runs as manual mode; auto mode itself is tested with a model that has it in
tests/test_auto_mode.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skillopt_sleep.proposals import asked
from tests.fakes import FakeAnthropic, claude_env, text, tool_use
from tests.test_e2e_plugin import cli_or_skip

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
ASKED_HOOK = PLUGIN / "runners" / "skillopt-sleep-asked"
CHANGE = PLUGIN / "runners" / "skillopt-sleep-change"
SKILL = "---\nname: brief-writer\ndescription: Writes decision briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"


# -- what the hook keeps, and what the engine takes ------------------------------------------------


@pytest.mark.parametrize("prompt, wanted", [
    ("/skillopt-sleep adopt p1 --only 2 3", ("adopt", ("p1", "--only", "2", "3"))),
    ("  /skillopt-sleep:skillopt-sleep revert --reject\n", ("revert", ("--reject",))),
    ("/skillopt-sleep schedule --time '03:30'", ("schedule", ("--time", "03:30"))),
    ("/skillopt-sleep status", None),
    ("/skillopt-sleep", None),
    ("please /skillopt-sleep adopt p1", None),  # the user asked in words: the model would type the command
    ("/skillopt-sleep-other adopt p1", None),
    ("$skillopt-sleep adopt p1", ("adopt", ("p1",))),  # Codex: the skill's mention
    ("$skillopt-sleep:skillopt-sleep unschedule --all", ("unschedule", ("--all",))),
])
def test_only_the_slash_command_naming_a_write_action_is_kept(prompt, wanted):
    typed = asked.typed_write(prompt)
    assert (typed and (typed.action, typed.arguments)) == (wanted or None)


def agent_env(data: Path, session: str = "s-1") -> dict[str, str]:
    return {"CLAUDECODE": "1", "CLAUDE_PLUGIN_DATA": str(data), "CLAUDE_CODE_SESSION_ID": session}


def test_a_record_is_taken_once_by_the_same_session_for_the_same_command(tmp_path):
    asked.record(tmp_path, "s-1", "/skillopt-sleep adopt p1")
    assert "you did not type" in asked.refusal(agent_env(tmp_path, "s-2"), "adopt", ["p1"])  # another session
    assert asked.refusal(agent_env(tmp_path), "adopt", ["p1"]) is None
    assert "you did not type `/skillopt-sleep adopt p1`" in asked.refusal(agent_env(tmp_path), "adopt", ["p1"])  # used


def test_a_record_for_other_arguments_or_too_old_is_refused_and_used_up(tmp_path):
    asked.record(tmp_path, "s-1", "/skillopt-sleep adopt p1 --only 1")
    refused = asked.refusal(agent_env(tmp_path), "adopt", ["p1"])
    assert "you typed `/skillopt-sleep adopt p1 --only 1`, not `/skillopt-sleep adopt p1`" in refused
    assert "The agent cannot run it for you" in refused
    asked.record(tmp_path, "s-1", "/skillopt-sleep revert")
    late = time.time() + asked.LIFETIME_S + 60
    assert "minutes ago; type it again" in asked.take(tmp_path, "s-1", "revert", [], now=late)
    assert not list((tmp_path / asked.FOLDER).iterdir())


def test_in_codex_the_record_is_the_threads_in_the_engines_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    codex = {"CODEX_THREAD_ID": "t-1", "CODEX_TOOL_CALL_ID": "call_1"}  # a command the model ran
    assert "you did not type `$skillopt-sleep revert`" in asked.refusal(codex, "revert", [])
    asked.record(tmp_path / "home" / "data", "t-2", "$skillopt-sleep revert")
    assert "you did not type `$skillopt-sleep revert`" in asked.refusal(codex, "revert", [])  # another thread's
    asked.record(tmp_path / "home" / "data", "t-1", "$skillopt-sleep revert")
    assert asked.refusal(codex, "revert", []) is None
    assert "reviewed and trusted its hooks" in asked.refusal(codex, "revert", [])  # used up


def test_outside_the_agent_and_for_read_actions_nothing_is_asked(tmp_path):
    assert asked.refusal({}, "adopt", ["p1"]) is None  # a terminal, the scheduler
    assert asked.refusal({"CODEX_THREAD_ID": "t-1"}, "adopt", ["p1"]) is None  # the user's `!` command in Codex
    assert "`!skillopt-sleep ...`" in asked.refusal({"CODEX_THREAD_ID": "t-1", "CODEX_TOOL_CALL_ID": "c"}, "adopt", ["p1"])
    assert asked.refusal(agent_env(tmp_path), "status", []) is None
    assert "you did not type" in asked.refusal({"CLAUDECODE": "1"}, "schedule", [])  # no plugin data: no record


def hook(payload: dict, data: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(ASKED_HOOK), "--plugin-data", str(data)], input=json.dumps(payload) + "\n",
                          env={**os.environ, **env}, capture_output=True, text=True, timeout=30)


def test_the_hook_keeps_the_typed_command_says_nothing_and_ignores_other_prompts(tmp_path):
    data = tmp_path / "plugin-data"
    other = hook({"session_id": "s-1", "hook_event_name": "UserPromptSubmit", "prompt": "fix the tests"}, data)
    assert (other.returncode, other.stdout, other.stderr) == (0, "", "") and not data.exists()
    typed = hook({"session_id": "s-1", "hook_event_name": "UserPromptSubmit",
                  "prompt": "/skillopt-sleep:skillopt-sleep reject p1 --rule 2"}, data)
    assert (typed.returncode, typed.stdout, typed.stderr) == (0, "", "")
    assert json.loads((data / asked.FOLDER / "s-1").read_text())["arguments"] == ["p1", "--rule", "2"]
    hostile = hook({"session_id": "../escape", "prompt": "/skillopt-sleep adopt p1"}, data)
    assert hostile.returncode == 0 and not (tmp_path / "escape").exists()


def test_the_engine_refuses_a_write_action_inside_the_agent_without_the_users_word(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKILLOPT_SLEEP_", "CLAUDE"))}
    env.update(agent_env(tmp_path / "plugin-data"), SKILLOPT_SLEEP_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "unschedule"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "runs only when you type the slash command yourself" in done.stderr
    assert done.stderr.count("\n") == 1


# -- through the real claude CLI ---------------------------------------------------------------------


def staged_proposal(sk_home: Path, skill: Path) -> str:
    """A pending proposal for `skill`, staged by the real staging code."""
    from skillopt_sleep.paths import default_db_path, default_staging_dir
    from skillopt_sleep.proposals.stage import StagedFile, stage_night
    from skillopt_sleep.store import Store

    with Store(default_db_path()) as store:
        store.execute("INSERT INTO nights (id, skill_path, status, seed, config_json, started_at) "
                      "VALUES ('n1', ?, 'finished', 7, '{}', '2026-01-05T10:00:00Z')", (str(skill),))
        result = stage_night(store, default_staging_dir(), "n1",
                             [StagedFile("skill", skill, SKILL, SKILL + "\n## Key Risks\n\nName the risks.\n")],
                             {"skill": "brief-writer", "val_before": 0.33, "val_after": 0.83, "decision": "accepted"},
                             "report", accepted=True)
    assert result.proposal_id
    return result.proposal_id


def test_through_claude_a_model_issued_adopt_is_refused_and_the_users_typed_adopt_runs_once(tmp_path, monkeypatch):
    claude = cli_or_skip()
    sk_home = tmp_path / "sk"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(sk_home))
    project = tmp_path / "proj"
    skill = project / ".claude" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    proposal = staged_proposal(sk_home, skill)
    user_home = tmp_path / "user"
    plugin_data = user_home / ".claude" / "plugins" / "data" / "skillopt-sleep-inline"
    adopt_line = f'"{CHANGE}" --plugin-data "{plugin_data}" adopt {proposal}'

    with FakeAnthropic() as model:
        env = {k: v for k, v in claude_env(model, user_home).items() if not k.startswith("SKILLOPT_SLEEP_")}
        # IS_SANDBOX: bypass mode refuses to start as root elsewhere (a test machine may run as root).
        env.update(SKILLOPT_SLEEP_HOME=str(sk_home), SKILLOPT_SLEEP_PYTHON=sys.executable, IS_SANDBOX="1")

        def session(prompt: str, *options: str) -> dict:
            done = subprocess.run([str(claude), "-p", prompt, "--output-format", "json", "--plugin-dir", str(PLUGIN),
                                   "--model", "claude-haiku-4-5", *options], env=env, cwd=project,
                                  capture_output=True, text=True, timeout=180)
            assert done.returncode == 0, done.stdout + done.stderr
            return json.loads(done.stdout)

        command = {"line": adopt_line}

        def runs_twice(request):
            """The model runs the command, and then runs it again."""
            if len(request.tool_results) >= 2:
                return text("The engine printed: " + " || ".join(request.tool_results))
            return tool_use("Bash", {"command": command["line"], "description": "change the skill"})

        model.respond_with(runs_twice)
        # The user asks in words, under an allow rule for Bash (auto mode asked for, manual mode
        # given to this model) or in bypass mode: the permissions let the model's own adopt
        # command through, and the engine refuses it.
        for options in (("--permission-mode", "auto", "--allowedTools", "Bash"), ("--permission-mode", "bypassPermissions")):
            in_words = session("Adopt the pending skill proposal for me.", *options)
            assert in_words["permission_denials"] == []
            assert in_words["result"].count("runs only when you type the slash command yourself") == 2
            assert skill.read_text() == SKILL

        # The user types the command: it runs once; the model's second run of it is refused.
        typed = session(f"/skillopt-sleep:skillopt-sleep adopt {proposal}", "--permission-mode", "auto")
        assert typed["permission_denials"] == [], typed
        first, second = typed["result"].removeprefix("The engine printed: ").split(" || ")
        assert "Key Risks" in skill.read_text() and "runs only when you type" not in first, first
        assert "you did not type `/skillopt-sleep adopt" in second

        command["line"] = f'"{CHANGE}" --plugin-data "{plugin_data}" revert'
        typed = session("/skillopt-sleep revert", "--permission-mode", "default")
        assert typed["permission_denials"] == [], typed
        first, second = typed["result"].removeprefix("The engine printed: ").split(" || ")
        assert skill.read_text() == SKILL and "runs only when you type" not in first, first
        assert "you did not type `/skillopt-sleep revert`" in second
        assert not [p for p in (plugin_data / asked.FOLDER).iterdir() if not p.name.startswith(".")]
