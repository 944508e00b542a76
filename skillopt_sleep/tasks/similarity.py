"""How alike two texts are, word for word: the measure that merges near-identical intents and
finds a recalled lesson's earlier form."""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import chain, compress

WORDS = re.compile(r"\w+")


def tokens(text: str) -> set[str]:
    return set(WORDS.findall(text.casefold()))


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


class SimilarSets:
    """Word sets by key, and the one most like a new set by Jaccard similarity (at least
    `threshold`), without comparing it with every set.

    A set that alike shares at least ceil(threshold * n) of the new set's n words, so it misses at
    most m = n - ceil(threshold * n) of them, and of any m + 1 + k of them it holds at least
    k + 1. The new set's m + 1 + k rarest words (by how many sets hold them) are looked up in an
    index of words to keys: the keys come from the m + 1 rarest lists (a set under k + 1 of the
    lists is under one of those), each longer list is met only where it holds one of them, and
    only the sets found under k + 1 lists, of a size that could be that alike, are compared. With
    k = 0 a common word among the m + 1 rarest brings in every set that holds it, and mining 20k
    sessions compared each request with hundreds of sets. The answer is the one a scan of every
    set in order of adding gives: the most alike, the first added among equals."""

    EXTRA_WORDS = 2  # k: measured best of 1 to 4 on bench/mining.py's sessions

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
        n = len(words)
        # The small tolerances only widen the search: the comparison itself is the exact one.
        shared = max(1, math.ceil(self.threshold * n - 1e-9))
        extra = min(self.EXTRA_WORDS, shared - 1)
        keys_of = self._keys_of
        rarest = sorted(words, key=lambda word: len(keys_of.get(word, ())))[:n - shared + 1 + extra]
        hits = Counter(chain.from_iterable(keys_of.get(word, ()) for word in rarest[:n - shared + 1]))
        if extra:
            keys = hits.keys()
            for word in rarest[n - shared + 1:]:
                hits.update(keys_of.get(word, set()).intersection(keys))
        found = compress(hits.keys(), map(extra.__lt__, hits.values()))  # count > extra, without a Python loop
        low, high = self.threshold * n - 1e-9, n / self.threshold + 1e-9
        best, best_rank, score = None, 0, 0.0
        sets, ranks = self._sets, self._rank
        for key in found:
            theirs = sets[key]
            size = len(theirs)
            if not low <= size <= high:
                continue
            common = len(words & theirs)
            similarity, rank = common / (n + size - common), ranks[key]
            if similarity > score or (similarity == score and best is not None and rank < best_rank):
                best, best_rank, score = key, rank, similarity
        return best if best is not None and score >= self.threshold else None
