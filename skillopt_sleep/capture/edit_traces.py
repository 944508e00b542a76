"""What an edit adds to a file and takes out of it, read from the edit tool's own input (an old
and a new text, a new file's content, or a patch's + and - lines): the calls by name, and each
line as a short fingerprint.

A correction often shows only in what a redo removed: `print(` added by one edit and taken out by
the next, first thing after the user's turn; a dependency line added, then taken out again. Only
call names (`console.log`, `print`) and 8-hex-digit fingerprints of lines are kept, never the code
itself, so nothing a user typed or a file held reaches the store through this."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields

from skillopt_sleep.capture.lazy_regex import lazy

# A call by its code shape, `name(`, in any programming language; a name that follows a word or a
# dot belongs to a longer name.
CALL = lazy(r"(?<![\w.$])([A-Za-z_$][\w.$]{0,59})\(", needs=("(",))
MAX_CALLS = 16
MAX_LINES = 32
# Of a long text (a whole file written at once) only the start is read: what is kept is capped
# anyway, and ingest reads every edit of a user's history.
MAX_TEXT_CHARS = 20_000
_OLD_NEW = (("old_string", "new_string"), ("old_str", "new_str"), ("oldString", "newString"),
            ("old_text", "new_text"), ("oldText", "newText"))
_CONTENT = ("content", "file_text", "contents")
_PATCH = ("patch", "input", "diff")
# Every key an edit's input can carry its text under: an input with none is no edit (most calls).
_TEXT_KEYS = frozenset(k for pair in _OLD_NEW for k in pair) | frozenset(_CONTENT) | frozenset(_PATCH) | {"edits"}


@dataclass(frozen=True)
class EditTrace:
    added_calls: tuple[str, ...] = ()  # call names
    removed_calls: tuple[str, ...] = ()
    added_lines: tuple[str, ...] = ()  # line fingerprints (`line_print`)
    removed_lines: tuple[str, ...] = ()


NO_TRACE = EditTrace()
TRACE_FIELDS = tuple(f.name for f in fields(EditTrace))


def line_print(line: str) -> str:
    """A line's fingerprint: its words, spaces aside, hashed to 8 hex digits."""
    return hashlib.blake2b(" ".join(line.split()).encode("utf-8", "replace"), digest_size=4).hexdigest()


def _differing_lines(old: str, new: str) -> tuple[list[str], list[str]]:
    """The lines only `new` has (added) and only `old` has (removed), stripped, each once: a line
    both sides have adds and removes nothing, so the rest of the trace reads only these."""
    old_lines = [line.strip() for line in old.splitlines()]
    new_lines = [line.strip() for line in new.splitlines()]
    before, after = set(old_lines), set(new_lines)
    added = [line for line in dict.fromkeys(new_lines) if line and line not in before]
    removed = [line for line in dict.fromkeys(old_lines) if line and line not in after]
    return added, removed


def _counts(text: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for name in CALL.findall(text):
        found[name] = found.get(name, 0) + 1
    return found


def _call_changes(added: list[str], removed: list[str]) -> tuple[list[str], list[str]]:
    """Names called more often in the added lines than in the removed ones (added), and less
    often (removed)."""
    plus, minus = _counts("\n".join(added)), _counts("\n".join(removed))
    return [n for n in plus if plus[n] > minus.get(n, 0)], [n for n in minus if minus[n] > plus.get(n, 0)]


def _patch_sides(patch: str) -> tuple[str, str]:
    """A patch's - lines and + lines, each side as one text."""
    minus = "\n".join(line[1:] for line in patch.splitlines() if line.startswith("-") and not line.startswith("---"))
    plus = "\n".join(line[1:] for line in patch.splitlines() if line.startswith("+") and not line.startswith("+++"))
    return minus, plus


def _pairs(data: dict) -> list[tuple[str, str]]:
    found = [(data[old], data[new]) for old, new in _OLD_NEW
             if isinstance(data.get(old), str) and isinstance(data.get(new), str)]
    found += [("", data[key]) for key in _CONTENT if isinstance(data.get(key), str)]
    for edit in data.get("edits", []) if isinstance(data.get("edits"), list) else []:
        if isinstance(edit, dict):
            found += _pairs(edit)
    return found


def edit_trace(data: object) -> EditTrace:
    """What one edit tool call adds and takes out, from its input; nothing for other tools."""
    if isinstance(data, str):
        data = {"patch": data}
    if not isinstance(data, dict) or data.keys().isdisjoint(_TEXT_KEYS):
        return NO_TRACE
    pairs = _pairs(data)
    if not pairs:
        patch = next((data[key] for key in _PATCH if isinstance(data.get(key), str) and ("\n+" in data[key] or "\n-" in data[key])), "")
        pairs = [_patch_sides(patch)] if patch else []
    added: list[str] = []
    removed: list[str] = []
    added_lines: list[str] = []
    removed_lines: list[str] = []
    for old, new in pairs:
        plus, minus = _differing_lines(old[:MAX_TEXT_CHARS], new[:MAX_TEXT_CHARS])
        calls_in, calls_out = _call_changes(plus, minus)
        added += calls_in
        removed += calls_out
        added_lines += (line_print(line) for line in plus[:MAX_LINES])
        removed_lines += (line_print(line) for line in minus[:MAX_LINES])

    def kept(found: list[str], cap: int) -> tuple[str, ...]:
        return tuple(dict.fromkeys(found))[:cap]

    if not (added or removed or added_lines or removed_lines):
        return NO_TRACE
    return EditTrace(kept(added, MAX_CALLS), kept(removed, MAX_CALLS), kept(added_lines, MAX_LINES),
                     kept(removed_lines, MAX_LINES))
