"""The replay tasks the nights work on: list, show, export, import and add them, the candidates
mining holds back, a task's judge described, its newest replay, and a recorded episode judged."""

from __future__ import annotations

from typing import Any

from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import TaskError
from skillopt_sleep.records import ORIGINS, SPLITS, Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import CandidateRepo
from skillopt_sleep.tasks.judges import describe_judge
from skillopt_sleep.tasks.taskstore import TaskRepo, export_tasks, import_tasks, load_tasks_file, skill_name

__all__ = ["ORIGINS", "SPLITS", "CandidateRepo", "Episode", "Store", "Task", "TaskRepo", "describe_judge",
           "export_tasks", "import_tasks", "judge_episode", "last_replay", "load_tasks_file", "skill_name"]


def last_replay(store: Store, task_id: str):
    """How the newest night that replayed a task scored it, and the start of what the student did (or None)."""
    from skillopt_sleep.night.report.archive import last_replay as newest  # the night's archive: only `tasks show` needs it

    return newest(store, task_id)


def judge_episode(task: Task, episode: Episode, allow_unsandboxed: bool) -> tuple[Any, list[str]]:
    """A recorded episode of a repo task judged in the sandbox (bare only where none exists and
    `allow_unsandboxed`): its score, and the lines `tasks judge` prints of it."""
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox  # the sandbox and judge: only this needs them
    from skillopt_sleep.tasks.judges.repo import judge_recorded, score_lines

    try:
        sandbox = find_sandbox(allow_unsandboxed=allow_unsandboxed)
    except SandboxUnavailable as exc:
        raise TaskError(str(exc)) from None
    score = judge_recorded(task, episode, sandbox)
    return score, score_lines(score)
