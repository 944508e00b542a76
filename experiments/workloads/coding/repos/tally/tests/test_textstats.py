import unittest

from tally import mean, median, top_words, word_counts


class TextStatsTest(unittest.TestCase):
    def test_word_counts(self):
        self.assertEqual(word_counts("the cat and the hat").counts["the"], 2)

    def test_top_words(self):
        self.assertEqual(top_words("b a b c b a", 2), ["b", "a"])

    def test_mean(self):
        self.assertEqual(mean([1, 2, 3, 4]), 2.5)

    def test_median_odd(self):
        self.assertEqual(median([3, 1, 2]), 2)


if __name__ == "__main__":
    unittest.main()
