"""Write a quantity as text, rounded to significant figures."""

from vendor.sigfig import round_sig


def format_quantity(value, name, digits=3):
    return f"{round_sig(value, digits):g} {name}"
