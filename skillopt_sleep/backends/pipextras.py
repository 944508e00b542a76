"""This project's pip extras as pyproject.toml declares them, and the command that installs one
for the interpreter running now, in the way this engine was installed. It knows no backend or
model: extras.py maps those to an extra, and the model parts ask here how to install theirs."""

from __future__ import annotations

import importlib.metadata
import json
import logging
import os
import re
import shlex
import sys
from pathlib import Path

from skillopt_sleep.errors import BackendError

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the installed metadata says the same
    tomllib = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

DISTRIBUTION = "skillopt-sleep"
SOURCE_ROOT = Path(__file__).resolve().parents[2]
# The runner writes this stamp into the venv it builds (plugin/runners/skillopt-sleep): its presence
# in sys.prefix is what allows an install, so a user's own interpreter is never changed.
MANAGED_MARKER = ".skillopt-sleep-stamp"
SURFACE_ENV = "SKILLOPT_SLEEP_SURFACE"  # "slash" inside the agent's /skillopt-sleep
LOCAL_BACKEND = "local"  # the local model's backend, and the name of its extra

_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA_MARKER = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")

def requirement_name(line: str) -> str:
    found = _NAME.match(line)
    if not found:
        raise BackendError(f"pyproject.toml: cannot read the requirement {line!r}")
    return found.group(1)


def declared_extras() -> dict[str, list[str]]:
    """Every extra and its requirement lines, as pyproject.toml (or the metadata) declares them."""
    pyproject = SOURCE_ROOT / "pyproject.toml"
    if tomllib is not None and pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            return {k: list(v) for k, v in data.get("project", {}).get("optional-dependencies", {}).items()}
        except (OSError, ValueError) as exc:
            logger.warning("cannot read the extras in %s: %s", pyproject, exc)
    try:
        lines = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        return {}
    extras: dict[str, list[str]] = {}
    for line in lines:
        requirement, _, marker = line.partition(";")
        found = _EXTRA_MARKER.search(marker)
        if found:
            extras.setdefault(found.group(1), []).append(requirement.strip())
    return extras


def requirements(extra: str, declared: dict[str, list[str]] | None = None) -> list[str]:
    """The requirement lines of an extra, with this project's own extras in it expanded."""
    declared = declared_extras() if declared is None else declared
    if extra not in declared:
        raise BackendError(f"skillopt-sleep has no extra {extra!r}; its extras: {', '.join(sorted(declared)) or 'none'}")
    lines: list[str] = []
    for line in declared[extra]:
        own = re.match(r"^\s*skillopt[-_]sleep\s*\[([^\]]+)\]", line, re.I)
        nested = [requirements(e.strip(), declared) for e in own.group(1).split(",")] if own else [[line]]
        lines += [r for group in nested for r in group if r not in lines]
    return lines


def installed(name: str) -> bool:
    try:
        importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


# -- where the engine runs ---------------------------------------------------------------------


def managed_prefix() -> Path | None:
    """The plugin-managed venv this interpreter belongs to, or None (anyone else's interpreter)."""
    prefix = Path(sys.prefix)
    return prefix if sys.prefix != sys.base_prefix and (prefix / MANAGED_MARKER).is_file() else None


def _direct_url() -> dict:
    """pip's record of where this distribution was installed from ({} when not from a path).
    Every copy on sys.path is asked: a checkout's own *.egg-info folder may come first."""
    for dist in importlib.metadata.distributions(name=DISTRIBUTION):
        try:
            found = json.loads(dist.read_text("direct_url.json") or "{}")
        except ValueError:
            continue
        if found:
            return found
    return {}


def _quoted_requirements(lines) -> str:
    return " ".join(shlex.quote(r) for r in lines)


def install_command(extra: str, only: list[str] | None = None, reinstall: bool = False) -> str:
    """A command that installs `extra` (or just its packages named in `only`) for the interpreter
    running now, in the way this engine was installed."""
    python = shlex.quote(sys.executable)
    lines = requirements(extra)
    if only is not None:
        wanted = {name.lower() for name in only}
        lines = [r for r in lines if requirement_name(r).lower() in wanted]
    force = " --force-reinstall" if reinstall else ""
    origin = _direct_url()
    url = str(origin.get("url") or "")
    if "pipx" in Path(sys.prefix).parts and managed_prefix() is None:
        return f"pipx inject{' --force' if reinstall else ''} {DISTRIBUTION} {_quoted_requirements(lines)}"
    if managed_prefix() is None and only is None and url.startswith("file://"):
        editable = " -e" if (origin.get("dir_info") or {}).get("editable") else ""
        checkout = url[len("file://"):]
        return f"{python} -m pip install{force}{editable} {shlex.quote(f'{checkout}[{extra}]')}"
    if managed_prefix() is None and only is None and installed(DISTRIBUTION) and not url:
        return f"{python} -m pip install{force} {shlex.quote(f'{DISTRIBUTION}[{extra}]')}"
    # the plugin's environment, a source tree run as it is, or a few packages: name the
    # requirements themselves (pip given the tree would write build/ into it)
    return f"{python} -m pip install{force} {_quoted_requirements(lines)}"


def install_hint(extra: str) -> str:
    """The advice that ends a "backend X is not available" error."""
    try:
        command = install_command(extra)
    except BackendError as exc:
        return str(exc)
    if managed_prefix() is not None and os.environ.get(SURFACE_ENV) == "slash":
        return f"the same /skillopt-sleep action retries the install; or run: {command}"
    return f"install it with: {command}"
