"""The check as the original commit defines it, run over the agent's change.

An agent that may rewrite the check can pass it with the bug still there: a Makefile whose
`check` is `true`, the failing test deleted, a `unittest/` package of its own that
`python3 -m unittest` imports before the standard library's. So after the judge has read the
change, and before it runs the verification, the copy is put back where the check is defined:
- the files that define how the check runs (Makefiles, tox.ini, pytest.ini, setup.cfg,
  noxfile.py, conftest.py, the JavaScript test runners' configs) are the commit's again, and
  such a file the agent added is taken out; package.json keeps the agent's change but for its
  `scripts` (and `jest`), which are the commit's; a pyproject.toml whose pytest or tox settings
  changed is the commit's;
- every test file the commit had is there again where the agent deleted it; the tests it changed
  or added stay and run too;
- a module or package the agent added under the name of a standard library module, of the test
  runner, or `sitecustomize`, where it could be imported first (at the root, or in any folder that
  is not itself a package), is taken out: it can only stand in for the real one.
The copy is reached only through beneath.py, so no link the agent left is followed."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: a changed pyproject.toml is then the commit's whole
    tomllib = None  # type: ignore[assignment]

from skillopt_sleep.tasks.checks.ops.adds_test import TEST_FILE

WHOLE = frozenset({"Makefile", "makefile", "GNUmakefile", "tox.ini", "pytest.ini", "setup.cfg", "noxfile.py",
                   "conftest.py", "justfile", "Justfile"})
WHOLE_PREFIXES = ("jest.config.", "vitest.config.", ".mocharc", "karma.conf.")
PACKAGE_KEYS = ("scripts", "jest")  # what of package.json says how its tests run
PYPROJECT_TABLES = ("pytest", "tox", "nox", "hatch", "poe")  # [tool.X] tables that can run or select tests
# Names a module of the copy's must not take: the interpreter's own, and those of the test runners.
SHADOWED = frozenset(sys.stdlib_module_names) | {"pytest", "_pytest", "pluggy", "sitecustomize", "usercustomize"}
CONTENT_BYTES = 16 * 1024 * 1024


def _defines_check(path: str) -> bool:
    name = os.path.basename(path)
    return name in WHOLE or name.endswith(".mk") or name.startswith(WHOLE_PREFIXES)


def put_back(workspace: Any) -> list[str]:
    """The copy made to define its check as the commit does (see the module's text); what was put
    back or taken out, as short notes. SandboxError where a path the agent left (a link on the
    way) keeps a file from being put back."""
    from skillopt_sleep.sandbox import beneath
    from skillopt_sleep.sandbox.snapshot import listed

    root = workspace.path
    start = workspace.start_files()
    present = set(listed(root))
    notes = []
    for path, (mode, blob) in sorted(start.items()):
        if mode == "120000":
            continue  # a link the commit has is the user's; the judge writes none
        now = _regular_bytes(beneath, root, path, path in present)
        name = os.path.basename(path)
        if _defines_check(path) or (TEST_FILE.search(path) and now is None):
            wanted = workspace.start_content(blob)
        elif name == "package.json" and now is not None:
            wanted = _package_json(workspace.start_content(blob), now)
        elif name == "pyproject.toml" and now is not None:
            wanted = _pyproject(workspace.start_content(blob), now)
        else:
            continue
        if wanted != now:
            beneath.make_folders(root, os.path.dirname(path) or ".")
            beneath.write_file(root, path, wanted, mode=0o755 if mode == "100755" else 0o644)
            notes.append(f"{path}: the commit's")
    added = sorted(present - set(start))
    taken = [path for path in added if _defines_check(path) or _shadows(path, present, start)]
    for path in taken:
        beneath.remove_file(root, path)
        notes.append(f"{path}: taken out")
    for folder in sorted({os.path.dirname(path) for path in taken}, key=len, reverse=True):
        while folder and beneath.remove_empty_folder(root, folder):
            folder = os.path.dirname(folder)
    return notes


def _regular_bytes(beneath, root, path: str, present: bool) -> bytes | None:
    """The file at `path` now, None where no regular file is there."""
    if not present:
        return None
    from skillopt_sleep.sandbox import SandboxError

    try:
        return beneath.read_file(root, path, CONTENT_BYTES)
    except (SandboxError, OSError):  # a link, a FIFO, a file grown too large: not the commit's file
        return None


def _package_json(original: bytes, now: bytes) -> bytes:
    """The agent's package.json with the commit's scripts; the commit's where either is not JSON."""
    try:
        old, new = json.loads(original), json.loads(now)
    except ValueError:
        return original
    if not isinstance(old, dict) or not isinstance(new, dict):
        return original
    if all(old.get(key) == new.get(key) for key in PACKAGE_KEYS):
        return now
    for key in PACKAGE_KEYS:
        if key in old:
            new[key] = old[key]
        else:
            new.pop(key, None)
    return (json.dumps(new, indent=2, ensure_ascii=False) + "\n").encode()


def _pyproject(original: bytes, now: bytes) -> bytes:
    """The agent's pyproject.toml where its test settings are the commit's, else the commit's."""
    if tomllib is None:
        return original
    try:
        old = tomllib.loads(original.decode()).get("tool", {})
        new = tomllib.loads(now.decode()).get("tool", {})
    except (ValueError, UnicodeDecodeError):
        return original
    return now if all(old.get(table) == new.get(table) for table in PYPROJECT_TABLES) else original


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
