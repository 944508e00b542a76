"""Which of this project's pip extras a backend needs, getting it into the plugin's own
environment, and the install command to show where it cannot be got automatically.

The extras themselves (which packages, which versions) are pyproject.toml's
`optional-dependencies`, read from the tree that runs (or, without it, the installed metadata);
only the backend -> extra names live here, in BACKEND_EXTRAS (the local model's extra is its
spec's, in data/models.json).

Where the engine runs decides what happens when an extra is missing:
- the environment the plugin's runner made (it writes MANAGED_MARKER into that venv): the engine
  installs the extra's requirements there itself, once, with one line saying so first;
- anywhere else (a user's own interpreter, a checkout, an installed package) nothing is ever
  installed: the backend's error carries a pip command for that interpreter and that install.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import logging
import math
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

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
BACKEND_EXTRAS = {"anthropic": "anthropic", "openai": "openai", "claude-code": "claude"}
LOCAL_BACKEND = "local"
CLAUDE_SDK = "claude-agent-sdk"  # the claude extra's package; its wheels carry a copy of the claude CLI
# llama-cpp-python ships as source on PyPI: measured 6.5 minutes to build on 2 cores.
LLAMA_BUILD_CORE_MINUTES = 13
INSTALL_TIMEOUT_S = 3600

_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA_MARKER = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")


@dataclass(frozen=True)
class Need:
    """What a backend needs from an extra: its requirement lines and the ones not installed."""

    backend: str
    extra: str
    requirements: tuple[str, ...]
    missing: tuple[str, ...]

    def names(self) -> list[str]:
        return [requirement_name(r) for r in self.missing]


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


def extra_for(backend: str, model: str = "", options: dict | None = None) -> str | None:
    """The extra backend `backend` needs, or None (a CLI backend, a plugin's backend)."""
    if backend == LOCAL_BACKEND:
        from skillopt_sleep.backends.localmodel import model_spec  # noqa: PLC0415 - reads the model table

        return model_spec(model).extra
    return BACKEND_EXTRAS.get(backend)


def need_for(backend: str, model: str = "", options: dict | None = None) -> Need | None:
    extra = extra_for(backend, model, options)
    if extra is None:
        return None
    lines = requirements(extra)
    if backend == LOCAL_BACKEND and (options or {}).get("model_path") and not model:
        # the user's own GGUF file: llama.cpp is needed, the packaged weights are not
        from skillopt_sleep.backends.localmodel import model_spec  # noqa: PLC0415

        parts = {d.lower() for d in model_spec("").distributions()}
        lines = [r for r in lines if requirement_name(r).lower() not in parts]
    missing = tuple(r for r in lines if not installed(requirement_name(r)))
    return Need(backend=backend, extra=extra, requirements=tuple(lines), missing=missing)


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


def backend_hint(backend: str) -> str:
    """Install advice for a backend whose module failed to import ('' when it has no extra)."""
    extra = BACKEND_EXTRAS.get(backend)
    return install_hint(extra) if extra else ""


# -- installing into the managed environment ----------------------------------------------------


def duration_said(need: Need, model: str = "") -> str:
    said = []
    if any(requirement_name(r).lower() == "llama-cpp-python" for r in need.missing):
        from skillopt_sleep.backends.llamapool import usable_cores  # noqa: PLC0415

        cores = usable_cores()
        minutes = max(2, math.ceil(LLAMA_BUILD_CORE_MINUTES / cores))
        said.append(f"llama-cpp-python compiles llama.cpp from source unless pip has a built wheel cached: "
                    f"about {minutes} minutes on {cores} core{'s' if cores != 1 else ''}")
    if need.backend == LOCAL_BACKEND:
        from skillopt_sleep.backends.localmodel import model_spec  # noqa: PLC0415

        spec = model_spec(model)
        parts = {d.lower() for d in spec.distributions()}
        if any(requirement_name(r).lower() in parts for r in need.missing):
            said.append(f"the {spec.name} weights download {spec.size / 1e6:,.0f} MB")
    return "; ".join(said or ["usually under a minute"]) + ", once"


def ensure(backend: str, model: str = "", options: dict | None = None,
           say: Callable[[str], None] | None = None) -> Need | None:
    """Install what `backend` lacks when this is the plugin-managed environment; the Need it had
    (None when nothing was missing or nothing may be installed here)."""
    prefix = managed_prefix()
    if prefix is None:
        return None
    need = need_for(backend, model, options)
    if need is None or not need.missing:
        return None
    say = say or (lambda line: print(line, file=sys.stderr, flush=True))
    log = prefix.parent / "engine-install.log"
    pip_options = _without_a_second_claude(need, say)
    say(f"skillopt-sleep: the {backend} backend needs {', '.join(need.names())}: installing it into the plugin's "
        f"environment {prefix} ({duration_said(need, model)}; log: {log})")
    from filelock import FileLock  # noqa: PLC0415 - a core dependency, needed only here

    with FileLock(str(prefix) + ".extras.lock"):
        still = tuple(r for r in need.missing if not installed(requirement_name(r)))  # another run may have done it
        if still:
            _pip_install(still, log, need, pip_options)
    importlib.invalidate_caches()
    return need


def _without_a_second_claude(need: Need, say: Callable[[str], None]) -> tuple[str, ...]:
    """pip's options for `need`: where claude-agent-sdk is missing and a supported `claude` is on
    PATH, the SDK is built from its source distribution, which carries no copy of the CLI."""
    if not any(requirement_name(r).lower() == CLAUDE_SDK for r in need.missing):
        return ()
    from skillopt_sleep.backends.claude_on_path import claude_on_path  # noqa: PLC0415

    found = claude_on_path()
    if found is None or not found.supported:
        return ()
    say(f"skillopt-sleep: the claude-code backend will run {found.said()}; the SDK is installed without a copy of its own")
    return ("--no-binary", CLAUDE_SDK)


def _pip_install(lines: tuple[str, ...], log: Path, need: Need, options: tuple[str, ...] = ()) -> None:
    env = dict(os.environ)
    if any(requirement_name(r).lower() == "llama-cpp-python" for r in lines):
        env.setdefault("CMAKE_ARGS", "-DLLAVA_BUILD=OFF")  # the engine uses no multimodal part: a shorter build
    started = time.monotonic()
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", *options, *lines]
    try:
        with log.open("a", encoding="utf-8") as handle:
            handle.write(f"\n$ {shlex.join(command)}\n")
            handle.flush()
            result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=handle, stderr=subprocess.STDOUT, env=env,
                                    timeout=INSTALL_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BackendError(f"could not install {', '.join(need.names())} for the {need.backend} backend: {exc}; "
                           f"{install_hint(need.extra)}") from None
    if result.returncode != 0:
        raise BackendError(f"could not install {', '.join(need.names())} for the {need.backend} backend "
                           f"(offline? see {log}); {install_hint(need.extra)}")
    logger.info("installed %s in %.0fs", ", ".join(need.names()), time.monotonic() - started)
