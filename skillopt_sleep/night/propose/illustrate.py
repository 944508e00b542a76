"""What a labelled line holds, in the teacher's words: for a rule asking for a line such as
"Confidence: …", the teacher names the kind of value that follows the label as a placeholder
("<high, medium or low>"), so the student learns the intent behind the label rather than the
label alone. The teacher sees only the label and the failing tasks' requests; its examples are
neutral document fields of its own. A placeholder is used only if it reads as one (angle
brackets, a few words) and carries no task's topic words (tasks/checks/literals.py)."""

from __future__ import annotations

import re

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.redact import looks_like_secret
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks import get_op
from skillopt_sleep.tasks.checks.literals import numeric, shares_topic_words

SYSTEM = "You describe what a labelled line of a document holds. Reply with the line only."
MAX_REQUESTS_SHOWN = 3
MAX_PLACEHOLDER_WORDS = 12
# Fields of everyday documents, to show the form of a reply; none is a label any check asks for.
SHOTS = (("Status", "<open, blocked or closed>"),
         ("Summary", "<one sentence on what changed and why>"),
         ("Owner", "<the responsible person's full name>"))
_PLACEHOLDER = re.compile(r"<([^<>]+)>")


def _ask(label: str) -> str:
    return (f'Documents of this kind have a line that starts with "{label}:". Write that line with a placeholder '
            "in angle brackets that says what value goes there and how long it is.")


def request_for(label: str, intents: list[str], seed: int) -> CompletionRequest:
    shown = "\n".join(f"- {intent}" for intent in intents[:MAX_REQUESTS_SHOWN])
    messages = []
    for field_label, placeholder in SHOTS:
        messages += [Message(role="user", content=_ask(field_label)),
                     Message(role="assistant", content=f"{field_label}: {placeholder}")]
    messages.append(Message(role="user", content=f"The documents answer requests like these:\n{shown}\n\n{_ask(label)}"))
    return CompletionRequest(system=SYSTEM, messages=messages, max_tokens=30, temperature=0.0, seed=seed)


def placeholder_from(reply: str, label: str, task_texts: list[str]) -> str:
    """The "<…>" of a reply shaped "<label>: <…>", or "" when the reply is not one."""
    line = next((l.strip().strip("`*\"' ") for l in reply.splitlines() if l.strip()), "")
    head, sep, rest = line.partition(":")
    if not sep or head.strip().casefold() != label.casefold():
        return ""
    match = _PLACEHOLDER.fullmatch(rest.strip().rstrip("."))
    if not match:
        return ""
    inside = " ".join(match.group(1).split())
    if not inside or len(inside.split()) > MAX_PLACEHOLDER_WORDS or numeric(inside) or looks_like_secret(inside):
        return ""
    if shares_topic_words(inside, task_texts):
        return ""
    return f"<{inside}>"


def placeholders(teacher: Backend, recorder: CallRecorder, wanted: list[tuple[Check, list[str]]],
                 seed: int) -> dict[str, str]:
    """check key -> placeholder, for each (check, failing tasks' requests) in `wanted`."""
    found: dict[str, str] = {}
    for check, task_texts in wanted:
        op = get_op(check.op)
        label = op.example_label(check.arg) if op else ""
        if not label:
            continue
        intents = [t.split("\n")[0] for t in task_texts]
        reply = recorder.complete("teacher", teacher, request_for(label, intents, seed)).text
        value = placeholder_from(reply, label, task_texts)
        if value:
            found[check.name()] = value
    return found
