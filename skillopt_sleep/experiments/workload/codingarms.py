"""The two arms a coding night's held-out scoring can measure its conventions under. `prose`: the
proposal's SKILL.md lines only, the agent held to the guardrails the project has in force now.
`adopted`: the same lines and the guardrails the proposal keeps, installed the way `adopt` installs
them (each file merged by guardrails/install.py) in a copy of the project's guardrail files, and
read back from those files the way the replayed agent reads the user's (guardrails/current.py).
The person's own project is never written."""

from __future__ import annotations

import shutil
from pathlib import Path

from skillopt_sleep.guardrails.current import SETTINGS, in_force
from skillopt_sleep.guardrails.finish_guard import DATA
from skillopt_sleep.guardrails.forms import Guardrail
from skillopt_sleep.guardrails.gate import KEPT
from skillopt_sleep.guardrails.install import planned_files
from skillopt_sleep.guardrails.replay import CLAUDE_CODE, CODEX, Enforcement

ADOPTED = "adopted"
PROSE = "prose"
GUARDRAIL_FILES = (*SETTINGS, Path(DATA))  # what the replayed agent reads its guardrails from


def kept_guardrails(night: dict) -> tuple[list[Guardrail], set[str]]:
    """The guardrails the night's proposal installs once adopted, and the agents whose files they
    go in; none where the night made no proposal."""
    if not night.get("proposal_id"):
        return [], set()
    kept = [v for v in night.get("guardrails", []) if v.get("fate") == KEPT]
    rails = [g for v in kept if (g := Guardrail.from_dict(v.get("guardrail"))) is not None]
    return list(dict.fromkeys(rails)), {a for v in kept for a in v.get("agents", [])}


def adopted_copy(project: Path, into: Path, rails: list[Guardrail], agents: set[str]) -> Path:
    """`into` holding the project's guardrail files with `rails` installed as adopt writes them."""
    shutil.rmtree(into, ignore_errors=True)
    into.mkdir(parents=True)
    for relative in GUARDRAIL_FILES:
        if (project / relative).is_file():
            (into / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(project / relative, into / relative)
    for planned in planned_files(into, rails, agents):
        planned.live_path.parent.mkdir(parents=True, exist_ok=True)
        planned.live_path.write_text(planned.proposed_text, encoding="utf-8")
    return into


def arm_enforcement(arm: str, project: Path, scratch: Path, night: dict) -> tuple[Enforcement | None, list[dict]]:
    """What the arm's replays of the proposal are held to, and the guardrails it installed. Codex
    reads its rules from a file of its own: where the guardrails go to Codex only, the replay holds
    the agent to them as Codex applies them."""
    rails, agents = kept_guardrails(night) if arm == ADOPTED else ([], set())
    if rails and CLAUDE_CODE not in agents:
        return Enforcement(in_force(project) + rails, CODEX), [g.to_dict() for g in rails]
    found = in_force(adopted_copy(project, scratch, rails, agents) if rails else project)
    return (Enforcement(found) if found else None), [g.to_dict() for g in rails]
