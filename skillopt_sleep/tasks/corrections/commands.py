"""Shell lines as words, for reading what an agent ran: a line's commands without `cd` steps or
variable assignments, flags and paths among the words, a command's name, the commands that only
look or move files, and where a user's words spell a command or path the actions hold (their
backquotes first), which is the spelling a rule should keep."""

from __future__ import annotations

import re
import shlex
from pathlib import PurePosixPath

_SEPARATORS = re.compile(r"\s*(?:&&|\|\||;|(?<![|>&])\|(?!\|))\s*")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
# Commands that only look (their running says nothing about how the work is done) or only move
# files about; neither is a tool chosen for a job.
_LOOKING = frozenset({"ls", "cat", "head", "tail", "grep", "rg", "find", "echo", "pwd", "which", "wc", "less", "tree",
                      "stat", "file", "diff", "jq"})
_LOOKING_GIT = frozenset({"status", "diff", "log", "show", "branch", "remote", "fetch", "blame"})
FILE_OPS = frozenset({"rm", "mv", "cp", "mkdir", "touch", "chmod", "ln", "cd"})
_BACKQUOTED = re.compile(r"`([^`\n]{1,120})`")


def _parts(command: str) -> list[str]:
    """A shell line cut at `&&`, `||`, `;` and `|` outside quotes (`python -c 'import a; a.f()'`
    is one command)."""
    parts, start, quote, i = [], 0, "", 0
    while i < len(command):
        char = command[i]
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        else:
            match = _SEPARATORS.match(command, i)
            if match and match.end() > i and match.group(0).strip():
                parts.append(command[start:i])
                start = i = match.end()
                continue
        i += 1
    return parts + [command[start:]]


def segments(command: str) -> list[list[str]]:
    """A shell line's commands as words, without `cd` steps or leading variable assignments."""
    found = []
    for part in _parts(command.strip()):
        try:
            words = shlex.split(part)
        except ValueError:
            words = part.split()
        while words and _ASSIGNMENT.match(words[0]):
            words = words[1:]
        if words and words[0] != "cd":
            found.append(words)
    return found


def moved_into(command: str) -> str:
    """The folder a line's leading `cd` steps move its commands into, relative to where the
    session works (`cd perf && npm install x` runs in `perf`): "" where it stays there or moves
    somewhere the line alone does not show (an absolute path, `..`, a variable)."""
    folder: list[str] = []
    for part in _parts(command.strip()):
        words = part.split()
        if not words or words[0] != "cd":
            break
        if len(words) != 2 or words[1].startswith(("/", "~", "-")) or "$" in words[1]:
            return ""
        for step in PurePosixPath(words[1]).parts:
            if step == "..":
                return ""
            if step != ".":
                folder.append(step)
    return "/".join(folder)


def _worded_suffix(word: str) -> bool:
    return any(c.isalpha() for c in PurePosixPath(word).suffix)


def from_repository_root(words: list[str]) -> list[str]:
    """A git command run in a folder (`git -C poky checkout -- .`) as run from the top, its paths
    under that folder (`git checkout -- poky/`): a path a restore puts back is the same path the
    edits before it named."""
    if len(words) < 4 or words[0] != "git" or words[1] != "-C":
        return words
    folder = norm_path(words[2]).rstrip("/")
    if folder in ("", "."):
        return [words[0], *words[3:]]
    # A ref (`v1.3.1`) is no path: a path has a folder or a suffix that is a word.
    moved = [folder + "/" if w == "." else f"{folder}/{norm_path(w)}" if pathlike(w) and ("/" in w or _worded_suffix(w)) else w
             for w in words[4:]]
    return [words[0], words[3], *moved]


def looks_only(words: list[str]) -> bool:
    if words[0] == "git":
        return len(words) < 2 or words[1] in _LOOKING_GIT
    return words[0] in _LOOKING or (words[0] == "sed" and "-i" not in words)


def chooses_tool(words: list[str]) -> bool:
    """A command that picks a tool for a job (not one that looks, moves files or restores them)."""
    restoring = words[0] == "git" and len(words) > 1 and words[1] in ("checkout", "restore", "reset", "revert", "stash")
    return not (looks_only(words) or words[0] in FILE_OPS or restoring)


def positional(words: list[str]) -> list[str]:
    """A command's words but its flags and the word right after a flag (a flag's value, maybe)."""
    kept, skip = [], False
    for word in words:
        if is_flag(word):
            skip = True
            continue
        if not skip:
            kept.append(word)
        skip = False
    return kept


def is_flag(word: str) -> bool:
    return word.startswith("-") and len(word) > 1


_ONE_DASH_OPTION = re.compile(r"-([a-z]{4,})")
# One dash and lowercase words joined by dashes (`-fno-common`, `-fno-strict-aliasing`): short
# flags written together are letters alone, so a dash inside makes the word one option.
_ONE_DASH_JOINED = re.compile(r"-([a-z][a-z0-9]*(?:-[a-z0-9]+)+)")


def option_name(flag: str) -> str:
    """The name of a long option, "" for any other word: `--force` is `force`; one dash and a
    word of lowercase letters is one option too, as GDAL, find and the JVM write theirs
    (`-skipfailures`, `-delete`), where it cannot be short flags written together: a letter
    written twice (`-overwrite`) or six letters or more, or words joined by a dash (`-fno-common`,
    as compilers write theirs). Together, short flags each stand once and are few (`-xzvf`, `-am`)."""
    if flag.startswith("--"):
        return flag[2:]
    joined = _ONE_DASH_JOINED.fullmatch(flag)
    if joined is not None:
        return joined.group(1)
    match = _ONE_DASH_OPTION.fullmatch(flag)
    if match is None or len(set(match.group(1))) == 1:
        return ""
    name = match.group(1)
    return name if len(set(name)) < len(name) or len(name) >= 6 else ""


def pathlike(word: str) -> bool:
    return not is_flag(word) and ("/" in word or bool(PurePosixPath(word).suffix)) and "=" not in word


def norm_path(path: str) -> str:
    path = path.strip().strip("'\"")
    while path.startswith("./"):
        path = path[2:]
    return path


def covers(scope: str, path: str) -> bool:
    scope, path = norm_path(scope).rstrip("/"), norm_path(path).rstrip("/")
    return scope in ("", ".") or path == scope or path.startswith(scope + "/")


def _phrases(user: str) -> list[list[str]]:
    """What the user wrote in backquotes, as words: the surest spelling of a command or path."""
    return [span.split() for span in _BACKQUOTED.findall(user) if span.strip()]


# A command's words stand alone where no ASCII letter, digit, dash, dot or slash touches them:
# a script without spaces between words ("またyarn使ってる") still sets them apart, and a name
# with a file suffix (`uv.lock`) or a folder's name in a path (`docs/api`) is no command's word.
STANDS_BEFORE = r"(?<![A-Za-z0-9_\-./])"
STANDS_AFTER = r"(?![A-Za-z0-9_\-/])(?!\.[A-Za-z0-9])"


def names_words(user: str, words: list[str]) -> bool:
    """The user's words contain these words in order, each standing alone (any case)."""
    pattern = STANDS_BEFORE + r"\s+".join(re.escape(w) for w in words) + STANDS_AFTER
    return bool(re.search(pattern, user, re.I))


def user_prefix(user: str, words: list[str], flags: bool = False) -> list[str]:
    """The longest start of `words` the user wrote (backquoted first, then as plain words). A
    flag the user wrote out is part of it only where `flags` says so: a check is told apart by
    its flags (`tox -e lint`), a tool is not (`npm` of `npm install --force`)."""
    for phrase in sorted(_phrases(user), key=len, reverse=True):
        if words[:len(phrase)] == phrase:
            return phrase
    for size in range(min(len(words), 4 if flags else 3), 0, -1):
        if (not any((is_flag(w) and not flags) or pathlike(w) for w in words[1:size]) and not is_flag(words[size - 1])
                and names_words(user, words[:size])):
            return words[:size]
    return []


def with_flags_written(user: str, words: list[str], spelled: list[str]) -> list[str]:
    """The user's spelling of a command (`spelled`, a start of `words`) with the long flags of the
    command they write on right after it ("git reset --hard" of `git reset --hard origin/main`):
    a long flag names a way of doing the job, and written beside the command it is part of what
    the words name. A short one (`nix-env -i`) is as often the run quoted as it was typed."""
    size = len(spelled)
    while spelled and size < len(words) and words[size].startswith("--") and names_words(user, words[:size + 1]):
        size += 1
    return words[:size] if spelled else spelled


def command_name(words: list[str], limit: int = 3) -> list[str]:
    """A command's name: its words up to the first flag, path or setting (`ENV=staging`)."""
    # The program is the first word however it looks (`idf.py save-defconfig`,
    # `bin/magento setup:upgrade`): what follows it is its name until a flag, path or setting.
    if not words or "=" in words[0] or is_flag(words[0]):
        return words[:1]
    head = words[:1]
    for word in words[1:limit]:
        if is_flag(word) or pathlike(word) or "=" in word:
            break
        head.append(word)
    return head
