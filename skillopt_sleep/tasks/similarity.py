"""How alike two texts are, word for word: the measure that merges near-identical intents and
finds a recalled lesson's earlier form."""

from __future__ import annotations

import re

WORDS = re.compile(r"\w+")


def tokens(text: str) -> set[str]:
    return set(WORDS.findall(text.casefold()))


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0
