"""A captured session as mining sees it, and where it is kept.

A `Session` holds only what was distilled (and redacted) from a transcript: the user's real
intents, the answers they got, the tools and skills used, the user's feedback. Never the raw
transcript. `SessionRepo` reads and writes the `sessions` table.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, fields

from skillopt_sleep.capture.edit_traces import NO_TRACE, TRACE_FIELDS, EditTrace
from skillopt_sleep.capture.feedback import Feedback
from skillopt_sleep.capture.safe_read import json_text
from skillopt_sleep.store import Store, utc_now

OUTCOMES = ("success", "failure", "corrected", "unknown")
# Why a session is not the user's own work (never mined), most specific first: a replay is also
# headless, but "replay" is what the user needs to read.
EXCLUSIONS = ("replay", "subagent", "sidechain", "observer", "headless")


@dataclass
class ToolUse:
    name: str
    summary: str = ""  # what it was asked, shortened and redacted (a command, a path)
    error: str = ""  # the tool's error text when it failed, shortened and redacted
    call_id: str = ""
    exit_code: int | None = None  # a command's exit status, where its result says
    paths: list[str] = field(default_factory=list)  # files an edit names beyond `summary` (a patch's files)
    # What an edit added and took out (`capture/edit_traces.py`): call names and line fingerprints, no code.
    trace: EditTrace = NO_TRACE

    def to_dict(self) -> dict:
        out = {"name": self.name, "summary": self.summary, "error": self.error, "call_id": self.call_id}
        if self.exit_code is not None:
            out["exit_code"] = self.exit_code
        if self.paths:
            out["paths"] = list(self.paths)
        if self.trace is not NO_TRACE:  # most tools edit nothing: no field to look at
            out.update({key: list(getattr(self.trace, key)) for key in TRACE_FIELDS if getattr(self.trace, key)})
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "ToolUse":
        exit_code = data.get("exit_code")
        return cls(name=data["name"], summary=data.get("summary", ""), error=data.get("error", ""), call_id=data.get("call_id", ""),
                   exit_code=exit_code if isinstance(exit_code, int) else None, paths=list(data.get("paths", [])),
                   trace=EditTrace(**{key: tuple(data.get(key, ())) for key in TRACE_FIELDS})
                   if any(key in data for key in TRACE_FIELDS) else NO_TRACE)


@dataclass
class FollowUp:
    """A user turn after agent work, kept on the intent it follows: its words (redacted), where it
    came among the intent's tool calls, and the state of the work it answered. Whether it corrects
    that work or asks for something new is read at mining time, from what the agent did next."""

    text: str
    at_tool_index: int  # the intent's tools[:at_tool_index] came before it
    at: str = ""
    answer: str = ""  # the agent's last text before it, where it said something since the user's turn before
    interrupted: bool = False  # the user interrupted the work before it
    at_skill_index: int = 0  # the intent's skills[:at_skill_index] were used before it

    def to_dict(self) -> dict:
        return {"text": self.text, "at_tool_index": self.at_tool_index, "at": self.at, "answer": self.answer,
                "interrupted": self.interrupted, "at_skill_index": self.at_skill_index}

    @classmethod
    def from_dict(cls, data: dict) -> "FollowUp":
        return cls(text=str(data.get("text", "")), at_tool_index=int(data.get("at_tool_index", 0)), at=str(data.get("at", "")),
                   answer=str(data.get("answer", "")), interrupted=bool(data.get("interrupted", False)),
                   at_skill_index=int(data.get("at_skill_index", 0)))


@dataclass
class Intent:
    """One real request from the user and what came of it, with the user's later turns on it.

    `answer` and `interrupted` are about the work after the last follow-up (or after the request,
    without one); each follow-up keeps those of the work it answered."""

    text: str
    at: str = ""
    answer: str = ""  # the assistant's last text for this intent (after any correction)
    first_answer: str = ""  # the answer the user reacted to first
    tools: list[ToolUse] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    feedback: list[Feedback] = field(default_factory=list)  # read at mining time, or by the capture of old sessions
    interrupted: bool = False
    follow_ups: list[FollowUp] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        kinds = [f.kind for f in self.feedback]
        if "correction" in kinds:
            return "corrected"
        if "negative" in kinds or self.interrupted:
            return "failure"
        if "positive" in kinds:
            return "success"
        return "unknown"

    @property
    def tool_errors(self) -> int:
        return sum(1 for tool in self.tools if tool.error)

    def to_dict(self) -> dict:
        # Built by hand: asdict deep-copies every nested value, and a session is saved per ingest.
        out = {"text": self.text, "at": self.at, "answer": self.answer, "first_answer": self.first_answer,
               "tools": [t.to_dict() for t in self.tools],
               "skills": list(self.skills), "feedback": [f.to_dict() for f in self.feedback],
               "interrupted": self.interrupted}
        if self.follow_ups:  # absent when there are none, so a session stored before them is saved the same
            out["follow_ups"] = [f.to_dict() for f in self.follow_ups]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Intent":
        return cls(
            text=data["text"],
            at=data.get("at", ""),
            answer=data.get("answer", ""),
            first_answer=data.get("first_answer", ""),
            tools=[ToolUse.from_dict(t) for t in data.get("tools", [])],
            skills=list(data.get("skills", [])),
            feedback=[Feedback.from_dict(f) for f in data.get("feedback", [])],
            interrupted=bool(data.get("interrupted", False)),
            follow_ups=[FollowUp.from_dict(f) for f in data.get("follow_ups", []) if isinstance(f, dict)],
        )


@dataclass
class Session:
    id: str
    agent: str
    transcript_path: str = ""
    cwd: str = ""
    started_at: str = ""
    ended_at: str = ""
    version: str = ""
    entrypoint: str = ""
    git_branch: str = ""
    git_commit: str = ""  # the commit the agent itself recorded at session start (Codex; Claude Code's gitStatus)
    # The uncommitted work at start as the agent recorded it, where it did: Claude Code's `git status
    # --short` lines (None: not recorded, []: clean; `git_status_complete` False where it was cut
    # short) and Codex's snapshot commit of the working tree.
    git_status: list[str] | None = None
    git_status_complete: bool = True
    git_snapshot: str = ""
    model: str = ""
    intents: list[Intent] = field(default_factory=list)
    excluded: str = ""  # one of EXCLUSIONS, or "" for a user session
    user_turns: int = 0  # user messages that carried text (intents, feedback, payloads)
    machine_turns: int = 0  # of those, machine-written payloads
    tool_calls: int = 0
    tool_errors: int = 0
    skills: list[str] = field(default_factory=list)
    records: int = 0

    @property
    def project(self) -> str:
        return self.cwd

    @property
    def outcome(self) -> str:
        outcomes = {intent.outcome for intent in self.intents}
        for label in ("corrected", "failure", "success"):
            if label in outcomes:
                return label
        return "unknown"

    def exclude(self, reason: str) -> None:
        if reason not in EXCLUSIONS:
            raise ValueError(f"unknown exclusion {reason!r}")
        if not self.excluded or EXCLUSIONS.index(reason) < EXCLUSIONS.index(self.excluded):
            self.excluded = reason

    def to_dict(self) -> dict:
        out = {name: getattr(self, name) for name in _SESSION_FIELDS}  # shallow: only the lists below are nested
        out["intents"] = [i.to_dict() for i in self.intents]
        out["skills"] = list(self.skills)
        for name, default in _UNSAID.items():
            if out[name] == default:
                del out[name]  # a session that records none is saved as before they were kept
        if self.git_status is not None:
            out["git_status"] = list(self.git_status)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Session":
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__ and k != "intents"}
        session = cls(**known)
        session.intents = [Intent.from_dict(i) for i in data.get("intents", [])]
        return session


def used_skill_names(session: Session) -> list[str]:
    """The skills a user session used, its own and its requests' (none for an excluded session)."""
    if session.excluded:
        return []
    names = dict.fromkeys(str(name) for name in [*session.skills, *(n for i in session.intents for n in i.skills)] if name)
    return sorted(names)


_SESSION_FIELDS = tuple(f.name for f in fields(Session))  # fields() per save costs more than the copy
_UNSAID = {"git_status": None, "git_status_complete": True, "git_snapshot": ""}
_UPSERT = (
    "INSERT INTO sessions (id, agent, transcript_path, cwd, project, started_at, ended_at, data_json, outcome, "
    "mined_at, updated_at, skills_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT(id) DO UPDATE SET "
    "agent=excluded.agent, skills_json=excluded.skills_json, "
    "transcript_path=excluded.transcript_path, cwd=excluded.cwd, project=excluded.project, "
    "started_at=excluded.started_at, ended_at=excluded.ended_at, outcome=excluded.outcome, "
    "mined_at=CASE WHEN sessions.data_json = excluded.data_json THEN sessions.mined_at ELSE NULL END, "
    "data_json=excluded.data_json, updated_at=excluded.updated_at"
)


class SessionRepo:
    def __init__(self, store: Store):
        self.store = store

    def get(self, session_id: str) -> Session | None:
        row = self.store.query_one("SELECT data_json FROM sessions WHERE id = ?", (session_id,))
        return Session.from_dict(json.loads(row["data_json"])) if row else None

    def save(self, session: Session, conn: sqlite3.Connection | None = None) -> None:
        """Upsert; a changed session is due for mining again. Pass `conn` to join a transaction."""
        self.save_all([session], conn)

    def save_all(self, sessions: list[Session], conn: sqlite3.Connection | None = None) -> None:
        """`save` of many sessions in one statement, in order."""
        now = utc_now()
        rows = [(s.id, s.agent, s.transcript_path, s.cwd, s.project, s.started_at or None, s.ended_at or None,
                 json_text(s.to_dict()), s.outcome, now, json.dumps(used_skill_names(s))) for s in sessions]
        if conn is not None:
            conn.executemany(_UPSERT, rows)
        else:
            with self.store.transaction() as tx:
                tx.executemany(_UPSERT, rows)

    def delete(self, session_id: str, conn: sqlite3.Connection | None = None) -> None:
        if conn is not None:
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        else:
            with self.store.transaction() as tx:
                tx.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    def unmined(self) -> list[Session]:
        rows = self.store.query("SELECT data_json FROM sessions WHERE mined_at IS NULL ORDER BY started_at, id")
        return [Session.from_dict(json.loads(r["data_json"])) for r in rows]

    def all(self, agent: str | None = None) -> list[Session]:
        sql, params = "SELECT data_json FROM sessions", ()
        if agent:
            sql, params = sql + " WHERE agent = ?", (agent,)
        rows = self.store.query(sql + " ORDER BY started_at, id", params)
        return [Session.from_dict(json.loads(r["data_json"])) for r in rows]

    def mark_mined(self, session_ids: list[str], conn: sqlite3.Connection | None = None) -> None:
        stamp = utc_now()

        def run(tx: sqlite3.Connection) -> None:
            tx.executemany("UPDATE sessions SET mined_at = ? WHERE id = ?", [(stamp, sid) for sid in session_ids])

        if conn is not None:
            run(conn)
        else:
            with self.store.transaction() as tx:
                run(tx)

    def count(self) -> int:
        return int(self.store.query_one("SELECT COUNT(*) FROM sessions")[0])
