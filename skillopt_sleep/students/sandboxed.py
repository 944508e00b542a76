"""The students of repo tasks: each sample is an episode in a throwaway, sandboxed copy of the
task's repository, judged by the repository's own verification (run by the judge, not the
student) and the task's trajectory and diff checks. The built-in loop (loop.py) drives the
student backend through list, read, search, edit, run and finish; the headless student runs the
user's own agent CLI (headless.py) with the skill where that agent reads it. Both are held to the
guardrails under test: the loop applies them as the agent would, the agent applies them itself."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from skillopt_sleep.episode import Episode
from skillopt_sleep.records import Rollout, Task, ToolCallRecord
from skillopt_sleep.sandbox import Workspace
from skillopt_sleep.shorten import clip, cut, listed
from skillopt_sleep.students.agent_cli import headless_student
from skillopt_sleep.students.base import EpisodeSample, StudentSetup, StudentUnavailable, Texts
from skillopt_sleep.students.headless import HeadlessAgent, run_headless_episode
from skillopt_sleep.students.loop import LoopLimits, LoopSettings, run_episode
from skillopt_sleep.tasks.checks.trajectory import watched_programs
from skillopt_sleep.tasks.judges.repo import score_episode

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Sandbox


class SandboxedStudent(ABC):
    """A fresh copy for each sample, the episode in it, the judge, and the copy removed."""

    def __init__(self, setup: StudentSetup):
        if setup.sandbox is None:
            raise StudentUnavailable("repo tasks are replayed only in a sandbox, and none was found")
        self.setup = setup
        self.sandbox: "Sandbox" = setup.sandbox

    def replay(self, task: Task, sample: int, texts: Texts, seed: int) -> Rollout:
        assert task.repo is not None
        workspace = Workspace.create(task.repo, cap_mb=self.setup.repo.copy_mb)
        try:
            watched = watched_programs(task.judge.checks)  # "ran X" is judged from the sandbox's record of X
            episode = self.episode(task, sample, texts, seed, workspace, watched)
            score = score_episode(task, episode, workspace, self.sandbox, wall_s=self.setup.repo.verify_wall_s)
        finally:
            workspace.cleanup()
        # A verification the machine could not run is a failed replay, never a score about the skill.
        return Rollout(task_id=task.task_id, sample=sample, answer=trajectory_text(episode), score=score,
                       tool_calls=tool_calls_of(episode), skill_hash=texts.digest(), error=score.error, episode=episode)

    @abstractmethod
    def episode(self, task: Task, sample: int, texts: Texts, seed: int, workspace: Workspace,
                watched: tuple[str, ...]) -> Episode:
        """The student's episode in `workspace`; its change stays in the copy for the judge."""


class LoopStudent(SandboxedStudent):
    """The built-in tool loop, bounded by the night's repo limits."""

    def episode(self, task: Task, sample: int, texts: Texts, seed: int, workspace: Workspace,
                watched: tuple[str, ...]) -> Episode:
        setup = self.setup
        limits = LoopLimits(max_turns=setup.repo.max_turns, reply_tokens=setup.max_tokens,
                            finish_names_check=setup.repo.check_named, enforcement=setup.enforcement)
        at = EpisodeSample(sample=sample, seed=seed, role=setup.role, watched=watched)
        return run_episode(task, texts, setup.backend, setup.recorder, workspace, self.sandbox, at,
                           LoopSettings(temperature=setup.temperature, limits=limits))


class HeadlessStudent(SandboxedStudent):
    """The student backend's own agent CLI (claude -p, codex exec), headless in the sandbox."""

    def __init__(self, setup: StudentSetup):
        super().__init__(setup)
        agent, why_not = headless_student(setup.backend, max_turns=setup.repo.max_turns)
        if agent is not None and not hasattr(self.sandbox, "inside_path"):
            agent, why_not = None, f"the {self.sandbox.name} sandbox has no loopback of its own for the model relay"
        if agent is None:
            raise StudentUnavailable(why_not)
        # The agent itself enforces the guardrails under test, from the files it reads them in.
        held_to = tuple(getattr(setup.enforcement, "guardrails", ()))
        self.agent: HeadlessAgent = dataclasses.replace(agent, guardrails=held_to)  # type: ignore[type-var]

    def episode(self, task: Task, sample: int, texts: Texts, seed: int, workspace: Workspace,
                watched: tuple[str, ...]) -> Episode:
        at = EpisodeSample(sample=sample, seed=seed, role=self.setup.role, watched=watched)
        return run_headless_episode(task, texts, self.agent, self.setup.recorder, workspace, self.sandbox, at)


def create_loop(setup: StudentSetup) -> LoopStudent:
    return LoopStudent(setup)


def create_headless(setup: StudentSetup) -> HeadlessStudent:
    return HeadlessStudent(setup)


def tool_calls_of(episode: Episode) -> list[ToolCallRecord]:
    return [ToolCallRecord(name=s.name, arguments=dict(s.arguments), result=s.output, error=s.error)
            for s in episode.steps if s.kind == "tool"]


def trajectory_text(episode: Episode, *, limit: int = 1200) -> str:
    """An episode as reflection and reports read it: what the student ran (with exit codes), the
    files it changed, and what it said at the end. Never the diff's contents: rules are learned
    about behaviour, not copied from one task's patch."""
    lines = []
    for step in episode.steps:
        if step.kind != "tool":
            continue
        if step.name == "run":
            command = clip(str(step.arguments.get("command", "")), 120)
            status = "error" if step.error else f"exit {step.exit_code}"
            lines.append(f"ran `{command}` ({status})")
        elif step.name == "edit":
            lines.append(f"edited {step.arguments.get('path', '?')}" + (" (refused)" if step.error else ""))
        elif step.name == "finish":
            lines.append("finished")
    if episode.changed_files:
        lines.append("changed: " + listed(episode.changed_files, 12))
    if episode.error:
        lines.append(f"stopped: {episode.error}")
    if episode.final_message.strip():
        lines.append("final message: " + " ".join(episode.final_message.split()))
    return cut("\n".join(lines) or "(no action)", limit)
