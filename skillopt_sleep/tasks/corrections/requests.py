"""The requests a captured session holds, decided by reading its turns, not by the capture.

Each turn after agent work is read (`classify.read_turn`: behaviour first, the pattern reader as a
fast path, a model where one is given). A correction stays on the request it follows, with the
work the agent did after it (the rerun check, the reverted edit, the added test): a turn the agent
changed course after is a correction, never a new request. So does an approval the words or a
model read; one guessed from the actions alone (only a reply came after it) does not, since a
request answered in words looks the same. Anything else opens a request of its own. The request is an `Intent` as mining
reads one: its words, every tool call of its stretches, the feedback its later turns gave, its
last answer."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skillopt_sleep.capture.feedback import Feedback, classify as classify_feedback
from skillopt_sleep.capture.sessions import FollowUp, Intent, Session
from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.tasks.corrections.classify import ModelClassifier, Reading, read_turn
from skillopt_sleep.tasks.corrections.turns import Stretch, UserTurnInContext, stretches, turn_of
from skillopt_sleep.tasks.repo.conventions import repo_checks

# A reply that praises and then asks ("Thanks! Now add tests") needs this many words after the praise.
_REQUEST_AFTER_PRAISE_WORDS = 3


@dataclass
class ReadTurn:
    turn: UserTurnInContext
    reading: Reading


@dataclass
class Request:
    intent: Intent
    turns: list[ReadTurn] = field(default_factory=list)  # its later turns: corrections, approvals


def stays(reading: Reading) -> bool:
    """A turn read so stays on the request it follows."""
    return reading.label == "correction" or (reading.label == "approval" and reading.source != "actions")


def _feedback(verdict: Feedback, reading: Reading) -> Feedback | None:
    """What a turn kept on its request says of the work before it, as the session records it:
    the pattern reader's verdict where it agrees (its rules are the user's words), else the label.
    Where the actions named the rule, the pattern's guesses at words in code go: they read the
    words alone ("no new deps" as a ban on the word `new`, "use the logger" as a demand for the
    word), the actions read what was done."""
    if reading.label == "correction":
        if verdict.kind in ("correction", "negative"):
            if reading.named_by != "behaviour":
                return verdict
            return replace(verdict, rules=[r for r in verdict.rules if not _words_in_code(r)])
        return Feedback("correction", cue=reading.evidence[:200])
    return verdict if verdict.kind == "positive" else None


def _words_in_code(rule: Rule) -> bool:
    """A rule whose every check is about words in added lines."""
    checks = repo_checks([rule], [], [])
    return bool(checks) and all(c.op in ("added_lines_avoid", "added_lines_contain") for c in checks)


def _praise_then_request(text: str, verdict: Feedback) -> tuple[Feedback | None, str]:
    """"Thanks! Now add tests": praise for the work before, and the request after it."""
    rest = verdict.rest if verdict.kind == "positive" else ""
    if len(rest.split()) >= _REQUEST_AFTER_PRAISE_WORDS and classify_feedback(rest).kind == "none":
        return verdict, rest
    return None, text


class _Building:
    """A request being gathered from its stretches."""

    def __init__(self, first: Stretch):
        self.intent = Intent(text=first.text, at=first.at, feedback=list(first.feedback), first_answer=first.first_answer)
        self.turns: list[ReadTurn] = []
        self.answers: list[str] = []
        self._add_work(first)

    def _add_work(self, part: Stretch) -> None:
        self.intent.tools += part.tools
        self.intent.skills += [s for s in part.skills if s not in self.intent.skills]
        self.intent.interrupted = self.intent.interrupted or part.interrupted
        self.answers.append(part.answer)

    def keep(self, part: Stretch, read: ReadTurn, verdict: Feedback) -> None:
        feedback = _feedback(verdict, read.reading)
        if feedback is not None:
            self.intent.feedback.append(feedback)
        self.intent.follow_ups.append(FollowUp(text=part.text, at_tool_index=len(self.intent.tools), at=part.at,
                                               answer=self.answers[-1], at_skill_index=len(self.intent.skills)))
        self.turns.append(read)
        self._add_work(part)

    def done(self) -> Request:
        said = [a for a in self.answers if a]
        self.intent.answer = said[-1] if said else ""
        if self.intent.follow_ups:
            self.intent.first_answer = self.intent.first_answer or self.answers[0] or self.intent.answer
        return Request(self.intent, self.turns)


def session_requests(session: Session, model: ModelClassifier | None = None) -> list[Request]:
    """The session's requests in order, each with the later turns that stayed on it."""
    parts = stretches(session)
    requests: list[Request] = []
    building: _Building | None = None
    for index, part in enumerate(parts):
        if building is not None and part.after_work:
            turn = turn_of(session, parts, index)
            read = ReadTurn(turn, read_turn(turn, model))
            verdict = classify_feedback(part.text)  # the pattern reader's words, kept with the turn
            if stays(read.reading):
                building.keep(part, read, verdict)
                continue
            praise, text = _praise_then_request(part.text, verdict)
            if praise is not None:
                building.intent.feedback.append(praise)
            part = replace(part, text=text)
        if building is not None:
            requests.append(building.done())
        building = _Building(part)
    if building is not None:
        requests.append(building.done())
    return requests


def as_requests(session: Session, requests: list[Request]) -> Session:
    """The session with its requests as its intents: what mining reads."""
    return replace(session, intents=[r.intent for r in requests])
