import os
import tempfile
import unittest

from tally import Tally
from tally.csvio import dump_counts, load_counts


class CsvTest(unittest.TestCase):
    def test_round_trip(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "counts.csv")
            dump_counts(Tally("aab"), path)
            self.assertEqual(load_counts(path).counts, {"a": 2, "b": 1})


if __name__ == "__main__":
    unittest.main()
