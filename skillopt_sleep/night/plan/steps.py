"""The stages of one night and the most model calls each can make, from the same settings the
engine runs on. The cost estimate prices these steps (night/plan/estimate.py); a display can show a
night's total from them before it starts.

Each count is an upper bound on the calls a night sends: every round runs, every candidate passes
(so attribution's leave-one-out replays run and the train tasks are replayed again), the paired
gate takes every extra look, a tool replay takes every turn it may, and each rule tried brings
the guardrails of the train tasks' checks it may state, each judged alone. Replays the night has
already made (the same document, task and sample) come from the record and are not counted again.
"""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.guardrails.forms import from_check
from skillopt_sleep.night.propose.conflicts import MAX_RULES
from skillopt_sleep.students.text import MAX_TOOL_TURNS
from skillopt_sleep.night.sequencing.settings import NightSettings
from skillopt_sleep.records import Task

STUDENT, TEACHER, JUDGE = "student", "teacher", "judge"


def replay_calls(task: Task, repo_turns: int = 1) -> int:
    """The most student calls one replay of `task` makes: a tool replay may take every turn, and
    an episode of a repo task every one of its `repo_turns` (repo.max_turns: the loop's model
    turns, held finishes included, or the headless agent's own turn limit)."""
    if task.repo is not None:
        return repo_turns
    return MAX_TOOL_TURNS + 1 if task.tools else 1


@dataclass(frozen=True)
class Step:
    """One stage of the night. A student step replays each of `tasks` `times` times (one sample
    each); a teacher step makes `times` calls."""

    stage: str
    role: str
    times: int
    tasks: tuple[Task, ...] = ()
    repo_turns: int = 1

    def calls(self, role: str) -> int:
        if self.role == TEACHER:
            return self.times if role == TEACHER else 0
        if role == STUDENT:
            return self.times * sum(replay_calls(t, self.repo_turns) for t in self.tasks)
        if role == JUDGE:  # the teacher scores each answer to a rubric task
            return self.times * sum(1 for t in self.tasks if t.judge.kind == "rubric")
        return 0


@dataclass(frozen=True)
class NightPlan:
    steps: tuple[Step, ...]

    def calls(self, role: str | None = None) -> int:
        roles = (STUDENT, TEACHER, JUDGE) if role is None else (role,)
        return sum(step.calls(r) for step in self.steps for r in roles)

    def by_stage(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for step in self.steps:
            totals[step.stage] = totals.get(step.stage, 0) + self.calls_of(step)
        return totals

    @staticmethod
    def calls_of(step: Step) -> int:
        return sum(step.calls(role) for role in (STUDENT, TEACHER, JUDGE))


def attribution_looks(edits: int) -> int:
    """Documents attribution replays for a passing candidate of `edits` edits at most: each edit
    left out in turn, then each of the rest, down to two."""
    return edits * (edits + 1) // 2 - 1 if edits > 1 else 0


def guardrail_candidates(settings: NightSettings, train: list[Task], slow_update: bool = False) -> int:
    """The most guardrails a night judges. Each is made from the check of an edit it tried (a
    round's chosen edits, and the consolidation's), and an edit's check is a failing check of a
    train task: at most the guardrails of the checks that make the most, as many checks as edits."""
    if not settings.repo.guardrails:
        return 0
    made = {c.name(): frozenset(from_check(c.op, c.arg)) for t in train for c in t.judge.checks}
    tried = (settings.rounds + (1 if slow_update else 0)) * settings.edit_budget
    most = sorted((rails for rails in made.values() if rails), key=len, reverse=True)[:tried]
    return len(frozenset().union(*most))


def night_plan(settings: NightSettings, train: list[Task], val: list[Task], *, labelled_checks: int = 0,
               slow_update: bool = False) -> NightPlan:
    """The steps of a night over `train` and `val` (already picked), in the order it runs them.
    `labelled_checks`: failing checks whose rule asks for a labelled line (each costs a teacher
    call per round for its placeholder); `slow_update`: the consolidation is due tonight."""
    gate, replay = settings.gate, settings.replay
    rounds, samples = settings.rounds, replay.rollouts
    extra = gate.extra_samples if gate.enabled and gate.mode == "paired" else 0
    attributed = gate.enabled and gate.attribution
    train_t, val_t = tuple(train), tuple(val)
    steps: list[Step] = []

    def add(stage: str, role: str, times: int, tasks: tuple[Task, ...] = ()) -> None:
        if times > 0 and (role == TEACHER or tasks):
            steps.append(Step(stage, role, times, tasks, settings.repo.limits.max_turns))

    if replay.rewordings and samples > 1:
        add("reword", TEACHER, len(train + val) * replay.rewordings)
    add("replay", STUDENT, samples, train_t)
    add("replay", STUDENT, samples, val_t)
    add("placeholders", TEACHER, rounds * labelled_checks)
    if settings.limits.allow_outside_managed:
        add("conflicts", TEACHER, rounds * MAX_RULES)
    add("reflection", TEACHER, rounds)
    add("gate", STUDENT, rounds * samples, val_t)
    # An undecided paired gain: one more sample of each task under both documents per look.
    add("gate", STUDENT, rounds * extra * 2, val_t)
    if attributed:
        add("attribution", STUDENT, rounds * attribution_looks(settings.edit_budget) * (samples + extra), val_t)
    if gate.probation:  # the accepted edits less those on probation, scored again
        add("gate", STUDENT, rounds * samples, val_t)
    if settings.rules.lead:  # once a night, the accepted candidate with its rules moved first
        add("attribution", STUDENT, samples + extra, val_t)
    add("replay", STUDENT, (rounds - 1) * samples, train_t)  # the train tasks again after each accepted round
    if slow_update:
        add("gate", STUDENT, samples + 2 * extra, val_t)
    # Each guardrail judged alone on the held-out repo tasks, under the night's final text (the
    # same text under the guardrails in force already comes from the record).
    add("guardrails", STUDENT, guardrail_candidates(settings, train, slow_update) * samples, tuple(t for t in val if t.repo is not None))
    return NightPlan(tuple(steps))
