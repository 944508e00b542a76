"""Extensions found through package entry points.

Backends live in the `skillopt_sleep.backends` group and benchmark adapters in
`skillopt_sleep.benchmarks`; this package declares its own in pyproject.toml, and any installed
distribution can add more the same way, without editing a registry here. An entry is loaded
only when asked for, so a missing optional SDK matters only for the backend that needs it.

Run from a source tree that was never installed (the plugin runs the engine that way), the
package has no metadata; its own entries are then read from the tree's pyproject.toml.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, Callable

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: an installed package needs no pyproject.toml
    tomllib = None  # type: ignore[assignment]

from skillopt_sleep.errors import SkilloptError

logger = logging.getLogger(__name__)

DISTRIBUTION = "skillopt-sleep"
SOURCE_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@dataclass(frozen=True)
class ExtensionGroup:
    """group: the entry-point group; kind: what one entry is called in errors ("backend");
    error: the error class an unknown or unloadable entry raises."""

    group: str
    kind: str
    error: type[SkilloptError]
    hint: Callable[[str], str] | None = None  # advice for an entry whose module cannot import

    def installed(self) -> dict[str, EntryPoint]:
        found = {ep.name: ep for ep in entry_points(group=self.group)}
        if not any(_from_this_package(ep) for ep in found.values()):
            for ep in _source_tree_entries(self.group):
                found.setdefault(ep.name, ep)
        return found

    def names(self) -> list[str]:
        return sorted(self.installed())

    def load(self, name: str) -> Callable[..., Any]:
        installed = self.installed()
        entry = installed.get(name)
        if entry is None:
            raise self.error(f"unknown {self.kind} {name!r}; installed {self.kind}s: {', '.join(sorted(installed)) or 'none'}")
        try:
            return entry.load()
        except ModuleNotFoundError as exc:
            advice = self.hint(name) if self.hint else ""
            raise self.error(f"{self.kind} {name!r} is not available: {exc}" + (f"; {advice}" if advice else "")) from None


def _from_this_package(entry: EntryPoint) -> bool:
    dist = getattr(entry, "dist", None)
    return dist is not None and (dist.metadata["Name"] or "").lower().replace("_", "-") == DISTRIBUTION


def _source_tree_entries(group: str) -> list[EntryPoint]:
    if tomllib is None or not SOURCE_PYPROJECT.is_file():
        return []
    try:
        data = tomllib.loads(SOURCE_PYPROJECT.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        logger.warning("cannot read the entry points in %s: %s", SOURCE_PYPROJECT, exc)
        return []
    declared = data.get("project", {}).get("entry-points", {}).get(group, {})
    return [EntryPoint(name=name, value=value, group=group) for name, value in declared.items()]
