"""A comment marker the agent's reply wrote with its sigil (`# nosec`, `-- noqa`, `// eslint-disable`)
and the user's words name: the rule is of the marker as a line carries it, sigil and all."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# A line comment's sigil, a space, then the marker's word: "with a # nosec", "un -- noqa: L010".
# Written close up it is something else (`--strict`, `#general`); `# 42` is an issue, not a marker;
# a word the marker goes on past (`# tfsec:ignore:…`) is not the marker the words name.
_MARKER = re.compile(r"(?:^|[\s`(])(#|--|//) ([a-z][a-z:-]*[a-z])\b", re.IGNORECASE)


def _written_markers(turn: UserTurnInContext) -> dict[str, str]:
    """Each marker word the replies before the turn wrote behind a sigil, to its spelling there."""
    found: dict[str, str] = {}
    for action in turn.before:
        if action.kind == "say":
            for sigil, word in _MARKER.findall(action.value):
                found.setdefault(word.lower(), f"{sigil} {word}")
    return found


def marker_named(turn: UserTurnInContext) -> Convention | None:
    """The one marker the replies wrote behind a sigil whose word the user's words write."""
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", turn.user)}
    named = [spelled for word, spelled in _written_markers(turn).items() if word in words]
    return Convention("added_lines_avoid", named[0]) if len(named) == 1 else None


def with_sigil(convention: Convention, turn: UserTurnInContext) -> Convention:
    """A bare word read as code to avoid (`nosec`) that the reply wrote as a marker: its sigil form."""
    if convention.kind != "added_lines_avoid":
        return convention
    spelled = _written_markers(turn).get(convention.value.lower())
    return Convention("added_lines_avoid", spelled) if spelled else convention
