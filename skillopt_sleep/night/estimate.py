"""`dry-run --estimate`: the calls, tokens, dollars and wall time a night would spend, before
spending any.

The plan is an upper bound: every round runs and every candidate is accepted (which costs a
re-replay of the train tasks and the leave-one-out replays of attribution), and every reply is
as long as its max_tokens allows. No backend is constructed (one may demand an API key or load a
model): the estimate only needs each role's backend name, model and batch setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.backends.auto import choose, default_model
from skillopt_sleep.backends.llamapool import local_layout
from skillopt_sleep.backends.localmodel import DEFAULT_MODEL as LOCAL_DEFAULT_MODEL
from skillopt_sleep.config import Config
from skillopt_sleep.night.cost import Estimate, PlannedCall, estimate_calls
from skillopt_sleep.night.duration import WallEstimate, estimate_wall
from skillopt_sleep.night.engine import pick_tasks
from skillopt_sleep.night.reflect import ANSWER_EXCERPT, REFLECT_SYSTEM
from skillopt_sleep.night.replay import system_prompt, user_prompt
from skillopt_sleep.night.rules import example_label
from skillopt_sleep.night.settings import NightSettings
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.night.split import split_tasks
from skillopt_sleep.paths import data_dir
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store

CHARS_PER_TOKEN = 4
TOOL_TURNS = 2  # a tool replay usually takes a call to search and one to answer


@dataclass
class PlannedRole:
    """The backend a role would get, named without being constructed."""

    role: str
    name: str
    model: str
    why: str
    batch: bool = False


def plan_role(config: Config, role: str) -> PlannedRole:
    section = config.section(role)
    name, model = section["backend"], section.get("model") or ""
    why = f"{role}.backend={name} ({config.sources.get(f'{role}.backend', 'default')})"
    if name == "auto":
        choice = choose(config, role)
        name, model, why = choice.name, choice.model, f"auto: {choice.why}"
    if not model:
        model = LOCAL_DEFAULT_MODEL if name == "local" else name if name == "scripted" else default_model(name, role)
    batch = bool(config[f"{name}.batch"]) if name in ("anthropic", "openai") else False
    return PlannedRole(role, name, model, why, batch)


def _tokens(chars: int) -> int:
    return max(1, chars // CHARS_PER_TOKEN)


def plan_night(config: Config, tasks: list[Task], skill_text: str, student: PlannedRole, teacher: PlannedRole,
               memory_text: str = "") -> list[PlannedCall]:
    split = split_tasks(tasks, val_fraction=config["night.val_fraction"], test_fraction=config["night.test_fraction"],
                        salt=config["night.split_salt"])
    train, val = pick_tasks(split, NightSettings.from_config(config).split, config["night.seed"] or 0)
    rounds, rollouts = config["night.rounds"], config["night.rollouts"]
    system_tokens = _tokens(len(system_prompt(skill_text, memory_text)))
    student_batch, teacher_batch = student.batch, teacher.batch
    caching = student.name == "anthropic" and config["anthropic.prompt_cache"]

    planned: list[PlannedCall] = []

    def replays(group: list[Task], times: int, samples: int = rollouts) -> None:
        for task in group:
            turns = TOOL_TURNS if task.tools else 1
            count = times * samples * turns
            if not count:
                continue
            input_tokens = system_tokens + _tokens(len(user_prompt(task)))
            planned.append(PlannedCall("student", student.name, student.model, input_tokens, config["student.max_tokens"],
                                       batch=student_batch, calls=count,
                                       cached_input_tokens=system_tokens if caching else 0))
            if task.judge.kind == "rubric":
                planned.append(PlannedCall("judge", teacher.name, teacher.model, _tokens(len(task.judge.rubric)) + config["student.max_tokens"] + 200,
                                           400, batch=teacher_batch, calls=times * samples))

    replays(train, rounds)  # the baseline, then a re-replay after each accepted round but the last
    budget = config["night.edit_budget"]
    # Each candidate, then (when it passes) at most every edit left out in turn, then every edit
    # but one of the rest, down to two.
    attribution = budget * (budget + 1) // 2 - 1 if config["gate.attribution"] and budget > 1 else 0
    # An undecided paired gate looks again with one more sample of each task under both documents;
    # attribution then replays with all of them.
    extra = config["gate.extra_samples"] if config["gate.mode"] == "paired" and config["gate.enabled"] else 0
    replays(val, 1 + rounds)
    replays(val, rounds * extra * 2, samples=1)
    replays(val, rounds * attribution, samples=rollouts + extra)
    if config["rules.lead"]:  # once a night, the accepted candidate with its rules moved first
        replays(val, 1, samples=rollouts + extra)
    shown = min(len(train) * rollouts, config["night.reflect_batch"]) * 3 // 2
    reflect_input = _tokens(len(REFLECT_SYSTEM) + len(skill_text) + len(memory_text) + shown * (ANSWER_EXCERPT + 400))
    planned.append(PlannedCall("teacher", teacher.name, teacher.model, reflect_input, config["teacher.max_tokens"],
                               batch=teacher_batch, calls=rounds))
    # Each request is reworded before the replays, when samples after the first can ask in it.
    if config["night.rewordings"] and rollouts > 1:
        planned.append(PlannedCall("teacher", teacher.name, teacher.model, 120, 120, batch=teacher_batch,
                                   calls=len(train + val) * config["night.rewordings"]))
    # Each labelled line a rule asks for gets a short teacher-written placeholder for its value.
    labelled = {(c.op, repr(c.arg)) for t in train if t.judge.kind == "rule" for c in t.judge.checks
                if example_label(c)}
    if labelled:
        planned.append(PlannedCall("teacher", teacher.name, teacher.model, 300, 30, batch=teacher_batch,
                                   calls=rounds * len(labelled)))
    return planned


@dataclass
class NightEstimate:
    """What one night on a skill would spend at most, and which models it would call."""

    skill_path: Path
    task_count: int
    student: PlannedRole
    teacher: PlannedRole
    estimate: Estimate
    wall: WallEstimate

    def render(self) -> str:
        return "\n".join([
            f"estimate for one night on {self.skill_path} ({self.task_count} tasks; at most, nothing is called):",
            *(f"{c.role}: {c.name}:{c.model} ({c.why})" for c in (self.student, self.teacher)),
            self.estimate.render(),
            self.wall.render(),
        ])


def estimate_night(config: Config, project: Path) -> NightEstimate:
    """Plan a night over the configured skill and tasks and price it; no model is called."""
    skill_path = skill_path_of(config)
    memory_path = memory_path_of(config, project)
    memory_text = memory_path.read_text(encoding="utf-8") if memory_path and memory_path.is_file() else ""
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
    student, teacher = plan_role(config, "student"), plan_role(config, "teacher")
    planned = plan_night(config, tasks, skill_path.read_text(encoding="utf-8"), student, teacher, memory_text)
    wall = estimate_wall(planned, config["night.concurrency"], data_dir(),
                         local_layout(config["local.instances"], config["local.threads"])[0])
    return NightEstimate(skill_path, len(tasks), student, teacher, estimate_calls(planned), wall)
