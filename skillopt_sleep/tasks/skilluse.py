"""Which skills the recorded sessions used, in which projects, and which tasks belong to each
resolved SKILL.md: the plan of one night per used skill."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.records import Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.ownskill import OWN_NAMES, in_this_plugin
from skillopt_sleep.tasks.skills import SkillResolution, resolve_skill


@dataclass
class SkillNight:
    """One night to run: a SKILL.md and the tasks that exercised it."""

    skill_path: Path
    names: list[str]
    tasks: list[Task] = field(default_factory=list)
    managed: bool = False  # the configured skill: it also takes the tasks tied to no skill, and the memory file


@dataclass
class SkillPlan:
    nights: list[SkillNight] = field(default_factory=list)
    unresolved: list[SkillResolution] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# Each session's skill names as saved beside it (capture/sessions.py, used_skill_names): a store
# of thousands of sessions is not decoded for a few names (`status` lists them).
_USED = """
    SELECT DISTINCT session.project AS project, name.value AS name
    FROM sessions AS session, json_each(session.skills_json) AS name
    WHERE session.skills_json != '[]'
"""


def used_skills(store: Store) -> list[tuple[str, str]]:
    """(skill name, project) for every skill a user session used, sorted; this plugin's own
    skill, by its names, is not one of them."""
    used = {(str(row["name"]), row["project"] or "") for row in store.query(_USED)}
    return sorted((name, project) for name, project in used if name not in OWN_NAMES)


def task_projects(store: Store, tasks: list[Task]) -> dict[str, str]:
    """Task id -> the project (session folder) of its first source session that is still recorded."""
    projects: dict[str, str] = {}
    for task in tasks:
        for session_id in task.source_sessions:
            row = store.query_one("SELECT project FROM sessions WHERE id = ?", (session_id,))
            if row is not None and row["project"]:
                projects[task.task_id] = row["project"]
                break
    return projects


def resolutions(store: Store, home: Path | None = None) -> list[SkillResolution]:
    seen: dict[str, bool] = {}  # each skill folder looked for once
    found = [resolve_skill(name, project, home, seen) for name, project in used_skills(store)]
    # Another name for this plugin's own skill still resolves into its tree.
    return [r for r in found if r.path is None or not in_this_plugin(r.path)]


def _same_file(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def plan_nights(store: Store, tasks: list[Task], managed_skill: Path | None, home: Path | None = None) -> SkillPlan:
    """Group `tasks` by the file their skill resolves to in their task's project. Tasks tied to
    no skill, and those of a skill that is the managed one, go to the managed skill's night."""
    plan = SkillPlan()
    projects = task_projects(store, tasks)
    cache: dict[tuple[str, str], SkillResolution] = {}
    by_file: dict[str, SkillNight] = {}
    managed = SkillNight(managed_skill, [managed_skill.parent.name], managed=True) if managed_skill else None
    unattached: list[Task] = []
    own = 0
    for task in tasks:
        if task.skill in OWN_NAMES:
            own += 1
            continue
        if not task.skill:
            unattached.append(task)
            continue
        if managed is not None and task.skill in managed.names:  # the configured file wins for its own name
            managed.tasks.append(task)
            continue
        key = (task.skill, projects.get(task.task_id, ""))
        if key not in cache:
            cache[key] = resolve_skill(key[0], key[1], home)
            if not cache[key].resolved:
                plan.unresolved.append(cache[key])
        found = cache[key]
        if found.path is None:
            continue
        if in_this_plugin(found.path):
            own += 1
            continue
        if managed is not None and _same_file(found.path, managed.skill_path):
            managed.tasks.append(task)
            continue
        night = by_file.setdefault(os.path.realpath(found.path), SkillNight(found.path, []))
        if task.skill not in night.names:
            night.names.append(task.skill)
        night.tasks.append(task)
    if managed is not None:
        managed.tasks += unattached
        if managed.tasks:
            plan.nights.append(managed)
    elif unattached:
        plan.notes.append(f"{len(unattached)} task(s) tied to no skill wait for a managed skill "
                          "(set 'skill' in the config or pass --skill)")
    if own:
        plan.notes.append(f"{own} task(s) of this plugin's own skill left out: it drives the nights, it is not one of yours")
    plan.nights += sorted(by_file.values(), key=lambda n: str(n.skill_path))
    return plan
