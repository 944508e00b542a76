"""The library's front door: run a night from a config, as the CLI, the scheduler and the demo do.

    from skillopt_sleep.api import run_night
    from skillopt_sleep.config import load_config

    report = run_night(load_config(flags={"skill": "SKILL.md", "tasks_file": "tasks.jsonl"}))
    print(report.status, report.proposal_id)
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from skillopt_sleep.backends.roles import backend_for_role, close_backends, prepare_backends
from skillopt_sleep.config import Config
from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.night.engine import NightReport
from skillopt_sleep.night.skillnights import NightRequest, SkillNightsResult, run_one_night
from skillopt_sleep.night.skillnights import run_skill_nights as _run_skill_nights
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.skills import describe
from skillopt_sleep.tasks.skilluse import plan_nights, used_skills
from skillopt_sleep.tasks.taskstore import TaskRepo

Progress = Callable[[str], None]


@contextmanager
def _night_request(config: Config, store: Store, project: Path, dry_run: bool, progress: Progress | None,
                   on_progress: Callable | None) -> Iterator[NightRequest]:
    """The student and teacher, checked before any token is spent, held for the night and released after."""
    student = backend_for_role(config, "student")
    teacher = backend_for_role(config, "teacher")
    try:
        config = prepare_backends(config, student, teacher, progress)
        yield NightRequest(config, store, student.backend, teacher.backend, project, dry_run, progress, on_progress)
    finally:
        close_backends(student, teacher)


def run_night(config: Config, *, dry_run: bool = False, project: Path | None = None,
              progress: Progress | None = None, on_progress: Callable | None = None) -> NightReport:
    """One night over the configured skill and its tasks (a tasks file, or the store's tasks).

    `progress` gets one line per step; `on_progress` structured events (counts, ETA, cost)."""
    skill_path = skill_path_of(config)
    project = project or Path.cwd()
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
        with _night_request(config, store, project, dry_run, progress, on_progress) as request:
            return run_one_night(request, skill_path, tasks, memory_path_of(request.config, project))


def wants_skill_nights(config: Config, *, all_skills: bool = False, skill_flag: bool = False) -> bool:
    """Per-skill nights when asked, or when no --skill names one file and the sessions used skills."""
    if config["source"] != "store":
        return False
    if all_skills:
        return True
    if skill_flag:
        return False
    with Store(config["store.path"]) as store:
        return bool(used_skills(store))


def run_skill_nights(config: Config, *, dry_run: bool = False, project: Path | None = None,
                     progress: Progress | None = None, on_progress: Callable | None = None) -> SkillNightsResult:
    """One night per skill the sessions used; tasks tied to no skill go to the configured skill."""
    project = project or Path.cwd()
    managed = skill_path_of(config) if config["skill"] else None
    with Store(config["store.path"]) as store:
        plan = plan_nights(store, TaskRepo(store).list(), managed)
        if not plan.nights:
            problems = "; ".join(describe(r) for r in plan.unresolved) or "no tasks yet"
            raise SkilloptError(f"no skill has tasks to replay ({problems}): capture sessions and run "
                                "`skillopt-sleep ingest` and `skillopt-sleep mine`")
        with _night_request(config, store, project, dry_run, progress, on_progress) as request:
            return _run_skill_nights(request, plan, memory_path_of(request.config, project) if managed else None)
