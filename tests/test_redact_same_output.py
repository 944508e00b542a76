"""The redactor's quick tests and scans change its speed, never its output: with them swapped
for the plain regex scans they stand for (the redactor as it was), every text comes out the
same, with the same counts, on random text and on text made of secrets, ordinary look-alikes
and this repository's source."""

from __future__ import annotations

import dataclasses
import random
import re
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from skillopt_sleep.capture import redact, secret_patterns, token_shapes
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.redact import Redactor
from tests.screen_corpora import load
from tests.secret_corpus import corpus

ROOT = Path(__file__).resolve().parents[1]


# The telegram rule as it was written before it was made to start with its digit.
OLD_TELEGRAM = r"(?<![\w:])\d{8,10}:[0-9A-Za-z_\-]{35}(?![A-Za-z0-9_\-])"


def plain_rules() -> list:
    """RULES with no rule skipped by the words it needs, and the telegram rule as it was."""
    rules = []
    for rule in secret_patterns.RULES:
        pattern = lazy(OLD_TELEGRAM) if getattr(rule.pattern, "_source", None) == secret_patterns.TELEGRAM else rule.pattern
        rules.append(dataclasses.replace(rule, needs=(), pattern=pattern))
    return rules


@contextmanager
def plain_scans():
    """The redactor with every quick path replaced by the scan it stands for."""
    finder = (redact.ahocorasick_rs.AhoCorasick(redact._TRIGGERS, matchkind=redact.ahocorasick_rs.MatchKind.Standard)
              if redact._FINDER is not None else None)
    whole_scan = lambda text: list(token_shapes.PLAIN_RUN.finditer(text))  # noqa: E731
    # Without the translation, the long-run test takes the regex and no rule is skipped by its run.
    with mock.patch.multiple(redact, _FINDER=finder, class_runs=lambda text: None, plain_runs=whole_scan, RULES=plain_rules()), \
            mock.patch.object(token_shapes, "plain_runs", whole_scan):
        yield


def outputs(text: str) -> tuple:
    """What the redactor makes of `text`, whole and cut, with what it counted (no cache)."""
    whole, cut = Redactor(), Redactor()
    return whole._redacted(text), dict(whole.counts), cut.shortened(text, 120), dict(cut.counts)


def same_both_ways(text: str) -> None:
    quick = outputs(text)
    with plain_scans():
        plain = outputs(text)
    assert quick == plain, text


def corpus_texts() -> list[str]:
    items = [item for part in ("development", "grown", "grown2", "grown3") for item in load("secrets", part)]
    return [item["text"] for item in items] + [s.line for s in corpus()]


def source_texts() -> list[str]:
    paths = sorted((ROOT / "skillopt_sleep" / "capture").glob("*.py")) + sorted((ROOT / "docs").glob("*.md"))[:20]
    return [text for text in (path.read_text(encoding="utf-8") for path in paths) if text]


CORPUS = corpus_texts()
SOURCE = source_texts()
# Characters the scans tell apart: the classes of runs and tokens, their separators, and
# characters whose lower case has another length or is another letter.
ALPHABET = "aAzZkKsS09+/=_-.:@ \n\t\"'`$<>/\\" + "éİſK鍵" + "bcxyBCXY12345678"


# Runs of the classes the quick tests look for, near their lengths (16, 32), between separators.
RUNS = st.lists(st.one_of(st.from_regex(r"[aZ9+/]{12,20}", fullmatch=True), st.from_regex(r"[az][az09_\-]{29,33}", fullmatch=True),
                          st.text(alphabet=ALPHABET, max_size=4)), max_size=8).map("".join)


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
def test_every_corpus_line_comes_out_the_same(text):
    same_both_ways(text)


def test_slices_of_source_come_out_the_same():
    """Tool output as a session holds it: slices of real code and docs (the bench's kind)."""
    rng = random.Random(5)
    for _ in range(300):
        text = rng.choice(SOURCE)
        start = rng.randrange(len(text))
        same_both_ways(text[start:start + rng.choice((40, 300, 800, 3000))])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(alphabet=ALPHABET, max_size=400), RUNS))
def test_random_text_comes_out_the_same(text):
    same_both_ways(text)


@st.composite
def mixed(draw) -> str:
    """Corpus lines and source cut into pieces and joined with random text between them."""
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        source = draw(st.sampled_from(CORPUS + SOURCE))
        start = draw(st.integers(0, max(0, len(source) - 1)))
        parts.append(source[start:start + draw(st.integers(0, 400))])
        parts.append(draw(st.text(alphabet=ALPHABET, max_size=40)))
    return "".join(parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed())
def test_mixed_text_comes_out_the_same(text):
    same_both_ways(text)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(alphabet=ALPHABET, max_size=200), RUNS))
def test_the_quick_run_tests_answer_as_the_regexes(text):
    runs = token_shapes.class_runs(text)
    assert token_shapes.has_long_run(text, runs) == (token_shapes.LONG_RUN.search(text) is not None)
    assert token_shapes.has_long_run(text, None) == (token_shapes.LONG_RUN.search(text) is not None)
    spans = [match.span() for match in token_shapes.PLAIN_RUN.finditer(text)]
    assert [match.span() for match in token_shapes.plain_runs(text)] == spans


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.from_regex(r"[0-9]{6,11}:[0-9A-Za-z_\-]{33,37}", fullmatch=True),
                          st.text(alphabet="0123456789:aZ_-. \n١", max_size=6)), max_size=6).map("".join))
def test_the_telegram_rule_finds_what_it_found_before(text):
    old, new = re.compile(OLD_TELEGRAM), re.compile(secret_patterns.TELEGRAM)
    assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)]


def test_a_rule_skipped_for_want_of_its_words_holds_one_in_every_match():
    rules = [rule for rule in secret_patterns.RULES if rule.needs]
    assert rules
    texts = CORPUS + [text[start:start + 3000] for text in SOURCE for start in range(0, len(text), 3000)]
    texts += ["export DB_PASSWORD=hunter2hunter2", "  GITHUB_TOKEN = 'abc123def456'", "APP_KEY=base64:Zm9vYmFy"]
    for rule in rules:
        found = [match.group(0) for text in texts for match in rule.pattern.finditer(text)]
        assert found, rule.kind
        assert all(any(word in match for word in rule.needs) for match in found), rule.kind


def test_a_rule_skipped_by_its_run_length_holds_such_a_run_in_every_match():
    """`Rule.min_run` is what the pattern demands: every match, on every text here, holds the run."""
    rules = [rule for rule in secret_patterns.RULES if rule.min_run]
    assert rules
    rng = random.Random(3)
    texts = CORPUS + [text[start:start + 2000] for text in SOURCE for start in (0, len(text) // 2)]
    # Candidates of each rule's own shape (keys of the lengths it wants), so every rule matches somewhere.
    texts += ["AC" + "".join(rng.choice("0123456789abcdef") for _ in range(32)), "x " + "a1" * 16 + "-us7 y",
              "'" + "aB3+/" * 5 + "'", ("Ab1/" * 16 + "\n") * 3, "default:production." + "0a" * 32]
    matched = set()
    for rule in rules:
        for text in texts:
            for match in rule.pattern.finditer(text):
                matched.add(rule.kind)
                runs = token_shapes.class_runs(match.group(0))
                assert runs is None or token_shapes.RUN_LETTER * rule.min_run in runs, (rule.kind, match.group(0))
    assert matched == {rule.kind for rule in rules}
