"""What the added-lines ops share: the pattern's validation, the lines of a diff it matches, and
the plain text a rule shows for it ("print(" for `\\bprint\\(`), never the regex itself."""

from __future__ import annotations

import re

from skillopt_sleep.episode import Episode
from skillopt_sleep.tasks.checks.base import CheckOp
from skillopt_sleep.tasks.checks.regex_examples import compile_check_pattern, regex_example
from skillopt_sleep.tasks.checks.trajectory import added_lines


def added_lines_problem(arg: object) -> str | None:
    if not isinstance(arg, str) or not arg:
        return f"expects a regex as a non-empty string, got {arg!r}"
    try:
        compile_check_pattern(arg)
    except re.error as exc:
        return f"bad regex {arg!r}: {exc}"
    return None


def matching_lines(arg: str, episode: Episode) -> list[tuple[str, str]]:
    pattern = compile_check_pattern(arg)
    return [(path, text) for path, text in added_lines(episode.diff) if pattern.search(text)]


def pattern_text(arg: str) -> str:
    return (regex_example(arg) or arg).strip()


class AddedLinesOp(CheckOp):
    """An op over the lines an episode's diff adds; its argument is a regex."""

    needs_episode = True
    verb = ""  # how `describe` asks for the lines: "add no", "add a"

    def problem(self, arg):
        return added_lines_problem(arg)

    def describe(self, arg):
        return f"{self.verb} code line matching `{arg}` (for example {pattern_text(arg)!r})"
