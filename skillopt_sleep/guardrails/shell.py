"""A shell line as the agents read it for their rules: pipeline parts, and in each the simple
commands between `&&`, `||`, `;`, `&` and parentheses. Nothing here runs anything."""

from __future__ import annotations

import shlex

_BREAKS = {"&&", "||", ";", "&", "(", ")", ";;"}


def tokens(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # unbalanced quotes: the words as written
        return command.split()


def pipeline_parts(command: str) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for token in tokens(command):
        if token in ("|", "|&"):
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def simple_commands(part: list[str]) -> list[list[str]]:
    commands: list[list[str]] = [[]]
    for token in part:
        if token in _BREAKS:
            commands.append([])
        else:
            commands[-1].append(token)
    return [c for c in commands if c]


def raw_commands(command: str) -> list[str]:
    """The simple commands of a line as written (their own spacing kept), split at `&&`, `||`,
    `;`, `|`, `&` and parentheses outside quotes."""
    found, current, quote, i = [], "", "", 0
    while i < len(command):
        c = command[i]
        if quote:
            quote = "" if c == quote else quote
            current += c
        elif c in "'\"":
            quote = c
            current += c
        elif c == "\\" and i + 1 < len(command):
            current += command[i:i + 2]
            i += 1
        elif c in ";|&()\n":
            found.append(current)
            current = ""
        else:
            current += c
        i += 1
    found.append(current)
    return [part.strip() for part in found if part.strip()]
