"""pi (pi-coding-agent) sessions: `~/.pi/agent/sessions/--<cwd with / as ->--/<time>_<id>.jsonl`
(PI_CODING_AGENT_DIR moves ~/.pi/agent). The first line is a `session` header with the cwd;
`message` entries carry the conversation (`user`, `assistant` with text and `toolCall` blocks,
`toolResult`); other entries record model and thinking changes, compactions and extensions' state.

pi writes the same file for `pi -p` as for its terminal UI. This project's pi extension
(skillopt_sleep/data/agent_plugins/pi/skillopt-sleep.ts, installed by `skillopt-sleep hooks install --agent pi`) appends a `custom` entry saying whether the session had a UI and
whether it is one of this project's replays; without the extension every session counts as the
user's.
"""

from __future__ import annotations

from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.transcripts.claude import summarize_input
from skillopt_sleep.capture.transcripts.common import DecodedParser, as_dict, as_list, as_str

AGENT = "pi"
MARK_TYPE = "skillopt-sleep"  # the extension's customType
BOOKKEEPING = {"thinking_level_change", "compaction", "branch_summary", "custom_message", "label", "session_info"}
# Message roles that are not the conversation: the user's own `!command` runs, extensions'
# messages, summaries pi writes of pruned branches and compacted history.
OTHER_ROLES = {"bashExecution", "custom", "hookMessage", "branchSummary", "compactionSummary"}


def _texts(content: object) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(as_str(b.get("text")) for b in as_list(content) if isinstance(b, dict) and b.get("type") == "text")


class PiParser(DecodedParser):
    agent = AGENT

    def feed(self, record: dict) -> bool:
        kind = as_str(record.get("type"))
        b = self.builder
        b.seen_at(record.get("timestamp"))
        if kind == "session":
            b.set_meta(cwd=as_str(record.get("cwd")))
        elif kind == "model_change":
            b.set_meta(model=as_str(record.get("modelId")))
        elif kind == "custom":
            if record.get("customType") == MARK_TYPE:
                self._mark(as_dict(record.get("data")))
        elif kind == "message":
            self._message(as_dict(record.get("message")), record.get("timestamp"))
        else:
            return kind in BOOKKEEPING
        return True

    def _mark(self, data: dict) -> None:
        if data.get("replay"):
            self.builder.session.exclude("replay")
        if data.get("headless") and not self.include_headless:
            self.builder.session.exclude("headless")

    def _message(self, message: dict, at: object) -> None:
        b = self.builder
        role = as_str(message.get("role"))
        if role == "user":
            b.user_text(_texts(message.get("content")), at)
        elif role == "assistant":
            b.set_meta(model=as_str(message.get("model")))
            b.assistant_text(_texts(message.get("content")), at)
            for block in as_list(message.get("content")):
                if isinstance(block, dict) and block.get("type") == "toolCall":
                    name, arguments = as_str(block.get("name")), block.get("arguments")
                    b.tool_call(as_str(block.get("id")), name, summarize_input(name, arguments),
                                trace=edit_trace(arguments))
            if message.get("stopReason") == "aborted":
                b.interrupted()
        elif role == "toolResult":
            error = (_texts(message.get("content")) or "error") if message.get("isError") else None
            b.tool_result(as_str(message.get("toolCallId")), error)
