"""Where a command, host or path in a rule may come from: the user's own sessions.

A rule that names something the agent would run, reach or touch is only as trustworthy as its
source. The night's tasks name the sessions they were mined from; those sessions hold what the
user asked (requests and feedback) and the tool calls that ran with the user's approval. A name
found there, or in the skill and memory the user keeps, is the user's; any other name came from
a model or a page it read, and the rule is refused. What a tool returned (a page, a README, an
issue) never grounds a name: it is where injected instructions come from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from skillopt_sleep.capture.sessions import Session, SessionRepo
from skillopt_sleep.records import Task
from skillopt_sleep.screen.ruletext import Name, names
from skillopt_sleep.store import Store

# Tasks with no user behind them (a benchmark's) carry no provenance to check against.
UNTRACED_ORIGINS = ("benchmark",)
# A tool call the user turned down did not run with their approval.
_DENIED = re.compile(r"\b(?:rejected|denied|declined|not approved|doesn't want to proceed|did not approve|refused)\b", re.I)


@dataclass
class Provenance:
    """The user's own words and approved tool calls, lower-cased, from the sessions behind a night's
    tasks; `words`: the user's own words alone, as written (what they asked for, never a tool call)."""

    texts: list[str] = field(default_factory=list)
    sessions: int = 0
    words: list[str] = field(default_factory=list)

    @property
    def corpus(self) -> str:
        return "\n".join(self.texts)

    def unshown(self, text: str, own: str = "") -> list[Name]:
        """The names in `text` that neither these sessions nor `own` (the user's skill and memory) show."""
        seen = self.corpus + "\n" + own.lower()
        return [name for name in names(text) if not shown(name, seen)]


def _path_forms(value: str) -> list[str]:
    bare = re.sub(r"^(?:~/|\$home/|\$\{home\}/|\./)", "", value.lower()).rstrip("/\\")
    if not bare:
        return [value.lower()]
    if value.endswith(("/", "\\")):
        return [re.escape(bare) + r"[/\\]", r"[/\\]" + re.escape(bare) + r"(?![\w.-])"]
    return [re.escape(bare)]


def shown(name: Name, seen: str) -> bool:
    """Does `seen` (lower-cased) hold `name` as that kind of thing, not inside a longer word?"""
    forms = _path_forms(name.value) if name.kind == "path" else [re.escape(name.value.lower())]
    return any(re.search(r"(?<![\w-])" + form + r"(?![\w-])", seen) for form in forms)


def user_words(session: Session) -> list[str]:
    """What the user wrote in a session: requests, follow-ups and feedback."""
    words = []
    for intent in session.intents:
        words.append(intent.text)
        words += [follow_up.text for follow_up in intent.follow_ups]
        words += [part for feedback in intent.feedback for part in (feedback.rule, feedback.rest)]
    return [w for w in words if w]


def session_texts(session: Session) -> list[str]:
    texts = user_words(session)
    for intent in session.intents:
        texts += [tool.summary for tool in intent.tools if tool.summary and not _DENIED.search(tool.error)]
    return [t.lower() for t in texts if t]


def user_provenance(store: Store, tasks: list[Task]) -> Provenance | None:
    """What the sessions behind `tasks` show; None when no task has a user behind it."""
    traced = [t for t in tasks if t.origin not in UNTRACED_ORIGINS]
    if not traced:
        return None
    repo, provenance, seen = SessionRepo(store), Provenance(), set()
    for task in traced:
        for session_id in task.source_sessions:
            if session_id in seen:
                continue
            seen.add(session_id)
            session = repo.get(session_id)
            if session is not None and not session.excluded:
                provenance.texts += session_texts(session)
                provenance.words += user_words(session)
                provenance.sessions += 1
    return provenance
