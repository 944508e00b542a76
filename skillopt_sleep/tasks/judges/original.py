"""The check as the original commit defines it, run over the agent's change.

An agent that may rewrite the check can pass it with the bug still there: a Makefile whose
`check` is `true`, the failing test deleted, a `unittest/` package of its own that
`python3 -m unittest` imports before the standard library's. So after the judge has read the
change, and before it runs the verification, the copy is put back where the check is defined,
and only there (a task may need changes to the same files; merged.py keeps those):
- a script the verification names by its path (`./check.sh`, `bash ci/test.sh`), pytest.ini,
  noxfile.py, a justfile and the JavaScript test runners' configs are the commit's again, and
  such a file the agent added is taken out;
- a Makefile has the commit's rules and variables, plus the rules the agent added for targets the
  commit never names; package.json the commit's scripts and test settings, plus scripts the agent
  added that npm does not run by itself; pyproject.toml, setup.cfg and tox.ini the commit's test
  tables and sections, and the agent's everything else; conftest.py the commit's, unless all the
  agent added are imports and fixtures no test of the commit asks for;
- every test file the commit had is there again where the agent deleted it; the tests it changed
  or added stay and run too;
- a module or package the agent added under the name of a standard library module, of the test
  runner, or `sitecustomize`, where it could be imported first (at the root, or in any folder that
  is not itself a package), is taken out: it can only stand in for the real one.
The copy is reached only through beneath.py, so no link the agent left is followed."""

from __future__ import annotations

import os
import shlex
import sys
from typing import Any, Callable

from skillopt_sleep.tasks.checks.ops.adds_test import TEST_FILE
import skillopt_sleep.tasks.judges.merged as merged

MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})
WHOLE = frozenset({"pytest.ini", "noxfile.py", "justfile", "Justfile"})
WHOLE_PREFIXES = ("jest.config.", "vitest.config.", ".mocharc", "karma.conf.")
# Names a module of the copy's must not take: the interpreter's own, and those of the test runners.
SHADOWED = frozenset(sys.stdlib_module_names) | {"pytest", "_pytest", "pluggy", "sitecustomize", "usercustomize"}
CONTENT_BYTES = 16 * 1024 * 1024


def _merger(path: str) -> Callable[[bytes, bytes], bytes] | None:
    """How the agent's version of a file that says how the check runs is merged with the
    commit's (None: it is not such a file)."""
    name = os.path.basename(path)
    if name in MAKEFILES or name.endswith(".mk"):
        return merged.makefile
    if name == "package.json":
        return merged.package_json
    if name == "pyproject.toml":
        return merged.pyproject
    if name in ("setup.cfg", "tox.ini"):
        return merged.ini
    return None


def _whole(path: str, scripts: set[str]) -> bool:
    """A file that is the check's own, taken whole from the commit."""
    name = os.path.basename(path)
    return path in scripts or name in WHOLE or name.startswith(WHOLE_PREFIXES)


SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh"})
CHECK_WORDS = ("test", "check")  # a script of another interpreter whose name says it runs the check


def named_scripts(commands: list[str], start: dict, folder: str) -> set[str]:
    """The files of the commit that `commands` run as the check by their path, relative to the
    copy's root: the program itself (`./check.sh`), the script a shell runs (`bash ci/test.sh`),
    and a script another interpreter runs whose name says it is the check (`python runtests.py`,
    not `python setup.py test`: a task may change setup.py). Never a test file (the agent may add
    tests to one, and every test it had runs anyway)."""
    found = set()
    for command in commands:
        try:
            words = shlex.split(command)
        except ValueError:
            words = command.split()
        for number, word in enumerate(words):
            before = os.path.basename(words[number - 1]) if number else ""
            if number and before not in SHELLS and not (
                    before.startswith(("python", "node", "ruby", "perl")) and any(w in os.path.basename(word).lower()
                                                                               for w in CHECK_WORDS)):
                continue
            if number == 0 and "/" not in word:
                continue  # a program looked up on PATH, not a file of the copy
            path = os.path.normpath(os.path.join(folder, word)) if not os.path.isabs(word) else ""
            if path in start and not TEST_FILE.search(path):  # the verification runs in the session's folder
                found.add(path)
    return found


def put_back(workspace: Any, commands: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The copy made to define its check as the commit does (see the module's text), for the
    verification `commands`; what was put back or taken out, as short notes. SandboxError where
    a path the agent left (a link on the way) keeps a file from being put back."""
    from skillopt_sleep.sandbox import beneath
    from skillopt_sleep.sandbox.snapshot import listed

    root = workspace.path
    start = workspace.start_files()
    present = set(listed(root))
    scripts = named_scripts(list(commands), start, getattr(workspace, "start_folder", ""))
    asked = None
    notes = []

    def fixtures_asked() -> frozenset[str]:
        nonlocal asked
        if asked is None:
            asked = merged.asked_names([workspace.start_content(blob) for path, (_mode, blob) in start.items()
                                        if path.endswith(".py") and (TEST_FILE.search(path) or _is_conftest(path))])
        return asked

    for path, (mode, blob) in sorted(start.items()):
        if mode == "120000":
            continue  # a link the commit has is the user's; the judge writes none
        now = _regular_bytes(beneath, root, path, path in present)
        merge = _merger(path)
        gone = now is None and (TEST_FILE.search(path) or merge is not None or _is_conftest(path))
        if _whole(path, scripts) or gone:
            wanted = workspace.start_content(blob)
        elif merge is not None:
            wanted = merge(workspace.start_content(blob), now)
        elif _is_conftest(path) and now is not None:
            wanted = merged.conftest(workspace.start_content(blob), now, fixtures_asked())
        else:
            continue
        if wanted != now:
            beneath.make_folders(root, os.path.dirname(path) or ".")
            beneath.write_file(root, path, wanted, mode=0o755 if mode == "100755" else 0o644)
            notes.append(f"{path}: the commit's")
    taken = []
    for path in sorted(present - set(start)):
        if _added_stands_in(beneath, root, path, present, start, fixtures_asked):
            taken.append(path)
        elif _merger(path) is merged.ini:  # a new setup.cfg or tox.ini: its test sections are not the agent's
            now = _regular_bytes(beneath, root, path, True)
            wanted = merged.ini(b"", now) if now is not None else b""
            if not wanted.strip():
                taken.append(path)
            elif wanted != now:
                beneath.write_file(root, path, wanted)
                notes.append(f"{path}: its test sections taken out")
    for path in taken:
        beneath.remove_file(root, path)
        notes.append(f"{path}: taken out")
    for folder in sorted({os.path.dirname(path) for path in taken}, key=len, reverse=True):
        while folder and beneath.remove_empty_folder(root, folder):
            folder = os.path.dirname(folder)
    return notes


def _is_conftest(path: str) -> bool:
    return os.path.basename(path) == "conftest.py"


def _added_stands_in(beneath, root, path: str, present: set[str], start: dict, asked: Callable[[], frozenset[str]]) -> bool:
    """Whether the file the agent added at `path` would change how the commit's check runs."""
    name = os.path.basename(path)
    if name in MAKEFILES or name.endswith(".mk") or name in WHOLE or name.startswith(WHOLE_PREFIXES):
        return True
    if _is_conftest(path):
        now = _regular_bytes(beneath, root, path, True)
        return now is None or merged.conftest(None, now, asked()) is None
    return _shadows(path, present, start)


def _regular_bytes(beneath, root, path: str, present: bool) -> bytes | None:
    """The file at `path` now, None where no regular file is there."""
    if not present:
        return None
    from skillopt_sleep.sandbox import SandboxError

    try:
        return beneath.read_file(root, path, CONTENT_BYTES)
    except (SandboxError, OSError):  # a link, a FIFO, a file grown too large: not the commit's file
        return None


def _shadows(path: str, present: set[str], start: dict) -> bool:
    """True when the added `path` is a module file named as one in SHADOWED, or is in a package so
    named that the commit did not have, where that name can be imported first: in no package."""
    parts = path.split("/")
    for depth, part in enumerate(parts):
        if depth and "/".join(parts[:depth]) + "/__init__.py" in present:
            return False  # below a package: a submodule, never imported by this name alone
        if depth == len(parts) - 1:
            stem, dot, suffix = part.rpartition(".")
            return bool(dot) and suffix in ("py", "pyc", "so") and stem.split(".")[0] in SHADOWED
        here = "/".join(parts[:depth + 1])
        if part in SHADOWED and here + "/__init__.py" in present and not any(p.startswith(here + "/") for p in start):
            return True
    return False
