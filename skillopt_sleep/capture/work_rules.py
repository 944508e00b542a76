"""The rules about how coding work is done that a user's words state, for checks over an agent's
commands and diff: "run make check before you finish" / "you didn't run the tests" (run_check),
"make check before done, please" / "run make check, not just the unit tests" (run_check), "never
edit generated files" / "leave generated/ alone" / "generated/ is off limits" (leave_alone), "add a
test with the fix" / "you forgot to add a test" / "no fix without a test" (add_test). Tools and
code to use or avoid ("pnpm, not npm", "use the logger, not print") are stated_rules' use /
avoid; the repo miner reads those as commands or code by what the session ran. Two forms of them
are read here, where words about coding work name them: a package manager chosen over another
("pnpm please, never npm here": use / avoid) and a print call banned from code ("no print() in
tally", "don't print from the library", "log it, not print": avoid).

Matched on lower-cased text; each hit is (where, kind, value, words). A rule's value names what
the user named (the command, the folder), or "checks" / "test" for the generic forms."""

from __future__ import annotations

from skillopt_sleep.capture.lazy_regex import lazy

WORK_KINDS = ("run_check", "leave_alone", "add_test")
GENERIC_CHECKS = "checks"
TEST = "test"

# A check named by its command: "make check", "pnpm run check", "cargo test" ("make sure" is no check).
_NAMED_CHECK = (r"make\s+(?!sure\b|certain\b|it\b|this\b|that\b|them\b|the\b|an?\b)[\w-]+|"
                r"(?:pnpm|npm|yarn|bun|cargo|go|uv\s+run|poetry\s+run)\s+(?:run\s+)?[\w-]+|pytest|tox|nox")
_CHECK_WORDS = (r"(?P<what>`[^`\n]{1,80}`|(?:the\s+|all\s+the\s+)?(?:test suite|tests?|checks?|linters?|type ?checks?|"
                r"lint|ci)\b|" + _NAMED_CHECK + r"|python3?\s+-m\s+\w+|ruff|mypy|eslint|tsc)")
_FINISH = (r"(?:before|first,?\s+before)\s+(?:you\s+|u\s+)?(?:finish|finishing|are\s+done|'re\s+done|you're\s+done|"
           r"done|stop|stopping|commit|committing|say(?:ing)?\s+(?:it'?s\s+)?(?:done|fixed)|hand(?:ing)?\s+(?:it\s+)?"
           r"(?:back|over)|report(?:ing)?\s+back|claim(?:ing)?|"
           r"(?:tell(?:ing)?\s+me|call(?:ing)?|say(?:ing)?|declar(?:e|ing))\s+(?:that\s+)?(?:it'?s|it\s+is|it|you'?re|"
           r"you\s+are|we'?re|everything'?s)\s+(?:all\s+)?(?:done|fixed|finished|ready))")
_RUN_CHECK = (
    lazy(r"\b(?:run|running|rerun|re-run)\s+" + _CHECK_WORDS + r"\s+" + _FINISH, needs=("run",)),
    lazy(r"\b(?:you\s+)?(?:didn't|did\s+not|never|forgot\s+to|haven't|have\s+not|skipped)\s+(?:even\s+)?"
               r"(?:run|running|rerun|re-run)\s+" + _CHECK_WORDS, needs=("run",)),
    lazy(r"\balways\s+(?:run|rerun|re-run)\s+" + _CHECK_WORDS, needs=("always",)),
    # "make check before done, please": a named check as the clause's first words, no verb.
    lazy(r"(?:^|[,.;!?]\s+|\band\s+)(?P<what>" + _NAMED_CHECK + r")\s+" + _FINISH, needs=("before",)),
    # "run make check, not just the unit tests": the check named over a narrower one.
    lazy(r"\b(?:run|use)\s+(?P<what>" + _NAMED_CHECK + r"),?\s+not\s+(?:just|only)\b", needs=("not",)),
)
_PATH = r"(?P<what>`[^`\n]{1,80}`|[\w.\-]+(?:/[\w.\-*]*)*/?)"
_KIND_NOUN = r"(?P<noun>\s+(?:files?|folders?|directory|directories|dir|code))?"
_LEAVE_ALONE = (
    lazy(r"\b(?:don't|do\s+not|never|stop)\s+(?:hand[\s-]?)?(?:touch|touching|edit|editing|modify|modifying|change|"
               r"changing|write\s+to|writing\s+to)\s+(?:anything\s+(?:in|under)\s+|(?:the\s+)?files?\s+(?:in|under)\s+|the\s+)?"
               + _PATH + _KIND_NOUN, needs=("don't", "not", "never", "stop")),
    lazy(r"\bleave\s+(?:the\s+)?" + _PATH + _KIND_NOUN + r"\s+alone\b", needs=("alone",)),
    lazy(r"(?:^|[,.;!?]\s+)(?:the\s+)?" + _PATH + _KIND_NOUN + r"\s+(?:is|are)\s+(?:off[\s-]limits|read[\s-]only|"
               r"not\s+to\s+be\s+(?:hand[\s-]?)?(?:touched|edited))\b", needs=("limits", "only", "not")),
)
_ADD_TEST = (
    lazy(r"\b(?:add|write|include)\s+(?:a\s+|an?\s+|the\s+)?(?:unit\s+|regression\s+)?tests?\s+(?:with|for|alongside)\s+"
               r"(?:the|each|every|your|this|any)\s+(?:fix|change|bug\s?fix|feature)", needs=("test",)),
    lazy(r"\b(?:you\s+)?(?:didn't|did\s+not|forgot\s+to|never|haven't)\s+(?:add|write)\s+(?:a\s+|any\s+|the\s+)?"
               r"(?:unit\s+|regression\s+)?tests?\b", needs=("test",)),
    lazy(r"\b(?:every|each|any)\s+(?:fix|change|bug\s?fix|feature)\s+(?:needs|gets|should\s+have|must\s+have|"
               r"(?:should\s+|must\s+)?comes?\s+with|has\s+to\s+come\s+with)\s+(?:a\s+)?tests?\b", needs=("test",)),
    lazy(r"\balways\s+(?:add|write)\s+(?:a\s+)?tests?\b", needs=("test",)),
    lazy(r"\bno\s+(?:fix|change|bug\s?fix|feature)(?:es|s)?\s+without\s+(?:a\s+)?tests?\b", needs=("test",)),
    # "please add a test for that": a test for the work just done, said of it.
    lazy(r"\b(?:add|write)\s+(?:a\s+|an?\s+)?(?:unit\s+|regression\s+)?tests?\s+for\s+(?:that|this|it)\s*(?:[,.;!]|please\b|$)",
         needs=("test",)),
)
# Package managers: "pnpm please, never npm here" names the one to use and the one to avoid.
_MANAGER = r"pnpm|npm|yarn|bun|uv|pip|poetry|pipenv|conda"
_MANAGER_CHOICE = lazy(r"(?:^|[,.;!?]\s+)(?P<good>" + _MANAGER + r")(?:\s+please)?,?\s+(?:never|not|no)\s+(?P<bad>"
                             + _MANAGER + r")\b", needs=("npm", "yarn", "bun", "uv", "pip", "poetry", "conda"))
# A print call banned from code, said of code ("from the library"), with its parentheses, or
# against logging ("log it, not print").
_CALL = r"print|pprint|console\.log|println|printf|puts|var_dump"
_CALL_WORDS = ("print", "console.log", "puts", "var_dump")  # one is in every name _CALL matches
_NO_CALL = (
    lazy(r"\b(?:no|don't\s+use|do\s+not\s+use|never\s+use)\s+(?P<what>" + _CALL + r")\s*\(\)", needs=_CALL_WORDS),
    lazy(r"\b(?:don't|do\s+not|never|no)\s+(?P<what>" + _CALL + r")(?:\(\))?(?:ing)?\s+(?:from|in|inside)\s+(?:the\s+)?"
               r"(?:library|lib|package|module|code|source|src)\b", needs=_CALL_WORDS),
    lazy(r"\blog(?:ger|ging)?\b[^.;!?\n]{0,60}?(?:,\s*(?:not|never)|\s+instead\s+of|\s+rather\s+than)\s+"
               r"(?:with\s+|using\s+)?(?P<what>" + _CALL + r")\b", needs=_CALL_WORDS),
)
_GENERIC = lazy(r"^(?:the\s+|all\s+the\s+)?(?:test suite|tests?|checks?|linters?|type ?checks?|lint|ci)$")


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
    for match in _MANAGER_CHOICE.finditer(low):
        if match.group("good") != match.group("bad"):
            found.append((match.start("good"), "use", match.group("good"), match.group(0).lstrip(",.;!? ")))
            found.append((match.start("bad"), "avoid", match.group("bad"), match.group(0).lstrip(",.;!? ")))
    for pattern in _NO_CALL:
        for match in pattern.finditer(low):
            found.append((match.start("what"), "avoid", match.group("what"), match.group(0)))
    return found
