"""Auto mode, the mode this CLI starts new users in, through the real `claude` with the plugin
loaded against a loopback fake model. Auto mode sets the skill's allow rule aside and sends each
command to its safety check, which runs on the provider's server; through a gateway that does not
pass it (here, the loopback model) the terminal UI says so once and then asks about every command,
No preselected, and `claude -p` denies them all. The plugin's PreToolUse hook lets exactly one kind
of command through: the skill's line for the read action the user typed in that same prompt. So the
user's typed `status` runs unasked (terminal UI and -p); the same `status` issued by the model after
an ordinary prompt still asks (terminal UI) or is denied (-p), as does the typed line with a
command chained on. Write actions are not the hook's: the user's typed adopt is asked about like any
command, and runs once approved; a write action the model starts by itself is refused by the engine
even when the user approves the prompt. In the terminal UI (a pseudo-terminal, played into pyte).
Haiku 4.5, which the other CLI tests use, has no auto mode in this CLI: asked for it, the session
runs in manual mode, where the skill's allow rule holds."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skillopt_sleep.proposals import asked
from tests.fakes import FakeAnthropic, claude_env, text, tool_use
from tests.fixtures.tui import TuiSession, trust_project
from tests.test_asked import SKILL, staged_proposal
from tests.test_e2e_marketplace import repo_clone, runs_the_command
from tests.test_e2e_plugin import cli_or_skip

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
COMMAND = PLUGIN / "runners" / "skillopt-sleep-command"
CHANGE = PLUGIN / "runners" / "skillopt-sleep-change"
AUTO_MODEL = "claude-sonnet-5-5"  # a model this CLI offers auto mode for
DOWN = "\x1b[B"
UNCHECKED = "Enter to stay in auto mode"  # the session's first command auto mode cannot check
PROMPT = "Do you want to proceed?"
WHY_ASKED = "Auto mode can't check actions in this session, so this one needs your approval"
REFUSED = "runs only when you type the slash command yourself"


def answered(request) -> bool:
    """The conversation ends in a tool's result: the model's command ran (or was refused)."""
    last = request.json["messages"][-1]["content"]
    return isinstance(last, list) and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in last)


def press_until_gone(tui: TuiSession, key: str, shown: str) -> None:
    """Press `key` until `shown` leaves the screen (a dialog drops a key that comes while it is drawn)."""
    for _ in range(5):
        tui.pause(0.5)
        tui.press(key)
        try:
            tui.wait_for_screen(lambda screen: shown not in screen, 2.0)
            return
        except TimeoutError:
            continue
    raise TimeoutError(f"{key!r} did not take:\n{tui.screen()}")


def approve(tui: TuiSession) -> str:
    """Answer the permission prompt as a user does: down to Yes, Enter. The screen while it asked."""
    shown = tui.wait_for_screen(lambda screen: PROMPT in screen or UNCHECKED in screen, 30)
    if UNCHECKED in shown:
        press_until_gone(tui, "\r", UNCHECKED)  # stay in auto mode, approving each command
        shown = tui.wait_for_screen(lambda screen: PROMPT in screen, 10)
    for _ in range(5):  # down to Yes, checking first: from Yes, down goes round to No
        if "❯ Yes" in tui.pause(0.5):
            break
        tui.press(DOWN)
    else:
        raise TimeoutError(f"Yes was never chosen:\n{tui.screen()}")
    press_until_gone(tui, "\r", PROMPT)
    return shown


def turn(tui: TuiSession, model: FakeAnthropic, prompt: str, number: int, asks: bool = True) -> tuple[str, str]:
    """Type `prompt`, approve the model's one command where it `asks`; the prompt's screen ("" when
    none was shown) and the command's output. Where it should not ask, no key is pressed: a prompt
    would hold the turn, and it would never report."""
    tui.press(prompt)
    tui.wait_for_screen(lambda screen: prompt in screen, 10)
    tui.press("\r")
    shown = approve(tui) if asks else ""
    tui.wait_for_screen(lambda screen: f"Turn {number} reported." in screen, 60)
    tui.wait_for_screen(lambda screen: "esc to interrupt" not in screen, 30)  # the Stop hooks are done
    return shown, [r for r in model.model_requests() if answered(r)][-1].tool_results[-1]


def test_in_the_tuis_auto_mode_the_typed_status_runs_unasked_and_only_the_users_typed_adopt_changes_the_skill(
        tmp_path, monkeypatch):
    pytest.importorskip("pyte", reason="pyte (the test extra, pinned in locks/python.txt) is not installed")
    claude = cli_or_skip()
    sk_home, project, home = tmp_path / "sk", tmp_path / "proj", tmp_path / "user"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(sk_home))
    skill = project / ".claude" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    proposal = staged_proposal(sk_home, skill)
    plugin_data = home / ".claude" / "plugins" / "data" / "skillopt-sleep-inline"
    read_line = f'"{COMMAND}" --plugin-data "{plugin_data}" status'
    adopt_line = f'"{CHANGE}" --plugin-data "{plugin_data}" adopt {proposal}'

    with FakeAnthropic() as model:
        issued = {"line": read_line, "turn": 0}
        model.respond_with(lambda request: text(f"Turn {issued['turn']} reported.") if answered(request) else
                           tool_use("Bash", {"command": issued["line"], "description": "skillopt-sleep"}))
        env = {k: v for k, v in claude_env(model, home).items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update(SKILLOPT_SLEEP_HOME=str(sk_home), SKILLOPT_SLEEP_PYTHON=sys.executable)
        trust_project(home, project, api_key=env["ANTHROPIC_API_KEY"])
        started = time.monotonic()
        with TuiSession(claude, ["--model", AUTO_MODEL, "--permission-mode", "auto", "--plugin-dir", str(PLUGIN)],
                        project, env, model) as tui:
            assert "auto mode on" in tui.screen(), tui.screen()

            # (a) A read action the user typed runs with no prompt at all.
            issued.update(turn=1)
            _, output = turn(tui, model, "/skillopt-sleep:skillopt-sleep status", 1, asks=False)
            assert proposal in output and REFUSED not in output, output

            # (b) The same status, issued by the model after an ordinary prompt: asked, No preselected.
            issued.update(turn=2)
            shown, output = turn(tui, model, "What is waiting for my review?", 2)
            assert WHY_ASKED in shown and "❯ No" in shown and "runners/skillopt-sleep-command" in shown, shown
            assert proposal in output, output

            # (c) The user asks in words; the model issues adopt itself and the user approves it: the
            # engine refuses it, and the skill is untouched.
            issued.update(line=adopt_line, turn=3)
            shown, output = turn(tui, model, "Adopt the pending skill proposal for me.", 3)
            assert WHY_ASKED in shown and "❯ No" in shown and "runners/skillopt-sleep-change" in shown, shown
            assert REFUSED in output and "The agent cannot run it for you" in output, output
            assert skill.read_text() == SKILL

            # (d) The user types adopt: a write action is not the hook's, so it is asked like any
            # command, and once approved it runs.
            issued.update(turn=4)
            shown, output = turn(tui, model, f"/skillopt-sleep:skillopt-sleep adopt {proposal}", 4)
            assert WHY_ASKED in shown and "❯ No" in shown and "runners/skillopt-sleep-change" in shown, shown
            assert REFUSED not in output and "Key Risks" in skill.read_text(), output
        assert not [p for p in (plugin_data / asked.FOLDER).iterdir() if not p.name.startswith(".")]
        print(f"auto-mode TUI session: {time.monotonic() - started:.1f} s")


def headless(tmp_path: Path, prompt: str, line_tail: str, model_name: str = AUTO_MODEL, mode: str = "auto",
             settings: dict | None = None) -> tuple[subprocess.CompletedProcess, dict, str, Path]:
    """`claude -p PROMPT` in `mode`, with the project's `settings` if any; the model answers with the
    skill's status line and `line_tail` after it. The run, its JSON result, what the command
    printed, and the project folder."""
    claude = cli_or_skip()
    project, home = tmp_path / "proj", tmp_path / "user"
    (project / ".claude").mkdir(parents=True)
    if settings is not None:
        (project / ".claude" / "settings.json").write_text(json.dumps(settings))
    plugin_data = home / ".claude" / "plugins" / "data" / "skillopt-sleep-inline"
    read_line = f'"{COMMAND}" --plugin-data "{plugin_data}" status{line_tail}'
    with FakeAnthropic() as model:
        model.respond_with(lambda request: text("Reported.") if answered(request) else
                           tool_use("Bash", {"command": read_line, "description": "skillopt-sleep"}))
        env = {k: v for k, v in claude_env(model, home).items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update(SKILLOPT_SLEEP_HOME=str(tmp_path / "sk"), SKILLOPT_SLEEP_PYTHON=sys.executable)
        done = subprocess.run([str(claude), "-p", prompt, "--output-format", "json", "--plugin-dir", str(PLUGIN),
                               "--model", model_name, "--permission-mode", mode],
                              env=env, cwd=project, capture_output=True, text=True, timeout=180)
        output = [r for r in model.model_requests() if answered(r)][-1].tool_results[-1]
    return done, json.loads(done.stdout), output, project


TYPED_STATUS = "/skillopt-sleep:skillopt-sleep status"
OWN_WORDS = "What is waiting for my review?"


@pytest.mark.parametrize("model_name, mode, prompt, runs", [
    (AUTO_MODEL, "auto", TYPED_STATUS, True),  # the user's typed status: the plugin's hook allows it
    (AUTO_MODEL, "auto", OWN_WORDS, False),  # the model's own status: auto mode cannot check it, so denied
    ("claude-haiku-4-5", "auto", TYPED_STATUS, True),  # no auto mode for Haiku: manual mode, the skill's rule
    (AUTO_MODEL, "default", TYPED_STATUS, True),  # manual mode: the skill's allow rule, as before
    (AUTO_MODEL, "default", OWN_WORDS, False),  # manual mode: no skill, no rule; -p cannot ask
])
def test_headless_the_typed_status_runs_and_the_models_own_is_denied(tmp_path, model_name, mode, prompt, runs):
    done, result, output, _ = headless(tmp_path, prompt, "", model_name, mode)
    if runs:
        assert (done.returncode, result["permission_denials"]) == (0, []), done.stdout + done.stderr
        assert "No pending proposals" in output, output
        return
    [denial] = result["permission_denials"]
    assert denial["tool_name"] == "Bash" and "No pending proposals" not in output, result
    if mode == "auto":
        assert done.returncode == 1 and "Auto mode could not check some actions" in done.stderr, done.stderr
        assert denial.get("auto_mode_unchecked") == "no_check_in_session", result


@pytest.mark.parametrize("chained", ["; touch chained", " && touch chained", " | tee chained"])
def test_headless_a_command_chained_onto_the_typed_status_is_not_allowed(tmp_path, chained):
    done, result, output, project = headless(tmp_path, TYPED_STATUS, chained)
    assert done.returncode == 1 and "Auto mode could not check some actions" in done.stderr, done.stderr
    assert [(d["tool_name"], d.get("auto_mode_unchecked")) for d in result["permission_denials"]] == [
        ("Bash", "no_check_in_session")], result
    assert not (project / "chained").exists() and "No pending proposals" not in output, output


def test_headless_a_deny_rule_in_the_users_settings_holds_over_the_hook(tmp_path):
    done, result, output, _ = headless(tmp_path, TYPED_STATUS, "",
                                       settings={"permissions": {"deny": ["Bash(*skillopt-sleep-command*)"]}})
    assert [d["tool_name"] for d in result["permission_denials"]] == ["Bash"], done.stdout + done.stderr
    assert "has been denied" in output and "No pending proposals" not in output, output


def test_headless_a_plugin_installed_from_the_marketplace_runs_the_typed_status_from_the_skills_own_line(tmp_path):
    """The runner's path in the skill's text, as the agent fills it in for an installed plugin (not
    this checkout's), is the one the hook allows: the model here runs the line it reads in the skill."""
    claude = cli_or_skip()
    project, user = tmp_path / "proj", tmp_path / "user"
    project.mkdir()
    with FakeAnthropic() as model:
        model.respond_with(runs_the_command)
        env = {k: v for k, v in claude_env(model, user).items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update(SKILLOPT_SLEEP_HOME=str(tmp_path / "sk"), SKILLOPT_SLEEP_PYTHON=sys.executable,
                   CLAUDE_CONFIG_DIR=str(user / ".claude"))
        for argv in (["plugin", "marketplace", "add", str(repo_clone(tmp_path / "clone"))],
                     ["plugin", "install", "skillopt-sleep@skillopt-sleep"]):
            installed = subprocess.run([str(claude), *argv], env=env, cwd=tmp_path, capture_output=True, text=True,
                                       timeout=120)
            assert installed.returncode == 0, installed.stdout + installed.stderr
        done = subprocess.run([str(claude), "-p", "/skillopt-sleep status", "--output-format", "json", "--model",
                               AUTO_MODEL, "--permission-mode", "auto"], env=env, cwd=project, capture_output=True,
                              text=True, timeout=180)
        [call] = [r for r in model.model_requests() if r.tool_results]
    result = json.loads(done.stdout)
    assert (done.returncode, result["permission_denials"]) == (0, []), done.stdout + done.stderr
    [line] = [b["input"]["command"] for m in call.json["messages"] if m["role"] == "assistant" and isinstance(m["content"], list)
              for b in m["content"] if b.get("type") == "tool_use"]
    assert line.startswith(f'"{tmp_path}/') and "No pending proposals" in call.tool_results[-1], (line, call.tool_results)
