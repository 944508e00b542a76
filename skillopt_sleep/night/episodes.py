"""Repo tasks in a night: each sample is an agent episode in a throwaway, sandboxed copy of the
task's repository, judged by the repository's own verification (run by the judge, not the
student) and the task's trajectory and diff checks.

The sandbox is found once per night. Without one, repo tasks are left out of the night with a
one-line reason (or the night refuses to start when they are all it has), unless the user opted
in by name to running them unsandboxed (`repo.allow_unsandboxed`).

Who replays is chosen here, once a night (`repo.student`): a student backend that is the user's
own agent (claude-code, codex) replays headless, its real CLI in the sandbox with the skill where
that agent reads it; any other backend, or `loop`, drives the built-in tool loop. Under `auto` a
headless CLI that cannot run there (no key it may carry, no bubblewrap) falls back to the loop
with a note; under `headless` that is an error."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skillopt_sleep.students.headless import HeadlessAgent, run_headless_episode, skill_name_of
from skillopt_sleep.students.loop import LoopLimits, run_episode
from skillopt_sleep.backends.base import Backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import ConfigError
from skillopt_sleep.records import Rollout, Task, ToolCallRecord, text_hash
from skillopt_sleep.sandbox.sized import COPY_MB
from skillopt_sleep.shorten import clip, cut, listed
from skillopt_sleep.tasks.checks.trajectory import watched_programs
from skillopt_sleep.tasks.judges.repo import score_episode

if TYPE_CHECKING:
    from skillopt_sleep.night.settings import RepoSettings
    from skillopt_sleep.sandbox import Sandbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RepoReplay:
    """What a night needs to replay repo tasks: the sandbox commands run in, the loop's bounds,
    and the headless agent that replays instead of the loop, if any."""

    sandbox: "Sandbox"
    max_turns: int
    verify_wall_s: float
    headless: HeadlessAgent | None = None
    check_named: bool = True  # the loop's finish names its check (LoopLimits.finish_names_check)
    copy_mb: int = COPY_MB  # the most space one copy may take (sandbox/sized.py)


def is_repo_task(task: Task) -> bool:
    return task.repo is not None


def prepare_repo_replay(tasks: list[Task], settings: "RepoSettings", *, notes: list[str],
                        student: Backend | None = None) -> tuple[list[Task], RepoReplay | None]:
    """The tasks the night can replay, and how it replays the repo tasks among them. Without a
    sandbox the repo tasks are left out (a note says why); with nothing else left, the night
    cannot start and SandboxUnavailable says why in one line."""
    if not any(is_repo_task(t) for t in tasks):
        return tasks, None
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox  # only repo tasks need it

    try:
        sandbox = find_sandbox(allow_unsandboxed=settings.allow_unsandboxed)
    except SandboxUnavailable as exc:
        kept = [t for t in tasks if not is_repo_task(t)]
        if not kept:
            raise
        notes.append(f"{len(tasks) - len(kept)} repo task(s) left out: {exc}")
        return kept, None
    headless = choose_student(student, settings.student, sandbox, settings.max_turns, notes)
    return tasks, RepoReplay(sandbox=sandbox, max_turns=settings.max_turns, verify_wall_s=settings.verify_wall_s,
                             headless=headless, check_named=settings.check_named, copy_mb=settings.copy_mb)


def choose_student(student: Backend | None, mode: str, sandbox: "Sandbox", max_turns: int,
                   notes: list[str]) -> HeadlessAgent | None:
    """The headless agent that replays repo tasks, or None for the built-in loop."""
    if mode == "loop" or student is None:
        return None
    from skillopt_sleep.students.agent_cli import HEADLESS_BACKENDS, headless_student

    agent, why_not = headless_student(student, max_turns=max_turns)
    if agent is not None and not hasattr(sandbox, "inside_path"):
        agent, why_not = None, f"the {sandbox.name} sandbox has no loopback of its own for the model relay"
    if agent is None and mode == "headless":
        raise ConfigError(f"repo.student is headless, but {why_not}")
    if agent is None and student.name in HEADLESS_BACKENDS:
        notes.append(f"repo tasks replayed by the built-in loop, not headless: {why_not}")
    return agent


def replay_episode(task: Task, sample: int, skill_text: str, memory_text: str, student: Backend, recorder: CallRecorder,
                   repo: RepoReplay, *, seed: int, temperature: float, max_tokens: int, role: str = "student") -> Rollout:
    """One sample of a repo task: a fresh copy, the episode, the judge, and the copy removed."""
    from skillopt_sleep.sandbox import Workspace

    assert task.repo is not None
    workspace = Workspace.create(task.repo, cap_mb=repo.copy_mb)
    try:
        watched = watched_programs(task.judge.checks)  # "ran X" is judged from the sandbox's record of X
        if repo.headless is not None:
            episode = run_headless_episode(task, skill_text, skill_name_of(task, skill_text), repo.headless, recorder,
                                           workspace, repo.sandbox, sample=sample, seed=seed, memory_text=memory_text,
                                           role=role, watched=watched)
        else:
            episode = run_episode(task, skill_text, student, recorder, workspace, repo.sandbox, sample=sample, seed=seed,
                                  temperature=temperature, limits=LoopLimits(max_turns=repo.max_turns, reply_tokens=max_tokens,
                                                    finish_names_check=repo.check_named),
                                  memory_text=memory_text, role=role, watched=watched)
        score = score_episode(task, episode, workspace, repo.sandbox, wall_s=repo.verify_wall_s)
    finally:
        workspace.cleanup()
    # A verification the machine could not run is a failed replay, never a score about the skill.
    return Rollout(task_id=task.task_id, sample=sample, answer=trajectory_text(episode), score=score,
                   tool_calls=tool_calls_of(episode), skill_hash=text_hash(skill_text + "\0" + memory_text),
                   error=score.error, episode=episode)


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
