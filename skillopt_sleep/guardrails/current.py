"""The guardrails a project has in force now, as the files of the agent whose sessions are
replayed say: for Claude Code, the deny rules of the two kinds guardrails write in its project
settings (shared and local) and the finish guard's data; for Codex, its own rules and finish guard
(codex_files.py). Replays apply them, so a replay is held where the user's agent is held today."""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.guardrails import claude, codex_files, finish_guard
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail, guardrail
from skillopt_sleep.guardrails.replay import CLAUDE_CODE, CODEX, Enforcement

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


def in_force(project: Path, agent: str = CLAUDE_CODE) -> list[Guardrail]:
    """What `agent` holds a session in `project` to; Claude Code's files for an agent whose
    guardrails replays do not emulate."""
    if agent == CODEX:
        return codex_files.in_force(project)
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


def replayed_agent(agents: list[str]) -> str:
    """The agent a night's replays enforce as: Codex where most of the tasks come from Codex
    sessions, else Claude Code. `agents`: each task's source agent ("" where unknown)."""
    codex = sum(1 for a in agents if a == CODEX)
    return CODEX if codex > len(agents) - codex else CLAUDE_CODE


def source_agent(meta: dict) -> str:
    """The agent of the session a mined task came from (its latest source), "" where unknown."""
    sources = meta.get("sources") if isinstance(meta, dict) else None
    last = sources[-1] if isinstance(sources, list) and sources else None
    return str(last.get("agent") or "") if isinstance(last, dict) else ""


def enforcement_in_force(roots: list[str], agents: list[str] | None = None) -> Enforcement | None:
    """What the replays of tasks from these repositories are held to: the guardrails of their one
    project as the agent their sessions come from (`agents`, one a task) applies them; None where
    Claude Code's files hold none (or the tasks come from several projects). A Codex night's is kept
    empty: tonight's guardrails are judged on top of it, as Codex applies them."""
    project = project_of(roots)
    if project is None:
        return None
    agent = replayed_agent(agents or [])
    found = in_force(project, agent)
    return Enforcement(found, agent) if found or agent != CLAUDE_CODE else None


def tasks_in_force(tasks: list) -> Enforcement | None:
    """`enforcement_in_force` for a night's tasks (records.Task): their repo tasks' project, each
    held as the agent of the session it came from."""
    repo = [t for t in tasks if t.repo is not None]
    return enforcement_in_force([t.repo.root for t in repo], [source_agent(t.meta) for t in repo])
