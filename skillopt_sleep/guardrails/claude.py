"""What Claude Code decides under `permissions.deny` rules of the two kinds guardrails write,
`Bash(prefix:*)` and `Edit(glob)`, with the words it says; the replay loop applies it so a replay
is stopped where the user's agent would be. The parity test holds it to the real CLI.

As the CLI does: a command is split at `|` into pipeline parts and each part at `&&`, `||`, `;`
and parentheses; each simple command is matched with its leading variable assignments and a
`timeout N` wrapper left out and its program's folder dropped; a pipeline part that is denied is
named in the message. An unanchored Edit glob matches from any folder down (`gen/**` also
matches `src/gen/x`)."""

from __future__ import annotations

import re

from skillopt_sleep.guardrails.shell import pipeline_parts, simple_commands
from skillopt_sleep.tasks.checks.trajectory import glob_matches

BASH_DENIED = "Permission to use Bash with command {command} has been denied."
EDIT_DENIED = "File is in a directory that is denied by your permission settings."
_RULE = re.compile(r"(Bash|Edit)\((.+)\)")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=.*")


def parse_rules(rules: list[str]) -> tuple[list[list[str]], list[str]]:
    """(command prefixes, edit globs) of the deny rules; other rules are not this module's."""
    prefixes, globs = [], []
    for rule in rules:
        match = _RULE.fullmatch(rule.strip()) if isinstance(rule, str) else None
        if not match:
            continue
        tool, body = match.groups()
        if tool == "Bash":
            prefixes.append(body.removesuffix(":*").split())
        else:
            globs.append(body)
    return prefixes, globs


def bash_refusal(command: str, rules: list[str]) -> str:
    """The message Claude Code gives for `command` under deny `rules`; "" where it runs."""
    prefixes, _ = parse_rules(rules)
    if not prefixes:
        return ""
    for part in pipeline_parts(command):
        if any(_denied(simple, prefixes) for simple in simple_commands(part)):
            return BASH_DENIED.format(command=command.strip() if len(pipeline_parts(command)) == 1 else " ".join(part))
    return ""


def edit_refusal(path: str, rules: list[str]) -> str:
    """The message for an edit of `path` (relative to the project) under deny `rules`."""
    _, globs = parse_rules(rules)
    return EDIT_DENIED if any(glob_matches(path, g) for g in globs) else ""


def _program_words(words: list[str]) -> list[str]:
    while words and _ASSIGNMENT.fullmatch(words[0]):
        words = words[1:]
    if len(words) > 2 and words[0] == "timeout" and re.fullmatch(r"[0-9.]+[smhd]?", words[1]):
        words = words[2:]
    if words:
        words = [words[0].rsplit("/", 1)[-1], *words[1:]]
    return words


def _denied(words: list[str], prefixes: list[list[str]]) -> bool:
    words = _program_words(words)
    return any(prefix and words[: len(prefix)] == prefix for prefix in prefixes)
