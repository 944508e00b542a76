"""This plugin's own skill (`/skillopt-sleep`) is how the user drives the engine, not a skill of
theirs: it is never listed among the skills the sessions used, and never a night's target.

It is known by its names (`skillopt-sleep`, `skillopt-sleep:skillopt-sleep`) and, whatever name a
session gave it, by where its SKILL.md lies: in a plugin whose manifest names this plugin (the
source tree, or Claude Code's cache copy of it)."""

from __future__ import annotations

import json
from pathlib import Path

PLUGIN = "skillopt-sleep"
OWN_NAMES = (PLUGIN, f"{PLUGIN}:{PLUGIN}")
_MANIFEST = Path(".claude-plugin") / "plugin.json"


def _plugin_name(root: Path) -> str:
    try:
        data = json.loads((root / _MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return ""
    return str(data.get("name", "")) if isinstance(data, dict) else ""


def in_this_plugin(skill_file: Path) -> bool:
    """Does `skill_file` (a plugin's `skills/<name>/SKILL.md`) lie in this plugin's tree?"""
    path = Path(skill_file).expanduser()
    for candidate in {path, path.resolve()}:
        parents = candidate.parents
        if len(parents) > 2 and parents[1].name == "skills" and _plugin_name(parents[2]) == PLUGIN:
            return True
    return False


def is_own_skill(name: str, skill_file: Path | None = None) -> bool:
    return name in OWN_NAMES or (skill_file is not None and in_this_plugin(skill_file))
