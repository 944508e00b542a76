"""Counting and text statistics helpers."""

from tally.counter import Tally
from tally.textstats import mean, median, top_words, word_counts

__all__ = ["Tally", "mean", "median", "top_words", "word_counts"]
