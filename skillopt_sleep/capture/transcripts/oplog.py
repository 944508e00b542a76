"""An append-only operation log replayed onto the part of its object that is kept.

VS Code (1.109 and later) keeps a chat session as such a log, one operation a line, as its chat
session store describes it (`objectMutationLog.ts` in microsoft/vscode):

    {"kind": 0, "v": object}               the whole state (the first line; a compacted log's only one)
    {"kind": 1, "k": path, "v": value}     set the value at a key path (an empty path changes nothing)
    {"kind": 2, "k": path, "v": [...], "i": n}  push onto the array at the path, first cut to n items if `i` is given
    {"kind": 3, "k": path}                 delete the value at the path

A path is a list of object keys and array indices. Replayed in order, the lines rebuild the
object. Only what a `Shape` names is kept, every string cut and redacted as it arrives: nothing
else of the object (attached files, rendered prompts, the model's metadata) is ever held. An
operation on a path outside the shape changes nothing kept and is passed over; one that cannot
apply (no state yet, a missing parent, a push onto what is no list) raises `Unappliable` and
changes nothing. Applying the new lines of a grown log to the kept state saved after the earlier
ones gives what applying the whole log gives: the same operations on the same kept values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping

from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.safe_read import plain

INITIAL, SET, PUSH, DELETE = 0, 1, 2, 3
KINDS = (INITIAL, SET, PUSH, DELETE)


class Unappliable(ValueError):
    """An operation the state it comes to cannot take."""


@dataclass(frozen=True)
class Leaf:
    """A primitive: a string is cut to `limit` characters and redacted (after `convert`, which
    turns it into what is kept of it), a number or boolean kept as it is."""

    limit: int = 200
    convert: Callable[[str], str] | None = None


@dataclass(frozen=True)
class Fields:
    """An object of which only the `children` named are kept. A string in its place (an older
    format's plain text) is kept cut to `text` characters, or dropped when `text` is 0."""

    children: Mapping[str, "Shape"] = field(default_factory=dict)
    text: int = 0


@dataclass(frozen=True)
class Items:
    """An array, each item kept by `item`; a string in its place as `Fields.text` says."""

    item: "Shape"
    text: int = 0


Shape = Leaf | Fields | Items


def initial_entry(value: object) -> dict:
    """The entry that sets the whole state: what a file holding the object whole amounts to."""
    return {"kind": INITIAL, "v": value}


def is_operation(entry: dict) -> bool:
    kind = entry.get("kind")
    return type(kind) is int and kind in KINDS  # `type`: true and false are no kinds


def keep(value: object, shape: Shape, redactor: Redactor) -> object:
    """What is kept of `value` where `shape` stands: None for a container the shape keeps no such
    container of (nothing of it is read), and for a number JSON cannot store again."""
    if isinstance(value, str):
        limit = shape.limit if isinstance(shape, Leaf) else shape.text
        if not limit:
            return None
        text = plain(shape.convert(value) if isinstance(shape, Leaf) and shape.convert else value)
        # Cut (which strips) only what is too long: a markdown piece's spaces join it to the next.
        return redactor.text(text) if len(text) <= limit else redactor.shortened(text, limit)
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict) and isinstance(shape, Fields):
        return {name: keep(value[name], child, redactor) for name, child in shape.children.items() if name in value}
    if isinstance(value, list) and isinstance(shape, Items):
        return [keep(item, shape.item, redactor) for item in value]
    return None


def apply(state: object, entry: dict, shape: Shape, redactor: Redactor) -> object:
    """The kept state after one operation (`is_operation(entry)` holds)."""
    kind = entry["kind"]
    if kind == INITIAL:
        return keep(entry.get("v"), shape, redactor)
    if state is None:
        raise Unappliable("an operation before the initial state")
    path = entry.get("k")
    if not isinstance(path, list) or not all(isinstance(k, str) or type(k) is int for k in path):
        raise Unappliable("no key path")
    if not path:
        if kind == PUSH:
            raise Unappliable("a push with no key path")
        return state  # VS Code's own reader changes nothing for an empty path
    shapes = _shapes(shape, path)
    if shapes is None:
        return state  # below what is kept
    parent = state
    for key in path[:-1]:
        parent = _child(parent, key)
    key, slot = path[-1], shapes[-1]
    if kind == SET:
        _put(parent, key, keep(entry.get("v"), slot, redactor))
    elif kind == DELETE:
        _remove(parent, key)
    else:
        _push(parent, key, entry.get("v"), entry.get("i"), slot, redactor)
    return state


def _shapes(shape: Shape, path: list) -> list[Shape] | None:
    """The shape at each step of `path`, or None when it leaves what is kept."""
    found = []
    for key in path:
        if isinstance(shape, Fields):
            shape = shape.children.get(str(key))
        elif isinstance(shape, Items):
            shape = shape.item if _index(key) is not None else None
        else:
            shape = None
        if shape is None:
            return None
        found.append(shape)
    return found


def _index(key: object) -> int | None:
    """An array index as JavaScript reads one: a whole number, or its digits as a string."""
    if type(key) is int:
        return key if key >= 0 else None
    if isinstance(key, str) and key.isascii() and key.isdigit() and (key == "0" or not key.startswith("0")):
        return int(key)
    return None


def _child(node: object, key: object) -> object:
    if isinstance(node, dict) and str(key) in node:
        return node[str(key)]
    index = _index(key)
    if isinstance(node, list) and index is not None and index < len(node):
        return node[index]
    raise Unappliable(f"nothing at {key!r}")


def _current(parent: object, key: object) -> object:
    """The value at `key` (None where there is none yet); raises where `parent` holds no values."""
    if isinstance(parent, dict):
        return parent.get(str(key))
    index = _index(key)
    if isinstance(parent, list) and index is not None:
        return parent[index] if index < len(parent) else None
    raise Unappliable(f"no place for {key!r}")


def _put(parent: object, key: object, value: object) -> None:
    if isinstance(parent, dict):
        parent[str(key)] = value
        return
    index = _index(key)
    if not isinstance(parent, list) or index is None or index > len(parent):
        raise Unappliable(f"no place for {key!r}")  # VS Code's writer only replaces or appends an item
    if index == len(parent):
        parent.append(value)
    else:
        parent[index] = value


def _remove(parent: object, key: object) -> None:
    if isinstance(parent, dict):
        parent.pop(str(key), None)
        return
    index = _index(key)
    if not isinstance(parent, list) or index is None:
        raise Unappliable(f"no place for {key!r}")
    if index < len(parent):
        parent[index] = None  # an array item deleted is left as a hole, which JSON writes as null


def _push(parent: object, key: object, values: object, cut: object, slot: Shape, redactor: Redactor) -> None:
    current = _current(parent, key)
    current = [] if current is None else current
    if not isinstance(current, list) or (values is not None and not isinstance(values, list)):
        raise Unappliable(f"a push onto what is no list at {key!r}")
    if cut is not None and not (type(cut) is int and 0 <= cut <= len(current)):
        raise Unappliable(f"a push cutting at {cut!r}")
    if not isinstance(slot, Items):
        _put(parent, key, None)  # an array where the shape keeps none: nothing of it is read
        return
    kept = current[:cut] if cut is not None else current
    kept += [keep(item, slot.item, redactor) for item in values or []]
    _put(parent, key, kept)
