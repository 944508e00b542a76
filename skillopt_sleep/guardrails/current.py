"""The guardrails a project has in force now, as its files say: the deny rules of the two kinds
guardrails write in Claude Code's project settings (shared and local), and the finish guard's
data. Replays apply them, so a replay is held where the user's agent is held today."""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.guardrails import claude, finish_guard
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail, guardrail
from skillopt_sleep.guardrails.replay import Enforcement

SETTINGS = (Path(".claude") / "settings.json", Path(".claude") / "settings.local.json")
_MAX = 1 << 20


def _json(path: Path) -> dict:
    try:
        if not path.is_file() or path.is_symlink():
            return {}
        with path.open("rb") as handle:
            data = json.loads(handle.read(_MAX))
    except (OSError, ValueError):
        return {}  # a file the agent could not read either denies nothing
    return data if isinstance(data, dict) else {}


def in_force(project: Path) -> list[Guardrail]:
    found: list[Guardrail | None] = []
    for relative in SETTINGS:
        permissions = _json(project / relative).get("permissions")
        deny = permissions.get("deny") if isinstance(permissions, dict) else None
        prefixes, globs = claude.parse_rules([r for r in deny if isinstance(r, str)] if isinstance(deny, list) else [])
        found += [guardrail(COMMAND, " ".join(p)) for p in prefixes] + [guardrail(PATH, g) for g in globs]
    checks = _json(project / finish_guard.DATA).get("checks")
    found += [guardrail(FINISH_CHECK, c) for c in checks if isinstance(c, str)] if isinstance(checks, list) else []
    return list(dict.fromkeys(g for g in found if g is not None))


def project_of(roots: list[str]) -> Path | None:
    """The one project a night's repo tasks come from, else None (guardrails are per project)."""
    found = set(roots)
    return Path(found.pop()) if len(found) == 1 else None


def enforcement_in_force(roots: list[str]) -> Enforcement | None:
    """What the replays of tasks from these repositories are held to: the guardrails of their one
    project as Claude Code applies them; None where there are none (or several projects)."""
    project = project_of(roots)
    found = in_force(project) if project is not None else []
    return Enforcement(found) if found else None
