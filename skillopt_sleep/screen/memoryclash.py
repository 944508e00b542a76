"""A rule against the user's memory by meaning: the memory forbids an action on an object ("never
force-push to main") and the rule asks for that action on that object (`git push -f origin main`
after rebasing), however differently the two are worded or in whichever languages."""

from __future__ import annotations

import re

from skillopt_sleep.screen.commands import commands
from skillopt_sleep.screen.effects import asks, effects_of
from skillopt_sleep.screen.prohibit import sentences

# Objects a memory line tends to protect, named in prose as well as in commands.
_NAMED = re.compile(r"\b(?:main|master|trunk|develop|release|production|prod|staging|home)\b|~/[\w./-]+|\.env\b", re.I)


def _objects(text: str) -> set[str]:
    named = {m.group(0).casefold() for m in _NAMED.finditer(text)}
    # A command's arguments are its objects too (a branch, a path), named or not.
    return named | {w.casefold().strip("`.,") for words in commands(text) if "`" not in " ".join(words)
                    for w in words[1:] if not w.startswith("-")}


def asked(text: str) -> list[tuple[str, set[str]]]:
    """(effect, the objects it acts on) for each dangerous effect `text` asks for rather than forbids."""
    return [(effect, _objects(s)) for s in sentences(text) for effect, at in effects_of(s) if asks(s, effect, at)]


def _forbidden(memory: str) -> list[tuple[str, set[str], str]]:
    return [(effect, _objects(s), s.strip()) for s in sentences(memory) for effect, at in effects_of(s) if not asks(s, effect, at)]


def clash(rule: str, memory: str) -> str:
    """The memory line a rule goes against (same effect, and the same object where both name one), or ""."""
    if not memory.strip():
        return ""
    forbidden = _forbidden(memory)
    for effect, objects in asked(rule):
        for kept, protected, line in forbidden:
            if effect == kept and (not objects or not protected or objects & protected):
                return f"contradicts the user's memory ({line[:80]!r}): {effect}"
    return ""
