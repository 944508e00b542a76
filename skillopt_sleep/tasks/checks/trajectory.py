"""What the episode ops read of an episode: its shell commands in order, where its last edit
was, the files it changed and the lines its diff adds. One reading for every op, so "a run after
the last edit" means the same thing in each."""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass

from skillopt_sleep.episode import Episode, EpisodeStep
from skillopt_sleep.tasks.checks.base import CheckOp

EDIT_TOOLS = ("edit", "write")
RUN_TOOL = "run"
FINISH_TOOL = "finish"
# A command named as words ("make check", "npm"): the words in order, each standing alone, so
# "npm" is not found inside "pnpm" nor "make check" inside "make checkout".
_EDGE_BEFORE = r"(?<![\w\-./])"
_EDGE_AFTER = r"(?![\w\-])"


@dataclass(frozen=True)
class RunStep:
    index: int
    command: str
    exit_code: int | None


def step_command(step: EpisodeStep) -> str:
    args = step.arguments
    value = args.get("command", args.get("cmd", ""))
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value or "")


def runs(episode: Episode) -> list[RunStep]:
    """The commands that ran; one the agent refused (a guardrail's deny rule) has an error and no
    exit code, and never ran."""
    return [RunStep(i, step_command(s), s.exit_code) for i, s in enumerate(episode.steps)
            if s.kind == "tool" and s.name == RUN_TOOL and not (s.error and s.exit_code is None)]


def last_edit_index(episode: Episode) -> int:
    """The index of the last step that edited a file, or -1 when none did."""
    found = -1
    for i, step in enumerate(episode.steps):
        if step.kind == "tool" and step.name in EDIT_TOOLS and not step.error:
            found = i
    return found


def finish_index(episode: Episode) -> int:
    """The index of the finish step that ended the episode (a finish the loop held back is not
    one), or the end of the episode when it never finished."""
    for i, step in enumerate(episode.steps):
        if step.kind == "tool" and step.name == FINISH_TOOL and not step.error:
            return i
    return len(episode.steps)


def command_pattern(words: str) -> re.Pattern:
    parts = [re.escape(w) for w in words.split()]
    return re.compile(_EDGE_BEFORE + r"\s+".join(parts) + _EDGE_AFTER)


def command_problem(arg: object) -> str | None:
    if not isinstance(arg, str) or not arg.strip():
        return f"expects a command as a non-empty string, got {arg!r}"
    if "\n" in arg:
        return "expects a command on one line"
    return None


def glob_matches(path: str, pattern: str) -> bool:
    """`pattern` as a .gitignore line without a leading slash: it may match the path from any
    folder down ("generated/**" matches "pkg/generated/api.ts"); a leading "/" anchors it at the
    repository root. "**" crosses folders, "*" does too (fnmatch), which only widens a ban."""
    path = path.strip("/")
    anchored = pattern.startswith("/")
    pattern = pattern.strip("/")
    if pattern.endswith("/**"):
        folder = pattern[:-3]
        candidates = [path] if anchored else _suffixes(path)
        return any(fnmatch.fnmatchcase(c, folder + "/*") for c in candidates)
    candidates = [path] if anchored else _suffixes(path)
    return any(fnmatch.fnmatchcase(c, pattern) for c in candidates)


def _suffixes(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[i:]) for i in range(len(parts))]


def added_lines(diff: str) -> list[tuple[str, str]]:
    """(file, text) for each line a unified git diff adds, without the leading "+"."""
    out: list[tuple[str, str]] = []
    current = ""
    for line in diff.splitlines():
        if line.startswith("+++ "):
            target = line[4:].strip()
            current = "" if target == "/dev/null" else target.removeprefix("b/")
        elif line.startswith("diff --git "):
            current = ""
        elif line.startswith("+") and current:
            out.append((current, line[1:]))
    return out


# Ops that say a command ran: decided from the sandbox's record of what ran, where it kept one.
RAN_OPS = ("ran_before_finish", "command_used")
# Where a check names a Python test runner, `python -m <runner>` runs it too.
PYTHON_RUNNERS = frozenset({"pytest", "py.test", "unittest", "tox", "nox"})


@dataclass(frozen=True)
class Execution:
    argv: tuple[str, ...]
    exit_code: int
    current: bool  # the copy was as this run left it when the episode ended

    @property
    def command(self) -> str:
        return " ".join(self.argv)


def recorded(arg: str) -> bool:
    """Whether the sandbox can record runs of the command `arg` names: a program found on PATH,
    or a file of the copy named by its path from the session's folder (`./check.sh`), which the
    sandbox replaces with one that runs the commit's version and records it (execlog.py); never
    one named by an absolute path."""
    words = arg.split()
    return bool(words) and not os.path.isabs(words[0])


def by_path(program: str) -> bool:
    """Whether `program` (a command's first word) is a file named by its path, not looked up."""
    return "/" in program


def watched_programs(checks) -> tuple[str, ...]:
    """The programs whose runs the sandbox records for an episode judged by `checks`."""
    found: list[str] = []
    for check in checks:
        if check.op in RAN_OPS and isinstance(check.arg, str) and recorded(check.arg):
            first = check.arg.split()[0]
            found.append(first)
            if first in PYTHON_RUNNERS or first.startswith("python"):
                found += ["python", "python3"]
    return tuple(dict.fromkeys(found))


def executions(arg: str, episode: Episode) -> list[Execution] | None:
    """The recorded runs whose argv holds the words of `arg` in a row (the program by its name);
    None where the episode keeps no record or `arg` cannot be recorded."""
    if episode.executed is None or not recorded(arg):
        return None
    words = arg.split()
    found = []
    for entry in episode.executed:
        if not entry.get("argv"):
            continue
        program = entry["argv"][0]  # a script is recorded under the relative path its check names
        argv = [program if by_path(program) and not os.path.isabs(program) else os.path.basename(program),
                *entry["argv"][1:]]
        if any(argv[i:i + len(words)] == words for i in range(len(argv) - len(words) + 1)):
            found.append(Execution(tuple(argv), int(entry["exit"]), bool(entry.get("current"))))
    return found


class CommandOp(CheckOp):
    """An op over the commands an episode ran; its argument is a command named as words."""

    needs_episode = True

    def problem(self, arg):
        return command_problem(arg)

    def matching(self, arg: str, episode: Episode) -> list[RunStep]:
        pattern = command_pattern(arg)
        return [r for r in runs(episode) if pattern.search(r.command)]
