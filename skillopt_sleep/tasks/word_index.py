"""The candidates' word index, kept in the store beside them (migration 51), so that a mining run
reads the lists of the words its requests hold, not every candidate's words: an increment costs
about the same on a large store as on a small one.

Each candidate has a slot (0, 1, ... in the order it was indexed) and its words; each word has the
slots of the candidates that hold it, as packed numbers or, past `SimilarSets.BIG`, as bits; each
size has its candidates' slots as bits. The miner writes what a run changed in the transaction
that saves the candidates, so the index and the candidates stay together; a store whose index
does not cover its candidates (one made before the index, or written by another tool) has it
made again from the candidates on the next run. The words are `similarity.tokens` of each
intent: a change to how words are cut needs a migration that empties these tables.
"""

from __future__ import annotations

import sys
from array import array

from skillopt_sleep.store import Store
from skillopt_sleep.tasks.similar_sets import SimilarSets
from skillopt_sleep.tasks.slot_bits import field_of
from skillopt_sleep.tasks.similarity import tokens

TABLES = ("candidate_words", "candidate_word_lists", "candidate_word_sizes")


def _packed(slots) -> bytes:
    numbers = array("I", sorted(slots))
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tobytes()


def _unpacked(blob: bytes) -> set[int]:
    numbers = array("I")
    numbers.frombytes(blob)
    if sys.byteorder == "big":
        numbers.byteswap()
    return set(numbers)


class StoredWordIndex:
    """The store's index as `SimilarSets` reads it (`similar_sets.SetSource`)."""

    def __init__(self, store: Store):
        self.store = store
        count, top = store.query_one("SELECT COUNT(*), MAX(slot) FROM candidate_words")
        self.count = int(count)
        self.dense = (-1 if top is None else int(top)) == self.count - 1  # slots 0 .. count - 1, none missing

    @classmethod
    def opened(cls, store: Store, threshold: float) -> "StoredWordIndex":
        """The index, made again first where it does not cover the store's candidates."""
        candidates = int(store.query_one("SELECT COUNT(*) FROM intent_candidates")[0])
        index = cls(store)
        if index.count != candidates or not index.dense:
            cls.rebuild(store, threshold)
            index = cls(store)
        return index

    @classmethod
    def rebuild(cls, store: Store, threshold: float) -> None:
        index = SimilarSets(threshold)
        for candidate_id, intent in store.query("SELECT id, intent FROM intent_candidates ORDER BY id"):
            index.add(candidate_id, tokens(intent))
        with store.transaction() as conn:
            cls.clear(conn)
            cls.write(conn, index)

    @staticmethod
    def clear(conn) -> None:
        for table in TABLES:
            conn.execute(f"DELETE FROM {table}")

    @staticmethod
    def write(conn, index: SimilarSets) -> None:
        """What `index` added or changed since it was opened, in `conn`'s transaction. Where another
        run wrote the index meanwhile (two runs mining at once), the slots this one gave out may be
        that run's too: the index is dropped instead, and the next run makes it again."""
        if conn.execute("SELECT COUNT(*) FROM candidate_words").fetchone()[0] != index.first_new:
            StoredWordIndex.clear(conn)
            return
        conn.executemany("INSERT OR REPLACE INTO candidate_words (slot, candidate_id, words) VALUES (?, ?, ?)",
                         [(slot, key, " ".join(sorted(words))) for slot, key, words in index.added()])
        lists = []
        for word in index.changed_words:
            held = index.word_list(word)
            lists.append((word, None, field_of(held)) if isinstance(held, int) else (word, _packed(held), None))
        conn.executemany("INSERT OR REPLACE INTO candidate_word_lists (word, slots, bits) VALUES (?, ?, ?)", lists)
        conn.executemany("INSERT OR REPLACE INTO candidate_word_sizes (size, bits) VALUES (?, ?)",
                         [(size, field_of(index.size_bits(size))) for size in index.changed_sizes])

    # -- what SimilarSets reads ------------------------------------------------------------------------

    def word_lists(self, words: list[str]) -> dict[str, set[int] | int]:
        rows = self.store.query_in("SELECT word, slots, bits FROM candidate_word_lists WHERE word IN ({marks})", words)
        return {word: _unpacked(slots) if bits is None else int.from_bytes(bits, "little") for word, slots, bits in rows}

    def size_bits(self) -> dict[int, int]:
        return {int(size): int.from_bytes(bits, "little")
                for size, bits in self.store.query("SELECT size, bits FROM candidate_word_sizes")}

    def sets_of(self, slots: list[int]) -> dict[int, tuple[str, set[str]]]:
        rows = self.store.query_in("SELECT slot, candidate_id, words FROM candidate_words WHERE slot IN ({marks})", slots)
        return {int(slot): (key, set(words.split())) for slot, key, words in rows}

    def slots_of(self, keys: list[str]) -> dict[str, int]:
        rows = self.store.query_in("SELECT candidate_id, slot FROM candidate_words WHERE candidate_id IN ({marks})", keys)
        return {key: int(slot) for key, slot in rows}
