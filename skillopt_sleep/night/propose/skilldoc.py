"""The structure of a skill or memory document: YAML frontmatter, the user's text, and the
managed region that nights write into.

Nights add text only inside the managed region, so the user's own words stay theirs; the
region is created at the end of the document the first time an edit lands, and a night may move it
before the user's text when the gate finds the rules are followed better there (night/propose/placement.py).
"""

from __future__ import annotations

from dataclasses import dataclass

# The markers are short on purpose: the small student met the same rules inside a marker that
# carried a sentence of explanation 7 times in 18, and 12 in 18 inside these bare markers
# (experiments/results/layout-rendering.md). Regions written with the longer markers still parse.
MANAGED_BEGIN = "<!-- skillopt-sleep:begin -->"
MANAGED_END = "<!-- skillopt-sleep:end -->"
_BEGIN_PREFIX = "<!-- skillopt-sleep:begin"
# The consolidated region holds what a slow update distilled from several nights; only the slow
# update rewrites it, so the nightly edits leave it alone even where they may touch user text.
CONSOLIDATED_BEGIN = "<!-- skillopt-sleep:consolidated-begin -->"
CONSOLIDATED_END = "<!-- skillopt-sleep:consolidated-end -->"
_CONSOLIDATED_PREFIX = "<!-- skillopt-sleep:consolidated-begin"


@dataclass
class Span:
    start: int
    end: int

    def contains(self, start: int, end: int) -> bool:
        return self.start <= start and end <= self.end


def frontmatter_span(text: str) -> Span | None:
    """The `---` ... `---` block at the very top, if any."""
    if not text.startswith("---"):
        return None
    first_newline = text.find("\n")
    if first_newline < 0 or text[:first_newline].strip() != "---":
        return None
    pos = first_newline + 1
    while pos < len(text):
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        if text[pos:line_end].strip() == "---":
            return Span(0, min(len(text), line_end + 1))
        pos = line_end + 1
    return None


def managed_span(text: str) -> Span | None:
    """Where the managed content lies: after the begin marker's line, before the end marker."""
    return _region(text, _BEGIN_PREFIX, MANAGED_END)


def _region(text: str, begin_prefix: str, end_marker: str) -> Span | None:
    begin = text.find(begin_prefix)
    if begin < 0:
        return None
    begin_line_end = text.find("\n", begin)
    if begin_line_end < 0:
        return None
    end = text.find(end_marker, begin_line_end)
    if end < 0:
        return None
    return Span(begin_line_end + 1, end)


def consolidated_span(text: str) -> Span | None:
    """Where the consolidated content lies, between its markers."""
    return _region(text, _CONSOLIDATED_PREFIX, CONSOLIDATED_END)


def consolidated_block_span(text: str) -> Span | None:
    """The whole consolidated block, markers and the end marker's line break included."""
    return _whole_block(text, consolidated_span(text), _CONSOLIDATED_PREFIX, CONSOLIDATED_END)


def managed_block_span(text: str) -> Span | None:
    """The whole managed block, markers and the end marker's line break included."""
    return _whole_block(text, managed_span(text), _BEGIN_PREFIX, MANAGED_END)


def _whole_block(text: str, inner: Span | None, begin_prefix: str, end_marker: str) -> Span | None:
    if inner is None:
        return None
    end = inner.end + len(end_marker)
    return Span(text.find(begin_prefix), end + 1 if text[end:end + 1] == "\n" else end)


def body_start(text: str) -> int:
    """Where the body's first instruction stands: after the frontmatter, the blank lines and a
    title line ("# Name") with the blank lines after it."""
    front = frontmatter_span(text)
    pos = _skip_blank_lines(text, front.end if front else 0)
    if text.startswith("# ", pos):
        line_end = text.find("\n", pos)
        pos = _skip_blank_lines(text, len(text) if line_end < 0 else line_end + 1)
    return pos


def _skip_blank_lines(text: str, pos: int) -> int:
    while pos < len(text):
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        if text[pos:line_end].strip():
            return pos
        pos = line_end + 1
    return len(text)


def rules_lead(text: str) -> bool:
    """Does the managed block come first in the body?"""
    block = managed_block_span(text)
    return block is not None and block.start == body_start(text)


def lead_with_rules(text: str) -> str:
    """The same document with the managed block moved to the top of the body, a blank line on
    each side; every other line keeps its words and order."""
    block = managed_block_span(text)
    if block is None:
        return text
    rules = text[block.start:block.end].rstrip("\n") + "\n"
    before, after = text[:block.start].rstrip("\n"), text[block.end:].lstrip("\n")
    rest = before + "\n" + ("\n" + after if after else "")
    at = body_start(rest)
    head, tail = rest[:at], rest[at:]
    if head and not head.endswith("\n"):
        head += "\n"
    return head + rules + ("\n" + tail if tail.strip() else "")


def ensure_managed_region(text: str) -> str:
    if managed_span(text) is not None:
        return text
    base = text if text.endswith("\n") or not text else text + "\n"
    separator = "\n" if base else ""
    return f"{base}{separator}{MANAGED_BEGIN}\n{MANAGED_END}\n"


def managed_text(text: str) -> str:
    span = managed_span(text)
    return text[span.start : span.end] if span else ""


def body_without_frontmatter(text: str) -> str:
    span = frontmatter_span(text)
    return text[span.end :] if span else text
