"""Train / val / test split: each task is assigned once, and the night stores the assignment.

A task without a split is given the share furthest below its target, taking the new tasks in the
order of a salted hash of their ids. So a dozen tasks at a 0.4 held-out share give about five gate
tasks (a split by hash alone may give one, and the gate then cannot judge), and once the night has
stored a task's split it never changes: a task used to derive edits (train) never becomes a gate
task (val) on another night, and the test share is never seen by any night.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

from skillopt_sleep.records import Task


def unit_hash(task_id: str, salt: str) -> float:
    digest = hashlib.sha256(f"{salt}\x00{task_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


SHARES = ("test", "val", "train")  # the order ties are broken in


@dataclass
class Split:
    train: list[Task] = field(default_factory=list)
    val: list[Task] = field(default_factory=list)
    test: list[Task] = field(default_factory=list)
    assigned: dict[str, str] = field(default_factory=dict)  # task id -> split, for tasks that had none

    def ids(self) -> dict[str, list[str]]:
        return {name: [t.task_id for t in getattr(self, name)] for name in ("train", "val", "test")}


def split_tasks(tasks: list[Task], *, val_fraction: float, test_fraction: float = 0.0, salt: str = "skillopt-sleep",
                min_val: int = 0) -> Split:
    """`min_val`: the fewest gate tasks the gate can judge on. Where the shares leave fewer, new
    train tasks become gate tasks until there are that many, keeping one to train on: a store of
    four tasks at a 0.4 share gives two gate tasks, on which no night could ever be judged."""
    targets = {"test": test_fraction, "val": val_fraction, "train": max(0.0, 1.0 - test_fraction - val_fraction)}
    split = Split()
    counts = Counter(t.split for t in tasks if t.split)
    for task in sorted((t for t in tasks if not t.split), key=lambda t: (unit_hash(t.task_id, salt), t.task_id)):
        total = sum(counts.values()) + 1
        share = max((s for s in SHARES if targets[s] > 0), key=lambda s: targets[s] * total - counts[s], default="train")
        counts[share] += 1
        split.assigned[task.task_id] = share
    for task_id in [t for t, share in split.assigned.items() if share == "train" and val_fraction > 0]:
        if counts["val"] >= min_val or counts["train"] <= 1:
            break
        split.assigned[task_id] = "val"
        counts["val"] += 1
        counts["train"] -= 1
    for task in sorted(tasks, key=lambda t: t.task_id):
        getattr(split, task.split or split.assigned[task.task_id]).append(task)
    return split
