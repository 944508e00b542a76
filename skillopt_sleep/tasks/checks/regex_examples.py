"""Literal example strings for regexes, so a check can be described to a model as text it
can copy ("Confidence:" for `[Cc]onfidence\\s*[:=]`).

A small parser for the constructs skill checks use (literals, escapes, classes, \\s \\d \\w,
anchors, ?, *, +, {m,n}, groups, alternation). It builds the shortest plausible match and
returns it only if re.search confirms it; anything it does not understand yields None.
"""

from __future__ import annotations

import re
import string
import warnings
from dataclasses import dataclass
from typing import Any


class _Unsupported(Exception):
    pass


@dataclass
class _Lit:
    text: str


@dataclass
class _Empty:  # zero-width: ^ $ \b \B \A \Z, inline flags, comments
    pass


@dataclass
class _Class:
    source: str  # the class as written, for testing candidates with re
    first: str  # its first member, the preferred pick when it is not negated
    negated: bool


@dataclass
class _Repeat:
    node: Any
    low: int
    high: int | None


@dataclass
class _Seq:
    items: list


@dataclass
class _Alt:
    options: list


_CATEGORY_PICKS = {"d": "1", "D": "a", "w": "a", "W": " ", "s": " ", "S": "a"}
_CONTROL_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a"}
_ZERO_WIDTH_ESCAPES = set("bBAZ")
# Readable characters tried, in order, for `.` and negated classes.
_FILLERS = "ax1 -_.:"


class _RegexParser:
    def __init__(self, pattern: str):
        self.pattern = pattern
        self.pos = 0

    def parse(self) -> Any:
        node = self._alternation()
        if self.pos != len(self.pattern):
            raise _Unsupported(f"unexpected {self.pattern[self.pos]!r}")
        return node

    def _peek(self) -> str:
        return self.pattern[self.pos] if self.pos < len(self.pattern) else ""

    def _alternation(self) -> Any:
        options = [self._sequence()]
        while self._peek() == "|":
            self.pos += 1
            options.append(self._sequence())
        return options[0] if len(options) == 1 else _Alt(options)

    def _sequence(self) -> _Seq:
        items: list = []
        while self._peek() and self._peek() not in "|)":
            atom = self._atom()
            items.append(self._quantified(atom))
        return _Seq(items)

    def _quantified(self, atom: Any) -> Any:
        char = self._peek()
        bounds: tuple[int, int | None] | None = None
        if char in ("*", "+", "?"):
            self.pos += 1
            bounds = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
        elif char == "{":
            match = re.compile(r"\{(\d*)(,(\d*))?\}").match(self.pattern, self.pos)
            if match and (match.group(1) or match.group(3)):
                self.pos = match.end()
                low = int(match.group(1) or 0)
                high = low if match.group(2) is None else (int(match.group(3)) if match.group(3) else None)
                bounds = (low, high)
        if bounds is None:
            return atom
        if self._peek() == "?":  # lazy: same language, same example
            self.pos += 1
        elif self._peek() == "+":
            raise _Unsupported("possessive quantifier")
        if isinstance(atom, _Empty):
            raise _Unsupported("quantified zero-width item")
        return _Repeat(atom, bounds[0], bounds[1])

    def _atom(self) -> Any:
        char = self._peek()
        self.pos += 1
        if char == "(":
            return self._group()
        if char == "[":
            return self._char_class()
        if char == ".":
            return _Class(source=".", first="", negated=True)
        if char in "^$":
            return _Empty()
        if char == "\\":
            return self._escape()
        if char in "*+?":
            raise _Unsupported("nothing to repeat")
        return _Lit(char)

    def _group(self) -> Any:
        if self.pattern.startswith("?", self.pos):
            rest = self.pattern[self.pos + 1:]
            if rest.startswith(":"):
                self.pos += 2
            elif rest.startswith("P<"):
                end = self.pattern.find(">", self.pos)
                if end < 0:
                    raise _Unsupported("unterminated group name")
                self.pos = end + 1
            elif rest.startswith("#"):
                end = self.pattern.find(")", self.pos)
                if end < 0:
                    raise _Unsupported("unterminated comment")
                self.pos = end + 1
                return _Empty()
            else:
                flags = re.compile(r"[aiLmsux]+(-[imsx]+)?(:|\))").match(rest)
                if not flags:
                    raise _Unsupported("lookaround, back-reference or other extension group")
                self.pos += 1 + flags.end()
                if flags.group(2) == ")":
                    return _Empty()
        node = self._alternation()
        if self._peek() != ")":
            raise _Unsupported("unbalanced parenthesis")
        self.pos += 1
        return node

    def _escape(self) -> Any:
        char = self._peek()
        if not char:
            raise _Unsupported("trailing backslash")
        self.pos += 1
        if char in _CATEGORY_PICKS:
            return _Class(source="\\" + char, first=_CATEGORY_PICKS[char], negated=False)
        if char in _ZERO_WIDTH_ESCAPES:
            return _Empty()
        if char in _CONTROL_ESCAPES:
            return _Lit(_CONTROL_ESCAPES[char])
        if char in "xuU":
            return _Lit(self._hex_escape(char))
        if char.isalnum():
            raise _Unsupported(f"escape \\{char}")
        return _Lit(char)

    def _hex_escape(self, kind: str) -> str:
        width = {"x": 2, "u": 4, "U": 8}[kind]
        digits = self.pattern[self.pos:self.pos + width]
        if len(digits) != width or not all(c in string.hexdigits for c in digits):
            raise _Unsupported("malformed hex escape")
        self.pos += width
        return chr(int(digits, 16))

    def _char_class(self) -> _Class:
        start = self.pos - 1
        negated = self._peek() == "^"
        if negated:
            self.pos += 1
        first = ""
        index = 0
        while True:
            char = self._peek()
            if not char:
                raise _Unsupported("unterminated character class")
            if char == "]" and index > 0:
                self.pos += 1
                break
            self.pos += 1
            if char == "[" and self._peek() in ":=.":
                raise _Unsupported("POSIX class syntax")
            if char == "\\":
                escaped = self._peek()
                self.pos += 1
                if escaped in _CATEGORY_PICKS:
                    member = _CATEGORY_PICKS[escaped]
                elif escaped in _CONTROL_ESCAPES:
                    member = _CONTROL_ESCAPES[escaped]
                elif escaped in "xuU":
                    member = self._hex_escape(escaped)
                elif escaped and not escaped.isalnum():
                    member = escaped
                else:
                    raise _Unsupported(f"class escape \\{escaped}")
            else:
                member = char
            first = first or member
            index += 1
        return _Class(source=self.pattern[start:self.pos], first=first, negated=negated)


def _generate(node: Any, flags: int, generous: bool) -> str:
    if isinstance(node, _Lit):
        return node.text
    if isinstance(node, _Empty):
        return ""
    if isinstance(node, _Class):
        if not node.negated and node.first:
            return node.first
        for candidate in _FILLERS:
            if re.fullmatch(node.source, candidate, flags):
                return candidate
        raise _Unsupported(f"no readable character for {node.source}")
    if isinstance(node, _Repeat):
        count = max(node.low, 1) if generous and (node.high is None or node.high >= 1) else node.low
        return _generate(node.node, flags, generous) * count
    if isinstance(node, _Seq):
        return "".join(_generate(item, flags, generous) for item in node.items)
    if isinstance(node, _Alt):
        return _generate(node.options[0], flags, generous)
    raise _Unsupported(type(node).__name__)


def regex_example(pattern: str) -> str | None:
    """A short literal string that `re.search(pattern, example, re.M)` matches, or None when the
    pattern is beyond this generator (or the only example would be empty)."""
    try:
        compiled = compile_check_pattern(pattern)
        tree = _RegexParser(pattern).parse()
    except (re.error, _Unsupported, RecursionError):
        return None
    for generous in (False, True):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", FutureWarning)
                example = _generate(tree, compiled.flags, generous)
        except _Unsupported:
            return None
        if example.strip() and compiled.search(example):
            return example
    return None


def compile_check_pattern(pattern: str) -> re.Pattern:
    """Compile a check's pattern with re.M (the benchmark's JavaScript "m" flag). Python's
    warnings about possible future syntax are for pattern authors, not for every scoring."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return re.compile(pattern, re.M)
