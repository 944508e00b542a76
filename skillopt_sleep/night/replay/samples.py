"""Replay tasks under the night's texts with its student (students/), each sample with its own
seed, with bounded concurrency, and the score of every sample summarised per task."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Mapping

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.config import default
from skillopt_sleep.errors import FATAL_ERRORS, SkilloptError
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.night.replay.reword import in_other_words
from skillopt_sleep.records import Rollout, Score, Task
from skillopt_sleep.students.base import Student, Texts


def sample_seed(night_seed: int, task_id: str, sample: int) -> int:
    # The same seed for a task under every skill variant of a night: differences between the
    # current and candidate scores then come from the text, not from sampling luck.
    digest = hashlib.sha256(f"{night_seed}:{task_id}:{sample}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (2**31 - 1)


@dataclass(frozen=True)
class ReplayRun:
    """How one replay goes: samples of each task, threads, the night's seed, the stage progress is
    reported under (with the night's cost so far, from `recorder`), and rewordings of requests
    (task id -> rewordings) that samples after the first ask in."""

    recorder: CallRecorder
    rollouts: int = 1
    concurrency: int = default("night.concurrency")
    seed: int = 0
    stage: str = "replay"
    on_progress: ProgressSink | None = None
    wordings: Mapping[str, list[str]] = field(default_factory=dict)


def replay_tasks(tasks: list[Task], texts: Texts, student: Student, run: ReplayRun) -> list[Rollout]:
    """Every (task, sample) pair, in task order. A fatal backend error or a budget cap stops the
    whole replay; any other error marks that rollout failed with the error, and a replay in which
    every rollout failed raises, so a broken backend never looks like a skill scoring zero.
    `run.on_progress` hears the stage start and each finished rollout, with the night's cost so far."""
    jobs = [(task, sample) for task in tasks for sample in range(run.rollouts)]
    finished = _Counter(run.stage, len(jobs), run.recorder, run.on_progress)

    def replay(job: tuple[Task, int]) -> Rollout:
        try:
            return replay_sample(student, in_other_words(job[0], job[1], run.wordings), job[1], texts, run.seed)
        finally:
            finished.add()

    with ThreadPoolExecutor(max_workers=max(1, run.concurrency)) as pool:
        results = list(pool.map(replay, jobs))
    if results and all(r.error for r in results):
        raise SkilloptError(f"every replay failed; first error: {results[0].error}")
    return results


def replay_sample(student: Student, task: Task, sample: int, texts: Texts, night_seed: int) -> Rollout:
    """One sample; an error that is not fatal to the night is a failed rollout carrying it."""
    try:
        return student.replay(task, sample, texts, sample_seed(night_seed, task.task_id, sample))
    except FATAL_ERRORS:
        raise
    except (SkilloptError, OSError, RuntimeError, ValueError) as exc:
        failed = Score(hard=0.0, soft=0.0, error=f"replay failed: {exc}")
        return Rollout(task_id=task.task_id, sample=sample, answer="", score=failed, error=f"{type(exc).__name__}: {exc}")


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

