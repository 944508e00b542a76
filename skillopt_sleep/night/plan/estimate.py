"""`dry-run --estimate`: the calls, tokens, dollars and wall time a night would spend, before
spending any.

The calls come from the night's own plan (night/plan/steps.py) and, for a night on the store with
mining.read_turns, from the teacher's reading of the captured sessions' turns that the night's
mining would do first (each turn once, up to mining.read_turns_max_calls): an upper bound: every round runs and
every candidate is accepted (which costs a re-replay of the train tasks and the leave-one-out
replays of attribution), every look of the paired gate and every conflict ask is taken, and
every reply is as long as its max_tokens allows. No backend is constructed (one may demand an API key or load a
model): the estimate only needs each role's backend name, model and batch setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.backends.auto import choose, default_model
from skillopt_sleep.backends.llamapool import local_layout
from skillopt_sleep.backends.localmodel import DEFAULT_MODEL as LOCAL_DEFAULT_MODEL
from skillopt_sleep.config import Config
from skillopt_sleep.night.plan.cost import Estimate, PlannedCall, estimate_calls
from skillopt_sleep.night.plan.duration import WallEstimate, estimate_wall
from skillopt_sleep.night.sequencing.engine import pick_tasks
from skillopt_sleep.night.propose.reflect import ANSWER_EXCERPT, REFLECT_SYSTEM
from skillopt_sleep.students.base import system_prompt
from skillopt_sleep.students.text import user_prompt
from skillopt_sleep.night.propose.rules import example_label
from skillopt_sleep.night.sequencing.settings import NightSettings
from skillopt_sleep.night.plan.steps import TEACHER, NightPlan, night_plan, replay_calls
from skillopt_sleep.night.sequencing.slow_update import is_due
from skillopt_sleep.night.sequencing.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.night.replay.split import split_tasks
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.tasks.corrections.classify import ROLE as READER, reading_requests
from skillopt_sleep.paths import data_dir
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store

CHARS_PER_TOKEN = 4


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


# Prompt and reply sizes of the teacher's short asks, in tokens (a reflection is sized from its prompt).
SHORT_ASKS = {"reword": (120, 120), "placeholders": (300, 30), "conflicts": (600, 30)}


def picked_tasks(settings: NightSettings, tasks: list[Task]) -> tuple[list[Task], list[Task]]:
    """The train and held-out tasks a night would replay, as the engine picks them."""
    split = split_tasks(tasks, val_fraction=settings.split.val_fraction, test_fraction=settings.split.test_fraction,
                        salt=settings.split.salt, min_val=settings.gate.fewest_tasks)
    return pick_tasks(split, settings.split, settings.split.seed or 0, settings.gate.fewest_tasks)


def labelled_check_count(train: list[Task]) -> int:
    """Distinct rule checks of the train tasks whose rule asks for a labelled line: each may cost a
    teacher call per round for the value it shows."""
    return len({(c.op, repr(c.arg)) for t in train if t.judge.kind == "rule" for c in t.judge.checks if example_label(c)})


def planned_calls(plan: NightPlan, settings: NightSettings, skill_text: str, student: PlannedRole, teacher: PlannedRole,
                  *, memory_text: str = "", prompt_cache: bool = False, train_size: int = 0) -> list[PlannedCall]:
    """The night's steps as priced calls: each replay as long as its prompt and max_tokens."""
    system_tokens = _tokens(len(system_prompt(skill_text, memory_text)))
    caching = student.name == "anthropic" and prompt_cache
    reply_tokens = settings.replay.max_tokens
    planned: list[PlannedCall] = []
    for step in plan.steps:
        if step.role == TEACHER:
            if step.stage == "reflection":
                shown = min(train_size * settings.replay.rollouts, settings.reflect_batch) * 3 // 2
                size = (_tokens(len(REFLECT_SYSTEM) + len(skill_text) + len(memory_text) + shown * (ANSWER_EXCERPT + 400)),
                        settings.teacher_max_tokens)
            else:
                size = SHORT_ASKS[step.stage]
            planned.append(PlannedCall("teacher", teacher.name, teacher.model, size[0], size[1], batch=teacher.batch,
                                       calls=step.times))
            continue
        for task in step.tasks:
            planned.append(PlannedCall("student", student.name, student.model, system_tokens + _tokens(len(user_prompt(task))),
                                       reply_tokens, batch=student.batch, calls=step.times * replay_calls(task, step.repo_turns),
                                       cached_input_tokens=system_tokens if caching else 0))
            if task.judge.kind == "rubric":
                planned.append(PlannedCall("judge", teacher.name, teacher.model, _tokens(len(task.judge.rubric)) + reply_tokens + 200,
                                           400, batch=teacher.batch, calls=step.times))
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
    plan: NightPlan = NightPlan(())

    def render(self) -> str:
        return "\n".join([
            f"estimate for one night on {self.skill_path} ({self.task_count} tasks; at most, nothing is called):",
            *(f"{c.role}: {c.name}:{c.model} ({c.why})" for c in (self.student, self.teacher)),
            self.estimate.render(),
            self.wall.render(),
        ])


def planned_reads(config: Config, store: Store, teacher: PlannedRole) -> list[PlannedCall]:
    """The teacher's reading of the turns the night's mining would read first: the sessions not
    mined yet, each turn after agent work once, at most mining.read_turns_max_calls of them."""
    if config["source"] != "store" or not config["mining.read_turns"]:
        return []
    requests = reading_requests(SessionRepo(store).unmined())
    calls = min(len(requests), config["mining.read_turns_max_calls"])
    if not calls:
        return []
    longest = max(_tokens(len(r.system) + sum(len(m.content) for m in r.messages)) for r in requests)
    return [PlannedCall(READER, teacher.name, teacher.model, longest, requests[0].max_tokens, batch=False, calls=calls)]


def estimate_night(config: Config, project: Path) -> NightEstimate:
    """Plan a night over the configured skill and tasks and price it; no model is called."""
    skill_path = skill_path_of(config)
    memory_path = memory_path_of(config, project)
    memory_text = memory_path.read_text(encoding="utf-8") if memory_path and memory_path.is_file() else ""
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
        settings = NightSettings.from_config(config)
        train, val = picked_tasks(settings, tasks)
        due = is_due(store, str(skill_path), settings.slow_update_every, "")
        student, teacher = plan_role(config, "student"), plan_role(config, "teacher")
        reads = planned_reads(config, store, teacher)
    plan = night_plan(settings, train, val, labelled_checks=labelled_check_count(train), slow_update=due)
    planned = reads + planned_calls(plan, settings, skill_path.read_text(encoding="utf-8"), student, teacher,
                                    memory_text=memory_text, prompt_cache=config["anthropic.prompt_cache"],
                                    train_size=len(train))
    wall = estimate_wall(planned, config["night.concurrency"], data_dir(),
                         local_layout(config["local.instances"], config["local.threads"])[0])
    return NightEstimate(skill_path, len(tasks), student, teacher, estimate_calls(planned), wall, plan)
