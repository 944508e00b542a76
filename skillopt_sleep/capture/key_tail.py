r"""The rest of a private key whose BEGIN line was in an earlier message: its body lines up to its
END line, found from each END line back.

The span is the one this regex (multi-line) matches, leftmost first:

    (?:[A-Za-z0-9+/]{40,}={0,2}[ \t]*(?:\r?\n|\\n))?                   a first line, which may start mid-line
    (?:(?:^|(?<=\\n))[ \t]*[A-Za-z0-9+/=]{16,}[ \t]*(?:\r?\n|\\n))*   body lines, each whole
    [ \t]*[A-Za-z0-9+/=]*(?:\r?\n|\\n)?[ \t]*                         a short last line, or none
    -----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----

Every part before `-----END` is optional, so a regex engine tries that pattern at every position
of a text that holds an END line, and each try runs over the word there: most of the redactor's
time on a text full of keys. Here a substring search finds each END line and the lines before it
are read back, one test each. A line ends with a newline, real or escaped (`\n`, in JSON), and
none of the characters a key's text holds is `-`, so each END line has one span, which starts
after the `-` before it.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator

from skillopt_sleep.capture.lazy_regex import LazyPattern, lazy

_END = "-----END"
LINE_WINDOW = 256  # characters searched back for a newline first: a key's lines are 64
_END_LINE = lazy(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
# From a start found here to the end of the END line: the match the rule's replace is given.
_TO_END = lazy(r"[^-]*-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")

# The parts of the span, each a line's text without its newline.
_FIRST = lazy(r"[A-Za-z0-9+/]{40,}={0,2}[ \t]*")  # may start mid-line (`key: MIIE...`)
_BODY = lazy(r"[ \t]*[A-Za-z0-9+/=]{16,}[ \t]*")  # a whole line only
_LAST = lazy(r"[ \t]*[A-Za-z0-9+/=]*")  # the short last line, a newline after it
_LAST_ON_END = lazy(r"[ \t]*[A-Za-z0-9+/=]*[ \t]*")  # the same, on the END line itself
_BLANKS = lazy(r"[ \t]*")
# The same, read backwards: matched over a line reversed, each finds the longest end of the line
# that can start the span (its classes follow one another without overlap, so longest is greedy).
_FIRST_BACK = lazy(r"[ \t]*={0,2}[A-Za-z0-9+/]{40,}")
_LAST_BACK = lazy(r"[A-Za-z0-9+/=]*[ \t]*")
_LAST_ON_END_BACK = lazy(r"[ \t]*[A-Za-z0-9+/=]*[ \t]*")


class KeyTail:
    """Finds and replaces the spans as a compiled pattern's `finditer` and `sub` do, so a rule
    holds it as its pattern."""

    def finditer(self, text: str) -> Iterator[re.Match]:
        at = text.find(_END)
        while at >= 0:
            if _END_LINE.match(text, at) is None:
                at = text.find(_END, at + 1)
                continue
            match = _TO_END.match(text, _span_start(text, at))
            yield match
            at = text.find(_END, match.end())

    def sub(self, replace: Callable[[re.Match], str], text: str) -> str:
        parts, done = [], 0
        for match in self.finditer(text):
            parts += [text[done:match.start()], replace(match)]
            done = match.end()
        return "".join(parts) + text[done:] if parts else text


def _span_start(text: str, end_line: int) -> int:
    """Where the span ending with the END line at `end_line` starts: the least of the starts its
    two readings allow (with a newline before the END line or without)."""
    line = _line_start(text, end_line)
    tail = _suffix_start(text, line, end_line, _LAST_ON_END_BACK)
    starts = [_top(text, line, end_line, _LAST_ON_END) if tail == line else tail]
    if line > 0 and _BLANKS.fullmatch(text, line, end_line):
        # Only blanks before END on its line: the short last line may be the line above it.
        newline = _newline_start(text, line)
        above = _line_start(text, newline)
        last = _suffix_start(text, above, newline, _LAST_BACK)
        starts.append(_top(text, above, newline, _LAST) if last == above else last)
    return min(starts)


def _top(text: str, start: int, end: int, shape: LazyPattern) -> int:
    """The span holds the whole line `start`..`end`, of `shape`: climb over the whole body lines
    above it to where the span starts."""
    while start > 0:
        newline = _newline_start(text, start)
        above = _line_start(text, newline)
        if _BODY.fullmatch(text, above, newline):
            start, end, shape = above, newline, _FIRST
            continue
        first = _suffix_start(text, above, newline, _FIRST_BACK)
        if first is not None:
            return first  # a first line's end, after a name (`key: MIIE...`)
        if text[start - 1] == "n" and shape.fullmatch(text, start - 1, end):
            return start - 1  # the `n` of an escaped newline is a letter a line starting mid-line can open with
        return start
    return 0


def _line_start(text: str, end: int) -> int:
    """Where the line holding `end` starts: after the last newline before it, real or escaped.
    Searched back over a widening window: a text may hold one kind of newline and not the
    other, and a search to its start for each line of a key would cost the text's length."""
    width = LINE_WINDOW
    while True:
        low = max(0, end - width)
        real = text.rfind("\n", low, end)
        escaped = text.rfind("\\n", max(0, low - 1), end)
        if real >= 0 or escaped >= 0 or low == 0:
            return max(real + 1, escaped + 2 if escaped >= 0 else 0)
        width *= 4


def _newline_start(text: str, line: int) -> int:
    r"""Where the newline before the line starting at `line` (> 0) starts: `\r\n`, `\n` or `\\n`."""
    if text[line - 1] == "\n":
        return line - 2 if line >= 2 and text[line - 2] == "\r" else line - 1
    return line - 2


def _suffix_start(text: str, start: int, end: int, backwards: LazyPattern) -> int | None:
    """Where the longest end of `text[start:end]` that `backwards` matches reversed begins (None
    where it matches none)."""
    match = backwards.match(text[start:end][::-1])
    return None if match is None else end - match.end()
