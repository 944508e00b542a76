"""Tonight's guardrails: for each kept rule that states a mechanical convention, its enforcing
form, judged alone on the held-out repo tasks (guardrails/gate.py) with the night's final text,
on top of the guardrails the project has in force. Only the built-in loop applies guardrails the
way the user's agent does; a night replaying with the agent itself judges none."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from skillopt_sleep.guardrails.gate import GuardrailVerdict, judge_all
from skillopt_sleep.guardrails.forms import Guardrail, from_check_name
from skillopt_sleep.guardrails.replay import Enforcement
from skillopt_sleep.night.episodes import RepoReplay
from skillopt_sleep.records import Edit, Rollout, Task


def candidates(edits: list[Edit]) -> list[tuple[Guardrail, str]]:
    """Each guardrail the kept rules' checks make, once, with the check it enforces."""
    seen: dict[Guardrail, str] = {}
    for edit in edits:
        for found in from_check_name(edit.check) if edit.check else []:
            seen.setdefault(found, edit.check)
    return list(seen.items())


def judge_tonight(kept: list[Edit], held_out: list[Task], repo: RepoReplay | None,
                  replay: Callable[[list[Task], RepoReplay], list[Rollout]], notes: list[str]) -> list[GuardrailVerdict]:
    proposed = candidates(kept)
    if not proposed or repo is None:
        return []
    tasks = [t for t in held_out if t.repo is not None]
    if repo.headless is not None or not tasks:
        notes.append(f"{len(proposed)} guardrail(s) not judged: "
                     + ("the agent itself replayed the tasks" if tasks else "no held-out repo task"))
        return []
    current = repo.enforcement or Enforcement()
    return judge_all(proposed, current, lambda enforcement: replay(tasks, replace(repo, enforcement=enforcement)))
