"""Nights as the CLI and the scheduler run them: each under its skill's own lock, with similar
past tasks of the same project recalled in and the night's tasks archived after; and one such
night per skill the sessions used."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends.base import Backend
from skillopt_sleep.config import Config
from skillopt_sleep.errors import FATAL_ERRORS, NightLockedError, SkilloptError
from skillopt_sleep.night.report.archive import archive_night
from skillopt_sleep.night.sequencing.engine import NightInputs, NightReport, run_night
from skillopt_sleep.night.replay.recall import recall_tasks
from skillopt_sleep.night.sequencing.settings import NightSettings
from skillopt_sleep.records import Task
from skillopt_sleep.night.runlock import skill_lock
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.skills import SkillResolution
from skillopt_sleep.tasks.skilluse import SkillPlan, task_projects

logger = logging.getLogger(__name__)


@dataclass
class NightRequest:
    config: Config
    store: Store
    student: Backend
    teacher: Backend
    project: Path  # the project of tasks that came from no recorded session (a tasks file)
    dry_run: bool = False
    progress: Callable[[str], None] | None = None
    on_progress: Callable | None = None  # structured progress events (counts, ETA, cost) for a display


@dataclass
class SkillNightsResult:
    reports: list[NightReport] = field(default_factory=list)
    unresolved: list[SkillResolution] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    locked: list[str] = field(default_factory=list)  # skills skipped because another night held their lock
    failed: list[str] = field(default_factory=list)  # skills whose night stopped on an error


def _projects(store: Store, tasks: list[Task], default: str) -> dict[str, str]:
    """Task id -> project: a recorded session's folder, a recalled task's own project, else `default`."""
    found = task_projects(store, tasks)
    for task in tasks:
        recalled = task.meta.get("recalled_from") if isinstance(task.meta, dict) else None
        if task.task_id not in found:
            found[task.task_id] = recalled.get("project", default) if isinstance(recalled, dict) else default
    return found


def run_one_night(request: NightRequest, skill_path: Path, tasks: list[Task], memory_path: Path | None) -> NightReport:
    store, default_project = request.store, str(request.project)
    settings = NightSettings.from_config(request.config)
    projects = _projects(store, tasks, default_project)
    recalled = recall_tasks(store, tasks, set(projects.values()), settings.recall_k)
    if recalled and request.progress:
        request.progress(f"recalled {len(recalled)} similar past task(s) of this project")
    projects.update(_projects(store, recalled, default_project))
    with skill_lock(skill_path):
        report = run_night(NightInputs(
            config=request.config, store=store, skill_path=skill_path, tasks=tasks + recalled,
            student=request.student, teacher=request.teacher, memory_path=memory_path,
            dry_run=request.dry_run, progress=request.progress, on_progress=request.on_progress, settings=settings,
        ))
    if not request.dry_run and report.status != "budget-stopped":
        archive_night(store, report, tasks + recalled, projects, default_project)
    return report


def run_skill_nights(request: NightRequest, plan: SkillPlan, memory_path: Path | None) -> SkillNightsResult:
    """One night per planned skill, one after the other; the memory file goes with the managed
    skill's night only, so two proposals never touch one file. A skill whose night is locked or
    fails is noted and the others still run; an error no other night could escape (a login, a
    quota, a missing model) stops them all."""
    result = SkillNightsResult(unresolved=list(plan.unresolved), notes=list(plan.notes))
    for night in plan.nights:
        name = ", ".join(night.names)
        if request.progress:
            request.progress(f"skill {name}: {len(night.tasks)} task(s), {night.skill_path}")
        try:
            result.reports.append(run_one_night(request, night.skill_path, night.tasks,
                                                memory_path if night.managed else None))
        except NightLockedError as exc:
            result.locked.append(name)
            result.notes.append(f"skill {name}: skipped: {exc}")
        except FATAL_ERRORS:
            raise
        except SkilloptError as exc:
            logger.warning("skill %s: night failed: %s", name, exc)
            result.failed.append(name)
            result.notes.append(f"skill {name}: night failed: {exc}")
    return result
