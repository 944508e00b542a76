"""Tonight's guardrails: for each rule the night tried that states a mechanical convention (kept
or not: a line the student ignores may still be enforced), its enforcing form, judged alone on
the held-out repo tasks (guardrails/gate.py) with the night's final text, on top of the
guardrails the project has in force. One that is kept is an edit the night proposes, even where
no line of the skill changed. Both repo students are held to them: the built-in loop applies them
the way the user's agent does, and the agent itself replaying reads them from its own files."""

from __future__ import annotations

from typing import Callable

from skillopt_sleep.guardrails.current import project_of
from skillopt_sleep.guardrails.gate import KEPT, GuardrailVerdict, judge_all
from skillopt_sleep.guardrails.forms import Guardrail, from_check_name
from skillopt_sleep.guardrails.replay import Enforcement
from skillopt_sleep.records import Edit, Rollout, Task
from skillopt_sleep.students.base import Student
from skillopt_sleep.students.sandboxed import SandboxedStudent


def candidates(edits: list[Edit]) -> list[tuple[Guardrail, str]]:
    """Each guardrail the kept rules' checks make, once, with the check it enforces."""
    seen: dict[Guardrail, str] = {}
    for edit in edits:
        for found in from_check_name(edit.check) if edit.check else []:
            seen.setdefault(found, edit.check)
    return list(seen.items())


Replay = Callable[[list[Task], Enforcement], list[Rollout]]  # held-out tasks replayed under these guardrails


def judge_tonight(kept: list[Edit], held_out: list[Task], current: Enforcement | None, repo_student: Student | None,
                  replay: Replay, notes: list[str]) -> list[GuardrailVerdict]:
    """`repo_student` replays the night's repo tasks (None: no sandbox); `current` is what the
    project has in force."""
    proposed = candidates(kept)
    if not proposed or repo_student is None:
        return []
    tasks = [t for t in held_out if t.repo is not None]
    if not isinstance(repo_student, SandboxedStudent) or not tasks:
        notes.append(f"{len(proposed)} guardrail(s) not judged: "
                     + ("the repo tasks are not replayed in a sandbox" if tasks else "no held-out repo task"))
        return []
    return judge_all(proposed, current or Enforcement(), lambda enforcement: replay(tasks, enforcement))


AUTO_AGENTS = "auto"


def guardrails_tonight(tried: list[Edit], held_out: list[Task], current: Enforcement | None,
                       repo_student: Student | None, replay: Replay, notes: list[str], agents: str) -> list[dict]:
    """The verdicts as the report keeps them, with the project and agents whose files they change
    (`auto`: the agent the night's repo tasks are held as, whose sessions they came from)."""
    verdicts = judge_tonight(tried, held_out, current, repo_student, replay, notes)
    project = project_of([t.repo.root for t in held_out if t.repo is not None])
    named = agents_written(agents, current)
    return [{**v.to_dict(), "project": str(project or ""), "agents": named} for v in verdicts]


def agents_written(agents: str, current: Enforcement | None) -> list[str]:
    """The agents named in `repo.guardrail_agents`, `auto` read as the agent the replays were held as."""
    named = [a.strip() for a in agents.split(",") if a.strip()]
    return list(dict.fromkeys((current or Enforcement()).agent if a == AUTO_AGENTS else a for a in named))


def status_with_guardrails(status: str, verdicts: list[dict], notes: list[str]) -> str:
    """A night whose text changed nothing still proposes the guardrails its gate kept."""
    kept = [v for v in verdicts if v["fate"] == KEPT and v["project"]]
    if kept and status in ("rejected", "nothing-to-learn", "no-new-edit"):
        notes.append(f"{len(kept)} guardrail(s) kept alone though no line of the skill was: proposed for them")
        return "accepted"
    return status
