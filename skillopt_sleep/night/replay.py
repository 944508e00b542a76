"""Replay tasks under a skill text with the student model, with bounded concurrency, a real tool
loop where the task offers tools, and judging of every answer."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.errors import FATAL_ERRORS, SkilloptError
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.students.environment import Environment, replay_environment
from skillopt_sleep.night.episodes import RepoReplay, replay_episode
from skillopt_sleep.night.reword import in_other_words
from skillopt_sleep.students.toolenv import ToolEnvironment, ToolProvider, no_tools
from skillopt_sleep.records import Rollout, Score, Task, ToolCallRecord, text_hash
from skillopt_sleep.tasks.judges import score_answer

Scorer = Callable[[Task, str, list[ToolCallRecord]], Score]

MAX_TOOL_TURNS = 4


def system_prompt(skill_text: str, memory_text: str = "") -> str:
    parts = ["You are a capable assistant. Follow the skill below whenever you answer.", "", "<skill>", skill_text.strip(), "</skill>"]
    if memory_text.strip():
        parts += ["", "<memory>", memory_text.strip(), "</memory>"]
    return "\n".join(parts)


def user_prompt(task: Task) -> str:
    if task.context.strip():
        return f"{task.intent}\n\nContext:\n{task.context.strip()}"
    return task.intent


def sample_seed(night_seed: int, task_id: str, sample: int) -> int:
    # The same seed for a task under every skill variant of a night: differences between the
    # current and candidate scores then come from the text, not from sampling luck.
    digest = hashlib.sha256(f"{night_seed}:{task_id}:{sample}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (2**31 - 1)


def _default_scorer() -> Scorer:
    return lambda task, answer, calls: score_answer(task, answer, calls)


def replay_one(
    task: Task,
    sample: int,
    system: str,
    student: Backend,
    recorder: CallRecorder,
    *,
    seed: int,
    temperature: float,
    max_tokens: int,
    tools: ToolEnvironment | None,
    scorer: Scorer,
    role: str = "student",
) -> Rollout:
    messages = [Message(role="user", content=user_prompt(task))]
    calls: list[ToolCallRecord] = []
    specs = tools.specs() if tools is not None else []
    answer = ""
    for turn in range(MAX_TOOL_TURNS + 1):
        request = CompletionRequest(
            system=system,
            messages=list(messages),
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            tools=specs if turn < MAX_TOOL_TURNS else [],
            cache_system=True,
        )
        completion = recorder.complete(role, student, request, sample=sample)
        if not completion.tool_calls or tools is None:
            answer = completion.text
            break
        messages.append(Message(role="assistant", content=completion.text, tool_calls=list(completion.tool_calls)))
        for call in completion.tool_calls:
            record = ToolCallRecord(name=call.name, arguments=dict(call.arguments))
            try:
                record.result = tools.call(call.name, dict(call.arguments))
            except ValueError as exc:
                record.error = str(exc)
            calls.append(record)
            messages.append(Message(role="tool", content=record.result or f"error: {record.error}", tool_call_id=call.call_id))
    score = scorer(task, answer, calls)
    return Rollout(task_id=task.task_id, sample=sample, answer=answer, score=score, tool_calls=calls, skill_hash=text_hash(system))


def replay_tasks(
    tasks: list[Task],
    skill_text: str,
    student: Backend,
    recorder: CallRecorder,
    *,
    memory_text: str = "",
    rollouts: int = 1,
    concurrency: int = 4,
    seed: int = 0,
    temperature: float = 0.7,
    max_tokens: int = 700,
    tool_provider: ToolProvider = no_tools,
    scorer: Scorer | None = None,
    stage: str = "replay",
    on_progress: ProgressSink | None = None,
    wordings: dict[str, list[str]] | None = None,
    repo: RepoReplay | None = None,
) -> list[Rollout]:
    """Every (task, sample) pair, in task order. A fatal backend error or a budget cap stops the
    whole replay; any other error marks that rollout failed with the error, and a replay in which
    every rollout failed raises, so a broken backend never looks like a skill scoring zero.
    `on_progress` hears `stage` start and each finished rollout, with the night's cost so far.
    `wordings` (task id -> rewordings) make samples after the first ask in other words.
    A repo task's sample is an episode in a sandboxed copy of its repository (`repo`); a task
    whose tool provider gives an environment is an episode with that environment."""
    scorer = scorer or _default_scorer()
    system = system_prompt(skill_text, memory_text)
    jobs = [(task, sample) for task in tasks for sample in range(rollouts)]
    finished = _Counter(stage, len(jobs), recorder, on_progress)

    def run(job: tuple[Task, int]) -> Rollout:
        try:
            return replay_job(job)
        finally:
            finished.add()

    def replay_job(job: tuple[Task, int]) -> Rollout:
        task, sample = job
        task = in_other_words(task, sample, wordings or {})
        try:
            if task.repo is not None:
                if repo is None:
                    raise SkilloptError(f"task {task.task_id} is a repo task and this replay has no sandbox for it")
                return replay_episode(task, sample, skill_text, memory_text, student, recorder, repo,
                                      seed=sample_seed(seed, task.task_id, sample), temperature=temperature,
                                      max_tokens=max_tokens)
            tools = tool_provider(task)
            if isinstance(tools, Environment):  # an environment task: the sample is an episode with it
                return replay_environment(task, sample, system, student, recorder, tools,
                                          seed=sample_seed(seed, task.task_id, sample), temperature=temperature,
                                          max_tokens=max_tokens)
            return replay_one(
                task, sample, system, student, recorder,
                seed=sample_seed(seed, task.task_id, sample), temperature=temperature, max_tokens=max_tokens,
                tools=tools, scorer=scorer,
            )
        except FATAL_ERRORS:
            raise
        except (SkilloptError, OSError, RuntimeError, ValueError) as exc:
            failed = Score(hard=0.0, soft=0.0, error=f"replay failed: {exc}")
            return Rollout(task_id=task.task_id, sample=sample, answer="", score=failed, error=f"{type(exc).__name__}: {exc}")

    # A backend that computes one reply at a time (an in-process model) says so; more threads
    # would only queue on it and inflate the recorded latencies.
    workers = max(1, min(concurrency, getattr(student, "max_concurrency", None) or concurrency))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(run, jobs))
    if results and all(r.error for r in results):
        raise SkilloptError(f"every replay failed; first error: {results[0].error}")
    return results


class _Counter:
    """Finished rollouts, reported as they come in from the worker threads."""

    def __init__(self, stage: str, total: int, recorder: CallRecorder, sink: ProgressSink | None):
        self.stage, self.total, self.recorder, self.sink = stage, total, recorder, sink
        self.done = 0
        self.lock = threading.Lock()
        self._report()

    def add(self) -> None:
        with self.lock:
            self.done += 1
            self._report()

    def _report(self) -> None:
        if self.sink is not None:
            self.sink(ProgressEvent(self.stage, self.done, self.total, cost_usd=self.recorder.stats.cost_usd))


@dataclass
class SplitScore:
    hard: float
    soft: float
    score: float  # the selection score under the chosen metric
    per_task: dict[str, float] = field(default_factory=dict)
    n_tasks: int = 0
    errors: list[str] = field(default_factory=list)
    per_rollout: dict[str, list[float]] = field(default_factory=dict)  # task id -> score of each sample, in order
    replay_errors: int = 0  # rollouts the backend could not produce (never evidence about the text)

    def to_dict(self) -> dict:
        return {"hard": round(self.hard, 4), "soft": round(self.soft, 4), "score": round(self.score, 4),
                "n_tasks": self.n_tasks, "errors": self.errors[:10], "replay_errors": self.replay_errors}


def selection_value(score: Score, metric: str) -> float:
    if metric == "hard":
        return score.hard
    if metric == "soft":
        return score.soft
    return (score.hard + score.soft) / 2


def summarize(rollouts: list[Rollout], metric: str = "mixed") -> SplitScore:
    by_task: dict[str, list[Rollout]] = {}
    for rollout in rollouts:
        by_task.setdefault(rollout.task_id, []).append(rollout)
    if not by_task:
        return SplitScore(0.0, 0.0, 0.0)
    per_rollout = {tid: [selection_value(r.score, metric) for r in sorted(rs, key=lambda r: r.sample)] for tid, rs in by_task.items()}
    per_task = {tid: sum(values) / len(values) for tid, values in per_rollout.items()}
    hard = sum(sum(r.score.hard for r in rs) / len(rs) for rs in by_task.values()) / len(by_task)
    soft = sum(sum(r.score.soft for r in rs) / len(rs) for rs in by_task.values()) / len(by_task)
    errors = [f"{r.task_id}: {r.score.error}" for r in rollouts if r.score.error]
    return SplitScore(hard, soft, sum(per_task.values()) / len(per_task), per_task, len(by_task), errors,
                      per_rollout, sum(1 for r in rollouts if r.error))

