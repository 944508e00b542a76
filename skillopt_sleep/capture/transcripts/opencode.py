"""OpenCode sessions: one SQLite database, `$XDG_DATA_HOME/opencode/opencode.db`
(~/.local/share/opencode), as OpenCode 1.18 writes it. (Older releases kept JSON files under
storage/session, storage/message and storage/part; those are not read.)

Tables read: `session` (id, directory = the cwd, version, `parent_id` for a sub-agent's session,
`permission`, times in epoch ms), `message` (`data` JSON: role, model, times, an `error` when
aborted) and `part` (`data` JSON per piece of a message: `text`, `tool` with its call id, input
and final state, step markers). `opencode run` is the headless command: it denies the `question`
tool (nobody is there to answer), which OpenCode stores in the session's `permission` rules; a
terminal-UI session has none. `run` also quotes a message given as words with spaces, which the
parser takes off again.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Iterator

from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.transcripts.claude import summarize_input
from skillopt_sleep.capture.transcripts.common import DecodedParser, as_dict, as_list, as_str

AGENT = "opencode"
ABORTED = "MessageAbortedError"


def is_headless(permission: object) -> bool:
    rules = json.loads(permission) if isinstance(permission, str) and permission else []
    return any(isinstance(r, dict) and r.get("permission") == "question" and r.get("action") == "deny" for r in as_list(rules))


def unquote_run_message(text: str) -> str:
    """`opencode run fix the "auth" bug` stores `"fix the \\"auth\\" bug"`: the words as typed."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('\\"', '"')
    return text


def tool_error(state: dict) -> str | None:
    """The failure text of a finished tool part, or None when it succeeded."""
    if state.get("status") == "error":
        return as_str(state.get("error")) or "error"
    code = as_dict(state.get("metadata")).get("exit")
    if isinstance(code, int) and not isinstance(code, bool) and code != 0:
        return as_str(state.get("output")).strip() or f"exit code {code}"
    return None


class OpenCodeParser(DecodedParser):
    agent = AGENT
    database = True  # read through capture/ingest_db.py, one session at a time
    headless = False  # an `opencode run` session: its messages were quoted by the command line

    @staticmethod
    def read_sessions(conn: sqlite3.Connection, stored: dict[str, int]) -> Iterator[tuple[str, int, Iterator[dict]]]:
        """(session id, updated time, its records) for each session changed since `stored`."""
        for row in conn.execute("SELECT * FROM session ORDER BY time_created, id").fetchall():
            if stored.get(row["id"]) == row["time_updated"]:
                continue
            yield row["id"], row["time_updated"], _records(conn, dict(row))

    def feed(self, record: dict) -> bool:
        kind = record.get("type")
        if kind == "session":
            self._session(record)
        elif kind == "message":
            self._message(json.loads(record["data"]), [json.loads(p) for p in record["parts"]])
        else:
            return False
        return True

    def _session(self, row: dict) -> None:
        b = self.builder
        b.set_meta(cwd=as_str(row.get("directory")), version=as_str(row.get("version")))
        b.seen_at(row.get("time_created"))
        self.headless = is_headless(row.get("permission"))
        if self.headless:
            b.set_meta(entrypoint="run")
            if not self.include_headless:
                b.session.exclude("headless")
        if row.get("parent_id"):
            b.session.exclude("subagent")  # a task tool's session, inside the user's

    def _message(self, data: dict, parts: list[dict]) -> None:
        b = self.builder
        at = as_dict(data.get("time")).get("created")
        b.seen_at(at)
        b.seen_at(as_dict(data.get("time")).get("completed"))
        role = as_str(data.get("role"))
        texts = [as_str(p.get("text")) for p in parts if p.get("type") == "text" and not p.get("synthetic")]
        if role == "user":
            text = "\n".join(texts)
            b.user_text(unquote_run_message(text) if self.headless else text, at)
            return
        if role != "assistant":
            return
        b.set_meta(model=as_str(data.get("modelID")))
        for part in parts:
            kind = as_str(part.get("type"))
            if kind == "text" and not part.get("synthetic"):
                b.assistant_text(as_str(part.get("text")), at)
            elif kind == "tool":
                self._tool(part)
        if as_dict(data.get("error")).get("name") == ABORTED:
            b.interrupted()

    def _tool(self, part: dict) -> None:
        name, state, call_id = as_str(part.get("tool")), as_dict(part.get("state")), as_str(part.get("callID"))
        arguments = state.get("input")
        skill = as_str(arguments.get("name")) if name == "skill" and isinstance(arguments, dict) else ""
        self.builder.tool_call(call_id, name, summarize_input(name, arguments), skill=skill,
                               trace=edit_trace(arguments))
        if state.get("status") in ("completed", "error"):
            self.builder.tool_result(call_id, tool_error(state))


def _records(conn: sqlite3.Connection, session: dict) -> Iterator[dict]:
    yield {"type": "session", **session}
    parts: dict[str, list[str]] = {}
    for row in conn.execute("SELECT message_id, data FROM part WHERE session_id = ? ORDER BY id", (session["id"],)):
        parts.setdefault(row["message_id"], []).append(row["data"])
    for row in conn.execute("SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id", (session["id"],)):
        yield {"type": "message", "data": row["data"], "parts": parts.get(row["id"], [])}
