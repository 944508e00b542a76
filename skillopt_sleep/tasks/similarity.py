"""How alike two texts are, word for word: the measure that merges near-identical intents and
finds a recalled lesson's earlier form."""

from __future__ import annotations

import math
import re

WORDS = re.compile(r"\w+")


def tokens(text: str) -> set[str]:
    return set(WORDS.findall(text.casefold()))


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


class SimilarSets:
    """Word sets by key, and the one most like a new set by Jaccard similarity (at least
    `threshold`), without comparing it with every set.

    A set that alike shares at least ceil(threshold * n) of the new set's n words, so it holds one
    of any n - ceil(threshold * n) + 1 of them: the new set's rarest words (by how many sets hold
    them) are looked up in an index of words to keys, and only the sets found there, of a size
    that could be that alike, are compared. The answer is the one a scan of every set in order of
    adding gives: the most alike, the first added among equals."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._sets: dict[str, set[str]] = {}
        self._rank: dict[str, int] = {}
        self._keys_of: dict[str, set[str]] = {}

    def add(self, key: str, words: set[str]) -> None:
        """Add or replace the set of `key` (a replaced set keeps its place in the order)."""
        for word in self._sets.get(key, ()):
            self._keys_of[word].discard(key)
        self._rank.setdefault(key, len(self._rank))
        self._sets[key] = words
        for word in words:
            self._keys_of.setdefault(word, set()).add(key)

    def most_similar(self, words: set[str]) -> str | None:
        """The key of the set most like `words`, when that one is at least `threshold` alike."""
        if not words:
            return None
        # The small tolerances only widen the search: the comparison itself is the exact one.
        shared = max(1, math.ceil(self.threshold * len(words) - 1e-9))
        rarest = sorted(words, key=lambda word: len(self._keys_of.get(word, ())))[:len(words) - shared + 1]
        low, high = self.threshold * len(words) - 1e-9, len(words) / self.threshold + 1e-9
        best, best_rank, score = None, 0, 0.0
        for key in set().union(*(self._keys_of.get(word, ()) for word in rarest)):
            theirs = self._sets[key]
            if not low <= len(theirs) <= high:
                continue
            similarity, rank = jaccard(words, theirs), self._rank[key]
            if similarity > score or (similarity == score and best is not None and rank < best_rank):
                best, best_rank, score = key, rank, similarity
        return best if best is not None and score >= self.threshold else None
