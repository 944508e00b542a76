"""A rule read from words (the pattern reader) or from a model, held to the turn it was read
from: a command shortened to the user's own spelling of a run, a value neither the actions nor
the words show dropped. The actions' own rules (`behaviour.py`) need none of this: they are
read from what was done."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath

from skillopt_sleep.capture.edit_traces import NO_TRACE
from skillopt_sleep.tasks.corrections.behaviour import MANIFEST_OF, Convention
from skillopt_sleep.tasks.corrections.commands import (command_name, covers, is_flag, names_words, pathlike, segments,
                                                      user_prefix, with_flags_written)
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

_COMMAND_KINDS = ("command_avoided", "command_used", "check_run_after_last_edit", "generator_run")
_MAX_COMMAND_WORDS = 4  # a rule names a tool, not a command line


def _command(value: str, user: str) -> str:
    """A model's command as the rule names it: the start of it the user wrote, else the command
    itself where it is short and names no file; "" where it is a whole command line."""
    parts = segments(value)
    if not parts:
        return ""
    spelled = user_prefix(user, parts[0])
    if spelled:
        return " ".join(spelled)
    words = parts[0]
    short = len(parts) == 1 and len(words) <= _MAX_COMMAND_WORDS and not any(pathlike(w) for w in words)
    return " ".join(words) if short else ""


def _shown(turn: UserTurnInContext) -> tuple[set[str], list[str]]:
    """The tools the agent ran around the turn (first words of each command) and the paths it touched."""
    actions = turn.earlier + turn.before + turn.after
    tools = {words[0] for a in actions if a.kind == "run" for words in segments(a.value)}
    return tools, [a.value for a in actions if a.kind in ("edit", "write")]


def _in_words(value: str, user: str) -> bool:
    return bool(value) and value.lower() in user.lower()


def _shows(convention: Convention, turn: UserTurnInContext) -> bool:
    """The convention's value comes from the turn: a tool the agent ran or the user named, a
    folder of a path the agent touched or the user wrote, code the user quoted. A model that names
    something neither shows invented it."""
    tools, paths = _shown(turn)
    if convention.kind in _COMMAND_KINDS:
        return convention.value.split()[0] in tools or _in_words(convention.value.split()[0], turn.user)
    if convention.kind == "path_untouched":
        scope = convention.value.rstrip("*").rstrip("/")
        return any(covers(scope, p) for p in paths) or _in_words(scope, turn.user)
    if convention.kind == "added_lines_avoid":
        return _in_words(convention.value.rstrip("("), turn.user)
    if convention.kind == "dependency_set_unchanged":
        # A manifest the agent changed, one its package manager keeps, or one the user named.
        name = PurePosixPath(convention.value).name
        kept = {MANIFEST_OF[tool] for tool in tools if tool in MANIFEST_OF}
        return (any(PurePosixPath(p).name == name for p in paths) or name in kept or _in_words(name, turn.user))
    return True


def grounded(convention: Convention | None, turn: UserTurnInContext) -> Convention | None:
    """A model's convention held to the turn: a command shortened to the user's spelling of it or
    dropped where it is a whole command line, and a value neither the actions nor the words show
    dropped (the reading keeps its label)."""
    if convention is None:
        return None
    if convention.kind in _COMMAND_KINDS:
        value = _command(convention.value, turn.user)
        instead = _command(convention.instead, turn.user) if convention.instead else ""
        convention = replace(convention, value=value, instead=instead) if value else None
    elif convention.kind == "path_untouched" and not ("/" in convention.value or "*" in convention.value
                                                      or pathlike(convention.value)):
        convention = None
    elif convention.kind == "test_added" and not _shows_folder(convention.value, turn):
        # Its check takes no folder; a folder neither the work nor the words show is left out.
        convention = replace(convention, value="")
    return convention if convention is not None and _shows(convention, turn) else None


def _shows_folder(glob: str, turn: UserTurnInContext) -> bool:
    """A path the work touched lies under the glob's folder, or the user wrote the folder."""
    folder = glob.split("*")[0].rstrip("/")
    _, paths = _shown(turn)
    return bool(folder) and (any(covers(folder, p) for p in paths) or _in_words(folder, turn.user))


def spelled_as_run(convention: Convention, turn: UserTurnInContext) -> Convention:
    """A command ban the words read as one tool ("don't run alembic upgrade" -> `alembic`), as
    long as the user wrote of a command the session ran (`alembic upgrade head` -> `alembic
    upgrade`): the ban is of that, not of the tool's every use. A ban with a tool to use in its
    place ("use pnpm, not npm") is of the tool, and is left so by the caller."""
    if convention.kind != "command_avoided":
        return convention
    head = convention.value.split()
    runs = [words for a in turn.earlier + turn.before if a.kind == "run" for words in segments(a.value)]
    spelled = [with_flags_written(turn.user, words, user_prefix(turn.user, words)) for words in runs if words[:len(head)] == head]
    spelled += [_subcommand_written(turn.user, words) for words in runs if words[:len(head)] == head]
    longest = max(spelled, key=len, default=[])
    return replace(convention, value=" ".join(longest)) if len(longest) > len(head) else convention


def _subcommand_written(user: str, words: list[str]) -> list[str]:
    """The run's program and subcommand where the words write the subcommand apart from the
    program: its two or more words alone ("run-all apply" of `terragrunt run-all apply`, the
    program named elsewhere), or the program with the subcommand the run gave after an option
    (`helmfile sync` of `helmfile -e qa sync`). What the words write of the run is what they ban,
    not the program's every use; [] where they write neither."""
    name = command_name(words, limit=4)
    for size in range(len(name), 2, -1):
        if names_words(user, name[1:size]):
            return name[:size]
    flagged = False
    for word in words[1:]:
        if pathlike(word) or "=" in word:
            break
        if is_flag(word):
            flagged = True
        elif flagged and names_words(user, [words[0], word]):
            return [words[0], word]
    return []


def work_shows_code(value: str, turn: UserTurnInContext) -> bool:
    """The ban is on code the session's work shows: an edit added the call, or the work's
    commands and replies write it; where no edit recorded what it added, also code the user
    wrote as code (`print()`, backquoted). Words alone read "no new packages" as a ban on the
    word `new`; a ban on code the agent never wrote is no reading of its work."""
    work = turn.earlier + turn.before
    name = value.rstrip("(")
    if any(name in a.trace.added_calls for a in work):
        return True
    text = " ".join(a.value for a in work if a.kind in ("run", "say"))
    if re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", text):
        return True
    traced = any(a.trace != NO_TRACE for a in work)
    written = re.search(r"(?<![\w.])" + re.escape(name) + r"\s*\(|`" + re.escape(name), turn.user)
    return not traced and written is not None


def work_shows_path(glob: str, turn: UserTurnInContext) -> bool:
    """A folder to keep out of is one the session's work went into, or one the user wrote as a
    path: "don't touch the generated file" after work that touched no generated file names none."""
    scope = glob.split("*")[0].rstrip("/").lower()  # the pattern reader gives its paths in lower case
    _, paths = _shown(turn)
    return bool(scope) and (any(covers(scope, p.lower()) for p in paths)
                            or re.search(r"(?<![\w.-])" + re.escape(scope) + r"/", turn.user, re.I) is not None)
