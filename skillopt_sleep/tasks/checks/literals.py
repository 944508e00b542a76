"""Literals a rule must never carry: one task's own words (a name, a number), and anything that
looks like a token or secret. A rule is a habit; these are one answer's contents."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterable

_WORD = re.compile(r"\w+")


def entropy_bits(text: str) -> float:
    """Shannon entropy per character."""
    if not text:
        return 0.0
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def token_like(text: str) -> bool:
    """A key, token or password-shaped string: long, no spaces, mixed classes, high entropy."""
    for part in text.split():
        if len(part) >= 16 and entropy_bits(part) >= 3.5 and sum(c.isdigit() for c in part) >= 2 \
                and any(c.isalpha() for c in part):
            return True
    return False


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
    if token_like(literal):
        return "looks like a token or secret"
    if numeric(literal):
        return "is a number that belongs to one answer"
    if from_task_text(literal, task_texts):
        return "repeats a task's own topic words"
    return ""
