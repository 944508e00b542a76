"""A pattern compiled on first use answers as the compiled pattern does, and compiles once."""

from __future__ import annotations

import importlib
import re

import pytest

from skillopt_sleep.capture.lazy_regex import LazyPattern, lazy
from skillopt_sleep.capture.secret_patterns import Rule

MODULES = ["skillopt_sleep.capture." + name for name in (
    "secret_patterns", "redact", "feedback", "stated_rules", "work_rules", "transcripts.common", "transcripts.claude",
    "transcripts.codex", "transcripts.copilot", "transcripts.cursor")]


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
