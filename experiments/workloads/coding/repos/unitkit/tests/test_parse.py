import unittest

from unitkit.format import format_quantity
from unitkit.parse import parse_quantity


class ParseTest(unittest.TestCase):
    def test_number_and_unit(self):
        self.assertEqual(parse_quantity("3.5 km"), (3.5, "km"))

    def test_format_rounds(self):
        self.assertEqual(format_quantity(1234.5, "m"), "1230 m")


if __name__ == "__main__":
    unittest.main()
