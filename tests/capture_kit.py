"""Transcript lines in both agents' shapes, written to real files and registered as captures,
for the tests that feed ingest bad input beside good sessions."""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store

AT = "2026-01-05T10:00:00Z"


def claude_user(text: object, at: object = AT, **extra) -> dict:
    record = {"type": "user", "sessionId": "s", "cwd": "/w/shop", "timestamp": at, "entrypoint": "cli",
              "message": {"role": "user", "content": text}}
    record.update(extra)
    return record


def claude_assistant(text: str, at: object = "2026-01-05T10:00:05Z", tools: list | None = None) -> dict:
    content = [{"type": "text", "text": text}] + [
        {"type": "tool_use", "id": call_id, "name": "Bash", "input": {"command": command}} for call_id, command in (tools or [])]
    return {"type": "assistant", "sessionId": "s", "timestamp": at, "message": {"role": "assistant", "content": content}}


def claude_tool_result(call_id: str, output: str, is_error: bool = True) -> dict:
    return {"type": "user", "sessionId": "s", "timestamp": "2026-01-05T10:00:06Z",
            "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id, "is_error": is_error,
                                                     "content": output}]}}


def codex_line(kind: str, payload: object, at: object = AT) -> dict:
    return {"timestamp": at, "type": kind, "payload": payload}


def codex_meta(cwd: str = "/w/shop") -> dict:
    return codex_line("session_meta", {"id": "x", "cwd": cwd, "cli_version": "0.1", "originator": "codex_cli_rs"})


def codex_user(text: str) -> dict:
    return codex_line("event_msg", {"type": "user_message", "message": text})


def codex_agent(text: str) -> dict:
    return codex_line("event_msg", {"type": "agent_message", "message": text})


def codex_call(call_id: str, command: str) -> dict:
    return codex_line("response_item", {"type": "function_call", "name": "exec_command", "call_id": call_id,
                                        "arguments": json.dumps({"cmd": command})})


def codex_output(call_id: str, output: str, exit_code: int = 1) -> dict:
    return codex_line("response_item", {"type": "function_call_output", "call_id": call_id,
                                        "output": json.dumps({"output": output, "metadata": {"exit_code": exit_code}})})


def jsonl(records: list) -> bytes:
    return b"".join((r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in records)


def write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def codex_rollout_name(session_id: str) -> str:
    return f"rollout-2026-01-05T10-00-00-{session_id}.jsonl"


def capture(store: Store, agent: str, path: Path | str, session_id: str = "") -> None:
    """What the Stop hook records for a finished turn."""
    store.insert("captures", {"agent": agent, "event": "Stop", "session_id": session_id or Path(str(path)).stem,
                              "transcript_path": str(path), "cwd": "/w/shop", "captured_at": "2026-01-05T10:00:09.000000Z"})


def valid_sessions(folder: Path) -> dict[tuple[str, Path], list[str]]:
    """One good session per agent: (agent, path) -> the intents ingest must find."""
    claude = write(folder / "good-claude.jsonl", jsonl([
        claude_user("Write the release notes for 2.1"), claude_assistant("Release notes written.")]))
    codex_id = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001"
    codex = write(folder / codex_rollout_name(codex_id), jsonl([
        codex_meta(), codex_user("Run the linter on src"), codex_call("c1", "ruff check src"),
        codex_output("c1", "2 errors"), codex_agent("Two lint errors remain.")]))
    return {("claude-code", claude): ["Write the release notes for 2.1"], ("codex", codex): ["Run the linter on src"]}


def session_id_of(agent: str, path: Path) -> str:
    return path.stem[-36:] if agent == "codex" else path.stem


def assert_ingested(store: Store, expected: dict[tuple[str, Path], list[str]]) -> None:
    for (agent, path), intents in expected.items():
        session = SessionRepo(store).get(session_id_of(agent, path))
        assert session is not None, f"{path.name} was not ingested"
        assert [i.text for i in session.intents] == intents
