"""The copy's files as the host reads them for a diff: what is there, with the commit's own ignore
rules and none of the copy's attributes.

A command in the copy can write a .gitignore (a nested one that says `*` hides a whole package
from the change: a `unittest/` that shadows the standard library, say) and a .gitattributes
(`*.py -diff` shows a change of code as "Binary files differ", so no added line is seen). So the
files are found by walking the copy, never by asking git what is untracked; what the ignore rules
leave out (build output, caches) is decided by the .gitignore files the commit has, kept beside the
copy when it is made, before any command ran; and the git directory the host reads the copy with
sets every attribute that changes what is recorded or shown back to unspecified, which outranks
any .gitattributes of the copy's ($GIT_DIR/info/attributes is read first)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .beneath import read_file, regular_files

NEUTRAL_ATTRIBUTES = "* !diff !merge !text !eol !crlf !filter !ident !working-tree-encoding\n"
RULES_BYTES = 1_000_000
IGNORE_FILE = ".gitignore"


def neutral_attributes(git_dir: Path) -> None:
    info = git_dir / "info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "attributes").write_text(NEUTRAL_ATTRIBUTES)


def keep_rules(copy: Path, rules: Path) -> None:
    """The .gitignore files of the fresh `copy`, written at the same places under `rules`."""
    for relative, _size in regular_files(copy, ".", frozenset({".git"})):
        if os.path.basename(relative) == IGNORE_FILE:
            kept = rules / relative
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_bytes(read_file(copy, relative, RULES_BYTES))


def listed(copy: Path) -> list[str]:
    """Every file and link in `copy`, relative to it and sorted; no link is entered, no .git. What
    a command shut (a folder without read or search permission, a file without read) is opened
    for its owner, the night's user unless the night is root, who reads it anyway."""
    found = []
    for folder, folders, files in os.walk(copy):
        base = os.path.relpath(folder, copy)
        entered = []
        for name in folders:
            path = os.path.join(folder, name)
            if name == ".git":
                continue
            if os.path.islink(path):
                found.append(os.path.normpath(os.path.join(base, name)))
                continue
            _let_in(path, stat.S_IRUSR | stat.S_IXUSR)
            entered.append(name)
        folders[:] = entered
        for name in files:
            path = os.path.join(folder, name)
            mode = os.lstat(path).st_mode
            if name == ".git" or not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
                continue
            if stat.S_ISREG(mode):
                _let_in(path, stat.S_IRUSR)
            found.append(os.path.normpath(os.path.join(base, name)))
    return sorted(found)


def _let_in(path: str, needed: int) -> None:
    if os.geteuid() == 0:
        return
    mode = os.lstat(path).st_mode
    if mode & needed != needed:
        os.chmod(path, stat.S_IMODE(mode) | needed)


def nul_joined(paths: list[str]) -> bytes:
    return b"\0".join(os.fsencode(path) for path in paths)


def nul_split(output: str) -> list[str]:
    return [path for path in output.split("\0") if path]
