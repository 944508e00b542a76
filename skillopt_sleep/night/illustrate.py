"""Model-written illustrations for rules whose checks no train answer has passed yet: the teacher
writes the one labelled line an expert would write ("<Label>: <value>"). A line is used only if
it passes the check itself and carries no task's topic words (tasks/checks/literals.py)."""

from __future__ import annotations

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks import evaluate, get_op

SYSTEM = "You write one example line of a document format. Reply with that line only."
MAX_REQUESTS_SHOWN = 3


def request_for(label: str, intents: list[str], seed: int) -> CompletionRequest:
    shown = "\n".join(f"- {intent}" for intent in intents[:MAX_REQUESTS_SHOWN])
    prompt = (f"Answers to requests like these must contain a line that starts with \"{label}:\".\n{shown}\n\n"
              f"Write that line as an expert would for requests of this kind in general: \"{label}:\" followed by the "
              "value itself in one to four words, with no explanation and no names from the requests.")
    return CompletionRequest(system=SYSTEM, messages=[Message(role="user", content=prompt)], max_tokens=30,
                             temperature=0.0, seed=seed)


def illustrations(teacher: Backend, recorder: CallRecorder, wanted: list[tuple[Check, list[str]]], seed: int) -> dict[str, list[str]]:
    """check key -> example lines, for each (check, failing tasks' requests) in `wanted`."""
    found: dict[str, list[str]] = {}
    for check, intents in wanted:
        op = get_op(check.op)
        label = op.example_label(check.arg) if op else ""
        if not label:
            continue
        reply = recorder.complete("teacher", teacher, request_for(label, intents, seed)).text
        line = next((l.strip().strip("`*\"' ") for l in reply.splitlines() if l.strip()), "")
        if line and evaluate(check, line, []).passed:
            found[f"{check.op} {check.arg!r}"] = [line]
    return found
