"""Whether a held-out task is also one a night learns from, judged by content: generated ids
differ even where two generators produced the same request, so ids can never show a leak."""

from __future__ import annotations

import re
import unicodedata

from skillopt_sleep.records import Task


def normalised(text: str) -> str:
    """Case, accents, punctuation and spacing set aside: the words of a request."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    return " ".join(re.findall(r"[a-z0-9]+", folded))


def content_keys(task: Task) -> set[tuple[str, str]]:
    """What makes two tasks the same exercise: the request's words, and where a task names them,
    its topic and its expected answer together."""
    keys = {("request", normalised(task.intent))}
    topic = normalised(str(task.meta.get("topic") or ""))
    answers = sorted(normalised(a) for a in task.judge.answers if normalised(a))
    if topic and answers:
        keys.add(("topic+answer", topic + " => " + " | ".join(answers)))
    return keys


def overlapping(heldout: list[Task], seen: list[Task]) -> list[tuple[str, str]]:
    """(held-out id, night task id) for every held-out task whose content a night task shares."""
    by_key: dict[tuple[str, str], str] = {}
    for task in seen:
        for key in content_keys(task):
            by_key.setdefault(key, task.task_id)
    return [(task.task_id, by_key[key]) for task in heldout for key in sorted(content_keys(task)) if key in by_key]
