"""Students, found by name in the `skillopt_sleep.students` entry-point group, as backends are:
`text`, `environment`, `loop` and `headless` come with the package, and another package adds one
with an entry whose factory takes a `StudentSetup` and returns a `Student`.

A night has one student, built here once: repo tasks go to the repo student `repo.student` names
(`auto`: the user's own agent headless where the student backend is one and its CLI can run in
the sandbox, else the built-in loop, with a note when the backend is an agent CLI), every other
task to the text student."""

from __future__ import annotations

from skillopt_sleep.backends.entrypoints import ExtensionGroup
from skillopt_sleep.config import STUDENT_GROUP
from skillopt_sleep.errors import ConfigError, SkilloptError
from skillopt_sleep.records import Rollout, Task
from skillopt_sleep.students.agent_cli import HEADLESS_BACKENDS
from skillopt_sleep.students.base import Student, StudentSetup, StudentUnavailable, Texts

STUDENTS = ExtensionGroup(STUDENT_GROUP, "student", ConfigError)
AUTO = "auto"


def student_names() -> list[str]:
    return STUDENTS.names()


def create_student(name: str, setup: StudentSetup) -> Student:
    return STUDENTS.load(name)(setup)


def repo_student(setup: StudentSetup, name: str, notes: list[str]) -> Student:
    """The student of repo tasks `repo.student` names; `auto` and `headless` say in one line why
    the user's agent cannot replay (a note under auto, an error under headless)."""
    if name not in (AUTO, "headless"):
        return create_student(name, setup)
    try:
        return create_student("headless", setup)
    except StudentUnavailable as exc:
        if name == "headless":
            raise ConfigError(f"repo.student is headless, but {exc}") from None
        if setup.backend.name in HEADLESS_BACKENDS:
            notes.append(f"repo tasks replayed by the built-in loop, not headless: {exc}")
    return create_student("loop", setup)


class NightStudent:
    """The night's student: a repo task's sample goes to the repo student (None: no sandbox was
    found, and such a task fails its replay), any other to the text student."""

    def __init__(self, text: Student, repo: Student | None = None):
        self.text, self.repo = text, repo

    def replay(self, task: Task, sample: int, texts: Texts, seed: int) -> Rollout:
        if task.repo is None:
            return self.text.replay(task, sample, texts, seed)
        if self.repo is None:
            raise SkilloptError(f"task {task.task_id} is a repo task and this replay has no sandbox for it")
        return self.repo.replay(task, sample, texts, seed)


def night_student(setup: StudentSetup, repo: str = AUTO, notes: list[str] | None = None) -> NightStudent:
    """Built once a night from its setup; the repo student only where a sandbox was found."""
    repo_one = repo_student(setup, repo, notes if notes is not None else []) if setup.sandbox is not None else None
    return NightStudent(create_student("text", setup), repo_one)


def repo_student_of(student: Student) -> Student | None:
    """The student a night's repo tasks go to (None: the night has no sandbox for them)."""
    return student.repo if isinstance(student, NightStudent) else None
