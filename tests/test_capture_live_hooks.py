"""Live capture for GitHub Copilot CLI, OpenCode and pi: `skillopt-sleep hooks install` writes
each agent's hook or plugin, the real CLI runs it as a session ends, and ingest reads the session.
Where the CLI is not installed, its documented payload goes to the real hook script instead."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.capture import live_hooks
from skillopt_sleep.capture.harvest import Homes
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.cli import main
from skillopt_sleep.store import Store
from tests.agent_clis import missing
from tests.fakes import FakeOpenAI, text
from tests.fixtures.make_agent_fixtures import BIN, MODEL, OpenCodeTurns, copilot_env, opencode_env, pi_env

HOOK = Path(capture_hook.__file__).with_name("hook_entry.py")
PYTHON = os.path.realpath(sys.executable)
SESSION = "ac16d1f5-7f34-4560-be03-bff57c554948"
PROMPT = "Summarize the README in one sentence"


@pytest.fixture
def world(tmp_path, monkeypatch):
    sleep, home, project = tmp_path / "sleep", tmp_path / "home", tmp_path / "work" / "shop"
    project.mkdir(parents=True)
    (project / "README.md").write_text("shop: a small service\n")
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(sleep))
    monkeypatch.setenv("SKILLOPT_SLEEP_CAPTURE__INCLUDE_HEADLESS", "true")  # the CLIs below run headless
    monkeypatch.setenv("HOME", str(home))
    for name in ("COPILOT_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "PI_CODING_AGENT_DIR", "PI_CODING_AGENT_SESSION_DIR"):
        monkeypatch.delenv(name, raising=False)
    return sleep, home, project


def cli(name: str) -> Path:
    path = BIN / name
    if not path.exists():
        pytest.skip(missing(name))
    return path


def spool(sleep: Path) -> list[dict]:
    path = sleep / "data" / capture_hook.SPOOL_NAME
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def wait_for_spool(sleep: Path, count: int, timeout_s: float = 20.0) -> list[dict]:
    """The OpenCode plugin and pi extension start the hook in the background and do not wait."""
    deadline = time.monotonic() + timeout_s
    while len(spool(sleep)) < count and time.monotonic() < deadline:
        time.sleep(0.2)
    return spool(sleep)


def run_cli(command: list, project: Path, env: dict) -> None:
    done = subprocess.run([str(c) for c in command], cwd=project, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr[-2000:]


def ingest_report(capsys) -> dict:
    capsys.readouterr()
    assert main(["ingest", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def hook_log(sleep: Path) -> list[str]:
    path = sleep / "logs" / capture_hook.LOG_NAME
    return path.read_text().splitlines() if path.exists() else []


def run_hook(sleep: Path, payload: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
    clean.update({"SKILLOPT_SLEEP_HOME": str(sleep)}, **env)
    return subprocess.run([PYTHON, "-I", "-S", str(HOOK), *args], input=payload.encode(), env=clean,
                          capture_output=True, timeout=30)


# -- GitHub Copilot CLI ---------------------------------------------------------------------------

def test_a_real_copilot_session_is_captured_by_its_hooks(world, capsys):
    sleep, home, project = world
    copilot = cli("copilot")
    assert main(["hooks", "install", "--agent", "copilot"]) == 0
    assert "copilot: installed" in capsys.readouterr().out
    with FakeOpenAI() as fake:
        fake.push(text("shop is a small service."))
        run_cli([copilot, "-p", PROMPT, "--allow-all-tools"], project, copilot_env(fake, home))

    # The CLI does not always wait for its sessionEnd hook on a busy machine: agentStop is what
    # records the session; a sessionEnd that ran must name the same file (found on disk).
    lines = wait_for_spool(sleep, 2, timeout_s=5.0)
    assert [line["event"] for line in lines] in (["agentStop"], ["agentStop", "sessionEnd"])
    [session_id] = {line["session_id"] for line in lines}
    events = home / ".copilot" / "session-state" / session_id / "events.jsonl"
    assert {line["transcript_path"] for line in lines} == {str(events)}
    assert {line["cwd"] for line in lines} == {str(project)}

    report = ingest_report(capsys)
    assert report["captures"] == len(lines) and report["files"] == 1 and report["skipped"] == {}
    with Store() as store:
        session = SessionRepo(store).get(session_id)
    assert session is not None and session.agent == "copilot" and [i.text for i in session.intents] == [PROMPT]


def test_copilot_session_end_without_a_transcript_finds_its_events_file(world, tmp_path):
    """The documented camelCase `sessionEnd` payload names no transcript."""
    sleep, _home, _project = world
    payload = {"sessionId": SESSION, "timestamp": 1796298071418, "cwd": "/w/shop", "reason": "complete"}
    done = run_hook(sleep, json.dumps(payload), "--agent", "copilot", "--event", "sessionEnd",
                    COPILOT_HOME=str(tmp_path / "copilot-home"))
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    [line] = spool(sleep)
    assert (line["agent"], line["event"], line["session_id"], line["cwd"]) == ("copilot", "sessionEnd", SESSION, "/w/shop")
    assert line["transcript_path"] == str(tmp_path / "copilot-home" / "session-state" / SESSION / "events.jsonl")
    assert json.loads(line["payload_json"]) == {"reason": "complete"}


def test_an_unsafe_copilot_session_id_is_not_joined_to_a_path(world):
    sleep, _home, _project = world
    payload = {"sessionId": "../../etc", "cwd": "/w/shop", "reason": "complete"}
    assert run_hook(sleep, json.dumps(payload), "--agent", "copilot", "--event", "sessionEnd").returncode == 0
    [line] = spool(sleep)
    assert line["transcript_path"] is None


def test_the_hook_finds_transcripts_where_harvest_looks(tmp_path):
    env = {"HOME": str(tmp_path), "COPILOT_HOME": str(tmp_path / "c"), "XDG_DATA_HOME": str(tmp_path / "d")}
    for environment in (env, {"HOME": str(tmp_path)}):
        homes = Homes.from_env(environment)
        copilot = {"agent": "copilot", "session_id": SESSION, "transcript_path": None}
        opencode = {"agent": "opencode", "session_id": "ses_1", "transcript_path": None}
        capture_hook.locate_transcript(copilot, environment)
        capture_hook.locate_transcript(opencode, environment)
        assert copilot["transcript_path"] == str(homes.copilot / "session-state" / SESSION / "events.jsonl")
        assert opencode["transcript_path"] == str(homes.opencode_data / "opencode.db")


# -- OpenCode -------------------------------------------------------------------------------------

def test_a_real_opencode_session_is_captured_by_the_plugin(world, capsys):
    sleep, home, project = world
    opencode = cli("opencode")
    with FakeOpenAI() as fake:
        env = opencode_env(fake, project, home)
        assert main(["hooks", "install", "--agent", "opencode"]) == 0
        turns = OpenCodeTurns(fake, text("shop is a small service."))
        run_cli([opencode, "run", "--model", f"fake/{MODEL}", PROMPT], project, env)
        turns.check("opencode run")

    [line] = wait_for_spool(sleep, 1)
    assert (line["agent"], line["event"], line["cwd"]) == ("opencode", "session.idle", str(project))
    assert line["session_id"].startswith("ses_")
    assert line["transcript_path"] == str(home / ".local" / "share" / "opencode" / "opencode.db")

    report = ingest_report(capsys)
    assert report["captures"] == 1 and report["sessions"] == 1 and report["skipped"] == {}
    with Store() as store:
        session = SessionRepo(store).get(line["session_id"])
    assert session is not None and session.agent == "opencode" and [i.text for i in session.intents] == [PROMPT]


# -- pi -------------------------------------------------------------------------------------------

def test_a_real_pi_session_is_captured_by_the_extension(world, capsys):
    sleep, home, project = world
    pi = cli("pi")
    with FakeOpenAI() as fake:
        env = pi_env(fake, home)  # copies the shipped extension, which only marks sessions
        assert main(["hooks", "install", "--agent", "pi"]) == 0
        assert "pi: updated" in capsys.readouterr().out
        fake.push(text("shop is a small service."))
        run_cli([pi, "-p", "--provider", "fake", "--model", MODEL, PROMPT], project, env)

    [line] = wait_for_spool(sleep, 1)
    [transcript] = (home / ".pi" / "agent" / "sessions").glob("*/*.jsonl")
    assert (line["agent"], line["event"], line["transcript_path"], line["cwd"]) == (
        "pi", "session_shutdown", str(transcript), str(project))
    assert transcript.stem.endswith(line["session_id"])

    report = ingest_report(capsys)
    assert report["captures"] == 1 and report["files"] == 1 and report["skipped"] == {}
    with Store() as store:
        session = SessionRepo(store).get(line["session_id"])
    assert session is not None and [i.text for i in session.intents] == [PROMPT]
    assert session.excluded == ""  # headless, and kept only because include_headless is set


# -- bad input never fails the agent ----------------------------------------------------------------

@pytest.mark.parametrize("agent", ["copilot", "opencode", "pi"])
@pytest.mark.parametrize("payload", ["{not json", "[1, 2]", ""])
def test_a_bad_payload_exits_0_and_logs_one_line(world, agent, payload):
    sleep, _home, _project = world
    done = run_hook(sleep, payload, "--agent", agent, "--event", "sessionEnd")
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    [line] = spool(sleep)
    assert line["agent"] == agent and line["session_id"] is None
    [logged] = hook_log(sleep)
    assert f"{agent} sessionEnd hook: the payload is not a JSON object" in logged


def test_the_capture_command_accepts_the_new_agents(world, monkeypatch, capsys):
    sleep, _home, _project = world
    assert main(["capture", "--agent", "pi", json.dumps({"session_id": "p-1", "transcript_path": "/w/s.jsonl"})]) == 0
    assert main(["capture", "--agent", "opencode", json.dumps({"hook_event_name": "session.idle", "session_id": "ses_2"})]) == 0
    assert [(line["agent"], line["session_id"]) for line in spool(sleep)] == [("pi", "p-1"), ("opencode", "ses_2")]
    assert capsys.readouterr().out == "" and hook_log(sleep) == []


# -- installing -------------------------------------------------------------------------------------

def test_install_is_idempotent_and_uninstall_removes_only_its_file(world, capsys):
    _sleep, home, _project = world
    own = home / ".copilot" / "hooks" / "mine.json"
    own.parent.mkdir(parents=True)
    own.write_text("{}")
    assert main(["hooks", "install", "--agent", "all"]) == 0
    assert main(["hooks", "install", "--agent", "all"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[1] for line in out] == ["installed"] * 3 + ["unchanged"] * 3
    hooks = json.loads((home / ".copilot" / "hooks" / "skillopt-sleep.json").read_text())
    assert hooks["version"] == 1 and set(hooks["hooks"]) == {"agentStop", "sessionEnd"}
    command = hooks["hooks"]["sessionEnd"][0]["bash"]
    assert f"{HOOK.resolve()} --agent copilot --event sessionEnd" in command

    plugin = live_hooks.target_path("opencode").read_text()
    assert json.dumps(live_hooks.hook_command("opencode")) in plugin
    assert "const CAPTURE = [];" in live_hooks.shipped_plugin("opencode")  # the package's copy stays inert

    live_hooks.target_path("pi").write_text("// edited\n")
    assert main(["hooks", "status", "--agent", "pi"]) == 0
    assert "pi: out of date" in capsys.readouterr().out
    assert main(["hooks", "uninstall", "--agent", "all"]) == 0
    assert main(["hooks", "uninstall", "--agent", "copilot"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[1] for line in out] == ["removed"] * 3 + ["absent"]
    assert own.read_text() == "{}" and not live_hooks.target_path("opencode").exists()


def test_an_unwritable_hooks_folder_is_a_clear_error(world, capsys):
    _sleep, home, _project = world
    home.mkdir(parents=True)
    (home / ".copilot").write_text("a file where the folder should be")
    assert main(["hooks", "install", "--agent", "copilot"]) != 0
    err = capsys.readouterr().err
    assert "could not write" in err and len(err.strip().splitlines()) == 1
