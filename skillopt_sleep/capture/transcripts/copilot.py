"""GitHub Copilot CLI sessions: `$COPILOT_HOME/session-state/<session-id>/events.jsonl`
(COPILOT_HOME defaults to ~/.copilot), one event a line: {type, data, id, timestamp, parentId}.

`user.message` holds what the user typed (`content`; `transformedContent` is what the model saw),
`assistant.message` the reply text and its `toolRequests`, `tool.execution_complete` each tool's
outcome. A headless `copilot -p` run is told so in its system prompt ("running in non-interactive
mode"), which the CLI records as a `system.message` event; nothing else on disk tells it apart.
"""

from __future__ import annotations


from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.transcripts.claude import summarize_input
from skillopt_sleep.capture.transcripts.common import DecodedParser, as_dict, as_list, as_str

AGENT = "copilot"
BOOKKEEPING = {
    "session.usage_record", "session.shutdown", "session.info", "session.truncation", "session.compaction_start",
    "session.compaction_complete", "session.mode_changed", "session.resume", "assistant.turn_start",
    "assistant.turn_end", "assistant.reasoning", "assistant.usage", "tool.execution_start",
    "tool.execution_partial_result", "tool.user_requested", "hook.start", "hook.end", "pending_messages.modified",
}
HEADLESS_PROMPT = "running in non-interactive mode"
_SHELL_TRAILER = lazy(r"\n?<shellId: [^>]*>\s*$")


def tool_error(data: dict) -> str | None:
    """The failure text of a finished tool, or None when it succeeded."""
    result = as_str(as_dict(data.get("result")).get("content"))
    if data.get("success") is False:
        return as_str(as_dict(data.get("error")).get("message")) or result or "error"
    code = as_dict(data.get("shellExecution")).get("exitCode")
    if isinstance(code, int) and not isinstance(code, bool) and code != 0:
        return _SHELL_TRAILER.sub("", result).strip() or f"exit code {code}"
    return None


class CopilotParser(DecodedParser):
    agent = AGENT

    def feed(self, record: dict) -> bool:
        kind = as_str(record.get("type"))
        data = as_dict(record.get("data"))
        at = record.get("timestamp")
        b = self.builder
        b.seen_at(at)
        if kind == "session.start":
            b.set_meta(cwd=as_str(as_dict(data.get("context")).get("cwd")), version=as_str(data.get("copilotVersion")),
                       model=as_str(data.get("selectedModel")), entrypoint=as_str(data.get("producer")))
        elif kind == "session.model_change":
            b.set_meta(model=as_str(data.get("newModel")))
        elif kind == "system.message":
            content = as_str(data.get("content"))
            b.system_prompt(content)
            if HEADLESS_PROMPT in content[:400] and not self.include_headless:
                b.session.exclude("headless")
        elif kind == "user.message":
            b.user_text(as_str(data.get("content")), at)
        elif kind == "assistant.message":
            self._assistant(data, at)
        elif kind == "tool.execution_complete":
            b.tool_result(as_str(data.get("toolCallId")), tool_error(data))
        elif kind == "abort":
            b.interrupted()
        else:
            return kind in BOOKKEEPING
        return True

    def _assistant(self, data: dict, at: object) -> None:
        b = self.builder
        b.set_meta(model=as_str(data.get("model")))
        if data.get("parentToolCallId"):
            return  # a sub-agent's turn, inside the main conversation's tool call
        b.assistant_text(as_str(data.get("content")), at)
        for request in as_list(data.get("toolRequests")):
            request = as_dict(request)
            name, arguments = as_str(request.get("name")), request.get("arguments")
            skill = as_str(arguments.get("skill")) if name == "skill" and isinstance(arguments, dict) else ""
            b.tool_call(as_str(request.get("toolCallId")), name, summarize_input(name, arguments), skill=skill,
                        trace=edit_trace(arguments))
