from unitkit.convert import convert
from unitkit.format import format_quantity
from unitkit.parse import parse_quantity

__all__ = ["convert", "format_quantity", "parse_quantity"]
