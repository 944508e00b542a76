"""The Codex plugin: install.py puts it into a temporary CODEX_HOME with the real
`codex plugin marketplace add` / `codex plugin add`, idempotently, and uninstall restores the
user's config.toml byte for byte. Real `codex exec` sessions against a loopback fake then show
the notify entry and the plugin's hooks recording sessions and announcing a proposal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.agent_clis import missing
from tests.fakes import FakeOpenAI, codex_cli_path, codex_env, text, tool_use

REPO = Path(__file__).resolve().parent.parent
INSTALL = REPO / "plugin" / "codex" / "install.py"
CODEX = codex_cli_path()
pytestmark = pytest.mark.skipif(CODEX is None, reason=missing("codex"))

USER_CONFIG_EXTRA = '# my settings\nmodel_reasoning_effort = "low"\n'


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        server.respond_with(lambda request: text("all done"))
        yield server


@pytest.fixture
def env(tmp_path, fake, monkeypatch):
    environment = codex_env(fake, tmp_path / "user", extra_toml=USER_CONFIG_EXTRA)
    environment = {k: v for k, v in environment.items() if not k.startswith("SKILLOPT_SLEEP_")}
    environment.update({"SKILLOPT_SLEEP_HOME": str(tmp_path / "sk"), "SKILLOPT_SLEEP_PYTHON": sys.executable})
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sk"))
    return environment


def codex_home(env: dict) -> Path:
    return Path(env["CODEX_HOME"])


def installer(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(INSTALL), *args, "--codex", str(CODEX)], env=env,
                          capture_output=True, text=True, timeout=300)


def installed_root(env: dict) -> Path:
    roots = list((codex_home(env) / "plugins" / "cache" / "skillopt-sleep" / "skillopt-sleep").glob("*"))
    assert len(roots) == 1, roots
    return roots[0]


def test_install_adds_the_marketplace_and_a_self_contained_plugin(env):
    result = installer(env)
    assert result.returncode == 0, result.stderr
    config = (codex_home(env) / "config.toml").read_text()
    assert "[marketplaces.skillopt-sleep]" in config and '[plugins."skillopt-sleep@skillopt-sleep"]' in config
    assert "enabled = true" in config
    root = installed_root(env)
    for part in (".codex-plugin/plugin.json", "skills/skillopt-sleep/SKILL.md", "hooks/hooks.json",
                 "skillopt_sleep/capture/hook.py", "skillopt_sleep/capture/hook_entry.py", "skillopt_sleep/cli/main.py", "pyproject.toml", "LICENSE",
                 "assets/icon.png"):
        assert (root / part).is_file(), part
    for runner in ("runners/skillopt-sleep", "runners/skillopt-sleep-codex", "runners/skillopt-sleep-asked"):
        assert os.access(root / runner, os.X_OK), runner
    for module in ("hook", "bare"):  # the hook ships compiled
        assert list((root / "skillopt_sleep" / "capture" / "__pycache__").glob(f"{module}.*.pyc"))
    listed = subprocess.run([str(CODEX), "plugin", "list"], env=env, capture_output=True, text=True, timeout=120)
    line = next(l for l in listed.stdout.splitlines() if l.startswith("skillopt-sleep@skillopt-sleep"))
    assert "not installed" not in line

    # The cached copy runs on its own, with Codex as the agent (AGENTS.md is the memory target).
    shown = subprocess.run([str(root / "runners" / "skillopt-sleep-codex"), "config", "--json"], env=env,
                           capture_output=True, text=True, timeout=120, cwd=env["HOME"])
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["agent"]["value"] == "codex"


def test_install_twice_changes_nothing_and_uninstall_restores_config_byte_for_byte(env):
    before = (codex_home(env) / "config.toml").read_bytes()
    assert installer(env).returncode == 0
    once = (codex_home(env) / "config.toml").read_bytes()
    second = installer(env)
    assert second.returncode == 0, second.stderr
    assert "notify: already present" in second.stdout
    assert (codex_home(env) / "config.toml").read_bytes() == once

    removed = installer(env, "uninstall")
    assert removed.returncode == 0, removed.stderr
    assert (codex_home(env) / "config.toml").read_bytes() == before
    assert not (Path(env["SKILLOPT_SLEEP_HOME"]) / "data" / "codex-plugin").exists()
    again = installer(env, "uninstall")  # nothing left to remove is fine
    assert again.returncode == 0, again.stderr
    assert (codex_home(env) / "config.toml").read_bytes() == before


def test_a_notify_program_of_the_users_own_is_kept(env):
    config = codex_home(env) / "config.toml"
    config.write_text('notify = ["my-notifier"]\n' + config.read_text())
    result = installer(env)
    assert result.returncode == 0, result.stderr
    assert "notify: skipped: config.toml already has a notify program of its own" in result.stdout
    text_now = config.read_text()
    assert text_now.startswith('notify = ["my-notifier"]\n') and "skillopt-sleep notify" not in text_now


def test_install_without_codex_is_a_clear_error(env, tmp_path):
    result = subprocess.run([sys.executable, str(INSTALL), "--codex", str(tmp_path / "no-codex")], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "the codex CLI was not found" in result.stderr


def codex_session(env: dict, project: Path, *extra: str) -> subprocess.CompletedProcess:
    project.mkdir(parents=True, exist_ok=True)
    return subprocess.run([str(CODEX), "exec", *extra, "--json", "--skip-git-repo-check", "--sandbox", "read-only",
                           "-C", str(project), "-m", "gpt-5-mini", "-"], input="summarise the README", text=True,
                          env=env, capture_output=True, timeout=300)


def captures(env: dict) -> list[dict]:
    """Every capture recorded, whichever way the hook took: the store's table (when another
    process holds the store open) or the spool file that the next ingest drains."""
    from skillopt_sleep.store import Store

    data = Path(env["SKILLOPT_SLEEP_HOME"]) / "data"
    spool = data / "capture-spool.jsonl"
    rows = [json.loads(line) for line in spool.read_text().splitlines()] if spool.is_file() else []
    if (data / "store.db").is_file():
        with Store(data / "store.db") as store:
            rows += [dict(r) for r in store.query("SELECT * FROM captures ORDER BY id")]
    return sorted(rows, key=lambda row: row["captured_at"])


def captures_once(env: dict, count: int, timeout_s: float = 20.0) -> list[dict]:
    """Codex starts notify without waiting for it: poll until `count` rows have landed."""
    deadline = time.monotonic() + timeout_s
    while True:
        rows = captures(env)
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.1)


def test_a_codex_session_is_recorded_by_notify_and_by_the_reviewed_stop_hook(env, tmp_path):
    assert installer(env).returncode == 0

    # Hooks not reviewed yet: Codex skips them, and the notify entry records the turn.
    plain = codex_session(env, tmp_path / "proj")
    assert plain.returncode == 0, plain.stderr
    rows = captures_once(env, 1)
    assert [(r["agent"], r["event"]) for r in rows] == [("codex", "agent-turn-complete")]
    assert rows[0]["session_id"] and rows[0]["cwd"] == str(tmp_path / "proj")

    # Hooks trusted (what the user's review does; automation passes the bypass flag): the Stop
    # hook records the turn with its transcript, alongside notify.
    reviewed = codex_session(env, tmp_path / "proj", "--dangerously-bypass-hook-trust")
    assert reviewed.returncode == 0, reviewed.stderr
    rows = captures_once(env, 3)[1:]
    stop = [r for r in rows if r["event"] == "Stop"]
    assert len(stop) == 1 and stop[0]["agent"] == "codex"
    assert Path(stop[0]["transcript_path"]).is_file()  # the real rollout Codex wrote
    assert {r["session_id"] for r in rows} == {stop[0]["session_id"]}


def test_a_new_codex_session_hears_about_a_pending_proposal(env, tmp_path, fake, monkeypatch):
    from tests.test_plugin import stage_a_real_proposal

    stage_a_real_proposal(tmp_path, monkeypatch, home=Path(env["SKILLOPT_SLEEP_HOME"]))
    assert installer(env).returncode == 0
    result = codex_session(env, tmp_path / "proj", "--dangerously-bypass-hook-trust")
    assert result.returncode == 0, result.stderr
    prompt = fake.requests[0].text
    assert "skillopt-sleep: 1 proposal pending for skill brief-writer: held-out" in prompt
    assert "ask to run `skillopt-sleep review`" in prompt


def codex_prompt(env: dict, project: Path, prompt: str, *extra: str) -> str:
    """One `codex exec` turn with full access (nothing in Codex's own permissions holds a command
    back); its final message."""
    done = subprocess.run([str(CODEX), "exec", *extra, "--sandbox", "danger-full-access", "--skip-git-repo-check",
                           "-C", str(project), "-m", "gpt-5-mini", "-"], input=prompt, text=True, env=env,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _installed_with_a_proposal(env, tmp_path: Path) -> tuple[Path, Path, Path, str]:
    """The plugin installed into Codex, a project with a skill, and a proposal staged for it:
    the runner, the project, the skill file and the proposal's id."""
    from tests.test_asked import SKILL, staged_proposal

    assert installer(env).returncode == 0
    runner = installed_root(env) / "runners" / "skillopt-sleep-codex"
    project = tmp_path / "proj"
    skill = project / ".agents" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    proposal = staged_proposal(Path(env["SKILLOPT_SLEEP_HOME"]), skill)
    return runner, project, skill, proposal


def test_in_codex_only_the_users_typed_command_adopts_once(env, tmp_path, fake):
    from skillopt_sleep.proposals import asked
    from tests.test_asked import SKILL

    runner, project, skill, proposal = _installed_with_a_proposal(env, tmp_path)

    def runs_twice(request):
        """The model runs the adopt command, and then runs it again."""
        if len(request.tool_results) >= 2:
            return text("The engine printed: " + " || ".join(request.tool_results))
        return tool_use("exec_command", {"cmd": f'"{runner}" adopt {proposal}'})

    fake.respond_with(runs_twice)
    trusted = "--dangerously-bypass-hook-trust"  # what the user's review of the plugin's hooks does
    # Asked in words: the model's own adopt, run with full access, is refused both times.
    in_words = codex_prompt(env, project, "Adopt the pending skill proposal for me.", trusted)
    assert in_words.count("runs only when you type it yourself") == 2, in_words
    assert skill.read_text() == SKILL
    # Typed, before the hooks are reviewed: Codex tells the plugin nothing, and the engine says why.
    unreviewed = codex_prompt(env, project, f"$skillopt-sleep adopt {proposal}")
    assert unreviewed.count("reviewed and trusted its hooks") == 2 and skill.read_text() == SKILL, unreviewed
    # Typed, with the hooks reviewed: it runs once; the model's second run of it is refused.
    typed = codex_prompt(env, project, f"$skillopt-sleep adopt {proposal}", trusted)
    first, second = typed.split("The engine printed: ", 1)[1].split(" || ")
    assert "Key Risks" in skill.read_text() and "runs only when you type" not in first, typed
    assert f"you did not type `$skillopt-sleep adopt {proposal}`" in second, typed
    kept = Path(env["SKILLOPT_SLEEP_HOME"]) / "data" / asked.FOLDER
    assert not [p for p in kept.iterdir() if not p.name.startswith(".")]


def test_in_the_codex_tui_the_users_own_bang_command_adopts_and_the_models_is_refused(env, tmp_path, fake):
    """The user types `!RUNNER adopt P` at Codex's prompt (its shell command, which Codex runs with
    the thread's id but no tool call's id); the model's own run of it in the same session is refused."""
    from tests.fixtures.tui import TuiSession
    from tests.test_asked import SKILL

    runner, project, skill, proposal = _installed_with_a_proposal(env, tmp_path)
    with (codex_home(env) / "config.toml").open("a") as config:
        config.write(f'\n[projects."{project}"]\ntrust_level = "trusted"\n')

    def adopts_again(request):
        if request.tool_results:
            return text("The engine printed: " + request.tool_results[-1])
        return tool_use("exec_command", {"cmd": f'"{runner}" adopt {proposal}'})

    fake.respond_with(adopts_again)
    # Full access and no approvals: nothing of Codex's own holds the model's command back.
    # --no-daemon: the TUI's shared background server would outlive the test.
    args = ["--no-daemon", "--sandbox", "danger-full-access", "--ask-for-approval", "never", "-m", "gpt-5-mini"]
    with TuiSession(CODEX, args, project, env, fake, ready=lambda out: b"Hooks need review" in out, settle_s=1.0,
                    exit_command="/quit") as tui:
        # The plugin's hooks not trusted yet: nothing keeps a typed `$skillopt-sleep`, and `!` still works.
        assert "Continue without trusting" in tui.screen()
        tui.press("\x1b[B\x1b[B")
        tui.press("\r")
        tui.wait_for_screen(lambda screen: "for shortcuts" in screen, timeout=20)
        tui.press("!")  # alone, as a person types it: the prompt turns to shell mode before a burst that reads as a paste
        tui.wait_for_screen(lambda screen: "Shell mode" in screen, timeout=10)
        tui.press(f"{runner} adopt {proposal}")
        tui.wait_for_screen(lambda screen: f"adopt {proposal}" in screen, timeout=10)
        tui.press("\r")
        shown = tui.wait_for_screen(lambda screen: "You ran" in screen and "Worked for" in screen, timeout=120)
        assert "Key Risks" in skill.read_text(), shown
        asked_before = len(fake.requests)
        tui.say("Adopt it again for me.")
    said = [r.tool_results[-1] for r in fake.model_requests()[asked_before:] if r.tool_results]
    assert said and "runs only when you type it yourself" in said[-1], said
