import unittest

from tally import Tally


class TallyTest(unittest.TestCase):
    def test_add_and_total(self):
        tally = Tally("abca")
        self.assertEqual(tally.counts, {"a": 2, "b": 1, "c": 1})
        self.assertEqual(tally.total(), 4)

    def test_remove_drops_items_at_zero(self):
        tally = Tally("aab")
        tally.remove("b")
        self.assertEqual(tally.counts, {"a": 2})

    def test_most_common(self):
        self.assertEqual(Tally("aaabbc").most_common(2), [("a", 3), ("b", 2)])

    def test_merge(self):
        self.assertEqual(Tally("ab").merge(Tally("b")).counts, {"a": 1, "b": 2})


if __name__ == "__main__":
    unittest.main()
