"""A pattern compiled on first use answers as the compiled pattern does, and compiles once."""

from __future__ import annotations

import importlib
import re

import pytest

from skillopt_sleep.capture.lazy_regex import LazyPattern, lazy
from skillopt_sleep.capture.secret_patterns import Rule

MODULES = ["skillopt_sleep.capture." + name for name in (
    "secret_patterns", "key_tail", "redact", "edit_traces", "feedback", "stated_rules", "work_rules", "transcripts.common",
    "transcripts.claude", "transcripts.codex", "transcripts.copilot", "transcripts.cursor", "transcripts.vscode")]


def test_it_is_not_compiled_until_used_then_answers_as_re_does():
    source, flags, text = r"(?P<key>[a-z]+)=(\d+)", re.I, "A=1, bb=22; C=x, dd=4"
    pattern, compiled = lazy(source, flags), re.compile(source, flags)
    assert "_compiled" not in vars(pattern)
    assert pattern.sub(r"\g<key>:\2", text) == compiled.sub(r"\g<key>:\2", text)
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert pattern.findall(text) == compiled.findall(text) and pattern.split(text) == compiled.split(text)
    assert pattern.match(text).group("key") == "A" and pattern.fullmatch("x=9") and not pattern.search("none")
    assert (pattern.pattern, pattern.flags, pattern.groupindex) == (compiled.pattern, compiled.flags, compiled.groupindex)
    first = pattern.compiled()
    pattern.search(text)
    assert pattern.compiled() is first


def held(value) -> list[LazyPattern]:
    if isinstance(value, LazyPattern):
        return [value]
    if isinstance(value, (list, tuple)):
        return [p for item in value for p in held(item)]
    if isinstance(value, Rule):
        return held(value.pattern) + held(value.scan)
    return []


@pytest.mark.parametrize("module", MODULES)
def test_every_pattern_a_capture_module_holds_compiles(module):
    """Compiled late, a broken pattern would fail only on the text that first reaches it."""
    patterns = [p for value in vars(importlib.import_module(module)).values() for p in held(value)]
    assert patterns
    for pattern in patterns:
        assert isinstance(pattern.compiled(), re.Pattern)


def _corpus() -> list[str]:
    """Every string the tests spell out (user requests, corrections, rules), as written and lower-cased."""
    import ast
    from pathlib import Path

    texts = set()
    for path in Path(__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 3 <= len(node.value) <= 2000:
                texts.update((node.value, node.value.lower()))
    return sorted(texts | set(_FORMS) | set(_OUTPUTS))


# Each rule form in its several spellings (the guard word differs between them), as users write them.
_FORMS = [
    "leave generated/ alone", "please leave the vendor folder alone, thanks", "leave `docs/api.md` alone",
    "do  not touch migrations/", "never edit generated files", "stop changing the lockfile.json",
    "don't modify anything in build/", "the dist/ folder is off-limits", "schema.sql is read only",
    "and, the fixtures/ files are not to be hand-edited", "vendor/ is off limits",
    "you didn't add a test", "you never wrote any tests", "you forgot to add a regression test",
    "did not write the unit tests", "always add tests", "always write a test", "no fixes without a test",
    "no feature without tests", "add a test for that.", "write a unit test for this please",
    "add tests with each fix", "every change needs a test", "each bug fix should come with a test",
    "pnpm please, never npm here", "yarn, not npm", "uv, no pip", "poetry not conda",
    "no print() in tally", "don't use console.log()", "never puts from the library", "no var_dump in the code",
    "log it, not print", "use the logger instead of printf", "logging rather than println please",
    "run make check before you finish", "running the tests before committing", "you didn't run the linter",
    "you never re-run pytest", "always run ruff", "always rerun the test suite", "make check before done, please",
    "ok, and cargo test before you say it's done", "run make check, not just the unit tests",
    "use pnpm run lint, not only eslint", "instead of npm, use pnpm", "instead of the requests lib, try httpx",
    "use httpx instead of requests", "switch to uv rather than pip", "prefer ruff, not flake8",
    "don't use npm", "never import pandas", "stop adding emojis", "avoid mentioning prices",
    "do not include the footer", "keep it under 20 lines", "50 chars tops", "max of 200 words",
    "at most 3 characters", "include a Key Risks section", "the Notes heading is missing",
    "a section titled 'Next Steps'", "put the risks in their own section", "the caveats need their own heading",
]

# What the agents' tools print that a reader's guarded patterns look for.
_OUTPUTS = ["Process exited with code 1", "Exit code: 2", "Exit code 0\nOutput: done"]


def test_a_pattern_guarded_by_its_words_finds_what_the_whole_pattern_finds():
    """A guard word missing from a match would make the guard drop a rule the user stated; each
    guarded pattern is run, with and without its guard, over every text the tests hold, and must
    match some of them (or this test could not fail for it)."""
    corpus = _corpus()
    guarded = [p for module in MODULES for value in vars(importlib.import_module(module)).values()
               for p in held(value) if p._needs]
    assert len(guarded) >= 20
    for pattern in guarded:
        whole = pattern.compiled()
        hits = 0
        for text in corpus:
            expected = [(m.span(), m.groups()) for m in whole.finditer(text)]
            assert [(m.span(), m.groups()) for m in pattern.finditer(text)] == expected, (pattern, text)
            assert (pattern.search(text) is None) == (not expected)
            hits += bool(expected)
        assert hits, f"no text in the tests is matched by {pattern!r}"


def test_a_guard_skips_a_text_without_its_words_and_answers_as_a_miss():
    pattern = lazy(r"\bno\s+(?P<what>print)\b", needs=("print",))
    assert [m.group("what") for m in pattern.finditer("no print here")] == ["print"]
    assert pattern.search("no output here") is None and pattern.match("no output") is None
    assert list(pattern.finditer("no output here")) == list(pattern.finditer("nor here")) == []
    assert pattern.findall("no print, no print") == ["print", "print"]
    with pytest.raises(ValueError):
        lazy("print", re.IGNORECASE, needs=("print",))
