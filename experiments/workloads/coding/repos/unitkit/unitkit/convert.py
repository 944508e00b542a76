"""Convert a value between two units of the same dimension."""

from generated.units import UNITS


def unit(name):
    if name not in UNITS:
        raise ValueError(f"unknown unit {name!r}")
    return UNITS[name]


def convert(value, from_unit, to_unit):
    source, target = unit(from_unit), unit(to_unit)
    if source[0] != target[0]:
        raise ValueError(f"cannot convert {source[0]} to {target[0]}")
    return value * source[1] / target[1]
