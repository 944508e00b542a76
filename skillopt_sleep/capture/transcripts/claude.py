"""Claude Code transcripts: `~/.claude/projects/<slug>/<session-id>.jsonl`, one record a line.

`user` and `assistant` records carry the conversation; everything else is bookkeeping the CLI
writes for itself (snapshots, request shapes, costs, queue operations), of which only the system
prompt is read, to recognise this project's replays. Record types not listed here are reported
as unknown and skipped.
"""

from __future__ import annotations

import json

from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.git_context import MARKER as GIT_STATUS_MARKER
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.transcripts.common import REPLAY_MARKER, SessionBuilder, as_dict, as_list, as_str

AGENT = "claude-code"
# Types seen in real transcripts that hold nothing a session needs.
BOOKKEEPING = {
    "summary", "file-history-snapshot", "mode", "permission-mode", "last-prompt", "queue-operation",
    "atis-latch", "api-request-blob", "api-request", "api-request-route", "tools-used", "cost-state", "custom-title", "ai-title",
    "tag", "agent-name", "pr-link", "system", "progress",
}
# Most of a transcript's bytes are request snapshots the CLI keeps for itself. Lines whose type
# can be read off their first bytes are recognised without decoding the JSON.
_LEADING_TYPE = b'{"type":"'
_LEADING_BOOKKEEPING = tuple(b'{"type":"%s"' % kind.encode() for kind in sorted(BOOKKEEPING))  # one startswith
_LEADING_SHAPE = b'{"type":"api-request-shape"'
# The CLI's system records (turn durations) open with the message's links, then their type.
_LEADING_SYSTEM = lazy(rb'\{"parentUuid":(?:null|"[^"\\]*"),"isSidechain":(?:true|false),"type":"system"')
_SYSTEM_TYPE = b'"type":"system"'
_ATTACHMENT_AT = b'"attachment":{"type":"'
_ATTACHMENT_TYPE = lazy(rb'"attachment":\{"type":"([a-z_]+)"')
_MARKER = REPLAY_MARKER.encode()
_GIT_STATUS = GIT_STATUS_MARKER.encode()
_GIT_STATUS_KEY = b'"gitStatus"'
_EXIT_CODE = lazy(r"\s*Exit code (-?\d+)\b")


def _texts(content: object) -> list[str]:
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)]
    return []


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(_texts(content))


def summarize_input(name: str, data: object) -> str:
    """The one field of a tool call's input that says what it did."""
    if not isinstance(data, dict):
        return ""
    for key in ("command", "file_path", "path", "pattern", "url", "query", "skill", "notebook_path"):
        value = data.get(key)
        if isinstance(value, str) and value:
            return value
    if name in ("Task", "Agent"):
        return " ".join(as_str(data.get(k)) for k in ("subagent_type", "description")).strip()
    return json.dumps(data, ensure_ascii=False, sort_keys=True)[:200]


def _exit_code(error: str | None) -> int | None:
    """A Bash result's exit status: 0 when it succeeded, "Exit code N" opens a failed one's text."""
    if error is None:
        return 0
    match = _EXIT_CODE.match(error)
    return int(match.group(1)) if match else None


class ClaudeParser:
    agent = AGENT

    def __init__(self, builder: SessionBuilder, *, include_headless: bool = False, path: str = ""):
        self.builder = builder
        self.include_headless = include_headless
        if "/subagents/" in path.replace("\\", "/"):
            builder.session.exclude("subagent")

    def skips_unparsed(self, raw: bytes) -> bool:
        """True for a complete bookkeeping line that holds nothing to read: no replay marker, or
        one in a session already known to be a replay (each request repeats the system prompt)."""
        if not (raw.endswith(b"}") or raw.rstrip().endswith(b"}")):  # rstrip copies: only when needed
            return False  # possibly truncated: let the decoder say so
        if raw.startswith(_LEADING_TYPE):  # the type alone decides
            if raw.startswith(_LEADING_BOOKKEEPING):
                return True
            return raw.startswith(_LEADING_SHAPE) and self._nothing_new(raw)
        at = raw.find(_ATTACHMENT_AT, 0, 400)  # a memchr scan rules most lines out before the regex
        attachment = _ATTACHMENT_TYPE.search(raw, at, 400) if at >= 0 else None
        if attachment and b'"type":"attachment"' in raw:
            if attachment.group(1) == b"session_context":
                return self.builder.session.git_status is not None or _GIT_STATUS_KEY not in raw
            return attachment.group(1) != b"prompt_snapshot" or self._nothing_new(raw)
        return raw.find(_SYSTEM_TYPE, 0, 160) > 0 and _LEADING_SYSTEM.match(raw) is not None

    def _nothing_new(self, system_prompt_line: bytes) -> bool:
        """Nothing a system prompt line can add: no replay marker (or the replay known), and no
        gitStatus block while the repository at start is still unknown."""
        session = self.builder.session
        if session.git_status is None and _GIT_STATUS in system_prompt_line:
            return False
        return _MARKER not in system_prompt_line or session.excluded == "replay"

    def feed(self, record: dict) -> bool:
        """Apply one record; False when its type is unknown."""
        kind = record.get("type")
        if kind == "user" or kind == "assistant":  # most records: no as_str call
            self._message(kind, record)
            return True
        kind = as_str(kind)
        if kind == "attachment":
            self._attachment(as_dict(record.get("attachment")))
            return True
        if kind == "api-request-shape":
            for block in as_list(as_dict(record.get("shape")).get("system")):
                if isinstance(block, dict) and isinstance(block.get("text"), str):
                    self.builder.system_prompt(block["text"])
            return True
        return kind in BOOKKEEPING

    def _attachment(self, attachment: dict) -> None:
        if attachment.get("type") == "prompt_snapshot":
            for part in as_list(attachment.get("systemPrompt")):
                if isinstance(part, str):
                    self.builder.system_prompt(part)
        elif attachment.get("type") == "session_context":  # the system context: the repository at start
            status = as_dict(attachment.get("context")).get("gitStatus")
            if isinstance(status, str):
                self.builder.git_status(status)

    def _message(self, kind: str, record: dict) -> None:
        # Every user and assistant record comes here (most of a transcript): each field is looked
        # up once, and a type test stands in for the as_dict/as_str calls where the value is
        # almost always of the right type.
        b = self.builder
        get = record.get
        counts = b.state.counters
        if get("isSidechain"):
            counts["sidechain"] = counts.get("sidechain", 0) + 1
            return  # a sub-agent's turns, not the user's conversation
        counts["main"] = counts.get("main", 0) + 1
        session = b.session
        if get("agentId"):
            session.exclude("subagent")
        entrypoint = get("entrypoint")
        if entrypoint == "sdk-cli" and not self.include_headless:
            session.exclude("headless")
        if not (session.cwd and session.version and session.entrypoint and session.git_branch):  # most records repeat them
            b.set_meta(cwd=as_str(get("cwd")), version=as_str(get("version")), entrypoint=as_str(entrypoint),
                       git_branch=as_str(get("gitBranch")))
        at = get("timestamp")
        b.seen_at(at)
        message = get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if kind == "assistant":
            if not session.model:  # set once: every reply repeats it
                model = as_str(message.get("model")) if isinstance(message, dict) else ""
                if model and model != "<synthetic>":
                    b.set_meta(model=model)
            self._reply(content, at)
            return
        texts = self._user_blocks(content)
        origin = get("origin")
        machine_origin = isinstance(origin, dict) and origin.get("kind") not in (None, "human")
        if get("isMeta") or get("isCompactSummary") or machine_origin:
            return
        text = "\n".join(t for t in texts if t.strip()) if texts else ""  # no text in most user records: they carry tool results
        if text:
            b.user_text(text, at)

    def _reply(self, content: object, at: object) -> None:
        b = self.builder
        for block in content if isinstance(content, list) else [{"type": "text", "text": as_str(content)}]:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text":
                b.assistant_text(as_str(block.get("text")), at)
            elif kind == "tool_use":
                name = as_str(block.get("name"))
                data = block.get("input")
                skill = as_str(data.get("skill")) if name == "Skill" and isinstance(data, dict) else ""
                b.tool_call(as_str(block.get("id")), name, summarize_input(name, data), skill=skill, trace=edit_trace(data))

    def _user_blocks(self, content: object) -> list[str]:
        """Apply a user record's tool results; its texts (`_texts`), read in the same pass."""
        if isinstance(content, str):
            return [content]
        if not isinstance(content, list):
            return []
        texts = []
        b = self.builder
        for block in content:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "tool_result":
                error = _result_text(block.get("content")) if block.get("is_error") else None
                b.tool_result(as_str(block.get("tool_use_id")), error, _exit_code(error))
            elif kind == "text":
                text = block.get("text")
                if isinstance(text, str):
                    texts.append(text)
        return texts

    def finish(self) -> None:
        counts = self.builder.state.counters
        if counts.get("sidechain") and not counts.get("main"):
            self.builder.session.exclude("sidechain")
        self.builder.finish()
