"""Codex rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` (and
`archived_sessions/`). Each line is {timestamp, type, payload}.

Codex records every message twice: as a `response_item` (what the model saw, including injected
context such as `<environment_context>` and AGENTS.md) and as an `event_msg` (what the user
typed and was shown). Once a rollout has event messages they are the conversation and
response_item messages are ignored, so each turn counts once; older rollouts without events fall
back to response items. Tool calls come only from response items (`function_call`,
`custom_tool_call`, `local_shell_call`) and their outputs, linked by `call_id`.
"""

from __future__ import annotations

import json
import re

from skillopt_sleep.capture.transcripts.common import SessionBuilder

AGENT = "codex"
BOOKKEEPING = {"turn_context", "compacted", "world_state", "token_usage_record"}
_EXIT_CODE = re.compile(r"(?:Process exited with code|Exit code:?)\s+(-?\d+)")
_TOOL_ITEMS = {"function_call", "custom_tool_call", "local_shell_call", "web_search_call"}
_TOOL_OUTPUTS = {"function_call_output", "custom_tool_call_output"}


def _content_texts(content: object) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for item in content if isinstance(content, list) else []:
        if isinstance(item, dict) and isinstance(item.get("text"), str):
            parts.append(item["text"])
    return "\n".join(p for p in parts if p.strip())


def _arguments(payload: dict) -> dict:
    raw = payload.get("arguments", payload.get("input"))
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
            return value if isinstance(value, dict) else {"input": raw}
        except ValueError:
            return {"input": raw}
    return {}


def summarize_call(payload: dict) -> str:
    args = _arguments(payload)
    if payload.get("type") == "local_shell_call":
        action = payload.get("action") or {}
        command = action.get("command")
        return " ".join(command) if isinstance(command, list) else str(command or "")
    for key in ("cmd", "command", "path", "file_path", "query", "url"):
        value = args.get(key)
        if isinstance(value, list):
            return " ".join(str(v) for v in value)
        if isinstance(value, str) and value:
            return value
    text = args.get("input") if isinstance(args.get("input"), str) else json.dumps(args, ensure_ascii=False, sort_keys=True)
    return text[:200]


def output_error(output: object) -> str | None:
    """The failure text of a tool output, or None when it succeeded."""
    if isinstance(output, dict):
        text = str(output.get("output") or output.get("content") or "")
        code = (output.get("metadata") or {}).get("exit_code")
    else:
        text = output if isinstance(output, str) else _content_texts(output)
        code = None
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
                if isinstance(data, dict):
                    code = (data.get("metadata") or {}).get("exit_code")
                    text = str(data.get("output") or text)
            except ValueError:
                pass
        if code is None:
            match = _EXIT_CODE.search(text)
            code = int(match.group(1)) if match else None
    if isinstance(code, int) and code != 0:
        return text.split("Output:", 1)[-1].strip() or f"exit code {code}"
    return None


class CodexParser:
    agent = AGENT

    def __init__(self, builder: SessionBuilder, *, include_headless: bool = False, path: str = ""):
        self.builder = builder

    def skips_unparsed(self, raw: bytes) -> bool:
        return False  # rollouts are small; every line is decoded

    def feed(self, record: dict) -> bool:
        kind = record.get("type")
        payload = record.get("payload")
        if not isinstance(payload, dict):
            payload = {}
        b = self.builder
        b.seen_at(record.get("timestamp"))
        at = record.get("timestamp")
        if kind == "session_meta":
            self._meta(payload)
            return True
        if kind == "turn_context":
            b.set_meta(cwd=str(payload.get("cwd") or ""), model=str(payload.get("model") or ""))
            return True
        if kind == "event_msg":
            self._event(payload, at)
            return True
        if kind == "response_item":
            self._item(payload, at)
            return True
        return kind in BOOKKEEPING

    def _meta(self, payload: dict) -> None:
        b = self.builder
        b.set_meta(
            cwd=str(payload.get("cwd") or ""), version=str(payload.get("cli_version") or ""),
            entrypoint=str(payload.get("originator") or ""),
        )
        git = payload.get("git") or {}
        if isinstance(git, dict):
            b.set_meta(git_branch=str(git.get("branch") or ""))
        source = payload.get("source")
        thread_source = str(payload.get("thread_source") or "")
        if (isinstance(source, dict) and "subagent" in source) or "agent" in thread_source:
            b.session.exclude("subagent")
        instructions = payload.get("base_instructions") or payload.get("instructions")
        if isinstance(instructions, dict):
            instructions = instructions.get("text")
        if isinstance(instructions, str):
            b.system_prompt(instructions)

    def _event(self, payload: dict, at: object) -> None:
        b = self.builder
        b.state.event_mode = True
        kind = payload.get("type")
        if kind == "user_message":
            b.user_text(str(payload.get("message") or ""), at, source="event")
        elif kind == "agent_message":
            b.assistant_text(str(payload.get("message") or ""), at, source="event")
        elif kind == "item_completed":
            item = payload.get("item") or {}
            if item.get("type") == "UserMessage":
                b.user_text(_content_texts(item.get("content")), at, source="event")
            elif item.get("type") == "AgentMessage":
                b.assistant_text(_content_texts(item.get("content")), at, source="event")
        elif kind == "turn_aborted":
            b.interrupted()

    def _item(self, payload: dict, at: object) -> None:
        b = self.builder
        kind = payload.get("type")
        if kind == "message":
            role = payload.get("role")
            text = _content_texts(payload.get("content"))
            if role in ("developer", "system"):
                b.system_prompt(text)
            elif b.state.event_mode:
                return
            elif role == "user":
                b.user_text(text, at, source="item")
            elif role == "assistant":
                b.assistant_text(text, at, source="item")
        elif kind in _TOOL_ITEMS:
            name = str(payload.get("name") or ("shell" if kind == "local_shell_call" else kind.replace("_call", "")))
            b.tool_call(str(payload.get("call_id") or payload.get("id") or ""), name, summarize_call(payload))
        elif kind in _TOOL_OUTPUTS:
            b.tool_result(str(payload.get("call_id") or ""), output_error(payload.get("output")))

    def finish(self) -> None:
        self.builder.finish()
