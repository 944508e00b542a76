"""Word sets by key, and the one most like a new set: how mining finds the candidate a request
belongs to among many without comparing it with each (`similarity.py` holds the measure)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from itertools import chain, compress
from typing import Protocol

from skillopt_sleep.tasks.slot_bits import bits_of, count_of, field_of, meet, slots_in


class SetSource(Protocol):
    """Sets added before this index was made (the store's candidates), read when first needed.
    Their slots are 0 .. `count` - 1; the index numbers the sets it is given after them."""

    count: int

    def word_lists(self, words: list[str]) -> dict[str, set[int] | int]:
        """The slots whose sets hold each of `words` that any set holds: a set, or as bits."""

    def size_bits(self) -> dict[int, int]:
        """For each set size, the slots of that size as bits."""

    def sets_of(self, slots: list[int]) -> dict[int, tuple[str, set[str]]]:
        """The key and the words of the set in each of `slots`."""

    def slots_of(self, keys: list[str]) -> dict[str, int]:
        """The slot of the set of each of `keys` that has one."""


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
    list as bits by slot, where a meet costs a few machine words per 64 sets.
    A search that branches past `MAX_WAYS` counts instead how many of the m + 1 + k rarest lists
    hold each key: a set that alike is under at least k + 1 of them. The answer is the one a scan
    of every set gives: the most alike, and among equals the first of the `source`'s (by key),
    then the first added here.

    With a `source` (the store's candidates, `word_index.py`), the lists of a search's words are
    read from it as searches need them, and a source's set the walk finds is compared from those
    lists (which of the words it is under, and which size) without reading it: only the key of
    the answer, and of sets tied with it, is read. So a search costs about the same however many
    sets the source holds; `added`, `changed_words` and `changed_sizes` say what to write back."""

    FEW = 8  # keys compared one by one rather than split further
    BIG = 64  # a word's list held as bits beyond this many sets: measured on bench/mining.py's sessions
    MAX_WAYS = 256
    EXTRA_WORDS = 2  # k of the counting search: measured best of 1 to 4 on bench/mining.py's sessions

    def __init__(self, threshold: float, source: SetSource | None = None) -> None:
        self.threshold = threshold
        self.source = source
        self.first_new = source.count if source else 0  # slots below it are the source's
        self._next = self.first_new
        self._sets: dict[int, set[str]] = {}
        self._keys: dict[int, str] = {}
        self._slot_of: dict[str, int | None] = {}  # None: not the source's, not added yet
        self._added: set[int] = set()
        self._members: dict[str, set[int] | None] = {}  # a word's slots, None where it has bits
        self._bits: dict[str, int] = {}
        self._lengths: dict[str, int] = {}  # how many sets hold each word, the walk's order
        self._of_size: dict[int, int] = dict(source.size_bits()) if source else {}
        self._fields: dict[str, bytes] = {}  # the bits of a word's list as bytes, for the source's sets
        self._size_fields: dict[int, bytes] = {}  # the same for a size
        self.changed_words: set[str] = set()
        self.changed_sizes: set[int] = set()

    # -- the lists, read from the source where first needed --------------------------------------

    def read_lists(self, words: Iterable[str]) -> None:
        """Read the lists of these words from the source now, in one go, rather than one by one."""
        missing = [word for word in words if word not in self._members]
        found = self.source.word_lists(missing) if self.source and missing else {}
        for word in missing:
            held = found.get(word)
            if isinstance(held, int):
                self._members[word], self._bits[word] = None, held
                self._lengths[word] = held.bit_count()
            else:
                self._members[word] = held = held or set()
                self._lengths[word] = len(held)

    def read_slots(self, keys: Iterable[str]) -> None:
        """Read which of these keys the source holds now, in one go (for `add`)."""
        missing = [key for key in keys if key not in self._slot_of]
        found = self.source.slots_of(missing) if self.source and missing else {}
        for key in missing:
            self._slot_of[key] = found.get(key)

    def _list(self, word: str) -> tuple[set[int] | None, int | None]:
        if word not in self._members:
            self.read_lists((word,))
        return self._members[word], self._bits.get(word)

    def _read_sets(self, slots: Iterable[int]) -> None:
        missing = [slot for slot in slots if slot not in self._sets]
        for slot, (key, words) in (self.source.sets_of(missing) if missing else {}).items():
            self._keys[slot], self._sets[slot] = key, words

    def _set(self, slot: int) -> set[str]:
        if slot not in self._sets:
            self._read_sets((slot,))
        return self._sets[slot]

    def _key(self, slot: int) -> str:
        if slot not in self._keys:
            self._read_sets((slot,))
        return self._keys[slot]

    def _order(self, slot: int) -> tuple[int, str | int]:
        return (0, self._key(slot)) if slot < self.first_new else (1, slot)

    # -- adding ------------------------------------------------------------------------------------

    def add(self, key: str, words: set[str]) -> None:
        """Add the set of `key`, or replace it (a replaced set keeps its place in the order)."""
        if key not in self._slot_of:
            self.read_slots((key,))
        slot = self._slot_of[key]
        if slot is None:
            slot, self._next = self._next, self._next + 1
        else:
            self._remove(slot)
        self._slot_of[key], self._keys[slot], self._sets[slot] = slot, key, words
        self._added.add(slot)
        bit = 1 << slot
        self._of_size[len(words)] = self._of_size.get(len(words), 0) | bit
        self.changed_sizes.add(len(words))
        self.read_lists(words)
        all_members, all_bits, lengths = self._members, self._bits, self._lengths
        for word in words:
            members, bits = all_members[word], all_bits.get(word)
            if bits is not None:
                all_bits[word] = bits | bit
            else:
                members.add(slot)
                if len(members) > self.BIG:
                    all_members[word], all_bits[word] = None, bits_of(members)
            lengths[word] += 1
        self.changed_words.update(words)

    def _remove(self, slot: int) -> None:
        old = self._set(slot)
        self.read_lists(old)
        keep = ~(1 << slot)
        self._of_size[len(old)] &= keep
        self.changed_sizes.add(len(old))
        for word in old:
            members, bits = self._list(word)
            if bits is not None:
                self._bits[word] = bits & keep
            else:
                members.discard(slot)
            self._lengths[word] -= 1
        self.changed_words.update(old)

    def word_list(self, word: str) -> set[int] | int:
        """`word`'s slots as they stand, as the source keeps them (for writing back)."""
        members, bits = self._list(word)
        return members if bits is None else bits

    def size_bits(self, size: int) -> int:
        return self._of_size.get(size, 0)

    def added(self) -> list[tuple[int, str, set[str]]]:
        """(slot, key, words) of each set added or replaced here."""
        return [(slot, self._keys[slot], self._sets[slot]) for slot in sorted(self._added)]

    # -- searching ---------------------------------------------------------------------------------

    def most_similar(self, words: set[str]) -> str | None:
        """The key of the set most like `words`, when that one is at least `threshold` alike."""
        if not words:
            return None
        n = len(words)
        # The small tolerances only widen the search: the comparison itself is the exact one.
        shared = max(1, math.ceil(self.threshold * n - 1e-9))
        self.read_lists(words)
        members, bits = self._members, self._bits
        lists = [(members[word], bits.get(word)) for word in sorted(words, key=self._lengths.__getitem__)]
        sizes = _SizeBounds(self, n)
        found = self._walked(lists, n - shared, sizes)
        if found is None:
            found = self._counted([set(slots_in(bits)) if members is None else members for members, bits in lists],
                                  n - shared, min(self.EXTRA_WORDS, shared - 1))
        low, high = self.threshold * n - 1e-9, n / self.threshold + 1e-9
        sizes_alike = range(math.ceil(low), math.floor(high) + 1)
        scores: dict[int, float] = {}
        sets = self._sets
        for slot in found:
            theirs = sets.get(slot)
            if theirs is None:  # the source's, not read: its words are told by the lists in hand
                size = self._source_size(slot, sizes_alike)
                if size is None:
                    continue
                common = self._source_holds(slot, words)
            else:
                size = len(theirs)
                if not low <= size <= high:
                    continue
                common = len(words & theirs)
            scores[slot] = common / (n + size - common)
        top = max(scores.values(), default=0.0)
        if top < self.threshold:
            return None
        tied = [slot for slot, score in scores.items() if score == top]
        return self._key(tied[0] if len(tied) == 1 else min(tied, key=self._order))

    # A set of the source that was not read, nor replaced here, is in the lists as it was read, so
    # its size and the words it holds are told by bit tests on their bytes (a bit test on a large
    # integer copies the whole integer; a query for its words costs more still).

    def _source_size(self, slot: int, sizes: range) -> int | None:
        """The size of the source's set in `slot`, where it is one of `sizes`."""
        byte, bit = slot >> 3, 1 << (slot & 7)
        for size in sizes:
            field = self._size_fields.get(size)
            if field is None:
                field = self._size_fields[size] = field_of(self._of_size.get(size, 0))
            if byte < len(field) and field[byte] & bit:
                return size
        return None

    def _source_holds(self, slot: int, words: set[str]) -> int:
        """How many of `words` (their lists read) the source's set in `slot` holds."""
        byte, bit = slot >> 3, 1 << (slot & 7)
        held = 0
        for word in words:
            members = self._members[word]
            if members is not None:
                held += slot in members
                continue
            field = self._fields.get(word)
            if field is None:
                field = self._fields[word] = field_of(self._bits[word])
            held += byte < len(field) and field[byte] & bit != 0
        return held

    def _walked(self, lists: list[tuple[set[int] | None, int | None]], misses: int,
                sizes: "_SizeBounds") -> set[int] | None:
        """Every slot under all but at most `misses` of `lists` (rarest first) whose size allows
        it, and some others; None when the walk branches past `MAX_WAYS`. Slots so far are None
        (every slot), a set, or bits."""
        found: set[int] = set()
        ways = [(0, misses, None)]  # (next list, misses left, slots so far)
        walked = 0
        while ways:
            walked += 1
            if walked > self.MAX_WAYS:
                return None
            at, left, keys = ways.pop()
            while True:
                if type(keys) is int:
                    keys &= sizes.allowed(misses - left)
                if keys is not None and (count_of(keys) <= self.FEW or len(lists) - at <= left):
                    found.update(slots_in(keys) if type(keys) is int else keys)
                    break
                if left == 0:  # every remaining word is held
                    for held in lists[at:]:
                        keys = meet(keys, held)
                        if not keys:
                            break
                    if type(keys) is int:
                        keys &= sizes.allowed(misses)
                    found.update(slots_in(keys) if type(keys) is int else keys)
                    break
                ways.append((at + 1, left, meet(keys, lists[at])))
                at, left = at + 1, left - 1  # this way lacks the word
        return found

    @staticmethod
    def _counted(lists: list[set[int]], misses: int, extra: int) -> Iterable[int]:
        """The slots under at least extra + 1 of the misses + 1 + extra rarest lists: the slots from
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
            n, threshold = self.n, self.index.threshold
            shared = n - lacked
            low, high = math.ceil(threshold * n - 1e-9), math.floor(shared / threshold - n + shared + 1e-9)
            bits = 0
            for size in range(max(low, 1), high + 1):
                bits |= self.index.size_bits(size)
            self._by_lacked[lacked] = bits
        return bits
