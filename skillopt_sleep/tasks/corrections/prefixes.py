"""A scheme's prefix (`urn:isbn:`, `s3://`, `jdbc:`) that the words write alone, the value it
opens left off, and hold back for good ("kein urn:isbn: direkt in den Code; immer über die
Konstante"): the kind of value is kept out of added code, not the one value the work wrote. Two
names joined by colons, or a scheme and `//`, are code by their shape; one name and a colon is
how prose opens a list ("Note: ..."), so it counts only where the reply before the turn wrote it
opening a longer token (`jdbc:postgresql://db/app`)."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.occasion import clauses, holds_back, lasting, one_off
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# A prefix standing alone: names joined by colons and closed by one, or a scheme and `//`, with
# nothing of the value after it (a space, a sentence's punctuation or the end follows).
_PREFIX = re.compile(r"(?<![\w:/.-])([A-Za-z][\w+.-]*:(?:[A-Za-z0-9][\w+.-]*:)*(?://)?)(?=\s|[,.;!?)」。，、？！]|$)")


def _shaped_as_code(prefix: str) -> bool:
    return prefix.count(":") >= 2 or prefix.endswith("://")


def prefix_named(turn: UserTurnInContext) -> Convention | None:
    """The one prefix the words write alone and hold back for good, not for this once, where the
    work before the turn edited a file: by its shape, or opening a token the reply before the
    turn wrote."""
    if not turn.paths("before") or not (holds_back(turn.user) and lasting(turn.user)):
        return None
    if any(one_off(c) for c in clauses(turn.user)):
        return None
    said = turn.said("before")
    named = [p for p in dict.fromkeys(_PREFIX.findall(turn.user))
             if _shaped_as_code(p) or re.search(r"(?<![\w:/.-])" + re.escape(p) + r"[\w/]", said)]
    return Convention("added_lines_avoid", named[0]) if len(named) == 1 else None
