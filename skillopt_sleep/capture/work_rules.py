"""The rules about how coding work is done that a user's words state, for checks over an agent's
commands and diff: "run make check before you finish" / "you didn't run the tests" (run_check),
"never edit generated files" / "leave generated/ alone" (leave_alone), "add a test with the
fix" / "you forgot to add a test" (add_test). Tools and code to use or avoid ("pnpm, not npm",
"use the logger, not print") are stated_rules' use / avoid; the repo miner reads those as
commands or code by what the session ran.

Matched on lower-cased text; each hit is (where, kind, value, words). A rule's value names what
the user named (the command, the folder), or "checks" / "test" for the generic forms."""

from __future__ import annotations

import re

WORK_KINDS = ("run_check", "leave_alone", "add_test")
GENERIC_CHECKS = "checks"
TEST = "test"

_CHECK_WORDS = (r"(?P<what>`[^`\n]{1,80}`|(?:the\s+|all\s+the\s+)?(?:test suite|tests?|checks?|linters?|type ?checks?|"
                r"lint|ci)\b|make\s+[\w-]+|(?:pnpm|npm|yarn|bun|cargo|go|uv\s+run|poetry\s+run)\s+[\w-]+|"
                r"python3?\s+-m\s+\w+|pytest|tox|nox|ruff|mypy|eslint|tsc)")
_FINISH = (r"(?:before|first,?\s+before)\s+(?:you\s+|u\s+)?(?:finish|finishing|are\s+done|'re\s+done|you're\s+done|"
           r"done|stop|stopping|commit|committing|say(?:ing)?\s+(?:it'?s\s+)?(?:done|fixed)|hand(?:ing)?\s+(?:it\s+)?"
           r"(?:back|over)|report(?:ing)?\s+back|claim(?:ing)?)")
_RUN_CHECK = (
    re.compile(r"\b(?:run|running|rerun|re-run)\s+" + _CHECK_WORDS + r"\s+" + _FINISH),
    re.compile(r"\b(?:you\s+)?(?:didn't|did\s+not|never|forgot\s+to|haven't|have\s+not|skipped)\s+(?:even\s+)?"
               r"(?:run|running|rerun|re-run)\s+" + _CHECK_WORDS),
    re.compile(r"\balways\s+(?:run|rerun|re-run)\s+" + _CHECK_WORDS),
)
_PATH = r"(?P<what>`[^`\n]{1,80}`|[\w.\-]+(?:/[\w.\-*]*)*/?)"
_KIND_NOUN = r"(?P<noun>\s+(?:files?|folders?|directory|directories|dir|code))?"
_LEAVE_ALONE = (
    re.compile(r"\b(?:don't|do\s+not|never|stop)\s+(?:hand[\s-]?)?(?:touch|touching|edit|editing|modify|modifying|change|"
               r"changing|write\s+to|writing\s+to)\s+(?:anything\s+(?:in|under)\s+|(?:the\s+)?files?\s+(?:in|under)\s+|the\s+)?"
               + _PATH + _KIND_NOUN),
    re.compile(r"\bleave\s+(?:the\s+)?" + _PATH + _KIND_NOUN + r"\s+alone\b"),
)
_ADD_TEST = (
    re.compile(r"\b(?:add|write|include)\s+(?:a\s+|an?\s+|the\s+)?(?:unit\s+|regression\s+)?tests?\s+(?:with|for|alongside)\s+"
               r"(?:the|each|every|your|this|any)\s+(?:fix|change|bug\s?fix|feature)"),
    re.compile(r"\b(?:you\s+)?(?:didn't|did\s+not|forgot\s+to|never|haven't)\s+(?:add|write)\s+(?:a\s+|any\s+|the\s+)?"
               r"(?:unit\s+|regression\s+)?tests?\b"),
    re.compile(r"\b(?:every|each)\s+(?:fix|change|bug\s?fix)\s+(?:needs|gets|should\s+have|must\s+have|should\s+come\s+with)\s+"
               r"(?:a\s+)?tests?\b"),
    re.compile(r"\balways\s+(?:add|write)\s+(?:a\s+)?tests?\b"),
)
_GENERIC = re.compile(r"^(?:the\s+|all\s+the\s+)?(?:test suite|tests?|checks?|linters?|type ?checks?|lint|ci)$")


def _check_value(what: str) -> str:
    what = what.strip().strip("`").strip()
    return GENERIC_CHECKS if _GENERIC.match(what) else what


def _path_value(what: str, noun: str | None) -> str:
    """A folder or file the user named; "" when the words name no path (only a plain word with
    "files"/"folder" after it, or one with a slash or a dot, is read as one)."""
    quoted = what.startswith("`")
    what = what.strip("`").strip()
    if quoted or "/" in what or noun:
        return what
    return what if "." in what.strip(".") else ""


def find_work_rules(low: str) -> list[tuple[int, str, str, str]]:
    """(where, kind, value, words) for each work rule `low` (lower-cased text) states."""
    found = []
    for pattern in _RUN_CHECK:
        for match in pattern.finditer(low):
            found.append((match.start("what"), "run_check", _check_value(match.group("what")), match.group(0)))
    for pattern in _LEAVE_ALONE:
        for match in pattern.finditer(low):
            value = _path_value(match.group("what"), match.group("noun"))
            if value:
                found.append((match.start("what"), "leave_alone", value, match.group(0)))
    for pattern in _ADD_TEST:
        for match in pattern.finditer(low):
            found.append((match.start(), "add_test", TEST, match.group(0)))
    return found
