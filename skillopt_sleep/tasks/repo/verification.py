"""The commands a session ran to check its work ("make check", "python -m pytest -q", "pnpm
test", "cargo test", ...), read out of its shell calls with the exit status each last had.

A shell line is cut into its commands at `&&`, `||` and `;`; a pipe's later stages are dropped
(their exit status is not the check's, so it is unknown then). Wrappers that only choose how a
tool runs (`uv run`, `poetry run`, `npx`, `timeout 60`, `FOO=1`) are kept in the command but not
read as its name. A `cd` into a folder of the repository before the check is kept as part of it,
so the judge runs the check where the session did. Of the checks a session ran, the judge takes
those the user asked for (`asked_for`).
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass

from skillopt_sleep.episode import Verification
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks.trajectory import command_pattern

_WRAPPERS = re.compile(
    r"^(?:(?:[A-Za-z_][A-Za-z0-9_]*=\S*|(?:uv|poetry|pipenv|hatch|pdm|rye)\s+run|npx|pnpm\s+exec|bunx|"
    r"timeout\s+\d+[smh]?|env|nice|time)\s+)*"
)
# A target or script is named whole: `make check-style` and `npm run test:unit` run those, not
# `make check` or `npm run test`.
_WHOLE_NAME = r"(?:[-:][\w-]*\w)?\b"
_CHECK = re.compile(
    r"(?:python[\d.]*|py)\s+-m\s+(?:pytest|unittest|mypy|ruff|tox|nox|pyright|flake8|pylint)\b"
    r"|(?:pytest|py\.test|tox|nox|ruff|mypy|pyright|flake8|pylint|eslint|tsc|jest|vitest|phpunit|rspec)\b"
    r"|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|tests|lint|check|typecheck|type-check|build|ci)" + _WHOLE_NAME +
    r"|make\s+(?:check|test|tests|lint|ci|verify|typecheck)" + _WHOLE_NAME +
    r"|cargo\s+(?:test|check|clippy|build)\b|go\s+(?:test|vet|build)\b|just\s+(?:test|check|lint)" + _WHOLE_NAME +
    r"|black\s+--check\b|gradle\w*\s+(?:test|check)\b|mvn\s+(?:test|verify)\b|\./gradlew\s+(?:test|check)\b"
)
_SPLIT = re.compile(r"\s*(&&|\|\||;)\s*")
_PIPE = re.compile(r"(?<![|>&])\|(?!\|)")
MAX_COMMANDS = 3


@dataclass
class CommandRun:
    command: str  # the check as the judge will run it (with any `cd` into the repository)
    exit_code: int | None


def unwrapped(segment: str) -> str:
    """A single command without what only starts it: settings, a runner that finds the program
    (`npx stylelint`, `uv run pytest`, `pnpm exec prisma`), a timeout."""
    segment = segment.strip()
    return segment[_WRAPPERS.match(segment).end():]


def check_name(segment: str) -> str:
    """The check a single command runs ("pytest", "make check"), or "" when it runs none."""
    match = _CHECK.match(unwrapped(segment))
    return match.group(0) if match else ""


def checks_in(line: str, exit_code: int | None, cwd: str, root: str, base: str = "",
              named: tuple[str, ...] = ()) -> list[CommandRun]:
    """The checks one shell line runs, each with the exit status the line's result tells of it,
    as run from `base` (the folder the judge runs them in; the root by default). `named` are checks
    the user named (`mix test`): a command that runs one is a check whatever its tool."""
    root, base = os.path.realpath(root), os.path.realpath(base or root)
    parts = _SPLIT.split(line.strip())
    commands, joins = parts[0::2], parts[1::2]
    found: list[CommandRun] = []
    here = cwd
    for index, command in enumerate(commands):
        piped = len(_PIPE.split(command)) > 1
        command = _PIPE.split(command)[0].strip()
        if command.startswith("cd ") or command == "cd":
            here = _cd(command, here)
            continue
        if not (check_name(command) or any(command_pattern(n).search(command) for n in named)) or here is None:
            continue
        last = index == len(commands) - 1
        all_and = all(j == "&&" for j in joins)
        known = exit_code is not None and not piped and (last or (all_and and exit_code == 0))
        here = os.path.realpath(here) if here else root
        if os.path.relpath(here, root).startswith(".."):
            continue  # outside the repository: a copy of it cannot run this
        relative = os.path.relpath(here, base)
        prefix = "" if relative == "." else f"cd {shlex.quote(relative)} && "
        found.append(CommandRun(prefix + command, (0 if not last else exit_code) if known else None))
    return found


def _cd(command: str, here: str | None) -> str | None:
    """The folder a `cd` leads to from `here`; None when it cannot be followed (a variable, `-`)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if here is None or len(words) != 2 or words[1] in ("-", "~") or "$" in words[1]:
        return None
    return os.path.normpath(os.path.join(here, os.path.expanduser(words[1])))


def last_checks(runs: list[CommandRun], root: str) -> tuple[list[Verification], list[Verification]]:
    """(kept, dropped): each distinct check once, with the exit status of its last run. A check
    whose last run failed is dropped (the session never showed it can pass from there)."""
    last: dict[str, int | None] = {}
    for run in runs:
        last.pop(run.command, None)
        last[run.command] = run.exit_code
    ordered = [Verification(command, code) for command, code in last.items()]
    kept = [v for v in ordered if v.last_exit in (0, None)]
    dropped = [v for v in ordered if v not in kept]
    return kept[-MAX_COMMANDS:], dropped


@dataclass
class SetAside:
    command: str
    why: str

    def to_dict(self) -> dict:
        return {"command": self.command, "why": self.why}


def asked_for(verification: list[Verification], checks: list[Check]) -> tuple[list[Verification], list[SetAside]]:
    """(kept, set aside): the session's checks that judge the task. A command the user corrected
    away (`npm test` once the user banned npm) never judges it; where the user named the check
    that has to pass (a `ran_before_finish`: "make check, not just pytest"), no other does."""
    avoided = [c.arg for c in checks if c.op == "command_avoided" and isinstance(c.arg, str)]
    named = [c.arg for c in checks if c.op == "ran_before_finish" and isinstance(c.arg, str)]
    kept: list[Verification] = []
    aside: list[SetAside] = []
    for run in verification:
        banned = next((a for a in avoided if command_pattern(a).search(run.command)), None)
        if banned is not None:
            aside.append(SetAside(run.command, f"the user corrected `{banned}` away"))
        elif named and not any(command_pattern(n).search(run.command) for n in named):
            aside.append(SetAside(run.command, "the user named " + ", ".join(f"`{n}`" for n in named) + " as the check"))
        else:
            kept.append(run)
    return kept, aside
