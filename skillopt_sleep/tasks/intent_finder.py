"""Which candidate a mined request is: the one with the same text (its fingerprint), or the one
at least `threshold` alike word for word, among the store's candidates and those made this run.

What the store knows of a run's requests (the candidates their fingerprints name, the word lists
of their words) is read before they are placed, a few queries for the whole run, so that a run's
cost follows its own sessions, not the store's size (`word_index.py` keeps the word lists)."""

from __future__ import annotations

from collections.abc import Iterable

from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import CandidateRepo, candidate_id
from skillopt_sleep.tasks.similar_sets import SimilarSets
from skillopt_sleep.tasks.similarity import tokens
from skillopt_sleep.tasks.taskstore import intent_fingerprint
from skillopt_sleep.tasks.word_index import StoredWordIndex


class IntentFinder:
    def __init__(self, store: Store, threshold: float):
        self.candidates = CandidateRepo(store)
        self.alike = SimilarSets(threshold, source=StoredWordIndex.opened(store, threshold))
        self._fingerprints: dict[str, str] = {}  # text -> fingerprint
        self._words: dict[str, set[str]] = {}  # text -> words, for texts whose fingerprint is not stored
        self._stored: dict[str, str] = {}  # fingerprint -> the store's candidate with it
        self._new: dict[str, str] = {}  # fingerprint -> the candidate made this run

    def prepare(self, texts: Iterable[str]) -> None:
        """Read what the store knows of these requests at once."""
        texts = set(texts).difference(self._fingerprints)
        fingerprints = {text: intent_fingerprint(text) for text in texts}
        self._fingerprints.update(fingerprints)
        self._stored.update(self.candidates.ids_by_fingerprint(sorted(set(fingerprints.values()))))
        # Words, and whether a new candidate's id is taken, only where the text is not already known.
        new = {text: fingerprint for text, fingerprint in fingerprints.items() if fingerprint not in self._stored}
        words = {text: tokens(text) for text in new}
        self._words.update(words)
        self.alike.read_lists(set().union(*words.values()))
        self.alike.read_slots(sorted({candidate_id(fingerprint) for fingerprint in new.values()}))

    def find(self, text: str) -> tuple[str | None, str]:
        """The candidate `text` belongs to (None for a new one), and its fingerprint."""
        if text not in self._fingerprints:
            self.prepare((text,))
        fingerprint = self._fingerprints[text]
        found = self._new.get(fingerprint) or self._stored.get(fingerprint)
        if found is None:
            found = self.alike.most_similar(self._words_of(text))
        return found, fingerprint

    def add(self, key: str, fingerprint: str, text: str) -> None:
        """The candidate `key`, made for `text`, for the requests after it."""
        self._new[fingerprint] = key
        self.alike.add(key, self._words_of(text))

    def write(self, conn) -> None:
        """The word index of the candidates added, in the transaction that saves them."""
        StoredWordIndex.write(conn, self.alike)

    def _words_of(self, text: str) -> set[str]:
        words = self._words.get(text)
        if words is None:
            words = self._words[text] = tokens(text)
        return words
