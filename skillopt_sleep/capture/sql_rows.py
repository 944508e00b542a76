"""The column a value of a SQL `INSERT` row fills: `INSERT INTO t (vendor, api_key) VALUES ('x', '<value>')`
names its values by position, as `api_key = '<value>'` names one by its side. A dump's rows (and
the statements an agent writes into a migration) are read so, one line at a time."""

from __future__ import annotations

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.non_secrets import name_kind

# The statement's head on the value's line: the column list, then `VALUES`. A quoted or
# backquoted name (`"sleutel"`, MySQL's `` `sleutel` ``) is the name inside its quotes.
_INSERT_HEAD = lazy(r"(?i)insert[ \t]+into[ \t]+[\w.\"`]+[ \t]*\(([^()\n]*)\)[ \t]*values[ \t]*")


def column_of(text: str, start: int) -> str | None:
    """The name of the column the value at `start` fills in an `INSERT` row on its line, or None
    where it is in no such row (or the row has more values than the head has columns)."""
    line_start = text.rfind("\n", 0, start) + 1
    head = None
    for head in _INSERT_HEAD.finditer(text, line_start, start):
        pass
    if head is None:
        return None
    index, depth, quote = 0, 0, ""
    for char in text[head.end():start]:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "(":
            depth, index = depth + 1, 0
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 1:
            index += 1
    names = [name.strip(" \t\"`") for name in head.group(1).split(",")]
    return names[index] if depth == 1 and index < len(names) else None


def column_names_credential(text: str, start: int) -> bool:
    """The value at `start` fills a column whose name calls it a credential (`sleutel`, `api_key`),
    not an id, a cache's key or a public key."""
    name = column_of(text, start)
    return name is not None and name_kind(name) == "named"
