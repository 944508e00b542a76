"""A user's turn with the agent's work around it: the actions just before it, the words, and the
actions that came next. The correction reader judges a turn by this context, never by the words
alone. The shape is the correction corpus's (tests/corpora/corrections/): actions of kind run
(a command), edit / write (a path) and say (a short summary of the agent's reply)."""

from __future__ import annotations

from dataclasses import dataclass

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
    index: int = -1  # the intent of the session whose text `user` is

    def runs(self, part: str) -> list[str]:
        return [a.value for a in getattr(self, part) if a.kind == "run"]

    def paths(self, part: str) -> list[str]:
        return [a.value for a in getattr(self, part) if a.kind in ("edit", "write")]

    def to_dict(self) -> dict:
        return {"before": [a.to_dict() for a in self.before], "user": self.user,
                "after": [a.to_dict() for a in self.after]}

    @classmethod
    def from_dict(cls, data: dict) -> "UserTurnInContext":
        """A corpus item (its label and convention are the reader's to find, not read here)."""
        return cls(before=[Action.from_dict(a) for a in data.get("before", [])], user=str(data.get("user", "")),
                   after=[Action.from_dict(a) for a in data.get("after", [])])


def tool_actions(tool: ToolUse) -> list[Action]:
    """What one tool call did, as actions: a shell command is a run, an edit one action per file;
    reads and searches change nothing and are left out."""
    if is_edit(tool):
        kind = "write" if tool.name in WRITE_TOOLS else "edit"
        return [Action(kind, path) for path in (tool.paths or [tool.summary]) if path]
    if tool.name in SHELL_TOOLS and tool.summary:
        return [Action("run", tool.summary, tool.exit_code)]
    return []


def intent_actions(intent: Intent) -> list[Action]:
    actions = [action for tool in intent.tools for action in tool_actions(tool)]
    if intent.answer:
        actions.append(Action("say", " ".join(intent.answer.split())[:SAY_CHARS]))
    return actions


def user_turns(session: Session) -> list[UserTurnInContext]:
    """Every user turn of a session that follows agent work, in order. A session keeps a turn
    that became a new intent with its text; a reply the capture read as feedback keeps only the
    rule it stated, not its words nor where among the tools it came, so it is no turn here."""
    found: list[UserTurnInContext] = []
    for index in range(1, len(session.intents)):
        before = intent_actions(session.intents[index - 1])
        if not before:
            continue
        intent = session.intents[index]
        found.append(UserTurnInContext(before=before, user=intent.text, after=intent_actions(intent),
                                       session_id=session.id, index=index))
    return found

