"""Codex rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` (and
`archived_sessions/`). Each line is {timestamp, type, payload}.

Codex records every message twice: as a `response_item` (what the model saw, including injected
context such as `<environment_context>` and AGENTS.md) and as an `event_msg` (what the user
typed and was shown). Once a rollout has event messages they are the conversation and
response_item messages are ignored, so each turn counts once; older rollouts without events fall
back to response items. Tool calls come only from response items (`function_call`,
`custom_tool_call`, `local_shell_call`) and their outputs, linked by `call_id`.

A `codex exec` run (session_meta `originator` "codex_exec", `source` "exec") is a script's run,
not the user's conversation: it is excluded as headless unless the caller asks to include it.
"""

from __future__ import annotations

import json
import re

from skillopt_sleep.capture.edit_traces import NO_TRACE, EditTrace, edit_trace
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.safe_read import loads_limited
from skillopt_sleep.capture.transcripts.common import REPLAY_MARKER, SessionBuilder, as_dict, as_str

AGENT = "codex"
BOOKKEEPING = {"turn_context", "compacted", "world_state", "token_usage_record"}
_EXIT_CODE = lazy(r"(?:Process exited with code|Exit code:?)\s+(-?\d+)", needs=("Process exited with code", "Exit code"))
_PATCH_FILE = lazy(r"^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$", re.M)
_PATCH_MARK = "*** Begin Patch"
_TOOL_ITEMS = {"function_call", "custom_tool_call", "local_shell_call", "web_search_call"}
_TOOL_OUTPUTS = {"function_call_output", "custom_tool_call_output"}
_CONVERSATION_EVENTS = {"user_message", "agent_message", "item_completed", "turn_aborted"}
# Events and items seen in real rollouts that hold nothing a session needs beyond their time.
# Anything else is counted as unknown (a newer codex), so the drift check and `status` show it.
IGNORED_EVENTS = {
    "token_count", "task_started", "task_complete", "turn_started", "turn_complete", "thread_settings_applied",
    "item_started", "agent_reasoning", "agent_reasoning_raw_content", "agent_reasoning_section_break",
    "exec_command_begin", "exec_command_end", "patch_apply_begin", "patch_apply_end", "mcp_tool_call_begin",
    "mcp_tool_call_end", "web_search_begin", "web_search_end", "turn_diff", "plan_update", "context_compacted",
    "error", "stream_error", "background_event", "view_image_tool_call", "entered_review_mode", "exited_review_mode",
}
IGNORED_ITEMS = {"reasoning", "compaction"}
EXEC_ORIGINATOR = "codex_exec"
EXEC_SOURCE = "exec"
# Half a rollout's bytes are token counts, world states and turn bookkeeping, of which only the
# time is read. Their time and type sit in the first bytes of the line.
_MARKER = REPLAY_MARKER.encode()
_HEAD = lazy(rb'\{"timestamp":"([0-9T:.+\-Z]{10,40})",(?:"ordinal":\d+,)?"type":"([a-z_]+)"'
                   rb'(?:,"payload":\{"type":"([a-z_]+)"'
                   # an item_completed event names its item's type after the thread and turn ids
                   rb'(?:,"thread_id":"[^"\\]*","turn_id":"[^"\\]*","item":\{"type":"([A-Za-z]+)")?)?')
# item_completed items of these types carry the conversation; the others (command runs) only a time.
_MESSAGE_ITEMS = (b"UserMessage", b"AgentMessage")


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
            value = loads_limited(raw)
            return value if isinstance(value, dict) else {"input": raw}
        except ValueError:
            return {"input": raw}
    return {}


def summarize_call(payload: dict) -> str:
    args = _arguments(payload)
    if payload.get("type") == "local_shell_call":
        command = as_dict(payload.get("action")).get("command")
        return " ".join(as_str(c) for c in command) if isinstance(command, list) else as_str(command)
    for key in ("cmd", "command", "path", "file_path", "query", "url"):
        value = args.get(key)
        if isinstance(value, list):
            return " ".join(as_str(v) for v in value)
        if isinstance(value, str) and value:
            return value
    text = args.get("input") if isinstance(args.get("input"), str) else json.dumps(args, ensure_ascii=False, sort_keys=True)
    return text[:200]


def patches(payload: dict) -> list[str]:
    """The apply_patch texts of a call (a tool of its own, or a shell heredoc)."""
    raw = payload.get("input", payload.get("arguments"))
    if isinstance(raw, str) and _PATCH_MARK not in raw and "\\u" not in raw:
        # No decoded string can hold the mark: without a \u escape, JSON decoding only turns
        # `\"`, `\\`, `\/` and control escapes into characters, none of them in the mark, at
        # any depth of JSON inside a string. Most calls are commands: they are not decoded.
        return []
    return [text for text in _strings(raw) if _PATCH_MARK in text]


def patch_paths(texts: list[str]) -> list[str]:
    """The files these patches add, update, delete or move to."""
    return list(dict.fromkeys(m.strip() for text in texts for m in _PATCH_FILE.findall(text)))


def patch_trace(texts: list[str]) -> EditTrace:
    """The calls these patches add and take out, from their + and - lines."""
    return edit_trace({"patch": "\n".join(texts)}) if texts else NO_TRACE


def _strings(value: object, depth: int = 0) -> list[str]:
    """Every string inside a tool's arguments, a JSON-encoded argument string decoded."""
    if depth > 4:
        return []
    if isinstance(value, str):
        if value.lstrip().startswith(("{", "[")):
            try:
                return _strings(loads_limited(value), depth + 1)
            except ValueError:
                pass
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item, depth + 1)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item, depth + 1)]
    return []


def output_error(output: object) -> str | None:
    """The failure text of a tool output, or None when it succeeded."""
    return output_result(output)[0]


def output_result(output: object) -> tuple[str | None, int | None]:
    """(the failure text or None, the exit status where the output states one)."""
    if isinstance(output, dict):
        text = as_str(output.get("output")) or as_str(output.get("content"))
        code = as_dict(output.get("metadata")).get("exit_code")
    else:
        text = output if isinstance(output, str) else _content_texts(output)
        code = None
        if text.lstrip().startswith("{"):
            try:
                data = loads_limited(text)
                if isinstance(data, dict):
                    code = as_dict(data.get("metadata")).get("exit_code")
                    text = as_str(data.get("output")) or text
            except ValueError:
                pass
        if code is None:
            match = _EXIT_CODE.search(text)
            code = int(match.group(1)) if match else None
    if not isinstance(code, int) or isinstance(code, bool):
        return None, None
    if code != 0:
        return text.split("Output:", 1)[-1].strip() or f"exit code {code}", code
    return None, 0


def _item_without_text(event: bytes, item: bytes | None) -> bool:
    """A completed item that is no message: `_event` reads nothing of it but its time."""
    return event == b"item_completed" and item is not None and item not in _MESSAGE_ITEMS


def is_exec_run(meta: dict) -> bool:
    """True when a session_meta payload belongs to a non-interactive `codex exec` run."""
    return as_str(meta.get("originator")) == EXEC_ORIGINATOR or meta.get("source") == EXEC_SOURCE


class CodexParser:
    agent = AGENT

    def __init__(self, builder: SessionBuilder, *, include_headless: bool = False, path: str = ""):
        self.builder = builder
        self.include_headless = include_headless

    def skips_unparsed(self, raw: bytes) -> bool:
        """True for a complete line whose type says it holds only a time (which is noted): also a
        response_item message once event messages carry the conversation, unless it may hold
        the replay marker, a completed item that is no message, and a turn context once the cwd
        and model it would set are known."""
        head = _HEAD.match(raw)
        if head is None or not (raw.endswith(b"}") or raw.rstrip().endswith(b"}")):
            return False  # another shape, or possibly truncated: let the decoder say
        stamp, kind, event, item = head.groups()
        if kind == b"event_msg":
            if event is None or not (_item_without_text(event, item) or event.decode() in IGNORED_EVENTS):
                return False  # the conversation, or an event to count as unknown
            self.builder.state.event_mode = True
        elif kind == b"response_item":
            if event != b"message" or not self.builder.state.event_mode or _MARKER in raw:
                return False
        elif kind == b"turn_context":
            session = self.builder.session
            if not (session.cwd and session.model):  # what it would set is still unknown
                return False
        elif kind.decode() not in BOOKKEEPING:
            return False
        self.builder.seen_at(stamp.decode())
        return True

    def feed(self, record: dict) -> bool:
        kind = as_str(record.get("type"))
        payload = as_dict(record.get("payload"))
        b = self.builder
        b.seen_at(record.get("timestamp"))
        at = record.get("timestamp")
        if kind == "session_meta":
            self._meta(payload)
            return True
        if kind == "turn_context":
            b.set_meta(cwd=as_str(payload.get("cwd")), model=as_str(payload.get("model")))
            return True
        if kind == "event_msg":
            return self._event(payload, at)
        if kind == "response_item":
            return self._item(payload, at)
        return kind in BOOKKEEPING

    def _meta(self, payload: dict) -> None:
        b = self.builder
        b.set_meta(
            cwd=as_str(payload.get("cwd")), version=as_str(payload.get("cli_version")),
            entrypoint=as_str(payload.get("originator")),
        )
        git = as_dict(payload.get("git"))
        b.set_meta(git_branch=as_str(git.get("branch")), git_commit=as_str(git.get("commit_hash")))
        source = payload.get("source")
        thread_source = as_str(payload.get("thread_source"))
        if (isinstance(source, dict) and "subagent" in source) or "agent" in thread_source:
            b.session.exclude("subagent")
        if is_exec_run(payload) and not self.include_headless:
            b.session.exclude("headless")
        instructions = payload.get("base_instructions") or payload.get("instructions")
        if isinstance(instructions, dict):
            instructions = instructions.get("text")
        if isinstance(instructions, str):
            b.system_prompt(instructions)

    def _event(self, payload: dict, at: object) -> bool:
        b = self.builder
        b.state.event_mode = True
        kind = as_str(payload.get("type"))
        if kind == "user_message":
            b.user_text(as_str(payload.get("message")), at, source="event")
        elif kind == "agent_message":
            b.assistant_text(as_str(payload.get("message")), at, source="event")
        elif kind == "item_completed":
            item = as_dict(payload.get("item"))
            if item.get("type") == "UserMessage":
                b.user_text(_content_texts(item.get("content")), at, source="event")
            elif item.get("type") == "AgentMessage":
                b.assistant_text(_content_texts(item.get("content")), at, source="event")
        elif kind == "turn_aborted":
            b.interrupted()
        else:
            return kind in IGNORED_EVENTS
        return True

    def _item(self, payload: dict, at: object) -> bool:
        b = self.builder
        kind = as_str(payload.get("type"))
        if kind == "message":
            role = as_str(payload.get("role"))
            text = _content_texts(payload.get("content"))
            if role in ("developer", "system"):
                b.system_prompt(text)
            elif b.state.event_mode:
                return True
            elif role == "user":
                b.user_text(text, at, source="item")
            elif role == "assistant":
                b.assistant_text(text, at, source="item")
        elif kind in _TOOL_ITEMS:
            name = as_str(payload.get("name")) or ("shell" if kind == "local_shell_call" else kind.replace("_call", ""))
            texts = patches(payload)
            b.tool_call(as_str(payload.get("call_id")) or as_str(payload.get("id")), name, summarize_call(payload),
                        paths=patch_paths(texts), trace=patch_trace(texts))
        elif kind in _TOOL_OUTPUTS:
            b.tool_result(as_str(payload.get("call_id")), *output_result(payload.get("output")))
        elif kind == "ghost_snapshot":  # the working tree as a commit, taken at a turn's start
            ghost = as_dict(payload.get("ghost_commit"))
            b.snapshot(as_str(ghost.get("id")), as_str(ghost.get("parent")))
        else:
            return kind in IGNORED_ITEMS
        return True

    def finish(self) -> None:
        self.builder.finish()
