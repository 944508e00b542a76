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
    every remaining word must be held, so its keys are the meet of the remaining lists. Each set
    goes one way, so a way keeps only sets whose size can be that alike with the words it lacks:
    one that lacks j of the n words shares at most n - j, which bounds its own size from above.
    That bound is what keeps a request of common words and one rare one from comparing every set
    that holds its common words and other rare ones. A word held by more than `BIG` sets keeps its
    list as bits by order of adding too, where a meet costs a few machine words per 64 sets.
    A search that branches past `MAX_WAYS` counts instead how many of the m + 1 + k rarest lists
    hold each key: a set that alike is under at least k + 1 of them. The answer is the one a scan
    of every set in order of adding gives: the most alike, the first added among equals."""

    FEW = 8  # keys compared one by one rather than split further
    BIG = 64  # a word's list held as bits beyond this many keys: measured on bench/mining.py's sessions
    MAX_WAYS = 256
    EXTRA_WORDS = 2  # k of the counting search: measured best of 1 to 4 on bench/mining.py's sessions

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._sets: dict[str, set[str]] = {}
        self._rank: dict[str, int] = {}
        self._keys: list[str] = []  # by rank
        self._keys_of: dict[str, set[str]] = {}
        self._bits_of: dict[str, int] = {}  # the lists past BIG, bit r for the key of rank r
        self._bits_of_size: dict[int, int] = {}

    def add(self, key: str, words: set[str]) -> None:
        """Add or replace the set of `key` (a replaced set keeps its place in the order)."""
        rank = self._rank.get(key)
        if rank is None:
            rank = self._rank[key] = len(self._keys)
            self._keys.append(key)
        bit = 1 << rank
        old = self._sets.get(key)
        if old is not None:
            self._bits_of_size[len(old)] &= ~bit
            for word in old:
                self._keys_of[word].discard(key)
                if word in self._bits_of:
                    self._bits_of[word] &= ~bit
        self._sets[key] = words
        self._bits_of_size[len(words)] = self._bits_of_size.get(len(words), 0) | bit
        for word in words:
            keys = self._keys_of.setdefault(word, set())
            keys.add(key)
            bits = self._bits_of.get(word)
            if bits is not None:
                self._bits_of[word] = bits | bit
            elif len(keys) > self.BIG:
                self._bits_of[word] = self._bits(keys)

    def add_all(self, items: Iterable[tuple[str, set[str]]]) -> None:
        """Add many new keys at once: the bits of each long list are made once, not copied at each key."""
        sets, ranks, keys_by_rank, keys_of = self._sets, self._rank, self._keys, self._keys_of
        for key, words in items:
            if key in ranks:
                self.add(key, words)
                continue
            ranks[key] = len(keys_by_rank)
            keys_by_rank.append(key)
            sets[key] = words
            for word in words:
                held = keys_of.get(word)
                if held is None:
                    keys_of[word] = {key}
                else:
                    held.add(key)
        self._bits_of = {word: self._bits(held) for word, held in keys_of.items() if len(held) > self.BIG}
        by_size: dict[int, list[str]] = {}
        for key, words in sets.items():
            by_size.setdefault(len(words), []).append(key)
        self._bits_of_size = {size: self._bits(held) for size, held in by_size.items()}

    def _bits(self, keys) -> int:
        ranks = [self._rank[key] for key in keys]
        field = bytearray(max(ranks) // 8 + 1)
        for rank in ranks:
            field[rank >> 3] |= 1 << (rank & 7)
        return int.from_bytes(field, "little")

    def most_similar(self, words: set[str]) -> str | None:
        """The key of the set most like `words`, when that one is at least `threshold` alike."""
        if not words:
            return None
        n = len(words)
        # The small tolerances only widen the search: the comparison itself is the exact one.
        shared = max(1, math.ceil(self.threshold * n - 1e-9))
        keys_of, bits_of, empty = self._keys_of, self._bits_of, set()
        lists = [(keys_of.get(word, empty), bits_of.get(word)) for word in words]
        lists.sort(key=lambda held: len(held[0]))
        found = self._walked(lists, n - shared, _SizeBounds(self, n))
        if found is None:
            found = self._counted([held for held, _ in lists], n - shared, min(self.EXTRA_WORDS, shared - 1))
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

    def _walked(self, lists: list[tuple[set[str], int | None]], misses: int, sizes: "_SizeBounds") -> set[str] | None:
        """Every key under all but at most `misses` of `lists` (rarest first) whose size allows it,
        and some others; None when the walk branches past `MAX_WAYS`. Keys so far are None (every
        key), a set of keys, or bits by rank."""
        found: set[str] = set()
        ways = [(0, misses, None)]  # (next list, misses left, keys so far)
        walked = 0
        while ways:
            walked += 1
            if walked > self.MAX_WAYS:
                return None
            at, left, keys = ways.pop()
            while True:
                if type(keys) is int:
                    keys &= sizes.allowed(misses - left)
                if keys is not None and (self._count(keys) <= self.FEW or len(lists) - at <= left):
                    found |= self._keys_in(keys)
                    break
                if left == 0:  # every remaining word is held
                    for held in lists[at:]:
                        keys = self._meet(keys, held)
                        if not keys:
                            break
                    if type(keys) is int:
                        keys &= sizes.allowed(misses)
                    found |= self._keys_in(keys)
                    break
                ways.append((at + 1, left, self._meet(keys, lists[at])))
                at, left = at + 1, left - 1  # this way lacks the word
        return found

    def _meet(self, keys, held: tuple[set[str], int | None]):
        """The keys so far that are also in a word's list (its keys, and its bits where it has them)."""
        members, bits = held
        if keys is None:
            return members if bits is None else bits
        if type(keys) is int:
            if bits is not None:
                return keys & bits
            keys, bits = members, keys
        elif bits is None:
            return keys & members
        ranks = self._rank
        return {key for key in keys if bits >> ranks[key] & 1}

    @staticmethod
    def _count(keys) -> int:
        return keys.bit_count() if type(keys) is int else len(keys)

    def _keys_in(self, keys):
        if type(keys) is not int:
            return keys
        found, by_rank = set(), self._keys
        while keys:
            lowest = keys & -keys
            found.add(by_rank[lowest.bit_length() - 1])
            keys ^= lowest
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


class _SizeBounds:
    """The sets, as bits, whose size can be `threshold` alike with n words when they lack j of
    them: at least ceil(threshold * n) words, and at most o / threshold - n + o for the o = n - j
    they can share (J = o / (n + size - o))."""

    def __init__(self, index: SimilarSets, n: int):
        self.index, self.n = index, n
        self._by_lacked: dict[int, int] = {}

    def allowed(self, lacked: int) -> int:
        bits = self._by_lacked.get(lacked)
        if bits is None:
            n, threshold, of_size = self.n, self.index.threshold, self.index._bits_of_size
            shared = n - lacked
            low, high = math.ceil(threshold * n - 1e-9), math.floor(shared / threshold - n + shared + 1e-9)
            bits = 0
            for size in range(max(low, 1), high + 1):
                bits |= of_size.get(size, 0)
            self._by_lacked[lacked] = bits
        return bits
