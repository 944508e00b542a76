"""Word counts and simple statistics over numbers."""

import re

from tally.counter import Tally

WORD = re.compile(r"[A-Za-z']+")


def word_counts(text):
    return Tally(WORD.findall(text))


def top_words(text, k=3):
    return [word for word, _ in word_counts(text).most_common(k)]


def mean(values):
    values = list(values)
    return sum(values) / len(values)


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]
