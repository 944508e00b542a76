"""How alike two texts are, word for word: the measure that merges near-identical intents and
finds a recalled lesson's earlier form."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
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
    most m = n - ceil(threshold * n) of them. The search walks the new set's words rarest first
    (by how many sets hold them) and, at each word, follows both ways a set can go: it holds the
    word (the keys so far meet the word's list of keys) or it lacks it (one of the m misses spent).
    A way stops when its keys are few enough to compare (`FEW`), and once its misses are spent
    every remaining word must be held, so its keys are the meet of the remaining lists. A request
    of common words and one rare one thus meets the rare word's short list, or, lacking it, the
    meet of its common words, instead of every set under the commonest of its rarest words. A
    search that branches past `MAX_WAYS` (many common words, each leaving many keys) counts
    instead how many of the m + 1 + k rarest lists hold each key: a set that alike is under at
    least k + 1 of them. The answer is the one a scan of every set in order of adding gives: the
    most alike, the first added among equals."""

    FEW = 32  # keys compared one by one rather than split further
    MAX_WAYS = 256
    EXTRA_WORDS = 2  # k of the counting search: measured best of 1 to 4 on bench/mining.py's sessions

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
        keys_of, empty = self._keys_of, set()
        lists = [keys_of.get(word, empty) for word in words]
        lists.sort(key=len)
        found = self._walked(lists, n - shared)
        if found is None:
            found = self._counted(lists, n - shared, min(self.EXTRA_WORDS, shared - 1))
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

    def _walked(self, lists: list[set[str]], misses: int) -> set[str] | None:
        """Every key under all but at most `misses` of `lists` (rarest first), and some others;
        None when the walk branches past `MAX_WAYS`."""
        found: set[str] = set()
        ways = [(0, misses, None)]  # (next list, misses left, keys so far: None is every key)
        walked = 0
        while ways:
            walked += 1
            if walked > self.MAX_WAYS:
                return None
            at, left, keys = ways.pop()
            while True:
                if keys is not None and (len(keys) <= self.FEW or len(lists) - at <= left):
                    found |= keys
                    break
                if left == 0:  # every remaining word is held
                    for held in lists[at:]:
                        keys = held if keys is None else keys & held
                        if not keys:
                            break
                    found |= keys
                    break
                held = lists[at]
                ways.append((at + 1, left, held if keys is None else keys & held))
                at, left = at + 1, left - 1  # this way lacks the word
        return found

    @staticmethod
    def _counted(lists: list[set[str]], misses: int, extra: int) -> Iterable[str]:
        """The keys under at least extra + 1 of the misses + 1 + extra rarest lists: the keys from
        the misses + 1 rarest, the others met only where they hold one of those."""
        hits = Counter(chain.from_iterable(lists[:misses + 1]))
        if extra:
            keys = hits.keys()
            for held in lists[misses + 1:misses + 1 + extra]:
                hits.update(held.intersection(keys))
        return compress(hits.keys(), map(extra.__lt__, hits.values()))  # count > extra, without a Python loop
