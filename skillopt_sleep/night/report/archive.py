"""The archive of what nights replayed: per project, each task with its scores before and after
the night and an excerpt of the student's answer. Later nights of the same project recall from it
(see recall.py); nothing here is ever read across projects."""

from __future__ import annotations

import json
from dataclasses import dataclass

from skillopt_sleep.records import Rollout, Task, stable_json
from skillopt_sleep.store import Store, utc_now

EXCERPT_CHARS = 400


@dataclass
class ArchivedTask:
    project: str
    task_id: str
    night_id: str
    skill: str
    intent: str
    score_before: float | None
    score_after: float | None
    answer_excerpt: str
    task: Task


def answer_excerpts(rollouts: list[Rollout]) -> dict[str, str]:
    """Task id -> the start of its first sample's answer."""
    excerpts: dict[str, str] = {}
    for rollout in sorted(rollouts, key=lambda r: r.sample):
        if rollout.answer and rollout.task_id not in excerpts:
            excerpts[rollout.task_id] = rollout.answer[:EXCERPT_CHARS]
    return excerpts


def archive_night(store: Store, report, tasks: list[Task], projects: dict[str, str], default_project: str) -> int:
    """Keep each task the night replayed. `report` is the NightReport; `projects` maps a task id
    to its project, and tasks without one (a tasks file) belong to `default_project`."""
    per_task = report.per_task or {}
    replayed = set(report.split.get("train", [])) | set(report.split.get("val", []))
    now = utc_now()
    rows = 0
    with store.transaction() as conn:
        for task in tasks:
            if task.task_id not in replayed:
                continue
            before = per_task.get("val_before", {}).get(task.task_id, per_task.get("train_before", {}).get(task.task_id))
            after = per_task.get("val_after", per_task.get("val_before", {})).get(task.task_id)
            conn.execute(
                "INSERT OR REPLACE INTO task_archive (project, task_id, night_id, skill, intent, score_before, "
                "score_after, answer_excerpt, task_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (projects.get(task.task_id) or default_project, task.task_id, report.night_id, task.skill, task.intent,
                 before, after, (report.answers or {}).get(task.task_id, ""), stable_json(task.to_dict()), now),
            )
            rows += 1
    return rows


def archived(store: Store, projects: set[str]) -> list[ArchivedTask]:
    """The newest archived row of each task of these projects."""
    if not projects:
        return []
    marks = ", ".join("?" for _ in projects)
    rows = store.query(f"SELECT * FROM task_archive WHERE project IN ({marks}) ORDER BY created_at DESC, rowid DESC",
                       tuple(sorted(projects)))
    newest: dict[tuple[str, str], ArchivedTask] = {}
    for row in rows:
        key = (row["project"], row["task_id"])
        if key in newest:
            continue
        newest[key] = _archived(row)
    return list(newest.values())


def last_replay(store: Store, task_id: str) -> ArchivedTask | None:
    """The newest night's row for one task, for the user to read (`tasks show`)."""
    rows = store.query("SELECT * FROM task_archive WHERE task_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1", (task_id,))
    return _archived(rows[0]) if rows else None


def _archived(row) -> ArchivedTask:
    return ArchivedTask(row["project"], row["task_id"], row["night_id"], row["skill"], row["intent"], row["score_before"],
                        row["score_after"], row["answer_excerpt"], Task.from_dict(json.loads(row["task_json"])))
