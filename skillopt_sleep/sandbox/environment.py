"""The environment a sandboxed command starts with: a small allowlist from the parent, never its
keys or tokens."""

from __future__ import annotations

import os
from pathlib import Path

PASSED_NAMES = ("LANG", "TERM")
PASSED_PREFIX = "LC_"
DEFAULT_LANG = "C.UTF-8"


def scrubbed_env(*, path: str, home: str, tmp: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """PATH, LANG, LC_*, TERM from the parent (PATH as given), HOME and TMPDIR as given, then
    `extra`, which the caller chose and so may set anything."""
    env = {name: os.environ[name] for name in PASSED_NAMES if name in os.environ}
    env.update({name: value for name, value in os.environ.items() if name.startswith(PASSED_PREFIX)})
    env.setdefault("LANG", DEFAULT_LANG)
    env.update({"PATH": path, "HOME": home, "TMPDIR": tmp, "USER": "sandbox", "LOGNAME": "sandbox"})
    for name, value in (extra or {}).items():
        if not isinstance(name, str) or not isinstance(value, str) or not name or "=" in name:
            raise ValueError(f"environment entries must be NAME=string pairs, got {name!r}={value!r}")
        env[name] = value
    return env


def search_path(bin_dirs, tail: list[str]) -> str:
    """bin_dirs first, then `tail`, without repeats."""
    seen: list[str] = []
    for entry in [str(Path(d)) for d in bin_dirs] + tail:
        if entry and entry not in seen:
            seen.append(entry)
    return os.pathsep.join(seen)
