import unittest

from unitkit.convert import convert


class ConvertTest(unittest.TestCase):
    def test_same_dimension(self):
        self.assertEqual(convert(1.5, "km", "m"), 1500.0)
        self.assertEqual(convert(2, "h", "min"), 120.0)

    def test_other_dimension_is_an_error(self):
        with self.assertRaises(ValueError):
            convert(1, "m", "s")

    def test_unknown_unit_is_an_error(self):
        with self.assertRaises(ValueError):
            convert(1, "m", "parsec")


if __name__ == "__main__":
    unittest.main()
