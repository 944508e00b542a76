"""The candidates' word index kept in the store: what a mining run finds through it is what a
scan of every candidate finds, run after run, after it is made again, and when two runs race."""

from __future__ import annotations

import random

import pytest

from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import Candidate, CandidateRepo
from skillopt_sleep.tasks.mining import MERGE_JACCARD
from skillopt_sleep.tasks.similar_sets import SimilarSets
from skillopt_sleep.tasks.similarity import jaccard
from skillopt_sleep.tasks.word_index import TABLES, StoredWordIndex


def scan(order: list[str], sets: dict[str, set[str]], words: set[str]) -> str | None:
    best, score = None, 0.0
    for key in order:
        similarity = jaccard(words, sets[key])
        if similarity > score:
            best, score = key, similarity
    return best if best is not None and score >= MERGE_JACCARD else None


def run(store: Store, rng: random.Random, sets: dict[str, set[str]], requests: int) -> int:
    """One mining run's worth of requests against the stored index, each checked against a scan in
    the index's order (the stored sets by key, then this run's in the order added); returns merges."""
    index = SimilarSets(MERGE_JACCARD, source=StoredWordIndex.opened(store, MERGE_JACCARD))
    order = sorted(sets)
    common = [f"w{i}" for i in range(40)]
    merged = 0
    for number in range(requests):
        if sets and rng.random() < 0.3:  # an earlier request reworded a little
            words = set(rng.choice(list(sets.values())))
            words ^= set(rng.sample(common + [f"r{rng.randrange(10**6)}"], rng.randint(0, 2)))
        else:
            words = set(rng.sample(common, rng.randint(1, 9))) | {f"r{rng.randrange(3000)}" for _ in range(rng.randint(0, 3))}
        if not words:
            continue
        expected = scan(order, sets, words)
        assert index.most_similar(words) == expected, (number, sorted(words))
        merged += expected is not None
        key = f"k{rng.randrange(4000)}"  # now and then a key the store holds: its set is replaced
        if key not in sets:
            order.append(key)
        sets[key] = words
        index.add(key, words)
    repo = CandidateRepo(store)
    with store.transaction() as conn:
        for _, key, words in index.added():
            repo.save(Candidate(id=key, intent=" ".join(sorted(words)), fingerprint=key), conn)
        StoredWordIndex.write(conn, index)
    return merged


def stored_index(store: Store) -> list:
    return [[tuple(row) for row in store.query(f"SELECT * FROM {table} ORDER BY 1")] for table in TABLES]


def test_runs_on_the_stored_index_find_what_a_scan_finds_and_it_stays_what_making_it_again_gives(tmp_path):
    rng, sets = random.Random(11), {}
    with Store(tmp_path / "store.db") as store:
        merged = sum(run(store, rng, sets, 600) for _ in range(4))
        assert merged > 200  # the threshold is met often enough for the comparison to say something
        assert StoredWordIndex(store).count == len(sets) == len(CandidateRepo(store).all())
        # What the runs kept is the index made from the candidates alone, slot for slot apart from
        # the order slots were given out in: the same sets under each word.
        kept = stored_index(store)
        StoredWordIndex.rebuild(store, MERGE_JACCARD)
        made = stored_index(store)
        words_of = lambda rows: {key: words for _, key, words in rows}  # noqa: E731
        assert words_of(kept[0]) == words_of(made[0])
        run(store, rng, sets, 300)  # and a run on the index made again still finds what a scan finds


@pytest.mark.parametrize("damage", ["emptied", "one row short"])
def test_a_store_whose_index_does_not_cover_its_candidates_has_it_made_again(tmp_path, damage):
    rng, sets = random.Random(5), {}
    with Store(tmp_path / "store.db") as store:
        run(store, rng, sets, 400)
        with store.transaction() as conn:  # as a store mined before the index, or by another tool
            if damage == "emptied":
                StoredWordIndex.clear(conn)
            else:
                conn.execute("DELETE FROM candidate_words WHERE slot = (SELECT MAX(slot) FROM candidate_words)")
        assert StoredWordIndex.opened(store, MERGE_JACCARD).count == len(sets)
        run(store, rng, sets, 300)


def test_of_two_runs_writing_at_once_the_second_drops_the_index_and_the_next_run_makes_it_again(tmp_path):
    rng, sets = random.Random(3), {}
    path = tmp_path / "store.db"
    with Store(path) as store:
        run(store, rng, sets, 300)
        with Store(path) as other:
            first = SimilarSets(MERGE_JACCARD, source=StoredWordIndex.opened(store, MERGE_JACCARD))
            second = SimilarSets(MERGE_JACCARD, source=StoredWordIndex.opened(other, MERGE_JACCARD))
            first.add("only-first", {"alpha", "beta", "gamma"})
            second.add("only-second", {"delta", "epsilon"})  # the same slot, for another candidate
            for db, index, key in ((store, first, "only-first"), (other, second, "only-second")):
                with db.transaction() as conn:
                    CandidateRepo(db).save(Candidate(id=key, intent=" ".join(sorted(index.added()[0][2])), fingerprint=key), conn)
                    StoredWordIndex.write(conn, index)
            assert StoredWordIndex(store).count == 0  # dropped by the second write, not mixed
        sets.update({"only-first": {"alpha", "beta", "gamma"}, "only-second": {"delta", "epsilon"}})
        run(store, rng, sets, 300)
