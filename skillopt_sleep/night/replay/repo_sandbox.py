"""Repo tasks in a night: each sample is an episode in a throwaway, sandboxed copy of the task's
repository (students/sandboxed.py).

The sandbox is found once per night. Without one, repo tasks are left out of the night with a
one-line reason (or the night refuses to start when they are all it has), unless the user opted
in by name to running them unsandboxed (`repo.allow_unsandboxed`). Who replays them is the
night's student (students/registry.py, `repo.student`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skillopt_sleep.records import Task

if TYPE_CHECKING:
    from skillopt_sleep.night.sequencing.settings import RepoSettings
    from skillopt_sleep.sandbox import Sandbox


def is_repo_task(task: Task) -> bool:
    return task.repo is not None


def find_repo_sandbox(tasks: list[Task], settings: "RepoSettings", notes: list[str]) -> tuple[list[Task], "Sandbox | None"]:
    """The tasks the night can replay, and the sandbox its repo tasks run in (None: it has none).
    Without a sandbox the repo tasks are left out (a note says why); with nothing else left, the
    night cannot start and SandboxUnavailable says why in one line."""
    if not any(is_repo_task(t) for t in tasks):
        return tasks, None
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox  # only repo tasks need it

    try:
        return tasks, find_sandbox(allow_unsandboxed=settings.allow_unsandboxed)
    except SandboxUnavailable as exc:
        kept = [t for t in tasks if not is_repo_task(t)]
        if not kept:
            raise
        notes.append(f"{len(tasks) - len(kept)} repo task(s) left out: {exc}")
        return kept, None
