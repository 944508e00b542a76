"""Progress of a long run as data: the library says how far each stage is, a front end draws it.

A stage (replay, reflection, gate, attribution, ingest, mining, cells) reports `done` of `total`
units when it starts (done 0) and as each unit finishes, with the run's cost so far where it
spends money. Nothing here prints; `skillopt_sleep.cli.progress` renders the events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class ProgressEvent:
    stage: str
    done: int
    total: int
    cost_usd: float | None = None  # what the run has spent so far; None where it spends nothing
    detail: str = ""


ProgressSink = Callable[[ProgressEvent], None]
