"""End to end: a real `claude` session whose Stop/SessionEnd hooks run the capture hook becomes
a replay task after `ingest` and `mine`."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.cli import main
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.fakes import FakeAnthropic, claude_cli_path, claude_env, text, tool_use
from tests.fixtures.tui import TuiSession, trust_project

PYTHON = os.path.realpath(sys.executable)
pytest.importorskip("claude_agent_sdk", reason="the claude CLI comes bundled with claude-agent-sdk (test extra)")


def hook_settings(home: Path) -> None:
    command = f'"{PYTHON}" -I -S "{Path(capture_hook.__file__)}" --agent claude-code'
    hooks = {event: [{"matcher": "*", "hooks": [{"type": "command", "command": command, "timeout": 30}]}]
             for event in ("Stop", "SessionEnd")}
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"hooks": hooks}, indent=2))


@pytest.fixture
def world(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    home, project = tmp_path / "home", tmp_path / "work" / "webapp"
    project.mkdir(parents=True)
    (project / "package.json").write_text('{"name": "webapp", "scripts": {}}\n')
    trust_project(home, project)
    hook_settings(home)
    monkeypatch.setenv("HOME", str(home))  # harvest / ingest look up the agents' folders here
    return home, project


def test_a_real_claude_session_becomes_a_task(world, capsys):
    home, project = world
    with FakeAnthropic() as fake:
        fake.push(
            tool_use("Bash", {"command": "cat package.json", "description": "Read package.json"}),
            text("Installed the dependencies with `npm install`."),
            tool_use("Bash", {"command": "echo pnpm install", "description": "Install with pnpm"}),
            text("Done: ran `pnpm install` instead."),
        )
        env = claude_env(fake, home)
        with TuiSession(claude_cli_path(), ["--model", "claude-haiku-4-5", "--allowedTools", "Bash"], project, env, fake) as session:
            session.say("Install the dependencies for this project")
            session.say("no, use pnpm")
        assert fake.script.pending() == 0 and not fake.script.unscripted

    spool = Path(os.environ["SKILLOPT_SLEEP_HOME"]) / "data" / capture_hook.SPOOL_NAME
    events = [json.loads(line)["event"] for line in spool.read_text().splitlines()]
    assert events.count("Stop") == 2 and "SessionEnd" in events  # one Stop per turn, then the end

    assert main(["ingest", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["captures"] == len(events) and report["files"] == 1 and report["sessions"] == 1
    assert report["skipped"] == {}
    assert main(["mine", "--json"]) == 0
    mined = json.loads(capsys.readouterr().out)
    assert mined["tasks_with_checks"] == 1

    with Store() as store:
        [task] = TaskRepo(store).list()
        session_id = store.query_one("SELECT id FROM sessions")["id"]
    assert task.intent == "Install the dependencies for this project"
    assert task.origin == "real" and task.outcome == "corrected" and task.source_sessions == [session_id]
    assert [c.to_dict() for c in task.judge.checks] == [{"op": "contains", "arg": "pnpm"}]
    assert "webapp" in task.context

    assert main(["ingest", "--json"]) == 0  # nothing new: the transcript is not read again
    again = json.loads(capsys.readouterr().out)
    assert again["files"] == 0 and again["captures"] == 0


# A secret in no vendor's format, so only skipping what holds it can keep it out (no redactor
# recognises it), beside one a redactor would catch if the record were read.
PLAIN_SECRET = "q7Zr-blob-only-4f1d8c2e9a"


def everything_written(root: Path) -> bytes:
    """Every byte the engine wrote under its home: the store and its WAL, the spool, the logs."""
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())


def test_a_new_record_type_is_counted_and_a_request_copy_is_never_read(world, capsys):
    home, project = world
    (project / ".env").write_text(f"DEPLOY_PASSPHRASE={PLAIN_SECRET}\n")
    with FakeAnthropic() as fake:
        fake.push(
            tool_use("Bash", {"command": "cat .env", "description": "Read the settings"}),
            text("The settings hold one passphrase."),
        )
        env = claude_env(fake, home)
        with TuiSession(claude_cli_path(), ["--model", "claude-haiku-4-5", "--allowedTools", "Bash"], project, env, fake) as session:
            session.say("What does the settings file hold?")
        # The CLI sent the tool's output back to the model: the request copy it keeps holds it.
        assert any(PLAIN_SECRET.encode() in request.body for request in fake.model_requests())

    [transcript] = (home / ".claude" / "projects").rglob("*.jsonl")
    written = transcript.read_text()
    assert PLAIN_SECRET in written and '"type":"api-request-blob"' in written
    with transcript.open("a") as out:  # a record type a later CLI might start writing
        out.write(json.dumps({"type": "planted-weather", "sessionId": transcript.stem, "sky": "clear"}) + "\n")

    assert main(["ingest", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sessions"] == 1 and report["skipped"] == {"unknown_record_type": 1}
    assert report["unknown"]["claude-code"]["record"] == {"planted-weather": 1}
    assert main(["mine", "--json"]) == 0
    capsys.readouterr()
    assert main(["status"]) == 0
    shown = capsys.readouterr()
    assert "claude-code  record type planted-weather: 1" in shown.out

    with Store() as store:
        [session] = SessionRepo(store).all()
    assert [intent.text for intent in session.intents] == ["What does the settings file hold?"]
    sleep_home = Path(os.environ["SKILLOPT_SLEEP_HOME"])
    assert PLAIN_SECRET.encode() not in everything_written(sleep_home)
    assert PLAIN_SECRET not in shown.out + shown.err
