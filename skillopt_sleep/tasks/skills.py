"""Which SKILL.md a skill name from a session means.

A session names the skills it used (`Skill` tool uses in Claude Code, skill folders in Codex);
the night needs the file. A name is looked up where the agents keep skills: the project's
`.claude/skills`, `.codex/skills` and `.agents/skills` (in the session's folder or one above it),
the user's `~/.claude/skills`, `~/.codex/skills` and `~/.agents/skills`, and installed Claude Code
plugins (`~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/skills/`, where a plugin's
skill is named `plugin:skill`). Only files that exist count. A name found nowhere, or in two
different files, is reported as such: the night must not optimize a guessed file.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

SKILL_FILE = "SKILL.md"
PROJECT_SKILL_DIRS = (".claude/skills", ".codex/skills", ".agents/skills")
USER_SKILL_DIRS = (".claude/skills", ".codex/skills", ".agents/skills")
PLUGIN_CACHE = ".claude/plugins/cache"
INSTALLED_PLUGINS = ".claude/plugins/installed_plugins.json"


@dataclass
class SkillResolution:
    """A skill name as used in one project, and the file it means (or why there is none)."""

    name: str
    project: str
    path: Path | None = None
    problem: str = ""  # "" when resolved
    candidates: list[Path] = field(default_factory=list)

    @property
    def resolved(self) -> bool:
        return self.path is not None

    def to_dict(self) -> dict:
        return {"name": self.name, "project": self.project, "path": str(self.path) if self.path else None,
                "problem": self.problem, "candidates": [str(c) for c in self.candidates]}


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _identity(path: str) -> tuple[int, int] | None:
    """The file a path leads to (device, inode), links followed; None where there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


# Folder names are strings here, not Paths: `status` resolves the skills of every project the
# sessions ran in, and building Paths cost more than looking at the folders.
def _project_dirs(project: str, home: Path) -> list[str]:
    """The session's folder and those above it, up to (not including) the home folder (by
    identity: a folder that links to it is it)."""
    if not project:
        return []
    folder, home_text = os.path.normpath(os.path.expanduser(project)), os.path.normpath(str(home))
    home_id = _identity(home_text)
    out: list[str] = []
    while folder != os.path.dirname(folder) and folder != home_text and (home_id is None or _identity(folder) != home_id):
        out.append(folder)
        folder = os.path.dirname(folder)
    return out


def skill_folders(project: str, home: Path, seen: dict[str, bool] | None = None) -> list[Path]:
    """The skill folders a session in `project` sees that exist, the project's first. `seen`:
    whether each folder exists, kept by a caller that resolves many names at once (sessions of
    many projects share the folders above them)."""
    seen = {} if seen is None else seen
    folders = [os.path.join(folder, sub) for folder in _project_dirs(project, home) for sub in PROJECT_SKILL_DIRS]
    folders += [os.path.join(home, sub) for sub in USER_SKILL_DIRS]
    for folder in folders:
        if folder not in seen:
            seen[folder] = os.path.isdir(folder)
    return [Path(folder) for folder in folders if seen[folder]]


def _standalone_candidates(name: str, project: str, home: Path, seen: dict[str, bool] | None = None) -> list[Path]:
    return [p for p in (folder / name / SKILL_FILE for folder in skill_folders(project, home, seen)) if p.is_file()]


def _installed_plugin_paths(home: Path) -> set[Path]:
    """Install paths the plugin registry names; any unreadable registry names none."""
    registry = home / INSTALLED_PLUGINS
    try:
        data = json.loads(registry.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    plugins = data.get("plugins", data) if isinstance(data, dict) else {}
    paths: set[Path] = set()
    for entries in plugins.values() if isinstance(plugins, dict) else []:
        for entry in entries if isinstance(entries, list) else [entries]:
            if isinstance(entry, dict) and isinstance(entry.get("installPath"), str):
                paths.add(_real(Path(entry["installPath"]).expanduser()))
    return paths


def _plugin_candidates(plugin: str, skill: str, home: Path) -> list[Path]:
    """`cache/<marketplace>/<plugin>/<version>/skills/<skill>/SKILL.md`; with several cached
    versions, the one the registry says is installed."""
    cache = home / PLUGIN_CACHE
    if not cache.is_dir():
        return []
    found = sorted(p for p in cache.glob(f"*/{plugin}/*/skills/{skill}/{SKILL_FILE}") if p.is_file())
    if len(found) > 1:
        installed = _installed_plugin_paths(home)
        chosen = [p for p in found if _real(p.parents[2]) in installed]
        if chosen:
            return chosen
    return found


def resolve_skill(name: str, project: str = "", home: Path | None = None,
                  seen: dict[str, bool] | None = None) -> SkillResolution:
    """`seen`: see skill_folders."""
    home = Path(home) if home is not None else Path.home()
    result = SkillResolution(name=name, project=project)
    if not name or "/" in name or "\\" in name or name in (".", ".."):
        result.problem = f"{name!r} is not a skill name"
        return result
    plugin, _, skill = name.partition(":")
    if skill:
        found = _plugin_candidates(plugin, skill, home)
        where = f"in the installed plugin {plugin!r}"
    else:
        found = _standalone_candidates(name, project, home, seen)
        if not found:  # a plugin skill may be named without its plugin
            found = _plugin_candidates("*", name, home)
        where = "in the project's or the user's skill folders or an installed plugin"
    files: dict[Path, Path] = {}
    for path in found:
        files.setdefault(_real(path), path)
    result.candidates = list(files.values())
    if not files:
        result.problem = f"missing: no {SKILL_FILE} for {name!r} {where}"
    elif len(files) > 1:
        result.problem = f"ambiguous: {len(files)} different files are named {name!r}"
    else:
        result.path = result.candidates[0]
    return result


def describe(resolution: SkillResolution) -> str:
    project = f" (project {resolution.project})" if resolution.project else ""
    if resolution.resolved:
        return f"{resolution.name}{project} -> {resolution.path}"
    lines = [f"{resolution.name}{project}: {resolution.problem}"]
    lines += [f"    candidate: {c}" for c in resolution.candidates if len(resolution.candidates) > 1]
    return "\n".join(lines)
