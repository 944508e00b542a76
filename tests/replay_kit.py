"""Replays of text and environment tasks as a night runs them: the text student, built from a
backend, replaying under a skill, one sample each."""

from __future__ import annotations

from skillopt_sleep.backends.base import Backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.config import default
from skillopt_sleep.night.replay.samples import ReplayRun, replay_tasks
from skillopt_sleep.records import Rollout, Task
from skillopt_sleep.students.base import Scorer, StudentSetup, Texts
from skillopt_sleep.students.registry import create_student
from skillopt_sleep.students.toolenv import ToolProvider, no_tools


def replay_answers(tasks: list[Task], skill_text: str, backend: Backend, recorder: CallRecorder, *,
                   tool_provider: ToolProvider = no_tools, scorer: Scorer | None = None,
                   concurrency: int = default("night.concurrency")) -> list[Rollout]:
    setup = StudentSetup(backend, recorder, tool_provider=tool_provider, scorer=scorer)
    run = ReplayRun(recorder, concurrency=setup.workers(concurrency))
    return replay_tasks(tasks, Texts(skill_text), create_student("text", setup), run)
