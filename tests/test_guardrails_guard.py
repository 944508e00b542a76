"""The finish guard: the fixed script the plugin runs as a Stop hook, on data alone. Run as the
plugin runs it (the runner, a bare interpreter) on a transcript, and inside the real `claude`
with the plugin loaded, where it sends the agent back to run the check, in the words the
replay loop says too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.guardrails import finish_guard
from tests.fakes import FakeAnthropic, claude_cli_path, claude_env, text, tool_use

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "plugin" / "runners" / "skillopt-sleep-guard"
CHECK = "echo checked-by-guard"


def assistant(*blocks: dict) -> str:
    return json.dumps({"type": "assistant", "message": {"role": "assistant", "content": list(blocks)}})


def result(call_id: str, is_error: bool) -> str:
    return json.dumps({"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": call_id, "content": "x", "is_error": is_error}]}})


def edit(call_id: str, path: str = "a.py") -> dict:
    return {"type": "tool_use", "id": call_id, "name": "Edit", "input": {"file_path": path}}


def bash(call_id: str, command: str) -> dict:
    return {"type": "tool_use", "id": call_id, "name": "Bash", "input": {"command": command}}


def run_guard(project: Path, lines: list[str], *, active: bool = False, data: dict | None = None):
    if data is not None:
        path = project / finish_guard.DATA
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
    transcript = project / "t.jsonl"
    transcript.write_text("\n".join(lines) + "\n")
    payload = {"hook_event_name": "Stop", "cwd": str(project), "transcript_path": str(transcript), "stop_hook_active": active}
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "HOME": str(project)}
    return subprocess.run([str(RUNNER)], input=json.dumps(payload), capture_output=True, text=True, timeout=30, env=env)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "proj" / ".git").mkdir(parents=True)
    return tmp_path / "proj"


def test_an_edit_with_no_check_after_it_is_held_with_the_reason(project):
    done = run_guard(project, [assistant(edit("e1")), assistant(bash("b1", "make check"))][:1], data={"checks": ["make check"]})
    assert done.returncode == 2 and done.stderr.strip() == finish_guard.message(["make check"])


def test_a_check_run_after_the_last_edit_passes_whatever_its_exit_code(project):
    lines = [assistant(edit("e1")), assistant(bash("b1", "cd sub && make check -j2")), result("b1", True)]
    assert run_guard(project, lines, data={"checks": ["make check"]}).returncode == 0


def test_a_check_before_the_last_edit_does_not_count_and_a_refused_edit_changes_nothing(project):
    data = {"checks": ["make check"]}
    assert run_guard(project, [assistant(bash("b1", "make check")), assistant(edit("e2"))], data=data).returncode == 2
    refused = [assistant(bash("b1", "make check")), assistant(edit("e2")), result("e2", True)]
    assert run_guard(project, refused, data=data).returncode == 0


def test_the_guard_holds_once_and_passes_without_data_or_edits(project):
    assert run_guard(project, [assistant(edit("e1"))], active=True, data={"checks": ["make check"]}).returncode == 0
    assert run_guard(project, [assistant(bash("b1", "ls"))], data={"checks": ["make check"]}).returncode == 0
    (project / finish_guard.DATA).unlink()
    assert run_guard(project, [assistant(edit("e1"))]).returncode == 0


def test_bad_data_or_a_missing_transcript_never_fails_the_session(project):
    path = project / finish_guard.DATA
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert run_guard(project, [assistant(edit("e1"))]).returncode == 0
    path.write_text(json.dumps({"checks": "make check"}))
    assert run_guard(project, [assistant(edit("e1"))]).returncode == 0


def test_a_check_word_inside_another_word_is_not_a_run():
    assert finish_guard.ran("make check", "make check") and finish_guard.ran("cd x && make  check", "make check")
    assert not finish_guard.ran("make checkout", "make check") and not finish_guard.ran("cmake check", "make check")


def test_the_real_claude_is_sent_back_to_run_the_check_by_the_plugins_guard(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sk"))
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    data = project / finish_guard.DATA
    data.parent.mkdir(parents=True)
    data.write_text(json.dumps({"checks": [CHECK]}))
    said = finish_guard.message([CHECK])

    def model(request):
        if any("checked-by-guard" in r and "echo" not in r for r in request.tool_results):
            return text("checked and done")
        if said in json.dumps(request.json):
            return tool_use("Bash", {"command": CHECK, "description": "run the check"})
        if request.tool_results:
            return text("done")
        return tool_use("Write", {"file_path": str(project / "a.txt"), "content": "new\n"})

    with FakeAnthropic() as fake:
        fake.respond_with(model)
        env = claude_env(fake, tmp_path / "home")
        env.update({"SKILLOPT_SLEEP_HOME": str(tmp_path / "sk"), "SKILLOPT_SLEEP_PYTHON": sys.executable})
        done = subprocess.run(
            [str(claude_cli_path()), "-p", "write a.txt", "--output-format", "json", "--plugin-dir", str(REPO / "plugin"),
             "--allowedTools", "Bash,Write", "--model", "claude-haiku-4-5"],
            env=env, cwd=project, capture_output=True, text=True, timeout=200)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == "checked and done"
    held = [r for r in requests if said in json.dumps(r.json)]
    assert held, "the guard's reason never reached the model"
