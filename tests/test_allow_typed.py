"""The PreToolUse hook that lets the user's typed read action run unasked in auto mode: it answers
"allow" for exactly the skill's line of the action typed in the same prompt, and nothing for any
other command, prompt, session or mode. Through the real `claude`, see test_auto_mode.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.proposals import allow_typed, asked

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
ALLOW_HOOK = PLUGIN / "runners" / "skillopt-sleep-allow"
ASKED_HOOK = PLUGIN / "runners" / "skillopt-sleep-asked"
RUNNER = str(PLUGIN / "runners" / allow_typed.RUNNER)
ENTRY = Path(allow_typed.__file__).with_name("allow_entry.py")
SESSION, PROMPT = "9b927ace-a07d-451e-954c-fadcb5b80d2e", "c03605c9-5146-45a5-809d-258b49e18ba8"


def skill_line(data: Path, arguments: str) -> str:
    """The skill's command for the read actions, as the agent fills it in for the model."""
    [line] = re.findall(r'^"\$\{CLAUDE_PLUGIN_ROOT\}/runners/skillopt-sleep-command".*$',
                        (PLUGIN / "skills" / "skillopt-sleep" / "SKILL.md").read_text(), re.M)
    return (line.replace("${CLAUDE_PLUGIN_ROOT}", str(PLUGIN)).replace("${CLAUDE_PLUGIN_DATA}", str(data))
            .replace("$ARGUMENTS", arguments).rstrip())


def call(command: str, mode: str = "auto", session: str = SESSION, prompt: str = PROMPT) -> dict:
    return {"session_id": session, "prompt_id": prompt, "permission_mode": mode, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": command, "description": "skillopt-sleep"}}


@pytest.mark.parametrize("command, words", [
    ('"/p/r" --plugin-data "/d" status', ["/p/r", "--plugin-data", "/d", "status"]),
    ("/p/r --plugin-data '/d x' review --branch=a/b", ["/p/r", "--plugin-data", "/d x", "review", "--branch=a/b"]),
    ('  "/p/"r  a"b"\'c\'\t', ["/p/r", "abc"]),
    ('"/p/r" ""', ["/p/r", ""]),
    ('"/p/r" status; rm x', None), ('"/p/r" status && rm x', None), ('"/p/r" status || rm x', None),
    ('"/p/r" status | sh', None), ('"/p/r" status & rm x', None), ('"/p/r" status\nrm x', None),
    ('"/p/r" status > ~/.bashrc', None), ('"/p/r" $(rm x)', None), ('"/p/r" "$(rm x)"', None),
    ('"/p/r" `rm x`', None), ('"/p/r" "`rm x`"', None), ('"/p/r" "$HOME"', None), ('"/p/r" \\;', None),
    ('"/p/r" *', None), ('"/p/r" ~', None), ('"/p/r" {a,b}', None), ('"/p/r" (x)', None), ('"/p/r" #x', None),
    ('"/p/r status', None), ("'/p/r", None),
])
def test_only_one_simple_command_of_plain_words_is_read(command, words):
    assert allow_typed.shell_words(command) == words


def test_the_users_typed_read_action_is_allowed_as_the_skill_runs_it_and_nothing_else(tmp_path):
    data = tmp_path / "plugin-data"
    assert asked.record_read(data, SESSION, PROMPT, "/skillopt-sleep:skillopt-sleep review --branch my-branch")
    line = skill_line(data, "review --branch my-branch")
    assert allow_typed.allows(call(line), str(data), RUNNER)
    refused = [
        call(line, mode="default"), call(line, mode="bypassPermissions"), call(line, mode="plan"),  # their own rules
        call(line, prompt="another-prompt"), call(line, session="another-session"), call(line, prompt=""),
        call(skill_line(data, "review --branch other")), call(skill_line(data, "review")),
        call(skill_line(data, "run")), call(skill_line(data, "review --branch my-branch --all")),
        call(line + "; rm x"), call(line + " && rm x"), call("cd /tmp && " + line),
        call(line.replace(str(PLUGIN), str(tmp_path / "copy"))),  # a runner of that name elsewhere
        call(line.replace(str(data), str(tmp_path / "other-data"))),
        dict(call(line), tool_name="Write"), {"tool_input": "x"}, [],
    ]
    assert [payload for payload in refused if allow_typed.allows(payload, str(data), RUNNER)] == []


def test_the_bare_command_is_status_and_a_write_action_is_never_kept(tmp_path):
    data = tmp_path / "plugin-data"
    assert asked.record_read(data, SESSION, PROMPT, "/skillopt-sleep")
    assert allow_typed.allows(call(skill_line(data, "")), str(data), RUNNER)
    assert allow_typed.allows(call(skill_line(data, "status")), str(data), RUNNER)
    assert not allow_typed.allows(call(skill_line(data, "run")), str(data), RUNNER)
    for write in asked.WRITE_ACTIONS:  # a write action typed later in the session replaces nothing
        assert asked.record_read(data, SESSION, "p-2", f"/skillopt-sleep {write} p1") is None
    assert asked.record_read(data, SESSION, "p-3", "fix the tests") is None
    assert asked.record_read(data, "../escape", PROMPT, "/skillopt-sleep status") is None
    assert asked.record_read(data, SESSION, "", "/skillopt-sleep status") is None  # no prompt id: nothing to match
    assert json.loads((data / asked.TYPED_FOLDER / SESSION).read_text()) == {"prompt_id": PROMPT, "words": []}


def test_the_hooks_agree_on_the_record_and_the_runner():
    assert allow_typed.TYPED_FOLDER == asked.TYPED_FOLDER
    hooks = json.loads((PLUGIN / "hooks" / "hooks.json").read_text())["hooks"]
    [[hook]] = [group["hooks"] for group in hooks["PreToolUse"] if group["matcher"] == "Bash"]
    assert hook["if"] == f"Bash(*{allow_typed.RUNNER}*)" and "runners/skillopt-sleep-allow" in hook["command"]
    assert Path(RUNNER).is_file()


def run_hook(hook: Path, payload, data: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(hook), "--plugin-data", str(data)], input=json.dumps(payload) + "\n",
                          env={**os.environ, **env}, capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("remembered", [True, False])
def test_the_runners_keep_the_typed_status_and_answer_allow_for_it_alone(tmp_path, remembered):
    data = tmp_path / "plugin-data"
    data.mkdir()
    if remembered:
        (data / "interpreter").write_text(sys.executable + "\n")
    line = skill_line(data, "status")
    quiet = run_hook(ALLOW_HOOK, call(line), data)  # nothing typed yet: no folder, no Python
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    kept = run_hook(ASKED_HOOK, {"session_id": SESSION, "prompt_id": PROMPT, "hook_event_name": "UserPromptSubmit",
                                 "permission_mode": "auto", "prompt": "/skillopt-sleep:skillopt-sleep status"}, data)
    assert (kept.returncode, kept.stdout) == (0, "")
    allowed = run_hook(ALLOW_HOOK, call(line), data)
    assert allowed.returncode == 0 and json.loads(allowed.stdout) == allow_typed.ALLOW, allowed.stderr
    for payload in (call(line + "; touch x"), call(line, prompt="later"), call(line, mode="default"), {"x": 1}):
        other = run_hook(ALLOW_HOOK, payload, data)
        assert (other.returncode, other.stdout) == (0, ""), payload
    broken = subprocess.run([str(ALLOW_HOOK), "--plugin-data", str(data)], input="not json", capture_output=True, text=True)
    assert (broken.returncode, broken.stdout) == (0, "")


def test_the_hook_imports_only_the_standard_library(tmp_path):
    data = tmp_path / "plugin-data"
    asked.record_read(data, SESSION, PROMPT, "/skillopt-sleep status")
    done = subprocess.run([sys.executable, "-I", "-S", "-X", "importtime", str(ENTRY), "--plugin-data", str(data),
                           "--runner", RUNNER], input=json.dumps(call(skill_line(data, "status"))),
                          capture_output=True, text=True, timeout=30)
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert {"allow_typed", "bare"} <= modules and json.loads(done.stdout) == allow_typed.ALLOW
    assert not {m for m in modules if m.split(".")[0] in ("skillopt_sleep", "platformdirs", "yaml", "filelock")}
    assert not modules & {"os", "json", "re"}, sorted(modules)  # each costs a good part of a start
