"""Requests in other words: users ask for the same thing in many ways, and a rule that only works
for one wording is not learned. Before a night replays, the teacher rewrites each task's request
once or more (same meaning and topic; another sentence form); replay sample k > 0 of a task asks
in its k-th rewording, sample 0 always in the task's own words. The current and the candidate
skill are replayed on the same wordings, so the gate's comparison stays paired.

A rewording is kept only if it reads as a request of its own: not empty, not the original, not
much longer, and about the same things (it keeps most of the original's content words)."""

from __future__ import annotations

import logging
import re
from dataclasses import replace

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.errors import FATAL_ERRORS, SkilloptError
from skillopt_sleep.records import Task

log = logging.getLogger(__name__)

SYSTEM = "You rewrite a user's request the way the same user might type it on another day. Reply with the request only."
# Sentence forms to ask for in turn, so the rewordings of one task differ from each other.
FORMS = ("as a direct question", "as a short instruction", "as a casual yes-or-no question", "as a request for advice")
MIN_KEPT_WORDS = 0.5  # share of the original's content words a rewording must keep
MAX_GROWTH = 2.0
_WORD = re.compile(r"[a-z0-9]+")


def request_for(task: Task, form: str, seed: int) -> CompletionRequest:
    prompt = (f"Request: {task.intent.strip()}\n\nRewrite it {form}: the same meaning and topic, other words. "
              "Do not answer it.")
    return CompletionRequest(system=SYSTEM, messages=[Message(role="user", content=prompt)], max_tokens=120,
                             temperature=0.7, seed=seed)


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if len(w) > 3}


def accepted(original: str, reply: str) -> str:
    """The rewording in `reply`, or "" when it is not a usable one."""
    text = " ".join(reply.split())
    text = re.sub(r"^(request|rewritten|rewrite|reworded)\s*:\s*", "", text, flags=re.I).strip("\"'` ")
    if not text or text.casefold() == original.strip().casefold() or len(text) > MAX_GROWTH * len(original) + 40:
        return ""
    words = _content_words(original)
    if words and len(words & _content_words(text)) < MIN_KEPT_WORDS * len(words):
        return ""
    return text


def rewordings(teacher: Backend, recorder: CallRecorder, tasks: list[Task], count: int, seed: int) -> dict[str, list[str]]:
    """task id -> up to `count` rewordings of its request. A failed call only costs that wording:
    the sample then asks in the task's own words."""
    found: dict[str, list[str]] = {}
    for task in tasks:
        kept: list[str] = []
        for index in range(count):
            form = FORMS[(index + len(found)) % len(FORMS)]
            try:
                reply = recorder.complete("teacher", teacher, request_for(task, form, seed + index)).text
            except FATAL_ERRORS:
                raise
            except SkilloptError as exc:
                log.warning("could not reword %s: %s", task.task_id, exc)
                continue
            text = accepted(task.intent, reply)
            if text and text not in kept:
                kept.append(text)
        if kept:
            found[task.task_id] = kept
    return found


def in_other_words(task: Task, sample: int, wordings: dict[str, list[str]]) -> Task:
    """The task as replay sample `sample` asks it."""
    options = wordings.get(task.task_id) or []
    if sample <= 0 or not options:
        return task
    return replace(task, intent=options[(sample - 1) % len(options)])
