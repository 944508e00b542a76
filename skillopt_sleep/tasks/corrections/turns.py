"""A user's turn with the agent's work around it: the actions just before it, the words, and the
actions that came next. The correction reader judges a turn by this context, never by the words
alone. The shape is the correction corpus's (tests/corpora/corrections/): actions of kind run
(a command), edit / write (a path) and say (a short summary of the agent's reply).

A captured session is read here as its stretches between user turns (`Stretch`): an intent's own
words open one, and so does each follow-up the capture kept on it, with the tool calls up to the
next user turn. A session stored before follow-ups were kept has one stretch per intent."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.capture.edit_traces import NO_TRACE, EditTrace
from skillopt_sleep.capture.feedback import Feedback
from skillopt_sleep.capture.sessions import Intent, Session, ToolUse
from skillopt_sleep.capture.transcripts.common import SHELL_TOOLS
from skillopt_sleep.tasks.repo.edits import is_edit

ACTION_KINDS = ("run", "edit", "write", "say")
_FIELD = {"run": "command", "edit": "path", "write": "path", "say": "text"}
# The edit tools that create a file rather than change one.
WRITE_TOOLS = frozenset({"Write", "write", "create", "write_file"})
SAY_CHARS = 200


@dataclass(frozen=True)
class Action:
    kind: str  # run | edit | write | say
    value: str  # the command, the path, or the reply's summary
    exit_code: int | None = None  # a run's exit status, where the session recorded it
    # What an edit added and took out (`capture/edit_traces.py`), where the session recorded it.
    trace: EditTrace = NO_TRACE

    def to_dict(self) -> dict:
        return {"kind": self.kind, _FIELD[self.kind]: self.value}

    @classmethod
    def from_dict(cls, data: dict) -> "Action":
        kind = data["kind"]
        if kind not in _FIELD:
            raise ValueError(f"unknown action kind {kind!r}; one of {', '.join(ACTION_KINDS)}")
        return cls(kind, str(data[_FIELD[kind]]))


@dataclass
class UserTurnInContext:
    before: list[Action]
    user: str
    after: list[Action]
    session_id: str = ""
    index: int = -1  # the stretch of the session (`stretches`) the turn opens
    # The session's work before `before`, oldest first: a turn can correct work done two turns
    # back ("why is there a new package?" after a commit that followed the install).
    earlier: list[Action] = field(default_factory=list)

    def runs(self, part: str) -> list[str]:
        return [a.value for a in getattr(self, part) if a.kind == "run"]

    def paths(self, part: str) -> list[str]:
        return [a.value for a in getattr(self, part) if a.kind in ("edit", "write")]

    def said(self, part: str) -> str:
        """What the agent's replies on that side of the turn say, joined."""
        return " ".join(a.value for a in getattr(self, part) if a.kind == "say")

    def to_dict(self) -> dict:
        return {"before": [a.to_dict() for a in self.before], "user": self.user,
                "after": [a.to_dict() for a in self.after]}

    @classmethod
    def from_dict(cls, data: dict) -> "UserTurnInContext":
        """A corpus item (its label and convention are the reader's to find, not read here)."""
        return cls(before=[Action.from_dict(a) for a in data.get("before", [])], user=str(data.get("user", "")),
                   after=[Action.from_dict(a) for a in data.get("after", [])])


def _relative(path: str, cwd: str) -> str:
    """A path as the user and the shell lines name it: relative to the session's folder where it
    lies inside it (Claude Code's edits name absolute paths)."""
    folder = cwd.rstrip("/")
    return path[len(folder) + 1:] if folder and path.startswith(folder + "/") else path


def tool_actions(tool: ToolUse, cwd: str = "") -> list[Action]:
    """What one tool call did, as actions: a shell command is a run, an edit one action per file;
    reads and searches change nothing and are left out."""
    if is_edit(tool):
        kind = "write" if tool.name in WRITE_TOOLS else "edit"
        return [Action(kind, _relative(path, cwd), trace=tool.trace) for path in (tool.paths or [tool.summary]) if path]
    if tool.name in SHELL_TOOLS and tool.summary:
        return [Action("run", tool.summary, tool.exit_code)]
    return []


def work_actions(tools: list[ToolUse], answer: str, cwd: str = "") -> list[Action]:
    actions = [action for tool in tools for action in tool_actions(tool, cwd)]
    if answer:
        actions.append(Action("say", " ".join(answer.split())[:SAY_CHARS]))
    return actions


@dataclass
class Stretch:
    """A user turn and the agent's work after it, up to the next user turn."""

    text: str
    at: str
    tools: list[ToolUse]
    answer: str  # the agent's last text in it
    interrupted: bool
    skills: list[str]
    after_work: bool  # the turn came after agent work: a follow-up, or an intent after a stretch with work
    feedback: list[Feedback] = field(default_factory=list)  # what an old capture read of the intent's later turns
    first_answer: str = ""  # the old capture's first answer of the intent
    cwd: str = ""  # the session's folder, which the actions' paths are relative to

    @property
    def actions(self) -> list[Action]:
        return work_actions(self.tools, self.answer, self.cwd)


def _intent_stretches(intent: Intent, cwd: str) -> list[Stretch]:
    opened = [(intent.text, intent.at, 0, 0)] + [(f.text, f.at, f.at_tool_index, f.at_skill_index) for f in intent.follow_ups]
    ends = [(f.at_tool_index, f.at_skill_index, f.answer, f.interrupted) for f in intent.follow_ups]
    ends.append((len(intent.tools), len(intent.skills), intent.answer, intent.interrupted))
    found = []
    for number, ((text, at, tool_start, skill_start), (tool_end, skill_end, answer, interrupted)) in enumerate(zip(opened, ends)):
        found.append(Stretch(text=text, at=at, tools=intent.tools[tool_start:tool_end], answer=answer, interrupted=interrupted,
                             skills=list(dict.fromkeys(intent.skills[skill_start:skill_end])), after_work=number > 0, cwd=cwd))
    if not intent.follow_ups:
        found[0].feedback, found[0].first_answer = list(intent.feedback), intent.first_answer
    return found


def stretches(session: Session) -> list[Stretch]:
    """The session's stretches in order. An intent opens after work where the stretch before it
    had some (the capture of old sessions made intents of turns after work too)."""
    found: list[Stretch] = []
    for intent in session.intents:
        own = _intent_stretches(intent, session.cwd)
        own[0].after_work = bool(found and found[-1].actions)
        found += own
    return found


def turn_of(session: Session, parts: list[Stretch], index: int) -> UserTurnInContext:
    """The turn that opens stretch `index`, with the work of the stretch before it and its own,
    and the session's work before that."""
    return UserTurnInContext(before=parts[index - 1].actions if index else [], user=parts[index].text,
                             after=parts[index].actions, session_id=session.id, index=index,
                             earlier=[a for part in parts[:max(index - 1, 0)] for a in part.actions])


def user_turns(session: Session) -> list[UserTurnInContext]:
    """Every user turn of a session that follows agent work, in order, with that work and the
    work after it."""
    parts = stretches(session)
    return [turn_of(session, parts, i) for i, part in enumerate(parts) if part.after_work]
