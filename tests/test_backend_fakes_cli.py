"""The fake servers hold up against the real agent CLIs: a real `claude -p` and a real
`codex exec` each complete a session with a tool call and write their real transcript."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.agent_clis import missing
from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, claude_env, codex_cli_path, codex_env, text, tool_use


def test_claude_cli_runs_a_tool_session_against_the_fake(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    project = tmp_path / "project"
    project.mkdir()
    with FakeAnthropic() as fake:
        fake.respond_with(
            lambda req: text("the tool printed: " + req.tool_results[-1].splitlines()[0])
            if req.tool_results
            else tool_use("Bash", {"command": "echo marker-from-bash", "description": "echo a marker"})
        )
        done = subprocess.run(
            [str(claude_cli_path()), "-p", "print a marker", "--output-format", "json",
             "--allowedTools", "Bash", "--model", "claude-haiku-4-5"],
            env=claude_env(fake, tmp_path / "home"), cwd=project, capture_output=True, text=True, timeout=180,
        )
        turns = fake.model_requests()
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["is_error"] is False
    assert result["result"].startswith("the tool printed: marker-from-bash")
    assert result["num_turns"] == 2
    # The CLI read the usage the fake reported (streamed message_start / message_delta).
    assert result["usage"]["output_tokens"] > 0
    assert len(turns) == 2 and all(t.stream for t in turns)
    assert "Bash" in turns[0].tool_names
    assert turns[0].headers.get("x-api-key") == "sk-ant-dummy"
    transcripts = list((tmp_path / "home" / ".claude" / "projects").glob("*/*.jsonl"))
    assert len(transcripts) == 1
    records = [json.loads(line) for line in transcripts[0].read_text().splitlines()]
    tool_uses = [b for r in records if r.get("type") == "assistant" for b in r["message"]["content"] if b.get("type") == "tool_use"]
    assert [b["name"] for b in tool_uses] == ["Bash"]


def test_codex_cli_runs_a_tool_session_against_the_fake(tmp_path, monkeypatch):
    codex = codex_cli_path()
    if codex is None:
        pytest.skip(missing("codex"))
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    project = tmp_path / "project"
    project.mkdir()
    home = tmp_path / "home"
    with FakeOpenAI() as fake:
        fake.push(tool_use("exec_command", {"cmd": "echo marker-from-shell"}), text("it printed the marker"))
        # codex's own Linux sandbox uses a system bubblewrap where one is installed (our test set-up
        # installs it), and in a container without user namespaces its commands then never run:
        # this test is about the tool loop against the fake, so the harmless echo runs unsandboxed.
        done = subprocess.run(
            [str(codex), "exec", "--json", "--skip-git-repo-check", "--sandbox", "danger-full-access",
             "-C", str(project), "-m", "gpt-5-mini", "-"],
            input="print a marker", env=codex_env(fake, home), capture_output=True, text=True, timeout=180,
        )
        turns = fake.model_requests()
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    commands = [e["item"] for e in events if e["type"] == "item.completed" and e["item"]["type"] == "command_execution"]
    assert len(commands) == 1 and "marker-from-shell" in commands[0]["aggregated_output"]
    messages = [e["item"]["text"] for e in events if e["type"] == "item.completed" and e["item"]["type"] == "agent_message"]
    assert messages == ["it printed the marker"]
    completed = [e for e in events if e["type"] == "turn.completed"]
    assert completed and completed[0]["usage"]["output_tokens"] > 0
    assert len(turns) == 2 and turns[0].path == "/v1/responses" and turns[0].stream
    assert any("marker-from-shell" in r for r in turns[1].tool_results)
    rollouts = list((home / ".codex" / "sessions").glob("*/*/*/rollout-*.jsonl"))
    assert len(rollouts) == 1
