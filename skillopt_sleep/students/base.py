"""A student replays one sample of a task under the night's texts (the skill and the memory) and
returns its rollout. A night builds its student once, from its settings (`StudentSetup`); each
kind of student is an entry of the `skillopt_sleep.students` entry-point group (registry.py), so
another package can add one: a factory that takes a `StudentSetup` and returns a `Student`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

from skillopt_sleep.backends.base import Backend, Completion, CompletionRequest
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.config import default
from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.records import Rollout, Score, Task, ToolCallRecord, text_hash
from skillopt_sleep.students.toolenv import ToolProvider, no_tools
from skillopt_sleep.tasks.judges import score_answer

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Sandbox
    from skillopt_sleep.students.loop import Enforcer

Scorer = Callable[[Task, str, list[ToolCallRecord]], Score]


@dataclass(frozen=True)
class Texts:
    """The documents a sample is replayed under."""

    skill: str
    memory: str = ""

    def digest(self) -> str:
        """What a rollout records as the texts it ran under (episodes: skill and memory)."""
        return text_hash(self.skill + "\0" + self.memory)


@dataclass(frozen=True)
class EpisodeSample:
    """Which sample of a task an episode is, its seed, the role its calls are recorded under, and
    the programs the sandbox watches for the task's checks."""

    sample: int = 0
    seed: int | None = None
    role: str = "student"
    watched: tuple[str, ...] = ()


class Student(Protocol):
    def replay(self, task: Task, sample: int, texts: Texts, seed: int) -> Rollout:
        """One sample of `task` under `texts`, scored; `seed` is the sample's sampling seed."""
        ...


class StudentUnavailable(SkilloptError):
    """A student that cannot run here; the message says why in one line."""


@dataclass(frozen=True)
class RepoLimits:
    """The bounds of a repo-task episode and of its judging."""

    max_turns: int = default("repo.max_turns")
    verify_wall_s: float = default("repo.verify_wall_s")
    copy_mb: int = default("repo.copy_mb")  # the most space one copy may take (sandbox/sized.py)
    check_named: bool = default("repo.check_named")  # the loop's finish names its check


@dataclass(frozen=True)
class StudentSetup:
    """What a student is built from, once a night: the student backend and the record its calls
    go through, how it samples, the tools a task offers, the judge of an answer, and for repo
    tasks the sandbox and the episode bounds."""

    backend: Backend
    recorder: CallRecorder
    temperature: float = default("student.temperature")
    max_tokens: int = default("student.max_tokens")
    tool_provider: ToolProvider = no_tools
    scorer: Scorer | None = None  # None: the task's own judge, without a rubric grader
    sandbox: "Sandbox | None" = None
    repo: RepoLimits = RepoLimits()
    role: str = "student"
    enforcement: "Enforcer | None" = None  # the user's agent's guardrails, which the built-in loop applies

    def workers(self, concurrency: int) -> int:
        # A backend that computes one reply at a time (an in-process model) says so; more threads
        # would only queue on it and inflate the recorded latencies.
        return max(1, min(concurrency, getattr(self.backend, "max_concurrency", None) or concurrency))

    def ask(self, request: CompletionRequest, sample: int) -> Completion:
        return self.recorder.complete(self.role, self.backend, request, sample=sample)

    def request(self, system: str, messages: list, seed: int, tools: list | None = None) -> CompletionRequest:
        """A request as every student call makes it: the night's sampling, the system prompt cached."""
        return CompletionRequest(system=system, messages=list(messages), max_tokens=self.max_tokens,
                                 temperature=self.temperature, seed=seed, tools=tools or [], cache_system=True)

    def score(self, task: Task, answer: str, calls: list[ToolCallRecord]) -> Score:
        if self.scorer is not None:
            return self.scorer(task, answer, calls)
        return score_answer(task, answer, calls)


def system_prompt(skill_text: str, memory_text: str = "") -> str:
    parts = ["You are a capable assistant. Follow the skill below whenever you answer.", "", "<skill>", skill_text.strip(), "</skill>"]
    if memory_text.strip():
        parts += ["", "<memory>", memory_text.strip(), "</memory>"]
    return "\n".join(parts)
