"""`dry-run --estimate`: the calls, tokens and dollars a night would spend, before spending any.

The plan is an upper bound: every round runs and every candidate is accepted (which costs a
re-replay of the train tasks and the leave-one-out replays of attribution), and every reply is
as long as its max_tokens allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.backends.roles import RoleChoice, backend_for_role, close_backends
from skillopt_sleep.config import Config
from skillopt_sleep.night.cost import Estimate, PlannedCall, estimate_calls
from skillopt_sleep.night.engine import pick_tasks
from skillopt_sleep.night.reflect import ANSWER_EXCERPT, REFLECT_SYSTEM
from skillopt_sleep.night.replay import system_prompt, user_prompt
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.night.split import split_tasks
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store

CHARS_PER_TOKEN = 4
TOOL_TURNS = 2  # a tool replay usually takes a call to search and one to answer


def _tokens(chars: int) -> int:
    return max(1, chars // CHARS_PER_TOKEN)


def plan_night(config: Config, tasks: list[Task], skill_text: str, student, teacher, memory_text: str = "") -> list[PlannedCall]:
    split = split_tasks(tasks, val_fraction=config["night.val_fraction"], test_fraction=config["night.test_fraction"],
                        salt=config["night.split_salt"])
    train, val = pick_tasks(split, config, config["night.seed"] or 0)
    rounds, rollouts = config["night.rounds"], config["night.rollouts"]
    system_tokens = _tokens(len(system_prompt(skill_text, memory_text)))
    student_batch = getattr(student, "batch", None) is not None
    teacher_batch = getattr(teacher, "batch", None) is not None
    caching = student.name == "anthropic" and config["anthropic.prompt_cache"]

    planned: list[PlannedCall] = []

    def replays(group: list[Task], times: int) -> None:
        for task in group:
            turns = TOOL_TURNS if task.tools else 1
            count = times * rollouts * turns
            if not count:
                continue
            input_tokens = system_tokens + _tokens(len(user_prompt(task)))
            planned.append(PlannedCall("student", student.name, student.model, input_tokens, config["student.max_tokens"],
                                       batch=student_batch, calls=count,
                                       cached_input_tokens=system_tokens if caching else 0))
            if task.judge.kind == "rubric":
                planned.append(PlannedCall("judge", teacher.name, teacher.model, _tokens(len(task.judge.rubric)) + config["student.max_tokens"] + 200,
                                           400, batch=teacher_batch, calls=times * rollouts))

    replays(train, rounds)  # the baseline, then a re-replay after each accepted round but the last
    budget = config["night.edit_budget"]
    # Each candidate, then (when it passes) each of its edits left out in turn and the kept set.
    per_round = 1 + (budget + 1 if config["gate.attribution"] and budget > 1 else 0)
    replays(val, 1 + rounds * per_round)
    shown = min(len(train) * rollouts, config["night.reflect_batch"]) * 3 // 2
    reflect_input = _tokens(len(REFLECT_SYSTEM) + len(skill_text) + len(memory_text) + shown * (ANSWER_EXCERPT + 400))
    planned.append(PlannedCall("teacher", teacher.name, teacher.model, reflect_input, config["teacher.max_tokens"],
                               batch=teacher_batch, calls=rounds))
    return planned


@dataclass
class NightEstimate:
    """What one night on a skill would spend at most, and which models it would call."""

    skill_path: Path
    task_count: int
    student: RoleChoice
    teacher: RoleChoice
    estimate: Estimate

    def render(self) -> str:
        return "\n".join([
            f"estimate for one night on {self.skill_path} ({self.task_count} tasks; at most, nothing is called):",
            *(f"{c.role}: {c.backend.name}:{c.backend.model} ({c.why})" for c in (self.student, self.teacher)),
            self.estimate.render(),
        ])


def estimate_night(config: Config, project: Path) -> NightEstimate:
    """Plan a night over the configured skill and tasks and price it; no model is called."""
    skill_path = skill_path_of(config)
    memory_path = memory_path_of(config, project)
    memory_text = memory_path.read_text(encoding="utf-8") if memory_path and memory_path.is_file() else ""
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
    student, teacher = backend_for_role(config, "student"), backend_for_role(config, "teacher")
    try:
        planned = plan_night(config, tasks, skill_path.read_text(encoding="utf-8"), student.backend, teacher.backend, memory_text)
    finally:
        close_backends(student, teacher)
    return NightEstimate(skill_path, len(tasks), student, teacher, estimate_calls(planned))
