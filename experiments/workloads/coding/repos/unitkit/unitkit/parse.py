"""Read a quantity written as text, such as "3.5 km"."""


def parse_quantity(text):
    number, name = text.split()
    return float(number), name
