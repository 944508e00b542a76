"""Deterministic train / val / test split by task id.

A task's split depends only on its id and the salt, never on which other tasks exist that night,
so a task used to derive edits (train) never becomes a gate task (val) on another night, and the
test share is never seen by any night.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from skillopt_sleep.records import Task


def unit_hash(task_id: str, salt: str) -> float:
    digest = hashlib.sha256(f"{salt}\x00{task_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


@dataclass
class Split:
    train: list[Task] = field(default_factory=list)
    val: list[Task] = field(default_factory=list)
    test: list[Task] = field(default_factory=list)

    def ids(self) -> dict[str, list[str]]:
        return {name: [t.task_id for t in getattr(self, name)] for name in ("train", "val", "test")}


def assign_split(task: Task, *, val_fraction: float, test_fraction: float, salt: str) -> str:
    if task.split:
        return task.split
    u = unit_hash(task.task_id, salt)
    if u < test_fraction:
        return "test"
    if u < test_fraction + val_fraction:
        return "val"
    return "train"


def split_tasks(tasks: list[Task], *, val_fraction: float, test_fraction: float = 0.0, salt: str = "skillopt-sleep") -> Split:
    split = Split()
    for task in sorted(tasks, key=lambda t: t.task_id):
        getattr(split, assign_split(task, val_fraction=val_fraction, test_fraction=test_fraction, salt=salt)).append(task)
    return split
