"""Literals a rule must never carry: one task's own words (a name, a number), and anything that
looks like a token or secret. A rule is a habit; these are one answer's contents."""

from __future__ import annotations

import re
from typing import Iterable

from skillopt_sleep.capture.redact import looks_like_secret

_WORD = re.compile(r"\w+")
# Words that name nothing an answer must (not) carry: "use the logging module" never means
# "contains 'the'", and "put it in its own section" names no heading.
FUNCTION_WORDS = frozenset("""
a an the this that these those it its they them their there here he she we you your our my me us i
and or but nor so if then than as at by for from in into of off on onto out over to up with without
is are was were be been being am do does did done have has had will would shall should can could may might must
not no yes all any both each every few more most less some such only own same other another very too also just
again instead please thing things stuff something anything everything nothing way ways one ones
""".split())
MIN_VALUE_CHARS = 2


def numeric(text: str) -> bool:
    """Mostly digits: a phone number, an id, an amount."""
    compact = re.sub(r"\s", "", text)
    return bool(compact) and sum(c.isdigit() for c in compact) / len(compact) >= 0.3


def from_task_text(literal: str, texts: Iterable[str]) -> bool:
    """The literal repeats words the task itself carries (its topic), so it belongs to that task."""
    words = {w.casefold() for w in _WORD.findall(literal) if len(w) > 3}
    if not words:
        return False
    for text in texts:
        if words <= {w.casefold() for w in _WORD.findall(text)}:
            return True
    return False


def refusal(literal: str | None, task_texts: Iterable[str]) -> str:
    """Why `literal` may not become a rule, or "" when it may."""
    if not literal:
        return ""
    if looks_like_secret(literal):
        return "looks like a token or secret"
    if numeric(literal):
        return "is a number that belongs to one answer"
    if from_task_text(literal, task_texts):
        return "repeats a task's own topic words"
    return ""


def too_generic(value: str) -> str:
    """Why a value taken from a user's words is too generic to check, or "" when it is specific."""
    words = [w.casefold() for w in _WORD.findall(value)]
    if len(value.strip()) < MIN_VALUE_CHARS or not words:
        return "is too short"
    if all(w in FUNCTION_WORDS for w in words):
        return "is a function word"
    return ""


def shares_topic_words(line: str, texts: Iterable[str]) -> bool:
    """The line's value (after a "Label:") uses a word of some task's request that the requests do
    not all share: one task's topic, which an illustration of a habit must not carry."""
    texts = list(texts)
    if not texts:
        return False
    value = line.split(":", 1)[1] if ":" in line else line
    words = {w.casefold() for w in _WORD.findall(value) if len(w) > 3}
    per_text = [{w.casefold() for w in _WORD.findall(text)} for text in texts]
    shared = set.intersection(*per_text)
    return bool(words & (set().union(*per_text) - shared))
